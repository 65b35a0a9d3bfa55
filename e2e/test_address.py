"""The address (``?seed=``, ``?speed=``) is typed and shared by people: it never costs a game.

A seeded link resumes its game when that is the game saved, and asks before it
replaces another game in progress; it is applied once and leaves the address, so Back
and Forward never swap games (they asked, when the history held seeded addresses); a
value out of range is ignored with a console warning (the test fixture fails on console
errors, not on warnings); the address's speed holds for the page's whole life.
"""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from gin.game import Game

from .conftest import open_table, stored
from .players import (
    answer,
    choose_from_menu,
    close_panel,
    hand_codes,
    open_panel,
    play_one_decision,
    wait_idle,
)
from .test_motion import COUNT_ANIMATIONS

QUESTION = '[data-testid="confirm"]'


def dealt(seed: int) -> list[str]:
    """The person's first hand of a seeded game, dealt by the engine here."""
    return sorted(str(card) for card in Game(seed=seed).view(0).hand)


def moment(page: Page) -> tuple[object, ...]:
    wait_idle(page)
    return stored(page, "table")["game"]["seed"], stored(page, "table")["game"]["actions"]


def test_a_seeded_link_resumes_its_game_and_asks_before_replacing_another(
    page: Page, site_url: str
) -> None:
    open_table(page, site_url, "?seed=7&speed=0")
    for _ in range(3):
        play_one_decision(page)
    seven = moment(page)

    # A shared link to another game, opened in a new tab: asked first, and "keep" keeps.
    tab = page.context.new_page()
    open_table(tab, site_url, "?seed=8&speed=0")
    question = tab.locator(QUESTION)
    expect(question).to_contain_text("seed 8")
    expect(question).to_contain_text("count as a loss")
    answer(tab, yes=False)
    assert moment(tab) == seven
    tab.close()

    open_table(page, site_url, "?seed=8&speed=0")
    answer(page, yes=True)
    assert moment(page)[0] == 8
    assert sorted(hand_codes(page)) == dealt(8)
    play_one_decision(page)
    eight = moment(page)

    # The seeds were applied once and left the address: Back and Forward resume the game
    # saved, unasked (Back asked about seed 7 when the history held the seeded address, and
    # Forward once dealt seed 8 afresh at every load of its address).
    assert "seed" not in page.evaluate("location.search")
    for step in (page.go_back, page.go_forward):
        step()
        page.wait_for_selector('body[data-ready="true"]', state="attached")
        assert "seed" not in page.evaluate("location.search")
        assert moment(page) == eight
        expect(page.locator(QUESTION)).to_have_count(0)


def test_a_seed_out_of_range_is_ignored_with_a_warning(
    page: Page, site_url: str, console_warnings: list[str]
) -> None:
    open_table(page, site_url, "?seed=-1&speed=0")
    assert wait_idle(page) in ("upcard", "draw")
    seed = stored(page, "table")["game"]["seed"]
    assert isinstance(seed, int) and seed >= 0
    assert any("?seed=" in warning and "ignored" in warning for warning in console_warnings)
    expect(page.locator('[data-testid="notice"]')).to_have_count(0)


def test_a_crawling_speed_is_ignored(
    page: Page, site_url: str, console_warnings: list[str]
) -> None:
    """At 0.001 each of the computer's moves would wait nine minutes."""
    open_table(page, site_url, "?seed=4&speed=0.001&level=easy")
    assert any("?speed=" in warning and "ignored" in warning for warning in console_warnings)
    for _ in range(3):
        play_one_decision(page)
        page.wait_for_selector('body[data-busy="false"]', state="attached", timeout=15_000)
    assert len(stored(page, "table")["game"]["actions"]) >= 4


def test_speed_zero_from_the_address_outlives_a_new_game(page: Page, site_url: str) -> None:
    page.add_init_script(COUNT_ANIMATIONS)
    open_table(page, site_url, "?seed=3&speed=0")
    play_one_decision(page)
    choose_from_menu(page, "new-game")
    answer(page, yes=True)  # the settings' speed is 1: a new game used to deal with motion
    for _ in range(3):
        play_one_decision(page)
    wait_idle(page)
    assert page.evaluate("window.__animated") == []
    # Choosing another speed is remembered for later visits, but this page keeps its address's.
    open_panel(page, "settings")
    page.select_option('[data-setting="speed"]', "2.0")
    close_panel(page, "settings")
    for _ in range(3):
        play_one_decision(page)
    wait_idle(page)
    assert page.evaluate("window.__animated") == []
    assert stored(page, "settings")["speed"] == 2.0


def test_back_to_a_page_kept_in_the_back_forward_cache_shows_the_game_in_progress(
    bfcache_browser: Browser, site_url: str
) -> None:
    """A restored page still holds the game it showed: it catches up instead of swapping back."""
    context = bfcache_browser.new_context()
    page = context.new_page()
    page.set_default_timeout(60_000)
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.add_init_script(
        "addEventListener('pageshow', (e) => { window.__restored = e.persisted; })"
    )
    open_table(page, site_url, "?seed=7&speed=0")
    # The offline worker's first activation claims the page, which evicts it from the cache:
    # let that happen before leaving.
    page.wait_for_function("() => window.ginOfflineReady === true")
    play_one_decision(page)
    open_table(page, site_url, "?seed=8&speed=0")
    answer(page, yes=True)
    play_one_decision(page)
    eight, hand = moment(page), sorted(hand_codes(page))

    page.go_back(wait_until="commit")  # no load event: the page comes back as it was
    page.wait_for_function("() => window.__restored === true")
    expect(page.locator('[data-testid="notice"]')).to_contain_text("another tab")
    assert sorted(hand_codes(page)) == hand and moment(page) == eight
    play_one_decision(page)
    assert moment(page)[1][: len(eight[1])] == eight[1]  # type: ignore[index]
    assert problems == []
    context.close()
