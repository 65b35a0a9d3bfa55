#!/usr/bin/env python3
"""Cold and warm start of the game page against a bare Pyodide page, in headless chromium.

Each run starts chromium with a new profile (empty HTTP cache on disk, no service worker)
and visits a page twice: the first visit is the cold start; the second, in a new tab once
the first has settled (for the game: its service worker is active and has cached the
site), is the warm start. A real profile, not Playwright's default in-memory context: that
one keeps no 9 MB WebAssembly file in its HTTP cache, which no real browser would.
The game page and bench/bare.html (the same vendored
Pyodide, started by a page that runs one line of Python) take turns, run by run, so that
drift on a shared machine affects both alike.

The time is measured in the page: from navigation start to the moment <body data-ready="true">
appears (set by our Python once the table is drawn and listening, or by bench/bare.html
after its line of Python). Bytes are counted by the server: the body bytes of every
response during a visit, "own" being everything outside static/vendor/.

The server sends ``Cache-Control: max-age=600`` by default, as GitHub Pages does
(``--cache-control no-cache`` for the dev server's behaviour).

Needs the built site (``make site``) and Debian's chromium; ``make bench`` runs it.
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import statistics
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import BrowserType, Page

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # a script's path starts at bench/, not at the repository
from tools import serve  # noqa: E402
from tools.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

SITE = ROOT / "_site"
GAME = "?seed=1&speed=0"
BARE = "bare.html"
SNAPSHOT = "/static/gin.snapshot"
SETTLE_MS = 1500
"""How long a visit is left to finish its background work (worker update check, precache)."""

# Records performance.now() when <body data-ready="true"> first appears.
READY_PROBE = """
(() => {
  const check = () => {
    if (window.__readyAt === undefined && document.body && document.body.dataset.ready === "true") {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {attributes: true, childList: true, subtree: true});
})();
"""


@dataclass
class Transfer:
    """The responses the server sent, grouped by visit (thread-safe: the server is threaded)."""

    responses: list[tuple[str, int, int]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, path: str, status: int, size: int) -> None:
        with self.lock:
            self.responses.append((urlsplit(path).path, status, size))

    def take(self) -> list[tuple[str, int, int]]:
        with self.lock:
            taken, self.responses = self.responses, []
        return taken


@dataclass
class Visit:
    ms: float
    responses: list[tuple[str, int, int]]
    pyodide_ms: float = 0.0
    """When Pyodide was up (the "gin:pyodide" mark of static/js/start.mjs or bare.html)."""

    def bytes(self, own: bool | None = None, path: str | None = None) -> int:
        return sum(
            size
            for sent, _, size in self.responses
            if (own is None or own != sent.startswith("/static/vendor/"))
            and (path is None or sent == path)
        )


@dataclass
class Series:
    cold: list[Visit] = field(default_factory=list)
    warm: list[Visit] = field(default_factory=list)
    precache: list[Visit] = field(default_factory=list)


def load(page: Page) -> tuple[float, float]:
    """(ms to ready, ms to Pyodide up) of the page's visit."""
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=180_000, polling=50)
    ready, pyodide = page.evaluate(
        "[window.__readyAt, performance.getEntriesByName('gin:pyodide')[0]?.startTime ?? 0]"
    )
    return float(ready), float(pyodide)


DOWNLINK_MBIT: float | None = None
"""--downlink: the network the pages load over, in Mbit/s (None: the local server's speed)."""
LATENCY_MS = 40
"""The round trip added with --downlink (a good home connection's)."""


def open_page(browser_page: Page, url: str) -> None:
    browser_page.add_init_script(READY_PROBE)
    if DOWNLINK_MBIT is not None:
        cdp = browser_page.context.new_cdp_session(browser_page)
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": LATENCY_MS,
                "downloadThroughput": DOWNLINK_MBIT * 1e6 / 8,
                "uploadThroughput": DOWNLINK_MBIT * 1e6 / 8,
            },
        )
    browser_page.goto(url, wait_until="commit")


def split_at_worker(responses: list[tuple[str, int, int]]) -> int:
    """Where the service worker's own downloads begin (its script comes first)."""
    paths = [path for path, _, _ in responses]
    return paths.index("/sw.js") if "/sw.js" in paths else len(paths)


def two_visits(
    chromium: BrowserType, executable: str, url: str, transfer: Transfer, worker: bool
) -> tuple[Visit, ...]:
    """The cold and the warm visit of one new profile, and what it fetched in between."""
    with tempfile.TemporaryDirectory(prefix="gin-bench-profile-") as profile:
        context = chromium.launch_persistent_context(
            profile, executable_path=executable, args=CHROMIUM_ARGS
        )
        try:
            return _two_visits(context.pages[0], url, transfer, worker)
        finally:
            context.close()


def _two_visits(first: Page, url: str, transfer: Transfer, worker: bool) -> tuple[Visit, ...]:
    context = first.context
    transfer.take()
    open_page(first, url)
    cold_ms, cold_pyodide = load(first)
    if worker:  # the game: wait until its service worker has cached the site
        first.wait_for_function("() => window.ginOfflineReady === true", timeout=180_000)
    first.wait_for_timeout(SETTLE_MS)
    responses = transfer.take()
    cut = split_at_worker(responses)
    cold = Visit(cold_ms, responses[:cut], cold_pyodide)
    between = Visit(0.0, responses[cut:])
    second = context.new_page()  # before closing the first: a profile with no tab would end
    first.close()
    open_page(second, url)
    warm_ms, warm_pyodide = load(second)
    second.wait_for_timeout(SETTLE_MS)
    return cold, Visit(warm_ms, transfer.take(), warm_pyodide), between


def median_ms(visits: list[Visit]) -> float:
    return statistics.median(v.ms for v in visits)


def kb(n: float) -> str:
    return f"{n / 1024:.1f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.2f} MB"


def gzipped(paths: set[str], root: Path) -> int:
    """What these files weigh gzipped (GitHub Pages compresses text and WebAssembly)."""
    total = 0
    for path in paths:
        file = root / path.lstrip("/")
        if file.is_dir():
            file = file / "index.html"
        if file.is_file():
            total += len(gzip.compress(file.read_bytes(), compresslevel=6))
    return total


def report(game: Series, bare: Series, runs: int, root: Path) -> None:
    def line(name: str, visits: list[Visit]) -> str:
        each = ", ".join(f"{v.ms:.0f}" for v in visits)
        up = statistics.median(v.pyodide_ms for v in visits)
        return f"  {name} : {median_ms(visits):7.0f}   (Pyodide up at {up:.0f})   runs: {each}"

    for kind, ours, theirs in (
        ("cold (fresh context: empty HTTP cache, no service worker)", game.cold, bare.cold),
        ("warm (second visit: service worker and HTTP cache from the first)", game.warm, bare.warm),
    ):
        print(f"{kind}, median of {runs} (ms to interactive)")
        print(line("game page", ours))
        print(line("bare page", theirs))
        print(f"  ratio     : {median_ms(ours) / median_ms(theirs):7.2f}x")

    cold, warm = game.cold[-1], game.warm[-1]
    paths = {p for p, status, _ in cold.responses if status == 200}
    print("bytes sent by the server (response bodies, as sent)")
    print(
        f"  game, cold : {kb(cold.bytes())} in {len(cold.responses)} responses "
        f"(own files {kb(cold.bytes(own=True))}, of which the start-up snapshot "
        f"{kb(cold.bytes(path=SNAPSHOT))}); about {kb(gzipped(paths, root))} gzipped"
    )
    print(f"  bare, cold : {kb(bare.cold[-1].bytes())} in {len(bare.cold[-1].responses)} responses")
    after = game.precache[-1]
    print(
        f"  game, after the first start (service worker precache): {kb(after.bytes())} "
        f"in {len(after.responses)} responses ({sum(s == 304 for _, s, _ in after.responses)} "
        "answered 304 from the HTTP cache's copies)"
    )
    for name, visit in (("game, warm", warm), ("bare, warm", bare.warm[-1])):
        sent = ", ".join(f"{p} {s} {kb(n)}" for p, s, n in visit.responses) or "nothing"
        print(f"  {name} : {kb(visit.bytes())} in {len(visit.responses)} responses: {sent}")
    print("  own files of the cold start:")
    for path, _, size in sorted(cold.responses, key=lambda r: -r[2]):
        if not path.startswith("/static/vendor/"):
            print(f"    {kb(size):>10}  {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per page (default 5)")
    parser.add_argument("--chromium", default=CHROMIUM)
    parser.add_argument(
        "--cache-control",
        default="max-age=600",
        help="the server's Cache-Control (default: what GitHub Pages sends)",
    )
    parser.add_argument(
        "--downlink",
        type=float,
        metavar="MBIT",
        help="load over a network of this many Mbit/s (and 40 ms round trips) instead of at "
        "the local server's speed, gzipped as GitHub Pages sends it",
    )
    parser.add_argument(
        "--gzip",
        action="store_true",
        help="the server gzips what GitHub Pages gzips (on with --downlink)",
    )
    args = parser.parse_args()
    args.gzip = args.gzip or args.downlink is not None
    global DOWNLINK_MBIT
    DOWNLINK_MBIT = args.downlink
    if not (SITE / "index.html").exists():
        sys.exit("_site/ is missing: run `make site` first")

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="gin-bench-") as tmp:
        # Serve _site/ plus the bare baseline page side by side (same origin, same files).
        root = Path(tmp)
        for entry in SITE.iterdir():
            (root / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
        shutil.copy(ROOT / "bench" / "bare.html", root / BARE)
        transfer = Transfer()
        server = serve.make_server(
            root, cache_control=args.cache_control, record=transfer.record, gzip=args.gzip
        )
        serve.serve_in_thread(server)
        base = f"http://127.0.0.1:{server.server_port}/"
        game, bare = Series(), Series()
        try:
            with sync_playwright() as pw:
                # Warm-up (not counted): the OS file cache of chromium and of the site.
                two_visits(pw.chromium, args.chromium, base + BARE, transfer, worker=False)
                for _ in range(args.runs):  # interleaved, so drift affects both alike
                    for series, url, worker in (
                        (game, base + GAME, True),
                        (bare, base + BARE, False),
                    ):
                        cold, warm, between = two_visits(
                            pw.chromium, args.chromium, url, transfer, worker
                        )
                        series.cold.append(cold)
                        series.warm.append(warm)
                        series.precache.append(between)
        finally:
            server.shutdown()
            server.server_close()
        print(f"server Cache-Control: {args.cache_control}; gzip: {'on' if args.gzip else 'off'}")
        if args.downlink is not None:
            print(
                f"network: {args.downlink:g} Mbit/s, {LATENCY_MS} ms round trips (compare the "
                "cold starts only: Chromium throttles the bare page's HTTP-cache hits too, "
                "but not what the game's service worker answers)"
            )
        report(game, bare, args.runs, root)


if __name__ == "__main__":
    main()
