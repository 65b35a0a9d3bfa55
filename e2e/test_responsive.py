"""Phone first: a whole game by touch taps alone, each phase on the first screen.

Throughout the game the things the person needs in each phase (their hand,
the stock, the pile, the phase's buttons, the result and Next hand / Play
again) lie inside the window without scrolling; the visible part of every
card of the hand is at least 44 px tall and 28 px wide (a finger's target).
Every phase at every window size and card size is e2e/test_layout.py's; here
are a phone's hint, the score sheet in every language, the desktop by mouse.
Screenshots go to test-results/ (git-ignored) for a person to look at.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from . import positions
from .conftest import ROOT, open_position, open_table, preset
from .players import (
    HAND,
    MENU,
    Person,
    choose_from_menu,
    close_panel,
    hand_codes,
    open_menu,
    open_panel,
    tap_visible,
    wait_idle,
)

SHOTS = ROOT / "test-results"
PHONE = {
    "viewport": {"width": 360, "height": 640},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
SMALLEST_PHONE = {**PHONE, "viewport": {"width": 320, "height": 568}}
RELEASE_1_STORAGE = ROOT / "tests" / "data" / "release-1-storage.json"
"""A person's records as the first release stored them (statistics with games: a chart)."""
DESKTOP = {"viewport": {"width": 1920, "height": 1080}}

CARDS = f"{HAND} [data-card]"
IN_HAND = [CARDS, '[data-testid="stock"]', '[data-testid="pile"]', '[data-testid="status"]']
NEEDED = {
    "upcard": [*IN_HAND, '[data-action="take"]', '[data-action="pass"]'],
    "draw": [*IN_HAND, '[data-action="knock"]', '[data-action="gin"]', '[data-action="hint"]'],
    "discard": [*IN_HAND, '[data-action="knock"]', '[data-action="gin"]', '[data-action="hint"]'],
    "hand-over": [
        '[data-testid="result-headline"]',
        '[data-testid="points"]',
        '[data-action="next-hand"]',
        '[data-action="show-deck"]',
    ],
    "game-over": [
        "#game-over-title",
        '[data-testid="final-you"]',
        '[data-testid="final-ai"]',
        '[data-action="next-hand"]',
    ],
    "menu": [
        *(
            f'{MENU} [data-action="{item}"]'
            for item in ("new-game", "settings", "stats", "rules", "sheet", "download")
        ),
        f'{MENU} [data-control="language"]',
    ],
}
MIN_CARD = (28, 44)  # the visible part of a hand card: width, height (CSS px)

FIRST_SCREEN = """([selectors, minWidth, minHeight, cards]) => {
    const width = innerWidth, height = innerHeight;
    const problems = [];
    const name = (el) => el.tagName.toLowerCase() + (el.dataset.card ? `[${el.dataset.card}]` :
        el.dataset.action ? `[${el.dataset.action}]` : el.dataset.testid ?
        `[${el.dataset.testid}]` : "");
    for (const selector of selectors) {
        const found = [...document.querySelectorAll(selector)];
        if (!found.length) problems.push(`${selector}: not shown`);
        for (const el of found) {
            const box = el.getBoundingClientRect();
            const left = box.left + scrollX, top = box.top + scrollY;
            if (left < -0.5 || top < -0.5 || left + box.width > width + 0.5 ||
                top + box.height > height + 0.5) {
                problems.push(`${name(el)} at ${Math.round(left)},${Math.round(top)} ` +
                    `${Math.round(box.width)}x${Math.round(box.height)} is off the first ` +
                    `screen (${width}x${height})`);
            }
        }
    }
    // The part of each hand card a finger can hit: up to the next card, inside the window
    // (not while the menu lies over the table).
    for (const el of cards ? document.querySelectorAll('[data-testid="hand"] [data-card]') : []) {
        const box = el.getBoundingClientRect();
        const next = el.nextElementSibling;
        const right = Math.min(box.right, next ? next.getBoundingClientRect().left : box.right,
                               width);
        const seenWidth = right - Math.max(box.left, 0);
        const seenHeight = Math.min(box.bottom, height) - Math.max(box.top, 0);
        if (seenWidth < minWidth - 0.5 || seenHeight < minHeight - 0.5) {
            problems.push(`${name(el)} shows ${seenWidth.toFixed(1)}x${seenHeight.toFixed(1)} px`);
        }
        const hit = document.elementFromPoint((box.left + right) / 2, box.top + seenHeight / 2);
        if (!hit || hit.closest("[data-card]") !== el) {
            problems.push(`${name(el)}: its visible part is covered by ` +
                          (hit ? hit.outerHTML.slice(0, 80) : "nothing"));
        }
    }
    const page = document.documentElement;
    if (page.scrollWidth > width) problems.push(`scrolls sideways: ${page.scrollWidth} > ${width}`);
    if (scrollX || scrollY) problems.push(`scrolled to ${scrollX},${scrollY}`);
    return problems;
}"""

# Links inside a sentence (the game's seed line) are exempt, as WCAG 2.5.8 allows. A mouse
# hits 24x24 px (WCAG 2.5.8); a finger wants 44 px (WCAG 2.5.5), on a touch-only table.
SMALL_TARGETS = """() => {
    const least = document.querySelector('[data-testid="table"].touch') ? 44 : 24;
    return [...document.querySelectorAll("#app button, #app select, #app label.check")]
        .filter((e) => e.checkVisibility())
        .map((e) => [e.outerHTML.slice(0, 60), e.getBoundingClientRect()])
        .filter(([, r]) => r.width < least || r.height < least)
        .map(([html, r]) => `${html} (${Math.round(r.width)}x${Math.round(r.height)})`);
}"""


def first_screen_problems(page: Page, view: str) -> list[str]:
    selectors = NEEDED[view]
    found = page.evaluate(FIRST_SCREEN, [selectors, *MIN_CARD, view != "menu"])
    found += [f"too small to hit: {html}" for html in page.evaluate(SMALL_TARGETS)]
    return [f"{view}: {problem}" for problem in found]


def shoot(page: Page, name: str) -> Path:
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


@pytest.mark.browser_context_args(**PHONE)
def test_a_whole_game_by_touch_taps_alone(page: Page, site_url: str) -> None:
    """Every decision of a game, and the panels on the way, by tapping (a game to 30)."""
    preset(page, "settings", {"level": "easy", "rules": {"target": 30}})
    open_table(page, site_url, "?seed=5&speed=0")
    expect(page.locator('[data-testid="table"]')).to_have_class(re.compile(r"\btouch\b"))
    person = Person(page, touch=True)
    found: list[str] = []
    phases: list[str] = []
    for _ in range(400):
        phase = wait_idle(page)
        if not phases or phases[-1] != phase:
            found += first_screen_problems(page, phase)
            phases.append(phase)
        if phase == "game-over":
            break
        if phase == "upcard" and "hint" not in phases:
            tap_visible(page, '[data-action="hint"]')  # the first decision can ask, too
            expect(page.locator('[data-testid="hint"]')).not_to_be_empty()
            phases.append("hint")
        person.decide()
    assert phases[-1] == "game-over", phases
    assert "hint" in phases
    assert {"upcard", "draw", "discard"} <= set(phases)
    assert person.used and all(used.startswith(("tap", "arm")) for used in person.used)
    assert {"tap stock", "tap twice"} <= person.used, person.used
    expect(page.locator('[data-action="next-hand"]')).to_be_focused()
    open_menu(page, touch=True)
    assert page.locator(f'{MENU} [data-action="help"]').count() == 0, "no Keys on touch only"
    found += first_screen_problems(page, "menu")
    choose_from_menu(page, "settings", touch=True)
    expect(page.locator('[data-testid="settings-panel"]')).to_be_visible()
    found += [f"settings: too small to hit: {html}" for html in page.evaluate(SMALL_TARGETS)]
    assert not found, "\n".join(found)


def test_every_card_size_fits_a_laptop_screen(browser: Browser, site_url: str) -> None:
    """At each card size chosen in the settings the whole table, sort buttons included, is on
    the first screen of a laptop (e2e/test_layout.py measures every size by the table's
    card-size class; this is the setting's own way to it)."""
    width, height = 1366, 800
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    open_table(page, site_url, "?seed=1&speed=0")
    widths = []
    for size in ("small", "medium", "large"):
        open_panel(page, "settings")
        page.select_option('[data-setting="card_size"]', size)
        page.keyboard.press("Escape")
        expect(page.locator('[data-testid="table"]')).to_have_class(re.compile(f"cards-{size}"))
        fit = page.evaluate(
            """() => ({page: document.documentElement.scrollHeight, window: innerHeight,
                       sorts: document.querySelector('.sorts').getBoundingClientRect().bottom,
                       card: document.querySelector('[data-testid="hand"] .card')
                           .getBoundingClientRect().width})"""
        )
        assert fit["page"] <= fit["window"] and fit["sorts"] <= fit["window"], (size, fit)
        widths.append(fit["card"])
    assert widths == sorted(widths), widths  # a larger size is never smaller
    context.close()


@pytest.mark.browser_context_args(**DESKTOP)
def test_desktop_by_mouse(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=7&speed=0")
    person = Person(page)
    for _ in range(8):
        phase = person.decide()
        fit: dict[str, Any] = page.evaluate(
            "() => ({scroll: document.documentElement.scrollWidth, width: innerWidth})"
        )
        assert fit["scroll"] <= fit["width"], (phase, fit)
    # The table sits in the middle of a wide screen, not in its left part (read once the
    # last click is drawn: a click is drawn in the next frame).
    wait_idle(page)
    box = page.locator(HAND).bounding_box()
    assert box is not None
    middle = box["x"] + box["width"] / 2
    assert abs(middle - 1920 / 2) < 1920 * 0.15, middle
    shoot(page, "desktop")
    # Motion only for those who have not asked for less: every animation and transition
    # of our style sheet sits inside @media (prefers-reduced-motion: no-preference).
    assert page.evaluate(UNGATED_MOTION) == []


UNGATED_MOTION = r"""() => {
    const ours = [...document.styleSheets].filter((s) => s.href && s.href.endsWith("/table.css"));
    if (ours.length !== 1) return ["table.css not found"];
    const found = [];
    const visit = (rules, gated) => {
        for (const rule of rules) {
            if (rule instanceof CSSMediaRule) {
                visit(rule.cssRules, gated || /prefers-reduced-motion:\s*no-preference/.test(
                    rule.conditionText));
            } else if (rule instanceof CSSStyleRule && !gated) {
                const style = rule.style;
                // An animation that follows the person's own scrolling (a long hint's fade)
                // moves nothing by itself.
                const timed = !style.animationTimeline || style.animationTimeline === "auto";
                const moves = (style.animationName && style.animationName !== "none" && timed) ||
                    (style.transitionProperty && style.transitionProperty !== "none" &&
                     style.transitionDuration && !/^0s?$/.test(style.transitionDuration));
                if (moves) found.push(rule.selectorText);
            }
        }
    };
    visit(ours[0].cssRules, false);
    return found;
}"""


# A hint on a phone, and the score sheet in a narrow column, whole in every language.

HINT_FITS = """() => {
    const hint = document.querySelector('[data-testid="hint"]');
    const buttons = document.querySelector('.actions').getBoundingClientRect();
    return {scroll: hint.scrollHeight, shown: hint.clientHeight,
            bottom: hint.getBoundingClientRect().bottom, buttons: buttons.top,
            sorts: document.querySelector('.sorts').getBoundingClientRect().bottom,
            window: innerHeight};
}"""


@pytest.mark.parametrize("locale", ["en-US", "pl-PL"])
def test_a_hint_on_a_phone_shows_whole_above_the_buttons_in_one_screen(
    browser: Browser, site_url: str, locale: str
) -> None:
    context = browser.new_context(locale=locale, **PHONE)
    page = context.new_page()
    open_table(page, site_url, "?seed=1&speed=0")
    phases = []
    while (phase := wait_idle(page)) in ("upcard", "draw") and phase not in phases:
        phases.append(phase)  # the first turn's hint, then a draw's
        tap_visible(page, '[data-action="hint"]')
        page.wait_for_selector('[data-testid="hint"]')
        fit = page.evaluate(HINT_FITS)
        assert fit["scroll"] <= fit["shown"] + 1 and fit["bottom"] <= fit["buttons"], fit
        assert fit["sorts"] <= fit["window"], fit  # and the sort buttons still on the screen
        if phase == "upcard":
            tap_visible(page, '[data-action="pass"]')
    assert phases[0] == "upcard", phases
    context.close()


UPRIGHT_TABLET = {**PHONE, "viewport": {"width": 768, "height": 1024}, "is_mobile": False}


@pytest.mark.parametrize(
    "locale, says, device",
    [
        ("en-US", "Do not knock yet with 6 deadwood", PHONE),
        ("et-EE", "kombineerimata punkte on 6", PHONE),
        # Two lines of it showed, the rest under a fade, on a tablet a quarter empty.
        ("pl-PL", "Nie pukaj jeszcze", UPRIGHT_TABLET),
    ],
    ids=["en-phone", "et-phone", "pl-tablet"],
)
def test_a_hint_that_passes_up_a_knock_says_why_whole_on_a_phone(
    browser: Browser, site_url: str, locale: str, says: str, device: dict[str, Any]
) -> None:
    """The Knock button is lit, Hard would play on: its hint says why, and fits."""
    context = browser.new_context(locale=locale, **device)
    page = context.new_page()
    open_position(page, site_url, positions.about_to_knock(seed=7))
    assert wait_idle(page) == "discard"
    expect(page.locator('[data-action="knock"]')).to_be_enabled()
    tap_visible(page, '[data-action="hint"]')
    expect(page.locator('[data-testid="hint"]')).to_contain_text(says)
    fit = page.evaluate(HINT_FITS)
    assert fit["scroll"] <= fit["shown"] + 1 and fit["bottom"] <= fit["buttons"], fit
    page.screenshot(path=str(SHOTS / f"hint-play-on-{locale}.png"))
    context.close()


SHEET_FITS = """(where) => {
    const sheet = document.querySelector(where + ' [data-testid="score-sheet"]');
    return {table: sheet.querySelector('table').scrollWidth, room: sheet.clientWidth,
            right: sheet.getBoundingClientRect().right, window: innerWidth};
}"""


@pytest.mark.parametrize(
    "locale, options, where",
    [
        ("pl-PL", {"viewport": {"width": 1366, "height": 768}}, ".side"),
        ("et-EE", {"viewport": {"width": 1366, "height": 768}}, ".side"),
        ("en-US", PHONE, '[data-testid="sheet-panel"]'),
        ("pl-PL", PHONE, '[data-testid="sheet-panel"]'),
        ("en-US", SMALLEST_PHONE, '[data-testid="sheet-panel"]'),
        ("hi-IN", SMALLEST_PHONE, '[data-testid="sheet-panel"]'),
    ],
)
def test_the_score_sheet_fits_its_column_in_every_language(
    browser: Browser, site_url: str, locale: str, options: dict[str, Any], where: str
) -> None:
    context = browser.new_context(locale=locale, **options)
    page = context.new_page()
    open_position(page, site_url, positions.game_over(seed=7, target=60))
    if where != ".side":
        open_panel(page, "sheet", touch=True)
    fit = page.evaluate(SHEET_FITS, where)
    assert fit["table"] <= fit["room"] and fit["right"] <= fit["window"], fit
    context.close()


# Every table of the statistics panel against the room its panel gives it.
STATS_FIT = """() => [...document.querySelectorAll('[data-testid="stats-panel"] table')].map(
    (table) => {
        const box = table.parentElement, style = getComputedStyle(box);
        const room = box.clientWidth - parseFloat(style.paddingLeft) -
            parseFloat(style.paddingRight);
        return {table: table.scrollWidth, room, right: table.getBoundingClientRect().right,
                window: innerWidth};
    })"""


@pytest.mark.parametrize(
    "locale, options",
    [
        ("pl-PL", PHONE),
        ("et-EE", PHONE),
        ("hi-IN", PHONE),
        ("pl-PL", SMALLEST_PHONE),
        ("en-US", SMALLEST_PHONE),
    ],
)
def test_the_statistics_fit_a_phone_in_every_language(
    browser: Browser, site_url: str, locale: str, options: dict[str, Any]
) -> None:
    """The levels' three columns beside their rows' names: in Polish at 360 px the Hard
    column ran 26 px past the panel, cut at the window's edge."""
    context = browser.new_context(locale=locale, **options)
    page = context.new_page()
    open_position(page, site_url, positions.game_over(seed=7, target=60))
    open_panel(page, "stats", touch=True)
    fits = page.evaluate(STATS_FIT)
    assert fits
    for fit in fits:
        assert fit["table"] <= fit["room"] and fit["right"] <= fit["window"], fits
    context.close()


# Each key of the chart's legend: its lines, and whether its colour is on its first line.
LEGEND_KEYS = """() => [...document.querySelectorAll('.legend .key')].map((key) => {
    const swatch = key.querySelector('.swatch').getBoundingClientRect();
    const line = key.getClientRects()[0];
    const onIt = swatch.top >= line.top - 1 && swatch.bottom <= line.bottom + 1;
    return [key.getClientRects().length, onIt];
})"""


@pytest.mark.parametrize("locale", ["en-US", "pl-PL"])
def test_the_chart_s_legend_keeps_each_colour_with_its_words(
    browser: Browser, site_url: str, locale: str
) -> None:
    """At 320 px "Games lost" wrapped to a line of its own, its red square left at the end of
    the line above (a play-tester's report)."""
    context = browser.new_context(locale=locale, **SMALLEST_PHONE)
    page = context.new_page()
    preset(page, "stats", json.loads(RELEASE_1_STORAGE.read_text())["gin-rummy/statistics"])
    open_table(page, site_url)
    open_panel(page, "stats", touch=True)
    expect(page.locator(".chart .legend")).to_be_visible()
    assert page.evaluate(LEGEND_KEYS) == [[1, True], [1, True]]
    context.close()


@pytest.mark.parametrize("locale", ["pl-PL", "et-EE", "hi-IN"])
def test_a_shown_hand_s_deadwood_reads_in_one_piece(
    browser: Browser, site_url: str, locale: str
) -> None:
    """At a hand's end each hand laid out says its deadwood ("Martwe karty: 0 pkt") beside
    or below its title, never broken over two lines ("pkt" alone on the second)."""
    context = browser.new_context(locale=locale, **PHONE)
    page = context.new_page()
    open_position(page, site_url, positions.game_over(seed=7, target=60))
    totals = page.locator(".deadwood-total")
    expect(totals.first).to_be_visible()
    lines = page.evaluate(
        "() => [...document.querySelectorAll('.deadwood-total')]"
        ".map((el) => [el.textContent, el.getClientRects().length])"
    )
    assert lines and all(count == 1 for _, count in lines), lines
    context.close()


@pytest.mark.browser_context_args(**PHONE)
def test_a_phone_shows_what_the_computer_just_did(page: Page, site_url: str) -> None:
    """The move log is not beside the table on a phone: the computer's last move is."""
    open_table(page, site_url, "?seed=2&speed=0")
    line = page.locator('[data-testid="last-move"]')
    person = Person(page, touch=True)
    while wait_idle(page) not in ("draw", "discard"):
        person.decide()
    expect(line).to_be_visible()
    expect(line).to_have_text(re.compile(r"^The computer "))
    box = line.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360


FOCUS_PLACE = """() => {
    const e = document.activeElement;
    if (!e || e === document.body) return "body";
    return e.closest('[data-testid="settings-panel"]') ? "panel" : e.outerHTML.slice(0, 120);
}"""


def test_a_panel_over_a_phone_table_keeps_the_keyboard_inside(
    browser: Browser, site_url: str
) -> None:
    """On a phone a panel covers the whole table: opened, it takes the focus, and no key can
    reach (and play) a control of the table it hides, until it closes."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    open_table(page, site_url, "?seed=1&speed=0")
    assert wait_idle(page) == "upcard"
    open_panel(page, "settings", touch=True)
    assert page.evaluate(FOCUS_PLACE) == "panel"
    for _ in range(30):
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUS_PLACE) in ("panel", "body")
    page.locator('[data-testid="settings-panel"] [data-action="close-panel"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-testid="settings-panel"]', state="detached")
    assert wait_idle(page) == "upcard", "nothing of the table was played"
    expect(page.locator('[data-action="take"]')).to_be_visible()
    context.close()


UNDER_PANEL = """() => {
    const panel = document.querySelector('[data-region="overlay"] > .panel');
    const e = document.activeElement;
    if (!e || e === document.body) return "body";
    if (panel.contains(e)) return "panel";
    const box = panel.getBoundingClientRect(), r = e.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const under = x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
    return under ? "under: " + e.outerHTML.slice(0, 100) : "table";
}"""


@pytest.mark.parametrize("size", [(768, 1024), (1024, 768), (1366, 768)])
def test_tab_never_reaches_what_a_side_panel_lies_over(
    browser: Browser, site_url: str, size: tuple[int, int]
) -> None:
    """Beside a wider table a panel is a side sheet and the table stays in play, by the
    keyboard too, but only what can be seen: Tab skips the controls under the panel (at
    768 px the pile, Take, Pass and the sorts took the focus unseen), which come back when
    it closes."""
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    open_table(page, site_url, "?seed=1&speed=0")
    assert wait_idle(page) == "upcard"
    open_panel(page, "settings")
    seen = set()
    for _ in range(45):
        page.keyboard.press("Tab")
        place = page.evaluate(UNDER_PANEL)
        assert not place.startswith("under"), place
        seen.add(place)
    assert {"panel", "table"} <= seen, "the panel and the table beside it are both reached"
    under = page.locator("[data-under-panel]")
    covered = under.count()
    if width < 1024:
        assert covered, "at this width the panel lies over some of the table's controls"
    close_panel(page, "settings")
    expect(under).to_have_count(0)
    assert page.evaluate("() => [...document.querySelectorAll('[inert]')].length") == 0
    context.close()


def test_a_tap_on_a_question_or_what_it_dims_keeps_the_focus_on_it(
    browser: Browser, site_url: str
) -> None:
    """On a phone the question's box lies over the stock: a tap on its words or on the table
    it dims plays nothing and leaves the focus on its safe answer, not on the page."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    open_table(page, site_url, "?seed=4&speed=0")
    person = Person(page, touch=True)
    for _ in range(4):  # a game in progress (or the question is not asked), at a draw
        person.decide()
        if wait_idle(page) == "draw":
            break
    phase, hand = wait_idle(page), hand_codes(page)
    choose_from_menu(page, "new-game", touch=True)
    cancel = page.locator('[data-testid="confirm"] [data-action="cancel"]')
    expect(cancel).to_be_focused()
    for target in ('[data-testid="confirm"] p', '[data-testid="stock"]', CARDS):
        box = page.locator(target).first.bounding_box()
        assert box is not None
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        expect(cancel).to_be_focused()
    assert (wait_idle(page), hand_codes(page)) == (phase, hand), "nothing was played under it"
    context.close()


REVEAL_OUTSIDE = """() => {
    const box = document.querySelector('[data-testid="result"]').getBoundingClientRect();
    const [left, right] = [Math.max(box.left, 0) - 0.5, Math.min(box.right, innerWidth) + 0.5];
    return [...document.querySelectorAll('[data-testid="reveal"] .card')]
        .map((card) => card.getBoundingClientRect())
        .filter((r) => r.left < left || r.right > right)
        .map((r) => `a card at ${r.left.toFixed(1)} to ${r.right.toFixed(1)}`);
}"""


def test_the_deck_shown_at_a_hand_s_end_fits_a_phone(browser: Browser, site_url: str) -> None:
    """Show the deck wraps the stock into rows: every card of every row lies inside the
    result (before, the first card of each wrapped row stood half outside it, cut off)."""
    for width in (320, 390):
        context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": 844}})
        page = context.new_page()
        open_position(page, site_url, positions.hand_over(seed=10))  # 28 cards of stock
        assert wait_idle(page) == "hand-over"
        tap_visible(page, '[data-action="show-deck"]')
        expect(page.locator('[data-testid="reveal"]')).to_be_visible()
        rows = page.evaluate(
            "() => new Set([...document.querySelectorAll('.stock-order .card')]"
            ".map((c) => Math.round(c.getBoundingClientRect().top))).size"
        )
        assert rows >= 2, f"the stock wraps at {width} px"
        outside = page.evaluate(REVEAL_OUTSIDE)
        assert not outside, f"{width} px: " + "; ".join(outside)
        context.close()


SIDEWAYS = """() => [document.documentElement.scrollWidth, innerWidth,
    [...document.querySelectorAll('#app *')].filter((e) => {
        const box = e.getBoundingClientRect();
        return box.width && (box.left < -0.5 || box.right > innerWidth + 0.5);
    }).map((e) => `${e.tagName}.${e.className}`).slice(0, 4)]"""


def test_no_phone_width_scrolls_the_table_sideways(browser: Browser, site_url: str) -> None:
    """Every width a phone held upright may have, not only the layout suite's few: at 412 px
    (many Android phones) the stock and the pile took 8 px more than the play area, and the
    page scrolled sideways under the player's thumb."""
    context = browser.new_context(**{**PHONE, "viewport": {"width": 412, "height": 915}})
    page = context.new_page()
    for opened in (
        lambda: open_table(page, site_url, "?seed=1&speed=0"),
        lambda: open_position(page, site_url, positions.hand_over(seed=10)),
    ):
        opened()
        wait_idle(page)
        for width in (*range(320, 481, 8), 344, 375, 390, 412, 414, 428, 430):
            page.set_viewport_size({"width": width, "height": 2 * width + 90})
            page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
            scroll_w, window_w, outside = page.evaluate(SIDEWAYS)
            assert scroll_w <= window_w and not outside, (width, scroll_w, outside)
    context.close()


LAID_OUT = """() => {
    const result = document.querySelector('[data-testid="result"]');
    const box = result.getBoundingClientRect();
    const cards = [...result.querySelectorAll('.laid-out .card')]
        .map((c) => c.getBoundingClientRect());
    return {least: Math.min(...cards.map((c) => c.width)),
            outside: cards.filter((c) => c.left < box.left || c.right > box.right).length,
            scrolls: result.scrollHeight > result.clientHeight + 1};
}"""


@pytest.mark.parametrize(
    ("width", "height", "least", "locale"),
    [
        (390, 844, 50, "en-US"),
        (360, 640, 40, "en-US"),
        (320, 568, 32, "en-US"),
        (640, 360, 33, "en-US"),
        (844, 390, 34, "en-US"),
        (568, 320, 24, "en-US"),
        (640, 360, 33, "pl-PL"),
        (568, 320, 24, "et-EE"),
    ],
)
def test_a_hand_s_end_shows_both_hands_readable_on_a_phone(
    browser: Browser, site_url: str, width: int, height: int, least: int, locale: str
) -> None:
    """Both hands laid out at a hand's end, cards large enough to read (in one row of nine
    widths they were some 35 px wide at 390 px, 27 px at 320), all inside the result and
    without scrolling it (on a landscape phone, one hand above the other ran below the
    result's fold: now they are beside its words, and below 376 px its buttons are in one
    row under both: one above the other they ran 27 px below the fold at 320 px, and in
    Polish 3 px at 360 px)."""
    viewport = {"width": width, "height": height}
    context = browser.new_context(**{**PHONE, "viewport": viewport, "locale": locale})
    page = context.new_page()
    open_position(page, site_url, positions.hand_over(seed=10))
    assert wait_idle(page) == "hand-over"
    shown = page.evaluate(LAID_OUT)
    assert shown["least"] >= least and not shown["outside"] and not shown["scrolls"], shown
    context.close()


HINT_FADE = """() => {
    const hint = document.querySelector('[data-testid="hint"]');
    return {more: hint.scrollHeight - hint.clientHeight - hint.scrollTop,
            fade: parseFloat(getComputedStyle(hint).getPropertyValue('--more-below'))};
}"""


def test_a_hint_that_scrolls_on_the_smallest_phone_fades_until_scrolled(
    browser: Browser, site_url: str
) -> None:
    """On a 320 px phone a long hint (Estonian, passing up a knock) is taller than its place:
    its last line fades, which says there is more (a phone shows no scroll bar at rest), as
    tall as what is left to scroll, and not at all once it is scrolled to its end."""
    context = browser.new_context(
        locale="et-EE", viewport={"width": 320, "height": 568}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    open_position(page, site_url, positions.about_to_knock(seed=7))
    assert wait_idle(page) == "discard"
    tap_visible(page, '[data-action="hint"]')
    expect(page.locator('[data-testid="hint"]')).to_contain_text("kombineerimata punkte on 6")
    at_top = page.evaluate(HINT_FADE)
    assert at_top["more"] > 10, f"the hint is taller than its place here: {at_top}"
    # and says so, from the frame after it appears (a scroll timeline starts at a frame)
    page.wait_for_function(f"() => ({HINT_FADE})().fade > 10")
    page.screenshot(path=str(SHOTS / "hint-scrolls-320.png"))
    page.locator('[data-testid="hint"]').evaluate("(hint) => { hint.scrollTop = 1e6; }")
    page.wait_for_function(
        "() => parseFloat(getComputedStyle(document.querySelector('[data-testid=hint]'))"
        ".getPropertyValue('--more-below')) < 0.5"
    )
    context.close()
