"""Pricing: what the facts of a hand and of a game score under ruleset 1.0.0.

The engine records facts (:class:`gin.showdown.Showdown`, hands won); this
module alone turns them into points, so a rule about points lives in one place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from gin.cards import Card
from gin.showdown import Showdown, showdown

RULESET_VERSION = "1.0.0"
GIN_BONUS = 25
UNDERCUT_BONUS = 25
GAME_BONUS = 100
LINE_BONUS = 25
MAX_TARGET = 10_000


@dataclass(frozen=True)
class Rules:
    """The options RULES.md lets a player change: the optional game bonuses and the target."""

    game_bonus: bool = False
    line_bonus: bool = False
    shutout_bonus: bool = False
    target: int = 100

    def __post_init__(self) -> None:
        for name in ("game_bonus", "line_bonus", "shutout_bonus"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"rule {name} must be true or false")
        if (
            not isinstance(self.target, int)
            or isinstance(self.target, bool)
            or not 1 <= self.target <= MAX_TARGET
        ):
            raise ValueError(f"the target score must be a whole number from 1 to {MAX_TARGET}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        if not isinstance(data, Mapping):
            raise ValueError("rules must be an object")
        unknown = set(data) - {"game_bonus", "line_bonus", "shutout_bonus", "target"}
        if unknown:
            raise ValueError(f"unknown rule(s): {', '.join(sorted(unknown))}")
        return cls(**data)


@dataclass(frozen=True)
class HandScore:
    """A showdown priced: ``kind`` is gin, knock or undercut; ``winner`` knocker or defender."""

    kind: str
    winner: str
    points: int
    showdown: Showdown


def price_showdown(facts: Showdown) -> HandScore:
    """RULES.md "Scoring": gin 25 + D; knock D - K when D > K; else undercut (K - D) + 25."""
    knocker, defender = facts.knocker_deadwood, facts.defender_deadwood
    if facts.gin:
        return HandScore("gin", "knocker", GIN_BONUS + defender, facts)
    if defender > knocker:
        return HandScore("knock", "knocker", defender - knocker, facts)
    return HandScore("undercut", "defender", knocker - defender + UNDERCUT_BONUS, facts)


def score_hand(knocker_cards: Iterable[Card], defender_cards: Iterable[Card]) -> HandScore:
    """Show down two 10-card hands and price the result (ValueError if the knock is not legal)."""
    return price_showdown(showdown(knocker_cards, defender_cards))


@dataclass(frozen=True)
class Bonus:
    """A game bonus awarded at game over: ``kind`` is game, line or shutout."""

    kind: str
    player: int
    points: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def game_bonuses(
    rules: Rules, hand_points: list[int], hands_won: list[int], winner: int
) -> list[Bonus]:
    """The optional bonuses of RULES.md, in the order they apply.

    The game bonus and the line bonuses add first; the shutout then doubles
    the winner's total so far, so it is worth that total again.
    """
    bonuses: list[Bonus] = []
    if rules.game_bonus:
        bonuses.append(Bonus("game", winner, GAME_BONUS))
    if rules.line_bonus:
        bonuses.extend(
            Bonus("line", player, LINE_BONUS * hands_won[player])
            for player in (0, 1)
            if hands_won[player]
        )
    if rules.shutout_bonus and hands_won[1 - winner] == 0:
        total = hand_points[winner] + sum(b.points for b in bonuses if b.player == winner)
        bonuses.append(Bonus("shutout", winner, total))
    return bonuses
