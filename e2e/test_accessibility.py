"""Automated accessibility scans (axe-core from npm) of every view, colour contrast included.

axe is injected by the test, so its context bypasses the page's CSP (which,
rightly, refuses inline scripts); everything else runs as a player gets it.

Colour contrast needs more than axe's default run: the felt is a gradient, on
which axe cannot tell the background and reports text only as "incomplete",
and axe leaves ``aria-disabled`` controls out, while the table's unavailable
buttons are ``aria-disabled`` (they stay pressable and say why).  So each
view is scanned twice more, with every gradient flattened to its lightest and
then to its darkest colour (the worst place for light text and for dark
text), and every text of an unavailable control is measured with axe's own
colour functions.  Everything must reach 4.5:1 (WCAG AA for normal text).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from . import positions
from .conftest import open_position, open_table, preset
from .players import (
    answer,
    choose_from_menu,
    click_visible,
    close_panel,
    open_menu,
    open_panel,
    play_one_decision,
    wait_idle,
)

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
RELEASE_1 = json.loads((ROOT / "tests" / "data" / "release-1-storage.json").read_text())
MIN_CONTRAST = 4.5

SERIOUS = """async () => {
    const r = await axe.run(document, {resultTypes: ["violations"]});
    return r.violations.filter(v => ["serious", "critical"].includes(v.impact))
        .map(v => v.id + ": " + v.help + " @ " + v.nodes.slice(0, 3)
             .map(n => n.target.join(" ")).join(", "));
}"""

FLATTEN_GRADIENTS = """(pick) => {
    const colours = (text) => [...text.matchAll(/rgba?\\(([^)]+)\\)/g)]
        .map(m => m[1].split(/[ ,\\/]+/).map(Number))
        .filter(c => c.length < 4 || c[3] > 0);
    const light = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const changed = [];
    for (const el of [document.documentElement, ...document.querySelectorAll("*")]) {
        const image = getComputedStyle(el).backgroundImage;
        const found = image.includes("gradient") ? colours(image) : [];
        if (!found.length) continue;
        found.sort((a, b) => light(a) - light(b));
        const [r, g, b] = pick === "lightest" ? found[found.length - 1] : found[0];
        el.style.backgroundImage = "none";
        el.style.backgroundColor = `rgb(${r}, ${g}, ${b})`;
        changed.push(el);
    }
    window.__flattened = changed;
}"""

RESTORE_GRADIENTS = """() => {
    for (const el of window.__flattened || []) {
        el.style.backgroundImage = "";
        el.style.backgroundColor = "";
    }
}"""

CONTRAST = """async (minimum) => {
    const found = [];
    const r = await axe.run(document, {runOnly: ["color-contrast"]});
    for (const v of r.violations) {
        for (const n of v.nodes) found.push(n.target.join(" ") + ": " + n.failureSummary);
    }
    for (const v of r.incomplete) {
        for (const n of v.nodes) {
            // Undecided because of a gradient or image behind the text: the flattening above
            // failed to reach it. (Other reasons, such as a list item scrolled out of its
            // box, are axe's own "needs review".)
            const why = (n.any[0] || {}).message || "";
            if (/gradient|background image/i.test(why)) {
                found.push(n.target.join(" ") + " (undecided): " + why);
            }
        }
    }
    // axe leaves disabled controls out; ours stay readable, so measure their texts too.
    axe.setup(document);
    try {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const el = node.parentElement;
            if (!node.textContent.trim() || !el.closest('[aria-disabled="true"]')) continue;
            if (el.closest(".visually-hidden") || !el.checkVisibility()) continue;
            const fg = axe.commons.color.getForegroundColor(el);
            const bg = axe.commons.color.getBackgroundColor(el, []);
            const label = el.closest('[aria-disabled="true"]').outerHTML.slice(0, 80);
            if (!fg || !bg) {
                found.push(`unavailable control ${label}: colours undecided`);
                continue;
            }
            const ratio = axe.commons.color.getContrast(bg, fg);
            if (ratio < minimum) {
                found.push(`unavailable control ${label}: "${node.textContent.trim()}" ` +
                           `${ratio.toFixed(2)}:1 (${fg.toHexString()} on ${bg.toHexString()})`);
            }
        }
    } finally {
        axe.teardown();
    }
    return found;
}"""


@pytest.fixture
def scan_page(browser: Browser, site_url: str) -> Iterator[Page]:
    context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()


@pytest.fixture
def phone_scan_page(browser: Browser, site_url: str) -> Iterator[Page]:
    context = browser.new_context(
        bypass_csp=True,
        viewport={"width": 360, "height": 640},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()


def problems(page: Page, view: str) -> list[str]:
    """Serious axe violations of the page as it is, and every contrast below 4.5:1."""
    wait_idle(page)
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = [f"{view}: {v}" for v in page.evaluate(SERIOUS)]
    for pick in ("lightest", "darkest"):
        page.evaluate(FLATTEN_GRADIENTS, pick)
        try:
            low = page.evaluate(CONTRAST, MIN_CONTRAST)
            found += [f"{view} (felt at its {pick}): {c}" for c in low]
        finally:
            page.evaluate(RESTORE_GRADIENTS)
    return found


def test_the_table_in_play_and_every_panel(scan_page: Page, site_url: str) -> None:
    page = scan_page
    preset(page, "stats", RELEASE_1["gin-rummy/statistics"])  # a chart with bars
    open_table(page, site_url, "?seed=3&speed=0")
    found = problems(page, "table, first turn")
    while wait_idle(page) != "discard":
        play_one_decision(page)
    click_visible(page, '[data-testid="stock"]')  # refused: the line that says why
    expect(page.locator('[data-testid="why"]')).not_to_be_empty()
    click_visible(page, '[data-action="hint"]')
    expect(page.locator('[data-testid="hint"]')).not_to_be_empty()
    assert page.locator('.action[aria-disabled="true"]').count(), "an unavailable button in view"
    found += problems(page, "table, discarding")
    open_menu(page)
    found += problems(page, "menu")
    for panel in ("settings", "stats", "rules", "help", "sheet"):
        open_panel(page, panel)
        found += problems(page, f"{panel} panel")
        close_panel(page, panel)
    choose_from_menu(page, "new-game")
    found += problems(page, "new game question")
    answer(page, yes=False)
    assert not found, "\n".join(found)


def test_result_game_over_notices_and_an_empty_chart(scan_page: Page, site_url: str) -> None:
    page = scan_page
    preset(page, "settings", '{"level": "godlike"}')  # a notice
    open_position(page, site_url, positions.hand_over(seed=7))
    assert wait_idle(page) == "hand-over"
    expect(page.locator('[data-testid="notice"]')).to_be_visible()
    found = problems(page, "hand result")
    click_visible(page, '[data-action="show-deck"]')
    expect(page.locator('[data-testid="reveal"]')).to_be_visible()
    found += problems(page, "hand result with the deck shown")
    click_visible(page, '[data-action="review-hand"]')
    expect(page.locator('[data-testid="review-step"]')).to_be_visible()
    for _ in range(30):  # a decision where Hard would have chosen otherwise, if there is one
        if page.locator('[data-testid="review-step"][data-marked]').count():
            break
        page.keyboard.press("ArrowRight")
    found += problems(page, "hand review")
    open_panel(page, "stats")
    expect(page.locator('[data-testid="chart-empty"]')).to_be_visible()
    found += problems(page, "statistics without games")
    page.evaluate("localStorage.clear()")
    open_position(page, site_url, positions.game_over(seed=7))
    assert wait_idle(page) == "game-over"
    found += problems(page, "game over")
    assert not found, "\n".join(found)


def test_the_phone_table_result_and_menu(phone_scan_page: Page, site_url: str) -> None:
    page = phone_scan_page
    open_position(page, site_url, positions.second_hand(seed=7))
    found = problems(page, "phone table")
    open_menu(page, touch=True)
    found += problems(page, "phone menu")
    page.evaluate("localStorage.clear()")
    open_position(page, site_url, positions.hand_over(seed=7))
    found += problems(page, "phone hand result")
    assert not found, "\n".join(found)


def test_cards_regions_and_moves_are_spoken(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=3&speed=0")
    first = page.locator('[data-testid="hand"] [data-card]').first
    expect(first).to_have_accessible_name(re.compile(r"^\w+ of \w+$"))
    pile = page.locator('[data-testid="pile"]')
    expect(pile).to_have_accessible_name(re.compile(r"^Discard pile, top card \w+ of \w+"))
    expect(page.locator('[data-testid="stock"]')).to_have_accessible_name("Stock: 31 cards")
    for region in ("Your hand", "Stock and discard pile"):
        expect(page.get_by_role("region", name=region)).to_be_visible()
    expect(page.get_by_role("group", name="Scores")).to_be_visible()
    click_visible(page, '[data-action="pass"]')
    wait_idle(page)
    expect(page.locator("#announcer")).to_have_attribute("aria-live", "polite")
    expect(page.locator("#announcer")).to_contain_text("The computer")


def test_a_contrast_theme_keeps_the_menu_and_the_meld_marks_in_sight(
    browser: Browser, site_url: str
) -> None:
    """Forced colours paint every background in the theme's: the burger's bars (drawn as
    backgrounds) and the marks under a meld's cards keep theirs, and the Menu button has a
    border, at a phone's width, where the button is the burger alone."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, forced_colors="active", color_scheme="dark"
    )
    page = context.new_page()
    try:
        open_position(page, site_url, positions.about_to_knock())
        wait_idle(page)
        looks = page.evaluate(
            """() => {
                const style = (el, pseudo) => getComputedStyle(el, pseudo);
                const button = document.querySelector('.topbar [data-action="menu"]');
                const burger = button.querySelector('.burger');
                const meld = document.querySelector('[data-testid="hand"] .card.in-meld');
                return {
                    face: style(button).backgroundColor,
                    bars: [style(burger).backgroundColor, style(burger, '::before')
                        .backgroundColor],
                    border: style(button).borderTopWidth,
                    mark: style(meld, '::after').backgroundColor,
                    felt: style(document.body).backgroundColor,
                };
            }"""
        )
        assert all(bar != looks["face"] for bar in looks["bars"]), looks
        assert looks["border"] != "0px", looks
        assert looks["mark"] not in (looks["felt"], "rgba(0, 0, 0, 0)"), looks
    finally:
        context.close()
