"""The player view: all that one seat may know, and the only thing a player is given.

Bots and the browser table decide from a :class:`PlayerView` and its legal
actions; the view is built by the game from public facts and the seat's own
hand, so a concealed card cannot leak through it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from gin.actions import Action
from gin.cards import Card
from gin.records import Event, HandResult
from gin.rules import RULESET_VERSION, Rules
from gin.scoring import Bonus


class Phase(StrEnum):
    """Where a game stands: what the player to move is asked to do."""

    UPCARD = "upcard"
    DRAW = "draw"
    DISCARD = "discard"
    GAME_OVER = "game-over"


@dataclass(frozen=True)
class PlayerView:
    """One seat's knowledge of the game at one moment.

    ``opponent_known_cards`` are the cards the opponent took from the
    discard pile and still holds; ``taken_from_pile`` is the card this player
    just took and so may not discard this turn.  ``history`` is the public
    history of the hand in play (the opponent's stock draws carry no card).
    ``hand_results`` includes the last hand's full showdown, which is public.
    """

    player: int
    phase: Phase
    to_move: int | None
    dealer: int
    hand: tuple[Card, ...]
    opponent_card_count: int
    opponent_known_cards: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    stock_count: int
    history: tuple[Event, ...]
    taken_from_pile: Card | None
    legal_actions: tuple[Action, ...]
    scores: tuple[int, ...]
    hand_number: int
    hand_results: tuple[HandResult, ...]
    bonuses: tuple[Bonus, ...]
    over: bool
    winner: int | None
    rules: Rules

    @property
    def opponent(self) -> int:
        return 1 - self.player

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.player

    @property
    def last_result(self) -> HandResult | None:
        """How the previous hand ended (shown by a table before play resumes)."""
        return self.hand_results[-1] if self.hand_results else None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe copy for the browser layer: card codes and action texts."""
        return {
            "player": self.player,
            "phase": self.phase,
            "to_move": self.to_move,
            "dealer": self.dealer,
            "hand": [str(card) for card in self.hand],
            "opponent_card_count": self.opponent_card_count,
            "opponent_known_cards": [str(card) for card in self.opponent_known_cards],
            "discard_pile": [str(card) for card in self.discard_pile],
            "stock_count": self.stock_count,
            "history": [event.to_dict() for event in self.history],
            "taken_from_pile": None if self.taken_from_pile is None else str(self.taken_from_pile),
            "legal_actions": [str(action) for action in self.legal_actions],
            "scores": list(self.scores),
            "hand_number": self.hand_number,
            "hand_results": [result.to_dict() for result in self.hand_results],
            "bonuses": [bonus.to_dict() for bonus in self.bonuses],
            "over": self.over,
            "winner": self.winner,
            "rules": self.rules.to_dict(),
            "ruleset": RULESET_VERSION,
        }
