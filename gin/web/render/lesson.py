"""The lessons on the page: the lesson panel, the end of the path, a lesson's introduction
and the first visit's offer (``gin.table.presenter.lesson``).

The hooks are the issue's: the panel ``[data-testid=lesson]`` with ``data-lesson`` (its
number, from 1) and ``data-lesson-done``, the refusal ``[data-testid=lesson-why]``, the
offer ``[data-testid=learn-offer]`` and, after the last lesson, ``[data-testid=lessons-done]``;
the controls are named by :class:`gin.table.controls.Control` (``lesson-show``...).
"""

from __future__ import annotations

from html import escape

from gin.table.models import ButtonModel, LessonModel, OfferModel
from gin.web.render.pieces import attrs, button, message_line

SECONDARY = ("lesson-about", "lesson-leave")
"""The panel's secondary controls: beside its heading, and shown as a symbol where space is
short (static/css/lessons.css; their names stay their labels)."""


def _button(model: ButtonModel) -> str:
    secondary = model.action in SECONDARY
    return button(model, "action lesson-button" + (" lesson-icon" if secondary else ""))


def lesson_panel(model: LessonModel) -> str:
    """The panel above the table while a lesson is open (or the end of the path).

    The main control (Show me, Next lesson) stands beside the question; the others (about
    this lesson, back to the game) beside the heading.
    """
    main = [b for b in model.buttons if b.action not in SECONDARY]
    extra = [b for b in model.buttons if b.action in SECONDARY]
    # The word on the last move lies over the computer's hand: its close button puts it away.
    close = button(model.word_close, "lesson-word-close") if model.word_close else ""
    said = (
        f'<p class="lesson-said" data-testid="lesson-said">{escape(model.said)}{close}</p>'
        if model.said and model.why is None and not model.done
        else ""
    )
    return (
        "<section "
        + attrs(
            class_="lesson" + (" done" if model.done else ""),
            data_testid="lesson",
            data_lesson=model.number,
            data_lesson_done="true" if model.done else "false",
            aria_label=model.label,
        )
        + '><div class="lesson-top"><p class="lesson-heading">'
        f'<span class="lesson-number">{escape(model.heading)}</span>'
        f' <span class="lesson-title">{escape(model.title)}</span></p>'
        f'<div class="lesson-extra">{"".join(_button(b) for b in extra)}</div></div>'
        f'<div class="lesson-main"><p class="lesson-ask" data-testid="lesson-ask">'
        f"{escape(model.ask)}</p>"
        f'<div class="lesson-actions">{"".join(_button(b) for b in main)}</div></div>'
        + message_line(
            model.why, "lesson-why", "lesson-why" + (" nudge" if model.nudge else ""), close
        )
        + said
        + "</section>"
    )


def lesson_intro(model: LessonModel) -> str:
    """A lesson's introduction, over the table until the person starts."""
    intro = model.intro
    if intro is None:
        return ""
    return (
        '<div class="lesson-intro" data-testid="lesson-intro" role="dialog" aria-modal="true" '
        'aria-labelledby="lesson-intro-title" aria-describedby="lesson-intro-text">'
        f'<h2 id="lesson-intro-title">{escape(intro.heading)}</h2>'
        f'<p id="lesson-intro-text">{escape(intro.text)}</p>'
        f'<div class="lesson-actions">{button(intro.start, "action lesson-button")}</div></div>'
    )


def lessons_done(model: LessonModel) -> str:
    """The end of the path, over the person's own game until they choose: play it, or the
    lessons again.  A box over the table, as the first visit's offer, not a panel above it:
    the ordinary table makes no room for one, and it pushed the hand out of the window."""
    buttons = "".join(button(b, "action lesson-button") for b in model.buttons)
    return (
        '<div class="lessons-done" data-testid="lessons-done" role="dialog" aria-modal="true" '
        'aria-labelledby="lessons-done-title" aria-describedby="lessons-done-text">'
        f'<h2 id="lessons-done-title">{escape(model.title)}</h2>'
        f'<p id="lessons-done-text">{escape(model.ask)}</p>'
        f'<div class="lesson-actions">{buttons}</div></div>'
    )


def offer(model: OfferModel) -> str:
    """The first visit's offer: learn to play, or play now."""
    return (
        '<div class="learn-offer" data-testid="learn-offer" role="dialog" aria-modal="true" '
        'aria-labelledby="learn-offer-title" aria-describedby="learn-offer-text">'
        f'<h2 id="learn-offer-title">{escape(model.title)}</h2>'
        f'<p id="learn-offer-text">{escape(model.text)}</p>'
        f'<div class="lesson-actions">{button(model.learn, "action lesson-button")}'
        f"{button(model.later, 'action lesson-button')}</div></div>"
    )
