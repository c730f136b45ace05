"""The five games' rules, pure Python: no web framework, database, clock or `random`."""
from . import addit, addup
from .protocol import BadSetup, GameOver, IllegalMove, NotYourTurn, RuleError, Zone

GAMES = {game.KEY: game for game in (addit, addup)}

__all__ = ["GAMES", "BadSetup", "GameOver", "IllegalMove", "NotYourTurn", "RuleError", "Zone"]
