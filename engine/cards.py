"""Helpers every card game shares: faces, dealing, fixed decks, and reading a move's fields."""
from collections.abc import Sequence
from typing import Any, NamedTuple, TypeVar

from .protocol import BadSetup, Face, IllegalMove, Move
from .shuffle import shuffled

T = TypeVar("T")


class Refusal(NamedTuple):
    """Why a move is refused, as data: the IllegalMove's code and params. A game's check returns
    it (cheap, so legal_moves can try every move), and the game words it only when it raises."""

    code: str
    params: dict[str, Any]


def shown(face: Face, with_id: bool) -> Face:
    """The face as a log entry shows it: without its id when the id now names another card (a new
    deal reused the ids) or would tell where a hidden card went."""
    if with_id:
        return face
    anonymous = face.copy()
    del anonymous["id"]
    return anonymous


def set_at(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of `items` with `value` at `index` (states are tuples, never changed in place)."""
    return items[:index] + (value,) + items[index + 1:]


def replaced(state: T, **changes: Any) -> T:
    """`dataclasses.replace` for the games' frozen states, five times faster (it neither calls
    `__init__` nor checks each field): the bots' look-ahead applies thousands of moves per move."""
    if not changes.keys() <= vars(state).keys():
        raise TypeError(f"{type(state).__name__} has no field {sorted(changes.keys() - vars(state).keys())}")
    new = object.__new__(type(state))
    vars(new).update(vars(state), **changes)
    return new


def starting_order(ids: Sequence[str], seed: str, label: str, fixed: Sequence[str] | None) -> list[str]:
    """The deck top first: the fixed order when one was given (checked), else shuffled by seed."""
    return shuffled(ids, seed, label) if fixed is None else check_fixed(ids, fixed)


def check_fixed(ids: Sequence[str], fixed: Sequence[str]) -> list[str]:
    """A fixed deck, if it lists each of `ids` exactly once (BadSetup if not)."""
    if not isinstance(fixed, (list, tuple)) or sorted(map(str, fixed)) != sorted(ids) or len(set(fixed)) != len(fixed):
        raise BadSetup("bad_deck", f"A fixed deck must list each of the {len(ids)} cards of this game exactly once.",
                       size=len(ids))
    return list(fixed)


def deal(pile: Sequence[str], seats: int, count: int, first: int) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Deal `count` cards to each seat one at a time, from `first` on; return (hands, rest)."""
    hands: list[list[str]] = [[] for _ in range(seats)]
    order = [(first + i) % seats for i in range(seats)]
    for n in range(count * seats):
        hands[order[n % seats]].append(pile[n])
    return tuple(map(tuple, hands)), tuple(pile[count * seats:])


def move_type(move: Any, allowed: Sequence[str]) -> str:
    """The move's `type`, if the move is an object naming one of `allowed`."""
    if not isinstance(move, dict):
        raise IllegalMove("bad_move", "A move must be a JSON object with a 'type'.")
    kind = move.get("type")
    if kind not in allowed:
        unknown = f"Unknown move type '{quoted(kind)}'" if isinstance(kind, str) else "A move needs a 'type'"
        raise IllegalMove("unknown_move", f"{unknown}: this game knows {', '.join(allowed)}.", allowed=list(allowed))
    return str(kind)


def quoted(sent: str, most: int = 24) -> str:
    """What a client sent, as a reason quotes it back: anything may come, so a long one is cut short."""
    return sent if len(sent) <= most else sent[:most - 1] + "…"


def card_field(move: Move, hand: Sequence[str], field: str = "card") -> str:
    """The id in `move[field]`, if that card is in `hand`."""
    card = move.get(field)
    if not isinstance(card, str):
        raise IllegalMove("bad_move", f"'{field}' must be a card id.", field=field)
    if card not in hand:
        raise IllegalMove("not_in_hand", f"Card {quoted(card)} is not in your hand.", card=card)
    return card


def int_field(move: Move, field: str, lo: int, hi: int, what: str) -> int:
    """The whole number in `move[field]`, if it lies in lo..hi."""
    value = move.get(field)
    if value is None:
        raise IllegalMove("bad_move", f"This move needs '{field}' (a whole number from {lo} to {hi}).", field=field)
    if type(value) is not int:
        raise IllegalMove("bad_move", f"'{field}' must be a whole number.", field=field)
    if not lo <= value <= hi:
        raise IllegalMove("out_of_range", f"{what} must be from {lo} to {hi}, not {value}.",
                          field=field, minimum=lo, maximum=hi, value=value)
    return value


def no_extra_fields(move: Move, allowed: Sequence[str]) -> None:
    """Refuse fields the move type does not have, so typos are not silently ignored."""
    extra = [field for field in move if field != "type" and field not in allowed]
    if extra:
        first = min(extra)
        raise IllegalMove("bad_move", f"A '{move['type']}' move has no field '{quoted(first)}'.", field=first)
