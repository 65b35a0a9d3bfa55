"""The keyboard: every key the table understands, defined once.

The update maps a :class:`~gin.table.intents.KeyPress` through :data:`KEYS`; the
controls (:mod:`gin.table.controls`) take their key letters from it, and the Keys panel
lists it.  :func:`key_press` says which keys the page hands to the table at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from gin.actions import ActionKind
from gin.cards import Card
from gin.i18n import N_
from gin.table.intents import (
    Arm,
    AskHint,
    Cancel,
    DrawFromPile,
    DrawFromStock,
    Intent,
    KeyPress,
    NextHand,
    OpenPanel,
    Panel,
    Pass,
    ReviewHand,
    ReviewStep,
)


@dataclass(frozen=True)
class FocusStep:
    """Move the keyboard focus to the next (1) or previous (-1) card of the hand that can be
    played now."""

    step: int


@dataclass(frozen=True)
class KeyBinding:
    key: str
    """The key as the browser names it (``event.key``, lower case for letters)."""
    shown: str
    """The key as printed on a button or in the list."""
    does: str
    """What it does, in English (the msgid the Keys panel shows)."""
    sends: Intent | FocusStep | None
    """What the key asks for: an intent, a step of the focus along the hand, or nothing: the
    browser's own key (Enter presses the focused control, which the page reports as a
    keyboard click, :func:`gin.table.pointer.click_intent`)."""
    panel: Panel | None = None
    """The binding holds while this panel is open, in place of the key's other binding."""


KEYS: tuple[KeyBinding, ...] = (
    KeyBinding("s", "S", N_("Draw from the stock"), DrawFromStock()),
    KeyBinding(
        "p", "P", N_("Take the face-up card or the top of the discard pile"), DrawFromPile()
    ),
    KeyBinding("x", "X", N_("Pass on the face-up card"), Pass()),
    KeyBinding("k", "K", N_("Knock (then choose the card to discard)"), Arm(ActionKind.KNOCK)),
    KeyBinding("g", "G", N_("Gin (then choose the card to discard)"), Arm(ActionKind.GIN)),
    KeyBinding("arrowleft", "←", N_("Move between the cards of your hand"), FocusStep(-1)),
    KeyBinding("arrowright", "→", N_("Move between the cards of your hand"), FocusStep(1)),
    KeyBinding("enter", "Enter", N_("Discard the chosen card, or press the chosen button"), None),
    KeyBinding("n", "N", N_("Deal the next hand"), NextHand()),
    KeyBinding("h", "H", N_("Hint"), AskHint()),
    KeyBinding("r", "R", N_("Review the hand that just ended"), ReviewHand()),
    KeyBinding("escape", "Esc", N_("Cancel knock or gin, close a panel"), Cancel()),
    KeyBinding("?", "?", N_("Show these keys"), OpenPanel(Panel.KEYS)),
    KeyBinding(
        "arrowleft",
        "←",
        N_("Step through the decisions of a hand review"),
        ReviewStep(-1),
        panel=Panel.REVIEW,
    ),
    KeyBinding(
        "arrowright",
        "→",
        N_("Step through the decisions of a hand review"),
        ReviewStep(1),
        panel=Panel.REVIEW,
    ),
)

_BROWSER_KEYS = frozenset(("Enter", " "))
"""Keys that press the focused control: the browser's click does that, not the table."""


def binding(key: str, panel: Panel | None = None) -> KeyBinding | None:
    """The binding of a browser key name (case does not matter) with ``panel`` open."""
    named = [b for b in KEYS if b.key == key.lower() and b.panel in (None, panel)]
    return max(named, key=lambda b: b.panel is not None, default=None)


def key_for(sends: Intent | FocusStep) -> str:
    """The key printed on the control that sends ``sends`` ("" if none)."""
    return next((b.shown for b in KEYS if b.sends == sends), "")


def key_press(
    key: str, focused: Card | str | None, *, typing: bool, modified: bool
) -> KeyPress | None:
    """The table's key press for a key the page saw, or None where the key is not the table's:
    typed into a form field, pressed with Ctrl or ⌘, or one that presses the focused control
    (Enter, Space).  Escape is the table's even in a field (a setting's list, the share box's
    text): it closes what the field is in.  ``focused`` is the hand's card with the focus, or
    the focused control's action name."""
    if (typing and key != "Escape") or modified or key in _BROWSER_KEYS:
        return None
    return KeyPress(key, focused)


def takes_over(key: str) -> bool:
    """The key's default in the page is cancelled: the arrows move the focus along the hand
    (or step a review) instead of scrolling the page."""
    return any(isinstance(b.sends, FocusStep) for b in KEYS if b.key == key.lower())
