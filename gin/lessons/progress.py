"""A person's lesson progress: which lessons are done, the one in progress, the offer shown.

It is stored under its own key, apart from the saved game, the settings and the
statistics, and it is the person's data like those: :meth:`Progress.from_dict`
reads it field by field, keeps what it can use and drops the rest, never
failing as a whole (an unknown lesson, from a newer or older path, is dropped;
a run that no longer replays starts that lesson again).  Lessons are named by
their keys, not their numbers, so a lesson added to the path later does not
shift anyone's progress.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gin.lessons.lesson import Lesson, LessonRun
from gin.lessons.path import LESSONS

PROGRESS_FORMAT = "gin-rummy-lessons"
PROGRESS_VERSION = 1
MAX_MOVES = 64
"""Far more moves than any lesson asks for: a longer list is not one of ours."""


@dataclass(frozen=True)
class Progress:
    """What the person has done of the lessons.

    ``done`` are the keys of finished lessons; ``current`` the lesson last opened (None:
    none yet), ``moves`` its right moves so far (what resumes it), ``open`` whether it
    was on the table (a reload opens it again), and ``offered`` whether the first visit's
    offer has been answered (taken, declined, or passed by to play).
    """

    done: frozenset[str] = frozenset()
    current: str | None = None
    moves: tuple[str, ...] = ()
    open: bool = False
    offered: bool = False

    @property
    def finished(self) -> bool:
        """Every lesson of the path is done."""
        return all(lesson.key in self.done for lesson in LESSONS)

    def next_lesson(self) -> Lesson | None:
        """The lesson to open: the current one unless it is done, else the first not done
        (None: every lesson is done)."""
        if self.current is not None and self.current not in self.done:
            return by_key(self.current)
        return next((lesson for lesson in LESSONS if lesson.key not in self.done), None)

    def on_table(self) -> Lesson | None:
        """The lesson on the table when the page was closed (None: none was), done or not:
        a reload between a lesson's end and *Next lesson* shows what it taught again, where
        :meth:`next_lesson` would skip on to the next one unread."""
        return by_key(self.current) if self.open and self.current is not None else None

    def run(self, lesson: Lesson) -> LessonRun:
        """``lesson`` where the person left it, if it is the current one (else, or if its
        moves no longer replay, from its start)."""
        if lesson.key != self.current:
            return lesson.start()
        try:
            return lesson.resume(self.moves)
        except ValueError:
            return lesson.start()

    def opened(self, lesson: Lesson) -> Progress:
        """``lesson`` is put on the table from its start."""
        return replace(self, current=lesson.key, moves=(), open=True)

    def played(self, run: LessonRun) -> Progress:
        """The person got as far as ``run``; a finished lesson is counted done."""
        done = self.done | {run.lesson.key} if run.done else self.done
        return replace(self, current=run.lesson.key, moves=run.moves, done=done, open=True)

    def closed(self) -> Progress:
        """The person put the lessons away (the current one resumes when they come back)."""
        return replace(self, open=False)

    def offer_answered(self) -> Progress:
        return replace(self, offered=True)

    def joined(self, theirs: Progress, keep_place: bool) -> Progress:
        """This progress with another tab's (the record it stored last): a lesson done in
        either is done, an offer answered in either is answered, so that neither tab's save
        undoes the other's.  The place on the path (the current lesson, its moves, whether it
        is open) is theirs, unless ``keep_place``: a lesson is open on this tab's table, and
        its own moves go on from where they are."""
        place = self if keep_place else theirs
        return replace(place, done=self.done | theirs.done, offered=self.offered or theirs.offered)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": PROGRESS_FORMAT,
            "version": PROGRESS_VERSION,
            "done": [lesson.key for lesson in LESSONS if lesson.key in self.done],
            "current": self.current,
            "moves": list(self.moves),
            "open": self.open,
            "offered": self.offered,
        }

    @classmethod
    def from_dict(cls, data: object) -> tuple[Progress, bool]:
        """The progress in a stored record, and whether anything in it had to be dropped.

        Nothing stored (None) is a new person's progress.  Every field is read on
        its own: one that is damaged, or names a lesson this version does not have,
        is dropped and the rest kept.
        """
        if data is None:
            return cls(), False
        if not isinstance(data, Mapping) or data.get("format") != PROGRESS_FORMAT:
            return cls(), True
        dropped = data.get("version") != PROGRESS_VERSION
        keys = {lesson.key for lesson in LESSONS}
        raw_done = data.get("done", [])
        done: set[str] = set()
        if isinstance(raw_done, list):
            done = {key for key in raw_done if isinstance(key, str) and key in keys}
            dropped |= len(done) != len(raw_done)
        else:
            dropped = True
        current = data.get("current")
        if current is not None and current not in keys:
            current, dropped = None, True
        moves = _moves(data.get("moves", []))
        if moves is None:
            moves, dropped = (), True
        offered = data.get("offered", False)
        if not isinstance(offered, bool):
            offered, dropped = True, True  # a damaged flag: do not offer twice
        is_open = data.get("open", False)
        if not isinstance(is_open, bool):
            is_open, dropped = False, True
        if current is None:
            moves, is_open = (), False
        return cls(frozenset(done), current, moves, is_open, offered), dropped


def _moves(raw: object) -> tuple[str, ...] | None:
    if not isinstance(raw, list) or len(raw) > MAX_MOVES:
        return None
    if not all(isinstance(text, str) and len(text) <= 16 for text in raw):
        return None
    return tuple(raw)


def by_key(key: str) -> Lesson:
    """The lesson named ``key`` (ValueError if the path has none)."""
    for lesson in LESSONS:
        if lesson.key == key:
            return lesson
    raise ValueError(f"no lesson {key!r}")


def number_of(lesson: Lesson, lessons: Sequence[Lesson] = LESSONS) -> int:
    """A lesson's number on the path, from 1 (what ``data-lesson`` shows)."""
    return lessons.index(lesson) + 1
