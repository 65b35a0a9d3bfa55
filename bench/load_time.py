#!/usr/bin/env python3
"""Cold-load time of the game page against a bare Pyodide page, in headless chromium.

Each run uses a fresh browser context with the HTTP cache disabled. The time is measured
in the page: from navigation start to the moment <body data-ready="true"> appears (set by
our Python code, or by bench/bare.html after one line of Python). Also reports how many KB
of our own files (everything the game page fetches outside static/vendor/) it transfers.

Needs the built site (``make site``) and Debian's chromium; ``make bench`` runs it.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # a script's path starts at bench/, not at the repository
from tools import serve  # noqa: E402
from tools.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

SITE = ROOT / "_site"

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


def cold_load(browser: Browser, url: str) -> tuple[float, dict[str, int]]:
    """One cold load: (ms to ready, {path: bytes transferred})."""
    context = browser.new_context()
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        page.add_init_script(READY_PROBE)
        sizes: dict[str, int] = {}

        def finished(request) -> None:  # type: ignore[no-untyped-def]
            s = request.sizes()
            path = urlsplit(request.url).path
            sizes[path] = s["responseBodySize"] + s["responseHeadersSize"]

        page.on("requestfinished", finished)
        page.goto(url, wait_until="commit")
        page.wait_for_function("() => window.__readyAt !== undefined", timeout=120_000, polling=50)
        ms = float(page.evaluate("window.__readyAt"))
        return ms, sizes
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold loads per page (default 5)")
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args()
    if not (SITE / "index.html").exists():
        sys.exit("_site/ is missing: run `make site` first")

    with tempfile.TemporaryDirectory(prefix="gin-bench-") as tmp:
        # Serve _site/ plus the bare baseline page side by side (same origin, same files).
        root = Path(tmp)
        for entry in SITE.iterdir():
            (root / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
        shutil.copy(ROOT / "bench" / "bare.html", root / "bare.html")
        server = serve.make_server(root)
        serve.serve_in_thread(server)
        base = f"http://127.0.0.1:{server.server_port}/"

        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
            ours: list[float] = []
            bare: list[float] = []
            our_sizes: dict[str, int] = {}
            # Warm-up (not counted): starts the browser process and OS file cache.
            cold_load(browser, base + "bare.html")
            for _ in range(args.runs):  # interleave so drift affects both alike
                ms, our_sizes = cold_load(browser, base + "?seed=1&speed=0")
                ours.append(ms)
                bare.append(cold_load(browser, base + "bare.html")[0])
            browser.close()
        server.shutdown()
        server.server_close()

    own = {p: n for p, n in our_sizes.items() if not p.startswith("/static/vendor/")}
    vendor_bytes = sum(n for p, n in our_sizes.items() if p.startswith("/static/vendor/"))
    med_ours, med_bare = statistics.median(ours), statistics.median(bare)
    print(f"cold load to ready, median of {args.runs} (ms)")
    print(f"  game page : {med_ours:7.0f}   runs: {', '.join(f'{x:.0f}' for x in ours)}")
    print(f"  bare page : {med_bare:7.0f}   runs: {', '.join(f'{x:.0f}' for x in bare)}")
    print(f"  ratio     : {med_ours / med_bare:7.2f}x")
    print(
        f"our own files (outside static/vendor/): {sum(own.values()) / 1024:.1f} KB "
        f"in {len(own)} requests; vendor: {vendor_bytes / 1e6:.1f} MB (uncompressed)"
    )
    for path, n in sorted(own.items(), key=lambda kv: -kv[1]):
        print(f"  {n / 1024:8.1f} KB  {path}")


if __name__ == "__main__":
    main()
