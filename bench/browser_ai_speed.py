#!/usr/bin/env python3
"""AI decision time per level in Pyodide (headless chromium) next to CPython, same run.

Both sides run bench/ai_speed.py's own ``timings(level, games)``: CPython in this process,
Pyodide in bench/ai_speed_page.html, which imports a served copy of ai_speed.py after
unpacking ``static/gin.zip``. That zip is made afresh from the working tree's ``gin/`` (so
both interpreters time the same code); the vendored Pyodide comes from ``_site/`` (``make
site``). The page is served cross-origin isolated (COOP/COEP), which gives
``performance.now()``, hence Pyodide's ``time.perf_counter()``, 5 us resolution instead
of 100 us. CPython runs first, then the browser, never both at once.

Targets: CPython p95 as in bench/ai_speed.py (Hard ≤ 60 ms); in the browser p95 ≤ 100 ms
for every level, far under the 250 ms or so at which a wait is felt.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import shutil
import statistics
import sys
import tempfile
import time
import zipfile
from http.server import ThreadingHTTPServer
from pathlib import Path
from types import ModuleType

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # a script's path starts at bench/, not at the repository
from tools import serve  # noqa: E402
from tools.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

SITE = ROOT / "_site"
LEVELS = ("simple", "easy", "normal", "hard")
BROWSER_TARGET_MS = 100.0


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


ai_speed = _load("gin_bench_ai_speed", ROOT / "bench" / "ai_speed.py")


class IsolatedHandler(serve.SiteHandler):  # type: ignore[name-defined,misc]
    """The site handler plus COOP/COEP, for a 5 us ``performance.now()`` in the page."""

    def end_headers(self) -> None:
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()


def summary(times: list[float]) -> tuple[int, float, float, float]:
    """(decisions, median, p95, max) in ms; p95 as bench/ai_speed.py computes it."""
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return len(times), statistics.median(times), p95, times[-1]


def zip_gin(target: Path) -> None:
    """The ``gin`` folder (itself, as the page expects) from the working tree."""
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in sorted((ROOT / "gin").rglob("*")):
            rel = path.relative_to(ROOT)
            if path.is_file() and "__pycache__" not in rel.parts and path.suffix != ".pyc":
                zf.write(path, rel.as_posix())


def stage(root: Path) -> None:
    """Temp site root: _site/ by symlinks, a fresh static/gin.zip, Pyodide's own files, the
    page, ai_speed.py."""
    for entry in SITE.iterdir():
        if entry.name != "static":
            (root / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    (root / "static").mkdir()
    for entry in (SITE / "static").iterdir():
        if entry.name != "gin.zip":
            (root / "static" / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    zip_gin(root / "static" / "gin.zip")
    (root / "pyodide").mkdir()  # Pyodide as npm ships it (the site has only what the page loads)
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        (root / "pyodide" / name).symlink_to(ROOT / "node_modules" / "pyodide" / name)
    lock = "pyodide-lock.json"
    (root / "pyodide" / lock).symlink_to(ROOT / "node_modules" / "pyodide" / lock)
    shutil.copy(ROOT / "bench" / "ai_speed.py", root / "ai_speed.py")


def browser_timings(games: int, chromium: str, timeout_s: float) -> dict:  # type: ignore[type-arg]
    with tempfile.TemporaryDirectory(prefix="gin-bench-ai-") as tmp:
        root = Path(tmp)
        stage(root)
        handler = functools.partial(IsolatedHandler, directory=str(root), prefix="/", quiet=True)
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        server.daemon_threads = True
        serve.serve_in_thread(server)
        url = f"http://127.0.0.1:{server.server_port}/ai_speed_page.html?games={games}"
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
                try:
                    page = browser.new_page()
                    page.goto(url)
                    page.wait_for_function(
                        "() => window.__result !== undefined",
                        timeout=timeout_s * 1000,
                        polling=500,
                    )
                    result = page.evaluate("window.__result")
                finally:
                    browser.close()
        finally:
            server.shutdown()
            server.server_close()
    if "error" in result:
        sys.exit(f"the page failed: {result['error']}")
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="self-play games per level")
    parser.add_argument("--chromium", default=CHROMIUM)
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds for the page")
    args = parser.parse_args()
    if not (SITE / "static" / "vendor" / "pyodide" / "pyodide.mjs").exists():
        sys.exit("_site/ has no vendored Pyodide: run `make site` first")

    start = time.perf_counter()
    native = {level: ai_speed.timings(level, args.games) for level in LEVELS}
    native_s = time.perf_counter() - start
    start = time.perf_counter()
    result = browser_timings(args.games, args.chromium, args.timeout)
    browser_s = time.perf_counter() - start

    print(
        f"AI decision time, {args.games} self-play games per level: CPython "
        f"{sys.version.split()[0]} ({native_s:.0f} s) vs Pyodide {result['python']} in "
        f"chromium ({browser_s:.0f} s incl. start; timer "
        f"{'5 us' if result['crossOriginIsolated'] else '100 us'})"
    )
    print(f"{'':8}{'':>10}{'--- Pyodide (ms) ---':^27}{'--- CPython (ms) ---':^27}{'ratio':^14}")
    print(
        f"{'level':<8}{'decisions':>10}{'median':>9}{'p95':>9}{'max':>9}"
        f"{'median':>9}{'p95':>9}{'max':>9}{'median':>7}{'p95':>7}  targets (p95)"
    )
    missed = 0
    for level in LEVELS:
        n, med, p95, top = summary(result["levels"][level])
        n_native, med_c, p95_c, top_c = summary(native[level])
        if n != n_native:  # same seeds, same code: the games must be identical
            print(f"warning: {level}: {n} decisions in Pyodide, {n_native} in CPython")
        target = ai_speed.TARGET_P95_MS[level]
        ok_native, ok_browser = p95_c < target, p95 < BROWSER_TARGET_MS
        missed += (not ok_native) + (not ok_browser)
        ratio_med = f"{med / med_c:6.2f}x" if med_c > 0 else "      -"
        ratio_p95 = f"{p95 / p95_c:6.2f}x" if p95_c > 0 else "      -"
        print(
            f"{level:<8}{n:>10}{med:>9.2f}{p95:>9.2f}{top:>9.2f}"
            f"{med_c:>9.2f}{p95_c:>9.2f}{top_c:>9.2f}{ratio_med:>7}{ratio_p95:>7}  "
            f"CPython < {target:g}: {'met' if ok_native else 'MISSED'}; "
            f"browser < {BROWSER_TARGET_MS:g}: {'met' if ok_browser else 'MISSED'}"
        )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
