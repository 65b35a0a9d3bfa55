"""The words every region shares, in one language: cards, seats, moves, reasons, numbers.

:class:`Words` wraps a :class:`~gin.i18n.Translator` with the table's vocabulary, so that
each region's presenter (:mod:`gin.table.presenter`) says a card, a move or a refusal the
same way: "10♣" in running text, "ten of clubs" for a screen reader.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from gin.actions import Action, ActionKind
from gin.ai.hints import REASONS, Hint, ReasonValue
from gin.cards import Card
from gin.i18n import Translator
from gin.scoring import BonusKind, HandKind, Term
from gin.table.controls import Control
from gin.table.messages import TEMPLATES, Message
from gin.table.models import ButtonModel, CardModel
from gin.table.seats import YOU

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
MINUS = "−"
SAME_VALUE = 0.05
"""A margin under this many points is shown as "about as good" (it would round to 0.0)."""


def short_name(card: Card) -> str:
    """A card as printed in running text: "10♣", "Q♥" (the index printed on its face)."""
    return RANK_LABELS[card.rank - 1] + SUIT_SYMBOLS[card.suit]


NBSP = "\u00a0"
"""The space inside a sum: a line may not break it ("Zapukanie: 13 − 2 =" above a lone "11"
on a landscape phone)."""


def arithmetic(terms: Sequence[Term], total: int) -> str:
    """The terms as a sum and its total, with the minus sign of print and no break inside:
    "6 − 4 + 25 = 27", and "6 − 0 + 25 = 31"."""
    first, *rest = terms
    signed = "".join(f" {MINUS if t.taken_away else '+'} {t.points}" for t in rest)
    return f"{first.points}{signed} = {total}".replace(" ", NBSP)


class Words:
    """The table's vocabulary in one language."""

    def __init__(self, translator: Translator) -> None:
        self.tr = translator

    def _(self, message: str) -> str:
        return self.tr.gettext(message)

    def card(self, card: Card, **marks: object) -> CardModel:
        return CardModel(card, self.tr.card_name(card), **marks)  # type: ignore[arg-type]

    def button(
        self,
        control: Control,
        enabled: bool = True,
        *,
        label: str = "",
        keyed: bool = True,
        pressed: bool | None = None,
        title: str = "",
        primary: bool = False,
        index: int | None = None,
    ) -> ButtonModel:
        """A control as a button: its own label (or ``label``), and its key when ``keyed``."""
        return ButtonModel(
            control.action if index is None else control.name_for(index),
            label or self.label(control),
            enabled,
            control.key if keyed else "",
            pressed=pressed,
            title=title,
            primary=primary,
        )

    def label(self, control: Control) -> str:
        return self.tr.phrase(control.label) if control.label is not None else ""

    def player_name(self, seat: int) -> str:
        return self._("You") if seat == YOU else self._("Computer")

    def level_name(self, level: str) -> str:
        pgettext = self.tr.pgettext
        return {
            "easy": pgettext("level", "Easy"),
            "normal": pgettext("level", "Normal"),
            "hard": pgettext("level", "Hard"),
        }[level]

    def speed_name(self, speed: float) -> str:
        pgettext = self.tr.pgettext
        return {
            0.0: pgettext("speed", "No animation"),
            0.5: pgettext("speed", "Slow"),
            1.0: pgettext("speed", "Normal"),
            2.0: pgettext("speed", "Fast"),
        }[speed]

    def kind_name(self, kind: HandKind) -> str:
        """A hand's ending as a noun, as the score sheet names it."""
        pgettext = self.tr.pgettext
        return {
            HandKind.GIN: pgettext("score sheet", "Gin"),
            HandKind.KNOCK: pgettext("score sheet", "Knock"),
            HandKind.UNDERCUT: pgettext("score sheet", "Undercut"),
            HandKind.DEAD: pgettext("score sheet", "Dead hand"),
        }[kind]

    def bonus_name(self, kind: BonusKind) -> str:
        pgettext = self.tr.pgettext
        return {
            BonusKind.GAME: pgettext("score sheet", "Game bonus"),
            BonusKind.LINE: pgettext("score sheet", "Line bonus"),
            BonusKind.SHUTOUT: pgettext("score sheet", "Shutout bonus"),
        }[kind]

    def message(self, message: Message) -> str:
        """A refusal or notice, worded: its template translated and filled in."""
        values: dict[str, str | int] = dict(message.numbers)
        if message.card is not None:
            values["card"] = short_name(message.card)
        return self._(TEMPLATES[message.code]).format(**values)

    def points(self, value: float) -> str:
        """An estimate in points with one decimal, written as the language writes decimals."""
        separator = self.tr.pgettext("decimal separator", ".")
        return f"{value:.1f}".replace(".", separator)

    def percent(self, share: float) -> str:
        """A share in whole percent, a half rounded up as people round (5 of 8 is 63 %, where
        Python's ``round`` gives the even 62)."""
        return self._("{percent}%").format(percent=math.floor(100 * share + 0.5))

    def move_text(self, seat: int, kind: ActionKind, card: Card | None) -> str:
        """One move as a sentence, e.g. "The computer discarded 9♣."."""
        _ = self._
        name = short_name(card) if card is not None else ""
        if seat == YOU:
            texts = {
                ActionKind.PASS: _("You passed on the face-up card."),
                ActionKind.DRAW_STOCK: _("You drew {card} from the stock."),
                ActionKind.TAKE: _("You took {card} from the discard pile."),
                ActionKind.DRAW_PILE: _("You took {card} from the discard pile."),
                ActionKind.DISCARD: _("You discarded {card}."),
                ActionKind.KNOCK: _("You knocked, discarding {card}."),
                ActionKind.GIN: _("You went gin, discarding {card}."),
            }
        else:
            texts = {
                ActionKind.PASS: _("The computer passed on the face-up card."),
                ActionKind.DRAW_STOCK: _("The computer drew from the stock."),
                ActionKind.TAKE: _("The computer took {card} from the discard pile."),
                ActionKind.DRAW_PILE: _("The computer took {card} from the discard pile."),
                ActionKind.DISCARD: _("The computer discarded {card}."),
                ActionKind.KNOCK: _("The computer knocked, discarding {card}."),
                ActionKind.GIN: _("The computer went gin, discarding {card}."),
            }
        return texts[kind].format(card=name)

    def action_name(self, action: Action) -> str:
        """An action as a player calls it (for hints), e.g. "Discard 7♥"."""
        _ = self._
        plain = {
            ActionKind.TAKE: _("Take the face-up card"),
            ActionKind.PASS: self.label(Control.PASS),
            ActionKind.DRAW_STOCK: _("Draw from the stock"),
            ActionKind.DRAW_PILE: _("Take the top of the discard pile"),
        }
        if action.card is None:
            return plain[action.kind]
        return {
            ActionKind.DISCARD: _("Discard {card}"),
            ActionKind.KNOCK: _("Knock, discarding {card}"),
            ActionKind.GIN: _("Go gin, discarding {card}"),
        }[action.kind].format(card=short_name(action.card))

    def reason(self, code: str, reason_args: Mapping[str, ReasonValue]) -> str:
        """Hard's reason in the person's language: the reason template, translated, filled
        in with each card's printed name and each action as its button says it."""
        args: dict[str, str | int] = {}
        for name, value in reason_args.items():
            if isinstance(value, Card):
                args[name] = short_name(value)
            elif isinstance(value, Action):
                args[name] = self.action_name(value)
            else:
                args[name] = value
        return self._(REASONS[code]).format(**args)

    def hint_text(self, hint: Hint) -> str:
        """Hard's advice: its reason, then its margin over the next best move (when there
        was another move)."""
        text = self.reason(hint.reason_code, hint.reason_args)
        if hint.runner_up is None or hint.margin is None:
            return text
        alternative = self.action_name(hint.runner_up)
        if hint.margin < SAME_VALUE:
            margin = self._("The next best move ({action}) is about as good.")
        else:
            margin = self._("About {points} points better than the next best move ({action}).")
        return f"{text} {margin.format(points=self.points(hint.margin), action=alternative)}"
