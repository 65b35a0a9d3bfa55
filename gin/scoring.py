"""Pricing: what the facts of a hand and of a game score under ruleset 1.0.0.

The engine records facts (:class:`gin.showdown.Showdown`, hands won); this
module alone turns them into points, so a rule about points lives in one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

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
class Term:
    """One number of a hand's points as RULES.md writes the sum, and whether it is taken away.

    A sign of its own, not a signed int: an undercut's defender with no deadwood is still
    "6 − 0 + 25", which a signed 0 cannot say.
    """

    points: int
    taken_away: bool = False

    @property
    def value(self) -> int:
        """What the term adds to the sum."""
        return -self.points if self.taken_away else self.points


def points_of(terms: Iterable[Term]) -> int:
    """The sum the terms write."""
    return sum(t.value for t in terms)


@dataclass(frozen=True)
class HandScore:
    """A showdown priced: ``kind`` is gin, knock or undercut; ``winner`` knocker or defender.

    ``terms`` are the points as RULES.md adds them up: gin ``25 + D``, knock ``D − K``,
    undercut ``K − D + 25`` (K and D the knocker's and the defender's deadwood), so that
    whoever shows the arithmetic ("Undercut: 6 − 4 + 25 = 27") takes it from here and never
    rebuilds it.
    """

    kind: HandKind
    winner: Role
    points: int
    showdown: Showdown
    terms: tuple[Term, ...] = ()

    @property
    def bonus(self) -> int:
        """The gin or undercut bonus among the terms (0 for a knock)."""
        return {HandKind.GIN: GIN_BONUS, HandKind.UNDERCUT: UNDERCUT_BONUS}.get(self.kind, 0)


def hand_price(knocker: int, defender: int, gin: bool) -> tuple[HandKind, Role, tuple[Term, ...]]:
    """RULES.md "Scoring", from the two deadwood counts: how the hand ended, who scores, and
    the terms of the points: gin 25 + D; knock D - K when D > K; else undercut (K - D) + 25."""
    if gin:
        return HandKind.GIN, Role.KNOCKER, (Term(GIN_BONUS), Term(defender))
    if defender > knocker:
        return HandKind.KNOCK, Role.KNOCKER, (Term(defender), Term(knocker, taken_away=True))
    terms = (Term(knocker), Term(defender, taken_away=True), Term(UNDERCUT_BONUS))
    return HandKind.UNDERCUT, Role.DEFENDER, terms


def price_showdown(facts: Showdown) -> HandScore:
    """The showdown's score (see :func:`hand_price`)."""
    kind, winner, terms = hand_price(facts.knocker_deadwood, facts.defender_deadwood, facts.gin)
    return HandScore(kind, winner, points_of(terms), facts, terms)


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


BONUS_POINTS = {BonusKind.GAME: GAME_BONUS, BonusKind.LINE: LINE_BONUS}
"""What the game bonus is worth to the winner, and the line bonus per hand won (the shutout
doubles the winner's total: it has no fixed price)."""


def game_bonuses(
    rules: Rules, hand_points: list[int], hands_won: list[int], winner: int
) -> list[Bonus]:
    """The optional bonuses of RULES.md, in the order they apply.

    The game bonus and the line bonuses add first; the shutout then doubles
    the winner's total so far, so it is worth that total again.
    """
    bonuses: list[Bonus] = []
    if rules.game_bonus:
        bonuses.append(Bonus(BonusKind.GAME, winner, BONUS_POINTS[BonusKind.GAME]))
    if rules.line_bonus:
        bonuses.extend(
            Bonus(BonusKind.LINE, player, BONUS_POINTS[BonusKind.LINE] * hands_won[player])
            for player in (0, 1)
            if hands_won[player]
        )
    if rules.shutout_bonus and hands_won[1 - winner] == 0:
        total = hand_points[winner] + sum(b.points for b in bonuses if b.player == winner)
        bonuses.append(Bonus(BonusKind.SHUTOUT, winner, total))
    return bonuses
