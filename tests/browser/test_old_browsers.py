"""The oldest browsers the README promises (Safari 15 on an iPad stuck on iOS 15, Chrome 90 on a school's
Chromebooks, Firefox ESR 115) lack what later ones added: with those features removed before the page loads, the
app still plays a match, makes a class sheet and says when a part of it could not be fetched. A browser older still,
which cannot run the app's code (no modules, or code it cannot read), says it is too old instead of a blank page.
tests/contract/test_browsers.py lints the code against the same list of browsers."""
import re

import pytest
import requests
from playwright.sync_api import expect

from .drive import play_to_end
from .test_addup import addup_move
from .test_class_results import cards_made
from .test_class_sheet import set_up
from .test_computer import play_against_the_computer

# What Chromium has and the baseline browsers lack (each with the first Safari / Chrome / Firefox having it).
OLDER = """(() => {
  const gone = (owner, ...names) => { for (const name of names) delete owner[name]; };
  gone(Array.prototype, "at", "findLast", "findLastIndex", "toSorted", "toReversed", "toSpliced", "with"); // 15.4/92/90
  gone(String.prototype, "at", "isWellFormed", "toWellFormed"); // 15.4/92/90, 16.4/111/119
  gone(Object, "hasOwn", "groupBy"); // 15.4/93/92, 17.4/117/119
  gone(Map, "groupBy");
  gone(Promise, "withResolvers"); // 17.4/119/121
  gone(AbortSignal, "timeout", "any"); // 16/103/100, 17.4/116/124
  gone(Crypto.prototype, "randomUUID"); // 15.4/92/95
  gone(window, "structuredClone"); // 15.4/98/94
  gone(Intl, "Segmenter", "supportedValuesOf"); // Firefox 125, 15.4/99/93
  gone(Set.prototype, "union", "intersection", "difference", "symmetricDifference", "isSubsetOf", "isSupersetOf",
    "isDisjointFrom"); // 17/122/127
  gone(Object.getPrototypeOf(Object.getPrototypeOf([].values())), "map", "filter", "take", "drop", "flatMap",
    "reduce", "toArray", "forEach", "some", "every", "find"); // iterator helpers: 18.4/122/131
  gone(Element.prototype, "checkVisibility"); // 17.4/105/106
})();"""
TOO_OLD = "This browser is too old for addgames"


def older(page):
    """`page` as the baseline's browsers run it: the features above gone before any of its scripts run."""
    page.add_init_script(OLDER)
    return page


def test_a_match_against_the_computer_plays_to_the_end_in_the_oldest_browsers(new_page):
    page = older(new_page())
    play_against_the_computer(page, "addup", "medium", {})
    play_to_end([page], addup_move)
    expect(page.locator("#status")).to_have_attribute("data-status", "over")
    page.get_by_role("button", name=re.compile(r"^Log \(")).click()
    expect(page.locator(".log")).to_contain_text("Computer (")


def test_a_class_sheet_is_made_and_shows_its_results_in_the_oldest_browsers(new_page):
    teacher = older(new_page())
    names = ["Ann", "Bob", "Cal", "Dee"]
    set_up(teacher, names)
    cards_made(teacher, names)
    expect(teacher.locator("#results tbody tr")).to_have_count(4)
    expect(teacher.locator("#results tbody tr").nth(0)).to_contain_text("'s turn")


def test_a_screen_whose_module_cannot_be_fetched_says_so_in_the_oldest_browsers(new_page):
    page = older(new_page())
    page.goto("/")
    expect(page.locator(".games .game-card")).to_have_count(5)
    page.route("**/js/views/rules.js", lambda route: route.abort())
    page.locator('a[href="/rules/addup"]').first.click()
    expect(page.locator("main h1")).to_have_text("This page could not open")


def unreadable(route):
    """A module as a browser too old for it reads it: a syntax error."""
    route.fulfill(status=200, content_type="text/javascript", body="export const newer = 1 +;\n")


def test_a_browser_that_cannot_read_the_apps_code_says_it_is_too_old(new_page):
    page = new_page(errors_expected=True)
    page.route("**/js/i18n.js", unreadable)  # a module app.js imports
    page.goto("/")
    expect(page.locator("main h1")).to_have_text(TOO_OLD)
    expect(page.locator("main p")).to_contain_text("Safari 15")
    expect(page).to_have_title(TOO_OLD)


def test_a_screen_a_browser_cannot_read_says_it_is_too_old_rather_than_try_again(new_page):
    """A screen's module loaded when needed that this browser cannot read: trying again would fail for ever."""
    page = new_page(locale="fr-FR", errors_expected=True)
    page.goto("/")
    expect(page.locator(".games .game-card")).to_have_count(5)
    page.route("**/js/views/rules.js", unreadable)
    page.locator('a[href="/rules/addup"]').first.click()
    expect(page.locator("main h1")).to_have_text("Ce navigateur est trop ancien pour addgames")
    expect(page.locator("main button")).to_have_count(0)
    expect(page.locator("#alert")).to_contain_text("Safari 15")  # said at once, as an error


@pytest.mark.parametrize(("locale", "title", "lang"), [
    ("de-DE", "Dieser Browser ist zu alt für addgames", "de"),
    ("nl-BE", "Deze browser is te oud voor addgames", "nl"),  # Flemish reads the Netherlands' Dutch
    ("pt-BR", "Este navegador é antigo demais para o addgames", "pt-BR"),  # Brazil's, a variant by its own tag
    ("pt-PT", "Este navegador é demasiado antigo para o addgames", "pt")])
def test_a_browser_without_modules_says_it_is_too_old(new_page, server, locale, title, lang):
    """A browser without ES modules skips `<script type="module">`: as if its type were one no browser runs. (The
    page is fetched beforehand, not by the route's own fetch: under a full run's load that once hung past the
    navigation's timeout and once handed back a response already disposed.)"""
    served = requests.get(f"{server}/", timeout=30).text  # the same page for every language: the script picks
    assert 'type="module"' in served
    page = new_page(locale=locale)
    page.route(f"{server}/", lambda route: route.fulfill(
        status=200, content_type="text/html", body=served.replace('type="module"', 'type="text/x-none"')))
    page.goto("/")
    expect(page.locator("main h1")).to_have_text(title)
    expect(page.locator("html")).to_have_attribute("lang", lang)


def test_a_module_that_could_not_be_fetched_is_no_sign_of_an_old_browser(new_page):
    """The network failed, not the browser: no "too old" (the page stays as it was; js/load-failed.js is itself one
    of the modules the start imports)."""
    page = new_page()
    page.route("**/js/i18n.js", lambda route: route.abort())
    page.goto("/")  # returns once the page's load event was handled, where js/too-old.js decides
    expect(page.locator("main")).to_have_text("Loading…")
