"""The Privacy page a school or a family reads: linked from the home page, in every language, with
this server's retention as its operator set it (kept until the operator deletes them when unset)."""
import pytest
from playwright.sync_api import expect

from .conftest import VIEWPORT, serving
from .drive import too_small
from .test_i18n import LANGUAGES, missing_keys
from .test_quality import serious_violations

TITLES = {"en": "Privacy", "fr": "Confidentialité", "es": "Privacidad", "it": "Privacy", "de": "Datenschutz",
          "pt": "Privacidade"}


@pytest.fixture(scope="module")
def keeping(tmp_path_factory, chromium_path):
    """A server whose operator keeps finished matches 30 days, and abandoned ones 1."""
    with serving(tmp_path_factory.mktemp("keeping") / "keeping.sqlite", workers=1, KEEP_FINISHED_DAYS="30",
                 KEEP_IDLE_DAYS="1") as origin:
        yield origin


def test_the_home_page_links_the_privacy_page_which_says_what_is_kept_who_sees_it_and_how_long(new_page):
    page = new_page()
    page.goto("/")
    page.locator('[data-key="privacy-link"]').click()
    expect(page).to_have_url("/privacy")
    expect(page.locator("h1")).to_have_text("Privacy")
    expect(page.locator("main")).to_contain_text("Use first names or nicknames")
    expect(page.locator("main")).to_contain_text("only as a scrambled fingerprint")
    expect(page.locator("main")).to_contain_text("Anyone who has a match's link sees the players' names")
    expect(page.locator('[data-key="privacy-kept"] li')).to_have_text([
        "Finished matches are kept, with their names and moves, until the operator deletes them.",
        "Matches nobody plays any more are kept until the operator deletes them.",
        "The links on this device stay until you remove them from My games, or clear this browser's data."])
    assert not serious_violations(page) + too_small(page)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_privacy_page_speaks_every_language(new_page, language):
    page = new_page(locale=LANGUAGES[language])
    page.goto("/privacy")
    expect(page.locator('[data-key="privacy-kept"] li')).to_have_count(3)  # the server's answer came
    expect(page.locator("h1")).to_have_text(TITLES[language])
    assert missing_keys(page) == []


def test_the_page_says_the_days_this_server_keeps_matches(browser, keeping):
    context = browser.new_context(viewport=VIEWPORT, locale="en-GB", base_url=keeping, service_workers="block")
    try:
        page = context.new_page()
        page.goto("/privacy")
        expect(page.locator('[data-key="privacy-kept"] li').nth(0)).to_have_text(
            "A finished match is deleted 30 days after its last move, with its names and moves.")
        expect(page.locator('[data-key="privacy-kept"] li').nth(1)).to_have_text(
            "A match left unfinished, where nobody has moved or joined for 1 day, is deleted with its names and moves.")
    finally:
        context.close()
