"""A refused move in the reader's language: the web app words a rule's refusal from its `code` and
`params` (views/words.js, problemText), the arithmetic included, and falls back to the server's
English reason only for a code it does not know or a refusal lacking a number its text names."""
import pytest
from playwright.sync_api import expect

from engine import addit, addtoo, plusminus
from engine.protocol import IllegalMove
from tests.engine.test_addem import FILLER, PAD, expose, play, refused, replacing, start, summed
from tests.engine.test_addtoo import NEXT_TO, d, place, table
from tests.engine.test_plusminus import at
from tests.engine.test_plusminus import new_match as plusminus_match
from tests.engine.test_plusminus import play as plusminus_play
from tests.engine.test_addit import EXAMPLE_TABLE, new_match
from tests.engine.test_addit import play as addit_play

from .drive import status
from .matches import choose
from .matches import new_match as served_match
from .test_i18n import LANGUAGES, missing_keys


def refusal(error: IllegalMove) -> dict:
    """The refusal as the API sends it (problem+json: `code`, `params`, `detail`)."""
    return {"code": error.code, "params": error.params, "detail": error.reason}


def addit_refused(*capture) -> dict:
    with pytest.raises(IllegalMove) as error:
        addit.apply(new_match([["soccer-8"], ["soccer-1"]], table=EXAMPLE_TABLE), 0, addit_play("soccer-8", *capture))
    return refusal(error.value)


def worded(new_page, refusals: list[dict]) -> dict[str, list[str]]:
    """Each refusal's text in every language, as the play screen shows it: none with a placeholder left
    unfilled or a key missing, none but the English the server's English reason."""
    page = new_page()
    page.goto("/")
    texts = page.evaluate("""async ([refusals, languages]) => {
        const i18n = await import('/js/i18n.js'), {problemText} = await import('/js/views/words.js');
        const out = {};
        for (const language of languages) {
            await i18n.setLanguage(language);
            out[language] = refusals.map(problemText);
        }
        return out;
    }""", [refusals, sorted(LANGUAGES)])
    for language, shown in texts.items():
        for text, sent in zip(shown, refusals, strict=True):
            assert "{" not in text and (language == "en" or text != sent["detail"]), (language, sent["code"], text)
    assert missing_keys(page) == []
    return texts


def test_wrong_sums_and_captures_are_refused_with_their_arithmetic_in_every_language(new_page):
    state = start(["T3a", "F5a", "AEa", "AOa", "T9a", "F0a"], FILLER)
    refusals = [
        refusal(refused(state, 0, summed("T9a", "F5a", "F0a"))),
        refusal(refused(state, 0, summed("T9a", "F5a", "F0a", "AEa", AEa=-2))),
        refusal(refused(state, 0, summed("T3a", "F5a", "AOa"))),
        refusal(refused(state, 0, summed("T9a", "F5a", "AOa", "AEa"))),
        addit_refused("tennis-4", "tennis-3"),
        addit_refused("tennis-9"),
    ]
    texts = worded(new_page, refusals)
    assert texts["en"] == [
        "5 + 0 = 5, not 9: the cards must add up to the Total card's number.",
        "5 + 0 − 2 = 3, not 9: the cards must add up to the Total card's number.",
        "5 + ? cannot make 3: the Add-Em card would have to stand for −2, and it cannot.",
        "5 + ? + ? cannot make 9: no values the Add-Em cards may stand for add up to 4.",
        "4 + 3 = 7, not 8: the table cards you collect must add up to the number of the card you play.",
        "9 is not 8: a single table card you collect must have the number of the card you play.",
    ]
    arithmetic = ["5 + 0 = 5", "5 + 0 − 2 = 3", "−2", "4", "4 + 3 = 7", "9"]
    for language, shown in texts.items():  # the arithmetic in every language; ADD-IT never names a Total card
        assert all(part in text for part, text in zip(arithmetic, shown)), (language, shown)
        assert not any(word in text for text in shown[4:] for word in ("Total", "Summenkarte")), language


def raised(game, state, seat: int, move: dict) -> dict:
    with pytest.raises(IllegalMove) as error:
        game.apply(state, seat, move)
    return refusal(error.value)


def test_the_rules_refusals_of_every_game_are_worded_in_every_language(new_page):
    """Once shown in English in every language: a forced draw, an exposed card, a diamond that does
    not fit, a man that may not move (with the arithmetic that took him to a taken square)... The same code in two games (`occupied`) reads right in each. Too few
    cards says how many a sum and a replace need (it said "Too few cards: 2." and no more)."""
    forced = start(["T3a", "T5a", "AEa", "AOa", "T9a", "T8a"], ["F5a", "F3a", *FILLER[:4]])
    exposed = play(start(["F8a", *PAD[:5]], ["F5a", "F3a", *FILLER[:4]]), (0, expose("F8a")))
    diamonds = table(NEXT_TO, [[d(1, 4), d(3, 4)], [d(5, 6)]])
    cases = {  # the English text of each refusal
        "Your hand holds only Total and Add-Em cards: you must draw.":
            refusal(refused(forced, 0, summed("T8a", "AOa", "AEa", AOa=3, AEa=4))),
        "A card is exposed already: you cannot expose another.": refusal(refused(exposed, 1, expose("F5a"))),
        "Too few cards: 2. A sum needs 3 or more, the exposed ones included; a replace lays 2 or more.":
            refusal(refused(start(["T3a", "F5a", *PAD[:4]], FILLER), 0, summed("T3a", "F5a"))),
        "Too few cards: 1. A sum needs 3 or more, the exposed ones included; a replace lays 2 or more.":
            refusal(refused(exposed, 1, replacing("F5a"))),
        "At (1, 0) your 4 is blue and the side it touches is orange: touching sides must have the same colour.":
            raised(addtoo, diamonds, 0, place(d(1, 4), 1, 0, 0)),
        "(0, 0) already holds a diamond.": raised(addtoo, diamonds, 0, place(d(3, 4), 0, 0, 2)),
        "You can place a diamond, so you must place one.": raised(addtoo, diamonds, 0, {"type": "draw"}),
        "Total 7: 12 + 7 = 19, and your other man is on 19.":
            raised(plusminus, at(plusminus_match([["plus-4a"]]), men=(12, 19, 0, 0), top="plus-3a"), 0,
                   plusminus_play("plus-4a", 0)),
        "Total 26: a man on the stars cannot bust while another of your men is in play.":
            raised(plusminus, at(plusminus_match([["plus-11a"]]), men=(25, 25, 17, 0), top="plus-15a"), 0,
                   plusminus_play("plus-11a", 3)),
        "Total −2: one of your men can move, so you must move one.":
            raised(plusminus, at(plusminus_match([["minus-7a"]]), men=(12, 0, 0, 0), top="plus-5a"), 0,
                   plusminus_play("minus-7a")),
        "Total 7: your man cannot enter on 7, your other man is there.":
            raised(plusminus, at(plusminus_match([["plus-4a"]]), men=(7, 0, 0, 0), top="plus-3a"), 0,
                   plusminus_play("plus-4a", 1)),
    }
    refusals = list(cases.values())
    assert [r["code"] for r in refusals] == ["must_draw", "already_exposed", "too_few_cards", "too_few_cards",
                                             "colour_mismatch", "occupied",
                                             "must_place", "occupied", "stars_bust", "must_move", "occupied"]
    texts = worded(new_page, refusals)
    assert texts["en"] == list(cases)
    assert "bleu" in texts["fr"][4] and "orange" in texts["fr"][4] and "19" in texts["de"][7]


def test_a_hint_refused_as_the_match_moved_on_keeps_its_reason_when_the_change_shows(new_page, server):
    """Asked on a page a step behind (the seat moved on its other phone), the hint is refused; the poll then
    brings the move, and the reason, which explains it, stays (it was cleared at once, unlike a move's)."""
    match = served_match(server, "addup")
    seat = match.view(0)["turn"]
    page = new_page()
    page.goto(match.seat_link(seat))
    expect(page.locator('[data-key="hint"]')).to_be_visible()
    version = status(page)[1]
    page.route("**/hint", lambda route: route.fulfill(status=409, content_type="application/problem+json", json={
        "type": "urn:addgames:problem:not_your_turn", "title": "Conflict", "status": 409, "code": "not_your_turn",
        "detail": "It is seat 1's turn, not seat 0's.", "params": {}}))  # as the server answers once the move is in
    page.locator('[data-key="hint"]').click()
    refusal = page.locator("main .error")
    expect(refusal).to_have_text("It is not your turn any more.")
    match.move(seat, choose("addup", match.view(seat)))
    expect(page.locator("#status")).to_have_attribute("data-version", str(version + 1))
    expect(refusal).to_have_text("It is not your turn any more.")


def test_the_services_refusals_the_web_app_can_meet_are_worded_in_every_language(new_page):
    """Shown in English (the server's reason) in every language before (review)."""
    codes = ["already_left", "seats_reserved", "seats_changed", "bad_name", "too_many_subscriptions",
             "subscription_changed", "bot_seat"]
    texts = worded(new_page, [{"code": code, "params": {}, "detail": f"The server's reason ({code})."} for code in codes])
    assert all(not text.startswith("The server's reason") for text in texts["en"]), texts["en"]
    assert texts["en"][codes.index("seats_changed")] == "Someone joined or left a moment ago: look at the seats again " \
        "and try once more."
