"""ADD UP in two browsers: create, share, join, wait, play to the end, verify the shuffle."""
import re

from playwright.sync_api import expect

from .drive import create_match, join_match, play_to_end


def addup_move(page):
    page.locator(".hand button.card:not([disabled])").first.click()
    page.locator('.controls [data-action="play"]').first.click()


def test_two_players_create_share_join_and_play_addup_to_the_end(new_page, artifacts):
    ann, bob = new_page(), new_page()
    invite = create_match(ann, "addup")
    expect(ann.locator("#status")).to_have_attribute("data-status", "waiting")
    expect(ann.locator(".seat-link")).to_be_visible()
    assert "#seat=" in ann.locator("#seat-link").input_value()
    expect(ann.locator(".qr")).to_be_visible()

    join_match(bob, invite)
    expect(bob.locator(".seat-link")).to_be_visible()
    # Ann's waiting page notices Bob by itself.
    expect(ann.locator("#status")).to_have_attribute("data-status", "playing")
    expect(ann.locator(".seat.me")).to_contain_text("Ann")

    def shoot(page, moves):
        if moves == 6:
            page.evaluate("document.querySelector('.board')?.scrollIntoView()")
            page.screenshot(path=artifacts / "addup-play.png")
            page.screenshot(path=artifacts / "addup-play-full.png", full_page=True)

    moves = play_to_end([ann, bob], addup_move, on_move=shoot)
    assert moves >= 10
    expect(ann.locator("#status")).to_contain_text("Match over")
    expect(ann.locator("#last-move")).to_contain_text(re.compile(r"(Ann|Bob) played"))

    ann.get_by_role("button", name="Fair shuffle").click()
    ann.get_by_role("button", name="Verify this shuffle").click()
    checks = ann.locator(".checks")
    expect(checks).to_contain_text("The seed matches the fingerprint")
    expect(checks).to_contain_text("exactly what this shuffle dealt")
    expect(checks.locator(".bad")).to_have_count(0)


def test_the_waiting_page_updates_itself_when_the_other_player_moves(new_page):
    ann, bob = new_page(), new_page()
    join_match(bob, create_match(ann, "addup"))
    expect(ann.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(bob.locator("#status")).to_contain_text("Ann's turn")
    addup_move(ann)
    expect(bob.locator("#status")).to_have_class(re.compile("your-turn"))
    expect(bob.locator("#last-move")).to_contain_text("Ann played")
    expect(ann.locator("#status")).to_contain_text("Bob's turn")
