"""Automated accessibility scans (axe-core from npm) of every view, plus screen-reader basics.

axe is injected by the test, so its context bypasses the page's CSP (which,
rightly, refuses inline scripts); everything else runs as a player gets it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import open_table
from .players import play_one_decision, wait_idle

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture
def scan_page(browser: Browser, site_url: str) -> Iterator[Page]:
    context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    yield page
    context.close()


def serious_violations(page: Page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        """async () => {
            const r = await axe.run(document, {resultTypes: ["violations"]});
            return r.violations.filter(v => ["serious", "critical"].includes(v.impact))
                .map(v => v.id + ": " + v.help + " @ " + v.nodes.slice(0, 3)
                     .map(n => n.target.join(" ")).join(", "));
        }"""
    )
    return list(result)


def test_table_and_panels_have_no_serious_violations(scan_page: Page, site_url: str) -> None:
    open_table(scan_page, site_url, "?seed=3&speed=0")
    assert serious_violations(scan_page) == [], "table"
    for panel in ("settings", "stats", "rules", "help"):
        scan_page.click(f'[data-action="{panel}"]')
        expect(scan_page.locator(f'[data-testid="{panel}-panel"]')).to_be_visible()
        assert serious_violations(scan_page) == [], panel
    scan_page.click('[data-action="close-panel"]')


def test_hand_result_has_no_serious_violations(scan_page: Page, site_url: str) -> None:
    open_table(scan_page, site_url, "?seed=3&speed=0&level=easy")
    for _ in range(300):
        if wait_idle(scan_page) in ("hand-over", "game-over"):
            break
        play_one_decision(scan_page)
    expect(scan_page.locator('[data-testid="result"]')).to_be_visible()
    assert serious_violations(scan_page) == []


def test_cards_regions_and_moves_are_spoken(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=3&speed=0")
    first = page.locator('[data-testid="hand"] [data-card]').first
    expect(first).to_have_accessible_name(re.compile(r"^\w+ of \w+$"))
    pile = page.locator('[data-testid="pile"]')
    expect(pile).to_have_accessible_name(re.compile(r"^Discard pile, top card \w+ of \w+$"))
    expect(page.locator('[data-testid="stock"]')).to_have_attribute("aria-label", "Stock: 31 cards")
    for region in ("Your hand", "Scores", "Stock and discard pile"):
        expect(page.get_by_role("region", name=region)).to_be_visible()
    page.click('[data-action="pass"]')
    wait_idle(page)
    expect(page.locator("#announcer")).to_have_attribute("aria-live", "polite")
    expect(page.locator("#announcer")).to_contain_text("The computer")
