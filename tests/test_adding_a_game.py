"""README's *Adding a game* checklist, checked: every game key of the engine is in each place a new
game must appear, so a key added to `engine.GAMES` and missing from one of them fails here."""
import json
import re
from pathlib import Path

import pytest
import yaml

from api.push import texts
from engine import GAMES
from engine.bots import TACTICS

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "fr", "es", "it", "de", "nl", "pt")


def read(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


def mappings_over_games(node) -> list[dict]:
    """Every discriminator mapping of openapi.yaml whose keys are game keys."""
    found = []
    if isinstance(node, dict):
        mapping = node.get("discriminator", {}).get("mapping")
        if mapping and set(mapping) & set(GAMES):
            found.append(mapping)
        for value in node.values():
            found += mappings_over_games(value)
    elif isinstance(node, list):
        for value in node:
            found += mappings_over_games(value)
    return found


def in_spec(key: str) -> bool:
    spec = yaml.safe_load(read("openapi.yaml"))
    schemas = spec["components"]["schemas"]
    mappings = mappings_over_games(spec)
    creates = [member["$ref"].rsplit("/", 1)[1] for member in schemas["CreateGame"]["oneOf"]]
    create_keys = {schemas[name]["properties"]["game"]["const"] for name in creates}
    unions = [name for name, schema in schemas.items() if set(schema.get("discriminator", {}).get("mapping", ())) & set(GAMES)]
    in_unions = all(schemas[union]["discriminator"]["mapping"][key] in {member["$ref"] for member in schemas[union]["oneOf"]}
                    for union in unions if key in schemas[union]["discriminator"]["mapping"])
    move = schemas["GameView"]["discriminator"]["mapping"].get(key, "").replace("View", "Move")
    return (len(mappings) >= 4 and all(key in mapping for mapping in mappings) and key in create_keys and in_unions
            and key in schemas["GameKey"]["enum"] and move in {member["$ref"] for member in schemas["Move"]["anyOf"]})


def golden(key: str, events: bool) -> bool:
    recorded = [json.loads(p.read_text()) for p in (ROOT / "tests" / "golden").glob(f"{key}-*.json")]
    return any(r["game"] == key and ("events" in r) == events for r in recorded)


def i18n(key: str) -> bool:
    wanted = (f'"game.{key}.name"', f'"game.{key}.summary"', f'"score.{key}', f'"score.seat.{key}')  # score.addit.short too
    return all(all(w in read(f"frontend/js/i18n/{lang}.js") for w in wanted) for lang in LANGUAGES)


# What README's checklist names, each with the check that the key is there.
PLACES = {
    "engine/<key>.py, engine/__init__.py's GAMES": lambda key: GAMES[key].__name__ == f"engine.{key}",
    "engine/bots/<key>.py, engine/bots/__init__.py's TACTICS":
        lambda key: TACTICS[key].__name__ == f"engine.bots.{key}" if key in TACTICS else False,
    "docs/RULES.md": lambda key: re.search(rf"^## .+ \(`{key}`\)$", read("docs/RULES.md"), re.M) is not None,
    "openapi.yaml": in_spec,
    "api/request_schemas.json": lambda key: f'"{key}"' in read("api/request_schemas.json"),
    "api/push/texts.py": lambda key: all(texts.game_name(key, lang) != key for lang in LANGUAGES),
    "frontend/js/games/<key>.js, frontend/sw.js's SHELL, frontend/js/loader.js's IMPORTS":
        lambda key: (ROOT / f"frontend/js/games/{key}.js").is_file() and f'"/js/games/{key}.js"' in read("frontend/sw.js")
        and f'"games/{key}.js": [' in read("frontend/js/loader.js"),
    "frontend/js/i18n/": i18n,
    "frontend/js/rules/": lambda key: all(re.search(rf"^  {key}: \{{sections", read(f"frontend/js/rules/{lang}.js"), re.M)
                                          for lang in LANGUAGES),
    "tests/golden/ (moves only)": lambda key: golden(key, events=False),
    "tests/golden/ (with events)": lambda key: golden(key, events=True),
    "tests/engine/test_<key>.py": lambda key: (ROOT / f"tests/engine/test_{key}.py").is_file(),
    "tests/api/test_hints_off.py": lambda key: f'"{key}": {{' in read("tests/api/test_hints_off.py"),
    "tests/api/test_every_game.py": lambda key: re.search(rf'"{key}": \w+_move', read("tests/api/test_every_game.py")),
    "tests/browser/matches.py": lambda key: re.search(rf'GAMES = \[[^]]*"{key}"', read("tests/browser/matches.py"))
                                            and f'"{key}": ' in read("tests/browser/matches.py"),
    "tests/contract/test_python_client.py": lambda key: read("tests/contract/test_python_client.py").count(f'"{key}": ') == 2,
    "tests/browser/test_games.py (or test_<key>.py, and tests/browser/test_computer.py)":
        lambda key: (f'"{key}": (' in read("tests/browser/test_games.py")
                     or (ROOT / f"tests/browser/test_{key}.py").is_file() and f'"{key}": (' in read("tests/browser/test_computer.py")),
    "bench/bench.py": lambda key: f'"{key}": (' in read("bench/bench.py"),
    "README.md": lambda key: f"| `{key}` |" in read("README.md") and (ROOT / f"docs/screenshots/{key}.png").is_file(),
}


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("place", PLACES)
def test_every_game_key_is_in_every_place_a_game_needs(place, key):
    assert PLACES[place](key), f"{key} is missing from {place} (README: Adding a game)"


def test_the_readme_checklist_names_every_place_checked_here():
    checklist = read("README.md").split("### Adding a game", 1)[1].split("\n## ", 1)[0]
    for place in PLACES:
        for path in re.findall(r"[\w./<>-]+\.(?:py|md|yaml|json|js)|[\w/]+/", place):
            assert path.replace("<key>", "newgame") in checklist, f"README's checklist does not name {path}"
