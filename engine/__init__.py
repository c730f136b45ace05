"""The five games' rules, pure Python: no web framework, database, clock or `random`."""
from . import addem, addit, addtoo, addup, plusminus
from .protocol import BadSetup, GameOver, IllegalMove, NotYourTurn, RuleError, Zone

GAMES = {game.KEY: game for game in (addup, addit, plusminus, addem, addtoo)}

__all__ = ["GAMES", "BadSetup", "GameOver", "IllegalMove", "NotYourTurn", "RuleError", "Zone"]
