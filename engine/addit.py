"""ADD-IT: RULES.md, section `addit`.

Play one card from the hand and, if you like, take one group of table cards whose numbers add
up to it (a single equal card is such a group); otherwise the card joins the table. When every
hand is empty the stock deals again; when the stock is empty too, the last player to capture
takes the table. One card collected is one point.

A capture names table cards by id, so two equal cards make two different groups: with table
2, 3, 3, 5 and a played 8, "2 + 3 + 3" is one group, and "3 + 5" is two (one per 3).

legal_moves: {"play": [{"card": ID, "value": N, "captures": [[ID, ...], ...]}]}, one entry per
card in hand; `captures` lists every group of table cards adding up to `value`, the most cards
first (playing the card with "capture": [] is always allowed as well).
view: {"deal", "length", "first", "table": [face], "pile_count", "last_capturer",
"seats": [{"hand_count", "captured", "total"}], "hand": [face] (seats only)}; `captured` is this
deal's stack, `total` the match score so far (earlier deals plus this one).
log_entry: {"type": "play", "card": face, "captured": [face], "dealt": N (a new round of hands,
only counts), "deal_end": {"deal", "swept_by", "swept", "points": [N], "totals": [N]}}; the last
two keys only when they happened. When the move ended a deal of the long game and the next one
was dealt, its faces come without "id" (the ids now name the cards of the new deal).
"""
from dataclasses import dataclass
from typing import Any

from . import cards, unhinted
from .options import Option
from .protocol import (EVERYONE, JSON, NOBODY, Face, IllegalMove, Move, Options, Zone, check_rules_version, check_turn,
                       leaders)
from .shuffle import shuffled

KEY = "addit"
NAME = "ADD-IT"
MIN_SEATS, MAX_SEATS = 2, 4
RULES_VERSION = 1
OPTIONS = {
    "length": Option("short", "short: one deal of the whole deck, most cards wins; long: deals until "
                              "a player has 201 points or more, highest total wins.",
                     choices=("short", "long")),
}
INFO = {"age": "5+", "minutes": 15,
        "summary": "Play a card and collect table cards that add up to its number: "
                   "the most cards collected wins."}
INTERPRETATIONS = (
    "If the stock holds fewer than 6 cards for each player, it is shared out equally "
    "(3 players: 4 each in the last deal); any cards left over go face up to the table.",
)

HAND_SIZE = 6
TABLE_SIZE = 12
TARGET = 201
SUITS = ("soccer", "basketball", "tennis", "baseball", "football", "hockey")
FACES: dict[str, Face] = {f"{suit}-{n}": {"id": f"{suit}-{n}", "kind": "number", "suit": suit, "value": n}
         for suit in SUITS for n in range(1, 11)}


@dataclass(frozen=True)
class State:
    seed: str  # the long game reshuffles for each deal; never shown
    length: str
    deal: int  # 1-based
    first: int  # the seat that plays first in this deal
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]  # top card first
    table: tuple[str, ...]  # in the order laid
    captured: tuple[tuple[str, ...], ...]  # this deal's stacks
    last_capturer: int | None
    history: tuple[tuple[int, ...], ...]  # points of each finished deal
    turn: int | None


def deck(seats: int, options: Options) -> list[Face]:
    return list(FACES.values())


def initial_state(seats: int, options: Options, seed: str, deck: list[str] | None = None,
                  rules_version: int | None = None) -> State:
    check_rules_version(rules_version, RULES_VERSION)
    order = cards.starting_order(list(FACES), seed, "deal:1", deck)
    return _new_deal(seed, options.get("length", "short"), 1, seats, order, history=())


def to_move(state: State) -> int | None:
    return state.turn


def is_over(state: State) -> bool:
    return state.turn is None


def scores(state: State) -> list[int]:
    running = [0] * len(state.hands) if is_over(state) else [len(stack) for stack in state.captured]
    return [sum(points[s] for points in state.history) + running[s] for s in range(len(state.hands))]


def winners(state: State) -> list[int]:
    return leaders(scores(state)) if is_over(state) else []


def legal_moves(state: State, seat: int) -> JSON | None:
    if seat != state.turn:
        return None
    return {"play": [{"card": card, "value": FACES[card]["value"],
                      "captures": [list(group) for group in _groups(state.table, FACES[card]["value"])]}
                     for card in state.hands[seat]]}


def candidate_moves(state: State, seat: int) -> list[Move]:
    """Every capture, the most cards first, then each card played onto the table, lowest first."""
    legal = legal_moves(state, seat)
    if legal is None:
        return []
    plays = legal["play"]
    captures = sorted(((len(group), entry["card"], group) for entry in plays for group in entry["captures"]),
                      key=lambda item: -item[0])
    quiet = sorted(state.hands[seat], key=lambda card: FACES[card]["value"])
    return ([{"type": "play", "card": card, "capture": group} for _, card, group in captures]
            + [{"type": "play", "card": card, "capture": []} for card in quiet])


def apply(state: State, seat: int, move: Any) -> State:
    check_turn(state.turn, seat)
    cards.move_type(move, ("play",))
    cards.no_extra_fields(move, ("card", "capture"))
    card = cards.card_field(move, state.hands[seat])
    group = _capture_field(move, state.table, FACES[card]["value"])

    hands = cards.set_at(state.hands, seat, tuple(c for c in state.hands[seat] if c != card))
    table, captured, last = state.table, state.captured, state.last_capturer
    if group:
        table = tuple(c for c in table if c not in group)
        captured = cards.set_at(captured, seat, captured[seat] + (card, *group))
        last = seat
    else:
        table += (card,)
    state = cards.replaced(state, hands=hands, table=table, captured=captured, last_capturer=last,
                    turn=(seat + 1) % len(hands))
    if any(hands):
        return state
    if len(state.stock) >= len(hands):
        return _next_round(state)
    return _end_deal(cards.replaced(state, stock=(), table=state.table + state.stock))


def view(state: State, viewer: int | None) -> JSON:
    totals = scores(state)
    shown: JSON = {
        "deal": state.deal,
        "length": state.length,
        "first": state.first,
        "table": [FACES[c] for c in state.table],
        "pile_count": len(state.stock),
        "last_capturer": state.last_capturer,
        "seats": [{"hand_count": len(hand), "captured": len(stack), "total": total}
                  for hand, stack, total in zip(state.hands, state.captured, totals)],
    }
    if viewer is not None:
        shown["hand"] = [FACES[c] for c in state.hands[viewer]]
    return shown


# Without hints (engine/unhinted.py): no group of the table's cards that adds up to a card
unhinted_legal_moves = unhinted.each("play", "captures")


def log_entry(before: State, seat: int, move: Move, after: State, viewer: int | None) -> JSON:
    group = move.get("capture") or []
    deal_ended = len(after.history) > len(before.history)
    same_deal = after.deal == before.deal
    entry: JSON = {"type": "play", "card": cards.shown(FACES[move["card"]], same_deal),
                   "captured": [cards.shown(FACES[c], same_deal) for c in group]}
    if not deal_ended and after.stock != before.stock:
        entry["dealt"] = len(after.hands[0])
    if deal_ended:
        left = len(before.table) - len(group) + (0 if group else 1)
        sweeper = seat if group else before.last_capturer
        entry["deal_end"] = {
            "deal": before.deal,
            "swept_by": sweeper,
            "swept": left if sweeper is not None else 0,
            "points": list(after.history[-1]),
            "totals": [sum(points[s] for points in after.history) for s in range(len(after.hands))],
        }
    return entry


def zones(state: State) -> list[Zone]:
    return [
        *(Zone(f"hand:{s}", hand, frozenset({s})) for s, hand in enumerate(state.hands)),
        Zone("stock", state.stock, NOBODY),
        Zone("table", state.table, EVERYONE),
        *(Zone(f"captured:{s}", stack, EVERYONE) for s, stack in enumerate(state.captured)),
    ]



def _capture_field(move: Move, table: tuple[str, ...], target: int) -> tuple[str, ...]:
    """The group named by `move["capture"]` (missing means none), if it adds up to `target`."""
    group = move.get("capture", [])
    if not isinstance(group, list) or not all(isinstance(c, str) for c in group):
        raise IllegalMove("bad_move", "'capture' must be a list of card ids.", field="capture")
    if len(set(group)) != len(group):
        raise IllegalMove("duplicate_card", "Name each table card only once.", field="capture")
    for card in group:
        if card not in table:
            raise IllegalMove("not_on_table", f"Card {card} is not on the table.", card=card)
    parts = [FACES[c]["value"] for c in group]
    if group and sum(parts) != target:
        shown = " + ".join(map(str, parts))
        reason = f"{shown} is not {target}." if len(parts) == 1 else f"{shown} is {sum(parts)}, not {target}."
        raise IllegalMove("capture_mismatch", reason, parts=parts, total=sum(parts), target=target)
    return tuple(group)


def _groups(table: tuple[str, ...], target: int) -> list[tuple[str, ...]]:
    """Every set of table cards adding up to `target` (in table order), the most cards first."""
    found: list[tuple[str, ...]] = []

    def extend(start: int, chosen: tuple[str, ...], remaining: int) -> None:
        if remaining == 0:
            found.append(chosen)
            return
        for i in range(start, len(table)):
            if FACES[table[i]]["value"] <= remaining:
                extend(i + 1, chosen + (table[i],), remaining - FACES[table[i]]["value"])

    extend(0, (), target)
    return sorted(found, key=len, reverse=True)


def _new_deal(seed: str, length: str, number: int, seats: int, order: list[str], history: tuple[tuple[int, ...], ...]) -> State:
    first = (number - 1) % seats
    hands, rest = cards.deal(order, seats, HAND_SIZE, first=first)
    return State(seed, length, number, first, hands, rest[TABLE_SIZE:], rest[:TABLE_SIZE], ((),) * seats,
                 None, history, first)


def _next_round(state: State) -> State:
    """Every hand is empty: deal again from the stock (shared equally when it runs short)."""
    seats = len(state.hands)
    count = min(HAND_SIZE, len(state.stock) // seats)
    hands, rest = cards.deal(state.stock, seats, count, first=state.first)
    table, stock = (state.table + rest, ()) if count < HAND_SIZE else (state.table, rest)
    return cards.replaced(state, hands=hands, stock=stock, table=table, turn=state.first)


def _end_deal(state: State) -> State:
    """The last capturer takes the table; then the match ends or the whole deck is dealt again."""
    captured, table = state.captured, state.table
    if state.last_capturer is not None:
        captured = cards.set_at(captured, state.last_capturer, captured[state.last_capturer] + table)
        table = ()
    history = state.history + (tuple(len(stack) for stack in captured),)
    seats = len(state.hands)
    totals = [sum(points[s] for points in history) for s in range(seats)]
    if state.length == "short" or max(totals) >= TARGET:
        return cards.replaced(state, table=table, captured=captured, history=history, turn=None)
    order = shuffled(list(FACES), state.seed, f"deal:{state.deal + 1}")
    return _new_deal(state.seed, state.length, state.deal + 1, seats, order, history)

