"""ADD'EM's pack and arithmetic: finding sums and replacements fast, and saying why a sum is wrong.

A hand may grow past 20 cards, so nothing here enumerates subsets: `choose` is a subset-sum
search over reachable (sum, cards used) pairs, one layer per card, linear in the hand's size.
"""
from collections.abc import Iterable, Sequence
from itertools import product

from .protocol import Face, IllegalMove, Move

ADDEM_VALUES = {"odd": (1, 3, 5, 7, -1, -3, -5), "even": (2, 4, 6, 8, -2, -4)}


def _pack(p: int) -> dict[str, Face]:
    """One pack's faces; the second pack's ids use the next copy letters."""
    figure, minus, letter = ("abc", "def")[p], ("ab", "cd")[p], "ab"[p]
    faces: list[Face] = [{"id": f"F{v}{c}", "kind": "figure", "value": v} for v in range(9) for c in figure]
    faces += [{"id": f"M{v}{c}", "kind": "minus", "value": -v} for v in range(1, 6) for c in minus]
    faces += [{"id": f"T{v}{letter}", "kind": "total", "value": v} for v in range(13)]
    faces += [{"id": f"A{parity[0].upper()}{letter}", "kind": "addem", "parity": parity,
               "values": list(values)} for parity, values in ADDEM_VALUES.items()]
    return {face["id"]: face for face in faces}


FACES = {**_pack(0), **_pack(1)}
ONE_PACK = tuple(_pack(0))
TWO_PACKS = tuple(FACES)


def found_sums(hand: Sequence[str], exposed: Sequence[str]) -> list[Move]:
    """One valid sum per Total value in the hand, using every exposed card."""
    items = [c for c in hand if FACES[c]["kind"] != "total"]
    totals = {FACES[c]["value"]: c for c in hand if FACES[c]["kind"] == "total"}
    base = total_of(exposed)
    found = choose([values_of(c) for c in items], [t - base for t in totals], max(0, 2 - len(exposed)))
    sums = []
    for total, card in sorted(totals.items()):
        picked = found.get(total - base)
        if picked is None:
            continue
        chosen = [(c, v) for c, v in zip(items, picked) if v is not None]
        move: Move = {"cards": [card] + [c for c, _ in chosen]}
        values = {c: v for c, v in chosen if FACES[c]["kind"] == "addem"}
        if values:
            move["values"] = values
        sums.append(move)
    return sums


def found_replaces(hand: Sequence[str], exposed: Sequence[str]) -> list[Move]:
    """One way (if any) to lay two or more Figure or Minus cards worth the exposed cards."""
    items = [c for c in hand if FACES[c]["kind"] in ("figure", "minus")]
    target = total_of(exposed)
    picked = choose([values_of(c) for c in items], [target], 2).get(target)
    return [] if picked is None else [{"cards": [c for c, v in zip(items, picked) if v is not None]}]


def solve(used: Sequence[str], stated: dict[str, int]) -> dict[str, int] | None:
    """Values for the sum's Add-Em cards that make it true (stated ones kept), or None."""
    total = next(FACES[c]["value"] for c in used if FACES[c]["kind"] == "total")
    fixed = sum(stated[c] if c in stated else FACES[c]["value"] for c in used
                if FACES[c]["kind"] in ("figure", "minus") or c in stated)
    free = [c for c in used if FACES[c]["kind"] == "addem" and c not in stated]
    values = fill([FACES[c]["values"] for c in free], total - fixed)
    return None if values is None else {**stated, **dict(zip(free, values))}


def wrong_sum(exposed: Sequence[str], used: Sequence[str], stated: dict[str, int]) -> IllegalMove:
    """The refusal of a well-formed sum that adds up wrong, with the arithmetic."""
    total = next(FACES[c]["value"] for c in used if FACES[c]["kind"] == "total")
    parts = [c for c in used if FACES[c]["kind"] != "total"]
    terms = [stated.get(c, name(c)) if FACES[c]["kind"] == "addem" else FACES[c]["value"] for c in parts]
    free = [c for c in parts if FACES[c]["kind"] == "addem" and c not in stated]
    known = sum(t for t in terms if isinstance(t, int))
    if not free:
        reason = f"{expression(terms)} is {known}, not {total}"
    elif len(free) == 1:
        reason = (f"{expression(terms)} cannot make {total}: the {name(free[0])} would have to stand for "
                  f"{total - known}, and it stands only for {listing(FACES[free[0]]['values'])}")
    else:
        reason = (f"{expression(terms)} cannot make {total}: no values the Add-Em cards may stand for "
                  f"add up to {total - known}")
    if exposed:
        reason += f" (every sum uses all the exposed cards: {names(exposed)})"
    return IllegalMove("sum_mismatch", reason + ".", parts=[t if isinstance(t, int) else None for t in terms],
                       total=total)


def choose(options: Sequence[Sequence[int]], targets: Iterable[int], need: int) -> dict[int, list[int | None]]:
    """For each reachable target: one value per item (None = item left out), using >= `need` items.

    `options[i]` lists the values item i may stand for (one value for a plain card). A (sum, items
    used) that the items left cannot bring to a target is dropped: what it leads to cannot reach
    one either, so the pairs kept, their order and the values found are the same without it.
    """
    targets = list(targets)
    if not targets:
        return {}
    start = (0, 0)  # (sum, items used, counted up to `need`)
    layers: list[_Layer] = [{start: (start, None)}]
    for values, window in zip(options, _windows(options, min(targets), max(targets))):
        layers.append(_extend(layers[-1], values, window, need))
    found: dict[int, list[int | None]] = {}
    for target in targets:
        key = (target, need)
        if key not in layers[-1]:
            continue
        picked: list[int | None] = []
        for layer in reversed(layers[1:]):
            key, chosen = layer[key]
            picked.append(chosen)
        found[target] = picked[::-1]
    return found


_Layer = dict[tuple[int, int], tuple[tuple[int, int], int | None]]  # (sum, used) -> (the pair before, value or None)


def _windows(options: Sequence[Sequence[int]], low: int, high: int) -> list[tuple[int, int, int]]:
    """For each item: (least, most, left), the sums from which the items after it (`left` of them)
    can still reach a target between `low` and `high`."""
    windows, least, most = [], 0, 0  # what the items after this one can add, at least and at most
    for left, values in enumerate(reversed(options)):
        windows.append((low - most, high - least, left))
        least, most = least + min(0, *values), most + max(0, *values)
    return windows[::-1]


def _extend(before: _Layer, values: Sequence[int], window: tuple[int, int, int], need: int) -> _Layer:
    """The next layer of `choose`: each pair taking the item as each of its `values`, then leaving it."""
    least, most, left = window
    layer: _Layer = {}
    for key in before:  # taking a card first: the sums found empty a hand faster
        total, used = key
        for value in values:
            if least <= total + value <= most and used + 1 + left >= need:
                layer.setdefault((total + value, min(used + 1, need)), (key, value))
    for key in before:
        if least <= key[0] <= most and key[1] + left >= need:
            layer.setdefault(key, (key, None))
    return layer


def fill(free: Sequence[Sequence[int]], needed: int) -> list[int] | None:
    """Values for every free Add-Em card (each one used) adding up to `needed`, if any."""
    for values in product(*free):
        if sum(values) == needed:
            return list(values)
    return None


def values_of(card: str) -> tuple[int, ...]:
    face = FACES[card]
    return tuple(face["values"]) if face["kind"] == "addem" else (face["value"],)


def total_of(cards: Iterable[str]) -> int:
    """What Figure and Minus cards (e.g. the exposed ones) add up to."""
    return sum(FACES[c]["value"] for c in cards)


def name(card: str) -> str:
    """'5', '-3', 'Total 7' or 'Odd Add-Em'."""
    face = FACES[card]
    if face["kind"] == "addem":
        return f"{face['parity'].capitalize()} Add-Em"
    return f"Total {face['value']}" if face["kind"] == "total" else str(face["value"])


def names(cards: Iterable[str]) -> str:
    """'7', '7 and -4', '7, 7, -4 and -2'."""
    named = [name(c) for c in cards]
    return " and ".join(filter(None, (", ".join(named[:-1]), *named[-1:])))


def expression(terms: Sequence[int | str]) -> str:
    """'5 + 3 - 2' from [5, 3, -2]; names (e.g. 'Odd Add-Em') are added as they are."""
    text = ""
    for term in terms:
        if not text:
            text = str(term)
        elif isinstance(term, int) and term < 0:
            text += f" - {-term}"
        else:
            text += f" + {term}"
    return text


def listing(values: Sequence[int]) -> str:
    """'1, 3, 5 or 7'."""
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
