"""Loaded by the schemathesis CLI (SCHEMATHESIS_HOOKS) in tests/contract/test_stateful.py."""
import itertools
import re

import jsonschema
import schemathesis
import yaml

from api.config import ROOT

from tests.api.fuzzing import well_formed_requests_are_not_malformed

schemathesis.check(well_formed_requests_are_not_malformed)

COMPONENTS = yaml.safe_load((ROOT / "openapi.yaml").read_text())["components"]


def body_of(schema: str) -> jsonschema.Draft202012Validator:
    """The contract's body `schema`, its references resolved in the whole spec."""
    return jsonschema.Draft202012Validator({"$ref": f"#/components/schemas/{schema}", "components": COMPONENTS})


CREATE_GAME, JOIN_GAME = body_of("CreateGame"), body_of("JoinGame")


@schemathesis.auth(refresh_interval=None)  # read every case: each carries its own seat
class SeatTokenFromLinks:
    """The seat token a link carried over from createGame or joinGame (`Authorization` set by the
    link) is a real credential: tell schemathesis so, and its `ignored_auth` check then proves the
    operation refuses the same request without it and with a wrong one, instead of taking a
    success with a real token for an ignored generated one."""

    def get(self, case, context):
        return (case.headers or {}).get("Authorization")

    def set(self, case, data, context):
        case.headers = {**(case.headers or {}), "Authorization": data}


@schemathesis.hook("map_body").apply_to(method="POST", path="/api/v1/games")
def bots_inside_the_match(context, body):
    """Bot seats drawn at random mostly lie outside the match (422) or fill it, leaving nothing to
    join or free through the links: keep the ones inside it, each seat once, and the last seat free.
    (tests/api/test_bots.py and tests/contract/test_requests.py check what the others get.) A body
    the contract refuses is left as it is: schemathesis sent it to be refused, and dropping some of
    its bots could make it valid."""
    if not isinstance(body, dict) or "bots" not in body or not CREATE_GAME.is_valid(body):
        return body
    seats = body.get("seats") if isinstance(body.get("seats"), int) else len(body.get("players") or ())
    kept = {}
    for bot in body["bots"]:
        if 0 < bot["seat"] < seats - 1:
            kept.setdefault(bot["seat"], bot)
    return {**body, "bots": list(kept.values())}


_JOINERS = itertools.count(1)
# What a link carries over from createGame (its `invite`, its `join_code`); schemathesis draws other strings
_FROM_A_LINK = re.compile(r"[A-Za-z0-9_-]{22}|[0-9A-Z]{3}-[0-9A-Z]{3}")


@schemathesis.hook("before_call").apply_to(method="POST", path="/api/v1/games/{id}/seats")
def links_joiners_take_a_seat(context, case, kwargs):
    """A join sent with the invite or join code a link carried over (merged into the drawn body) takes the seat,
    so that the links go on from it to the seat's token (test_stateful.py needs a few within its time, on a CI
    machine running the other tests beside): named each its own way (a drawn name is mostly refused, 422
    bad_name, and none is refused too, 422 name_required, unless the creator reserved one), with no drawn seat
    (mostly not in the match, 422 no_such_seat) and no drawn code beside the link's (both: 422).
    tests/api/test_games.py checks those refusals; the joins drawn with other codes are sent as drawn."""
    body = case.body
    if not isinstance(body, dict):
        return
    linked = {key for key in ("invite", "join_code") if isinstance(body.get(key), str) and _FROM_A_LINK.fullmatch(body[key])}
    if linked:  # the code the link merged in, without a code drawn beside it (a body with both is refused)
        kept = {key: value for key, value in body.items() if key not in {"invite", "join_code", "seat"} - linked}
        case.body = {**kept, "name": f"Joiner {next(_JOINERS)}"}

