"""ADD-TOO: RULES.md, section `addtoo`.

Place a diamond next to the last-played diamond so that the touching sides match colours and
either match numbers or add up to a multiple of 5 (which scores their sum); a diamond that fits
every side of 2 to 4 diamonds elsewhere is a bonus play (+5 per side). Hands lie face up.
Hands are played until a total reaches the target; a diamond left in hand costs 10.

Turn protocol: a seat that can place must `place`. One that cannot, and holds fewer than 5
diamonds while the pile lasts, must `draw`: one diamond, and the same seat moves again (it
places as soon as it can). One that can neither place nor draw must `pass`.

Cells are (x, y), sides N E S W with N at y - 1; rotation r puts orange on sides r and r + 1.
A diamond face is {"id", "kind": "diamond", "orange", "blue"}; ids are "dia<a>-<b>" (a < b).

legal_moves(state, seat) is exactly one of:
    {"place": [{"tile": ID, "x": X, "y": Y, "rotation": R, "points": P, "bonus": BOOL,
                "pairs": [[MINE, THEIRS], ...] (only when a pair scores)}, ...]}
    {"draw": true}
    {"pass": true}
view: {"deal", "target", "board": [{"tile": FACE, "x", "y", "rotation"}] (as placed),
       "last": {"x", "y"} | null, "pile_count", "passes",
       "seats": [{"hand": [FACE], "hand_count", "hand_points", "total"}],
       "last_hand": null | HAND_OVER}
view_before_start: the same without the seats' "hand"
HAND_OVER: {"reason": "out" | "blocked" | "passes",
            "seats": [{"points", "penalty", "net"}], "totals": [...]}
log_entry: {"type": "place", "tile": FACE, "x", "y", "rotation", "points", "bonus", "pairs": [[MINE, THEIRS]],
            "bonus_points"}
           | {"type": "draw", "tile": FACE} | {"type": "pass"}, plus "hand_over": HAND_OVER when
           the move ended a hand (the placed face then loses its id if a new hand shuffled it
           into the hidden pile).
"""
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from . import cards, unhinted
from .options import Option
from .protocol import (EVERYONE, JSON, NOBODY, Face, IllegalMove, Move, Options, Zone, check_rules_version, check_turn,
                       leaders)

KEY = "addtoo"
NAME = "ADD-TOO"
MIN_SEATS, MAX_SEATS = 2, 6
RULES_VERSION = 1
OPTIONS = {"target": Option(200, "Hands are played until a player's total reaches this many points.",
                            minimum=50, maximum=1000)}
INFO = {"age": "8–99", "minutes": 30,
        "summary": "Place your diamonds against the last one played: match colours, and match numbers "
                   "or make 5, 10, 15 or 20 to score."}
INTERPRETATIONS = (
    "There are 45 diamonds, one for each pair of different numbers from 1 to 10.",
    "The orange number is the smaller one when the two numbers differ by an odd amount, the larger "
    "one when they differ by an even amount; the other number is blue.",
    "If several players reach the target in the same hand, the highest total wins; if totals are "
    "equal, the higher score in that last hand wins (after 10 points off for each diamond left in "
    "hand); if that is equal too, they share the win.",
)

HAND_SIZE = 5
PENALTY = 10
BONUS = 5
SIDES = ("N", "E", "S", "W")
SIDE_NAMES = ("north", "east", "south", "west")
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N is y - 1
Cell = tuple[int, int]
Cells = dict[Cell, tuple[str, int]]  # (x, y): (tile, rotation)
Board = tuple[tuple[str, int, int, int], ...]  # (tile, x, y, rotation) as placed


def _face(a: int, b: int) -> Face:
    orange, blue = (a, b) if (b - a) % 2 else (b, a)
    return {"id": f"dia{a}-{b}", "kind": "diamond", "orange": orange, "blue": blue}


FACES: dict[str, Face] = {face["id"]: face for face in (_face(a, b) for a in range(1, 11) for b in range(a + 1, 11))}
TOTALS = {tile: face["orange"] + face["blue"] for tile, face in FACES.items()}
# OUTER[tile][rotation][side] = (colour, number): rotation r puts orange on sides r and r + 1.
OUTER = {tile: tuple(tuple(("orange", face["orange"]) if (side - r) % 4 in (0, 1) else ("blue", face["blue"])
                           for side in range(4)) for r in range(4))
         for tile, face in FACES.items()}


@dataclass(frozen=True)
class State:
    seed: str
    target: int
    deal: int  # 1-based hand number
    hands: tuple[tuple[str, ...], ...]
    pile: tuple[str, ...]  # top first
    board: Board  # as placed: the last is the last-played
    frontier: tuple[Cell, ...]  # every empty cell next to the board, sorted
    points: tuple[int, ...]  # this hand's points so far
    totals: tuple[int, ...]  # match totals of the finished hands
    passes: int  # passes in a row since the last placement
    turn: int | None
    ended: str = ""  # how the last finished hand ended: "out", "blocked" or "passes"
    last_hand: tuple[tuple[int, int], ...] = ()  # (points, penalty) per seat of the last finished hand


def deck(seats: int, options: Options) -> list[Face]:
    return list(FACES.values())


def initial_state(seats: int, options: Options, seed: str, deck: list[str] | None = None,
                  rules_version: int | None = None) -> State:
    check_rules_version(rules_version, RULES_VERSION)
    target = options.get("target", OPTIONS["target"].default)
    return _new_hand(seed, target, 1, (0,) * seats, deck)


def to_move(state: State) -> int | None:
    return state.turn


def is_over(state: State) -> bool:
    return state.turn is None


def scores(state: State) -> list[int]:
    return list(state.totals)


def standing(state: State) -> list[tuple[int, int]]:
    """The totals, a tie broken by the last hand's net points (RULES.md's Interpretation)."""
    return [(total, points - penalty) for total, (points, penalty) in zip(state.totals, state.last_hand)]


def winners(state: State) -> list[int]:
    return leaders(standing(state)) if is_over(state) else []


def legal_moves(state: State, seat: int) -> JSON | None:
    if seat != state.turn:
        return None
    places = _placements(state, seat)
    if places:
        return {"place": places}
    if _can_draw(state, seat):
        return {"draw": True}
    return {"pass": True}


def candidate_moves(state: State, seat: int) -> list[Move]:
    legal = legal_moves(state, seat)
    if legal is None:
        return []
    if "place" not in legal:
        return [{"type": "draw" if "draw" in legal else "pass"}]
    best_first = sorted(legal["place"], key=lambda p: -p["points"])
    return [{"type": "place", "tile": p["tile"], "x": p["x"], "y": p["y"], "rotation": p["rotation"]}
            for p in best_first]


def apply(state: State, seat: int, move: Any) -> State:
    check_turn(state.turn, seat)
    kind = cards.move_type(move, tuple(_MOVES))
    return _MOVES[kind](state, seat, move)


def view(state: State, viewer: int | None) -> JSON:
    return {
        "deal": state.deal,
        "target": state.target,
        "board": [{"tile": FACES[t], "x": x, "y": y, "rotation": r} for t, x, y, r in state.board],
        "last": {"x": state.board[-1][1], "y": state.board[-1][2]} if state.board else None,
        "pile_count": len(state.pile),
        "passes": state.passes,
        "seats": [{"hand": [FACES[t] for t in hand], "hand_count": len(hand), "hand_points": points, "total": total}
                  for hand, points, total in zip(state.hands, state.points, state.totals)],
        "last_hand": _hand_result(state) if state.last_hand else None,
    }


# Without hints (engine/unhinted.py): no placement's points, bonus or scoring pairs (where a diamond fits stays:
# a seat that can place may not draw)
unhinted_legal_moves = unhinted.each("place", "points", "bonus", "pairs")


def view_before_start(state: State) -> JSON:
    """`view` without the hands' diamonds, only their sizes: they are dealt when the match is made, and a joiner who
    saw them could pick the seat holding the best. They lie face up from the start."""
    shown = view(state, None)
    for seat in shown["seats"]:
        del seat["hand"]
    return shown


def log_entry(before: State, seat: int, move: Move, after: State, viewer: int | None) -> JSON:
    entry = {"type": move["type"]}
    if move["type"] == "place":
        tile, x, y = move["tile"], move["x"], move["y"]
        cells = _cells(before.board)
        points, bonus = _fit(cells, _last(before), tile, x, y, move["rotation"])
        pairs = scoring_pairs(cells, tile, x, y, move["rotation"])  # the sums the points are made of
        entry.update(tile=cards.shown(FACES[tile], tile not in after.pile), x=x, y=y, rotation=move["rotation"],
                     points=points, bonus=bonus, pairs=pairs, bonus_points=points - sum(map(sum, pairs)))
    elif move["type"] == "draw":
        entry["tile"] = FACES[after.hands[seat][-1]]
    if after.deal != before.deal or after.turn is None:
        entry["hand_over"] = _hand_result(after)
    return entry


def zones(state: State) -> list[Zone]:
    return [
        *(Zone(f"hand:{s}", hand, EVERYONE) for s, hand in enumerate(state.hands)),
        Zone("pile", state.pile, NOBODY),
        Zone("board", tuple(t for t, _, _, _ in state.board), EVERYONE),
    ]


def _place(state: State, seat: int, move: Move) -> State:
    cards.no_extra_fields(move, ("tile", "x", "y", "rotation"))
    tile = move.get("tile")
    if not isinstance(tile, str):
        raise IllegalMove("bad_move", "'tile' must be a diamond id.", field="tile")
    if tile not in state.hands[seat]:
        raise IllegalMove("not_in_hand", f"Diamond {cards.quoted(tile)} is not in your hand.", tile=tile)
    x = cards.int_field(move, "x", -1000, 1000, "x")
    y = cards.int_field(move, "y", -1000, 1000, "y")
    rotation = cards.int_field(move, "rotation", 0, 3, "The rotation")
    cells = _cells(state.board)
    points, _ = _fit(cells, _last(state), tile, x, y, rotation)

    board = state.board + ((tile, x, y, rotation),)
    frontier = tuple(sorted(set(state.frontier) - {(x, y)} | {c for c in _around((x, y)) if c not in cells}))
    hand = tuple(t for t in state.hands[seat] if t != tile)
    hands = cards.set_at(state.hands, seat, hand)
    gained = cards.set_at(state.points, seat, state.points[seat] + points)
    if not hand:
        return _end_hand(state, hands, board, gained, "out")
    if all(c in cells for c in _around((x, y))):
        return _end_hand(state, hands, board, gained, "blocked")
    return State(state.seed, state.target, state.deal, hands, state.pile, board, frontier, gained, state.totals,
                 0, (seat + 1) % len(hands), state.ended, state.last_hand)


def _draw(state: State, seat: int, move: Move) -> State:
    cards.no_extra_fields(move, ())
    if _can_place(state, seat):
        raise IllegalMove("must_place", "You can place a diamond, so you must place one.")
    if len(state.hands[seat]) >= HAND_SIZE:
        raise IllegalMove("hand_full", f"You hold {HAND_SIZE} diamonds: you cannot draw, you must pass.")
    if not state.pile:
        raise IllegalMove("pile_empty", "The pile is empty: you cannot draw, you must pass.")
    hands = cards.set_at(state.hands, seat, state.hands[seat] + state.pile[:1])
    return cards.replaced(state, hands=hands, pile=state.pile[1:])


def _pass(state: State, seat: int, move: Move) -> State:
    cards.no_extra_fields(move, ())
    if _can_place(state, seat):
        raise IllegalMove("must_place", "You can place a diamond, so you must place one.")
    if _can_draw(state, seat):
        raise IllegalMove("must_draw", f"You hold fewer than {HAND_SIZE} diamonds and the pile is not empty: "
                                       "you must draw.")
    if state.passes + 1 == len(state.hands):
        return _end_hand(state, state.hands, state.board, state.points, "passes")
    return cards.replaced(state, passes=state.passes + 1, turn=(seat + 1) % len(state.hands))


_MOVES = {"place": _place, "draw": _draw, "pass": _pass}


def _new_hand(seed: str, target: int, deal: int, totals: tuple[int, ...], fixed: list[str] | None = None,
              ended: str = "", last_hand: tuple[tuple[int, int], ...] = ()) -> State:
    order = cards.starting_order(list(FACES), seed, f"deal:{deal}", fixed)
    hands, pile = cards.deal(order, len(totals), HAND_SIZE, first=0)
    first = min(range(len(hands)), key=lambda s: (*sorted(TOTALS[t] for t in hands[s])[:2], s))
    return State(seed, target, deal, hands, pile, (), ((0, 0),), (0,) * len(totals), totals, 0, first,
                 ended, last_hand)


def _end_hand(state: State, hands: tuple[tuple[str, ...], ...], board: Board, points: tuple[int, ...],
              reason: str) -> State:
    result = tuple((p, PENALTY * len(hand)) for p, hand in zip(points, hands))
    totals = tuple(total + p - penalty for total, (p, penalty) in zip(state.totals, result))
    if max(totals) >= state.target:
        return State(state.seed, state.target, state.deal, hands, state.pile, board, frontier_of(board), points, totals,
                     0, None, reason, result)
    return _new_hand(state.seed, state.target, state.deal + 1, totals, ended=reason, last_hand=result)


def _placements(state: State, seat: int) -> list[Move]:
    """Every legal (tile, cell, rotation) for the seat, with its points."""
    cells, last = _cells(state.board), _last(state)
    found = []
    for x, y in state.frontier:
        if last and not _touches((x, y), last) and sum(c in cells for c in _around((x, y))) < 2:
            continue
        for tile in state.hands[seat]:
            for rotation in range(4):
                fit = _try(cells, last, tile, x, y, rotation)
                if not isinstance(fit, cards.Refusal):
                    found.append({"tile": tile, "x": x, "y": y, "rotation": rotation, "points": fit[0], "bonus": fit[1],
                                  **_pairs_of(cells, tile, x, y, rotation)})
    return found


def fitting(state: State, seat: int) -> Iterator[tuple[Cell, str, int, int]]:
    """(cell, tile, rotation, points) of every placement `_placements` lists, in its order, but
    faster (no refusal reasons; the sides each open cell touches looked up once, not per tile):
    the bots' look-ahead asks this at every turn."""
    cells, last = _cells(state.board), _last(state)
    if last is None:
        yield from (((0, 0), tile, rotation, 0) for tile in state.hands[seat] for rotation in range(4))
        return
    for x, y in state.frontier:
        touching = [(side, OUTER[cells[around][0]][cells[around][1]][(side + 2) % 4], around == last)
                    for side, around in enumerate(((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))) if around in cells]
        bonus = abs(x - last[0]) + abs(y - last[1]) != 1
        if bonus and len(touching) < 2:
            continue
        for tile in state.hands[seat]:
            for rotation, outer in enumerate(OUTER[tile]):
                points = _points(outer, touching, bonus)
                if points is not None:
                    yield (x, y), tile, rotation, points


def _points(outer: tuple[tuple[str, int], ...], touching: list[tuple[int, tuple[str, int], bool]],
            bonus: bool) -> int | None:
    """What a diamond with sides `outer` scores against `touching` ((side, their side, whether it is
    the last-played)), or None if it does not fit: `_try`'s check of a frontier cell."""
    points = 0
    for side, (their_colour, theirs), is_last in touching:
        colour, number = outer[side]
        if _scores(colour, number, their_colour, theirs):
            points += number + theirs
        elif (bonus or is_last) and (colour != their_colour or number != theirs):
            return None
    return points + (BONUS * len(touching) if bonus else 0)


def _fit(cells: Cells, last: Cell | None, tile: str, x: int, y: int, rotation: int) -> tuple[int, bool]:
    """(points, bonus) for this placement, or IllegalMove saying why it does not fit."""
    fit = _try(cells, last, tile, x, y, rotation)
    if isinstance(fit, cards.Refusal):
        raise IllegalMove(fit.code, _reason(fit, x, y, last), x=x, y=y, **fit.params)
    return fit


def _try(cells: Cells, last: Cell | None, tile: str, x: int, y: int, rotation: int) -> tuple[int, bool] | cards.Refusal:
    """(points, bonus) for this placement, or why not: the one check behind `_fit` and `_placements`."""
    if last is None:
        return (0, False) if (x, y) == (0, 0) else cards.Refusal("first_at_origin", {})
    if (x, y) in cells:
        return cards.Refusal("occupied", {})
    touching = [(side, cells[c], c) for side, c in enumerate(_around((x, y))) if c in cells]
    if not touching:
        return cards.Refusal("not_touching", {})
    bonus = not _touches((x, y), last)
    if bonus and len(touching) < 2:
        return cards.Refusal("not_next_to_last", {})
    points = 0
    for side, (other, other_rotation), cell in touching:
        colour, number = OUTER[tile][rotation][side]
        their_colour, theirs = OUTER[other][other_rotation][(side + 2) % 4]
        if _scores(colour, number, their_colour, theirs):
            points += number + theirs
        elif (bonus or cell == last) and colour != their_colour:
            return cards.Refusal("colour_mismatch", {"side": SIDES[side], "colour": colour, "number": number,
                                                "other_colour": their_colour})
        elif (bonus or cell == last) and number != theirs:
            return cards.Refusal("no_match_no_score", {"side": SIDES[side], "number": number, "other": theirs})
    return points + (BONUS * len(touching) if bonus else 0), bonus


def scoring_pairs(cells: Cells, tile: str, x: int, y: int, rotation: int) -> list[list[int]]:
    """[mine, theirs] for every touching pair of one colour adding up to a multiple of 5, sides N E S W."""
    pairs = []
    for side, cell in enumerate(_around((x, y))):
        if cell not in cells:
            continue
        other, turned = cells[cell]
        colour, number = OUTER[tile][rotation][side]
        their_colour, theirs = OUTER[other][turned][(side + 2) % 4]
        if _scores(colour, number, their_colour, theirs):
            pairs.append([number, theirs])
    return pairs


def _scores(colour: str, number: int, their_colour: str, theirs: int) -> bool:
    """Whether two touching sides score: one colour, adding up to a multiple of 5."""
    return colour == their_colour and (number + theirs) % 5 == 0


def _pairs_of(cells: Cells, tile: str, x: int, y: int, rotation: int) -> JSON:
    """{"pairs": the scoring pairs} for a placement offered, when any scores: the sums its points are made of."""
    pairs = scoring_pairs(cells, tile, x, y, rotation)
    return {"pairs": pairs} if pairs else {}


def _reason(refusal: cards.Refusal, x: int, y: int, last: Cell | None) -> str:
    """A refusal of a diamond at (x, y) in words (`last`: the last-played diamond's cell)."""
    code, params = refusal
    if code == "first_at_origin" or last is None:
        return "The first diamond goes at (0, 0)."
    if code == "occupied":
        return f"({x}, {y}) already holds a diamond."
    if code == "not_touching":
        return f"({x}, {y}) touches no diamond."
    if code == "not_next_to_last":
        return (f"({x}, {y}) is not next to the last-played diamond at ({last[0]}, {last[1]}), and a bonus "
                "play must touch 2 to 4 diamonds.")
    bonus = not _touches((x, y), last)
    where = f"{SIDE_NAMES[SIDES.index(params['side'])].capitalize()} side"
    where += " (bonus play: every side must fit)" if bonus else ""
    if code == "colour_mismatch":
        article = "an" if params["other_colour"] == "orange" else "a"
        return f"{where}: your {params['colour']} {params['number']} touches {article} {params['other_colour']} side."
    return f"{where}: {params['number']} and {params['other']} neither match nor make a multiple of 5."


def _can_place(state: State, seat: int) -> bool:
    return next(fitting(state, seat), None) is not None


def _can_draw(state: State, seat: int) -> bool:
    return len(state.hands[seat]) < HAND_SIZE and bool(state.pile)


def _hand_result(state: State) -> JSON:
    return {"reason": state.ended,
            "seats": [{"points": p, "penalty": penalty, "net": p - penalty} for p, penalty in state.last_hand],
            "totals": list(state.totals)}


def _cells(board: Board) -> Cells:
    return {(x, y): (tile, rotation) for tile, x, y, rotation in board}


def _last(state: State) -> Cell | None:
    return (state.board[-1][1], state.board[-1][2]) if state.board else None


def _around(cell: Cell) -> tuple[Cell, ...]:
    x, y = cell
    return tuple((x + dx, y + dy) for dx, dy in STEPS)


def _touches(cell: Cell, other: Cell) -> bool:
    return abs(cell[0] - other[0]) + abs(cell[1] - other[1]) == 1


def frontier_of(board: Board) -> tuple[Cell, ...]:
    """The empty cells next to a board of (tile, x, y, rotation): for tests that build a State."""
    cells = _cells(board)
    if not cells:
        return ((0, 0),)
    return tuple(sorted({c for cell in cells for c in _around(cell) if c not in cells}))

