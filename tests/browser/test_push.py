"""Web Push in the browser: "Notify me on this device" registers the device for its seat, and the
service worker shows a pushed message and opens its match on click. Headless chromium reaches no
push service, so the subscription is stubbed and the message is handed to the service worker with
the DevTools Protocol (ServiceWorker.deliverPushMessage), as the push service would."""
import json
import re
import sqlite3
from contextlib import closing

import requests

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from playwright.sync_api import expect

from tests.api.push_service import b64url, unb64url

from .conftest import PUSH_HOST, VIEWPORT
from .drive import choose_language, create_match
from .matches import new_match

ENDPOINT = f"https://{PUSH_HOST}/device/1"


def stub_push_manager() -> str:
    """An init script: PushManager hands out one fixed subscription (valid keys, a fake endpoint), kept across page
    loads as a browser keeps it; a test renews it (`stub.endpoint`: another endpoint) or drops it (`stub.subscribed`
    removed) in localStorage, as a browser does when the push service gives a subscription up. The subscription
    keeps the server key it was made with (`stub.key`, its bytes); unsubscribed and subscribed again, it takes the
    endpoint in `stub.nextEndpoint` if a test put one there."""
    point = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    subscription = {"endpoint": ENDPOINT, "expirationTime": None,
                    "keys": {"p256dh": b64url(point), "auth": b64url(bytes(16))}}
    return f"""(() => {{
      const fake = () => {{
        const endpoint = localStorage.getItem("stub.endpoint") || {json.dumps(ENDPOINT)};
        const key = new Uint8Array(JSON.parse(localStorage.getItem("stub.key") || "[]")).buffer;
        return {{endpoint, options: {{applicationServerKey: key}},
                toJSON: () => ({{...{json.dumps(subscription)}, endpoint}}),
                unsubscribe: async () => {{ localStorage.removeItem("stub.subscribed"); return true; }}}};
      }};
      PushManager.prototype.getSubscription = async () => (localStorage.getItem("stub.subscribed") ? fake() : null);
      PushManager.prototype.subscribe = async (options) => {{
        window.subscribedWith = options;
        localStorage.setItem("stub.subscribed", "yes");
        localStorage.setItem("stub.key", JSON.stringify(Array.from(new Uint8Array(options.applicationServerKey))));
        const next = localStorage.getItem("stub.nextEndpoint");
        if (next) localStorage.setItem("stub.endpoint", next);
        return fake();
      }};
    }})();"""


def phone(browser, server, locale: str = "fr-FR"):
    context = browser.new_context(viewport=VIEWPORT, has_touch=True, is_mobile=True, locale=locale,
                                  base_url=server, permissions=["notifications"], service_workers="allow")
    context.add_init_script(stub_push_manager())
    context.add_init_script("localStorage.setItem('addgames.pollMs', '100');")
    return context


def notify_me(context, seat_link: str):
    """Open the seat's page once its service worker is ready, and tap "Notify me on this device"."""
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(seat_link)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.locator('[data-action="pushOn"]').click()
    return page


def active_registration(page, session) -> str:
    """The DevTools Protocol's id of the registration whose worker is activated: a push delivered to a
    registration still installing or activating is dropped."""
    activated = []
    session.on("ServiceWorker.workerVersionUpdated",
               lambda event: activated.extend(v["registrationId"] for v in event["versions"] if v["status"] == "activated"))
    session.send("ServiceWorker.enable")
    for _ in range(100):
        if activated:
            return activated[0]
        page.wait_for_timeout(100)
    raise AssertionError("no activated service worker within 10 s")


SHOWN = """async () => (await (await navigator.serviceWorker.ready).getNotifications())
    .map((n) => [n.title, n.body, n.tag, n.data.path])"""


def pushed(page, session, origin: str, message: dict) -> list:
    """The notifications shown once `message` is pushed. A push service delivers again a message its
    browser did not take (a worker starting on a loaded machine may not): so does this, every 10 s."""
    registration = active_registration(page, session)
    for _ in range(3):
        session.send("ServiceWorker.deliverPushMessage",
                     {"origin": origin, "registrationId": registration, "data": json.dumps(message)})
        for _ in range(100):
            if shown := page.evaluate(SHOWN):
                return shown
            page.wait_for_timeout(100)
    raise AssertionError("the notification: not shown after three deliveries, 10 s apart")


def test_notify_me_registers_this_device_and_a_push_shows_and_opens_the_match(browser, server, database_file):
    match = new_match(server, "addup")
    context = phone(browser, server)
    try:
        page = notify_me(context, match.seat_link(1))
        expect(page.locator('[data-action="pushOff"]')).to_have_text("Ne plus me prévenir sur cet appareil")
        expect(page.locator("#push-note")).to_contain_text("même l'appli fermée")
        expect(page.locator("#announce")).to_contain_text("même l'appli fermée")  # said, once
        assert page.evaluate("Array.from(window.subscribedWith.applicationServerKey)") == list(public_key(server))
        with closing(sqlite3.connect(database_file)) as db:
            assert db.execute("SELECT seat, endpoint, lang FROM push_subscriptions WHERE game_id = ?",
                              (match.id,)).fetchall() == [(1, ENDPOINT, "fr")]

        page.goto("/")  # the match is not open: a click must open it
        message = {"title": "ADD UP", "body": "Ann a joué\u00a0: à vous de jouer à ADD UP.", "match": match.id,
                   "kind": "turn", "lang": "fr"}
        shown = pushed(page, context.new_cdp_session(page), server, message)
        assert shown == [["ADD UP", message["body"], f"match-{match.id}", f"/g/{match.id}"]]

        assert click_notification(context) == f"{server}/g/{match.id}"
        assert page.evaluate("navigator.serviceWorker.ready.then((r) => r.getNotifications())") == []
        page.goto(f"/g/{match.id}")  # what the opened window shows: the match, as the seat kept on the phone
        expect(page.locator("#status")).to_have_attribute("data-status", "playing")
        expect(page.locator('[data-action="pushOff"]')).to_be_visible()
    finally:
        context.close()


def test_notifications_turned_off_are_said_so(browser, server, database_file):
    """A screen reader heard "Cet appareil vous préviendra…" as they were turned on, and nothing as they were turned off:
    the button kept the focus, its words changed under it, unsaid. Turned off is said too, and the button keeps the
    focus to turn them on again."""
    match = new_match(server, "addup")
    context = phone(browser, server)
    try:
        page = notify_me(context, match.seat_link(1))
        expect(page.locator("#announce")).to_contain_text("même l'appli fermée")
        page.locator('[data-action="pushOff"]').click()
        expect(page.locator('[data-action="pushOn"]')).to_be_focused()
        expect(page.locator("#push-note")).to_have_text("Cet appareil ne vous préviendra plus quand ce sera à vous.")
        expect(page.locator("#announce")).to_have_text("Cet appareil ne vous préviendra plus quand ce sera à vous.")
        assert registered(database_file, match.id) == []
    finally:
        context.close()


def registered(database_file, match_id: str) -> list:
    with closing(sqlite3.connect(database_file)) as db:
        return db.execute("SELECT seat, endpoint FROM push_subscriptions WHERE game_id = ?", (match_id,)).fetchall()


def test_a_subscription_the_browser_renewed_registers_again_and_one_it_dropped_is_offered_again(
        browser, server, database_file):
    """Back after months (QA): the browser had renewed its subscription, the push service had given the old one up
    and the server deleted it, and the seat still said "Stop notifying me" while nothing came any more. Now the start
    registers the seat with the browser's subscription; with none left, the seat offers notifications again."""
    match = new_match(server, "addup")
    context = phone(browser, server)
    try:
        page = notify_me(context, match.seat_link(1))
        expect(page.locator('[data-action="pushOff"]')).to_be_visible()
        renewed = f"https://{PUSH_HOST}/device/2"
        page.evaluate("(endpoint) => localStorage.setItem('stub.endpoint', endpoint)", renewed)
        with closing(sqlite3.connect(database_file)) as db, db:  # the push service's 410 for the old endpoint
            db.execute("DELETE FROM push_subscriptions WHERE game_id = ?", (match.id,))
        page.goto("/")
        for _ in range(100):
            if registered(database_file, match.id):
                break
            page.wait_for_timeout(100)
        assert registered(database_file, match.id) == [(1, renewed)]
        page.goto(match.seat_link(1))
        expect(page.locator('[data-action="pushOff"]')).to_be_visible()

        page.evaluate("localStorage.removeItem('stub.subscribed')")  # the browser dropped it
        page.reload()
        expect(page.locator('[data-action="pushOn"]')).to_have_text("Me prévenir sur cet appareil")
        page.locator('[data-action="pushOn"]').click()
        expect(page.locator('[data-action="pushOff"]')).to_be_visible()
        assert registered(database_file, match.id) == [(1, renewed)]
    finally:
        context.close()


def test_a_subscription_made_with_another_server_key_is_replaced_and_registered_again(browser, server, database_file):
    """The operator changed VAPID_PRIVATE_KEY (README: it can be rotated). Every browser still held a subscription
    made with the old key, which the push services refuse to carry messages signed with the new one (403): the
    worker dropped each, and a player pressing the button again re-registered the same subscription. Now the app,
    at its start, replaces a subscription made with another key than the server's and registers the new one."""
    match = new_match(server, "addup")
    context = phone(browser, server)
    try:
        page = notify_me(context, match.seat_link(1))
        expect(page.locator('[data-action="pushOff"]')).to_be_visible()
        assert registered(database_file, match.id) == [(1, ENDPOINT)]
        renewed = f"https://{PUSH_HOST}/device/3"
        page.evaluate("""(endpoint) => {
          localStorage.setItem('stub.key', JSON.stringify(Array.from({length: 65}, (_, n) => n)));  // the old key
          localStorage.setItem('stub.nextEndpoint', endpoint);
        }""", renewed)
        page.goto("/")
        for _ in range(100):
            if registered(database_file, match.id) == [(1, renewed)]:
                break
            page.wait_for_timeout(100)
        assert registered(database_file, match.id) == [(1, renewed)]
        assert page.evaluate("JSON.parse(localStorage.getItem('stub.key'))") == list(public_key(server))
        page.goto(match.seat_link(1))
        expect(page.locator('[data-action="pushOff"]')).to_be_visible()
    finally:
        context.close()


def registered_in(page, match_id: str, code: str) -> None:
    """Wait until the device kept the seat as registered in `code` (the server answered). Polled through evaluate:
    wait_for_function's string predicate is evaluated in the page, whose policy refuses eval (it failed so, once)."""
    for _ in range(100):
        if page.evaluate("(id) => JSON.parse(localStorage.getItem('addgames.seats'))[id].pushLang", match_id) == code:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the seat not registered in {code} within 10 s")


def test_notifications_come_in_the_language_chosen_after_turning_them_on(browser, server, database_file):
    """They were registered in the page's language when turned on, and stayed in it whatever the device chose later."""
    match = new_match(server, "addup")
    context = phone(browser, server)
    try:
        page = notify_me(context, match.seat_link(1))
        expect(page.locator('[data-action="pushOff"]')).to_be_visible()

        def languages() -> list:
            with closing(sqlite3.connect(database_file)) as db:
                return db.execute("SELECT lang FROM push_subscriptions WHERE game_id = ?", (match.id,)).fetchall()

        assert languages() == [("fr",)]
        choose_language(page, "de")
        expect(page.locator('[data-action="pushOff"]')).to_have_text("Keine Benachrichtigungen mehr auf diesem Gerät")
        registered_in(page, match.id, "de")
        assert languages() == [("de",)]
        # Brazilian Portuguese, a regional variant, is a language of its own for the server too (it refused "pt-BR")
        for code, stop in (("pt-BR", "Parar de me avisar neste dispositivo"), ("pt", "Deixar de me avisar neste dispositivo")):
            choose_language(page, code)
            expect(page.locator('[data-action="pushOff"]')).to_have_text(stop)
            registered_in(page, match.id, code)
            assert languages() == [(code,)]
    finally:
        context.close()


def test_a_browser_that_cannot_subscribe_says_so_and_what_still_tells_the_turn(browser, server):
    match = new_match(server, "addup")
    context = phone(browser, server)
    context.add_init_script("""PushManager.prototype.subscribe = async () => {
        throw new DOMException("Registration failed - push service error", "AbortError"); };""")
    try:
        page = notify_me(context, match.seat_link(1))
        note = page.locator("#push-note")
        expect(note).to_contain_text("Ce navigateur n'a pas pu s'abonner aux notifications")
        expect(note).to_contain_text("dans le titre de l'onglet")
        expect(page.locator('[data-action="pushOn"]')).to_be_visible()
    finally:
        context.close()


PAGE_NOTIFICATIONS = """(() => {
  const Shown = window.Notification;
  window.pageNotified = [];
  window.Notification = class extends Shown {
    constructor(title, options) {
      window.pageNotified.push(options.tag);
      super(title, options);
    }
  };
})();"""


def hidden(page, hide: bool) -> None:
    """The page as if in the background (or back in front): its long poll still answers at the next move."""
    page.evaluate("""(hide) => { Object.defineProperty(document, 'hidden', {configurable: true, get: () => hide});
        if (!hide) document.dispatchEvent(new Event('visibilitychange')); }""", hide)


def held_poll(page):
    """Waits, at the end of its block, for the page's next poll the server holds: once that is sent, a move
    answers it though the page is hidden. Hidden before, the page polls 10 s later at the soonest."""
    return page.expect_request(lambda request: (request.headers.get("prefer") or "").startswith("wait="))


def test_a_page_in_the_background_notifies_the_turn_unless_the_phone_gets_its_push(browser, server):
    match = new_match(server, "addup")
    seat = 1 - match.view(0)["turn"]
    context = phone(browser, server)
    context.add_init_script(PAGE_NOTIFICATIONS)
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        with held_poll(page):
            page.goto(match.seat_link(seat))
        expect(page.locator("#status")).to_have_attribute("data-status", "playing")
        hidden(page, True)
        match.play(lambda view: view["turn"] == seat)
        expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
        assert page.evaluate("window.pageNotified") == [match.id]  # no push: the page says it

        hidden(page, False)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.locator('[data-action="pushOn"]').click()
        expect(page.locator('[data-action="pushOff"]')).to_be_visible()
        with held_poll(page):
            match.play(lambda view: view["turn"] != seat)
        expect(page.locator("#status")).not_to_have_class(re.compile("your-turn"))
        hidden(page, True)
        match.play(lambda view: view["turn"] == seat)
        expect(page.locator("#status")).to_have_class(re.compile("your-turn"))
        assert page.evaluate("window.pageNotified") == [match.id]  # the push says it this time
    finally:
        context.close()


FORGET_FAILED = ("Cet appareil n'a pas pu couper les notifications de cette partie (pas de connexion ?) : il garde "
                 "donc la partie pour l'instant. Réessayez dans un moment.")


def cut_unsubscribing(page) -> None:
    """The network fails the requests that take this phone off a seat's pushes, and only those."""
    page.route("**/push/*", lambda route: route.abort() if route.request.method == "DELETE" else route.continue_())


def kept_seats(page) -> list[str]:
    return page.evaluate("Object.keys(JSON.parse(localStorage.getItem('addgames.seats') || '{}'))")


def subscriptions(database_file, match_id: str) -> int:
    with closing(sqlite3.connect(database_file)) as db:
        return db.execute("SELECT count(*) FROM push_subscriptions WHERE game_id = ?", (match_id,)).fetchone()[0]


def test_removing_a_match_from_my_games_stops_its_pushes_and_keeps_it_while_it_cannot(browser, server, database_file):
    """While the phone cannot be taken off the match's pushes, the match stays and says why: removed anyway, the
    phone would go on getting them with no way left to stop them (review). Removed, its queued changes go too."""
    match = new_match(server, "addup")
    context = phone(browser, server)
    try:
        page = notify_me(context, match.seat_link(1))
        expect(page.locator('[data-action="pushOff"]')).to_be_visible()
        assert match.post("resign", 0).status_code == 200
        page.goto("/")
        cut_unsubscribing(page)
        remove = page.locator(f'[data-action="forget"][data-id="{match.id}"]')
        remove.click()
        expect(page.locator(".my-games li").filter(has=remove).locator(".error")).to_have_text(FORGET_FAILED)
        expect(page.locator("#alert")).to_have_text(FORGET_FAILED)  # said once, by the page's alert region
        expect(remove).to_be_focused()
        assert (kept_seats(page), subscriptions(database_file, match.id)) == ([match.id], 1)

        page.unroute("**/push/*")
        page.evaluate("""(id) => localStorage.setItem('addgames.outbox', JSON.stringify([
            {kind: 'resign', match: id, token: 'x', key: 'k1', waited: true},
            {kind: 'resign', match: 'another', token: 'y', key: 'k2', waited: true}]))""", match.id)
        remove.click()
        expect(page.locator(".my-games")).to_have_count(0)
        assert (kept_seats(page), subscriptions(database_file, match.id)) == ([], 0)
        assert page.evaluate("JSON.parse(localStorage.getItem('addgames.outbox')).map((e) => e.match)") == ["another"]
    finally:
        context.close()


def test_a_seat_handed_over_while_its_pushes_cannot_be_stopped_stays_and_the_watcher_keeps_the_invite(browser, server):
    """A teacher hands the creator's seat of a match still waiting to a pupil: this phone then watches it, with the
    invite for the others still to send (review: it was lost); while the phone's pushes cannot be stopped, it keeps
    the seat, says why, and goes on showing the match."""
    context = phone(browser, server)
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        invite = create_match(page, "addup", seats=3)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.locator('[data-action="pushOn"]').click()
        expect(page.locator('[data-action="pushOff"]')).to_be_visible()
        cut_unsubscribing(page)
        page.locator('[data-key="hand-over"]').click()
        page.locator('[data-key="hand-yes"]').click()
        expect(page.locator("#hand-failed")).to_have_text(FORGET_FAILED)
        expect(page.locator("#alert")).to_have_text(FORGET_FAILED)
        expect(page.locator('[data-key="hand-yes"]')).to_be_focused()
        match_id = page.url.rsplit("/", 1)[1]
        assert kept_seats(page) == [match_id]
        waited = page.locator("#status").inner_text()
        joined = requests.post(f"{server}/api/v1/games/{match_id}/seats", timeout=10,
                               json={"invite": invite.split("#invite=")[1], "name": "Bob"})
        assert joined.status_code == 201
        expect(page.locator("#status")).not_to_have_text(waited)  # still polled

        page.unroute("**/push/*")
        page.locator('[data-key="hand-yes"]').click()
        expect(page.locator("#watch-note")).to_have_text("Vous avez donné cette place à son joueur : cet appareil ne fait que regarder.")
        assert kept_seats(page) == []
        expect(page.locator("#invite-link")).to_have_value(invite)
    finally:
        context.close()


def public_key(server) -> bytes:
    key = requests.get(f"{server}/api/v1/push/key", timeout=10).json()["public_key"]
    return unb64url(key)


def click_notification(context) -> str:
    """What the browser does when the notification is clicked: a notificationclick event in the
    service worker; the address it opens a window at. Headless chromium has no notification to
    click, and a window may be opened only for a real click: openWindow is recorded instead."""
    return context.service_workers[0].evaluate("""async () => {
        const [notification] = await self.registration.getNotifications();
        const event = new NotificationEvent("notificationclick", {notification});
        const waits = [];
        let opened = null;
        event.waitUntil = (promise) => waits.push(promise);  // a synthetic event may not extend itself
        self.clients.openWindow = async (url) => { opened = url; };
        self.dispatchEvent(event);
        await Promise.all(waits);
        return opened;
    }""")


def test_notify_me_with_no_network_says_to_try_again_and_a_second_tap_registers(browser, server):
    """Offline, "Notify me on this device" said "Check your connection; the page will keep trying.", but nothing
    tried again: it now says to try again, and once the network is back a second tap registers the device."""
    match = new_match(server, "addup")
    context = phone(browser, server)
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.route("**/seats/1/push", lambda route: route.abort("internetdisconnected"))
        page.goto(match.seat_link(1))
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.locator('[data-action="pushOn"]').click()
        expect(page.locator("#push-note")).to_have_text(
            "Le serveur est injoignable. Vérifiez votre connexion, puis réessayez.")
        page.unroute("**/seats/1/push")
        page.locator('[data-action="pushOn"]').click()
        expect(page.locator('[data-action="pushOff"]')).to_be_visible()
    finally:
        context.close()
