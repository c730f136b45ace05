"""api/application.py's App runs a request's hooks, signals and session as Flask does, with the
hooks of each endpoint found once."""
import flask
import pytest
from flask import Blueprint, Flask, after_this_request, signals
from flask.sessions import NullSession

from api import create_app
from api.application import App
from api.models import db

SIGNALS = (signals.request_started, signals.request_finished, signals.request_tearing_down,
           signals.appcontext_pushed, signals.appcontext_popped, signals.appcontext_tearing_down)


def hooked(kind: type[Flask], stop_at: str | None = None) -> tuple[Flask, list[str]]:
    """An app of `kind` with every kind of request hook on the app, on a blueprint and on one nested
    in it, each recording its name as it runs; `stop_at` names a before_request hook that answers."""
    app, ran = kind(__name__), []
    outer, inner = Blueprint("outer", __name__), Blueprint("inner", __name__)

    def record(owner, name):
        def hook(*args):
            ran.append(f"{name} {owner.name}")
            if name.startswith("after"):
                return args[0]
            if name == stop_at and owner.name == "inner":
                return "stopped"
            return None
        return hook

    for owner in (app, outer, inner):
        for n in (1, 2):
            owner.url_value_preprocessor(record(owner, f"preprocess{n}"))
            owner.before_request(record(owner, f"before{n}"))
            owner.after_request(record(owner, f"after{n}"))
            owner.teardown_request(record(owner, f"teardown{n}"))

    @inner.get("/here")
    def here():
        after_this_request(record(app, "after_this_request"))
        return "inner"

    @app.get("/top")
    def top():
        return "top"

    outer.register_blueprint(inner, url_prefix="/inner")
    app.register_blueprint(outer, url_prefix="/outer")
    return app, ran


@pytest.mark.parametrize("path", ["/outer/inner/here", "/top", "/nowhere", "/outer/inner/here?again"])
def test_the_hooks_of_each_endpoint_run_in_flasks_order(path):
    ours, ran_here = hooked(App)
    flasks, ran_there = hooked(Flask)
    for app, ran in ((ours, ran_here), (flasks, ran_there)):
        client = app.test_client()
        client.get("/top")  # the first request: from now on no hook can be added
        ran.clear()
        for _ in range(2):  # the hooks are found, then remembered
            answer = client.get(path)
    assert ran_here == ran_there and ran_here, ran_here
    assert answer.status_code in (200, 404)
    assert set(ours.hooks("outer.inner.here").before) and "outer.inner.here" in ours._hooks


def test_a_before_request_hook_that_answers_ends_the_request_as_in_flask():
    answers = []
    for kind in (App, Flask):
        app, ran = hooked(kind, stop_at="before1")
        answer = app.test_client().get("/outer/inner/here")
        answers.append((answer.get_data(as_text=True), ran))
    assert answers[0] == answers[1]
    assert answers[0][0] == "stopped" and "before2 inner" not in answers[0][1]


def test_every_signal_reaches_its_receivers():
    app, _ = hooked(App)
    received = []
    receivers = {signal: lambda sender, name=signal.name, **_: received.append(name) for signal in SIGNALS}
    for signal, receiver in receivers.items():
        signal.connect(receiver, app, weak=False)
    try:
        assert app.test_client().get("/top").get_data() == b"top"
    finally:
        for signal, receiver in receivers.items():
            signal.disconnect(receiver, app)  # this test's only: another (Sentry's) may be connected
    assert sorted(received) == sorted(signal.name for signal in SIGNALS)


def test_a_signal_with_no_receiver_is_sent_to_none(monkeypatch):
    for signal in SIGNALS:
        monkeypatch.setattr(signal, "receivers", {})  # whatever an earlier test connected
    assert [signal.send(None) for signal in SIGNALS] == [[]] * len(SIGNALS)


def test_every_request_has_one_empty_session_that_refuses_changes():
    app, _ = hooked(App)
    sessions = []

    @app.get("/session")
    def session():
        sessions.append(flask.session._get_current_object())
        with pytest.raises(RuntimeError, match="session is unavailable"):
            flask.session["who"] = "anyone"
        return ""

    client = app.test_client()
    client.get("/session")
    answer = client.get("/session")
    assert isinstance(sessions[0], NullSession) and sessions[0] is sessions[1]
    assert "Set-Cookie" not in answer.headers and "Cookie" not in answer.headers.get("Vary", "")


def test_an_orm_session_a_request_opened_is_removed_when_it_ends(tmp_path):
    app, opened = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'orm.db'}"}), []

    @app.get("/orm")
    def orm():
        opened.append(db.session())
        return ""

    held = db.session.registry.registry
    client = app.test_client()
    assert client.get("/orm").status_code == 200 and not held, "the session was not removed"
    client.get("/orm")
    assert opened[0] is not opened[1], "each request got its own"
    assert client.get("/api/v1/rules").status_code == 200 and not held


def test_hooks_added_before_the_first_request_run_though_hooks_ran_earlier():
    app, ran = hooked(App)
    with app.test_request_context("/top"):
        app.preprocess_request()  # as a test of a hook may, before the app serves any request
    app.before_request(lambda: ran.append("added later"))
    ran.clear()
    app.test_client().get("/top")
    assert "added later" in ran
