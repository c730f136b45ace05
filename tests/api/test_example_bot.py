"""examples/class_bot.py, the README's example client, run as a teacher runs it against a real
gunicorn: it creates a match per pupil and plays seat 0 of each to the end, and the rematch a pupil
asks for, while the pupils (threads here, choosing their moves as the bot does) join with the join
codes it printed. The seats' move limit is low, so that both sides are likely to meet `429` and wait it out;
the last test sends a write again after a `429` for sure."""
import importlib.util
import re
import subprocess
import sys
from threading import Thread

import pytest
import requests
from requests import Response, Session
from requests.adapters import HTTPAdapter

from api.config import ROOT

from .live import gunicorn

SCRIPT = ROOT / "examples" / "class_bot.py"
spec = importlib.util.spec_from_file_location("class_bot", SCRIPT)
assert spec and spec.loader
class_bot = importlib.util.module_from_spec(spec)
spec.loader.exec_module(class_bot)


@pytest.fixture(scope="module")
def server(app, tmp_path_factory):
    log = tmp_path_factory.mktemp("gunicorn") / "server.log"
    with gunicorn(app.config["SQLALCHEMY_DATABASE_URI"], log, workers=2, LIMIT_MOVE="10 per 2 seconds") as url:
        yield url


def pupil(base: str, code: str, rematch: bool) -> list[dict]:
    """A pupil joins with the code on the board, plays to the end and (when told) asks for a rematch
    and plays it: the final view of each match."""
    found = requests.post(f"{base}/api/v1/join-code", json={"join_code": code.lower()}, timeout=30)
    assert found.status_code == 200, found.text
    match_id = found.json()["id"]
    joined = class_bot.send(requests.Session(), "POST", f"{base}/api/v1/games/{match_id}/seats", json={"join_code": code})
    assert joined.status_code == 201 and joined.json()["seat"] == 1, joined.text
    ends = [class_bot.play(base, match_id, joined.json()["token"])]
    if rematch:
        asked = class_bot.send(requests.Session(), "POST", f"{base}/api/v1/games/{match_id}/rematch",
                               headers={"Authorization": f"Bearer {joined.json()['token']}"})
        assert asked.status_code == 201, asked.text
        ends.append(class_bot.play(base, asked.json()["game"]["id"], asked.json()["token"]))
    return ends


@pytest.mark.parametrize(("game", "pupils", "rematches"), [("addup", ["Ann", "Bob"], 1), ("plusminus", ["Cy"], 0)])
def test_the_example_bot_plays_a_class_to_the_end(server, game, pupils, rematches):
    base = server
    bot = subprocess.Popen([sys.executable, str(SCRIPT), "--server", base, "--game", game, "--rematches", str(rematches),
                            *pupils], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert bot.stdout
    codes = {}
    for _ in pupils:  # the codes come before any move: the pupils need them to join
        name, code = re.fullmatch(r"(\w+): join code ([A-Z0-9]{3}-[A-Z0-9]{3}), or http\S+#invite=\S+\n", bot.stdout.readline()).groups()
        codes[name] = code
    assert list(codes) == pupils
    ends: dict[str, list[dict]] = {}
    # Daemon threads: should the bot fail, the pupils it leaves waiting do not hold the run up.
    pupils_playing = [Thread(target=lambda name=name: ends.update({name: pupil(base, codes[name], rematches > 0)}),
                             daemon=True) for name in pupils]
    for thread in pupils_playing:
        thread.start()
    out, err = bot.communicate()
    assert bot.returncode == 0, err
    for thread in pupils_playing:
        thread.join()
    assert sorted(ends) == sorted(pupils)
    for name, views in ends.items():
        assert len(views) == 1 + rematches
        for view in views:
            assert view["game"] == game and view["status"] == "over" and view["winners"]
            assert [seat["name"] for seat in view["seats"]] == ["Teacher's bot", name]
        log_of = requests.get(f"{base}/api/v1/games/{views[-1]['id']}/moves", timeout=30).json()["moves"]
        assert {entry["seat"] for entry in log_of if entry["kind"] == "move"} == {0, 1}, "both played every match"
        last = views[-1]
        said = "won" if 1 in last["winners"] else "lost"
        assert f"{name}: {said} ({last['scores'][1]} to {last['scores'][0]})\n" in out


class RefusedOnce(HTTPAdapter):
    """The server's answer to a request's first try replaced by a refusal to try again (a `429`,
    which the server counts in time windows, or a `503`, a database stall: neither can be counted on
    here); every try's Idempotency-Key noted (None for a read)."""

    def __init__(self, status: int):
        super().__init__()
        self.status = status
        self.keys: list[str | None] = []

    def send(self, request, *args, **kwargs):
        self.keys.append(request.headers.get("Idempotency-Key"))
        if len(self.keys) > 1:
            return super().send(request, *args, **kwargs)
        refused = Response()
        refused.status_code, refused.request = self.status, request
        refused.headers["Retry-After"] = "1"
        return refused


def test_a_write_refused_429_is_sent_again_with_its_key(server):
    base = server
    http, adapter = requests.Session(), RefusedOnce(429)
    http.mount(base, adapter)
    created = class_bot.send(http, "POST", f"{base}/api/v1/games", json={"game": "addup", "seats": 2, "name": "Ann"})
    assert created.status_code == 201
    assert len(adapter.keys) == 2 and adapter.keys[0] == adapter.keys[1], "one write, tried twice"


def test_a_poll_answered_503_is_sent_again(server):
    """A database stall (`503 database_unavailable`, with `Retry-After`) is worth waiting out: the
    bot's poll gave it up, and with it the thread playing that pupil's match, for the rest of the class."""
    base = server
    created = requests.post(f"{base}/api/v1/games", json={"game": "addup", "seats": 2, "name": "Ann"}, timeout=30)
    http, adapter = requests.Session(), RefusedOnce(503)
    http.mount(base, adapter)
    answer = class_bot.news(http, f"{base}/api/v1/games/{created.json()['game']['id']}", None)
    assert answer.status_code == 200 and len(adapter.keys) == 2


class ResignsFirst(HTTPAdapter):
    """The pupil resigns just before the bot's first move reaches the server: the move meets `409 game_over`."""

    def __init__(self, resign: str, pupil_token: str):
        super().__init__()
        self.resign, self.pupil_token = resign, pupil_token

    def send(self, request, *args, **kwargs):
        if request.method == "POST" and request.url.endswith("/moves") and self.pupil_token:
            resigned = requests.post(self.resign, headers={"Authorization": f"Bearer {self.pupil_token}"}, timeout=30)
            assert resigned.status_code == 200, resigned.text
            self.pupil_token = ""
        return super().send(request, *args, **kwargs)


def test_a_move_that_meets_a_resignation_ends_the_bot_play_with_the_match(server, monkeypatch):
    """A pupil resigning while the bot's move is on its way: the move, made on the version before the resignation,
    meets `409 stale_version`, and the bot's next poll finds the match over and ends its play with it, the other
    pupils' matches going on (a `409 game_over` would have stopped the bot's thread with a Problem)."""
    base = server
    created = requests.post(f"{base}/api/v1/games", json={"game": "addup", "players": ["Bot", "Ann"]}, timeout=30).json()
    url = f"{base}/api/v1/games/{created['game']['id']}"
    joined = requests.post(f"{url}/seats", json={"join_code": created["join_code"]}, timeout=30)
    assert joined.status_code == 201, joined.text
    adapter = ResignsFirst(f"{url}/resign", joined.json()["token"])
    monkeypatch.setattr(class_bot.requests, "Session", lambda: mounted(base, adapter))
    end = class_bot.play(base, created["game"]["id"], created["token"])
    assert adapter.pupil_token == "", "the pupil resigned before the bot's move"
    assert end["status"] == "over" and end["winners"] == [0]


def mounted(base: str, adapter: HTTPAdapter) -> requests.Session:
    http = Session()
    http.mount(base, adapter)
    return http
