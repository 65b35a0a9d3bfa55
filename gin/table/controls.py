"""Every control of the page, listed once: its name, the intent it sends, its key, its label.

The presenter places controls (a button of the phase, an entry of the menu) and words
them from here, the renderer writes a control's name as its ``data-action`` (and its key
as ``aria-keyshortcuts``), and a click on it is read back into its intent by
:func:`gin.table.pointer.click_intent`.  Adding a control is one line in :class:`Control`;
one with ``menu`` set is also an entry of the menu, in the order listed.
"""

from __future__ import annotations

import re
from enum import Enum, StrEnum

from gin.actions import ActionKind
from gin.i18n import N_, NP_, Phrase
from gin.table import intents
from gin.table.intents import Intent, Panel
from gin.table.keys import key_for
from gin.table.settings import SortMode


class InMenu(StrEnum):
    """Where a control is an entry of the menu."""

    ALWAYS = "always"
    WITH_KEYBOARD = "with-keyboard"
    """Not on a touch-only device (the Keys list)."""
    WITH_OWN_GAME_ASIDE = "with-own-game-aside"
    """While a daily deal is on the table and the person's own game is kept aside."""


class Control(Enum):
    """A control: ``name`` (its ``data-action``), ``intent``, ``label`` (a message to
    translate; None where the question it answers words it) and ``menu``."""

    # The stock and the pile: places on the table that draw when touched.
    STOCK = ("stock", intents.DrawFromStock(), N_("Stock"))
    PILE = ("pile", intents.DrawFromPile(), N_("Discard pile"))
    # The play.
    TAKE = ("take", intents.DrawFromPile(), NP_("button", "Take"))
    PASS = ("pass", intents.Pass(), NP_("button", "Pass"))
    KNOCK = ("knock", intents.Arm(ActionKind.KNOCK), NP_("button", "Knock"))
    GIN = ("gin", intents.Arm(ActionKind.GIN), NP_("button", "Gin"))
    HINT = ("hint", intents.AskHint(), NP_("button", "Hint"))
    SORT_MELDS = ("sort-melds", intents.SortHand(SortMode.MELDS), N_("Group melds"))
    SORT_RANK = ("sort-rank", intents.SortHand(SortMode.RANK), N_("Sort by rank"))
    SORT_SUIT = ("sort-suit", intents.SortHand(SortMode.SUIT), N_("Sort by suit"))
    # After a hand, and the coach's review.
    NEXT_HAND = ("next-hand", intents.NextHand(), NP_("button", "Next hand"))
    SHOW_DECK = ("show-deck", intents.ShowDeck(), NP_("button", "Show the deck"))
    REVIEW_HAND = ("review-hand", intents.ReviewHand(), NP_("button", "Review hand"))
    REVIEW_PREV = ("review-prev", intents.ReviewStep(-1), NP_("button", "Previous"))
    REVIEW_NEXT = ("review-next", intents.ReviewStep(1), NP_("button", "Next"))
    # The menu, in the order of its entries.
    MENU = ("menu", intents.OpenPanel(Panel.MENU), N_("Menu"))
    NEW_GAME = ("new-game", intents.NewGame(), NP_("button", "New game"), InMenu.ALWAYS)
    DAILY = ("daily", intents.PlayDaily(), N_("Today's deal"), InMenu.ALWAYS)
    BACK_TO_GAME = (
        "back-to-game",
        intents.BackToGame(),
        N_("Back to your game"),
        InMenu.WITH_OWN_GAME_ASIDE,
    )
    LEARN = ("learn", intents.Learn(), N_("Learn to play"), InMenu.ALWAYS)
    SETTINGS = ("settings", intents.OpenPanel(Panel.SETTINGS), N_("Settings"), InMenu.ALWAYS)
    STATS = ("stats", intents.OpenPanel(Panel.STATS), N_("Statistics"), InMenu.ALWAYS)
    RULES = ("rules", intents.OpenPanel(Panel.RULES), N_("Rules"), InMenu.ALWAYS)
    SHEET = ("sheet", intents.OpenPanel(Panel.SHEET), N_("Score sheet"), InMenu.ALWAYS)
    KEYS = ("help", intents.OpenPanel(Panel.KEYS), N_("Keys"), InMenu.WITH_KEYBOARD)
    DOWNLOAD = ("download", intents.DownloadRecord(), N_("Download game record"), InMenu.ALWAYS)
    # Panels, questions and notices.
    CLOSE_PANEL = ("close-panel", intents.ClosePanel(), N_("Close"))
    RESET_STATS = ("reset-stats", intents.ResetStatistics(), N_("Reset statistics"))
    SHARE_DAILY = ("share-daily", intents.ShareDaily(), N_("Share"))
    CLOSE_SHARE = ("close-share", intents.CloseShare(), N_("Close"))
    CLOSE_REVEAL = ("close-reveal", intents.DismissReveal(), N_("Close"))
    CONFIRM = ("confirm", intents.Confirm(), None)
    CANCEL = ("cancel", intents.Cancel(), None)
    DISMISS = ("dismiss", intents.DismissNotice(0), N_("Close"))
    """One per notice, named ``dismiss-<index>`` (:meth:`name_for`)."""
    # The lessons.
    PLAY_NOW = ("play-now", intents.PlayNow(), NP_("button", "Play now"))
    LESSON_START = ("lesson-start", intents.LessonIntro(False), NP_("button", "Start"))
    LESSON_ABOUT = ("lesson-about", intents.LessonIntro(True), N_("About this lesson"))
    LESSON_SHOW = ("lesson-show", intents.ShowMe(), NP_("button", "Show me"))
    LESSON_WORD_CLOSE = ("lesson-word-close", intents.PutAwayLessonWord(), N_("Close"))
    LESSON_NEXT = ("lesson-next", intents.NextLesson(), NP_("button", "Next lesson"))
    LESSON_RESTART = ("lesson-restart", intents.RestartLessons(), NP_("button", "Start again"))
    LESSON_LEAVE = ("lesson-leave", intents.LeaveLessons(), NP_("button", "Play a game"))

    def __init__(
        self,
        name: str,
        intent: Intent,
        label: str | Phrase | None,
        menu: InMenu | None = None,
    ) -> None:
        self.action = name
        self.intent = intent
        self.label = label
        self.menu = menu

    @property
    def key(self) -> str:
        """The key that does what this control does (:data:`gin.table.keys.KEYS`), or ""."""
        return key_for(self.intent)

    def name_for(self, index: int) -> str:
        """The name of the ``index``-th control of a kind the page shows several of."""
        return f"{self.action}-{index}"

    @classmethod
    def intent_of(cls, name: str) -> Intent | None:
        """The intent of the control named ``name`` on the page (None: no such control)."""
        control = _BY_NAME.get(name)
        if control is not None:
            return control.intent
        numbered = _NUMBERED.fullmatch(name)
        if numbered and numbered["kind"] == Control.DISMISS.action:
            return intents.DismissNotice(int(numbered["index"]))
        return None


FIRST_IN_MENU = next(control for control in Control if control.menu is InMenu.ALWAYS)
"""The menu's first entry, in every menu: it takes the keyboard's focus as the menu opens,
since the menu's list comes after the whole table in the page's order."""

_BY_NAME = {control.action: control for control in Control if control is not Control.DISMISS}
_NUMBERED = re.compile(r"(?P<kind>[a-z-]+)-(?P<index>[0-9]{1,4})")
