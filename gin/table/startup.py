"""Opening the table: what the page found in storage and in its address, turned into a state.

Pure, like the update: the page reads its storage and address, hands the raw
values here, and performs the effects it gets back.  A stored value that
cannot be used is dropped with a notice; a saved game that cannot be read is
explained, and is not overwritten until the person plays on; a shared game
link (``?seed=``) resumes the saved game when it is the same game and asks
before replacing one in progress.  A daily deal (``?daily``, or the one left on
the table) is kept in its own record beside the person's own game, and the game
that is not on the table is kept aside while it is unfinished.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date

from gin.game import MAX_SEED, Game
from gin.i18n import pick_language
from gin.lessons.progress import Progress
from gin.table import lesson_update
from gin.table.daily import DailyResults, read_daily
from gin.table.daily_update import start_daily
from gin.table.effects import Focus, Save, Think
from gin.table.lesson_state import LessonDesk
from gin.table.messages import Message, Notice
from gin.table.settings import LEVELS, Settings
from gin.table.state import Question, SavedTable, TableState
from gin.table.stats import Statistics
from gin.table.update import Transition, new_game, resume

ONCE_ONLY = ("seed", "level")
"""What the address asks for once: the page applies it as it opens, then takes it out of the
address bar, so that a reload resumes the game as the person left it.  Left in, a reload
undid the level chosen since, and "Play again" under ``?seed=`` dealt another game than the
address said.  ``speed`` stays (it holds for the page's life, never saved: a test's or a
demonstration's pace), and ``daily`` names the deal on the table."""

SPEED_RANGE = (0.25, 4.0)
"""Address speeds accepted besides 0 (no animation): slower would stall the computer's turn."""


@dataclass(frozen=True)
class Stored:
    """The page's stored records, parsed from JSON (None where nothing is stored)."""

    settings: object = None
    stats: object = None
    table: object = None
    daily_table: object = None
    """The daily deal's saved table (on the table or kept aside)."""
    daily: object = None
    """The kept daily results."""
    lessons: object = None
    """The lessons' progress (its own record)."""
    dropped: frozenset[str] = frozenset()
    """The records (``table``, ``stats``...) whose stored value was unreadable (too long, too
    deep, not JSON) and has been removed: each is said as its own damage is."""
    blocked: bool = False
    """The browser does not let the page store anything."""


@dataclass(frozen=True)
class Address:
    """What the page's address asks for, already checked: None where it asks nothing."""

    seed: int | None = None
    level: str | None = None
    speed: float | None = None
    daily: date | bool | None = None
    """``?daily``: True for today's deal, a date for a day's; None when not asked."""
    daily_ignored: bool = False
    """``?daily=`` named no date: ignored, and the person is told."""
    today: date | None = None
    """Today's date in UTC by the page's clock."""
    page_url: str = ""


def read_address(params: Mapping[str, str]) -> tuple[Address, list[str]]:
    """The address's ``seed``, ``level``, ``speed`` and ``daily``; a value out of range is
    ignored.

    Returns the warnings for the console: an address is typed or shared by
    people, so a bad value must not stop the game, only be reported.
    """
    daily, warnings = read_daily(params)
    seed = level = speed = None
    if "seed" in params:
        text = params["seed"].strip()
        if text.isascii() and text.isdigit() and len(text) <= 19 and int(text) <= MAX_SEED:
            seed = int(text)
        else:
            warnings.append(f"?seed={params['seed']!r} ignored: a whole number 0 to {MAX_SEED}")
    if "level" in params:
        if params["level"] in LEVELS:
            level = params["level"]
        else:
            warnings.append(f"?level={params['level']!r} ignored: one of {', '.join(LEVELS)}")
    if "speed" in params:
        try:
            value = float(params["speed"])
        except ValueError:
            value = math.nan
        low, high = SPEED_RANGE
        if value == 0 or low <= value <= high:
            speed = value
        else:
            warnings.append(f"?speed={params['speed']!r} ignored: 0, or {low} to {high}")
    if daily is not None and seed is not None:
        warnings.append("?seed= ignored: ?daily deals the day's game")
        seed = None
    ignored = "daily" in params and daily is None
    return Address(seed, level, speed, daily, daily_ignored=ignored), warnings


def start(stored: Stored, address: Address, languages: Sequence[str]) -> Transition:
    """The table the page opens with, and the effects to perform first."""
    progress, damaged = Progress.from_dict(stored.lessons)
    state, effects = _table(stored, address, languages, damaged)
    if address.level is not None:  # asked once (ONCE_ONLY): the person's setting from now on
        effects = [*effects, Save(settings=state.settings.to_dict())]
    state = replace(state, lessons=LessonDesk(progress))
    if _newcomer(state, progress):  # never forced: Play now is beside it
        # The computer waits for the answer: its first move (taking the face-up card...)
        # was made under the offer, and a newcomer missed it (update asks once it is answered).
        waiting = [e for e in effects if not isinstance(e, Think)]
        return replace(state, offer=True, thinking=False), [*waiting, Focus("learn")]
    lesson = progress.on_table()
    if lesson is None:
        return state, effects
    # A lesson was on the table at the reload: it opens again where it was; the person's
    # own game waits (its computer is asked again when the lesson closes).
    opened, more = lesson_update.open_lesson(state, lesson)
    return opened, [e for e in effects if not isinstance(e, Think)] + more


def _newcomer(state: TableState, progress: Progress) -> bool:
    """Whether to offer the lessons: to a person who has not answered the offer and has not
    played (no game under way, kept aside or finished on the table, none counted, no daily
    deal's result).  A page closed or reloaded under the offer shows it again: marked as made
    when it was shown, it was gone for good before the newcomer had read it.  A person who
    played before the lessons came has played by these signs, and plays on unasked."""
    played = state.in_progress or state.game.over or state.parked is not None
    played = played or state.stats.played or bool(state.daily_results.days)
    return not (progress.offered or played)


def _table(
    stored: Stored, address: Address, languages: Sequence[str], lessons_damaged: bool
) -> Transition:
    """The person's own table: their settings, statistics and saved game (or a new one)."""
    notices: list[Message] = []
    dropped = stored.dropped
    settings, discarded = Settings.from_dict(stored.settings)
    if discarded or "settings" in dropped:
        notices.append(Message(Notice.SETTINGS_RESET))
    if not settings.language:
        settings = replace(settings, language=pick_language(list(languages)))
    if address.level is not None:
        settings = settings.with_value("level", address.level)
    stats, damaged = Statistics.from_dict(stored.stats)
    if damaged or "stats" in dropped:
        notices.append(Message(Notice.STATS_DAMAGED))
    if lessons_damaged or "lessons" in dropped:
        notices.append(Message(Notice.LESSONS_DAMAGED))
    if stored.blocked:
        notices.append(Message(Notice.STORAGE_BLOCKED))

    results, results_damaged = DailyResults.from_dict(stored.daily)
    if results_damaged or "daily" in dropped:
        notices.append(Message(Notice.DAILY_DAMAGED))
    if address.daily_ignored:
        notices.append(Message(Notice.DAILY_ADDRESS))

    saved: SavedTable | None = None
    if stored.table is not None:
        try:
            saved = SavedTable.from_dict(stored.table)
        except ValueError:
            notices.append(Message(Notice.SAVE_UNREADABLE))
    elif "table" in dropped:  # not even JSON: said as a damaged game is, not as "some data"
        notices.append(Message(Notice.SAVE_UNREADABLE))
    daily_saved, daily_on_table = _daily_table(stored.daily_table, notices)
    if "daily-table" in dropped:
        notices.append(Message(Notice.DAILY_SAVE_UNREADABLE))

    speed = settings.speed if address.speed is None else address.speed
    base = TableState(
        game=Game(seed=0, rules=settings.rules),  # replaced: by the saved game or a new one
        level=settings.level,
        settings=settings,
        stats=stats,
        notices=tuple(notices),
        speed=speed,
        speed_fixed=address.speed is not None,
        daily_results=results,
        today=address.today,
        page_url=address.page_url,
    )
    asked = address.daily if isinstance(address.daily, date) else None
    if address.daily is True:
        asked = address.today
    if asked is not None or (daily_on_table and address.seed is None):
        return _daily_on_table(base, saved, daily_saved, asked)
    if daily_saved is not None and daily_saved.in_progress:
        base = replace(base, parked=daily_saved)
    return _own_on_table(base, saved, address.seed, stored.table is not None)


def _on_table(base: TableState, saved: SavedTable) -> TableState:
    """The start's table with a saved game on it (the first game of the page's life)."""
    return replace(base.with_game(saved.game, saved), game_number=base.game_number)


def _own_on_table(
    base: TableState, saved: SavedTable | None, seed: int | None, unreadable: bool
) -> Transition:
    """The person's own game on the table: the saved one, a shared link's or a new one."""
    if saved is None:
        state, effects = new_game(base, seed=seed)
        if unreadable:  # kept until the person plays on
            state = replace(state, keeps_unreadable=True)
            effects = [e for e in effects if not isinstance(e, Save) or e.table is None]
        return state, effects
    base = _on_table(base, saved)
    if seed is None or (seed == saved.game.seed and not saved.game.over):
        return resume(base)  # a finished game's seed deals its deals again (Replay)
    if base.in_progress:
        return resume(replace(base, question=Question.SEEDED_GAME, seeded=seed))
    return new_game(base, seed=seed)


def _daily_on_table(
    base: TableState, saved: SavedTable | None, daily: SavedTable | None, asked: date | None
) -> Transition:
    """A daily deal on the table: the one asked for, or the one left there.

    The person's own game is kept aside if it is unfinished.  A daily deal of
    another day that is unfinished is shown, and the person is asked before it
    is given up for the one asked for.
    """
    own = saved if saved is not None and saved.in_progress else None
    same_day = daily is not None and daily.daily is not None and daily.daily.day == asked
    if daily is not None and (asked is None or same_day):
        return resume(replace(_on_table(base, daily), parked=own))
    if daily is not None and daily.in_progress and asked is not None:
        shown = replace(_on_table(base, daily), parked=own)
        return resume(replace(shown, question=Question.REPLACE_DAILY, asked_daily=asked))
    assert asked is not None
    return start_daily(replace(base, parked=own), asked)


def _daily_table(record: object, notices: list[Message]) -> tuple[SavedTable | None, bool]:
    """The daily deal's saved table and whether it was left on the table."""
    if record is None:
        return None, False
    try:
        saved = SavedTable.from_dict(record)
    except ValueError:
        saved = None
    if saved is None or saved.daily is None:
        notices.append(Message(Notice.DAILY_SAVE_UNREADABLE))
        return None, False
    assert isinstance(record, Mapping)
    return saved, record.get("on_table") is True
