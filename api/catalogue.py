"""The games this service plays, by key: an unknown key is a 404."""
from engine import GAMES, Game

from .errors import Problem


def game(key: str) -> Game:
    """The rules module of the game `key`."""
    if key not in GAMES:
        raise Problem(404, "unknown_game", f"There is no game '{key}'. Games: {', '.join(sorted(GAMES))}.")
    return GAMES[key]
