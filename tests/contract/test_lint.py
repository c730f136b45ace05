"""openapi.yaml passes the linters an integrator would run: openapi-spec-validator, Redocly's
`recommended` rules and Spectral's `spectral:oas`, with no error and no warning (the rules turned
off are listed, with the reason, in redocly.yaml and .spectral.yaml beside this file)."""
import os
import subprocess

import jsonschema
import yaml
from openapi_spec_validator import validate

from api import limits
from engine import GAMES

from .npm import HERE, ROOT, npm_tool

SPEC = str(ROOT / "openapi.yaml")
QUIET = {**os.environ, "REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true", "NO_COLOR": "1"}


def test_openapi_spec_validator_finds_nothing():
    validate(yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8")))


def test_redocly_recommended_finds_nothing():
    run = subprocess.run([npm_tool("redocly"), "lint", "--config", str(HERE / "redocly.yaml"), "--format", "stylish", SPEC],
                         capture_output=True, text=True, timeout=300, env=QUIET)
    report = run.stdout + run.stderr
    assert run.returncode == 0 and "warning  " not in report and "error  " not in report, report


def test_spectral_oas_finds_nothing():
    run = subprocess.run([npm_tool("spectral"), "lint", "--ruleset", str(HERE / ".spectral.yaml"), "--fail-severity", "hint",
                          SPEC], capture_output=True, text=True, timeout=300, env=QUIET)
    assert run.returncode == 0, run.stdout + run.stderr


def mappings(node, path=""):
    """Every mapping of openapi.yaml (schemas among them), with its path."""
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from mappings(value, f"{path}/{key}")
    elif isinstance(node, list):
        for n, value in enumerate(node):
            yield from mappings(value, f"{path}[{n}]")


def unions(spec):
    """Every oneOf/anyOf of openapi.yaml with more than a null beside one schema, by path."""
    for path, node in mappings(spec):
        for key in ("oneOf", "anyOf"):
            if len([m for m in node.get(key, ()) if m.get("type") != "null"]) > 1:
                yield path, node


def test_every_union_has_named_members_and_a_tag():
    """Generators name inline members themselves (and clash), and try untagged members in order:
    each member is a component, and each union says which property tells them apart. The one
    exception is a move in a request: it does not name its game (the match does)."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    found = dict(unions(spec))
    assert "/components/schemas/GameView" in found
    for path, union in found.items():
        members = union.get("oneOf") or union["anyOf"]
        assert all("$ref" in m or m.get("type") == "null" for m in members), path
        if path != "/components/schemas/Move":
            mapping = union["discriminator"]["mapping"]
            assert {m["$ref"] for m in members} == set(mapping.values()), path


def test_every_const_and_enum_names_its_type():
    """openapi-generator types a `const` without a `type` as Any (Health's `status: {const: ok}` was
    `Optional[Any]` in its Python client): each says it is a string. So does each enum: a view's
    `status`, a log entry's `kind`, ADD UP's `row` and 18 more had none, and came out of
    openapi-typescript marked `@enum {unknown}`."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    assert [path for path, node in mappings(spec) if ("const" in node or isinstance(node.get("enum"), list))
            and "type" not in node] == []


def examples(spec):
    """Every example of openapi.yaml, by path, with the schema it illustrates: a body's or a
    parameter's (`example`, `examples` by name) and a schema's own (`example`, `examples` as a list)."""
    for path, node in mappings(spec):
        schema = node.get("schema")
        if isinstance(schema, dict):
            if "example" in node:
                yield f"{path}/example", schema, node["example"]
            for name, example in (node.get("examples") or {}).items():
                yield f"{path}/examples/{name}", schema, example["value"]
        elif "type" in node or "$ref" in node:
            if "example" in node:
                yield f"{path}/example", node, node["example"]
            for n, example in enumerate(node.get("examples") if isinstance(node.get("examples"), list) else ()):
                yield f"{path}/examples[{n}]", node, example


def test_every_example_holds_to_its_schema():
    """An integrator copies the spec's examples (Swagger UI fills the request bodies with them) and
    schemathesis sends them, where a broken one is only a documented 422: each is checked here."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    found = list(examples(spec))
    assert len(found) >= 12, "the walk found the examples"
    broken = [f"{path}: {error.message}" for path, schema, example in found
              for error in jsonschema.Draft202012Validator({**schema, "components": spec["components"]}).iter_errors(example)]
    assert broken == []


def test_post_move_shows_a_move_of_every_game():
    """Swagger UI's examples for a move were ADD UP's alone: an integrator of another game learnt
    its body from the schema. Each game has one at least, holding to that game's move schema."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    body = spec["paths"]["/api/v1/games/{id}/moves"]["post"]["requestBody"]["content"]["application/json"]
    views = spec["components"]["schemas"]["GameView"]["discriminator"]["mapping"]
    shown = {game for game, view in views.items() for example in body["examples"].values()
             if jsonschema.Draft202012Validator({"$ref": view.replace("View", "Move"), "components": spec["components"]})
             .is_valid(example["value"]["move"])}
    assert shown == set(GAMES)


def test_every_game_key_is_one_of_the_five_games():
    """A client that switches on a match's game types it from the spec: My games' `game` was a plain
    string (a Discord bot listing a player's matches met `string` where every view says one of five
    keys), and so was getRules' `{game}`. Each property or parameter named `game` that holds a game
    key is the games' enum (or one game's const)."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    schemas = spec["components"]["schemas"]
    holders = [(f"{path}/game", node["properties"]["game"]) for path, node in mappings(spec)
               if isinstance(node.get("properties"), dict) and "game" in node["properties"]]
    holders += [(path, node["schema"]) for path, node in mappings(spec) if node.get("in") == "path" and node.get("name") == "game"]
    loose = []
    for path, schema in holders:
        if "$ref" in schema:
            schema = schemas[schema["$ref"].rpartition("/")[2]]
        if schema.get("type") == "integer" or "oneOf" in schema:
            continue  # Plus and Minus's game of a match (1-based), or a whole view: not a game key
        if not (set(schema.get("enum", ())) == set(GAMES) or schema.get("const") in GAMES):
            loose.append(path)
    assert loose == []


def test_a_429_names_its_limit_and_whose_from_enums():
    """A bot branches on a `429`'s `per` (pace one seat, or every seat behind its address) and tells
    its operator which `limit` to raise: both are the server's fixed sets, typed as such (`limit` was
    a string listing the settings in words, `per` an enum without a type, which openapi-typescript
    marks `@enum {unknown}`)."""
    problem = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))["components"]["schemas"]["Problem"]
    settings = {setting for rules in limits.RULES.values() for setting, _ in rules}
    whose = {who for rules in limits.RULES.values() for _, who in rules}
    per, limit = problem["properties"]["per"], problem["properties"]["limit"]
    assert (per.get("type"), set(per.get("enum", ()))) == ("string", whose)
    assert (limit.get("type"), set(limit.get("enum", ()))) == ("string", settings)


# Every field a match with hints off leaves out (engine/unhinted.py), by the schema holding it (and the
# array of entries holding it, after "/").
UNHINTED = {"AddUpRow": ["sum"], "AddUpLegalMoves/play": ["captures"], "AddItLegalMoves/play": ["captures"],
            "AddEmState": ["exposed_total"],
            "AddEmLegalMoves": ["exposed_total", "any_sum", "sums", "any_replace", "replaces"],
            "PlusMinusLegalMoves/play": ["total", "men"], "AddTooLegalMoves/place": ["points", "bonus", "pairs"]}


def test_every_field_hints_off_leaves_out_says_so():
    """A client that reads a card's `captures` to choose its move finds none in a counting test: the
    field's description says it is absent with hints off, or the schema (or list) holding it names it
    so. ADD UP's `captures` said only where a card balances the rows."""
    schemas = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))["components"]["schemas"]
    unsaid = []
    for where, fields in UNHINTED.items():
        name, _, listed = where.partition("/")
        holders = [schemas[name]]
        if listed:
            holders.append(schemas[name]["properties"][listed])
            holders.append(holders[-1]["items"])
        for field in fields:
            own = holders[-1]["properties"][field].get("description", "")
            named = any(f"`{field}`" in holder.get("description", "") and "hints off" in holder.get("description", "")
                        for holder in holders)
            if "hints off" not in own and not named:
                unsaid.append(f"{where}.{field}")
    assert unsaid == []


def test_no_object_is_left_without_its_members():
    """openapi-typescript types an object that names no property and says nothing of others as
    `Record<string, never>`: a hint's `params` came out so, and a TypeScript client reading
    `params.total` or `params.parts` of a hint did not compile without a cast. Each object names
    its properties or says what its other members are (`additionalProperties`)."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    said = ("properties", "additionalProperties", "patternProperties", "allOf", "oneOf", "anyOf", "$ref")
    assert [path for path, node in mappings(spec) if "object" in (node.get("type") if isinstance(node.get("type"), list)
                                                                  else [node.get("type")])
            and not any(key in node for key in said)] == []
