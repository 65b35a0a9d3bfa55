"""The browser's storage for one copy of the game: scoped keys, safe reads, saves that never stall.

Reading: every value is checked by :func:`gin.table.storage.parse_stored`
before it is parsed, and one that fails is removed (it would fail at every
reload).  Writing: a full or blocked storage raises in the browser; the
game goes on in memory and the table says so once.  The first release kept
its keys unscoped on the origin; they move once to this copy's keys.
"""

from __future__ import annotations

import json
from typing import Any

from gin.table.effects import Save
from gin.table.startup import Stored
from gin.table.storage import LEGACY_KEYS, Unreadable, parse_stored, storage_prefix

RECORDS = ("table", "settings", "stats", "daily-table", "daily", "lessons")
"""The records of one copy: the person's own game, settings, statistics, a daily deal's game,
the kept daily results and the lessons' progress (each under its own key)."""
FOLLOWED = ("table", "stats", "daily", "settings", "lessons")
"""The records another tab's writes are followed in (a daily deal's game is one tab's).  Each
tab stores its whole settings and lessons' records: one that did not follow another's change
would undo it with its next save."""


class Store:
    def __init__(self, window: Any) -> None:
        self.window = window
        prefix = storage_prefix(str(window.location.pathname))
        self.keys = {name: f"{prefix}{name}" for name in RECORDS}
        self._seen: dict[str, str | None] = {}
        """Each record's text as this tab last read, wrote or heard it."""
        self._storage: Any = None
        try:
            self._storage = window.localStorage
            self._storage.getItem(self.keys["settings"])
        except Exception:  # SecurityError: site data blocked
            self._storage = None

    @property
    def blocked(self) -> bool:
        return self._storage is None

    def which(self, key: str) -> str:
        """The record a storage key holds ("" if it is none of this copy's)."""
        return next((name for name, own in self.keys.items() if own == key), "")

    def parse(self, text: Any) -> object:
        """A value another tab stored (None if it is unusable or was removed)."""
        try:
            return parse_stored(None if text is None else str(text))
        except Unreadable:
            return None

    def missed(self) -> dict[str, object] | None:
        """The records another tab stored unheard (None if there are none).

        A tab frozen in the background, or brought back from the back-forward
        cache, hears none of the storage events of that time: it compares the
        stored records with the ones it last knew before it acts on them.
        """
        if self._storage is None:
            return None
        changed: dict[str, object] = {}
        for name in FOLLOWED:
            text = self._get(self.keys[name])
            if text != self._seen.get(name):
                self._seen[name] = text
                changed[name] = self.parse(text)
        return changed or None

    def load(self) -> Stored:
        if self._storage is None:
            return Stored(blocked=True)
        self._move_legacy_keys()
        values: dict[str, object] = {}
        dropped: set[str] = set()
        for name, key in self.keys.items():
            text = self._get(key)
            self._seen[name] = text
            try:
                values[name] = parse_stored(text)
            except Unreadable as error:
                self.window.console.warn(f"{key}: {error}; removed")
                self._remove(key)
                self._seen[name] = None
                dropped.add(name)
        return Stored(
            settings=values.get("settings"),
            stats=values.get("stats"),
            table=values.get("table"),
            daily_table=values.get("daily-table"),
            daily=values.get("daily"),
            lessons=values.get("lessons"),
            dropped=frozenset(dropped),
        )

    def save(self, effect: Save) -> bool:
        """Store the records an effect carries; False if the browser refused (storage full)."""
        if self._storage is None:
            return True  # the person was told at start that nothing is stored
        ok = True
        for name in effect.forget:
            self._remove(self.keys[name])
            self._seen.pop(name, None)
        for name, record in (
            ("table", effect.table),
            ("settings", effect.settings),
            ("stats", effect.stats),
            ("daily-table", effect.daily_table),
            ("daily", effect.daily),
            ("lessons", effect.lessons),
        ):
            if record is None:
                continue
            text = json.dumps(record)
            try:
                self._storage.setItem(self.keys[name], text)
                self._seen[name] = text
            except Exception as error:  # QuotaExceededError
                self.window.console.warn(f"could not store {name}: {error}")
                ok = False
        return ok

    def _get(self, key: str) -> str | None:
        assert self._storage is not None
        text = self._storage.getItem(key)
        return str(text) if text else None

    def _remove(self, key: str) -> None:
        try:
            self._storage.removeItem(key)
        except Exception as error:
            self.window.console.warn(f"could not remove {key}: {error}")

    def _move_legacy_keys(self) -> None:
        """Move the first release's unscoped records to this copy's keys, once."""
        for name, legacy in LEGACY_KEYS.items():
            text = self._get(legacy)
            if text is None:
                continue
            if self._get(self.keys[name]) is None:
                try:
                    self._storage.setItem(self.keys[name], text)
                except Exception as error:
                    self.window.console.warn(f"could not move {legacy}: {error}")
                    continue
            self._remove(legacy)
