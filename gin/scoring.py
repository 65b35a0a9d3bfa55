"""Pricing: what the facts of a hand and of a game score under ruleset 1.0.0.

The engine records facts (:class:`gin.showdown.Showdown`, hands won); this
module alone turns them into points, so a rule about points lives in one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from gin.cards import Card
from gin.rules import GAME_BONUS, GIN_BONUS, LINE_BONUS, UNDERCUT_BONUS, Rules
from gin.showdown import Showdown, showdown


class HandKind(StrEnum):
    """How a hand ended."""

    GIN = "gin"
    KNOCK = "knock"
    UNDERCUT = "undercut"
    DEAD = "dead"


class Role(StrEnum):
    """A side of a showdown."""

    KNOCKER = "knocker"
    DEFENDER = "defender"


class BonusKind(StrEnum):
    """An optional bonus awarded at the end of a game."""

    GAME = "game"
    LINE = "line"
    SHUTOUT = "shutout"


@dataclass(frozen=True)
class HandScore:
    """A showdown priced: ``kind`` is gin, knock or undercut; ``winner`` knocker or defender."""

    kind: HandKind
    winner: Role
    points: int
    showdown: Showdown


def price_showdown(facts: Showdown) -> HandScore:
    """RULES.md "Scoring": gin 25 + D; knock D - K when D > K; else undercut (K - D) + 25."""
    knocker, defender = facts.knocker_deadwood, facts.defender_deadwood
    if facts.gin:
        return HandScore(HandKind.GIN, Role.KNOCKER, GIN_BONUS + defender, facts)
    if defender > knocker:
        return HandScore(HandKind.KNOCK, Role.KNOCKER, defender - knocker, facts)
    return HandScore(HandKind.UNDERCUT, Role.DEFENDER, knocker - defender + UNDERCUT_BONUS, facts)


def score_hand(
    knocker_cards: Iterable[Card], defender_cards: Iterable[Card], rules: Rules | None = None
) -> HandScore:
    """Show down two 10-card hands and price the result (ValueError if the knock is not legal)."""
    if rules is not None and not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules, not {type(rules).__name__}")
    limit = (rules or Rules()).knock_limit
    return price_showdown(showdown(knocker_cards, defender_cards, knock_limit=limit))


@dataclass(frozen=True)
class Bonus:
    """A game bonus awarded at game over: ``kind`` is game, line or shutout."""

    kind: BonusKind
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
        bonuses.append(Bonus(BonusKind.GAME, winner, GAME_BONUS))
    if rules.line_bonus:
        bonuses.extend(
            Bonus(BonusKind.LINE, player, LINE_BONUS * hands_won[player])
            for player in (0, 1)
            if hands_won[player]
        )
    if rules.shutout_bonus and hands_won[1 - winner] == 0:
        total = hand_points[winner] + sum(b.points for b in bonuses if b.player == winner)
        bonuses.append(Bonus(BonusKind.SHUTOUT, winner, total))
    return bonuses
