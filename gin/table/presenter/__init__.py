"""What the table shows: the render model of a :class:`~gin.table.state.TableState`, worded.

The presenter reads the person's :class:`~gin.view.PlayerView` (never the game's hidden
cards) and the table's own state, and decides everything the page draws: which cards are
playable, which buttons the phase offers, every text in the person's language.  The
page's renderer (:mod:`gin.web.render`) draws the result and nothing else, so all of this
is tested in CPython.

One module per region of the page, as the renderer has: :mod:`.table` (the table in
play), :mod:`.showdown` (a finished hand and the score sheet), :mod:`.game_over`,
:mod:`.review` (the coach), :mod:`.panels` (the menu's panels and the questions),
:mod:`.deals` (the sealed deal and its reveal, the daily deal's calendar and share
text), and :mod:`.words`, the vocabulary they share.  :class:`Presenter` puts them
together.
"""

from __future__ import annotations

from gin.actions import Action
from gin.ai.hints import Hint
from gin.i18n import Translator
from gin.records import HandResult
from gin.table.effects import Announce
from gin.table.lesson_state import LessonNews
from gin.table.models import TableModel
from gin.table.presenter import game_over, lesson, panels, showdown, table
from gin.table.presenter.deals import DealsPresenter
from gin.table.presenter.words import Words, short_name
from gin.table.state import TablePhase, TableState

__all__ = ["Presenter", "short_name"]


class Presenter:
    """Builds the render model and the spoken texts, in one language."""

    def __init__(self, translator: Translator) -> None:
        self.tr = translator
        self.words = Words(translator)
        self.deals = DealsPresenter(self.words)

    def table(self, state: TableState, rules_html: str = "") -> TableModel:
        """The table as the person sees it now (``rules_html``: the rules page, built by the
        page while its panel is open)."""
        words = self.words
        _ = words._
        view = state.view
        in_hand = state.in_hand
        legal = state.legal()
        hand = table.hand(words, state, legal) if in_hand else ()
        model = TableModel(
            phase=state.phase.value,
            turn="you" if state.your_turn else "ai",
            busy=state.thinking,
            language=state.settings.language,
            classes=table.classes(state),
            topbar=table.topbar(words, state),
            opponent=table.opponent(words, state),
            stock=table.stock(words, state, legal),
            pile=table.pile(words, state, legal, table.pile_aid(state, hand)),
            hand=hand,
            hand_label=_("Your hand"),
            count_line=table.count_line(words, state) if in_hand else "",
            status=table.status(words, state),
            buttons=table.buttons(words, state, legal),
            sorts=table.sorts(words, state),
            sort_label=_("Arrange your hand"),
            why=table.why(words, state),
            hint=words.hint_text(state.hint) if state.hint else "",
            notices=table.notices(words, state),
            result=showdown.result(words, state) if not in_hand and view.hand_results else None,
            game_over=game_over.game_over(words, state)
            if state.phase is TablePhase.GAME_OVER
            else None,
            sheet=showdown.sheet(words, state),
            log=table.log(words, state),
            panel=panels.panel(words, state, rules_html),
            question=panels.question(words, state),
            seal=self.deals.seal(state.seal, state.daily, state.today),
            proof=self.deals.game_proof(state) if state.phase is TablePhase.GAME_OVER else None,
            left=self.deals.proof(state.left, close=True) if state.left is not None else None,
            sharing=self.deals.share(state.sharing, state.page_url) if state.sharing else None,
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
            lesson=lesson.panel(words, state),
            offer=lesson.offer(words, state),
        )
        return lesson.on_lesson_table(model, words, state)

    def announcement(self, effect: Announce) -> str:
        """What the page says to screen readers for an :class:`Announce` effect."""
        words = self.words
        subject = effect.subject
        if isinstance(subject, Action):
            return words.move_text(effect.seat, subject.kind, effect.card)
        if isinstance(subject, HandResult):
            return showdown.headline(words, subject) + " " + showdown.points_line(words, subject)
        if isinstance(subject, Hint):
            return words.hint_text(subject)
        if isinstance(subject, LessonNews):
            return lesson.news(words, subject)
        return words.message(subject)
