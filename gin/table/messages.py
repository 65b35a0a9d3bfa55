"""What the table tells the person in words: why an input did nothing, and notices.

Each message is a code with typed arguments; :data:`TEMPLATES` holds its
English template, which is also its gettext msgid.  The presenter translates
the template and fills in the arguments (a card becomes its name in the
person's language), so the update never chooses words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from gin.cards import Card
from gin.i18n import N_
from gin.refusals import Refusal, Refused


class Why(StrEnum):
    """Why an input did nothing: said in a short polite line, with a shake of what was touched."""

    COMPUTER_PLAYING = "computer-playing"
    HAND_OVER = "hand-over"
    GAME_OVER = "game-over"
    TAKE_OR_PASS = "take-or-pass"
    BOTH_PASSED = "both-passed"
    DRAW_FIRST = "draw-first"
    ALREADY_DRAWN = "already-drawn"
    TAKEN_CARD = "taken-card"
    KNOCK_TOO_HIGH = "knock-too-high"
    GIN_NOT_YET = "gin-not-yet"
    CANNOT_KNOCK = "cannot-knock"
    CANNOT_GIN = "cannot-gin"
    KNOCK_AFTER_DRAW = "knock-after-draw"
    NO_PASS_NOW = "no-pass-now"
    HINT_ON_YOUR_TURN = "hint-on-your-turn"
    HAND_IN_PLAY = "hand-in-play"
    NOT_YOUR_CARD = "not-your-card"
    TARGET_RANGE = "target-range"
    NOT_OFFERED = "not-offered"
    NOTHING_TO_SHARE = "nothing-to-share"
    MELDS_ARE_THE_QUESTION = "melds-are-the-question"


class Notice(StrEnum):
    """Something the person should know that is not about one input."""

    SETTINGS_RESET = "settings-reset"
    STATS_DAMAGED = "stats-damaged"
    SAVE_UNREADABLE = "save-unreadable"
    SAVE_FAILED = "save-failed"
    STORAGE_BLOCKED = "storage-blocked"
    LESSONS_DAMAGED = "lessons-damaged"
    OTHER_TAB = "other-tab"
    DAILY_ADDRESS = "daily-address"
    DAILY_DAMAGED = "daily-damaged"
    DAILY_SAVE_UNREADABLE = "daily-save-unreadable"


TEMPLATES: dict[Why | Notice, str] = {
    Why.COMPUTER_PLAYING: N_("Wait a moment: the computer is playing."),
    Why.HAND_OVER: N_("This hand is over: deal the next hand."),
    Why.GAME_OVER: N_("The game is over: play again or start a new game."),
    Why.TAKE_OR_PASS: N_("First take the face-up card or pass."),
    Why.BOTH_PASSED: N_("Both players passed on the face-up card: draw from the stock."),
    Why.DRAW_FIRST: N_("Draw a card first."),
    Why.ALREADY_DRAWN: N_("You have drawn already: now discard a card."),
    Why.TAKEN_CARD: N_("You cannot throw back the card you just took."),
    Why.KNOCK_TOO_HIGH: N_(
        "Discarding {card} leaves {deadwood} deadwood: knocking needs {limit} or less."
    ),
    Why.GIN_NOT_YET: N_("Discarding {card} leaves {deadwood} deadwood: gin needs none."),
    Why.CANNOT_KNOCK: N_(
        "You cannot knock yet: your best discard leaves {deadwood} deadwood, the limit is {limit}."
    ),
    Why.CANNOT_GIN: N_("No discard leaves you without deadwood yet."),
    Why.KNOCK_AFTER_DRAW: N_("Draw a card first: you knock or go gin with your discard."),
    Why.NO_PASS_NOW: N_("You can pass only on the first face-up card."),
    Why.HINT_ON_YOUR_TURN: N_("Hints are given on your turn."),
    Why.HAND_IN_PLAY: N_("The hand is still being played."),
    Why.NOT_YOUR_CARD: N_("That card is not in your hand."),
    Why.MELDS_ARE_THE_QUESTION: N_(
        "In this lesson you find the melds yourself, so the hand is not grouped by them."
    ),
    Why.TARGET_RANGE: N_("The target score must be a whole number from 1 to {limit}."),
    Why.NOT_OFFERED: N_("That choice is not offered."),
    Why.NOTHING_TO_SHARE: N_("Finish today's deal first: then you can share your result."),
    Notice.SETTINGS_RESET: N_("Some saved settings were not valid and were reset."),
    Notice.STATS_DAMAGED: N_(
        "Some of your saved statistics were damaged; those figures start again from zero."
    ),
    Notice.SAVE_UNREADABLE: N_(
        "Your saved game could not be restored (it was damaged or from another version), "
        "so a new game has started."
    ),
    Notice.SAVE_FAILED: N_(
        "Your progress cannot be saved right now (the browser's storage is full): "
        "play on, the game will try again."
    ),
    Notice.STORAGE_BLOCKED: N_(
        "This browser does not let the game store anything: play on, but the game, settings "
        "and statistics will be lost when the page closes."
    ),
    Notice.LESSONS_DAMAGED: N_(
        "Your saved lesson progress was damaged; what could not be read is gone, so some "
        "lessons may show as not done yet."
    ),
    Notice.OTHER_TAB: N_(
        "The game was played on in another tab: this tab now shows the newer game."
    ),
    Notice.DAILY_ADDRESS: N_(
        "The address asks for a daily deal on a day that is not a date (YYYY-MM-DD): "
        "it was ignored."
    ),
    Notice.DAILY_DAMAGED: N_(
        "Some of your saved daily results were damaged; those days are no longer shown."
    ),
    Notice.DAILY_SAVE_UNREADABLE: N_(
        "Your unfinished daily deal could not be restored (it was damaged): start it again "
        "from the menu."
    ),
}


ENGINE_REFUSALS: dict[Refusal, Why] = {
    Refusal.GAME_OVER: Why.GAME_OVER,
    Refusal.NOT_HELD: Why.NOT_YOUR_CARD,
    Refusal.TAKE_OR_PASS: Why.TAKE_OR_PASS,
    Refusal.BOTH_PASSED: Why.BOTH_PASSED,
    Refusal.DRAW_FIRST: Why.DRAW_FIRST,
    Refusal.ALREADY_DRAWN: Why.ALREADY_DRAWN,
    Refusal.TAKEN_CARD: Why.TAKEN_CARD,
    Refusal.KNOCK_IS_GIN: Why.KNOCK_TOO_HIGH,  # never shown: an armed Knock plays it as gin
    Refusal.GIN_NEEDS_NO_DEADWOOD: Why.GIN_NOT_YET,
    Refusal.KNOCK_TOO_HIGH: Why.KNOCK_TOO_HIGH,
}
"""The table's words for each of the engine's reasons (an intent may word some otherwise:
any refused Pass is "only on the first face-up card").  A card played on the first turn is
the engine's "First take the face-up card or pass": "Draw a card first" sent a player
looking for a draw the first turn does not have."""


@dataclass(frozen=True)
class Message:
    """One message: its code, its arguments, and (for a refusal) what the person touched."""

    code: Why | Notice
    card: Card | None = None
    numbers: dict[str, int] = field(default_factory=dict)
    target: str = ""
    """The touched control (``stock``, ``pile``, a button's action) or card code, to shake."""

    @classmethod
    def refused(cls, refused: Refused, target: str, instead: Why | None = None) -> Message:
        """The engine's refusal in the table's words (``instead`` of its usual ones), with
        the action's card and the numbers its template names."""
        why = instead or ENGINE_REFUSALS[refused.reason]
        template = TEMPLATES[why]
        facts = {"deadwood": refused.deadwood, "limit": refused.limit}
        numbers = {name: value for name, value in facts.items() if f"{{{name}}}" in template}
        return cls(why, refused.action.card, numbers, target)
