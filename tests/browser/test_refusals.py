"""A refused move in the reader's language: the web app words a rule's refusal from its `code` and
`params` (views/words.js, problemText), the arithmetic included, and falls back to the server's
English reason only for a code it does not know or a refusal lacking a number its text names."""
import pytest

from engine import addit
from engine.protocol import IllegalMove
from tests.engine.test_addem import FILLER, refused, start, summed
from tests.engine.test_addit import EXAMPLE_TABLE, new_match
from tests.engine.test_addit import play as addit_play

from .test_i18n import LANGUAGES, missing_keys


def refusal(error: IllegalMove) -> dict:
    """The refusal as the API sends it (problem+json: `code`, `params`, `detail`)."""
    return {"code": error.code, "params": error.params, "detail": error.reason}


def addit_refused(*capture) -> dict:
    with pytest.raises(IllegalMove) as error:
        addit.apply(new_match([["soccer-8"], ["soccer-1"]], table=EXAMPLE_TABLE), 0, addit_play("soccer-8", *capture))
    return refusal(error.value)


def worded(page, refusals: list[dict]) -> dict[str, list[str]]:
    """Each refusal's text in every language, as the play screen shows it."""
    return page.evaluate("""async ([refusals, languages]) => {
        const i18n = await import('/js/i18n.js'), {problemText} = await import('/js/views/words.js');
        const out = {};
        for (const language of languages) {
            await i18n.setLanguage(language);
            out[language] = refusals.map(problemText);
        }
        return out;
    }""", [refusals, sorted(LANGUAGES)])


def assert_translated(texts: dict[str, list[str]], refusals: list[dict]) -> None:
    """No language shows the server's English reason, or a placeholder left unfilled."""
    for language, shown in texts.items():
        for text, sent in zip(shown, refusals):
            assert "{" not in text and text != sent["detail"], (language, sent["code"], text)


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
    page = new_page()
    page.goto("/")
    texts = worded(page, refusals)
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
    assert_translated(texts, refusals)
    assert missing_keys(page) == []
