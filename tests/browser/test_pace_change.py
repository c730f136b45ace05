"""The time per move changed while a match is played (a family away for a week), from the play screen's pace line."""
from playwright.sync_api import expect

from .drive import settled
from .matches import new_match, unshuffled


def test_a_player_gives_the_one_to_move_a_week_and_everyone_sees_it(new_page, server):
    match = new_match(server, "plusminus", time_per_move=3600, deck=unshuffled(server, "plusminus"))
    mover = match.view(0)["turn"]
    waiter = 1 - mover
    away, home = new_page(), new_page()
    away.goto(match.seat_link(mover))
    home.goto(match.seat_link(waiter))
    settled(away)
    settled(home)
    expect(away.locator('[data-key="pace-change"]')).to_have_count(0)  # no one lengthens their own running turn

    home.locator('[data-key="pace-change"]').click()
    expect(home.locator('[data-key="pace-to-3600"]')).to_have_attribute("aria-checked", "true")
    home.locator('[data-key="pace-to-604800"]').click()
    home.locator('[data-key="pace-save"]').click()
    rule = "7 days per move · out after 3 missed turns in a row"
    expect(home.locator(".pace-rule")).to_contain_text(rule)
    expect(home.locator('[data-key="pace-to-604800"]')).to_have_count(0)  # the form closed
    expect(home.locator("#announce")).to_contain_text("set the time per move to 7 days.")  # the log's line, said
    expect(away.locator(".pace-rule")).to_contain_text(rule)  # by its poll
    expect(away.locator("#deadline")).to_contain_text("Play by")
    settled(away, match.view(0)["version"])
    away.locator('[data-panel="log"]').click()
    name = match.view(0)["seats"][waiter]["name"]
    expect(away.locator(".log")).to_contain_text(f"{name} set the time per move to 7 days.")

    home.locator('[data-key="pace-change"]').click()
    home.locator('[data-key="pace-to-"]').click()  # no limit
    home.locator('[data-key="pace-save"]').click()
    expect(home.locator(".pace-rule")).to_have_count(0)
    expect(home.locator('[data-key="pace-change"]')).to_be_visible()  # untimed: no rule, and a time can be set again
    expect(away.locator("#deadline")).to_have_count(0)
    expect(away.locator(".log")).to_contain_text(f"{name} removed the time limit per move.")


def test_a_change_of_pace_whose_answer_was_lost_saved_again_lands_once(new_page, server):
    """On a train: the new time was made, its answer lost ("cannot be reached... try again"), and the poll brought the
    match on by the change. Save again sent the same Idempotency-Key on that new version: the server, seeing another
    request under the key, refused it in its own English ("This Idempotency-Key was sent with another request; use a
    new key for a new request."). The retry is the first request again, answered as the server kept it."""
    match = new_match(server, "plusminus", time_per_move=3600, deck=unshuffled(server, "plusminus"))
    waiter = 1 - match.view(0)["turn"]
    page = new_page()
    sent = []

    def lose_the_first_answer(route):
        sent.append((route.request.headers.get("idempotency-key"), route.request.post_data_json))
        if len(sent) > 1:
            return route.fallback()
        route.fetch()  # the server changes the time; its answer never reaches the phone
        route.abort()

    page.route(f"**/api/v1/games/{match.id}/pace", lose_the_first_answer)
    page.goto(match.seat_link(waiter))
    settled(page)
    page.locator('[data-key="pace-change"]').click()
    page.locator('[data-key="pace-to-604800"]').click()
    page.locator('[data-key="pace-save"]').click()
    expect(page.locator("#pace-error")).to_have_text("The server cannot be reached. Check your connection, then try again.")
    version = match.view(0)["version"]
    expect(page.locator("#status")).to_have_attribute("data-version", str(version))  # the poll brought the change
    page.locator('[data-key="pace-save"]').click()
    expect(page.locator('[data-key="pace-save"]')).to_have_count(0)  # the form closed: the change is made
    expect(page.locator(".pace-rule")).to_contain_text("7 days per move")
    expect(page.locator("main .error")).to_have_count(0)
    assert len(sent) == 2 and sent[0] == sent[1], sent  # the same request again
    assert match.view(0)["version"] == version  # made once
