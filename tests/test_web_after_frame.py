"""Effects that change nothing a frame shows are performed after it (gin.web.app), in order."""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from typing import Any

import pytest

from gin.table import effects as fx
from gin.table.effects import Sound
from gin.web.app import TableApp
from gin.web.back import BackButton

DRAW, DISCARD, KNOCK = Sound.DRAW, Sound.DISCARD, Sound.KNOCK


class Page:
    """The little of the page that :meth:`TableApp.perform_after_frame` touches."""

    def __init__(self) -> None:
        self.hidden = False
        self.body = types.SimpleNamespace(dataset=types.SimpleNamespace(busy="false"))
        self.timers: list[Callable[[], None]] = []
        self.performance = types.SimpleNamespace(now=lambda: 0.0)
        self.measures: list[str] = []

    def setTimeout(self, callback: Callable[[], None], _ms: int) -> None:  # noqa: N802
        self.timers.append(callback)

    def timings(self, json_text: str) -> None:
        self.measures.append(json_text)

    def run_timers(self) -> None:
        timers, self.timers = self.timers, []
        for callback in timers:
            callback()


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Page:
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_once_callable = lambda function: function  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    return Page()


def table_app(page: Page, performed: list[Any]) -> TableApp:
    app = object.__new__(TableApp)
    app.document = page
    app.window = page
    app.dom = page
    app._busy = "false"
    app._after_frame = []
    app._pending = None
    app._heard_while_saving = False
    app.back = BackButton(types.SimpleNamespace(state=None), lambda: None)
    app.perform = performed.extend  # type: ignore[method-assign]
    return app


def test_effects_wait_for_the_next_task_and_the_page_says_it_is_busy_meanwhile(
    page: Page,
) -> None:
    performed: list[Any] = []
    app = table_app(page, performed)
    first = [fx.PlaySound(DISCARD), fx.PlaySound(DRAW)]
    app.perform_after_frame(first)
    assert performed == [] and page.body.dataset.busy == "true"
    app.perform_after_frame([fx.PlaySound(KNOCK)])  # another drawing before that task
    assert len(page.timers) == 1
    page.run_timers()
    assert performed == [*first, fx.PlaySound(KNOCK)]
    assert page.body.dataset.busy == "false"  # as the table was last drawn
    assert page.measures  # timed as gin:effects


def test_a_hidden_page_performs_them_at_once_after_those_that_waited(page: Page) -> None:
    performed: list[Any] = []
    app = table_app(page, performed)
    app.perform_after_frame([fx.PlaySound(DRAW)])
    page.hidden = True
    app.perform_after_frame([fx.PlaySound(KNOCK)])
    assert performed == [fx.PlaySound(DRAW), fx.PlaySound(KNOCK)]
    page.run_timers()  # the task asked for earlier finds nothing left
    assert performed == [fx.PlaySound(DRAW), fx.PlaySound(KNOCK)]


def test_a_drawing_without_effects_keeps_the_page_busy_while_others_wait(page: Page) -> None:
    performed: list[Any] = []
    app = table_app(page, performed)
    app.perform_after_frame([fx.PlaySound(DRAW)])
    page.body.dataset.busy = "false"  # a drawing painted the table's own flag
    app.perform_after_frame([])
    assert page.body.dataset.busy == "true"
    page.run_timers()
    assert performed == [fx.PlaySound(DRAW)] and page.body.dataset.busy == "false"


class StorageEvent:
    key = "gin-rummy@/table"


def test_another_tab_s_write_is_followed_only_once_this_tab_s_move_is_saved(
    page: Page,
) -> None:
    """Two tabs that moved at once: had this one followed the other's record before saving,
    its save would store the move it had just left, and the two tabs would swap games."""
    performed: list[Any] = []
    app = table_app(page, performed)
    followed: list[list[Any]] = []
    app.catch_up = lambda: followed.append(list(performed)) or False  # type: ignore[method-assign]
    app.store = types.SimpleNamespace(which=lambda key: key.split("/")[-1])  # type: ignore[assignment]
    save = fx.Save(table={"mine": 1})
    app.perform_after_frame([save])
    app.on_stored(StorageEvent())
    assert followed == [], "not before its own save"
    page.run_timers()
    assert followed == [[save]], "what is stored once it saved"
    app.on_stored(StorageEvent())  # nothing waits now: at once
    assert followed == [[save], [save]]
