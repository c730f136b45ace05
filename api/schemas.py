"""Request bodies, checked at the edge. Legality of moves is the engine's alone."""
from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from .names import clean_name

MAX_SEATS = 8
HOUR, DAY = 3600, 86400
MAX_DECK = 200
MAX_OPTIONS = 16


class Name(fields.String):
    """A player's name, normalized and checked by `names.clean_name` (refusals are 422 `bad_name`)."""

    def _deserialize(self, value, attr, data, **kwargs) -> str:
        return clean_name(super()._deserialize(value, attr, data, **kwargs))


class Body(Schema):
    """A request body: a JSON object with no fields beyond the documented ones."""

    error_messages = {"type": "The body must be a JSON object.", "unknown": "This field is not part of the request."}

    class Meta:
        unknown = RAISE


class CreateGame(Body):
    game = fields.String(required=True)
    seats = fields.Integer(strict=True, validate=validate.Range(1, MAX_SEATS))
    name = Name()
    players = fields.List(Name(), validate=validate.Length(1, MAX_SEATS))
    options = fields.Dict(keys=fields.String(validate=validate.Length(1, 32)), load_default=dict,
                          validate=validate.Length(max=MAX_OPTIONS))
    deck = fields.List(fields.String(validate=validate.Length(1, 16)), validate=validate.Length(1, MAX_DECK))
    time_per_move = fields.Integer(strict=True, allow_none=True, validate=validate.Range(
        HOUR, 14 * DAY, error="time_per_move must be from 3600 seconds (1 hour) to 1209600 (14 days), or null."))
    timeouts_to_leave = fields.Integer(strict=True, load_default=3, validate=validate.Range(1, 10))

    @validates_schema
    def seats_or_players(self, data, **kwargs):
        if ("seats" in data) == ("players" in data):
            raise ValidationError("Give either 'seats' (a number, with your 'name') or 'players' (a list of names).")
        if "seats" in data and "name" not in data:
            raise ValidationError("Give your 'name' to take the first seat.", "name")


class JoinGame(Body):
    invite = fields.String(required=True, validate=validate.Length(1, 64))
    name = Name()
    seat = fields.Integer(strict=True, validate=validate.Range(0, MAX_SEATS - 1))


class PostMove(Body):
    version = fields.Integer(strict=True, validate=validate.Range(0, 10**9))  # or If-Match
    move = fields.Raw(required=True)
