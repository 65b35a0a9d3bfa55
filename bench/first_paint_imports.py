#!/usr/bin/env python3
"""Which modules the game imports before its table is first drawn, and what each costs, in
the page (Pyodide in headless chromium), when Python starts without the start-up snapshot
(a first visit: static/gin.snapshot, which holds all of them already imported, is restored
only on return visits).

It serves a copy of _site/ whose entry point (static/py/app.py) first installs an import
timer, then runs the real one. For every ``gin`` module it reports the time of its own
import (compiling and running its top level, without the modules it imports in turn),
and it lists the standard-library modules that came in with them: what "import only what
the first paint needs" can still take off the start-up.

Needs the built site (``make site``) and Debian's chromium.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # a script's path starts at bench/, not at the repository
from tools import serve  # noqa: E402
from tools.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

SITE = ROOT / "_site"

# Runs in the page instead of static/py/app.py, then runs app.py itself.
TIMED_ENTRY = '''
import importlib.abc
import json
import sys

import js

_clock = js.performance.now
_own: dict[str, float] = {}
_nested: list[float] = []


class _Timed(importlib.abc.MetaPathFinder):
    """Times each gin module's exec_module (its compile and top level), minus nested imports."""

    def find_spec(self, name, path, target=None):
        if name != "gin" and not name.startswith("gin."):
            return None
        for finder in sys.meta_path:
            if finder is not self and hasattr(finder, "find_spec"):
                spec = finder.find_spec(name, path, target)
                if spec is not None:
                    break
        else:
            return None
        run = spec.loader.exec_module

        def exec_module(module):
            start = _clock()
            _nested.append(0.0)
            try:
                run(module)
            finally:
                inner = _nested.pop()
                spent = _clock() - start
                _own[name] = spent - inner
                if _nested:
                    _nested[-1] += spent

        spec.loader.exec_module = exec_module
        return spec


_before = set(sys.modules)
sys.meta_path.insert(0, _Timed())
_start = _clock()
exec(compile(open("app.py.real").read(), "app.py", "exec"), {"__name__": "__main__"})
_drawn = _clock()
js.window.__imports = json.dumps({
    "entry_ms": _drawn - _start,
    "own_ms": _own,
    "stdlib": sorted(m for m in set(sys.modules) - _before if m.split(".")[0] != "gin"),
})
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="page loads (default 3)")
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args()
    if not (SITE / "index.html").exists():
        sys.exit("_site/ is missing: run `make site` first")

    runs = []
    with tempfile.TemporaryDirectory(prefix="gin-imports-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(SITE, site)
        entry = site / "static" / "py" / "app.py"
        # The timer reads the real entry point from Pyodide's working directory, where
        # pyscript.json's engine bundle is unpacked too: put it beside the page's copy.
        real = entry.read_text(encoding="utf-8")
        entry.write_text(
            f"open('app.py.real', 'w').write({real!r})\n" + TIMED_ENTRY, encoding="utf-8"
        )
        server = serve.make_server(site)
        serve.serve_in_thread(server)
        url = f"http://127.0.0.1:{server.server_port}/?seed=1&speed=0"
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
                for _ in range(args.runs):
                    # No service worker: this copy's files do not match the published hashes,
                    # and without one the page starts Python the ordinary way, as a first
                    # visit does (what the snapshot saves return visits).
                    context = browser.new_context(service_workers="block")
                    page = context.new_page()
                    page.goto(url)
                    page.wait_for_function("() => window.__imports", timeout=180_000)
                    runs.append(json.loads(page.evaluate("window.__imports")))
                    context.close()
                browser.close()
        finally:
            server.shutdown()
            server.server_close()

    own = {
        name: statistics.median(r["own_ms"].get(name, 0.0) for r in runs)
        for name in runs[0]["own_ms"]
    }
    entry_ms = statistics.median(r["entry_ms"] for r in runs)
    print(
        "static/py/app.py until the table is drawn and listening: "
        f"{entry_ms:.0f} ms (median of {len(runs)})"
    )
    print(
        f"gin modules imported before that: {len(own)}, "
        f"their own import time {sum(own.values()):.0f} ms"
    )
    for name, ms in sorted(own.items(), key=lambda kv: -kv[1]):
        print(f"  {ms:7.1f} ms  {name}")
    print("standard-library modules they brought in: " + ", ".join(runs[0]["stdlib"]))


if __name__ == "__main__":
    main()
