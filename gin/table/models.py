"""The render model: everything the page draws, decided and worded, as plain values.

The presenter builds a :class:`TableModel` from the table's state; the page's
renderer draws exactly that.  Every text here is already in the person's
language, every flag (enabled, playable, pressed) already decided, so the
renderer holds no game logic and chooses no words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gin.cards import Card

if TYPE_CHECKING:  # the proof's and the daily deal's models, beside their presenter
    from gin.table.presenter.deals import CalendarModel, ProofModel, SealModel, ShareModel


@dataclass(frozen=True)
class CardModel:
    """One face-up card and how the table treats it."""

    card: Card
    name: str
    """Its spoken name, e.g. "seven of hearts"."""
    meld: int | None = None
    """The meld it belongs to in the shown arrangement (None: deadwood)."""
    playable: bool = False
    selected: bool = False
    fresh: bool = False
    """Just drawn: it pulses once."""
    aid: bool = False
    """Lit up by the beginner's aid: it would meld with the face-up card."""
    note: str = ""
    """A short marker such as "laid off" or "just taken"."""
    theirs: bool = False
    """A card of the other player shown among these (the defender's lay-off on a meld)."""


@dataclass(frozen=True)
class ButtonModel:
    action: str
    """The control's name on the page (``data-action``)."""
    label: str
    enabled: bool = True
    key: str = ""
    """The keyboard key printed on it."""
    pressed: bool | None = None
    """For toggles (Knock, Gin): pressed or not; None for plain buttons."""
    title: str = ""
    primary: bool = False


@dataclass(frozen=True)
class SeatModel:
    name: str
    score: int
    dealer: bool
    testid: str


@dataclass(frozen=True)
class TopBarModel:
    title: str
    you: SeatModel
    ai: SeatModel
    target: str
    hand_number: str
    level: str
    ruleset: str
    dealer_label: str
    menu: ButtonModel


@dataclass(frozen=True)
class OpponentModel:
    label: str
    hidden: int
    """How many cards are seen from the back."""
    known: tuple[CardModel, ...]
    """Cards the computer took from the pile and still holds."""
    thinking: str
    """The "thinking" line while the computer works out a move ("" otherwise)."""
    last_move: str = ""
    """The computer's newest move of the hand, worded: shown where the move log is not."""
    laid_out: LaidOutHand | None = None
    """In a lesson, after the computer's knock: its melds laid down, before the showdown
    (drawn instead of the hand's backs)."""


@dataclass(frozen=True)
class StockModel:
    count: int
    label: str
    aria: str
    enabled: bool


@dataclass(frozen=True)
class PileModel:
    cards: tuple[CardModel, ...]
    """The pile's last cards, oldest first, fanned; the last is the top."""
    earlier: int
    """How many older cards lie under those shown."""
    label: str
    aria: str
    enabled: bool
    aid: bool


@dataclass(frozen=True)
class MeldModel:
    cards: tuple[CardModel, ...]


@dataclass(frozen=True)
class LaidOutHand:
    """A hand at a showdown: melds (the knocker's with the lay-offs on them), then deadwood."""

    title: str
    melds: tuple[MeldModel, ...]
    deadwood: tuple[CardModel, ...]
    deadwood_label: str
    note: str = ""


@dataclass(frozen=True)
class RevealModel:
    """The deck shown after a hand: the computer's cards and the stock, top first."""

    computer_title: str
    computer: tuple[CardModel, ...]
    stock_title: str
    stock: tuple[CardModel, ...]


@dataclass(frozen=True)
class ResultModel:
    headline: str
    points: str
    """The arithmetic, e.g. "Knock: 23 − 6 = 17"."""
    detail: str
    hands: tuple[LaidOutHand, ...]
    buttons: tuple[ButtonModel, ...]
    reveal: RevealModel | None


@dataclass(frozen=True)
class LineModel:
    label: str
    you: str
    ai: str


@dataclass(frozen=True)
class GameOverModel:
    title: str
    you: int
    ai: int
    you_label: str
    ai_label: str
    lines: tuple[LineModel, ...]
    """The final score itemised: hand points, each bonus, the total."""
    figures_title: str
    figures: tuple[LineModel, ...]
    seed_text: str
    seed_link: str
    seed_href: str
    buttons: tuple[ButtonModel, ...]


@dataclass(frozen=True)
class SheetRow:
    number: int
    who: str
    how: str
    points: int
    you: int
    """This hand's points for the person (0 if they did not score)."""
    ai: int
    you_total: int
    ai_total: int


@dataclass(frozen=True)
class SheetModel:
    title: str
    heads: tuple[str, ...]
    number_head: str
    """The hand-number column's heading as shown (``heads[0]`` is its accessible name)."""
    rows: tuple[SheetRow, ...]
    box: tuple[LineModel, ...]
    """At game over: hands won, each bonus, the grand totals."""
    box_title: str
    total: LineModel


@dataclass(frozen=True)
class LogModel:
    title: str
    entries: tuple[str, ...]
    empty: str


@dataclass(frozen=True)
class FieldModel:
    """One settings control."""

    name: str
    label: str
    kind: str
    """``select``, ``checkbox`` or ``number``."""
    value: str
    checked: bool = False
    options: tuple[tuple[str, str], ...] = ()
    """(value, label) pairs of a select."""
    minimum: int = 0
    maximum: int = 0
    error: str = ""
    """Why the value given was refused, said under the field: the table's own line for it lies
    under the open panel (on a phone wholly)."""


@dataclass(frozen=True)
class FieldsetModel:
    legend: str
    fields: tuple[FieldModel, ...]


@dataclass(frozen=True)
class ChartBar:
    label: str
    won: int
    lost: int


@dataclass(frozen=True)
class StatsModel:
    heads: tuple[str, ...]
    rows: tuple[tuple[str, tuple[int | str, ...]], ...]
    """Each figure's name and its count per level ("—": never recorded)."""
    bars: tuple[ChartBar, ...]
    chart_label: str
    won_label: str
    lost_label: str
    empty: str
    """Shown instead of the chart when no game has been played yet."""
    reset: ButtonModel
    reviews: ReviewStatsModel


@dataclass(frozen=True)
class ReviewDecisionModel:
    """One decision in the review's list: what the person played and, if marked, Hard's move."""

    label: str
    note: str
    marked: bool
    """Hard would have chosen otherwise."""
    current: bool


@dataclass(frozen=True)
class ReviewModel:
    """The coach's review of a hand: a summary, the decision on show, and the list to step by.

    While the page works the review out, only ``note`` and ``waiting`` are filled in.
    """

    note: str
    """That the review used only what the person could see."""
    waiting: str = ""
    summary: str = ""
    position: str = ""
    hand_label: str = ""
    hand: tuple[CardModel, ...] = ()
    pile: str = ""
    played: str = ""
    verdict: str = ""
    marked: bool = False
    reason: str = ""
    cost: str = ""
    decisions: tuple[ReviewDecisionModel, ...] = ()
    list_label: str = ""
    previous: ButtonModel | None = None
    next: ButtonModel | None = None


@dataclass(frozen=True)
class ReviewStatsModel:
    """The coach's figures per level, under the statistics table."""

    title: str
    rows: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class PanelModel:
    name: str
    """``settings``, ``stats``, ``rules``, ``help``, ``sheet`` or ``menu``."""
    title: str
    close: ButtonModel
    fieldsets: tuple[FieldsetModel, ...] = ()
    stats: StatsModel | None = None
    rules_html: str = ""
    keys: tuple[tuple[str, str], ...] = ()
    tips: str = ""
    items: tuple[ButtonModel, ...] = ()
    """The menu's entries."""
    review: ReviewModel | None = None
    calendar: CalendarModel | None = None
    """The statistics' daily deals."""


@dataclass(frozen=True)
class QuestionModel:
    name: str
    text: str
    confirm: ButtonModel
    cancel: ButtonModel


@dataclass(frozen=True)
class MessageModel:
    text: str
    target: str = ""
    serial: int = 0
    close: ButtonModel | None = None


@dataclass(frozen=True)
class TableModel:
    phase: str
    turn: str
    """``you`` when the person may act now, ``ai`` otherwise."""
    busy: bool
    language: str
    classes: tuple[str, ...]
    """Classes of the table element: colour scheme, card size, device."""
    topbar: TopBarModel
    opponent: OpponentModel
    stock: StockModel
    pile: PileModel
    hand: tuple[CardModel, ...]
    hand_label: str
    count_line: str
    status: str
    buttons: tuple[ButtonModel, ...]
    sorts: tuple[ButtonModel, ...]
    sort_label: str
    why: MessageModel | None
    hint: str
    notices: tuple[MessageModel, ...]
    result: ResultModel | None
    game_over: GameOverModel | None
    sheet: SheetModel
    log: LogModel
    panel: PanelModel | None
    question: QuestionModel | None
    labels: dict[str, str] = field(default_factory=dict)
    """Names of regions and other words the page needs (aria labels, the document title)."""
    seal: SealModel | None = None
    """The game's commitment (or daily deal), shown from the first card."""
    proof: ProofModel | None = None
    """At game over: the reveal."""
    left: ProofModel | None = None
    """The reveal of the game given up for this one."""
    sharing: ShareModel | None = None
    lesson: LessonModel | None = None
    """The lesson on the table (its panel, its introduction), or the end of the lessons."""
    offer: OfferModel | None = None
    """The first visit's offer of the lessons."""
    middle: bool = True
    """The stock and the pile are shown (not while a lesson asks about the computer's melds)."""


@dataclass(frozen=True)
class LessonIntroModel:
    """A lesson's introduction, shown over the table when the lesson starts."""

    heading: str
    text: str
    start: ButtonModel


@dataclass(frozen=True)
class LessonModel:
    """The lesson panel: where the person is, the question (or what was learned), the
    lesson's word on the last move and its buttons; or the end of the path (``complete``)."""

    number: int
    """The lesson's number, from 1 (0 at the end of the path)."""
    count: int
    done: bool
    heading: str
    title: str
    ask: str
    why: MessageModel | None
    """The lesson's reason for refusing the last move (or the table's, for an illegal one)."""
    nudge: bool
    """``why`` points on to the next lesson (a move once the lesson is done): not a refusal."""
    said: str
    """The lesson's word on the last right move (what *Show me* explains too)."""
    buttons: tuple[ButtonModel, ...]
    word_close: ButtonModel | None = None
    """Puts away the word on the last move (``why`` or ``said``) while one is shown."""
    intro: LessonIntroModel | None = None
    complete: bool = False
    label: str = ""
    """The panel's name for screen readers."""


@dataclass(frozen=True)
class OfferModel:
    """The first visit's offer: learn to play first, or play at once."""

    title: str
    text: str
    learn: ButtonModel
    later: ButtonModel
