"""A view of a match whose process keeps an older state of it reads the events since with the match,
in one SELECT (api/opening.py's `opened_caught_up`, as a poll woken by news of a move made in
another process does), and answers the match as a fresh replay shows it, however far behind."""
import pytest

from api import matches, replays

from .play import Table, first_legal


@pytest.mark.parametrize("behind", [1, 2, 5])
def test_a_view_caught_up_from_a_kept_state_is_the_match_as_replayed(client, monkeypatch, behind):
    """Three seats, so that each event's row repeats three times; `behind` events past the kept
    state, within the events read with the match (2 here) and past them."""
    monkeypatch.setattr(matches, "EVENTS_WITH_MATCH", 2)
    table = Table.create(client, seats=3)
    for _ in range(3):
        view = table.view(table.view()["turn"])
        table.post_move(view["you"]["seat"], first_legal(view), view["version"])
    kept = table.view()["version"]
    for _ in range(behind):
        view = table.view(table.view()["turn"])
        table.post_move(view["you"]["seat"], first_legal(view), view["version"])
    replays.forget_all()
    table.view(path=f"/versions/{kept}")  # the process keeps the state at `kept` alone
    assert replays.newest_state(table.id) == kept
    caught_up = [table.view(seat) for seat in range(3)]
    replays.forget_all()
    assert caught_up == [table.view(seat) for seat in range(3)], "as replayed from the first event"
    assert caught_up[0]["version"] == kept + behind
