"""Plus and Minus (PM): RULES.md, section `plusminus`.

Every turn, play one card: its signed value plus the top card's (the card the previous player
played) is how far one of your four men moves, from the stars (0) towards 25. Exactly 25 takes a
man home; past 25 he busts back to the stars. A game ends when a player brings his fourth man
home or the last card has been played: 50 per man home, -20 per man on the stars, the square's
number for every other man. A match is 1 game or a rubber of 5; the highest total wins.

Only the top card of the played pile is shown in the view; the covered cards were face up when
they were played (the move log shows each one), so their zone is public.

legal_moves: {"top": face | null, "play": [{"card": ID, "total": N, "men": [{"man": 0..3,
"from": N, "to": N, "outcome": "enter" | "forward" | "back" | "home" | "bust" | "stars"}]}]}:
one entry per card that may be played now; `men` empty means the card is played with "man": null.
view: {"game", "games", "dealer", "top": face | null, "played_count", "set_aside_count",
"seats": [{"hand_count", "men": [N, N, N, N], "points", "total"}], "hand": [face] (seats only)};
`points` is what the board would score now, `total` the match score of the finished games.
view_before_start: the spectator's view, "dealer": null.
log_entry: {"type": "play", "card": face, "top": face | null, "total", "man", "from", "to",
"outcome"} (the last four null when nothing moved), plus "game_end": {"game", "reason": "home" |
"cards", "boards": [[N x 4]], "points": [N], "totals": [N]} when the move ended a game. When the
next game was dealt at once, the entry's faces come without "id" (the ids now name the cards of
the new deal).
"""
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from . import cards, unhinted
from .options import Option
from .protocol import (EVERYONE, JSON, NOBODY, Face, IllegalMove, Move, Options, Zone, check_rules_version, check_turn,
                       leaders)
from .shuffle import pick, shuffled

KEY = "plusminus"
NAME = "Plus and Minus"
MIN_SEATS, MAX_SEATS = 2, 8
RULES_VERSION = 1
OPTIONS = {"games": Option(5, "1 game, or a rubber of 5 games.", choices=(1, 5))}
INFO = {"age": "7+", "minutes": 30,  # the default rubber of 5: some 100 turns at two seats
        "summary": "Add your card to the last card played and move one of your four men that far: "
                   "bring them home on exactly 25."}
INTERPRETATIONS = (
    "The pack is 44 cards: 39 black Plus cards (Plus 3 to Plus 15, three of each) and 5 red Minus "
    "cards (Minus 2, 3, 5, 7 and 9).",
)

HAND_SIZE = 11
MEN = 4
STARS, HOME = 0, 25
PLUS_COPIES = "abc", "def"  # the copies of each Plus card in the first and the second pack
MINUS = (2, 3, 5, 7, 9)


def _pack(number: int) -> dict[str, Face]:
    plus: dict[str, Face] = {f"plus-{n}{c}": {"id": f"plus-{n}{c}", "kind": "plus", "number": n, "value": n}
            for n in range(3, 16) for c in PLUS_COPIES[number]}
    letter = "ab"[number]
    minus: dict[str, Face] = {f"minus-{n}{letter}": {"id": f"minus-{n}{letter}", "kind": "minus", "number": n, "value": -n}
             for n in MINUS}
    return {**plus, **minus}


PACKS = (_pack(0), _pack(1))
FACES = {**PACKS[0], **PACKS[1]}


@dataclass(frozen=True)
class State:
    seed: str  # each game is dealt from a fresh shuffle; never shown
    games: int
    game: int  # 1-based
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    set_aside: tuple[str, ...]
    played: tuple[str, ...]  # the top card last
    boards: tuple[tuple[int, ...], ...]  # each seat's four men: 0 stars, 1..24, 25 home
    history: tuple[tuple[int, ...], ...]  # points of each finished game
    turn: int | None


def deck(seats: int, options: Options) -> list[Face]:
    return [face for pack in PACKS[:2 if seats > 4 else 1] for face in pack.values()]


def initial_state(seats: int, options: Options, seed: str, deck: list[str] | None = None,
                  rules_version: int | None = None) -> State:
    check_rules_version(rules_version, RULES_VERSION)
    order = cards.starting_order(_ids(seats), seed, "deal:1", deck)
    dealer = seats - 1 if deck is not None else pick(seats, seed, "dealer")
    return _new_game(seed, options.get("games", 5), 1, seats, dealer, order, history=())


def to_move(state: State) -> int | None:
    return state.turn


def is_over(state: State) -> bool:
    return state.turn is None


def scores(state: State) -> list[int]:
    return [sum(points[s] for points in state.history) for s in range(len(state.hands))]


def winners(state: State) -> list[int]:
    return leaders(scores(state)) if is_over(state) else []


def legal_moves(state: State, seat: int) -> JSON | None:
    if seat != state.turn:
        return None
    top = _top(state)
    plays = []
    for card in state.hands[seat]:
        if top is None and FACES[card]["kind"] == "minus":
            continue
        total = _total(card, top)
        plays.append({"card": card, "total": total, "men": [
            {"man": man, "from": state.boards[seat][man], "to": to, "outcome": outcome}
            for man, to, outcome in _legal_men(state.boards[seat], total)]})
    return {"top": FACES[top] if top else None, "play": plays}


def candidate_moves(state: State, seat: int) -> list[Move]:
    """Every legal (card, man), the move that gains the most points first."""
    legal = legal_moves(state, seat)
    if legal is None:
        return []
    moves: list[tuple[int, Move]] = []
    for entry in legal["play"]:
        moves += [(_points(man["to"]) - _points(man["from"]),
                   {"type": "play", "card": entry["card"], "man": man["man"]}) for man in entry["men"]]
        if not entry["men"]:
            moves.append((0, {"type": "play", "card": entry["card"], "man": None}))
    return [move for _, move in sorted(moves, key=lambda item: -item[0])]


def apply(state: State, seat: int, move: Any) -> State:
    check_turn(state.turn, seat)
    cards.move_type(move, ("play",))
    cards.no_extra_fields(move, ("card", "man"))
    card = cards.card_field(move, state.hands[seat])
    top = _top(state)
    if top is None and FACES[card]["kind"] == "minus":
        raise IllegalMove("minus_first", f"The first card of a game must be a Plus card, not {_name(card)}.",
                          card=card)
    total = _total(card, top)
    board = state.boards[seat]
    if move.get("man") is None:
        _check_nobody_can_move(board, total, _sum_text(card, top))
    else:
        man = cards.int_field(move, "man", 0, MEN - 1, "A man")
        to, _ = _move_man(board, man, total, _sum_text(card, top))
        board = cards.set_at(board, man, to)

    hands = cards.set_at(state.hands, seat, tuple(c for c in state.hands[seat] if c != card))
    state = cards.replaced(state, hands=hands, played=state.played + (card,), boards=cards.set_at(state.boards, seat, board),
                    turn=(seat + 1) % len(hands))
    if board.count(HOME) == MEN or not any(hands):
        return _end_game(state)
    return state


def view(state: State, viewer: int | None) -> JSON:
    top = _top(state)
    totals = scores(state)
    shown: JSON = {
        "game": state.game,
        "games": state.games,
        "dealer": state.dealer,
        "top": FACES[top] if top else None,
        "played_count": len(state.played),
        "set_aside_count": len(state.set_aside),
        "seats": [{"hand_count": len(hand), "men": list(board), "points": _board_points(board), "total": total}
                  for hand, board, total in zip(state.hands, state.boards, totals)],
    }
    if viewer is not None:
        shown["hand"] = [FACES[c] for c in state.hands[viewer]]
    return shown


# Without hints (engine/unhinted.py): no move's total, nor where each man would land
unhinted_legal_moves = unhinted.each("play", "total", "men")


def view_before_start(state: State) -> JSON:
    """`view` without the first dealer, drawn from the seed: a joiner who saw it would pick the seat after, which starts."""
    return {**view(state, None), "dealer": None}


def log_entry(before: State, seat: int, move: Move, after: State, viewer: int | None) -> JSON:
    card, top = move["card"], _top(before)
    same_game = after.game == before.game
    man = move.get("man")
    entry: JSON = {"type": "play", "card": cards.shown(FACES[card], same_game),
                   "top": cards.shown(FACES[top], same_game) if top else None,
                   "total": _total(card, top), "man": man, "from": None, "to": None, "outcome": None}
    if man is not None:
        to, outcome = _move_man(before.boards[seat], man, entry["total"], "")
        entry.update({"from": before.boards[seat][man], "to": to, "outcome": outcome})
    if len(after.history) > len(before.history):
        board = cards.set_at(before.boards[seat], man, entry["to"]) if man is not None else before.boards[seat]
        entry["game_end"] = {
            "game": before.game,
            "reason": "home" if board.count(HOME) == MEN else "cards",
            "boards": [list(b) for b in cards.set_at(before.boards, seat, board)],
            "points": list(after.history[-1]),
            "totals": scores(after),
        }
    return entry


def zones(state: State) -> list[Zone]:
    return [
        *(Zone(f"hand:{s}", hand, frozenset({s})) for s, hand in enumerate(state.hands)),
        Zone("set_aside", state.set_aside, NOBODY),
        Zone("played", state.played, EVERYONE),
    ]


@lru_cache(maxsize=4096)
def _legal_men(board: tuple[int, ...], total: int) -> tuple[tuple[int, int, str], ...]:
    """(man, to, outcome) for every man that may move by `total`."""
    return tuple((man, *step) for man in range(MEN)
                 if not isinstance(step := _step(board, man, total), cards.Refusal))


def _move_man(board: tuple[int, ...], man: int, total: int, sum_text: str) -> tuple[int, str]:
    """Where `man` goes when moved by `total`, and how; IllegalMove when he may not."""
    step = _step(board, man, total)
    if isinstance(step, cards.Refusal):
        raise IllegalMove(step.code, _reason(step, board, sum_text), **step.params)
    return step


def _step(board: tuple[int, ...], man: int, total: int) -> tuple[int, str] | cards.Refusal:
    """(to, outcome) of moving `man` by `total`, or why he may not: the one check of a man's move."""
    at = board[man]
    if total == 0:
        return cards.Refusal("no_move", {"total": 0})
    if at == HOME:
        return cards.Refusal("man_home", {"man": man})
    if at == STARS and total < 0:
        return cards.Refusal("stars_back", {"man": man, "total": total})
    to = at + total
    if to > HOME:
        if at == STARS and any(STARS < square < HOME for square in board):
            return cards.Refusal("stars_bust", {"man": man, "total": total})
        return STARS, "bust"
    if to <= STARS:
        return STARS, "stars"
    if to == HOME:
        return HOME, "home"
    if to in board[:man] + board[man + 1:]:
        # the arithmetic that led there (a man entering from the stars goes to the total): with hints off the
        # refusal is where the player first sees it
        return cards.Refusal("occupied", {"man": man, "to": to, "total": total} | ({"parts": [at, total]} if at != STARS else {}))
    return to, "enter" if at == STARS else "forward" if total > 0 else "back"


def _reason(refusal: cards.Refusal, board: tuple[int, ...], sum_text: str) -> str:
    """A man's refused move in words (`sum_text`: how the total was made)."""
    code, params = refusal
    if code == "no_move":
        return f"{sum_text}: no man moves, so play with \"man\": null."
    if code == "man_home":
        return "Your man on 25 is home and never moves again."
    if code == "stars_back":
        return f"Your man on the stars cannot move back {-params['total']}."
    if code == "stars_bust":
        in_play = [square for square in board if STARS < square < HOME]
        return f"Your man on the stars cannot bust while your man on {in_play[0]} is in play."
    at = board[params["man"]]
    where = "on the stars cannot enter on" if at == STARS else f"on {at} cannot move to"
    return f"Your man {where} {params['to']}: your other man is there."


def _check_nobody_can_move(board: tuple[int, ...], total: int, sum_text: str) -> None:
    movable = _legal_men(board, total)
    if movable:
        man, to, _ = movable[0]
        where = "the stars" if board[man] == STARS else str(board[man])
        raise IllegalMove("must_move", f"{sum_text}: you must move a man (your man on {where} "
                                       f"can go to {'the stars' if to == STARS else to}).", total=total, man=man)


def _new_game(seed: str, games: int, number: int, seats: int, dealer: int, order: list[str],
              history: tuple[tuple[int, ...], ...]) -> State:
    first = (dealer + 1) % seats
    hands, rest = cards.deal(order, seats, HAND_SIZE, first=first)
    return State(seed, games, number, dealer, hands, rest, (), ((STARS,) * MEN,) * seats, history, first)


def _end_game(state: State) -> State:
    """Score the boards; then the match ends or the next game is dealt by the next dealer."""
    history = state.history + (tuple(_board_points(board) for board in state.boards),)
    if len(history) == state.games:
        return cards.replaced(state, history=history, turn=None)
    seats = len(state.hands)
    order = shuffled(_ids(seats), state.seed, f"deal:{state.game + 1}")
    return _new_game(state.seed, state.games, state.game + 1, seats, (state.dealer + 1) % seats, order, history)


def _ids(seats: int) -> list[str]:
    return [face["id"] for face in deck(seats, {})]


def _top(state: State) -> str | None:
    return state.played[-1] if state.played else None


def _total(card: str, top: str | None) -> int:
    return FACES[card]["value"] + (FACES[top]["value"] if top else 0)


def _name(card: str) -> str:
    return f"{FACES[card]['kind'].capitalize()} {FACES[card]['number']}"


def _sum_text(card: str, top: str | None) -> str:
    """How the total is made, e.g. "Plus 5 and Minus 7 make -2"."""
    total = _total(card, top)
    return f"{_name(top)} and {_name(card)} make {total}" if top else f"{_name(card)} is {total}"


def _points(square: int) -> int:
    return 50 if square == HOME else -20 if square == STARS else square


def _board_points(board: tuple[int, ...]) -> int:
    return sum(map(_points, board))


