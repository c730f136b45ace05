"""The Privacy page a school or a family reads: linked from the home page, in every language, with
this server's retention as its operator set it (kept until the operator deletes them when unset); and a match
the retention deleted, opened again."""
import pytest
from playwright.sync_api import expect

from .conftest import VIEWPORT, serving
from .drive import too_small
from .matches import delete_match, new_match
from .test_i18n import LANGUAGES, missing_keys
from .test_quality import serious_violations

TITLES = {"en": "Privacy", "fr": "Confidentialité", "es": "Privacidad", "it": "Privacy", "de": "Datenschutz",
          "nl": "Privacy", "pt": "Privacidade", "pt-BR": "Privacidade"}


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
    expect(page.locator("main")).to_contain_text("the matches you opened to watch")  # My games lists them too
    expect(page.locator('[data-key="privacy-kept"] li')).to_have_text([
        "Finished matches are kept, with their names and moves, until the operator deletes them.",
        "Matches nobody plays any more are kept until the operator deletes them.",
        "The links on this device stay until you remove them from My games (a class sheet's: Forget this sheet, on its "
        "page), or clear this browser's data."])
    # and how to have a match deleted sooner (README, Deploying: the operator's find-matches and delete-matches)
    expect(page.locator("main")).to_contain_text("To have a match deleted sooner, ask the operator")
    assert not serious_violations(page) + too_small(page)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_privacy_page_speaks_every_language(new_page, language):
    page = new_page(locale=LANGUAGES[language])
    page.goto("/privacy")
    expect(page.locator('[data-key="privacy-kept"] li')).to_have_count(3)  # the server's answer came
    expect(page.locator("h1")).to_have_text(TITLES[language])
    assert missing_keys(page) == []



# What this device keeps, as each language writes a list: no comma before its last "and" (Spanish, Italian and
# Portuguese grammar want none), and a pronoun agreeing with the whole list (Portuguese: "jogos" is masculine).
DEVICE_KEEPS = {
    "es": "Los enlaces a tus plazas, las partidas que abriste para verlas y las hojas de la clase hechas aquí",
    "it": "I link ai tuoi posti, le partite che hai aperto per guardarle e i fogli della classe fatti qui",
    "pt": "As ligações para os teus lugares, os jogos que abriste para ver e as folhas da turma feitas aqui",
}


@pytest.mark.parametrize("language", sorted(DEVICE_KEEPS))
def test_what_the_device_keeps_reads_as_a_native_list(new_page, language):
    """Once "las partidas que abriste para verlas, y las hojas…" and, in Portuguese, "pode abri-las" for links,
    matches and sheets (a list with a masculine noun in it)."""
    page = new_page(locale=LANGUAGES[language])
    page.goto("/privacy")
    expect(page.locator('[data-key="privacy-kept"] li')).to_have_count(3)  # the server's answer came
    expect(page.locator("main")).to_contain_text(DEVICE_KEEPS[language])
    if language == "pt":
        expect(page.locator("main")).to_contain_text("Quem usar este navegador pode abri-los.")


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


def test_a_deleted_match_opened_again_offers_to_remove_it_from_the_device(new_page, server, database_file):
    """"There is no such match." with nothing to do, where My games offered its Remove (QA)."""
    match = new_match(server, "addup")
    page, stranger = new_page(), new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    delete_match(database_file, match.id)
    for each in (page, stranger):
        each.goto(f"/g/{match.id}")
    expect(stranger.locator("main .error")).to_have_text("There is no such match.")
    expect(stranger.locator('[data-action="removeGone"]')).to_have_count(0)  # nothing kept there
    # A match played here was: not "There is no such match.", as if mistyped, but that it went, why, and for how long
    # this server keeps matches (a grandfather back in winter to a match of the spring, QA)
    expect(page.locator("main .error")).to_have_text("This match no longer exists.")
    expect(page.locator("#gone-why")).to_have_text("The server deletes finished and abandoned matches after a while, "
                                                   "and any match when asked to. Privacy: what is kept, and for how long")
    expect(page.locator('#gone-why a[href="/privacy"]')).to_be_visible()

    page.locator('[data-action="removeGone"]').click()
    expect(page).to_have_url(f"{server}/")
    expect(page.locator("#announce")).to_have_text("ADD UP: removed from this device.")
    expect(page.locator(".my-games")).to_have_count(0)  # its only match gone: no list left
    assert match.id not in page.evaluate("localStorage.getItem('addgames.seats')")
    page.goto(match.seat_link(0))  # the seat's link, kept in a bookmark or a chat: it was played, not mistyped
    expect(page.locator("main .error")).to_have_text("This match no longer exists.")
    expect(page.locator("#gone-why")).to_be_visible()
    expect(page.locator('[data-action="removeGone"]')).to_have_count(0)  # nothing kept here any more
