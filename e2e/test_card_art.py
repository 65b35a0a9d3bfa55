"""The cards in the browser: published, precached, and drawn in the deck's colours.

The faces are drawn as the table draws them, ``<span class="card-art face-5H">``, a
picture that the build adds to the published cards.css, under index.html's
Content-Security-Policy. The test page below is served at the site's origin (fulfilled by
the test, so nothing is added to _site/) and checks pixels: each suit's colour is the one
static/css/cards.css declares (the four-colour deck's class on a container draws diamonds
and clubs in its own), and so is the back's.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route

from .conftest import ROOT, open_table
from .players import wait_idle
from .test_security import RECORD_VIOLATIONS

CHECK_CSS = """
body { margin: 0; background: #fff; }
.card-art { width: 240px; height: 336px; }
"""

# The middle of a five's centre pip, and a point of the back's plain border band.
PIP = (120, 168)
BACK_BAND = (16, 168)


def _csp(site_dir: Path) -> str:
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    match = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    assert match, "index.html lost its Content-Security-Policy"
    return match.group(1)


def _card(code: str, group: str = "") -> str:
    art = f'<span class="card-art face-{code}" aria-hidden="true"></span>'
    return f'<div class="{group}">{art}</div>'


def _pixel(page: Page, png: bytes, point: tuple[int, int]) -> tuple[int, ...]:
    """One pixel of a PNG, read back through a canvas of a blank page."""
    reader = page.context.new_page()
    try:
        rgb = reader.evaluate(
            """async ([data, x, y]) => {
                const img = new Image();
                img.src = "data:image/png;base64," + data;
                await img.decode();
                const canvas = document.createElement("canvas");
                canvas.width = img.width;
                canvas.height = img.height;
                const context = canvas.getContext("2d");
                context.drawImage(img, 0, 0);
                return Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3));
            }""",
            [base64.b64encode(png).decode(), *point],
        )
    finally:
        reader.close()
    return tuple(rgb)


def _rgb(hex_colour: str) -> tuple[int, ...]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))


def test_sprite_is_published_and_precached(site_dir: Path) -> None:
    published = site_dir / "static" / "cards" / "cards.svg"
    assert published.read_bytes() == (ROOT / "static" / "cards" / "cards.svg").read_bytes()
    worker = (site_dir / "sw.js").read_text(encoding="utf-8")
    assert '"./static/cards/cards.svg"' in worker
    assert '"./static/css/cards.css"' in worker


def test_faces_and_back_take_the_pages_colours_under_its_policy(
    page: Page, site_url: str, site_dir: Path
) -> None:
    cards = [
        ("5H", "", "#c62828"),
        ("5D", "", "#c62828"),
        ("5C", "", "#1a1a1a"),
        ("5D", "four-colour", "#1565c0"),
        ("5C", "four-colour", "#2e7d32"),
        ("5S", "four-colour", "#1a1a1a"),
    ]
    backs = [("back", "", "#a51d24"), ("back", "four-colour", "#a51d24")]
    body = "".join(_card(c, group) for c, group, _ in cards + backs)
    html = (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{_csp(site_dir)}">'
        '<link rel="icon" href="./static/favicon.svg">'
        '<link rel="stylesheet" href="./static/css/cards.css">'
        '<link rel="stylesheet" href="./card-art-check.css">'
        f"<title>cards</title></head><body>{body}</body></html>"
    )

    def fulfil(route: Route) -> None:
        if route.request.url.endswith(".css"):
            route.fulfill(content_type="text/css", body=CHECK_CSS)
        else:
            route.fulfill(content_type="text/html; charset=utf-8", body=html)

    page.route(site_url + "card-art-check.*", fulfil)
    page.add_init_script(RECORD_VIOLATIONS)
    page.goto(site_url + "card-art-check.html")
    page.wait_for_load_state("networkidle")

    pictures = page.locator(".card-art")
    for i, (code, group, colour) in enumerate(cards + backs):
        point = BACK_BAND if code == "back" else PIP
        png = pictures.nth(i).screenshot()
        assert _pixel(page, png, point) == _rgb(colour), f"{code} in '{group}'"
    assert page.evaluate("window.__cspViolations") == []


BITMAPS_READY = """width => Number(document.documentElement.dataset.cardBitmaps || 0) > width"""
WIDEST_CARD = """() => Math.max(...Array.from(document.querySelectorAll("#app .card-art"),
    art => art.getBoundingClientRect().width)) * devicePixelRatio"""
BITMAP_RULES = """() => document.adoptedStyleSheets.flatMap(sheet => Array.from(sheet.cssRules,
    rule => [rule.selectorText, rule.style.backgroundImage.slice(0, 10)]))"""


def _bitmaps_wider_than(page: Page, width: int) -> int:
    page.wait_for_function(BITMAPS_READY, arg=width, timeout=60_000)
    return int(page.evaluate("document.documentElement.dataset.cardBitmaps"))


def test_the_table_draws_its_cards_from_bitmaps_as_wide_as_its_cards(
    page: Page, site_url: str
) -> None:
    """In idle time every picture of cards.css becomes a bitmap (a blob: URL, so a click's
    frame lays out and paints no SVG document), as wide as the widest card in device pixels,
    and again wider when the window grows.  The four-colour deck's pictures, not in use, stay
    SVG (its rules are the more specific)."""
    page.set_viewport_size({"width": 800, "height": 700})
    open_table(page, site_url)
    width = _bitmaps_wider_than(page, 0)
    widest = page.evaluate(WIDEST_CARD)
    assert widest <= width <= max(widest, 96) + 48
    rules = dict(page.evaluate(BITMAP_RULES))
    assert len(rules) == 53 and set(rules.values()) == {'url("blob:'}
    assert ".face-back" in rules and ".face-5D" in rules
    art = page.locator('[data-testid="hand"] .card-art').first
    assert art.evaluate("e => getComputedStyle(e).backgroundImage").startswith('url("blob:')
    # The bitmap is the card's picture: the hand's first card shows its suit's colour.
    suit = art.evaluate("e => e.closest('.card').className.match(/suit-(.)/)[1]")
    ink = {"h": "#c62828", "d": "#c62828", "s": "#1a1a1a", "c": "#1a1a1a"}[suit]
    png = art.screenshot()
    box = art.bounding_box()
    assert box is not None
    pip = (round(box["width"] * PIP[0] / 240), round(box["height"] * PIP[1] / 336))
    # Some cards' middles are a court figure, not a pip: the corner index is always inked.
    corner = (round(box["width"] * 0.09), round(box["height"] * 0.07))
    assert _rgb(ink) in (_pixel(page, png, pip), _pixel(page, png, corner))

    page.set_viewport_size({"width": 2560, "height": 1440})
    wider = _bitmaps_wider_than(page, width)
    assert wider >= page.evaluate(WIDEST_CARD) > widest


@pytest.mark.first_visit
def test_a_table_at_rest_gets_its_bitmaps_after_the_first_visits_offer(
    page: Page, site_url: str
) -> None:
    """Chromium begins an idle period at the end of a frame, and a still page draws none: once a
    newcomer had answered the offer with Play now, the table at rest never had idle time, so
    its cards stayed SVG pictures (each one laid out and painted in every frame that shows it)
    until the person played, and then were made between the moves' frames.  The idle work has
    a deadline now (``whenIdle``), and the bitmaps are WebP, which Chromium encodes away from
    the main thread (a PNG waited for idle time again, a second or so a picture).  Looked at
    from a timer: polling at every frame would draw frames, and so make the idle time."""
    page.set_viewport_size({"width": 800, "height": 700})
    page.goto(site_url + "?speed=0", wait_until="domcontentloaded")
    page.locator('[data-testid="learn-offer"] [data-action="play-now"]').click()
    wait_idle(page)
    page.wait_for_function(BITMAPS_READY, arg=0, polling=500, timeout=40_000)
    rules = dict(page.evaluate(BITMAP_RULES))
    assert len(rules) == 53 and set(rules.values()) == {'url("blob:'}
