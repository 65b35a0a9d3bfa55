"""How the tests and benchmarks start Debian's chromium (Playwright's own download is not used).

The flags keep a headless chromium quiet on a machine with no network: without the
background-networking ones it keeps trying, and failing, to reach its vendor's services.
"""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
