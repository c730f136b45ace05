"""Fuzzing against the contract (schemathesis): every operation of openapi.yaml, driven in process,
every check on: no 5xx, statuses, headers and bodies as documented, schema-invalid requests refused.

`make test` runs a bounded, repeatable set of examples; `ADDGAMES_FUZZ_EXAMPLES=300` explores afresh."""
import os

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from api.config import ROOT

from .fuzzing import EXPECTED_STATUSES, well_formed_requests_are_not_malformed

EXPLORE = os.environ.get("ADDGAMES_FUZZ_EXAMPLES")
EXAMPLES = int(EXPLORE or 30)  # per operation and database
CONFIG = SchemathesisConfig.from_dict({"checks": {"positive_data_acceptance": {"expected-statuses": EXPECTED_STATUSES}}})
schema = schemathesis.openapi.from_path(ROOT / "openapi.yaml", config=CONFIG)


@schema.parametrize()
@settings(max_examples=EXAMPLES, derandomize=not EXPLORE, database=None, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_every_operation_keeps_the_contract(case, app):
    case.call_and_validate(app=app, additional_checks=[well_formed_requests_are_not_malformed])
