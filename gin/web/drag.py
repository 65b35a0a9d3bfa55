"""Dragging cards with Pointer Events: from the stock or the pile to the hand, from the hand to
the pile (a discard) or to another place in the hand (the person's own order).

Pointer Events work alike for a mouse, a pen and a finger (HTML5 drag and drop
does not work on phones).  A press becomes a drag only after the pointer has
moved :data:`DRAG_THRESHOLD_PX`; a shorter press is a tap and is left to the
click that follows, so tap-to-choose-then-tap keeps working.  The page follows a press
until then (``followPresses`` in ``static/js/table-dom.mjs``) and calls :meth:`Drag.begin`
only once it is a drag: a tap or a click, most presses, makes no call into Python before
its click.  Where a dragged card lands and what a drop means are decided in the table
(:mod:`gin.table.pointer`): this module reports what was picked up, what it is over and
where the cards stand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gin.cards import Card
from gin.table.intents import Intent
from gin.table.pointer import Grip, Spot, drop_intent, drop_row, landing

DRAG_THRESHOLD_PX = 8


class Drag:
    def __init__(
        self, document: Any, dispatch: Callable[[Intent], None], swallow_click: Callable[[], None]
    ) -> None:
        """``swallow_click`` tells the page that the click the browser sends after a drop is
        not a tap (the page forgets it at the next press: a drop off its card has no click)."""
        self.document = document
        self.dispatch = dispatch
        self.swallow_click = swallow_click
        self._press: dict[str, Any] | None = None
        self._ghost: Any = None
        self._window: Any = None
        self._while_dragged: list[tuple[str, Any]] = []

    def wire(self, window: Any, proxy: Callable[[Callable[[Any], None]], Any]) -> None:
        """Follow the pointer's moves and its release only while a drag lasts (``proxy``
        makes a JavaScript listener of a method): every move of a mouse across the table
        would otherwise be a call into Python, some 0.85 ms each on a phone-class CPU, in
        the very tasks a click waits behind."""
        self._window = window
        self._while_dragged = [
            ("pointermove", proxy(self.on_move)),
            ("pointerup", proxy(self.on_up)),
            ("pointercancel", proxy(self.on_cancel)),
        ]

    def _follow(self, dragging: bool) -> None:
        if self._window is None:
            return
        listen = self._window.addEventListener if dragging else self._window.removeEventListener
        for name, listener in self._while_dragged:
            listen(name, listener)

    def begin(self, source: Any, x: float, y: float, event: Any) -> None:
        """The press on ``source`` at (``x``, ``y``) has become a drag with the pointer
        move ``event``: the card is lifted and follows the pointer to its drop.  (Another
        finger's drag while one lasts is not followed.)"""
        if self._press is not None:
            return
        self._press = {"id": event.pointerId, "x": float(x), "y": float(y), "source": source}
        self._lift(self._press)
        self._follow(True)
        self.on_move(event)

    def on_move(self, event: Any) -> None:
        press = self._press
        if press is None or event.pointerId != press["id"]:
            return
        event.preventDefault()
        dx, dy = float(event.clientX) - press["x"], float(event.clientY) - press["y"]
        if self._ghost is not None:
            self._ghost.style.transform = f"translate({dx:.0f}px, {dy:.0f}px) rotate(3deg)"
        under = self.document.elementFromPoint(event.clientX, event.clientY)
        self._light(self._target(press["source"], under))

    def on_up(self, event: Any) -> None:
        press = self._press
        if press is None or event.pointerId != press["id"]:
            return
        self._press = None
        self._follow(False)
        self.swallow_click()
        self._drop_ghost()
        under = self.document.elementFromPoint(event.clientX, event.clientY)
        at = (float(event.clientX), float(event.clientY))
        intent = self.drop_intent(press["source"], under, at)
        if intent is not None:
            self.dispatch(intent)

    def on_cancel(self, _event: Any) -> None:
        if self._press is not None:
            self._follow(False)
        self._press = None
        self._drop_ghost()

    def _target(self, source: Any, under: Any) -> Any:
        """The element ``source`` would land on with the pointer over ``under``, or None
        (where it lands is :func:`gin.table.pointer.landing`'s to say)."""
        spot = landing(_grip(source), _over(under))
        if spot is Spot.PILE:
            return under.closest("[data-testid='pile']")
        if spot is Spot.HAND:
            return under.closest(".hand-area")
        return None

    def _light(self, target: Any) -> None:
        """Mark the place the dragged card would land now, and only that one."""
        for element in self.document.querySelectorAll(".drop-target"):
            if element != target:
                element.classList.remove("drop-target")
        if target:
            target.classList.add("drop-target")

    def drop_intent(self, source: Any, under: Any, at: tuple[float, float]) -> Intent | None:
        """What dropping ``source`` on the element ``under`` (at the point ``at``) asks for:
        the page reports what was dragged, what it is over and where the hand's cards stand,
        row by row (a 320 px phone lays the hand in two)."""
        hand = list(self.document.querySelectorAll("[data-testid='hand'] [data-card]"))
        # A row is the cards at one layout height (offsetTop: a raised card's lift is a
        # transform, not a row of its own); it starts where its highest card is seen.
        tops = sorted({int(element.offsetTop) for element in hand})
        row_tops = [float("inf")] * len(tops)
        cards = []
        for element in hand:
            row = tops.index(int(element.offsetTop))
            box = element.getBoundingClientRect()
            row_tops[row] = min(row_tops[row], float(box.top))
            if element != source:
                cards.append((row, float(box.left) + float(box.width) / 2))
        card_under = under.closest("[data-testid='hand'] [data-card]") if under else None
        row_under = tops.index(int(card_under.offsetTop)) if card_under else None
        x, y = at
        row = drop_row(y, row_tops, row_under)
        return drop_intent(_grip(source), _over(under), (row, x), cards)

    def _lift(self, press: dict[str, Any]) -> None:
        """A copy of the card follows the pointer; the original stays, dimmed."""
        source = press["source"]
        shown = source.querySelector(".card.top") or source.querySelector(".card") or source
        box = shown.getBoundingClientRect()
        ghost = shown.cloneNode(True)
        ghost.classList.add("drag-ghost")
        ghost.removeAttribute("data-card")
        ghost.removeAttribute("data-testid")
        ghost.style.left = f"{float(box.left):.0f}px"
        ghost.style.top = f"{float(box.top):.0f}px"
        ghost.style.width = f"{float(box.width):.0f}px"
        ghost.style.height = f"{float(box.height):.0f}px"
        self.document.body.appendChild(ghost)
        source.classList.add("dragging")
        self._ghost = ghost

    def _drop_ghost(self) -> None:
        if self._ghost is not None:
            self._ghost.remove()
            self._ghost = None
        for element in self.document.querySelectorAll(".dragging"):
            element.classList.remove("dragging")
        self._light(None)


def _grip(source: Any) -> Grip:
    """What the drag picked up: a card of the hand (by its code), the stock or the pile."""
    code = getattr(source.dataset, "card", None)
    if code and source.closest("[data-testid='hand']"):
        return Grip(card=Card.parse(str(code)))
    stock = str(getattr(source.dataset, "testid", "")) == "stock"
    return Grip(spot=Spot.STOCK if stock else Spot.PILE)


def _over(under: Any) -> Spot | None:
    """The place of the table the pointer is over: the pile, the hand, or neither."""
    if not under:
        return None
    if under.closest("[data-testid='pile']"):
        return Spot.PILE
    return Spot.HAND if under.closest(".hand-area") else None
