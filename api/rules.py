"""The rules catalogue: what each game is, who can play it, its options and its deck."""
from flask import Blueprint, jsonify

from engine import GAMES
from engine.options import normalize

from . import catalogue

bp = Blueprint("rules", __name__, url_prefix="/api/v1/rules")


@bp.get("")
def list_rules():
    """Every game, in short."""
    return jsonify(games=[_summary(game) for game in GAMES.values()])


@bp.get("/<key>")
def get_rules(key: str):
    """One game in full: options, decks by seat count, interpretations."""
    game = catalogue.game(key)
    return jsonify(**_summary(game), decks=_decks(game), rules_version=game.RULES_VERSION,
                   interpretations=list(game.INTERPRETATIONS))


def _summary(game) -> dict:
    return {"key": game.KEY, "name": game.NAME, "players": {"min": game.MIN_SEATS, "max": game.MAX_SEATS},
            **game.INFO, "options": {name: opt.describe() for name, opt in game.OPTIONS.items()}}


def _decks(game) -> list[dict]:
    """The cards of one deal, grouped by the seat counts that share a deck (one or two packs)."""
    groups: list[dict] = []
    for seats in range(game.MIN_SEATS, game.MAX_SEATS + 1):
        cards = game.deck(seats, normalize(game, None))
        if groups and groups[-1]["cards"] == cards:
            groups[-1]["seats"].append(seats)
        else:
            groups.append({"seats": [seats], "cards": cards})
    return groups
