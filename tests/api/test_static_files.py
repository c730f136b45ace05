"""The web app's files: gzip when the browser takes it, an ETag per content and encoding, and
`no-cache`, so a phone keeps them and only revalidates (a 304) until they change."""
import gzip

import pytest
from flask.testing import FlaskClient

from api import frontend


@pytest.mark.parametrize("path", ["/", "/g/some-match", "/js/app.js", "/css/app.css"])
def test_text_files_are_compressed_kept_and_revalidated(client, path):
    plain = client.get(path)
    zipped = client.get(path, headers={"Accept-Encoding": "gzip, br"})
    assert plain.status_code == zipped.status_code == 200
    assert "Content-Encoding" not in plain.headers and zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.data) == plain.data and len(zipped.data) < len(plain.data)
    assert "Accept-Encoding" in zipped.headers["Vary"] and zipped.headers["Cache-Control"] == "no-cache"
    assert plain.headers["ETag"] != zipped.headers["ETag"]
    again = client.get(path, headers={"Accept-Encoding": "gzip", "If-None-Match": zipped.headers["ETag"]})
    assert (again.status_code, again.data) == (304, b"")
    other = client.get(path, headers={"If-None-Match": zipped.headers["ETag"]})  # the plain copy is another entity
    assert other.status_code == 200 and other.data == plain.data


def test_a_changed_file_gets_a_new_etag(client, tmp_path, monkeypatch):
    monkeypatch.setattr(frontend, "FRONTEND", tmp_path)
    page = tmp_path / "index.html"
    page.write_text("<!doctype html><p>one</p>" * 20)
    first = client.get("/")
    page.write_text("<!doctype html><p>three</p>" * 20)
    second = client.get("/", headers={"If-None-Match": first.headers["ETag"]})
    assert second.status_code == 200 and b"three" in second.data and second.headers["ETag"] != first.headers["ETag"]


def test_images_are_sent_as_they_are_and_missing_files_are_404(client):
    icon = client.get("/icons/icon-192.png", headers={"Accept-Encoding": "gzip"})
    assert icon.status_code == 200 and "Content-Encoding" not in icon.headers and icon.mimetype == "image/png"
    assert client.get("/js/nope.js").status_code == 404
    assert client.get("/../README.md").status_code == 404


PAGE = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}  # a browser's navigation


@pytest.mark.parametrize(("path", "to"), [("/g/some-match/", "/g/some-match"), ("/new/", "/new"),
                                          ("/rules/addup/?lang=fr", "/rules/addup?lang=fr"), ("//elsewhere.test/", "/elsewhere.test")])
def test_a_page_asked_for_with_a_trailing_slash_is_sent_to_the_address_without_it(client, path, to):
    where, _, query = path.partition("?")
    answer = client.get("/", query_string=query, headers=PAGE, environ_overrides={"PATH_INFO": where})
    assert answer.status_code == 308 and answer.headers["Location"] == to


def test_an_unknown_page_is_the_apps_own_not_found_screen_and_the_api_keeps_problem_json(client):
    page = client.get("/no/such/page", headers=PAGE)
    assert page.status_code == 404 and page.mimetype == "text/html" and page.data == client.get("/").data
    for path, headers in [("/api/nope", PAGE), ("/api/nope/", PAGE), ("/no/such/page", {}),
                          ("/js/nope.js", {"Accept": "*/*"})]:
        answer = client.get(path, headers=headers)
        assert (answer.status_code, answer.mimetype) == (404, "application/problem+json"), path


def test_an_unknown_api_path_or_method_says_so_in_the_apis_words(app, client):
    """Werkzeug's own detail asked an integrator to check the spelling of a URL typed by hand (QA)."""
    missing = client.get("/api/v1/games/abc/versions/-1")
    assert (missing.status_code, missing.json["code"], missing.json["detail"]) == (
        404, "not_found", "There is nothing at /api/v1/games/abc/versions/-1: the API's paths are in /api/v1/openapi.yaml.")
    asset = client.get("/js/nope.js")  # not the API's: no word of its spec
    assert (asset.status_code, asset.json["detail"]) == (404, "There is nothing at /js/nope.js.")
    wrong = FlaskClient(app).put("/api/v1/games")  # no operation of the spec to hold it to
    assert (wrong.status_code, wrong.json["code"], wrong.json["detail"]) == (
        405, "method_not_allowed", "PUT is not a method of /api/v1/games; see its Allow header.")
    assert set(wrong.headers["Allow"].split(", ")) == {"OPTIONS", "POST"}
