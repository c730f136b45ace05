"""What one seat may know of a match, and the worlds it could be in.

A bot never reads the true state: `information_set` turns the state into the seat's own picture
of it, and only that picture goes further. Every card the seat cannot see (the other hands, a
face-down pile) is gathered, sorted by id and dealt back into the same zones, zone sizes kept;
the seed that would shuffle the next deals is replaced too. Two true states that look the same
from the seat therefore give the same picture, whatever the hidden cards are: the bot's choice
cannot depend on them (tests/engine/test_bots.py permutes them to check).

`sample` deals those hidden cards again at random, from the bot's own seed: one world
consistent with everything the picture shows (its hand, the table, every count). Knowledge that
only the log holds (e.g. ADD'EM cards a seat took back into its hand) is not used.

Each game keeps a seat's hand in `hands[s]` (zone `hand:s`) and its face-down cards in the field
named like their zone (`pile`, `stock`, `set_aside`, `pool`); that is all `_refill` relies on.
"""
from collections.abc import Sequence
from typing import Any

from ..cards import replaced
from ..protocol import Game, Zone
from ..shuffle import Stream

MASKED_SEED = "masked"


def information_set(game: Game, state: Any, seat: int) -> Any:
    """The state as `seat` may know it: hidden cards in canonical order, no future seed."""
    zones = _hidden_zones(game, state, seat)
    cards = sorted(card for zone in zones for card in zone.cards)
    return _refill(state, zones, cards, MASKED_SEED)


def sample(game: Game, known: Any, seat: int, stream: Stream, label: str) -> Any:
    """One world `known` may be: its hidden cards dealt again from `stream`, a fresh future seed."""
    zones = _hidden_zones(game, known, seat)
    cards = [card for zone in zones for card in zone.cards]
    for i in range(len(cards) - 1, 0, -1):
        j = stream.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return _refill(known, zones, cards, f"{MASKED_SEED}:{label}")


def _hidden_zones(game: Game, state: Any, seat: int) -> list[Zone]:
    return [zone for zone in game.zones(state) if zone.seen_by is not None and seat not in zone.seen_by]


def _refill(state: Any, zones: list[Zone], cards: Sequence[str], seed: str) -> Any:
    changes: dict[str, object] = {}
    hands, at = list(state.hands), 0
    for zone in zones:
        part, at = tuple(cards[at:at + len(zone.cards)]), at + len(zone.cards)
        if zone.name.startswith("hand:"):
            hands[int(zone.name.split(":")[1])] = part
        else:
            changes[zone.name] = part
    if hasattr(state, "seed"):
        changes["seed"] = seed
    return replaced(state, hands=tuple(hands), **changes)
