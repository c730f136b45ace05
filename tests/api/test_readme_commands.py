"""README's *Playing over HTTP*, copy-pasted: its curl commands run in order against a real gunicorn,
each placeholder (ID, INVITE, TOKEN, the example join code) replaced by what the answers before it
gave, as a reader does. Each is answered as the README says (the move's card is the README's own, so
`422 not_in_hand` is the answer it warns of when the deal put 7a elsewhere), and the answers name the
fields its `# ->` lines show."""
import json
import re
import shutil
import subprocess

import pytest

from api.config import ROOT

from .live import gunicorn

pytestmark = pytest.mark.skipif(shutil.which("curl") is None, reason="the README's commands are curl's")


def commands() -> list[tuple[str, str | None]]:
    """The curl commands of the section's first shell block, lines joined where they end in `\\`, each
    with the answer its `# ->` line shows (None without one)."""
    section = (ROOT / "README.md").read_text(encoding="utf-8").split("\n## Playing over HTTP\n", 1)[1]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0].replace("\\\n", " ")
    found: list[list] = []
    for line in map(str.strip, block.splitlines()):
        if line.startswith("curl "):
            found.append([line, None])
        elif line.startswith("# -> ") and found:
            found[-1][1] = line.removeprefix("# -> ")
    return [(command, shown) for command, shown in found]


@pytest.fixture(scope="module")
def server(app, tmp_path_factory):
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        pytest.skip("run on SQLite only: what is tested is the README")
    with gunicorn(app.config["SQLALCHEMY_DATABASE_URI"], tmp_path_factory.mktemp("gunicorn") / "server.log",
                  workers=2) as url:
        yield url


def run(command: str) -> tuple[int, dict]:
    """The command's status and its JSON answer."""
    done = subprocess.run(["bash", "-c", command + " -w '\\n%{http_code}'"], capture_output=True, text=True,
                          timeout=60, check=True)
    body, _, status = done.stdout.rpartition("\n")
    return int(status), json.loads(body)


def test_the_readme_commands_work_in_order_as_written(server):
    said = commands()
    assert [command.split()[2].split("/api/v1/")[1] for command, _ in said] == [
        "games", "games/ID/seats", "join-code", "games/ID/seats", "games/ID", "games/ID/moves"]
    host = server.removeprefix("http://")
    seen: dict = {}  # the create's answer
    view: dict = {}  # the last answer of a match being played
    tokens: list[str] = []
    for number, (command, shown) in enumerate(said):
        command = command.replace("localhost:8000", host)
        if seen:
            code = seen["join_code"].lower()
            command = (command.replace("/games/ID", f"/games/{seen['game']['id']}")
                       .replace('"INVITE"', json.dumps(seen["invite"]))
                       .replace("k7p 2qx", code.replace("-", " ")).replace("k7p2qx", code.replace("-", "")))
        if "TOKEN" in command:  # the seat to move's, once the match is on: the move is its own
            command = command.replace("TOKEN", tokens[view["turn"] if number == len(said) - 1 else 0])
        status, answer = run(command)
        if number == len(said) - 1 and status == 422:
            assert answer["code"] == "not_in_hand", answer  # as the README warns: the deal is random
        else:
            assert 200 <= status < 300, (command, answer)
        if shown:
            assert set(re.findall(r'"(\w+)":', shown)) <= set(answer), (shown, sorted(answer))
        if number == 0:
            seen = answer
        if "token" in answer:
            tokens.append(answer["token"])
        if answer.get("status") == "playing":
            view = answer
    assert len(tokens) == len(seen["game"]["seats"]), "every seat was taken, as the commands take them"
    assert view["state"]["hand"], "the view after every join shows the seat's hand"
