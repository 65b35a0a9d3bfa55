"""Motion that tells the story, and none for those who asked for less; no layout shift.

Every call of the Web Animations API is counted by an init script (the page's
Python calls ``element.animate`` through the same prototype), and
``document.getAnimations()`` shows what is running, CSS animations and
transitions included.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from . import positions
from .conftest import open_position, open_table
from .players import IDLE, PILE_TOP, STOCK, Person, click_visible, hand_codes, wait_idle

COUNT_ANIMATIONS = """
window.__animated = [];
window.__flights = [];
const animate = Element.prototype.animate;
const box = (element) => {
    const b = element && element.getBoundingClientRect();
    return b ? [b.left, b.top, b.right, b.bottom] : null;
};
Element.prototype.animate = function (...args) {
    // The start's progress bar, under the loading skeleton, is not the table's motion (and it
    // glides whatever the game's speed: e2e/test_loading.py tests it, reduced motion too).
    if (this.closest('[data-testid="skeleton"]')) return animate.apply(this, args);
    const where = this.closest("[data-testid]");
    const place = where ? where.dataset.testid : "";
    window.__animated.push({card: this.dataset.card || "", top: this.matches(".top"), place});
    // What the animation was asked to do, when it was asked: the first frame, the timing,
    // where the element ends up and where the computer's hand is (nothing races the clock).
    const [frames, timing] = args;
    window.__flights.push({
        card: this.dataset.card || "", top: this.matches(".top"), place,
        first: frames[0], timing, end: box(this),
        fan: box(document.querySelector('[data-testid="opponent-hand"]')),
    });
    return animate.apply(this, args);
};
"""

RUNNING = """() => document.getAnimations()
    .filter(a => a.playState === "running")
    .map(a => (a.animationName || a.transitionProperty || "web animation") + " on " +
         (a.effect && a.effect.target ? a.effect.target.outerHTML.slice(0, 60) : "?"))"""

RECORD_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
        window.__shifts.push({
            value: entry.value,
            at: entry.startTime,
            sources: (entry.sources || []).map((s) => s.node ?
                (s.node.outerHTML || s.node.nodeName).slice(0, 80) : "?"),
        });
    }
}).observe({type: "layout-shift", buffered: true});
"""


@pytest.mark.browser_context_args(reduced_motion="reduce")
def test_nothing_moves_when_reduced_motion_is_asked_for(page: Page, site_url: str) -> None:
    page.add_init_script(COUNT_ANIMATIONS)
    open_table(page, site_url, "?seed=2&speed=1&level=easy")
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    person = Person(page)
    phases = []
    for _ in range(8):
        phases.append(person.decide())
        wait_idle(page)
        assert page.evaluate(RUNNING) == [], phases
    assert "discard" in phases
    if wait_idle(page) == "discard":
        click_visible(page, STOCK)  # refused: the stock would shake
        expect(page.locator(f"{STOCK}.shake")).to_have_count(1)  # drawn in the next frame
    assert page.evaluate(RUNNING) == []
    assert page.evaluate("window.__animated") == []


def test_the_computers_discard_flies_to_the_pile(page: Page, site_url: str) -> None:
    page.add_init_script(COUNT_ANIMATIONS)
    open_table(page, site_url, "?seed=2&speed=1&level=easy")
    person = Person(page)
    while wait_idle(page) != "discard":
        person.decide()
    mine = next(str(c["code"]) for c in reversed(_playable(page)))
    click_visible(page, f'[data-testid="hand"] [data-card="{mine}"]', count=2)
    # The computer draws, then discards (at this seed it plays on): its card lands on the pile.
    page.wait_for_function(
        """(mine) => {
            const top = document.querySelector('[data-testid="pile"] .card.top');
            return top && top.dataset.card !== mine && document.body.dataset.turn === "you";
        }""",
        arg=mine,
        timeout=20_000,
    )
    # Its flight starts on the computer's hand: the first frame puts the card's corner inside
    # the computer's fan, whatever the two sizes of card. Meanwhile the prompt, which already
    # says it is my turn, stays unseen until the card has landed.
    theirs = page.get_attribute(PILE_TOP, "data-card")
    flights: list[dict[str, Any]] = page.evaluate("window.__flights")
    flight = next(
        f for f in reversed(flights) if f["place"] == "pile" and f["top"] and f["card"] == theirs
    )
    dx, dy, scale = (float(n) for n in re.findall(r"-?[\d.]+", flight["first"]["transform"]))
    # Scaled about its centre: the corner moves in by half of what the scale takes off.
    end_left, end_top, end_right, end_bottom = flight["end"]
    left = end_left + dx + (1 - scale) * (end_right - end_left) / 2
    top = end_top + dy + (1 - scale) * (end_bottom - end_top) / 2
    fan_left, fan_top, fan_right, fan_bottom = flight["fan"]
    margins = [left - fan_left, fan_right - left, top - fan_top, fan_bottom - top]
    assert all(margin >= -2 for margin in margins), (flight, margins)
    fades = [f for f in flights if f["place"] == "status"]
    assert fades, "the prompt waits for the card to land"
    fade = fades[-1]
    assert fade["first"]["opacity"] == 0
    landed = flight["timing"]["delay"] + flight["timing"]["duration"]
    assert fade["timing"]["delay"] + fade["timing"]["duration"] >= landed
    assert theirs and theirs != mine and theirs not in hand_codes(page)
    moved: list[dict[str, Any]] = page.evaluate("window.__animated")
    assert {"card": mine, "top": True, "place": "pile"} in moved, "my discard flew too"
    assert {"card": theirs, "top": True, "place": "pile"} in moved


def _playable(page: Page) -> list[dict[str, object]]:
    return page.eval_on_selector_all(
        '[data-testid="hand"] [data-card][data-playable="true"]',
        "els => els.map(e => ({code: e.dataset.card}))",
    )


# Where the stock, the pile and the hand's row are (the hand's width follows its 10 or 11
# cards, so only its top and height count), and the row of buttons.
PLACES = """() => {
    const box = (selector) => document.querySelector(selector).getBoundingClientRect();
    const at = (b) => [Math.round(b.left), Math.round(b.top), Math.round(b.height)];
    return {
        stock: at(box('[data-testid="stock"]')),
        pile: at(box('[data-testid="pile"]')),
        hand: at(box('[data-testid="hand"]')).slice(1),
        actions: Math.round(box(".actions").top),
    };
}"""


def test_nothing_shifts_during_a_hand(page: Page, site_url: str) -> None:
    """A layout-shift observer sums 0 over a whole hand, and the places stay where they are."""
    page.add_init_script(RECORD_SHIFTS)
    open_table(page, site_url, "?seed=3&speed=1&level=easy")
    page.evaluate("window.__shifts = []")
    person = Person(page)
    places: dict[str, Any] = {}
    for _ in range(120):
        phase = wait_idle(page)
        if phase in ("hand-over", "game-over"):
            break
        if phase != "upcard":
            page.wait_for_timeout(400)  # let the motion settle before measuring
            now = page.evaluate(PLACES)
            places = places or now
            assert now == places, f"the table moved in {phase}: {places} -> {now}"
        person.decide()
    assert wait_idle(page) in ("hand-over", "game-over")
    shifts = page.evaluate("window.__shifts")
    assert sum(shift["value"] for shift in shifts) == 0, shifts


FIRST_LINE = "() => document.querySelector('[data-testid=\"move-log\"] li')"


def test_a_move_adds_its_line_to_the_log_and_keeps_the_others(page: Page, site_url: str) -> None:
    """The log grows at its end: a move adds its line, and the lines before stay the very
    elements they were (the browser styles and lays out one line, not the whole log)."""
    open_table(page, site_url, "?seed=3&speed=0&level=easy")
    person = Person(page)
    while page.evaluate(f"!({FIRST_LINE})()"):
        person.decide()
    wait_idle(page)
    page.evaluate(f"window.__firstLine = ({FIRST_LINE})()")
    lines = page.locator('[data-testid="move-log"] li')
    before = lines.count()
    person.decide()
    wait_idle(page)
    assert lines.count() > before
    assert page.evaluate(f"({FIRST_LINE})() === window.__firstLine")


LANDING = """() => {
    const box = document.querySelector('section[data-testid="result"]');
    return box !== null && getComputedStyle(box).overflowY === "visible";
}"""


@pytest.mark.browser_context_args(viewport={"width": 2560, "height": 1440})
def test_the_cards_fly_whole_into_the_hands_result(page: Page, site_url: str) -> None:
    """The result is a box that scrolls when taller than the window, and such a box clips: the
    hands' cards flying up into it from the table below were cut at its edge.  While they fly,
    a box with nothing to scroll lets them pass; at rest it is a scroll box again."""
    open_table(page, site_url, "?seed=5&speed=1")
    person = Person(page)
    while page.locator('section[data-testid="result"]').count() == 0:
        person.decide()
        page.wait_for_function(
            f"() => document.body.matches('{IDLE}') || "
            "document.querySelector('section[data-testid=\"result\"]') !== null"
        )
    page.wait_for_function(LANDING, polling="raf")
    wait_idle(page)
    expect(page.locator("section.result.landing")).to_have_count(0)  # the flights are over
    overflow = page.eval_on_selector(
        'section[data-testid="result"]', "box => getComputedStyle(box).overflowY"
    )
    assert overflow == "auto"


MORE_BELOW = """(box) => parseFloat(getComputedStyle(box).getPropertyValue("--more-below"))"""


@pytest.mark.browser_context_args(viewport={"width": 1366, "height": 600})
def test_a_game_over_taller_than_the_window_fades_at_its_foot_until_scrolled(
    page: Page, site_url: str
) -> None:
    """A game's end ran past the window of a wide, low screen, its last lines cut at the box's
    foot with nothing to say there was more: now its foot fades out until it is scrolled to
    its end."""
    open_position(page, site_url, positions.game_over(seed=7, target=100))
    wait_idle(page)
    box = page.locator(".game-over")
    assert box.evaluate("b => b.scrollHeight > b.clientHeight + 40")
    assert box.evaluate(MORE_BELOW) > 30  # 2.5rem
    box.evaluate("b => { b.scrollTop = b.scrollHeight; }")
    page.wait_for_function(f"() => ({MORE_BELOW})(document.querySelector('.game-over')) < 0.5")
