"""Issue 21: a table that fills every screen, from a 320 px phone to a 4K monitor.

At each window size (e2e/layout.py's SIZES), one page steps through every phase (the
first turn, a draw, a discard, a hand's result, the coach's review, game over, the menu
and each panel) and measures each at the three card sizes: nothing outside the window or
clipped, no scrolling, the top bar's items apart, every card's index in sight, no empty
band taller than a card, the hand's cards at least 17 % of the window's height where the
width allows (else as large as the row allows), Small a fifth smaller and Large a fifth
larger where there is room.  Drawing and discarding are done by dragging, and the last
deal's cards fly from the stock.  The figures go to test-results/layout.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from . import positions
from .conftest import ROOT, open_position
from .layout import SIZES, Measured, context_options, is_touch, measure, walk
from .players import HAND, drag, open_menu, open_panel, wait_idle
from .test_languages import switch_language

REPORT = ROOT / "test-results" / "layout.md"
_measured: dict[tuple[int, int], list[Measured]] = {}


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_table_fills_the_window_in_every_phase(
    browser: Browser, site_url: str, size: tuple[int, int]
) -> None:
    context = browser.new_context(**context_options(*size))
    page = context.new_page()
    page.set_default_timeout(60_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        found = walk(page, site_url, size, lambda view: None)
    finally:
        context.close()
    _measured[size] = found
    write_report(REPORT, _measured)
    problems = [problem for measured in found for problem in measured.problems] + errors
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_every_language_fits_every_window(browser: Browser, site_url: str, touch: bool) -> None:
    """The longest texts of a turn (the count after the best discard, Knock lit, the top
    bar's items; then the draw's instruction, the longest status) in the three other
    languages, at every window size of a mouse's or a touch screen's (a finger's buttons are
    taller): one page, resized."""
    sizes = [size for size in SIZES if is_touch(*size) == touch]
    first = dict(zip(("width", "height"), sizes[0], strict=True))
    context = browser.new_context(**context_options(*sizes[0]))
    page = context.new_page()
    page.set_default_timeout(60_000)
    open_position(page, site_url, positions.about_to_knock(seed=7))
    assert wait_idle(page) == "discard"
    problems: list[str] = []
    for phase in ("discard", "draw"):
        for language in ("pl", "et", "hi"):
            switch_language(page, language)
            for width, height in sizes:
                page.set_viewport_size({"width": width, "height": height})
                found = measure(page, (width, height), phase, ("medium",))
                problems += [f"{language}: {problem}" for problem in found.problems]
            page.set_viewport_size(first)
        if phase == "discard":  # the card the count names, and the computer's turn
            drag(page, f'{HAND} [data-card="3H"]', '[data-testid="pile"]')
            assert wait_idle(page) == "draw"
    context.close()
    assert not problems, "\n".join(problems)


# The widths at which the top bar leaves out one more item (static/css/table.css: the
# bar's width in em, 16 px, plus its padding), each side of each.
EDGES = (67.5 * 16, 59.5 * 16, 39.5 * 16, 23.9 * 16)


def test_what_the_top_bar_leaves_out_the_menu_says(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(60_000)
    open_position(page, site_url, positions.about_to_knock(seed=7))
    assert wait_idle(page) == "discard"
    open_menu(page)
    problems: list[str] = []
    for edge in EDGES:
        for width in (int(edge) - 1, int(edge) + 1):
            page.set_viewport_size({"width": width, "height": 768})
            problems += measure(page, (width, 768), "menu", ("medium",)).problems
    context.close()
    assert not problems, "\n".join(problems)


def write_report(path: Path, measured: dict[tuple[int, int], list[Measured]]) -> None:
    """The hand's card height, share of the window and width, per size and card size."""
    from .layout import report_table

    path.parent.mkdir(exist_ok=True)
    path.write_text(report_table(measured))


def test_an_open_panel_stands_beside_the_table_on_a_wide_screen(
    browser: Browser, site_url: str
) -> None:
    """From 1280 px the table makes room for an open panel: a hand's result stays whole
    beside its review (over it, the panel hid the knocker's deadwood), and the table in play
    beside the statistics."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    beside = """() => {
        const panel = document.querySelector('.panel').getBoundingClientRect();
        const under = [...document.querySelectorAll(
            '[data-testid="result"], [data-testid="result"] .card, [data-testid="hand"] .card,'
            + ' [data-testid="stock"], [data-testid="pile"], .actions button, .sorts button')]
            .filter((el) => el.getBoundingClientRect().right > panel.left);
        return under.map((el) => el.dataset.card || el.dataset.testid || el.dataset.action);
    }"""
    try:
        open_position(page, site_url, positions.hand_over())
        assert wait_idle(page) == "hand-over"
        page.click('[data-action="review-hand"]')
        page.wait_for_selector('[data-testid="review-panel"]')
        wait_idle(page)
        assert page.evaluate(beside) == []
        page.keyboard.press("Escape")
        open_position(page, site_url, positions.about_to_knock())
        assert wait_idle(page) == "discard"
        open_panel(page, "stats")
        wait_idle(page)
        assert page.evaluate(beside) == []
    finally:
        context.close()


@pytest.mark.parametrize("language", ["pl", "et", "hi"])
def test_every_language_s_table_fits_beside_an_open_panel(
    browser: Browser, site_url: str, language: str
) -> None:
    """Just wide enough for a panel beside the table (80 to 90rem), with Knock lit: the
    table's rows stay between the window's left edge and the panel.  In Polish at 1300 px
    the stock's long name widened the middle row past the play area, and the hand, as wide
    as that row, lost its first card's edge at the window's left."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    between = """() => {
        const panel = document.querySelector('.panel').getBoundingClientRect();
        const out = [...document.querySelectorAll(
            '[data-testid="hand"] .card, [data-testid="stock"], [data-testid="pile"],'
            + ' [data-testid="opponent-hand"] .card, .actions button, .sorts button')]
            .filter((el) => {
                const box = el.getBoundingClientRect();
                return box.left < -0.5 || box.right > panel.left + 0.5;
            });
        return out.map((el) => el.dataset.card || el.dataset.testid || el.textContent.trim());
    }"""
    try:
        open_position(page, site_url, positions.about_to_knock(seed=7))
        assert wait_idle(page) == "discard"
        switch_language(page, language)
        open_panel(page, "settings")
        problems = []
        for width in (1280, 1300, 1320, 1350, 1380, 1440):
            page.set_viewport_size({"width": width, "height": 800})
            wait_idle(page)
            if outside := page.evaluate(between):
                problems.append(f"{width} px: {outside}")
        assert not problems, problems
    finally:
        context.close()


def test_a_tablet_on_its_side_gives_its_width_to_the_cards(browser: Browser, site_url: str) -> None:
    """The score sheet's column stands beside the table from 72rem only where the window is at
    least half again as wide as tall: on a tablet on its side (1180 x 820, 1194 x 834) it left
    the stock, the pile and the prompt too little width, and the cards were smaller than in
    a window of the same height a little narrower, without it (101 px wide against 117)."""
    context = browser.new_context(viewport={"width": 1100, "height": 820}, has_touch=True)
    page = context.new_page()
    card = f"{HAND} [data-card]"
    try:
        open_position(page, site_url, positions.about_to_knock())
        wait_idle(page)
        for width, height in ((1180, 820), (1194, 834), (1152, 864)):
            page.set_viewport_size({"width": 1100, "height": height})
            narrower = page.locator(card).first.bounding_box()
            page.set_viewport_size({"width": width, "height": height})
            wider = page.locator(card).first.bounding_box()
            assert narrower and wider and wider["width"] >= narrower["width"], (width, height)
            assert not page.locator(".side").is_visible(), "the score sheet is in the menu"
        page.set_viewport_size({"width": 1366, "height": 768})  # a laptop keeps it beside
        assert page.locator(".side").is_visible()
    finally:
        context.close()
