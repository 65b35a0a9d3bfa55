"""The page's drags (gin.web.drag) with stand-ins for the window, the page and pointer events.

Every listener is a call into Python, some 0.85 ms a pointer move with the CPU 4x slower
(bench: 200 moves of a mouse over the table, 166 ms of the page's main thread against
3.7 ms once the moves were followed only during a press).  A press is followed by the page
itself (``followPresses`` in static/js/table-dom.mjs) until it becomes a drag; from then on
the pointer's moves and release are listened for in Python, and no longer once the drag ends.
These tests hold that, which the browser tests (which drag and click alike either way)
cannot see; the browser tests drag, tap and click on the real page.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from gin.table.intents import Intent
from gin.web.drag import Drag


class FakeWindow:
    """Records the listeners added and removed."""

    def __init__(self) -> None:
        self.listening: dict[str, Any] = {}

    def addEventListener(self, name: str, listener: Any) -> None:  # noqa: N802 (the DOM's)
        self.listening[name] = listener

    def removeEventListener(self, name: str, listener: Any) -> None:  # noqa: N802
        if self.listening.get(name) is listener:
            del self.listening[name]


ELEMENTS: list[FakeElement] = []


def by_class(selector: str) -> list[FakeElement]:
    """``querySelectorAll`` of a class (``.dragging``); nothing else is looked for here."""
    name = selector[1:] if selector.startswith(".") else None
    return [element for element in ELEMENTS if name in element.classes]


class FakeElement:
    """Just enough of an element for a card to be lifted, followed and dropped nowhere."""

    def __init__(self) -> None:
        ELEMENTS.append(self)
        self.dataset = SimpleNamespace(card="7H")
        self.style = SimpleNamespace(transform="")
        self.classes: set[str] = set()
        self.classList = SimpleNamespace(add=self.classes.add, remove=self.classes.discard)
        self.removed = False

    def closest(self, selector: str) -> FakeElement | None:
        return self if "hand" in selector else None

    def querySelector(self, selector: str) -> None:  # noqa: N802
        return None

    def getBoundingClientRect(self) -> SimpleNamespace:  # noqa: N802
        return SimpleNamespace(left=5, top=6, width=50, height=70)

    def cloneNode(self, deep: bool) -> FakeElement:  # noqa: N802
        return FakeElement()

    def removeAttribute(self, name: str) -> None:  # noqa: N802
        pass

    def remove(self) -> None:
        self.removed = True


def pointer(pointer_id: int = 1, x: float = 40, y: float = 20) -> SimpleNamespace:
    return SimpleNamespace(pointerId=pointer_id, clientX=x, clientY=y, preventDefault=lambda: None)


def wired() -> tuple[Drag, FakeWindow, list[str], list[Intent]]:
    window = FakeWindow()
    ghosts: list[Any] = []
    document = SimpleNamespace(
        querySelectorAll=by_class,
        elementFromPoint=lambda x, y: None,
        body=SimpleNamespace(appendChild=ghosts.append),
    )
    swallowed: list[str] = []
    dropped: list[Intent] = []
    drag = Drag(document, dropped.append, lambda: swallowed.append("click"))
    drag.wire(window, proxy=lambda method: method)
    return drag, window, swallowed, dropped


def test_moves_are_followed_only_while_a_drag_lasts() -> None:
    drag, window, swallowed, _ = wired()
    assert window.listening == {}, "a press, or a tap, is the page's alone"
    card = FakeElement()
    drag.begin(card, 10, 20, pointer(x=40))
    assert set(window.listening) == {"pointermove", "pointerup", "pointercancel"}
    assert "dragging" in card.classes
    drag.on_up(pointer())
    assert window.listening == {}
    assert "dragging" not in card.classes
    assert swallowed == ["click"], "the click after a drop is not a tap"


def test_another_finger_neither_ends_the_drag_nor_starts_another() -> None:
    drag, window, swallowed, _ = wired()
    drag.begin(FakeElement(), 10, 20, pointer(pointer_id=1))
    drag.begin(FakeElement(), 10, 20, pointer(pointer_id=2))  # a second finger's drag
    drag.on_up(pointer(pointer_id=2))
    assert "pointermove" in window.listening
    assert swallowed == []
    drag.on_cancel(pointer(pointer_id=1))
    assert window.listening == {}
    drag.on_cancel(pointer(pointer_id=1))  # a second cancel changes nothing
    assert window.listening == {}
    assert swallowed == [], "a cancelled drag sends no click"


def test_the_ghost_follows_the_pointer_from_where_it_was_pressed() -> None:
    drag, _, _, dropped = wired()
    drag.begin(FakeElement(), 10, 20, pointer(x=40, y=26))
    ghost = drag._ghost
    assert ghost is not None
    assert ghost.style.transform == "translate(30px, 6px) rotate(3deg)"
    drag.on_move(pointer(x=12, y=20))
    assert ghost.style.transform == "translate(2px, 0px) rotate(3deg)"
    drag.on_up(pointer(x=12, y=20))
    assert ghost.removed
    assert dropped == [], "dropped over nothing: no move is asked for"
