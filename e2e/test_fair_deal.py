"""Sealed deals and the daily deal, as a player meets them: the commitment before the first card,
the reveal and its check, the same daily deal in two browsers, the kept result and streak,
Share, and a daily game beside the person's own.  Each new view is scanned with axe.

The pages bypass the CSP so that axe can be injected (e2e/test_accessibility.py); the CSP
itself is tested in e2e/test_security.py.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from gin.ai import bot_seed, make_player
from gin.daily import DAILY_RULES, daily_level, daily_seed
from gin.game import Game
from gin.table.daily import DailyGame, DailyResults, DayResult
from gin.table.settings import Settings
from gin.table.state import TableState
from gin.table.stats import Statistics

from . import positions
from .conftest import LOCAL_ORIGINS, open_table, preset, stored
from .players import (
    answer,
    choose_from_menu,
    click_visible,
    hand_codes,
    open_panel,
    play_game,
    play_one_decision,
    wait_idle,
)
from .test_accessibility import problems

ROOT = Path(__file__).resolve().parent.parent
HEX64 = re.compile(r"^[0-9a-f]{64}$")
DEC_1 = date(2026, 12, 1)


@pytest.fixture(scope="module")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "bypass_csp": True}


def committed(seed: str, salt: str) -> str:
    """The commitment of a revealed seed and salt, by the documented text."""
    return hashlib.sha256(f"gin-rummy-commit/1/{seed}/{salt}".encode()).hexdigest()


def revealed(page: Page, within: str) -> tuple[str, str]:
    seed = page.inner_text(f"{within} [data-testid=reveal-seed]")
    salt = page.inner_text(f"{within} [data-testid=reveal-salt]")
    return seed, salt


def test_the_commitment_is_shown_before_the_first_move_and_verified_at_the_end(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    preset(page, "settings", {"level": "easy", "rules": {"target": 10}})
    open_table(page, site_url, "?speed=0")
    wait_idle(page)
    commitment = page.locator("[data-testid=commitment]")
    expect(commitment).to_be_visible()
    first = commitment.inner_text().strip()
    assert HEX64.match(first), first
    assert not any(e["player"] == 0 for e in _history(page)), "shown before the first move"
    expect(page.locator(".topbar .seal-chip")).to_contain_text(first[:6])
    found = problems(page, "a sealed game's first turn")

    # One decision of the person's puts the game in progress.  With a target of 10 the
    # computer (Easy knocks at its first chance) may end a random deal's game before it can be
    # given up (in 0.3 % of deals after one decision, 1.8 % after three; a game over asks
    # nothing): then the next sealed game is the one given up.
    for _ in range(5):
        play_one_decision(page)
        if wait_idle(page) != "game-over":
            break
        choose_from_menu(page, "new-game")
        wait_idle(page)
        first = commitment.inner_text().strip()
    choose_from_menu(page, "new-game")
    answer(page, yes=True)
    wait_idle(page)
    left = ".proof.left"
    seed, salt = revealed(page, left)
    assert committed(seed, salt) == first
    verdict = page.locator(f"{left} [data-testid=verified]")
    expect(verdict).to_have_attribute("data-ok", "true")
    expect(verdict).to_have_text(
        re.compile(r"^(The deal matches|All \d+ deals match) the commitment shown before")
    )
    found += problems(page, "the reveal of a game given up")
    second = commitment.inner_text().strip()
    assert HEX64.match(second) and second != first
    click_visible(page, '[data-action="close-reveal"]')
    expect(page.locator(".proof.left")).to_have_count(0)

    play_game(page)
    over = '[data-testid="game-over"]'
    seed, salt = revealed(page, over)
    assert committed(seed, salt) == second
    verdict = page.locator(f"{over} [data-testid=verified]")
    expect(verdict).to_have_attribute("data-ok", "true")
    expect(verdict).to_have_text(
        re.compile(r"^(The deal matches|All \d+ deals match) the commitment shown before")
    )
    found += problems(page, "a sealed game over")
    with page.expect_download() as info:
        click_visible(page, f'{over} [data-action="download"]')
    path = tmp_path / "record.json"
    info.value.save_as(path)
    record = json.loads(path.read_text())
    assert (record["commitment"], record["salt"]) == (second, salt)
    checked = subprocess.run(
        [sys.executable, "-m", "gin.replay", "--verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stderr
    game = record["game"]  # one deck is written "deck", more "decks" (gin/game.py)
    hands = len(game["decks"]) if "decks" in game else 1
    assert checked.stdout.count("dealt as the seed deals it") == hands
    assert not found, "\n".join(found)


def _history(page: Page) -> list[dict[str, Any]]:
    table = stored(page, "table")
    game = Game.from_dict(table["game"])
    return [{"player": e.player} for e in game.view(0).history]


# --- the daily deal ---------------------------------------------------------------------------


def fresh_profile(browser: Browser) -> BrowserContext:
    """A browser profile of its own (no storage), locked to the local servers."""
    context = browser.new_context()
    context.route(
        "**/*",
        lambda route: (
            route.continue_()
            if any(route.request.url.startswith(origin) for origin in LOCAL_ORIGINS)
            else route.abort()
        ),
    )
    return context


def daily_hand(context: BrowserContext, url: str, day: str) -> list[str]:
    page = context.new_page()
    open_table(page, url, f"?daily={day}&speed=0")
    wait_idle(page)
    expect(page.locator("[data-testid=daily-chip]")).to_be_visible()
    codes = hand_codes(page)
    page.close()
    return codes


@pytest.mark.parametrize("width", [360, 412])
def test_the_seal_on_a_phone_is_never_cut(browser: Browser, site_url: str, width: int) -> None:
    """Beside the scores at 360 px the seal's chip had room for its ring and one or two
    characters of the commitment, cut without a sign: there it is the ring alone, and wherever
    it shows its characters they are whole."""
    context = browser.new_context(
        viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    open_table(page, site_url, "?speed=0")
    wait_idle(page)
    chip = page.locator(".topbar .seal-chip")
    expect(chip).to_be_visible()
    cut = chip.evaluate("(chip) => chip.scrollWidth - chip.clientWidth")
    assert cut <= 1, f"{cut} px of the seal's chip are cut off at {width} px"
    context.close()


TOP_BAR_CUTS = """() => {
    const shown = (el) => el.checkVisibility() && el.getBoundingClientRect().width > 0;
    const cut = [...document.querySelectorAll(".topbar > *, .topbar .seal-chip code")]
        .filter((el) => shown(el) && el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.className.split(" ")[0] || el.tagName + ": " + el.textContent);
    const facts = ["target", "hand-number", "level", "ruleset"].filter((fact) =>
        [...document.querySelectorAll(`.topbar .${fact}`)].some(shown) ===
        [...document.querySelectorAll(`[data-testid=menu-game] .${fact}`)].some(shown));
    return {cut, facts};
}"""


@pytest.mark.parametrize("language", ["en", "pl"])
def test_the_seal_leaves_the_top_bar_s_facts_whole(
    browser: Browser, site_url: str, language: str
) -> None:
    """Beside a sealed deal's chip the bar's facts were squeezed: "Hand 1" cut to "Ha…" and
    the code to "f7b4ae…e6…" at 768 px.  With a chip they give way sooner, whole, and the
    menu says each one the bar leaves out, at every width from a phone's to a laptop's."""
    context = browser.new_context(viewport={"width": 1400, "height": 800})
    page = context.new_page()
    preset(page, "settings", {"language": language})
    open_table(page, site_url, "?speed=0")  # no seed: a sealed deal
    wait_idle(page)
    expect(page.locator(".topbar .seal-chip")).to_be_visible()
    page.click('[data-action="menu"]')
    for width in range(640, 1400, 24):
        page.set_viewport_size({"width": width, "height": 800})
        found = page.evaluate(TOP_BAR_CUTS)
        assert found == {"cut": [], "facts": []}, (width, found)
    context.close()


def test_the_seal_on_the_smallest_phone_is_in_the_score_sheet(
    browser: Browser, site_url: str
) -> None:
    """A 320 px phone's top bar has no room for the seal beside the scores and the menu: it is
    left out there (squeezed, it was a sliver that made the page wider than the window), and
    the score sheet, which the menu opens, shows it whole."""
    context = browser.new_context(
        viewport={"width": 320, "height": 568}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    open_table(page, site_url, "?speed=0")  # no seed: a sealed deal, as every player's game
    wait_idle(page)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 320
    expect(page.locator(".topbar .seal-chip")).to_be_hidden()
    open_panel(page, "sheet", touch=True)
    commitment = page.locator('[data-testid="sheet-panel"] [data-testid="commitment"]')
    expect(commitment).to_be_visible()
    assert HEX64.match(commitment.inner_text().strip())
    context.close()


CHIP_PLACE = """() => {
    const chip = document.querySelector('.topbar [data-testid=daily-chip]').getBoundingClientRect();
    const scores = document.querySelector('.topbar .scoreboard').getBoundingClientRect();
    const name = document.querySelector('.topbar [data-testid=daily-chip] .daily-name');
    return {overlap: chip.left < scores.right && chip.top < scores.bottom, cut:
        name.getBoundingClientRect().width > 1 && name.scrollWidth > name.clientWidth + 1,
        shown: name.getBoundingClientRect().width > 1 ? name.textContent : getComputedStyle(
            document.querySelector('.topbar [data-testid=daily-chip]'), '::before').content};
}"""


def test_the_daily_chip_is_whole_on_a_phone_and_a_tablet(browser: Browser, site_url: str) -> None:
    """Today's deal in the top bar: a phone has no room for its name beside the scores (cut to
    "Today's…", it lay over the computer's score), so it shows the day on a calendar page; a
    tablet's bar leaves the game's title out for the whole name.  The name stays the chip's."""
    for width, shown in ((360, '"6" / ""'), (390, '"6" / ""'), (768, "Today's deal")):
        context = browser.new_context(
            viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True
        )
        page = context.new_page()
        page.clock.set_fixed_time("2026-12-06T12:00:00Z")
        open_table(page, site_url, "?daily=2026-12-06&speed=0")
        wait_idle(page)
        chip = page.locator(".topbar [data-testid=daily-chip]")
        expect(chip).to_be_visible()
        expect(chip).to_have_text("Today's deal")  # the name a screen reader reads
        place = page.evaluate(CHIP_PLACE)
        assert place == {"overlap": False, "cut": False, "shown": shown}, (width, place)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width
        context.close()


def test_a_days_deal_is_the_same_in_two_browsers_and_the_next_days_is_another(
    browser: Browser, site_url: str
) -> None:
    one, two = fresh_profile(browser), fresh_profile(browser)
    try:
        first = daily_hand(one, site_url, "2026-12-01")
        assert daily_hand(two, site_url, "2026-12-01") == first
        expected = Game(seed=daily_seed(DEC_1), rules=DAILY_RULES).view(0).hand
        assert sorted(first) == sorted(str(card) for card in expected)
        assert daily_hand(two, site_url, "2026-12-02") != first
    finally:
        one.close()
        two.close()


def daily_before_the_last_move(day: date) -> tuple[dict[str, Any], str]:
    """The day's game one move before its end, the person (seat 0) to make it: the saved
    daily record (on the table) and that move."""
    seed = daily_seed(day)
    game = Game(seed=seed, rules=DAILY_RULES)
    bots = (make_player("easy", 5), make_player(daily_level(day), bot_seed(seed, 1)))
    moves: list[str] = []
    while not game.over:
        seat = game.to_move
        assert seat is not None
        moves.append(str(bots[seat].choose(game.view(seat), game.legal_actions())))
        game.apply(moves[-1])
    assert game.hand_results[-1].history[-1].player == 0, "the person makes the last move"
    before = Game(seed=seed, rules=DAILY_RULES)
    for move in moves[:-1]:
        before.apply(move)
    results = len(before.hand_results)
    state = TableState(
        game=before,
        level=daily_level(day),
        settings=Settings(),
        stats=Statistics.empty(),
        results_seen=results,
        results_counted=results,
        daily=DailyGame(day),
    )
    return state.record(on_table=True), moves[-1]


def test_the_daily_result_streak_and_share_and_the_game_kept_aside(
    page: Page, site_url: str
) -> None:
    page.clock.set_fixed_time("2026-12-01T12:00:00Z")
    own = positions.second_hand(seed=7, moves=4)
    daily, last = daily_before_the_last_move(DEC_1)
    before = DailyResults()
    for day in (29, 30):
        before = before.kept(date(2026, 11, day), DayResult(day == 30, 100, 60, 3))
    for name, value in (("table", own), ("daily-table", daily), ("daily", before.to_dict())):
        preset(page, name, value)
    open_table(page, site_url, "?speed=0")
    assert wait_idle(page) == "discard"
    expect(page.locator("[data-testid=daily-chip]")).to_have_text("Today's deal")
    kind, card = last.split()
    click_visible(page, f'[data-action="{kind}"]')
    click_visible(page, f'[data-testid="hand"] [data-card="{card}"]', count=2)
    assert wait_idle(page) == "game-over"
    over = '[data-testid="game-over"]'
    expect(page.locator(f"{over} [data-testid=verified]")).to_have_text(
        re.compile(r"^All \d+ deals match the daily deal of 1 December 2026\.$")
    )
    kept = stored(page, "daily")["days"]["2026-12-01"]
    assert kept["won"] is True and kept["hands"] >= 2

    click_visible(page, f'{over} [data-action="share-daily"]')
    text = page.locator("[data-testid=share-text]")
    expect(text).to_be_visible()
    shared = text.input_value()
    assert shared.startswith("Gin Rummy, the deal of 1 December 2026: I won ")
    assert f"{kept['you']} to {kept['computer']} in {kept['hands']} hands." in shared
    assert shared.endswith("?daily=2026-12-01") and site_url in shared
    expect(page.locator(".share-status")).not_to_have_text("Copying…")
    found = problems(page, "the share box")
    expect(text).to_be_focused()
    page.keyboard.press("Escape")  # the box is put away from the keyboard too
    expect(text).to_have_count(0)
    expect(page.locator(f'{over} [data-action="share-daily"]')).to_be_focused()  # its opener

    for reloaded in (False, True):
        if reloaded:
            page.reload()
            assert wait_idle(page) == "game-over"
        open_panel(page, "stats")
        calendar = page.locator("[data-testid=daily-calendar]")
        expect(calendar.locator('td[data-day="1"]')).to_have_attribute("data-mark", "won")
        expect(calendar.locator('td[data-day="1"]')).to_have_attribute("aria-current", "date")
        expect(page.locator("[data-testid=daily-streak]")).to_have_text("Current streak: 3 days")
        if not reloaded:
            found += problems(page, "the daily calendar")
            page.set_viewport_size({"width": 360, "height": 640})
            wide = page.evaluate(
                "() => document.querySelector('[data-testid=stats-panel] .panel-body')"
                ".scrollWidth <= innerWidth"
            )
            assert wide, "the calendar fits a phone"
            found += problems(page, "the daily calendar on a phone")
            page.set_viewport_size({"width": 1280, "height": 720})
        click_visible(page, '[data-testid="stats-panel"] [data-action="close-panel"]')

    # The person's own game was kept aside all along, untouched.
    click_visible(page, f'{over} [data-action="next-hand"]')
    wait_idle(page)
    assert stored(page, "table")["game"]["actions"] == own["game"]["actions"]
    expect(page.locator("[data-testid=daily-chip]")).to_have_count(0)
    mine = hand_codes(page)
    # Today's deal again is practice; the person's game stays aside, and comes back.
    choose_from_menu(page, "daily")
    wait_idle(page)
    expect(page.locator("[data-testid=daily-chip]")).to_have_text("Today's deal · practice")
    expect(page.locator("[data-testid=practice]")).to_be_visible()
    play_one_decision(page)
    wait_idle(page)
    practice = stored(page, "daily-table")["game"]["actions"]
    assert stored(page, "table")["game"]["actions"] == own["game"]["actions"]
    choose_from_menu(page, "back-to-game")
    wait_idle(page)
    assert hand_codes(page) == mine
    assert stored(page, "daily-table")["game"]["actions"] == practice
    assert stored(page, "daily")["days"]["2026-12-01"] == kept
    assert not found, "\n".join(found)
