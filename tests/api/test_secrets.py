"""Secrets over HTTP, as a property of random matches of every game: no answer to any seat or
spectator (views now and at earlier versions, the move log and the feed after any version,
refusals) names a card that viewer may not see at that time (engine zones decide), the seed stays
secret until the end, and no token reaches the logs.

Moves are drawn from the engine's candidate moves on a replay kept beside the match; viewers are
checked in turn at every version. `ADDGAMES_SWEEP=full` plays more matches."""
import logging
import os
import random
import re

import pytest
from flask.testing import FlaskClient

from api.models import Match, db
from engine import GAMES
from engine import events
from engine.options import normalize

from ..engine.sweep import hidden_from
from .play import bearer

MATCHES = 12 if os.environ.get("ADDGAMES_SWEEP") == "full" else 2
LEAVE_AFTER = 3  # timeouts in a row (the default)
SHORTER = {"plusminus": {"games": 1}, "addtoo": {"target": 50}}  # most matches; the others play the default
VARIANTS = {"addit": [{"length": "long"}], "addem": [{"penalties": True}]}  # rules that hide or re-deal cards


def words(document) -> set[str]:
    """Every string in a JSON document, and every id-like word inside one (ids can be in a reason)."""
    found, stack = set(), [document]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
            found.update(re.findall(r"[\w-]+", item))
        elif isinstance(item, dict):
            found.update(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def swap(document, old: str, new: str):
    """`document` with the string `old` replaced by `new` wherever it is a whole value."""
    if isinstance(document, dict):
        return {key: swap(value, old, new) for key, value in document.items()}
    if isinstance(document, list):
        return [swap(value, old, new) for value in document]
    return new if document == old else document


class Watch:
    """One match played over HTTP beside a local replay, checking every answer it gets."""

    def __init__(self, client, key: str, rng: random.Random):
        self.client, self.game, self.rng = client, GAMES[key], rng
        seats = rng.randint(self.game.MIN_SEATS, self.game.MAX_SEATS)
        options = rng.choice([SHORTER.get(key, {})] * 3 + VARIANTS.get(key, [{}]))
        created = self.post("", {"game": key, "seats": seats, "name": "Ann", "options": options}).json
        self.id, self.tokens, self.invite = created["game"]["id"], {0: created["token"]}, created["invite"]
        with client.application.app_context():
            self.seed = db.session.get(Match, self.id).seed
        dealt = self.game.initial_state(seats, normalize(self.game, options), self.seed)
        self.states = [events.begin(dealt, seats)]  # the match after each version
        self.viewers = [None, *range(seats)]
        self.check(created, 0)
        for seat in range(1, seats):
            joined = self.post(f"/{self.id}/seats", {"invite": self.invite, "name": f"P{seat}"}).json
            self.tokens[seat] = joined["token"]
            self.check(joined, seat)

    def post(self, path: str, body: dict, seat: int | None = None):
        return self.client.post(f"/api/v1/games{path}", json=body, headers=self.auth(seat))

    def get(self, path: str, seat: int | None):
        response = self.client.get(f"/api/v1/games/{self.id}{path}", headers=self.auth(seat))
        assert response.status_code == 200, response.json
        return response.json

    def auth(self, seat: int | None) -> dict:
        return {} if seat is None else bearer(self.tokens[seat])

    @property
    def now(self) -> events.MatchState:
        return self.states[-1]

    def hidden(self, viewer: int | None, version: int | None = None) -> set[str]:
        return hidden_from(self.game, self.states[-1 if version is None else version].game, viewer)

    def check(self, answer: dict, viewer: int | None, version: int | None = None, sent: str | None = None):
        shown = self.hidden(viewer, version) & words(answer) - {sent}
        assert not shown, f"viewer {viewer} was shown hidden cards {sorted(shown)}"
        if not events.is_over(self.game, self.now):
            assert self.seed not in str(answer), "the seed is secret until the match is over"

    def play(self) -> None:
        step = 0
        while not events.is_over(self.game, self.now):
            step += 1
            viewer = self.viewers[step % len(self.viewers)]
            self.check(self.get("", viewer), viewer)
            if step % 4 == 1:
                self.refusals()
            if step & (step - 1) == 0:  # at steps 1, 2, 4, 8...: a few times in any match
                self.history()
            if len(self.tokens) > 2 and step % 40 == 0 and len(self.now.left) < len(self.tokens) - 2:
                self.event("/resign", {}, self.rng.choice(sorted(set(self.tokens) - self.now.left)), "resign", None)
            else:
                seat = events.to_move(self.game, self.now)
                move = self.rng.choice(self.game.candidate_moves(self.now.game, seat))
                self.event("/moves", {"version": len(self.states) - 1, "move": move}, seat, "move", move)
        self.history()

    def event(self, path: str, body: dict, seat: int, kind: str, move: dict | None) -> None:
        state = events.apply(self.game, self.now, kind, seat, move, LEAVE_AFTER)
        played = events.stand_ins(self.game, state, LEAVE_AFTER, self.seed, len(self.states))
        self.states += [state] + [after for *_, after in played]
        response = self.post(f"/{self.id}{path}", body, seat)
        assert response.status_code == 200, response.json
        assert response.json["version"] == len(self.states) - 1
        self.check(response.json, seat)

    def refusals(self) -> None:
        """Moves naming cards the mover cannot see are refused alike wherever those cards lie."""
        seat = events.to_move(self.game, self.now)
        move = self.rng.choice(self.game.candidate_moves(self.now.game, seat))
        own = next((card for card in words(move) if card in self.visible_only_to(seat)), None)
        zones = [z.cards for z in self.game.zones(self.now.game) if z.cards and z.seen_by is not None
                 and seat not in z.seen_by]
        if own is None or not zones:
            return
        probes = [self.rng.choice(cards) for cards in self.rng.sample(zones, min(2, len(zones)))]
        refused = []
        for probe in probes:
            body = {"version": len(self.states) - 1, "move": swap(move, own, probe)}
            response = self.post(f"/{self.id}/moves", body, seat)
            assert response.status_code in (409, 422), response.json
            self.check(response.json, seat, sent=probe)
            refused.append(response.get_data(as_text=True).replace(probe, "<card>"))
        assert len(set(refused)) == 1, "a refusal must not tell where a hidden card lies"
        other = self.rng.choice([s for s in self.tokens if s != seat])
        out_of_turn = self.post(f"/{self.id}/moves", {"version": len(self.states) - 1, "move": move}, other)
        self.check(out_of_turn.json, other)

    def visible_only_to(self, seat: int) -> set[str]:
        return {card for z in self.game.zones(self.now.game) if z.seen_by and seat in z.seen_by for card in z.cards}

    def history(self) -> None:
        """The log, each entry as it was then, an earlier version and the feed since it, for every viewer."""
        for viewer in self.viewers:
            log = self.get("/moves", viewer)
            assert len(log["moves"]) == len(self.states) - 1
            for entry in log["moves"]:
                self.check(entry, viewer, version=entry["seq"])
            version = self.rng.randrange(len(self.states))
            self.check(self.get(f"/versions/{version}", viewer), viewer, version=version)
            assert self.get(f"/moves?after={version}", viewer)["moves"] == log["moves"][version:]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_no_answer_shows_a_card_its_viewer_may_not_see(app, client, key, caplog):
    caplog.set_level(logging.DEBUG)
    plain = FlaskClient(app, app.response_class)  # the contract is checked elsewhere; this is about content
    rng = random.Random(f"secrets-{key}")
    for _ in range(MATCHES):
        watch = Watch(plain, key, rng)
        watch.play()
        final = watch.get("", None)
        assert final["status"] == "over" and final["seed"] == watch.seed
        for secret in [watch.invite, *watch.tokens.values()]:
            assert secret not in caplog.text


def answers(client, match: str, *tokens: str | None) -> list[dict]:
    """The match now, at version 0 and its log, as each seat of `tokens` (None: a spectator) reads them."""
    return [client.get(f"/api/v1/games/{match}{path}", headers=bearer(token) if token else {}).json
            for token in tokens for path in ("", "/versions/0", "/moves")]


PRIVATE_HANDS = sorted(key for key in GAMES if any(zone.name == "hand:1" and zone.seen_by == {1} for zone in GAMES[key].zones(
    GAMES[key].initial_state(3, normalize(GAMES[key], {}), "probe"))))


@pytest.mark.parametrize("key", PRIVATE_HANDS)
def test_nobody_sees_a_hand_before_every_seat_is_taken(client, key):
    """The hands are dealt from the seed when the match is made, but a seat may be given back until every seat is
    taken: a player who saw the hand of the seat they sat in, gave it back and sat elsewhere (or left it to the
    player who came next) would know another player's hand. So no seat sees a hand while seats are free."""
    created = client.post("/api/v1/games", json={"game": key, "seats": 3, "name": "Ann"}).json
    match, invite = created["game"]["id"], created["invite"]
    peek = client.post(f"/api/v1/games/{match}/seats", json={"invite": invite, "name": "Eve", "seat": 2}).json
    seen = [created, peek, *answers(client, match, created["token"], peek["token"])]
    assert client.delete(f"/api/v1/games/{match}/seats/2", headers=bearer(peek["token"])).status_code == 204
    client.post(f"/api/v1/games/{match}/seats", json={"invite": invite, "name": "Bob", "seat": 1})
    carl = client.post(f"/api/v1/games/{match}/seats", json={"invite": invite, "name": "Carl", "seat": 2}).json
    assert carl["game"]["status"] == "playing"
    hands = {seat: {card["id"] for card in client.get(f"/api/v1/games/{match}", headers=bearer(token)).json["state"]["hand"]}
             for seat, token in ((0, created["token"]), (2, carl["token"]))}
    shown = set().union(*map(words, seen))
    assert not hands[2] & shown, "Carl's hand was shown to a seat before the match started"
    assert not hands[0] & shown, "Ann's hand was shown before the match started: a seat given back shows its hand"


def test_addtoo_tiles_lie_face_up_from_the_start_only(client):
    """ADD-TOO's hands lie face up, but they are dealt when the match is made and a seat may be given back until every
    seat is taken: shown while seats are free, they would let a joiner (or anyone with the link) pick the seat holding
    the best diamonds. No seat and no spectator sees a diamond before the start; from it, everyone sees every hand."""
    created = client.post("/api/v1/games", json={"game": "addtoo", "seats": 3, "name": "Ann"}).json
    match, invite = created["game"]["id"], created["invite"]
    bob = client.post(f"/api/v1/games/{match}/seats", json={"invite": invite, "name": "Bob", "seat": 1}).json
    waiting = [created, bob, *answers(client, match, created["token"], bob["token"], None)]
    assert created["game"]["state"]["board"] == [] and [s["hand_count"] for s in created["game"]["state"]["seats"]] == [5] * 3
    assert "diamond" not in set().union(*map(words, waiting)), "a dealt diamond showed while seats were free"
    carl = client.post(f"/api/v1/games/{match}/seats", json={"invite": invite, "name": "Carl", "seat": 2}).json
    assert carl["game"]["status"] == "playing"
    started = [carl["game"], *(view for view in answers(client, match, created["token"], bob["token"], None)
                               if "state" in view)]
    hands = [[[face["id"] for face in seat["hand"]] for seat in view["state"]["seats"]] for view in started]
    assert all(seen == hands[0] for seen in hands) and [len(hand) for hand in hands[0]] == [5] * 3, (
        "once every seat is taken, every seat and spectator sees every seat's five diamonds")


@pytest.mark.parametrize("key", ["addem", "plusminus"])
def test_nobody_knows_who_plays_first_before_every_seat_is_taken(client, key):
    """ADD'EM's and Plus and Minus's first dealer is drawn from the seed when the match is made, and the seat after
    them plays first: shown while seats are free, it would let a joiner pick the seat that starts."""
    created = client.post("/api/v1/games", json={"game": key, "seats": 3, "name": "Ann"}).json
    match, invite = created["game"]["id"], created["invite"]
    bob = client.post(f"/api/v1/games/{match}/seats", json={"invite": invite, "name": "Bob", "seat": 1}).json
    waiting = [created["game"], bob["game"], *(view for view in answers(client, match, created["token"], bob["token"], None)
                                               if "state" in view)]
    assert [view["state"]["dealer"] for view in waiting] == [None] * len(waiting)
    carl = client.post(f"/api/v1/games/{match}/seats", json={"invite": invite, "name": "Carl", "seat": 2}).json
    assert carl["game"]["state"]["dealer"] in range(3) and carl["game"]["turn"] == (carl["game"]["state"]["dealer"] + 1) % 3
