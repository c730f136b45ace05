"""Matches: create, view, join and replay."""
from flask import Blueprint, request
from werkzeug.datastructures import ETags

from engine import options as match_options

from . import catalogue, join_codes, limits, news, replays, seat_tokens, seating
from .context import current_request
from .errors import Problem
from .idempotency import idempotent
from .matches import MatchRow
from .names import check_unlike
from .opening import Opened, as_remembered, opened, opened_caught_up
from .presenter import etag, etag_version, not_modified, polled, view_response
from .schemas import CreateGame, JoinGame

bp = Blueprint("games", __name__, url_prefix="/api/v1/games")


@bp.post("")
@idempotent(unguessable=True)
def create_game():
    """Create a match and take its first seat."""
    body = CreateGame().load(request.get_json())
    game = catalogue.game(body["game"], missing=422)
    # The game's own range, told as bad_seats for any count, before a list of that many seats is made
    match_options.check_seats(game, len(body["players"]) if "players" in body else body["seats"])
    names = [name and name.strip() for name in body.get("players") or [body["name"]] + [None] * (body["seats"] - 1)]
    bots = seating.bot_seats(body["bots"], len(names))
    people = [name for n, name in enumerate(names) if n not in bots]
    for n, name in enumerate(people):
        if name:
            check_unlike(name, people[:n])
    match, shared = seating.new_match(game, names, body["options"], body.get("deck"), body.get("time_per_move"),
                                      body["timeouts_to_leave"], bots, body["hints"], creator=0)
    return seating.created(match, game, 0, names[0], lambda: Problem(409, "id_taken", "A new match's id or join "
                           "code clashed with another's; try again."), **shared)


@bp.get("/<match_id>")
def get_game(match_id: str):
    """The match now, with the asking seat's hand and what it may do."""
    held = current_request().if_none_match
    # `If-None-Match: *` matches every version: a wait for it would never end early. Tags compare
    # weakly (RFC 9110): a proxy that compresses answers marks their tags weak, W/"...".
    polling = held and not held.star_tag
    applied, now = 0, None
    with news.Watch(match_id, news.preferred_wait() if polling else 0) as watch:
        if held:
            tag, status, remembered = _tag_now(match_id, watch)
            if held.contains_weak(tag):
                outcome, now = watch.wait(lambda: _moved_on(match_id, tag), read=remembered is None)
                applied = 0 if outcome is news.Outcome.NOT_WAITED else watch.seconds
                if outcome is not news.Outcome.CHANGED:
                    return polled(not_modified(tag), status, applied)
            elif remembered is not None and remembered.match.version > _newest_version(held):
                now = remembered  # the poll is behind the newest row: a move came since the client's last view
    match, game, viewer = now or opened_caught_up(match_id)
    state = replays.state_at(match, game, match.version)
    return polled(view_response(match, game, state, match.version, viewer), match.status, applied)


def _tag_now(match_id: str, watch: news.Watch) -> tuple[str, str, Opened | None]:
    """The ETag of the asking seat's view and the match's status, and the row they were taken from
    when it is one this process remembers (None: they were read from the database). A poll that will
    wait takes them from the newest row this process remembers: no read, and its wait reads the
    match before it ends unchanged, in case news was lost."""
    remembered = _newest_remembered(match_id) if watch.waits else None
    if remembered is not None:
        known = remembered.match
        return etag(known, known.version, remembered.seat), known.status, remembered
    head = seat_tokens.head_of_request(match_id)
    return etag(head, head.version, head.viewer), head.status, None


def _version_of(tag: str | None) -> int:
    return etag_version(tag) or 0


def _newest_version(held: ETags) -> int:
    """The newest version the tags held name."""
    return max(map(_version_of, held.as_set(include_weak=True)), default=0)


def _moved_on(match_id: str, seen: str) -> Opened | None:
    """The match as the asking seat opens it, if its view is no longer the one tagged `seen`: from the
    newest row this process remembers when it is past `seen` (news woke the poll, and a move this
    process made has left its row here), else as read now."""
    remembered = _newest_remembered(match_id)
    if remembered is not None and remembered.match.version > _version_of(seen):
        return remembered
    now = opened_caught_up(match_id)
    return now if etag(now.match, now.match.version, now.seat) != seen else None


@bp.get("/<match_id>/versions/<int:version>")
def get_version(match_id: str, version: int):
    """The match as it was after `version` events, for replays."""
    match, game, viewer = opened(match_id)
    if version > match.version:
        events = "1 event" if match.version == 1 else f"{match.version} events"
        raise Problem(404, "unknown_version", f"The match has had {events}; there is no version {version} yet.")
    tag = etag(match, version, viewer)
    if request.if_none_match.contains_weak(tag):
        return not_modified(tag)
    return view_response(match, game, replays.state_at(match, game, version), version, viewer)


@bp.post("/<match_id>/seats")
@idempotent(unguessable=True)
def join_game(match_id: str):
    """Take a free seat with the invite code or the join code."""
    match, game, _ = opened(match_id, seat=None)
    body = JoinGame().load(request.get_json())
    if "join_code" in body:
        limits.count_as(join_codes.GUESSES)  # a guess at codes, as a look-up is, until the code is found right

    def admitted(match: MatchRow) -> None:  # at each try: the creator may have replaced the invite and code meanwhile
        if "join_code" in body:
            join_codes.check(match.id, body["join_code"])
        else:
            join_codes.check_invite(match.id, match.invite_hash, body["invite"])

    return seating.join(match, game, body.get("seat"), body.get("name"), admitted)


def _newest_remembered(match_id: str) -> Opened | None:
    """The row this process remembers, opened for the asking seat, when the news it heard say that
    row is the match's newest (news.Heard), or carry the change after it; None otherwise, and the
    match is read."""
    known = replays.known(match_id)
    if known is not None and not news.heard.is_newest(known):
        known = _stepped(known)
    return None if known is None else as_remembered(known)


def _stepped(known: MatchRow) -> MatchRow | None:
    """The row after the change that followed `known`, when the news heard of it carries its events
    and this process keeps the state at `known`: the state they lead to is kept with that row. (A
    poll woken by news of a move made in another process reads nothing.)"""
    step = news.heard.step_after(known)
    if step is None:
        return None
    row, later = step
    return row if replays.catch_up(row, catalogue.game(row.game), known.version, later) else None
