"""The browser's Back (a phone's back gesture) closes what is open before it leaves the game.

A play-tester on a phone pressed Back in a lesson, with the rules open, with the menu open:
each time it left the game for the page before.  Now Back closes the panel, then leaves the
lessons for the person's own game, in the same page (no load: the marker set below stays),
and a panel closed by its own button leaves no step behind, so the next Back leaves.
"""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .players import choose_from_menu, close_panel, open_panel, wait_idle
from .test_responsive import PHONE

LESSON = '[data-testid="lesson"]'


def back(page: Page) -> None:
    """The person's Back, within the page: no load."""
    page.go_back(wait_until="commit")
    wait_idle(page)
    assert page.evaluate("window.samePage") is True, "the page was loaded again"


def test_back_closes_a_panel_then_the_lessons_then_leaves(browser: Browser, site_url: str) -> None:
    context = browser.new_context(**{**PHONE, "viewport": {"width": 390, "height": 844}})
    page = context.new_page()
    page.goto("about:blank")
    page.goto(site_url + "?seed=3&speed=0")
    wait_idle(page)
    page.evaluate("window.samePage = true")
    game = page.url

    open_panel(page, "rules", touch=True)
    back(page)
    expect(page.locator('[data-testid="rules-panel"]')).to_have_count(0)
    assert page.url == game

    choose_from_menu(page, "learn", touch=True)
    page.wait_for_selector(LESSON)
    page.tap('[data-action="lesson-start"]')
    wait_idle(page)
    open_panel(page, "settings", touch=True)
    back(page)  # the panel over the lesson first
    expect(page.locator('[data-testid="settings-panel"]')).to_have_count(0)
    expect(page.locator(LESSON)).to_have_count(1)
    back(page)  # then the lesson, for the person's own game
    expect(page.locator(LESSON)).to_have_count(0)
    assert page.get_attribute("body", "data-phase") == "upcard"

    open_panel(page, "settings", touch=True)
    close_panel(page, "settings")  # closed by its own button: no step of it is left
    wait_idle(page)
    page.go_back(wait_until="commit")
    page.wait_for_url("about:blank")
    context.close()
