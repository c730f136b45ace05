"""Opting in: the VAPID public key a browser subscribes with, and a seat's registering (or
removing) its device's push subscription. A subscription belongs to the seat's token (its hash),
never to a person; it is named by the SHA-256 of its endpoint."""
import base64
import binascii

from cryptography.hazmat.primitives.asymmetric import ec
from flask import Blueprint, current_app, jsonify, request
from marshmallow import ValidationError, fields, validate
from sqlalchemy import bindparam, delete, insert, select, update

from .. import clock, connection, idempotency, matches, seat_tokens, transaction
from ..errors import Problem
from ..jsonio import no_body, no_content
from ..opening import opened_by_its_seat
from ..schemas import Body
from . import endpoints, texts, vapid
from .outbox import subscriptions

bp = Blueprint("push", __name__, url_prefix="/api/v1")
MAX_PER_SEAT = 10  # devices; each move fans out to them


def _b64url(value: str, size: int, what: str) -> bytes:
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise ValidationError(f"{what} is not base64url.") from None
    if len(raw) != size:
        raise ValidationError(f"{what} is {size} bytes.")
    return raw


def _check_p256dh(value: str) -> None:
    point = _b64url(value, 65, "p256dh")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise ValidationError("p256dh is not a P-256 public key.") from None


class Keys(Body):
    p256dh = fields.String(required=True, validate=_check_p256dh)
    auth = fields.String(required=True, validate=lambda value: _b64url(value, 16, "auth"))


class Subscribe(Body):
    endpoint = fields.String(required=True, validate=validate.Length(1, endpoints.MAX_LENGTH))
    keys = fields.Nested(Keys, required=True)
    expirationTime = fields.Float(allow_none=True)  # sent by PushSubscription.toJSON(); not used
    lang = fields.String(load_default="en", validate=validate.OneOf(texts.LANGUAGES))


def _private_key() -> str:
    key = current_app.config["VAPID_PRIVATE_KEY"]
    if not key:
        raise Problem(404, "push_off", "Push notifications are not set up on this server.")
    return key


@bp.get("/push/key")
def public_key():
    """The VAPID public key to subscribe with (PushManager.subscribe's applicationServerKey)."""
    return jsonify(public_key=vapid.public_key(_private_key()))


_OF_TOKEN = select(subscriptions.c.id, subscriptions.c.endpoint).where(
    subscriptions.c.token_hash == bindparam("token_hash"))
_INSERT, _UPDATE = insert(subscriptions), update(subscriptions).where(subscriptions.c.id == bindparam("sid"))


@bp.post("/games/<match_id>/seats/<int:seat>/push")
def subscribe(match_id: str, seat: int):
    """Register this device's push subscription for the seat (again: its keys and language are updated)."""
    _private_key()
    match, token_hash = _own_seat(match_id, seat)
    body = Subscribe().load(request.get_json())
    try:
        endpoints.check(body["endpoint"], current_app.config["PUSH_HOSTS"])
    except endpoints.Refused as refused:
        raise Problem(422, "bad_endpoint", str(refused)) from None
    held = connection.get().execute(_OF_TOKEN, {"token_hash": token_hash}).all()
    known = next((row.id for row in held if row.endpoint == body["endpoint"]), None)
    fields_ = {"p256dh": body["keys"]["p256dh"], "auth": body["keys"]["auth"], "lang": body["lang"]}
    if known is not None:
        transaction.stage(_UPDATE.values(**fields_), {"sid": known})
    elif len(held) >= MAX_PER_SEAT:
        raise Problem(409, "too_many_subscriptions", f"A seat can notify at most {MAX_PER_SEAT} devices; "
                      "remove one first.")
    else:
        transaction.stage(_INSERT, {"game_id": match.id, "seat": seat, "token_hash": token_hash,
                                    "endpoint": body["endpoint"], "created_at": clock.now(), **fields_})
    response = jsonify(id=seat_tokens.digest(body["endpoint"]))
    response.status_code = 200 if known is not None else 201
    return idempotency.commit(response, lambda: Problem(409, "subscription_changed", "This device was registered "
                                                        "a moment ago by another request; try again."))


@bp.delete("/games/<match_id>/seats/<int:seat>/push/<subscription>")
def unsubscribe(match_id: str, seat: int, subscription: str):
    """Stop notifying a device of this seat (the id answered when it registered)."""
    no_body()
    _, token_hash = _own_seat(match_id, seat)
    held = connection.get().execute(_OF_TOKEN, {"token_hash": token_hash}).all()
    gone = [row.id for row in held if seat_tokens.digest(row.endpoint) == subscription]
    if not gone:
        raise Problem(404, "unknown_subscription", "This seat has no such push subscription.")
    transaction.stage(delete(subscriptions).where(subscriptions.c.id == gone[0]))
    return idempotency.commit(no_content(), lambda: Problem(409, "subscription_changed", "Try again."))


def _own_seat(match_id: str, seat: int) -> tuple[matches.MatchRow, str]:
    match = opened_by_its_seat(match_id, seat, to="manage its notifications").match
    token_hash = next(taken.token_hash for taken in match.seats if taken.seat == seat)
    assert token_hash is not None, "the request's token matched it: a seat with a token, no bot's"
    return match, token_hash

