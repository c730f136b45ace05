"""openapi.yaml passes the linters an integrator would run: openapi-spec-validator, Redocly's
`recommended` rules and Spectral's `spectral:oas`, with no error and no warning (the rules turned
off are listed, with the reason, in redocly.yaml and .spectral.yaml beside this file)."""
import os
import subprocess

import yaml
from openapi_spec_validator import validate

from .tools import HERE, ROOT, npm_tool

SPEC = str(ROOT / "openapi.yaml")
QUIET = {**os.environ, "REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true", "NO_COLOR": "1"}


def test_openapi_spec_validator_finds_nothing():
    validate(yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8")))


def test_redocly_recommended_finds_nothing():
    run = subprocess.run([npm_tool("redocly"), "lint", "--config", str(HERE / "redocly.yaml"), "--format", "stylish", SPEC],
                         capture_output=True, text=True, timeout=300, env=QUIET)
    report = run.stdout + run.stderr
    assert run.returncode == 0 and "warning  " not in report and "error  " not in report, report


def test_spectral_oas_finds_nothing():
    run = subprocess.run([npm_tool("spectral"), "lint", "--ruleset", str(HERE / ".spectral.yaml"), "--fail-severity", "hint",
                          SPEC], capture_output=True, text=True, timeout=300, env=QUIET)
    assert run.returncode == 0, run.stdout + run.stderr
