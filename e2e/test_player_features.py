"""What players expect around the table: settings, save and resume, statistics, hints, records."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import PageProblems, open_table
from .players import hand_cards, play_game, play_one_decision, wait_idle

ROOT = Path(__file__).resolve().parent.parent


def saved_game(page: Page) -> dict:  # type: ignore[type-arg]
    return json.loads(page.evaluate("localStorage.getItem('gin-rummy/session')"))


def table_state(page: Page) -> tuple[object, ...]:
    return (
        [c["code"] for c in hand_cards(page)],
        page.get_attribute('[data-testid="pile"] [data-card]', "data-card"),
        page.inner_text('[data-testid="score-you"]'),
        page.get_attribute("body", "data-phase"),
    )


def set_target(page: Page, target: int) -> None:
    if not page.locator('[data-testid="settings-panel"]').is_visible():
        page.click('[data-action="settings"]')
    page.fill('[data-setting="target"]', str(target))
    page.press('[data-setting="target"]', "Tab")
    expect(page.locator('[data-action="apply-rules"]')).to_be_visible()
    page.click('[data-action="apply-rules"]')
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
    data = saved_game(page)
    data["game"]["actions"][0] = "gin KS"  # an edit the checksum does not cover
    page.evaluate("d => localStorage.setItem('gin-rummy/session', JSON.stringify(d))", data)
    page.goto(site_url + "?speed=0")
    assert wait_idle(page) in ("upcard", "draw", "discard")
    expect(page.locator('[data-testid="notice"]')).to_contain_text("could not be restored")
    for garbage in ("{not json", '"a string"', '{"format": "gin-rummy-session", "version": 1}'):
        page.evaluate("g => localStorage.setItem('gin-rummy/session', g)", garbage)
        page.goto(site_url + "?speed=0")
        assert wait_idle(page) in ("upcard", "draw", "discard")
        expect(page.locator('[data-testid="notice"]')).to_be_visible()
    assert not page_problems.page_errors and not page_problems.console_errors


def test_settings_apply_remember_and_rule_changes_ask_first(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=4&speed=0")
    play_one_decision(page)
    actions_before = len(saved_game(page)["game"]["actions"])
    page.click('[data-action="settings"]')
    page.check('[data-setting="four_colour"]')
    expect(page.locator("#app")).to_have_class("four-colour")
    page.check('[data-setting="game_bonus"]')
    expect(page.locator('[data-action="apply-rules"]')).to_be_visible()
    page.click('[data-action="cancel-rules"]')
    assert len(saved_game(page)["game"]["actions"]) == actions_before  # same game goes on
    assert saved_game(page)["game"]["rules"]["game_bonus"] is False
    set_target(page, 50)
    assert saved_game(page)["game"]["rules"]["target"] == 50
    page.reload()
    wait_idle(page)
    expect(page.locator("#app")).to_have_class("four-colour")
    page.click('[data-action="settings"]')
    expect(page.locator('[data-setting="target"]')).to_have_value("50")


def test_bonuses_show_on_the_sheet_and_statistics_count_the_game(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=8&speed=0&level=easy")
    page.click('[data-action="settings"]')
    page.check('[data-setting="game_bonus"]')
    page.click('[data-action="apply-rules"]')
    set_target(page, 15)
    page.click('[data-action="hint"]')
    expect(page.locator('[data-testid="hint"]')).not_to_be_empty()
    play_game(page)
    expect(page.locator('[data-testid="sheet-row"]').last).to_contain_text("Game bonus")
    you = int(page.inner_text('[data-testid="score-you"]'))
    ai = int(page.inner_text('[data-testid="score-ai"]'))
    assert max(you, ai) >= 115
    page.click('[data-action="stats"]')
    panel = page.locator('[data-testid="stats-panel"]')
    expect(panel.locator("svg")).to_be_visible()
    rows = {
        row.locator("th").inner_text(): [int(td) for td in row.locator("td").all_inner_texts()]
        for row in panel.locator("tbody tr").all()
    }
    assert rows["Games played"] == [1, 0, 0]
    assert rows["Games won"][0] == (1 if you > ai else 0)
    assert rows["Hints used"] == [1, 0, 0]
    page.click('[data-action="reset-stats"]')
    expect(page.locator('[data-action="confirm-reset-stats"]')).to_be_visible()
    page.click('[data-action="cancel-reset-stats"]')
    expect(panel.locator("tbody tr").first.locator("td").first).to_have_text("1")
    page.click('[data-action="reset-stats"]')
    page.click('[data-action="confirm-reset-stats"]')
    expect(panel.locator("tbody tr").first.locator("td").first).to_have_text("0")


def test_download_the_record_and_replay_it(page: Page, site_url: str, tmp_path: Path) -> None:
    open_table(page, site_url, "?seed=4&speed=0")
    for _ in range(6):
        play_one_decision(page)
    wait_idle(page)
    with page.expect_download() as info:
        page.click('[data-action="download"]')
    record = tmp_path / "record.json"
    info.value.save_as(record)
    data = json.loads(record.read_text())
    assert data["game"]["seed"] == 4 and data["game"]["actions"]
    out = subprocess.run(
        [sys.executable, "-m", "gin.replay", str(record)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "Hand 1" in out and "Seed 4" in out


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
    page.click('[data-action="settings"]')
    page.uncheck('[data-setting="sound"]')
    page.click('[data-action="close-panel"]')
    before = page.evaluate("window.__tones")
    for _ in range(3):
        play_one_decision(page)
    wait_idle(page)
    assert page.evaluate("window.__tones") == before


def test_malformed_settings_and_statistics_are_discarded_with_a_message(
    page: Page, site_url: str, page_problems: PageProblems
) -> None:
    open_table(page, site_url, "?seed=4&speed=0")
    page.evaluate(
        """() => {
            localStorage.setItem("gin-rummy/settings",
                JSON.stringify({target: -5, level: "godlike", four_colour: true}));
            localStorage.setItem("gin-rummy/statistics", '{"version": 1, "levels": 7}');
        }"""
    )
    page.reload()
    wait_idle(page)
    notices = page.locator('[data-testid="notice"]')
    expect(notices).to_have_count(2)
    expect(notices.first).to_contain_text("settings")
    expect(notices.last).to_contain_text("statistics")
    expect(page.locator("#app")).to_have_class("four-colour")  # the valid value is kept
    page.click('[data-action="settings"]')
    expect(page.locator('[data-setting="target"]')).to_have_value("100")
    expect(page.locator('[data-setting="level"]')).to_have_value("normal")
    stored = json.loads(page.evaluate("localStorage.getItem('gin-rummy/statistics')"))
    assert stored["levels"]["easy"]["games_played"] == 0
    assert not page_problems.page_errors
