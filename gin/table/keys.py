"""The keyboard: every key the table understands, defined once.

The update maps a :class:`~gin.table.intents.KeyPress` through this table, the
presenter shows the same letters on the buttons and in the Keys panel.
"""

from __future__ import annotations

from dataclasses import dataclass

from gin.actions import ActionKind
from gin.i18n import N_
from gin.table.intents import (
    Arm,
    AskHint,
    Cancel,
    DrawFromPile,
    DrawFromStock,
    Intent,
    NextHand,
    OpenPanel,
    Panel,
    Pass,
    ReviewHand,
)


@dataclass(frozen=True)
class KeyBinding:
    key: str
    """The key as the browser names it (``event.key``, lower case for letters)."""
    shown: str
    """The key as printed on a button or in the list."""
    intent: Intent | None
    """What the key asks for (None: handled by the update itself, such as the arrows)."""
    does: str
    """What it does, in English (the msgid the Keys panel shows)."""


KEYS: tuple[KeyBinding, ...] = (
    KeyBinding("s", "S", DrawFromStock(), N_("Draw from the stock")),
    KeyBinding(
        "p", "P", DrawFromPile(), N_("Take the face-up card or the top of the discard pile")
    ),
    KeyBinding("x", "X", Pass(), N_("Pass on the face-up card")),
    KeyBinding("k", "K", Arm(ActionKind.KNOCK), N_("Knock (then choose the card to discard)")),
    KeyBinding("g", "G", Arm(ActionKind.GIN), N_("Gin (then choose the card to discard)")),
    KeyBinding("arrowleft", "←", None, N_("Move between the cards of your hand")),
    KeyBinding("arrowright", "→", None, N_("Move between the cards of your hand")),
    KeyBinding("enter", "Enter", None, N_("Discard the chosen card, or press the chosen button")),
    KeyBinding("n", "N", NextHand(), N_("Deal the next hand")),
    KeyBinding("h", "H", AskHint(), N_("Hint")),
    KeyBinding("r", "R", ReviewHand(), N_("Review the hand that just ended")),
    KeyBinding("escape", "Esc", Cancel(), N_("Cancel knock or gin, close a panel")),
    KeyBinding("?", "?", OpenPanel(Panel.KEYS), N_("Show these keys")),
)

_BY_KEY = {binding.key: binding for binding in KEYS}


def binding(key: str) -> KeyBinding | None:
    """The binding of a browser key name (case does not matter), if any."""
    return _BY_KEY.get(key.lower())


def key_for(intent: Intent) -> str:
    """The key printed on the control that sends ``intent`` ("" if none)."""
    return next((b.shown for b in KEYS if b.intent == intent), "")
