"""Moving: a whole ADD UP match over HTTP, and every refusal leaving the match as it was."""
import hashlib
import threading

import pytest

from engine import addup

from .play import Table, bearer, first_legal


def test_a_match_plays_to_the_end_and_reveals_a_seed_that_redeals_it(client):
    table = Table.create(client, seats=3)
    dealt = {seat: table.view(seat) for seat in range(3)}
    final = table.play_to_end(first_legal)
    assert final["status"] == "over" and final["turn"] is None and final["winners"]
    assert sum(final["scores"]) + sum(len(row["cards"]) for row in final["state"]["rows"].values()) == 48
    redealt = addup.initial_state(3, {}, final["seed"])
    for seat in range(3):
        assert [c["id"] for c in dealt[seat]["state"]["hand"]] == list(redealt.hands[seat])
    assert hashlib.sha256(final["seed"].encode()).hexdigest() == final["seed_sha256"]


def test_a_move_returns_the_new_view_and_is_logged(client):
    table = Table.create(client)
    move = first_legal(table.view(0))
    response = table.post_move(0, move, version=0)
    assert response.status_code == 200
    assert response.json["version"] == 1 and response.json["turn"] == 1
    assert move["card"] not in {c["id"] for c in response.json["state"]["hand"]}
    log = client.get(f"/api/v1/games/{table.id}/moves").json
    assert log["version"] == 1 and log["moves"][0]["seat"] == 0
    assert log["moves"][0]["move"]["card"]["id"] == move["card"]


def test_earlier_versions_replay_as_they_were(client):
    table = Table.create(client)
    before = table.view(0)
    table.post_move(0, first_legal(before), version=0)
    assert table.view(0, "/versions/0")["state"] == before["state"]
    response = client.get(f"/api/v1/games/{table.id}/versions/2")
    assert (response.status_code, response.json["code"]) == (404, "unknown_version")
    assert response.json["detail"] == "The match has had 1 event; there is no version 2 yet."


def test_the_log_hides_what_a_seat_drew(client):
    table = Table.create(client)
    for _ in range(4):
        view = table.view(table.view()["turn"])
        table.post_move(view["you"]["seat"], first_legal(view), view["version"])
    hand1 = {c["id"] for c in table.view(1)["state"]["hand"]}
    log0 = client.get(f"/api/v1/games/{table.id}/moves", headers=bearer(table.tokens[0])).get_data(as_text=True)
    assert not any(f'"{card}"' in log0 for card in hand1)


REFUSALS = [
    # (who moves, what, version, status, code)
    (1, "first", 0, 409, "not_your_turn"),
    (0, "first", 5, 409, "stale_version"),
    (0, {"type": "play", "card": "zz", "row": "top"}, 0, 422, "not_in_hand"),
    (0, {"type": "jump"}, 0, 422, "unknown_move"),
    (0, {"type": "play", "card": "{card}", "row": "middle"}, 0, 422, "bad_row"),
    (0, {"type": "play", "card": "{card}", "row": "top", "colour": 1}, 0, 422, "bad_move"),
    (0, "not a move", 0, 422, "bad_move"),
    (0, "first", -1, 422, "invalid_request"),
    (0, "first", "0", 422, "invalid_request"),
]


@pytest.mark.parametrize("seat, move, version, status, code", REFUSALS)
def test_refused_moves_change_nothing(client, seat, move, version, status, code):
    table = Table.create(client)
    view = table.view(0)
    if move == "first":
        move = first_legal(view)
    elif isinstance(move, dict):
        move = {k: v.format(card=view["state"]["hand"][0]["id"]) if isinstance(v, str) else v for k, v in move.items()}
    response = table.post_move(seat, move, version)
    assert (response.status_code, response.json["code"]) == (status, code), response.json
    assert response.json["detail"]
    assert table.view(0) == view


def test_joker_values_are_checked_with_a_readable_reason(client):
    deck = ["w1", "1b", "1c", "1d", "2a", "2b", "3a", "3b"]
    deck += [c["id"] for c in addup.deck(2, {}) if c["id"] not in deck]
    table = Table.create(client, deck=deck)
    response = table.post_move(0, {"type": "play", "card": "w1", "row": "top", "value": 6}, 0)
    assert response.status_code == 422
    assert response.json["detail"] == "A white joker's value must be from 0 to 5, not 6."
    assert response.json["params"] == {"field": "value", "minimum": 0, "maximum": 5, "value": 6}


IF_MATCH = [
    # (body version, If-Match, status, code): "now" is the view's ETag, "old" an earlier version's
    (None, "now", 200, None),
    (0, "now", 200, None),
    (None, "old", 412, "stale_version"),
    (0, "old", 412, "stale_version"),
    (5, "now", 409, "stale_version"),
    (None, '"not-our-tag"', 412, "stale_version"),
    (None, 'W/"{now}"', 412, "weak_etag"),
    (None, '"x", "{now}"', 200, None),
    (None, '""', 412, "stale_version"),  # an empty tag, which werkzeug holds as None
    (None, "*", 428, "version_required"),
    (None, None, 428, "version_required"),
]


@pytest.mark.parametrize("version, if_match, status, code", IF_MATCH)
def test_if_match_names_the_version_as_the_body_does(client, version, if_match, status, code):
    table = Table.create(client)
    view = client.get(f"/api/v1/games/{table.id}", headers=table.auth(0))
    tags = {"now": view.headers["ETag"], "old": view.headers["ETag"].replace('"v0.', '"v7.')}
    headers = table.auth(0)
    if if_match is not None:
        headers["If-Match"] = tags.get(if_match) or if_match.format(now=tags["now"].strip('"'))
    body = {"move": first_legal(view.json)} | ({} if version is None else {"version": version})
    response = client.post(f"/api/v1/games/{table.id}/moves", json=body, headers=headers)
    assert response.status_code == status, response.json
    if code:
        assert response.json["code"] == code and table.view(0) == view.json
    else:
        assert response.json["version"] == 1


@pytest.mark.parametrize("headers, code", [({}, "token_required"), (bearer("forged"), "bad_token"),
                                           ({"Authorization": "Basic abc"}, "token_required"),
                                           ({"Authorization": "Bearer "}, "token_required")])
def test_moves_need_the_seats_own_token(client, headers, code):
    table = Table.create(client)
    response = client.post(f"/api/v1/games/{table.id}/moves", json={"version": 0, "move": {}}, headers=headers)
    assert (response.status_code, response.json["code"]) == (401, code)
    assert response.headers["WWW-Authenticate"] == "Bearer"  # the scheme to authenticate with (RFC 9110)


@pytest.mark.parametrize("header, says", [
    ("{token}", "Send your seat's token as 'Authorization: Bearer <token>': the header has no scheme before the token."),
    ("{token} {token}", "Send your seat's token as 'Authorization: Bearer <token>': the header has no scheme before the token."),
    ("Token {token}", "Send your seat's token as 'Authorization: Bearer <token>' ('Token' carries no seat token).")])
def test_a_token_sent_without_its_scheme_is_never_repeated_in_the_refusal(client, header, says):
    """Sent without `Bearer `, the whole token was named back as the scheme that carried no token, in a
    detail that clients show to people."""
    table = Table.create(client)
    response = client.post(f"/api/v1/games/{table.id}/moves", json={"version": 0, "move": {}},
                           headers={"Authorization": header.format(token=table.tokens[0])})
    assert (response.status_code, response.json["code"], response.json["detail"]) == (401, "token_required", says)
    assert table.tokens[0] not in response.get_data(as_text=True)


@pytest.mark.parametrize("if_match, says", [
    ("W/{now}", "A weak ETag (W/...) never matches If-Match: send the view's ETag without W/, or the version in the body."),
    ("{old}", "The ETag in If-Match is of version 7, but the match is at version 0; reload and try again."),
    ('"not-our-tag"', "The ETag in If-Match is no view's ETag; the match is at version 0; reload and try again."),
])
def test_an_if_match_refused_says_why(client, if_match, says):
    """A weak tag was told "not the match's version 0" of the match's version 0: its client reloaded forever (QA)."""
    table = Table.create(client)
    view = client.get(f"/api/v1/games/{table.id}", headers=table.auth(0))
    tag = if_match.format(now=view.headers["ETag"], old=view.headers["ETag"].replace('"v0.', '"v7.'))
    response = client.post(f"/api/v1/games/{table.id}/moves", json={"move": first_legal(view.json)},
                           headers={**table.auth(0), "If-Match": tag})
    assert (response.status_code, response.json["detail"], response.json["version"]) == (412, says, 0)


def test_no_moves_before_every_seat_is_taken(client):
    deck = [face["id"] for face in addup.deck(2, {})]
    table = Table.create(client, join=False, deck=deck)  # a fixed deck deals its first card to seat 0
    card = deck[0]  # in seat 0's hand, which no seat sees before the start
    response = table.post_move(0, {"type": "play", "card": card, "row": "top", "value": 0}, 0)
    assert (response.status_code, response.json["code"]) == (409, "not_started")


def test_no_moves_after_the_end(client):
    table = Table.create(client)
    final = table.play_to_end(first_legal)
    response = table.post_move(0, {"type": "play", "card": "1a", "row": "top"}, final["version"])
    assert (response.status_code, response.json["code"]) == (409, "game_over")


def test_two_moves_on_one_version_at_once_exactly_one_lands(app, client, monkeypatch):
    """Both requests read version 0 and pass every check before either commits."""
    from api import transaction

    table = Table.create(client)
    view = table.view(0)
    both_ready = threading.Barrier(2, timeout=30)  # a request refused before committing must not hang the test
    commit = transaction.commit

    def commit_together(*args):
        both_ready.wait()
        return commit(*args)

    monkeypatch.setattr(transaction, "commit", commit_together)
    offers = view["you"]["legal_moves"]["play"]
    results = []

    def post(offer):
        move = first_legal({"you": {"legal_moves": {"play": [offer]}}})
        with app.test_client() as own:
            results.append(own.post(f"/api/v1/games/{table.id}/moves", json={"version": 0, "move": move},
                                    headers=bearer(table.tokens[0])))

    threads = [threading.Thread(target=post, args=(offer,)) for offer in offers[:2]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(r.status_code for r in results) == [200, 409]
    assert [r.json["code"] for r in results if r.status_code == 409] == ["stale_version"]
    log = client.get(f"/api/v1/games/{table.id}/moves").json
    assert [m["seq"] for m in log["moves"]] == [1]
    winner = next(r for r in results if r.status_code == 200).json
    assert table.view(0)["state"] == winner["state"]


def test_the_state_cache_is_never_the_source_of_truth(client):
    """A fresh instance (empty cache) and a warm one answer the same, at every version."""
    from api import replays

    table = Table.create(client)
    for _ in range(6):
        view = table.view(table.view()["turn"])
        table.post_move(view["you"]["seat"], first_legal(view), view["version"])
    warm = [table.view(0, f"/versions/{n}") for n in (6, 3, 0)] + [table.view(1)]
    replays.forget_all()
    cold = [table.view(0, f"/versions/{n}") for n in (6, 3, 0)] + [table.view(1)]
    assert warm == cold


def test_a_client_a_move_behind_gets_the_log_without_a_replay_from_the_deal(client, monkeypatch):
    """The cache keeps a few recent states per match, so `moves?after=N` starts from version N."""
    from api import matches

    table = Table.create(client)
    for _ in range(3):
        view = table.view(table.view()["turn"])
        table.post_move(view["you"]["seat"], first_legal(view), view["version"])
    reads = []
    events = matches.events
    monkeypatch.setattr(matches, "events", lambda match, after=0, upto=None: reads.append(after) or events(match, after, upto))
    log = client.get(f"/api/v1/games/{table.id}/moves?after=2").json
    assert [m["seq"] for m in log["moves"]] == [3]
    assert reads == [2]
