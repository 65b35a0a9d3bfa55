#!/usr/bin/env python3
"""First and return visits of the game page against a bare Pyodide page, in headless chromium.

The bare page (bench/bare.html) loads the same Pyodide, as npm ships it (its own
python_stdlib.zip and pyodide-lock.json), and runs one line of Python. The game page and
the bare page take turns, run by run (and profile by profile), so that drift on a shared
machine affects both alike; the figures are medians and their ratio.

Each visit pair starts chromium with a new profile (empty HTTP cache on disk, no service
worker): a real profile, not Playwright's default in-memory context, which keeps no 9 MB
WebAssembly file in its HTTP cache as a real browser would. Two modes:

- one profile (the default; ``--downlink``, ``--latency``, ``--cpu-throttle`` set it): the
  first visit, then a return visit in a new tab once the first has settled (for the game:
  its service worker active, the start-up snapshot cached), and for the game a second
  return visit with the network off (offline play). Prints times, then what each visit
  transferred.
- ``--sweep``: first visits only, at every connection of the issue's bar (5, 10, 20, 50
  and 100 Mbit/s; 40 and 150 ms round trips), with and without a CPU slowed down 4x, and
  one table of game against bare, time and bytes.

The time is measured in the page: from navigation start to the moment <body data-ready="true">
appears (set by our Python once the table is drawn and listening, or by bench/bare.html
after its line of Python). Bytes are counted by the server, which gzips what GitHub Pages
gzips (``--no-gzip`` sends every file as it is): the body bytes of every response of a
visit, "own" being everything outside static/vendor/.

The server sends ``Cache-Control: max-age=600`` by default, as GitHub Pages does
(``--cache-control no-cache`` for the dev server's behaviour). Chromium's network
throttling (``Network.emulateNetworkConditions``) adds the round trip to each response and
shares the bandwidth among them; its CPU throttling (``Emulation.setCPUThrottlingRate``)
slows the page's main thread, as a phone-class processor would (4x: a mid-range phone).

Needs the built site (``make site``), node_modules/ (``npm ci``) and Debian's chromium;
``make bench`` runs it.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import BrowserType, Page
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # a script's path starts at bench/, not at the repository
from tools import serve  # noqa: E402
from tools.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

SITE = ROOT / "_site"
PYODIDE = ROOT / "node_modules" / "pyodide"
BARE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What a bare Pyodide page loads (bench/bare.html imports them from ./pyodide/)."""
GAME = "?seed=1&speed=0"
BARE = "bare.html"
SNAPSHOT = "/static/gin.snapshot"
SETTLE_MS = 1500
"""How long a visit is left to finish its background work (worker update check, precache)."""
DOWNLINKS = (5, 10, 20, 50, 100)
LATENCIES = (40, 150)
CPU_RATES = (1, 4)

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
# True once the game's service worker has cached the start-up snapshot (after the first start).
SNAPSHOT_CACHED = """async () => {
  for (const name of await caches.keys()) {
    if (await (await caches.open(name)).match("./static/gin.snapshot")) return true;
  }
  return false;
}"""


@dataclass(frozen=True)
class Profile:
    """The network and processor a visit runs on (None: the local server's speed)."""

    downlink_mbit: float | None = None
    latency_ms: float = 40
    cpu_rate: float = 1

    def label(self) -> str:
        network = (
            "local network"
            if self.downlink_mbit is None
            else f"{self.downlink_mbit:g} Mbit/s, {self.latency_ms:g} ms"
        )
        return network + (f", CPU {self.cpu_rate:g}x slower" if self.cpu_rate != 1 else "")


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
    python: str = ""
    """How the game's Python came up: "started" or "restored" (<html data-python>)."""

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
    offline: list[Visit] = field(default_factory=list)
    precache: list[Visit] = field(default_factory=list)


def load(page: Page) -> Visit:
    """The page's visit, once it is ready (its responses are filled in by the caller)."""
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=300_000, polling=50)
    ready, pyodide, python = page.evaluate(
        "[window.__readyAt, performance.getEntriesByName('gin:pyodide')[0]?.startTime ?? 0,"
        " document.documentElement.dataset.python || '']"
    )
    return Visit(float(ready), [], float(pyodide), str(python))


def open_page(page: Page, url: str, profile: Profile, offline: bool = False) -> None:
    page.add_init_script(READY_PROBE)
    cdp = page.context.new_cdp_session(page)
    if profile.downlink_mbit is not None or offline:
        cdp.send("Network.enable")
        rate = (profile.downlink_mbit or 0) * 1e6 / 8
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": offline,
                "latency": profile.latency_ms if profile.downlink_mbit is not None else 0,
                "downloadThroughput": rate if profile.downlink_mbit is not None else -1,
                "uploadThroughput": rate if profile.downlink_mbit is not None else -1,
            },
        )
    if profile.cpu_rate != 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile.cpu_rate})
    page.goto(url, wait_until="commit")


def split_at_worker(responses: list[tuple[str, int, int]]) -> int:
    """Where the service worker's own downloads begin (its script comes first)."""
    paths = [path for path, _, _ in responses]
    return paths.index("/sw.js") if "/sw.js" in paths else len(paths)


def visits(
    chromium: BrowserType,
    executable: str,
    url: str,
    transfer: Transfer,
    profile: Profile,
    game: bool,
    returns: bool,
) -> tuple[Visit, ...]:
    """A new profile's first visit and, with ``returns``, its return visits (see the module).

    Chromium's renderer now and then crashes on a loaded machine ("Target crashed"): those
    visits are made again with another new profile, up to twice.
    """
    for attempt in range(3):
        with tempfile.TemporaryDirectory(prefix="gin-bench-profile-") as folder:
            context = chromium.launch_persistent_context(
                folder, executable_path=executable, args=CHROMIUM_ARGS
            )
            try:
                return _visits(context.pages[0], url, transfer, profile, game, returns)
            except PlaywrightError as error:
                if attempt == 2 or "crashed" not in str(error):
                    raise
                print(f"(renderer crashed, visits made again: {error})", file=sys.stderr)
            finally:
                context.close()
    raise AssertionError("unreachable")


def _visits(
    first: Page, url: str, transfer: Transfer, profile: Profile, game: bool, returns: bool
) -> tuple[Visit, ...]:
    context = first.context
    transfer.take()
    open_page(first, url, profile)
    cold = load(first)
    if not returns:
        responses = transfer.take()
        cold.responses = responses[: split_at_worker(responses)]
        return (cold,)
    if game:  # wait until its service worker has cached the site, and then the snapshot
        first.wait_for_function("() => window.ginOfflineReady === true", timeout=300_000)
        first.wait_for_function(SNAPSHOT_CACHED, timeout=300_000, polling=250)
    first.wait_for_timeout(SETTLE_MS)
    responses = transfer.take()
    cut = split_at_worker(responses)
    cold.responses = responses[:cut]
    between = Visit(0.0, responses[cut:])
    tabs = [first]
    found = []
    for offline in (False, True) if game else (False,):
        tab = context.new_page()  # before closing the last: a profile with no tab would end
        tabs.pop().close()
        tabs.append(tab)
        open_page(tab, url, profile, offline=offline)
        visit = load(tab)
        tab.wait_for_timeout(SETTLE_MS)
        visit.responses = transfer.take()
        found.append(visit)
    return (cold, between, *found)


def median_ms(visits: list[Visit]) -> float:
    return statistics.median(v.ms for v in visits)


def median_bytes(visits: list[Visit]) -> float:
    return statistics.median(v.bytes() for v in visits)


def kb(n: float) -> str:
    return f"{n / 1024:.1f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.2f} MB"


def report(game: Series, bare: Series, runs: int, profile: Profile) -> None:
    def line(name: str, visits: list[Visit]) -> str:
        each = ", ".join(f"{v.ms:.0f}" for v in visits)
        up = statistics.median(v.pyodide_ms for v in visits)
        how = {v.python for v in visits} - {""}
        started = f", Python {'/'.join(sorted(how))}" if how else ""
        return (
            f"  {name} : {median_ms(visits):7.0f}   (Pyodide up at {up:.0f}{started})   "
            f"runs: {each}"
        )

    print(f"profile: {profile.label()}; median of {runs} (ms to interactive)")
    for kind, ours, theirs in (
        ("first visit (new profile: empty HTTP cache, no service worker)", game.cold, bare.cold),
        ("return visit (service worker and HTTP cache from the first)", game.warm, bare.warm),
        ("return visit offline (the game; the bare page online)", game.offline, bare.warm),
    ):
        print(kind)
        print(line("game page", ours))
        print(line("bare page", theirs))
        print(f"  ratio     : {median_ms(ours) / median_ms(theirs):7.2f}x")

    cold = game.cold[-1]
    print("bytes sent by the server (response bodies, as sent)")
    print(
        f"  game, first visit: {kb(median_bytes(game.cold))} in {len(cold.responses)} "
        f"responses (own files {kb(cold.bytes(own=True))}; the start-up snapshot "
        f"{kb(cold.bytes(path=SNAPSHOT))})"
    )
    print(
        f"  bare, first visit: {kb(median_bytes(bare.cold))} in "
        f"{len(bare.cold[-1].responses)} responses; ratio "
        f"{median_bytes(game.cold) / median_bytes(bare.cold):.4f}x "
        f"({median_bytes(game.cold)} against {median_bytes(bare.cold)} bytes)"
    )
    after = game.precache[-1]
    print(
        f"  game, after the first start (service worker: the site, then the start-up "
        f"snapshot): {kb(after.bytes())} in {len(after.responses)} responses "
        f"({sum(s == 304 for _, s, _ in after.responses)} answered 304 from the HTTP "
        f"cache's copies; the snapshot {kb(after.bytes(path=SNAPSHOT))})"
    )
    for name, visit in (
        ("game, return", game.warm[-1]),
        ("game, offline", game.offline[-1]),
        ("bare, return", bare.warm[-1]),
    ):
        sent = ", ".join(f"{p} {s} {kb(n)}" for p, s, n in visit.responses) or "nothing"
        print(f"  {name} : {kb(visit.bytes())} in {len(visit.responses)} responses: {sent}")
    print("  own files of the first visit:")
    for path, _, size in sorted(cold.responses, key=lambda r: -r[2]):
        if not path.startswith("/static/vendor/"):
            print(f"    {kb(size):>10}  {path}")
    print("  Pyodide's files of the first visit:")
    for path, _, size in sorted(cold.responses, key=lambda r: -r[2]):
        if path.startswith("/static/vendor/"):
            print(f"    {kb(size):>10}  {path}")


def report_sweep(results: dict[Profile, tuple[list[Visit], list[Visit]]], runs: int) -> None:
    print(f"first visits, median of {runs} runs each (game and bare page in turn)")
    print(
        "| connection | CPU | game | bare page | time ratio | game bytes | bare bytes | "
        "bytes ratio |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for profile, (game, bare) in results.items():
        network = f"{profile.downlink_mbit:g} Mbit/s, {profile.latency_ms:g} ms"
        print(
            f"| {network} | {profile.cpu_rate:g}x | {median_ms(game) / 1000:.2f} s | "
            f"{median_ms(bare) / 1000:.2f} s | {median_ms(game) / median_ms(bare):.2f}x | "
            f"{kb(median_bytes(game))} | {kb(median_bytes(bare))} | "
            f"{median_bytes(game) / median_bytes(bare):.2f}x |"
        )
    ratios = [median_ms(g) / median_ms(b) for g, b in results.values()]
    print(f"worst time ratio {max(ratios):.2f}x, best {min(ratios):.2f}x")


def serve_root(tmp: Path, site: Path) -> Path:
    """The site and the bare page with Pyodide's own files, side by side on one origin."""
    root = tmp / "root"
    root.mkdir()
    for entry in site.iterdir():
        (root / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    shutil.copy(ROOT / "bench" / "bare.html", root / BARE)
    (root / "pyodide").mkdir()
    for name in BARE_FILES:
        (root / "pyodide" / name).symlink_to(PYODIDE / name)
    return root


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per page and profile (5)")
    parser.add_argument("--chromium", default=CHROMIUM)
    parser.add_argument(
        "--site",
        type=Path,
        default=SITE,
        help="the built site (default _site/; a copy lets "
        "a long run go on while the site is rebuilt)",
    )
    parser.add_argument(
        "--cache-control",
        default="max-age=600",
        help="the server's Cache-Control (default: what GitHub Pages sends)",
    )
    parser.add_argument(
        "--downlink",
        type=float,
        metavar="MBIT",
        help="load over a network of this many Mbit/s instead of at the local server's speed",
    )
    parser.add_argument(
        "--latency", type=float, default=40, metavar="MS", help="round trip with --downlink (40)"
    )
    parser.add_argument(
        "--cpu-throttle",
        type=float,
        default=1,
        metavar="RATE",
        help="slow the page's main thread down this many times (4: a mid-range phone)",
    )
    parser.add_argument(
        "--sweep",
        action="store_true",
        help="first visits at every connection (--downlinks x --latencies) and CPU (--cpus)",
    )
    parser.add_argument("--downlinks", type=float, nargs="+", default=DOWNLINKS)
    parser.add_argument("--latencies", type=float, nargs="+", default=LATENCIES)
    parser.add_argument("--cpus", type=float, nargs="+", default=CPU_RATES)
    parser.add_argument(
        "--no-gzip",
        dest="gzip",
        action="store_false",
        help="send every file as it is (by default the server gzips what GitHub Pages gzips)",
    )
    args = parser.parse_args()
    if not (args.site / "index.html").exists():
        sys.exit(f"{args.site}/ is missing: run `make site` first")
    if not (PYODIDE / "pyodide.mjs").exists():
        sys.exit("node_modules/pyodide is missing: run `npm ci` (or `make setup`) first")
    if args.sweep:
        profiles = [
            Profile(downlink, latency, cpu)
            for cpu in args.cpus
            for latency in args.latencies
            for downlink in args.downlinks
        ]
    else:
        profiles = [Profile(args.downlink, args.latency, args.cpu_throttle)]

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="gin-bench-") as tmp:
        root = serve_root(Path(tmp), args.site)
        transfer = Transfer()
        server = serve.make_server(
            root, cache_control=args.cache_control, record=transfer.record, gzip=args.gzip
        )
        serve.serve_in_thread(server)
        base = f"http://127.0.0.1:{server.server_port}/"
        series = {profile: (Series(), Series()) for profile in profiles}
        try:
            with sync_playwright() as pw:
                # Warm-up (not counted): the OS file cache of chromium and of the site.
                visits(pw.chromium, args.chromium, base + BARE, transfer, Profile(), False, False)
                for _ in range(args.runs):  # interleaved, so drift affects both alike
                    for profile, (game, bare) in series.items():
                        for each, url, is_game in (
                            (game, base + GAME, True),
                            (bare, base + BARE, False),
                        ):
                            found = visits(
                                pw.chromium,
                                args.chromium,
                                url,
                                transfer,
                                profile,
                                is_game,
                                returns=not args.sweep,
                            )
                            each.cold.append(found[0])
                            if not args.sweep:
                                each.precache.append(found[1])
                                each.warm.append(found[2])
                                each.offline.extend(found[3:])
        finally:
            server.shutdown()
            server.server_close()
    print(f"server Cache-Control: {args.cache_control}; gzip: {'on' if args.gzip else 'off'}")
    if args.sweep:
        report_sweep({p: (g.cold, b.cold) for p, (g, b) in series.items()}, args.runs)
    else:
        game, bare = series[profiles[0]]
        report(game, bare, args.runs, profiles[0])


if __name__ == "__main__":
    main()
