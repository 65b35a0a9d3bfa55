"""Why a lesson accepts or refuses a move: a code, the engine's numbers, and an English template.

A lesson never writes a reason by hand.  The goals (:mod:`gin.lessons.goals`)
compute every number a reason names (deadwood counts, the card a meld needs,
the knock limit) from the engine, and pick one of these codes; the table
translates the template (the gettext msgid is the English text) and fills in
the same values, as it does for the coach's hints.  When the lesson's advice is
Hard's own (when to knock, when to play on), the reason *is* Hard's hint,
worded by the coach's templates (:data:`gin.ai.hints.REASONS`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from gin.ai.hints import REASONS as COACH_REASONS
from gin.ai.hints import Hint
from gin.cards import Card
from gin.i18n import N_

Meld = tuple[Card, ...]
Value = Card | Meld | int


class Say(StrEnum):
    """What a lesson says about a move: why it is right (first group) or why it is not."""

    # Why the move is right: what *Show me* says, and what follows a right move.
    LOOSE = "loose"
    NOT_A_RUN = "not-a-run"
    TAKE_MELD = "take-meld"
    DRAW_STOCK = "draw-stock"
    DISCARD_LEAST = "discard-least"
    DISCARD_SAFE = "discard-safe"
    KNOCK_WITH = "knock-with"
    GIN_WITH = "gin-with"
    LAYS_OFF = "lays-off"
    COACH = "coach"
    # Why the move is not what the lesson asks.
    IN_SET = "in-set"
    IN_RUN = "in-run"
    PILE_MELDS = "pile-melds"
    PILE_USELESS = "pile-useless"
    BREAKS_MELD = "breaks-meld"
    MORE_DEADWOOD = "more-deadwood"
    FEEDS = "feeds"
    COULD_KNOCK = "could-knock"
    KNOCK_HIGHER = "knock-higher"
    CANNOT_KNOCK_THEN = "cannot-knock-then"
    COULD_GIN = "could-gin"
    NOT_GIN = "not-gin"
    FITS_NOTHING = "fits-nothing"
    OWN_MELD = "own-meld"
    PICKED_ALREADY = "picked-already"
    TAP_A_CARD = "tap-a-card"
    MAKE_A_MOVE = "make-a-move"
    START_FIRST = "start-first"
    LESSON_DONE = "lesson-done"


TEMPLATES: dict[Say, str] = {
    Say.LOOSE: N_("{card} is in no meld: it counts {points}."),
    Say.NOT_A_RUN: N_(
        "{card} is in no meld: {cards} is not a run, because the ace is low. It counts {points}."
    ),
    Say.TAKE_MELD: N_(
        "Take {card}: it makes the meld {meld}, and with a good discard your deadwood falls "
        "from {before} to {after}."
    ),
    Say.DRAW_STOCK: N_("Draw from the stock: {card} joins no meld, a card from the stock may."),
    Say.DISCARD_LEAST: N_(
        "Throw {card}: it is in no meld and counts {points}, so {deadwood} deadwood is left."
    ),
    Say.DISCARD_SAFE: N_(
        "Throw {card}: it leaves as little deadwood as {other}, and {other} could make a meld "
        "with {known}, which the computer took from the pile."
    ),
    Say.KNOCK_WITH: N_(
        "Knock with {card}: it leaves {deadwood} deadwood, and a knock needs {limit} or less."
    ),
    Say.GIN_WITH: N_(
        "Go gin with {card}: the ten cards left are all in melds. Gin scores {bonus} points more "
        "and the computer cannot lay off."
    ),
    Say.LAYS_OFF: N_("{card} fits on the computer's meld {meld}: it no longer counts against you."),
    Say.IN_SET: N_("{card} is in a meld: the set {meld}."),
    Say.IN_RUN: N_("{card} is in a meld: the run {meld}."),
    Say.PILE_MELDS: N_(
        "{card} makes the meld {meld}: take it, and with a good discard your deadwood falls "
        "from {before} to {after}."
    ),
    Say.PILE_USELESS: N_("{card} joins no meld: it adds {points} to your deadwood."),
    Say.BREAKS_MELD: N_(
        "{card} is in the meld {meld}: throwing it leaves {deadwood} deadwood. Throw {best} "
        "and {least} is left."
    ),
    Say.MORE_DEADWOOD: N_(
        "{card} counts {points}, {best} counts {best_points}: throwing {card} leaves {deadwood} "
        "deadwood, throwing {best} leaves {least}."
    ),
    Say.FEEDS: N_(
        "{card} could make a meld with {known}, which the computer took from the pile: keep it "
        "and throw {best}, which leaves as little deadwood."
    ),
    Say.COULD_KNOCK: N_(
        "Throwing {card} leaves {deadwood} deadwood, {limit} or less: you can knock with it. "
        "Press {knock_button}, then the card."
    ),
    Say.KNOCK_HIGHER: N_(
        "Knocking with {card} leaves {deadwood} deadwood; knocking with {best} leaves only {least}."
    ),
    Say.CANNOT_KNOCK_THEN: N_(
        "Throwing {card} leaves {deadwood} deadwood, more than {limit}: you could not knock. "
        "Knock with {best}: {least} is left."
    ),
    Say.COULD_GIN: N_(
        "Throwing {card} leaves no deadwood at all: that is gin, worth {bonus} points more. "
        "Press {gin_button}, then the card."
    ),
    Say.NOT_GIN: N_(
        "Throwing {card} leaves {deadwood} deadwood; throwing {best} leaves none: that is gin, "
        "worth {bonus} points more than a knock."
    ),
    Say.FITS_NOTHING: N_("{card} fits none of the computer's melds: it stays deadwood."),
    Say.OWN_MELD: N_("{card} is in your own meld {meld}: it counts nothing already."),
    Say.PICKED_ALREADY: N_("{card} is chosen already."),
    Say.TAP_A_CARD: N_("This step asks you to choose cards of your hand."),
    Say.MAKE_A_MOVE: N_("This step asks for a move: draw, take, pass or discard."),
    Say.START_FIRST: N_("Read the lesson, then press {start_button} to begin."),
    Say.LESSON_DONE: N_("This lesson is done: go on with {next_button}."),
}
"""The English template of every code but :attr:`Say.COACH` (whose text is Hard's hint)."""

BUTTONS = {
    "knock_button": "Knock",
    "gin_button": "Gin",
    "hint_button": "Hint",
    "start_button": "Start",
    "next_button": "Next lesson",
    "hard": "Hard",
}
"""The table's words a template may name (its buttons, the Hard level), by placeholder, in
English; the table fills in its own labels in the person's language."""

RIGHT = frozenset(
    (
        Say.LOOSE,
        Say.NOT_A_RUN,
        Say.TAKE_MELD,
        Say.DRAW_STOCK,
        Say.DISCARD_LEAST,
        Say.DISCARD_SAFE,
        Say.KNOCK_WITH,
        Say.GIN_WITH,
        Say.LAYS_OFF,
    )
)
"""The codes that explain a right move (:attr:`Say.COACH` can do either)."""


@dataclass(frozen=True)
class Reason:
    """One reason: its code and its values (cards, melds, counts), or Hard's hint.

    Values stay typed (a :class:`~gin.cards.Card`, a meld as a tuple of cards, an
    int) up to the page's edge, where each language names them.
    """

    code: Say
    values: Mapping[str, Value] = field(default_factory=dict)
    hint: Hint | None = None

    def __post_init__(self) -> None:
        if (self.code is Say.COACH) != (self.hint is not None):
            raise ValueError("a coach's reason carries Hard's hint, and only it does")

    @property
    def template(self) -> str:
        """The English template: the lesson's own, or the coach's for Hard's hint."""
        if self.hint is not None:
            return COACH_REASONS[self.hint.reason_code]
        return TEMPLATES[self.code]

    def text(
        self, card_text: Callable[[Card], str] = str, buttons: Mapping[str, str] = BUTTONS
    ) -> str:
        """The reason in English, each card written by ``card_text`` (its code by default)."""
        if self.hint is not None:
            return self.hint.reason
        return render(self.template, self.values, card_text, buttons)


def render(
    template: str,
    values: Mapping[str, Value],
    card_text: Callable[[Card], str] = str,
    buttons: Mapping[str, str] = BUTTONS,
) -> str:
    """A lesson's template filled in: its values worded, and the buttons it names."""
    return template.format(**buttons, **worded(values, card_text))


def worded(values: Mapping[str, Value], card_text: Callable[[Card], str]) -> dict[str, str | int]:
    """Values ready for a template: a card by ``card_text``, a meld as its cards in a row."""
    out: dict[str, str | int] = {}
    for name, value in values.items():
        if isinstance(value, Card):
            out[name] = card_text(value)
        elif isinstance(value, tuple):
            out[name] = " ".join(card_text(card) for card in value)
        else:
            out[name] = value
    return out
