"""Matches: create, view, join and replay."""
import hmac
import secrets
from dataclasses import replace

from flask import Blueprint, jsonify, request, url_for
from sqlalchemy import bindparam, insert, update

from engine import events
from engine.replay import start

from . import catalogue, clock, idempotency, matches, news, observe, replays, seat_tokens, transaction, writes
from .errors import Problem
from .models import games_table, seats_table
from .idempotency import idempotent
from .presenter import etag, link, match_view, not_modified, polled, view_response
from .push import outbox
from .schemas import CreateGame, JoinGame
from .matches import MatchRow

bp = Blueprint("games", __name__, url_prefix="/api/v1/games")


@bp.post("")
@idempotent(unguessable=True)
def create_game():
    """Create a match and take its first seat."""
    body = CreateGame().load(request.get_json())
    game = catalogue.game(body["game"])
    names = [name and name.strip() for name in body.get("players") or [body["name"]] + [None] * (body["seats"] - 1)]
    bots = _bot_seats(body["bots"], len(names))
    match, invite = new_match(game, names, body["options"], body.get("deck"),
                              body.get("time_per_move"), body["timeouts_to_leave"], bots, body["hints"], creator=0)
    return created(match, game, 0, names[0], lambda: Problem(409, "id_taken", "A new match's id clashed with "
                   "another's; try again."), invite=invite, invite_link=link(match, f"invite={invite}"))


@bp.get("/<match_id>")
def get_game(match_id: str):
    """The match now, with the asking seat's hand and what it may do."""
    # `If-None-Match: *` matches every version: a wait for it would never end early.
    wait = 0 if request.if_none_match.star_tag else news.preferred_wait()
    applied, match = 0, None
    if request.if_none_match:
        head = seat_tokens.head_of_request(match_id)
        tag = etag(head, head.version, head.viewer)
        if tag in request.if_none_match:
            outcome, match = (news.wait_for_change(match_id, wait, lambda: _moved_on(match_id, tag)) if wait
                              else (news.Outcome.NOT_WAITED, None))
            applied = 0 if outcome is news.Outcome.NOT_WAITED else wait
            if outcome is not news.Outcome.CHANGED:
                return polled(not_modified(tag), head.status, applied)
    match = match or matches.load(match_id)
    game = catalogue.game(match.game)
    state = replays.state_at(match, game, match.version)
    viewer = seat_tokens.seat_of_request(match)
    return polled(view_response(match, game, state, match.version, viewer), match.status, applied)


def _moved_on(match_id: str, seen: str) -> MatchRow | None:
    """The match, if its view is no longer the one tagged `seen`."""
    match = matches.load(match_id)
    return match if etag(match, match.version, seat_tokens.seat_of_request(match)) != seen else None


@bp.get("/<match_id>/versions/<int:version>")
def get_version(match_id: str, version: int):
    """The match as it was after `version` events, for replays."""
    match = matches.load(match_id)
    viewer = seat_tokens.seat_of_request(match)
    if version > match.version:
        raise Problem(404, "unknown_version", f"The match has {match.version} events; there is no version {version}.")
    tag = etag(match, version, viewer)
    if tag in request.if_none_match:
        return not_modified(tag)
    game = catalogue.game(match.game)
    return view_response(match, game, replays.state_at(match, game, version), version, viewer)


@bp.post("/<match_id>/seats")
@idempotent(unguessable=True)
def join_game(match_id: str):
    """Take a free seat with the invite code. When two players join at once for different free
    seats, the one who loses the race gets the next free seat."""
    match = matches.load(match_id)
    body = JoinGame().load(request.get_json())
    if not hmac.compare_digest(match.invite_hash, seat_tokens.digest(body["invite"])):
        raise Problem(403, "bad_invite", "That invite code is not this match's.")
    for _ in range(match.seat_count):
        seat = body["seat"] if "seat" in body else _first_free(match)
        name = (body.get("name") or (match.names[seat] if seat < match.seat_count else "") or "").strip()
        try:
            return created(match, catalogue.game(match.game), seat, name,
                           lambda: Problem(409, "seat_taken", f"Seat {seat} was taken a moment ago; pick another."))
        except Problem as lost:
            if "seat" in body or lost.code != "seat_taken":
                raise
            if (twin := idempotency.replay_kept()) is not None:  # a retry of this very join was faster
                return twin
        match = matches.load(match_id)
    raise Problem(409, "match_full", "Every seat of this match is taken.")


def _bot_seats(asked: list[dict], seat_count: int) -> dict[int, str]:
    """The create body's `bots` as {seat: level}: seats of the match other than the creator's
    (the body's schema refuses seat 0), each once."""
    bots = {}
    for bot in asked:
        if bot["seat"] >= seat_count:
            raise Problem(422, "no_such_seat", f"This match has seats 0 to {seat_count - 1}; a bot cannot take "
                          f"seat {bot['seat']}.")
        if bot["seat"] in bots:
            raise Problem(422, "seat_listed_twice", f"Seat {bot['seat']} is listed twice in 'bots'.")
        bots[bot["seat"]] = bot["level"]
    return bots


def bot_name(level: str) -> str:
    return f"Computer ({level})"


_SEATING = (update(games_table).where(games_table.c.id == bindparam("match_id"),
                                      games_table.c.seating == bindparam("seen"))
            .values(seating=bindparam("new_seating"), status=bindparam("new_status"), turn=bindparam("new_turn"),
                    moved_at=bindparam("now")))
_NEW_MATCH, _NEW_SEAT = insert(games_table), insert(seats_table)


def new_match(game, names: list, options: dict, deck: list | None, time_per_move: int | None,
              timeouts_to_leave: int, bots: dict[int, str], hints: bool, creator: int) -> tuple[MatchRow, str]:
    """A new match, staged, with only its `bots` seated (seat: level), and its invite code;
    BadSetup if the rules refuse it. `creator` is the seat its creator takes next (the one that
    may give the others new links)."""
    seed = secrets.token_hex(16)
    setup, _ = start(game, len(names), options, seed, deck)
    invite, now = seat_tokens.new_secret(16), clock.now()
    names = [bot_name(bots[n]) if n in bots else name for n, name in enumerate(names)]
    seated = tuple(matches.SeatRow(n, names[n], None, now, level) for n, level in sorted(bots.items()))
    match = MatchRow(id=seat_tokens.new_secret(12), game=game.KEY, rules_version=game.RULES_VERSION,
                     seat_count=setup.seats, options=setup.options, seed=seed, deck=setup.deck, names=names,
                     invite_hash=seat_tokens.digest(invite), time_per_move=time_per_move,
                     timeouts_to_leave=timeouts_to_leave, rematch_id=None, hints=hints, creator=creator,
                     created_at=now, version=0, seating=len(seated), status="waiting", turn=None, moved_at=now,
                     seats=seated)
    columns = {name: getattr(match, name) for name in matches.MATCH_COLUMNS}
    transaction.stage(_NEW_MATCH, columns)
    if seated:
        transaction.stage(_NEW_SEAT, [{"game_id": match.id, "seat": bot.seat, "name": bot.name, "token_hash": None,
                                       "bot": bot.bot, "joined_at": now} for bot in seated])
    return match, invite


def take_seat(match: MatchRow, seat: int, name: str | None) -> tuple[MatchRow, str]:
    """Stage a player's taking `seat` (committed by the caller, as a compare-and-set on the seats
    the request saw); return the match after it and the seat's new secret token."""
    if seat >= match.seat_count:
        raise Problem(422, "no_such_seat", f"This match has seats 0 to {match.seat_count - 1}.")
    if any(s.seat == seat for s in match.seats):
        raise Problem(409, "seat_taken", f"Seat {seat} is taken; pick another.")
    if not name:
        raise Problem(422, "name_required", "Give a name to take this seat.")
    token, now = seat_tokens.new_secret(), clock.now()
    taken = sorted((*match.seats, matches.SeatRow(seat, name, seat_tokens.digest(token), now)), key=lambda s: s.seat)
    seated = replace(match, seats=tuple(taken), seating=match.seating + 1, moved_at=now)
    if seated.full:
        state = replays.initial(seated, catalogue.game(match.game))
        seated = replace(seated, status="playing", turn=events.to_move(catalogue.game(match.game), state))
    transaction.stage(_SEATING, {"match_id": match.id, "seen": match.seating, "new_seating": seated.seating,
                                 "new_status": seated.status, "new_turn": seated.turn, "now": now}, must_change=True)
    transaction.stage(_NEW_SEAT, {"game_id": match.id, "seat": seat, "name": name,
                                  "token_hash": seat_tokens.digest(token), "bot": None, "joined_at": now})
    outbox.after_seating(seated, seat)
    return seated, token


def created(match: MatchRow, game, seat: int, name: str | None, conflict, **extra):
    """Take `seat` and commit (another request's taking it first raises `conflict()`); answer 201
    with the seat's secret link and the match as it sees it."""
    match, token = take_seat(match, seat, name)
    state = replays.initial(match, game)  # seats are taken before the first move...
    if match.full:  # ...but the match starts now: bots to move play at once
        match, state = writes.stand_ins(match, game, state)
    response = jsonify(seat=seat, token=token, seat_link=link(match, f"seat={token}"), **extra,
                       game=match_view(match, game, state, match.version, viewer=seat))
    response.status_code = 201
    response.headers["Location"] = url_for("games.get_game", match_id=match.id)
    response = idempotency.commit(response, conflict)
    observe.seated(match, new="invite" in extra)
    if match.version:
        replays.remember(match.id, match.version, state)
        observe.moved(match, game, state)
    return response


def _first_free(match: MatchRow) -> int:
    taken = {seat.seat for seat in match.seats}
    free = [n for n in range(match.seat_count) if n not in taken]
    if not free:
        raise Problem(409, "match_full", "Every seat of this match is taken.")
    return free[0]
