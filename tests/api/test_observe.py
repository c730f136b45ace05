"""What operators see: JSON request lines with a request id, the service's events, Prometheus
metrics (also live, summed over gunicorn workers), and error reports scrubbed of every secret."""
import json
import logging
import os
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path
from unittest import mock

import pytest
import requests
import sentry_sdk
from sentry_sdk.integrations import sqlalchemy as traced
from sentry_sdk.transport import Transport
from sqlalchemy import Engine, event

from api import create_app, gunicorn_hooks, logs, reporting
from api.config import ROOT
from api.models import db
from api.push import delivery, endpoints, vapid

from .live import gunicorn
from .play import Table, bearer
from .push_service import PushService
from .test_instances import samples
from .test_moves import first_legal
from .test_news import move, started, wait_in_background


@pytest.fixture
def new_app():
    """create_app for this test; each app's pooled connections are closed when the test ends (an
    unclosed PostgreSQL connection warns when collected, and the warning fails a later test)."""
    made = []

    def make(config: dict):
        made.append(create_app(config))
        return made[-1]

    yield make
    for app in made:
        with app.app_context():
            db.engine.dispose()


def lines(text: str) -> list[dict]:
    """The JSON lines of the service's log (other output, e.g. alembic's, is left out)."""
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


@pytest.fixture
def log_level():
    """Set the `api` loggers' level for one test (LOG_LEVEL at start-up), then put it back."""
    service = logging.getLogger("api")
    before = service.level
    yield service.setLevel
    service.setLevel(before)


def test_every_answer_has_a_request_id_and_keeps_a_sane_one_sent_to_it(client):
    made = {client.get("/api/v1/health").headers["X-Request-Id"] for _ in range(3)}
    assert len(made) == 3
    sent = {"X-Request-Id": "router-7f3a-42"}
    assert client.get("/api/v1/rules", headers=sent).headers["X-Request-Id"] == "router-7f3a-42"
    for insane in ("short", "x" * 200, "has space inside", "quote\"and{brace}"):
        kept = client.get("/api/v1/health", headers={"X-Request-Id": insane}).headers["X-Request-Id"]
        assert kept != insane and logs.REQUEST_ID.fullmatch(kept)
    assert client.get("/api/v1/games/abcdefghijklmnop").headers["X-Request-Id"], "problems too"


def test_browsers_may_read_the_request_id(client):
    response = client.get("/api/v1/rules", headers={"Origin": "https://else.example"})
    assert "X-Request-Id" in response.headers["Access-Control-Expose-Headers"]


def test_one_json_line_per_request_and_polls_only_at_debug(client, capsys, log_level):
    log_level("DEBUG")
    table = Table.create(client)
    view = client.get(f"/api/v1/games/{table.id}", headers={"X-Request-Id": "poll-one-1234"})
    client.get(f"/api/v1/games/{table.id}", headers={"If-None-Match": view.headers["ETag"]})
    requests_logged = [line for line in lines(capsys.readouterr().err) if line["event"] == "request"]
    viewed, polled = requests_logged[-2:]
    assert viewed["level"] == "info" and polled["level"] == "debug"
    assert {key: viewed[key] for key in ("method", "route", "status", "match", "request_id")} == {
        "method": "GET", "route": "/api/v1/games/<match_id>", "status": 200, "match": table.id,
        "request_id": "poll-one-1234"}
    assert polled["status"] == 304 and viewed["ms"] >= 0 and polled["time"].endswith("+00:00")
    assert [line["route"] for line in requests_logged[:3]] == ["/api/v1/games", "/api/v1/games/<match_id>/seats",
                                                              "/api/v1/games/<match_id>"]

    log_level("INFO")  # the default: one setting silences the polls and nothing else
    client.get(f"/api/v1/games/{table.id}", headers={"If-None-Match": view.headers["ETag"]})
    client.get("/api/v1/health")
    client.get(f"/api/v1/games/{table.id}")
    assert [line["status"] for line in lines(capsys.readouterr().err)] == [200]


def test_a_failed_request_says_which_problem_it_was_answered(client, capsys):
    """An operator told "joining failed at 10:32" finds the line, and in it why: the problem's code,
    as the client was told it (the status alone does not tell a mistyped invite from a taken name).
    Codes name no secret; a success says none."""
    table = Table.create(client)
    path = f"/api/v1/games/{table.id}"
    client.post(f"{path}/seats", json={"invite": "not-the-invite-of-it", "name": "Bob"})
    client.post(f"{path}/seats", data="{", content_type="application/json")
    client.get(path, headers=bearer("a-token-no-seat-holds-0123456789"))
    client.get(path)
    logged = [line for line in lines(capsys.readouterr().err) if line["event"] == "request"][-4:]
    assert [(line["status"], line.get("problem")) for line in logged] == [
        (403, "bad_invite"), (400, "malformed_json"), (401, "bad_token"), (200, None)]
    assert "problem" not in logged[-1]


def test_a_request_line_is_recorded_as_logging_would_record_it(client, caplog):
    """What another handler (pytest's here, Sentry's, an operator's) reads of a request's line: every
    attribute of a LogRecord that logging makes for the same call in `api/logs.py`, alike but the time."""
    with caplog.at_level(logging.INFO, logger="api.access"):
        client.get("/api/v1/rules", headers={"X-Request-Id": "record-12345"})
        made = logs.access.makeRecord("api.access", logging.INFO, logs.__file__, 0, "request", (), None, func=None,
                                      extra={"fields": {}})
    record = next(record for record in caplog.records if record.fields["request_id"] == "record-12345")
    timed = {"created", "msecs", "relativeCreated"}
    assert {name: getattr(record, name) for name in vars(made) if name not in timed | {"fields"}} == {
        name: value for name, value in vars(made).items() if name not in timed | {"fields"}}
    assert abs(record.created - made.created) < 5 and record.getMessage() == "request"
    assert record.fields["route"] == "/api/v1/rules" and record.fields["status"] == 200


def test_a_poll_that_waited_for_news_logs_at_debug_even_when_answered_200(app, client, capsys, log_level,
                                                                          monkeypatch):
    """Its 200 is the news of a move whose own request logs at INFO, and its duration is the wait."""
    monkeypatch.setitem(app.config, "POLL_RECHECK", 600)  # only the move's news ends the wait
    log_level("DEBUG")
    table, path, waiter, view = started(client)
    waiting, answers = wait_in_background(app, path, {**bearer(table.tokens[waiter]), "Prefer": "wait=20",
                                                      "If-None-Match": view.headers["ETag"]})
    move(client, path, table.tokens[1 - waiter])
    waiting.join(60)
    answer = answers[0]
    assert (answer.status_code, answer.headers["Preference-Applied"]) == (200, "wait=20")
    logged = {line["request_id"]: line for line in lines(capsys.readouterr().err) if line["event"] == "request"}
    assert logged[answer.headers["X-Request-Id"]]["level"] == "debug"
    moved = [line["level"] for line in logged.values() if line["route"] == "/api/v1/games/<match_id>/moves"]
    assert moved == ["info"], "the move's own line"


def test_the_service_events_are_json_and_carry_no_secret(app, client, capsys):
    key = str(uuid.uuid4())
    table = Table.create(client)
    final = table.play_to_end(first_legal)
    rematch = client.post(f"/api/v1/games/{table.id}/rematch",
                          headers={**bearer(table.tokens[1]), "Idempotency-Key": key}).json
    text = capsys.readouterr().err
    events = {}  # the first line of each event
    for line in lines(text):
        if line["logger"] == "api.events":
            events.setdefault(line["event"], line)
    assert events["match_created"]["match"] == table.id and events["match_created"]["game"] == "addup"
    assert events["match_started"]["match"] == table.id
    assert events["match_finished"] | {"time": None, "request_id": None} == {
        "time": None, "level": "info", "logger": "api.events", "event": "match_finished", "match": table.id,
        "game": "addup", "version": final["version"], "winners": final["winners"], "resigned": False,
        "request_id": None}
    assert (events["match_rematch"]["rematch_of"], events["match_rematch"]["match"]) == (table.id, rematch["game"]["id"])
    for secret in [*table.tokens.values(), table.invite, key, final["seed"]]:
        assert secret not in text


def test_cleanup_tells_what_it_deleted_as_json(app, client):
    Table.create(client, join=False)
    result = app.test_cli_runner().invoke(args=["cleanup", "--days", "0"])  # its output and log, together
    assert "Deleted 1 matches" in result.output
    assert [line for line in lines(result.output) if line["event"] == "cleanup"][0]["deleted"] == 1


def test_metrics_are_off_unless_asked_for_and_then_may_want_a_token(app, new_app):
    assert app.test_client().get("/metrics").status_code == 404
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    guarded = new_app({"SQLALCHEMY_DATABASE_URI": url, "METRICS": True, "METRICS_TOKEN": "s3cret-metrics"})
    assert guarded.test_client().get("/metrics").status_code == 401
    assert guarded.test_client().get("/metrics", headers=bearer("wrong")).status_code == 401
    scraped = guarded.test_client().get("/metrics", headers=bearer("s3cret-metrics"))
    assert scraped.status_code == 200 and "addgames_requests_total" in scraped.get_data(as_text=True)


def counts(client, name: str) -> dict[tuple, float]:
    """The samples of one metric on /metrics, by their labels' values."""
    text = client.get("/metrics").get_data(as_text=True)
    return {tuple(labels.values()): value for found, labels, value in samples(text) if found == name}


def test_metrics_count_moves_matches_by_status_and_database_errors(app, new_app):
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    counted = new_app({"SQLALCHEMY_DATABASE_URI": url, "METRICS": True, "RATELIMIT_ENABLED": False}).test_client()
    before = counts(counted, "addgames_matches_total"), counts(counted, "addgames_moves_total")
    table = Table.create(counted, game="addup")
    final = table.play_to_end(first_legal)
    matches, moves = counts(counted, "addgames_matches_total"), counts(counted, "addgames_moves_total")
    for status in ("waiting", "playing", "over"):
        assert matches[("addup", status)] - before[0].get(("addup", status), 0) == 1
    assert moves[("addup",)] - before[1].get(("addup",), 0) == final["version"]

    down = create_app({"SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://nobody@127.0.0.1:1/none", "METRICS": True})
    failed = counts(down.test_client(), "addgames_database_errors_total").get(("OperationalError",), 0)
    assert down.test_client().get("/api/v1/games/abcdefghijklmnop").status_code == 503
    assert counts(down.test_client(), "addgames_database_errors_total")[("OperationalError",)] == failed + 1


def test_metrics_from_two_gunicorn_workers_add_up(app, tmp_path):
    """Every request counted once, whichever worker answered it; the log has one JSON line each."""
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        pytest.skip("the same on PostgreSQL (test_instances.py counts there)")
    rounds = 30
    with gunicorn(app.config["SQLALCHEMY_DATABASE_URI"], tmp_path / "server.log", workers=2, METRICS="true",
                  RATELIMIT_ENABLED="false") as base:
        ids = {requests.get(f"{base}/api/v1/rules/addup", timeout=30).headers["X-Request-Id"] for _ in range(rounds)}
        missing = [requests.get(f"{base}/api/v1/games/abcdefghijklmnop", timeout=30) for _ in range(rounds // 3)]
        scraped = list(samples(requests.get(f"{base}/metrics", timeout=30).text))
    counted = {(labels["route"], labels["status"]): value for name, labels, value in scraped
               if name == "addgames_requests_total"}
    assert counted[("/api/v1/rules/<key>", "200")] == rounds
    assert counted[("/api/v1/games/<match_id>", "404")] == len(missing)
    latencies = {labels["route"]: value for name, labels, value in scraped
                 if name == "addgames_request_duration_seconds_count"}
    assert latencies["/api/v1/rules/<key>"] == rounds
    logged = lines((tmp_path / "server.log").read_text())
    pids = {line["event"].split("pid: ")[1].rstrip(")") for line in logged if "Booting worker" in line["event"]}
    assert len(pids) == 2, "two workers served"
    assert ids <= {line.get("request_id") for line in logged if line["event"] == "request"}
    plain = [line for line in (tmp_path / "server.log").read_text().splitlines() if not line.startswith("{")]
    assert not [line for line in plain if "GET /api/" in line], "no plain access log"


def filesystem(path: Path) -> str:
    """The type of the filesystem `path` is on (/proc/mounts: the longest mount point above it)."""
    mounts = [line.split()[1:3] for line in Path("/proc/mounts").read_text().splitlines()]
    return max(((point, kind) for point, kind in mounts if path.is_relative_to(point)), key=lambda m: len(m[0]))[1]


def test_the_workers_metrics_are_kept_in_memory_not_on_the_disk(monkeypatch, tmp_path):
    """prometheus_client maps each worker's file and writes through the mapping: on a full disk that
    write is a SIGBUS. Kept in the temporary folder, a full disk killed every worker at its first
    request, over and over, and nothing was answered, not even a page that needs no disk. The folder
    made goes when gunicorn does; where memory cannot be had, the temporary folder still serves."""
    monkeypatch.setenv("METRICS", "true")
    monkeypatch.delenv("PROMETHEUS_MULTIPROC_DIR", raising=False)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the disk
    if not os.access("/dev/shm", os.W_OK):
        pytest.skip("no /dev/shm on this machine")
    gunicorn_hooks.keep_metrics_apart()
    kept = Path(os.environ["PROMETHEUS_MULTIPROC_DIR"])
    assert kept.is_dir() and not kept.is_relative_to(tmp_path) and filesystem(kept) == "tmpfs"
    gunicorn_hooks.on_exit(None)
    assert not kept.exists()

    monkeypatch.delenv("PROMETHEUS_MULTIPROC_DIR")
    monkeypatch.setattr(gunicorn_hooks, "IN_MEMORY", str(tmp_path / "no-shm"))
    gunicorn_hooks.keep_metrics_apart()
    assert Path(os.environ["PROMETHEUS_MULTIPROC_DIR"]).parent == tmp_path
    gunicorn_hooks.on_exit(None)

    named = tmp_path / "named"
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(named))
    gunicorn_hooks.keep_metrics_apart()
    gunicorn_hooks.on_exit(None)
    assert named.is_dir(), "a folder the operator named is theirs to keep"


def test_a_metrics_folder_the_operator_names_loses_only_the_counts_an_earlier_run_left(monkeypatch, tmp_path):
    """The README says to keep the folder in memory, and an operator naming /dev/shm itself had it emptied whole at
    each start: every other program's shared memory there (a PostgreSQL on the machine keeps its segments in it)
    deleted. Only the files prometheus_client writes and reads (`*.db`) go."""
    shared = tmp_path / "shm"
    (shared / "sem.other").mkdir(parents=True)
    for name in ("PostgreSQL.1804289383", "sem.other/held", "counter_4242.db", "histogram_4242.db"):
        (shared / name).write_text("")
    monkeypatch.setenv("METRICS", "true")
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(shared))
    gunicorn_hooks.keep_metrics_apart()
    gunicorn_hooks.on_exit(None)
    assert sorted(str(path.relative_to(shared)) for path in shared.rglob("*")) == \
        ["PostgreSQL.1804289383", "sem.other", "sem.other/held"]


class Kept(Transport):
    """A Sentry transport that sends nothing and keeps every event."""

    events: list = []

    def capture_envelope(self, envelope):
        self.events.extend(item.payload.json for item in envelope.items if item.payload.json)


@pytest.fixture
def reported(app, new_app):
    """An app reporting errors to a Sentry that is a list in memory, with a route that crashes
    holding secrets in its local variables."""
    Kept.events = []
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    reporting_app = new_app({"SQLALCHEMY_DATABASE_URI": url, "SENTRY_DSN": "https://key@sentry.invalid/1",
                                "SENTRY_OPTIONS": {"transport": Kept}, "RATELIMIT_ENABLED": False})

    def crash():
        from flask import request
        body = request.get_json()
        token, invite, seed = body["token"], body["invite"], "4f" * 16
        raise RuntimeError(f"crashed on {token} with {invite} and {seed}")

    reporting_app.add_url_rule("/api/v1/crash", "crash", crash, methods=["POST"])
    yield reporting_app.test_client()
    stop_reporting()


def stop_reporting() -> None:
    """No reporting for the tests after this one, nor its tracing of every statement, on every engine: the
    reads' fast path steps aside for a listener (api/reads.py), and the tests after this one would not take it."""
    sentry_sdk.init(dsn=None)
    for name, listener in (("before_cursor_execute", traced._before_cursor_execute),
                           ("after_cursor_execute", traced._after_cursor_execute), ("handle_error", traced._handle_error)):
        if event.contains(Engine, name, listener):
            event.remove(Engine, name, listener)


def test_error_reports_carry_no_token_invite_seed_or_key(reported):
    token, invite, key = "tok-" + uuid.uuid4().hex, "inv-" + uuid.uuid4().hex, str(uuid.uuid4())
    answer = reported.post("/api/v1/crash", json={"token": token, "invite": invite},
                           headers={"Authorization": f"Bearer {token}", "Idempotency-Key": key, "Cookie": "c=1"})
    assert answer.status_code == 500
    sentry_sdk.flush()
    assert Kept.events, "the crash was reported"
    sent = json.dumps(Kept.events)
    assert "RuntimeError" in sent and "crash" in sent, "the report is useful"
    assert not [event for event in Kept.events if event.get("logger") == "api.access"], "not the request line"
    for secret in (token, invite, key, "4f" * 16, "c=1"):
        assert secret not in sent


def crash_while_sending(worker) -> None:
    """Have the push worker send what is due while the push library fails, and report its crash as the worker's
    own is reported (by sys.excepthook), from a frame that holds no secret of its own."""
    with worker.app_context(), mock.patch.object(delivery.WebPusher, "send", side_effect=RuntimeError("push failed")):
        try:
            delivery.deliver_due()
        except RuntimeError as crashed:
            sentry_sdk.capture_exception(crashed)
        else:
            pytest.fail("the worker did not crash")


def test_a_push_workers_crash_reports_no_subscription_key_nor_endpoint(app, new_app, tmp_path):
    """The push worker runs outside any request, so the scrubber knows no request's secrets; a crash while
    sending (a library's bug, say) holds the device's subscription in its frames: its keys, which encrypt what the
    device is told, and its endpoint, which names the device to its push service. Neither may reach Sentry, a
    third party a school's data protection officer asks about."""
    Kept.events = []
    private, public = vapid.new_pair()
    service = PushService(tmp_path, public)
    worker = new_app({"SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"], "RATELIMIT_ENABLED": False,
                      "SENTRY_DSN": "https://key@sentry.invalid/1", "SENTRY_OPTIONS": {"transport": Kept},
                      "VAPID_PRIVATE_KEY": private, "PUSH_CA_BUNDLE": service.cert,
                      "PUSH_HOSTS": endpoints.KNOWN_PUSH_SERVICES + (service.host,)})
    try:
        table = Table.create(worker.test_client(), join=False)
        subscription = service.device("ann").subscription()
        assert table.client.post(f"/api/v1/games/{table.id}/seats/0/push", json=subscription,
                                 headers=bearer(table.tokens[0])).status_code == 201
        table.join("Bob")  # Ann is to be told that Bob joined
        crash_while_sending(worker)
        sentry_sdk.flush()
        sent = json.dumps(Kept.events)
        assert "push failed" in sent and "_deliver" in sent, "the report is useful"
        for secret in (subscription["keys"]["auth"], subscription["keys"]["p256dh"], subscription["endpoint"], private):
            assert secret not in sent
    finally:
        service.stop()
        stop_reporting()


def test_the_scrubber_finds_secrets_wherever_they_sit():
    event = {"request": {"headers": {"Authorization": "Bearer tok-4242", "Idempotency-Key": "k" * 20, "Accept": "*/*"},
                         "data": {"invite": "i" * 22, "name": "Ann", "tokens": ["t" * 43]}},
             "exception": {"values": [{"value": "refused Bearer zzzzzzzzzz", "stacktrace": {"frames": [
                 {"vars": {"seed": "s" * 32, "match_id": "abcdefghijklmnop", "seat_link": "https://x/g/a#seat=y"}}]}}]},
             "breadcrumbs": {"values": [{"data": {"headers": [["authorization", "Bearer q"], ["accept", "x"]]}}]}}
    clean = reporting.scrub(event)
    text = json.dumps(clean)
    for secret in ("tok-4242", "k" * 20, "i" * 22, "t" * 43, "zzzzzzzzzz", "s" * 32, "#seat=y", "Bearer q"):
        assert secret not in text
    assert clean["request"]["headers"]["Accept"] == "*/*" and clean["request"]["data"]["name"] == "Ann"
    assert "abcdefghijklmnop" in text and clean["breadcrumbs"]["values"][0]["data"]["headers"][1] == ["accept", "x"]


def test_the_service_runs_without_pyyaml(tmp_path):
    """PyYAML is a test requirement only: the app serves its contract as text."""
    script = ("import sys; sys.modules['yaml'] = None\n"
              "from api import create_app\n"
              f"app = create_app({{'SQLALCHEMY_DATABASE_URI': 'sqlite:///{tmp_path}/x.sqlite'}})\n"
              "print(app.test_client().get('/api/v1/openapi.yaml').status_code)\n")
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.stdout.strip() == "200", run.stderr
