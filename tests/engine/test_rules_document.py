"""docs/RULES.md, the rules as this project plays them, agrees with the engines (names, players,
options and every interpretation, word for word), with the English rules pages (every number they
state), and the repository stands on its own: no file points outside it."""
import re
import subprocess

import pytest

from api.config import ROOT
from engine import GAMES

DOCUMENT = (ROOT / "docs" / "RULES.md").read_text()
OUTSIDE = ("../" + "shared", "/work" + "/")  # where the project's notes live, beside the repository
HEADING = re.compile(r"^## (.+) \(`(\w+)`\)$", re.M)


def sections() -> dict[str, tuple[str, str]]:
    """Each game's section of the document: its heading's name and its text."""
    found = list(HEADING.finditer(DOCUMENT))
    ends = [match.start() for match in found[1:]] + [len(DOCUMENT)]
    return {match[2]: (match[1], DOCUMENT[match.end():end]) for match, end in zip(found, ends)}


def rules_page(language: str) -> dict[str, str]:
    """Each game's part of a rules page (frontend/js/rules/<language>.js)."""
    text = (ROOT / "frontend" / "js" / "rules" / f"{language}.js").read_text()
    parts = re.split(r"^  (\w+): \{sections:", text, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", text)}


def test_the_document_has_one_section_per_game_named_as_the_catalogue_names_it():
    assert {key: name for key, (name, _) in sections().items()} == {key: game.NAME for key, game in GAMES.items()}


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_section_lists_the_engines_interpretations_word_for_word(key):
    _, text = sections()[key]
    listed = text.split("### Interpretations\n", 1)[1].strip().splitlines()
    assert [line.removeprefix("- ") for line in listed] == list(GAMES[key].INTERPRETATIONS)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_section_states_the_players_and_every_option_with_its_default(key):
    game, (_, text) = GAMES[key], sections()[key]
    assert f"**Players:** {game.MIN_SEATS} to {game.MAX_SEATS}." in text
    options = text.split("**Options:**", 1)[1].split("\n- ", 1)[0]
    if not game.OPTIONS:
        assert options.strip().startswith("none")
    for name, option in game.OPTIONS.items():
        default = str(option.default).lower()
        assert f"`{name}`" in options and re.search(rf"\b{default}\b", options), (name, default)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_number_the_english_rules_page_states_is_in_the_document(key):
    assert numbers(rules_page("en")[key]) <= numbers(sections()[key][1])


# Rules the English rules page once left out or stated wrongly: each phrase stands, in these words (any case,
# any line breaks), both in the game's section of the document and on the page.
STATED = [
    ("addtoo", "not next to the last-played diamond"),
    ("addtoo", "A play next to the last-played diamond is never a bonus play."),
    ("plusminus", "men on the stars never move back"),
    ("plusminus", "no man on 1 to 24"),
    ("plusminus", "A player who can move a man must"),
    ("plusminus", "Men on 25, 25, 17 and the stars, top Plus 15,"),
    ("plusminus", "(26): the man on 17 must bust."),
    ("plusminus", "Minus 3: forward 2."),
    ("addup", "opening cards that happen to be equal capture nothing."),
    ("addem", "just taken"),
    ("addem", "A single Figure or Minus card left"),
    ("addit", "(if nobody"),
    ("addtoo", "A tie goes to the next-lowest diamond"),
]


def flat(text: str) -> str:
    return " ".join(text.split()).lower()


@pytest.mark.parametrize(("key", "phrase"), STATED, ids=lambda v: v[:40])
def test_the_english_rules_page_states_these_rules_as_the_document_does(key, phrase):
    assert flat(phrase) in flat(sections()[key][1])
    assert flat(phrase) in flat(rules_page("en")[key])


def test_in_add_up_the_player_draws_before_new_opening_cards_are_turned():
    for text in (flat(sections()["addup"][1]), flat(rules_page("en")["addup"])):
        assert text.index("draw") < text.index("new opening cards")


def test_no_file_points_outside_the_repository():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    pointing = []
    for name in tracked.splitlines():
        path = ROOT / name
        if path.suffix in {".png", ".ico", ".woff2"} or not path.is_file():
            continue
        text = path.read_text(errors="ignore")
        if any(outside in text for outside in OUTSIDE):
            pointing.append(name)
    assert pointing == []
