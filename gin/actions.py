"""Actions: the only way a player changes the game, printed and parsed as short text.

Like python-chess's ``Move.from_uci``, an action is a small immutable value
with one canonical text form (``draw stock``, ``knock 7H``) that round-trips
through :meth:`Action.parse`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from gin.cards import Card


class IllegalActionError(ValueError):
    """A malformed or illegal action; the message is meant for the player."""


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
        return self in (ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN)


_WORDS = {kind.value: kind for kind in ActionKind}


@dataclass(frozen=True, slots=True)
class Action:
    """One move: a draw choice, or a discard that may knock or go gin.

    ``card`` is the card discarded for discard/knock/gin and ``None`` otherwise.
    """

    kind: ActionKind
    card: Card | None = None

    def __post_init__(self) -> None:
        if self.kind.needs_card != (self.card is not None):
            raise IllegalActionError(
                f"'{self.kind.value}' {'needs' if self.kind.needs_card else 'takes no'} card"
            )

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action's text, e.g. ``draw pile`` or ``knock 7h`` (any case, any spacing)."""
        if not isinstance(text, str):
            raise IllegalActionError(f"an action must be text, not {type(text).__name__}")
        words = text.lower().split()
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
            f"not an action: {text!r} (expected take, pass, draw stock, draw pile, "
            "discard <card>, knock <card> or gin <card>)"
        )

    def __str__(self) -> str:
        return self.kind.value if self.card is None else f"{self.kind.value} {self.card}"


TAKE = Action(ActionKind.TAKE)
PASS = Action(ActionKind.PASS)
DRAW_STOCK = Action(ActionKind.DRAW_STOCK)
DRAW_PILE = Action(ActionKind.DRAW_PILE)
