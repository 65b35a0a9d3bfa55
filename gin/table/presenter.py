"""What the table shows: the render model of a :class:`~gin.table.state.TableState`, worded.

The presenter reads the person's :class:`~gin.view.PlayerView` (never the
game's hidden cards) and the table's own state, and decides everything the
page draws: which cards are playable, which buttons the phase offers, every
text in the person's language.  The page's renderer draws the result and
nothing else, so all of this is tested in CPython.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from urllib.parse import quote

from gin.actions import Action, ActionKind
from gin.ai.coach import Decision, HandReview
from gin.ai.hints import REASONS, Hint, ReasonValue
from gin.cards import Card, sort_by_rank
from gin.i18n import N_, Translator
from gin.records import Event, HandResult, hand_points, hands_won
from gin.rules import MAX_TARGET, RULESET_VERSION
from gin.scoring import BONUS_POINTS, Bonus, BonusKind, HandKind, price_showdown
from gin.table import hand as hands
from gin.table.effects import Announce
from gin.table.intents import (
    AskHint,
    DrawFromPile,
    NextHand,
    Panel,
    Pass,
    ReviewHand,
)
from gin.table.keys import KEYS, key_for
from gin.table.messages import TEMPLATES, Message
from gin.table.models import (
    ButtonModel,
    CardModel,
    ChartBar,
    FieldModel,
    FieldsetModel,
    GameOverModel,
    LaidOutHand,
    LineModel,
    LogModel,
    MeldModel,
    MessageModel,
    OpponentModel,
    PanelModel,
    PileModel,
    QuestionModel,
    ResultModel,
    RevealModel,
    ReviewDecisionModel,
    ReviewModel,
    ReviewStatsModel,
    SeatModel,
    SheetModel,
    SheetRow,
    StatsModel,
    StockModel,
    TableModel,
    TopBarModel,
)
from gin.table.seats import AI, YOU
from gin.table.settings import LEVELS, SPEEDS, CardSize, Settings, SortMode
from gin.table.state import Question, TablePhase, TableState
from gin.table.stats import Statistics
from gin.table.update import shown_hand

PILE_SHOWN = 6
"""How many of the pile's last cards are drawn fanned (the top one whole)."""
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
MINUS = "−"
SAME_VALUE = 0.05
"""A margin under this many points is shown as "about as good" (it would round to 0.0)."""


def short_name(card: Card) -> str:
    """A card as printed in running text: "10♣", "Q♥" (the index printed on its face)."""
    return RANK_LABELS[card.rank - 1] + SUIT_SYMBOLS[card.suit]


def arithmetic(terms: Sequence[int]) -> str:
    """Signed terms as a sum, with the minus sign of print: (6, -4, 25) is "6 − 4 + 25"."""
    first, *rest = terms
    return str(first) + "".join(f" {MINUS} {-t}" if t < 0 else f" + {t}" for t in rest)


class Presenter:
    """Builds the render model and the spoken texts, in one language."""

    def __init__(self, translator: Translator) -> None:
        self.tr = translator

    # --- small pieces -------------------------------------------------------------------

    def _(self, message: str) -> str:
        return self.tr.gettext(message)

    def card(self, card: Card, **marks: object) -> CardModel:
        return CardModel(card, self.tr.card_name(card), **marks)  # type: ignore[arg-type]

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
        return self._("{percent}%").format(percent=round(100 * share))

    # --- the whole table ------------------------------------------------------------------

    def table(self, state: TableState, rules_html: str = "") -> TableModel:
        """The table as the person sees it now."""
        _ = self._
        view = state.view
        phase = state.phase
        in_hand = state.in_hand
        legal = state.legal()
        settings = state.settings
        hand = self.hand(state, legal) if in_hand else ()
        pile_top = view.discard_pile[-1] if view.discard_pile else None
        aid = (
            settings.beginner_aid
            and phase is TablePhase.DRAW
            and state.your_turn
            and pile_top is not None
            and any(c.aid for c in hand)
        )
        classes = [f"cards-{settings.card_size.value}"]
        if settings.four_colour:
            classes.append("four-colour")
        if state.touch_only:
            classes.append("touch")
        if state.speed == 0:
            classes.append("still")  # speed 0: no motion at all, the pulses included
        return TableModel(
            phase=phase.value,
            turn="you" if state.your_turn else "ai",
            busy=state.thinking,
            language=settings.language,
            classes=tuple(classes),
            topbar=self.topbar(state),
            opponent=self.opponent(state),
            stock=self.stock(state, legal),
            pile=self.pile(state, legal, aid),
            hand=hand,
            hand_label=_("Your hand"),
            count_line=self.count_line(state, legal) if in_hand else "",
            status=self.status(state),
            buttons=self.buttons(state, legal),
            sorts=self.sorts(settings, arranged=bool(state.order)),
            sort_label=_("Arrange your hand"),
            why=MessageModel(self.message(state.why), state.why.target, state.why_count)
            if state.why
            else None,
            hint=self.hint_text(state.hint) if state.hint else "",
            notices=tuple(
                MessageModel(
                    self.message(notice), close=ButtonModel(f"dismiss-{index}", _("Close"))
                )
                for index, notice in enumerate(state.notices)
            ),
            result=self.result(state) if not in_hand and view.hand_results else None,
            game_over=self.game_over(state) if phase is TablePhase.GAME_OVER else None,
            sheet=self.sheet(state),
            log=self.log(view.history if in_hand else view.hand_results[-1].history),
            panel=self.panel(state, rules_html),
            question=self.question(state),
            labels={
                "document": _("Gin Rummy"),
                "table": _("Gin Rummy table"),
                "middle": _("Stock and discard pile"),
                "actions": _("Actions"),
                "scores": _("Scores"),
                "update": _("A new version of the game is ready."),
                "reload": _("Reload"),
                "meld_note": _("Cards in melds are raised and underlined."),
                "language": _("Language"),
            },
        )

    def topbar(self, state: TableState) -> TopBarModel:
        _ = self._
        view = state.view
        you, ai = view.scores
        in_hand = state.in_hand
        dealer = view.dealer if in_hand else None
        number = view.hand_number if in_hand else view.hand_results[-1].number
        return TopBarModel(
            title=_("Gin Rummy"),
            you=SeatModel(_("You"), you, dealer == YOU, "score-you"),
            ai=SeatModel(_("Computer"), ai, dealer == AI, "score-ai"),
            target=_("Game to {target}").format(target=view.rules.target),
            hand_number=_("Hand {number}").format(number=number),
            level=_("Computer level: {level}").format(level=self.level_name(state.level)),
            ruleset=_("Rules {version}").format(version=RULESET_VERSION),
            dealer_label=_("Dealer"),
            menu=ButtonModel("menu", _("Menu"), pressed=state.panel is Panel.MENU, title=_("Menu")),
        )

    def opponent(self, state: TableState) -> OpponentModel:
        view = state.view
        count = view.opponent_card_count
        known = view.opponent_known_cards if state.in_hand else ()
        thinking = state.thinking and state.in_hand and view.to_move == AI
        label = self.tr.ngettext("Computer: {count} card", "Computer: {count} cards", count).format(
            count=count
        )
        ai_moves = (e for e in reversed(view.history) if e.player == AI)
        last = next(ai_moves, None) if state.in_hand else None
        return OpponentModel(
            label=label,
            hidden=count - len(known) if state.in_hand else 0,
            known=tuple(self.card(card, note=self._("taken")) for card in known),
            thinking=self._("Thinking…") if thinking else "",
            last_move=self.move_text(AI, last.action, last.card) if last is not None else "",
        )

    def stock(self, state: TableState, legal: Sequence[Action]) -> StockModel:
        count = state.view.stock_count
        return StockModel(
            count=count,
            label=self._("Stock"),
            aria=self.tr.ngettext("Stock: {count} card", "Stock: {count} cards", count).format(
                count=count
            ),
            enabled=any(a.kind is ActionKind.DRAW_STOCK for a in legal),
        )

    def pile(self, state: TableState, legal: Sequence[Action], aid: bool) -> PileModel:
        _ = self._
        pile = state.view.discard_pile if state.in_hand else ()
        shown = pile[-PILE_SHOWN:]
        top = pile[-1] if pile else None
        aria = (
            _("Discard pile, top card {card}").format(card=self.tr.card_name(top))
            if top
            else _("Discard pile")
        )
        return PileModel(
            cards=tuple(self.card(card) for card in shown),
            earlier=len(pile) - len(shown),
            label=_("Discard pile"),
            aria=aria,
            enabled=any(a.kind in (ActionKind.TAKE, ActionKind.DRAW_PILE) for a in legal),
            aid=aid,
        )

    # --- the person's hand --------------------------------------------------------------

    def hand(self, state: TableState, legal: Sequence[Action]) -> tuple[CardModel, ...]:
        """The hand in the person's order, each card marked: meld, playable, just drawn, aid."""
        view = state.view
        shown = shown_hand(state)
        melds = hands.meld_index(shown)
        wanted = {
            ActionKind.KNOCK: (ActionKind.KNOCK, ActionKind.GIN),
            ActionKind.GIN: (ActionKind.GIN,),
        }.get(state.armed or ActionKind.DISCARD, (ActionKind.DISCARD,))
        playable = {a.card for a in legal if a.kind in wanted and a.card is not None}
        fresh = _just_drawn(view.history) if view.phase == "discard" else None
        top = view.discard_pile[-1] if view.discard_pile else None
        aid: frozenset[Card] = frozenset()
        if state.settings.beginner_aid and state.phase is TablePhase.DRAW and top:
            aid = hands.melds_completed_by(view.hand, top)
        taken, drawn = self._("just taken"), self._("just drawn")
        return tuple(
            self.card(
                card,
                meld=melds.get(card),
                playable=card in playable,
                selected=card is state.selected,
                fresh=card is fresh,
                aid=card in aid,
                # Which card came in this turn, also once the hand has sorted it in.
                note=taken if card is view.taken_from_pile else drawn if card is fresh else "",
            )
            for card in shown
        )

    def count_line(self, state: TableState, legal: Sequence[Action]) -> str:
        """The count that helps: after the best discard when discarding, else the hand's own."""
        _ = self._
        view = state.view
        if state.phase is TablePhase.DISCARD and view.my_turn:
            best = hands.best_discard(view.hand, view.legal_actions)
            if best is not None:
                card, left = best
                if left == 0:
                    template = _("Discard {card}: deadwood 0, you can go gin")
                elif left <= view.rules.knock_limit:
                    template = _("Discard {card}: deadwood {points}, you can knock")
                else:
                    template = _("Discard {card}: deadwood {points}")
                return template.format(card=short_name(card), points=left)
        return _("Deadwood: {points}").format(points=hands.deadwood_of(view.hand))

    def sorts(self, settings: Settings, arranged: bool) -> tuple[ButtonModel, ...]:
        """The sort buttons; none is pressed once the person has ``arranged`` the hand."""
        _ = self._
        names = {
            SortMode.MELDS: _("Group melds"),
            SortMode.RANK: _("Sort by rank"),
            SortMode.SUIT: _("Sort by suit"),
        }
        return tuple(
            ButtonModel(f"sort-{mode.value}", label, pressed=not arranged and mode is settings.sort)
            for mode, label in names.items()
        )

    # --- what to do now -----------------------------------------------------------------

    def buttons(self, state: TableState, legal: Sequence[Action]) -> tuple[ButtonModel, ...]:
        """The phase's buttons: Take/Pass on the first turn, Knock/Gin when discarding.

        Buttons that do not apply to the phase are not shown; one that applies
        but cannot be used now is shown unavailable and says why when pressed.
        """
        _ = self._
        pgettext = self.tr.pgettext
        phase = state.phase
        kinds = {a.kind for a in legal}
        hint = ButtonModel("hint", pgettext("button", "Hint"), bool(legal), key_for(AskHint()))
        if phase is TablePhase.UPCARD and state.view.to_move == YOU:
            return (
                ButtonModel(
                    "take",
                    pgettext("button", "Take"),
                    ActionKind.TAKE in kinds,
                    key_for(DrawFromPile()),
                    title=_("Take the face-up card"),
                ),
                ButtonModel(
                    "pass",
                    pgettext("button", "Pass"),
                    ActionKind.PASS in kinds,
                    key_for(Pass()),
                    title=_("Refuse the face-up card"),
                ),
                hint,  # the first decision of a hand is a real one: a hint belongs here too
            )
        if state.in_hand:
            in_discard = phase is TablePhase.DISCARD and bool(legal)
            can_gin = ActionKind.GIN in kinds
            can_knock = can_gin or ActionKind.KNOCK in kinds
            return (
                ButtonModel(
                    "knock",
                    pgettext("button", "Knock"),
                    in_discard and can_knock,
                    "K",
                    pressed=state.armed is ActionKind.KNOCK,
                    title=_("Then click the card to discard"),
                ),
                ButtonModel(
                    "gin",
                    pgettext("button", "Gin"),
                    in_discard and can_gin,
                    "G",
                    pressed=state.armed is ActionKind.GIN,
                    title=_("Then click the card to discard"),
                ),
                hint,
            )
        return ()

    def status(self, state: TableState) -> str:
        """One line telling the person what happens now or what to do."""
        _ = self._
        phase = state.phase
        if phase is TablePhase.GAME_OVER:
            return (
                _("You won the game!")
                if state.view.winner == YOU
                else _("The computer won the game.")
            )
        if phase is TablePhase.HAND_OVER:
            return _("The hand is over. Deal the next hand when you are ready.")
        if not state.your_turn:
            return _("The computer is playing…")
        if state.selected is not None:
            # Knock and Gin stay armed while a card is chosen: the prompt keeps saying so.
            tap, click = {
                ActionKind.KNOCK: (
                    _("Tap {card} again to knock with it."),
                    _("Click {card} again to knock with it."),
                ),
                ActionKind.GIN: (
                    _("Tap {card} again to go gin with it."),
                    _("Click {card} again to go gin with it."),
                ),
            }.get(
                state.armed or ActionKind.DISCARD,
                (_("Tap {card} again to play it."), _("Click {card} again to play it.")),
            )
            again = tap if state.touch_only else click
            return again.format(card=short_name(state.selected))
        if state.armed is ActionKind.KNOCK:
            return _("Knock: choose the card to discard.")
        if state.armed is ActionKind.GIN:
            return _("Gin: choose the card to discard.")
        if phase is TablePhase.UPCARD:
            return _("Take the face-up card, or pass.")
        if phase is TablePhase.DRAW:
            if len(state.legal()) == 1:
                return _("Both passed: draw from the stock.")
            return _("Draw from the stock or take the top of the discard pile.")
        return _("Choose a card to discard.")

    # --- the end of a hand --------------------------------------------------------------

    def headline(self, result: HandResult) -> str:
        points = result.points
        if result.kind is HandKind.DEAD:
            return self.tr.pgettext("result", "Dead hand: no score.")
        npgettext = self.tr.npgettext  # the count decides the plural form (Polish has three)
        assert result.winner is not None
        templates = {
            (HandKind.GIN, YOU): lambda: npgettext(
                "result",
                "Gin! You score {points} point.",
                "Gin! You score {points} points.",
                points,
            ),
            (HandKind.GIN, AI): lambda: npgettext(
                "result",
                "The computer went gin and scores {points} point.",
                "The computer went gin and scores {points} points.",
                points,
            ),
            (HandKind.KNOCK, YOU): lambda: npgettext(
                "result",
                "You knocked and score {points} point.",
                "You knocked and score {points} points.",
                points,
            ),
            (HandKind.KNOCK, AI): lambda: npgettext(
                "result",
                "The computer knocked and scores {points} point.",
                "The computer knocked and scores {points} points.",
                points,
            ),
            (HandKind.UNDERCUT, YOU): lambda: npgettext(
                "result",
                "Undercut! You score {points} point.",
                "Undercut! You score {points} points.",
                points,
            ),
            (HandKind.UNDERCUT, AI): lambda: npgettext(
                "result",
                "The computer undercut you and scores {points} point.",
                "The computer undercut you and scores {points} points.",
                points,
            ),
        }
        return templates[result.kind, result.winner]().format(points=points)

    def points_line(self, result: HandResult) -> str:
        """The hand's points as arithmetic: "Knock: 23 − 6 = 17", "Gin: 25 + 31 = 56"."""
        facts = result.showdown
        if facts is None:
            return self.tr.pgettext("score sheet", "Dead hand") + ": 0"
        score = price_showdown(facts)
        return f"{self.kind_name(result.kind)}: {arithmetic(score.terms)} = {score.points}"

    def points_words(self, result: HandResult) -> str:
        """The same arithmetic in words (whose deadwood is which number)."""
        _ = self._
        facts = result.showdown
        if facts is None or result.knocker is None:
            return _("The stock ran down to two cards without a knock.")
        knocker, defender = result.knocker, 1 - result.knocker
        values = {
            "knocker": self.player_name(knocker),
            "defender": self.player_name(defender),
            "knocker_points": facts.knocker_deadwood,
            "defender_points": facts.defender_deadwood,
            "bonus": price_showdown(facts).bonus,
        }
        if result.kind is HandKind.GIN:
            template = _("Gin bonus {bonus} plus the defender's deadwood {defender_points}.")
        elif result.kind is HandKind.KNOCK:
            template = _(
                "The defender's deadwood {defender_points} minus the knocker's {knocker_points}."
            )
        else:
            template = _(
                "The knocker's deadwood {knocker_points} minus the defender's "
                "{defender_points}, plus the undercut bonus {bonus}."
            )
        return template.format(**values)

    def result(self, state: TableState) -> ResultModel:
        """The finished hand: the knocker's hand first, lay-offs on its melds, the arithmetic."""
        _ = self._
        pgettext = self.tr.pgettext
        view = state.view
        result = view.hand_results[-1]
        facts = result.showdown
        hands_shown: tuple[LaidOutHand, ...]
        if facts is None or result.knocker is None:
            hands_shown = (self.plain_layout(_("Your hand"), result.hands[YOU]),)
        else:
            knocker = result.knocker
            laid = _("laid off")
            knocker_melds = tuple(
                MeldModel(
                    tuple(
                        sorted(
                            [self.card(card, meld=index) for card in meld]
                            + [
                                self.card(card, meld=index, note=laid, theirs=True)
                                for card, target in facts.layoffs
                                if target == index
                            ],
                            key=lambda model: (model.card.rank, model.card.index),
                        )
                    )
                )
                for index, meld in enumerate(facts.knocker_melds)
            )
            titles = {
                (YOU, True): _("You went gin"),
                (YOU, False): _("You knocked"),
                (AI, True): _("The computer went gin"),
                (AI, False): _("The computer knocked"),
            }
            laid_count = len(facts.layoffs)
            layoff_note = (
                self.tr.ngettext(
                    "{count} card laid off on the knocker's melds",
                    "{count} cards laid off on the knocker's melds",
                    laid_count,
                ).format(count=laid_count)
                if laid_count
                else ""
            )
            hands_shown = (
                LaidOutHand(
                    titles[knocker, facts.gin],
                    knocker_melds,
                    tuple(self.card(c) for c in facts.knocker_deadwood_cards),
                    _("Deadwood: {points}").format(points=facts.knocker_deadwood),
                ),
                LaidOutHand(
                    self.player_name(1 - knocker),
                    tuple(
                        MeldModel(tuple(self.card(c, meld=i) for c in meld))
                        for i, meld in enumerate(facts.defender_melds)
                    ),
                    tuple(self.card(c) for c in facts.defender_deadwood_cards),
                    _("Deadwood: {points}").format(points=facts.defender_deadwood),
                    note=layoff_note,
                ),
            )
        over = state.phase is TablePhase.GAME_OVER
        buttons = [
            ButtonModel(
                "next-hand",
                pgettext("button", "Play again") if over else pgettext("button", "Next hand"),
                key=key_for(NextHand()),
                primary=True,
            ),
            ButtonModel(
                "show-deck",
                pgettext("button", "Hide the deck")
                if state.reveal
                else pgettext("button", "Show the deck"),
                pressed=state.reveal,
            ),
            self.review_button(),
        ]
        reveal = None
        if state.reveal:
            reveal = RevealModel(
                _("The computer's hand"),
                tuple(self.card(c) for c in sort_by_rank(result.hands[AI])),
                _("The rest of the stock, top first"),
                tuple(self.card(c) for c in result.stock),
            )
        return ResultModel(
            headline=self.headline(result),
            points=self.points_line(result),
            detail=self.points_words(result),
            hands=hands_shown,
            buttons=tuple(buttons),
            reveal=reveal,
        )

    def plain_layout(self, title: str, cards: tuple[Card, ...]) -> LaidOutHand:
        melds = hands.meld_index(cards)
        groups: dict[int, list[Card]] = {}
        for card in sort_by_rank(cards):
            if card in melds:
                groups.setdefault(melds[card], []).append(card)
        loose = tuple(self.card(c) for c in sort_by_rank(cards) if c not in melds)
        return LaidOutHand(
            title,
            tuple(
                MeldModel(tuple(self.card(c, meld=i) for c in group))
                for i, group in sorted(groups.items())
            ),
            loose,
            self._("Deadwood: {points}").format(points=hands.deadwood_of(cards)),
        )

    # --- the game -----------------------------------------------------------------------

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

    def sheet_row(self, result: HandResult, totals: tuple[int, int]) -> SheetRow:
        _ = self._
        you = result.points if result.winner == YOU else 0
        ai = result.points if result.winner == AI else 0
        return SheetRow(
            number=result.number,
            who=self.player_name(result.winner) if result.winner is not None else "—",
            how=self.kind_name(result.kind),
            points=result.points,
            you=you,
            ai=ai,
            you_total=totals[YOU] + you,
            ai_total=totals[AI] + ai,
        )

    def sheet(self, state: TableState) -> SheetModel:
        _ = self._
        view = state.view
        rows = []
        totals = (0, 0)
        for result in view.hand_results:
            row = self.sheet_row(result, totals)
            rows.append(row)
            totals = (row.you_total, row.ai_total)
        box: tuple[LineModel, ...] = ()
        if view.over:
            box = self.box_score(view.hand_results, view.bonuses, view.scores)
        you_total, ai_total = view.scores
        return SheetModel(
            title=_("Score sheet"),
            heads=(_("Hand"), _("Who scored"), _("How"), _("You"), _("Computer")),
            # The hand's number, as the column heading a narrow sheet shows ("Hand" is its
            # spoken name): the long word made a number's column the widest of five.
            number_head=self.tr.pgettext("score sheet", "No."),
            rows=tuple(rows),
            box=box,
            box_title=_("Box score"),
            total=LineModel(_("Total"), str(you_total), str(ai_total)),
        )

    def box_score(
        self,
        results: Sequence[HandResult],
        bonuses: Sequence[Bonus],
        scores: Sequence[int],
    ) -> tuple[LineModel, ...]:
        """The end-of-game box: hand points, hands won, each bonus itemised, the grand totals."""
        _ = self._
        points, won = hand_points(results), hands_won(results)
        lines = [
            LineModel(_("Hands won"), str(won[YOU]), str(won[AI])),
            LineModel(_("Points from hands"), str(points[YOU]), str(points[AI])),
        ]
        for bonus in bonuses:
            shown = f"+{bonus.points}"
            lines.append(
                LineModel(
                    self.bonus_name(bonus.kind),
                    shown if bonus.player == YOU else "",
                    shown if bonus.player == AI else "",
                )
            )
        lines.append(LineModel(_("Total"), str(scores[YOU]), str(scores[AI])))
        return tuple(lines)

    def game_over(self, state: TableState) -> GameOverModel:
        _ = self._
        pgettext = self.tr.pgettext
        view = state.view
        results = view.hand_results
        won = view.winner == YOU
        # The box score above already counts the hands won; these are the other figures.
        figures = (
            LineModel(
                _("Gins"),
                str(sum(r.winner == YOU and r.kind is HandKind.GIN for r in results)),
                str(sum(r.winner == AI and r.kind is HandKind.GIN for r in results)),
            ),
            LineModel(
                _("Undercuts"),
                str(sum(r.winner == YOU and r.kind is HandKind.UNDERCUT for r in results)),
                str(sum(r.winner == AI and r.kind is HandKind.UNDERCUT for r in results)),
            ),
            LineModel(
                _("Biggest hand"),
                str(max((r.points for r in results if r.winner == YOU), default=0)),
                str(max((r.points for r in results if r.winner == AI), default=0)),
            ),
        )
        seed = state.game.seed
        return GameOverModel(
            title=_("You won the game!") if won else _("The computer won the game."),
            you=view.scores[YOU],
            ai=view.scores[AI],
            you_label=_("You"),
            ai_label=_("Computer"),
            lines=self.box_score(results, view.bonuses, view.scores),
            figures_title=self.tr.ngettext(
                "This game: {count} hand", "This game: {count} hands", len(results)
            ).format(count=len(results)),
            figures=figures,
            seed_text=_("Game seed {seed}: every deal of this game follows from it.").format(
                seed=seed
            ),
            seed_link=_("Replay these deals"),
            seed_href=f"?seed={quote(str(seed))}",
            buttons=(
                ButtonModel("next-hand", pgettext("button", "Play again"), key="N", primary=True),
                self.review_button(),
                ButtonModel("download", _("Download game record")),
            ),
        )

    # --- the move log -------------------------------------------------------------------

    def log(self, history: Sequence[Event]) -> LogModel:
        _ = self._
        return LogModel(
            title=_("Moves this hand"),
            entries=tuple(self.move_text(e.player, e.action, e.card) for e in history),
            empty=_("No moves yet."),
        )

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

    def announcement(self, effect: Announce) -> str:
        """What the page says to screen readers for an :class:`Announce` effect."""
        subject = effect.subject
        if isinstance(subject, Action):
            return self.move_text(effect.seat, subject.kind, effect.card)
        if isinstance(subject, HandResult):
            return self.headline(subject) + " " + self.points_line(subject)
        if isinstance(subject, Hint):
            return self.hint_text(subject)
        return self.message(subject)

    # --- hints --------------------------------------------------------------------------

    def action_name(self, action: Action) -> str:
        """An action as a player calls it (for hints), e.g. "Discard 7♥"."""
        _ = self._
        plain = {
            ActionKind.TAKE: _("Take the face-up card"),
            ActionKind.PASS: self.tr.pgettext("button", "Pass"),
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

    def hint_text(self, hint: Hint) -> str:
        """Hard's advice in the person's language: its reason, then its margin over the next
        best move (when there was another move)."""
        text = self.reason(hint.reason_code, hint.reason_args)
        if hint.runner_up is None or hint.margin is None:
            return text
        alternative = self.action_name(hint.runner_up)
        if hint.margin < SAME_VALUE:
            margin = self._("The next best move ({action}) is about as good.")
        else:
            margin = self._("About {points} points better than the next best move ({action}).")
        return f"{text} {margin.format(points=self.points(hint.margin), action=alternative)}"

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

    # --- the coach ----------------------------------------------------------------------

    def review_button(self) -> ButtonModel:
        return ButtonModel(
            "review-hand",
            self.tr.pgettext("button", "Review hand"),
            key=key_for(ReviewHand()),
            title=self._("Hard goes through your decisions in this hand"),
        )

    def review(self, state: TableState) -> ReviewModel:
        """The open review: the decision on show, with Hard's move, reason and cost if marked."""
        _ = self._
        pgettext = self.tr.pgettext
        note = _(
            "This review uses only what you could see at each decision: your hand, the "
            "discards and the moves made. It never looks at the computer's concealed cards "
            "or the stock."
        )
        review = state.review
        if review is None:
            return ReviewModel(note, waiting=_("Hard is going through your decisions…"))
        count = len(review.decisions)
        if not count:
            return ReviewModel(note, summary=_("You had no decision to make in this hand."))
        at = min(state.review_at, count - 1)
        decision = review.decisions[at]
        played = self.action_name(decision.played)
        return ReviewModel(
            note,
            summary=self.review_summary(review),
            position=_("Decision {index} of {count}").format(index=at + 1, count=count),
            hand_label=_("Your hand then"),
            hand=tuple(self.card(card) for card in sort_by_rank(decision.hand)),
            pile=_("Top of the discard pile: {card}").format(card=short_name(decision.pile_top))
            if decision.pile_top is not None
            else "",
            played=_("You: {action}").format(action=played),
            verdict=_("Hard agrees.")
            if decision.as_hard
            else _("Hard would rather: {action}").format(action=self.action_name(decision.advised)),
            marked=not decision.as_hard,
            reason=self.reason(decision.reason_code, decision.reason_args),
            cost=self._review_cost(decision),
            decisions=tuple(
                ReviewDecisionModel(
                    label=f"{d.index}. {self.action_name(d.played)}",
                    note=""
                    if d.as_hard
                    else _("Hard: {action}").format(action=self.action_name(d.advised)),
                    marked=not d.as_hard,
                    current=index == at,
                )
                for index, d in enumerate(review.decisions)
            ),
            list_label=_("Your decisions"),
            previous=ButtonModel("review-prev", pgettext("button", "Previous"), at > 0, "←"),
            next=ButtonModel("review-next", pgettext("button", "Next"), at < count - 1, "→"),
        )

    def _review_cost(self, decision: Decision) -> str:
        """A marked decision's estimated cost, or why there is none (a knock Hard rules out)."""
        if decision.as_hard:
            return ""
        if decision.cost is None:
            return self._("No cost estimate: Hard does not knock with this much deadwood yet.")
        return self._("Estimated cost: {points} points").format(points=self.points(decision.cost))

    def review_summary(self, review: HandReview) -> str:
        count = len(review.decisions)
        text = self.tr.ngettext(
            "{matched} of {count} decision as Hard would play ({percent}).",
            "{matched} of {count} decisions as Hard would play ({percent}).",
            count,
        ).format(matched=review.as_hard, count=count, percent=self.percent(review.accuracy))
        if not review.mistakes:
            return text
        cost = self._("Estimated cost: {points} points").format(points=self.points(review.cost))
        return f"{text} {cost}"

    # --- panels and questions -------------------------------------------------------------

    def panel(self, state: TableState, rules_html: str) -> PanelModel | None:
        _ = self._
        panel = state.panel
        if panel is None:
            return None
        close = ButtonModel("close-panel", _("Close"))
        if panel is Panel.MENU:
            return PanelModel("menu", _("Menu"), close, items=self.menu_items(state))
        if panel is Panel.SETTINGS:
            return PanelModel(
                "settings", _("Settings"), close, fieldsets=self.settings_fields(state)
            )
        if panel is Panel.STATS:
            return PanelModel("stats", _("Statistics"), close, stats=self.stats(state.stats))
        if panel is Panel.RULES:
            return PanelModel("rules", _("Rules"), close, rules_html=rules_html)
        if panel is Panel.SHEET:
            return PanelModel("sheet", _("Score sheet"), close)
        if panel is Panel.REVIEW:
            number = state.view.hand_results[-1].number
            title = _("Review of hand {number}").format(number=number)
            return PanelModel("review", title, close, review=self.review(state))
        return PanelModel(
            "help",
            _("Keys"),
            close,
            keys=(
                *((shown, _(does)) for shown, does in _keys_by_deed()),
                ("← →", _("Step through the decisions of a hand review")),
            ),
            tips=_(
                "To knock or go gin, press Knock or Gin, then choose the card to discard. "
                "Click a card to choose it and click it again (or double-click it, or drag it "
                "to the pile) to discard it. Drag cards to arrange your hand."
            ),
        )

    def menu_items(self, state: TableState) -> tuple[ButtonModel, ...]:
        _ = self._
        items = [
            ButtonModel("new-game", self.tr.pgettext("button", "New game")),
            ButtonModel("settings", _("Settings")),
            ButtonModel("stats", _("Statistics")),
            ButtonModel("rules", _("Rules")),
            ButtonModel("sheet", _("Score sheet")),
        ]
        if not state.touch_only:
            items.append(ButtonModel("help", _("Keys")))
        items.append(ButtonModel("download", _("Download game record")))
        return tuple(items)

    def settings_fields(self, state: TableState) -> tuple[FieldsetModel, ...]:
        _ = self._
        current = state.pending or state.settings
        rules = current.rules

        def check(name: str, label: str, value: bool) -> FieldModel:
            return FieldModel(name, label, "checkbox", "true", checked=value)

        points = BONUS_POINTS
        game_bonus = _("Game bonus (+{points} to the winner)").format(points=points[BonusKind.GAME])
        line_bonus = _("Line bonus (+{points} per hand won)").format(points=points[BonusKind.LINE])
        sizes = {
            CardSize.SMALL: N_("Small"),
            CardSize.MEDIUM: N_("Medium"),
            CardSize.LARGE: N_("Large"),
        }
        return (
            FieldsetModel(
                _("Game"),
                (
                    FieldModel(
                        "level",
                        _("Computer level (next game)"),
                        "select",
                        current.level,
                        options=tuple((lv, self.level_name(lv)) for lv in LEVELS),
                    ),
                    FieldModel(
                        "target",
                        _("Target score"),
                        "number",
                        str(rules.target),
                        minimum=1,
                        maximum=MAX_TARGET,
                    ),
                    check("game_bonus", game_bonus, rules.game_bonus),
                    check("line_bonus", line_bonus, rules.line_bonus),
                    check(
                        "shutout_bonus",
                        _("Shutout (winner's total doubled if the loser won no hand)"),
                        rules.shutout_bonus,
                    ),
                ),
            ),
            FieldsetModel(
                _("Table"),
                (
                    FieldModel(
                        "speed",
                        _("Animation speed"),
                        "select",
                        str(current.speed),
                        options=tuple((str(s), self.speed_name(s)) for s in SPEEDS),
                    ),
                    FieldModel(
                        "card_size",
                        _("Card size"),
                        "select",
                        current.card_size.value,
                        options=tuple((s.value, _(label)) for s, label in sizes.items()),
                    ),
                    check("sound", _("Sound"), current.sound),
                    check("four_colour", _("Four-colour deck"), current.four_colour),
                    check(
                        "beginner_aid",
                        _("Beginner's aid: light up the melds the face-up card would complete"),
                        current.beginner_aid,
                    ),
                ),
            ),
        )

    def stats(self, stats: Statistics) -> StatsModel:
        _ = self._
        labels = {
            "games_played": _("Games played"),
            "games_won": _("Games won"),
            "games_abandoned": _("Games abandoned (counted as lost)"),
            "hands_played": _("Hands played"),
            "hands_won": _("Hands won"),
            "gins": _("Gins"),
            "undercuts_given": _("Undercuts given"),
            "undercuts_received": _("Undercuts received"),
            "best_game": _("Best game (winning margin)"),
            "best_hand": _("Biggest hand"),
            "current_streak": _("Current winning streak"),
            "best_streak": _("Best winning streak"),
            "hints_used": _("Hints used"),
        }
        per_level = [stats.of(level) for level in LEVELS]
        bars = tuple(
            ChartBar(self.level_name(level), s.games_won, s.games_lost)
            for level, s in zip(LEVELS, per_level, strict=True)
        )
        summary = "; ".join(
            _("{level}: {won} won, {lost} lost").format(level=b.label, won=b.won, lost=b.lost)
            for b in bars
        )
        return StatsModel(
            heads=tuple(self.level_name(level) for level in LEVELS),
            rows=tuple(
                (label, tuple(getattr(s, name) for s in per_level))
                for name, label in labels.items()
            ),
            bars=bars if any(s.games_played for s in per_level) else (),
            chart_label=summary,
            won_label=_("Games won"),
            lost_label=_("Games lost"),
            empty=_("No games finished yet: the chart fills in as you play."),
            reset=ButtonModel("reset-stats", _("Reset statistics")),
            reviews=ReviewStatsModel(
                _("Hand reviews"),
                (
                    (_("Hands reviewed"), tuple(str(s.hands_reviewed) for s in per_level)),
                    (
                        _("Decisions as Hard would play"),
                        tuple(
                            "—" if s.accuracy is None else self.percent(s.accuracy)
                            for s in per_level
                        ),
                    ),
                ),
            ),
        )

    def question(self, state: TableState) -> QuestionModel | None:
        _ = self._
        question = state.question
        if question is None:
            return None
        loss = _(" The game in progress will count as a loss.") if state.in_progress else ""
        if question is Question.NEW_GAME:
            text = _("Start a new game?") + loss
            yes, no = _("Start a new game"), _("Keep playing")
        elif question is Question.APPLY_RULES:
            text = _("These rules apply to a new game. Start a new game now?") + loss
            yes, no = _("Start a new game"), _("Keep the current game")
        elif question is Question.RESET_STATS:
            text = _("Reset all statistics? This cannot be undone.")
            yes, no = _("Reset"), _("Cancel")
        else:
            text = (
                _("This link starts a shared game (seed {seed}). Start it now?").format(
                    seed=state.seeded
                )
                + loss
            )
            yes, no = _("Start the shared game"), _("Keep my game")
        return QuestionModel(
            question.value,
            text,
            ButtonModel("confirm", yes, primary=True),
            ButtonModel("cancel", no),
        )


def _just_drawn(history: Sequence[Event]) -> Card | None:
    """The card the person drew this turn (the last event, if it was their draw)."""
    if history and history[-1].player == YOU:
        last = history[-1]
        if last.action in (ActionKind.DRAW_STOCK, ActionKind.DRAW_PILE, ActionKind.TAKE):
            return last.card
    return None


def _keys_by_deed() -> list[tuple[str, str]]:
    """The key list's rows: keys that do the same thing share a row ("← →")."""
    rows: dict[str, list[str]] = {}
    for binding in KEYS:
        rows.setdefault(binding.does, []).append(binding.shown)
    return [(" ".join(keys), does) for does, keys in rows.items()]
