"""openapi.yaml and the server's request checks (api/schemas.py, built from it) cannot drift: the
server reads the spec's request schemas as they are, at every boundary the spec states a body is
accepted by the server's schema exactly when the spec allows it, and the parts the engine checks
(game keys, options) say what the spec says."""
import copy

import jsonschema
import pytest
import yaml
from marshmallow import ValidationError

from api import schemas
from api.config import ROOT
from api.errors import Problem
from engine import GAMES
from tools.request_schemas import COMPILED, compiled

SPEC = {"components": {"schemas": schemas.CONTRACT}}
# A body the spec allows, per request schema, to vary one field at a time.
BASES = {
    "CreateGame": (schemas.CreateGame, {"game": "addtoo", "seats": 2, "name": "Ann"}),
    "JoinGame": (schemas.JoinGame, {"invite": "an-invite-code"}),
    "PostMove": (schemas.PostMove, {"version": 0, "move": {"type": "draw"}}),
    "MyGames": (schemas.MyGames, {"tokens": ["a-token"]}),
    "Resign": (schemas.Resign, {"bot": "easy"}),
}
ELSEWHERE = {"game", "options", "move"}  # the engine's to check, with its own codes (tested below)


def resolve(schema: dict) -> dict:
    return schemas.component(schema) if "$ref" in schema else schema


def boundaries(schema: dict) -> list:
    """Values on and just past each limit the JSON schema `schema` states, and of other types."""
    schema = resolve(schema)
    types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
    values = [None, True, "7", 7, 1.5, [], {}]
    if "integer" in types:
        for bound, step in (("minimum", -1), ("maximum", 1)):
            if bound in schema:
                values += [schema[bound], schema[bound] + step]
        values += [-(2**63), 2**63]
    if "string" in types:
        values += ["x" * n for n in (0, 1, schema.get("minLength", 1) - 1, schema.get("maxLength", 40),
                                     schema.get("maxLength", 40) + 1) if n >= 0]
        values += ["Ann"]  # which characters a Name may hold: tests/api/test_abuse.py
    if "array" in types:
        item = next(v for v in (["x"], ["Ann"], ["x" * 9], [{"seat": 1, "level": "easy"}]) if jsonschema.Draft202012Validator(
            {**SPEC, **{"type": "array", "items": schema["items"]}}).is_valid(v))
        for bound, step in (("minItems", -1), ("maxItems", 1)):
            if bound in schema:
                values += [item * schema[bound], item * max(schema[bound] + step, 0)]
        values += [[5], [None]]
    return values


def variants(name: str):
    """(body, what it varies) pairs for the schema `name`: each field at each boundary, one missing
    at a time, and one field too many."""
    _, base = BASES[name]
    spec = resolve(schemas.CONTRACT[name]["oneOf"][0]) if name == "CreateGame" else schemas.CONTRACT[name]
    for field, prop in spec["properties"].items():
        if field in ELSEWHERE:
            continue
        for value in boundaries(prop):
            body = {**copy.deepcopy(base), field: value}
            if field == "players":  # players stand instead of seats and name
                body.pop("seats"), body.pop("name")
            yield body, f"{field}={value!r:.40}"
    for field in base:
        yield {k: v for k, v in base.items() if k != field}, f"without {field}"
    yield {**base, "colour": "red"}, "an unknown field"


def accepted_by_server(name: str, body) -> bool:
    try:
        BASES[name][0]().load(body)
    except (ValidationError, Problem):
        return False
    return True


CASES = [(name, body, label) for name in BASES for body, label in variants(name)] + [
    # What schemathesis once found the server refusing and the spec allowing (issue 15)
    ("JoinGame", {"invite": ""}, "an empty invite"),
    ("JoinGame", {"invite": "x" * 65}, "an invite over 64 characters"),
    ("JoinGame", {"invite": "x", "seat": 8}, "seat 8"),
    ("CreateGame", {"game": "addtoo", "players": ["Ann", "Bob"], "name": "Ann"}, "players and a name"),
    ("CreateGame", {"game": "addtoo", "players": ["Ann", "Bob"], "seats": 2}, "players and seats"),
    ("CreateGame", {"game": "addtoo", "seats": 2}, "seats without a name"),
    ("CreateGame", {"game": "addtoo", "name": "Ann"}, "neither seats nor players"),
    *[("CreateGame", {"game": "addtoo", "seats": 2, "name": "Ann", "bots": [bot]}, f"bot {bot}") for bot in (
        {"seat": 0, "level": "easy"}, {"seat": 1, "level": "easy"}, {"seat": 7, "level": "hard"},
        {"seat": 8, "level": "hard"}, {"seat": 1, "level": "Hard"}, {"seat": 1}, {"level": "easy"},
        {"seat": 1, "level": "easy", "name": "Robot"}, {"seat": True, "level": "easy"}, "easy")],
]


@pytest.mark.parametrize("name, body, label", CASES, ids=[f"{name}: {label}" for name, body, label in CASES])
def test_the_server_accepts_a_body_exactly_when_the_spec_does(name, body, label):
    allowed = jsonschema.Draft202012Validator({**SPEC, "$ref": f"#/components/schemas/{name}"}).is_valid(body)
    assert accepted_by_server(name, body) == allowed, f"{label}: the spec {'allows' if allowed else 'refuses'} it"


def test_the_server_reads_the_request_schemas_of_openapi_yaml_as_they_are():
    assert COMPILED.read_text(encoding="utf-8") == compiled(), "run: python -m tools.request_schemas"


def test_each_game_is_a_member_of_every_union_by_its_key():
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))["components"]["schemas"]
    for union in ("CreateGame", "GameView", "MoveLog", "RulesSummary", "Rules"):
        assert set(spec[union]["discriminator"]["mapping"]) == set(GAMES), union


@pytest.mark.parametrize("key", sorted(GAMES))
def test_each_games_options_in_the_spec_are_the_engines(key):
    """The engine checks options (with reasons a person can read): the spec must state the same."""
    member = schemas.component({"$ref": schemas.CONTRACT["CreateGame"]["discriminator"]["mapping"][key]})
    stated = schemas.component(member["properties"]["options"])
    assert stated["additionalProperties"] is False
    assert set(stated["properties"]) == set(GAMES[key].OPTIONS)
    for name, option in GAMES[key].OPTIONS.items():
        prop = stated["properties"][name]
        assert prop["default"] == option.default, name
        if option.choices is not None:
            assert prop["type"] == {bool: "boolean", int: "integer", str: "string"}[type(option.default)], name
            assert prop.get("enum", [False, True]) == list(option.choices), name  # a boolean needs no enum
        else:
            assert (prop["type"], prop["minimum"], prop["maximum"]) == ("integer", option.minimum, option.maximum)


def test_a_json_schema_keyword_the_server_cannot_check_stops_it_from_starting():
    with pytest.raises(TypeError, match="cannot check"):
        schemas.field_for({"type": "string", "pattern": "^[a-z]+$"})
