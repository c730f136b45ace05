"""Every screen in every language: nothing is left untranslated (the app records each key a
language lacks), the browser's language is the default (matched on its primary subtag) and the
switcher changes the whole page, keeping the move being built."""
import re

import pytest
from playwright.sync_api import expect

from .drive import choose_language, create_match, settled
from .matches import GAMES, new_match, unshuffled

LANGUAGES = {"en": "en-GB", "fr": "fr-FR", "es": "es-ES", "it": "it-IT", "de": "de-CH", "nl": "nl-NL", "pt": "pt-PT",
             "pt-BR": "pt-BR"}


def missing_keys(page) -> list[str]:
    return page.evaluate("import('/js/i18n.js').then((m) => [...m.missing])")


def open_panels(page, verify=False):
    settled(page)  # the log's button comes with the history, above the replay's: none is left shut, nor missed
    for name in ("log", "replay", "fair"):
        toggle = page.locator(f'[data-panel="{name}"]')
        if toggle.count():
            toggle.click()
    if verify:
        page.locator('[data-action="verify"]').click()
        expect(page.locator(".checks")).to_be_visible()


def navigate(page, path: str):
    """Move within the app, as its links do (no reload: quicker than page.goto), once it has started (a page just
    (re)loaded shows index.html's "Loading…" until its router runs: going before that met no screen to draw into)."""
    expect(page.locator("main h1")).not_to_have_count(0)
    page.evaluate("(path) => import('/js/router.js').then((m) => m.go(path))", path)


def visit_every_screen(page, matches, look=lambda screen: None):
    """Every screen, and the panels, questions and choices on them; `look(screen)` is called on each as it shows."""
    navigate(page, "/")
    expect(page.locator(".games li")).to_have_count(5)
    for game in GAMES:
        navigate(page, f"/new/{game}")
        expect(page.locator('form[data-submit="create"]')).to_be_visible()
        look(f"create {game}")
        navigate(page, f"/rules/{game}")
        expect(page.locator(".interpretations li").first).to_be_visible()
        look(f"rules of {game}")
    navigate(page, matches["waiting"].invite_link())
    expect(page.locator('form[data-submit="join"]')).to_be_visible()
    look("join")
    for game, match in matches["playing"].items():
        navigate(page, match.seat_link(0))
        expect(page.locator("#status")).to_have_class("status your-turn")
        settled(page)
        page.locator(".hand button.card:not([disabled])").first.click()
        look(f"{game} playing, a card chosen")
        open_panels(page)
        look(f"{game} playing, the panels open")
    for game, match in matches["over"].items():
        navigate(page, match.seat_link(0))
        expect(page.locator("#status")).to_have_attribute("data-status", "over")
        open_panels(page, verify=True)
        look(f"{game} over, the panels open")
    navigate(page, matches["timed"].seat_link(0))
    expect(page.locator("#deadline")).to_be_visible()
    open_panels(page)
    page.locator('[data-action="askConfirm"][data-confirm="resign"]').click()
    expect(page.locator(".confirm")).to_be_visible()
    look("a timed match, asking whether to resign")
    page.locator('[data-key="confirm-no"]').click()
    page.locator('[data-action="askConfirm"][data-confirm="toBot"]').click()
    expect(page.locator('[data-key="to-bot-hard"]')).to_be_visible()
    look("a timed match, asking which computer is to play the seat")
    navigate(page, matches["left"].seat_link(2))
    expect(page.locator('[data-panel="log"]')).to_be_visible()  # the autopilot has moved for seat 2
    open_panels(page)
    look("a match the seat left, the panels open")
    navigate(page, "/class/addup")  # a class sheet: the names refused, the preview, the sheet and My games after
    page.locator('textarea[name="pupils"]').fill("Ann\nann")
    expect(page.locator("#class-problem")).to_be_visible()
    look("a class's set-up, a name twice")
    page.locator('textarea[name="pupils"]').fill("Ann\nBob\nCy")
    expect(page.locator(".class-matches li")).to_have_count(2)
    look("a class's set-up, its matches planned")
    page.locator('[data-key="make"]').click()
    expect(page.locator(".pupil-card")).to_have_count(3, timeout=30_000)  # three matches made, on a loaded machine too
    page.locator('[data-key="show-cards"]').click()  # the cards on screen, and the button that hides them again
    expect(page.locator(".pupil-card").first).to_be_visible()
    look("a class sheet, the cards shown")
    page.locator('[data-key="forget-sheet"]').click()
    expect(page.locator("#forget-ask")).to_be_visible()
    look("a class sheet, asking whether to forget it")
    page.locator('[data-key="start-league"]').click()  # a league: its standing, rounds, renames, projector, next round
    page.locator('[data-key="league-link"]').click()
    page.locator("#league-renamed summary").click()
    page.locator('[data-key="to"]').select_option("Bob")
    page.locator('[data-key="same"]').click()
    expect(page.locator("#league-renamed li")).to_be_visible()
    look("a league, a rename")
    page.locator("#league-rounds button").click()
    expect(page.locator("#league-rounds button")).to_have_attribute("data-action", "countRound")
    page.locator('[data-key="board"]').click()
    expect(page.locator("#league-board")).to_be_visible()
    look("a league on the projector")
    page.locator('[data-key="board"]').click()
    page.locator('[data-key="forget-league"]').click()  # its question, cancelled
    expect(page.locator("#forget-ask")).to_be_visible()
    look("a league, asking whether to forget it")
    page.locator('[data-key="forget-no"]').click()
    page.locator('[data-key="league-next"]').click()
    expect(page.locator("#class-league")).to_be_visible()
    look("a league's next round")
    navigate(page, "/")
    expect(page.locator(".class-sheets li").first).to_be_visible()
    look("home, with the class sheets")
    navigate(page, "/no/such/page")
    expect(page.locator("main h1")).to_be_visible()
    look("a page not found")


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_screen_renders_without_untranslated_keys(new_page, matches, language):
    page = new_page(locale=LANGUAGES[language])
    create_match(page, "addup")  # the waiting page, invite and seat link panels
    visit_every_screen(page, matches)
    assert page.evaluate("document.documentElement.lang") == language
    assert missing_keys(page) == []


def test_the_browser_language_is_the_default_and_the_switcher_changes_it(new_page):
    page = new_page(locale="de-CH")
    page.goto("/")
    expect(page.locator("h1")).to_have_text("Rechenspiele für dich und deine Freunde")
    choose_language(page, "it")
    expect(page.locator("h1")).to_have_text("Giochi di somme da fare con gli amici")
    assert page.evaluate("document.activeElement.id") == "language", "the switcher keeps the focus"
    page.reload()
    expect(page.locator("h1")).to_have_text("Giochi di somme da fare con gli amici")
    assert page.evaluate("document.documentElement.lang") == "it"


# Where Brazil and Portugal say it otherwise: the home page's lead (a phone), a seat's turn, hand and deadline, a
# rules page's heading and the language menu's name.
PORTUGUESE = {
    "pt-BR": {"lead": "no seu celular", "turn": "É a sua vez", "hand": "Sua mão", "deadline": "Jogue até",
              "rules": "A sua vez", "menu": "Português (Brasil)"},
    "pt": {"lead": "no seu telemóvel", "turn": "É a tua vez", "hand": "A tua mão", "deadline": "Joga até",
           "rules": "A tua vez", "menu": "Português (Portugal)"},
}


def reads_as(page, language: str, match) -> None:
    """The home page, the seat's match page and a rules page in `language`'s own words."""
    words = PORTUGUESE[language]
    navigate(page, "/")
    expect(page.locator("main")).to_contain_text(words["lead"])
    assert page.evaluate("document.documentElement.lang") == language
    expect(page.locator("#language")).to_contain_text(words["menu"])
    navigate(page, match.seat_link(0))
    expect(page.locator("#status")).to_have_text(re.compile(words["turn"]))
    expect(page.locator("main")).to_contain_text(words["hand"])
    expect(page.locator("#deadline")).to_contain_text(words["deadline"])
    navigate(page, "/rules/addup")
    expect(page.get_by_role("heading", name=words["rules"], exact=True)).to_be_visible()


@pytest.mark.parametrize(("locale", "language"), [("pt-BR", "pt-BR"), ("pt-PT", "pt"), ("pt", "pt")])
def test_a_brazilian_browser_reads_brazilian_portuguese_and_the_others_european(new_page, server, locale, language):
    """A browser set to pt-BR got Portugal's Portuguese ("telemóvel", "é a tua vez"), foreign to a Brazilian child:
    it gets Brazil's now, its dates as Brazil writes them, while pt-PT and a bare pt keep Portugal's; the menu
    switches between the two, and the choice stays after a reload."""
    match = new_match(server, "addup", time_per_move=3600, deck=unshuffled(server, "addup"))
    page = new_page(locale=locale)
    page.goto("/")
    reads_as(page, language, match)
    other = "pt" if language == "pt-BR" else "pt-BR"
    choose_language(page, other)
    expect(page.get_by_role("heading", name=PORTUGUESE[other]["rules"], exact=True)).to_be_visible()  # drawn again
    page.reload()
    reads_as(page, other, match)
    assert missing_keys(page) == []


@pytest.mark.parametrize("locale", ["pt", "pt-BR"])
def test_each_portuguese_counts_and_dates_as_its_country_does(new_page, locale):
    """Intl's bare "pt" is Brazil's, whose plurals take 0 as one: the European page said "0 carta jogada" in a
    browser set to plain pt (or to pt-BR, choosing Portugal in the menu), and the Brazilian page said it too. A
    Brazilian page dates as Brazil does."""
    page = new_page(locale=locale)
    page.goto("/")
    said = page.evaluate("""async () => {
        const i18n = await import('/js/i18n.js'), out = {};
        const date = new Date(Date.UTC(2026, 11, 6, 14, 5)), options = {weekday: "short", day: "numeric",
            month: "short", hour: "numeric", minute: "2-digit", timeZoneName: "short"};
        for (const [language, region] of [['pt', 'pt-PT'], ['pt-BR', 'pt-BR']]) {
            await i18n.setLanguage(language);
            out[language] = {played: [0, 1, 2].map((count) => i18n.t('pm.played', {count})),
                             dated: i18n.dateTime(date) === new Intl.DateTimeFormat(region, options).format(date)};
        }
        return out;
    }""")
    assert said["pt"] == {"played": ["0 cartas jogadas", "1 carta jogada", "2 cartas jogadas"], "dated": True}
    # Brazil counts none in the plural too ("0 cartas jogadas", as a Brazilian app writes "0 itens"): only Intl's
    # fractions below 2 take the singular there ("1,5 milhão"), which no count of cards is
    assert said["pt-BR"] == {"played": ["0 cartas jogadas", "1 carta jogada", "2 cartas jogadas"], "dated": True}


def pick_a_move(page, game: str) -> None:
    """Build a move without making it: a card, and what the game asks for next (a group, a sum, a cell)."""
    if game == "addem" and page.locator('[data-action="hintSum"]').count():
        page.locator('[data-action="hintSum"]').click()  # cards and an Add-Em card's value
    elif game == "addtoo":
        page.locator('.hand button[data-action="tile"]:not([disabled])').first.click()
        if not page.locator('[data-action="place"]').count():
            page.locator("g.target").first.click()
        if page.locator('[data-action="turn"]').count():
            page.locator('[data-action="turn"]').click()
    else:
        cards = page.locator(".hand button.card:not([disabled])")
        cards.first.click()
        if game == "addem" and cards.count() > 1:  # the match may have left seat 0 one card
            cards.nth(1).click()  # a sum under way
    if game == "addit":
        page.locator('[data-action="best"], .board button[data-action="pick"]').first.click()


def move_built(page) -> dict:
    """The move being built as the page shows it, in words of no language: what is pressed, what is typed or
    chosen, where an ADD-TOO diamond would lie; with the status line, which is in words."""
    return page.evaluate("""() => ({
        status: document.getElementById('status')?.textContent.trim() ?? null,
        pressed: [...document.querySelectorAll('main .board [aria-pressed="true"]')].map((e) => e.dataset.key),
        fields: [...document.querySelectorAll('main .board input, main .board select')].map((e) => [e.dataset.key, e.value]),
        preview: document.querySelector('main .board .preview .half-orange')?.getAttribute('points') ?? null,
    })""")


@pytest.mark.parametrize("game", GAMES)
def test_the_switcher_keeps_the_move_being_built(new_page, matches, game):
    """A player who picked a card (and a group, a sum's values, a cell and its turn) and then changed the
    language lost all of it: the page is drawn again with the same move under way."""
    page = new_page()
    page.goto(matches["playing"][game].seat_link(0))
    expect(page.locator("#status")).to_have_class("status your-turn")
    pick_a_move(page, game)
    before = move_built(page)
    assert before["pressed"], "a card is picked"
    choose_language(page, "fr")
    page.wait_for_function("""(english) => { const status = document.getElementById('status');
        return status && status.textContent.trim() !== english && document.querySelector('main .board .hand'); }""",
                           arg=before["status"])  # drawn again in French
    after = move_built(page)
    assert {**after, "status": None} == {**before, "status": None}
    assert page.evaluate("document.activeElement.id") == "language", "the switcher keeps the focus"


def test_an_unknown_language_falls_back_to_english(new_page):
    page = new_page(locale="sv-SE")  # Dutch (nl-NL) was the unknown language once; Swedish is now
    page.goto("/")
    expect(page.locator("h1")).to_have_text("Counting games to play with friends")


def test_every_rules_page_translates_every_interpretation_of_the_catalogue(new_page):
    page = new_page()
    page.goto("/")
    counts = page.evaluate("""async (games) => {
        const out = {};
        for (const lang of ['en', 'fr', 'es', 'it', 'de', 'nl', 'pt', 'pt-BR']) {
            const rules = (await import(`/js/rules/${lang}.js`)).default;
            out[lang] = games.map((g) => [rules[g].sections.length, rules[g].interpretations?.length ?? null]);
            out[`${lang}-paragraphs`] = games.map((g) => rules[g].sections.map(([, paragraphs]) => paragraphs.length));
        }
        out.catalogue = await Promise.all(games.map((g) =>
            fetch(`/api/v1/rules/${g}`).then((r) => r.json()).then((r) => r.interpretations.length)));
        return out;
    }""", GAMES)
    for language in ("fr", "es", "it", "de", "nl", "pt", "pt-BR"):
        assert [n for _, n in counts[language]] == counts["catalogue"], language
        assert [s for s, _ in counts[language]] == [s for s, _ in counts["en"]], language
    assert counts["pt-BR-paragraphs"] == counts["pt-paragraphs"], "Brazil's rules say each of Portugal's paragraphs"
    assert all(n is None for _, n in counts["en"])  # English shows the catalogue's own words


def test_french_never_starts_a_line_with_a_colon_or_a_closing_quote(new_page):
    """French puts a space before : ; ! ? and » and after «: a no-break one, or a narrow screen wrapped there and the
    next line began with ":" alone (QA: teacher)."""
    page = new_page(locale="fr-FR")
    for path in ("/", "/rules/plusminus", "/privacy"):
        page.goto(path)
        expect(page.locator("h1")).to_be_visible()
        expect(page.locator("main p").first).to_be_visible()
        expect(page.locator("main")).not_to_contain_text("Chargement")  # the page's own text came, not its loading line
        text = page.locator("main").inner_text()
        assert "\u00a0:" in text or "\u00a0»" in text, path
        assert not re.findall(r".{0,20} [:;!?»]|« .{0,20}", text), path


@pytest.mark.parametrize(("language", "lines"), [
    ("en", {"plusminus": "Games: 1 game / A rubber of 5 games (usual)",
            "addit": "Length: Short: one deal, most cards wins (usual) / Long: deals until someone has 201 points",
            "addem": "Wrong sums: Refused, with the arithmetic shown (usual) / Cost 5 penalty points, as on the original sheet",
            "addtoo": "Play until a player's total reaches: from 50 to 1000 (usually 200)"}),
    ("fr", {"plusminus": "Manches : 1 manche / Une partie en 5 manches (d'habitude)"}),
])
def test_the_rules_page_marks_the_usual_choice_of_every_option(new_page, language, lines):
    page = new_page(locale=LANGUAGES[language])
    page.goto("/")
    for game, line in lines.items():
        navigate(page, f"/rules/{game}")
        expect(page.locator("main ul:not(.interpretations) li")).to_have_text([line])


SHARED_WIN = {  # winners Ann, Bob and Cy, seen by Ann and by a spectator: no verb to agree with "you"
    "en": ["Match over: you, Bob and Cy share the win.", "Match over: Ann, Bob and Cy share the win."],
    "de": ["Spiel vorbei, geteilter Sieg: du, Bob und Cy.", "Spiel vorbei, geteilter Sieg: Ann, Bob und Cy."],
    "es": ["Partida terminada: victoria compartida entre tú, Bob y Cy.",
           "Partida terminada: victoria compartida entre Ann, Bob y Cy."],
    "fr": ["Partie terminée\u00a0: victoire partagée entre vous, Bob et Cy.",  # no-break: ":" never starts a line
           "Partie terminée\u00a0: victoire partagée entre Ann, Bob et Cy."],
    "nl": ["Potje afgelopen: jij, Bob en Cy winnen samen.", "Potje afgelopen: Ann, Bob en Cy winnen samen."],
    "it": ["Partita finita, vittoria a pari merito: tu, Bob e Cy.", "Partita finita, vittoria a pari merito: Ann, Bob e Cy."],
    "pt": ["Jogo terminado, vitória partilhada: tu, Bob e Cy.", "Jogo terminado, vitória partilhada: Ann, Bob e Cy."],
    "pt-BR": ["Jogo terminado, vitória compartilhada: você, Bob e Cy.",
              "Jogo terminado, vitória compartilhada: Ann, Bob e Cy."],
}


def test_a_shared_win_reads_right_with_you_among_the_winners_and_without(new_page):
    page = new_page()
    page.goto("/")
    said = page.evaluate("""async (languages) => {
        const i18n = await import('/js/i18n.js'), {outcome} = await import('/js/views/words.js');
        const view = {status: 'over', winners: [0, 1, 2], seats: ['Ann', 'Bob', 'Cy', 'Di'].map((name) => ({name}))};
        const out = {};
        for (const language of languages) {
            await i18n.setLanguage(language);
            out[language] = [outcome(view, 0), outcome(view, null)];
        }
        return out;
    }""", sorted(LANGUAGES))
    assert said == SHARED_WIN


# A screen reader's words for a game's facts (its aria-hidden figures left out), as the home page and the rules page
# give them: the dash of a range is said as nothing or as "dash" ("2 6 joueurs"), so a range is said in words.
HEARD = """(element) => {
    const walk = (node) => node.nodeType === Node.TEXT_NODE ? node.textContent
        : node.getAttribute?.('aria-hidden') === 'true' ? '' : [...node.childNodes].map(walk).join('');
    return walk(element).replace(/[\\u2060\\s]+/g, ' ').trim();
}"""
FACTS = {  # language: (ADD UP's facts heard, ADD-IT's age seen and heard)
    "en": ("2 to 6 players · age 8 to 99 · about 20 min", "age 5+"),
    "fr": ("2 à 6 joueurs · 8 à 99 ans · environ 20 min", "dès 5 ans"),
    "de": ("2 bis 6 Spieler · Alter 8 bis 99 · etwa 20 Min.", "ab 5 Jahren"),
    "es": ("de 2 a 6 jugadores · de 8 a 99 años · unos 20 min", "a partir de 5 años"),
    "it": ("da 2 a 6 giocatori · età da 8 a 99 · circa 20 min", "dai 5 anni"),
    "nl": ("2 tot 6 spelers · 8 tot 99 jaar · ongeveer 20 min", "vanaf 5 jaar"),
    "pt": ("2 a 6 jogadores · idade 8 a 99 · cerca de 20 min", "a partir dos 5 anos"),
    "pt-BR": ("2 a 6 jogadores · idade 8 a 99 · cerca de 20 min", "a partir dos 5 anos"),
}


@pytest.mark.parametrize("language", sorted(FACTS))
def test_a_game_s_players_and_age_are_said_in_words_and_a_lower_age_alone_as_its_language_writes_it(new_page, language):
    """A screen reader said ADD UP's "2–6 players · age 8–99" as "2 6 players, age 8 99" (the dash is no word to it),
    and ADD-IT's age showed as "5+ ans", "5+ años", "5+ jaar", which no box of a game says in French, Spanish or
    Dutch. The figures stay for the eye; a range is said in words and a lower age is written as each language does."""
    page = new_page(locale=LANGUAGES[language])
    page.goto("/")
    addup, addit = page.locator(".game-addup .facts"), page.locator(".game-addit .facts")
    expect(addup).to_contain_text("2\u2060–\u20606")  # seen: the figures, kept on one line
    assert addup.evaluate(HEARD) == FACTS[language][0]
    expect(addit).to_contain_text(FACTS[language][1])
    assert FACTS[language][1] in addit.evaluate(HEARD)
    page.goto("/rules/addup")
    assert page.locator(".facts").evaluate(HEARD) == FACTS[language][0]
    assert missing_keys(page) == []
