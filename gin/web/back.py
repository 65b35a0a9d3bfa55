"""The browser's Back closes what is open on the table before it leaves the page.

A phone's back gesture is how people close things: with a panel or a lesson open it left
the game (a play-tester's report).  So while the table has something open that Back closes
(:attr:`gin.table.state.TableState.back_closes`), the page keeps one entry of its own on top
of its history; Back takes the browser to the entry below, in the same page, whose
``popstate`` becomes :class:`gin.table.intents.GoBack`.  What is closed otherwise (its Close
button, Escape) takes its entry back off, so that the next Back leaves the page at once.

The history is the page's, not the table's: this module only keeps it in step with the state,
after each drawing (:meth:`BackButton.follow`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

OPEN = "gin-rummy:open"
"""The state of the page's own history entry, kept while something Back closes is open."""


class BackButton:
    """One page's history entry for what is open on its table."""

    def __init__(self, history: Any, go_back: Callable[[], None]) -> None:
        self.history = history
        self.go_back = go_back
        self.on_ours = False
        """The page stands on its own entry: kept here, since a read of the history at every
        drawing would be one more crossing into the page (:meth:`follow` runs at each)."""
        self.leaving = False
        """The page took its entry back off (``history.back()``) and its ``popstate`` has not
        come yet: the page says it is busy meanwhile, so that nothing navigates in between."""

    def _read(self) -> bool:
        self.on_ours = str(self.history.state) == OPEN
        return self.on_ours

    def start(self, open_now: bool) -> None:
        """At load: an entry of ours left current by a reload, with nothing open now, becomes
        the page's own (going back from it would load the page again)."""
        if self._read() and not open_now:
            self.history.replaceState(None, "")
            self.on_ours = False

    def follow(self, open_now: bool) -> None:
        """After a drawing: an entry of ours on top while something is open, none when not."""
        if self.leaving:
            return
        if open_now and not self.on_ours:
            self.history.pushState(OPEN, "")
            self.on_ours = True
        elif self.on_ours and not open_now:
            self.leaving = True
            self.history.back()

    def on_popstate(self, open_now: bool) -> None:
        """The browser moved in the page's history: Back from our entry closes what is open
        (:class:`gin.table.intents.GoBack`, whose drawing calls :meth:`follow`, which adds the
        entry again if more is open); Forward into it with nothing open takes it off again."""
        ours = self._read()
        if self.leaving:  # our own step back: now in step with what is open since
            self.leaving = False
            self.follow(open_now)
        elif ours:
            self.follow(open_now)
        elif open_now:
            self.go_back()
