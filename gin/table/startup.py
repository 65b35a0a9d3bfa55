"""Opening the table: what the page found in storage and in its address, turned into a state.

Pure, like the update: the page reads its storage and address, hands the raw
values here, and performs the effects it gets back.  A stored value that
cannot be used is dropped with a notice; a saved game that cannot be read is
explained, and is not overwritten until the person plays on; a shared game
link (``?seed=``) resumes the saved game when it is the same game and asks
before replacing one in progress.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from gin.game import MAX_SEED, Game
from gin.i18n import pick_language
from gin.table.effects import Save
from gin.table.messages import Message, Notice
from gin.table.settings import LEVELS, Settings
from gin.table.state import Question, SavedTable, TableState
from gin.table.stats import Statistics
from gin.table.update import Transition, new_game, resume

SPEED_RANGE = (0.25, 4.0)
"""Address speeds accepted besides 0 (no animation): slower would stall the computer's turn."""


@dataclass(frozen=True)
class Stored:
    """The page's stored records, parsed from JSON (None where nothing is stored)."""

    settings: object = None
    stats: object = None
    table: object = None
    dropped: bool = False
    """A stored value was unreadable (too long, too deep, not JSON) and has been removed."""
    blocked: bool = False
    """The browser does not let the page store anything."""


@dataclass(frozen=True)
class Address:
    """What the page's address asks for, already checked: None where it asks nothing."""

    seed: int | None = None
    level: str | None = None
    speed: float | None = None


def read_address(params: Mapping[str, str]) -> tuple[Address, list[str]]:
    """The address's ``seed``, ``level`` and ``speed``; a value out of range is ignored.

    Returns the warnings for the console: an address is typed or shared by
    people, so a bad value must not stop the game, only be reported.
    """
    warnings: list[str] = []
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
    return Address(seed, level, speed), warnings


def start(stored: Stored, address: Address, languages: Sequence[str]) -> Transition:
    """The table the page opens with, and the effects to perform first."""
    notices: list[Message] = []
    settings, discarded = Settings.from_dict(stored.settings)
    if discarded:
        notices.append(Message(Notice.SETTINGS_RESET))
    if not settings.language:
        settings = replace(settings, language=pick_language(list(languages)))
    if address.level is not None:
        settings = settings.with_value("level", address.level)
    stats, damaged = Statistics.from_dict(stored.stats)
    if damaged:
        notices.append(Message(Notice.STATS_DAMAGED))
    if stored.dropped:
        notices.append(Message(Notice.STORED_VALUE_DROPPED))
    if stored.blocked:
        notices.append(Message(Notice.STORAGE_BLOCKED))

    saved: SavedTable | None = None
    if stored.table is not None:
        try:
            saved = SavedTable.from_dict(stored.table)
        except ValueError:
            notices.append(Message(Notice.SAVE_UNREADABLE))

    speed = settings.speed if address.speed is None else address.speed
    base = TableState(
        game=Game(seed=0, rules=settings.rules),  # replaced: by the saved game or a new one
        level=settings.level,
        settings=settings,
        stats=stats,
        notices=tuple(notices),
        speed=speed,
        speed_fixed=address.speed is not None,
    )
    if saved is not None:
        base = replace(base.with_game(saved.game, saved), game_number=base.game_number)
    if saved is None:
        state, effects = new_game(base, seed=address.seed)
        if stored.table is not None:  # unreadable: kept until the person plays on
            effects = [e for e in effects if not isinstance(e, Save)]
        return state, effects
    if address.seed is None or address.seed == saved.game.seed:
        return resume(base)
    if base.in_progress:
        return resume(replace(base, question=Question.SEEDED_GAME, seeded=address.seed))
    return new_game(base, seed=address.seed)
