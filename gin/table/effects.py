"""Effects: what the page must do after an update (store, sound, say, move, think).

The update never touches the page; it returns these values and the page
performs them in order.  Each is small and typed, so the unit tests can check
exactly what a click causes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from gin.actions import Action, ActionKind
from gin.ai.hints import Hint
from gin.cards import Card
from gin.records import HandResult
from gin.table.daily import Sharing
from gin.table.intents import LessonTick
from gin.table.lesson_state import LessonNews
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


SOUNDS = {
    ActionKind.TAKE: Sound.TAKE,
    ActionKind.DRAW_PILE: Sound.TAKE,
    ActionKind.DRAW_STOCK: Sound.DRAW,
    ActionKind.PASS: Sound.PASS,
    ActionKind.DISCARD: Sound.DISCARD,
    ActionKind.KNOCK: Sound.KNOCK,
    ActionKind.GIN: Sound.GIN,
}
"""The sound of each kind of move."""


@dataclass(frozen=True)
class Save(Effect):
    """Store these records (each is JSON-safe); ``None`` leaves that record as it is.

    ``table`` is the person's own game, ``daily_table`` a daily deal's (on the table or
    kept aside), ``daily`` the kept daily results; ``forget`` names records to remove
    (only ``daily-table``: a finished daily deal that was left).
    """

    table: dict[str, Any] | None = None
    settings: dict[str, Any] | None = None
    stats: dict[str, Any] | None = None
    daily_table: dict[str, Any] | None = None
    daily: dict[str, Any] | None = None
    forget: tuple[str, ...] = ()
    lessons: dict[str, Any] | None = None


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

    subject: Action | HandResult | Hint | Message | LessonNews
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
class Advise(Effect):
    """Work out Hard's advice for the person's move in ``view``.

    Hard takes 150 to 450 ms on a phone-class CPU, so the page works it out in slices,
    letting the table paint and answer in between, and answers with
    :class:`~gin.table.intents.HintReady` carrying ``ticket``.
    """

    view: PlayerView
    ticket: tuple[int, int]


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
class Share(Effect):
    """Copy the shared result's text (the presenter words it) to the clipboard; the page
    answers with :class:`~gin.table.intents.ShareDone` (copied, or refused)."""

    shared: Sharing


@dataclass(frozen=True)
class Focus(Effect):
    """Move the keyboard focus to a card of the hand or to a control (by its action name); if
    the page has no such control, to the ``otherwise`` control.  ``if_lost``: only if the
    focus fell to the page's start, its element gone with the drawing (Pass pressed goes with
    the turn; a card of the hand that had the focus when X was pressed stays, and keeps it)."""

    target: Card | str
    otherwise: str | None = None
    if_lost: bool = False


@dataclass(frozen=True)
class Later(Effect):
    """Send ``tick`` after ``delay_ms``: the pace of a lesson's scripted and shown moves."""

    delay_ms: int
    tick: LessonTick


def move_effects(
    action: Action, person: bool, pile_top: Card | None, drawn: Card | None
) -> list[Effect]:
    """The sound and the flight of a move: the person's (``person``) or the computer's.

    ``pile_top`` is the pile's top card before the move (what a pile draw takes) and
    ``drawn`` the card the person drew from the stock (the computer's stays concealed).
    """
    effects: list[Effect] = [PlaySound(SOUNDS[action.kind])]
    hand = Place.HAND if person else Place.OPPONENT
    if action.kind is ActionKind.DRAW_STOCK:
        effects.append(Move(drawn if person else None, Place.STOCK, hand))
    elif action.kind in (ActionKind.TAKE, ActionKind.DRAW_PILE):
        effects.append(Move(pile_top, Place.PILE, hand))
    elif action.card is not None:
        effects.append(Move(action.card, hand, Place.PILE))
    return effects
