"""A small client for tests: create a match, fill its seats, move as any seat."""
from dataclasses import dataclass, field


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def first_legal(view: dict) -> dict:
    """The ADD UP mover's first offered card, on the top row (a joker at its lowest value)."""
    offer = view["you"]["legal_moves"]["play"][0]
    move = {"type": "play", "card": offer["card"], "row": "top"}
    if "value" in offer:
        move["value"] = offer["value"]["min"]
    return move


@dataclass
class Table:
    client: object
    id: str
    invite: str
    tokens: dict[int, str] = field(default_factory=dict)

    @classmethod
    def create(cls, client, game="addup", seats=2, join=True, **extra) -> "Table":
        response = client.post("/api/v1/games", json={"game": game, "seats": seats, "name": "Ann", **extra})
        assert response.status_code == 201, response.json
        body = response.json
        table = cls(client, body["game"]["id"], body["invite"], {0: body["token"]})
        if join:
            for n in range(1, seats):
                table.join(f"Player {n + 1}")
        return table

    def join(self, name: str, **extra) -> dict:
        response = self.client.post(f"/api/v1/games/{self.id}/seats", json={"invite": self.invite, "name": name, **extra})
        assert response.status_code == 201, response.json
        self.tokens[response.json["seat"]] = response.json["token"]
        return response.json

    def view(self, seat: int | None = None, path: str = "") -> dict:
        response = self.client.get(f"/api/v1/games/{self.id}{path}", headers=self.auth(seat))
        assert response.status_code == 200, response.json
        return response.json

    def post_move(self, seat: int, move: dict, version: int | None = None):
        if version is None:
            version = self.view().get("version")
        return self.client.post(f"/api/v1/games/{self.id}/moves", json={"version": version, "move": move},
                                headers=self.auth(seat))

    def auth(self, seat: int | None) -> dict:
        return {} if seat is None else bearer(self.tokens[seat])

    def play_to_end(self, choose) -> dict:
        """Play until over: `choose(view)` picks each move from the mover's own view."""
        view = self.view()
        for _ in range(10_000):
            if view["status"] != "playing":
                break
            mine = self.view(view["turn"])
            response = self.post_move(view["turn"], choose(mine), mine["version"])
            assert response.status_code == 200, response.json
            view = response.json
        assert view["status"] == "over", "the match did not end"
        return view
