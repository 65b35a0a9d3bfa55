#!/usr/bin/env python3
"""Screenshots of every phase at every window size, and the table's measures: ``make screenshots``.

Steps the built site (``_site/``) through every phase in Debian's chromium at each size
of ``e2e/layout.py`` (phones upright and on their side, tablets, laptops, monitors up to
4K): the first turn, a draw, a discard (also at the Small and Large card sizes), the menu
and every panel, game over, a hand's result and the coach's review, and a hand with
melds.  One PNG per size and phase goes to ``test-results/screenshots/`` (git-ignored),
named ``<width>x<height>-<phase>.png``, for a person to look at; the hand's card sizes per
window and card size are printed as a Markdown table (also in ``layout.md`` there).
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from e2e import layout, positions  # noqa: E402
from e2e.conftest import open_position  # noqa: E402
from e2e.players import wait_idle  # noqa: E402
from tools import serve  # noqa: E402
from tools.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

README_SHOT = ROOT / "docs" / "table.png"
README_SIZE = (1366, 768)

SET_CARD_SIZE = """(size) => {
    const table = document.querySelector('[data-testid="table"]');
    table.className = table.className.replace(/\\bcards-\\w+/, "cards-" + size);
}"""


def shoot(page: Page, folder: Path, name: str) -> None:
    page.wait_for_timeout(100)  # a frame for the fonts and the sprite
    page.screenshot(path=str(folder / f"{name}.png"))


def first_visit(page: Page, url: str, folder: Path, prefix: str) -> None:
    """A first visit offers the lessons over the table: photographed, then declined (the
    lessons themselves are photographed by e2e/test_lessons.py)."""
    page.goto(url + "?seed=7&speed=0", wait_until="domcontentloaded")
    offer = page.locator('[data-testid="learn-offer"]')
    offer.wait_for()
    shoot(page, folder, f"{prefix}-first-visit")
    offer.locator('[data-action="play-now"]').click()
    offer.wait_for(state="detached")


def run(url: str, folder: Path, sizes: list[tuple[int, int]]) -> str:
    """Photograph every size; returns the table of measures."""
    folder.mkdir(parents=True, exist_ok=True)
    measured: dict[tuple[int, int], list[layout.Measured]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for size in sizes:
            width, height = size
            # Phones at their own pixel density: what a person sees on one.
            scale = 2 if layout.is_touch(*size) and width < 768 else 1
            context = browser.new_context(**layout.context_options(width, height, scale))
            page = context.new_page()
            page.set_default_timeout(60_000)
            prefix = f"{width}x{height}"
            first_visit(page, url, folder, prefix)

            def seen(view: str, page: Page = page, prefix: str = prefix) -> None:
                name = view.replace(" ", "-")
                shoot(page, folder, f"{prefix}-{name}")
                if view == "discard":
                    for card_size in ("small", "large"):
                        page.evaluate(SET_CARD_SIZE, card_size)
                        shoot(page, folder, f"{prefix}-{name}-{card_size}")
                    page.evaluate(SET_CARD_SIZE, "medium")

            measured[size] = layout.walk(page, url, size, seen)
            page.evaluate("localStorage.clear()")
            open_position(page, url, positions.about_to_knock(seed=7))
            wait_idle(page)
            shoot(page, folder, f"{prefix}-melds")
            context.close()
            problems = [problem for m in measured[size] for problem in m.problems]
            print(f"{prefix}: {len(problems)} problems", *problems, sep="\n  ", flush=True)
        browser.close()
    table = layout.report_table(measured)
    (folder / "layout.md").write_text(table)
    return table


def _size(text: str) -> tuple[int, int]:
    width, height = text.lower().split("x")
    return int(width), int(height)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(ROOT / "_site"))
    parser.add_argument("--out", default=str(ROOT / "test-results" / "screenshots"))
    parser.add_argument(
        "--size",
        action="append",
        metavar="WxH",
        help="only this window size (repeatable), e.g. 393x851",
    )
    parser.add_argument(
        "--readme", action="store_true", help=f"also copy the laptop table to {README_SHOT.name}"
    )
    args = parser.parse_args()
    sizes = [_size(size) for size in args.size] if args.size else list(layout.SIZES)
    server = serve.make_server(Path(args.site), "127.0.0.1", 0, "/")
    thread = serve.serve_in_thread(server)
    try:
        table = run(f"http://127.0.0.1:{server.server_port}/", Path(args.out), sizes)
    finally:
        server.shutdown()
        thread.join(timeout=5)
    print(table)
    print(f"screenshots in {args.out}")
    if args.readme:
        width, height = README_SIZE
        shutil.copyfile(Path(args.out) / f"{width}x{height}-melds.png", README_SHOT)
        print(f"and the laptop table with melds in {README_SHOT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
