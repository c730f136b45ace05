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
