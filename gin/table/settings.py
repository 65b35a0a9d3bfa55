"""The player's settings: validated on every read, since stored data is never trusted."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from gin.i18n import LANGUAGES
from gin.rules import MAX_TARGET, Rules

LEVELS = ("easy", "normal", "hard")
"""The AI levels a person may choose (the yardstick bot "simple" is not offered)."""
SORT_MODES = ("melds", "rank", "suit")
SPEEDS = (0.0, 0.5, 1.0, 2.0)
"""Animation speeds offered: 0 shows the computer's moves without delay."""
RULE_FIELDS = ("game_bonus", "line_bonus", "shutout_bonus", "target")
"""Settings that change the rules: changing one starts a new game."""


@dataclass(frozen=True)
class Settings:
    level: str = "normal"
    game_bonus: bool = False
    line_bonus: bool = False
    shutout_bonus: bool = False
    target: int = 100
    speed: float = 1.0
    sound: bool = True
    four_colour: bool = False
    sort: str = "melds"
    language: str = ""
    """Empty until the person picks one: the browser's language is used."""

    def rules(self) -> Rules:
        return Rules(
            game_bonus=self.game_bonus,
            line_bonus=self.line_bonus,
            shutout_bonus=self.shutout_bonus,
            target=self.target,
        )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def changes_rules(self, other: Settings) -> bool:
        return any(getattr(self, name) != getattr(other, name) for name in RULE_FIELDS)

    def with_value(self, name: str, raw: object) -> Settings:
        """A copy with one setting changed from a form value; ValueError if it is not valid."""
        changes: dict[str, Any] = {name: _parse(name, raw)}
        return replace(self, **changes)

    @classmethod
    def from_dict(cls, data: object) -> tuple[Settings, list[str]]:
        """Settings from stored data, keeping each valid value; the names of any discarded."""
        if not isinstance(data, Mapping):
            return cls(), [] if data is None else ["settings"]
        settings = cls()
        discarded: list[str] = []
        for name, raw in data.items():
            try:
                settings = settings.with_value(str(name), raw)
            except ValueError:
                discarded.append(str(name))
        return settings, discarded


_NAMES = {field.name for field in fields(Settings)}
_CHOICES: dict[str, tuple[object, ...]] = {
    "level": LEVELS,
    "sort": SORT_MODES,
    "language": ("", *LANGUAGES),
}


def _parse(name: str, raw: object) -> object:
    """One setting's value from JSON or a form (``"true"``, ``"150"``), checked."""
    if name not in _NAMES:
        raise ValueError(f"unknown setting {name!r}")
    if name in _CHOICES:
        if raw not in _CHOICES[name]:
            raise ValueError(f"{name}: {raw!r} is not a choice")
        return raw
    if name in ("game_bonus", "line_bonus", "shutout_bonus", "sound", "four_colour"):
        if isinstance(raw, bool):
            return raw
        if raw in ("true", "false"):
            return raw == "true"
        raise ValueError(f"{name} must be true or false")
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
    # speed
    try:
        speed = float(str(raw))
    except ValueError:
        raise ValueError("the speed must be a number") from None
    if speed not in SPEEDS:
        raise ValueError("not an offered speed")
    return speed
