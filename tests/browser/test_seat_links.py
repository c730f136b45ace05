"""A lost seat given back: the match's creator gives the seat a new link (asked first, shown
marked private), its player opens it on another phone and plays, and the phone with the old link
is told the link was replaced (until the new link is opened in another of its tabs). A player stops her old phone
playing her seat, keeping its new link. A seat link opened on a second phone says so on both, with what that seat's
player can do (stop the other devices). Another
seat's link opened on a phone that holds a seat of the match says whose seat each is, with a way back."""
import re

import requests
from playwright.sync_api import expect

from .drive import choose_language, create_match, join_match, settled, status, too_small
from .matches import new_match
from .test_addup import addup_move
from .test_quality import serious_violations


def test_the_creator_gives_a_lost_seat_a_new_link_and_its_player_plays_on(new_page, artifacts):
    ann, bob_old = new_page(), new_page()
    invite = create_match(ann, "addup")
    join_match(bob_old, invite)
    expect(ann.locator("#status")).to_have_attribute("data-status", "playing")

    ann.locator('[data-key="toggle-links"]').click()
    ann.locator('[data-key="relink-1"]').click()
    expect(ann.locator("#relink-ask")).to_contain_text("Give Bob a new seat link? Their current link stops working")
    assert serious_violations(ann) + too_small(ann) == []
    ann.locator('[data-key="relink-no"]').click()  # asked first: no is no
    expect(ann.locator("#new-seat-link")).to_have_count(0)
    ann.locator('[data-key="relink-1"]').click()
    ann.locator('[data-key="relink-yes"]').click()
    expect(ann.locator(".new-seat-link h3")).to_have_text(re.compile(r"New link for Bob\s+private"))
    new_link = ann.locator("#new-seat-link").input_value()
    assert "#seat=" in new_link
    ann.locator('[data-key="show-qr-new-seat-link"]').click()  # a QR code too, for Bob's own phone to scan
    expect(ann.locator(".new-seat-link .qr")).to_be_visible()
    ann.locator('[data-key="copy-new-link"]').click()
    expect(ann.locator(".new-seat-link .notice")).to_have_text("Link copied.")
    assert ann.evaluate("navigator.clipboard.readText()") == new_link
    assert serious_violations(ann) + too_small(ann) == []
    ann.locator(".new-seat-link").scroll_into_view_if_needed()
    ann.screenshot(path=artifacts / "seat-new-link.png")

    # The phone with the old link learns by itself (its next poll), and watches from then on.
    expect(bob_old.locator("main .error")).to_contain_text("This seat was given a new link")
    expect(bob_old.locator(".hand button.card")).to_have_count(0)
    bob_old.screenshot(path=artifacts / "seat-link-replaced.png")

    bob_new = new_page()  # Bob's own browser, this time
    bob_new.goto(new_link)
    expect(bob_new.locator("#status")).to_have_attribute("data-status", "playing")
    expect(bob_new.locator(".seat.me")).to_contain_text("Bob")
    for _ in range(2):  # both play a turn: Bob's from the new link
        mover = ann if status(ann)[2] else bob_new
        version = status(mover)[1]
        addup_move(mover)
        expect(mover.locator("#status")).not_to_have_attribute("data-version", str(version))
    expect(bob_new.locator("main .error")).to_have_count(0)

    bob_old.reload()  # told again on the next visit, until the new link is opened there
    expect(bob_old.locator("main .error")).to_contain_text("To play here, open the new link")
    bob_old.goto("/")  # and My games says so too, rather than that the match is gone
    expect(bob_old.locator(".my-games li")).to_contain_text("Your seat was given a new link, by the match's creator or from another of your devices")
    bob_old.goto(new_link)  # the new link opened on the old phone: it plays again
    expect(bob_old.locator(".seat.me")).to_contain_text("Bob")
    expect(bob_old.locator("main .error")).to_have_count(0)
    bob_old.goto("/")
    expect(bob_old.locator(".my-games li")).to_contain_text("ADD UP")
    expect(bob_old.locator(".my-games li")).not_to_contain_text("new link")


def test_a_seat_link_opened_on_a_second_phone_says_so(new_page, server, artifacts):
    match = new_match(server, "addup")
    first, second = new_page(), new_page()
    first.goto(match.seat_link(1))
    expect(first.locator("#status")).to_have_attribute("data-status", "playing")
    expect(first.locator("#other-device")).to_have_count(0)
    second.goto(match.seat_link(1))
    expect(second.locator("#other-device")).to_contain_text("This seat is also open on another device")
    expect(second.locator("#other-device")).to_contain_text(
        "under “My seat link”, at the bottom of the match page, stop other devices playing this seat")
    assert serious_violations(second) + too_small(second) == []
    second.screenshot(path=artifacts / "seat-other-device.png")
    first.reload()  # the first phone hears it the next time it shows the seat
    expect(first.locator("#other-device")).to_contain_text("This seat is also open on another device")
    first.locator('[data-key="dismiss-other-device"]').click()
    expect(first.locator("#other-device")).to_have_count(0)


def test_a_seat_link_scanned_from_the_qr_code_a_device_showed_is_not_told_of_that_device(new_page, server):
    """QA (teacher): a pupil who scanned the seat link the teacher's tablet showed was told in red that the seat was
    also open on another device and that someone else might have it: that device was the teacher's, showing the code.
    The code's link ends `&qr`; a device that shows the seat afterwards is told as ever."""
    match = new_match(server, "addup")
    teacher, pupil, stranger = new_page(), new_page(), new_page()
    teacher.goto(match.seat_link(0))
    teacher.locator('[data-key="show-link"]').click()
    teacher.locator('[data-key="show-qr-seat-link"]').click()
    scanned = f"{server}{match.seat_link(0)}&qr"
    modules = teacher.evaluate("""async (link) => {
      const svg = String((await import('/js/qr.js')).qrSvg(link, ''));
      return new DOMParser().parseFromString(svg, 'image/svg+xml').querySelector('path').getAttribute('d');
    }""", scanned)
    assert teacher.locator(".seat-link .qr path").get_attribute("d") == modules  # the code drawn holds that link
    with pupil.expect_response(lambda response: response.url.endswith("/device")) as shown:
        pupil.goto(scanned)
    assert shown.value.json()["other_device_active"] is True  # the server found the teacher's device
    expect(pupil.locator(".seat.me")).to_contain_text("Ann")
    expect(pupil).to_have_url(re.compile(r"/g/[\w-]+$"))  # the link, its marker too, left the address
    teacher.reload()  # the teacher's device shows the seat again: it is told the pupil's tablet shows it
    expect(teacher.locator("#other-device")).to_contain_text("This seat is also open on another device")
    expect(pupil.locator("#other-device")).to_have_count(0)
    stranger.goto(scanned)  # a second tablet scanning the same code is told nothing at first...
    expect(stranger.locator("#status")).to_have_attribute("data-status", "playing")
    pupil.reload()  # ...but the pupil's tablet is, the next time it shows the seat
    expect(pupil.locator("#other-device")).to_contain_text("This seat is also open on another device")


def test_a_player_stops_her_old_phone_playing_her_seat_and_plays_on_here(new_page, server, artifacts):
    """QA (a mother who moved her matches to a new phone and gave the old one away unwiped): nobody could cut the old
    phone off her seat. Asked first; this phone keeps the new link and plays on, the old one is told and watches."""
    match = new_match(server, "addup")
    old_phone, new_phone = new_page(), new_page()
    old_phone.goto(match.seat_link(1))
    expect(old_phone.locator(".seat.me")).to_contain_text("Bob")
    new_phone.goto(match.seat_link(1))
    expect(new_phone.locator(".seat.me")).to_contain_text("Bob")
    new_phone.locator('[data-key="show-link"]').click()
    new_phone.locator('[data-key="stop-others"]').click()
    expect(new_phone.locator("#stop-ask")).to_contain_text("stops working at once on every other device")
    assert serious_violations(new_phone) + too_small(new_phone) == []
    new_phone.locator('[data-key="stop-no"]').click()  # asked first: no is no
    expect(new_phone.locator("#seat-link")).to_have_value(re.compile(re.escape(match.seat_link(1)) + "$"))
    new_phone.locator('[data-key="stop-others"]').click()
    new_phone.locator('[data-key="stop-yes"]').click()
    expect(new_phone.locator("#stopped")).to_contain_text("no other device plays this seat now")
    expect(new_phone.locator("#seat-link")).not_to_have_value(re.compile(re.escape(match.seat_link(1)) + "$"))
    assert serious_violations(new_phone) + too_small(new_phone) == []
    new_phone.screenshot(path=artifacts / "seat-stop-other-devices.png")

    expect(old_phone.locator("main .error")).to_contain_text("This seat was given a new link")
    expect(old_phone.locator(".seat.me")).to_have_count(0)
    version = match.play(lambda view: view["turn"] == 1)["version"]  # Ann moves if it is hers: Bob's turn next
    settled(new_phone, version)
    addup_move(new_phone)  # this phone plays on with the new link
    expect(new_phone.locator("#status")).not_to_have_attribute("data-version", str(version))
    expect(new_phone.locator("main .error")).to_have_count(0)
    new_phone.reload()  # and keeps it
    expect(new_phone.locator(".seat.me")).to_contain_text("Bob")


def test_another_seat_s_link_on_a_phone_that_holds_a_seat_says_so_and_leads_back(new_page, server, artifacts):
    """Once the tab switched to the link's seat without a word (and a reload switched it back)."""
    match = new_match(server, "addup")
    phone = new_page()
    phone.goto(match.seat_link(0))
    expect(phone.locator(".seat.me")).to_contain_text("Ann")
    expect(phone.locator("#other-seat")).to_have_count(0)
    kept = "JSON.parse(localStorage.getItem('addgames.seats'))[location.pathname.split('/').pop()]"
    phone.goto(match.seat_link(1))  # Bob's link, sent to Ann by mistake
    expect(phone.locator(".seat.me")).to_contain_text("Bob")
    expect(phone.locator("#other-seat")).to_contain_text(
        "This link is for Bob's seat, and this device holds Ann's seat. This tab shows Bob's seat until you leave it "
        "or reload; this device keeps Ann's.")
    assert phone.evaluate(kept)["token"] == match.tokens[0]  # Bob's seat is not kept over Ann's
    expect(phone.locator('[data-key="push"], [data-key="notify"]')).to_have_count(0)  # no pushes of Bob's seat here
    assert serious_violations(phone) + too_small(phone) == []
    phone.screenshot(path=artifacts / "seat-other-seat.png")
    choose_language(phone, "fr")  # the page drawn again: once the address's lost link
    expect(phone.locator("#other-seat")).to_contain_text("Ce lien ouvre la place « Bob »")
    expect(phone.locator(".seat.me")).to_contain_text("Bob")
    choose_language(phone, "en")
    expect(phone.locator("#other-seat")).to_contain_text("This link is for Bob's seat")
    phone.reload()  # as the notice says: a reload shows the seat this device keeps
    expect(phone.locator(".seat.me")).to_contain_text("Ann")
    expect(phone.locator("#other-seat")).to_have_count(0)
    phone.goto(match.seat_link(1))
    phone.locator('[data-key="own-seat"]').click()
    expect(phone.locator("#other-seat")).to_have_count(0)
    expect(phone.locator(".seat.me")).to_contain_text("Ann")
    expect(phone).to_have_url(re.compile(rf"/g/{match.id}$"))
    assert phone.evaluate(kept)["token"] == match.tokens[0]


def test_a_seat_link_shown_once_can_be_shown_again_on_the_device_that_holds_it(new_page):
    """QA (teacher): the seat link showed once, and a reload hid it for good though the device kept it."""
    page = new_page()
    create_match(page, "addup")
    link = page.locator("#seat-link").input_value()
    page.reload()
    expect(page.locator("#status")).to_have_attribute("data-status", "waiting")
    expect(page.locator("#seat-link")).to_have_count(0)
    page.locator('[data-key="show-link"]').click()
    expect(page.locator("#seat-link")).to_have_value(link)
    expect(page.locator('[data-key="copy-seat"]')).to_be_focused()
    expect(page.locator('[data-key="show-link"]')).to_have_count(0)
    page.locator('[data-key="show-qr-seat-link"]').click()  # for the player's own tablet to scan
    expect(page.locator(".seat-link .qr")).to_have_attribute("aria-label", "QR code of the seat link")
    expect(page.locator('[data-key="hide-qr-seat-link"]')).to_be_focused()
    page.locator('[data-key="hide-qr-seat-link"]').click()
    expect(page.locator(".seat-link .qr")).to_have_count(0)
    page.locator('[data-key="dismiss-link"]').click()
    expect(page.locator('[data-key="show-link"]')).to_be_visible()


def test_my_seat_link_shows_the_link_this_device_holds_now(new_page, server):
    """The panel showed the link read when it was opened: once the seat's new link was opened in another tab
    of the phone, this one still offered the old, dead link to copy (review)."""
    match = new_match(server, "addup")
    page = new_page()
    page.goto(match.seat_link(1))
    page.locator('[data-key="show-link"]').click()
    expect(page.locator("#seat-link")).to_have_value(re.compile(re.escape(match.seat_link(1)) + "$"))
    relinked = requests.post(f"{server}/api/v1/games/{match.id}/seats/1/link", timeout=10,
                             headers={"Authorization": f"Bearer {match.tokens[0]}", "Idempotency-Key": "review-relink-seat-1"})
    assert relinked.ok, relinked.json()
    new_link = relinked.json()["seat_link"]
    other_tab = page.context.new_page()
    other_tab.goto(new_link)
    expect(other_tab.locator(".seat.me")).to_contain_text("Bob")
    match.play(lambda view: view["version"] >= 1)  # a change: the first tab draws its page again
    expect(page.locator("#seat-link")).to_have_value(new_link)
    expect(page.locator(".seat.me")).to_contain_text("Bob")  # and plays on with the new link
    expect(page.locator("main .error")).to_have_count(0)


def test_a_tab_told_its_link_was_replaced_plays_on_once_another_tab_opens_the_new_one(new_page, server):
    """It stayed a spectator, saying the link was replaced, though the phone held the new link."""
    match = new_match(server, "addup")
    page = new_page()
    page.goto(match.seat_link(1))
    expect(page.locator(".seat.me")).to_contain_text("Bob")
    relinked = requests.post(f"{server}/api/v1/games/{match.id}/seats/1/link", timeout=10,
                             headers={"Authorization": f"Bearer {match.tokens[0]}", "Idempotency-Key": "relink-bob-in-two-tabs"})
    assert relinked.ok, relinked.json()
    expect(page.locator("main .error")).to_contain_text("This seat was given a new link")
    expect(page.locator(".seat.me")).to_have_count(0)
    page.context.new_page().goto(relinked.json()["seat_link"])
    expect(page.locator(".seat.me")).to_contain_text("Bob")
    expect(page.locator("main .error")).to_have_count(0)


def test_a_device_that_handed_its_seat_over_forgets_it_and_watches(new_page):
    """QA (teacher): a teacher who took a seat for a pupil and sent the pupil its link was told on and on
    that someone else had the seat. Asked first; the creator is told it gives up the new links too."""
    page = new_page()
    invite = create_match(page, "addup")
    pupil = new_page()
    join_match(pupil, invite)
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    page.locator('[data-key="hand-over"]').click()
    expect(page.locator("#hand-ask")).to_contain_text("can no longer give the other seats new links")
    page.locator('[data-key="hand-no"]').click()  # asked first: no is no
    expect(page.locator('[data-key="hand-over"]')).to_be_focused()
    page.locator('[data-key="hand-over"]').click()
    page.locator('[data-key="hand-yes"]').click()
    expect(page.locator("#watch-note")).to_have_text("You gave this seat to its player: this device only watches.")
    assert page.evaluate("Object.keys(JSON.parse(localStorage.getItem('addgames.seats') || '{}')).length") == 0
    expect(page.locator('[data-key="show-link"]')).to_have_count(0)
    # Still followed from My games (QA: a teacher lost the overview of every seat she handed over)
    page.goto("/")
    watched = page.locator(".my-games li")
    expect(watched).to_have_text(re.compile(r"ADD UP\s+Ann, Bob\s+Watching: you gave Ann their seat\.\s+(Ann|Bob)'s turn\s*Remove"))
    watched.locator("a").click()
    expect(page.locator("#watch-note")).to_have_text("You gave this seat to its player: this device only watches.")
    page.go_back()
    page.locator('.my-games [data-action="forget"]').click()
    expect(page.locator(".my-games")).to_have_count(0)


ASK_AGAIN = "Ask the person who sent it for the link again."


def test_a_link_cut_short_says_to_ask_for_it_again(new_page, server):
    """A link whose `#...` was lost said only "You are watching", and a cut-off seat or invite link
    only that it was not valid: each now says what to do (QA: teacher)."""
    playing, waiting = new_match(server, "addup"), new_match(server, "addup", join=False)
    lost, cut, cut_invite = new_page(), new_page(), new_page()
    lost.goto(f"/g/{playing.id}")
    expect(lost.locator("main .note").filter(has_text="You are watching")).to_contain_text(ASK_AGAIN.lower()[:-1])
    cut.goto(playing.seat_link(1)[:-8])
    expect(cut.locator("main .error")).to_have_text(
        f"This seat link is not valid (part of it may be missing): you are watching. {ASK_AGAIN}")
    cut_invite.goto(waiting.invite_link()[:-8])
    cut_invite.locator('[data-key="take-1"]').click()  # "I am Bob"
    expect(cut_invite.locator("main .error")).to_have_text(
        f"This invite link is not valid for this match (part of it may be missing). {ASK_AGAIN}")
