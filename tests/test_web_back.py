"""The browser's Back closes what is open before it leaves the page (gin.web.back)."""

from __future__ import annotations

from typing import Any

from gin.web.back import OPEN, BackButton


class History:
    """A browser's session history of one page: entries and where it stands; a step back or
    forward is a ``popstate`` that comes later, as in a browser."""

    def __init__(self, state: Any = None) -> None:
        self.entries: list[Any] = [state]
        self.at = 0
        self.steps: list[int] = []

    @property
    def state(self) -> Any:
        return self.entries[self.at]

    def pushState(self, state: Any, _title: str) -> None:  # noqa: N802
        del self.entries[self.at + 1 :]
        self.entries.append(state)
        self.at += 1

    def replaceState(self, state: Any, _title: str) -> None:  # noqa: N802
        self.entries[self.at] = state

    def back(self) -> None:
        self.steps.append(-1)

    def forward(self) -> None:
        self.steps.append(+1)

    def pop(self, button: BackButton, open_now: bool) -> None:
        """The browser takes the step asked for, then tells the page."""
        self.at += self.steps.pop(0)
        button.on_popstate(open_now)


def test_an_entry_of_its_own_while_something_is_open_and_back_closes_it() -> None:
    history, asked = History(), []
    button = BackButton(history, lambda: asked.append("back"))
    button.follow(open_now=False)
    assert history.entries == [None]
    button.follow(open_now=True)  # a panel opened
    button.follow(open_now=True)  # another drawing: still one entry
    assert history.entries == [None, OPEN] and history.at == 1
    history.back()  # the person's Back
    history.pop(button, open_now=True)
    assert asked == ["back"] and history.at == 0  # the page stays; the panel is closed
    button.follow(open_now=False)  # the drawing after it
    assert history.at == 0 and not history.steps and not button.leaving


def test_back_over_two_things_open_closes_one_at_a_time() -> None:
    history, asked = History(), []
    button = BackButton(history, lambda: asked.append("back"))
    button.follow(open_now=True)  # a lesson
    history.back()
    history.pop(button, open_now=True)
    button.follow(open_now=True)  # a panel over it was closed: the lesson is still open
    assert history.entries[history.at] == OPEN and asked == ["back"]


def test_what_closes_otherwise_takes_its_entry_off_and_waits_for_it() -> None:
    """The Close button or Escape: the entry is taken off, so that the next Back leaves the
    page; until the browser has done it, the page says it is busy (``leaving``)."""
    history, asked = History(), []
    button = BackButton(history, lambda: asked.append("back"))
    button.follow(open_now=True)
    button.follow(open_now=False)
    assert button.leaving and history.steps == [-1]
    button.follow(open_now=True)  # opened again before the browser stepped back: wait
    assert len(history.entries) == 2 and history.steps == [-1]
    history.pop(button, open_now=True)
    assert not button.leaving and asked == []  # our own step, not the person's Back
    assert history.entries[history.at] == OPEN  # in step again: open, with its entry


def test_forward_into_its_entry_with_nothing_open_steps_back_off_it() -> None:
    history, asked = History(), []
    button = BackButton(history, lambda: asked.append("back"))
    button.follow(open_now=True)
    history.back()
    history.pop(button, open_now=True)
    button.follow(open_now=False)
    history.forward()
    history.pop(button, open_now=False)
    assert button.leaving and history.steps == [-1] and asked == ["back"]  # the first Back


def test_a_reload_on_its_entry_with_nothing_open_makes_it_the_page_s_own() -> None:
    history = History()
    history.pushState(OPEN, "")
    button = BackButton(history, lambda: None)
    button.start(open_now=False)
    assert history.state is None and not history.steps
    reopened = History()
    reopened.pushState(OPEN, "")
    BackButton(reopened, lambda: None).start(open_now=True)  # a lesson, restored
    assert reopened.state == OPEN
