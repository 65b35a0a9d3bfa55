"""Effects: what the page must do after an update (store, sound, say, move, think).

The update never touches the page; it returns these values and the page
performs them in order.  Each is small and typed, so the unit tests can check
exactly what a click causes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from gin.actions import Action
from gin.ai.hints import Hint
from gin.cards import Card
from gin.records import HandResult
from gin.table.messages import Message
from gin.view import PlayerView


class Place(StrEnum):
    """Where a card can be on the table, for animations."""

    STOCK = "stock"
    PILE = "pile"
    HAND = "hand"
    OPPONENT = "opponent"


class Sound(StrEnum):
    DRAW = "draw"
    TAKE = "take"
    PASS = "pass"
    DISCARD = "discard"
    KNOCK = "knock"
    GIN = "gin"
    REFUSED = "refused"


class Effect:
    """Base of every effect."""

    __slots__ = ()


@dataclass(frozen=True)
class Save(Effect):
    """Store these records (each is JSON-safe); ``None`` leaves that record as it is."""

    table: dict[str, Any] | None = None
    settings: dict[str, Any] | None = None
    stats: dict[str, Any] | None = None


@dataclass(frozen=True)
class PlaySound(Effect):
    sound: Sound


@dataclass(frozen=True)
class Move(Effect):
    """Animate a card from one place to another (``card`` None: a card seen from the back)."""

    card: Card | None
    source: Place
    target: Place


@dataclass(frozen=True)
class Deal(Effect):
    """Animate a new deal: cards fly from the stock to both hands."""


@dataclass(frozen=True)
class ShowDown(Effect):
    """Animate a hand's end: the melds laid on the table, lay-offs sliding onto them."""

    result: HandResult

    @property
    def laid_off(self) -> frozenset[Card]:
        """The cards the defender laid off on the knocker's melds: they slide on last."""
        facts = self.result.showdown
        return frozenset(card for card, _meld in facts.layoffs) if facts else frozenset()


@dataclass(frozen=True)
class Announce(Effect):
    """Say this to screen readers (the presenter words it): a move, a result, a hint, a refusal."""

    subject: Action | HandResult | Hint | Message
    seat: int = 0
    card: Card | None = None
    """The card a move showed (a pile draw's card, a discard)."""


@dataclass(frozen=True)
class Think(Effect):
    """Ask the computer for its move, after ``delay_ms`` (the pace of the table).

    The page builds the level's bot with ``seed`` and gives it ``view`` and its
    legal actions only; it answers with :class:`~gin.table.intents.BotDecided`
    carrying ``ticket``.
    """

    view: PlayerView
    level: str
    seed: int
    ticket: tuple[int, int]
    delay_ms: int


@dataclass(frozen=True)
class Review(Effect):
    """Work out the coach's review of finished hand ``hand_number`` for ``seat``.

    ``record`` is the game's record of its finished hands
    (:meth:`~gin.game.Game.finished_hands_record`); the coach reads only the
    seat's views from it.  The page works decision by decision, letting the
    table paint in between, and answers with
    :class:`~gin.table.intents.ReviewReady` carrying ``ticket``.
    """

    record: dict[str, Any]
    hand_number: int
    seat: int
    ticket: tuple[int, int]


@dataclass(frozen=True)
class Download(Effect):
    filename: str
    record: dict[str, Any]


@dataclass(frozen=True)
class Focus(Effect):
    """Move the keyboard focus to a card of the hand or to a control (by its action name)."""

    target: Card | str
