"""The rules a game is played by, as data: ruleset 1.0.0's constants and the player's options.

Every module that needs a rule's number reads it here (or from a game's
:class:`Rules`), so the engine, the showdown, the AI and the rules page can
never disagree about, say, the knock limit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, TypeGuard

from gin.cards import shown

RULESET_VERSION = "1.0.0"
HAND_SIZE = 10
KNOCK_LIMIT = 10
"""Ruleset 1.0.0's knock limit: a knock needs this much deadwood or less."""
GIN_BONUS = 25
UNDERCUT_BONUS = 25
GAME_BONUS = 100
LINE_BONUS = 25
DEFAULT_TARGET = 100
MAX_TARGET = 10_000
DEAD_HAND_STOCK = 2
"""A discard without a knock that leaves this many stock cards or fewer ends the hand dead."""


@dataclass(frozen=True)
class Rules:
    """The rules of one game: the optional game bonuses, the target and the knock limit.

    The defaults are ruleset 1.0.0.  The knock limit is data rather than a
    constant so that every part of the game reads the same number from the
    game it is looking at; the settings do not offer to change it.
    """

    game_bonus: bool = False
    line_bonus: bool = False
    shutout_bonus: bool = False
    target: int = DEFAULT_TARGET
    knock_limit: int = KNOCK_LIMIT

    def __post_init__(self) -> None:
        for name in ("game_bonus", "line_bonus", "shutout_bonus"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"rule {name} must be true or false")
        if not is_whole_number(self.target) or not 1 <= self.target <= MAX_TARGET:
            raise ValueError(f"the target score must be a whole number from 1 to {MAX_TARGET}")
        if not is_whole_number(self.knock_limit) or not 0 <= self.knock_limit <= KNOCK_LIMIT:
            raise ValueError(f"the knock limit must be a whole number from 0 to {KNOCK_LIMIT}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Rules from a record; a rule the record leaves out keeps its 1.0.0 default."""
        if not isinstance(data, Mapping):
            raise ValueError("rules must be an object")
        unknown = [name for name in data if name not in _RULE_NAMES]
        if unknown:
            raise ValueError(f"unknown rule(s): {', '.join(shown(name) for name in unknown)}")
        return cls(**data)


_RULE_NAMES = {field.name for field in fields(Rules)}


def is_whole_number(value: object) -> TypeGuard[int]:
    """An int that is not a bool (True is not 1 point, 2.0 is not a target)."""
    return isinstance(value, int) and not isinstance(value, bool)


def checked_seat(value: object, what: str) -> int:
    """A seat number, 0 or 1; anything else (True, 0.0, "1") is a ValueError."""
    if is_whole_number(value) and value in (0, 1):
        return value
    raise ValueError(f"{what} must be seat 0 or 1, not {shown(value)}")
