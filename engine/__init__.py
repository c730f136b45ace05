"""The five games' rules, pure Python: no web framework, database, clock or `random`."""
from . import addem, addit, addtoo, addup, plusminus
from .protocol import BadSetup, Game, GameOver, IllegalMove, NotYourTurn, RuleError, UnknownEvent, Zone

_MODULES: tuple[Game, ...] = (addup, addit, plusminus, addem, addtoo)
GAMES: dict[str, Game] = {game.KEY: game for game in _MODULES}

__all__ = ["GAMES", "BadSetup", "Game", "GameOver", "IllegalMove", "NotYourTurn", "RuleError", "UnknownEvent", "Zone"]
