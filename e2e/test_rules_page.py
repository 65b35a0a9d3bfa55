"""The rules panel: the whole ruleset in the chosen language, with card pictures."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .conftest import open_table
from .players import close_panel, open_menu, open_panel

PANEL = '[data-testid="rules-panel"]'


def open_rules(page: Page) -> None:
    open_panel(page, "rules")
    expect(page.locator(PANEL)).to_be_visible()


def choose_language(page: Page, language: str) -> None:
    """The language select lives in the menu, which replaces the open panel; back to the rules."""
    open_menu(page)
    page.select_option('select[data-control="language"]', language)
    expect(page.locator("html")).to_have_attribute("lang", language)
    open_rules(page)


def test_rules_panel_shows_the_full_rules(page: Page, site_url: str) -> None:
    open_table(page, site_url)
    open_rules(page)
    panel = page.locator(PANEL)
    expect(panel).to_contain_text("Ruleset 1.0.0")
    for heading in (
        "Cards and melds",
        "The deal",
        "A turn",
        "End of a hand",
        "Lay-offs",
        "Scoring",
        "End of the game",
        "Who sees what",
        "Computer levels",
    ):
        expect(panel.locator("h3", has_text=heading)).to_have_count(1)
    # Example melds: a set, a run, A-2-3 (allowed) and Q-K-A (not a run), drawn as cards.
    for code in ("7S", "4H", "AC", "QD"):
        expect(panel.locator(f'.card[data-card="{code}"]').first).to_be_visible()
    expect(panel.locator('.card[data-card="AC"]').first).to_have_attribute(
        "aria-label", "ace of clubs"
    )
    expect(panel.locator(".card.noted")).to_have_count(3)  # the cards laid off in the example
    # Their notes are not written over each other (side by side, one note says it).
    notes = panel.evaluate(
        """(panel) => [...panel.querySelectorAll('.card-note')]
            .map((n) => n.getBoundingClientRect())
            .filter((b) => b.width > 0)
            .map((b) => [b.left, b.right, b.top, b.bottom])"""
    )
    assert notes
    for i, (left, right, top, bottom) in enumerate(notes):
        for other in notes[i + 1 :]:
            apart = right <= other[0] or other[1] <= left or bottom <= other[2] or other[3] <= top
            assert apart, (notes[i], other)
    # Each laid-off card stands out as the defender's (the one note of a run names both), and
    # no note lies over a card of the next row (they hung over the 3♠ and the J♥).
    laid_off = panel.locator(".card.theirs").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert sorted(laid_off) == ["3S", "4S", "9S"], laid_off
    covered = panel.evaluate(
        """(panel) => [...panel.querySelectorAll('.card-note')].filter((note) => {
            const box = note.getBoundingClientRect(), row = note.closest('.cards');
            return box.width > 0 && [...panel.querySelectorAll('.card')].some((card) => {
                const c = card.getBoundingClientRect();
                return card.closest('.cards') !== row && c.left < box.right && box.left < c.right
                    && c.top < box.bottom && box.top < c.bottom;
            });
        }).length"""
    )
    assert covered == 0
    expect(panel).to_contain_text("25 + 23 = 48")  # gin
    expect(panel).to_contain_text("8 − 5 + 25 = 28")  # undercut
    # Only the rules are shown in the panel; the table stays where it was.
    expect(page.locator('[data-testid="hand"] [data-card]')).to_have_count(10, timeout=1)
    close_panel(page, "rules")
    expect(page.locator(PANEL)).to_have_count(0)


def test_the_example_cards_grow_with_the_text(browser: Browser, site_url: str) -> None:
    """On a big screen the page's text grows (36 px at 3840 x 2160): the examples' cards grow
    with it, three times the text's size wide, and do not stay thumbnails beside it."""
    for width, height in ((1366, 768), (3840, 2160)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        try:
            open_table(page, site_url)
            open_rules(page)
            card = page.locator(f'{PANEL} .card[data-card="7S"]').first
            text = float(
                page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
            )
            box = card.bounding_box()
            assert box is not None
            assert abs(box["width"] - 3 * text) < 1, (width, box, text)
        finally:
            context.close()


def test_rules_follow_the_language(page: Page, site_url: str) -> None:
    open_table(page, site_url)
    open_rules(page)
    panel = page.locator(PANEL)
    choose_language(page, "pl")
    expect(panel.locator("h3", has_text="Dokładanie")).to_have_count(1)
    expect(panel).to_contain_text("Zasady w wersji 1.0.0")
    expect(panel.locator('.card[data-card="7H"]').first).to_have_attribute(
        "aria-label", "siódemka kier"
    )
    expect(panel).not_to_contain_text("Lay-offs")
    choose_language(page, "et")
    expect(panel.locator("h3", has_text="Kaartide lisamine")).to_have_count(1)
    choose_language(page, "hi")
    expect(panel.locator("h3", has_text="ले-ऑफ़")).to_have_count(1)
    expect(panel.locator("article.rules")).to_have_attribute("lang", "hi")
