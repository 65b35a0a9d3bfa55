"""The card sprite in the browser: published, precached, and restyled by the page's CSS.

The faces are drawn as the table draws them, ``<use href="#card-5H">`` of the sprite that
the build writes into the published index.html (its style attributes turned into classes
of the published cards.css), under index.html's Content-Security-Policy. The test page below
is served at the site's origin (fulfilled by the test, so nothing is added to _site/) and
checks pixels: each suit's colour comes from the custom properties of static/css/cards.css
(the four-colour deck overrides two of them on a container), and so does the back's.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path

from playwright.sync_api import Page, Route

from .conftest import ROOT
from .test_security import RECORD_VIOLATIONS

CHECK_CSS = """
body { margin: 0; background: #fff; }
.card-art { width: 240px; height: 336px; }
.own-back { --card-back: #123456; }
"""

# The middle of a five's centre pip, and a point of the back's plain border band.
PIP = (120, 168)
BACK_BAND = (16, 168)


def _csp(site_dir: Path) -> str:
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    match = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    assert match, "index.html lost its Content-Security-Policy"
    return match.group(1)


def _sprite(site_dir: Path) -> str:
    """The sprite as the published page carries it."""
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    match = re.search(r'<svg class="card-sprite".*?</svg>', html, re.S)
    assert match, "the published index.html lost its card sprite"
    return match.group(0)


def _card(card_id: str, group: str = "") -> str:
    return (
        f'<div class="{group}"><svg class="card-art" data-id="{card_id}" viewBox="0 0 240 336" '
        f'aria-hidden="true"><use href="#{card_id}"></use></svg></div>'
    )


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
        ("card-5H", "", "#c62828"),
        ("card-5D", "", "#c62828"),
        ("card-5C", "", "#1a1a1a"),
        ("card-5D", "four-colour", "#1565c0"),
        ("card-5C", "four-colour", "#2e7d32"),
        ("card-5S", "four-colour", "#1a1a1a"),
    ]
    backs = [("card-back", "", "#a51d24"), ("card-back", "own-back", "#123456")]
    body = _sprite(site_dir) + "".join(_card(c, group) for c, group, _ in cards + backs)
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

    svgs = page.locator("svg.card-art")
    for i, (card_id, group, colour) in enumerate(cards + backs):
        point = BACK_BAND if card_id == "card-back" else PIP
        png = svgs.nth(i).screenshot()
        assert _pixel(page, png, point) == _rgb(colour), f"{card_id} in '{group}'"
    assert page.evaluate("window.__cspViolations") == []
