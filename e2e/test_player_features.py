"""What players expect around the table: save and resume, settings, statistics, hints, records."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import Page, expect

from . import positions
from .conftest import PageProblems, open_position, open_table, preset, store, stored
from .players import (
    answer,
    choose_from_menu,
    click_visible,
    close_panel,
    hand_codes,
    open_panel,
    play_game,
    play_one_decision,
    wait_idle,
)

ROOT = Path(__file__).resolve().parent.parent
TABLE = '[data-testid="table"]'
FOUR_COLOUR = re.compile(r"\bfour-colour\b")
LARGE_CARDS = re.compile(r"\bcards-large\b")


def table_state(page: Page) -> tuple[object, ...]:
    return (
        hand_codes(page),
        page.get_attribute('[data-testid="pile"] .card.top', "data-card"),
        page.inner_text('[data-testid="score-you"]'),
        page.get_attribute("body", "data-phase"),
    )


def stats_rows(page: Page) -> dict[str, list[int]]:
    """The statistics table by row label: one figure per level (Easy, Normal, Hard); the
    coach's figures below them (``review-stats``) left out."""
    panel = page.locator('[data-testid="stats-table"]')
    return {
        row.locator("th").inner_text(): [int(td) for td in row.locator("td").all_inner_texts()]
        for row in panel.locator("tbody:not([data-testid=review-stats]) tr").all()
    }


def set_target(page: Page, target: int, key: str = "Tab") -> None:
    """Change the target score in Settings (typed, then ``key``) and agree to the new game it
    needs."""
    if not page.locator('[data-testid="settings-panel"]').count():
        open_panel(page, "settings")
    page.fill('[data-setting="target"]', str(target))
    page.press('[data-setting="target"]', key)
    answer(page, yes=True)
    wait_idle(page)


def test_reload_and_reopen_resume_the_same_moment(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=4&speed=0")
    for _ in range(5):
        play_one_decision(page)
    wait_idle(page)
    before = table_state(page)
    page.goto(site_url + "?speed=0")  # no seed: resume the saved game
    wait_idle(page)
    assert table_state(page) == before
    other = page.context.new_page()  # close the tab, open the game again
    page.close()
    other.goto(site_url + "?speed=0")
    wait_idle(other)
    assert table_state(other) == before
    other.close()


def test_a_tampered_save_is_refused_with_a_message(
    page: Page, site_url: str, page_problems: PageProblems
) -> None:
    open_table(page, site_url, "?seed=4&speed=0")
    play_one_decision(page)
    wait_idle(page)
    data = stored(page, "table")
    data["game"]["actions"][0] = "gin KS"  # an edit that breaks the checksums
    store(page, "table", data)
    page.goto(site_url + "?speed=0")
    assert wait_idle(page) in ("upcard", "draw", "discard")
    expect(page.locator('[data-testid="notice"]')).to_contain_text("could not be restored")
    # The table's counters are under the checksum too: a finished hand whose "counted" mark
    # is edited away would be counted in the statistics again at every load.
    edited = positions.hand_over(seed=7)
    assert edited["results_counted"] == 1
    edited["results_counted"] = 0
    store(page, "table", edited)
    page.goto(site_url + "?speed=0")
    wait_idle(page)
    expect(page.locator('[data-testid="notice"]')).to_contain_text("could not be restored")
    assert page.get_attribute("body", "data-phase") != "hand-over"
    for garbage in ("{not json", '{"format": "gin-rummy-session", "version": 2}'):
        store(page, "table", garbage)
        page.goto(site_url + "?speed=0")
        assert wait_idle(page) in ("upcard", "draw", "discard")
        expect(page.locator('[data-testid="notice"]')).to_be_visible()
    assert not page_problems.page_errors and not page_problems.console_errors


def test_settings_apply_remember_and_rule_changes_ask_first(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=4&speed=0")
    play_one_decision(page)
    wait_idle(page)  # the move saved (after its frame), not read before it
    actions_before = len(stored(page, "table")["game"]["actions"])
    open_panel(page, "settings")
    page.check('[data-setting="four_colour"]')
    expect(page.locator(TABLE)).to_have_class(FOUR_COLOUR)
    page.select_option('[data-setting="card_size"]', "large")
    expect(page.locator(TABLE)).to_have_class(LARGE_CARDS)
    page.check('[data-setting="game_bonus"]')
    question = page.locator('[data-testid="confirm"]')
    expect(question).to_contain_text("new game")
    expect(question).to_contain_text("count as a loss")
    answer(page, yes=False)  # "From the next game": the game goes on with its own rules
    assert len(stored(page, "table")["game"]["actions"]) == actions_before
    assert stored(page, "table")["game"]["rules"]["game_bonus"] is False
    expect(page.locator('[data-setting="game_bonus"]')).to_be_checked()  # the next game's
    assert stored(page, "settings")["rules"]["game_bonus"] is True
    # Enter in a field sent the form, which the page's policy refuses with a console error
    # (the conftest fails the test on it): nothing is sent, a value typed is taken.
    page.press('[data-setting="target"]', "Enter")
    page.fill('[data-setting="target"]', "")
    page.press('[data-setting="target"]', "Enter")
    # A value refused is said under its field, in sight: the table's line lay under the panel.
    page.fill('[data-setting="target"]', "0")
    page.press('[data-setting="target"]', "Enter")
    error = page.locator('[data-testid="settings-panel"] .field-error')
    expect(error).to_contain_text("The target score must be a whole number")
    on_top = error.evaluate(
        """e => { const b = e.getBoundingClientRect();
            const x = b.x + b.width / 2, y = b.y + b.height / 2;
            return e.contains(document.elementFromPoint(x, y)); }"""
    )
    assert on_top, "the refusal is covered"
    expect(page.locator('[data-testid="why"]')).to_have_text("")  # said once, not twice
    expect(page.locator('[data-setting="target"]')).to_have_attribute("aria-invalid", "true")
    set_target(page, 50, key="Enter")
    assert stored(page, "table")["game"]["rules"]["target"] == 50
    assert stored(page, "table")["game"]["rules"]["game_bonus"] is True  # kept for this game
    assert page.evaluate("location.search") == "?speed=0"
    # A new game, and the one given up counts as a lost game (as the question said).
    levels = stored(page, "stats")["levels"].values()
    assert sorted((level["games_played"], level["games_won"]) for level in levels)[-1] == (1, 0)
    assert sum(level["games_played"] for level in levels) == 1
    page.reload()
    wait_idle(page)
    expect(page.locator(TABLE)).to_have_class(FOUR_COLOUR)
    expect(page.locator(TABLE)).to_have_class(LARGE_CARDS)
    open_panel(page, "settings")
    expect(page.locator('[data-setting="target"]')).to_have_value("50")
    expect(page.locator('[data-setting="four_colour"]')).to_be_checked()


def test_a_question_holds_the_table_until_it_is_answered(page: Page, site_url: str) -> None:
    """The question dims the table: a click or a tap on it, a game key and Tab reach nothing
    under it (before, a click on the stock drew a card behind "New game?"); its safe answer
    has the focus, and keeps it through a click on the table, and once it is answered the
    table plays again."""
    open_table(page, site_url, "?seed=4&speed=0")
    for _ in range(4):  # a game in progress (or the question is not asked), at a draw
        play_one_decision(page)
        if wait_idle(page) == "draw":
            break
    phase, hand = wait_idle(page), hand_codes(page)
    assert phase == "draw"
    choose_from_menu(page, "new-game")
    expect(page.locator('[data-testid="confirm"]')).to_be_visible()
    expect(page.locator('[data-testid="confirm"] [data-action="cancel"]')).to_be_focused()
    for target in ('[data-testid="stock"]', '[data-action="menu"]'):
        box = page.locator(target).bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        # and a click on what it dims leaves the focus on the question, not on the page
        expect(page.locator('[data-testid="confirm"] [data-action="cancel"]')).to_be_focused()
    page.keyboard.press("s")
    for _ in range(6):
        page.keyboard.press("Tab")
        inside = page.evaluate(
            "!document.activeElement || document.activeElement === document.body"
            " || !!document.activeElement.closest('[data-testid=confirm]')"
        )
        assert inside, "Tab left the question for the table under it"
    expect(page.locator('[data-testid="menu"]')).to_have_count(0)
    assert (wait_idle(page), hand_codes(page)) == (phase, hand), "nothing was played under it"
    page.keyboard.press("Escape")
    expect(page.locator('[data-testid="confirm"]')).to_have_count(0)
    expect(page.locator('[data-action="menu"]')).to_be_focused()  # not the page's start
    click_visible(page, '[data-testid="stock"]')
    assert wait_idle(page) == "discard", "answered, the table plays again"


def test_bonuses_show_at_game_over_and_statistics_count_the_game(page: Page, site_url: str) -> None:
    preset(page, "settings", {"level": "easy", "rules": {"target": 15, "game_bonus": True}})
    open_table(page, site_url, "?seed=8&speed=0")
    wait_idle(page)
    click_visible(page, '[data-action="hint"]')
    expect(page.locator('[data-testid="hint"]')).not_to_be_empty()
    play_game(page)
    over = page.locator('[data-testid="game-over"]')
    expect(over).to_contain_text("Game bonus")
    you = int(page.inner_text('[data-testid="final-you"]'))
    ai = int(page.inner_text('[data-testid="final-ai"]'))
    assert max(you, ai) >= 115
    open_panel(page, "stats")
    panel = page.locator('[data-testid="stats-panel"]')
    expect(panel.locator("figure svg")).to_be_visible()
    rows = stats_rows(page)
    assert rows["Games played"] == [1, 0, 0]
    assert rows["Games won"][0] == (1 if you > ai else 0)
    assert rows["Hints used"] == [1, 0, 0]
    click_visible(page, '[data-action="reset-stats"]')
    expect(page.locator('[data-testid="confirm"]')).to_contain_text("Reset all statistics")
    answer(page, yes=False)
    assert stats_rows(page)["Games played"] == [1, 0, 0]
    click_visible(page, '[data-action="reset-stats"]')
    answer(page, yes=True)
    assert stats_rows(page)["Games played"] == [0, 0, 0]
    expect(panel.locator('[data-testid="chart-empty"]')).to_be_visible()
    assert stored(page, "stats")["levels"]["easy"]["games_played"] == 0


def test_new_game_asks_first_and_an_abandoned_game_counts_as_lost(
    page: Page, site_url: str
) -> None:
    open_table(page, site_url, "?seed=4&speed=0")
    open_panel(page, "stats")
    empty = page.locator('[data-testid="chart-empty"]')
    expect(empty).to_contain_text("No games finished yet")
    close_panel(page, "stats")
    for _ in range(3):
        play_one_decision(page)
    wait_idle(page)
    before, actions = table_state(page), stored(page, "table")["game"]["actions"]

    choose_from_menu(page, "new-game")
    question = page.locator('[data-testid="confirm"]')
    expect(question).to_contain_text("Start a new game?")
    expect(question).to_contain_text("count as a loss")
    answer(page, yes=False)
    assert table_state(page) == before
    assert stored(page, "table")["game"]["actions"] == actions

    choose_from_menu(page, "new-game")
    answer(page, yes=True)
    wait_idle(page)
    assert stored(page, "table")["game"]["seed"] != 4
    assert len(stored(page, "table")["game"]["actions"]) < len(actions)
    open_panel(page, "stats")
    rows = stats_rows(page)
    assert rows["Games abandoned (counted as lost)"] == [0, 1, 0]
    assert rows["Games played"] == [0, 1, 0] and rows["Games won"] == [0, 0, 0]
    expect(empty).to_have_count(0)
    expect(page.locator('[data-testid="stats-panel"] figure svg')).to_have_attribute(
        "aria-label", re.compile(r"Normal: 0 won, 1 lost")
    )
    # A game in which the person has not played yet (the computer may have, as non-dealer)
    # is replaced without a question.
    close_panel(page, "stats")
    fresh = stored(page, "table")["game"]["seed"]
    choose_from_menu(page, "new-game")
    wait_idle(page)
    expect(question).to_have_count(0)
    assert stored(page, "table")["game"]["seed"] != fresh


def test_download_mid_game_gives_only_the_finished_hands(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    """Mid-hand the record must not hold the seed (it deals the hand in play) or that hand."""
    saved = positions.second_hand(seed=7, moves=4)
    open_position(page, site_url, saved)
    assert wait_idle(page) in ("draw", "discard", "upcard")
    with page.expect_download() as info:
        choose_from_menu(page, "download")
    path = tmp_path / "record.json"
    info.value.save_as(path)
    assert info.value.suggested_filename == "gin-rummy-hands-1-1.json"
    game = json.loads(path.read_text())["game"]
    assert game["seed"] is None and game["deck"]
    everything = stored(page, "table")["game"]["actions"]
    assert (
        len(game["actions"]) < len(everything)
        and everything[: len(game["actions"])] == game["actions"]
    )
    out = replay(path)
    assert "no seed" in out and "Hand 1" in out and "Hand 2" not in out
    assert "The game was not finished." in out


def test_download_after_the_game_gives_the_whole_record(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    saved = positions.game_over(seed=7)
    open_position(page, site_url, saved)
    assert wait_idle(page) == "game-over"
    with page.expect_download() as info:
        click_visible(page, '[data-testid="game-over"] [data-action="download"]')
    path = tmp_path / "record.json"
    info.value.save_as(path)
    data = json.loads(path.read_text())
    assert data["game"]["seed"] == 7 and data["game"]["actions"] == saved["game"]["actions"]
    out = replay(path)
    assert "Seed 7" in out and "Hand 1" in out and " wins " in out


def test_replay_these_deals_deals_the_finished_game_again_and_leaves_the_address(
    page: Page, site_url: str
) -> None:
    """The game over's link (``?seed=7``) deals seed 7's deals anew: it showed the same game
    over, and Play again then dealt another game under ``?seed=7``.  The address's seed and
    level are applied once and leave the address bar, so a reload resumes the game as it
    was left and keeps the level chosen since."""
    saved = positions.game_over(seed=7)
    open_position(page, site_url, saved)
    assert wait_idle(page) == "game-over"
    link = page.locator('[data-testid="game-over"] [data-testid="seed-link"]')
    with page.expect_navigation():
        link.click()
    page.wait_for_selector('body[data-ready="true"]', state="attached")
    assert wait_idle(page) in ("upcard", "draw")
    game = stored(page, "table")["game"]
    assert game["seed"] == 7 and len(game["actions"]) < len(saved["game"]["actions"])
    expect(page.locator('[data-testid="score-you"]')).to_have_text("0")
    assert "seed=" not in page.evaluate("location.search")
    page.goto(site_url + "?seed=9&level=hard&speed=0")
    page.wait_for_selector('body[data-ready="true"]', state="attached")
    assert page.evaluate("location.search") == "?speed=0"
    assert stored(page, "settings")["level"] == "hard"
    open_panel(page, "settings")
    page.select_option('[data-setting="level"]', "normal")
    close_panel(page, "settings")
    page.reload()
    page.wait_for_selector('body[data-ready="true"]', state="attached")
    assert stored(page, "settings")["level"] == "normal"
    open_panel(page, "settings")
    assert page.input_value('[data-setting="level"]') == "normal"


def replay(path: Path) -> str:
    return subprocess.run(
        [sys.executable, "-m", "gin.replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def test_sound_plays_tones_only_when_on(page: Page, site_url: str) -> None:
    page.add_init_script(
        """window.__tones = 0;
        const make = AudioContext.prototype.createOscillator;
        AudioContext.prototype.createOscillator = function () {
            window.__tones += 1;
            return make.call(this);
        };"""
    )
    open_table(page, site_url, "?seed=4&speed=0")
    for _ in range(3):
        play_one_decision(page)
    wait_idle(page)
    assert page.evaluate("window.__tones") > 0
    open_panel(page, "settings")
    page.uncheck('[data-setting="sound"]')
    close_panel(page, "settings")
    before = page.evaluate("window.__tones")
    for _ in range(3):
        play_one_decision(page)
    wait_idle(page)
    assert page.evaluate("window.__tones") == before
    assert stored(page, "settings")["sound"] is False


def test_malformed_settings_and_statistics_are_discarded_with_a_message(
    page: Page, site_url: str, page_problems: PageProblems
) -> None:
    preset(page, "settings", {"rules": {"target": -5}, "level": "godlike", "four_colour": True})
    preset(page, "stats", '{"version": 1, "levels": 7}')
    open_table(page, site_url, "?seed=4&speed=0")
    notices = page.locator('[data-testid="notice"]')
    expect(notices).to_have_count(2)
    expect(notices.first).to_contain_text("settings")
    expect(notices.last).to_contain_text("statistics")
    expect(page.locator(TABLE)).to_have_class(FOUR_COLOUR)
    open_panel(page, "settings")
    expect(page.locator('[data-setting="target"]')).to_have_value("100")
    expect(page.locator('[data-setting="level"]')).to_have_value("normal")
    close_panel(page, "settings")
    click_visible(page, '[data-testid="notice"] [data-action="dismiss-0"]')
    expect(notices).to_have_count(1)
    assert stored(page, "stats")["levels"]["easy"]["games_played"] == 0
    assert not page_problems.page_errors
