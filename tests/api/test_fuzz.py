"""Fuzzing against the contract (schemathesis): every operation of openapi.yaml, driven in process,
every check on: no 5xx, statuses, headers and bodies as documented, schema-invalid requests refused.

`make test` runs a bounded, repeatable set of examples; `ADDGAMES_FUZZ_EXAMPLES=300` explores afresh."""
import os

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from api.config import ROOT

EXPLORE = os.environ.get("ADDGAMES_FUZZ_EXAMPLES")
EXAMPLES = int(EXPLORE or 30)  # per operation and database
# Requests the contract allows may still be refused by the rules (a card not in hand, a seat count
# the game does not take, a reused Idempotency-Key): 409 and 422 with the rule's code. What such a
# request must never get is a refusal as malformed: `well_formed_requests_are_not_malformed`.
CONFIG = SchemathesisConfig.from_dict({"checks": {"positive_data_acceptance": {
    "expected-statuses": ["2xx", "3xx", "401", "403", "404", "409", "412", "422", "428", "429"]}}})
schema = schemathesis.openapi.from_path(ROOT / "openapi.yaml", config=CONFIG)


def well_formed_requests_are_not_malformed(ctx, response, case):
    """A request the contract allows is never answered 400, 413, 415 or 422 `invalid_request`."""
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return None
    malformed = response.status_code in (400, 413, 415) or (
        response.status_code == 422 and response.json().get("code") == "invalid_request")
    assert not malformed, f"a request the contract allows was refused as malformed: {response.text}"
    return True


@schema.parametrize()
@settings(max_examples=EXAMPLES, derandomize=not EXPLORE, database=None, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_every_operation_keeps_the_contract(case, app):
    case.call_and_validate(app=app, additional_checks=[well_formed_requests_are_not_malformed])
