"""Polling hints: the view and the log tell a client, on every 200 and 304, when to ask again."""
import pytest

from api import replays

from .play import Table, bearer


def poll(client, table: Table, path: str, tag: str | None = None):
    headers = {**table.auth(0), **({"If-None-Match": tag} if tag else {})}
    return client.get(f"/api/v1/games/{table.id}{path}", headers=headers)


def assert_wait(client, table: Table, path: str, seconds: int) -> str:
    """Both the full answer and the 304 that follows say: come back in `seconds`, revalidating."""
    full = poll(client, table, path)
    again = poll(client, table, path, full.headers["ETag"])
    assert (full.status_code, again.status_code) == (200, 304)
    for answer in (full, again):
        assert answer.headers["Retry-After"] == str(seconds)
        assert answer.headers["Cache-Control"] == "private, no-cache"
    return full.headers["ETag"]


@pytest.mark.parametrize("path", ["", "/moves", "/moves?after=0"])
def test_the_wait_before_the_next_poll_follows_the_status(client, path):
    table = Table.create(client, join=False)
    assert_wait(client, table, path, 2)
    table.join("Bob")
    assert_wait(client, table, path, 3)
    client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[1]))
    assert_wait(client, table, path, 5)
    client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[1]))
    tag = assert_wait(client, table, path, 5)
    replays.forget_all()  # a fresh instance answers the same
    assert poll(client, table, path, tag).headers["Retry-After"] == "5"


def test_a_304_tells_the_wait_of_the_status_now(client):
    """The log does not change when the last seat is taken, but the wait does."""
    table = Table.create(client, join=False)
    tag = assert_wait(client, table, "/moves", 2)
    table.join("Bob")
    unchanged = poll(client, table, "/moves", tag)
    assert (unchanged.status_code, unchanged.headers["Retry-After"]) == (304, "3")
