"""Lesson progress: the person's data, read field by field and never lost as a whole."""

from __future__ import annotations

import json

import pytest

from gin.lessons import LESSONS
from gin.lessons.progress import PROGRESS_FORMAT, Progress, by_key, number_of


def played_to_end(progress: Progress) -> Progress:
    lesson = progress.next_lesson()
    assert lesson is not None
    run = progress.run(lesson)
    while not run.done:
        run = run.attempt(run.expected()).run.settled()
        progress = progress.played(run)
    return progress


def test_a_new_person_starts_at_the_first_lesson_and_has_not_been_offered_them() -> None:
    progress, dropped = Progress.from_dict(None)
    assert progress == Progress() and not dropped
    assert not progress.offered and not progress.finished
    assert progress.next_lesson() is LESSONS[0]
    assert progress.run(LESSONS[0]).step == 0


def test_progress_round_trips_through_json_and_resumes_mid_lesson() -> None:
    progress = Progress().opened(LESSONS[2]).offer_answered()
    run = progress.run(LESSONS[2])
    run = run.attempt(run.expected()).run
    progress = progress.played(run)
    again, dropped = Progress.from_dict(json.loads(json.dumps(progress.to_dict())))
    assert again == progress and again.open and not dropped
    assert again.next_lesson() is LESSONS[2]
    resumed = again.run(LESSONS[2])
    assert resumed.lesson is LESSONS[2] and resumed.step == 1
    assert resumed.game.actions == run.game.actions


def test_finishing_a_lesson_counts_it_done_and_the_next_one_follows() -> None:
    progress = played_to_end(Progress().opened(LESSONS[0]))
    assert progress.done == {LESSONS[0].key} and progress.open
    closed = progress.closed()
    assert not closed.open and closed.current == LESSONS[0].key
    assert closed.next_lesson() is LESSONS[1]
    everything = Progress(done=frozenset(lesson.key for lesson in LESSONS))
    assert everything.finished and everything.next_lesson() is None


@pytest.mark.parametrize(
    ("record", "kept"),
    [
        ({"done": ["melds", "no-such-lesson"]}, Progress(done=frozenset({"melds"}))),
        ({"done": "melds"}, Progress()),
        ({"current": "gone", "moves": ["draw stock"]}, Progress()),
        ({"current": "deadwood", "moves": ["x" * 99]}, Progress(current="deadwood")),
        ({"current": "deadwood", "moves": [1, 2]}, Progress(current="deadwood")),
        ({"offered": "yes"}, Progress(offered=True)),
        ({"current": "melds", "open": 1}, Progress(current="melds")),
        ({"version": 99, "offered": True}, Progress(offered=True)),
    ],
)
def test_a_damaged_field_is_dropped_and_the_rest_kept(
    record: dict[str, object], kept: Progress
) -> None:
    progress, dropped = Progress.from_dict({"format": PROGRESS_FORMAT, "version": 1, **record})
    assert progress == kept and dropped


@pytest.mark.parametrize("junk", [[], "text", 7, {"format": "other"}])
def test_a_record_that_is_not_ours_is_a_new_persons_progress(junk: object) -> None:
    assert Progress.from_dict(junk) == (Progress(), True)


def test_moves_that_no_longer_replay_start_the_lesson_again() -> None:
    progress = Progress(current="deadwood", moves=("discard KS",))
    run = progress.run(by_key("deadwood"))
    assert run.lesson.key == "deadwood" and run.step == 0 and run.moves == ()


def test_lessons_are_found_by_key_and_numbered_from_one() -> None:
    assert [number_of(by_key(lesson.key)) for lesson in LESSONS] == list(range(1, len(LESSONS) + 1))
    with pytest.raises(ValueError):
        by_key("no-such-lesson")
