"""The page's drags (gin.web.drag) with stand-ins for the window and pointer events.

Every listener is a call into Python, some 0.85 ms a pointer move with the CPU 4x slower
(bench: 200 moves of a mouse over the table, 166 ms of the page's main thread against
3.7 ms once the moves were followed only during a press).  So the pointer's moves and
release are listened for from the press on and no longer once it ends; these tests hold
that, which the browser tests (which drag and click alike either way) cannot see.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

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


def press(on_card: bool, pointer: int = 1) -> SimpleNamespace:
    source = SimpleNamespace(dataset=SimpleNamespace(card="7H"))
    target = SimpleNamespace(closest=lambda selector: source if on_card else None)
    return SimpleNamespace(button=0, pointerId=pointer, clientX=10, clientY=20, target=target)


def wired() -> tuple[Drag, FakeWindow]:
    window = FakeWindow()
    document = SimpleNamespace(querySelectorAll=lambda selector: [])
    drag = Drag(document=document, dispatch=lambda intent: None)
    drag.wire(window, proxy=lambda method: method)
    return drag, window


def test_moves_are_followed_only_while_a_card_is_pressed() -> None:
    drag, window = wired()
    assert window.listening == {}
    drag.on_down(press(on_card=True))
    assert set(window.listening) == {"pointermove", "pointerup", "pointercancel"}
    drag.on_up(press(on_card=True))  # a tap: released where it was pressed
    assert window.listening == {}
    assert not drag.swallow_click()  # the click that follows a tap is the tap's


def test_a_press_beside_the_cards_listens_for_nothing_more() -> None:
    drag, window = wired()
    drag.on_down(press(on_card=False))
    assert window.listening == {}


def test_a_cancelled_press_stops_following_and_another_pointer_does_not_end_it() -> None:
    drag, window = wired()
    drag.on_down(press(on_card=True, pointer=1))
    drag.on_up(press(on_card=True, pointer=2))  # another finger
    assert "pointermove" in window.listening
    drag.on_cancel(press(on_card=True, pointer=1))
    assert window.listening == {}
    drag.on_cancel(press(on_card=True, pointer=1))  # a second cancel changes nothing
    assert window.listening == {}
