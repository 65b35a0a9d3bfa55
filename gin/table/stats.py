"""Statistics per AI level, kept across games: the player's own data, never wiped by an upgrade.

Stored statistics are read figure by figure: every figure this version knows
is kept if it is a valid count, a figure it does not know (a retired counter,
a level no longer offered) is dropped, and a figure it expects but does not
find (a counter or a level added since) starts at zero.  Only a value that is
not a count at all is lost, and the reader says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from gin.ai.coach import HandReview
from gin.records import HandResult
from gin.scoring import HandKind
from gin.table.seats import AI, YOU
from gin.table.settings import LEVELS

STATS_VERSION = 1
MAX_COUNT = 10**9


@dataclass(frozen=True)
class LevelStats:
    """What happened in the games against one level.

    A game abandoned for a new one counts as played and lost.
    """

    games_played: int = 0
    games_won: int = 0
    games_abandoned: int = 0
    hands_played: int = 0
    hands_won: int = 0
    gins: int = 0
    undercuts_given: int = 0
    undercuts_received: int = 0
    best_game: int = 0
    """The widest winning margin, in points."""
    best_hand: int = 0
    """The most points the person scored in one hand."""
    current_streak: int = 0
    best_streak: int = 0
    hints_used: int = 0
    hands_reviewed: int = 0
    """Hands the person opened the coach's review of (each hand once)."""
    decisions_reviewed: int = 0
    decisions_as_hard: int = 0
    """Of the reviewed decisions, those Hard would have made the same way."""

    def after_hand(self, result: HandResult) -> LevelStats:
        """Count one finished hand (from the person's side)."""
        won = result.winner == YOU
        return replace(
            self,
            hands_played=self.hands_played + 1,
            hands_won=self.hands_won + won,
            gins=self.gins + (won and result.kind is HandKind.GIN),
            undercuts_given=self.undercuts_given + (won and result.kind is HandKind.UNDERCUT),
            undercuts_received=self.undercuts_received
            + (result.winner == AI and result.kind is HandKind.UNDERCUT),
            best_hand=max(self.best_hand, result.points) if won else self.best_hand,
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

    def after_abandoned_game(self) -> LevelStats:
        """A game given up for a new one: a loss."""
        return replace(
            self,
            games_played=self.games_played + 1,
            games_abandoned=self.games_abandoned + 1,
            current_streak=0,
        )

    def after_hint(self) -> LevelStats:
        return replace(self, hints_used=self.hints_used + 1)

    def after_review(self, review: HandReview) -> LevelStats:
        """Count one reviewed hand and its decisions."""
        return replace(
            self,
            hands_reviewed=self.hands_reviewed + 1,
            decisions_reviewed=self.decisions_reviewed + len(review.decisions),
            decisions_as_hard=self.decisions_as_hard + review.as_hard,
        )

    @property
    def accuracy(self) -> float | None:
        """The share of reviewed decisions made as Hard would (None before any review)."""
        if not self.decisions_reviewed:
            return None
        return self.decisions_as_hard / self.decisions_reviewed

    @property
    def best_hand_known(self) -> bool:
        """Whether :attr:`best_hand` is a record: a hand won scores at least a point, so 0
        after hands won is a figure the first release did not keep, not a biggest hand."""
        return self.best_hand > 0 or not self.hands_won

    @property
    def games_lost(self) -> int:
        return self.games_played - self.games_won


COUNTERS = tuple(field.name for field in fields(LevelStats))


@dataclass(frozen=True)
class Statistics:
    levels: dict[str, LevelStats]

    @classmethod
    def empty(cls) -> Statistics:
        return cls({level: LevelStats() for level in LEVELS})

    @property
    def played(self) -> bool:
        """Whether any game or hand has been counted, at any level."""
        return any(stats.games_played or stats.hands_played for stats in self.levels.values())

    def of(self, level: str) -> LevelStats:
        return self.levels.get(level, LevelStats())

    def update(self, level: str, stats: LevelStats) -> Statistics:
        return Statistics({**self.levels, level: stats})

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": STATS_VERSION,
            "levels": {name: asdict(s) for name, s in self.levels.items()},
        }

    @classmethod
    def from_dict(cls, data: object) -> tuple[Statistics, bool]:
        """Statistics from stored data, and whether any stored figure had to be dropped.

        Unknown levels and counters are dropped silently (they belong to another
        version), missing ones start at zero; a known figure that is not a count
        is dropped and reported.  Figures are never reset as a whole.
        """
        if data is None:
            return cls.empty(), False
        if not isinstance(data, Mapping) or not isinstance(data.get("levels"), Mapping):
            return cls.empty(), True
        stored: Mapping[Any, Any] = data["levels"]
        damaged = False
        levels = {}
        for level in LEVELS:
            counters = stored.get(level, {})
            if not isinstance(counters, Mapping):
                levels[level], damaged = LevelStats(), True
                continue
            kept = {}
            for name in COUNTERS:
                value = counters.get(name, 0)
                if _is_count(value):
                    kept[name] = value
                else:
                    damaged = True
            stats = LevelStats(**kept)
            # The first release counted no hands played: at least every hand won or lost
            # by an undercut was one (it showed "Hands played 0" beside "Hands won 20").
            hands = stats.hands_won + stats.undercuts_received
            levels[level] = replace(
                stats,
                games_played=max(stats.games_played, stats.games_won),
                hands_played=max(stats.hands_played, hands),
                best_streak=max(stats.best_streak, stats.current_streak),
                decisions_reviewed=max(stats.decisions_reviewed, stats.decisions_as_hard),
            )
        return cls(levels), damaged


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < MAX_COUNT
