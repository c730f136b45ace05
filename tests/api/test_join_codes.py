"""Join codes: a match waiting for players is found and joined with its short code, typed in any case,
with or without its dash; the code stops working once every seat is taken, is stored only as a hash,
and guessing at codes is rate-limited per address."""
import logging
import re

import flask_migrate
import pytest

from api import create_app, join_codes
from api.reporting import scrub
from api.models import Match, db

from ..conftest import SpecClient
from .play import Table, bearer
from .test_abuse import assert_limited

SHOWN = re.compile(f"[{join_codes.ALPHABET}]{{3}}-[{join_codes.ALPHABET}]{{3}}")


def created(client, **body) -> dict:
    response = client.post("/api/v1/games", json={"game": "addup", "seats": 3, "name": "Ann", **body})
    assert response.status_code == 201, response.json
    return response.json


def find(client, code: str):
    return client.post("/api/v1/join-code", json={"join_code": code})


def join(client, match_id: str, code: str, name: str):
    return client.post(f"/api/v1/games/{match_id}/seats", json={"join_code": code, "name": name})


def test_a_new_match_has_a_code_people_cannot_misread(client):
    codes = [created(client)["join_code"] for _ in range(20)]
    assert all(SHOWN.fullmatch(code) for code in codes), codes
    assert not set("".join(codes)) & set("01ILOU"), "no 0/O, 1/I/L nor U/V to mix up"
    assert len(set(codes)) == 20


def test_a_code_finds_its_match_and_takes_a_seat_in_any_spelling(client, caplog):
    caplog.set_level(logging.DEBUG)
    body = created(client)
    code = body["join_code"]
    for typed in (code, code.lower(), code.replace("-", ""), code.replace("-", " ").lower(), f" {code[:2]} {code[2:]} "):
        found = find(client, typed)
        assert found.status_code == 200, typed
        assert found.json["id"] == body["game"]["id"] and found.json["join_code"] == code
        assert found.headers["Cache-Control"] == "no-store"
    shown = found.json["game"]
    assert shown["you"] is None and [seat["joined"] for seat in shown["seats"]] == [True, False, False]
    joined = join(client, body["game"]["id"], code.lower().replace("-", ""), "Bob")
    assert (joined.status_code, joined.json["seat"]) == (201, 1)
    assert client.get(f"/api/v1/games/{body['game']['id']}", headers=bearer(joined.json["token"])).json["you"]["seat"] == 1
    assert code[:3] not in caplog.text and code.replace("-", "") not in caplog.text, "no code reaches the logs"


def test_a_code_copied_out_of_a_sentence_or_typed_with_another_dash_finds_its_match(client):
    """ "Type the code K7P-2QX." copied with its full stop, "(K7P-2QX)", a phone's dash (‑ – —) or the minus of a
    keyboard's number pad were each "A join code is 6 letters and digits" (QA): no code holds any of them."""
    body = created(client)
    code = body["join_code"]
    for typed in (f"{code}.", f"({code})", f"“{code}”!", f"{code[:3]}\u2011{code[4:]}", f"{code[:3]} \u2013 {code[4:]}",
                  f"{code[:3]}\u2014{code[4:]}", f"{code[:3]}\u2212{code[4:]}", f"'{code.lower()}',"):
        found = find(client, typed)
        assert (found.status_code, found.json.get("id")) == (200, body["game"]["id"]), typed


def test_a_code_stops_working_once_every_seat_is_taken(client):
    body = created(client)
    match_id, code = body["game"]["id"], body["join_code"]
    assert join(client, match_id, code, "Bob").status_code == 201
    assert join(client, match_id, code, "Cy").json["game"]["status"] == "playing"
    gone = find(client, code)
    assert (gone.status_code, gone.json["code"]) == (404, "unknown_join_code")
    assert gone.json["detail"] == (f"No match waits for players with the code {code}: check it with whoever shared it. "
                                   "A code stops working once every seat is taken.")
    refused = join(client, match_id, code, "Dee")
    assert (refused.status_code, refused.json["code"]) == (403, "unknown_join_code")


def test_a_wrong_code_is_refused_with_its_reason(client):
    body = created(client)
    other = created(client)["join_code"]
    wrong = join(client, body["game"]["id"], other, "Bob")
    assert (wrong.status_code, wrong.json["code"]) == (403, "unknown_join_code"), "another match's code"
    assert wrong.json["detail"] == "That join code is not this match's, or its seats are all taken."
    unused = "".join(sorted(set(join_codes.ALPHABET) - set(body["join_code"] + other)))[:6]
    assert find(client, unused).json["code"] == "unknown_join_code"
    for typed in ("K7P-2Q", "K7P-2QXX", "K7O-2QX", "K7P_2QX"):
        refused = find(client, typed)
        assert (refused.status_code, refused.json["code"]) == (422, "bad_join_code"), typed
        assert "6 letters and digits, such as K7P-2QX" in refused.json["detail"]


@pytest.mark.parametrize("fields", [{}, {"invite": "x" * 22, "join_code": "K7P-2QX"}])
def test_a_join_names_the_invite_or_the_code(client, fields):
    body = created(client)
    refused = client.post(f"/api/v1/games/{body['game']['id']}/seats", json={"name": "Bob", **fields})
    assert (refused.status_code, refused.json["code"]) == (422, "invalid_request")


def test_no_code_when_no_seat_is_left_for_anyone(client):
    body = created(client, seats=2, bots=[{"seat": 1, "level": "easy"}])
    assert body["game"]["status"] == "playing" and body["join_code"] is None


def test_a_rematch_has_a_code_of_its_own(client):
    table = Table.create(client)
    client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[0]))
    rematch = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[0])).json
    assert SHOWN.fullmatch(rematch["join_code"])
    assert find(client, rematch["join_code"]).json["id"] == rematch["game"]["id"]
    again = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[1])).json
    assert "join_code" not in again, "only the answer that created the rematch shares it"
    assert find(client, rematch["join_code"]).status_code == 404, "its seats are all taken"


def test_codes_are_stored_only_as_hashes(app, client):
    body = created(client)
    code = body["join_code"]
    with app.app_context():
        match = db.session.get(Match, body["game"]["id"])
        stored = [str(value) for row in (match, *match.seats) for value in vars(row).values()]
    assert not any(spelling in value for value in stored for spelling in (code, code.replace("-", "")))
    assert match.join_code_hash == join_codes.digest(code.replace("-", ""))


@pytest.fixture
def guarded(app, client):
    """The app with the join code's limit low enough to reach, counting from zero."""
    strict = create_app({"SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"], "TESTING": True,
                         "LIMIT_JOIN_CODE": "3 per minute"})
    strict.test_client_class = SpecClient
    yield strict.test_client()
    with strict.app_context():
        db.engine.dispose()


def test_guessing_codes_is_limited_per_address_joins_with_a_code_included(guarded):
    """Only a wrong code is a guess: three of them, by look-up or by join, use the address's three a minute, and
    then even the right code waits (the limit is counted before the code is read)."""
    body = created(guarded)
    match_id, code = body["game"]["id"], body["join_code"]
    wrong = "K7P-2QX" if code != "K7P-2QX" else "K7P-2QY"
    assert [find(guarded, wrong).status_code, join(guarded, match_id, wrong, "Bob").status_code] == [404, 403]
    assert find(guarded, code).status_code == 200 and join(guarded, match_id, code, "Bob").status_code == 201
    assert find(guarded, wrong).status_code == 404
    assert_limited(find(guarded, code))
    assert_limited(join(guarded, match_id, code, "Cy"))
    invited = guarded.post(f"/api/v1/games/{match_id}/seats", json={"invite": body["invite"], "name": "Cy"})
    assert invited.status_code == 201, "a join with the invite guesses nothing: not counted"


def test_a_school_behind_one_address_joins_by_code_without_using_up_its_guesses(guarded):
    """A class behind one address (a school's one IPv4 address) finds and joins its matches by their codes: a
    right code guesses nothing, so however many pupils look theirs up and join, the address keeps its guesses
    (three a minute here, 60 a minute and 1,000 a day by default) for the codes mistyped."""
    for _ in range(4):  # four matches of three: eight pupils, sixteen requests with a code
        body = created(guarded)
        for pupil in ("Bob", "Cy"):
            assert find(guarded, body["join_code"]).status_code == 200
            assert join(guarded, body["game"]["id"], body["join_code"], pupil).status_code == 201
    assert [find(guarded, "K7P-2QX").status_code for _ in range(3)] == [404] * 3
    assert_limited(find(guarded, "K7P-2QX"))


def test_what_cannot_be_a_code_guesses_nothing_and_is_not_counted(guarded):
    """A code mistyped so that it cannot be one (too short, an O for a 0) is told at once and costs no guess; nor
    does the right code, refused for the name that came with it or not (given back once only: the refusal gives
    back nothing more, or two wrong codes before would be forgotten). A code that could be one and is no waiting
    match's is a guess."""
    body = created(guarded)
    match_id, code = body["game"]["id"], body["join_code"]
    wrong = "K7P-2QX" if code != "K7P-2QX" else "K7P-2QY"
    assert [find(guarded, wrong).status_code for _ in range(2)] == [404, 404]
    refused = [find(guarded, "K7P-2Q"), find(guarded, "OOO-III"), join(guarded, match_id, "K7P-2Q", "Bob"),
               join(guarded, match_id, code, "ann"), join(guarded, match_id, code, "ann")]
    assert [(response.status_code, response.json["code"]) for response in refused] == [
        (422, "bad_join_code"), (422, "bad_join_code"), (422, "bad_join_code"), (422, "name_taken"), (422, "name_taken")]
    assert find(guarded, code).status_code == 200
    assert join(guarded, match_id, code, "Bob").status_code == 201
    assert find(guarded, wrong).status_code == 404
    assert_limited(find(guarded, code))


def test_matches_made_before_0012_have_no_code_and_their_invites_work(app, client):
    body = created(client)
    with app.app_context():
        flask_migrate.downgrade(revision="0011")
        flask_migrate.upgrade()
    assert find(client, body["join_code"]).status_code == 404
    table = Table(client, body["game"]["id"], body["invite"], {0: body["token"]})
    assert table.join("Bob")["seat"] == 1
    assert SHOWN.fullmatch(created(client)["join_code"])


def test_error_reports_carry_no_join_code(app):
    with app.test_request_context("/api/v1/join-code", method="POST", json={"join_code": "k7p 2qx"}):
        event = scrub({"message": "crashed looking up k7p 2qx", "request": {"data": {"join_code": "K7P-2QX"}}})
    assert "k7p 2qx" not in str(event) and "K7P-2QX" not in str(event)


def test_a_new_code_is_never_one_a_waiting_match_has(client, monkeypatch):
    waiting = created(client)["join_code"].replace("-", "")
    picks = iter(waiting + "234567")  # the first code drawn is the waiting match's: drawn again
    monkeypatch.setattr(join_codes.secrets, "choice", lambda alphabet: next(picks))
    assert created(client)["join_code"] == "234-567"


def test_two_creates_drawing_one_code_at_once_answer_the_second_a_declared_409(client, monkeypatch):
    """Two creates that drew the same code, neither seeing the other's match yet: the unique index
    refuses the second, `409 id_taken`, which createGame declares (a generated client types it)."""
    waiting = created(client)["join_code"].replace("-", "")
    picks = iter(waiting)
    monkeypatch.setattr(join_codes.secrets, "choice", lambda alphabet: next(picks))
    monkeypatch.setattr(join_codes, "_waiting_with", lambda code: None)  # the other's commit not seen yet
    response = client.post("/api/v1/games", json={"game": "addup", "seats": 3, "name": "Ann"})
    assert (response.status_code, response.json["code"]) == (409, "id_taken")


def test_error_reports_carry_no_join_code_in_the_spelling_the_server_reads_it(app):
    """A crash under the look-up (a database gone) reports the frames' variables: the code there is the one the server
    made of what was typed, in capitals without its dash, or as people read it."""
    frames = [{"function": "find_match", "vars": {"code": "K7P2QX"}},
              {"function": "check", "vars": {"wanted": "K7P-2QX"}}]
    with app.test_request_context("/api/v1/join-code", method="POST", json={"join_code": "k7p 2qx"}):
        event = scrub({"exception": {"values": [{"stacktrace": {"frames": frames}}]}})
    assert "K7P2QX" not in str(event) and "K7P-2QX" not in str(event), event
