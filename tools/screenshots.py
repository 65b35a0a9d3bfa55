#!/usr/bin/env python3
"""Screenshots of every phase of a game, at desktop and phone sizes: ``make screenshots``.

Plays a seeded game in Debian's chromium against the built site (``_site/``) by
clicking as a person does, and writes one PNG per phase and size into
``test-results/screenshots/`` (git-ignored), so a reviewer can look at the
table without playing.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import serve  # noqa: E402
from tools.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

SIZES = {
    "desktop": {"width": 1366, "height": 800},
    "phone": {"width": 360, "height": 640},
    "landscape": {"width": 640, "height": 360},
}
README_SHOT = ROOT / "docs" / "table.png"
IDLE = 'body[data-ready="true"][data-busy="false"]'


def idle(page: Page) -> str:
    page.wait_for_selector(IDLE, state="attached", timeout=60_000)
    return page.get_attribute("body", "data-phase") or ""


def shoot(page: Page, folder: Path, name: str) -> None:
    page.wait_for_timeout(400)  # let the motion finish
    page.screenshot(path=str(folder / f"{name}.png"))


def discard(page: Page) -> None:
    """Knock or go gin when the table offers it, else throw the highest loose card (twice-click)."""
    for armable in ("gin", "knock"):
        button = page.locator(f'[data-action="{armable}"]')
        if button.count() and button.get_attribute("aria-disabled") != "true":
            button.click()
            break
    cards = page.eval_on_selector_all(
        '[data-testid="hand"] [data-card][data-playable="true"]',
        "els => els.map(e => [e.dataset.card, e.classList.contains('in-meld')])",
    )
    loose = [code for code, melded in cards if not melded] or [code for code, _ in cards]
    points = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}
    code = max(loose, key=lambda c: points.get(c[:-1]) or int(c[:-1]))
    # A fanned card shows only its left strip: click there, as a person does.
    card = page.locator(f'[data-testid="hand"] [data-card="{code}"]')
    card.dblclick(position={"x": 12, "y": 40})


MELDED_CARDS = 6
"""A hand with this many cards in melds makes the "melds" shot: the table as it mostly looks."""


def melded(page: Page) -> int:
    return page.locator('[data-testid="hand"] [data-card].in-meld').count()


def review(page: Page) -> None:
    """Open Review hand on the hand just ended and step to Hard's first objection, if any."""
    page.click('[data-action="review-hand"]')
    page.wait_for_selector('[data-testid="review-step"]', timeout=60_000)
    for _ in range(40):
        if page.locator('[data-testid="review-step"][data-marked]').count():
            break
        step = page.locator('[data-action="review-next"]')
        if step.get_attribute("aria-disabled") == "true" or step.is_disabled():
            break
        step.click()


def run(url: str, folder: Path, sizes: list[str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for size in sizes:
            context = browser.new_context(
                viewport=SIZES[size], has_touch=size != "desktop", is_mobile=size != "desktop"
            )
            page = context.new_page()
            page.goto(url + "?seed=7&speed=2", wait_until="domcontentloaded")
            idle(page)
            offer = page.locator('[data-testid="learn-offer"]')
            if offer.count():  # a first visit offers the lessons (e2e/test_lessons.py shoots them)
                shoot(page, folder, f"{size}-first-visit")
                offer.locator('[data-action="play-now"]').click()
            shot: set[str] = set()
            for _ in range(3000):
                phase = idle(page)
                if phase not in shot:
                    shoot(page, folder, f"{size}-{phase}")
                    shot.add(phase)
                if phase == "discard" and "melds" not in shot and melded(page) >= MELDED_CARDS:
                    shoot(page, folder, f"{size}-melds")
                    shot.add("melds")
                if phase == "game-over":
                    break
                if phase == "hand-over" and "review" not in shot:
                    review(page)
                    shoot(page, folder, f"{size}-review")
                    shot.add("review")
                    page.keyboard.press("Escape")
                if phase == "hand-over":
                    page.click('[data-action="next-hand"]')
                elif phase == "upcard":
                    page.click('[data-action="pass"]')
                elif phase == "draw":
                    page.click('[data-testid="stock"]')
                elif phase == "discard":
                    discard(page)
            page.click('[data-action="menu"]')
            shoot(page, folder, f"{size}-menu")
            context.close()
        browser.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(ROOT / "_site"))
    parser.add_argument("--out", default=str(ROOT / "test-results" / "screenshots"))
    parser.add_argument("--size", action="append", choices=list(SIZES))
    parser.add_argument(
        "--readme", action="store_true", help=f"also copy the desktop table to {README_SHOT.name}"
    )
    args = parser.parse_args()
    server = serve.make_server(Path(args.site), "127.0.0.1", 0, "/")
    thread = serve.serve_in_thread(server)
    try:
        run(f"http://127.0.0.1:{server.server_port}/", Path(args.out), args.size or list(SIZES))
    finally:
        server.shutdown()
        thread.join(timeout=5)
    print(f"screenshots in {args.out}")
    if args.readme:
        shutil.copyfile(Path(args.out) / "desktop-melds.png", README_SHOT)
        print(f"and the desktop table with melds in {README_SHOT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
