"""What the contributor's docs name is there: README.md's *How it is built* and docs/ARCHITECTURE.md send a
reader to files (`api/gate.py`) and to functions by `module.name` (`moves.check_version`); one renamed or
removed leaves her grepping for a name the code no longer has (ARCHITECTURE.md named `moves._check_version`
after it became `moves.check_version`)."""
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOP = {p.name for p in ROOT.iterdir() if not p.name.startswith(".")}
# Paths the docs name that are made at run time or stand for a new game's files (README: Adding a game)
NOT_IN_THE_REPOSITORY = ("instance/", "test-artifacts/", "bench/results/")


def read(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


def contributors_docs() -> str:
    """README's *How it is built* (with *Adding a game*) and docs/ARCHITECTURE.md."""
    built = read("README.md").split("\n## How it is built\n", 1)[1].split("\n## ", 1)[0]
    return built + "\n" + read("docs/ARCHITECTURE.md")


def quoted(text: str) -> set[str]:
    return set(re.findall(r"`([^`\s]+)`", text))


def repository_paths(text: str) -> set[str]:
    """Quoted paths that start at the repository's top (`api/gate.py`, `tests/golden/`, `openapi.yaml`)."""
    paths = {q.split("'")[0] for q in quoted(text)}
    return {p for p in paths if p.split("/")[0] in TOP and ("/" in p or "." in p)
            and not re.search(r"newgame|<|\{|\*", p) and not p.startswith(NOT_IN_THE_REPOSITORY)}


def found(dotted: str) -> bool | None:
    """Whether `module.name` (of api/, engine/ or the top: `writes.append`, `engine.events.fold`,
    `serving.ProblemThreadWorker`) is defined there; None when its first word is no module of ours."""
    parts = dotted.split(".")
    for depth in range(len(parts) - 1, 0, -1):
        for package in ("api.", "engine.", ""):
            name = package + ".".join(parts[:depth])
            if name.split(".")[0] not in {"api", "engine", "serving", "plain_http"}:
                continue
            try:
                value = importlib.import_module(name)
            except ImportError:
                continue
            for attribute in parts[depth:]:
                if not hasattr(value, attribute):
                    return False
                value = getattr(value, attribute)
            return True
    return None


@pytest.mark.parametrize("doc", ["README.md", "docs/ARCHITECTURE.md"])
def test_every_file_the_docs_name_exists(doc):
    named = repository_paths(read(doc))
    assert len(named) >= 10, "the test found the doc's paths"
    assert sorted(p for p in named if not (ROOT / p).exists()) == [], f"{doc} names what the repository does not hold"


def test_every_function_the_contributors_docs_name_is_defined_where_they_say():
    names = {q.removesuffix("()") for q in quoted(contributors_docs())}
    dotted = sorted(n for n in names if re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)+", n) and not n.endswith(".py"))
    checked = {name: found(name) for name in dotted}
    assert sum(ok is not None for ok in checked.values()) >= 10, "the test found the docs' names"
    assert [name for name, ok in checked.items() if ok is False] == []


def test_the_migration_recipe_names_the_next_revision():
    """ARCHITECTURE.md's *A migration* said `--rev-id 0014` ("the next number") while 0014 and 0015 were taken."""
    newest = max(int(p.name[:4]) for p in (ROOT / "migrations" / "versions").glob("[0-9][0-9][0-9][0-9]_*.py"))
    assert re.findall(r"--rev-id (\d{4})", read("docs/ARCHITECTURE.md")) == [f"{newest + 1:04d}"]
