"""The lessons at the table: the lesson panel, its introduction, the end of the path, the
first visit's offer, and what a lesson changes of the table it is played on
(``gin.web.render.lesson``).

A lesson is played on the ordinary table (the same hand, stock, pile and buttons, the
same hooks); :func:`on_lesson_table` only takes away what does not belong to a lesson
(the hint, the buttons after a hand, the seal and score sheet of the person's own game),
marks the cards a question asks for, and lays the computer's melds down when the question
is about them.
"""

from __future__ import annotations

from dataclasses import replace

from gin.cards import Card
from gin.lessons import LESSONS, LessonRun, Reason, Say
from gin.lessons.goals import LayoffGoal, PickGoal, UnmeldedGoal, knock_result
from gin.lessons.reasons import TEMPLATES, render
from gin.table import hand as hands
from gin.table.controls import Control
from gin.table.lesson_state import LessonNews
from gin.table.models import (
    ButtonModel,
    LaidOutHand,
    LessonIntroModel,
    LessonModel,
    MessageModel,
    OfferModel,
    TableModel,
)
from gin.table.presenter.showdown import laid_on
from gin.table.presenter.words import Words, short_name
from gin.table.seats import AI, YOU
from gin.table.state import TableState


def _buttons(words: Words) -> dict[str, str]:
    """The table's words a lesson's text may name: its buttons' labels, the Hard level."""
    return {
        "knock_button": words.label(Control.KNOCK),
        "gin_button": words.label(Control.GIN),
        "hint_button": words.label(Control.HINT),
        "start_button": words.label(Control.LESSON_START),
        "next_button": words.label(Control.LESSON_NEXT),
        "hard": words.level_name("hard"),
    }


def lesson_words(words: Words, template: str, run: LessonRun) -> str:
    """A lesson's text in the person's language, filled in with the engine's facts."""
    return render(words._(template), run.facts(), short_name, _buttons(words))


def reason_text(words: Words, reason: Reason) -> str:
    """A lesson's reason: its own template, or Hard's hint as the coach words it."""
    if reason.hint is not None:
        return words.reason(reason.hint.reason_code, reason.hint.reason_args)
    return render(words._(TEMPLATES[reason.code]), reason.values, short_name, _buttons(words))


def news(words: Words, said: LessonNews) -> str:
    """What is said aloud: the reason, then the question asked now or what was learned."""
    parts = [reason_text(words, said.reason)] if said.reason is not None else []
    run = said.run
    if said.ask and run.current is not None:
        parts.append(lesson_words(words, run.current.ask, run))
    if said.learned:
        parts.append(lesson_words(words, run.lesson.learned, run))
    return " ".join(parts)


# --- the panel -------------------------------------------------------------------------------


def panel(words: Words, state: TableState) -> LessonModel | None:
    """The lesson panel (``data-testid="lesson"``), or the end of the path, or None."""
    desk = state.lessons
    _ = words._
    if desk.complete:
        count = len(LESSONS)
        return LessonModel(
            number=0,
            count=count,
            done=True,
            heading=_("Learn to play"),
            title=_("Every lesson done"),
            ask=_(
                "You have done every lesson. Play a game against the computer, or go through "
                "the lessons again."
            ),
            why=None,
            nudge=False,
            said="",
            buttons=(
                words.button(Control.LESSON_LEAVE, primary=True),
                words.button(Control.LESSON_RESTART),
            ),
            complete=True,
            label=_("Learn to play"),
        )
    run = desk.run
    if run is None:
        return None
    title = _(run.lesson.title)
    heading = _("Lesson {number} of {count}").format(number=desk.number, count=desk.count)
    buttons: tuple[ButtonModel, ...]
    if run.done:
        ask = lesson_words(words, run.lesson.learned, run)
        buttons = (
            words.button(Control.LESSON_NEXT, primary=True),
            words.button(Control.LESSON_LEAVE),
        )
    else:
        step = run.current
        ask = (
            lesson_words(words, step.ask, run)
            if step is not None
            else _("The computer is playing…")
        )
        can_show = step is not None and not state.thinking and not desk.showing
        buttons = (
            words.button(Control.LESSON_SHOW, can_show, primary=True),
            words.button(Control.LESSON_ABOUT),
            words.button(Control.LESSON_LEAVE),
        )
    intro = (
        LessonIntroModel(
            heading=_("Lesson {number} of {count}: {title}").format(
                number=desk.number, count=desk.count, title=title
            ),
            text=lesson_words(words, run.lesson.intro, run),
            start=words.button(Control.LESSON_START, primary=True),
        )
        if desk.intro and not state.dialog_open  # one overlay at a time: the menu is on top
        else None
    )
    why = _why(words, state)
    said = reason_text(words, desk.said) if desk.said is not None else ""
    shows_word = why is not None or (bool(said) and not run.done)
    return LessonModel(
        number=desk.number,
        count=desk.count,
        done=run.done,
        heading=heading,
        title=title,
        ask=ask,
        why=why,
        nudge=desk.why is not None and desk.why.code is Say.LESSON_DONE,
        said=said,
        buttons=buttons,
        word_close=_word_close(words) if shows_word else None,
        intro=intro,
        label=_("Lesson"),
    )


def _word_close(words: Words) -> ButtonModel:
    """The word's close button: drawn as a symbol, its name is also its tooltip."""
    return words.button(Control.LESSON_WORD_CLOSE, title=words.label(Control.LESSON_WORD_CLOSE))


def _why(words: Words, state: TableState) -> MessageModel | None:
    """The refusal of the last move: the lesson's, or the table's (the move was not legal)."""
    desk = state.lessons
    if desk.why is not None:
        return MessageModel(reason_text(words, desk.why), desk.why_target, desk.why_count)
    if state.why is not None:
        return MessageModel(words.message(state.why), state.why.target, state.why_count)
    return None


def offer(words: Words, state: TableState) -> OfferModel | None:
    """The first visit's offer (``data-testid="learn-offer"``)."""
    if not state.offer:
        return None
    _ = words._
    count = len(LESSONS)
    return OfferModel(
        title=_("New to gin rummy?"),
        text=words.tr.ngettext(
            "{count} short lesson teaches you the game. You can also start it later from the menu.",
            "{count} short lessons teach you the game, from the first meld to knocking well. "
            "You can also start them later from the menu.",
            count,
        ).format(count=count),
        learn=words.button(Control.LEARN, primary=True),
        later=words.button(Control.PLAY_NOW),
    )


# --- the table a lesson is played on -------------------------------------------------------------


def on_lesson_table(model: TableModel, words: Words, state: TableState) -> TableModel:
    """The ordinary table, as a lesson shows it (see the module's docstring)."""
    run = state.lessons.run
    if run is None:
        return model
    _ = words._
    topbar = replace(
        model.topbar,
        hand_number=_("Lesson {number} of {count}").format(
            number=state.lessons.number, count=state.lessons.count
        ),
        level=_("Learn to play"),
    )
    changed = replace(
        model,
        busy=model.busy or state.lessons.showing,  # Show me is playing: the person waits
        classes=(*model.classes, "in-lesson"),
        topbar=topbar,
        why=None,
        hint="",
        seal=None,  # the person's own game's seal (or daily deal): a lesson's deal is scripted
        buttons=tuple(b for b in model.buttons if b.action != Control.HINT.action),
    )
    if changed.result is not None:
        changed = replace(changed, result=replace(changed.result, buttons=()))
    if run.done:  # the lesson's hand stays in view, but nothing more is played in it
        return replace(changed, buttons=(), status="")
    step = run.current
    if step is None or not isinstance(step.goal, PickGoal):
        return changed
    return _picking(changed, words, state, run, step.goal)


def _picking(
    model: TableModel, words: Words, state: TableState, run: LessonRun, goal: PickGoal
) -> TableModel:
    """A question that asks for cards: the hand's cards are chosen one by one (the melds
    are not marked when the question is which cards are in one); after the computer's
    knock, its melds are laid down and the chosen cards go over to them."""
    _ = words._
    layoff = isinstance(goal, LayoffGoal)
    picked = set(run.picked)
    note = _("in no meld")
    shown = state.shown_hand()
    melds = {} if isinstance(goal, UnmeldedGoal) else hands.meld_index(shown)
    hand = tuple(
        words.card(
            card,
            meld=melds.get(card),
            playable=card not in picked,
            selected=card in picked,
            note=note if card in picked else "",
        )
        for card in shown
        if not (layoff and card in picked)
    )
    tap = _("Tap each card you choose.") if state.touch_only else _("Click each card you choose.")
    changed = replace(
        model, hand=hand, buttons=(), status=tap, result=None, turn="you", count_line=""
    )
    if not layoff:
        return changed
    result, _facts = knock_result(run.view)
    bar = changed.topbar  # the scores as they stood before the knock: it is not priced yet
    you = bar.you.score - (result.points if result.winner == YOU else 0)
    ai = bar.ai.score - (result.points if result.winner == AI else 0)
    topbar = replace(bar, you=replace(bar.you, score=you), ai=replace(bar.ai, score=ai))
    opponent = replace(
        model.opponent, hidden=0, known=(), laid_out=_knocker(words, run, picked), thinking=""
    )
    return replace(changed, opponent=opponent, middle=False, topbar=topbar)


def _knocker(words: Words, run: LessonRun, picked: set[Card]) -> LaidOutHand:
    """The computer's melds as it laid them down, with the person's cards laid off so far."""
    _ = words._
    _result, facts = knock_result(run.view)
    melds = laid_on(words, facts, picked)
    return LaidOutHand(
        _("The computer knocked"),
        melds,
        tuple(words.card(card) for card in facts.knocker_deadwood_cards),
        _("Deadwood: {points}").format(points=facts.knocker_deadwood),
    )
