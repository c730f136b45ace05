"""Browser tests: the real server (gunicorn, a temporary SQLite file) and Debian's chromium through
Playwright, at a 390x844 touch viewport. Without chromium they are skipped, except in CI (CI=true),
where a missing browser fails the run instead of hiding the tests."""
import os
import shutil
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
VIEWPORT = {"width": 390, "height": 844}
CHROMIUM_FLAGS = ["--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--no-first-run"]
POLL_MS = 100  # the app polls every 3 s; tests need not wait that long
THINK_MS = 50  # the computer's replies show a second apart (js/views/thinking.js); tests need not wait that long
PUSH_HOST = "push.test"  # the push service a stubbed subscription names (test_push.py); never reached
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")

try:
    import playwright  # noqa: F401  (the tests import it; without it, skip them unless in CI)
except ImportError:
    if IN_CI:
        raise
    collect_ignore_glob = ["test_*.py"]


def _unavailable(reason: str):
    if IN_CI:
        pytest.fail(f"browser tests cannot run in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        _unavailable("chromium is not installed (apt-get install chromium fonts-dejavu-core)")
    return path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def database_file(tmp_path_factory) -> Path:
    """The server's SQLite file: tests that need time to pass move a match's past back (see matches.py)."""
    return tmp_path_factory.mktemp("server") / "browser.sqlite"


def _answers(url: str) -> bool:
    try:
        return requests.get(url, timeout=1).ok
    except requests.RequestException:
        return False


@contextmanager
def serving(database_file: Path, workers: int = 3, **settings: str):
    """The app served by gunicorn on localhost, on a fresh SQLite file, with `settings` (environment variables) over
    the tests' own; yields its origin."""
    folder = database_file.parent
    from api.push.vapid import new_pair

    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database_file}", "PUBLIC_URL": "",
           "RATELIMIT_ENABLED": "false",  # a fast machine plays faster than the limits let a person
           "VAPID_PRIVATE_KEY": new_pair()[0], "PUSH_HOSTS": PUSH_HOST, **settings}
    env.pop("PORT", None)
    subprocess.run([sys.executable, "-m", "flask", "--app", "wsgi", "db", "upgrade"], cwd=ROOT, env=env,
                   check=True, capture_output=True)
    port = _free_port()
    log = open(folder / "gunicorn.log", "w")
    process = subprocess.Popen([sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}", "--workers",
                                str(workers), "wsgi:app"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    origin = f"http://localhost:{port}"
    try:
        # Up once it answers, for as long as gunicorn lives: on a loaded machine (a CI's two cores, other suites beside)
        # its start took longer than the 100 tries once given to it, before it had written a line. It exits when its
        # app or a worker cannot boot; the deadline only guards against one that hangs.
        deadline = time.monotonic() + 300
        while not _answers(f"{origin}/api/v1/health"):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the server did not start: {(folder / 'gunicorn.log').read_text()}")
            time.sleep(0.1)
        yield origin
    finally:
        process.terminate()
        process.wait(timeout=30)  # a few seconds when the machine is quiet; far more under a loaded CI
        log.close()


@pytest.fixture(scope="session")
def server(database_file, chromium_path) -> str:
    """The app served by gunicorn on localhost, on a fresh SQLite file; yields its origin."""
    with serving(database_file) as origin:
        yield origin


@pytest.fixture(scope="session")
def browser(chromium_path):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install -r requirements-dev.txt)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def new_page(browser, server):
    """new_page(locale="en-GB", share=False) -> a page in a fresh context (a separate phone), of `user_agent` when
    given (an app's own browser). A JavaScript error on it fails the test, unless `errors_expected` (code made
    unreadable on purpose)."""
    contexts, errors = [], []

    def make(locale: str = "en-GB", share: bool = False, poll_ms: int = POLL_MS, think_ms: int = THINK_MS,
             errors_expected: bool = False, user_agent: str | None = None):
        context = browser.new_context(viewport=VIEWPORT, has_touch=True, is_mobile=True, locale=locale, user_agent=user_agent,
                                      base_url=server, permissions=["clipboard-read", "clipboard-write"],
                                      service_workers="block")
        context.add_init_script(f"localStorage.setItem('addgames.pollMs', '{poll_ms}');"
                                f"localStorage.setItem('addgames.thinkMs', '{think_ms}');")
        if share:
            context.add_init_script("navigator.share = async (data) => { window.sharedData = data; };")
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        if errors_expected:
            return page
        page.on("pageerror", lambda error: errors.append(f"{page.url}: {error.stack or error}"))
        page.on("console", lambda message: errors.append(f"{page.url}: {message.text}")
                if "Content Security Policy" in message.text else None)  # the policy blocked something
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors: {errors}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def matches(server, database_file):
    """For each game, one match in play with seat 0 to move and one played to the end; a timed match
    whose late seat's turn was claimed, and a three-seat match a seat left (all via the API)."""
    from .matches import GAMES, move_back_in_time, new_match

    playing, over = {}, {}
    for game in GAMES:
        match = playing[game] = new_match(server, game)
        match.play(lambda view: view["version"] >= 3 and view["turn"] == 0
                   and (game != "addtoo" or "place" in match.view(0)["you"]["legal_moves"]))
        over[game] = new_match(server, game)
        over[game].play(lambda view: False)
    timed = new_match(server, "addup", time_per_move=3600)
    move_back_in_time(database_file, timed.id, 2)
    assert timed.post("timeouts", 1 - timed.view(0)["turn"]).status_code == 200
    left = new_match(server, "addup", seats=3)
    assert left.post("resign", 2).status_code == 200
    left.play(lambda view: view["version"] >= 4)
    return {"playing": playing, "over": over, "waiting": new_match(server, "addup", join=False), "timed": timed,
            "left": left}
