"""The move log, and the change feed clients poll: the events after the version they already have."""
import re

from flask import Blueprint, jsonify, request

from engine import events

from . import matches, replays, seat_tokens
from .errors import Problem
from .models import utc_iso
from .opening import opened
from .presenter import log_etag, not_modified, polled, revalidated

bp = Blueprint("feed", __name__, url_prefix="/api/v1/games")

VERSION = re.compile(r"[0-9]{1,10}")  # up to 9,999,999,999: enough for any version, and int() stays cheap


@bp.get("/<match_id>/moves")
def list_moves(match_id: str):
    """The events after version `after` (all of them by default), each as the asking seat may see it."""
    head = seat_tokens.head_of_request(match_id)
    since = _after(head.version)
    tag = log_etag(head.version, head.viewer)
    if request.if_none_match.contains_weak(tag):  # as a view's (api/games.py)
        return polled(not_modified(tag), head.status)
    match, game, _ = opened(match_id, seat=None)  # the poll's head authenticated the seat
    version, viewer = match.version, head.viewer
    tag = log_etag(version, viewer)
    state = replays.state_at(match, game, since)
    entries = []
    for event in matches.events(match, after=since, upto=version):
        after = events.fold(game, state, [event], match.timeouts_to_leave)
        shown = events.log_entry(game, state, event, after, viewer)
        entries.append({"seq": event.seq, "seat": event.seat, "kind": event.kind, "at": utc_iso(event.created_at),
                        "after_hint": event.kind in events.PLAYED and event.seat in state.hinted, "move": shown})
        state = after
    replays.remember(match, version, state)  # for the next view or poll of this match
    return polled(revalidated(jsonify(game=match.game, version=version, moves=entries), tag), match.status)


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
