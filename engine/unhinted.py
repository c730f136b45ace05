"""What a match created with hints off (`hints: false`, a counting test) shows a player before they move.

Its views and legal moves keep what the rules need a player to be told (the cards, which cards and moves are
open, a joker's range) and lose every number worked out for them from cards they can see: ADD UP's row sums
and which rows a card balances; ADD-IT's groups that add up to a card; ADD'EM's worth of the exposed cards and
its ready-made sums and replaces; Plus and Minus's move totals and where each man would land; ADD-TOO's points,
bonus and scoring pairs of each placement (where a diamond fits is kept: a seat that can place may not draw).
Scores, and the log of moves made, are unchanged: after a move the player sees what it scored.

Bots and hints work from the engines' own functions, never from these: only what a seat is shown changes."""
from collections.abc import Callable

from .protocol import JSON


def _without(*keys: str) -> Callable[[JSON], JSON]:
    return lambda shown: {key: value for key, value in shown.items() if key not in keys}


def _each(listed: str, *keys: str) -> Callable[[JSON], JSON]:
    """Legal moves whose `listed` entries (when listed: ADD-TOO lists placements only when there are some) lose `keys`."""
    drop = _without(*keys)
    return lambda legal: {**legal, listed: list(map(drop, legal[listed]))} if listed in legal else legal


def _addup_view(shown: JSON) -> JSON:
    return {**shown, "rows": {name: _without("sum")(row) for name, row in shown["rows"].items()}}


def _same(shown: JSON) -> JSON:
    return shown


_VIEWS: dict[str, Callable[[JSON], JSON]] = {
    "addup": _addup_view, "addit": _same, "addem": _without("exposed_total"), "plusminus": _same, "addtoo": _same,
}
_LEGAL: dict[str, Callable[[JSON], JSON]] = {
    "addup": _each("play", "captures"),
    "addit": _each("play", "captures"),
    "addem": _without("exposed_total", "any_sum", "sums", "any_replace", "replaces"),
    "plusminus": _each("play", "total", "men"),
    "addtoo": _each("place", "points", "bonus", "pairs"),
}


def view(game: str, shown: JSON) -> JSON:
    """A view (`view` or `view_before_start` of `game`) as a match without hints shows it."""
    return _VIEWS[game](shown)


def legal_moves(game: str, legal: JSON | None) -> JSON | None:
    """A seat's legal moves (None when it is not to move) as a match without hints shows them."""
    return None if legal is None else _LEGAL[game](legal)
