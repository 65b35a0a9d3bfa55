"""The daily deal's seed and level: the documented formula, checked against ``sha256sum``."""

from __future__ import annotations

import hashlib
from datetime import date, timedelta

import pytest

from gin.daily import DAILY_RULES, daily_level, daily_seed, daily_text, parse_day
from gin.game import MAX_SEED, Game
from gin.rules import Rules

# printf '%s' 'gin-rummy-daily/1/2026-12-01' | sha256sum | cut -c1-16, as a number, >> 1
KNOWN_SEEDS = {
    date(2026, 12, 1): int("f1a044717fd1baf6", 16) >> 1,
    date(2026, 12, 2): int("e56c3da6c7ac368b", 16) >> 1,
}


@pytest.mark.parametrize("day", list(KNOWN_SEEDS))
def test_the_daily_seed_is_the_documented_formula(day: date) -> None:
    assert daily_text(day) == f"gin-rummy-daily/1/{day.isoformat()}"
    digest = hashlib.sha256(daily_text(day).encode()).digest()
    assert daily_seed(day) == int.from_bytes(digest[:8], "big") >> 1 == KNOWN_SEEDS[day]
    assert 0 <= daily_seed(day) <= MAX_SEED


def test_each_day_deals_another_game() -> None:
    first = date(2026, 12, 1)
    days = [first + timedelta(days=n) for n in range(400)]
    seeds = {daily_seed(day) for day in days}
    assert len(seeds) == len(days)
    assert daily_seed(first) != daily_seed(first + timedelta(days=1))
    one, two = Game(seed=daily_seed(first)), Game(seed=daily_seed(first + timedelta(days=1)))
    assert one.view(0).hand != two.view(0).hand


def test_the_day_fixes_the_level_by_its_weekday_and_the_rules_are_standard() -> None:
    monday = date(2026, 11, 30)
    week = [daily_level(monday + timedelta(days=n)) for n in range(7)]
    assert week == ["easy", "easy", "normal", "normal", "normal", "hard", "hard"]
    assert daily_level(date(2026, 12, 1)) == "easy" and daily_level(date(2026, 12, 5)) == "hard"
    assert Rules() == DAILY_RULES


@pytest.mark.parametrize(
    "text",
    [
        "",
        "2026-12-1",
        "20261201",
        "2026-12-01 ",
        " 2026-12-01",
        "2026-02-30",
        "2026-13-01",
        "2026-00-10",
        "1999-12-31",
        "２０２６-１２-０１",
        "2026-12-01T00:00",
        "today",
    ],
)
def test_only_a_real_iso_date_is_a_day(text: str) -> None:
    assert parse_day(text) is None


def test_a_day_is_read_from_its_iso_date() -> None:
    assert parse_day("2026-12-01") == date(2026, 12, 1)
    assert parse_day("2000-01-01") == date(2000, 1, 1)
    assert parse_day("9999-12-31") == date(9999, 12, 31)
    assert parse_day(20261201) is None  # type: ignore[arg-type]
