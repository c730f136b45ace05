"""What fuzzing against openapi.yaml checks beyond schemathesis' own checks, for the in-process
fuzz (tests/api/test_fuzz.py) and the one against gunicorn (tests/contract/test_stateful.py)."""

# Requests the contract allows may still be refused by the rules (a card not in hand, a seat count
# the game does not take, a reused Idempotency-Key): 409 and 422 with the rule's code. What such a
# request must never get is a refusal as malformed: `well_formed_requests_are_not_malformed`.
EXPECTED_STATUSES = ["2xx", "3xx", "401", "403", "404", "409", "412", "422", "428", "429"]


def well_formed_requests_are_not_malformed(ctx, response, case):
    """A request the contract allows is never answered 400, 413, 415 or 422 `invalid_request`."""
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return None
    malformed = response.status_code in (400, 413, 415) or (
        response.status_code == 422 and response.json().get("code") == "invalid_request")
    assert not malformed, f"a request the contract allows was refused as malformed: {response.text}"
    return True
