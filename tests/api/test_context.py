"""api/context.py hands over the objects behind Flask's proxies, for the request being served."""
import flask
import pytest

from api.context import current_flask_app, current_g, current_request


def test_they_are_the_objects_of_the_request_being_served(app):
    with app.test_request_context("/api/v1/health", headers={"Prefer": "wait=1"}):
        flask.g.marked = "this request"
        assert current_request() is flask.request._get_current_object()
        assert current_request().headers["Prefer"] == "wait=1"
        assert current_g().marked == "this request"
        assert current_flask_app() is app
    with app.test_request_context("/api/v1/games"):
        assert "marked" not in current_g()  # the next request's g is its own


def test_outside_a_request_they_fail_as_the_proxies_do():
    for current in (current_request, current_g, current_flask_app):
        with pytest.raises(RuntimeError, match="outside of"):
            current()
