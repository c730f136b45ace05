"""The games this service plays, by key: an unknown key is a 404."""
from engine import GAMES, Game

from .errors import Problem


def game(key: str, missing: int = 404) -> Game:
    """The rules module of the game `key`; `missing` is the status for a key that is none (422 where a
    body named it: the request is malformed, no resource is missing)."""
    if key not in GAMES:
        raise Problem(missing, "unknown_game", f"There is no game '{key}'. Games: {', '.join(sorted(GAMES))}.")
    return GAMES[key]
