"""Races from real parallel clients against gunicorn (four worker processes), on SQLite and
PostgreSQL: every answer is a success, a documented 409/412, or the kept answer of a retry;
never a 5xx. Each race is started from one barrier, several rounds each."""
import threading
import uuid

import pytest
import requests

from .live import gunicorn
from .play import Table
from .test_moves import first_legal

DAY = 86400


@pytest.fixture(scope="module")
def base(app, tmp_path_factory):
    log = tmp_path_factory.mktemp("gunicorn") / "server.log"
    with gunicorn(app.config["SQLALCHEMY_DATABASE_URI"], log, RATELIMIT_ENABLED="false") as url:
        yield url


def call(base: str, method: str, path: str, body: dict | None = None, token: str | None = None, **headers):
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return requests.request(method, f"{base}/api/v1/games{path}", json=body, headers=headers, timeout=60)


def at_once(base: str, *requests_: tuple) -> list[requests.Response]:
    """Send every (method, path, body, token, headers) from its own thread at the same moment."""
    start, results = threading.Barrier(len(requests_), timeout=60), [None] * len(requests_)

    def run(n, method, path, body, token, headers):
        start.wait()
        results[n] = call(base, method, path, body, token, **headers)

    threads = [threading.Thread(target=run, args=(n, *sent)) for n, sent in enumerate(requests_)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def create(base: str, seats: int = 2, **extra) -> dict:
    response = call(base, "POST", "", {"game": "addup", "seats": seats, "name": "Ann", **extra})
    assert response.status_code == 201, response.text
    return response.json()


def assert_no_server_error(results: list[requests.Response]) -> None:
    assert all(r.status_code < 500 for r in results), [(r.status_code, r.text) for r in results]


def test_two_joins_for_two_free_seats_both_get_a_seat(client, base):
    for _ in range(4):
        made = create(base, seats=3)
        results = at_once(base, *[("POST", f"/{made['game']['id']}/seats", {"invite": made["invite"], "name": name},
                                   None, {}) for name in ("Bob", "Eve")])
        assert [r.status_code for r in results] == [201, 201], [r.text for r in results]
        assert sorted(r.json()["seat"] for r in results) == [1, 2]
        view = call(base, "GET", f"/{made['game']['id']}").json()
        assert view["status"] == "playing" and all(seat["joined"] for seat in view["seats"])


def test_two_joins_for_two_named_free_seats_both_take_theirs(client, base):
    """The one whose write comes second was overtaken, not refused: its seat is still free."""
    for _ in range(4):
        made = create(base, seats=3)
        results = at_once(base, *[("POST", f"/{made['game']['id']}/seats",
                                   {"invite": made["invite"], "name": name, "seat": seat}, None, {})
                                  for seat, name in ((1, "Bob"), (2, "Eve"))])
        assert [(r.status_code, r.json()["seat"]) for r in results] == [(201, 1), (201, 2)], [r.text for r in results]


def test_two_joins_under_one_name_one_takes_a_seat_the_other_hears_it_is_taken(client, base):
    for _ in range(4):
        made = create(base, seats=3)
        results = at_once(base, *[("POST", f"/{made['game']['id']}/seats", {"invite": made["invite"], "name": name},
                                   None, {}) for name in ("Bob", "BOB")])
        assert sorted((r.status_code, r.json().get("seat", r.json().get("code"))) for r in results) == \
            [(201, 1), (422, "name_taken")], [r.text for r in results]
        names = [seat["name"] for seat in call(base, "GET", f"/{made['game']['id']}").json()["seats"]]
        assert names[0] == "Ann" and names[1] in ("Bob", "BOB") and names[2] in (None, "")


def test_joins_racing_for_the_last_seat_one_wins_the_others_hear_it_is_full(client, base):
    for _ in range(4):
        made = create(base, seats=2)
        join = ("POST", f"/{made['game']['id']}/seats", {"invite": made["invite"], "name": "Bob"}, None, {})
        results = at_once(base, *[join] * 5)
        assert_no_server_error(results)
        assert sorted(r.status_code for r in results) == [201] + [409] * 4
        assert {r.json()["code"] for r in results if r.status_code == 409} <= {"match_full", "seat_taken"}


def test_joins_with_the_code_racing_for_the_last_seat_one_wins_and_the_code_is_spent(client, base):
    """A join that read the match before the winner's commit hears it is full; one that read it after, that the code
    no longer works (the last seat taken forgets it)."""
    for _ in range(4):
        made = create(base, seats=2)
        results = at_once(base, *[("POST", f"/{made['game']['id']}/seats", {"join_code": made["join_code"], "name": name},
                                   None, {}) for name in ("Bob", "Cy", "Dan", "Eve", "Flo")])
        assert_no_server_error(results)
        assert [r.status_code for r in results].count(201) == 1, [r.text for r in results]
        assert {r.json()["code"] for r in results if r.status_code != 201} <= {"match_full", "seat_taken",
                                                                                "unknown_join_code"}
        found = requests.post(f"{base}/api/v1/join-code", json={"join_code": made["join_code"]}, timeout=60)
        assert (found.status_code, found.json()["code"]) == (404, "unknown_join_code")


def test_parallel_retries_of_one_join_take_one_seat(client, base):
    for _ in range(4):
        made = create(base, seats=3)
        key = {"Idempotency-Key": str(uuid.uuid4())}
        join = ("POST", f"/{made['game']['id']}/seats", {"invite": made["invite"], "name": "Bob"}, None, key)
        results = at_once(base, *[join] * 6)
        assert [r.status_code for r in results] == [201] * 6, [r.text for r in results]
        assert len({r.json()["token"] for r in results}) == 1
        seats = call(base, "GET", f"/{made['game']['id']}").json()["seats"]
        assert [seat["joined"] for seat in seats] == [True, True, False]


def test_rematch_asks_at_once_make_one_match(client, base):
    for _ in range(3):
        made = create(base, seats=2)
        match_id = made["game"]["id"]
        bob = call(base, "POST", f"/{match_id}/seats", {"invite": made["invite"], "name": "Bob"}).json()
        call(base, "POST", f"/{match_id}/resign", token=bob["token"])
        tokens = [made["token"], bob["token"]] * 2  # each seat asks from two devices
        results = at_once(base, *[("POST", f"/{match_id}/rematch", None, token, {}) for token in tokens])
        assert_no_server_error(results)
        assert sorted(r.status_code for r in results) == [201, 201, 409, 409], [r.text for r in results]
        assert len({r.json()["game"]["id"] for r in results if r.status_code == 201}) == 1
        assert {r.json()["code"] for r in results if r.status_code == 409} == {"seat_taken"}


def test_seats_asking_for_a_rematch_at_once_all_take_theirs(client, base):
    for _ in range(3):
        table = Table.create(client, seats=3)
        table.play_to_end(first_legal)
        results = at_once(base, *[("POST", f"/{table.id}/rematch", None, token, {}) for token in table.tokens.values()])
        assert [r.status_code for r in results] == [201] * 3, [r.text for r in results]
        assert len({r.json()["game"]["id"] for r in results}) == 1


@pytest.mark.parametrize("keyed", [False, True], ids=["plain", "idempotency-key"])
def test_identical_moves_at_once_on_a_timed_match(client, base, keyed):
    made = create(base, seats=2, time_per_move=DAY)
    match_id = made["game"]["id"]
    bob = call(base, "POST", f"/{match_id}/seats", {"invite": made["invite"], "name": "Bob"}).json()
    tokens = {0: made["token"], 1: bob["token"]}
    for version in range(3):
        turn = call(base, "GET", f"/{match_id}").json()["turn"]
        mine = call(base, "GET", f"/{match_id}", token=tokens[turn]).json()
        headers = {"Idempotency-Key": str(uuid.uuid4())} if keyed else {}
        move = ("POST", f"/{match_id}/moves", {"version": version, "move": first_legal(mine)}, tokens[turn], headers)
        results = at_once(base, *[move] * 8)
        assert_no_server_error(results)
        if keyed:
            assert [r.status_code for r in results] == [200] * 8 and len({r.text for r in results}) == 1
        else:
            assert sorted(r.status_code for r in results) == [200] + [409] * 7
            assert {r.json()["code"] for r in results if r.status_code == 409} == {"stale_version"}
        assert call(base, "GET", f"/{match_id}/moves").json()["version"] == version + 1


def test_if_match_losers_always_get_412(client, base):
    made = create(base, seats=2)
    match_id = made["game"]["id"]
    call(base, "POST", f"/{match_id}/seats", {"invite": made["invite"], "name": "Bob"})
    seen = call(base, "GET", f"/{match_id}", token=made["token"])
    offers = seen.json()["you"]["legal_moves"]["play"]
    moves = [first_legal({"you": {"legal_moves": {"play": [offers[n % len(offers)]]}}}) for n in range(8)]
    results = at_once(base, *[("POST", f"/{match_id}/moves", {"move": m}, made["token"], {"If-Match": seen.headers["ETag"]})
                        for m in moves])
    assert sorted(r.status_code for r in results) == [200] + [412] * 7, [r.text for r in results]


def test_moves_at_once_against_a_bot_land_once_with_one_bot_reply(client, base):
    made = create(base, seats=2, bots=[{"seat": 1, "level": "hard"}])
    match_id, token = made["game"]["id"], made["token"]
    for round_ in range(3):
        mine = call(base, "GET", f"/{match_id}", token=token).json()
        move = ("POST", f"/{match_id}/moves", {"version": mine["version"], "move": first_legal(mine)}, token, {})
        results = at_once(base, move, move)
        assert_no_server_error(results)
        assert sorted(r.status_code for r in results) == [200, 409]
        kinds = [e["kind"] for e in call(base, "GET", f"/{match_id}/moves").json()["moves"]]
        assert kinds == ["move", "bot"] * (round_ + 1)


def test_two_new_links_for_one_seat_at_once_replace_it_one_after_the_other_or_one_is_refused(client, base):
    """Both read the seat's token; the first to write replaces it, and the other changes no row:
    409 link_changed, unless it read after the first committed (then both succeed, in turn).
    The seat's token is always the last success's."""
    for _ in range(4):
        made = create(base)
        match = made["game"]["id"]
        call(base, "POST", f"/{match}/seats", {"invite": made["invite"], "name": "Bob"})
        relink = ("POST", f"/{match}/seats/1/link", None, made["token"], {})
        results = at_once(base, relink, relink)
        assert_no_server_error(results)
        won = [r.json()["token"] for r in results if r.status_code == 200]
        assert won and all(r.json()["code"] == "link_changed" for r in results if r.status_code == 409), \
            [r.text for r in results]
        working = [t for t in won if call(base, "GET", f"/{match}", token=t).status_code == 200]
        assert len(working) == 1


def test_a_seat_s_new_link_and_a_move_by_its_old_device_at_once(client, base):
    """The old phone moves as its player cuts it off: the new link is made, and the move lands before it or is
    refused (never after it: the move's compare-and-set checks the seating the new link changed)."""
    for _ in range(4):
        made = create(base)
        match = made["game"]["id"]
        old = call(base, "POST", f"/{match}/seats", {"invite": made["invite"], "name": "Bob"}).json()["token"]
        tokens = {0: made["token"], 1: old}
        mover = call(base, "GET", f"/{match}", token=tokens[call(base, "GET", f"/{match}").json()["turn"]]).json()
        if mover["you"]["seat"] == 0:
            call(base, "POST", f"/{match}/moves", {"version": 0, "move": first_legal(mover)}, made["token"])
            mover = call(base, "GET", f"/{match}", token=old).json()
        move = ("POST", f"/{match}/moves", {"version": mover["version"], "move": first_legal(mover)}, old, {})
        relink = ("POST", f"/{match}/seats/1/link", None, old, {"Idempotency-Key": str(uuid.uuid4())})
        moved, relinked = at_once(base, move, relink)
        assert_no_server_error([moved, relinked])
        assert relinked.status_code == 200, relinked.text
        assert moved.status_code == 200 or moved.json()["code"] in ("link_replaced", "stale_version"), moved.text
        landed = call(base, "GET", f"/{match}/moves").json()["version"] - mover["version"]
        assert landed == (moved.status_code == 200)
        assert call(base, "GET", f"/{match}", token=old).json()["code"] == "link_replaced"
        assert call(base, "GET", f"/{match}", token=relinked.json()["token"]).json()["you"]["seat"] == 1


def test_a_new_link_retried_at_once_with_its_key_is_made_once(client, base):
    for _ in range(4):
        made = create(base)
        match = made["game"]["id"]
        call(base, "POST", f"/{match}/seats", {"invite": made["invite"], "name": "Bob"})
        relink = ("POST", f"/{match}/seats/1/link", None, made["token"], {"Idempotency-Key": str(uuid.uuid4())})
        results = at_once(base, relink, relink)
        assert [r.status_code for r in results] == [200, 200], [r.text for r in results]
        assert results[0].json() == results[1].json()
        assert call(base, "GET", f"/{match}", token=results[0].json()["token"]).json()["you"]["seat"] == 1


@pytest.mark.parametrize("names, answers", [(("Zed", "Zed"), [200, 422]), (("Zed", "Yan"), [200, 200])])
def test_two_seats_renaming_at_once_take_two_names_or_one_hears_it_is_taken(client, base, names, answers):
    """Both read the match before either commits: the second's compare-and-set on the seating changes
    nothing, and it reads the match again and is decided on it, as a join is."""
    for _ in range(4):
        made = create(base, seats=3)
        match = made["game"]["id"]
        tokens = {n: call(base, "POST", f"/{match}/seats", {"invite": made["invite"], "name": f"P{n}"}).json()["token"]
                  for n in (1, 2)}
        results = at_once(base, *[("PATCH", f"/{match}/seats/{n}", {"name": name}, tokens[n], {})
                                  for n, name in zip((1, 2), names)])
        assert_no_server_error(results)
        assert sorted(r.status_code for r in results) == answers, [r.text for r in results]
        assert all(r.json()["code"] == "name_taken" for r in results if r.status_code == 422)
        shown = [seat["name"] for seat in call(base, "GET", f"/{match}").json()["seats"]]
        assert sorted(shown[1:]) == sorted({*names, *(f"P{n}" for n, r in zip((1, 2), results) if r.status_code != 200)})


def test_a_join_with_the_old_invite_at_the_moment_it_is_replaced_takes_a_seat_before_or_is_refused_after(client, base):
    """The creator's new invite and a join with the old one, at once: the join that commits first keeps its seat (for
    the creator to free); one that commits after reads the match again and is refused. The old invite and code never
    let anyone in once the new ones are answered, and the new ones work."""
    for _ in range(4):
        made = create(base, seats=4)  # never full: the new invite is always made
        match = made["game"]["id"]
        old = [("POST", f"/{match}/seats", {"invite": made["invite"], "name": "Eve"}, None, {}),
               ("POST", f"/{match}/seats", {"join_code": made["join_code"], "name": "Flo"}, None, {})]
        results = at_once(base, ("POST", f"/{match}/invite", None, made["token"], {}), *old)
        assert_no_server_error(results)
        replaced, joins = results[0], results[1:]
        assert replaced.status_code == 200, replaced.text
        assert {r.json().get("code") for r in joins if r.status_code != 201} <= {"invite_replaced", "join_code_replaced"}
        seated = [seat["name"] for seat in call(base, "GET", f"/{match}").json()["seats"] if seat["joined"]]
        assert sorted(seated) == sorted(["Ann", *(r.json()["game"]["seats"][r.json()["seat"]]["name"]
                                                  for r in joins if r.status_code == 201)])
        assert [r.json()["code"] for r in (call(base, *old[0][:3]), call(base, *old[1][:3]))] == \
            ["invite_replaced", "join_code_replaced"]
        assert call(base, "POST", f"/{match}/seats", {"invite": replaced.json()["invite"], "name": "Gus"}).status_code == 201
