"""What fuzzing against openapi.yaml checks beyond schemathesis' own checks, for the in-process
fuzz (tests/api/test_fuzz.py) and the one against gunicorn (tests/contract/test_stateful.py)."""

# Requests the contract allows may still be refused by the rules (a card not in hand, a seat count
# the game does not take, a reused Idempotency-Key, a name that shows nothing): 409 and 422 with the
# rule's code, and 400 `weak_idempotency_key` for a key of the right form that is visibly not random
# (a pattern cannot say "random"). What such a request must never get is a refusal as malformed:
# `well_formed_requests_are_not_malformed`.
# 400 is listed for `weak_idempotency_key` alone: the check below refuses every other 400.
EXPECTED_STATUSES = ["2xx", "3xx", "400", "401", "403", "404", "409", "412", "422", "428", "429"]


def well_formed_requests_are_not_malformed(ctx, response, case):
    """A request the contract allows is never answered 400, 413, 415 or 422 `invalid_request`."""
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return None
    code = response.json().get("code") if response.status_code in (400, 422) else None
    malformed = (response.status_code in (400, 413, 415) and code != "weak_idempotency_key") or code == "invalid_request"
    assert not malformed, f"a request the contract allows was refused as malformed: {response.text}"
    return True
