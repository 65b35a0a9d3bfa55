"""Playable from a 360×640 phone (touch) to a 1920×1080 desktop (mouse), without sideways scrolling.

Each test plays a few decisions, checks after every one that the page is no wider than
the window and that the hand's cards lie inside it, and saves screenshots into
test-results/ (git-ignored) for a person to look at.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import ROOT, open_table
from .players import choose_discard, hand_cards, wait_idle

SHOTS = ROOT / "test-results"
PHONE = {
    "viewport": {"width": 360, "height": 640},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
DESKTOP = {"viewport": {"width": 1920, "height": 1080}}

OVERFLOW = """() => {
    const width = window.innerWidth;
    const wide = [...document.querySelectorAll("#app *")]
        .filter((e) => e.getBoundingClientRect().right > width + 0.5 && e.offsetParent !== null)
        .map((e) => e.tagName.toLowerCase() + "." + [...e.classList].join("."));
    return {scroll: document.documentElement.scrollWidth, width, wide: wide.slice(0, 5)};
}"""


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
                const moves = (style.animationName && style.animationName !== "none") ||
                    (style.transitionProperty && style.transitionProperty !== "none" &&
                     style.transitionDuration && !/^0s?$/.test(style.transitionDuration));
                if (moves) found.push(rule.selectorText);
            }
        }
    };
    visit(ours[0].cssRules, false);
    return found;
}"""


def assert_fits(page: Page) -> None:
    fit = page.evaluate(OVERFLOW)
    assert fit["scroll"] <= fit["width"], f"the page scrolls sideways: {fit}"
    assert fit["wide"] == [], f"elements stick out on the right: {fit}"


def shoot(page: Page, name: str) -> Path:
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def play_decisions(
    page: Page, press: str, count: int, name: str, until_hand_over: bool = False
) -> list[str]:
    """Play ``count`` decisions with ``press`` ("tap" or "click"), checking the fit each time.

    Takes the first upcard, so the hand holds 11 cards (the widest it gets) at a screenshot;
    with ``until_hand_over``, stops at the end of the hand (the laid-out melds) instead.
    """
    act = getattr(page, press)
    phases = []
    for _ in range(count):
        phase = wait_idle(page)
        assert_fits(page)
        phases.append(phase)
        if phase == "hand-over":
            shoot(page, f"{name}-hand-over")
            if until_hand_over:
                break
            act('[data-action="next-hand"]')
        elif phase == "upcard":
            act('[data-action="take"]')
        elif phase == "draw":
            act('[data-testid="stock"]')
        elif phase == "discard":
            if len(hand_cards(page)) == 11 and not (SHOTS / f"{name}-11-cards.png").exists():
                shoot(page, f"{name}-11-cards")
            for armable in ("gin", "knock"):
                if page.is_enabled(f'[data-action="{armable}"]'):
                    act(f'[data-action="{armable}"]')
                    break
            card = f'[data-testid="hand"] [data-card="{choose_discard(hand_cards(page))}"]'
            act(card)
            if press == "tap":  # a first tap chooses the card, a second plays it
                expect(page.locator(card)).to_have_attribute("data-selected", "true")
                expect(page.locator('[data-testid="status"]')).to_contain_text("again")
                act(card)
        else:
            break
    wait_idle(page)
    assert_fits(page)
    return phases


@pytest.mark.browser_context_args(**PHONE)
def test_phone_portrait_by_touch(page: Page, site_url: str) -> None:
    (SHOTS / "phone-11-cards.png").unlink(missing_ok=True)
    open_table(page, site_url, "?seed=7&speed=0")
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    shoot(page, "phone-start")
    phases = play_decisions(page, "tap", 60, "phone", until_hand_over=True)
    assert phases.count("discard") >= 2 and phases[-1] == "hand-over"
    assert (SHOTS / "phone-11-cards.png").exists()
    # Buttons and cards are big enough to hit with a finger (WCAG 2.2: at least 24×24 px).
    small = page.evaluate(
        """() => [...document.querySelectorAll("#app button, #app select")]
            .filter((e) => e.offsetParent !== null)
            .map((e) => e.getBoundingClientRect())
            .filter((r) => r.width < 24 || r.height < 24).length"""
    )
    assert small == 0
    shoot(page, "phone-end")


@pytest.mark.browser_context_args(**DESKTOP)
def test_desktop_by_mouse(page: Page, site_url: str) -> None:
    (SHOTS / "desktop-11-cards.png").unlink(missing_ok=True)
    open_table(page, site_url, "?seed=7&speed=0")
    phases = play_decisions(page, "click", 8, "desktop")
    assert phases.count("discard") >= 2
    shoot(page, "desktop-end")
    # Motion only for those who have not asked for less: every animation and transition
    # of our style sheet sits inside @media (prefers-reduced-motion: no-preference).
    assert page.evaluate(UNGATED_MOTION) == []
