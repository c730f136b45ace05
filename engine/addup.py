"""ADD UP: RULES.md, section `addup`.

Play one card onto the top or the bottom row; when both rows hold cards and their sums are
equal, take every card on the table. Draw back to three while the deck lasts; when every hand
is empty the match ends and the most captured cards wins.
"""
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from . import cards, unhinted
from .options import Option
from .protocol import (EVERYONE, JSON, NOBODY, Face, IllegalMove, Move, Options, Zone, check_rules_version, check_turn,
                       leaders)

KEY = "addup"
NAME = "ADD UP"
MIN_SEATS, MAX_SEATS = 2, 6
RULES_VERSION = 1
OPTIONS: dict[str, Option] = {}
INFO = {"age": "8–99", "minutes": 20,
        "summary": "Play a card on the top or the bottom row: make both rows add up to the same "
                   "total and capture every card on the table."}
INTERPRETATIONS = (
    "The deck is 48 cards: 36 number cards (1 to 9, four of each), 6 white jokers worth 0 to 5 "
    "and 6 yellow jokers worth 10 or more (capped at 999).",
    "A joker turned up as an opening card goes to the bottom of the deck and the next card is "
    "turned instead; if only jokers remain, that row starts empty.",
    "An empty row never balances: a 0 played onto an empty table captures nothing.",
    "Cards left on the table at the end belong to nobody.",
)

HAND_SIZE = 3
ROWS = ("top", "bottom")
JOKERS = {"white_joker": (0, 5), "yellow_joker": (10, 999)}
FACES: dict[str, Face] = {
    **{f"{n}{copy}": {"id": f"{n}{copy}", "kind": "number", "value": n} for n in range(1, 10) for copy in "abcd"},
    **{f"{kind[0]}{i}": {"id": f"{kind[0]}{i}", "kind": kind, "min": lo, "max": hi}
       for kind, (lo, hi) in JOKERS.items() for i in range(1, 7)},
}
# The values a card may count as: a number card its own, a joker any of its range.
VALUES = {card: (face["min"], face["max"]) if face["kind"] in JOKERS else (face["value"], face["value"])
          for card, face in FACES.items()}


Row = tuple[tuple[str, int], ...]  # (card, value) as played
Rows = tuple[Row, ...]  # (top, bottom)


@dataclass(frozen=True)
class State:
    hands: tuple[tuple[str, ...], ...]
    pile: tuple[str, ...]  # top card first
    rows: Rows  # (top, bottom), each of (card, value)
    captured: tuple[tuple[str, ...], ...]
    turn: int | None


def deck(seats: int, options: Options) -> list[Face]:
    return list(FACES.values())


def initial_state(seats: int, options: Options, seed: str, deck: list[str] | None = None,
                  rules_version: int | None = None) -> State:
    check_rules_version(rules_version, RULES_VERSION)
    order = cards.starting_order(list(FACES), seed, "deal:1", deck)
    hands, rest = cards.deal(order, seats, HAND_SIZE, first=0)
    rows, pile = _open_rows(rest)
    return State(hands, pile, rows, ((),) * seats, turn=0)


def to_move(state: State) -> int | None:
    return state.turn


def is_over(state: State) -> bool:
    return state.turn is None


def scores(state: State) -> list[int]:
    return [len(stack) for stack in state.captured]


def winners(state: State) -> list[int]:
    return leaders(scores(state)) if is_over(state) else []


def legal_moves(state: State, seat: int) -> JSON | None:
    if seat != state.turn:
        return None
    needs = _balancing_values(state.rows)
    plays: list[JSON] = []
    for card in dict.fromkeys(state.hands[seat]):
        face, (lo, hi) = FACES[card], VALUES[card]
        entry: JSON = {"card": card, "rows": list(ROWS),
                       "captures": [{"row": row, "value": needed} for row, needed in needs if lo <= needed <= hi]}
        if face["kind"] in JOKERS:
            entry["value"] = {"min": face["min"], "max": face["max"]}
        plays.append(entry)
    return {"play": plays}


def candidate_moves(state: State, seat: int) -> list[Move]:
    legal = legal_moves(state, seat)
    if legal is None:
        return []
    moves: list[Move] = []
    for entry in legal["play"]:
        joker_value = entry["value"]["min"] if "value" in entry else None
        moves += [_play(entry["card"], row, joker_value) for row in ROWS]
        moves += [_play(entry["card"], c["row"], c["value"] if joker_value is not None else None)
                  for c in entry["captures"]]
    return list({repr(m): m for m in moves}.values())


def apply(state: State, seat: int, move: Any) -> State:
    check_turn(state.turn, seat)
    cards.move_type(move, ("play",))
    cards.no_extra_fields(move, ("card", "row", "value"))
    card = cards.card_field(move, state.hands[seat])
    row = move.get("row")
    if row not in ROWS:
        raise IllegalMove("bad_row", "Choose the 'top' or the 'bottom' row.", field="row")
    value = _played_value(FACES[card], move)

    played = list(state.rows)
    played[ROWS.index(row)] += ((card, value),)
    rows = tuple(played)
    hand = tuple(c for c in state.hands[seat] if c != card)
    captured, pile = state.captured, state.pile
    balanced = all(rows) and _row_sum(rows[0]) == _row_sum(rows[1])
    if balanced:
        taken = tuple(c for r in rows for c, _ in r)
        captured = cards.set_at(captured, seat, captured[seat] + taken)
    if pile:
        hand, pile = hand + pile[:1], pile[1:]
    if balanced:
        rows, pile = _open_rows(pile)
    hands = cards.set_at(state.hands, seat, hand)
    return State(hands, pile, rows, captured, _next_turn(hands, seat))


def view(state: State, viewer: int | None) -> JSON:
    shown: JSON = {
        "rows": {name: {"cards": list(map(_SHOWN.__getitem__, row)), "sum": _row_sum(row)}
                 for name, row in zip(ROWS, state.rows)},
        "pile_count": len(state.pile),
        "seats": [{"hand_count": len(hand), "captured": len(stack)}
                  for hand, stack in zip(state.hands, state.captured)],
    }
    if viewer is not None:
        shown["hand"] = [FACES[c] for c in state.hands[viewer]]
    return shown


# Without hints (engine/unhinted.py): no captures offered, no row's sum
unhinted_legal_moves = unhinted.each("play", "captures")


def unhinted_view(shown: JSON) -> JSON:
    return {**shown, "rows": {name: unhinted.without("sum")(row) for name, row in shown["rows"].items()}}


def log_entry(before: State, seat: int, move: Move, after: State, viewer: int | None) -> JSON:
    card = move["card"]
    value = move.get("value", FACES[card].get("value"))
    captured = len(after.captured[seat]) - len(before.captured[seat])
    entry: JSON = {"type": "play", "card": FACES[card], "row": move["row"], "value": value, "captured": captured}
    if captured:  # the row the card balanced, its values in order, so a reader can follow the sum
        played = ROWS.index(move["row"])
        entry["row_values"] = [v for _, v in before.rows[played]] + [value]
        entry["other_values"] = [v for _, v in before.rows[1 - played]]  # the row it balanced, captured with it
        entry["opened"] = {name: [FACES[c] for c, _ in row] for name, row in zip(ROWS, after.rows)}
    return entry


def zones(state: State) -> list[Zone]:
    return [
        *(Zone(f"hand:{s}", hand, frozenset({s})) for s, hand in enumerate(state.hands)),
        Zone("pile", state.pile, NOBODY),
        *(Zone(f"row:{name}", tuple(c for c, _ in row), EVERYONE) for name, row in zip(ROWS, state.rows)),
        *(Zone(f"captured:{s}", stack, EVERYONE) for s, stack in enumerate(state.captured)),
    ]


def _play(card: str, row: str, value: int | None) -> Move:
    move: Move = {"type": "play", "card": card, "row": row}
    if value is not None:
        move["value"] = value
    return move


def _played_value(face: Face, move: Move) -> int:
    if face["kind"] in JOKERS:
        colour = face["kind"].split("_")[0]
        return cards.int_field(move, "value", face["min"], face["max"], f"A {colour} joker's value")
    if "value" in move:
        raise IllegalMove("value_not_joker", f"Only a joker takes a value: a {face['value']} is always {face['value']}.",
                          card=face["id"])
    return face["value"]


def _balancing_values(rows: Rows) -> list[tuple[str, int]]:
    """Per row, the value a card played there must count as to balance the rows (none for a row
    whose other row is empty: an empty row never balances). Any card that may count as it captures."""
    sums = [_row_sum(row) for row in rows]
    return [(name, sums[1 - i] - sums[i]) for i, name in enumerate(ROWS) if rows[1 - i]]


def _open_rows(pile: tuple[str, ...]) -> tuple[Rows, tuple[str, ...]]:
    """Turn the top-row then the bottom-row opening card; jokers turned go to the bottom."""
    rows: list[Row] = []
    for _ in ROWS:
        first = next((i for i, c in enumerate(pile) if FACES[c]["kind"] == "number"), None)
        if first is None:
            rows.append(())
            continue
        card = pile[first]
        rows.append(((card, FACES[card]["value"]),))
        pile = pile[first + 1:] + pile[:first]
    return tuple(rows), pile


_value = itemgetter(1)  # of a row's (card, value)


class _Shown(dict[tuple[str, int], JSON]):
    """A played card as a view shows it, by its row's (card, value): made once for each, so that a
    view shows a row in C (`map`), not a dict built per card. The same card counts as one value
    (a joker as any of its range), so there are at most a few thousand."""

    def __missing__(self, played: tuple[str, int]) -> JSON:
        card, value = played
        shown = self[played] = {"card": FACES[card], "value": value}
        return shown


_SHOWN = _Shown()


def _row_sum(row: Row) -> int:
    return sum(map(_value, row))  # in C: every view and every move sums both rows


def _next_turn(hands: tuple[tuple[str, ...], ...], seat: int) -> int | None:
    seats = len(hands)
    for step in range(1, seats + 1):
        candidate = (seat + step) % seats
        if hands[candidate]:
            return candidate
    return None

