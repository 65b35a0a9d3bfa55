"""What a click, a tap or a drop means: decided here, from what the page saw, and tested in
CPython.

The page reports only what the pointer did: which element it reached (a :class:`Target`:
a card of the hand, a control, the stock or the pile), whether a keyboard made the click,
what a drag picked up (a :class:`Grip`), what it is over and where the hand's cards stand.
These functions turn that into an intent; the update decides what the intent does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from gin.cards import Card
from gin.table.controls import Control
from gin.table.intents import ChooseCard, Intent, MoveCard, PlayCard


class Spot(StrEnum):
    """A place of the table a pointer can be on (besides cards and controls)."""

    STOCK = "stock"
    PILE = "pile"
    HAND = "hand"
    """The person's hand, where a dragged card lands (between its cards)."""


SPOT_CONTROLS = {Spot.STOCK: Control.STOCK, Spot.PILE: Control.PILE}


@dataclass(frozen=True)
class Target:
    """The element a click reached: the nearest of a card of the person's hand, a control
    (by its name), the stock or the pile.  The face-up card's picture lies inside the pile,
    so a click on it is the pile's."""

    card: Card | None = None
    control: str | None = None
    spot: Spot | None = None


def click_intent(target: Target, keyboard: bool) -> Intent | None:
    """The intent a click sends (None: the click means nothing).

    A keyboard's click on a card (Enter or Space on the focused card) plays it; a
    pointer's click chooses it, and a second click on the chosen card plays it.
    """
    if target.card is not None:
        return PlayCard(target.card) if keyboard else ChooseCard(target.card)
    if target.spot in SPOT_CONTROLS:
        return SPOT_CONTROLS[target.spot].intent
    if target.control is not None:
        return Control.intent_of(target.control)
    return None


@dataclass(frozen=True)
class Grip:
    """What a drag picked up: a card of the person's hand, or the stock's or the pile's top."""

    card: Card | None = None
    spot: Spot | None = None


def landing(grip: Grip, over: Spot | None) -> Spot | None:
    """Where the dragged card would land with the pointer over ``over`` (None: nowhere).

    A card of the hand lands on the pile (a discard) or back in the hand (a new place);
    the stock's or the pile's card lands in the hand (a draw).
    """
    if grip.card is not None and over is Spot.PILE:
        return Spot.PILE
    return Spot.HAND if over is Spot.HAND else None


HandPlace = tuple[int, float]
"""A place in the hand's rows: the row (0 the back one, where the hand takes two rows) and
a point across it; places compare in reading order, row by row, left to right."""


def drop_row(y: float, row_tops: Sequence[float], row_under: int | None) -> int:
    """The row of the hand a drop at height ``y`` goes into: that of the hand's card under
    the pointer (in a hand of two rows the front one covers the back one's lower part, and
    a raised card reaches above its row), else the last row that starts above ``y`` (a drop
    between or around the cards)."""
    if row_under is not None:
        return row_under
    return max((row for row, top in enumerate(row_tops) if top <= y), default=0)


def drop_intent(
    grip: Grip, over: Spot | None, at: HandPlace, cards: Sequence[HandPlace]
) -> Intent | None:
    """What a drop asks for.  ``at`` is where it was dropped and ``cards`` the middles of the
    hand's other cards: a card moved in the hand goes after every card before the drop in
    reading order (in a row above, or left of it in its row)."""
    spot = landing(grip, over)
    if spot is None:
        return None
    if grip.card is not None:
        if spot is Spot.PILE:
            return PlayCard(grip.card)
        return MoveCard(grip.card, sum(card < at for card in cards))
    return SPOT_CONTROLS[grip.spot or Spot.PILE].intent
