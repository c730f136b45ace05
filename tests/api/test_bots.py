"""Computer players and hints over HTTP: bot seats at creation, their moves recorded as `bot`
events in the answer to the move that called for them, deterministic and replayed from the log,
seats handed to a bot when leaving, and hints from the asking seat's view only."""
import pytest

from api import replays, seating
from api.models import Event, Match, Snapshot, db
from engine import GAMES, addup, bots
from engine import events

from .play import Table, bearer, first_legal
from .test_every_game import CHOOSERS

SEED = "5eed" * 8


def create(client, game="addup", seats=2, bots=(), **extra):
    body = {"game": game, "seats": seats, "name": "Ann", "bots": [{"seat": s, "level": level} for s, level in bots],
            **extra}
    return client.post("/api/v1/games", json=body)


def solo(client, game="addup", seats=2, bots=((1, "medium"),), **extra) -> Table:
    response = create(client, game, seats, bots, **extra)
    assert response.status_code == 201, response.json
    return Table(client, response.json["game"]["id"], response.json["invite"], {0: response.json["token"]})


def log(client, table: Table) -> list[dict]:
    return client.get(f"/api/v1/games/{table.id}/moves").json["moves"]


def seed_of(client, table: Table) -> str:
    with client.application.app_context():
        return db.session.get(Match, table.id).seed


def my_move(table: Table, seat: int = 0):
    view = table.view(seat)
    return table.post_move(seat, first_legal(view), view["version"])


@pytest.mark.parametrize("bots, code", [
    (((1, "genius"),), "invalid_request"),
    (((0, "easy"), (1, "easy")), "invalid_request"),  # seat 0 is the creator's: a person plays
    (((0, "hard"),), "invalid_request"),
    (((2, "easy"),), "no_such_seat"),
    (((1, "easy"), (1, "hard")), "seat_listed_twice"),
])
def test_bot_seats_at_creation_are_checked(client, bots, code):
    response = create(client, bots=bots)
    assert (response.status_code, response.json["code"]) == (422, code), response.json
    assert client.post("/api/v1/my-games", json={"tokens": []}).status_code == 200
    with client.application.app_context():
        assert db.session.query(Match).count() == 0


def test_bot_seats_are_taken_at_once_shown_as_bots_and_the_match_starts(client):
    created = create(client, seats=3, bots=[(1, "easy"), (2, "hard")], hints=False).json
    view = created["game"]
    assert view["status"] == "playing" and view["hints"] is False
    assert [(s["name"], s["joined"], s["bot"], s["status"]) for s in view["seats"]] == [
        ("Ann", True, None, "playing"), ("Computer (easy)", True, "easy", "playing"),
        ("Computer (hard)", True, "hard", "playing")]
    mine = client.post("/api/v1/my-games", json={"tokens": [created["token"]]}).json["games"][0]
    assert [s["bot"] for s in mine["seats"]] == [None, "easy", "hard"]
    taken = client.post(f"/api/v1/games/{view['id']}/seats", json={"invite": created["invite"], "name": "Bob", "seat": 1})
    assert (taken.status_code, taken.json["code"]) == (409, "seat_taken")


def test_a_bot_seat_is_named_for_its_level_whatever_players_calls_it(client):
    body = {"game": "addup", "players": ["Ann", "Bob", "Cy"], "bots": [{"seat": 2, "level": "easy"}]}
    view = client.post("/api/v1/games", json=body).json["game"]
    assert [s["name"] for s in view["seats"]] == ["Ann", "Bob", "Computer (easy)"]


def test_a_free_seat_taken_last_starts_the_match_with_its_bots(client):
    table = solo(client, seats=3, bots=[(2, "easy")])
    assert table.view()["status"] == "waiting"
    joined = table.join("Bob")
    assert joined["seat"] == 1 and joined["game"]["status"] == "playing"
    assert [s["bot"] for s in joined["game"]["seats"]] == [None, None, "easy"]


def test_the_answer_to_a_move_holds_the_bots_replies_as_bot_events(client):
    table = solo(client, seats=3, bots=[(1, "medium"), (2, "hard")])
    answer = my_move(table)
    assert answer.status_code == 200, answer.json
    assert answer.json["version"] == 3 and answer.json["turn"] == 0
    assert [(e["seq"], e["seat"], e["kind"]) for e in log(client, table)] == [(1, 0, "move"), (2, 1, "bot"), (3, 2, "bot")]
    assert table.view(0) == answer.json


def test_a_bot_that_starts_moves_in_the_answer_that_creates_the_match(client):
    for _ in range(30):  # Plus and Minus starts at a seat drawn from the seed
        created = create(client, game="plusminus", bots=[(1, "easy")], options={"games": 1}).json
        if created["game"]["version"]:
            break
    else:
        pytest.fail("the bot never started")
    assert created["game"]["turn"] == 0 and created["game"]["version"] == 1
    entry, = client.get(f"/api/v1/games/{created['game']['id']}/moves").json["moves"]
    assert (entry["seat"], entry["kind"]) == (1, "bot")


SHORT = {"addit": {"length": "short"}, "plusminus": {"games": 1}, "addtoo": {"target": 50}}


@pytest.mark.parametrize("key", sorted(GAMES))
def test_bots_moves_are_the_seeded_choice_and_replaying_the_log_gives_the_live_match(client, key):
    game = GAMES[key]
    levels = (None, "easy", "hard") if game.MAX_SEATS >= 3 else (None, "hard")
    table = solo(client, game=key, seats=len(levels), bots=[(n, lv) for n, lv in enumerate(levels) if lv],
                 options=SHORT.get(key, {}))
    live = table.view(0)
    for _ in range(8):
        if live["status"] != "playing":
            break
        answer = table.post_move(0, CHOOSERS[key](live["you"]["legal_moves"]), live["version"])
        assert answer.status_code == 200, answer.json
        live = answer.json
    seed = seed_of(client, table)
    with client.application.app_context():
        match = db.session.get(Match, table.id)
        state = events.begin(game.initial_state(match.seat_count, match.options, seed, match.deck), len(levels), levels)
        stored = db.session.query(Event).filter_by(game_id=table.id).order_by(Event.seq).all()
    assert [e.kind for e in stored] == [e["kind"] for e in log(client, table)] and len(stored) == live["version"]
    assert "bot" in {e.kind for e in stored}
    for event in stored:  # each bot move is the bot's choice with the seed of its seat and number
        if event.kind == "bot":
            assert event.move == bots.choose(game, state.game, event.seat, levels[event.seat],
                                             events.bot_seed(seed, event.seat, event.seq))
        state = events.apply(game, state, event.kind, event.seat, event.move, 3)
    replays.forget_all()  # a cold replay reads the recorded moves and ends where the live match is
    with client.application.app_context():
        db.session.query(Snapshot).delete()
        db.session.commit()
    assert table.view(0) == live


def ask_hint(table: Table, seat: int = 0):
    return table.client.post(f"/api/v1/games/{table.id}/hint", headers=bearer(table.tokens[seat]))


def test_a_hint_is_the_hard_bot_s_move_and_the_next_move_is_marked_after_it(client):
    table = solo(client)
    before = table.view(0)
    hint = ask_hint(table)
    assert hint.status_code == 200, hint.json
    body = hint.json
    assert body["game"]["version"] == 1 and body["game"]["turn"] == 0
    assert body["hint"]["explanation"]["code"].startswith("addup.") and body["hint"]["explanation"]["text"]
    seed = seed_of(client, table)
    expected = bots.hint(addup, addup.initial_state(2, {}, seed), 0, events.bot_seed(seed, 0, 1))
    assert body["hint"] == expected and before["state"] == body["game"]["state"]
    moved = table.post_move(0, body["hint"]["move"], body["game"]["version"])
    assert moved.status_code == 200, moved.json
    assert [(e["kind"], e["after_hint"], e["move"]["type"]) for e in log(client, table)] == [
        ("hint", False, "hint"), ("move", True, "play"), ("bot", False, "play")]


def test_asking_again_before_anything_happened_gets_the_same_hint_and_records_nothing(client):
    """Else a seat could grow its match's log without end, one event per ask."""
    table = solo(client)
    first, again = ask_hint(table), ask_hint(table)
    assert again.status_code == 200, again.json
    assert again.json == first.json and again.json["game"]["version"] == 1
    assert [e["kind"] for e in log(client, table)] == ["hint"]
    my_move(table)  # the bot answers: a new position, a new hint recorded
    assert ask_hint(table).json["game"]["version"] == 4


def test_hints_are_refused_when_off_not_your_turn_and_before_the_start(client):
    off = solo(client, hints=False)
    refused = ask_hint(off)
    assert (refused.status_code, refused.json["code"]) == (403, "hints_off") and off.view()["version"] == 0
    waiting = solo(client, seats=3, bots=[(2, "easy")])
    assert (ask_hint(waiting).status_code, ask_hint(waiting).json["code"]) == (409, "not_started")
    waiting.join("Bob")
    refused = ask_hint(waiting, 1)
    assert (refused.status_code, refused.json["code"]) == (409, "not_your_turn")
    assert log(client, waiting) == []


def test_a_hint_comes_from_the_seat_s_view_only(client, monkeypatch):
    """Two matches dealt from one seed and two decks that differ only in cards seat 0 cannot see
    (the other hand's first card and the pile's last): the same hint."""
    monkeypatch.setattr(seating.secrets, "token_hex", lambda nbytes: SEED)
    deck = list(addup.FACES)
    swapped = deck[:]
    swapped[1], swapped[-1] = swapped[-1], swapped[1]
    dealt = [addup.initial_state(2, {}, SEED, order) for order in (deck, swapped)]
    assert dealt[0].hands[1] != dealt[1].hands[1] and addup.view(dealt[0], 0) == addup.view(dealt[1], 0)
    hints = []
    for order in (deck, swapped):
        table = solo(client, bots=[(1, "hard")], deck=order)
        hints.append(ask_hint(table).json["hint"])
    assert hints[0] == hints[1]


def test_leaving_to_a_bot_hands_over_the_seat_and_the_match_goes_on(client):
    table = Table.create(client, seats=3)
    left = client.post(f"/api/v1/games/{table.id}/resign", json={"bot": "easy"}, headers=bearer(table.tokens[1]))
    assert left.status_code == 200, left.json
    seat = left.json["seats"][1]
    assert (seat["name"], seat["bot"], seat["status"]) == ("Player 2", "easy", "left")
    mine = client.post("/api/v1/my-games", json={"tokens": [table.tokens[0]]}).json["games"][0]
    assert [s["bot"] for s in mine["seats"]] == [None, "easy", None], "My games shows who plays each seat now"
    answer = my_move(table)
    assert answer.json["turn"] == 2 and answer.json["version"] == 3
    assert [(e["seat"], e["kind"], e["move"]) for e in log(client, table)][0::2] == [
        (1, "resign", {"type": "resign", "bot": "easy"}), (1, "bot", log(client, table)[2]["move"])]


def test_a_two_seat_match_goes_on_with_a_bot_but_the_last_person_cannot_leave_to_one(client):
    pair = Table.create(client)
    left = client.post(f"/api/v1/games/{pair.id}/resign", json={"bot": "medium"}, headers=bearer(pair.tokens[1]))
    assert left.json["status"] == "playing" and left.json["seats"][1]["bot"] == "medium"
    last = client.post(f"/api/v1/games/{pair.id}/resign", json={"bot": "easy"}, headers=bearer(pair.tokens[0]))
    assert (last.status_code, last.json["code"]) == (409, "last_person")
    assert pair.view()["version"] == 1


def test_leaving_to_a_bot_once_the_match_is_over_says_it_is_over(client):
    pair = Table.create(client)
    client.post(f"/api/v1/games/{pair.id}/resign", headers=bearer(pair.tokens[1]))
    late = client.post(f"/api/v1/games/{pair.id}/resign", json={"bot": "easy"}, headers=bearer(pair.tokens[0]))
    assert (late.status_code, late.json["code"]) == (409, "game_over"), "not last_person: nobody plays on"


def test_the_last_person_resigning_against_bots_ends_the_match(client):
    table = solo(client, seats=3, bots=[(1, "hard"), (2, "hard")])
    over = client.post(f"/api/v1/games/{table.id}/resign", headers=bearer(table.tokens[0]))
    assert over.json["status"] == "over" and over.json["winners"] == [1, 2] and over.json["version"] == 1


def test_asking_for_a_hint_does_not_move_the_deadline(client, clock):
    table = solo(client, time_per_move=3600)
    deadline = table.view()["deadline"]
    clock.advance(minutes=30)
    assert ask_hint(table).json["game"]["deadline"] == deadline == table.view()["deadline"]


def test_a_bot_s_seat_has_no_link_to_give_anew(client):
    table = solo(client)
    refused = client.post(f"/api/v1/games/{table.id}/seats/1/link", headers=bearer(table.tokens[0]))
    assert (refused.status_code, refused.json["code"]) == (409, "bot_seat")
