"""A leaked invite and join code: the teacher who created the match sees who joined and when, makes a new link and code
(asked first; the invite panel shows the new ones), so the old link and code tell whoever uses them that they were
replaced, removes the stranger who came (asked first), and the rightful pupils join with the new link."""
import re

import requests
from playwright.sync_api import expect

from .drive import create_match, join_match, too_small
from .matches import unshuffled
from .test_join_code import type_code
from .test_quality import serious_violations


def test_the_teacher_replaces_a_leaked_link_and_code_and_removes_the_stranger(new_page, artifacts):
    ann, stranger, late = new_page(), new_page(), new_page()
    old_link = create_match(ann, "addup", seats=3)
    old_code = ann.locator("#join-code [aria-hidden='true']").inner_text()
    join_match(stranger, old_link, name="Eve", last=False)

    guests = ann.locator("#guests")
    expect(guests.locator("li")).to_have_text(re.compile(r"^Eve, joined (this minute|\d+ minutes? ago)\s+Remove Eve\s*$"))
    ann.locator('[data-key="replace-invite"]').click()
    expect(ann.locator("#guests-ask")).to_contain_text("The ones you shared stop working at once.")
    ann.locator('[data-key="guests-no"]').click()  # asked first: no is no
    expect(ann.locator('[data-key="replace-invite"]')).to_be_focused()
    expect(ann.locator("#invite-link")).to_have_value(old_link)
    ann.locator('[data-key="replace-invite"]').click()
    ann.locator('[data-key="guests-yes"]').click()
    expect(ann.locator("#invite-replaced")).to_contain_text("the old ones no longer let anyone in")
    expect(ann.locator("#invite-link")).not_to_have_value(old_link)
    new_link = ann.locator("#invite-link").input_value()
    assert "#invite=" in new_link
    expect(ann.locator("#join-code [aria-hidden='true']")).not_to_have_text(old_code)
    assert serious_violations(ann) + too_small(ann) == []

    ann.locator('[data-key="remove-guest-1"]').click()
    expect(ann.locator("#guests-ask")).to_contain_text("Remove Eve from the match?")
    ann.locator('[data-key="guests-yes"]').click()
    expect(guests).to_contain_text("Nobody else has joined yet.")
    expect(ann.locator(".seat").nth(1)).not_to_contain_text("Eve")
    ann.screenshot(path=artifacts / "leaked-invite.png")

    late.goto(old_link)  # the old link, still in the public chat
    late.locator('input[name="name"]').fill("Max")
    late.locator('form[data-submit="join"] button[type="submit"]').click()
    expect(late.locator("main .error")).to_contain_text("The match's creator replaced this invite link")
    late.goto("/")  # and the old code
    type_code(late, old_code)
    expect(late.locator("#join-code-error")).to_contain_text("The match's creator replaced this code")

    bob, cy = new_page(), new_page()
    join_match(bob, new_link, name="Bob", last=False)
    join_match(cy, new_link, name="Cy")
    expect(ann.locator("#status")).to_have_attribute("data-status", "playing")
    expect(ann.locator("#guests")).to_have_count(0)


def test_a_pupil_taken_off_before_the_start_is_told_so_not_that_his_link_is_wrong(new_page, server, artifacts):
    """Sam joined his teacher's match from the shared invite; she took him off before the start. His page, a reload
    and My games say who did it and what he can do (ask for the invite again, watch, remove it), never that his seat
    link is not valid nor that the match is gone."""
    created = requests.post(f"{server}/api/v1/games", timeout=10, json={  # a fixed deal, should it start
        "game": "addup", "seats": 3, "name": "Ann", "deck": unshuffled(server, "addup", 3)}).json()
    match_id = created["game"]["id"]
    teacher, sam = new_page(), new_page()
    teacher.goto(f"/g/{match_id}#seat={created['token']}")
    join_match(sam, f"/g/{match_id}#invite={created['invite']}", name="Sam", last=False)
    expect(teacher.locator("#guests li")).to_contain_text("Sam")

    teacher.locator('[data-key="remove-guest-1"]').click()
    teacher.locator('[data-key="guests-yes"]').click()
    expect(teacher.locator("#guests")).to_contain_text("Nobody else has joined yet.")

    taken_off = "The person who created this match took you off it before it started"
    error = sam.locator("main .error")
    expect(error).to_contain_text(taken_off)  # his page learns by its next poll
    expect(error).to_contain_text("ask them to send you the invite again")
    expect(error).not_to_contain_text("not valid")
    expect(sam.locator("#status")).to_have_attribute("data-status", "waiting")  # watching the match still
    expect(sam.locator("#invite-link")).to_have_count(0)  # the invite is his teacher's to send again, not his to share
    sam.screenshot(path=artifacts / "seat-freed.png")
    sam.reload()
    expect(error).to_contain_text(taken_off)

    sam.goto("/")
    item = sam.locator(".my-games li")
    expect(item).to_contain_text(taken_off)
    expect(item).not_to_contain_text("no longer exists")
    item.locator("a").click()  # the match is there still: he may watch it
    expect(sam.locator("#status")).to_have_attribute("data-status", "waiting")
    expect(sam.locator("main .error")).to_contain_text(taken_off)
    sam.go_back()
    item.locator('[data-action="forget"]').click()  # and he may remove it
    expect(sam.locator(".my-games li")).to_have_count(0)
