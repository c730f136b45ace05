"""The web app's files, read as text: the rules of the house that no browser is needed to check."""
import re
from pathlib import Path

import pytest
import yaml

from api.push import texts
from engine import GAMES

ROOT = Path(__file__).resolve().parents[2]
FRONTEND = ROOT / "frontend"
SCRIPTS = sorted((FRONTEND / "js").rglob("*.js"))


def source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def shell_list() -> list[str]:
    text = source(FRONTEND / "sw.js")
    block = re.search(r"const SHELL = \[(.*?)\];", text, re.S).group(1)
    return re.findall(r'"([^"]+)"', block)


def test_the_service_worker_caches_every_file_of_the_app_shell():
    """A file left out would come from the network, of whatever version the server runs then."""
    on_disk = {"/" + str(p.relative_to(FRONTEND)) for p in FRONTEND.rglob("*") if p.is_file()} - {"/sw.js"}
    listed = shell_list()
    assert len(listed) == len(set(listed))
    assert set(listed) == on_disk


def test_the_shell_names_its_version_where_the_server_writes_it():
    for name in ("sw.js", "index.html"):
        assert "__SHELL_VERSION__" in source(FRONTEND / name), name


def static_imports(path: Path) -> set[Path]:
    """The modules `path` imports when it loads (not those it imports later, with import())."""
    text = source(path)
    found = re.findall(r'^\s*(?:import|export)\b[^;()]*?\bfrom\s+"(\.[^"]+)"|^\s*import\s+"(\.[^"]+)"', text, re.M)
    return {(path.parent / name).resolve() for pair in found for name in pair if name}


def all_imports(path: Path) -> set[Path]:
    """Every module `path` imports when it loads, at any depth."""
    needed, todo = set(), [path]
    while todo:
        for module in static_imports(todo.pop()) - needed:
            needed.add(module)
            todo.append(module)
    return needed


def test_index_html_preloads_every_module_the_start_needs_and_no_other():
    needed = all_imports(FRONTEND / "js" / "app.js")
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', source(FRONTEND / "index.html"))
    assert len(preloaded) == len(set(preloaded))
    assert set(preloaded) == {"/" + str(p.relative_to(FRONTEND.resolve())) for p in needed}
    assert "/js/ui.js" in preloaded and "/js/views/home.js" not in preloaded  # a screen loads when shown


def test_each_screen_and_game_module_is_loaded_with_all_it_imports_at_once():
    """js/loader.js asks for a screen's (or a game's) module and every module it imports, at any depth, side by
    side: its lists are the imports, less what the start already has; a screen, game or part loaded when asked
    (`loadPart("...")`: the home page's moving panel) left out would load one level of imports after another again."""
    js = (FRONTEND / "js").resolve()
    start = all_imports(js / "app.js") | {js / "app.js"}
    loader = source(js / "loader.js")
    listed = {key: re.findall(r'"([\w/.-]+\.js)"', names)
              for key, names in re.findall(r'^  "([\w/.-]+\.js)": \[(.*?)\],$', loader, re.M | re.S)}
    screens = set(re.findall(r'"(views/[\w-]+\.js)"', source(js / "router.js")))
    games = {f"games/{key}.js" for key in GAMES}
    parts = {name for path in SCRIPTS for name in re.findall(r'\bloadPart\("([\w/.-]+\.js)"\)', source(path))}
    assert set(listed) == screens | games | parts, "every screen, game's module and part loaded when asked has its list"
    for key, names in listed.items():
        assert names == sorted(set(names)), key
        assert set(names) == {str(p.relative_to(js)) for p in all_imports(js / key) - start}, key
    assert "views/play.js" in listed["views/match.js"] and "games/cards.js" in listed["games/addup.js"]


def switcher_languages() -> dict[str, str]:
    """i18n.js's LANGUAGES: code -> the name the language switcher shows."""
    block = re.search(r"LANGUAGES = \{(.*?)\};", source(FRONTEND / "js" / "i18n.js"), re.S).group(1)
    return dict(re.findall(r'"?([\w-]+)"?: "([^"]+)"', block))


def test_every_language_of_the_switcher_is_in_every_list_of_languages():
    """The lists docs/ARCHITECTURE.md's *A new language* names: one left behind is a page, a rules page or a
    notification that falls back to another language."""
    languages = set(switcher_languages())
    assert {p.stem for p in (FRONTEND / "js" / "i18n").glob("*.js")} == languages
    assert {p.stem for p in (FRONTEND / "js" / "rules").glob("*.js")} == languages
    assert set(texts.LANGUAGES) == languages
    spec = yaml.safe_load(source(ROOT / "openapi.yaml"))
    assert set(spec["components"]["schemas"]["PushSubscription"]["properties"]["lang"]["enum"]) == languages


@pytest.mark.parametrize(("name", "indent", "keys"), [("load-failed.js", 2, {"title", "text", "retry"}),
                                                     ("too-old.js", 4, {"title", "text"})])
def test_the_load_failure_and_too_old_screens_speak_every_language_of_the_switcher(name, indent, keys):
    """Their words cannot come from i18n/: the language's own file may be what failed to load, or what this browser
    cannot read."""
    languages = set(switcher_languages())
    table = source(FRONTEND / "js" / name)
    words = {code: set(re.findall(r"(\w+): \"", block))
             for code, block in re.findall(rf'^ {{{indent}}}"?([\w-]+)"?: \{{(.*?)\}},$', table, re.M | re.S)}
    assert set(words) == languages == {"en", "fr", "es", "it", "de", "nl", "pt", "pt-BR"}
    assert all(found == keys for found in words.values()), words


def test_api_js_is_the_only_module_that_fetches():
    fetching = [p.name for p in SCRIPTS if re.search(r"\bfetch\(", source(p))]
    assert fetching == ["api.js"]


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: str(p.relative_to(FRONTEND)))
def test_markup_is_built_with_the_escaping_tag_only(path):
    text = source(path)
    assert not re.search(r"\b(innerHTML|outerHTML|insertAdjacentHTML)\b", text) or path.name == "html.js"
    assert not re.search(r"\bdocument\.write\b|\beval\(|new Function\(", text)
    assert not re.search(r"<[a-z][^>]*\son[a-z]+=", text), "inline event handlers break the Content-Security-Policy"


def test_index_html_has_no_inline_script_or_style():
    text = source(FRONTEND / "index.html")
    assert all("src=" in tag for tag in re.findall(r"<script[^>]*>", text))
    assert "<style" not in text and " style=" not in text


def english_keys() -> set[str]:
    return set(re.findall(r'^\s*"([\w.$-]+)":', source(FRONTEND / "js" / "i18n" / "en.js"), re.M))


def test_every_literal_translation_key_exists_in_english():
    used = {key for p in SCRIPTS for key in re.findall(r'\bt\(\s*"([\w.]+)"', source(p))}
    assert used - english_keys() == set()


def js_string(value) -> str:
    """`${value}` in JavaScript, for an option's value as the rules catalogue sends it."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def test_every_option_of_every_game_and_each_of_its_choices_has_an_english_label():
    """views/options.js and views/rules.js build these keys from the rules catalogue, so the literal-key check above
    never sees them; without one the create form shows the engine's English description in every language."""
    wanted = {f"option.{key}.{name}" for key, game in GAMES.items() for name in game.OPTIONS}
    wanted |= {f"option.{key}.{name}.{js_string(choice)}" for key, game in GAMES.items()
               for name, option in game.OPTIONS.items() for choice in option.choices or ()}
    assert wanted - english_keys() == set()


# the languages whose files hold every key (a regional variant, "pt-BR", holds only what it says otherwise)
LANGUAGES = [code for code in switcher_languages() if code != "en" and "-" not in code]


def entries(language: str) -> dict[str, str]:
    """Each key of a language file with the text of its value (one line per key in these files)."""
    text = source(FRONTEND / "js" / "i18n" / f"{language}.js")
    return dict(re.findall(r'^\s*"([\w.$-]+)": (.*)$', text, re.M))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_has_exactly_the_english_keys(language):
    assert set(entries(language)) == set(entries("en"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_use_only_the_placeholders_english_fills_in(language):
    english = entries("en")
    for key, value in entries(language).items():
        assert set(re.findall(r"\{(\w+)\}", value)) <= set(re.findall(r"\{(\w+)\}", english[key])), key


def forms(value: str) -> dict[str, set[str]]:
    """The placeholders of a text, per plural form ("one", "other") or of its one form ("")."""
    found = re.findall(r'(\w+): "(.*?)"', value) if value.startswith("{") else [("", value)]
    return {form: set(re.findall(r"\{(\w+)\}", text)) for form, text in found}


@pytest.mark.parametrize("language", [*LANGUAGES, "pt-BR"])
def test_every_hint_names_in_each_language_all_that_english_names(language):
    """A hint is a move to make: a card, a row, a square or a number left out in one language leaves its player
    without the move (the check above lets a translation drop a placeholder)."""
    english = entries("en")
    hints = {key: value for key, value in entries(language).items() if key.startswith("hint.")}
    assert hints
    for key, value in hints.items():
        assert forms(value) == forms(english[key]), key


# Codes only a malformed or made-up request meets (the web app builds its moves from the legal ones):
# they show the server's English reason.
MALFORMED = {"bad_move", "unknown_move", "bad_row", "not_in_hand", "duplicate_card", "value_not_joker",
             "value_not_in_sum", "value_not_addem", "not_a_bot", "already_left", "unknown_level"}


def test_every_rule_refusal_the_engines_give_has_a_translated_text():
    engine = "\n".join(source(p) for p in (FRONTEND.parent / "engine").rglob("*.py"))
    codes = set(re.findall(r'(?:IllegalMove|Refusal)\(\s*"(\w+)"', engine))
    words = source(FRONTEND / "js" / "views" / "words.js")
    table = words[words.index("const ERROR_KEYS"):]
    known = set(re.findall(r'"(\w+)"', table)) | set(re.findall(r"^\s*(\w+):", table, re.M))
    assert {"sum_mismatch", "must_draw", "occupied", "stars_bust", "colour_mismatch"} <= codes
    assert codes - MALFORMED - known == set()


@pytest.mark.parametrize("language", LANGUAGES)
def test_plus_and_minus_texts_for_any_move_use_no_verb_of_moving_forward(language):
    """The hint and the summary cover a man moved back, busted or sent home too: "move", never "advance"."""
    texts = entries(language)
    for key in ("hint.plusminus.move", "game.plusminus.summary"):
        assert not re.search(r"avan[cçz]|vorwärts|rück", texts[key], re.I), key


# Words a language file once slipped into, where the rest of it says otherwise: (pattern, its own word).
SLIPS = {
    "pt": [(r"ganha o mais alto\b", "ganha o total mais alto: \"o mais alto\" alone is the tallest player"),
           (r"\bvocê\b|\bcompr[ae]r?\b|\bjogue\b|\bponha\b|\bdesista\b", "tu: tira, joga, põe, desiste"),
           (r"\b(?:abra|guarde|copie|dê|ative)(?:-[ao]s?)?\b|\bpara si\b", "tu: abre, guarda, copia, dá, ativa, para ti"),
           (r"\bjoga(?:r)? (?:agora )?este lugar\b|\bjoga-o\b", "jogar neste lugar: a seat is played in, not played")],
    "es": [(r"\bficha", "peón"),
           (r"al pie de la partida", "al pie de la página de la partida: the bottom of the match page, not of the match"),
           (r"gana el más alto\b", "gana el total más alto: \"el más alto\" alone is the tallest player"),
           (r"dale su enlace", "el enlace de la partida: \"su\" after \"dale\" reads as the operator's own link"),
           (r"\bpuestos\b|el puesto de|\bsu sitio\b", "plaza: a seat; a puesto is only a place in the ranking"),
           (r"partidas? seguidas?", "partidas que miras: \"partidas seguidas\" reads as matches in a row"),
           (r"\bjueg\w* (?:ya )?esta plaza|\bla juega el", "usar u ocupar una plaza: a seat is used or taken, not played")],
    "fr": [(r"cartes? Figure", "carte Chiffre"),
           (r"en bas de la partie", "en bas de la page de la partie: the bottom of the match page, not of the match"), (r"partie\(s\)", "manche(s): a game of the match"),
           (r"donnez-lui son lien", "le lien de la partie: \"son\" after \"lui\" reads as the operator's own link")],
    "de": [(r"Spiel\(en\)", "Partie(n): a game of Plus and Minus"),
           (r"nicht mehr melden", "nicht mehr anzeigen: \"melden\" is to report, the button stops a warning"),
           (r"spielt (?:ihn|jetzt diesen Platz|den Platz|deine Plätze)\b|diesen Platz zu spielen|Diesen Platz spielt",
            "einen Platz nutzen, nehmen, auf ihm spielen: a seat is used or taken, not played"),
           (r"seinem Spieler gegeben", "dem Spieler: \"seinem Spieler\" reads as a player of the link's own"),
           (r"tausche sie aus|\bein(?:en)? Tausch\b", "ersetzen: ADD'EM's replace, as its button and refusals say"),
           (r"unten im Spiel\b", "unten auf der Seite des Spiels: the bottom of the match page, not of the match"),
           (r"\(zusammen \{total\}\):|^\s*\"log\.pm\.still\": \"(?-i:k)", "Plus and Minus log: the card played is its own "
            "sentence, then \"Keine Figur zog.\" with its capital (as the other languages write it)"),
           (r"die meisten Karten gewinnen", "wer die meisten Karten hat, gewinnt: one player wins, not the cards"),
           (r"Entscheidungen dieses Projekts", "dieser App: the rules pages speak of the app's choices"),
           (r"bitte (?:\{actor\} )?noch einmal um die Einladung", "frag noch einmal nach der Einladung: \"bitte\" "
            "first reads as please (\"bitte Anna noch einmal...\": please, Anna)"),
           (r"\blege\b[^.:]*\boffen aus\b", "offen hinlegen: ADD'EM's expose; auslegen is laying a sum")],
    "nl": [(r"(?-i:\bu\b|\b[uU]w\b)", "je, jij, jouw: the game screens speak to a child as je, never as u "
                                       "(a capital U alone is a letter a join code leaves out)"),
           (r"speelt (?:ermee|deze plek|de plek van)\b", "een plek gebruiken of nemen: a seat is used or taken, not played"),
           (r"\bje lag eruit\b", "je ligt eruit: the player is out now (English: you are out), not was"),
           (r"onderaan het potje", "onderaan de pagina van het potje: the bottom of the match page, not of the match"),
           (r"de meeste kaarten wint", "wie de meeste kaarten heeft, wint: \"de meeste kaarten\" is a plural"),
           (r"gaan de sommen sneller", "word je sneller in sommen: the child gets quicker, the sums do not"),
           (r"keuzes van dit project", "keuzes die deze app maakt: the rules pages speak of the app's choices"),
           (r"\bvraag de uitnodiging", "vraag nog een keer om de uitnodiging: \"de uitnodiging vragen\" asks it a question"),
           (r"^\s*\"[\w.]*addit[\w.]*\": .*\bpak(?:ken)?\b", "verzamelen: ADD-IT's collect; pakken is ADD UP's capture"),
           (r"^\s*\"[\w.]*addit[\w.]*\": .*\b(?:keer delen|delen tot|gedeeld tot)\b", "ronde: ADD-IT's deal, as its play "
            "screen ('ronde 2', 'Einde van ronde 1') and rules page say; delen is only the dealing of the cards")],
    "it": [(r"in fondo alla partita", "in fondo alla pagina della partita: \"in fondo alla partita\" is at the match's end"),
           (r"vince il più alto\b", "vince il totale più alto: \"il più alto\" alone is the tallest player"),
           (r"\bsu \{row\}", "sulla fila: ADD UP's row comes with its own articulated preposition, never \"su la fila\""),
           (r"dagli il suo link", "il link della partita: \"suo\" after \"gli\" reads as the operator's own link")],
}


# ADD'EM's counting (RULES.md): a round that ends blocked has everyone count their hand, not only "the others".
COUNTING_OTHERS = {"en": "the others count", "de": "zählen die anderen", "es": "los demás cuentan",
                   "fr": "les autres comptent", "it": "gli altri contano", "nl": "de anderen tellen",
                   "pt": "os outros contam"}


@pytest.mark.parametrize("language", sorted(COUNTING_OTHERS))
def test_add_em_scoring_counts_every_hand_left_at_a_round_end(language):
    assert COUNTING_OTHERS[language] not in entries(language)["score.addem"]


# The watching note: "to play your seat here", on "a device that plays your seat", is no French, Spanish, Italian
# or Portuguese ("jouer votre place") and heavy going for a child in English and German: "to play here", "the
# device you already play on".
PLAYING_A_SEAT = {"en": r"play your seat|plays your seat", "de": r"deinen Platz (hier )?(zu )?spiel",
                  "es": r"jugar tu plaza|juega tu plaza", "fr": r"jouer votre place|joue votre place",
                  "it": r"giocare qui il tuo posto|gioca il tuo posto", "nl": r"je plek (hier )?(te )?spel|speelt je plek",
                  "pt": r"jogar aqui o teu lugar|joga o teu lugar"}


@pytest.mark.parametrize("language", sorted(PLAYING_A_SEAT))
def test_the_watching_note_says_to_play_here_not_to_play_a_seat(language):
    assert not re.search(PLAYING_A_SEAT[language], entries(language)["play.spectator"], re.I)


# A new seat link's warning: whoever opens it "plays this seat" ("joue cette place", "juega esta plaza") is no
# French, Spanish, Italian or Portuguese either: they take the seat.
PLAYS_THIS_SEAT = {"en": "plays this seat", "de": "spielt diesen Platz", "es": "juega esta plaza",
                   "fr": "joue cette place", "it": "gioca questo posto", "nl": "speelt deze plek", "pt": "joga este lugar"}


@pytest.mark.parametrize("language", sorted(PLAYS_THIS_SEAT))
def test_a_new_seat_link_says_whoever_opens_it_takes_the_seat(language):
    assert PLAYS_THIS_SEAT[language] not in entries(language)["relink.send"]


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_plus_and_minus_scores_of_earlier_games_read_as_no_range_of_two(language):
    """A rubber has 5 games: in the third, "games 1 to 2" ("Partien 1 bis 2") read as a range of two; "the first
    2 games" reads right for any number."""
    earlier = re.search(r'other: "(.*?)"', entries(language)["score.seat.plusminusLater"]).group(1)
    assert not re.search(r"\b1 \w{1,3} \{count\}", earlier), earlier


# The computer's levels are chosen for every game: ADD-TOO places diamonds, ADD'EM draws and exposes. "Easy: any card
# it may play" (English before its review, and French, Spanish, Italian and Portuguese after it) said a card.
CARD = {"en": r"\bcards?\b", "de": r"Karte", "es": r"\bcartas?\b", "fr": r"\bcartes?\b", "it": r"\bcart[ae]\b",
        "nl": r"\bkaart", "pt": r"\bcartas?\b"}


@pytest.mark.parametrize("language", sorted(CARD))
def test_the_computer_s_levels_say_a_move_not_a_card(language):
    about = {key: text for key, text in entries(language).items() if key.startswith("bot.about.")}
    assert len(about) == 3 and {key: text for key, text in about.items() if re.search(CARD[language], text, re.I)} == {}


# The push notifications' words are held to the same slips as the app's, in these languages.
PUSH_SLIPS = {"de", "nl"}


@pytest.mark.parametrize("language", sorted(SLIPS))
def test_each_language_keeps_its_own_words_and_register(language):
    text = source(FRONTEND / "js" / "i18n" / f"{language}.js")
    if language in PUSH_SLIPS:  # the push notifications say it in the app's words
        text += "\n".join(bodies[language] for bodies in [*texts.BODIES.values(), *texts.UNNAMED.values()])
    for pattern, own in SLIPS[language]:
        assert not re.search(pattern, text, re.I | re.M), (pattern, own,
                                                           re.findall(rf".{{0,30}}(?:{pattern}).{{0,30}}", text, re.I | re.M))


def test_french_push_notifications_keep_their_space_before_a_colon_or_a_question_mark_on_the_line():
    """French writes a space before : ; ! ? and the web app makes it a no-break one (i18n.js's typography), so none
    of them starts a line alone; a notification shows the server's text as it is, and a phone's narrow banner
    wrapped "{game} :" or "on rejoue à ADD UP ?" before its colon or question mark."""
    french = [bodies["fr"] for bodies in [*texts.BODIES.values(), *texts.UNNAMED.values()]]
    assert [body for body in french if re.search(r" [:;!?»]|« ", body)] == []
    assert [body for body in french if "\u00a0:" in body], "the texts have colons, each with its no-break space"


# A rules page's words, where its game's screens and the English page say otherwise: (pattern, its own word).
RULES_SLIPS = {
    "de": [(r"eine 8 eine 8 nehmen", "sammeln: ADD-IT's collect, as the English page and the play screen say"),
           (r"mit der Rechnung abgelehnt", "abgelehnt und die Rechnung gezeigt: \"mit der Rechnung\" reads as with the bill"),
           (r"\bein Tausch\b", "ersetzen: ADD'EM's replace, as its button says"),
           (r"die meisten Karten gewinnen", "wer die meisten Karten hat, gewinnt: one player wins, not the cards")],
    "nl": [(r"een 8 één 8 pakken", "verzamelen: ADD-IT's collect, as the English page and the play screen say"),
           (r"het Verloop", "het verloop: a common noun in a sentence (the log), no capital"),
           (r"de meeste kaarten wint", "wie de meeste kaarten heeft, wint: \"de meeste kaarten\" is a plural")],
}


@pytest.mark.parametrize("language", sorted(RULES_SLIPS))
def test_each_rules_page_keeps_the_words_of_its_game_screens(language):
    text = source(FRONTEND / "js" / "rules" / f"{language}.js")
    for pattern, own in RULES_SLIPS[language]:
        assert not re.search(pattern, text), (pattern, own, re.findall(rf".{{0,30}}(?:{pattern}).{{0,30}}", text))


# French elides "de", "que", "le"... before a vowel ("d'Ann", "l'arrivée"): a name, a game or a square
# filled in after one of them reads wrong whenever it begins with a vowel. Numbers, phrases with their
# own article ({what}: "votre coup") and the "ligne du haut" a "la" is written for are safe there.
SAFE_AFTER_ELIDING = {"min", "max", "minimum", "maximum", "count", "square", "what", "row", "other_row", "capture_row"}


def test_french_never_puts_a_name_after_a_word_that_elides():
    text = source(FRONTEND / "js" / "i18n" / "fr.js")
    filled = re.findall(r"\b(?:de|que|le|la|je|ne|se|si) \{(\w+)\}", text, re.I)
    assert set(filled) <= SAFE_AFTER_ELIDING, set(filled) - SAFE_AFTER_ELIDING


# Brazilian Portuguese is a regional variant of "pt" (European Portuguese): i18n/pt-BR.js holds only the texts where
# Brazil says it otherwise, and i18n.js lays them over pt.js, which gives it all the others.
VARIANTS = {"pt-BR": "pt"}


def plural_forms(value: str) -> set[str]:
    return set(re.findall(r"(\w+): \"", value)) if value.startswith("{") else set()


@pytest.mark.parametrize(("variant", "base"), sorted(VARIANTS.items()))
def test_a_regional_variant_overrides_only_its_languages_texts_each_with_other_words(variant, base):
    """Every key of pt-BR is one of pt's, with the same placeholders and plural forms (a placeholder pt fills in
    and pt-BR left out would drop a name from the sentence), and says something else: a text the same as pt's is
    an override that does nothing but go stale when pt's changes."""
    own, inherited = entries(variant), entries(base)
    assert own, "the variant has texts of its own"
    assert set(own) - set(inherited) == set(), "keys the variant's language does not have"
    for key, value in own.items():
        assert value != inherited[key], (key, "the same as the language's own: drop it")
        assert set(re.findall(r"\{(\w+)\}", value)) == set(re.findall(r"\{(\w+)\}", inherited[key])), key
        assert plural_forms(value) == plural_forms(inherited[key]), key


def test_the_switcher_offers_both_portuguese_by_their_country_and_each_variant_has_its_files():
    languages = switcher_languages()
    assert languages["pt"] == "Português (Portugal)" and languages["pt-BR"] == "Português (Brasil)"
    assert list(languages).index("pt-BR") == list(languages).index("pt") + 1, "side by side in the menu"
    for variant in VARIANTS:
        assert variant in languages
        for folder in ("i18n", "rules"):
            assert (FRONTEND / "js" / folder / f"{variant}.js").is_file()


# Words and forms of Portugal that read foreign in Brazil (and more so to a child): none may be left in what a pt-BR
# page shows, its own texts and the European ones it inherits alike. Brazil says você (not tu, teu, podes,
# ganhaste), the gerund (carregando, not a carregar), tela, celular, link and conexão (ligação is a phone call),
# compartilhar, aba, configurações, revanche, rodada, embaralhar, curinga, bônus, tênis, apelido, baixar, pular,
# estourar, and writes quotes “ ” rather than « ».
EUROPEAN = (r"\b(tu|teu|tua|teus|tuas|ti|contigo|tens|podes|estás|és|queres|vês|ecrã|telemóve\w*|registo|equipa|"
            r"partilh\w*|utilizador\w*|ligaç\w+|desforra|ronda|jóquer\w*|bónus|ténis|basquetebol|basebol|separador|"
            r"definições|alcunhas?|descarregar|saltar|rebent\w*|esbatid\w*|baralh(?:ar|amento|ad\w*|am|a)|"
            r"carrega (?:em|no|na))\b|-t[eao]s?\b|\ba (?:jogar|carregar|pensar|enviar|tentar|procurar|criar|ver|"
            r"começar|decorrer|acabar)\b|[«»]|\b\w+aste\b")


def test_brazilian_portuguese_shows_no_word_of_portugal():
    shown = {**entries("pt"), **entries("pt-BR")}
    found = {key: re.findall(rf".{{0,20}}(?:{EUROPEAN}).{{0,20}}", value, re.I) for key, value in shown.items()}
    assert {key: said for key, said in found.items() if said} == {}
    assert re.search(EUROPEAN, " ".join(entries("pt").values()), re.I), "the pattern finds Portugal's words in pt.js"


def test_european_portuguese_keeps_tu_and_the_brazilian_variant_says_voce():
    assert not re.search(r"\bvocê\b", source(FRONTEND / "js" / "i18n" / "pt.js"))
    assert entries("pt")["seat.you"] == '"tu",' and entries("pt-BR")["seat.you"] == '"você",'
    rules = "\n".join(re.findall(r'"([^"]*)"', source(FRONTEND / "js" / "rules" / "pt-BR.js")))  # its texts, not comments
    assert not re.search(EUROPEAN, rules, re.I), re.findall(rf".{{0,20}}(?:{EUROPEAN}).{{0,20}}", rules, re.I)


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_add_it_s_capture_line_counts_the_card_played_as_going_to_the_stack_not_as_collected_from_the_table(language):
    """ADD-IT (RULES.md): the captured cards and the card played go to the player's stack. "played 2 and collected 2
    (2 cards)" counted the 2 played among the cards collected from the table: a child reads two 2s taken from it."""
    line = entries(language)["log.addit.capture"]
    assert not re.search(r"\{parts\} \(\{count\}", line), line
    assert re.search(r"\{parts\}.*\{count\}", line), line


# ADD UP counts captured cards (RULES.md: most captured cards wins): its score cards say "cards captured", so its
# scoring line must not switch to "points" for the same thing.
POINTS = {"en": r"\bpoints?\b", "de": r"Punkt", "es": r"\bpunto", "fr": r"\bpoints?\b", "it": r"\bpunt[oi]\b",
          "nl": r"\bpunt(en)?\b", "pt": r"\bpontos?\b"}


@pytest.mark.parametrize("language", sorted(POINTS))
def test_add_up_s_scoring_line_counts_cards_captured_as_its_score_cards_do(language):
    assert not re.search(POINTS[language], entries(language)["score.addup"], re.I), entries(language)["score.addup"]


def test_add_up_s_rules_page_ends_the_match_as_the_status_line_says():
    """The project's words: a match is the whole thing; the status line says "Match over", the rules page did say
    "End of the game"."""
    rules = source(FRONTEND / "js" / "rules" / "en.js")
    addup = rules[rules.index("addup:"):rules.index("addit:")]
    assert "End of the match" in addup and "End of the game" not in addup


# A finger's verbs, where the app tells a player what to do: a pupil on the keyboard (or a switch, or a screen
# reader) read "Tap a lit cell" and had nothing to tap. Not the words of the rules ("touches no diamond", "te toca",
# "tocca a te": whose turn it is) nor a hint ("Tipp").
TOUCH_VERBS = {"en": r"\btap", "de": r"\btipp(e|en|st)\b", "fr": r"\btouchez\b", "nl": r"\btik\b",
               "es": r"(?<!te )(?<!le )(?<!me )(?<!no )(?<!que )\btoca\b(?! (un|a|en)\b)|\btóca|(?<!te )(?<!me )\btoque\b",
               "it": r"(?<!non )(?<!che )\btocca\b(?! (a|un|nessun)\b)|\btoccal[ae]\b",
               "pt": r"(?<!que )(?<!o )(?<!não )\btoca\b(?! (um|a)\b)|\btoque\b"}


@pytest.mark.parametrize("language", ["en", *LANGUAGES, "pt-BR"])
def test_instructions_say_to_choose_not_to_tap_whatever_the_input(language):
    verbs = TOUCH_VERBS[language.split("-")[0]]
    assert {key: text for key, text in entries(language).items() if re.search(verbs, text, re.I)} == {}
