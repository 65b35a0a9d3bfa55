"""Settings and statistics: stored data is validated on read, malformed values are discarded."""

from __future__ import annotations

import random

import pytest

from gin.records import HandResult
from gin.rules import Rules
from gin.table.session import TableSession
from gin.table.settings import Settings
from gin.table.stats import LevelStats, Statistics


def test_settings_defaults_and_rules() -> None:
    settings = Settings()
    assert settings.rules() == Rules()
    assert (settings.level, settings.target, settings.speed) == ("normal", 100, 1.0)


def test_settings_keep_valid_values_and_name_the_discarded() -> None:
    stored = {
        "level": "hard",
        "target": "150",
        "sound": "false",
        "speed": 9,
        "sort": "x",
        "hack": 1,
    }
    settings, discarded = Settings.from_dict(stored)
    assert (settings.level, settings.target, settings.sound) == ("hard", 150, False)
    assert settings.speed == 1.0 and settings.sort == "melds"
    assert sorted(discarded) == ["hack", "sort", "speed"]


@pytest.mark.parametrize("stored", ["nonsense", 42, ["level"]])
def test_settings_that_are_not_an_object_are_replaced(stored: object) -> None:
    settings, discarded = Settings.from_dict(stored)
    assert settings == Settings() and discarded == ["settings"]


def test_changing_a_rule_setting_is_detected() -> None:
    base = Settings()
    assert base.changes_rules(base.with_value("target", "50"))
    assert base.changes_rules(base.with_value("game_bonus", True))
    assert not base.changes_rules(base.with_value("four_colour", True))
    with pytest.raises(ValueError):
        base.with_value("target", "0")


def hand(kind: str, winner: int | None) -> HandResult:
    return HandResult(1, 0, kind, None if winner is None else 0, winner, 10, ((), ()), None)


def test_level_stats_count_hands_games_and_streaks() -> None:
    stats = LevelStats()
    for result in (hand("gin", 0), hand("undercut", 0), hand("undercut", 1), hand("dead", None)):
        stats = stats.after_hand(result)
    assert (stats.hands_won, stats.gins, stats.undercuts_given, stats.undercuts_received) == (
        2,
        1,
        1,
        1,
    )
    stats = stats.after_game(0, (120, 40)).after_game(0, (100, 90)).after_game(1, (10, 100))
    assert (stats.games_played, stats.games_won, stats.best_game) == (3, 2, 80)
    assert (stats.current_streak, stats.best_streak) == (0, 2)


def test_statistics_round_trip_and_reject_tampering() -> None:
    stats = Statistics.empty().update("hard", LevelStats(games_played=3, games_won=1))
    loaded, damaged = Statistics.from_dict(stats.to_dict())
    assert loaded == stats and not damaged
    broken = stats.to_dict()
    broken["levels"]["hard"]["games_won"] = 7  # more wins than games
    assert Statistics.from_dict(broken) == (Statistics.empty(), True)
    broken["levels"]["hard"]["games_won"] = "1"
    assert Statistics.from_dict(broken)[1]
    assert Statistics.from_dict(None) == (Statistics.empty(), False)


def test_a_session_counts_each_hand_and_the_game_once() -> None:
    session = TableSession("easy", seed=3)
    rng = random.Random(7)
    stats = LevelStats()
    while session.phase != "game-over":
        list(session.bot_steps())
        if session.phase == "hand-over":
            stats = session.count_into(session.count_into(stats))
            session.next_hand()
        elif session.phase != "game-over":
            legal = session.legal_actions()
            knocks = [a for a in legal if a.kind.value in ("knock", "gin")]
            session.play(knocks[0] if knocks else rng.choice(legal))
    stats = session.count_into(session.count_into(stats))
    results = session.game.hand_results
    assert stats.games_played == 1
    assert stats.games_won == (session.game.winner == 0)
    assert stats.hands_won == sum(r.winner == 0 for r in results)
    restored = TableSession.from_dict(session.to_dict())
    assert restored.count_into(stats) == stats
