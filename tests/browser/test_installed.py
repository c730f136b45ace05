"""The installed app on a bad network and across deploys: the service worker keeps the whole shell of one
version (a hash of the app's files, `Shell-Version`), so the app opens offline; after a deploy an open
page keeps its version whole and the next start shows the new one; a module that cannot be fetched says so with
Try again, or reloads once when the server runs another version; My games, offline, lists the matches
the device remembers."""
import json
import re
import shutil
import threading

import flask_migrate
import pytest
import requests
from playwright.sync_api import expect
from werkzeug.serving import make_server

from api import create_app, frontend

from ..frontend.test_static import shell_list
from .conftest import ROOT, VIEWPORT
from .drive import choose_language, once_true
from .matches import new_match
from .test_addup import addup_move

# The cache of the shell's version, beside the worker's other one (the rules catalogue: addgames-rules)
SHELL_CACHE = "caches.keys().then((keys) => keys.find((key) => key.startsWith('addgames-shell-')))"
UPDATED = "navigator.serviceWorker.getRegistration().then(async (r) => Boolean(r.waiting || (await r.update(), r.waiting)))"


def installed_page(browser, origin: str, locale: str = "en-GB"):
    """A page of a phone that allows service workers, on `origin`, once the shell is installed and the page
    loaded from it (a first visit comes from the network)."""
    context = browser.new_context(base_url=origin, viewport=VIEWPORT, locale=locale, service_workers="allow")
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto("/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    once_true(page, "Boolean(navigator.serviceWorker.controller)", "the page served by the worker")
    return page


def moved(page, match, version: int) -> None:
    once_true(page, f"fetch('/api/v1/games/{match.id}').then((r) => r.json()).then((v) => v.version === {version})",
              f"the match at version {version}")


def kept_files(page) -> list[str]:
    """The paths the page's service worker keeps, sorted."""
    return sorted(page.evaluate(f"{SHELL_CACHE}.then((key) => caches.open(key)).then((c) => c.keys())"
                                ".then((k) => k.map((r) => new URL(r.url).pathname))"))


def installed_files(*languages: str) -> list[str]:
    """What the worker keeps as it installs: the shell but the icons of a home screen and the languages' files,
    and of these `languages`' only."""
    later = re.compile(r"/js/(i18n|rules)/[\w-]+\.js|/icons/[\w-]+\.png")
    wanted = {f"/js/{kind}/{code}.js" for kind in ("i18n", "rules") for code in languages}
    return sorted(path for path in shell_list() if not later.fullmatch(path) or path in wanted)


def home_title(code: str) -> str:
    """The home page's title in the language `code`."""
    return json.loads(re.search(r'"home.title": (".*?")', (ROOT / "frontend" / "js" / "i18n" / f"{code}.js").read_text(encoding="utf-8"))[1])


def served_version(origin: str) -> str:
    return requests.head(f"{origin}/sw.js", timeout=10).headers["Shell-Version"]


def test_the_app_installs_and_its_shell_opens_offline(browser, server):
    page = installed_page(browser, server)
    try:
        manifest = page.evaluate("fetch('/manifest.webmanifest').then((r) => r.json())")
        assert manifest["display"] == "standalone" and {"192x192", "512x512"} <= {i["sizes"] for i in manifest["icons"]}
        version = served_version(server)
        assert page.locator('meta[name="shell-version"]').get_attribute("content") == version
        shell = f"addgames-shell-{version}"
        assert sorted(page.evaluate("caches.keys()")) == ["addgames-rules", shell]
        assert kept_files(page) == installed_files("en")
        page.context.set_offline(True)
        page.goto("/rules/addup")
        expect(page.locator("header .brand")).to_be_visible()
        expect(page.locator("main h1")).to_be_visible()
    finally:
        page.context.close()


def test_an_installed_app_shows_the_rules_offline(browser, server):
    """Offline, a game's rules page (one never opened online) said the server could not be reached: its facts and
    options come from the server's rules catalogue. The worker keeps the catalogue, fetched as it installs and again
    whenever the server answers: the rules and the list of games open offline."""
    page = installed_page(browser, server)
    try:
        page.context.set_offline(True)
        page.goto("/rules/addit")
        expect(page.locator("main h1")).to_have_text("Rules of ADD-IT")
        expect(page.locator(".interpretations li").first).to_be_visible()
        expect(page.locator('[data-action="retry"]')).to_have_count(0)
        page.goto("/")
        expect(page.locator(".games li")).to_have_count(5)
    finally:
        page.context.close()


@pytest.mark.parametrize("locale, installed", [("de-CH", ("en", "de")), ("pt-BR", ("en", "pt-BR", "pt"))])
def test_the_install_fetches_english_and_the_devices_language_only_and_a_language_used_later_opens_offline(
        browser, server, locale, installed):
    """A cheap phone on a slow link installed every language as its first screen opened: now only its own, English,
    and what it uses later, kept as it is used; a language chosen opens offline next time."""
    page = installed_page(browser, server, locale)
    try:
        assert kept_files(page) == installed_files(*installed)
        choose_language(page, "fr")
        page.goto("/rules/addup")
        expect(page.locator(".interpretations li").first).to_be_visible()
        once_true(page, f"{SHELL_CACHE}.then((key) => caches.open(key)).then((c) => c.match('/js/rules/fr.js'))"
                  ".then(Boolean)", "the French rules kept")
        assert kept_files(page) == installed_files(*installed, "fr")
        page.context.set_offline(True)
        page.goto("/")
        expect(page.locator("main h1")).to_have_text(home_title("fr"))
        page.goto("/rules/addup")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.locator("main h1")).to_have_text("Règles du jeu ADD UP")  # the catalogue kept too
        expect(page.locator(".interpretations li").first).to_be_visible()
        expect(page.locator('[data-action="retry"]')).to_have_count(0)  # no screen says a part did not arrive
    finally:
        page.context.close()


def test_a_language_chosen_before_the_worker_was_there_is_kept_for_offline_use(browser, server):
    """A first visit's page fetches its language before its worker can see it: the page tells the worker."""
    context = browser.new_context(base_url=server, viewport=VIEWPORT, locale="en-GB", service_workers="allow")
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto("/")
        choose_language(page, "it")
        # both of its files, which the worker fetches side by side (the rules page's came after the texts' once)
        once_true(page, f"{SHELL_CACHE}.then((key) => key && caches.open(key)).then((c) => c && Promise.all("
                  "['/js/i18n/it.js', '/js/rules/it.js'].map((path) => c.match(path)))).then((kept) => kept && kept.every(Boolean))",
                  "Italian kept")
        assert kept_files(page) == installed_files("en", "it")
        context.set_offline(True)
        page.reload()
        expect(page.locator("main h1")).to_have_text(home_title("it"))
    finally:
        context.close()


def test_my_games_lists_the_matches_this_device_remembers_when_the_server_cannot_be_reached(new_page, server):
    match = new_match(server, "addup")
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    page.route("**/api/v1/**", lambda route: route.abort())
    page.goto("/")
    expect(page.locator("#mine-unlisted")).to_have_text(
        "No connection: these are the matches this device remembers. The list updates by itself when the connection is back.")
    kept = page.locator(f'#mine-list a[href="/g/{match.id}"]')
    expect(kept).to_contain_text("ADD UP")
    expect(kept).to_contain_text("added")
    page.unroute("**/api/v1/**")
    page.evaluate("window.dispatchEvent(new Event('online'))")  # My games asks again at once
    expect(page.locator("#mine-unlisted")).to_have_count(0)
    expect(kept.locator(".players")).to_have_text("Ann, Bob")  # the server's entry, no longer the one kept here


@pytest.mark.parametrize(("status", "problem", "said"), [
    (429, {"code": "rate_limited"}, "The server is very busy right now. It will work again in a moment."),
    (422, {"code": "invalid", "detail": "tokens: too many."}, "tokens: too many."),
])
def test_my_games_refused_says_why_and_lists_the_matches_this_device_remembers(new_page, server, status, problem, said):
    """Not "No connection" when the server answered, nor "Loading…" for ever when it refused: its reason, the matches
    kept here, and the list once the server answers again."""
    match = new_match(server, "addup")
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_have_attribute("data-status", "playing")
    page.route("**/api/v1/my-games", lambda route: route.fulfill(
        status=status, content_type="application/problem+json", body=json.dumps({"status": status, **problem})))
    page.goto("/")
    expect(page.locator("#mine-unlisted")).to_have_text(f"{said} Meanwhile, these are the matches this device remembers.")
    kept = page.locator(f'#mine-list a[href="/g/{match.id}"]')
    expect(kept).to_contain_text("added")
    page.unroute("**/api/v1/my-games")
    page.evaluate("window.dispatchEvent(new Event('online'))")  # My games asks again at once
    expect(page.locator("#mine-unlisted")).to_have_count(0)
    expect(kept.locator(".players")).to_have_text("Ann, Bob")


def test_an_installed_app_started_offline_lists_my_games_and_sends_a_kept_move_on_reconnecting(browser, server):
    """The start-up registers the worker and sends the outbox whatever fails on the way."""
    match = new_match(server, "addup")
    page = installed_page(browser, server)
    try:
        page.goto(match.seat_link(match.view(0)["turn"]))
        expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
        version = int(page.locator("#status").get_attribute("data-version"))
        page.context.set_offline(True)
        addup_move(page)
        expect(page.locator("#sending")).to_be_visible()
        page.goto("/")  # a cold start without a network: the shell from the cache, My games from the device
        expect(page.locator("#mine-unlisted")).to_be_visible()
        expect(page.locator(f'#mine-list a[href="/g/{match.id}"]')).to_contain_text("ADD UP")
        page.context.set_offline(False)
        expect(page.locator("#mine-unlisted")).to_have_count(0)
        moved(page, match, version + 1)
    finally:
        page.context.close()


def test_an_installed_app_started_offline_opens_the_moving_panel(browser, server):
    """The home page fetches *Move everything to a new device* only when it is opened: the worker keeps its modules
    with the rest of the shell, so it opens offline too."""
    match = new_match(server, "addup")
    page = installed_page(browser, server)
    try:
        page.goto(match.seat_link(0))
        expect(page.locator("#status")).to_be_visible()
        page.context.set_offline(True)
        page.goto("/")  # a cold start without a network: none of the panel's modules fetched yet
        page.locator('[data-key="toggle-move"]').click()
        expect(page.locator("#move-link")).to_have_value(re.compile(r"/#move="))
        expect(page.locator('[data-key="share-move"]')).to_be_visible()
    finally:
        page.context.close()


def test_a_moving_panel_whose_module_cannot_be_fetched_says_so_and_tries_again(new_page, server):
    """Opened on a network that drops the panel's module, it says so with Try again, not a panel loading for ever."""
    match = new_match(server, "addup")
    page = new_page()
    page.goto(match.seat_link(0))
    expect(page.locator("#status")).to_be_visible()
    page.route("**/js/views/move.js", lambda route: route.abort())
    page.goto("/")
    page.locator('[data-key="toggle-move"]').click()
    expect(page.locator("#panel-move .error")).to_have_text("The server cannot be reached. Check your connection, then try again.")
    page.unroute("**/js/views/move.js")
    page.locator('[data-key="move-again"]').click()
    expect(page.locator("#move-link")).to_have_value(re.compile(r"/#move="))
    expect(page.locator("#panel-move .error")).to_have_count(0)


def test_a_match_removed_while_its_module_cannot_be_fetched_is_kept_and_said_so(new_page, server):
    """Remove fetches push.js (stopping the match's notifications) when pressed: dropped by the network, the match
    stays, said so as when its notifications could not be stopped, and a second press removes it."""
    watched = new_match(server, "addup")
    page = new_page()
    page.goto(f"/g/{watched.id}")
    expect(page.locator("#status")).to_be_visible()
    page.route("**/js/push.js", lambda route: route.abort())
    page.goto("/")
    page.locator(f'[data-key="forget-{watched.id}"]').click()
    expect(page.locator("#forget-failed")).to_be_visible()
    expect(page.locator("#mine-list > li")).to_have_count(1)
    page.unroute("**/js/push.js")
    page.locator(f'[data-key="forget-{watched.id}"]').click()
    expect(page.locator(".my-games")).to_have_count(0)


def test_a_screen_whose_module_cannot_be_fetched_says_so_and_tries_again(new_page):
    page = new_page()
    page.goto("/")
    expect(page.locator(".games .game-card")).to_have_count(5)
    page.route("**/js/views/rules.js", lambda route: route.abort())
    page.locator('a[href="/rules/addup"]').first.click()
    alert = page.locator('main .error')
    expect(alert).to_contain_text("Part of the app did not arrive.")
    expect(page.locator("#alert")).to_contain_text("Part of the app did not arrive.")  # said at once
    expect(page.locator("main h1")).to_have_text("This page could not open")
    expect(page.locator("main")).to_be_focused()
    page.unroute("**/js/views/rules.js")
    page.get_by_role("button", name="Try again").click()
    expect(page.locator(".interpretations li").first).to_be_visible()
    expect(alert).to_have_count(0)


def test_a_screen_that_could_not_open_offline_opens_by_itself_when_the_network_returns(new_page):
    """Every other screen asks again by itself when the network comes back; this one waited for Try again."""
    page = new_page()
    page.goto("/")
    expect(page.locator(".games .game-card")).to_have_count(5)
    page.context.set_offline(True)  # on a first visit, before the service worker kept the app
    page.locator('a[href="/rules/addup"]').first.click()
    expect(page.locator("main h1")).to_have_text("This page could not open")
    page.context.set_offline(False)
    expect(page.locator(".interpretations li").first).to_be_visible()
    expect(page.locator("main .error")).to_have_count(0)


def test_a_screen_that_could_not_open_tries_again_by_itself_without_an_online_event(new_page):
    """A network back without an "online" event (a captive portal let through, a mobile link revived) left the page
    saying "This page could not open" for good, until Try again: it is tried again by itself, more and more slowly."""
    page = new_page()
    page.goto("/")
    expect(page.locator(".games .game-card")).to_have_count(5)
    cut = []

    def cut_twice(route):
        if len(cut) >= 2:
            return route.fallback()
        cut.append(route.request.url)
        route.abort()

    page.route("**/js/views/rules.js", cut_twice)
    page.locator('a[href="/rules/addup"]').first.click()
    expect(page.locator("main h1")).to_have_text("This page could not open")
    expect(page.locator(".interpretations li").first).to_be_visible(timeout=15000)  # tried at 2 s, then 4 s later
    expect(page.locator("main .error")).to_have_count(0)
    assert len(cut) == 2


def test_a_language_that_cannot_be_fetched_at_start_says_so_in_that_language_and_the_outbox_still_sends(new_page, server):
    match = new_match(server, "addup")
    page = new_page(locale="fr-FR")
    seat = match.view(0)["turn"]
    page.goto(match.seat_link(seat))
    expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
    version = int(page.locator("#status").get_attribute("data-version"))
    page.context.set_offline(True)
    addup_move(page)
    expect(page.locator("#sending")).to_be_visible()
    page.route("**/js/i18n/fr.js", lambda route: route.abort())
    page.context.set_offline(False)
    page.reload()
    expect(page.locator('main [lang="fr"] .error')).to_contain_text("Une partie de l'application n'est pas arrivée.")
    expect(page.locator('#alert[lang="fr"]')).to_contain_text("Une partie de l'application n'est pas arrivée.")  # said in French
    expect(page.get_by_role("button", name="Réessayer")).to_be_visible()
    moved(page, match, version + 1)  # the move kept before the reload is sent, though the page could not draw
    page.unroute("**/js/i18n/fr.js")
    page.get_by_role("button", name="Réessayer").click()
    expect(page.locator("main h1")).to_have_text("ADD UP")
    expect(page.locator("#language")).to_have_attribute("lang", "fr")


def pretend_older(page, version: str = "0000000000000000"):
    """Every load of the page names another version than the server's, as a page loaded before a deploy."""
    loads = []

    def older(route):
        loads.append(route.request.url)
        body = route.fetch().text()
        route.fulfill(status=200, content_type="text/html",
                      body=re.sub(r'(name="shell-version" content=")\w+', rf"\g<1>{version}", body))
    page.route(re.compile(r"^http://[^/]+/rules/addup$"), older)
    return loads


def test_a_module_missing_after_a_deploy_reloads_the_page_once_and_never_in_a_loop(new_page):
    page = new_page()
    loads = pretend_older(page)
    page.route("**/js/views/rules.js", lambda route: route.abort())  # still missing after the reload
    page.goto("/rules/addup")
    expect(page.locator('main .error')).to_contain_text("Part of the app did not arrive.")
    assert len(loads) == 2, loads  # the first load, and the one reload for the server's version
    assert page.evaluate("sessionStorage.getItem('addgames.reloadedFor')") == served_version(page.url.split("/rules")[0])


def test_a_module_missing_after_a_deploy_is_found_by_the_reload(new_page):
    page = new_page()
    loads = pretend_older(page)
    failed = []

    def once(route):
        if failed:
            return route.fallback()
        failed.append(route.request.url)
        return route.abort()
    page.route("**/js/views/rules.js", once)
    page.goto("/rules/addup")
    expect(page.locator(".interpretations li").first).to_be_visible()
    expect(page.locator("main .error")).to_have_count(0)
    assert len(loads) == 2, loads


@pytest.fixture
def deployable(tmp_path, monkeypatch, chromium_path):
    """The app served from this process out of a copy of frontend/, which a test changes as a deploy does:
    (origin, the copy)."""
    folder = tmp_path / "frontend"
    shutil.copytree(ROOT / "frontend", folder)
    monkeypatch.setattr(frontend, "FRONTEND", folder)
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'deploy.sqlite'}", "RATELIMIT_ENABLED": False})
    with app.app_context():
        flask_migrate.upgrade()
    served = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=served.serve_forever, daemon=True)
    thread.start()
    yield f"http://localhost:{served.server_port}", folder
    served.shutdown()
    thread.join()


def deploy(folder, monkeypatch, titles: dict[str, str]):
    """A new version whose home page is titled `titles` (language: title)."""
    for language, title in titles.items():
        path = folder / "js" / "i18n" / f"{language}.js"
        path.write_text(re.sub(r'"home.title": ".*?"', f'"home.title": {json.dumps(title)}', path.read_text(encoding="utf-8")),
                        encoding="utf-8")
    monkeypatch.setattr(frontend, "_version", (0.0, "", ""))  # the server sees changed files within a second


def test_after_a_deploy_a_page_keeps_its_version_whole_and_the_next_start_shows_the_new_one(browser, deployable, monkeypatch):
    """Switching at the next screen (js/shell.js) is not tested here: now and then this Chromium under
    Playwright never lets the waiting worker take over while a page is open."""
    origin, folder = deployable
    page = installed_page(browser, origin)
    try:
        choose_language(page, "fr")  # French used once on this device: its worker keeps it
        choose_language(page, "en")
        french = re.search(r'"home.title": "(.*?)"', (folder / "js" / "i18n" / "fr.js").read_text(encoding="utf-8"))[1]
        old = served_version(origin)
        deploy(folder, monkeypatch, {"en": "A new version", "fr": "Une nouvelle version"})
        new = served_version(origin)
        assert new != old
        # The browser finds the new version (at a navigation, or when a new screen of the app asks) and
        # installs it beside the one the page runs, which goes on alone.
        once_true(page, UPDATED, "the new version installed beside the running one")
        choose_language(page, "fr")  # fr.js, kept when used, comes from the page's version
        expect(page.locator("main h1")).to_have_text(french)
        assert page.locator('meta[name="shell-version"]').get_attribute("content") == old
        page.close()  # the app closed: its next start is the new version, no cache to clear
        page = page.context.new_page()
        page.goto("/")
        expect(page.locator("main h1")).to_have_text("Une nouvelle version")
        assert page.locator('meta[name="shell-version"]').get_attribute("content") == new
        assert sorted(page.evaluate("caches.keys()")) == ["addgames-rules", f"addgames-shell-{new}"]
        page.context.set_offline(True)
        page.reload()
        expect(page.locator("main h1")).to_have_text("Une nouvelle version")
    finally:
        page.context.close()
