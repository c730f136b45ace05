"""Matches that never get stuck: deadlines, resigning, leaving, rematches, my games, expiry."""
import threading
from datetime import timedelta

import pytest

from api.models import Match, db

from .play import Table, bearer, first_legal
from .test_every_game import addup_move

DAY = 86400


def move_first(table: Table) -> dict:
    view = table.view(table.view()["turn"])
    response = table.post_move(view["you"]["seat"], addup_move(view["you"]["legal_moves"]), view["version"])
    assert response.status_code == 200, response.json
    return response.json


def claim(client, table: Table, seat: int = 0):
    return client.post(f"/api/v1/games/{table.id}/timeouts", headers=bearer(table.tokens[seat]))


def test_a_timed_match_shows_the_deadline_of_the_seat_to_move(client, clock):
    table = Table.create(client, time_per_move=DAY)
    view = table.view()
    assert view["pace"] == {"time_per_move": DAY, "timeouts_to_leave": 3}
    assert view["deadline"] == "2026-11-02T12:00:00Z"
    assert [seat["deadline"] for seat in view["seats"]] == ["2026-11-02T12:00:00Z", None]
    clock.advance(hours=5)
    assert move_first(table)["deadline"] == "2026-11-02T17:00:00Z"


def test_a_timeout_is_refused_before_the_deadline_and_claimed_after_it(client, clock):
    table = Table.create(client, time_per_move=3600)
    clock.advance(minutes=59)
    early = claim(client, table, 1)
    assert (early.status_code, early.json["code"]) == (409, "deadline_not_passed")
    assert (early.json["deadline"], early.json["version"]) == ("2026-11-01T13:00:00Z", 0)
    clock.advance(minutes=1)
    claimed = claim(client, table, 1)
    assert claimed.status_code == 200 and claimed.json["turn"] == 1 and claimed.json["version"] == 1
    assert claimed.json["seats"][0]["timeouts"] == 1
    again = claim(client, table, 1)  # its version tells a claim made a moment too late from one too early
    assert (again.status_code, again.json["code"], again.json["version"]) == (409, "deadline_not_passed", 1)
    log = client.get(f"/api/v1/games/{table.id}/moves").json["moves"]
    assert [(m["kind"], m["seat"]) for m in log] == [("timeout", 0)]


def test_a_seat_leaving_while_another_is_to_move_leaves_the_deadline_where_it_was(client, clock):
    """The late seat's turn stays skippable: a third seat leaving gave it a whole new hour (QA)."""
    table = Table.create(client, seats=3, time_per_move=3600)
    late = table.view()["turn"]
    leaver, skipper = [seat for seat in range(3) if seat != late]
    clock.advance(minutes=61)
    left = client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[leaver]))
    assert left.status_code == 200 and left.json["turn"] == late
    assert left.json["deadline"] == "2026-11-01T13:00:00Z"
    claimed = claim(client, table, skipper)
    assert claimed.status_code == 200, claimed.json
    assert claimed.json["deadline"] == "2026-11-01T14:01:00Z", "a move gives the next seat its whole hour"


def test_a_seat_that_left_cannot_claim_the_late_turns_of_those_still_playing(client, clock):
    """Its turns are the autopilot's and its part of the match is done: skipping the others' turns is theirs to
    decide (it could skip every late player of a family match it had walked out of). Nothing is written."""
    table = Table.create(client, seats=3, time_per_move=3600)
    late = table.view()["turn"]
    leaver = next(seat for seat in range(3) if seat != late)
    assert client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[leaver])).status_code == 200
    clock.advance(minutes=61)
    version = table.view()["version"]
    refused = claim(client, table, leaver)
    assert (refused.status_code, refused.json["code"]) == (422, "already_left"), refused.json
    assert table.view()["version"] == version and table.view()["turn"] == late


def test_untimed_matches_have_no_timeouts(client):
    table = Table.create(client)
    response = claim(client, table)
    assert (response.status_code, response.json["code"]) == (409, "no_deadlines")


def test_timeouts_in_a_row_turn_into_leaving(client, clock):
    table = Table.create(client, time_per_move=3600, timeouts_to_leave=2)
    for _ in range(2):
        clock.advance(hours=1)
        after = claim(client, table, 1).json  # seat 0 is late
        if after["status"] == "playing":
            move_first(table)  # seat 1 moves
    assert after["status"] == "over" and after["winners"] == [1]
    assert after["seats"][0]["status"] == "resigned"
    assert after["seats"][0]["timeouts"] >= after["pace"]["timeouts_to_leave"], "what tells it from resigning"


def test_a_seat_put_out_for_missed_turns_keeps_its_count_while_the_autopilot_plays_it(client, clock):
    """Its `timeouts`, still at the count, tell it from a seat that left: the autopilot's first move for it set
    them back to 0, and a club member put out read "You left this match" as if they had chosen to."""
    table = Table.create(client, seats=3, time_per_move=3600, timeouts_to_leave=2)
    clock.advance(hours=2)
    claim(client, table, 1)  # seat 0 is late
    while table.view()["turn"] != 0:
        move_first(table)
    clock.advance(hours=2)
    assert claim(client, table, 1).json["seats"][0]["timeouts"] == 2
    move_first(table)
    view = move_first(table)  # seats 1 and 2 moved, and the autopilot for seat 0
    assert view["version"] > 6 and view["seats"][0]["status"] == "left"
    kinds = [m["kind"] for m in client.get(f"/api/v1/games/{table.id}/moves").json["moves"]]
    assert kinds.count("autopilot") >= 1, "the autopilot has played for it since"
    assert view["seats"][0]["timeouts"] == 2
    mine = client.post("/api/v1/my-games", json={"tokens": [table.tokens[0], table.tokens[1]]}).json["games"]
    assert [(g["seat"], g["your_status"], g["timed_out"]) for g in sorted(mine, key=lambda g: g["seat"])] == [
        (0, "left", True), (1, "playing", False)]


def test_my_games_says_a_seat_missed_its_last_turn_while_another_seat_is_to_move(client, clock):
    """A single skipped turn showed nowhere in My games: the entry said only "Edna's turn" (QA: results)."""
    table = Table.create(client, seats=3, time_per_move=3600)
    mine = lambda: client.post("/api/v1/my-games", json={"tokens": [table.tokens[0]]}).json["games"][0]  # noqa: E731
    assert mine()["timeouts"] == 0
    clock.advance(hours=2)
    claim(client, table, 1)  # seat 0 is late: its turn is skipped
    entry = mine()
    assert (entry["turn"], entry["your_status"], entry["timeouts"], entry["timed_out"]) == (1, "playing", 1, False)
    while table.view()["turn"] != 0:
        move_first(table)
    move_first(table)  # seat 0 moves again: its count starts over
    assert mine()["timeouts"] == 0


def test_my_games_gives_a_finished_matchs_places_as_its_view_does(client):
    table = Table.create(client, seats=3)
    mine = lambda: client.post("/api/v1/my-games", json={"tokens": [table.tokens[0]]}).json["games"][0]  # noqa: E731
    assert mine()["places"] == []
    view = table.play_to_end(first_legal)
    assert mine()["places"] == view["places"] and sorted(view["places"])[0] == 1 and len(view["places"]) == 3


def test_resigning_a_two_seat_match_ends_it(client):
    table = Table.create(client)
    response = client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[1]))
    assert response.status_code == 200
    assert response.json["status"] == "over" and response.json["winners"] == [0] and response.json["seed"]
    assert response.json["places"] == [1, 2], "the seat that resigned is last"
    assert response.json["seats"][1]["timeouts"] < response.json["pace"]["timeouts_to_leave"]
    again = client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[0]))
    assert (again.status_code, again.json["code"]) == (409, "game_over")


def test_the_autopilot_plays_for_a_seat_that_left_and_others_can_finish(client):
    table = Table.create(client, seats=3)
    left = client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[0])).json
    assert left["seats"][0]["status"] == "left" and left["status"] == "playing"
    assert left["turn"] == 1 and left["version"] == 2, "the autopilot moved for seat 0 at once"
    final = table.play_to_end(lambda view: addup_move(view["you"]["legal_moves"]))
    kinds = {(m["seat"], m["kind"]) for m in client.get(f"/api/v1/games/{table.id}/moves").json["moves"]}
    assert (0, "autopilot") in kinds and (0, "move") not in kinds and (1, "move") in kinds
    assert final["status"] == "over"


def test_a_seat_that_left_is_told_so_when_it_moves_or_asks_a_hint_and_nothing_is_recorded(client):
    """Not "not your turn" (QA: integrator): the autopilot plays that turn, so a client waiting for it waited forever."""
    table = Table.create(client, seats=3)
    left = client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[0])).json
    moved = table.post_move(0, {"type": "play", "card": "X", "row": "top"}, left["version"])
    hinted = client.post(f"/api/v1/games/{table.id}/hint", headers=bearer(table.tokens[0]))
    for refused in (moved, hinted):
        assert (refused.status_code, refused.json["code"]) == (422, "already_left"), refused.json
    assert table.view()["version"] == left["version"]


def test_seats_may_be_freed_before_the_start_only(client):
    table = Table.create(client, seats=4, join=False)
    bob, cy = table.join("Bob"), table.join("Cy")
    wrong = client.delete(f"/api/v1/games/{table.id}/seats/1", headers=bearer(cy["token"]))  # not the creator's
    assert (wrong.status_code, wrong.json["code"], wrong.json["title"]) == (403, "not_your_seat", "Forbidden")
    freed = client.delete(f"/api/v1/games/{table.id}/seats/1", headers=bearer(bob["token"]))
    assert (freed.status_code, freed.data, freed.content_type) == (204, b"", None)
    assert table.view()["seats"][1]["joined"] is False
    assert client.get(f"/api/v1/games/{table.id}", headers=bearer(bob["token"])).status_code == 401
    table.join("Di")
    table.join("Eve")
    late = client.delete(f"/api/v1/games/{table.id}/seats/1", headers=bearer(table.tokens[1]))
    assert (late.status_code, late.json["code"]) == (409, "already_started")
    assert "resign" in late.json["detail"]
    table.play_to_end(first_legal)
    over = client.delete(f"/api/v1/games/{table.id}/seats/1", headers=bearer(table.tokens[1]))
    assert (over.status_code, over.json["code"]) == (409, "already_started")
    assert "resign" not in over.json["detail"], "resigning a finished match is game_over"


@pytest.mark.parametrize("seating", [{"seats": 3, "name": "Ann"}, {"players": ["Ann", "Bob", "Cy"]}])
def test_the_creator_freeing_their_seat_takes_their_name_and_creator_rights_along(client, seating):
    created = client.post("/api/v1/games", json={"game": "addup", **seating}).json
    table = Table(client, created["game"]["id"], created["invite"], {0: created["token"]})
    assert client.delete(f"/api/v1/games/{table.id}/seats/0", headers=bearer(table.tokens[0])).status_code == 204
    seats = table.view()["seats"]
    assert (seats[0]["name"], seats[0]["joined"]) == (None, False)
    assert [s["name"] for s in seats[1:]] == seating.get("players", [None] * 3)[1:]  # reserved for others: kept
    nameless = client.post(f"/api/v1/games/{table.id}/seats", json={"invite": table.invite, "seat": 0})
    assert (nameless.status_code, nameless.json["code"]) == (422, "name_required")
    di = client.post(f"/api/v1/games/{table.id}/seats", json={"invite": table.invite, "seat": 0, "name": "Di"})
    assert di.status_code == 201 and di.json["game"]["seats"][0]["name"] == "Di"
    assert di.json["game"]["creator"] is None


def test_a_rematch_is_created_once_and_each_asker_takes_its_seat(client):
    table = Table.create(client, time_per_move=DAY)
    early = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[0]))
    assert (early.status_code, early.json["code"]) == (409, "not_over")
    client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[0]))
    first = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[1]))
    assert first.status_code == 201 and first.json["seat"] == 1 and "invite" in first.json
    new = first.json["game"]
    assert new["game"] == "addup" and new["pace"]["time_per_move"] == DAY and new["status"] == "waiting"
    assert table.view()["rematch"] == new["id"]
    mine = client.post("/api/v1/my-games", json={"tokens": [table.tokens[0]]}).json["games"]
    assert [(g["id"], g["rematch"]) for g in mine] == [(table.id, new["id"])]
    second = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[0]))
    assert second.status_code == 201 and second.json["game"]["id"] == new["id"] and "invite" not in second.json
    assert second.json["game"]["status"] == "playing"
    assert [s["name"] for s in second.json["game"]["seats"]] == ["Ann", "Player 2"]
    assert new["creator"] == 0, "asking first did not make Bob the creator: Ann created the match"
    relink = client.post(f"/api/v1/games/{new['id']}/seats/0/link", headers=bearer(first.json["token"]))
    assert (relink.status_code, relink.json["code"]) == (403, "not_creator")
    twice = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[0]))
    assert (twice.status_code, twice.json["code"]) == (409, "seat_taken")
    assert twice.json["detail"].startswith("Your seat in the rematch is already taken")


def test_my_games_tells_a_seat_open_on_two_devices_that_it_took_its_place_in_the_rematch(client):
    """Ann's seat is open on a phone and a desktop (one token): once the phone joined the rematch
    Cat asked for, the desktop cannot (409 seat_taken) nor be given that seat's token, and My games
    says so rather than that a rematch waits."""
    table = Table.create(client, seats=3)
    table.play_to_end(first_legal)
    ann, bob, cat = (table.tokens[n] for n in range(3))

    def mine(token):
        return client.post("/api/v1/my-games", json={"tokens": [token]}).json["games"][0]

    assert (mine(ann)["rematch"], mine(ann)["rematch_joined"]) == (None, False)
    asked = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(cat))
    rematch = asked.json["game"]["id"]
    assert [(mine(token)["rematch"], mine(token)["rematch_joined"]) for token in (ann, bob, cat)] == [
        (rematch, False), (rematch, False), (rematch, True)]
    assert client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(ann)).status_code == 201  # her phone
    desktop = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(ann))
    assert (desktop.status_code, desktop.json["code"]) == (409, "seat_taken")
    both = client.post("/api/v1/my-games", json={"tokens": [ann, bob, asked.json["token"]]}).json["games"]
    assert {(g["id"], g["seat"]): g["rematch_joined"] for g in both} == {
        (table.id, 0): True, (table.id, 1): False, (rematch, 2): False}


def test_a_seat_whose_rematch_place_someone_took_with_the_invite_is_told_so(client):
    table = Table.create(client)
    client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[0]))
    asked = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[1])).json
    taken = client.post(f"/api/v1/games/{asked['game']['id']}/seats",
                        json={"invite": asked["invite"], "seat": 0, "name": "Di"})
    assert taken.status_code == 201
    late = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[0]))
    assert (late.status_code, late.json["code"]) == (409, "seat_taken")
    assert "invite" in late.json["detail"], "not only 'another device?': Di took the seat"


def test_whoever_takes_the_creator_s_seat_of_a_rematch_with_its_invite_is_not_its_creator(client):
    """Bob asked for the rematch first, and Di took Ann's seat in it with its invite: the rematch still named seat 0
    its creator, so Di could give Bob's seat a new link (and before the start replace the invite and free seats). It
    has no creator now, as when the creator gives the seat back."""
    table = Table.create(client)
    client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[0]))
    asked = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[1])).json
    rematch = f"/api/v1/games/{asked['game']['id']}"
    assert asked["game"]["creator"] == 0, "kept for Ann, who created the match before"
    di = client.post(f"{rematch}/seats", json={"invite": asked["invite"], "seat": 0, "name": "Di"})
    assert di.status_code == 201 and di.json["game"]["creator"] is None, di.json
    assert client.get(rematch).json["creator"] is None
    for refused in (client.post(f"{rematch}/invite", headers=bearer(di.json["token"])),
                    client.delete(f"{rematch}/seats/1", headers=bearer(di.json["token"])),
                    client.post(f"{rematch}/seats/1/link", headers=bearer(di.json["token"]))):
        assert refused.status_code == 403, refused.json
    assert client.get(rematch, headers=bearer(asked["token"])).json["seats"][1]["joined"], "Bob keeps his seat"


def test_a_rematch_keeps_no_seat_for_a_player_who_left_the_match(client, clock):
    """A club's three-seat match: Bob left (the autopilot played on) and Cy missed turns until put out. Their
    seats in the rematch are open to anyone, a latecomer with the join code included: kept under their names,
    the rematch waited for two players gone (a newcomer heard "The free seats are kept for Bob, Cy")."""
    table = Table.create(client, seats=4, time_per_move=3600, timeouts_to_leave=1, join=False)
    for name in ("Bob", "Cy", "Di"):
        table.join(name)
    client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[1]))
    while table.view()["turn"] != 2:
        move_first(table)
    clock.advance(hours=2)
    assert claim(client, table, 0).json["seats"][2]["status"] == "left", "Cy missed the one turn allowed"
    table.play_to_end(first_legal)
    asked = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[3])).json
    assert [(s["name"], s["joined"]) for s in asked["game"]["seats"]] == [
        ("Ann", False), (None, False), (None, False), ("Di", True)]
    zed = client.post(f"/api/v1/games/{asked['game']['id']}/seats", json={"join_code": asked["join_code"], "name": "Zed"})
    assert zed.status_code == 201 and zed.json["seat"] == 1, zed.json
    back = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[2]))
    assert back.status_code == 201 and back.json["seat"] == 2, "Cy may still come back to the seat"
    assert [s["name"] for s in back.json["game"]["seats"]] == ["Ann", "Zed", "Cy", "Di"]


def test_the_rematch_of_a_match_its_creator_left_has_no_creator(client):
    """The creator's seat is open to anyone in it: whoever takes it did not create the match (as a seat given back)."""
    table = Table.create(client, seats=3)
    client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[0]))
    table.play_to_end(first_legal)
    asked = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[1])).json["game"]
    assert (asked["creator"], asked["seats"][0]["name"]) == (None, None)


def test_two_seats_asking_for_a_rematch_at_once_make_one_match(app, client):
    table = Table.create(client)
    client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[0]))
    start, results = threading.Barrier(2, timeout=30), []

    def ask(seat):
        with app.test_client() as own:
            start.wait()
            results.append(own.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[seat])))

    threads = [threading.Thread(target=ask, args=(seat,)) for seat in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [r.status_code for r in results] == [201, 201]
    assert len({r.json["game"]["id"] for r in results}) == 1
    with app.app_context():
        assert db.session.query(Match).count() == 2


def test_my_games_lists_known_tokens_most_urgent_first(client):
    waiting_for_me = Table.create(client)
    move_first(waiting_for_me)  # now seat 1's turn
    my_turn = Table.create(client)
    over = Table.create(client)
    client.post(f"/api/v1/games/{over.id}/resign", headers=bearer(over.tokens[1]))
    tokens = [waiting_for_me.tokens[0], over.tokens[0], my_turn.tokens[0], "unknown-token"]
    games = client.post("/api/v1/my-games", json={"tokens": tokens}).json["games"]
    assert [(g["id"], g["your_turn"], g["status"]) for g in games] == [
        (my_turn.id, True, "playing"), (waiting_for_me.id, False, "playing"), (over.id, False, "over")]
    assert (games[2]["winners"], games[2]["rematch"]) == ([0], None)
    assert [g["your_status"] for g in games] == ["playing", "playing", "playing"]


def test_my_games_lists_a_rematch_waiting_after_the_turns_and_finished_matches_newest_first(client, clock):
    """A keen player's dozens of finished matches came oldest first, and a rematch just offered at the foot (QA)."""
    older, newer, offered = Table.create(client), Table.create(client), Table.create(client)
    theirs = Table.create(client)
    move_first(theirs)  # seat 1's turn
    for table in (older, offered, newer):
        client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[1]))
        clock.advance(minutes=5)
    client.post(f"/api/v1/games/{offered.id}/rematch", headers=bearer(offered.tokens[1]))
    tokens = [older.tokens[0], theirs.tokens[0], newer.tokens[0], offered.tokens[0]]
    games = client.post("/api/v1/my-games", json={"tokens": tokens}).json["games"]
    assert [g["id"] for g in games] == [offered.id, theirs.id, newer.id, older.id]


def test_my_games_lists_a_match_the_seat_is_out_of_after_those_it_plays_before_the_finished_ones(client, clock):
    """A grandmother put out of her bridge friends' timed match for missed turns found it listed above her
    grandchildren's matches, its deadline (the others', now) putting it first among theirs: a match she has no move
    in any more, ever (QA: many matches over weeks)."""
    out = Table.create(client, seats=3, time_per_move=3600, timeouts_to_leave=1)
    clock.advance(hours=2)
    assert client.post(f"/api/v1/games/{out.id}/timeouts", headers=bearer(out.tokens[1])).status_code == 200
    left = Table.create(client, seats=3)
    client.post(f"/api/v1/games/{left.id}/resign", headers=bearer(left.tokens[0]))
    theirs = Table.create(client)
    move_first(theirs)  # seat 1's turn
    clock.advance(minutes=5)  # theirs waits the longer
    waiting = Table.create(client, join=False)
    over = Table.create(client)
    client.post(f"/api/v1/games/{over.id}/resign", headers=bearer(over.tokens[1]))
    tokens = [table.tokens[0] for table in (out, left, over, theirs, waiting)]
    games = client.post("/api/v1/my-games", json={"tokens": tokens}).json["games"]
    assert [(g["status"], g["your_status"]) for g in games[2:4]] == [("playing", "left")] * 2
    assert [g["id"] for g in games] == [theirs.id, waiting.id, out.id, left.id, over.id]


def test_my_games_tells_a_seat_it_left_a_match_the_others_play_on(client):
    """Once, a seat put out of a larger match saw it listed like any running one: the web app can now
    say so, and offer to remove it from the list."""
    table = Table.create(client, seats=3)
    client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[0]))
    duo = Table.create(client)
    client.post(f"/api/v1/games/{duo.id}/resign", headers=bearer(duo.tokens[0]))
    games = {g["id"]: g for g in client.post("/api/v1/my-games", json={
        "tokens": [table.tokens[0], table.tokens[1], duo.tokens[0]]}).json["games"] if g["seat"] == 0}
    assert (games[table.id]["status"], games[table.id]["your_status"]) == ("playing", "left")
    assert (games[duo.id]["status"], games[duo.id]["your_status"]) == ("over", "resigned")


def test_my_games_tells_who_plays_each_match_and_its_version(client):
    filling = Table.create(client, seats=3, join=False)
    filling.join("Bob")
    moved = Table.create(client)
    move_first(moved)
    named = client.post("/api/v1/games", json={"game": "addup", "players": ["Ann", "Bob"]}).json
    tokens = [filling.tokens[1], moved.tokens[0], named["token"]]
    games = {g["id"]: g for g in client.post("/api/v1/my-games", json={"tokens": tokens}).json["games"]}
    joined_at = [seat["joined_at"] for seat in games[filling.id]["seats"]]
    assert [{**seat, "joined_at": None} for seat in games[filling.id]["seats"]] == [
        {"seat": 0, "name": "Ann", "joined": True, "joined_at": None, "bot": None},
        {"seat": 1, "name": "Bob", "joined": True, "joined_at": None, "bot": None},
        {"seat": 2, "name": None, "joined": False, "joined_at": None, "bot": None}]
    assert joined_at[0] <= joined_at[1] and joined_at[2] is None
    assert games[named["game"]["id"]]["seats"][1] == {"seat": 1, "name": "Bob", "joined": False, "joined_at": None,
                                                      "bot": None}
    assert (games[filling.id]["version"], games[moved.id]["version"]) == (0, 1)
    for table in (filling, moved):
        view = table.view()
        assert games[table.id]["seats"] == [{key: seat[key] for key in ("seat", "name", "joined", "joined_at", "bot")}
                                               for seat in view["seats"]]
        assert games[table.id]["version"] == view["version"]


def test_my_games_says_when_a_match_was_made_however_its_seats_came_and_went(client, clock):
    """A waiting match said "created" at its last seat taken: Bob's join, after he gave the seat back, dated the
    invitation to his coming, not to its making (QA: a keen player's invitations)."""
    made = clock.at
    table = Table.create(client, seats=3, join=False)
    clock.advance(days=3)
    seat = table.join("Bob")["seat"]
    clock.advance(days=3)
    assert client.delete(f"/api/v1/games/{table.id}/seats/{seat}", headers=bearer(table.tokens.pop(seat))).status_code == 204
    mine = client.post("/api/v1/my-games", json={"tokens": [table.tokens[0]]}).json["games"][0]
    assert (mine["created_at"], mine["moved_at"]) == (made.strftime("%Y-%m-%dT%H:%M:%SZ"),
                                                      (made + timedelta(days=3)).strftime("%Y-%m-%dT%H:%M:%SZ"))


def test_my_games_says_when_each_match_last_moved_and_a_hint_is_no_move(client, clock):
    """Whose turn it is, and since when: who keeps the others waiting (QA: a teacher's overview)."""
    table = Table.create(client)
    started = clock.at
    clock.at += timedelta(hours=5)
    move_first(table)
    clock.at += timedelta(days=2)
    seat = table.view()["turn"]
    assert client.post(f"/api/v1/games/{table.id}/hint", headers=bearer(table.tokens[seat])).status_code == 200
    mine = client.post("/api/v1/my-games", json={"tokens": [table.tokens[0]]}).json["games"][0]
    assert mine["moved_at"] == (started + timedelta(hours=5)).strftime("%Y-%m-%dT%H:%M:%SZ")


def test_my_games_says_when_the_last_move_was_made_and_null_before_any(client, clock):
    """`moved` tells a match nobody moved in ("started 2 hours ago", from `moved_at`) from one waiting since a move:
    a hint or a seat that left is no move; the autopilot's and a claimed timeout's moves are."""
    def moved(table: Table, seat: int = 0, field: str = "moved"):
        return client.post("/api/v1/my-games", json={"tokens": [table.tokens[seat]]}).json["games"][0][field]

    iso = lambda moment: moment.strftime("%Y-%m-%dT%H:%M:%SZ")  # noqa: E731
    hinted, left = Table.create(client), Table.create(client, seats=3)
    started = iso(clock.at)
    clock.advance(hours=1)
    turn = hinted.view()["turn"]
    assert client.post(f"/api/v1/games/{hinted.id}/hint", headers=bearer(hinted.tokens[turn])).status_code == 200
    waiting = [seat for seat in range(3) if seat != left.view()["turn"]][0]
    assert client.post(f"/api/v1/games/{left.id}/resign", headers=bearer(left.tokens[waiting])).status_code == 200
    assert (hinted.view()["version"], moved(hinted)) == (1, None)
    assert (left.view()["version"], moved(left)) == (1, None)
    assert moved(left, field="moved_at") == started, "a seat leaving is no change to date a wait from (QA)"
    clock.advance(hours=2)
    move_first(hinted)
    made = iso(clock.at)
    clock.advance(hours=3)
    assert client.post(f"/api/v1/games/{hinted.id}/hint", headers=bearer(hinted.tokens[1 - turn])).status_code == 200
    assert moved(hinted) == made, "a hint after a move leaves the move's time"
    clock.advance(hours=1)
    on_turn = left.view()["turn"]
    assert client.post(f"/api/v1/games/{left.id}/resign", headers=bearer(left.tokens[on_turn])).status_code == 200
    assert moved(left) == iso(clock.at), "the autopilot played the turn of the seat that left on it"
    timed = Table.create(client, time_per_move=3600)
    clock.advance(hours=2)
    late = timed.view()["turn"]
    assert claim(client, timed, 1 - late).status_code == 200
    assert moved(timed) == iso(clock.at), "a claimed timeout moved for the late seat"


def test_my_games_puts_the_longest_wait_first_among_matches_alike(client, clock):
    """Two matches on the seat's turn, without deadlines: the one waiting longest comes first (QA)."""
    older = Table.create(client)
    clock.at += timedelta(hours=1)
    newer = Table.create(client)
    while newer.id > older.id:  # ids are random: one that sorts first, so that only the wait can put it second
        newer = Table.create(client)
    tokens = [table.tokens[table.view()["turn"]] for table in (newer, older)]
    games = client.post("/api/v1/my-games", json={"tokens": tokens}).json["games"]
    assert [game["id"] for game in games] == [older.id, newer.id]


def test_my_games_puts_the_sooner_deadline_first_within_one_second(client, clock):
    """Deadlines were compared as text, where "13:00:00.500000Z" comes before "13:00:00Z": a fraction of a second
    later was listed first."""
    sooner = Table.create(client, time_per_move=3600)
    clock.advance(milliseconds=500)
    later = Table.create(client, time_per_move=3600)
    tokens = [table.tokens[table.view()["turn"]] for table in (later, sooner)]
    games = client.post("/api/v1/my-games", json={"tokens": tokens}).json["games"]
    assert [game["deadline"] for game in games] == ["2026-11-01T13:00:00Z", "2026-11-01T13:00:00.500000Z"]


@pytest.mark.parametrize("body", [{"tokens": "abc"}, {"tokens": ["x"] * 101}, {}])
def test_my_games_refuses_bad_bodies(client, body):
    assert client.post("/api/v1/my-games", json=body).status_code == 422


def test_cleanup_deletes_only_old_matches_nobody_joined(app, client, clock):
    lonely = Table.create(client, join=False)
    joined = Table.create(client)
    clock.advance(days=8)
    recent = Table.create(client, join=False)
    result = app.test_cli_runner().invoke(args=["cleanup"])
    assert "Deleted 1 matches" in result.output
    assert client.get(f"/api/v1/games/{lonely.id}").status_code == 404
    for kept in (joined, recent):
        assert client.get(f"/api/v1/games/{kept.id}").status_code == 200


def test_cleanup_keeps_a_rematch_its_finished_match_offers_however_long_it_waits(app, client, clock):
    """Once deleted after a week, the rematch was still offered ("A rematch is waiting for you"),
    joining it answered that no such match exists, and the finished match could never offer another."""
    table = Table.create(client)
    client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[0]))
    rematch = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[1])).json["game"]["id"]
    clock.advance(days=30)
    assert "Deleted 0 matches" in app.test_cli_runner().invoke(args=["cleanup"]).output
    ann = client.post(f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens[0]))
    assert ann.status_code == 201 and ann.json["game"]["id"] == rematch and ann.json["game"]["status"] == "playing"


@pytest.mark.parametrize("pace, field", [({"time_per_move": 60}, "time_per_move"),
                                         ({"time_per_move": 15 * DAY}, "time_per_move"),
                                         ({"timeouts_to_leave": 0}, "timeouts_to_leave")])
def test_paces_out_of_range_are_refused(client, pace, field):
    response = client.post("/api/v1/games", json={"game": "addup", "seats": 2, "name": "Ann", **pace})
    assert response.status_code == 422 and field in response.json["errors"]
