"""Creating a match and taking its seats: the services behind creating, joining, rematches and
renaming a seat (api/games.py, api/lifecycle.py).

Each stages its writes (api/transaction.py); `created` commits them with the new seat's answer.
"""
import secrets
from collections.abc import Callable

from flask import Response, jsonify, url_for
from sqlalchemy import bindparam, insert, select, update

from engine import events
from engine.replay import checked_setup

from . import (clock, connection, idempotency, join_codes, jsonio, matches, observe, opening, replays, seat_tokens,
               transaction, writes)
from .errors import Problem
from .matches import MatchRow
from .models import games_table, replaced_invites_table, seats_table
from .names import check_unlike, reads_as
from .presenter import link, match_view, seats, view_response
from .push import outbox

_SEATING = (update(games_table).where(games_table.c.id == bindparam("match_id"),
                                      games_table.c.seating == bindparam("seen"))
            .values(seating=bindparam("new_seating"), status=bindparam("new_status"), turn=bindparam("new_turn"),
                    moved_at=bindparam("now"), creator=bindparam("new_creator")))
_FILLED = _SEATING.values(join_code_hash=None)  # the last seat taken: the join code stops working (api/join_codes.py)
_NEW_MATCH, _NEW_SEAT = insert(games_table), insert(seats_table)
_CLAIM_REMATCH = update(games_table).where(games_table.c.id == bindparam("match_id"),
                                           games_table.c.rematch_id.is_(None))
# A change of a taken seat that no event records (its name, its link): the match's seating counts it, so
# every view's ETag changes, and its news (api/news.py) answers the match's waiting polls.
RESEATED = (update(games_table).where(games_table.c.id == bindparam("match_id"),
                                      games_table.c.seating == bindparam("seen"))
            .values(seating=bindparam("new_seating")))
# A new invite and join code in place of ones that leaked (new_invite); the old ones' hashes kept, to say why they fail
_REINVITED = RESEATED.values(invite_hash=bindparam("new_invite"), join_code_hash=bindparam("new_code"))
_CODE_OF = select(games_table.c.join_code_hash).where(games_table.c.id == bindparam("match_id"))
_REPLACED_INVITES = insert(replaced_invites_table)
_RENAME = (update(seats_table).where(seats_table.c.game_id == bindparam("match_id"),
                                     seats_table.c.seat == bindparam("seat_no"))
           .values(name=bindparam("new_name")))


def bot_seats(asked: list[dict], seat_count: int) -> dict[int, str]:
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


def new_match(game, names: list, options: dict, deck: list | None, time_per_move: int | None,
              timeouts_to_leave: int, bots: dict[int, str], hints: bool, creator: int | None) -> tuple[MatchRow, dict]:
    """A new match, staged, with only its `bots` seated (seat: level), and what its first seat's answer
    shares: its invite, invite link and join code (None when the seat taken next is the last free
    one); BadSetup if the rules refuse it. `creator` is the seat its creator takes next (the one
    that may give the others new links)."""
    seed = secrets.token_hex(16)
    setup = checked_setup(game, len(names), options, seed, deck)
    invite, now = seat_tokens.new_secret(16), clock.now()
    code = join_codes.new_code() if len(bots) + 1 < len(names) else None
    names = [bot_name(bots[n]) if n in bots else name for n, name in enumerate(names)]
    seated = tuple(matches.SeatRow(n, names[n], None, now, level) for n, level in sorted(bots.items()))
    match = MatchRow(id=seat_tokens.new_secret(12), game=game.KEY, rules_version=game.RULES_VERSION,
                     seat_count=setup.seats, options=setup.options, seed=seed, deck=setup.deck, names=names,
                     invite_hash=seat_tokens.digest(invite), time_per_move=time_per_move,
                     timeouts_to_leave=timeouts_to_leave, rematch_id=None, hints=hints, creator=creator,
                     created_at=now, version=0, seating=len(seated), status="waiting", turn=None, moved_at=now,
                     seats=seated)
    columns = {name: getattr(match, name) for name in matches.MATCH_COLUMNS}
    transaction.stage(_NEW_MATCH, {**columns, "join_code_hash": code and join_codes.digest(code)})
    if seated:
        transaction.stage(_NEW_SEAT, [{"game_id": match.id, "seat": bot.seat, "name": bot.name, "token_hash": None,
                                       "bot": bot.bot, "joined_at": now} for bot in seated])
    return match, {"invite": invite, "invite_link": link(match, f"invite={invite}"),
                   "join_code": code and join_codes.shown(code)}


def take_seat(match: MatchRow, game, seat: int, name: str | None, joined: bool = False) -> tuple[MatchRow, str]:
    """Stage a player's taking `seat` (committed by the caller, as a compare-and-set on the seats
    the request saw); return the match after it and the seat's new secret token. A seat `joined` with the invite or
    the join code is never the creator's: the match then has none (a rematch's creator seat waits for the player who
    created the match before it, and whoever took it with the invite could otherwise replace the others' links and
    invite, and free their seats)."""
    if seat >= match.seat_count:
        raise Problem(422, "no_such_seat", f"This match has seats 0 to {match.seat_count - 1}.")
    if any(s.seat == seat for s in match.seats):
        raise Problem(409, "seat_taken", f"Seat {seat} is taken; pick another.")
    if not name:
        raise Problem(422, "name_required", "Give a name to take this seat.")
    token, now = seat_tokens.new_secret(), clock.now()
    taken = sorted((*match.seats, matches.SeatRow(seat, name, seat_tokens.digest(token), now)), key=lambda s: s.seat)
    seated = match.changed(seats=tuple(taken), seating=match.seating + 1, moved_at=now,
                           creator=None if joined and seat == match.creator else match.creator)
    if seated.full:
        seated = seated.changed(status="playing", turn=events.to_move(game, replays.initial(seated, game)))
    transaction.stage(_FILLED if seated.full else _SEATING, {
        "match_id": match.id, "seen": match.seating, "new_seating": seated.seating, "new_status": seated.status,
        "new_turn": seated.turn, "new_creator": seated.creator, "now": now}, must_change=True)
    transaction.stage(_NEW_SEAT, {"game_id": match.id, "seat": seat, "name": name,
                                  "token_hash": seat_tokens.digest(token), "bot": None, "joined_at": now})
    outbox.after_seating(seated, seat)
    return seated, token


def created(match: MatchRow, game, seat: int, name: str | None, conflict, joined: bool = False, **extra):
    """Take `seat` (`joined` with the invite or join code: take_seat) and commit (another request's taking it first
    raises `conflict()`); answer 201 with the seat's secret link and the match as it sees it."""
    match, token = take_seat(match, game, seat, name, joined)
    state = replays.initial(match, game)  # seats are taken before the first move...
    if match.full:  # ...but the match starts now: bots to move play at once
        match, state = writes.stand_ins(match, game, state)
    response = jsonio.secret(jsonify(seat=seat, token=token, seat_link=link(match, f"seat={token}"), **extra,
                                     game=match_view(match, game, state, match.version, viewer=seat)))
    response.status_code = 201
    response.headers["Location"] = url_for("games.get_game", match_id=match.id)
    response = idempotency.commit(response, conflict)
    observe.seated(match, new="invite" in extra)
    if match.version:
        replays.remember(match, match.version, state)
        observe.moved(match, game, state)
    return response


def join(match: MatchRow, game, seat: int | None, name: str | None, admitted: Callable[[MatchRow], None]):
    """Take `seat` (`admitted(match)` checks the invite or join code on the match as read at each try); by default the free seat whose reserved name `name` reads
    as, else the first free one (one reserved for nobody, when a name is given: a seat kept for Bob
    is not Dan's unless Dan names it). When two players join at once for different free seats, both
    get one; under one name, the second hears it is taken."""
    def pick(match: MatchRow) -> tuple[int, str]:
        admitted(match)
        reserved = _reserved_for(match, name) if seat is None else None
        taking = reserved if reserved is not None else seat
        taking = _first_free(match, unreserved=bool(name)) if taking is None else taking
        # The seat's reserved name as the creator wrote it ("Uma", when "uma" joins, naming the seat or not), else the
        # name given
        kept = match.names[taking] if taking is not None and taking < match.seat_count else None
        named = ((kept if kept and name and reads_as(name, kept) else name) or kept or "").strip()
        _check_unlike_the_others(match, taking, named)
        if taking is None:  # after the name's check: a name already at the table is told so first
            kept = [match.names[n] for n in _free(match)]
            raise Problem(409, "seats_reserved", f"The free seats are kept for {', '.join(kept)}: join under one of "
                          "those names, or name the seat you take.")
        return taking, named

    return _seated(match, game, pick, joined=True)


def rematch(old: MatchRow, game, seat: int):
    """`seat` of the finished match `old` asks for a rematch: the first asker creates it, every
    asker takes the same seat in it. Its creator stays the seat that created `old` (asking first
    must not give the right to replace the others' links). A seat whose player left `old` (to the
    autopilot or a bot, or put out for missed turns) is open to anyone in it, not kept under their name: the
    rematch waited for a player gone (its creator's seat then has no creator, as when given back)."""
    names = [shown["name"] for shown in seats(old)]
    taken = lambda: Problem(409, "seat_taken", "Your seat in the rematch is already taken: by you, from "  # noqa: E731
                            "another device, or by a player the rematch's invite let in.")
    if old.rematch_id is None:
        bots = {n: level for n, level in enumerate(old.bots) if level}
        state = replays.state_at(old, game, old.version)
        kept = [None if events.status(state, n) == "left" else name for n, name in enumerate(names)]
        creator = old.creator if old.creator is None or kept[old.creator] else None
        match, shared = new_match(game, kept, old.options, None, old.time_per_move, old.timeouts_to_leave,
                                  bots, old.hints, creator=creator)
        transaction.stage(_CLAIM_REMATCH.values(rematch_id=match.id), {"match_id": old.id}, must_change=True)
        outbox.rematch_offered(old, seat)
        try:
            response = created(match, game, seat, names[seat], _outrun, **shared)
        except Problem as lost:  # another seat created the rematch a moment ago: join theirs
            if lost.code != _OUTRUN:
                raise
            old = matches.load(old.id)
        else:
            observe.rematched(old, match)
            return response
    assert old.rematch_id is not None  # created above, or by the seat whose rematch won the race

    def pick(match: MatchRow) -> tuple[int, str]:
        if any(taker.seat == seat for taker in match.seats):
            raise taken()
        return seat, names[seat]

    return _seated(matches.load(old.rematch_id), game, pick)


# The conflict of a seat's taking that another request's change of the match's seats overtook: never
# answered, the taking is tried again (_seated).
_OUTRUN = "seats_changed"


def _outrun() -> Problem:
    return Problem(409, _OUTRUN, "The match's seats changed meanwhile.")


def rename(match: MatchRow, game, seat: int, name: str) -> Response:
    """`seat` (whose own token asks) takes the name `name`, in any status but once it left the match,
    and the answer is the match as it sees it; the same name again changes nothing. Committed as a
    compare-and-set on the seating the request saw, as a join is: of two seats taking one name at once,
    the second reads the match again and hears that the name is taken."""
    def attempt(match: MatchRow) -> Response:
        seat_tokens.seat_of_request(match, required=True)  # read again: its link may have been replaced since
        state = replays.state_at(match, game, match.version)
        if events.status(state, seat) != "playing":  # left to the autopilot or a bot, or resigned
            raise Problem(422, "already_left", "This seat has left the match: its name stays as it was.")
        _check_unlike_the_others(match, seat, name)
        if next(taken.name for taken in match.seats if taken.seat == seat) == name:
            return view_response(match, game, state, match.version, seat)
        renamed = match.changed(seating=match.seating + 1, seats=tuple(
            taken._replace(name=name) if taken.seat == seat else taken for taken in match.seats))
        transaction.stage(RESEATED, {"match_id": match.id, "seen": match.seating, "new_seating": renamed.seating},
                          must_change=True)
        transaction.stage(_RENAME, {"match_id": match.id, "seat_no": seat, "new_name": name}, must_change=True)
        response = idempotency.commit(view_response(renamed, game, state, renamed.version, seat), _outrun)
        replays.remember(renamed, renamed.version, state)
        return response

    return _retried(match, attempt, lambda: Problem(409, "seats_changed", "The seats kept changing while you "
                                                    "renamed yours; reload the match and try again."))


def new_invite(match: MatchRow) -> Response:
    """The match's creator (whose token asks) replaces its invite and join code while a seat is free, and the
    answer holds the new ones; the old ones let nobody in from then on. Committed as a compare-and-set on the
    seating the request saw, as a join is: a join that read the match before either commits first (its player
    is seated, and the creator's request reads the match again) or reads the match again and is refused."""
    def attempt(match: MatchRow) -> Response:
        opening.check_creator(match, seat_tokens.seat_of_request(match, required=True), "replace its invite")
        if match.full:
            raise Problem(409, "already_started", "Every seat is taken: no invite or code lets anyone in any more.")
        old_code = connection.get().execute(_CODE_OF, {"match_id": match.id}).scalar()  # changes only with the seating
        invite, code, now = seat_tokens.new_secret(16), join_codes.new_code(), clock.now()
        transaction.stage(_REINVITED, {"match_id": match.id, "seen": match.seating, "new_seating": match.seating + 1,
                                       "new_invite": seat_tokens.digest(invite), "new_code": join_codes.digest(code)},
                          must_change=True)
        transaction.stage(_REPLACED_INVITES, [{"secret_hash": old, "game_id": match.id, "replaced_at": now}
                                              for old in (match.invite_hash, old_code) if old])
        return idempotency.commit(jsonio.secret(jsonify(invite=invite, invite_link=link(match, f"invite={invite}"),
                                                        join_code=join_codes.shown(code))), _outrun)

    return _retried(match, attempt, lambda: Problem(409, "seats_changed", "Players kept taking seats while you "
                                                    "replaced the invite; reload the match and try again."))


def _check_unlike_the_others(match: MatchRow, seat: int | None, name: str) -> None:
    """A 422 `name_taken` when `name` reads as the name of another seat of `match`: its player's or,
    for a free seat, the one its creator reserved for it."""
    check_unlike(name, (shown["name"] for shown in seats(match) if shown["seat"] != seat))


def _seated(match: MatchRow, game, pick: Callable[[MatchRow], tuple[int, str]], joined: bool = False):
    """Take the seat `pick(match)` names, under the name it gives, and commit (`created`, `joined` with the invite or
    join code), picking again on the match as read again when another request changed its seats first (`_retried`):
    the same seat if it is still free, or the next free one."""
    return _retried(match, lambda match: created(match, game, *pick(match), _outrun, joined), lambda: Problem(
        409, "seat_taken", "Players kept taking and leaving seats while you joined; try again."))


def _retried(match: MatchRow, attempt: Callable[[MatchRow], Response], gave_up: Callable[[], Problem]) -> Response:
    """`attempt(match)`, which commits a change of the match's seats. When another request took, freed
    or renamed a seat between this one's read and its commit (`_outrun`), read the match again and
    attempt again on it, up to once a seat; then `gave_up()`."""
    for _ in range(match.seat_count + 1):
        try:
            return attempt(match)
        except Problem as lost:
            if lost.code != _OUTRUN:
                raise
            if (twin := idempotency.replay_kept()) is not None:  # a retry of this very request was faster
                return twin
        match = matches.load(match.id)
    raise gave_up()


def _reserved_for(match: MatchRow, name: str | None) -> int | None:
    """The free seat whose reserved name (`players` at creation) reads as `name`, if any."""
    return next((n for n in _free(match) if match.names[n] and name and reads_as(name, match.names[n])), None)


def _free(match: MatchRow) -> list[int]:
    taken = {seat.seat for seat in match.seats}
    return [n for n in range(match.seat_count) if n not in taken]


def _first_free(match: MatchRow, unreserved: bool) -> int | None:
    """The first free seat; with `unreserved`, the first whose name nobody reserved (None if none)."""
    free = _free(match)
    if not free:
        raise Problem(409, "match_full", "Every seat of this match is taken.")
    return next((n for n in free if not (unreserved and match.names[n])), None)
