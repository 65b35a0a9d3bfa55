"""Why the engine refuses an action: one reason from a fixed list, with the facts it names.

The engine decides (:func:`refusal`); whoever shows it words it: the engine's own
English texts (:meth:`Refused.text`, the message of an
:class:`~gin.actions.IllegalActionError`) speak to a program, with card codes and action
texts, and the browser table maps the reason to a message in the person's language
(``gin.table.messages``).  So the rules of what may be played live here and in the
game's legal actions alone, and :func:`refusal` is None exactly for a legal action.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from gin.actions import Action, ActionKind
from gin.cards import Card, to_mask
from gin.melds import deadwood_mask
from gin.view import Phase


class Refusal(StrEnum):
    """Why an action cannot be played now."""

    GAME_OVER = "game-over"
    NOT_HELD = "not-held"
    """The action discards a card the player does not hold."""
    TAKE_OR_PASS = "take-or-pass"
    """The first turn of a hand: the face-up card is taken or passed, nothing else."""
    BOTH_PASSED = "both-passed"
    """Both players passed on the face-up card: the stock is the only draw."""
    DRAW_FIRST = "draw-first"
    ALREADY_DRAWN = "already-drawn"
    TAKEN_CARD = "taken-card"
    """The card just taken from the discard pile is not discarded in the same turn."""
    KNOCK_IS_GIN = "knock-is-gin"
    """The discard leaves no deadwood: that is gin, not a knock."""
    GIN_NEEDS_NO_DEADWOOD = "gin-needs-no-deadwood"
    KNOCK_TOO_HIGH = "knock-too-high"


@dataclass(frozen=True)
class Refused:
    """An action refused, why, and the numbers the reason names.

    ``deadwood`` is what discarding the action's card would leave and ``limit`` the knock
    limit (for a knock or gin refused on its deadwood; 0 otherwise).
    """

    action: Action
    reason: Refusal
    deadwood: int = 0
    limit: int = 0

    @property
    def text(self) -> str:
        """The reason in English, for a program (card codes, action texts)."""
        return _TEXTS[self.reason].format(
            card=self.action.card, deadwood=self.deadwood, limit=self.limit
        )


_TEXTS = {
    Refusal.GAME_OVER: "The game is over: start a new game.",
    Refusal.NOT_HELD: "You do not hold {card}.",
    Refusal.TAKE_OR_PASS: "First take or pass the face-up card.",
    Refusal.BOTH_PASSED: "Both players passed on the face-up card: only 'draw stock' is legal.",
    Refusal.DRAW_FIRST: "Draw a card first, from the stock or the discard pile.",
    Refusal.ALREADY_DRAWN: "You have drawn already: discard a card.",
    Refusal.TAKEN_CARD: "You cannot discard {card}: you just took it from the discard pile.",
    Refusal.KNOCK_IS_GIN: (
        "Discarding {card} leaves no deadwood: that is gin, not a knock; play it as 'gin {card}'."
    ),
    Refusal.GIN_NEEDS_NO_DEADWOOD: "Gin needs no deadwood; discarding {card} leaves {deadwood}.",
    Refusal.KNOCK_TOO_HIGH: (
        "Knocking needs {limit} deadwood or less; discarding {card} leaves {deadwood}."
    ),
}


def refusal(
    action: Action,
    *,
    phase: Phase,
    hand: Sequence[Card],
    taken: Card | None,
    legal: Sequence[Action],
    knock_limit: int,
) -> Refused | None:
    """Why ``action`` cannot be played by the player to move (None: it is legal).

    ``hand`` is that player's hand, ``taken`` the card they just took from the pile and
    ``legal`` the game's legal actions.  The most specific reason is given: a card the
    player does not hold before the phase, the phase before the card's deadwood.
    """
    if action in legal:
        return None
    card = action.card
    if phase is Phase.GAME_OVER:
        return Refused(action, Refusal.GAME_OVER)
    if card is not None and card not in hand:
        return Refused(action, Refusal.NOT_HELD)
    if phase is Phase.UPCARD:
        return Refused(action, Refusal.TAKE_OR_PASS)
    if phase is Phase.DRAW:
        both_passed = action.kind is ActionKind.DRAW_PILE
        return Refused(action, Refusal.BOTH_PASSED if both_passed else Refusal.DRAW_FIRST)
    if card is None:
        return Refused(action, Refusal.ALREADY_DRAWN)
    if card is taken:
        return Refused(action, Refusal.TAKEN_CARD)
    left = deadwood_mask(to_mask(hand) ^ card.bit)
    if action.kind is ActionKind.KNOCK and left == 0:
        return Refused(action, Refusal.KNOCK_IS_GIN, left, knock_limit)
    if action.kind is ActionKind.GIN:
        return Refused(action, Refusal.GIN_NEEDS_NO_DEADWOOD, left, knock_limit)
    return Refused(action, Refusal.KNOCK_TOO_HIGH, left, knock_limit)
