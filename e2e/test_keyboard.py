"""The whole game can be played with the keyboard alone."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import open_table
from .players import wait_idle


def test_a_full_hand_with_the_keyboard_only(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=3&speed=0&level=easy")
    keyboard = page.keyboard
    for _ in range(200):
        phase = wait_idle(page)
        if phase in ("hand-over", "game-over"):
            break
        if phase == "upcard":
            keyboard.press("x")
        elif phase == "draw":
            keyboard.press("s")
        else:
            knock = page.locator('[data-action="knock"]')
            if page.locator('[data-action="gin"]').is_enabled():
                keyboard.press("g")
            elif knock.is_enabled():
                keyboard.press("k")
                expect(knock).to_have_attribute("aria-pressed", "true")
            else:
                keyboard.press("ArrowRight")
            focused = page.evaluate("document.activeElement.dataset.card || ''")
            assert focused, "arrow keys and K/G put the focus on a card of the hand"
            assert page.evaluate("document.activeElement.dataset.playable") == "true"
            keyboard.press("Enter")
    assert wait_idle(page) in ("hand-over", "game-over")
    expect(page.locator('[data-testid="result"]')).to_be_visible()
    keyboard.press("n")
    assert wait_idle(page) in ("upcard", "draw", "discard")


def test_keys_panel_lists_the_shortcuts(page: Page, site_url: str) -> None:
    open_table(page, site_url)
    page.keyboard.press("?")
    panel = page.locator('[data-testid="help-panel"]')
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("Draw from the stock")
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()


def test_focus_is_visible(page: Page, site_url: str) -> None:
    open_table(page, site_url)
    page.keyboard.press("Tab")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none")
