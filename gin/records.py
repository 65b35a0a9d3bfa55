"""Facts of play: the public events of a hand and how each hand ended."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

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

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "action": self.action,
            "card": None if self.card is None else str(self.card),
        }


@dataclass(frozen=True)
class HandResult:
    """How a hand ended, by seat: ``kind`` is gin, knock, undercut or dead.

    ``hands`` are both players' ten cards at the end; ``showdown`` holds the
    melds, lay-offs and deadwood counts (None for a dead hand).
    """

    number: int
    dealer: int
    kind: HandKind
    knocker: int | None
    winner: int | None
    points: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    showdown: Showdown | None

    def seen_by(self, player: int) -> HandResult:
        """A copy of the result as ``player`` may see it: a dead hand is never shown down,
        so the opponent's cards stay concealed; after a knock both hands are public.

        Always a copy (its showdown too), so a view shares no record with the game.
        """
        if self.kind is HandKind.DEAD:
            hands = tuple(hand if seat == player else () for seat, hand in enumerate(self.hands))
            return replace(self, hands=hands)  # type: ignore[arg-type]
        return replace(self, showdown=self.showdown and replace(self.showdown))

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "kind": self.kind,
            "knocker": self.knocker,
            "winner": self.winner,
            "points": self.points,
            "hands": [[str(card) for card in hand] for hand in self.hands],
            "showdown": None if self.showdown is None else self.showdown.to_dict(),
        }
