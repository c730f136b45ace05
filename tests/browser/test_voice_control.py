"""Voice control (iOS Voice Control, Android's Voice Access): a player who cannot tap says the words a control shows
("tap Draw a card", "tap plus 13", "tap Remove"), which works only when the control's accessible name holds them (WCAG
2.2's 2.5.3 Label in Name). Every control of every screen, in English, French and German: its visible words, as a
voice reads them ("+13" is "plus 13"), stand in its name, checked by axe-core's label-content-name-mismatch and by the
browser's own accessibility tree."""
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from .drive import create_match, settled
from .matches import GAMES, new_match, unshuffled
from .test_contrast import FORCED_DECKS
from .test_i18n import navigate, visit_every_screen

AXE = Axe()
ROLES = {"button", "link", "checkbox", "radio", "switch", "textbox", "searchbox", "combobox", "spinbutton", "slider",
         "menuitem", "menuitemradio", "menuitemcheckbox", "option", "tab", "treeitem", "gridcell", "MenuListOption",
         "ListBoxOption", "PopUpButton"}

# What a control shows, read in the page: a field's label, an HTML element's rendered text, an SVG control's <text>.
SHOWN = """function () {
    const hidden = (e) => e.closest('.sr-only');
    const text = (e) => [...e.childNodes].map((n) => n.nodeType === 3 ? n.textContent
        : n.nodeType === 1 && !hidden(n) && !n.matches('title, select, textarea') && getComputedStyle(n).display !== 'none'
          ? ' ' + text(n) + ' ' : '').join('');
    const field = this.matches('input, select, textarea');
    const shown = field ? [...(this.labels || [])].map((label) => text(label)).join(' ') : text(this);
    return {shown, what: `${this.tagName.toLowerCase()}${this.id ? '#' + this.id : ''}`
        + `${this.dataset?.key ? '[data-key=' + this.dataset.key + ']' : ''}`};
}"""


SIGNS = {"en": ("plus", "minus"), "fr": ("plus", "moins"), "de": ("plus", "minus")}  # "+13" said in each language


def spoken(text: str, language: str) -> list[str]:
    """The words a voice user says for `text`: lower case, signs read out in `language` ("+13" is "plus 13", "−2"
    "minus 2" or "moins 2"), a word printed twice in a row said once (a diamond shows each number in two corners)."""
    plus, minus = SIGNS[language]
    text = text.lower().replace("\u2212", "-").replace("\u00a0", " ")
    text = re.sub(r"\+\s*(?=\d)", f" {plus} ", text)
    text = re.sub(r"(?<!\w)-\s*(?=\d)", f" {minus} ", text)
    words = re.findall(r"\w+", text)
    return [word for n, word in enumerate(words) if n == 0 or word != words[n - 1]]


def within(words: list[str], name: list[str]) -> bool:
    return any(name[i:i + len(words)] == words for i in range(len(name) - len(words) + 1))


def controls(page):
    """Each control of the page as the browser's accessibility tree names it: (what, role, shown, name), `shown` the
    words it shows, `what` the element ('button[data-key=…]')."""
    cdp = page.context.new_cdp_session(page)
    try:
        for node in cdp.send("Accessibility.getFullAXTree")["nodes"]:
            if node.get("ignored") or "backendDOMNodeId" not in node:
                continue
            role = node.get("role", {}).get("value")
            if role not in ROLES:
                continue
            try:
                element = cdp.send("DOM.resolveNode", {"backendNodeId": node["backendDOMNodeId"]})["object"]
            except Exception:  # noqa: BLE001  (a node a repaint replaced since the tree was read)
                continue
            if element.get("subtype") != "node":
                continue
            found = cdp.send("Runtime.callFunctionOn", {"objectId": element["objectId"], "functionDeclaration": SHOWN,
                                                         "returnByValue": True})["result"].get("value")
            if found:
                yield found["what"], role, " ".join(found["shown"].split()), node.get("name", {}).get("value", "")
    finally:
        cdp.detach()


def unsayable(page) -> list[str]:
    """The controls whose accessible name (the browser's) lacks the words they show: '<element>: shows "…",
    named "…"'. A control showing no word (a sign: "×", "+") may be named otherwise ("Close", "Zoom in")."""
    language = page.evaluate("document.documentElement.lang")
    return [f'{what} ({role}): shows "{shown}", named "{name}"' for what, role, shown, name in controls(page)
            if spoken(shown, language) and not within(spoken(shown, language), spoken(name, language))]


def said_again(shown: list[str], name: list[str], signs: tuple[str, str]) -> list[str]:
    """The words of `shown` that `name` says once more after saying `shown` as a phrase: a number again, or a word
    again or grown into another ("total" in "Totalkarte", "impair" in "impaire"). A sign's word is not counted: "+13"
    is "plus 13", on a Plus card ("+13 plus card")."""
    at = next((i for i in range(len(name) - len(shown) + 1) if name[i:i + len(shown)] == shown), None)
    if at is None:
        return []
    rest = name[:at] + name[at + len(shown):]
    return [word for word in rest for said in shown if said not in signs
            and (word == said if said.isdigit() else len(said) > 2 and word.startswith(said))]


def doubled(page) -> list[str]:
    """The controls whose name says what they show, then says it again in other words, as a screen reader reads
    it out: "12 total, Total card 12", "J 0–5, White joker, 0 to 5", "1 2, Diamond: orange 1, blue 2"."""
    language = page.evaluate("document.documentElement.lang")
    out = []
    for what, role, shown, name in controls(page):
        again = said_again(spoken(shown, language), spoken(name, language), SIGNS[language])
        if again:
            out.append(f'{what} ({role}): shows "{shown}", named "{name}", says {sorted(set(again))} twice')
    return out


def mismatches(page) -> list[str]:
    """axe-core's rule (experimental: asked for by name) and the tree's own check, each finding once."""
    results = AXE.run(page, options={"runOnly": {"type": "rule", "values": ["label-content-name-mismatch"]},
                                     "resultTypes": ["violations"]})
    # axe reads a diamond's picture as the four numbers it prints ("10 10 6 6"), each twice; a voice user says "10 6",
    # which the tree's check holds the diamond's name to
    axe = [f"axe: {node['target']} {node['html'][:120]}" for v in results.response["violations"] for node in v["nodes"]
           if "tile-card" not in node["html"]]
    return axe + unsayable(page)


LOCALES = ["en-GB", "fr-FR", "de-DE"]


def more_screens(page, matches, look) -> None:
    """What visit_every_screen leaves shut: a seat's rename and pace forms, the panel giving a seat a new link and its
    question, the create form for one device passed round, a class sheet's absent pupils."""
    navigate(page, matches["timed"].seat_link(0))
    expect(page.locator("#deadline")).to_be_visible()
    for opener, shown, screen in (('[data-key="rename"]', '[data-key="rename-name"]', "renaming"),
                                  ('[data-key="pace-change"]', '[data-key="pace-save"]', "changing the pace"),
                                  ('[data-key="toggle-links"]', '[data-key="relink-1"]', "a seat's new link"),
                                  ('[data-key="relink-1"]', '[data-key="relink-yes"]', "a seat's new link asked")):
        page.locator(opener).click()
        expect(page.locator(shown)).to_be_visible()
        look(f"a timed match, {screen}")
    navigate(page, "/new/plusminus")
    page.locator('[data-key="place-table"]').click()
    look("create, one device passed round")
    navigate(page, "/")
    page.locator('.class-sheets a').first.click()
    page.locator('[data-key="absent-open"]').click()
    expect(page.locator("#absent-pick")).to_be_visible()
    look("a class sheet, a pupil absent")
    # The answers to the question "Who should the computer play for?" are the pupils' names, as they show: a screen
    # reader heard each button as "The computer plays for Ann", as if it already did.
    for pupil in page.locator("#absent-pupils button").all():
        expect(pupil).to_have_accessible_name(pupil.inner_text())


# What a screen reader says of a card of the hand, in English: the words its face shows, in one phrase that says
# what it is, once ("12 total, Total card 12" said the card twice; "+5 plus" did not say it was a card).
HEARD = {"plusminus": ('[data-card="plus-5a"]', "+5 plus card"), "addem": ('[data-card="T12a"]', "12 total card"),
         "addup": ('[data-card="w1"]', "J 0–5, white joker"), "addit": ('[data-card="soccer-1"]', "Soccer 1"),
         "addtoo": ('button[data-card="dia1-2"]', "Diamond 1 2, orange then blue")}


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_card_in_the_hand_is_named_by_what_it_shows(new_page, server, game):
    """A hand dealt with every kind of card (jokers, Plus and Minus, Figure, Minus, Total and Add-Em cards, the choice of
    an Add-Em card's value; the matches of the other test are dealt at random): "+13 plus" was named "Plus 13",
    "12 total" "Total card 12", "J 0–5" "White joker, 0 to 5", a diamond showing 10 and 8 "Diamond: orange 10, blue 8".
    And Jonas, who plays with a screen reader, heard none of them twice: the names that put the face's words first
    said the card again ("12 total, Total card 12", "J 0–5, White joker, 0 to 5", "1 2, Diamond: orange 1, blue 2",
    in French "impair, Carte Add-Em impaire")."""
    match = new_match(server, game, deck=FORCED_DECKS[game]() if game in FORCED_DECKS else unshuffled(server, game))
    problems = []
    for locale in LOCALES:
        page = new_page(locale=locale)
        page.goto(match.seat_link(0))
        expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
        settled(page)
        page.locator(".hand button.card:not([disabled])").first.click()  # chosen: a tick beside its face
        if game == "addem":  # an Add-Em card picked too: the choice of its value
            page.locator('[data-key="card-AOa"]').click()
            expect(page.locator('[data-key^="value-AOa-"]').first).to_be_visible()
        if locale == "en-GB":
            selector, name = HEARD[game]
            expect(page.locator(f".hand {selector}")).to_have_accessible_name(name)
        problems += [f"{locale}: {problem}" for problem in mismatches(page) + doubled(page)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_control_s_name_holds_the_words_it_shows(new_page, matches, locale):
    """Every screen test_quality.py scans, and the panels, questions and forms visit_every_screen and more_screens
    open, in the light theme."""
    page = new_page(locale=locale)
    page.emulate_media(color_scheme="light")
    found = {}

    def look(screen: str) -> None:
        for problem in mismatches(page):
            found.setdefault(problem, screen)

    create_match(page, "addup")
    look("waiting (invite, join code, QR code, seat link)")
    navigate(page, "/")
    expect(page.locator(".games li")).to_have_count(5)
    look("home, with My games")
    visit_every_screen(page, matches, look)
    more_screens(page, matches, look)
    problems = "\n".join(f"{screen}: {problem}" for problem, screen in found.items())
    assert not problems, f"{len(found)} controls a voice cannot name:\n{problems}"
