"""The web app's files: gzip when the browser takes it, an ETag per content and encoding, and
`no-cache`, so a phone keeps them and only revalidates (a 304) until they change."""
import gzip
import html
import re
import struct
from urllib.parse import urlsplit

import pytest
from flask.testing import FlaskClient

from api import frontend


@pytest.mark.parametrize("path", ["/", "/g/some-match", "/class/addup", "/sheets/some-sheet", "/leagues/some-league", "/privacy", "/js/app.js", "/css/app.css"])
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


def test_every_file_names_the_shells_version_which_sw_js_and_the_page_carry(client):
    """The service worker keeps only files of its own version, and the page compares its version with the server's."""
    version = client.get("/sw.js").headers["Shell-Version"]
    assert len(version) == 16
    for path in ["/", "/g/some-match", "/index.html", "/js/app.js", "/icons/icon-192.png", "/sw.js"]:
        assert client.get(path).headers["Shell-Version"] == version, path
        assert client.head(path).headers["Shell-Version"] == version, path
    assert f'const VERSION = "{version}";'.encode() in client.get("/sw.js").data
    assert f'<meta name="shell-version" content="{version}">'.encode() in client.get("/").data
    page = client.get("/", headers={"Accept-Encoding": "gzip"})
    revalidated = client.get("/", headers={"Accept-Encoding": "gzip", "If-None-Match": page.headers["ETag"]})
    assert revalidated.status_code == 304 and revalidated.headers["Shell-Version"] == version  # the worker's install revalidates


def test_a_deploy_that_changes_any_file_changes_the_version_and_so_sw_js(client, tmp_path, monkeypatch):
    """Every deploy makes browsers install a new service worker: no version name to remember to bump."""
    monkeypatch.setattr(frontend, "FRONTEND", tmp_path)
    (tmp_path / "js").mkdir()
    (tmp_path / "sw.js").write_text('const VERSION = "__SHELL_VERSION__";\n' + "// the worker\n" * 30)
    (tmp_path / "js" / "view.js").write_text("export default 1;\n")
    before = client.get("/sw.js")
    monkeypatch.setattr(frontend, "_version", (0.0, "", ""))  # the server does so once a second at most
    (tmp_path / "js" / "view.js").write_text("export default 22;\n")
    after = client.get("/sw.js", headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and after.headers["ETag"] != before.headers["ETag"]
    assert after.headers["Shell-Version"] != before.headers["Shell-Version"]
    assert after.data == before.data.replace(before.headers["Shell-Version"].encode(), after.headers["Shell-Version"].encode())
    assert b"__SHELL_VERSION__" not in after.data


def preview(page: bytes) -> dict[str, str]:
    """The link preview's tags of a page, as a crawler reads them: property (or name) -> content."""
    return {key: html.unescape(value) for key, value in
            re.findall(rb'<meta (?:property|name)="((?:og|twitter):[\w:]+)" content="([^"]*)">', page)
            for key, value in [(key.decode(), value.decode())]}


def test_a_link_preview_says_what_addgames_is_with_an_absolute_image_of_its_size(app, client, monkeypatch):
    """WhatsApp, iMessage, Slack, Telegram and Facebook read the page's head without running its script: an invite
    showed as a bare "addgames" with no image (QA). The image is the app's icon, by an absolute address (a crawler
    resolves no relative one) on the host asked, or on PUBLIC_URL when set. No og:url: each page's own address is its
    canonical one, and a single one would make Facebook show the home page for every invite."""
    page = client.get("/g/some-match", base_url="https://play.example")
    tags = preview(page.data)
    assert tags["og:site_name"] == "addgames" and tags["og:type"] == "website" and tags["twitter:card"] == "summary"
    assert "play" in tags["og:title"] and "ADD UP" in tags["og:description"] and "og:url" not in tags
    assert (tags["og:image"], tags["og:image:width"], tags["og:image:height"]) == (
        "https://play.example/icons/icon-512.png", "512", "512")
    image = client.get(urlsplit(tags["og:image"]).path)
    assert image.mimetype == tags["og:image:type"] == "image/png"
    assert struct.unpack(">II", image.data[16:24]) == (512, 512)  # the PNG's own width and height (its IHDR)
    assert tags["og:image:alt"]
    assert preview(client.get("/", base_url="https://play.example").data) == tags  # the home page shows the same
    again = client.get("/g/some-match", base_url="https://play.example", headers={"If-None-Match": page.headers["ETag"]})
    assert again.status_code == 304
    monkeypatch.setitem(app.config, "PUBLIC_URL", "https://addgames.example")
    public = client.get("/g/some-match", base_url="http://10.0.0.7:8000", headers={"If-None-Match": page.headers["ETag"]})
    assert public.status_code == 200 and preview(public.data)["og:image"] == "https://addgames.example/icons/icon-512.png"
