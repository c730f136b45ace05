"""Sharing the invite link: the phone's share sheet when there is one, the clipboard when not
(headless Chromium has no navigator.share: one test stubs it, one checks the fallback)."""
from playwright.sync_api import expect

from .drive import create_match


def test_share_uses_the_share_sheet_when_the_browser_has_one(new_page):
    page = new_page(share=True)
    invite = create_match(page, "addup")
    page.get_by_role("button", name="Share the link").click()
    page.wait_for_function("() => window.sharedData")
    assert page.evaluate("window.sharedData.url") == invite


def test_share_falls_back_to_the_clipboard(new_page):
    page = new_page()
    invite = create_match(page, "addup")
    assert page.evaluate("typeof navigator.share") == "undefined"
    page.get_by_role("button", name="Share the link").click()
    expect(page.locator(".invite .notice")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == invite


def test_the_seat_link_is_shown_once(new_page):
    page = new_page()
    create_match(page, "addup")
    expect(page.locator(".seat-link")).to_be_visible()
    page.reload()
    expect(page.locator("#status")).to_be_visible()
    expect(page.locator(".seat-link")).to_have_count(0)
    expect(page.locator(".invite")).to_be_visible()  # the invite stays until every seat is taken


def test_my_games_lists_the_matches_this_device_has_a_seat_in(new_page):
    page = new_page()
    create_match(page, "addup")
    page.goto("/")
    mine = page.locator(".my-games li")
    expect(mine).to_have_count(1)
    expect(mine).to_contain_text("ADD UP")
    expect(mine).to_contain_text("Waiting for players: 1 of 2 has joined.")
