"""ADD'EM: RULES.md, section `addem`.

Lay down sums (one red Total card, the other cards adding up to it), expose a card or draw;
a card exposed by the player before must be summed with, replaced by cards of the same total,
or left while you draw. Empty your hand to call ADD-EM; the others count what they hold, and
at 50 points a player drops out. The last player under 50 (or the lowest score) wins.

legal_moves(state, seat) -> {
    "types": ["sum", "expose", "draw"],   # move types open now ("pass" instead of "draw")
    "forced": false,                      # true: only Total and Add-Em cards, must draw
    "expose": [ID, ...],                  # cards that may be exposed (nothing exposed yet)
    "exposed_total": N | null,            # the value the exposed cards stand for together
    "any_sum": bool, "sums": [{"cards": [ID...], "values": {ID: N}}],  # one per Total value
    "any_replace": bool, "replaces": [{"cards": [ID...]}],
    "replace_closed": null | "replace_circle" | "replace_pool_empty",  # why replace is not open (version 2)
}
view -> {"deal", "dealer", "pool_count", "exposed": [face], "exposed_total", "passes",
         "seats": [{"hand_count", "score", "in", "last_round"}], "last_round", "hand" (seat only)}
view_before_start -> the spectator's view, "dealer": null
log_entry -> {"type", ...}: sum {"cards": [face + "as"], "total", "went_out", "discarded"} or
    {"penalty": 5, "card_count"} (to the seat that laid it, also the refusal's "parts" and "total"); expose {"card"}; replace {"took", "laid", "circle_closed" (version
    2: the next player may not replace)}; draw {"card" (drawer only)}; pass {}; plus "round_end"
    {"deal", "called", "blocked", "points", "scores", "card_points", "dropped", "match_over"} when the
    move ended a round (card_points: each seat's hand as counted, a number a card, lowest first).
    Faces of cards now hidden from the viewer are shown without their id.

Rules versions: 2 ends replace circles (the last of INTERPRETATIONS); a match recorded under
version 1 is dealt `State` and plays without that rule, version 2 is dealt `CircleState`.
"""
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from . import cards, unhinted
from .addem_sums import (FACES, ONE_PACK, TWO_PACKS, expression, found_replaces, found_sums, listing, name, names,
                         solve, total_of, wrong_sum)
from .options import Option
from .protocol import (EVERYONE, JSON, NOBODY, Face, IllegalMove, Move, Options, Zone, check_rules_version, check_turn,
                       leaders)
from .shuffle import pick, shuffled

KEY = "addem"
NAME = "ADD'EM"
MIN_SEATS, MAX_SEATS = 2, 8
RULES_VERSION = 2  # 2: replace circles end
OPTIONS = {"penalties": Option(False, "A well-formed but wrong sum costs 5 points instead of being refused.",
                               choices=(False, True))}
INFO = {"age": "7–99", "minutes": 30,
        "summary": "Make sums with a red Total card, expose and replace cards, and be first to empty "
                   "your hand: at 50 points you drop out."}
INTERPRETATIONS = (
    "Several exposed cards act together as one value: a sum must use them all, and a replace "
    "takes them all and lays two or more cards with the same total.",
    "A player holding only Total and Add-Em cards must draw, even in the rare case that they "
    "could form a sum.",
    "When the pool is empty, a player passes instead of drawing; if every player still in passes "
    "in succession, the round ends blocked: nobody calls ADD-EM and everyone counts their hand.",
    "Going out after a sum is automatic: a lone Total card, or only Add-Em cards, is discarded at once.",
    "Penalty points count at once, but a player drops out only when the round is counted.",
    "With two packs, a hand of only Add-Em cards (however many) may be discarded after a sum.",
    "Replace circles end: when every player still in has replaced, one after another, with no other move "
    "between, the next player may not replace (only make a sum, or draw); once the pool is empty, nobody may replace. "
    "Matches begun before this rule play on without it.",
)

HAND_SIZE = 6
OUT_AT = 50
PENALTY = 5
POINTS = {"figure": 1, "minus": 1, "total": 3, "addem": 10}


@dataclass(frozen=True)
class State:
    seed: str
    penalties: bool
    deal: int  # 1-based round number
    dealer: int
    playing: tuple[int, ...]  # seats dealt in this round
    hands: tuple[tuple[str, ...], ...]
    pool: tuple[str, ...]  # top card first
    exposed: tuple[str, ...]
    scores: tuple[int, ...]  # match totals, penalties included
    passes: int  # passes in succession
    counted: tuple[int, ...]  # points each seat counted at the last round end (empty before)
    called: int | None  # who called ADD-EM in the last counted round (None: blocked or none yet)
    turn: int | None


@dataclass(frozen=True)
class CircleState(State):
    """A state under rules version 2 (`State` alone is version 1, whose states keep their hash)."""

    replaces: int = 0  # replaces in succession since the last other move


def deck(seats: int, options: Options) -> list[Face]:
    return [FACES[card] for card in _ids(seats)]


def initial_state(seats: int, options: Options, seed: str, deck: list[str] | None = None,
                  rules_version: int | None = None) -> State:
    kind = State if check_rules_version(rules_version, RULES_VERSION) == 1 else CircleState
    order = cards.starting_order(_ids(seats), seed, "deal:1", deck)
    dealer = seats - 1 if deck is not None else pick(seats, seed, "dealer")
    empty = ((),) * seats
    state = kind(seed, bool(options.get("penalties", False)), 1, dealer, tuple(range(seats)), empty, (), (),
                  (0,) * seats, 0, (), None, None)
    return _dealt(state, order)


def to_move(state: State) -> int | None:
    return state.turn


def is_over(state: State) -> bool:
    return state.turn is None


def scores(state: State) -> list[int]:
    return list(state.scores)


def standing(state: State) -> list[int]:
    return [-score for score in state.scores]  # lowest wins


def winners(state: State) -> list[int]:
    return leaders(standing(state)) if is_over(state) else []


def legal_moves(state: State, seat: int) -> JSON | None:
    if seat != state.turn:
        return None
    hand, exposed = state.hands[seat], state.exposed
    forced = _forced_draw(hand)
    moves: JSON = {"types": [], "forced": forced, "expose": [], "exposed_total": total_of(exposed) if exposed else None,
             "any_sum": False, "sums": [], "any_replace": False, "replaces": [], "replace_closed": None}
    if not forced and _sum_possible(state, hand):
        moves["types"].append("sum")
        moves["sums"] = found_sums(hand, exposed)
    closed = _replace_closed(state) if exposed and not forced else None
    moves["replace_closed"] = closed.code if closed else None
    if not forced and exposed and not closed and sum(map(_plain, hand)) >= 2:
        moves["types"].append("replace")
        moves["replaces"] = found_replaces(hand, exposed)
    if not forced and not exposed:
        moves["types"].append("expose")
        moves["expose"] = [c for c in hand if _plain(c)]
    moves["types"].append("draw" if state.pool else "pass")
    moves.update(any_sum=bool(moves["sums"]), any_replace=bool(moves["replaces"]))
    return moves


def candidate_moves(state: State, seat: int) -> list[Move]:
    legal = legal_moves(state, seat)
    if legal is None:
        return []
    moves = [{"type": legal["types"][-1]}]
    one_per_value = {FACES[c]["value"]: c for c in legal["expose"]}
    moves += [{"type": "expose", "card": c} for c in one_per_value.values()]
    moves += [{"type": "sum", **found} for found in legal["sums"]]
    moves += [{"type": "replace", **found} for found in legal["replaces"]]
    return moves


def apply(state: State, seat: int, move: Any) -> State:
    check_turn(state.turn, seat)
    kind = cards.move_type(move, tuple(_MOVES))
    cards.no_extra_fields(move, _FIELDS[kind])
    if kind in ("sum", "expose", "replace") and _forced_draw(state.hands[seat]):
        word = "draw" if state.pool else "pass"
        raise IllegalMove("must_draw", f"Your hand holds only Total and Add-Em cards: you must {word}.", instead=word)
    after = _MOVES[kind](state, seat, move)
    if isinstance(state, CircleState) and isinstance(after, CircleState):  # both, or neither: the version's class
        after = cards.replaced(after, replaces=state.replaces + 1 if kind == "replace" else 0)
    return after


def view(state: State, viewer: int | None) -> JSON:
    shown: JSON = {
        "deal": state.deal,
        "dealer": state.dealer,
        "pool_count": len(state.pool),
        "exposed": [FACES[c] for c in state.exposed],
        "exposed_total": total_of(state.exposed) if state.exposed else None,
        "passes": state.passes,
        "seats": [{"hand_count": len(hand), "score": score,
                   "in": score < OUT_AT if is_over(state) else seat in state.playing,
                   "last_round": state.counted[seat] if state.counted else None}
                  for seat, (hand, score) in enumerate(zip(state.hands, state.scores))],
        "last_round": {"called": state.called, "points": list(state.counted)} if state.counted else None,
    }
    if viewer is not None:
        shown["hand"] = [FACES[c] for c in state.hands[viewer]]
    return shown


# Without hints (engine/unhinted.py): no worth of the exposed cards, no ready-made sum or replace
unhinted_legal_moves = unhinted.without("exposed_total", "any_sum", "sums", "any_replace", "replaces")
unhinted_view = unhinted.without("exposed_total")


def view_before_start(state: State) -> JSON:
    """`view` without the first dealer, drawn from the seed: a joiner who saw it would pick the seat after, which starts."""
    return {**view(state, None), "dealer": None}


def log_entry(before: State, seat: int, move: Move, after: State, viewer: int | None) -> JSON:
    logged = _Logged(before, seat, move, after, viewer)
    entry: JSON = {"type": move["type"], **_LOGGED[move["type"]](logged)}
    if logged.round_ended:
        entry["round_end"] = {
            "deal": before.deal, "called": after.called, "blocked": after.called is None,
            "points": list(after.counted), "scores": list(after.scores),
            # the hands as counted, a number a card: the round is over, and the log says how each seat's points were made
            "card_points": [_card_points(hand) if points else [] for hand, points in zip(before.hands, after.counted)],
            "dropped": [s for s in before.playing if after.scores[s] >= OUT_AT], "match_over": is_over(after)}
    return entry


def zones(state: State) -> list[Zone]:
    return [
        *(Zone(f"hand:{s}", hand, frozenset({s})) for s, hand in enumerate(state.hands)),
        Zone("pool", state.pool, NOBODY),
        Zone("exposed", state.exposed, EVERYONE),
    ]


# --- the moves ---------------------------------------------------------------------------

def _sum(state: State, seat: int, move: Move) -> State:
    hand = state.hands[seat]
    named = _card_list(move, hand, state.exposed)
    used = state.exposed + named
    stated = _stated_values(move, used)
    if len(used) < 3:
        raise IllegalMove("too_few_cards", f"A sum needs at least 3 cards: this has {len(used)}.", count=len(used))
    totals = [c for c in used if FACES[c]["kind"] == "total"]
    if len(totals) != 1:
        raise IllegalMove("one_total", f"A sum has exactly one Total card, not {len(totals)}.", count=len(totals))
    if solve(used, stated) is None:
        if state.penalties:
            scores = cards.set_at(state.scores, seat, state.scores[seat] + PENALTY)
            return cards.replaced(state, scores=scores, passes=0, turn=_next(state, seat))
        raise wrong_sum(state.exposed, used, stated)
    left = tuple(c for c in hand if c not in named)
    state = cards.replaced(state, hands=cards.set_at(state.hands, seat, left), pool=state.pool + used, exposed=(), passes=0)
    if not left:
        return _round_end(state, called=seat)
    kinds = {FACES[c]["kind"] for c in left}
    if (kinds == {"total"} and len(left) == 1) or kinds == {"addem"}:
        state = cards.replaced(state, hands=cards.set_at(state.hands, seat, ()), pool=state.pool + left)
        return _round_end(state, called=seat)
    return cards.replaced(state, turn=_next(state, seat))


def _expose(state: State, seat: int, move: Move) -> State:
    card = cards.card_field(move, state.hands[seat])
    if state.exposed:
        one = len(state.exposed) == 1
        it = "it" if one else "them"
        choices = [f"make a sum with {it}", *([] if _replace_closed(state) else [f"replace {it}"]),
                   "draw" if state.pool else "pass"]
        raise IllegalMove("already_exposed", f"{names(state.exposed)} {'is' if one else 'are'} exposed already: "
                          f"{', '.join(choices[:-1])} or {choices[-1]}.")
    if not _plain(card):
        raise IllegalMove("cannot_expose", f"Only a Figure or Minus card can be exposed, not {name(card)}.", card=card)
    left = tuple(c for c in state.hands[seat] if c != card)
    state = cards.replaced(state, hands=cards.set_at(state.hands, seat, left), exposed=(card,), passes=0)
    return _round_end(state, called=seat) if not left else cards.replaced(state, turn=_next(state, seat))


def _replace(state: State, seat: int, move: Move) -> State:
    if not state.exposed:
        raise IllegalMove("nothing_exposed", "Nothing is exposed: there is nothing to replace.")
    if closed := _replace_closed(state):
        raise closed
    named = move["cards"] if isinstance(move.get("cards"), list) else []
    taken = [c for c in named if isinstance(c, str) and c in state.exposed]
    if taken:
        raise IllegalMove("lay_back", f"You cannot lay back the cards you take: {names(taken)} "
                          f"{'is' if len(taken) == 1 else 'are'} the exposed card{'s' if len(taken) > 1 else ''}.",
                          cards=taken)
    laid = _card_list(move, state.hands[seat], state.exposed)
    if len(laid) < 2:
        raise IllegalMove("too_few_cards", "Lay two or more cards in place of the exposed cards.", count=len(laid))
    for card in laid:
        if not _plain(card):
            raise IllegalMove("cannot_lay", f"Only Figure and Minus cards can be laid, not {name(card)}.", card=card)
    wanted, values = total_of(state.exposed), [FACES[c]["value"] for c in laid]
    if sum(values) != wanted:
        raise IllegalMove("replace_mismatch", f"{expression(values)} is {sum(values)}, not {wanted}.",
                          parts=values, total=sum(values), target=wanted)
    hand = tuple(c for c in state.hands[seat] if c not in laid) + state.exposed
    return cards.replaced(state, hands=cards.set_at(state.hands, seat, hand), exposed=laid, passes=0, turn=_next(state, seat))


def _draw(state: State, seat: int, move: Move) -> State:
    if not state.pool:
        raise IllegalMove("pool_empty", "The pool is empty: pass instead.")
    hand = state.hands[seat] + state.pool[:1]
    return cards.replaced(state, hands=cards.set_at(state.hands, seat, hand), pool=state.pool[1:], passes=0,
                   turn=_next(state, seat))


def _pass(state: State, seat: int, move: Move) -> State:
    if state.pool:
        raise IllegalMove("pool_not_empty", "You can only pass when the pool is empty: draw instead.")
    state = cards.replaced(state, passes=state.passes + 1)
    if state.passes >= len(state.playing):
        return _round_end(state, called=None)
    return cards.replaced(state, turn=_next(state, seat))


_MOVES = {"sum": _sum, "expose": _expose, "replace": _replace, "draw": _draw, "pass": _pass}
_FIELDS = {"sum": ("cards", "values"), "expose": ("card",), "replace": ("cards",), "draw": (), "pass": ()}


# --- the move log ------------------------------------------------------------------------

class _Logged(NamedTuple):
    """One move as `log_entry` tells it to `viewer`."""

    before: State
    seat: int
    move: Move
    after: State
    viewer: int | None

    @property
    def round_ended(self) -> bool:
        return _round_ended(self.before, self.after)

    def face(self, card: str) -> Face:
        """The card's face, without its id unless the viewer sees the card now."""
        seen = self.after.exposed + (self.after.hands[self.viewer] if self.viewer is not None else ())
        return cards.shown(FACES[card], card in seen)


def _log_sum(m: _Logged) -> JSON:
    used = m.before.exposed + tuple(m.move["cards"])
    if not m.round_ended and m.after.scores[m.seat] != m.before.scores[m.seat]:
        penalty = {"penalty": PENALTY, "card_count": len(used)}
        if m.viewer != m.seat:  # its cards went back to a hidden hand
            return penalty
        # its player is told the arithmetic, as a refusal says it: what they counted wrong, not only what it cost
        return penalty | wrong_sum(m.before.exposed, used, _stated_values(m.move, used)).params
    values = solve(used, m.move.get("values", {})) or {}  # a sum without penalty was right: solved
    went_out = m.round_ended and m.after.called == m.seat
    left = tuple(c for c in m.before.hands[m.seat] if c not in used)
    return {"cards": [{**m.face(c), "as": values[c]} if c in values else m.face(c) for c in used],
            "total": next(FACES[c]["value"] for c in used if FACES[c]["kind"] == "total"),
            "went_out": went_out, "discarded": [m.face(c) for c in left] if went_out else []}


def _log_expose(m: _Logged) -> JSON:
    return {"card": m.face(m.move["card"])}


def _log_replace(m: _Logged) -> JSON:
    entry: JSON = {"took": [m.face(c) for c in m.before.exposed], "laid": [m.face(c) for c in m.move["cards"]]}
    if isinstance(m.after, CircleState):
        entry["circle_closed"] = _circle_closed(m.after)
    return entry


def _log_draw(m: _Logged) -> JSON:
    return {"card": m.face(m.before.pool[0])} if m.viewer == m.seat else {}


def _log_pass(m: _Logged) -> JSON:
    return {}


_LOGGED: dict[str, Callable[[_Logged], JSON]] = {"sum": _log_sum, "expose": _log_expose, "replace": _log_replace,
                                                 "draw": _log_draw, "pass": _log_pass}


# --- rounds ------------------------------------------------------------------------------

def _round_end(state: State, called: int | None) -> State:
    """Count the hands, drop players at 50, then deal the next round or end the match."""
    counted = tuple(0 if seat == called or seat not in state.playing else sum(_card_points(hand))
                    for seat, hand in enumerate(state.hands))
    totals = tuple(s + c for s, c in zip(state.scores, counted))
    state = cards.replaced(state, scores=totals, counted=counted, called=called, passes=0, turn=None)
    still = tuple(seat for seat, score in enumerate(totals) if score < OUT_AT)
    if len(still) <= 1:
        return state
    dealer = next((state.dealer + step) % len(totals) for step in range(1, len(totals) + 1)
                  if (state.dealer + step) % len(totals) in still)
    deal = state.deal + 1
    order = shuffled(_ids(len(totals)), state.seed, f"deal:{deal}")
    return _dealt(cards.replaced(state, deal=deal, dealer=dealer, playing=still), order)


def _dealt(state: State, order: Sequence[str]) -> State:
    """Deal 6 to each seat playing, from the seat after the dealer; the rest is the pool."""
    first = _next(state, state.dealer)
    seating = sorted(state.playing, key=lambda s: (s - first) % len(state.hands))
    dealt, pool = cards.deal(order, len(seating), HAND_SIZE, first=0)
    hands: list[tuple[str, ...]] = [()] * len(state.hands)
    for seat, hand in zip(seating, dealt):
        hands[seat] = hand
    return cards.replaced(state, hands=tuple(hands), pool=pool, exposed=(), passes=0, turn=first)


def _card_points(hand: Sequence[str]) -> list[int]:
    """What each card of a hand counts at a round's end, lowest first: Figure and Minus 1, Total 3, Add-Em 10."""
    return sorted(POINTS[FACES[c]["kind"]] for c in hand)


def _round_ended(before: State, after: State) -> bool:
    return after.deal != before.deal or (after.turn is None and before.turn is not None)


# --- helpers -----------------------------------------------------------------------------

def _ids(seats: int) -> tuple[str, ...]:
    return ONE_PACK if seats <= 4 else TWO_PACKS


def _next(state: State, seat: int) -> int:
    seats = len(state.hands)
    return next((seat + step) % seats for step in range(1, seats + 1) if (seat + step) % seats in state.playing)


def _plain(card: str) -> bool:
    """A Figure or Minus card: the only cards that may be exposed or laid in a replace."""
    return FACES[card]["kind"] in ("figure", "minus")


def _circle_closed(state: CircleState) -> bool:
    """Every player still in has replaced, one after another: the next may not (version 2)."""
    return state.replaces >= len(state.playing)


def _replace_closed(state: State) -> IllegalMove | None:
    """The refusal the replace circle rule gives a replace now (version 2 only), or None."""
    if not isinstance(state, CircleState):
        return None
    if not state.pool:
        return IllegalMove("replace_pool_empty", "The pool is empty: nobody may replace any more. Make a sum or pass.")
    if _circle_closed(state):
        return IllegalMove("replace_circle", f"Every player has replaced in turn ({state.replaces} replaces in a "
                           "row): you may not replace now. Make a sum or draw.", count=state.replaces)
    return None


def _forced_draw(hand: Sequence[str]) -> bool:
    return all(FACES[c]["kind"] in ("total", "addem") for c in hand)


def _sum_possible(state: State, hand: Sequence[str]) -> bool:
    """Whether a well-formed sum (one Total, 3+ cards) can be laid at all."""
    has_total = any(FACES[c]["kind"] == "total" for c in hand)
    others = sum(FACES[c]["kind"] != "total" for c in hand)
    return has_total and 1 + len(state.exposed) + others >= 3


def _card_list(move: Move, hand: Sequence[str], exposed: Sequence[str]) -> tuple[str, ...]:
    """The distinct hand cards named in move["cards"]."""
    named = move.get("cards")
    if named == []:
        raise IllegalMove("bad_move", "'cards' is empty: name the cards from your hand.", field="cards")
    if not isinstance(named, list) or not all(isinstance(c, str) for c in named):
        raise IllegalMove("bad_move", "'cards' must be a list of card ids.", field="cards")
    if len(set(named)) != len(named):
        raise IllegalMove("duplicate_card", "Name each card only once.", field="cards")
    for card in named:
        if card in exposed:
            raise IllegalMove("exposed_named", f"Name only cards from your hand: the exposed {names(exposed)} "
                              "count in every sum already.", card=card)
        if card not in hand:
            raise IllegalMove("not_in_hand", f"Card {cards.quoted(card)} is not in your hand.", card=card)
    return tuple(named)


def _stated_values(move: Move, used: Sequence[str]) -> dict[str, int]:
    """The Add-Em values a client stated, each allowed for its card."""
    stated = move.get("values", {})
    if not isinstance(stated, dict):
        raise IllegalMove("bad_move", "'values' must map Add-Em card ids to numbers.", field="values")
    for card, value in stated.items():
        if card not in used:
            raise IllegalMove("value_not_in_sum", f"Card {card} is not in this sum.", card=card)
        face = FACES[card]
        if face["kind"] != "addem":
            raise IllegalMove("value_not_addem", f"Only an Add-Em card takes a value: {name(card)} is always "
                              f"{face['value']}.", card=card)
        if type(value) is not int or value not in face["values"]:
            raise IllegalMove("addem_value", f"The {name(card)} may stand for {listing(face['values'])}, not "
                              f"{value}.", card=card, value=value, allowed=face["values"])
    return stated

