"""A seat link opened on a cheap phone on a slow mobile network, measured from outside:
`python -m bench.slow_phone [--runs 5] [--cpu 4] [--slow-3g] [--long] [--root OTHER_WORKTREE ...]`.

The phone is Debian's chromium under Playwright at 390x844, its page's CPU 4x slower (--cpu; the DevTools
Protocol's Emulation.setCPUThrottlingRate), reaching the app (gunicorn as the Procfile starts it, on a throwaway SQLite file)
through a proxy that is its mobile link: 1.6 Mbps down and 750 kbps up, shared by every connection of the phone,
service worker's included (the DevTools Protocol's own network emulation slows the page's requests only), 150 ms
round trips, one more round trip per new connection (--slow-3g: 400 kbps each way and 400 ms round trips, a village's
mobile signal). Each run opens a fresh seat link in a fresh browser context
(no service worker, nothing cached), waits until the play screen can be played (your turn, a card enabled), plays
the turn while the service worker installs, waits for the worker, then opens the link again (the worker
installed). Before that second visit the friend moves from his own phone: how many times the screen is drawn
for his move, and when the last of those draws comes after the poll brought it. Several working trees (--root) are measured turn about, run after run, and the medians printed: the
time to a usable screen and to the first paint, the requests and bytes the page fetched before it was usable,
what the link carried by then (the worker's install included) and what the worker had asked for by then, how
deep the chain of requests was (a module found only once its importer arrived is a level deeper), when the worker was ready and what its install
carried, how long the move took, and the second visit's figures. CPU load on the machine moves the times; the
counts stay; --cpu 1 leaves the network's share alone.

--long opens a long match instead, once a run (no move, no second visit): a family's ADD-TOO to 1000 at six seats
played through the API to some 850 events and the first seat's turn to place, and counts what the page fetched of its
log until its history caught up (the last move shown above the table): the log's requests, entries, bytes carried and
JSON bytes parsed, and when the screen was usable and its history current.
"""
import argparse
import asyncio
import contextlib
import shutil
import statistics
import threading
import time
from pathlib import Path

from .server import ROOT, Service, scratch_sqlite

DOWN_BPS, UP_BPS, RTT_MS = 1_600_000, 750_000, 150
SLOW_3G = 400_000, 400_000, 400
MARKS = """
window.__marks = {};
const mark = (name) => { if (!(name in window.__marks)) window.__marks[name] = performance.now(); };
new MutationObserver(() => {
  const status = document.querySelector('#status');
  if (status?.classList.contains('your-turn') && document.querySelector('.hand button.card:not([disabled])')) mark('usable');
  if (window.__marks.usable && document.querySelector('.play[data-history="current"]')) mark('history');
  if (window.__marks.play && status && Number(status.dataset.version) > window.__playedAt) mark('moved');
}).observe(document, {subtree: true, childList: true, attributes: true});
document.addEventListener('click', (event) => {
  if (!event.target.closest('[data-action="play"]')) return;
  window.__playedAt = Number(document.querySelector('#status').dataset.version);
  mark('play');
}, true);
navigator.serviceWorker?.ready.then(() => mark('worker'));
window.__draws = []; // when the screen was drawn (each render replaces <main>'s children)
new MutationObserver((records) => {
  if (records.some((record) => record.target.id === 'main' && record.addedNodes.length)) window.__draws.push(performance.now());
}).observe(document, {subtree: true, childList: true});
"""
RESOURCES = """performance.getEntriesByType('resource').map((e) => ({end: e.responseEnd, bytes: e.transferSize}))"""


class Link:
    """One direction of the phone's link: what it carries leaves in order, at `rate` bytes a second."""

    def __init__(self, rate: float):
        self.rate, self.free, self.bytes = rate, 0.0, 0

    def due(self, size: int) -> float:
        self.free = max(time.monotonic(), self.free) + size / self.rate
        self.bytes += size
        return self.free


class MobileLink:
    """A TCP proxy on 127.0.0.1 to `port`, as slow as the phone's network (see the module's docstring)."""

    def __init__(self, port: int):
        self.upstream, self.delay = port, RTT_MS / 2000
        self.down, self.up = Link(DOWN_BPS / 8), Link(UP_BPS / 8)
        self.loop = asyncio.new_event_loop()
        started = threading.Event()
        threading.Thread(target=self._run, args=(started,), daemon=True).start()
        started.wait()

    def carried(self) -> tuple[int, int]:
        return self.down.bytes, self.up.bytes

    def _run(self, started: threading.Event) -> None:
        async def serve():
            server = await asyncio.start_server(self._connection, "127.0.0.1", 0)
            self.port = server.sockets[0].getsockname()[1]
            started.set()
            await server.serve_forever()
        self.loop.run_until_complete(serve())

    async def _connection(self, reader, writer):
        await asyncio.sleep(2 * self.delay)  # the handshake's round trip
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self.upstream)
        except OSError:
            writer.close()
            return
        await asyncio.gather(self._carry(reader, server_writer, self.up), self._carry(server_reader, writer, self.down),
                             return_exceptions=True)

    async def _carry(self, reader, writer, link: Link) -> None:
        queue: asyncio.Queue = asyncio.Queue()

        async def deliver():
            while True:
                due, data = await queue.get()
                await asyncio.sleep(max(0.0, due - time.monotonic()))
                if data is None:
                    return writer.write_eof() if writer.can_write_eof() else None
                writer.write(data)
                await writer.drain()

        delivering = asyncio.ensure_future(deliver())
        try:
            while data := await reader.read(4096):
                queue.put_nowait((link.due(len(data)) + self.delay, data))
        finally:
            queue.put_nowait((time.monotonic() + self.delay, None))
            await delivering
            writer.close()


class Chain:
    """How deep the page's chain of requests is: a request found only once the answer of the one that asked for it
    arrived (an ES module's import, say) is one level deeper than it, a round trip more on a slow link."""

    def __init__(self, cdp):
        self.levels: dict[str, int] = {}
        cdp.on("Network.requestWillBeSent", self._sent)
        cdp.send("Network.enable")

    def _sent(self, event: dict) -> None:
        initiator = event.get("initiator", {})
        frames = (initiator.get("stack") or {}).get("callFrames") or [{}]
        by = initiator.get("url") or frames[0].get("url")
        self.levels.setdefault(event["request"]["url"], self.levels.get(by, 0) + 1 if by else 1)

    def depth(self) -> int:
        return max(self.levels.values(), default=0)


def visit(context, link: MobileLink, path: str, cpu: float) -> tuple:
    """Open `path` in a new page of `context` on the slow phone; (the page, its figures once usable)."""
    page = context.new_page()
    page.set_default_timeout(120_000)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    chain = Chain(cdp)
    worker: list[str] = []  # what the service worker asked for
    context.on("request", lambda request: worker.append(request.url) if request.service_worker else None)
    down, up = link.carried()
    page.goto(path, wait_until="commit")
    page.wait_for_function("() => window.__marks?.usable")
    worker_before = len(worker)
    usable = page.evaluate("window.__marks.usable")
    fetched = [r for r in page.evaluate(RESOURCES) if r["end"] <= usable]
    paint = page.evaluate("performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')"
                          "?.startTime ?? null")
    page_bytes = page.evaluate("performance.getEntriesByType('navigation')[0].transferSize") + \
        sum(r["bytes"] for r in fetched)
    now_down, now_up = link.carried()
    return page, {"usable ms": usable, "first paint ms": paint, "requests": len(fetched) + 1, "page kB": page_bytes / 1000,
                  "link down kB": (now_down - down) / 1000, "link up kB": (now_up - up) / 1000,
                  "chain depth": chain.depth(), "worker requests by then": worker_before}, (down, up)


def run(browser, service: Service, link: MobileLink, cpu: float) -> dict:
    """One first visit of a new seat link, its move, and its second visit: their figures."""
    from tests.browser.matches import new_match

    match = new_match(service.url, "addup")
    match.play(lambda view: view["turn"] == 0 and view["version"] >= 2)
    context = browser.new_context(base_url=f"http://localhost:{link.port}", viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, locale="en-GB", service_workers="allow", bypass_csp=True)
    context.add_init_script(MARKS)
    try:
        page, first, (down, _) = visit(context, link, match.seat_link(0), cpu)
        page.locator(".hand button.card:not([disabled])").first.click()
        page.locator('.controls [data-action="play"]').first.click()
        page.wait_for_function("() => window.__marks.moved")
        first["move ms"] = page.evaluate("window.__marks.moved - window.__marks.play")
        page.wait_for_function("() => window.__marks.worker", timeout=300_000)
        first["worker ready ms"] = page.evaluate("window.__marks.worker")
        time.sleep(1)  # the install's last answers
        first["first visit's link down kB"] = (link.carried()[0] - down) / 1000
        first.update(friend_moves(page, match))
        page.close()
        match.play(lambda view: view["turn"] == 0)
        page, second, _ = visit(context, link, match.seat_link(0), cpu)
        page.close()
    finally:
        context.close()
    return {**{f"1st {k}": v for k, v in first.items()}, **{f"2nd {k}": v for k, v in second.items()}}


def friend_moves(page, match) -> dict:
    """The friend moves from his phone while the page is open: how many times the screen was drawn for it, and how
    long after the poll brought it the last of those draws came."""
    drawn = page.evaluate("window.__draws.length")
    version = match.play(lambda view: view["turn"] == 0)["version"]
    page.wait_for_selector(f'.play[data-history="current"] #status[data-version="{version}"]', state="attached")
    time.sleep(2)  # a draw more, if one comes
    draws = page.evaluate(f"window.__draws.slice({drawn})")
    news = page.evaluate(f"""performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/games/{match.id}'))
      .map((e) => e.responseEnd).filter((end) => end <= {draws[0]}).pop()""")
    return {"friend's move draws": len(draws), "friend's move shown ms": draws[-1] - news}


def run_long(browser, service: Service, link: MobileLink, cpu: float) -> dict:
    """A first visit of a long match's seat link (see --long): its figures until its history caught up."""
    from tests.browser.matches import long_addtoo

    match = long_addtoo(service.url)
    events = match.view(0)["version"]
    context = browser.new_context(base_url=f"http://localhost:{link.port}", viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, locale="en-GB", service_workers="block", bypass_csp=True)
    context.add_init_script(MARKS)
    entries: list[tuple[int, int]] = []  # each log answer's entries and JSON bytes (unzipped)
    context.on("response", lambda response: entries.append((len(response.json()["moves"]), len(response.body())))
               if "/moves" in response.url and response.request.method == "GET" and response.status == 200 else None)
    try:
        page, first, _ = visit(context, link, match.seat_link(0), cpu)
        page.wait_for_function("() => window.__marks.history")
        history = page.evaluate("window.__marks.history")
        log = [r for r in page.evaluate(LOG_RESOURCES) if r["end"] <= history]
        first.update({"history ms": history, "history after usable ms": history - first["usable ms"], "log requests": len(log), "log entries": sum(n for n, _ in entries),
                      "log JSON kB": sum(size for _, size in entries) / 1000,
                      "log kB": sum(r["bytes"] for r in log) / 1000, "events": events})
    finally:
        context.close()
    return first


LOG_RESOURCES = """performance.getEntriesByType('resource').filter((e) => e.name.includes('/moves'))
  .map((e) => ({end: e.responseEnd, bytes: e.transferSize}))"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cpu", type=float, default=4, help="how many times slower the page's CPU is")
    parser.add_argument("--slow-3g", action="store_true", help="400 kbps each way, 400 ms round trips")
    parser.add_argument("--long", action="store_true", help="a long ADD-TOO match's first visit and its log")
    parser.add_argument("--root", action="append", type=Path, help="a working tree to measure (default: this one)")
    args = parser.parse_args()
    if args.slow_3g:
        global DOWN_BPS, UP_BPS, RTT_MS  # pylint: disable=global-statement  # the links read them as they open
        DOWN_BPS, UP_BPS, RTT_MS = SLOW_3G
    roots = [root.resolve() for root in args.root or [ROOT]]
    from playwright.sync_api import sync_playwright

    figures: dict[Path, list[dict]] = {root: [] for root in roots}
    with sync_playwright() as playwright, contextlib.ExitStack() as stack:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=[
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"])
        stack.callback(browser.close)
        served = []
        for root in roots:
            service = stack.enter_context(Service(stack.enter_context(scratch_sqlite()), limits="off", root=root))
            served.append((root, service, MobileLink(service.port)))
        for number in range(args.runs):  # the trees turn about: a machine's load weighs on each alike
            for root, service, link in served:
                figures[root].append((run_long if args.long else run)(browser, service, link, args.cpu))
                print(f"run {number + 1} {root}: " + ", ".join(f"{k} {v:.0f}" for k, v in figures[root][-1].items()),
                      flush=True)
    print(f"\nMedians of {args.runs} runs:")
    for key in figures[roots[0]][0]:
        print(f"{key:34}" + "".join(f"{statistics.median(f[key] for f in figures[root]):>12.1f}" for root in roots))
    print("(columns: " + ", ".join(str(root) for root in roots) + ")")


if __name__ == "__main__":
    main()
