"""Every game, created, joined and played to the end over HTTP by a client that reads only the
API's views: what a third-party client written from openapi.yaml would do."""
import pytest

from engine import GAMES

from .play import Table


def addup_move(legal: dict) -> dict:
    offer = legal["play"][0]
    move = {"type": "play", "card": offer["card"], "row": "top"}
    if "value" in offer:
        move["value"] = offer["value"]["min"]
    return move


def addit_move(legal: dict) -> dict:
    offer = legal["play"][0]
    return {"type": "play", "card": offer["card"], "capture": offer["captures"][0] if offer["captures"] else []}


def plusminus_move(legal: dict) -> dict:
    offer = legal["play"][0]
    return {"type": "play", "card": offer["card"], "man": offer["men"][0]["man"] if offer["men"] else None}


def addtoo_move(legal: dict) -> dict:
    if "place" in legal:
        place = legal["place"][0]
        return {"type": "place", **{k: place[k] for k in ("tile", "x", "y", "rotation")}}
    return {"type": "draw" if "draw" in legal else "pass"}


def addem_move(legal: dict) -> dict:
    """A sum when there is one, else draw (replacing back and forth could go on for ever)."""
    if legal["sums"] and "sum" in legal["types"]:
        return {"type": "sum", **legal["sums"][0]}
    return {"type": "draw" if "draw" in legal["types"] else "pass"}


CHOOSERS = {"addem": addem_move, "addup": addup_move, "addit": addit_move, "plusminus": plusminus_move, "addtoo": addtoo_move}
HANDS_HIDDEN = {"addup", "addit", "plusminus", "addem"}


def test_every_game_has_an_http_player():
    assert set(CHOOSERS) == set(GAMES)


@pytest.mark.parametrize("key", sorted(CHOOSERS))
@pytest.mark.parametrize("seats", ["min", "max"])
def test_a_match_is_played_to_the_end_over_http(client, key, seats):
    game = GAMES[key]
    table = Table.create(client, game=key, seats=game.MIN_SEATS if seats == "min" else game.MAX_SEATS)
    choose = CHOOSERS[key]
    final = table.play_to_end(lambda view: choose(view["you"]["legal_moves"]))
    assert final["status"] == "over" and final["winners"] and final["seed"]
    assert [seat for seat, place in enumerate(final["places"]) if place == 1] == final["winners"]
    assert sorted(final["places"]) == sorted(1 + sum(other < place for other in final["places"])
                                             for place in final["places"]), "a tie shares a place, the next skipped"
    log = client.get(f"/api/v1/games/{table.id}/moves").json
    assert len(log["moves"]) == final["version"]
    assert table.view(None, "/versions/1")["places"] == [], "no places before the end"


@pytest.mark.parametrize("key", sorted(HANDS_HIDDEN & set(CHOOSERS)))
def test_no_seat_sees_another_seats_hand_over_http(client, key):
    table = Table.create(client, game=key, seats=3)
    for _ in range(12):
        views = {seat: table.view(seat) for seat in range(3)}
        for seat, view in views.items():
            hand = {card["id"] for card in view["state"]["hand"]}
            for other in [None, *range(3)]:
                if other != seat:
                    shown = client.get(f"/api/v1/games/{table.id}", headers=table.auth(other)).get_data(as_text=True)
                    assert not any(f'"{card}"' in shown for card in hand)
        mover = views[views[0]["turn"]]
        response = table.post_move(mover["you"]["seat"], CHOOSERS[key](mover["you"]["legal_moves"]), mover["version"])
        assert response.status_code == 200, response.json
