"""A teacher who took the pupils' seats and handed them over follows the matches from My games: who plays,
whose turn it is and who won, and the rematch the pupils start, watched too (QA: teacher)."""
import re

from playwright.sync_api import expect

from .drive import too_small
from .matches import new_match
from .test_quality import serious_violations


def hand_over(page, match) -> None:
    """The teacher's device opens Ann's seat link and gives the seat to Ann."""
    page.goto(match.seat_link(0))
    page.locator('[data-key="show-link"]').click()  # "My seat link": the teacher shows it to Ann
    page.locator('[data-key="hand-over"]').click()
    page.locator('[data-key="hand-yes"]').click()
    expect(page.locator("#watch-note")).to_have_text("You gave this seat to its player: this device only watches.")


def test_my_games_says_how_each_handed_over_match_stands_and_follows_its_rematch(new_page, server):
    teacher = new_page()
    first, second = new_match(server, "addup"), new_match(server, "plusminus", players=["Cy", "Di"])
    hand_over(teacher, first)
    hand_over(teacher, second)
    first.play(lambda view: False)  # to the end
    teacher.goto("/")
    items = teacher.locator(".my-games li")
    expect(items).to_have_count(2)
    to_move = ["Cy", "Di"][second.view()["turn"]]
    expect(items.nth(0)).to_have_text(re.compile(
        rf"Plus and Minus\s+Cy, Di\s+Watching: you gave Cy their seat\.\s+{to_move}'s turn\s*Remove"))
    winners = first.view()["winners"]
    outcome = "Ann and Bob share the win" if len(winners) == 2 else f"{['Ann', 'Bob'][winners[0]]} wins"
    expect(items.nth(1)).to_have_text(re.compile(
        rf"ADD UP\s+Ann, Bob\s+Watching: you gave Ann their seat\.\s+Match over: {outcome}\.\s*Remove"))

    # Bob asks for a rematch: the finished match's page offers to watch it, and My games lists it first.
    assert first.post("rematch", 1).status_code == 201
    items.nth(1).locator("a").click()
    expect(teacher.locator("#rematch-title")).to_have_text("Rematch")
    expect(teacher.locator('[data-key="watch-rematch"]')).to_have_text("Watch the rematch")
    assert serious_violations(teacher) + too_small(teacher) == []
    teacher.go_back()
    expect(items).to_have_count(3)
    expect(items.nth(0)).to_have_text(re.compile(r"ADD UP\s+Bob\s+Watching: you gave Ann their seat\.\s+Waiting for Ann\."))
    items.nth(0).locator("a").click()
    expect(teacher.locator("#status")).to_have_text("Waiting for Ann.")
    expect(teacher.locator("#watch-note")).to_have_text("You gave this seat to its player: this device only watches.")

    # Removed from My games, the rematch stays removed (it is followed once).
    teacher.go_back()
    items.nth(0).locator('[data-action="forget"]').click()
    expect(items).to_have_count(2)
    teacher.reload()
    expect(items).to_have_count(2)
