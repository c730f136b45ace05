"""The change feed: the log after the version a client has, its ETag and 304, compressed when long, and bad `after`s."""
import gzip
import json

import pytest

from .play import Table, bearer
from .test_lifecycle import claim, move_first


def feed(client, table: Table, viewer: int | None, after=None, **headers):
    query = "" if after is None else f"?after={after}"
    return client.get(f"/api/v1/games/{table.id}/moves{query}", headers={**table.auth(viewer), **headers})


def test_the_events_after_n_are_the_tail_of_the_log_for_every_viewer(client, clock):
    table = Table.create(client, seats=3, time_per_move=3600)
    move_first(table)
    clock.advance(hours=1)
    claim(client, table, 0)  # seat 1 was late
    move_first(table)  # seat 2
    client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[0]))  # the autopilot plays seat 0
    move_first(table)
    for viewer in (None, 0, 1, 2):
        log = feed(client, table, viewer).json
        assert {"move", "timeout", "resign", "autopilot"} <= {entry["kind"] for entry in log["moves"]}
        for after in range(log["version"] + 1):
            assert feed(client, table, viewer, after).json == {"game": "addup", "version": log["version"], "moves": log["moves"][after:]}


def test_the_feed_hides_what_other_seats_hold(client):
    table = Table.create(client)
    for _ in range(4):
        move_first(table)
    for viewer, other in ((0, 1), (1, 0), (None, 0)):
        hidden = {card["id"] for card in table.view(other)["state"]["hand"]}
        for after in range(5):
            shown = feed(client, table, viewer, after).get_data(as_text=True)
            assert not any(f'"{card}"' in shown for card in hidden), (viewer, after)


def test_an_unchanged_log_answers_304_until_an_event_comes(client):
    table = Table.create(client)
    first = feed(client, table, 0, 0)
    assert first.json == {"game": "addup", "version": 0, "moves": []}
    assert first.headers["Cache-Control"] == "private, no-cache"
    tag = first.headers["ETag"]
    again = feed(client, table, 0, 0, **{"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == tag
    assert feed(client, table, 1, 0, **{"If-None-Match": tag}).status_code == 200, "another seat's ETag must not match"
    assert feed(client, table, None, 0, **{"If-None-Match": tag}).status_code == 200
    view_tag = client.get(f"/api/v1/games/{table.id}", headers=table.auth(0)).headers["ETag"]
    assert feed(client, table, 0, 0, **{"If-None-Match": view_tag}).status_code == 200, "a view's ETag is not the log's"
    move_first(table)
    news = feed(client, table, 0, 0, **{"If-None-Match": tag})
    assert news.status_code == 200 and [entry["seq"] for entry in news.json["moves"]] == [1]
    assert feed(client, table, 0, 1, **{"If-None-Match": news.headers["ETag"]}).status_code == 304


def test_a_long_log_goes_compressed_to_a_client_that_takes_it_with_a_tag_of_its_own(client):
    table = Table.create(client)
    for _ in range(10):
        move_first(table)
    plain = feed(client, table, 0)
    zipped = feed(client, table, 0, **{"Accept-Encoding": "gzip, br"})
    assert "Content-Encoding" not in plain.headers and zipped.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(zipped.data)) == plain.json and len(zipped.data) < len(plain.data) / 3
    assert all("Accept-Encoding" in answer.headers["Vary"] for answer in (plain, zipped))
    assert zipped.headers["ETag"] == plain.headers["ETag"].removesuffix('"') + '.gz"', "each encoding its own tag"
    for answer in (plain, zipped):  # either tag sent back means "no event since"
        again = feed(client, table, 0, **{"Accept-Encoding": "gzip", "If-None-Match": answer.headers["ETag"]})
        assert again.status_code == 304 and again.headers["ETag"] == answer.headers["ETag"]
    short = feed(client, table, 0, after=9, **{"Accept-Encoding": "gzip"})  # one event: a packet either way
    assert "Content-Encoding" not in short.headers and [entry["seq"] for entry in short.json["moves"]] == [10]
    move_first(table)
    news = feed(client, table, 0, **{"Accept-Encoding": "gzip", "If-None-Match": zipped.headers["ETag"]})
    assert news.status_code == 200 and len(json.loads(gzip.decompress(news.data))["moves"]) == 11


NOT_A_NUMBER = "a whole number from 0 to 1"


@pytest.mark.parametrize("after", ["-1", "x", "", "1.0", "+1", "\u0661", "99999999999"])
def test_an_after_that_is_not_a_whole_number_is_422(client, after):
    table = Table.create(client)
    move_first(table)
    response = feed(client, table, None, after)
    assert (response.status_code, response.json["code"]) == (422, "invalid_request")
    assert NOT_A_NUMBER in response.json["detail"]


def test_an_after_beyond_the_version_is_422_a_client_bug(client):
    table = Table.create(client)
    move_first(table)
    response = feed(client, table, 0, 2)
    assert (response.status_code, response.json["code"], response.json["version"]) == (422, "version_ahead", 1)
    assert "only at version 1" in response.json["detail"]


def test_a_limit_pages_the_log_each_page_linking_to_the_next(client):
    table = Table.create(client)
    for _ in range(5):
        move_first(table)
    whole = feed(client, table, 1).json["moves"]
    url, pages = f"/api/v1/games/{table.id}/moves?limit=2", []
    while url:
        page = client.get(url, headers=table.auth(1))
        assert page.json["version"] == 5 and len(page.json["moves"]) <= 2
        pages.append(page)
        url = page.headers.get("Link", "").removeprefix("<").removesuffix('>; rel="next"')
    assert [entry for page in pages for entry in page.json["moves"]] == whole
    assert [len(page.json["moves"]) for page in pages] == [2, 2, 1]
    assert pages[0].headers["Link"] == f'</api/v1/games/{table.id}/moves?after=2&limit=2>; rel="next"'
    assert "Link" not in feed(client, table, 1, 4).headers, "an answer that reaches the version has no next page"


def test_a_page_short_of_the_version_is_never_answered_304(client):
    table = Table.create(client)
    for _ in range(3):
        move_first(table)
    page = client.get(f"/api/v1/games/{table.id}/moves?limit=1", headers=table.auth(0))
    assert page.headers["ETag"] != feed(client, table, 0).headers["ETag"]
    again = client.get(f"/api/v1/games/{table.id}/moves?limit=1",
                       headers={**table.auth(0), "If-None-Match": page.headers["ETag"]})
    assert again.status_code == 200 and [entry["seq"] for entry in again.json["moves"]] == [1]
    last = client.get(f"/api/v1/games/{table.id}/moves?after=2&limit=5", headers=table.auth(0))
    assert last.headers["ETag"] == feed(client, table, 0).headers["ETag"], "the last page is tagged as the whole log"
    assert feed(client, table, 0, 3, **{"If-None-Match": last.headers["ETag"]}).status_code == 304


@pytest.mark.parametrize("limit", ["0", "-1", "x", "", "1.5", "1001", "01", "99999"])
def test_a_limit_out_of_range_is_422(client, limit):
    table = Table.create(client)
    move_first(table)
    response = client.get(f"/api/v1/games/{table.id}/moves?limit={limit}")
    assert (response.status_code, response.json["code"]) == (422, "invalid_request")
    assert "from 1 to 1000" in response.json["detail"]
