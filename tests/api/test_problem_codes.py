"""openapi.yaml lists every problem `code` the server answers, and only those: the catalogue is
the description of components.schemas.Problem.properties.code, a Markdown table per group whose
rows start with the code in backticks and then its status(es).

The codes are collected from the source, without running it:

- api/ and engine/, parsed with `ast`: the code of every call of `Problem(status, code, ...)` and
  `problem(status, code, ...)` (api/errors.py), of the engine's rule errors (the classes of
  api/errors.py's RULE_STATUS, and RuleError: `IllegalMove("code", reason, **params)`, ...) and
  of `Refusal("code", params)` (engine/cards.py), which a game raises as an IllegalMove. A code
  is a string literal or a module-level name bound to one (api/seating.py's `_OUTRUN`), by
  position or as `code=`. The calls that pass on a code made elsewhere (api/errors.py's handlers,
  the games raising a Refusal's code) are PASSED_ON; any other argument the test cannot read
  fails it, so that no code slips past the collection.
- werkzeug's HTTP errors, as api.errors.http_problem names them: those werkzeug raises by itself
  (routing's 404 and 405, the body cap's 413: ON_THEIR_OWN) and every HTTPException class that
  api/ or serving.py imports from werkzeug.exceptions (serving.py's 408 for a client too slow,
  inside the app) or raises with `abort(status)`.
- The answers of serving.py, before any route or past the app: gunicorn's own refusals
  (REASONS, by status) and the `reason` of every `problem_response(status, headers, reason)`
  call (NOT_ON_DISK).

Only api/errors.py and serving.py build a problem body (they alone use PROBLEM_TYPE), so these are
all the places a code can come from. The statuses are checked too: each line gives the statuses
the source answers its code with (when a status is an expression, such as `missing` in
api/catalogue.py, the line may give more).
"""
import ast
import re
from collections.abc import Iterator
from typing import NamedTuple

import pytest
import werkzeug.exceptions
import yaml
from werkzeug.exceptions import HTTPException, MethodNotAllowed, NotFound, RequestEntityTooLarge

import serving
from api.config import ROOT
from api.errors import RULE_STATUS, http_problem
from engine import IllegalMove, RuleError

SOURCES = sorted([*(ROOT / "api").rglob("*.py"), *(ROOT / "engine").rglob("*.py")])
SERVING = ROOT / "serving.py"
PROBLEM_CALLS = {"Problem", "problem"}  # (status, code, detail, ...)
RULE_CALLS = {kind.__name__: status for kind, status in RULE_STATUS.items()} | {
    "RuleError": None,  # never raised itself: api/errors.py answers only its subclasses
    "Refusal": RULE_STATUS[IllegalMove],  # a game raises a refusal's code as an IllegalMove
}
# Calls whose code was made elsewhere, and is collected there: (file, the code argument).
PASSED_ON = {
    ("api/errors.py", "code"),  # http_problem: werkzeug's errors, collected below
    ("api/errors.py", "error.code"),  # the handlers of Problem and RuleError
    ("engine/addtoo.py", "fit.code"),  # a Refusal's, raised as an IllegalMove
    ("engine/plusminus.py", "step.code"),
}
# What werkzeug raises without the app's asking: routing's unknown paths and methods, and a body
# over MAX_CONTENT_LENGTH.
ON_THEIR_OWN = {NotFound, MethodNotAllowed, RequestEntityTooLarge}


class Site(NamedTuple):
    code: str
    statuses: frozenset[int] | None  # None: an expression the test does not work out
    where: str


def _name(func: ast.expr) -> str | None:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _argument(call: ast.Call, position: int, keyword: str) -> ast.expr | None:
    if len(call.args) > position:
        return call.args[position]
    return next((k.value for k in call.keywords if k.arg == keyword), None)


def _statuses(node: ast.expr | None) -> frozenset[int] | None:
    """The statuses a status argument can be: a number, or either number of `a if ... else b`."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return frozenset({node.value})
    if isinstance(node, ast.IfExp):
        body, orelse = _statuses(node.body), _statuses(node.orelse)
        return None if body is None or orelse is None else body | orelse
    return None


def _strings(tree: ast.Module) -> dict[str, str]:
    """The module-level names bound to a string literal."""
    return {target.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
            for target in node.targets if isinstance(target, ast.Name)}


def source_sites() -> Iterator[Site]:
    """Every problem and rule error of api/ and engine/, with the argument of each passed-on code
    as a Site of code "?" + the argument (checked against PASSED_ON)."""
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        strings, relative = _strings(tree), path.relative_to(ROOT).as_posix()
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call) or _name(call.func) not in PROBLEM_CALLS | RULE_CALLS.keys():
                continue
            called = _name(call.func)
            if called in PROBLEM_CALLS:
                code, statuses = _argument(call, 1, "code"), _statuses(_argument(call, 0, "status"))
            else:
                code, status = _argument(call, 0, "code"), RULE_CALLS[called]
                statuses = None if status is None else frozenset({status})
            where = f"{relative}:{call.lineno}"
            if isinstance(code, ast.Constant) and isinstance(code.value, str):
                yield Site(code.value, statuses, where)
            elif isinstance(code, ast.Name) and code.id in strings:
                yield Site(strings[code.id], statuses, where)
            else:
                yield Site("?" + (ast.unparse(code) if code else ""), statuses, relative)


def werkzeug_errors() -> set[type[HTTPException]]:
    """werkzeug's HTTP errors the app can answer: ON_THEIR_OWN, and those api/ and serving.py
    import or `abort` with."""
    found = set(ON_THEIR_OWN)
    for path in [*SOURCES, SERVING]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "werkzeug.exceptions":
                found |= {kind for alias in node.names if isinstance(kind := getattr(werkzeug.exceptions, alias.name), type)
                          and issubclass(kind, HTTPException) and kind is not HTTPException}
            elif isinstance(node, ast.Call) and _name(node.func) == "abort":
                status = _statuses(node.args[0] if node.args else None)
                assert status is not None, f"{path.name}:{node.lineno}: abort with a status the test cannot read"
                found |= {werkzeug.exceptions.default_exceptions[s] for s in status}
    return found


def serving_sites() -> Iterator[Site]:
    """serving.py's own answers: each status of REASONS, and each `reason` given to problem_response."""
    for status, (code, _) in serving.REASONS.items():
        yield Site(code, frozenset({status}), f"serving.REASONS[{status}]")
    for call in ast.walk(ast.parse(SERVING.read_text(encoding="utf-8"))):
        if isinstance(call, ast.Call) and _name(call.func) == "problem_response":
            reason = _argument(call, 2, "reason")
            if reason is not None:
                assert isinstance(reason, ast.Name), f"serving.py:{call.lineno}: a reason the test cannot read"
                yield Site(getattr(serving, reason.id)[0], _statuses(call.args[0]), f"serving.py:{call.lineno}")


@pytest.fixture(scope="module")
def raised(app) -> list[Site]:
    """Every Site of a code the server may answer."""
    sites = [site for site in source_sites() if not site.code.startswith("?")]
    with app.test_request_context("/api/v1/nowhere"):
        for kind in werkzeug_errors():
            answer = http_problem(kind())
            sites.append(Site(answer.get_json()["code"], frozenset({answer.status_code}), f"werkzeug {kind.__name__}"))
    return [*sites, *serving_sites()]


def catalogue() -> list[tuple[str, frozenset[int]]]:
    """(code, statuses) of each line of the catalogue."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    text = spec["components"]["schemas"]["Problem"]["properties"]["code"]["description"]
    return [(code, frozenset(map(int, re.findall(r"\b\d{3}\b", statuses))))
            for code, statuses in re.findall(r"^\|\s*`(\w+)`\s*\|([^|]*)\|", text, re.M)]


def test_the_collection_reads_every_call_and_finds_each_kind_of_code(raised):
    """A code argument the test cannot read is one it would miss: only PASSED_ON may be one, and
    each of them is still there (else PASSED_ON has gone stale)."""
    unread = {(site.where, site.code[1:]) for site in source_sites() if site.code.startswith("?")}
    assert unread == PASSED_ON
    assert RuleError.__subclasses__() and set(RuleError.__subclasses__()) <= RULE_STATUS.keys()
    codes = {site.code for site in raised}
    assert {"stale_version", "seats_changed", "database_outdated", "internal_error",  # api/: Problem, problem
            "not_your_turn", "game_over", "bad_seats", "sum_mismatch", "stars_bust", "colour_mismatch",  # engine/
            "not_found", "method_not_allowed", "request_entity_too_large", "request_timeout",  # werkzeug
            "uri_too_long", "not_on_disk"} <= codes  # serving.py


def test_only_api_errors_and_serving_build_a_problem():
    """Any other place writing a problem+json body would answer codes this test does not collect."""
    building = {path.relative_to(ROOT).as_posix() for path in [*SOURCES, *ROOT.glob("*.py")]
                if "PROBLEM_TYPE" in path.read_text(encoding="utf-8")}
    assert building == {"api/errors.py", "serving.py"}


def test_every_code_the_server_answers_has_a_line_and_every_line_a_code(raised):
    answered = {site.code for site in raised}
    listed = {code for code, _ in catalogue()}
    missing = {site.code: site.where for site in raised if site.code not in listed}
    assert missing == {}, "codes the server answers with no line in openapi.yaml's Problem.code catalogue"
    assert listed - answered == set(), "lines of the catalogue for codes nothing answers"


def test_each_line_gives_the_statuses_its_code_is_answered_with(raised):
    listed: dict[str, set[int]] = {}
    for code, statuses in catalogue():
        assert statuses, f"{code}: the line gives no status"
        listed.setdefault(code, set()).update(statuses)
    by_code: dict[str, list[Site]] = {}
    for site in raised:
        by_code.setdefault(site.code, []).append(site)
    for code, sites in by_code.items():
        known = set().union(*(site.statuses for site in sites if site.statuses is not None))
        assert known <= listed.get(code, set()), (code, [site.where for site in sites])
        if all(site.statuses is not None for site in sites):
            assert listed.get(code) == known, (code, "the line gives statuses the source never answers it with")


def test_a_code_has_one_line_but_a_rule_shared_by_games_one_per_game():
    """`occupied` means one thing in ADD-TOO and another in Plus and Minus, with other params."""
    counted: dict[str, int] = {}
    for code, _ in catalogue():
        counted[code] = counted.get(code, 0) + 1
    engine = {site.code for site in source_sites() if site.where.startswith("engine/")}
    assert {code for code, n in counted.items() if n > 1} <= engine


def test_each_operation_a_line_names_declares_the_status_of_its_code():
    """A generated client types an operation's answers by the statuses the operation declares: a
    line that says `createGame` may answer `409 id_taken` is of no use to one whose createGame
    declares no 409 (its typed error never holds it). Each operation a line names, in backticks,
    declares one of that line's statuses at least."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    declared = {operation["operationId"]: set(map(int, operation["responses"]))
                for item in spec["paths"].values() for method, operation in item.items() if method != "parameters"}
    text = spec["components"]["schemas"]["Problem"]["properties"]["code"]["description"]
    undeclared = [f"{code} ({statuses.strip()}): {name}"
                  for code, statuses, words in re.findall(r"^\|\s*`(\w+)`\s*\|([^|]*)\|([^\n]*)", text, re.M)
                  for name in re.findall(r"`(\w+)`", words) if name in declared
                  and not declared[name] & set(map(int, re.findall(r"\b\d{3}\b", statuses)))]
    assert len(declared) > 20 and undeclared == []
