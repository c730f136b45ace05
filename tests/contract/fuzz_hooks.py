"""Loaded by the schemathesis CLI (SCHEMATHESIS_HOOKS) in tests/contract/test_stateful.py."""
import schemathesis

from tests.api.fuzzing import well_formed_requests_are_not_malformed

schemathesis.check(well_formed_requests_are_not_malformed)


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
    (tests/api/test_bots.py and tests/contract/test_requests.py check what the others get.)"""
    if not isinstance(body, dict) or not isinstance(body.get("bots"), list):
        return body
    seats = body.get("seats") if isinstance(body.get("seats"), int) else len(body.get("players") or ())
    kept = {}
    for bot in body["bots"]:
        if isinstance(bot, dict) and type(bot.get("seat")) is int and 0 < bot["seat"] < seats - 1:
            kept.setdefault(bot["seat"], bot)
    return {**body, "bots": list(kept.values())}
