"""What the table shows: a render model built from the person's view, in their language.

The browser layer draws exactly this model and nothing else, so every
decision about what is shown, playable or enabled is made here, in plain
Python that the unit tests check.  The presenter only ever reads the
person's :class:`~gin.view.PlayerView`, never the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gin.actions import ActionKind
from gin.ai.hints import REASONS, Hint
from gin.cards import Card, sort_by_rank, to_mask
from gin.i18n import Translator
from gin.melds import arrangement_mask, deadwood_mask
from gin.records import HandResult
from gin.rules import RULESET_VERSION
from gin.scoring import Bonus
from gin.table.session import AI, YOU, Step, TableSession
from gin.table.settings import LEVELS
from gin.table.stats import LevelStats, Statistics

ARMABLE = ("knock", "gin")


@dataclass(frozen=True)
class CardModel:
    """One face-up card: its code, its spoken name, and how the table treats it."""

    code: str
    name: str
    meld: int | None = None
    """Index of the meld the card belongs to in the shown arrangement (None: deadwood)."""
    playable: bool = False
    note: str = ""
    """A short marker such as "laid off" or "just taken"."""
    selected: bool = False
    """Chosen by a first tap on a touch screen; a second tap plays it."""


@dataclass(frozen=True)
class ButtonModel:
    action: str
    label: str
    enabled: bool
    pressed: bool = False
    hint: str = ""


@dataclass(frozen=True)
class LaidOutHand:
    """A hand at a showdown: its melds (with the cards laid off on them) and its deadwood."""

    title: str
    melds: tuple[tuple[CardModel, ...], ...]
    deadwood: tuple[CardModel, ...]
    deadwood_points: int


@dataclass(frozen=True)
class ResultModel:
    headline: str
    detail: str
    hands: tuple[LaidOutHand, ...]


@dataclass(frozen=True)
class SheetRow:
    label: str
    you: int
    ai: int


@dataclass(frozen=True)
class TableModel:
    phase: str
    turn: str
    status: str
    you_score: int
    ai_score: int
    opponent_count: int
    opponent_known: tuple[CardModel, ...]
    stock_count: int
    stock_enabled: bool
    pile: tuple[CardModel, ...]
    pile_enabled: bool
    hand: tuple[CardModel, ...]
    deadwood: int
    buttons: tuple[ButtonModel, ...]
    result: ResultModel | None
    sheet: tuple[SheetRow, ...]
    totals: SheetRow
    labels: dict[str, str] = field(default_factory=dict)


class Presenter:
    """Builds :class:`TableModel` values and the texts that describe the bot's moves."""

    def __init__(self, translator: Translator) -> None:
        self.tr = translator

    # --- pieces ---------------------------------------------------------------------------

    def card(self, card: Card, **extra: object) -> CardModel:
        return CardModel(code=str(card), name=self.tr.card_name(card), **extra)  # type: ignore[arg-type]

    def player_name(self, seat: int) -> str:
        return self.tr.gettext("You") if seat == YOU else self.tr.gettext("Computer")

    def describe_step(self, step: Step) -> str:
        """What the bot just did, as one sentence for the move log and screen readers."""
        _ = self.tr.gettext
        word, _space, code = step.action.partition(" ")
        card = self.tr.card_name(Card.parse(step.card)) if step.card else ""
        if step.action == "pass":
            return _("The computer passed on the face-up card.")
        if step.action == "draw stock":
            return _("The computer drew from the stock.")
        if step.action in ("take", "draw pile"):
            return _("The computer took {card} from the discard pile.").format(card=card)
        if word == "discard":
            return _("The computer discarded {card}.").format(card=card)
        if word == "knock":
            return _("The computer knocked, discarding {card}.").format(card=card)
        return _("The computer went gin, discarding {card}.").format(card=card)

    # --- the hand -------------------------------------------------------------------------

    def hand_cards(
        self,
        hand: tuple[Card, ...],
        mode: str,
        order: list[str],
        playable: set[Card],
        taken: Card | None,
        selected: str | None = None,
    ) -> tuple[CardModel, ...]:
        """The hand in the chosen order, each card marked with its meld in the best arrangement.

        ``melds`` puts each meld together and the deadwood after it; ``rank``
        and ``suit`` sort; a custom ``order`` (from dragging) is kept for the
        cards it names, and new cards go to the end.
        """
        mask = to_mask(hand)
        melds = arrangement_mask(mask)
        meld_of = {
            card: index for index, meld in enumerate(melds) for card in hand if card.bit & meld
        }
        if order:
            position = {code: index for index, code in enumerate(order)}
            ordered = sorted(
                hand, key=lambda card: (position.get(str(card), len(position)), card.index)
            )
        elif mode == "rank":
            ordered = sort_by_rank(hand)
        elif mode == "suit":
            ordered = sorted(hand)
        else:
            ordered = sorted(
                hand, key=lambda card: (meld_of.get(card, len(melds)), card.rank, card.index)
            )
        just_taken = self.tr.gettext("just taken")
        return tuple(
            self.card(
                card,
                meld=meld_of.get(card),
                playable=card in playable,
                note=just_taken if card is taken else "",
                selected=str(card) == selected and card in playable,
            )
            for card in ordered
        )

    # --- the whole table ------------------------------------------------------------------

    def table(
        self,
        session: TableSession,
        *,
        mode: str = "melds",
        order: list[str] | None = None,
        armed: str | None = None,
        busy: bool = False,
        selected: str | None = None,
    ) -> TableModel:
        """The table as the person sees it.  ``busy`` while the bot's moves are being shown."""
        _ = self.tr.gettext
        view = session.view
        phase = session.phase
        legal = [] if busy else session.legal_actions()
        kinds = {action.kind for action in legal}
        can_knock = ActionKind.KNOCK in kinds
        can_gin = ActionKind.GIN in kinds
        if armed == "knock" and not can_knock or armed == "gin" and not can_gin:
            armed = None
        wanted = {"knock": ActionKind.KNOCK, "gin": ActionKind.GIN}.get(
            armed or "", ActionKind.DISCARD
        )
        playable = {action.card for action in legal if action.kind is wanted and action.card}
        hand = self.hand_cards(
            view.hand, mode, order or [], playable, view.taken_from_pile, selected
        )
        in_hand = phase not in ("hand-over", "game-over")
        deadwood = deadwood_mask(to_mask(view.hand))

        pgettext = self.tr.pgettext
        buttons = (
            ButtonModel(
                "take",
                pgettext("button", "Take"),
                ActionKind.TAKE in kinds,
                hint=_("Take the face-up card"),
            ),
            ButtonModel(
                "pass",
                pgettext("button", "Pass"),
                ActionKind.PASS in kinds,
                hint=_("Refuse the face-up card"),
            ),
            ButtonModel(
                "knock",
                pgettext("button", "Knock"),
                can_knock,
                pressed=armed == "knock",
                hint=_("Then click the card to discard"),
            ),
            ButtonModel(
                "gin",
                pgettext("button", "Gin"),
                can_gin,
                pressed=armed == "gin",
                hint=_("Then click the card to discard"),
            ),
            ButtonModel(
                "next-hand", pgettext("button", "Next hand"), phase == "hand-over" and not busy
            ),
            ButtonModel("new-game", pgettext("button", "New game"), not busy),
        )
        you_total, ai_total = view.scores
        return TableModel(
            phase=phase,
            turn="you" if session.your_turn and not busy else "ai",
            status=self.status(session, armed, busy, next((c for c in hand if c.selected), None)),
            you_score=you_total,
            ai_score=ai_total,
            opponent_count=view.opponent_card_count,
            opponent_known=tuple(self.card(card) for card in view.opponent_known_cards)
            if in_hand
            else (),
            stock_count=view.stock_count,
            stock_enabled=ActionKind.DRAW_STOCK in kinds,
            pile=tuple(self.card(card) for card in view.discard_pile),
            pile_enabled=ActionKind.DRAW_PILE in kinds or ActionKind.TAKE in kinds,
            hand=hand,
            deadwood=deadwood,
            buttons=buttons,
            result=self.result(view.hand_results[-1], view.bonuses, session)
            if phase in ("hand-over", "game-over") and view.hand_results
            else None,
            sheet=tuple(self.sheet_row(result) for result in view.hand_results)
            + tuple(self.bonus_row(bonus) for bonus in view.bonuses),
            totals=SheetRow(_("Total"), you_total, ai_total),
            labels={
                "ruleset": _("Rules {version}").format(version=RULESET_VERSION),
                "opponent": self.tr.ngettext(
                    "Computer: {count} card", "Computer: {count} cards", view.opponent_card_count
                ).format(count=view.opponent_card_count),
                "stock": self.tr.ngettext(
                    "Stock: {count} card", "Stock: {count} cards", view.stock_count
                ).format(count=view.stock_count),
                "deadwood": _("Deadwood: {points}").format(points=deadwood),
                "hand_number": _("Hand {number}").format(
                    number=view.hand_results[-1].number if not in_hand else view.hand_number
                ),
                "level": _("Computer level: {level}").format(level=self.level_name(session.level)),
            },
        )

    def status(
        self,
        session: TableSession,
        armed: str | None,
        busy: bool,
        selected: CardModel | None = None,
    ) -> str:
        """One line telling the person what happens now or what to do."""
        _ = self.tr.gettext
        phase = session.phase
        view = session.view
        if phase == "game-over":
            return _("You won the game!") if view.winner == YOU else _("The computer won the game.")
        if phase == "hand-over":
            return _("The hand is over. Deal the next hand when you are ready.")
        if busy or not session.your_turn:
            return _("The computer is playing…")
        if selected is not None:
            return _("Tap {card} again to play it.").format(card=selected.name)
        if armed == "knock":
            return _("Knock: click the card to discard.")
        if armed == "gin":
            return _("Gin: click the card to discard.")
        if phase == "upcard":
            return _("Take the face-up card, or pass.")
        if phase == "draw":
            if len(session.legal_actions()) == 1:
                return _("Both passed: draw from the stock.")
            return _("Draw from the stock or take the top of the discard pile.")
        return _("Choose a card to discard.")

    # --- results --------------------------------------------------------------------------

    def headline(self, result: HandResult) -> str:
        points = result.points
        if result.kind == "dead":
            return self.tr.pgettext("result", "Dead hand: no score.")
        npgettext = self.tr.npgettext  # the count decides the plural form (Polish has three)
        templates = {
            ("gin", YOU): lambda: npgettext(
                "result",
                "Gin! You score {points} point.",
                "Gin! You score {points} points.",
                points,
            ),
            ("gin", AI): lambda: npgettext(
                "result",
                "The computer went gin and scores {points} point.",
                "The computer went gin and scores {points} points.",
                points,
            ),
            ("knock", YOU): lambda: npgettext(
                "result",
                "You knocked and score {points} point.",
                "You knocked and score {points} points.",
                points,
            ),
            ("knock", AI): lambda: npgettext(
                "result",
                "The computer knocked and scores {points} point.",
                "The computer knocked and scores {points} points.",
                points,
            ),
            ("undercut", YOU): lambda: npgettext(
                "result",
                "Undercut! You score {points} point.",
                "Undercut! You score {points} points.",
                points,
            ),
            ("undercut", AI): lambda: npgettext(
                "result",
                "The computer undercut you and scores {points} point.",
                "The computer undercut you and scores {points} points.",
                points,
            ),
        }
        assert result.winner is not None
        return templates[result.kind, result.winner]().format(points=points)

    def result(
        self, result: HandResult, bonuses: tuple[Bonus, ...], session: TableSession
    ) -> ResultModel:
        """Both hands laid out in melds, lay-offs on the knocker's melds, and the score."""
        _ = self.tr.gettext
        facts = result.showdown
        if facts is None:
            hands: tuple[LaidOutHand, ...] = (self.plain_layout(YOU, result.hands[YOU]),)
            detail = _("The stock ran down to two cards without a knock.")
        else:
            knocker = result.knocker
            assert knocker is not None
            laid_note = _("laid off")
            knocker_melds = tuple(
                tuple(self.card(card, meld=index) for card in meld)
                + tuple(
                    self.card(card, meld=index, note=laid_note)
                    for card, target in facts.layoffs
                    if target == index
                )
                for index, meld in enumerate(facts.knocker_melds)
            )
            hands = (
                LaidOutHand(
                    self.player_name(knocker),
                    knocker_melds,
                    tuple(self.card(card) for card in facts.knocker_deadwood_cards),
                    facts.knocker_deadwood,
                ),
                LaidOutHand(
                    self.player_name(1 - knocker),
                    tuple(
                        tuple(self.card(card, meld=index) for card in meld)
                        for index, meld in enumerate(facts.defender_melds)
                    ),
                    tuple(self.card(card) for card in facts.defender_deadwood_cards),
                    facts.defender_deadwood,
                ),
            )
            detail = _(
                "Deadwood: {knocker} {knocker_points}, {defender} {defender_points}."
            ).format(
                knocker=self.player_name(knocker),
                knocker_points=facts.knocker_deadwood,
                defender=self.player_name(1 - knocker),
                defender_points=facts.defender_deadwood,
            )
        headline = self.headline(result)
        if session.phase == "game-over":
            winner = session.view.winner
            headline += " " + (
                _("You won the game!") if winner == YOU else _("The computer won the game.")
            )
        return ResultModel(headline, detail, hands)

    def plain_layout(self, seat: int, cards: tuple[Card, ...]) -> LaidOutHand:
        mask = to_mask(cards)
        melds = arrangement_mask(mask)
        meld_cards = tuple(
            tuple(self.card(card, meld=index) for card in cards if card.bit & meld)
            for index, meld in enumerate(melds)
        )
        loose = tuple(self.card(card) for card in cards if not any(card.bit & m for m in melds))
        return LaidOutHand(self.player_name(seat), meld_cards, loose, deadwood_mask(mask))

    def sheet_row(self, result: HandResult) -> SheetRow:
        pgettext = self.tr.pgettext
        kind = {
            "gin": pgettext("score sheet", "Gin"),
            "knock": pgettext("score sheet", "Knock"),
            "undercut": pgettext("score sheet", "Undercut"),
            "dead": pgettext("score sheet", "Dead hand"),
        }[result.kind]
        label = self.tr.gettext("Hand {number}: {kind}").format(number=result.number, kind=kind)
        you = result.points if result.winner == YOU else 0
        ai = result.points if result.winner == AI else 0
        return SheetRow(label, you, ai)

    def bonus_row(self, bonus: Bonus) -> SheetRow:
        pgettext = self.tr.pgettext
        label = {
            "game": pgettext("score sheet", "Game bonus"),
            "line": pgettext("score sheet", "Line bonus"),
            "shutout": pgettext("score sheet", "Shutout bonus"),
        }[bonus.kind]
        return SheetRow(
            label,
            bonus.points if bonus.player == YOU else 0,
            bonus.points if bonus.player == AI else 0,
        )

    # --- hints, statistics ----------------------------------------------------------------

    def action_name(self, action: str) -> str:
        """An action as a player calls it (for hints), e.g. "Discard seven of hearts"."""
        _ = self.tr.gettext
        word, _space, code = action.partition(" ")
        plain = {
            "take": _("Take the face-up card"),
            "pass": self.tr.pgettext("button", "Pass"),
            "draw stock": _("Draw from the stock"),
            "draw pile": _("Take the top of the discard pile"),
        }
        if action in plain:
            return plain[action]
        card = self.tr.card_name(Card.parse(code))
        return {
            "discard": _("Discard {card}"),
            "knock": _("Knock, discarding {card}"),
            "gin": _("Go gin, discarding {card}"),
        }[word].format(card=card)

    def hint_text(self, hint: Hint) -> str:
        """Hard's advice in the person's language: the reason template, translated, filled in."""
        args: dict[str, str | int] = {}
        for name, value in hint.reason_args.items():
            if name in ("card", "related", "avoided"):
                args[name] = self.tr.card_name(Card.parse(str(value)))
            elif name == "action":
                args[name] = self.action_name(str(value))
            else:
                args[name] = value
        return self.tr.gettext(REASONS[hint.reason_code]).format(**args)

    def level_name(self, level: str) -> str:
        pgettext = self.tr.pgettext
        return {
            "easy": pgettext("level", "Easy"),
            "normal": pgettext("level", "Normal"),
            "hard": pgettext("level", "Hard"),
        }[level]

    def stats_rows(self, stats: Statistics) -> list[tuple[str, list[int]]]:
        """The statistics table: one row per counter, one column per level."""
        _ = self.tr.gettext
        labels = {
            "games_played": _("Games played"),
            "games_won": _("Games won"),
            "hands_won": _("Hands won"),
            "gins": _("Gins"),
            "undercuts_given": _("Undercuts given"),
            "undercuts_received": _("Undercuts received"),
            "best_game": _("Best game (winning margin)"),
            "current_streak": _("Current winning streak"),
            "best_streak": _("Best winning streak"),
            "hints_used": _("Hints used"),
        }
        per_level: list[LevelStats] = [stats.levels[level] for level in LEVELS]
        return [(label, [getattr(s, name) for s in per_level]) for name, label in labels.items()]
