"""Settings and statistics: stored data is validated value by value; nothing valid is lost."""

from __future__ import annotations

import pytest

from gin.records import HandResult
from gin.rules import Rules
from gin.scoring import HandKind
from gin.table.settings import CardSize, Settings, SortMode
from gin.table.stats import LevelStats, Statistics


def test_settings_defaults_hold_the_rules_of_ruleset_1() -> None:
    settings = Settings()
    assert settings.rules == Rules() and settings.rules.knock_limit == 10
    assert (settings.level, settings.speed, settings.card_size) == ("normal", 1.0, CardSize.MEDIUM)
    assert not settings.beginner_aid


def test_settings_keep_valid_values_and_name_the_discarded() -> None:
    stored = {
        "level": "hard",
        "target": "150",
        "sound": "false",
        "speed": 9,
        "sort": "x",
        "hack": 1,
        "card_size": "large",
    }
    settings, discarded = Settings.from_dict(stored)
    assert (settings.level, settings.rules.target, settings.sound) == ("hard", 150, False)
    assert settings.speed == 1.0 and settings.sort is SortMode.MELDS
    assert settings.card_size is CardSize.LARGE
    assert sorted(discarded) == ["hack", "sort", "speed"]


def test_settings_round_trip_in_todays_form_and_read_the_first_releases() -> None:
    settings = Settings().with_value("target", "250").with_value("line_bonus", True)
    again, discarded = Settings.from_dict(settings.to_dict())
    assert again == settings and discarded == []
    first_release = {"level": "easy", "game_bonus": True, "target": 120, "sort": "rank"}
    old, discarded = Settings.from_dict(first_release)
    assert old.rules == Rules(game_bonus=True, target=120) and old.sort is SortMode.RANK
    assert discarded == []
    odd, discarded = Settings.from_dict({"rules": {"knock_limit": 3}})
    assert odd.rules.knock_limit == 10 and discarded == ["knock_limit"]


@pytest.mark.parametrize("stored", ["nonsense", 42, ["level"]])
def test_settings_that_are_not_an_object_are_replaced(stored: object) -> None:
    settings, discarded = Settings.from_dict(stored)
    assert settings == Settings() and discarded == ["settings"]


def test_changing_a_rule_setting_is_detected() -> None:
    base = Settings()
    assert base.with_value("target", "50").rules != base.rules
    assert base.with_value("game_bonus", True).rules != base.rules
    assert base.with_value("four_colour", True).rules == base.rules
    for name, value in (("target", "0"), ("target", True), ("target", "x"), ("speed", True)):
        with pytest.raises(ValueError):
            base.with_value(name, value)


def hand(kind: HandKind, winner: int | None, points: int = 10) -> HandResult:
    knocker = None if winner is None else 0
    return HandResult(1, 0, kind, knocker, winner, points, ((), ()), None)


def test_level_stats_count_hands_games_streaks_and_abandoned_games() -> None:
    stats = LevelStats()
    for result in (
        hand(HandKind.GIN, 0, 40),
        hand(HandKind.UNDERCUT, 0),
        hand(HandKind.UNDERCUT, 1),
        hand(HandKind.DEAD, None),
    ):
        stats = stats.after_hand(result)
    assert (stats.hands_played, stats.hands_won, stats.gins, stats.best_hand) == (4, 2, 1, 40)
    assert (stats.undercuts_given, stats.undercuts_received) == (1, 1)
    stats = stats.after_game(0, (120, 40)).after_game(0, (100, 90))
    assert (stats.games_played, stats.games_won, stats.best_game) == (2, 2, 80)
    stats = stats.after_abandoned_game()
    assert (stats.games_played, stats.games_abandoned, stats.games_lost) == (3, 1, 1)
    assert (stats.current_streak, stats.best_streak) == (0, 2)
    assert stats.after_hint().hints_used == 1


def test_statistics_round_trip_and_keep_figures_of_another_version() -> None:
    stats = Statistics.empty().update("hard", LevelStats(games_played=3, games_won=1, gins=2))
    loaded, damaged = Statistics.from_dict(stats.to_dict())
    assert loaded == stats and not damaged
    data = stats.to_dict()
    data["levels"]["hard"]["games_won"] = 7  # more wins than games: the games are kept too
    loaded, damaged = Statistics.from_dict(data)
    assert loaded.of("hard").games_won == 7 and loaded.of("hard").games_played == 7
    data["levels"]["hard"]["gins"] = "2"
    loaded, damaged = Statistics.from_dict(data)
    assert damaged and loaded.of("hard").gins == 0 and loaded.of("hard").games_won == 7
    assert Statistics.from_dict(None) == (Statistics.empty(), False)
    assert Statistics.from_dict("junk") == (Statistics.empty(), True)
