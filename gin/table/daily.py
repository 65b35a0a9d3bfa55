"""The person's daily deals: the first result of each day, the calendar and the streak.

A day's result is kept once: the first game of that day's deal that ends, won
or lost (or given up, which counts as lost), when it was begun on that day (in
UTC).  Playing the deal again, or the deal of another day, is practice: it is
played and scored like any game and never replaces a kept result.  The
**streak** is the run of consecutive days with a kept result that ends today,
or yesterday while today's deal is still to be played: it counts days played,
won or lost, since one lost game against the computer should not wipe a month
of coming back.

Stored as the player's own data (docs/DESIGN.md, "Stored data"): read day by
day, an entry that is not a valid result is dropped and reported, never the
whole record.
"""

from __future__ import annotations

import calendar
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from gin.daily import parse_day
from gin.rules import MAX_TARGET

DAILY_VERSION = 1
MAX_DAYS = 20_000
"""More days than a person can have played (55 years): a bound on what is read back."""
MAX_POINTS = 10 * MAX_TARGET
"""A bound on a stored score: far above any game's total (bonuses included)."""
MAX_HANDS = 10_000


@dataclass(frozen=True)
class DayResult:
    """How the person's game of a day's deal ended: won or lost, the score, the hands played."""

    won: bool
    you: int
    computer: int
    hands: int

    def to_dict(self) -> dict[str, Any]:
        return {"won": self.won, "you": self.you, "computer": self.computer, "hands": self.hands}

    @classmethod
    def from_dict(cls, data: object) -> DayResult | None:
        """A stored result, or None if it is not one."""
        if not isinstance(data, Mapping) or not isinstance(data.get("won"), bool):
            return None
        you, computer, hands = (data.get(name) for name in ("you", "computer", "hands"))
        if not (_count(you, MAX_POINTS) and _count(computer, MAX_POINTS)):
            return None
        if not (_count(hands, MAX_HANDS) and hands):
            return None
        assert isinstance(you, int) and isinstance(computer, int) and isinstance(hands, int)
        return cls(bool(data["won"]), you, computer, hands)


def _count(value: object, limit: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= limit


@dataclass(frozen=True)
class DailyGame:
    """The table's game is the deal of ``day``; ``practice`` when its result is not kept."""

    day: date
    practice: bool = False

    @classmethod
    def begun(cls, day: date, today: date, results: DailyResults) -> DailyGame:
        """The daily game of ``day`` begun ``today``: kept only if it is that day's and its
        first (playing a day again, or another day's deal, is practice)."""
        return cls(day, practice=day != today or results.result_of(day) is not None)


def read_daily(params: Mapping[str, str]) -> tuple[date | bool | None, list[str]]:
    """The address's ``daily``: True for ``?daily`` (today's), a date for ``?daily=YYYY-MM-DD``,
    None when it is absent or malformed (with the warning for the console)."""
    if "daily" not in params:
        return None, []
    text = params["daily"].strip()
    if text == "":
        return True, []
    day = parse_day(text)
    if day is None:
        return None, [f"?daily={params['daily']!r} ignored: a date YYYY-MM-DD, or nothing"]
    return day, []


@dataclass(frozen=True)
class Sharing:
    """A daily result being shared (the presenter words it), and whether the clipboard
    took the text (None: not answered yet; False: refused, so it is shown for copying)."""

    day: date
    result: DayResult
    practice: bool
    copied: bool | None = None


@dataclass(frozen=True)
class CalendarDay:
    """One square of the calendar: its date and, if kept, its result."""

    day: date
    result: DayResult | None
    today: bool


@dataclass(frozen=True)
class DailyResults:
    """The kept result of every day the person played its deal on its day."""

    days: Mapping[date, DayResult] = field(default_factory=dict)

    def result_of(self, day: date) -> DayResult | None:
        return self.days.get(day)

    def kept(self, day: date, result: DayResult) -> DailyResults:
        """These results with ``result`` kept for ``day``, unless the day has one already."""
        if day in self.days:
            return self
        return DailyResults({**self.days, day: result})

    def joined(self, other: DailyResults) -> DailyResults:
        """These results and another tab's: a day either kept, this tab's where both did."""
        return DailyResults({**other.days, **self.days})

    def streak(self, today: date) -> int:
        """Consecutive days with a result, ending today (or yesterday, if today is unplayed)."""
        day = today if today in self.days else today - timedelta(days=1)
        count = 0
        while day in self.days:
            count += 1
            day -= timedelta(days=1)
        return count

    @property
    def best_streak(self) -> int:
        best = run = 0
        previous: date | None = None
        for day in sorted(self.days):
            run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
            best, previous = max(best, run), day
        return best

    @property
    def won(self) -> int:
        return sum(result.won for result in self.days.values())

    def month(
        self, year: int, month: int, today: date
    ) -> tuple[tuple[CalendarDay | None, ...], ...]:
        """The weeks of a month, Monday first; None where a week reaches into another month."""
        weeks = calendar.Calendar(calendar.MONDAY).monthdatescalendar(year, month)
        return tuple(
            tuple(
                CalendarDay(day, self.days.get(day), day == today) if day.month == month else None
                for day in week
            )
            for week in weeks
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": DAILY_VERSION,
            "days": {day.isoformat(): self.days[day].to_dict() for day in sorted(self.days)},
        }

    @classmethod
    def from_dict(cls, data: object) -> tuple[DailyResults, bool]:
        """Results from stored data, and whether any stored entry had to be dropped.

        Each day is read on its own: a date that is not one, or a result that is
        not valid, is dropped (and reported); the others are kept.
        """
        if data is None:
            return cls(), False
        if not isinstance(data, Mapping) or not isinstance(data.get("days"), Mapping):
            return cls(), True
        stored: Mapping[Any, Any] = data["days"]
        days: dict[date, DayResult] = {}
        damaged = len(stored) > MAX_DAYS
        for key, value in list(stored.items())[:MAX_DAYS]:
            day = parse_day(key) if isinstance(key, str) else None
            result = DayResult.from_dict(value)
            if day is None or result is None:
                damaged = True
            else:
                days[day] = result
        return cls(days), damaged
