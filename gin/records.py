"""Facts of play: the public events of a hand and how each hand ended."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from gin.actions import ActionKind
from gin.cards import Card
from gin.scoring import HandKind
from gin.showdown import Showdown


@dataclass(frozen=True)
class Event:
    """One public step of a hand's history.  ``card`` is None where the card is concealed."""

    player: int
    action: ActionKind
    card: Card | None = None


@dataclass(frozen=True)
class HandResult:
    """How a hand ended, by seat: ``kind`` is gin, knock, undercut or dead.

    ``hands`` are both players' ten cards at the end; ``showdown`` holds the
    melds, lay-offs and deadwood counts (None for a dead hand); ``stock`` is
    what was left of the stock, top first; ``history`` every move of the hand,
    with the card of every draw.  Once a hand is over all of it is public:
    nothing of it bears on the next hand, which is shuffled anew, and showing
    it lets a player check every deal.
    """

    number: int
    dealer: int
    kind: HandKind
    knocker: int | None
    winner: int | None
    points: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    showdown: Showdown | None
    stock: tuple[Card, ...] = ()
    history: tuple[Event, ...] = ()

    def copy(self) -> HandResult:
        """A copy (its showdown too), so that a view shares no record with the game."""
        return replace(self, showdown=self.showdown and replace(self.showdown))


def hand_points(results: Iterable[HandResult]) -> list[int]:
    """Each seat's points from hands alone: what decides when the target is reached."""
    points = [0, 0]
    for result in results:
        if result.winner is not None:
            points[result.winner] += result.points
    return points


def hands_won(results: Iterable[HandResult]) -> list[int]:
    """How many hands each seat won."""
    won = [0, 0]
    for result in results:
        if result.winner is not None:
            won[result.winner] += 1
    return won
