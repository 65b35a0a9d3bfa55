"""The player view: all that one seat may know, and the only thing a player is given.

Bots and the browser table decide from a :class:`PlayerView` and its legal
actions; the view is built by the game from public facts and the seat's own
hand, so a concealed card cannot leak through it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from gin.actions import Action
from gin.cards import Card
from gin.records import Event, HandResult
from gin.rules import Rules
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
