"""The player's settings: the rules of their next game and how the table looks and sounds.

Settings are validated field by field whenever they are read back, since stored
data is never trusted: a value that is not valid is dropped (and named), the
rest is kept.  Both the stored form of the first release (rule options as
flat fields) and today's (a ``rules`` object) are read, so an upgrade never
resets a player's choices.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any

from gin.i18n import LANGUAGES
from gin.rules import MAX_TARGET, Rules

LEVELS = ("easy", "normal", "hard")
"""The AI levels a person may choose (the yardstick bot "simple" is not offered)."""
SPEEDS = (0.0, 0.5, 1.0, 2.0)
"""Animation speeds offered: 0 shows the computer's moves without delay or motion."""
RULE_OPTIONS = ("game_bonus", "line_bonus", "shutout_bonus", "target")
"""The rules a player may change (each starts a new game); the knock limit is fixed."""


class SortMode(StrEnum):
    """How the person's hand is ordered when they have not dragged it into their own order."""

    MELDS = "melds"
    RANK = "rank"
    SUIT = "suit"


class CardSize(StrEnum):
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"


@dataclass(frozen=True)
class Settings:
    rules: Rules = Rules()
    level: str = "normal"
    speed: float = 1.0
    sound: bool = True
    four_colour: bool = False
    card_size: CardSize = CardSize.MEDIUM
    beginner_aid: bool = False
    """Light up the melds the face-up card would complete, in the draw phase."""
    sort: SortMode = SortMode.MELDS
    language: str = ""
    """Empty until the person picks one: the browser's language is used."""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        data["rules"] = self.rules.to_dict()
        return data

    def with_value(self, name: str, raw: object) -> Settings:
        """A copy with one setting changed from a form or stored value; ValueError if invalid.

        The rule options are settings by their own names (``target``, ``game_bonus``...).
        """
        if name in RULE_OPTIONS:
            changes: dict[str, Any] = {name: _parse_rule(name, raw)}
            return replace(self, rules=replace(self.rules, **changes))
        if name not in _PARSERS:
            raise ValueError(f"unknown setting {name!r}")
        return replace(self, **{name: _PARSERS[name](name, raw)})

    @classmethod
    def from_dict(cls, data: object) -> tuple[Settings, list[str]]:
        """Settings from stored data, keeping each valid value; the names of any discarded."""
        if not isinstance(data, Mapping):
            return cls(), [] if data is None else ["settings"]
        settings = cls()
        discarded: list[str] = []
        items = list(data.items())
        rules = data.get("rules")
        if isinstance(rules, Mapping):
            items = [(k, v) for k, v in items if k != "rules"] + list(rules.items())
        elif "rules" in data:
            items = [(k, v) for k, v in items if k != "rules"]
            discarded.append("rules")
        for name, raw in items:
            if name == "knock_limit" and raw == Rules().knock_limit:
                continue  # stored with the rules, not an option
            try:
                settings = settings.with_value(str(name), raw)
            except ValueError:
                discarded.append(str(name))
        return settings, discarded


def _parse_rule(name: str, raw: object) -> bool | int:
    if name == "target":
        if isinstance(raw, bool):
            raise ValueError("the target must be a number")
        try:
            target = int(str(raw))
        except ValueError:
            raise ValueError("the target must be a whole number") from None
        if not 1 <= target <= MAX_TARGET:
            raise ValueError(f"the target must be from 1 to {MAX_TARGET}")
        return target
    return _parse_flag(name, raw)


def _parse_flag(name: str, raw: object) -> bool:
    if isinstance(raw, bool):
        return raw
    if raw in ("true", "false"):
        return raw == "true"
    raise ValueError(f"{name} must be true or false")


def _parse_choice(choices: tuple[object, ...]) -> Any:
    def parse(name: str, raw: object) -> object:
        if not isinstance(raw, str) or raw not in choices:
            raise ValueError(f"{name}: {raw!r} is not a choice")
        return raw

    return parse


def _parse_enum(kind: type[StrEnum]) -> Any:
    def parse(name: str, raw: object) -> StrEnum:
        try:
            if not isinstance(raw, str):
                raise ValueError
            return kind(raw)
        except ValueError:
            raise ValueError(f"{name}: {raw!r} is not a choice") from None

    return parse


def _parse_speed(name: str, raw: object) -> float:
    if isinstance(raw, bool):
        raise ValueError("the speed must be a number")
    try:
        speed = float(str(raw))
    except ValueError:
        raise ValueError("the speed must be a number") from None
    if speed not in SPEEDS:
        raise ValueError("not an offered speed")
    return speed


_PARSERS: dict[str, Any] = {
    "level": _parse_choice(LEVELS),
    "speed": _parse_speed,
    "sound": _parse_flag,
    "four_colour": _parse_flag,
    "card_size": _parse_enum(CardSize),
    "beginner_aid": _parse_flag,
    "sort": _parse_enum(SortMode),
    "language": _parse_choice(("", *LANGUAGES)),
}

SETTING_NAMES = frozenset(RULE_OPTIONS) | frozenset(_PARSERS)
"""Every setting's name, as its field in the Settings panel and a refusal's target name it."""
