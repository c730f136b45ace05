"""A match with hints off (`hints: false`) is a counting test: before a move, no view tells a seat or a
spectator a sum, a total or the points a move would make; after it, the log and the scores say them as usual.

Each match is played beside a twin with hints on, dealt from the same seed and sent the same random moves:
the two must show the same match, except for the numbers the twin without hints leaves out."""
import random
from types import SimpleNamespace

import pytest

from api import seating
from engine import GAMES

from .play import Table

# What a seat's legal moves and the match's state must not hold without hints (at any depth: ADD UP's `sum` is
# each row's, ADD'EM's `exposed_total` the state's own)
HIDDEN_LEGAL = {"addup": {"captures"}, "addit": {"captures"}, "plusminus": {"total", "men"},
                "addtoo": {"points", "bonus", "pairs"},
                "addem": {"exposed_total", "any_sum", "sums", "any_replace", "replaces"}}
HIDDEN_STATE = {"addup": {"sum"}, "addem": {"exposed_total"}}
OPTIONS = {"addtoo": {"target": 50}, "plusminus": {"games": 1}}
MOVES = 40  # per match: enough for captures, exposed cards, scoring placements and a finished hand or game


def without(shown, keys: set):
    """`shown` with `keys` dropped wherever they are."""
    if isinstance(shown, dict):
        return {k: without(v, keys) for k, v in shown.items() if k not in keys}
    if isinstance(shown, list):
        return [without(v, keys) for v in shown]
    return shown


def keys_in(shown) -> set:
    if isinstance(shown, dict):
        return set(shown) | set().union(*map(keys_in, shown.values()))
    if isinstance(shown, list):
        return set().union(*map(keys_in, shown))
    return set()


def counted_for_you(key: str, view: dict) -> dict:
    """A view's state and legal moves without the numbers a match without hints leaves out."""
    legal = view["you"] and view["you"]["legal_moves"]
    return {"state": without(view["state"], HIDDEN_STATE.get(key, set())),
            "legal_moves": legal and without(legal, HIDDEN_LEGAL[key])}


def counted_in(key: str, view: dict) -> set:
    """Which of those numbers `view` (a match's view) holds."""
    legal = view["you"] and view["you"]["legal_moves"]
    return keys_in(view["state"]) & HIDDEN_STATE.get(key, set()) | keys_in(legal or {}) & HIDDEN_LEGAL[key]


def random_move(key: str, legal: dict, pick: random.Random) -> dict:
    """Any legal move, captures and sums included (read from the twin with hints on)."""
    if key == "addtoo":
        if "place" not in legal:
            return {"type": "draw" if "draw" in legal else "pass"}
        place = pick.choice(legal["place"])
        return {"type": "place", **{k: place[k] for k in ("tile", "x", "y", "rotation")}}
    if key == "addem":
        if legal["sums"] and "sum" in legal["types"] and pick.random() < 0.7:
            return {"type": "sum", **pick.choice(legal["sums"])}
        if legal["expose"] and pick.random() < 0.3:
            return {"type": "expose", "card": pick.choice(legal["expose"])}
        return {"type": "draw" if "draw" in legal["types"] else "pass"}
    offer = pick.choice(legal["play"])
    if key == "addit":
        return {"type": "play", "card": offer["card"], "capture": pick.choice(offer["captures"] + [[]])}
    if key == "plusminus":
        return {"type": "play", "card": offer["card"], "man": pick.choice(offer["men"])["man"] if offer["men"] else None}
    row = pick.choice(offer["captures"] + [{"row": r, "value": offer.get("value", {}).get("min")} for r in offer["rows"]])
    return {"type": "play", "card": offer["card"], "row": row["row"]} | ({"value": row["value"]} if "value" in offer else {})


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("seed", [7, 31])
def test_without_hints_no_view_counts_before_a_move_and_the_log_counts_after(client, monkeypatch, key, seed):
    monkeypatch.setattr(seating, "secrets", SimpleNamespace(token_hex=lambda n: f"{seed:0{2 * n}x}"))  # twins' deals
    on, off = (Table.create(client, game=key, seats=3, hints=hints, options=OPTIONS.get(key, {})) for hints in (True, False))
    pick = random.Random(seed)
    seen = set()
    for _ in range(MOVES):
        turn = on.view()["turn"]
        for seat in (None, turn):  # a spectator, and the seat to move (None once the match is over)
            helped, counting = on.view(seat), off.view(seat)
            assert counting["hints"] is False and helped["hints"] is True
            assert not counted_in(key, counting)
            assert counted_for_you(key, counting) == counted_for_you(key, helped)  # all else shown, legal moves too
            assert counting["scores"] == helped["scores"]  # a seat sees its score change after each move
            seen |= counted_in(key, helped)
        if turn is None:
            break
        move = random_move(key, helped["you"]["legal_moves"], pick)  # the last view read: the seat to move's
        answers = [table.post_move(turn, move) for table in (on, off)]
        assert [a.status_code for a in answers] == [200, 200], answers[1].json
        assert not counted_in(key, answers[1].json)
    for seat in (None, *range(3)):  # what each move scored, said once it was made; past views count nothing either
        assert not counted_in(key, off.view(seat, "/versions/1"))
        log_on, log_off = ([without(entry, {"at"}) for entry in client.get(f"/api/v1/games/{t.id}/moves",
                                                                            headers=t.auth(seat)).json["moves"]]
                           for t in (on, off))
        assert log_off == log_on and len(log_off) == off.view()["version"] > 0
    assert seen == HIDDEN_LEGAL[key] | HIDDEN_STATE.get(key, set()), "the twin with hints never showed some of what is hidden: the test proved less"
