"""A table: several people play one match on one device, passing it round. Between two people's turns a curtain
hides every hand ("Pass the device to Leo"), until the next one says who they are."""
import re

import requests
from playwright.sync_api import Page, expect

from ..api.play import first_legal
from .drive import choose_language, settled, status, too_small
from .matches import move_back_in_time, new_match
from .test_addup import addup_move
from .test_quality import serious_violations
from .test_screen_reader import HEAR_LIVE_REGIONS, heard


def create_table(page: Page, players: list[str | None]) -> str:
    """Create an ADD UP table on this device for `players` (None: the computer, easy); return the match's id."""
    page.goto("/new/addup")
    page.locator(f'[data-key="seats-{len(players)}"]').click()
    page.locator('[data-key="place-table"]').check()
    page.locator('input[name="name-0"]').fill(players[0])
    for n, name in enumerate(players[1:], start=1):
        if name is None:
            page.locator(f'[data-key="player-{n}-easy"]').click()
        else:
            page.locator(f'input[name="name-{n}"]').fill(name)
    page.locator('form[data-submit="create"] button[type="submit"]').click()
    expect(page).to_have_url(re.compile(r"/g/[\w-]+$"))
    return page.url.rsplit("/", 1)[1]


def hands(page: Page, server: str, match: str) -> dict[int, set[str]]:
    """Each seat this device holds at the table, and the ids of the cards in its hand, as the API shows that seat."""
    table = page.evaluate("id => JSON.parse(localStorage.getItem('addgames.seats'))[id].table", match)
    views = {seat["seat"]: requests.get(f"{server}/api/v1/games/{match}", timeout=10,
                                        headers={"Authorization": f"Bearer {seat['token']}"}).json()
             for seat in table}
    return {seat: {card["id"] for card in view["state"]["hand"]} for seat, view in views.items()}


def keep_table(page: Page, match: str, mia: str, leo: str) -> None:
    """This device holds seats 0 and 1 of ADD UP match `match` as a table (Mia's and Leo's tokens), as if it made it."""
    page.evaluate("""([id, mia, leo]) => localStorage.setItem("addgames.seats", JSON.stringify({[id]: {seat: 0,
        token: mia, game: "addup", seatLink: `${location.origin}/g/${id}#seat=${mia}`, linkShown: true, at: Date.now(),
        table: [{seat: 0, token: mia}, {seat: 1, token: leo}]}}))""", [match, mia, leo])


def shown_cards(page: Page) -> set[str]:
    return set(page.eval_on_selector_all("[data-card]", "cards => cards.map((card) => card.dataset.card)"))


def pass_to_next(page: Page, server: str, match: str, names: list[str]) -> str:
    """At the curtain: no hand, and no card of any hand, is in the page; the button that reveals the next person's
    cards has the focus. Press it and check that the cards shown are theirs; return their name."""
    curtain = page.locator("#curtain")
    expect(curtain).to_be_visible()
    name = re.fullmatch(r"Pass the device to (\w+)", page.locator("#curtain-title").inner_text()).group(1)
    assert name in names
    reveal = page.locator('[data-key="reveal"]')
    expect(reveal).to_have_text(f"I'm {name}, show my cards")
    expect(reveal).to_be_focused()
    assert page.locator(".board, .hand, #status").count() == 0
    held = hands(page, server, match)
    assert not shown_cards(page) & set().union(*held.values())
    reveal.press("Enter")  # by keyboard: the status line, saying whose turn it is, takes the focus
    expect(page.locator("#status")).to_have_text(f"Your turn, {name}")
    expect(page.locator("#status")).to_be_focused()
    seat = names.index(name)
    expect(page.locator(".hand .card").first).to_be_visible()
    assert held[seat] <= shown_cards(page)  # this person's hand ...
    others = set().union(*(cards for other, cards in held.items() if other != seat))
    assert not shown_cards(page) & others  # ... and no one else's
    return name


def play_table(page: Page, server: str, match: str, names: list[str]) -> list[str]:
    """Play the table to the end, passing the device at each person's turn; return who took it, in order."""
    turns = []
    while status(page)[0] != "over":
        turns.append(pass_to_next(page, server, match, names))
        addup_move(page)
        expect(page.locator("#curtain").or_(page.locator('#status[data-status="over"]'))).to_be_visible()
        assert len(turns) < 200, "the match did not end"
    return turns


def test_two_people_play_addup_on_one_device_the_curtain_hiding_every_hand_between_turns(new_page, server):
    page = new_page()
    match = create_table(page, ["Mia", "Leo"])
    turns = play_table(page, server, match, ["Mia", "Leo"])
    assert len(turns) >= 10
    assert all(a != b for a, b in zip(turns, turns[1:]))  # each move passes the device to the other
    expect(page.locator("#status")).to_contain_text("Match over")

    page.goto("/")  # My games lists the table once, naming both people, and opens it
    entry = page.locator(f'[data-key="mine-{match}"]')
    expect(entry).to_contain_text("At this device: Mia, Leo")
    expect(page.locator("#mine-list > li")).to_have_count(1)
    entry.click()
    expect(page.locator("#status")).to_contain_text("Match over")

    page.locator('[data-key="rematch"]').click()  # the rematch keeps the table: both seats ask from here
    expect(page).not_to_have_url(re.compile(match))
    rematch = page.url.rsplit("/", 1)[1]
    expect(page.locator("#curtain")).to_be_visible()
    pass_to_next(page, server, rematch, ["Mia", "Leo"])


def test_a_table_of_two_people_and_the_computer_passes_from_one_person_to_the_other(new_page, server):
    page = new_page()
    match = create_table(page, ["Mia", "Leo", None])
    expect(page.locator("#curtain")).to_be_visible()
    # the rules are beside the heading at the curtain too, as on every screen of a match (WCAG 3.2.6)
    expect(page.locator('.play-head [data-key="rules"]')).to_have_attribute("href", "/rules/addup")
    assert not serious_violations(page) + too_small(page)
    choose_language(page, "de")  # the curtain stays up, said in German
    expect(page.locator("#curtain-title")).to_have_text(re.compile(r"Gib das Gerät an (Mia|Leo) weiter"))
    expect(page.locator("#language")).to_be_focused()
    assert page.locator(".hand").count() == 0
    choose_language(page, "en")
    page.reload()  # opened again: the curtain first, whoever holds the device
    turns = play_table(page, server, match, ["Mia", "Leo"])
    assert len(turns) >= 6
    assert all(a != b for a, b in zip(turns, turns[1:]))  # the computer's turn goes by between them
    log = requests.get(f"{server}/api/v1/games/{match}/moves", timeout=10).json()
    assert any(entry["seat"] == 2 and entry["kind"] == "bot" for entry in log["moves"])  # it played


def test_a_table_asks_every_person_at_the_device_for_a_name(new_page):
    page = new_page()
    page.goto("/new/addup")
    page.locator('[data-key="place-table"]').check()
    page.locator('input[name="name-0"]').fill("Mia")
    expect(page.locator('[data-key="player-1-"]')).to_contain_text("A player at this device")
    assert not serious_violations(page) + too_small(page)
    page.locator('form[data-submit="create"] button[type="submit"]').click()
    expect(page.locator("main .error")).to_have_text("Give every player at this device a name.")
    expect(page).to_have_url(re.compile(r"/new/addup$"))


def test_a_table_offers_no_time_per_move_and_creates_its_match_without_one(new_page, server):
    """Everyone at a table moves on the one device: a deadline would time out the device's absence, seat after seat
    (the API puts a late seat's turns to the autopilot), never one slow player. The form hides the choice there, and a
    time picked before switching to the table is not sent."""
    page = new_page()
    page.goto("/new/addup")
    page.locator('[data-key="time-per-move-86400"]').click()
    page.locator('[data-key="place-table"]').check()
    expect(page.locator('[data-key^="time-per-move"]')).to_have_count(0)
    expect(page.locator('[data-key^="timeouts-to-leave"]')).to_have_count(0)
    page.locator('[data-key="place-apart"]').check()
    expect(page.locator('[data-key="time-per-move-86400"]')).to_be_checked()  # kept for a match played apart
    page.locator('[data-key="place-table"]').check()
    page.locator('input[name="name-0"]').fill("Mia")
    page.locator('input[name="name-1"]').fill("Leo")
    page.locator('form[data-submit="create"] button[type="submit"]').click()
    expect(page).to_have_url(re.compile(r"/g/[\w-]+$"))
    match = page.url.rsplit("/", 1)[1]
    view = requests.get(f"{server}/api/v1/games/{match}", timeout=10).json()
    assert view["pace"]["time_per_move"] is None


def test_the_curtain_waits_for_the_answer_to_the_move_before_the_pass(new_page, server):
    """A poll may bring the match with the next person to move before the answer to the move that passed the device:
    the curtain waits for that answer (which could be a refusal its person must hear); the next person's screen then
    shows their hand alone."""
    page = new_page()
    match = create_table(page, ["Mia", "Leo"])
    first = pass_to_next(page, server, match, ["Mia", "Leo"])
    held = []

    def hold(route):  # the move reaches the server; its answer waits
        held.append((route, route.fetch()))

    page.route(re.compile(r"/moves$"), hold)
    addup_move(page)
    nxt = "Leo" if first == "Mia" else "Mia"
    expect(page.locator("#status")).to_have_text(f"{nxt}'s turn")  # brought by the poll, on the screen of the one before
    expect(page.locator("#sending")).to_have_text("Sending your move…")
    assert page.locator("#curtain").count() == 0
    assert len(held) == 1
    route, response = held[0]
    route.fulfill(response=response)
    page.unroute(re.compile(r"/moves$"))
    assert pass_to_next(page, server, match, ["Mia", "Leo"]) == nxt  # no card of the hand before shows
    addup_move(page)  # the hand is this person's to play
    expect(page.locator("#curtain")).to_be_visible()


def test_my_games_lists_a_table_with_the_turns_when_any_person_at_it_is_to_move(new_page, server):
    """The server ranks a table's match by the seat the device keeps first (Mia's): with Leo to move it came after a
    match waiting for someone else, and was not marked as a turn at this device (its entry's seats say no status)."""
    page = new_page()
    other = new_match(server, "addup")  # older, and waiting for its other player
    page.goto(other.seat_link(1 - other.view(0)["turn"]))
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    match = create_table(page, ["Mia", "Leo"])
    if pass_to_next(page, server, match, ["Mia", "Leo"]) == "Leo":
        addup_move(page)
        pass_to_next(page, server, match, ["Mia", "Leo"])
    expect(page.locator("#status")).to_have_text("Your turn, Mia")  # the creator's: every seat's link is here
    expect(page.locator('[data-key="toggle-links"]')).to_have_count(0)  # no "Give a seat a new link"
    addup_move(page)
    expect(page.locator("#curtain-title")).to_have_text("Pass the device to Leo")
    page.goto("/")
    expect(page.locator("#mine-list > li")).to_have_count(2)
    expect(page.locator("#mine-list > li").first).to_contain_text("At this device: Mia, Leo")
    expect(page.locator("#mine-list > li").first).to_have_class(re.compile("your-turn"))


def test_a_table_opened_on_another_devices_turn_shows_no_hand_until_someone_says_who_they_are(new_page, server):
    """Mia and Leo hold two seats of a match on one device, Cy plays from hers: the table opened (from My games, a
    reload) while Cy is to move shows nobody's cards to whoever has the device; the curtain names the person at the
    device who plays next."""
    games = f"{server}/api/v1/games"
    made = requests.post(games, json={"game": "addup", "seats": 3, "name": "Mia"}, timeout=10).json()
    match, tokens = made["game"]["id"], {0: made["token"]}
    for name in ("Leo", "Cy"):
        joined = requests.post(f"{games}/{match}/seats", json={"invite": made["invite"], "name": name}, timeout=10).json()
        tokens[joined["seat"]] = joined["token"]
    for _ in range(12):  # the people at the device move until it is Cy's turn
        view = requests.get(f"{games}/{match}", timeout=10).json()
        if view["turn"] == 2:
            break
        mover = requests.get(f"{games}/{match}", timeout=10, headers={"Authorization": f"Bearer {tokens[view['turn']]}"})
        moved = requests.post(f"{games}/{match}/moves", json={"version": view["version"], "move": first_legal(mover.json())},
                              headers={"Authorization": f"Bearer {tokens[view['turn']]}"}, timeout=10)
        assert moved.ok, moved.text
    assert view["turn"] == 2
    page = new_page()
    page.goto("/")
    keep_table(page, match, tokens[0], tokens[1])
    page.goto(f"/g/{match}")
    expect(page.locator("#curtain-title")).to_have_text("Pass the device to Mia")  # after Cy, seat 0 plays first
    assert page.locator(".board, .hand, #status").count() == 0
    assert not shown_cards(page) & set().union(*hands(page, server, match).values())
    page.locator('[data-key="reveal"]').click()
    expect(page.locator("#status")).to_contain_text("Cy")
    page.locator('[data-key="toggle-links"]').click()  # Cy's link is her device's: only hers can be given anew
    expect(page.locator('[data-action="askRelink"]')).to_have_text(["Give Cy a new link"])
    assert hands(page, server, match)[0] <= shown_cards(page)


def test_a_move_refused_after_the_turn_moved_on_is_told_to_its_person_before_the_device_passes(new_page, server,
                                                                                              database_file):
    """Mia's time ran out and Cy, on her own phone, skipped her turn while Mia's move was on its way: the server refused
    the move, the turn was Leo's, and the curtain came for him as if Mia had played; her refusal went to no screen."""
    match = new_match(server, "addup", seats=3, players=["Mia", "Leo", "Cy"], time_per_move=3600)
    match.play(lambda view: view["turn"] == 0)  # Mia to move, Leo after her: both at this device
    move_back_in_time(database_file, match.id, 2)
    page = new_page()
    page.context.add_init_script(HEAR_LIVE_REGIONS)
    page.goto("/")
    keep_table(page, match.id, match.tokens[0], match.tokens[1])
    page.goto(f"/g/{match.id}")
    assert pass_to_next(page, server, match.id, ["Mia", "Leo", "Cy"]) == "Mia"

    def skipped_first(route):  # Cy skips Mia's late turn just before Mia's move reaches the server
        assert match.post("timeouts", 2).status_code == 200
        route.continue_()

    page.route(re.compile(r"/moves$"), skipped_first)
    addup_move(page)
    expect(page.locator("#curtain-title")).to_have_text("Pass the device to Leo")
    expect(page.locator("#curtain-refused")).to_have_text(
        "Mia, your move did not count: the match had moved on before your move reached the server.")
    expect(page.locator("#alert")).to_have_text(
        "Mia, your move did not count: the match had moved on before your move reached the server.")
    expect(page.locator("#announce")).to_have_text("Pass the device to Leo")
    assert heard(page, "your move did not count") == 1, page.evaluate("window.heard")  # not by both regions
    assert match.view(0)["seats"][0]["timeouts"] == 1  # skipped, not played


def test_a_desktop_zoomed_to_200_percent_draws_the_curtain_across_the_page(new_page):
    """1280x800 at 200 % is 640x400 CSS px, laid out as a phone held sideways, the table in a column of its own: the
    curtain, with no table beside it, stood in the first column, 237 px wide (its button on two lines), the rest empty."""
    page = new_page()
    page.set_viewport_size({"width": 640, "height": 400})
    create_table(page, ["Mia", "Leo"])
    expect(page.locator("#curtain")).to_be_visible()
    curtain, play = page.evaluate("""() => ['#curtain', '.play']
        .map((selector) => document.querySelector(selector).getBoundingClientRect().width)""")
    assert curtain >= play - 1, (curtain, play)


TABLET_LANDSCAPE, TABLET_PORTRAIT, PHONE = {"width": 1024, "height": 768}, {"width": 768, "height": 1024}, \
    {"width": 360, "height": 740}


def test_a_cousin_far_away_plays_at_the_familys_table_from_her_phone_behind_the_curtain(new_page, server):
    """Mia and Leo share a tablet, their cousin Zoé plays from her phone: the form offered no seat for her (every other
    seat of a table was a person at the device or the computer), the table kept no invite to send her, the start showed
    Mia's dealt hand to whoever held the tablet, and Zoé's turn left the last mover's hand on screen for as long as
    she took. Now her seat waits for her invite; the start and her turn come behind the curtain, which says she plays
    on her device and goes on to the next person here once she has played."""
    tablet = new_page()
    tablet.set_viewport_size(TABLET_LANDSCAPE)
    tablet.goto("/new/addup")
    tablet.locator('[data-key="seats-3"]').click()
    tablet.locator('[data-key="place-table"]').check()
    tablet.locator('input[name="name-0"]').fill("Mia")
    tablet.locator('input[name="name-1"]').fill("Leo")
    tablet.locator('[data-key="player-2-away"]').click()
    expect(tablet.locator('[data-key="player-2-away"]')).to_have_text("A friend, with the link")
    tablet.locator('form[data-submit="create"] button[type="submit"]').click()
    expect(tablet.locator("main .error")).to_have_text(
        "Give the friend who joins with the link a name: their seat is kept for them.")
    tablet.locator('input[name="name-2"]').fill("Zoé")
    assert not too_small(tablet)
    tablet.locator('form[data-submit="create"] button[type="submit"]').click()
    expect(tablet).to_have_url(re.compile(r"/g/[\w-]+$"))
    match = tablet.url.rsplit("/", 1)[1]
    invite = tablet.locator("#invite-link")
    expect(invite).to_have_value(re.compile(r"#invite="))  # the table keeps the invite, for Zoé's seat

    phone = new_page(locale="de-DE")
    phone.set_viewport_size(PHONE)
    phone.goto(invite.input_value())
    phone.locator('[data-key="take-2"]').click()  # "Ich bin Zoé": her seat was kept for her
    expect(phone.locator("#status")).to_have_text("Mia ist dran")

    expect(tablet.locator("#curtain-title")).to_have_text("Pass the device to Mia")  # the start: no hand shown
    assert pass_to_next(tablet, server, match, ["Mia", "Leo", "Zoé"]) == "Mia"
    addup_move(tablet)
    assert pass_to_next(tablet, server, match, ["Mia", "Leo", "Zoé"]) == "Leo"
    addup_move(tablet)
    expect(tablet.locator("#curtain-away")).to_have_text("Zoé is playing on another device.")  # Leo's hand is hidden
    expect(tablet.locator("#curtain-title")).to_have_text("Pass the device to Mia")
    expect(tablet).to_have_title("ADD UP · addgames")  # nobody's turn here yet
    assert not shown_cards(tablet) & set().union(*hands(tablet, server, match).values())
    assert not serious_violations(tablet) + too_small(tablet)
    tablet.set_viewport_size(TABLET_PORTRAIT)
    assert not too_small(tablet)
    choose_language(tablet, "de")  # drawn again in German, the curtain still follows the match
    expect(tablet.locator("#curtain-away")).to_have_text("Zoé spielt auf einem anderen Gerät.")
    choose_language(tablet, "en")

    expect(phone.locator("#status")).to_have_text("Du bist dran")
    settled(phone)
    addup_move(phone)
    expect(tablet.locator("#curtain-away")).to_have_count(0)  # the curtain followed the match: Zoé has played
    expect(tablet.locator("#curtain-title")).to_have_text("Pass the device to Mia")
    expect(tablet).to_have_title("● Your turn, Mia · ADD UP · addgames")  # the tab says so, the tablet put aside
    assert pass_to_next(tablet, server, match, ["Mia", "Leo", "Zoé"]) == "Mia"
