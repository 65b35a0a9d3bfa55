"""Opening the table: stored data from the last release resumes, bad data is dropped with a word,
and the page's address is checked before it is used."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gin.lessons.progress import Progress
from gin.table import effects as fx
from gin.table.messages import Notice
from gin.table.presenter.panels import stats
from gin.table.seats import AI
from gin.table.startup import Address, Stored, read_address, start
from gin.table.state import Question, TablePhase
from gin.table.storage import Unreadable, parse_stored, storage_prefix
from tests.table_helpers import WORDS, Table, at_phase, hand_result, sensible_intent

RELEASE_1 = json.loads((Path(__file__).parent / "data" / "release-1-storage.json").read_text())
"""What the first release stored (gin-rummy/session, settings, statistics), saved by that code."""


def release_1() -> Stored:
    return Stored(
        table=RELEASE_1["gin-rummy/session"],
        settings=RELEASE_1["gin-rummy/settings"],
        stats=RELEASE_1["gin-rummy/statistics"],
    )


def test_the_last_releases_game_settings_and_statistics_resume() -> None:
    state, effects = start(release_1(), Address(), ["en"])
    saved = RELEASE_1["gin-rummy/session"]
    assert state.game.actions == saved["game"]["actions"]
    assert (state.level, state.results_seen, state.hints_used) == ("hard", 2, 2)
    settings = state.settings
    assert (settings.level, settings.rules.target, settings.rules.game_bonus) == ("hard", 150, True)
    assert (settings.speed, settings.sound, settings.four_colour, settings.language) == (
        2.0,
        False,
        True,
        "pl",
    )
    easy = state.stats.of("easy")
    assert (easy.games_played, easy.games_won, easy.gins, easy.best_game) == (7, 4, 3, 88)
    hard = state.stats.of("hard")
    stored_hard = RELEASE_1["gin-rummy/statistics"]["levels"]["hard"]
    assert hard.hands_won == stored_hard["hands_won"]
    assert hard.hands_played == 0  # a counter added since starts at zero
    assert state.notices == ()
    assert not any(isinstance(e, fx.Deal) for e in effects)


def test_the_last_releases_statistics_show_no_figure_they_never_kept() -> None:
    """The first release counted hands won but not hands played nor the biggest hand: the
    panel showed "Hands played 0" beside "Hands won 20" and a biggest hand of 0 (a
    play-tester's report).  Every hand won was played; a biggest hand not kept reads "—"
    until a hand won records one."""
    state, _ = start(release_1(), Address(), ["en"])
    easy = state.stats.of("easy")
    assert easy.hands_played == easy.hands_won == 20
    rows = dict(stats(WORDS, state).rows)
    assert rows["Hands played"][0] == 20 and rows["Biggest hand"] == ("—", 0, 0)
    won = hand_result("AS 2S 3S 4H 5H 6H 7C 8C 9C 2D", "KS QS JD TC 9H 8D 7S 6D 5C 4C")
    again = easy.after_hand(won)
    assert again.hands_played == 21 and again.best_hand == won.points > 0
    assert again.best_hand_known


def test_the_last_releases_game_plays_on_and_saves_in_todays_form() -> None:
    state, effects = start(release_1(), Address(), ["en"])
    table = Table(state)
    table.perform(effects)
    table.play_until(TablePhase.HAND_OVER, random.Random(1))
    record = table.saved["table"]
    assert isinstance(record, dict) and record["version"] == 2 and "checksum" in record
    again = table.reload()
    assert again.state.game.actions == table.state.game.actions
    assert again.state.results_counted == table.state.results_counted


def test_statistics_keep_what_they_know_when_counters_or_levels_change() -> None:
    stored = json.loads(json.dumps(RELEASE_1["gin-rummy/statistics"]))
    stored["levels"]["easy"]["retired_counter"] = 12
    stored["levels"]["expert"] = {"games_played": 3}
    del stored["levels"]["normal"]["gins"]
    state, _ = start(Stored(stats=stored), Address(), [])
    assert state.stats.of("easy").games_played == 7
    assert state.stats.of("normal").gins == 0
    assert "expert" not in state.stats.levels
    assert state.notices == ()
    stored["levels"]["easy"]["gins"] = "three"
    state, _ = start(Stored(stats=stored), Address(), [])
    assert state.stats.of("easy").games_played == 7 and state.stats.of("easy").gins == 0
    assert [n.code for n in state.notices] == [Notice.STATS_DAMAGED]


def test_an_unreadable_save_is_explained_and_not_overwritten_until_play() -> None:
    broken = json.loads(json.dumps(RELEASE_1["gin-rummy/session"]))
    broken["version"] = 99
    state, effects = start(Stored(table=broken), Address(), [])
    assert [n.code for n in state.notices] == [Notice.SAVE_UNREADABLE]
    assert not any(isinstance(e, fx.Save) for e in effects)


def test_a_tampered_save_is_refused() -> None:
    """The counters are under the checksum: an edited one would count a hand again."""
    table = at_phase(TablePhase.HAND_OVER, seed=3)
    record = json.loads(json.dumps(table.state.record()))
    assert record["results_counted"] == 1
    record["results_counted"] = 0
    state, _ = start(Stored(table=record), Address(), [])
    assert [n.code for n in state.notices] == [Notice.SAVE_UNREADABLE]


def test_a_seeded_link_resumes_the_same_game_and_asks_before_replacing_another() -> None:
    stored = release_1()
    seed = RELEASE_1["gin-rummy/session"]["game"]["seed"]
    state, _ = start(stored, Address(seed=seed), [])
    assert state.game.actions == RELEASE_1["gin-rummy/session"]["game"]["actions"]
    state, _ = start(stored, Address(seed=7), [])
    assert state.question is Question.SEEDED_GAME and state.seeded == 7
    assert state.game.seed == seed  # nothing replaced before the person says so
    fresh = Table.open(seed=1)
    state, _ = start(Stored(table=fresh.state.record()), Address(seed=7), [])
    assert state.game.seed == 7 and state.question is None  # nothing in progress to lose


def test_the_game_overs_replay_link_deals_the_finished_games_deals_again() -> None:
    """``?seed=`` of a finished game (the game over's "Replay these deals") deals that seed
    anew: it showed the same game over again."""
    table = Table.open(seed=5)
    table.play_until(TablePhase.GAME_OVER, random.Random(5), limit=20_000)
    record = table.state.record()
    state, effects = start(Stored(table=record), Address(seed=5), [])
    assert state.phase is not TablePhase.GAME_OVER and state.game.seed == 5
    assert not state.game.hand_results and state.question is None
    assert fx.Deal() in effects
    state, _ = start(Stored(table=record), Address(), [])
    assert state.phase is TablePhase.GAME_OVER  # reloaded without the link: as it was left


def test_a_level_asked_by_the_address_is_saved_as_the_persons_setting() -> None:
    """The address's level is applied once: the page then takes it out of the address, so it
    must be saved, or a reload would bring the old level back (and, left in the address,
    it undid on every reload the level the person chose since)."""
    state, effects = start(release_1(), Address(level="easy"), [])  # a saved game resumes
    assert state.settings.level == "easy"
    saved = [e.settings for e in effects if isinstance(e, fx.Save) and e.settings is not None]
    assert saved and saved[-1]["level"] == "easy"


def test_a_record_that_was_not_even_json_is_said_as_its_own_damage() -> None:
    """Removed as unreadable, the saved game was said as "some stored data was unreadable":
    now as a lost game, and each other record by its own words."""
    said = {
        "table": Notice.SAVE_UNREADABLE,
        "settings": Notice.SETTINGS_RESET,
        "stats": Notice.STATS_DAMAGED,
        "daily": Notice.DAILY_DAMAGED,
        "daily-table": Notice.DAILY_SAVE_UNREADABLE,
        "lessons": Notice.LESSONS_DAMAGED,
    }
    for record, notice in said.items():
        state, _ = start(Stored(dropped=frozenset({record})), Address(), [])
        assert [n.code for n in state.notices] == [notice], record


def test_an_unreadable_game_stays_stored_through_the_computers_first_moves() -> None:
    """Kept until the person plays on, so that going back to the version that wrote it finds
    it: when the computer moved first in the new game, its move was saved over it."""
    tampered = {"format": "gin-rummy-session", "version": 2, "checksum": "x"}
    for seed in range(1, 20):
        returning = Stored(table=tampered, settings={}, lessons=Progress(offered=True).to_dict())
        table = Table.open(seed=seed, stored=returning)
        if any(event.player == AI for event in table.state.view.history):
            break
    else:
        raise AssertionError("the computer never moved first in 19 deals")
    assert [n.code for n in table.state.notices] == [Notice.SAVE_UNREADABLE]
    assert "table" not in table.saved  # nothing written over it
    table.send(sensible_intent(table.state, random.Random(1)))  # the person plays on
    assert table.saved["table"]["game"]["seed"] == seed  # type: ignore[index]


def test_the_language_follows_the_browser_until_chosen() -> None:
    state, _ = start(Stored(), Address(), ["pl-PL", "en"])
    assert state.settings.language == "pl"
    state, _ = start(Stored(settings={"language": "hi"}), Address(), ["pl-PL"])
    assert state.settings.language == "hi"


def test_blocked_or_dropped_storage_is_said() -> None:
    state, _ = start(Stored(blocked=True, dropped=frozenset({"lessons"})), Address(), [])
    assert {n.code for n in state.notices} == {Notice.STORAGE_BLOCKED, Notice.LESSONS_DAMAGED}
    state, _ = start(Stored(settings={"speed": 9}), Address(), [])
    assert [n.code for n in state.notices] == [Notice.SETTINGS_RESET]


@pytest.mark.parametrize(
    ("params", "address", "warned"),
    [
        ({"seed": "7"}, Address(seed=7), 0),
        ({"seed": "-1"}, Address(), 1),
        ({"seed": "1e9"}, Address(), 1),
        ({"seed": "9" * 40}, Address(), 1),
        ({"seed": "٣"}, Address(), 1),
        ({"speed": "0"}, Address(speed=0.0), 0),
        ({"speed": "0.001"}, Address(), 1),
        ({"speed": "nan"}, Address(), 1),
        ({"speed": "2"}, Address(speed=2.0), 0),
        ({"level": "hard"}, Address(level="hard"), 0),
        ({"level": "god"}, Address(), 1),
    ],
)
def test_the_address_is_checked(params: dict[str, str], address: Address, warned: int) -> None:
    assert read_address(params) == (address, read_address(params)[1])
    assert len(read_address(params)[1]) == warned


def test_an_address_speed_outlives_settings_changes_and_new_games() -> None:
    from gin.table.intents import ChangeSetting, NewGame
    from gin.table.update import update

    state, _ = start(Stored(), Address(speed=0.0), [])
    state, _ = update(state, ChangeSetting("speed", "2.0"))
    assert state.speed == 0.0 and state.settings.speed == 2.0
    state, _ = update(state, NewGame())
    assert state.speed == 0.0


def test_stored_text_is_checked_before_it_is_parsed() -> None:
    assert parse_stored(None) is None and parse_stored("") is None
    assert parse_stored('{"a": [1, "]]]"]}') == {"a": [1, "]]]"]}
    with pytest.raises(Unreadable):
        parse_stored("[" * 10_000 + "]" * 10_000)
    with pytest.raises(Unreadable):
        parse_stored("{not json")
    with pytest.raises(Unreadable):
        parse_stored(" " * 4_000_001)


def test_storage_keys_are_scoped_by_the_apps_folder() -> None:
    assert storage_prefix("/gin-rummy/") == storage_prefix("/gin-rummy/index.html")
    assert storage_prefix("/gin-rummy/") != storage_prefix("/gin-beta/")
    assert storage_prefix("/") == "gin-rummy@/"
