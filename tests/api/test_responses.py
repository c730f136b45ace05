"""The app's response class (api/jsonio.py): what reaches the server is exactly what werkzeug's own
Response sends, for the answers it takes a shorter way with and for those it leaves to werkzeug."""
import json

import flask
import pytest
from flask import Response
from werkzeug.test import create_environ

from api.jsonio import PlainResponse


def sent(response: Response, method: str = "GET") -> tuple[str, list, bytes]:
    """The status, headers and body `response` gives the WSGI server, its body iterable closed."""
    started = []
    body = response(create_environ("/api/v1/games/x", method=method), lambda status, headers: started.append(
        (status, headers)))
    try:
        data = b"".join(body)
    finally:
        getattr(body, "close", lambda: None)()
    [(status, headers)] = started
    return status, headers, data


def both(make) -> tuple:
    return make(PlainResponse), make(Response)


ANSWERS = {
    "json": lambda cls: cls('{"version": 3}\n', mimetype="application/json", headers={"ETag": '"v3"'}),
    "created, with a Location": lambda cls: cls("{}", status=201, headers={"Location": "/api/v1/games/ä"}),
    "no content": lambda cls: cls(status=204),
    "no content, made with an empty body": lambda cls: cls("", status=204),
    "not modified": lambda cls: cls(status=304, headers={"ETag": '"v3"', "Content-Type": "text/plain"}),
    "not modified, made with an empty body": lambda cls: cls("", status=304, headers={"ETag": '"v3"'}),
    "a problem": lambda cls: cls('{"status": 409}', status=409, mimetype="application/problem+json"),
    "streamed": lambda cls: cls(iter([b"a", b"b"]), mimetype="text/plain"),
    "a list without its length": lambda cls: _without_length(cls([b"ab", b"c"])),
}


def _without_length(response: Response) -> Response:
    del response.headers["Content-Length"]
    return response


@pytest.mark.parametrize("method", ["GET", "HEAD"])
@pytest.mark.parametrize("name", sorted(ANSWERS))
def test_an_answer_is_sent_as_werkzeug_sends_it(name, method):
    ours, werkzeugs = both(ANSWERS[name])
    assert sent(ours, method) == sent(werkzeugs, method)


def test_a_json_answer_takes_the_short_way_and_its_headers_stay_its_own():
    response = ANSWERS["json"](PlainResponse)
    started = []
    body = response(create_environ("/api/v1/games/x"), lambda status, headers: started.append(headers))
    assert body is response.response, "the body as it is, not wrapped to be closed"
    started[0].append(("X-Request-Id", "added by a layer around the app"))
    assert "X-Request-Id" not in response.headers


def test_what_is_to_run_when_the_answer_is_sent_runs():
    closed = []
    response = ANSWERS["json"](PlainResponse)
    response.call_on_close(lambda: closed.append(True))
    sent(response)
    assert closed == [True]


@pytest.mark.parametrize("body", [b'{"version": 3}\n', b"", "é ∑ 😀\n".encode()])
def test_a_json_answer_made_in_memory_is_the_one_werkzeug_makes(body):
    ours = PlainResponse.in_memory(body, "application/json")
    werkzeugs = PlainResponse(body, mimetype="application/json")
    assert {name: value for name, value in vars(ours).items() if name != "headers"} == \
        {name: value for name, value in vars(werkzeugs).items() if name != "headers"}
    assert ours.headers.to_wsgi_list() == werkzeugs.headers.to_wsgi_list()
    assert ours.get_json(silent=True) == werkzeugs.get_json(silent=True) and ours.status == "200 OK"
    ours.headers.add("ETag", '"v3"')  # a header of its own added after, as the views add theirs
    assert ("ETag", '"v3"') in sent(ours)[1] and "ETag" not in werkzeugs.headers


def test_jsonify_makes_its_answer_in_memory_also_past_what_orjson_encodes(app):
    with app.test_request_context():
        answer = flask.jsonify({"big": 2**70, "text": "é"})
    assert type(answer) is PlainResponse and answer.headers["Content-Length"] == str(len(answer.get_data()))
    assert json.loads(answer.get_data()) == {"big": 2**70, "text": "é"} and answer.get_data().endswith(b"}\n")
