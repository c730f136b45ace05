"""Matches made straight through the HTTP API, for tests that need a game in a given state fast:
named seats (Ann, Bob, ...), moved by the API tests' choosers until a condition holds."""
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import requests
import sqlalchemy

from api import retention

from tests.api.test_every_game import CHOOSERS

GAMES = ["addup", "addit", "plusminus", "addem", "addtoo"]
OPTIONS = {"addit": {}, "plusminus": {"games": 1}, "addem": {"penalties": True}, "addtoo": {"target": 50}, "addup": {}}


def addem_quick(view: dict) -> dict:
    """Under 50 points, a wrong sum (5 penalty points) when no right one is offered: ends a match fast."""
    legal, state = view["you"]["legal_moves"], view["state"]
    if legal["sums"] and "sum" in legal["types"]:
        return {"type": "sum", **legal["sums"][0]}
    totals = [c["id"] for c in state["hand"] if c["kind"] == "total"]
    plain = [c["id"] for c in state["hand"] if c["kind"] in ("figure", "minus")]
    need = max(0, 2 - len(state["exposed"]))
    if "sum" in legal["types"] and state["seats"][view["you"]["seat"]]["score"] < 50 and totals and len(plain) >= need:
        return {"type": "sum", "cards": totals[:1] + plain[:need]}
    if "expose" in legal["types"] and legal["expose"]:
        return {"type": "expose", "card": legal["expose"][0]}
    return {"type": "draw" if "draw" in legal["types"] else "pass"}


def choose(game: str, view: dict) -> dict:
    return addem_quick(view) if game == "addem" else CHOOSERS[game](view["you"]["legal_moves"])


@dataclass
class Match:
    origin: str
    game: str
    id: str
    invite: str
    tokens: dict

    def seat_link(self, seat: int = 0) -> str:
        return f"/g/{self.id}#seat={self.tokens[seat]}"

    def invite_link(self) -> str:
        return f"/g/{self.id}#invite={self.invite}"

    def view(self, seat: int | None = None) -> dict:
        headers = {"Authorization": f"Bearer {self.tokens[seat]}"} if seat is not None else {}
        return requests.get(f"{self.origin}/api/v1/games/{self.id}", headers=headers, timeout=10).json()

    def play(self, until) -> dict:
        """Move (as whoever is to move) until `until(view)` is true or the match is over."""
        view = self.view(0)
        while view["status"] == "playing" and not until(view):
            mine = view if view["turn"] == view["you"]["seat"] else self.view(view["turn"])
            view = self.move(view["turn"], choose(self.game, mine), mine["version"])  # as the mover sees it
        return view

    def move(self, seat: int, move: dict, version: int | None = None) -> dict:
        """Make `move` as `seat` on `version` (by default the one the match is at); the view the mover
        is answered with."""
        version = self.view(seat)["version"] if version is None else version
        response = requests.post(f"{self.origin}/api/v1/games/{self.id}/moves", timeout=10,
                                 headers={"Authorization": f"Bearer {self.tokens[seat]}"},
                                 json={"version": version, "move": move})
        assert response.status_code == 200, response.json()
        return response.json()

    def take(self, seat: int) -> None:
        """Join by the invite, taking `seat` (named at creation)."""
        joined = requests.post(f"{self.origin}/api/v1/games/{self.id}/seats", json={"invite": self.invite, "seat": seat},
                               timeout=10)
        assert joined.status_code == 201, joined.json()
        self.tokens[seat] = joined.json()["token"]

    def free(self, seat: int) -> None:
        """Give `seat` back before the start."""
        freed = requests.delete(f"{self.origin}/api/v1/games/{self.id}/seats/{seat}", timeout=10,
                                headers={"Authorization": f"Bearer {self.tokens.pop(seat)}"})
        assert freed.status_code == 204, freed.text

    def post(self, what: str, seat: int) -> requests.Response:
        """A lifecycle request (resign, timeouts, rematch) as `seat`."""
        return requests.post(f"{self.origin}/api/v1/games/{self.id}/{what}", timeout=10,
                             headers={"Authorization": f"Bearer {self.tokens[seat]}"})


def move_back_in_time(database: Path, match_id: str, hours: int) -> None:
    """Make every event and seat of a match, and its last change, `hours` older, as if that time had
    passed (the server reads the time per request: there is no timer to move)."""
    shift = f"-{hours} hours"
    with closing(sqlite3.connect(database)) as db, db:  # closed after the commit
        db.execute("UPDATE events SET created_at = datetime(created_at, ?) WHERE game_id = ?", (shift, match_id))
        db.execute("UPDATE seats SET joined_at = datetime(joined_at, ?) WHERE game_id = ?", (shift, match_id))
        db.execute("UPDATE games SET moved_at = datetime(moved_at, ?), created_at = datetime(created_at, ?) WHERE id = ?",
                   (shift, shift, match_id))


def newer_event(database: Path, match_id: str) -> None:
    """Append to a match an event of a kind this release does not know, as a newer release serving beside it writes
    one (during an upgrade), with the match's version after it."""
    with closing(sqlite3.connect(database)) as db, db:
        db.execute("INSERT INTO events (game_id, seq, seat, kind, move, created_at) SELECT id, version + 1, 0, "
                   "'applause', '{}', CURRENT_TIMESTAMP FROM games WHERE id = ?", (match_id,))
        db.execute("UPDATE games SET version = version + 1 WHERE id = ?", (match_id,))


def delete_match(database_file, match_id: str) -> None:
    """Delete a match as the retention does."""
    engine = sqlalchemy.create_engine(f"sqlite:///{database_file}")
    try:
        with engine.begin() as conn:
            retention._delete(conn, [match_id])
    finally:
        engine.dispose()


PLAYERS = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"]


def unshuffled(origin: str, game: str, seats: int = 2) -> list[str]:
    """The game's deck for `seats` in the rules catalogue's order: a fixed deck, the same deal every time."""
    decks = requests.get(f"{origin}/api/v1/rules/{game}", timeout=10).json()["decks"]
    return next([card["id"] for card in deck["cards"]] for deck in decks if seats in deck["seats"])


def new_match(origin: str, game: str, join: bool = True, seats: int = 2, players: list[str] | None = None,
              bots: dict[int, str] | None = None, **create) -> Match:
    """A match of `seats` named players (`players`, else Ann, Bob, ...; every seat taken unless `join`
    is false), the computer at the level `bots` gives a seat; `create`: more of the create body as
    the API takes it (time_per_move, timeouts_to_leave, deck)."""
    seats = len(players) if players else seats
    bots = bots or {}
    body = requests.post(f"{origin}/api/v1/games", timeout=10, json={
        "game": game, "players": players or PLAYERS[:seats], "options": OPTIONS[game], **create,
        **({"bots": [{"seat": seat, "level": level} for seat, level in bots.items()]} if bots else {})}).json()
    match = Match(origin, game, body["game"]["id"], body["invite"], {0: body["token"]})
    for seat in range(1, seats if join else 1):
        if seat not in bots:
            match.take(seat)
    return match


FAMILY = ["Mum", "Dad", "Lena", "Tom", "Gran", "Pop"]


def mum_to_place_after_pop(match: Match, events: int):
    """Whether a view (each one `play` brings, in order) is one of `events` events or more, the last of them Pop's (the
    last seat's), and Mum's turn to place a diamond: not after her own draw, which would make her the last mover."""
    moved = {"last": None}  # the seat to move in the view before: the one who made the move that brought this view

    def until(view: dict) -> bool:
        after_pop, moved["last"] = moved["last"] == len(FAMILY) - 1, view["turn"]
        return (view["version"] >= events and after_pop and view["turn"] == 0
                and "place" in match.view(0)["you"]["legal_moves"])
    return until


def long_addtoo(origin: str, events: int = 850) -> Match:
    """A family's ADD-TOO to 1000 at six seats on a fixed deck, played to some `events` events and Mum's (seat 0's)
    turn to place a diamond just after Pop (the last seat) moved. The deck is fixed for the first hand only (the later ones are shuffled by the match's
    seed): a match that ends sooner is played again."""
    saved = OPTIONS["addtoo"]
    OPTIONS["addtoo"] = {"target": 1000}
    try:
        for _ in range(5):
            match = new_match(origin, "addtoo", players=FAMILY, deck=unshuffled(origin, "addtoo", len(FAMILY)))
            view = match.play(mum_to_place_after_pop(match, events))
            if view["status"] == "playing":
                return match
    finally:
        OPTIONS["addtoo"] = saved
    raise AssertionError(f"five matches ended before {events} events")
