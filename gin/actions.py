"""Actions: the only way a player changes the game, printed and parsed as short text.

Like python-chess's ``Move.from_uci``, an action is a small immutable value
with one canonical text form (``draw stock``, ``knock 7H``) that round-trips
through :meth:`Action.parse`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from gin.cards import ASCII_SPACE, Card, shown

if TYPE_CHECKING:
    from gin.refusals import Refused


class IllegalActionError(ValueError):
    """A malformed or illegal action; the message is meant for the player.

    ``refused`` says why a well-formed action was refused (a :class:`gin.refusals.Refused`;
    None for an action that could not even be read).
    """

    def __init__(self, message: str, refused: Refused | None = None) -> None:
        super().__init__(message)
        self.refused = refused


class ActionKind(StrEnum):
    """What an action does; its value is the action's text (``draw stock``)."""

    TAKE = "take"
    PASS = "pass"
    DRAW_STOCK = "draw stock"
    DRAW_PILE = "draw pile"
    DISCARD = "discard"
    KNOCK = "knock"
    GIN = "gin"

    @property
    def needs_card(self) -> bool:
        return self in _DISCARDS


_WORDS = {kind.value: kind for kind in ActionKind}
_DISCARDS = frozenset((ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN))
_SPACES = re.compile(r"\s+", re.ASCII)


def _kind(value: object) -> ActionKind:
    """An action's kind from the kind or its exact text; anything else is refused."""
    if isinstance(value, str) and value in _WORDS:
        return _WORDS[value]
    raise IllegalActionError(
        f"not an action kind: {shown(value)} (expected one of {', '.join(_WORDS)})"
    )


@dataclass(frozen=True, slots=True)
class Action:
    """One move: a draw choice, or a discard that may knock or go gin.

    ``card`` is the card discarded for discard/knock/gin and ``None`` otherwise.
    ``kind`` may be given as its exact text (``Action("discard", card)``): an
    :class:`ActionKind` is a string enum, so that text already compares equal
    to the kind, and it is stored as the kind.  Anything else is refused
    (free text such as ``"Discard 7h"`` is for :meth:`parse`).
    """

    kind: ActionKind
    card: Card | None = None

    def __post_init__(self) -> None:
        kind, card = self.kind, self.card
        if type(kind) is not ActionKind:
            kind = _kind(kind)
            object.__setattr__(self, "kind", kind)
        if card is not None and type(card) is not Card:
            raise IllegalActionError(
                f"an action's card must be a Card (e.g. Card.parse('7H')), not {shown(card)}"
            )
        if (kind in _DISCARDS) != (card is not None):
            raise IllegalActionError(
                f"'{kind.value}' {'needs' if kind in _DISCARDS else 'takes no'} card"
            )

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action's text, e.g. ``draw pile`` or ``knock 7h`` (any case, any spacing).

        ASCII only, checked before the case mapping: ``"discard \\u212aS"``, with
        the Kelvin sign, is not ``discard KS``.
        """
        if not isinstance(text, str):
            raise IllegalActionError(f"an action must be text, not {type(text).__name__}")
        words = _SPACES.split(text.strip(ASCII_SPACE).lower()) if text.isascii() else []
        phrase = " ".join(words)
        if phrase in _WORDS and not _WORDS[phrase].needs_card:
            return cls(_WORDS[phrase])
        if len(words) == 2 and words[0] in _WORDS and _WORDS[words[0]].needs_card:
            try:
                card = Card.parse(words[1])
            except ValueError as error:
                raise IllegalActionError(str(error)) from None
            return cls(_WORDS[words[0]], card)
        raise IllegalActionError(
            f"not an action: {shown(text)} (expected take, pass, draw stock, draw pile, "
            "discard <card>, knock <card> or gin <card>)"
        )

    def __str__(self) -> str:
        return self.kind.value if self.card is None else f"{self.kind.value} {self.card}"


TAKE = Action(ActionKind.TAKE)
PASS = Action(ActionKind.PASS)
DRAW_STOCK = Action(ActionKind.DRAW_STOCK)
DRAW_PILE = Action(ActionKind.DRAW_PILE)
