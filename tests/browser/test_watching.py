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


def two_matches_listed(page, first, second, watching: str):
    """Once `first` is played to the end, My games lists `second` first, whose line says `watching` and whose turn it
    is, then `first`: its items."""
    first.play(lambda view: False)  # to the end
    page.goto("/")
    items = page.locator(".my-games li")
    expect(items).to_have_count(2)
    to_move = ["Cy", "Di"][second.view()["turn"]]
    expect(items.nth(0)).to_have_text(re.compile(rf"Plus and Minus\s+Cy, Di\s+{watching}\s+{to_move}'s turn\s*Remove"))
    return items


def test_my_games_says_how_each_handed_over_match_stands_and_follows_its_rematch(new_page, server):
    teacher = new_page()
    first, second = new_match(server, "addup"), new_match(server, "plusminus", players=["Cy", "Di"])
    hand_over(teacher, first)
    hand_over(teacher, second)
    items = two_matches_listed(teacher, first, second, r"Watching: you gave Cy their seat\.")
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


def test_a_parent_who_watches_two_matches_finds_them_in_my_games_and_follows_the_rematch(new_page, server):
    """A parent follows each child's match from a laptop, by the invite once the match is full (*Watch the match*) or
    by the match's address: each is in My games from then on, with how it stands, and so is the children's rematch."""
    parent = new_page()
    parent.set_viewport_size({"width": 1280, "height": 800})
    first, second = new_match(server, "addup"), new_match(server, "plusminus", players=["Cy", "Di"])
    parent.goto(first.invite_link())
    parent.locator("a", has_text="Watch the match").click()
    expect(parent.locator("#watch-note")).to_contain_text("You are watching: you have no seat in this match")
    expect(parent.locator(".hand:not(.other) button")).to_have_count(0)
    parent.goto(f"/g/{second.id}")
    expect(parent.locator("#watch-note")).to_contain_text("You are watching")
    items = two_matches_listed(parent, first, second, r"Watching: no seat on this device\.")
    expect(items.nth(1)).to_have_text(re.compile(r"ADD UP\s+Ann, Bob\s+Watching: no seat on this device\.\s+Match over"))

    assert first.post("rematch", 0).status_code == 201
    parent.reload()
    expect(items).to_have_count(3)
    expect(items.nth(0)).to_have_text(re.compile(r"ADD UP\s+Ann\s+Watching: no seat on this device\.\s+Waiting for Bob\."))
    items.nth(0).locator("a").click()
    expect(parent.locator("#watch-note")).to_contain_text("You are watching: you have no seat in this match")
