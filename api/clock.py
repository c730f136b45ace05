"""The service's one source of time, so tests can move it (never sleep)."""
from datetime import UTC, datetime


def now() -> datetime:
    return datetime.now(UTC)
