"""The service itself: its contract, docs, health, configuration and migrations."""
import re

import flask_migrate
import pytest
import yaml
from flask import Flask
from flask import app as flask_app
from openapi_spec_validator import validate
from werkzeug.exceptions import HTTPException, MethodNotAllowed, NotFound
from werkzeug.routing import MapAdapter
from werkzeug.test import EnvironBuilder

from api import create_app
from api.application import App, RememberingAdapter
from api.config import ROOT, database_url, engine_options, flag, seconds

SPEC_FILE = ROOT / "openapi.yaml"


def test_the_spec_is_valid_openapi():
    validate(yaml.safe_load(SPEC_FILE.read_text()))


def test_every_api_route_is_in_the_spec_and_every_spec_path_is_a_route(app):
    routes = {(re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule), method.lower())
              for rule in app.url_map.iter_rules() if rule.rule.startswith("/api/v1/")
              for method in rule.methods - {"HEAD", "OPTIONS"}}
    spec = yaml.safe_load(SPEC_FILE.read_text())["paths"]
    documented = {(path.replace("{id}", "{match_id}").replace("{game}", "{key}"), method)
                  for path, item in spec.items() for method in item if method != "parameters"}
    assert routes == documented


def test_the_spec_and_its_docs_are_served_without_any_cdn(client):
    spec = client.get("/api/v1/openapi.yaml")
    assert spec.status_code == 200 and spec.get_data(as_text=True) == SPEC_FILE.read_text()
    with client.get("/api/docs/") as page, client.get("/api/docs/init.js") as init:
        assert not re.search(r"(src|href)=\"https?://", page.get_data(as_text=True)), "every asset is served by us"
        assert 'url: "/api/v1/openapi.yaml"' in init.get_data(as_text=True)
    for asset in ("swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "swagger-ui.css", "index.css"):
        with client.get(f"/api/docs/{asset}") as bundle:
            assert bundle.status_code == 200


def test_health_reports_the_database(client):
    assert client.get("/api/v1/health").json == {"status": "ok", "database": "ok"}


def test_health_is_503_with_retry_after_when_the_database_is_down():
    down = create_app({"SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://nobody@127.0.0.1:1/none"})
    response = down.test_client().get("/api/v1/health")
    assert response.status_code == 503 and response.headers["Retry-After"]
    assert response.json["code"] == "database_unavailable"


def test_requests_needing_a_down_database_are_503_problems():
    down = create_app({"SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://nobody@127.0.0.1:1/none"})
    response = down.test_client().get("/api/v1/games/abcdefghijklmnop")
    assert response.status_code == 503 and response.content_type == "application/problem+json"


@pytest.mark.parametrize("given, expected", [
    ("postgres://u:p@db.example:5432/app", "postgresql+psycopg://u:p@db.example:5432/app"),
    ("postgresql://u@db/app?sslmode=require", "postgresql+psycopg://u@db/app?sslmode=require"),
    ("postgresql+psycopg://u@db/app", "postgresql+psycopg://u@db/app"),
    ("sqlite:////tmp/x.sqlite", "sqlite:////tmp/x.sqlite"),
])
def test_database_urls_from_a_paas_get_the_psycopg_driver(given, expected):
    assert database_url(given) == expected


def test_sqlite_is_the_default(monkeypatch):
    assert database_url(None).startswith("sqlite:///") and database_url(None).endswith("instance/addgames.sqlite")


def test_models_and_migrations_agree(app):
    """`flask db check`: fails when a model changed without a migration."""
    with app.app_context():
        flask_migrate.check()


def test_a_database_url_keeps_its_own_postgresql_options():
    """The timeouts are added to the URL's `options` (a search_path, say), never in their place."""
    url = "postgresql+psycopg://u@db/app?options=-csearch_path%3Dother"
    options = engine_options(url, 3, 2, 5)["connect_args"]["options"]
    assert options.split() == ["-csearch_path=other", "-c", "lock_timeout=2000", "-c", "statement_timeout=5000"]


@pytest.mark.parametrize("raw, read", [("true", True), ("1", True), (" YES", True), ("On", True), ("false", False),
                                       ("0", False), ("no", False), ("OFF ", False), ("", None), (None, None)])
def test_an_on_off_setting_is_read_in_any_usual_spelling(monkeypatch, raw, read):
    if raw is not None:
        monkeypatch.setenv("SOME_FLAG", raw)
    assert flag("SOME_FLAG", True) is (True if read is None else read)
    assert flag("SOME_FLAG", False) is (False if read is None else read)


@pytest.mark.parametrize("raw", ["ture", "2", "enabled"])
def test_an_on_off_setting_that_is_neither_stops_the_start(monkeypatch, raw):
    monkeypatch.setenv("METRICS", raw)
    with pytest.raises(ValueError, match=f"METRICS='{raw}' is neither on nor off"):
        flag("METRICS", False)


@pytest.mark.parametrize("raw", ["0", "-1", "nan", "inf", "soon"])
def test_a_wait_that_is_no_wait_stops_the_start(monkeypatch, raw):
    """0 would not mean 'no limit' (every wait is bounded): it would refuse every statement."""
    monkeypatch.setenv("DATABASE_STATEMENT_TIMEOUT", raw)
    with pytest.raises(ValueError, match=f"DATABASE_STATEMENT_TIMEOUT='{raw}' is no number of seconds above 0"):
        seconds("DATABASE_STATEMENT_TIMEOUT", 5)


def test_a_wait_is_read_in_seconds(monkeypatch):
    monkeypatch.setenv("DATABASE_LOCK_TIMEOUT", "0.25")
    assert (seconds("DATABASE_LOCK_TIMEOUT", 2), seconds("UNSET_WAIT", 2)) == (0.25, 2)


def test_each_hook_and_view_is_checked_for_a_coroutine_once(app, client, monkeypatch):
    """Flask asks whether each hook and view is a coroutine function on every request; the app asks
    once per function (api/application.py's App.ensure_sync) and answers alike."""
    checked = []
    real = flask_app.iscoroutinefunction
    monkeypatch.setattr(flask_app, "iscoroutinefunction", lambda func: checked.append(func) or real(func))
    monkeypatch.setattr(app, "_synced", {})
    assert client.get("/api/v1/rules").status_code == 200
    first = len(checked)
    assert first >= 3, "the view and the request hooks were checked"
    assert client.get("/api/v1/rules").status_code == 200
    assert len(checked) == first, "a second request checked again"


def test_functions_made_per_request_are_not_kept_past_a_bound(app, monkeypatch):
    monkeypatch.setattr(app, "_synced", {})
    made = [lambda n=n: n for n in range(App.KEPT + 100)]
    assert [app.ensure_sync(func)() for func in made] == list(range(App.KEPT + 100))
    assert len(app._synced) == App.KEPT


BINDINGS = [  # (base URL, path, method, headers): hosts, ports, schemes, script names, paths as werkzeug sees them
    ("http://localhost", "/api/v1/games/AQd0zODt6g0McKXr", "GET", {}),
    ("http://Example.COM:8000", "/api/v1/games/AQd0zODt6g0McKXr/moves", "POST", {}),
    ("https://example.com:443", "/api/v1/rules", "GET", {}),
    ("http://bücher.example", "/g/AQd0zODt6g0McKXr", "GET", {}),
    ("http://[::1]:8000", "/api/v1/rules/addup?x=%C3%A9", "GET", {}),
    ("http://localhost/prefix", "/api/v1/rules", "GET", {}),
    ("http://localhost", "/caf%C3%A9/%FF", "GET", {}),
    ("https://localhost", "/api/v1/health", "GET", {"Connection": "keep-alive, Upgrade", "Upgrade": "websocket"}),
]
ADAPTER = ("server_name", "script_name", "subdomain", "url_scheme", "path_info", "default_method", "query_args",
           "websocket")


@pytest.mark.parametrize(("base", "path", "method", "headers"), BINDINGS)
def test_a_url_map_bound_once_per_host_binds_each_request_as_flask_does(app, monkeypatch, base, path, method, headers):
    """The app binds its URL map to a host once (api/application.py's App.create_url_adapter); each later request with
    that host gets the adapter Flask and werkzeug would make for it."""
    monkeypatch.setattr(app, "_bound", {})
    monkeypatch.setattr(app, "_adapters", {})

    def request(path):
        return app.request_class(EnvironBuilder(path=path, base_url=base, method=method, headers=headers).get_environ())

    app.create_url_adapter(request("/api/v1/health"))  # another request from the same host, first
    asked = request(path)
    ours, flasks = app.create_url_adapter(asked), Flask.create_url_adapter(app, asked)
    assert len(app._bound) == 1, "the host was bound again"
    assert [getattr(ours, name) for name in ADAPTER] == [getattr(flasks, name) for name in ADAPTER]
    assert _matched(ours) == _matched(flasks)
    again = app.create_url_adapter(request(path))
    assert _matched(again) == _matched(flasks), "what the path matched was remembered wrong"


def _matched(adapter):
    """The rule and arguments the adapter finds for its request, or the kind of error it raises."""
    try:
        return adapter.match(return_rule=True)
    except HTTPException as error:
        return type(error)


def test_a_path_is_matched_once_and_each_request_gets_its_own_arguments(app, monkeypatch):
    monkeypatch.setattr(app, "_bound", {})
    monkeypatch.setattr(app, "_adapters", {})
    environ = EnvironBuilder(path="/api/v1/games/AQd0zODt6g0McKXr").get_environ()
    app.create_url_adapter(app.request_class(environ))  # the host's first request, bound by Flask
    walked = []
    real = MapAdapter.match
    monkeypatch.setattr(MapAdapter, "match", lambda *a, **k: walked.append(a) or real(*a, **k))
    rule, args = app.create_url_adapter(app.request_class(environ)).match(return_rule=True)
    args["match_id"] = "changed by a hook"
    assert app.create_url_adapter(app.request_class(environ)).match() == ("games.get_game",
                                                                         {"match_id": "AQd0zODt6g0McKXr"})
    assert rule.endpoint == "games.get_game" and len(walked) == 1, "werkzeug matched the path once"
    posted = EnvironBuilder(path="/api/v1/games/AQd0zODt6g0McKXr", method="POST").get_environ()
    assert _matched(app.create_url_adapter(app.request_class(posted))) is MethodNotAllowed
    assert app.create_url_adapter(app.request_class(environ)).match("/api/v1/rules") == ("rules.list_rules", {})


def test_an_adapter_is_kept_for_the_requests_that_ask_the_same(app, monkeypatch):
    monkeypatch.setattr(app, "_bound", {})
    monkeypatch.setattr(app, "_adapters", {})

    def adapter(path, method="GET"):
        return app.create_url_adapter(app.request_class(EnvironBuilder(path=path, method=method).get_environ()))

    adapter("/api/v1/rules")  # the host's first request, bound by Flask
    kept = adapter("/api/v1/games/AQd0zODt6g0McKXr/moves?after=3")
    assert adapter("/api/v1/games/AQd0zODt6g0McKXr/moves?after=3") is kept and kept.query_args == "after=3"
    other = adapter("/api/v1/games/AQd0zODt6g0McKXr/moves?after=4")
    assert other is not kept and other.query_args == "after=4"
    assert adapter("/api/v1/games/AQd0zODt6g0McKXr/moves?after=3", "POST") is not kept


def test_paths_matched_are_forgotten_past_a_bound(app, monkeypatch):
    monkeypatch.setattr(app, "_bound", {})
    monkeypatch.setattr(app, "_adapters", {})
    monkeypatch.setattr(RememberingAdapter, "PATHS_KEPT", 3)

    def matched(path):
        return app.create_url_adapter(app.request_class(EnvironBuilder(path=path).get_environ())).match()

    matched("/api/v1/rules")  # the host's first request, bound by Flask
    ids = [f"AQd0zODt6g0McK{n:02}" for n in range(7)]
    assert [matched(f"/api/v1/games/{id}") for id in ids] == [("games.get_game", {"match_id": id}) for id in ids]
    assert 0 < len(app._adapters) <= 3


def test_what_a_path_matched_is_remembered_per_host(app, monkeypatch):
    monkeypatch.setattr(app, "_bound", {})
    monkeypatch.setattr(app, "_adapters", {})
    for host in ("http://one.example", "http://two.example", "http://one.example"):
        for _ in range(2):  # the host's first request is bound by Flask, the next remembers
            environ = EnvironBuilder(path="/api/v1/rules", base_url=host).get_environ()
            assert app.create_url_adapter(app.request_class(environ)).match() == ("rules.list_rules", {})
    assert sorted(asked[0] for asked in app._adapters) == ["one.example", "two.example"]


def test_a_path_that_matches_nothing_is_not_remembered(app, monkeypatch):
    monkeypatch.setattr(app, "_bound", {})
    monkeypatch.setattr(app, "_adapters", {})
    for _ in range(3):
        adapter = app.create_url_adapter(app.request_class(EnvironBuilder(path="/api/v1/nothing").get_environ()))
        assert _matched(adapter) is NotFound
    assert [adapter._found for adapter in app._adapters.values()] == [None]


def test_an_environ_without_a_path_is_bound_at_the_root(app, monkeypatch):
    monkeypatch.setattr(app, "_bound", {})
    environ = EnvironBuilder(path="/api/v1/rules").get_environ()
    app.create_url_adapter(app.request_class(dict(environ)))
    del environ["PATH_INFO"]
    bare = app.request_class(environ)
    assert app.create_url_adapter(bare).path_info == Flask.create_url_adapter(app, bare).path_info == "/"


@pytest.mark.parametrize(("host", "trusted"), [("a" * 64 + ".example", None), ("untrusted.example", ["localhost"])])
def test_a_host_flask_refuses_is_refused_every_time(app, client, monkeypatch, host, trusted):
    """A host werkzeug cannot encode (a label over 63 characters), or one outside TRUSTED_HOSTS, is a
    400 at each request: a refused binding is never kept."""
    monkeypatch.setitem(app.config, "TRUSTED_HOSTS", trusted)
    monkeypatch.setattr(app, "_bound", {})
    monkeypatch.setattr(app, "_adapters", {})
    for _ in range(2):  # the web app's page: openapi.yaml lists no 400 for the API's reads
        assert client.get("/", headers={"Host": host}).status_code == 400
    assert client.get("/").status_code == client.get("/").status_code == 200
    assert len(app._bound) == 1


def test_hosts_are_not_kept_past_a_bound(app, monkeypatch):
    monkeypatch.setattr(app, "_bound", {})
    for n in range(App.KEPT + 10):
        app.create_url_adapter(app.request_class(EnvironBuilder(path="/", base_url=f"http://host{n}.example").get_environ()))
    assert len(app._bound) == App.KEPT
