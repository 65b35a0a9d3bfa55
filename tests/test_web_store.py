"""The page's storage wrapper (gin.web.store) with a stand-in for the browser's window.

The module touches nothing but ``window.localStorage``, ``window.location`` and
``window.console``, so CPython can drive it: scoped keys, the first release's
keys moved once, unreadable values removed, and the check that tells a tab it
missed another tab's writes.
"""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from gin.table.effects import Save
from gin.web.store import FOLLOWED, Store


class FakeStorage:
    """localStorage: strings by key; ``full`` makes every write fail as a full quota does."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items = dict(items or {})
        self.full = False

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the browser's name)
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if self.full:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


def window(storage: FakeStorage, path: str = "/gin-rummy/index.html") -> Any:
    warnings: list[str] = []
    return SimpleNamespace(
        localStorage=storage,
        location=SimpleNamespace(pathname=path),
        console=SimpleNamespace(warn=warnings.append, warnings=warnings),
    )


def test_keys_are_scoped_by_the_apps_folder_and_old_keys_move_once() -> None:
    storage = FakeStorage({"gin-rummy/settings": '{"sound": false}'})
    first = Store(window(storage))
    assert first.keys["table"] == "gin-rummy@/gin-rummy/table"
    assert first.load().settings == {"sound": False}
    assert storage.items == {"gin-rummy@/gin-rummy/settings": '{"sound": false}'}
    other = Store(window(storage, "/gin-beta/"))
    assert other.load().settings is None  # another copy on the origin: nothing of the first


def test_an_unreadable_value_is_removed_and_reported() -> None:
    storage = FakeStorage({"gin-rummy@/table": "[" * 10_000 + "]" * 10_000})
    store = Store(window(storage, "/"))
    loaded = store.load()
    assert loaded.dropped and loaded.table is None
    assert "gin-rummy@/table" not in storage.items
    assert store.missed() is None, "a value removed at start is not another tab's write"


def test_a_full_storage_refuses_the_save_and_later_takes_it() -> None:
    storage = FakeStorage()
    store = Store(window(storage, "/"))
    store.load()
    storage.full = True
    assert store.save(Save(table={"n": 1})) is False
    storage.full = False
    assert store.save(Save(table={"n": 2})) is True
    assert json.loads(storage.items["gin-rummy@/table"]) == {"n": 2}


def test_blocked_storage_is_known_and_never_raises() -> None:
    class Blocked:
        @property
        def localStorage(self) -> Any:  # noqa: N802
            raise RuntimeError("SecurityError")

        location = SimpleNamespace(pathname="/")
        console = SimpleNamespace(warn=print)

    store = Store(Blocked())
    assert store.blocked and store.load().blocked
    assert store.save(Save(table={"n": 1})) is True  # nothing to store: the page said so
    assert store.missed() is None


def test_writes_of_another_tab_are_reported_once() -> None:
    storage = FakeStorage()
    store = Store(window(storage, "/"))
    store.load()
    store.save(Save(table={"mine": 1}, stats={"version": 1}))
    assert store.missed() is None, "its own writes are not news"
    storage.items["gin-rummy@/table"] = json.dumps({"theirs": 2})  # another tab
    assert store.missed() == {"table": {"theirs": 2}}
    assert store.missed() is None, "reported once"
    del storage.items["gin-rummy@/stats"]
    assert store.missed() == {"stats": None}


def test_another_tab_s_settings_and_lessons_are_followed() -> None:
    """Each tab stores its whole settings and lessons' records: they are followed, or one
    tab's save would undo the other's change."""
    storage = FakeStorage()
    store = Store(window(storage, "/"))
    store.load()
    storage.items["gin-rummy@/settings"] = json.dumps({"four_colour": True})
    storage.items["gin-rummy@/lessons"] = json.dumps({"format": "gin-rummy-lessons"})
    assert store.missed() == {
        "settings": {"four_colour": True},
        "lessons": {"format": "gin-rummy-lessons"},
    }
    assert store.which("gin-rummy@/settings") in FOLLOWED
