"""A class plays ADD UP or Plus and Minus against the teacher's bot: one match per pupil.

    pip install requests
    python examples/class_bot.py --server http://127.0.0.1:8000 --game addup Ann Bob Cy

creates a two-seat match for each pupil (seat 1 kept for the pupil's name), prints the join codes to
write on the board, then plays seat 0 of every match until each is over, and each rematch a pupil
asks for (`--rematches`). Written from openapi.yaml alone, with `requests`; README's *Writing a
client* says why each step is so. The bot chooses from the view's `you.legal_moves`, so it writes no
rule of the games: it needs the sums and landing squares a match shows by default (one created with
`"hints": false` leaves them out).
"""
import argparse
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import requests

API = "/api/v1"


class Problem(Exception):
    """An error answer (application/problem+json): branch on `code`, show `detail` to people."""

    def __init__(self, answer: requests.Response):
        self.status, self.problem = answer.status_code, answer.json()
        self.code = self.problem["code"]
        super().__init__(f"{self.status} {self.code}: {self.problem['detail']}")


def send(http: requests.Session, method: str, url: str, **kwargs) -> requests.Response:
    """A write, with one Idempotency-Key for all its tries: sent again after a 429 (a rate limit) or
    a 503 once `Retry-After` seconds have passed, it is done once, and a retry whose first try did
    land gets that try's answer (`Idempotent-Replayed: true`)."""
    headers = {**kwargs.pop("headers", {}), "Idempotency-Key": str(uuid.uuid4())}
    while True:
        answer = http.request(method, url, headers=headers, timeout=30, **kwargs)
        if answer.status_code not in (429, 503):
            return answer
        time.sleep(int(answer.headers["Retry-After"]))


def create_class(server: str, game: str, pupils: list[str], bot_name: str = "Teacher's bot") -> list[dict]:
    """One match per pupil, the bot at seat 0 (the creator's), seat 1 kept for the pupil's name."""
    http, matches = requests.Session(), []
    for pupil in pupils:
        answer = send(http, "POST", f"{server}{API}/games", json={"game": game, "players": [bot_name, pupil]})
        if answer.status_code != 201:
            raise Problem(answer)
        created = answer.json()
        matches.append({"pupil": pupil, "id": created["game"]["id"], "token": created["token"],
                        "join_code": created["join_code"], "invite_link": created["invite_link"]})
    return matches


def addup_move(legal: dict) -> dict:
    """A capture when a card balances the rows (a joker with the value named), else the first card."""
    for offer in legal["play"]:
        for capture in offer.get("captures", []):
            move = {"type": "play", "card": offer["card"], "row": capture["row"]}
            return move | ({"value": capture["value"]} if "value" in offer else {})
    offer = legal["play"][0]
    return {"type": "play", "card": offer["card"], "row": offer["rows"][0]} | (
        {"value": offer["value"]["min"]} if "value" in offer else {})


OUTCOMES = ["home", "forward", "enter", "back", "bust", "stars"]  # best first, for the man moved


def plusminus_move(legal: dict) -> dict:
    """The man that lands best (home, then furthest forward); `man` null when the card moves none."""
    moves = [(offer["card"], man) for offer in legal["play"] for man in offer.get("men", [])]
    if not moves:
        return {"type": "play", "card": legal["play"][0]["card"], "man": None}
    card, man = min(moves, key=lambda move: (OUTCOMES.index(move[1]["outcome"]), -move[1]["to"]))
    return {"type": "play", "card": card, "man": man["man"]}


CHOOSE = {"addup": addup_move, "plusminus": plusminus_move}


def news(http: requests.Session, url: str, etag: str | None) -> requests.Response:
    """The next view that differs from the one tagged `etag` (the first view when None): a poll
    held until the match changes (Prefer: wait), sent again at once when answered 304 after the
    wait, or after `Retry-After` seconds when the server was too busy to hold it or its database
    stalled (503)."""
    while True:
        answer = http.get(url, headers={"If-None-Match": etag, "Prefer": "wait=20"} if etag else {}, timeout=30)
        if answer.status_code not in (304, 503):
            return answer
        if "Preference-Applied" not in answer.headers:
            time.sleep(int(answer.headers["Retry-After"]))


def play(server: str, match_id: str, token: str, rematches: int = 0) -> dict:
    """Plays the seat until the match is over (and then `rematches` rematches the others ask for);
    answers the last match's final view."""
    http = requests.Session()
    http.headers["Authorization"] = f"Bearer {token}"
    url, etag = f"{server}{API}/games/{match_id}", None
    while True:
        answer = news(http, url, etag)
        if answer.status_code != 200:
            raise Problem(answer)
        etag, view = answer.headers["ETag"], answer.json()  # a 200 is news: act, then poll again at once
        if view["status"] == "over":
            if rematches == 0:
                return view
            if view["rematch"] is None:
                continue  # wait for a pupil to ask for a rematch (the view then names it)
            answer = send(http, "POST", f"{url}/rematch")
            if answer.status_code != 201:
                raise Problem(answer)
            joined = answer.json()
            http.headers["Authorization"] = f"Bearer {joined['token']}"
            url, etag, rematches = f"{server}{API}/games/{joined['game']['id']}", None, rematches - 1
        elif view["you"]["legal_moves"] is not None:  # null when it is not this seat's turn
            move = CHOOSE[view["game"]](view["you"]["legal_moves"])
            answer = send(http, "POST", f"{url}/moves", json={"version": view["version"], "move": move})
            # The ETag polled with stays the one from before the move, so the next poll answers at
            # once with the match after it (over, if the move ended it); on 409 stale_version, as it is now.
            if answer.status_code != 200 and answer.json()["code"] != "stale_version":
                raise Problem(answer)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    parser.add_argument("--game", choices=sorted(CHOOSE), default="addup")
    parser.add_argument("--rematches", type=int, default=0, help="rematches to play in each match, when a pupil asks")
    parser.add_argument("pupils", nargs="+")
    args = parser.parse_args()
    matches = create_class(args.server, args.game, args.pupils)
    for match in matches:
        print(f"{match['pupil']}: join code {match['join_code']}, or {match['invite_link']}", flush=True)
    with ThreadPoolExecutor(len(matches)) as pool:
        ends = pool.map(lambda match: play(args.server, match["id"], match["token"], args.rematches), matches)
        for match, end in zip(matches, ends):
            print(f"{match['pupil']}: {'won' if 1 in end['winners'] else 'lost'} ({end['scores'][1]} to {end['scores'][0]})")


if __name__ == "__main__":
    main()
