"""The coach in the page: after a hand, Review hand steps through the person's decisions."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from . import positions
from .conftest import open_position
from .players import click_visible, open_panel, play_one_decision, wait_idle

PANEL = '[data-testid="review-panel"]'


def test_the_hint_weighs_its_move_then_a_person_reviews_the_hand_by_click_and_keyboard(
    page: Page, site_url: str
) -> None:
    open_position(page, site_url, positions.about_to_knock())
    wait_idle(page)
    click_visible(page, '[data-action="hint"]')
    expect(page.locator('[data-testid="hint"]')).to_contain_text(
        re.compile(r"better than the next best move|is about as good")
    )
    assert play_one_decision(page) == "discard"  # the scripted person knocks
    assert wait_idle(page) == "hand-over"
    click_visible(page, '[data-action="review-hand"]')
    panel = page.locator(PANEL)
    step = panel.locator('[data-testid="review-step"] h3')
    expect(panel.locator('[data-testid="review-step"]')).to_be_visible(timeout=20_000)
    # The panel takes the focus, as every framed panel does (it stayed on Review hand).
    page.wait_for_function("() => document.activeElement?.dataset?.action === 'close-panel'")
    expect(panel.locator('[data-testid="review-note"]')).to_contain_text(
        "never looks at the computer's concealed cards"
    )
    items = panel.locator('[data-testid="review-list"] li')
    count = items.count()
    assert count >= 3
    expect(step).to_have_text(f"Decision 1 of {count}")
    expect(panel.locator('[data-testid="review-summary"]')).to_contain_text(
        f"of {count} decisions as Hard would play"
    )
    click_visible(page, '[data-action="review-next"]')
    expect(step).to_have_text(f"Decision 2 of {count}")
    page.keyboard.press("ArrowRight")
    expect(step).to_have_text(f"Decision 3 of {count}")
    page.keyboard.press("ArrowLeft")
    expect(step).to_have_text(f"Decision 2 of {count}")
    expect(items.nth(1)).to_have_attribute("aria-current", "step")
    for _ in range(count - 2):
        page.keyboard.press("ArrowRight")
    expect(step).to_have_text(f"Decision {count} of {count}")
    # The person knocked where Hard's schedule plays on: marked, explained, not priced.
    expect(panel.locator(".review-reason")).to_contain_text("Do not knock yet with")
    expect(panel.locator(".review-cost")).to_have_text(
        "No cost estimate: Hard does not knock with this much deadwood yet."
    )
    page.keyboard.press("Escape")
    expect(panel).to_have_count(0)
    page.keyboard.press("r")
    expect(step).to_have_text(f"Decision 1 of {count}")
    page.wait_for_function("() => document.activeElement?.dataset?.action === 'close-panel'")
    click_visible(page, f'{PANEL} [data-action="close-panel"]')
    expect(panel).to_have_count(0)
    open_panel(page, "stats")
    reviewed = page.locator('[data-testid="review-stats"] tr:has(td)').first.locator("td")
    expect(reviewed.first).to_have_text("1")  # the Easy column: one hand reviewed
    page.set_viewport_size({"width": 1920, "height": 1080})  # where the two tables parted
    columns = page.evaluate(
        """() => [...document.querySelectorAll('table.stats tr:has(td + td)')]
            .map((row) => [...row.querySelectorAll('td')]
                .map((td) => Math.round(td.getBoundingClientRect().right)))"""
    )
    assert len(columns) > 2 and all(row == columns[0] for row in columns), (
        f"the coach's figures line up with the levels' columns: {columns}"
    )
