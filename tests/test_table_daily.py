"""The person's daily results: kept once a day, the streak, the calendar, read back safely."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from gin.table.daily import DailyResults, DayResult

WON = DayResult(True, 104, 37, 5)
LOST = DayResult(False, 61, 112, 8)
DEC_1 = date(2026, 12, 1)


def played(*offsets: int, today: date = DEC_1) -> DailyResults:
    results = DailyResults()
    for offset in offsets:
        results = results.kept(today - timedelta(days=offset), WON if offset % 2 else LOST)
    return results


def test_the_first_result_of_a_day_is_kept() -> None:
    results = DailyResults().kept(DEC_1, LOST).kept(DEC_1, WON)
    assert results.result_of(DEC_1) == LOST
    assert results.result_of(DEC_1 + timedelta(days=1)) is None


def test_the_streak_counts_days_played_up_to_today_or_yesterday() -> None:
    assert DailyResults().streak(DEC_1) == 0
    assert played(0, 1, 2).streak(DEC_1) == 3  # lost days count: they were played
    assert played(1, 2).streak(DEC_1) == 2  # today's deal is still to be played
    assert played(2, 3).streak(DEC_1) == 0  # yesterday was missed
    assert played(0, 2, 3, 4).streak(DEC_1) == 1
    assert played(0, 2, 3, 4).best_streak == 3
    assert played(0, 1, 2).won == 1


def test_the_calendar_lays_a_month_out_by_weeks_monday_first() -> None:
    results = played(0, 1)
    weeks = results.month(2026, 12, DEC_1)
    assert all(len(week) == 7 for week in weeks)
    first_week = weeks[0]
    assert first_week[0] is None  # 30 November, a Monday, belongs to November
    tuesday = first_week[1]
    assert tuesday is not None and tuesday.day == DEC_1 and tuesday.today
    assert tuesday.result == LOST
    days = [cell.day for week in weeks for cell in week if cell is not None]
    assert days == [DEC_1 + timedelta(days=n) for n in range(31)]
    november = results.month(2026, 11, DEC_1)
    last = [cell for cell in november[-1] if cell is not None][-1]
    assert last.day == date(2026, 11, 30) and last.result == WON and not last.today


def test_results_round_trip_through_storage() -> None:
    results = played(0, 1, 5)
    data = results.to_dict()
    assert data["version"] == 1 and list(data["days"]) == [
        "2026-11-26",
        "2026-11-30",
        "2026-12-01",
    ]
    assert DailyResults.from_dict(data) == (results, False)
    assert DailyResults.from_dict(None) == (DailyResults(), False)


@pytest.mark.parametrize(
    "entry",
    [
        {"won": "yes", "you": 1, "computer": 2, "hands": 3},
        {"won": True, "you": -1, "computer": 2, "hands": 3},
        {"won": True, "you": 1, "computer": 2.5, "hands": 3},
        {"won": True, "you": 1, "computer": 2, "hands": 0},
        {"won": True, "you": True, "computer": 2, "hands": 3},
        {"won": True, "you": 10**9, "computer": 2, "hands": 3},
        [],
        None,
    ],
)
def test_a_damaged_day_is_dropped_and_the_others_kept(entry: object) -> None:
    data = played(0, 1).to_dict()
    data["days"]["2026-11-20"] = entry
    data["days"]["2026-02-30"] = WON.to_dict()
    results, damaged = DailyResults.from_dict(data)
    assert damaged
    assert results == played(0, 1)


@pytest.mark.parametrize("data", [[], "days", {"days": []}, {"version": 1}])
def test_stored_results_that_are_not_results_start_empty_with_a_notice(data: object) -> None:
    assert DailyResults.from_dict(data) == (DailyResults(), True)


def test_a_daily_game_is_practice_unless_it_is_the_days_first_on_its_day() -> None:
    from gin.table.daily import DailyGame

    assert DailyGame.begun(DEC_1, DEC_1, DailyResults()) == DailyGame(DEC_1, practice=False)
    assert DailyGame.begun(DEC_1, DEC_1, played(0)).practice  # played today already
    assert DailyGame.begun(DEC_1, DEC_1 + timedelta(days=1), DailyResults()).practice
    assert DailyGame.begun(DEC_1 + timedelta(days=1), DEC_1, DailyResults()).practice


@pytest.mark.parametrize(
    ("params", "asked", "warned"),
    [
        ({}, None, False),
        ({"daily": ""}, True, False),
        ({"daily": " "}, True, False),
        ({"daily": "2026-12-01"}, DEC_1, False),
        ({"daily": "2026-12-32"}, None, True),
        ({"daily": "tomorrow"}, None, True),
        ({"daily": "2026-1-1"}, None, True),
    ],
)
def test_the_address_asks_for_todays_deal_or_a_days(
    params: dict[str, str], asked: object, warned: bool
) -> None:
    from gin.table.daily import read_daily

    day, warnings = read_daily(params)
    assert day == asked and bool(warnings) == warned
