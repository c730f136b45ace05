"""Abuse limits (rates, sizes, caps), CORS for third-party browser clients, and safety headers."""
import hashlib
import io
import json
import re
import socket
import threading
import time
import uuid
from types import SimpleNamespace

import pytest
from limits import parse_many
from limits.storage import storage_from_string
from werkzeug.test import EnvironBuilder

from api import create_app, limits
from api.config import ROOT, Config
from api.models import Match, db
from api.reporting import scrub
from api.security import FOR_API, Hardened

from ..conftest import SpecClient
from .play import Table, bearer
from .test_games import count
from .test_instances import shared_redis
from .test_moves import first_legal

CREATE = {"game": "addup", "seats": 2, "name": "Ann"}


@pytest.fixture
def limited(app, client):
    """The app with rate limits on, low enough to reach, counting from zero."""
    strict = create_app({"SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"], "TESTING": True,
                         "LIMIT_CREATE": "2 per minute", "LIMIT_JOIN": "2 per minute", "LIMIT_MOVE": "1 per minute",
                         "LIMIT_MOVE_PER_ADDRESS": "3 per minute", "PROXY_HOPS": 1})
    strict.test_client_class = SpecClient
    yield strict.test_client()
    with strict.app_context():
        db.engine.dispose()


def assert_limited(response):
    assert (response.status_code, response.json["code"]) == (429, "rate_limited")
    assert 1 <= int(response.headers["Retry-After"]) <= 61  # the window (a minute), rounded up


def test_creating_is_limited_per_address(app, limited):
    assert [limited.post("/api/v1/games", json=CREATE).status_code for _ in range(2)] == [201, 201]
    assert_limited(limited.post("/api/v1/games", json=CREATE))
    assert count(app, Match) == 2
    other = limited.post("/api/v1/games", json=CREATE, headers={"X-Forwarded-For": "192.0.2.7"})
    assert other.status_code == 201, "another client (behind the trusted proxy) has its own count"


def test_a_create_refused_for_its_input_is_not_counted(app, limited):
    """A teacher whose form had a mistake loses no create: one refused (400, 422) made nothing."""
    refused = [limited.post("/api/v1/games", json={**CREATE, "game": "chess"}),
               limited.post("/api/v1/games", json={**CREATE, "seats": 9}),
               limited.post("/api/v1/games", json={**CREATE, "deck": ["no-such-card"]}),
               limited.post("/api/v1/games", json={**CREATE, "name": "x" * 41}),
               limited.post("/api/v1/games", data="{", content_type="application/json")]
    assert [response.status_code for response in refused] == [422, 422, 422, 422, 400]
    assert [limited.post("/api/v1/games", json=CREATE).status_code for _ in range(2)] == [201, 201]
    assert_limited(limited.post("/api/v1/games", json=CREATE))
    assert_limited(limited.post("/api/v1/games", json={**CREATE, "game": "chess"})), "past the limit, it is asked first"
    assert count(app, Match) == 2


def test_a_shared_store_gives_a_refused_create_back_too(app):
    """Redis, as instances share it: the count taken for a refused create is given back there too."""
    shared = create_app({"SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"], "TESTING": True,
                         "RATELIMIT_STORAGE_URI": shared_redis(), "RATELIMIT_KEY_PREFIX": f"test-{uuid.uuid4().hex}",
                         "LIMIT_CREATE": "1 per minute"})
    client = shared.test_client()
    assert client.post("/api/v1/games", json={**CREATE, "seats": 9}).status_code == 422
    assert client.post("/api/v1/games", json=CREATE).status_code == 201
    assert_limited(client.post("/api/v1/games", json=CREATE))
    with shared.app_context():
        db.engine.dispose()


def test_a_count_given_back_once_its_window_ended_opens_no_window():
    """Given back after the window it was taken in ended, a count is dropped, not taken off the next window."""
    store = limits.LocalCounts()
    assert (store.incr("key", 60, amount=-1), store.get("key"), store.counts) == (0, 0, {})
    assert (store.incr("key", 60), store.incr("key", 60, amount=-1), store.get("key")) == (1, 0, 0)


def test_an_ipv6_client_is_counted_by_its_64_block(limited):
    """A home or a phone is given a /64 and picks its addresses in it freely: counted apart, each would be a client of
    its own, and a guesser of join codes would have 2^64 budgets. An IPv4 address written as IPv6 stays its own."""
    def create(address):
        return limited.post("/api/v1/games", json=CREATE, headers={"X-Forwarded-For": address})

    assert [create(f"2001:db8:0:7::{n}").status_code for n in (1, 2)] == [201, 201]
    assert_limited(create("2001:db8:0:7:abcd::9"))
    assert create("2001:db8:0:8::1").status_code == 201, "the next /64 is another home"
    assert [create(f"::ffff:192.0.2.{n}").status_code for n in (1, 2, 3)] == [201, 201, 201]


def test_joining_is_limited_per_address(limited):
    table = Table.create(limited, seats=4, join=False)
    table.join("Bob")
    table.join("Cy")
    assert_limited(limited.post(f"/api/v1/games/{table.id}/seats", json={"invite": table.invite, "name": "Dee"}))


def test_a_join_refused_for_its_input_is_not_counted_but_a_wrong_invite_is(limited):
    table = Table.create(limited, seats=4, join=False)
    path = f"/api/v1/games/{table.id}/seats"
    refused = [limited.post(path, json={"invite": table.invite, "name": "x" * 41}),
               limited.post(path, json={"invite": table.invite, "name": "ann"}),
               limited.post(path, json={"invite": table.invite, "name": "Bob", "seat": "one"})]
    assert [(response.status_code, response.json["code"]) for response in refused] == [
        (422, "bad_name"), (422, "name_taken"), (422, "invalid_request")]
    assert limited.post(path, json={"invite": "not-the-invite", "name": "Bob"}).status_code == 403
    table.join("Bob")
    assert_limited(limited.post(path, json={"invite": table.invite, "name": "Cy"}))


def test_a_rematch_is_a_seats_write_not_a_create(limited):
    """Each finished match has one rematch at most: a class behind one address may ask for many."""
    table = Table.create(limited)
    assert limited.post("/api/v1/games", json=CREATE).status_code == 201
    assert_limited(limited.post("/api/v1/games", json=CREATE))
    assert limited.post(f"/api/v1/games/{table.id}/resign", headers=table.auth(1)).status_code == 200
    assert limited.post(f"/api/v1/games/{table.id}/rematch", headers=table.auth(0)).status_code == 201
    assert_limited(limited.post(f"/api/v1/games/{table.id}/rematch", headers=table.auth(0)))  # the seat's 1 a minute


def test_a_new_name_is_a_seats_write(limited):
    table = Table.create(limited)
    path = f"/api/v1/games/{table.id}/seats/1"
    assert limited.patch(path, json={"name": "Bea"}, headers=table.auth(1)).status_code == 200
    assert_limited(limited.patch(path, json={"name": "Bee"}, headers=table.auth(1)))  # the seat's 1 a minute
    assert table.view()["seats"][1]["name"] == "Bea"


def test_a_class_on_the_home_screen_behind_one_address_stays_under_the_my_games_limit():
    """The web app asks for my games every REFRESH_MS on its home screen: 30 devices behind one
    router (a class) must not be refused."""
    every_ms = int(re.search(r"const REFRESH_MS = (\d+);", (ROOT / "frontend/js/views/public-views.js").read_text())[1])
    [limit] = parse_many(Config.LIMIT_MY_GAMES)
    assert limit.GRANULARITY.name == "minute" and limit.multiples == 1
    assert 30 * 60_000 / every_ms <= limit.amount


def test_a_move_is_counted_under_the_keys_the_limits_library_makes(limited):
    """api/limits.py makes each limit's key around the client's id once: the key `limits` itself
    would make, so that instances sharing a store (some running an older build) count together."""
    table = Table.create(limited)
    view = table.view(0)
    assert table.post_move(0, first_legal(view)).status_code == 200
    app = limited.application
    prefix, counts = app.config["RATELIMIT_KEY_PREFIX"], app.extensions["rate_limits"].storage.counts
    seat = hashlib.sha256(bearer(table.tokens[0])["Authorization"].encode()).hexdigest()
    per_seat, per_address = (parse_many(app.config[name])[0] for name in ("LIMIT_MOVE", "LIMIT_MOVE_PER_ADDRESS"))
    assert counts[per_seat.key_for(prefix, "moves.post_move", seat)][0] == 1
    assert counts[per_address.key_for(prefix, "moves.post_move", "127.0.0.1")][0] == 1


def test_moves_are_limited_per_seat_and_per_address(limited):
    table = Table.create(limited, seats=2)
    for seat in (0, 1):
        assert table.post_move(seat, first_legal(table.view(seat))).status_code == 200
    view = table.view(0)
    assert_limited(table.post_move(0, first_legal(view)))
    other = Table.create(limited, seats=2)
    assert other.post_move(0, first_legal(other.view(0))).status_code == 200, "a third move from this address"
    assert_limited(other.post_move(1, {"type": "play"}))


def test_a_429_says_which_limit_was_reached(limited):
    """A bot tournament on one machine meets the address's limit, not a seat's: the answer tells them
    apart (`per`) and names the setting its operator would raise, so the bot knows whether to pace one
    seat or to ask for a higher limit."""
    table = Table.create(limited, seats=2)
    for seat in (0, 1):
        table.post_move(seat, first_legal(table.view(seat)))
    per_seat = table.post_move(0, first_legal(table.view(0))).json
    assert (per_seat["per"], per_seat["limit"]) == ("seat", "LIMIT_MOVE")
    assert "this seat" in per_seat["detail"] and "1 per 1 minute" in per_seat["detail"]
    other = Table.create(limited, seats=2)
    other.post_move(0, first_legal(other.view(0)))
    per_address = other.post_move(1, {"type": "play"}).json
    assert (per_address["per"], per_address["limit"]) == ("address", "LIMIT_MOVE_PER_ADDRESS")
    assert "this address" in per_address["detail"] and "3 per 1 minute" in per_address["detail"]
    creates = [limited.post("/api/v1/games", json=CREATE) for _ in range(3)]
    assert (creates[-1].json["per"], creates[-1].json["limit"]) == ("address", "LIMIT_CREATE")


def test_one_seat_writing_its_header_another_way_is_still_one_seat(limited):
    table = Table.create(limited, seats=2)
    assert table.post_move(0, first_legal(table.view(0))).status_code == 200
    respelled = limited.post(f"/api/v1/games/{table.id}/moves", json={"version": 1, "move": {"type": "play"}},
                             headers={"Authorization": f"bearer   {table.tokens[0]} "})
    assert_limited(respelled)


def test_preflights_are_not_counted(limited):
    for _ in range(5):
        limited.options("/api/v1/games", headers={"Origin": "https://else.example", "Access-Control-Request-Method": "POST"})
    assert limited.post("/api/v1/games", json=CREATE).status_code == 201


def test_third_party_browser_clients_may_call_the_api(client):
    preflight = client.options("/api/v1/games/abc/moves", headers={
        "Origin": "https://else.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type, if-match, idempotency-key"})
    assert preflight.status_code == 204 and preflight.data == b""
    assert preflight.headers["Access-Control-Allow-Origin"] == "*"
    allowed = preflight.headers["Access-Control-Allow-Headers"].lower()
    assert all(name in allowed for name in ("authorization", "if-match", "idempotency-key"))
    table = Table.create(client)
    view = client.get(f"/api/v1/games/{table.id}", headers={"Origin": "https://else.example", **bearer(table.tokens[0])})
    assert view.headers["Access-Control-Allow-Origin"] == "*"
    assert "ETag" in view.headers["Access-Control-Expose-Headers"]
    assert "Access-Control-Allow-Credentials" not in view.headers
    refused = client.post(f"/api/v1/games/{table.id}/moves", json={}, headers={"Origin": "https://else.example"})
    assert refused.status_code == 401 and "WWW-Authenticate" in refused.headers["Access-Control-Expose-Headers"]


@pytest.mark.parametrize(("path", "methods"), [("/api/v1/games", {"POST"}), ("/api/v1/games/abc/moves", {"GET", "HEAD", "POST"}),
                                              ("/", {"GET", "HEAD"})])
def test_options_says_what_a_path_allows_with_no_body(client, path, methods):
    answer = client.options(path)
    assert answer.status_code == 204 and answer.data == b"" and "Content-Type" not in answer.headers
    assert set(answer.headers["Allow"].split(", ")) == methods | {"OPTIONS"}


@pytest.fixture
def listed(app):
    """The app with CORS_ORIGINS naming two sites."""
    strict = create_app({"SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"], "TESTING": True,
                         "CORS_ORIGINS": "https://school.example, https://Family.example"})
    yield strict.test_client()
    with strict.app_context():
        db.engine.dispose()


def test_cors_origins_lets_only_the_sites_it_names_read_answers(listed):
    asking = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "Authorization, X-Evil"}
    named = listed.options("/api/v1/games", headers={"Origin": "https://family.example", **asking})
    assert named.headers["Access-Control-Allow-Origin"] == "https://family.example", "its own origin, not *"
    assert named.headers["Access-Control-Allow-Headers"] == "Authorization", "only the allowed ones it asked for"
    assert "POST" in named.headers["Access-Control-Allow-Methods"] and named.headers["Access-Control-Max-Age"] == "600"
    rules = listed.get("/api/v1/rules", headers={"Origin": "https://school.example"})
    assert rules.headers["Access-Control-Allow-Origin"] == "https://school.example"
    assert "ETag" in rules.headers["Access-Control-Expose-Headers"]
    for other in ({"Origin": "https://else.example"}, {}):
        answer = listed.options("/api/v1/games", headers={**other, **asking})
        assert not [name for name in answer.headers.keys() if name.startswith("Access-Control-")], other
    assert listed.get("/api/v1/rules").headers["Vary"] == "Origin", "caches keep one answer per origin"


def test_cors_stays_off_the_pages(client):
    page = client.get("/", headers={"Origin": "https://else.example"})
    assert page.status_code == 200 and "Access-Control-Allow-Origin" not in page.headers


@pytest.mark.parametrize("path", ["/", "/g/abc", "/api/docs/", "/api/v1/rules", "/api/v1/games/nope"])
def test_every_response_carries_safety_headers(client, path):
    with client.get(path) as response:
        policy = response.headers["Content-Security-Policy"]
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"
    assert "frame-ancestors 'none'" in policy and "unsafe-eval" not in policy
    inline = [part.split()[0] for part in policy.split(";") if "unsafe-inline" in part]
    assert inline == (["style-src"] if path.startswith("/api/docs/") else []), "only Swagger UI styles inline"


@pytest.mark.parametrize("own", [[], [("x-frame-options", "SAMEORIGIN")],
                                 [("Content-Security-Policy", "default-src 'self'"), ("Referrer-Policy", "origin")]])
def test_a_safety_header_the_app_set_itself_is_kept_and_the_others_added(own):
    def app(_environ, start_response):
        start_response("200 OK", [("Content-Length", "0"), *own])
        return [b""]

    sent = []
    Hardened(app)(EnvironBuilder(path="/api/v1/rules").get_environ(), lambda _status, headers, _exc=None: sent.extend(headers))
    names = [name.lower() for name, _ in sent]
    assert len(names) == len(set(names)), "no header twice"
    assert set(own) <= set(sent) and len(sent) == 1 + len(FOR_API.pairs)
    assert {name.lower() for name, _ in FOR_API.pairs} <= set(names)


def test_pages_need_no_inline_script(client):
    with client.get("/api/docs/") as docs:
        page = docs.get_data(as_text=True)
    assert "<script>" not in page and "<script " in page
    assert all('src="/api/docs/' in tag for tag in page.split("<script")[1:])


def test_https_answers_are_pinned_to_https(client):
    with client.get("/", base_url="https://addgames.example") as response:
        assert response.headers["Strict-Transport-Security"].startswith("max-age=")


def test_behind_a_proxy_https_is_what_the_proxy_saw(limited):
    """PROXY_HOPS = 1: the scheme the proxy in front was asked in."""
    assert "Strict-Transport-Security" in limited.get("/api/v1/rules", headers={"X-Forwarded-Proto": "https"}).headers
    assert "Strict-Transport-Security" not in limited.get("/api/v1/rules").headers


BAD_CAPS = [
    ({**CREATE, "options": {f"o{n}": 1 for n in range(5)}}, "options"),
    ({**CREATE, "options": {"x" * 10: 1}}, "options"),
    ({**CREATE, "deck": ["1a"] * 201}, "deck"),
    ({**CREATE, "deck": ["x" * 17]}, "deck"),
]


@pytest.mark.parametrize("body, field", BAD_CAPS)
def test_sizes_are_capped(app, client, body, field):
    response = client.post("/api/v1/games", json=body)
    assert (response.status_code, response.json["code"]) == (422, "invalid_request")
    assert field in response.json["errors"]
    assert count(app, Match) == 0


@pytest.mark.parametrize("path", ["/api/v1/games", "/api/v1/games/{id}/seats", "/api/v1/games/{id}/moves"])
def test_bodies_over_64_kib_are_413(client, path):
    table = Table.create(client, seats=3, join=False)
    response = client.post(path.format(id=table.id), headers=table.auth(0), data='{"x": "' + "y" * 65_536 + '"}', content_type="application/json")
    assert (response.status_code, response.json["code"]) == (413, "request_entity_too_large")
    assert "64 KiB" in response.json["detail"]


def post_in_chunks(client, body: bytes):
    """A create whose body comes in chunks, with no length announced (as gunicorn passes it on)."""
    return client.post("/api/v1/games", input_stream=io.BytesIO(body), content_type="application/json",
                       headers={"Transfer-Encoding": "chunked"}, environ_overrides={"wsgi.input_terminated": True})


@pytest.mark.parametrize("size, status", [(100, 201), (65_536, 201), (65_537, 413), (1_000_000, 413)])
def test_a_body_in_chunks_is_capped_at_64_kib_as_one_of_known_length_is(app, client, size, status):
    body = json.dumps(CREATE).encode().ljust(size)  # padded with spaces: still the same JSON
    response = post_in_chunks(client, body)
    assert response.status_code == status, response.json
    assert count(app, Match) == (status == 201)


@pytest.fixture
def frozen_store():
    """A 'Redis' that takes connections and answers nothing (paused, overloaded, cut off): its
    address, and the connections it took."""
    listener = socket.create_server(("127.0.0.1", 0))
    taken: list[socket.socket] = []

    def take():
        try:
            while True:
                taken.append(listener.accept()[0])
        except OSError:  # the listener closed: the test is over
            pass

    threading.Thread(target=take, daemon=True).start()
    yield f"redis://127.0.0.1:{listener.getsockname()[1]}/9", taken
    for conn in [*taken, listener]:
        conn.close()


def accepted(taken: list, expected: int) -> int:
    """How many connections the frozen store took, once its thread caught up: under load it may accept
    a connection the kernel completed well after the client gave up on it. Waits for `expected`, then a
    little longer for any more."""
    deadline = time.monotonic() + 5
    while len(taken) < expected and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.1)
    return len(taken)


def test_a_store_that_answers_nothing_lets_writes_through_and_is_left_alone_a_while(app, frozen_store, monkeypatch):
    """Its every wait is bounded (STORE_TIMEOUT), and after one failure the limits skip it for
    PAUSE seconds: five creates, one wait."""
    monkeypatch.setattr(limits, "STORE_TIMEOUT", 0.05)
    url, taken = frozen_store
    unlimited = create_app({"SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"], "TESTING": True,
                            "RATELIMIT_STORAGE_URI": url, "LIMIT_CREATE": "1 per minute"})
    client = unlimited.test_client()
    assert [client.post("/api/v1/games", json=CREATE).status_code for _ in range(5)] == [201] * 5
    assert accepted(taken, 1) == 1, "asked once, then left alone"
    later = time.monotonic() + limits.PAUSE
    monkeypatch.setattr(limits, "time", SimpleNamespace(monotonic=lambda: later, time=time.time))
    assert client.post("/api/v1/games", json=CREATE).status_code == 201
    assert accepted(taken, 2) == 2, "asked again once the pause is over"
    with unlimited.app_context():
        db.engine.dispose()


def test_a_redis_urls_own_timeout_wins():
    assert limits._bounded("redis://127.0.0.1:6379/9") == {"socket_timeout": limits.STORE_TIMEOUT,
                                                          "socket_connect_timeout": limits.STORE_TIMEOUT}
    store = storage_from_string("redis://127.0.0.1:6379/9?socket_timeout=2", **limits._bounded("redis://x"))
    assert store.storage.connection_pool.connection_kwargs["socket_timeout"] == 2
    assert limits._bounded("memcached://127.0.0.1:11211") == {}


def test_a_storage_url_of_no_known_kind_stops_the_start_naming_its_setting_never_its_password(app):
    """The limits library's own refusal repeats the whole URL, password and all, into the start's log (and to Sentry,
    whose handler reports the uncaught error)."""
    with pytest.raises(ValueError, match=r"RATELIMIT_STORAGE_URI \(or REDIS_URL\) is no storage .* reddis://\.\.\.$") as refused:
        create_app({"SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"],
                    "RATELIMIT_STORAGE_URI": "reddis://default:s3cret-pass@redis.example:6379"})
    assert "s3cret-pass" not in str(refused.value) and refused.value.__cause__ is None and refused.value.__suppress_context__
    frame = {"function": "_store", "vars": {"uri": "reddis://default:s3cret-pass@redis.example:6379"}}
    assert "s3cret-pass" not in str(scrub({"exception": {"values": [{"stacktrace": {"frames": [frame]}}]}}))


def test_a_tls_redis_with_a_certificate_of_its_own_is_reached_only_when_told_not_to_verify_it():
    """REDIS_TLS_VERIFY=false, as Heroku's Redis needs: its certificate is signed by no authority."""
    def certificate_asked(uri: str, verify: bool):
        store = storage_from_string(uri, **limits._tls(uri, verify))
        return store.storage.connection_pool.connection_kwargs.get("ssl_cert_reqs", "required")

    assert certificate_asked("rediss://redis.example:6380", verify=True) == "required"
    assert certificate_asked("rediss://redis.example:6380", verify=False) == "none"
    assert certificate_asked("rediss://redis.example:6380?ssl_cert_reqs=optional", verify=False) == "optional"
    assert limits._tls("redis://127.0.0.1:6379/9", verify=False) == {}, "no TLS, nothing to verify"
