"""News that carries a move (api/news.py's `of_change` and PostgreSQL's trigger, migration 0011): a
process that keeps the match as it was before the move catches up from the news alone, and only
when the news follows the row it keeps, step by step."""
from datetime import UTC, datetime

import psycopg
import pytest

from api import matches, news
from api.matches import EventRow, MatchRow
from api.news import Heard
from engine.events import Entry
from bench.server import libpq_url

from .play import Table, first_legal
from .test_bots import solo

AT = datetime(2026, 11, 28, 6, 30, 1, 250_007, tzinfo=UTC)


def row(version: int = 3, seating: int = 2, rematch_id: str | None = None) -> MatchRow:
    return MatchRow(id="abcdefghijklmnop", game="addup", rules_version=1, seat_count=2, options={}, seed="s",
                    deck=None, names=["Ann", "Bob"], invite_hash="h", time_per_move=None, timeouts_to_leave=3,
                    rematch_id=rematch_id, hints=True, creator=0, created_at=AT, version=version, seating=seating,
                    status="playing", turn=1, moved_at=AT)


def listening() -> Heard:
    heard = Heard()
    heard.restart(complete=True)
    return heard


MOVES = [Entry("move", 1, {"card": "7", "row": 0}), Entry("bot", 0, {"card": "J", "value": 3, "row": 1})]


@pytest.mark.parametrize("entries", [MOVES[:1], MOVES], ids=["one event", "two"])
def test_a_process_keeping_the_row_before_a_change_catches_up_from_its_news(entries):
    before = row()
    after = before.changed(version=before.version + len(entries), status="over", turn=None, moved_at=AT)
    heard = listening()
    assert heard.hear(news.of_change(after, entries, AT)) == before.id
    assert heard.step_after(before) == (after, tuple(
        EventRow(seq, seat, kind, move, AT) for seq, (kind, seat, move) in enumerate(entries, start=before.version + 1)))
    assert heard.is_newest(after) and not heard.is_newest(before)


def test_a_process_caught_up_from_news_of_a_new_time_per_move_takes_the_time_from_the_event():
    """A row caught up from news kept the time per move it had: the other process's players were shown the old time,
    and their claims judged by it."""
    before = row()
    changed = Entry("pace", 0, {"time_per_move": 7 * 86400})
    heard = listening()
    heard.hear(news.of_change(before.changed(version=4, time_per_move=7 * 86400), [changed], AT))
    assert heard.step_after(before)[0].time_per_move == 7 * 86400
    heard.hear(news.of_change(before.changed(version=5), [MOVES[0]], AT))
    assert heard.step_after(before.changed(version=4, time_per_move=3600))[0].time_per_move == 3600, "a move keeps it"


def test_news_that_does_not_follow_the_row_kept_is_no_step_from_it():
    before = row()
    heard = listening()
    heard.hear(news.of_change(before.changed(version=4), MOVES[:1], AT))
    assert heard.step_after(row(version=2)) is None, "a change missed in between"
    assert heard.step_after(row(seating=3)) is None and heard.step_after(row(rematch_id="x" * 16)) is None
    assert heard.step_after(row(version=4)) is None, "the row is the newest already"
    heard.restart(complete=False)
    assert heard.step_after(before) is None, "news may have been lost"


def test_news_of_a_change_too_long_to_tell_is_its_head_alone():
    before = row()
    entries = [Entry("move", 1, {"say": "x" * news.NEWS_BYTES})]
    told = news.of_change(before.changed(version=4), entries, AT)
    assert told == Heard.head(before.changed(version=4))
    heard = listening()
    heard.hear(told)
    assert heard.step_after(before) is None and heard.is_newest(before.changed(version=4))


@pytest.mark.parametrize("events", ["[not json]", '[[4, 1, "move"]]', '[{"seq": 4}]'])
def test_a_step_not_as_the_trigger_writes_it_is_ignored(events):
    before = row()
    heard = listening()
    assert heard.hear(f"{Heard.head(before.changed(version=4))} playing 0 2026-11-28T06:30:01.000000 {events}")
    assert heard.step_after(before) is None
    assert heard.is_newest(before.changed(version=4)), "its head still counts"


def test_on_postgresql_the_news_of_a_move_carries_it_as_the_database_has_it(app, client):
    """The trigger's news of a move steps the row before it to the row and events as read after it:
    a move written in one statement (api/writes.py), and a bot's move written after a person's, in
    the same transaction, with its events inserted before the row changes."""
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        pytest.skip("PostgreSQL's trigger")
    url = libpq_url(app.config["SQLALCHEMY_DATABASE_URI"])
    person, with_bot = Table.create(client), solo(client, bots=((1, "easy"),))
    with psycopg.connect(url, autocommit=True) as listener, app.app_context():
        listener.execute(f"LISTEN {news.CHANNEL}")
        view = person.view(person.view()["turn"])
        before = matches.load(person.id)
        assert person.post_move(view["you"]["seat"], first_legal(view), view["version"]).status_code == 200
        heard = listening()
        heard.hear(news_of(listener, person.id))
        after = matches.load(person.id)
        assert heard.step_after(before) == (after, tuple(matches.events(after, after=before.version)))

        view = with_bot.view(0)
        before = matches.load(with_bot.id)
        assert with_bot.post_move(0, first_legal(view), view["version"]).status_code == 200
        heard = listening()
        heard.hear(news_of(listener, with_bot.id))
        after = matches.load(with_bot.id)
        assert after.version > view["version"] + 1, "the bot moved after the person, in the same commit"
        assert heard.step_after(before) == (after, tuple(matches.events(after, after=before.version)))


def news_of(listener: psycopg.Connection, match_id: str) -> str:
    """The next news of `match_id` that `listener` hears: the news of every service on the database
    comes (CI runs the contract tests' servers beside, in a schema of their own)."""
    return next(note.payload for note in listener.notifies(timeout=10) if note.payload.startswith(f"{match_id} "))
