"""Learn to play: short interactive lessons dealt from fixed decks and judged by the engine.

::

    from gin.lessons import LESSONS
    run = LESSONS[0].start()                 # the first lesson's position
    verdict = run.attempt(run.expected())    # what Show me plays
    verdict.accepted, verdict.reason.text()  # right, and why
    run = verdict.run

A lesson (:class:`Lesson`) is a prepared deal, the moves played before its first
question, and its steps; each step names a goal (:mod:`gin.lessons.goals`) that
works out from the person's view which moves are right and why each other move
is not.  A run (:class:`LessonRun`) is immutable: a wrong move returns the same
run with the reason, so it changes nothing.
"""

from gin.lessons.deal import Deal
from gin.lessons.goals import Move, Pick, parse_move
from gin.lessons.lesson import Lesson, LessonRun, Step, Verdict
from gin.lessons.path import LESSONS
from gin.lessons.reasons import TEMPLATES, Reason, Say

__all__ = [
    "LESSONS",
    "TEMPLATES",
    "Deal",
    "Lesson",
    "LessonRun",
    "Move",
    "Pick",
    "Reason",
    "Say",
    "Step",
    "Verdict",
    "parse_move",
]
