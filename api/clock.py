"""The service's one source of time, so tests can move it (never sleep)."""
from datetime import datetime, timezone


def now() -> datetime:
    return datetime.now(timezone.utc)
