"""Driving the web app like players do: create, share, join, and move until the match is over."""
import re
import time

from playwright.sync_api import Page, expect


def create_match(page: Page, game: str, name: str = "Ann", options: dict | None = None, seats: int = 2,
                 time_per_move: int | None = None) -> str:
    """Create a match from the home page; return the invite link the share panel shows."""
    page.goto("/")
    page.locator(f'a[href="/new/{game}"]').click()
    page.locator(f'[data-key="seats-{seats}"]').click()
    page.locator('input[name="name-0"]').fill(name)
    if time_per_move:
        page.locator(f'[data-key="time-per-move-{time_per_move}"]').click()
    choose_options(page, options or {})
    page.locator('form[data-submit="create"] button[type="submit"]').click()
    expect(page).to_have_url(re.compile(r"/g/[\w-]+$"))
    link = page.locator("#invite-link")
    expect(link).to_have_value(re.compile(r"#invite="))
    return link.input_value()


def choose_options(page: Page, options: dict, within: str = "") -> None:
    """Set a game's options in the form (`within` a CSS scope): a radio choice or a number."""
    for option, value in options.items():
        radio = page.locator(f'{within} [role=radio][data-option="{option}"][value="{value}"]')
        if radio.count():
            radio.check()
        else:
            page.locator(f'{within} input[name="opt-{option}"]').fill(str(value))


def choose_language(page: Page, code: str) -> None:
    """Open the header's list of languages and press the one of `code` ("fr"). A tap while the page first draws opens
    the list only until the page's heading takes the focus, which closes it (a fault noted and not yet fixed; a full
    run once failed on it): the list is opened again when it did not stay open."""
    choice = page.locator(f'[data-lang="{code}"]')
    for _ in range(3):
        page.locator("#language").click()
        try:
            expect(choice).to_be_visible(timeout=3_000)
            break
        except AssertionError:
            continue
    choice.click()
    expect(page.locator("html")).to_have_attribute("lang", code)


def join_match(page: Page, invite_link: str, name: str = "Bob", last: bool = True) -> None:
    """Take a seat by the invite link; the `last` free seat starts the match."""
    page.goto(invite_link)
    page.locator('input[name="name"]').fill(name)
    page.locator('form[data-submit="join"] button[type="submit"]').click()
    expect(page.locator("#status")).to_have_attribute("data-status", re.compile("playing|over" if last else "waiting"))


def status(page: Page) -> tuple[str, int, bool]:
    """(status, version, your turn) as the page shows them."""
    found = page.evaluate("""() => { const s = document.getElementById('status');
        return s && [s.dataset.status, Number(s.dataset.version), s.classList.contains('your-turn')]; }""")
    return tuple(found) if found else ("loading", -1, False)


def settled(page: Page, version: int | None = None) -> None:
    """Wait until the play screen (of the match's `version`, when given) has its history: the last move above the table
    comes a moment after the match, and the repaint that draws it draws the table again and may scroll the turn into
    sight a second time. A tap, a box or a layout measured before it may miss (CI met a card tapped and never picked)."""
    shown = f'#status[data-version="{version}"]' if version is not None else "#status"
    expect(page.locator(f'.play[data-history="current"] {shown}')).to_be_attached()


def play_to_end(pages: list[Page], move, max_moves: int = 400, on_move=None) -> int:
    """Let whichever page shows "your turn" make `move(page)` until every page shows the match over."""
    moves = 0
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        states = [status(page) for page in pages]
        if all(s[0] == "over" for s in states):
            return moves
        # A poll can show the turn back before the answer to the page's own move, which keeps the controls
        # disabled until it comes (the "Sending" line): that page is not ready to move yet, nor is one whose
        # controls are all still disabled (an answer being drawn, on a loaded machine), nor one whose history has not
        # come (its repaint may scroll the turn under a tap: see settled).
        mover = next((page for page, s in zip(pages, states) if s[0] == "playing" and s[2]
                      and not page.locator("#sending").count()
                      and page.locator('.play[data-history="current"]').count()
                      and page.locator("main .board button:not([disabled])").count()), None)
        if mover is None:
            pages[0].wait_for_timeout(50)
            continue
        version = status(mover)[1]
        move(mover)
        mover.wait_for_function(
            "v => { const s = document.getElementById('status'); return Number(s.dataset.version) > v"
            " || document.querySelector('.error'); }", arg=version)
        errors = mover.locator("main .error")
        assert errors.count() == 0, errors.first.inner_text()
        moves += 1
        if on_move:
            on_move(mover, moves)
        assert moves <= max_moves, "the match did not end"
    raise AssertionError("the match did not end in time")


ONE_SCREEN = {"status": "#status", "scores": ".scores", "table": ".board", "hand": ".board .hand .cards",
              "last move": "#last-move", "last move on the table": ".board .last-played, .board .tile.last"}


def off_screen(page: Page) -> list[str]:
    """What a player to move cannot see without scrolling: the parts of ONE_SCREEN outside the
    viewport (a part missing from the page, e.g. no last move yet, is not counted), and the table
    when less than its first 120 px show."""
    return page.evaluate("""(parts) => {
        const height = window.innerHeight, width = document.documentElement.clientWidth;
        const out = [];
        for (const [name, selector] of Object.entries(parts)) {
            const element = document.querySelector(selector);
            if (!element) continue;
            const box = element.getBoundingClientRect();
            const bottom = name === "table" ? Math.min(box.bottom, box.top + 120) : box.bottom;
            if (box.top < 0 || bottom > height || box.left < 0 || box.right > width) {
                out.push(`${name} at ${Math.round(box.top)}..${Math.round(box.bottom)} of ${height}`);
            }
        }
        return out;
    }""", ONE_SCREEN)


def on_one_screen(move):
    """`move`, after checking that the player sees status, scores, table, hand and last move unscrolled."""
    def checked(page):
        hidden = off_screen(page)
        if hidden:
            page.screenshot(path="test-artifacts/off-screen.png")
        assert not hidden, f"version {page.locator('#status').get_attribute('data-version')}: {hidden}"
        move(page)
    return checked


def too_small(page: Page) -> list[str]:
    """Controls under 44x44 CSS px and text under 12 px on the screen shown (WCAG 2.5.5's size, and
    a floor for reading on a phone). A radio or checkbox counts by its label; links inside a sentence
    and SVG text (drawn to the board's scale) are left out, not a link alone in its paragraph or item ("Back to
    the games" under a missing page's title was 19 px high: WCAG 2.5.8 exempts only the links in a sentence)."""
    return page.evaluate("""() => {
        const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0
            && getComputedStyle(e).visibility !== 'hidden' && !e.closest('.sr-only, .skip'); };
        const name = (e) => `${e.tagName.toLowerCase()}${e.dataset.key ? '[' + e.dataset.key + ']' : ''}`
            + ` "${(e.innerText || e.value || e.getAttribute('aria-label') || '').trim().slice(0, 24)}"`;
        const out = [];
        const controls = document.querySelectorAll('a[href], button, select, input, textarea, [role=button]');
        for (let e of controls) {
            if (e instanceof SVGElement || !shown(e)) continue;
            const text = e.tagName === 'A' && e.closest('p:not(.links):not(.actions), li');
            if (text && text.textContent.trim() !== e.textContent.trim() && !e.classList.contains('button')
                && !e.closest('.mine')) continue;  // a link in running text
            if (e.type === 'radio' || e.type === 'checkbox') e = e.closest('label') || e;
            const r = e.getBoundingClientRect();
            if (r.width < 43.5 || r.height < 43.5) out.push(`${name(e)} is ${Math.round(r.width)}x${Math.round(r.height)}`);
        }
        for (const e of document.querySelectorAll('body *')) {
            if (e instanceof SVGElement || !shown(e)) continue;
            const text = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
            const size = parseFloat(getComputedStyle(e).fontSize);
            if (text && size < 12) out.push(`${name(e)} has ${size.toFixed(1)} px text`);
        }
        return [...new Set(out)];
    }""")


def once_true(page: Page, expression: str, what: str, seconds: float = 30):
    """The value of the page function `expression` (async or not) once it is truthy, polled from here:
    Playwright's wait_for_function takes a function that returns a promise for true at once."""
    deadline = time.monotonic() + seconds
    while not (value := page.evaluate(expression)):
        assert time.monotonic() < deadline, f"{what}: not within {seconds} s"
        page.wait_for_timeout(100)
    return value


def read_to_the_start(page: Page, count: int) -> None:
    """Scroll the open log to its foot until its `count` entries are all shown, a page or more coming each time."""
    while (shown := page.locator("ol.log li").count()) < count:
        page.locator("ol.log").evaluate("log => { log.scrollTop = log.scrollHeight; }")
        page.wait_for_function(f"() => document.querySelectorAll('ol.log li').length > {shown}")
