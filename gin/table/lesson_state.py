"""The lessons at the table: the person's progress and the lesson open on the table, if any.

A :class:`LessonDesk` is part of the table's state (:attr:`TableState.lessons
<gin.table.state.TableState.lessons>`), an immutable value like the rest of it.  While a
lesson is open the table shows the lesson's game (:attr:`LessonDesk.run`) instead of the
saved game, which stays exactly as it was: a lesson never saves the table, never counts
in the statistics and never changes a setting.  Its own record is the
:class:`~gin.lessons.progress.Progress`, stored under its own key.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gin.cards import Card
from gin.lessons import LESSONS, LessonRun, Reason
from gin.lessons.goals import PickGoal, UnmeldedGoal
from gin.lessons.progress import Progress, number_of
from gin.table.seats import YOU


@dataclass(frozen=True)
class LessonDesk:
    """Progress, and what the lesson on the table shows.

    ``run`` is the open lesson (None: no lesson is open); ``complete`` shows the end of the
    path instead of a lesson.  ``why`` is the lesson's refusal of the last move, ``said``
    its word on the last right move; ``intro`` shows the lesson's introduction over the
    table; ``showing`` says *Show me* is playing the lesson's moves; ``serial`` counts the
    desk's changes, so that a timer set for an older one is dropped.
    """

    progress: Progress = field(default_factory=Progress)
    run: LessonRun | None = None
    complete: bool = False
    why: Reason | None = None
    why_count: int = 0
    """Counts the lesson's refusals, so that the same refusal twice shakes twice."""
    why_target: str = ""
    """What the refused move touched (a card's code, ``stock``, ``pile``...), to shake."""
    said: Reason | None = None
    intro: bool = False
    showing: bool = False
    serial: int = 0
    order: tuple[Card, ...] = ()
    """The person's own order of the lesson's hand (never saved)."""

    @property
    def open(self) -> bool:
        """A lesson, or the end of the path, is on the table."""
        return self.run is not None or self.complete

    @property
    def number(self) -> int:
        """The open lesson's number on the path, from 1 (0 when none is open)."""
        return number_of(self.run.lesson) if self.run is not None else 0

    @property
    def count(self) -> int:
        return len(LESSONS)


@dataclass(frozen=True)
class LessonNews:
    """What the lesson says aloud after a change: a verdict's reason, then (``ask``) the
    question the run asks now, or (``learned``) what the lesson taught."""

    run: LessonRun
    reason: Reason | None = None
    ask: bool = False
    learned: bool = False


def table_hand(run: LessonRun) -> tuple[Card, ...]:
    """The person's cards on the lesson's table: those a step asks to choose from (after the
    computer's knock, the hand it knocked against), else the hand in play or the last one."""
    step = run.current
    if step is not None and isinstance(step.goal, PickGoal):
        return step.goal.cards(run.view)
    if run.view.hand_results:
        return run.view.hand_results[-1].hands[YOU]
    return run.view.hand


def hides_melds(run: LessonRun) -> bool:
    """The question is which cards are in a meld: the table must not show it (the hand is
    neither grouped by melds nor marked)."""
    return run.current is not None and isinstance(run.current.goal, UnmeldedGoal)
