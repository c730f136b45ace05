"""The five games' rules, pure Python: no web framework, database, clock or `random`."""
from . import addit, addup, plusminus
from .protocol import BadSetup, GameOver, IllegalMove, NotYourTurn, RuleError, Zone

GAMES = {game.KEY: game for game in (addit, addup, plusminus)}

__all__ = ["GAMES", "BadSetup", "GameOver", "IllegalMove", "NotYourTurn", "RuleError", "Zone"]
