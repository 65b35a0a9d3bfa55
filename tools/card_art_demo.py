"""Screenshots of the card sprite in Debian's chromium, for a person to look at.

``tools/card_art.py --demo`` writes a page with every card and the back, at 60 x 84 and
120 x 168 px, in the two-colour and the four-colour scheme, plus a fanned hand at 60 px
(each card showing only its left 28 px), and saves one screenshot of each section in
test-results/card-art/ (git-ignored). The page references the committed sprite file (an
external, same-origin ``<use href="...cards.svg#card-7H">``) and carries index.html's
Content-Security-Policy; the table draws the same symbols from the copy the build writes
into its page (e2e/test_card_art.py checks that one's colours).
Needs the dev dependencies (Playwright) and chromium, like the browser tests.
"""

from __future__ import annotations

import re
from pathlib import Path

from gin.cards import RANK_CHARS, SUITS
from tools import serve
from tools.browser import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "test-results" / "card-art"
SPRITE_URL = "/static/cards/cards.svg"
CODES = [rank + suit for suit in SUITS for rank in RANK_CHARS] + ["back"]
# A hand as the table fans it: ten cards, sorted as a player would hold them.
HAND = ["AS", "TS", "JS", "QH", "KH", "2D", "9D", "TD", "3C", "TC"]

DETAIL = ["KS", "QH", "JD", "KC", "AS", "TH", "back"]

DEMO_CSS = """
body { margin: 0; padding: 12px; background: #1b5e20; color: #f5f5f5;
  font: 14px system-ui, sans-serif; width: max-content; }
section { padding: 8px 0 12px; width: max-content; }
h2 { font-size: 14px; margin: 0 0 6px; }
.row { display: flex; flex-wrap: wrap; gap: 6px; }
.small .row, .large .row { width: 1400px; }
.small .card-art { width: 60px; height: 84px; }
.large .card-art { width: 120px; height: 168px; }
.detail .card-art { width: 240px; height: 336px; }
.fan { display: flex; }
.fan .card-art { width: 60px; height: 84px; filter: drop-shadow(-1px 0 1px rgba(0,0,0,.45)); }
.fan .card-art + .card-art { margin-left: -32px; }
.fan.big .card-art { width: 120px; height: 168px; }
.fan.big .card-art + .card-art { margin-left: -64px; }
"""


def card(code: str) -> str:
    return (
        f'<svg class="card-art" viewBox="0 0 240 336" aria-hidden="true">'
        f'<use href="{SPRITE_URL}#card-{code}"></use></svg>'
    )


def section(name: str, title: str, classes: str, body: str) -> str:
    return f'<section id="{name}" class="{classes}"><h2>{title}</h2>{body}</section>'


def demo_page(csp: str) -> str:
    sections = []
    for scheme, label in (("", "two-colour"), ("four-colour", "four-colour")):
        for size, px in (("small", "60 x 84"), ("large", "120 x 168")):
            sections.append(
                section(
                    f"{size}-{label}",
                    f"{label}, {px} px",
                    f"{size} {scheme}",
                    '<div class="row">' + "".join(card(c) for c in CODES) + "</div>",
                )
            )
        fans = "".join(
            f'<div class="fan{big}">' + "".join(card(c) for c in HAND) + "</div>"
            for big in ("", " big")
        )
        sections.append(section(f"fan-{label}", f"{label}, fanned hand", scheme, fans))
    sections.append(
        section(
            "detail",
            "the court cards, an ace, a ten and the back at 240 x 336 px",
            "detail",
            '<div class="row">' + "".join(card(c) for c in DETAIL) + "</div>",
        )
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
        '<link rel="icon" href="/static/favicon.svg">'
        '<link rel="stylesheet" href="/static/css/cards.css">'
        '<link rel="stylesheet" href="/test-results/card-art/demo.css">'
        "<title>Card art</title></head><body>" + "".join(sections) + "</body></html>"
    )


def index_csp() -> str:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    match = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    if not match:
        raise ValueError("index.html has no Content-Security-Policy meta tag")
    return match.group(1)


def screenshots() -> list[Path]:
    """Write the demo page, open it in chromium, save one PNG per section."""
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "demo.css").write_text(DEMO_CSS, encoding="utf-8")
    (OUT / "demo.html").write_text(demo_page(index_csp()), encoding="utf-8")
    server = serve.make_server(ROOT)
    serve.serve_in_thread(server)
    problems: list[str] = []
    paths = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
            page.goto(f"http://127.0.0.1:{server.server_port}/test-results/card-art/demo.html")
            page.wait_for_load_state("networkidle")
            for name in page.eval_on_selector_all("section", "els => els.map(e => e.id)"):
                path = OUT / f"{name}.png"
                page.locator(f"#{name}").screenshot(path=str(path))
                paths.append(path)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    if problems:
        raise RuntimeError("the demo page logged errors:\n" + "\n".join(problems))
    return paths
