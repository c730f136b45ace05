"""The npm tools of the contract tests, installed by `make test` (npm ci in tests/contract/)."""
import os
from pathlib import Path

import pytest

from api.config import ROOT

HERE = Path(__file__).parent
__all__ = ["HERE", "ROOT", "npm_tool"]


def npm_tool(name: str) -> str:
    """The path of an installed npm tool; without one the test is skipped, except in CI, where it fails."""
    tool = HERE / "node_modules" / ".bin" / name
    if tool.exists():
        return str(tool)
    if os.environ.get("CI") == "true":
        pytest.fail(f"{name} is not installed: run `make test` (npm ci in tests/contract/)")
    pytest.skip(f"{name} is not installed: run `make test` (npm ci in tests/contract/)")
