"""Statistics per AI level, kept across games and validated whenever they are read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from gin.records import HandResult
from gin.table.settings import LEVELS

YOU, AI = 0, 1


@dataclass(frozen=True)
class LevelStats:
    """What happened in the finished games against one level (abandoned games do not count)."""

    games_played: int = 0
    games_won: int = 0
    hands_won: int = 0
    gins: int = 0
    undercuts_given: int = 0
    undercuts_received: int = 0
    best_game: int = 0
    """The widest winning margin, in points."""
    current_streak: int = 0
    best_streak: int = 0
    hints_used: int = 0

    def after_hand(self, result: HandResult) -> LevelStats:
        """Count one finished hand (from the person's side)."""
        won = result.winner == YOU
        return replace(
            self,
            hands_won=self.hands_won + won,
            gins=self.gins + (won and result.kind == "gin"),
            undercuts_given=self.undercuts_given + (won and result.kind == "undercut"),
            undercuts_received=self.undercuts_received
            + (result.winner == AI and result.kind == "undercut"),
        )

    def after_game(self, winner: int, scores: tuple[int, ...]) -> LevelStats:
        won = winner == YOU
        streak = self.current_streak + 1 if won else 0
        return replace(
            self,
            games_played=self.games_played + 1,
            games_won=self.games_won + won,
            best_game=max(self.best_game, scores[YOU] - scores[AI]) if won else self.best_game,
            current_streak=streak,
            best_streak=max(self.best_streak, streak),
        )


_COUNTERS = tuple(field.name for field in fields(LevelStats))


@dataclass(frozen=True)
class Statistics:
    levels: dict[str, LevelStats]

    @classmethod
    def empty(cls) -> Statistics:
        return cls({level: LevelStats() for level in LEVELS})

    def update(self, level: str, stats: LevelStats) -> Statistics:
        return Statistics({**self.levels, level: stats})

    def to_dict(self) -> dict[str, Any]:
        return {"version": 1, "levels": {name: asdict(s) for name, s in self.levels.items()}}

    @classmethod
    def from_dict(cls, data: object) -> tuple[Statistics, bool]:
        """Statistics from stored data; (empty statistics, True) if anything in it is malformed.

        Counters are checked as a whole: a partly valid record could show a
        person numbers that were never true.
        """
        if data is None:
            return cls.empty(), False
        try:
            if not isinstance(data, Mapping) or data.get("version") != 1:
                raise ValueError
            stored = data["levels"]
            if not isinstance(stored, Mapping) or set(stored) != set(LEVELS):
                raise ValueError
            levels = {}
            for level, counters in stored.items():
                if not isinstance(counters, Mapping) or set(counters) != set(_COUNTERS):
                    raise ValueError
                if not all(
                    isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10**9
                    for v in counters.values()
                ):
                    raise ValueError
                stats = LevelStats(**counters)
                if stats.games_won > stats.games_played or stats.current_streak > stats.best_streak:
                    raise ValueError
                levels[level] = stats
        except (ValueError, KeyError, TypeError):
            return cls.empty(), True
        return cls(levels), False
