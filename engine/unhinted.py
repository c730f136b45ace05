"""What a match created with hints off (`hints: false`, a counting test) shows a player before they move.

Its views and legal moves keep what the rules need a player to be told (the cards, which cards and moves are
open, a joker's range) and lose every number worked out for them from cards they can see: a sum, a total, a
capture, the points a move would make. Scores, and the log of moves made, are unchanged: after a move the
player sees what it scored.

Each game module says what it leaves out: `unhinted_legal_moves(legal)` (its legal moves without those numbers)
and, when its view holds one too (ADD UP's row sums, ADD'EM's exposed worth), `unhinted_view(view)`. Bots and
hints work from the engines' own functions, never from these: only what a seat is shown changes."""
from collections.abc import Callable

from .protocol import JSON, Game


def without(*keys: str) -> Callable[[JSON], JSON]:
    """`shown` less `keys`, as a function of `shown`."""
    return lambda shown: {key: value for key, value in shown.items() if key not in keys}


def each(listed: str, *keys: str) -> Callable[[JSON], JSON]:
    """Legal moves whose `listed` entries (when listed: ADD-TOO lists placements only when there are some) lose `keys`."""
    drop = without(*keys)
    return lambda legal: {**legal, listed: list(map(drop, legal[listed]))} if listed in legal else legal


def view(game: Game, shown: JSON) -> JSON:
    """A view (`view` or `view_before_start` of `game`) as a match without hints shows it."""
    unhinted = getattr(game, "unhinted_view", None)  # optional in the protocol: most views count nothing
    return unhinted(shown) if unhinted else shown


def legal_moves(game: Game, legal: JSON | None) -> JSON | None:
    """A seat's legal moves (None when it is not to move) as a match without hints shows them."""
    return None if legal is None else game.unhinted_legal_moves(legal)
