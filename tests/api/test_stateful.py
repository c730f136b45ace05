"""Random sequences of the requests that change who sits where and what a match is (create, join by invite or code,
give a seat back or free another's, new invite, new seat link, rename, hint and move, resign, timeouts, pace,
rematch), over a few matches of two games with fixed deals, against a model of what each should do; after every step
the invariants hold: documented statuses (the spec client checks each answer), problem+json on a refusal that changed
nothing, each token opens exactly its seat until freed or replaced, no old invite or code admits anyone, the views'
seats agree with My games, no seat sees another's hand, versions only grow and the log holds one entry per version.

Bounded and derandomized (a fixed set of examples: CI reproducible); ADDGAMES_STATEFUL_EXAMPLES=200 explores afresh."""
import os
from dataclasses import dataclass, field
from itertools import count
from types import SimpleNamespace

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from api import clock as api_clock
from api import seating

from .play import bearer
from ..conftest import FakeClock

EXPLORE = os.environ.get("ADDGAMES_STATEFUL_EXAMPLES")
SETTINGS = settings(max_examples=int(EXPLORE or 8), stateful_step_count=30, derandomize=not EXPLORE, database=None,
                    deadline=None, suppress_health_check=list(HealthCheck))
GAMES = ("addup", "addit")
PROBLEM = "application/problem+json"


@dataclass
class Match:
    """What the model expects of one match."""
    id: str
    game: str
    seat_count: int
    creator: int | None
    invite: str
    code: str | None
    names: list  # reserved names of free seats (None: reserved for nobody)
    tokens: dict = field(default_factory=dict)  # seat: its token, for the seats people took
    bots: set = field(default_factory=set)
    hints: bool = True
    status: str = "waiting"
    version: int = 0
    old_invites: list = field(default_factory=list)
    old_codes: list = field(default_factory=list)
    dead: list = field(default_factory=list)  # tokens freed or replaced: they open nothing any more
    replaced: list = field(default_factory=list)  # (seat, token) whose link the creator replaced
    rematch: str | None = None

    @property
    def taken(self) -> set:
        return set(self.tokens) | self.bots

    @property
    def free(self) -> list:
        return [n for n in range(self.seat_count) if n not in self.taken]


class Seating(RuleBasedStateMachine):
    client = None  # set by the test

    matches = Bundle("matches")

    def __init__(self):
        super().__init__()
        self.model: dict[str, Match] = {}
        self.names = count()
        self.touched: Match | None = None

    # -- requests -----------------------------------------------------------------------------------------------
    def send(self, match: Match | None, method: str, path: str, token: str | None = None, expect=(), **kwargs):
        """The request's answer; its status one of `expect`; a refusal is problem+json and changed nothing."""
        before = self.snapshot(match) if match is not None else None
        headers = bearer(token) if token else {}
        response = self.client.open(path, method=method, headers=headers, **kwargs)
        assert response.status_code < 500, (method, path, response.status_code, response.get_data(as_text=True))
        if expect:
            assert response.status_code in expect, (method, path, response.status_code, response.json, expect)
        if response.status_code >= 400:
            assert response.mimetype == PROBLEM, (method, path, response.mimetype)
            if match is not None:
                assert self.snapshot(match) == before, f"{method} {path} {response.status_code} changed the match"
        self.touched = match
        return response

    def snapshot(self, match: Match) -> tuple:
        """The match as a spectator sees it, with its ETag, and as its creator's token sees it."""
        seen = self.client.get(f"/api/v1/games/{match.id}")
        tokens = sorted(match.tokens.items())
        tags = [self.client.get(f"/api/v1/games/{match.id}", headers=bearer(t)).headers.get("ETag") for _, t in tokens]
        return seen.json, seen.headers["ETag"], tags

    def fresh_name(self) -> str:
        return f"Player {next(self.names)}"

    def adopt(self, answer: dict, match: Match) -> None:
        view = answer["game"]
        match.tokens[answer["seat"]] = answer["token"]
        match.status, match.version = view["status"], view["version"]

    # -- creating -------------------------------------------------------------------------------------------------
    @initialize(target=matches, game=st.sampled_from(GAMES))
    def first(self, game):
        return self.create(game, 2, False, False, False, True)

    @initialize(target=matches, game=st.sampled_from(GAMES), paced=st.booleans())
    def playing(self, game, paced):
        match = self.create(game, 2, False, False, paced, True)
        self.join(match, "invite", None, False)
        return match

    @rule(target=matches, game=st.sampled_from(GAMES), seats=st.integers(2, 3), reserve=st.booleans(),
          bot=st.booleans(), paced=st.booleans(), hints=st.booleans())
    def create(self, game, seats, reserve, bot, paced, hints):
        body = {"game": game, "hints": hints, **({"time_per_move": 3600} if paced else {})}
        names = [self.fresh_name()] + ([self.fresh_name() for _ in range(seats - 1)] if reserve else [None] * (seats - 1))
        body.update({"players": names} if reserve else {"seats": seats, "name": names[0]})
        if bot and seats == 3:
            body["bots"] = [{"seat": 2, "level": "easy"}]
        response = self.send(None, "POST", "/api/v1/games", json=body, expect=(201,))
        answer = response.json
        match = Match(answer["game"]["id"], game, seats, 0, answer["invite"], answer["join_code"],
                      [None, *names[1:]], hints=hints, bots={2} if "bots" in body else set())
        if match.bots:
            match.names[2] = answer["game"]["seats"][2]["name"]
        self.adopt(answer, match)
        assert (match.code is None) == (not match.free)
        self.model[match.id] = match
        self.touched = match
        return match

    # -- joining --------------------------------------------------------------------------------------------------
    @rule(match=matches, by=st.sampled_from(["invite", "code", "invite", "code", "old invite", "old code"]),
          seat=st.sampled_from([None, None, None, 1, 2, 3]), reserved=st.booleans())
    def join(self, match, by, seat, reserved):
        credentials = {"invite": [match.invite], "code": [match.code] if match.code else [],
                       "old invite": match.old_invites, "old code": match.old_codes}[by]
        if not credentials:
            return
        secret = credentials[-1]
        body = {"invite": secret} if "invite" in by else {"join_code": secret}
        free = match.free
        wanted = [n for n in free if match.names[n] and seat in (None, n)] if reserved else []
        name = match.names[wanted[0]].upper() if wanted else self.fresh_name()  # a reserved name, typed differently
        body.update(name=name, **({} if seat is None else {"seat": seat}))
        expected, code = refusal(match, by, seat, wanted) or (201, None)
        response = self.send(match, "POST", f"/api/v1/games/{match.id}/seats", json=body, expect=(expected,))
        if code:
            assert response.json["code"] == code, response.json
            return
        taken = response.json["seat"]
        if seat is not None:
            assert taken == seat
        elif wanted:
            assert taken == wanted[0], "the seat reserved for the name"
        else:
            assert taken == min(n for n in free if not match.names[n])
        assert response.json["game"]["seats"][taken]["name"] == (match.names[taken] if wanted else name)
        self.adopt(response.json, match)
        if not match.free:
            assert match.status != "waiting"
            match.code = None

    @rule(match=matches, old=st.booleans())
    def look_up_code(self, match, old):
        typed = (match.old_codes or [None])[-1] if old else match.code
        if typed is None:
            return
        response = self.send(match, "POST", "/api/v1/join-code", json={"join_code": typed},
                             expect=(404,) if old else (200,))
        if old:
            assert response.json["code"] == "join_code_replaced"
        else:
            assert response.json["id"] == match.id

    # -- the creator's and each seat's changes of the seating -------------------------------------------------------
    @rule(match=matches, asker=st.integers(0, 2))
    def new_invite(self, match, asker):
        token = match.tokens.get(asker)
        if token is None:
            return
        if asker != match.creator:
            expected = 403
        elif not match.free:
            expected = 409
        else:
            expected = 200
        response = self.send(match, "POST", f"/api/v1/games/{match.id}/invite", token, expect=(expected,))
        if expected == 200:
            match.old_invites.append(match.invite)
            if match.code:
                match.old_codes.append(match.code)
            match.invite, match.code = response.json["invite"], response.json["join_code"]

    @rule(match=matches, asker=st.integers(0, 2), seat=st.integers(0, 3))
    def free_seat(self, match, asker, seat):
        token = match.tokens.get(asker)
        if token is None:
            return
        if seat >= match.seat_count:
            expected = 404
        elif asker not in (seat, match.creator):
            expected = 403
        elif seat not in match.taken:
            expected = 409
        elif seat in match.bots or not match.free:
            expected = 409
        else:
            expected = 204
        self.send(match, "DELETE", f"/api/v1/games/{match.id}/seats/{seat}", token, expect=(expected,))
        if expected == 204:
            match.dead.append(match.tokens.pop(seat))
            if seat == match.creator:
                match.creator = None
                match.names[seat] = None

    @rule(match=matches, asker=st.integers(0, 2), seat=st.integers(0, 2))
    def new_link(self, match, asker, seat):
        token = match.tokens.get(asker)
        if token is None or seat >= match.seat_count:
            return
        if seat == asker:  # a seat cuts its other devices off
            expected = 200
        elif asker != match.creator:
            expected = 403
        elif seat not in match.taken or seat in match.bots:
            expected = 409
        else:
            expected = 200
        response = self.send(match, "POST", f"/api/v1/games/{match.id}/seats/{seat}/link", token, expect=(expected,))
        if expected == 200:
            old = match.tokens[seat]
            match.dead.append(old)
            match.replaced.append((seat, old))
            match.tokens[seat] = response.json["token"]

    @rule(match=matches, seat=st.integers(0, 2))
    def rename(self, match, seat):
        token = match.tokens.get(seat)
        if token is None:
            return
        response = self.send(match, "PATCH", f"/api/v1/games/{match.id}/seats/{seat}", token,
                             json={"name": self.fresh_name()}, expect=(200, 422))
        if response.status_code == 200:
            assert response.json["version"] == match.version, "a new name is no event"

    # -- playing ---------------------------------------------------------------------------------------------------
    @rule(match=matches)
    def move(self, match):
        """The seat to move asks for a hint and plays it; where hints are off, the hint is refused."""
        if match.status != "playing":
            return
        view = self.client.get(f"/api/v1/games/{match.id}").json
        seat = view["turn"]
        token = match.tokens.get(seat)
        if token is None:
            return
        if not match.hints:
            refused = self.send(match, "POST", f"/api/v1/games/{match.id}/hint", token, expect=(403,))
            assert refused.json["code"] == "hints_off"
            return
        hinted = self.send(match, "POST", f"/api/v1/games/{match.id}/hint", token, expect=(200,))
        version = hinted.json["game"]["version"]
        assert version in (match.version, match.version + 1)
        match.version = version
        played = self.send(match, "POST", f"/api/v1/games/{match.id}/moves", token,
                           json={"version": version, "move": hinted.json["hint"]["move"]}, expect=(200,))
        assert played.json["version"] > version
        match.status, match.version = played.json["status"], played.json["version"]

    @rule(match=matches, seat=st.integers(0, 2), bot=st.booleans())
    def resign(self, match, seat, bot):
        token = match.tokens.get(seat)
        if token is None:
            return
        response = self.send(match, "POST", f"/api/v1/games/{match.id}/resign", token,
                             **({"json": {"bot": "easy"}} if bot else {}), expect=(200, 409, 422))
        if match.status == "waiting":
            assert (response.status_code, response.json["code"]) == (409, "not_started")
        if response.status_code == 200:
            assert response.json["version"] > match.version
            match.status, match.version = response.json["status"], response.json["version"]

    @rule(hours=st.integers(1, 3))
    def time_passes(self, hours):
        self.clock.advance(hours=hours)

    @rule(match=matches, seat=st.integers(0, 2))
    def claim_timeout(self, match, seat):
        token = match.tokens.get(seat)
        if token is None:
            return
        response = self.send(match, "POST", f"/api/v1/games/{match.id}/timeouts", token, expect=(200, 409, 422))
        if response.status_code == 200:
            assert response.json["version"] > match.version
            match.status, match.version = response.json["status"], response.json["version"]

    @rule(match=matches, seat=st.integers(0, 2), hours=st.sampled_from([None, 1, 2]))
    def change_pace(self, match, seat, hours):
        token = match.tokens.get(seat)
        if token is None:
            return
        body = {"version": match.version, "time_per_move": hours and hours * 3600}
        response = self.send(match, "POST", f"/api/v1/games/{match.id}/pace", token, json=body,
                             expect=(200, 409, 422))
        if response.status_code == 200:
            assert response.json["version"] == match.version + 1
            match.version = response.json["version"]

    @rule(target=matches, match=matches, seat=st.integers(0, 2))
    def rematch(self, match, seat):
        token = match.tokens.get(seat)
        if token is None:
            return match
        taken = match.rematch is not None and seat in self.model[match.rematch].taken  # by its asker, or a joiner
        response = self.send(match, "POST", f"/api/v1/games/{match.id}/rematch", token,
                             expect=(201,) if match.status == "over" and not taken else (409,))
        if response.status_code != 201:
            return match
        answer = response.json
        new = self.model.get(answer["game"]["id"])
        if new is None:
            assert match.rematch is None
            new = Match(answer["game"]["id"], match.game, match.seat_count, answer["game"]["creator"],
                        answer["invite"], answer["join_code"], [s["name"] if not s["joined"] else None
                                                                for s in answer["game"]["seats"]],
                        hints=match.hints, bots=set(match.bots))
            match.rematch = new.id
            self.model[new.id] = new
        new.names[seat] = None
        self.adopt(answer, new)
        if not new.free:
            new.code = None
        return new

    # -- invariants -----------------------------------------------------------------------------------------------
    @invariant()
    def tokens_open_their_seats_only(self):
        match = self.touched
        if match is None:
            return
        spectator = self.client.get(f"/api/v1/games/{match.id}").json
        assert spectator["version"] == match.version and spectator["status"] == match.status
        assert "hand" not in spectator["state"]
        assert spectator["creator"] == match.creator
        assert [s["joined"] for s in spectator["seats"]] == [n in match.taken for n in range(match.seat_count)]
        hands = {}
        for seat, token in match.tokens.items():
            view = self.client.get(f"/api/v1/games/{match.id}", headers=bearer(token)).json
            assert view["you"]["seat"] == seat
            assert view["seats"] == spectator["seats"] and view["version"] == match.version
            hands[seat] = {card["id"] for card in view["state"].get("hand", [])}
            log = self.client.get(f"/api/v1/games/{match.id}/moves", headers=bearer(token)).json
            assert [entry["seq"] for entry in log["moves"]] == list(range(1, match.version + 1))
            hands[seat, "seen"] = card_ids(view["state"]) | card_ids(log["moves"])
        for seat in match.tokens:
            for other in match.tokens:
                if other != seat:
                    assert not hands[seat] & hands[other, "seen"], f"seat {other} sees seat {seat}'s hand"
        for token in match.dead:
            refused = self.client.get(f"/api/v1/games/{match.id}", headers=bearer(token))
            assert refused.status_code == 401 and refused.mimetype == PROBLEM
        if match.old_invites:
            joined = self.client.post(f"/api/v1/games/{match.id}/seats",
                                      json={"invite": match.old_invites[0], "name": "Mallory"})
            assert joined.status_code == 403
        if match.old_codes:
            joined = self.client.post(f"/api/v1/games/{match.id}/seats",
                                      json={"join_code": match.old_codes[0], "name": "Mallory"})
            assert joined.status_code == 403

    @invariant()
    def my_games_agree_with_the_views(self):
        held = [(match, seat, token) for match in self.model.values() for seat, token in match.tokens.items()]
        dead = [token for match in self.model.values() for token in match.dead]
        mine = self.client.post("/api/v1/my-games", json={"tokens": [t for *_, t in held] + dead})
        assert mine.status_code == 200
        listed = {(entry["id"], entry["seat"]): entry for entry in mine.json["games"]}
        assert set(listed) == {(match.id, seat) for match, seat, _ in held}
        for match, seat, _ in held:
            entry = listed[match.id, seat]
            assert (entry["status"], entry["version"]) == (match.status, match.version)
        if self.touched is not None and self.touched.tokens:
            view = self.client.get(f"/api/v1/games/{self.touched.id}").json
            seat = min(self.touched.tokens)
            listed_seats = listed[self.touched.id, seat]["seats"]
            assert listed_seats == [{key: shown[key] for key in listed} for listed, shown in zip(listed_seats, view["seats"])]
        replaced = {(entry["id"], entry["seat"]) for entry in mine.json["replaced"]}
        assert replaced == {(match.id, seat) for match in self.model.values() for seat, _ in match.replaced}


def refusal(match: Match, by: str, seat: int | None, wanted: list) -> tuple[int, str] | None:
    """The status and problem code a join `by` an invite or code (old or not) into `seat` should be refused with,
    `wanted` the free seats reserved for the name given; None for a join that should take a seat."""
    free = match.free
    if by.startswith("old"):
        return 403, "invite_replaced" if by == "old invite" else "join_code_replaced"
    if by == "code" and not free:
        return 403, "unknown_join_code"
    if seat is None:
        if not free:
            return 409, "match_full"
        return None if wanted or any(not match.names[n] for n in free) else (409, "seats_reserved")
    if seat >= match.seat_count:
        return 422, "no_such_seat"
    return None if seat in free else (409, "seat_taken")


def card_ids(value) -> set:
    """The ids of the cards anywhere in a view's state or a log (a card is an object with an `id` and a `kind`)."""
    if isinstance(value, dict):
        own = {value["id"]} if "kind" in value and isinstance(value.get("id"), str) else set()
        return own.union(*(card_ids(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(card_ids(item) for item in value))
    return set()


def test_the_seating_and_lifecycle_keep_their_invariants(app, client, monkeypatch):
    seeds = count()
    monkeypatch.setattr(seating, "secrets", SimpleNamespace(token_hex=lambda n: f"{next(seeds):0{2 * n}x}"))  # fixed deals
    fake = FakeClock()
    monkeypatch.setattr(api_clock, "now", lambda: fake.at)
    Seating.client, Seating.clock = client, fake
    run_state_machine_as_test(Seating, settings=SETTINGS)
