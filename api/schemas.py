"""Request bodies, checked at the edge. Legality of moves, the seat counts and options of each game
are the engine's alone.

openapi.yaml is the one statement of what a body may hold: the marshmallow schemas below are built
from its component schemas once, at import (no cost per request), and a JSON Schema keyword this
module does not know stops the import rather than being silently left unchecked. The server has no
YAML parser: it reads them from request_schemas.json, which `python -m tools.request_schemas`
compiles from openapi.yaml (a test fails while the two differ)."""
import json
from collections.abc import Callable
from pathlib import Path
from typing import cast

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from .names import clean_name

CONTRACT = json.loads((Path(__file__).parent / "request_schemas.json").read_text(encoding="utf-8"))

# Keywords that only document, or that a field states itself (`type`, `default`).
NOTES = {"description", "examples", "type", "default"}


class Name(fields.String):
    """A player's name, normalized and checked by `names.clean_name` (refusals are 422 `bad_name`)."""

    def _deserialize(self, value, attr, data, **kwargs) -> str:
        return clean_name(super()._deserialize(value, attr, data, **kwargs))


class Boolean(fields.Boolean):
    """JSON's `true` or `false`, nothing else: marshmallow's Boolean looks values up in sets, where
    Python's 1 is True and 0 is False."""

    def _deserialize(self, value, attr, data, **kwargs) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


def field_for(schema: dict, **kw) -> fields.Field:
    """The marshmallow field that checks what the JSON Schema `schema` (from openapi.yaml) states."""
    if "$ref" in schema:
        # A Name's pattern states only what no name may hold; names.clean_name decides the rest.
        return Name(**kw) if schema["$ref"].endswith("/Name") else field_for(component(schema), **kw)
    types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
    kind, = (t for t in types if t != "null")
    if "default" in schema:
        kw["load_default"] = schema["default"]
    if "null" in types:
        kw["allow_none"] = True
    make, keywords = FIELDS[kind]
    unknown = set(schema) - keywords - NOTES
    if unknown:
        raise TypeError(f"api/schemas.py cannot check {sorted(unknown)} of {schema}: teach field_for")
    return make(schema, **kw)


def _range(schema: dict):
    return validate.Range(schema.get("minimum"), schema.get("maximum"))


def _length(schema: dict, least: str, most: str):
    return validate.Length(schema.get(least), schema.get(most))


def _choices(schema: dict) -> list:
    return [validate.OneOf(schema["enum"])] if "enum" in schema else []


FIELDS: dict[str, tuple[Callable[..., fields.Field], set[str]]] = {
    "integer": (lambda s, **kw: fields.Integer(strict=True, validate=_range(s), **kw), {"minimum", "maximum"}),
    "string": (lambda s, **kw: fields.String(validate=[_length(s, "minLength", "maxLength"), *_choices(s)], **kw),
               {"minLength", "maxLength", "enum"}),
    "boolean": (lambda s, **kw: Boolean(**kw), set()),
    "array": (lambda s, **kw: fields.List(field_for(s["items"]), validate=_length(s, "minItems", "maxItems"), **kw),
              {"items", "minItems", "maxItems"}),
    "object": (lambda s, **kw: fields.Nested(_object(s, Part), **kw), {"properties", "required", "additionalProperties"}),
}


class Body(Schema):
    """A request body: a JSON object with no fields beyond the documented ones."""

    error_messages = {"type": "The body must be a JSON object.", "unknown": "This field is not part of the request."}

    class Meta:
        unknown = RAISE


class Part(Body):
    """An object inside a request body, with no fields beyond the documented ones."""

    error_messages = {"type": "Must be a JSON object.", "unknown": "This field is not part of the request."}


def _object(schema: dict, kind: type[Body], name: str = "Part", **checked_elsewhere: fields.Field) -> type[Body]:
    """The `kind` schema of an object: one field per property, `required` as listed there, except
    the properties given here, whose checks are the engine's (a game key, a move, options)."""
    assert schema["additionalProperties"] is False, f"{name} must list every field"
    required = set(schema.get("required", ()))
    made = {key: checked_elsewhere.get(key) or field_for(prop, required=key in required)
            for key, prop in schema["properties"].items()}
    return cast(type[Body], kind.from_dict(made, name=name))


def body(component: str, **checked_elsewhere: fields.Field) -> type[Body]:
    """The Body schema of an object component (see `_object`)."""
    return _object(CONTRACT[component], Body, component, **checked_elsewhere)


def component(ref: dict) -> dict:
    return CONTRACT[ref["$ref"].rsplit("/", 1)[1]]


# Every game's create body has the same fields but `game` (its key) and `options` (its own, which
# the engine checks with a reason per option): the first game's stands for all of them, and options
# are only kept to the size of the largest game's (a few short names), before the engine sees them.
CREATES = [component(member) for member in CONTRACT["CreateGame"]["oneOf"]]
OPTION_NAMES = {name for create in CREATES for name in component(create["properties"]["options"])["properties"]}
_create = body(CONTRACT["CreateGame"]["oneOf"][0]["$ref"].rsplit("/", 1)[1], game=fields.String(required=True),
               options=fields.Dict(keys=fields.String(validate=validate.Length(1, max(map(len, OPTION_NAMES)))),
                                   validate=validate.Length(max=len(OPTION_NAMES)), load_default=dict))


class CreateGame(_create):  # type: ignore[valid-type, misc]  # a class built at import from openapi.yaml
    @validates_schema
    def seats_or_players(self, data, **kwargs):
        """openapi.yaml's `if players then no seats else seats and name`, with reasons."""
        if ("seats" in data) == ("players" in data):
            raise ValidationError("Give either 'seats' (a number, with your 'name') or 'players' (a list of names).")
        if "seats" in data and "name" not in data:
            raise ValidationError("Give your 'name' to take the first seat.", "name")
        if "players" in data and "name" in data:
            raise ValidationError("With 'players' your name is the first of them: leave 'name' out.", "name")


class JoinGame(body("JoinGame")):  # type: ignore[misc]  # a class built at import from openapi.yaml
    @validates_schema
    def invite_or_code(self, data, **kwargs):
        """openapi.yaml's `if join_code then no invite else invite`, with a reason."""
        if ("invite" in data) == ("join_code" in data):
            raise ValidationError("Give either the 'invite' of the match's link or its 'join_code'.")


FindMatch = body("FindMatch")
PacePerMove = body("PacePerMove")
PostMove = body("PostMove", move=fields.Raw(required=True))
MyGames = body("MyGames")
Resign = body("Resign")
SeatDevice = body("SeatDevice")
SeatName = body("SeatName")
