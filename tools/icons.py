#!/usr/bin/env python3
"""Render the app icons (static/icons/*.png) from their SVG sources with chromium.

A developer tool, run by hand after editing an icon's SVG (the PNGs are committed, so
building the site needs no browser):

    .venv/bin/python tools/icons.py

Needs the dev dependencies (Playwright) and Debian's chromium, as the browser tests do.
"""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# (source SVG, size in pixels, output PNG)
RENDERS = (
    ("icon.svg", 192, "icon-192.png"),
    ("icon.svg", 512, "icon-512.png"),
    ("icon-maskable.svg", 512, "icon-maskable-512.png"),
    ("icon.svg", 180, "apple-touch-icon.png"),
)


def main() -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        for source, size, target in RENDERS:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (ICONS / source).read_text(encoding="utf-8")
            page.set_content(
                "<!DOCTYPE html><style>html,body{margin:0;background:transparent}"
                f"svg{{display:block;width:{size}px;height:{size}px}}</style>{svg}"
            )
            page.screenshot(path=str(ICONS / target), omit_background=True)
            page.close()
            print(f"{source} -> {target} ({size}x{size})")
        browser.close()


if __name__ == "__main__":
    main()
