"""The move log, and the change feed clients poll: the events after the version they already have."""
import re

from flask import Blueprint, jsonify, request

from engine import events

from . import matches, replays, seat_tokens
from .errors import Problem
from .models import utc_iso
from .opening import opened
from .presenter import log_etag, not_modified, packed, packed_tag, polled

bp = Blueprint("feed", __name__, url_prefix="/api/v1/games")

VERSION = re.compile(r"[0-9]{1,10}")  # up to 9,999,999,999: enough for any version, and int() stays cheap
LIMIT = re.compile(r"[1-9][0-9]{0,3}")
MOST_PER_PAGE = 1000


@bp.get("/<match_id>/moves")
def list_moves(match_id: str):
    """The events after version `after` (all of them by default, or the first `limit`), each as the
    asking seat may see it."""
    head = seat_tokens.head_of_request(match_id)
    since, limit = _after(head.version), _limit()
    tag = log_etag(head.version, head.viewer)
    for sent in (tag, packed_tag(tag)):  # the log as it went, plain or compressed
        if request.if_none_match.contains_weak(sent):  # as a view's (api/games.py)
            return polled(not_modified(sent), head.status)
    match, game, _ = opened(match_id, seat=None)  # the poll's head authenticated the seat
    version, viewer = match.version, head.viewer
    upto = version if limit is None else min(version, since + limit)  # events are numbered 1..version
    tag = log_etag(upto, viewer)  # names the last event the answer holds: a page's is not the whole log's
    state = replays.state_at(match, game, since)
    entries = []
    for event in matches.events(match, after=since, upto=upto):
        after = events.fold(game, state, [event], match.timeouts_to_leave)
        shown = events.log_entry(game, state, event, after, viewer)
        entries.append({"seq": event.seq, "seat": event.seat, "kind": event.kind, "at": utc_iso(event.created_at),
                        "after_hint": event.kind in events.PLAYED and event.seat in state.hinted, "move": shown})
        state = after
    replays.remember(match, upto, state)  # for the next view or poll of this match
    answer = packed(jsonify(game=match.game, version=version, moves=entries), tag)
    if upto < version:
        answer.headers["Link"] = f'</api/v1/games/{match_id}/moves?after={upto}&limit={limit}>; rel="next"'
    return polled(answer, match.status)


def _after(version: int) -> int:
    """The `after` of the query: a version from 0 to the match's `version` (0 when not given)."""
    sent = request.args.get("after", "0")
    if not VERSION.fullmatch(sent):
        raise Problem(422, "invalid_request", f"'after' must be a whole number from 0 to {version}, "
                      "the match's version you already have.")
    if int(sent) > version:
        raise Problem(422, "version_ahead", f"'after' is {int(sent)}, but the match is only at version {version}: "
                      "a client cannot have seen a version the match has not reached.", version=version)
    return int(sent)


def _limit() -> int | None:
    """The `limit` of the query: at most that many events, from 1 to MOST_PER_PAGE (None: all of them)."""
    sent = request.args.get("limit")
    if sent is None:
        return None
    if not LIMIT.fullmatch(sent) or int(sent) > MOST_PER_PAGE:
        raise Problem(422, "invalid_request", f"'limit' must be a whole number from 1 to {MOST_PER_PAGE}, "
                      "the most events one answer may hold.")
    return int(sent)
