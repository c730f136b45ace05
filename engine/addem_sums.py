"""ADD'EM arithmetic: finding sums and replacements fast, and saying why a sum is wrong.

A hand may grow past 20 cards, so nothing here enumerates subsets: `choose` is a subset-sum
search over reachable (sum, cards used) pairs, one layer per card, linear in the hand's size.
"""
from itertools import product
from typing import Sequence


def choose(options: Sequence[Sequence[int]], targets, need: int) -> dict[int, list]:
    """For each reachable target: one value per item (None = item left out), using >= `need` items.

    `options[i]` lists the values item i may stand for (one value for a plain card).
    """
    layers = [{(0, 0): None}]
    for values in options:
        before = layers[-1]
        layer: dict = {}
        for key in before:  # taking a card first: the sums found empty a hand faster
            total, used = key
            for value in values:
                layer.setdefault((total + value, min(used + 1, need)), (key, value))
        for key in before:
            layer.setdefault(key, (key, None))
        layers.append(layer)
    found = {}
    for target in targets:
        key = (target, need)
        if key not in layers[-1]:
            continue
        picked = []
        for layer in reversed(layers[1:]):
            key, value = layer[key]
            picked.append(value)
        found[target] = picked[::-1]
    return found


def fill(free: Sequence[Sequence[int]], needed: int) -> list[int] | None:
    """Values for every free Add-Em card (each one used) adding up to `needed`, if any."""
    for values in product(*free):
        if sum(values) == needed:
            return list(values)
    return None


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
