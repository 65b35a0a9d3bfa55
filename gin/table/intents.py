"""Intents: what a person (or the page on their behalf) asks the table to do.

The page turns each DOM event into one intent, once, at its edge; from here on
everything is typed (cards are :class:`~gin.cards.Card`, actions
:class:`~gin.actions.Action`).  :func:`gin.table.update.update` takes an intent
and the table's state and returns the next state and the effects to perform.
An intent says what the person meant ("play this card"), not which engine
action follows: the update decides that, and says why when nothing can.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from gin.actions import Action, ActionKind
from gin.ai.coach import HandReview
from gin.ai.hints import Hint
from gin.cards import Card
from gin.table.settings import SortMode


class Panel(StrEnum):
    """The panels the menu opens over the table."""

    MENU = "menu"
    SETTINGS = "settings"
    STATS = "stats"
    RULES = "rules"
    KEYS = "help"
    SHEET = "sheet"
    REVIEW = "review"


@dataclass(frozen=True)
class DrawFromStock:
    pass


@dataclass(frozen=True)
class DrawFromPile:
    """Take the pile's top card: the face-up card on the first turn, a discard later."""


@dataclass(frozen=True)
class Pass:
    """Refuse the face-up card on the first turn."""


@dataclass(frozen=True)
class ChooseCard:
    """A first tap on a card: it is chosen, and a second tap on it plays it."""

    card: Card


@dataclass(frozen=True)
class PlayCard:
    """Discard this card (knocking or going gin with it when that is armed)."""

    card: Card


@dataclass(frozen=True)
class Arm:
    """Press Knock or Gin: the next card played knocks or goes gin (pressing again disarms)."""

    kind: ActionKind


@dataclass(frozen=True)
class MoveCard:
    """Put a card of the hand at ``position`` in the person's own order (a drag in the hand)."""

    card: Card
    position: int


@dataclass(frozen=True)
class SortHand:
    mode: SortMode


@dataclass(frozen=True)
class NextHand:
    """Put the finished hand away and deal the next; at game over, play again."""


@dataclass(frozen=True)
class NewGame:
    """Start a new game (asks first when a game is in progress)."""


@dataclass(frozen=True)
class Confirm:
    pass


@dataclass(frozen=True)
class Cancel:
    """Say no to the open question, disarm Knock/Gin, or close the open panel."""


@dataclass(frozen=True)
class GoBack:
    """The browser's Back (a phone's back gesture) while something it closes is open
    (:attr:`gin.table.state.TableState.back_closes`)."""


@dataclass(frozen=True)
class OpenPanel:
    panel: Panel


@dataclass(frozen=True)
class ClosePanel:
    pass


@dataclass(frozen=True)
class MenuLeft:
    """The keyboard's focus left the open menu for another control (Tab past its last
    entry): the menu closes, and the focus stays where it went (the menu lay over what it
    went to)."""


@dataclass(frozen=True)
class ChangeSetting:
    """A settings control changed: ``name`` is the setting, ``value`` the control's value."""

    name: str
    value: str | bool


@dataclass(frozen=True)
class AskHint:
    pass


@dataclass(frozen=True)
class ResetStatistics:
    pass


@dataclass(frozen=True)
class DownloadRecord:
    pass


@dataclass(frozen=True)
class ReviewHand:
    """After a hand: open the coach's review of it (Hard's opinion on each of the person's
    decisions); it is worked out by the page, then shown from the first decision."""


@dataclass(frozen=True)
class ReviewStep:
    """Show the next (``step`` 1) or the previous (-1) decision of the open review."""

    step: int


@dataclass(frozen=True)
class ReviewReady:
    """The review the page worked out; ``ticket`` names the hand it was asked about, so a
    review that arrives after a new game started is dropped."""

    review: HandReview
    ticket: tuple[int, int]


@dataclass(frozen=True)
class HintReady:
    """Hard's advice, worked out by the page; ``ticket`` names the position it was asked
    about, so advice that arrives after the person (or anything else) moved on is dropped."""

    hint: Hint
    ticket: tuple[int, int]


@dataclass(frozen=True)
class ShowDeck:
    """After a hand: reveal the computer's whole hand and the rest of the stock (or hide them)."""


@dataclass(frozen=True)
class DismissNotice:
    index: int


@dataclass(frozen=True)
class KeyPress:
    """A key pressed outside a form control; ``focused`` is the hand card with the focus, or
    the action name of the control that has it (``next-hand``...): a panel the key opens
    gives the focus back to it."""

    key: str
    focused: Card | str | None = None


@dataclass(frozen=True)
class BotDecided:
    """The computer's decision, computed by the page from the view it was given.

    ``ticket`` names the position it was asked about; a decision that arrives
    for another position (a new game started meanwhile) is dropped.
    """

    action: Action
    ticket: tuple[int, int]


@dataclass(frozen=True)
class SaveFailed:
    """The browser refused to store the game (storage full or blocked)."""


@dataclass(frozen=True)
class TouchOnly:
    """The page found that the person's device has no keyboard-and-mouse pointer."""

    touch_only: bool


@dataclass(frozen=True)
class StoredElsewhere:
    """Another tab of this game stored one of the person's records (the browser's storage
    event): its table, the statistics, the kept daily results, the settings or the lessons'
    progress.

    The values are the parsed records (None: that record did not change).
    """

    table: object = None
    stats: object = None
    daily: object = None
    """The kept daily results."""
    settings: object = None
    lessons: object = None


@dataclass(frozen=True)
class PlayDaily:
    """Play the deal of ``day`` (None: today's); the person's own game is kept aside."""

    day: date | None = None


@dataclass(frozen=True)
class BackToGame:
    """Leave the daily deal for the person's own game kept aside (the deal is kept too)."""


@dataclass(frozen=True)
class ShareDaily:
    """Copy the daily result's text, without spoilers, to share it."""


@dataclass(frozen=True)
class ShareDone:
    """The page's answer to a share: the clipboard took the text, or the browser refused."""

    copied: bool


@dataclass(frozen=True)
class CloseShare:
    pass


@dataclass(frozen=True)
class DismissReveal:
    """Put away the reveal of the game that was given up."""


@dataclass(frozen=True)
class Today:
    """The page's clock says today is ``day`` (UTC): at the start and when the date moves on."""

    day: date


@dataclass(frozen=True)
class Learn:
    """Open the lessons where the person left off (the menu's and the first visit's offer)."""


@dataclass(frozen=True)
class PlayNow:
    """Decline the first visit's offer of the lessons and play at once."""


@dataclass(frozen=True)
class LessonIntro:
    """Show (``shown``) or put away the open lesson's introduction."""

    shown: bool


@dataclass(frozen=True)
class ShowMe:
    """Let the lesson play the move it asks for, slowly, and say why."""


@dataclass(frozen=True)
class PutAwayLessonWord:
    """Put away the lesson's word on the last move: it lies over the computer's hand, whose
    cards (the one it took from the pile) the word may be about."""


@dataclass(frozen=True)
class NextLesson:
    """Go on to the next lesson once this one is done (after the last: the end of the path)."""


@dataclass(frozen=True)
class RestartLessons:
    """From the end of the path: start again at the first lesson."""


@dataclass(frozen=True)
class LeaveLessons:
    """Put the lessons away and go back to the person's own game."""


@dataclass(frozen=True)
class LessonTick:
    """The lesson's pace: its next scripted or shown move is due.  ``serial`` names the
    lesson state it was set for; a tick for an older one is dropped."""

    serial: int


Intent = (
    DrawFromStock
    | DrawFromPile
    | Pass
    | ChooseCard
    | PlayCard
    | Arm
    | MoveCard
    | SortHand
    | NextHand
    | NewGame
    | Confirm
    | Cancel
    | GoBack
    | OpenPanel
    | ClosePanel
    | MenuLeft
    | ChangeSetting
    | AskHint
    | HintReady
    | ResetStatistics
    | DownloadRecord
    | ReviewHand
    | ReviewStep
    | ReviewReady
    | ShowDeck
    | DismissNotice
    | KeyPress
    | BotDecided
    | SaveFailed
    | TouchOnly
    | StoredElsewhere
    | PlayDaily
    | BackToGame
    | ShareDaily
    | ShareDone
    | CloseShare
    | DismissReveal
    | Today
    | Learn
    | PlayNow
    | LessonIntro
    | ShowMe
    | PutAwayLessonWord
    | NextLesson
    | RestartLessons
    | LeaveLessons
    | LessonTick
)
"""Every intent: :func:`gin.table.update.update` has one case for each (mypy checks it)."""
