"""One player, one seat, two devices (a phone on the bus, a laptop at home): carrying the seat over, and what each
device says of what the other did."""
import re

from playwright.sync_api import expect

from .drive import too_small
from .matches import new_match


def test_a_match_s_address_carried_to_another_device_says_how_to_play_the_seat_there(new_page, server):
    """QA (two devices): the address bar shows /g/<match> once the seat link opened; a player who sent that address to
    their phone, or whose browser forgot its data, was told only that part of "the link someone sent" may be
    missing, not that their own seat link is under "My seat link" on the device that plays it."""
    match = new_match(server, "addup")
    laptop, phone = new_page(), new_page()
    laptop.goto(match.seat_link(0))
    expect(laptop.locator(".seat.me")).to_contain_text("Ann")
    expect(laptop).to_have_url(re.compile(rf"/g/{match.id}$"))
    phone.goto(laptop.url)  # the address bar's address, shared to the phone
    note = phone.locator("#watch-note")
    expect(note).to_contain_text("You are watching: you have no seat in this match on this device.")
    expect(note).to_contain_text("To play here, open your seat link: “My seat link”, at the bottom of the match page, "
                                 "shows it on the device you already play on, or the person who created the match can give "
                                 "your seat a new link.")
    expect(note).to_contain_text("ask the person who sent it for the link again")
    laptop.locator('[data-key="show-link"]').click()  # where the note says
    phone.goto(laptop.locator("#seat-link").input_value())
    expect(phone.locator(".seat.me")).to_contain_text("Ann")
    expect(phone.locator("#watch-note")).to_have_count(0)


def test_a_move_refused_because_the_seat_moved_on_another_device_says_so(new_page, server):
    """QA (two devices): the laptop, a move behind, sent a move the phone had already made for the seat: it was told
    "Someone moved just before you", which reads as somebody else playing the seat. The move is made once."""
    match = new_match(server, "addup")
    match.play(lambda view: view["turn"] == 0)
    phone, laptop = new_page(), new_page()
    view = re.compile(rf"/api/v1/games/{match.id}$")
    held, answered = [], []

    def polls(route):  # the laptop's first view comes; its next polls wait here, as on a slow network
        if answered and held is not None:
            held.append(route)
        else:
            answered.append(route)
            route.continue_()

    laptop.route(view, polls)
    laptop.goto(match.seat_link(0))
    expect(laptop.locator("#status")).to_have_text("Your turn")
    phone.goto(match.seat_link(0))
    expect(phone.locator("#status")).to_have_text("Your turn")
    version = match.view(0)["version"]
    phone.locator(".hand button.card:not([disabled])").first.click()
    phone.locator('.controls [data-action="play"]').first.click()
    expect(phone.locator("#status")).to_have_text("Bob's turn")
    laptop.locator(".hand button.card:not([disabled])").first.click()  # still "Your turn" there
    laptop.locator('.controls [data-action="play"]').first.click()
    expect(laptop.locator("main .error")).to_be_visible()
    waiting, held = held, None  # the network is back: the polls go on
    for route in waiting:
        route.continue_()
    expect(laptop.locator("#status")).to_have_text("Bob's turn")
    expect(laptop.locator("main .error")).to_have_text(
        "You moved on another device (or in another tab) just before: here is the table now.")
    assert match.view(0)["version"] == version + 1  # the phone's move, once


def test_a_player_s_own_two_devices_stop_telling_of_each_other_but_not_of_a_third(new_page, server, artifacts):
    """QA (two devices): the phone on the bus and the laptop at home each said, at every switch from one to the other,
    that the seat was also open on another device and that someone else might have its link; "Got it" lasted until
    the next visit. Each can now be told the other is the player's own; a third device is still told of."""
    match = new_match(server, "addup")
    phone, laptop = new_page(), new_page()
    phone.goto(match.seat_link(1))
    expect(phone.locator(".seat.me")).to_contain_text("Bob")
    laptop.goto(match.seat_link(1))
    warning = laptop.locator("#other-device")
    expect(warning).to_contain_text("This seat is also open on another device")
    assert too_small(laptop) == []
    laptop.locator("#other-device").screenshot(path=artifacts / "two-devices-mine.png")
    warning.locator('[data-key="my-other-device"]').click()
    expect(warning).to_have_count(0)
    phone.reload()  # the phone was not told yet
    expect(phone.locator("#other-device")).to_contain_text("This seat is also open on another device")
    phone.locator('[data-key="my-other-device"]').click()
    for _ in range(2):  # from then on, switching from one to the other says nothing
        for device in (laptop, phone):
            with device.expect_response(lambda response: response.url.endswith("/device")) as shown:
                device.reload()
            assert shown.value.json()["other_device_active"] is True
            expect(device.locator(".seat.me")).to_contain_text("Bob")
            expect(device.locator("#other-device")).to_have_count(0)
    stranger = new_page()  # the link passed on: a device the player never said was theirs
    stranger.goto(match.seat_link(1))
    expect(stranger.locator("#other-device")).to_contain_text("This seat is also open on another device")
    phone.reload()
    expect(phone.locator("#other-device")).to_contain_text("This seat is also open on another device")
    expect(phone.locator('[data-key="my-other-device"]')).to_have_text("It's my device: don't tell me again")


def test_a_player_whose_browser_forgot_their_seat_before_the_start_is_told_where_it_is(new_page, server):
    """QA (two devices): Bob took his reserved seat, then his browser forgot its data; the invite opened again offered
    only "I am Cy", with no word on how to get his own seat back (a match with a seat to name said so)."""
    match = new_match(server, "addup", seats=3, join=False)
    match.take(1)
    page = new_page()
    page.goto(match.invite_link())
    expect(page.locator('[data-key="take-2"]')).to_have_text("I am Cy")
    expect(page.locator("#joined-elsewhere")).to_have_text(
        "Joined already, in another app or browser? Open the match there (My games lists it), or ask the person who "
        "created the match for a new link to your seat.")
