"""Motion on the table: cards fly where the game moved them, with FLIP and the Web Animations API.

Before a repaint the page measures where every card is (First); after it, each
card is where the new table puts it (Last); the difference is played back as
a transform animation (Invert, Play), so nothing but transforms and opacity
ever animates and the layout never shifts.  A card that was not on the table
before starts from the place the effect names (the stock, the computer's hand).
With ``prefers-reduced-motion: reduce`` or speed 0 nothing moves.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from gin.table import effects as fx

FLIGHT_MS = 320
REGROUP_MS = 220
DEAL_STEP_MS = 35
EASE = "cubic-bezier(0.2, 0.7, 0.2, 1)"
PULSE_MS = 600
PULSE: list[dict[str, Any]] = [
    {"offset": 0.5, "boxShadow": "0 0 0 4px #ffca28, 0 0 18px 6px rgba(255, 202, 40, 0.8)"}
]
"""A glow at mid-way (the card's own shadow before and after)."""
COUNT_MS = 600
COUNT_STEPS = 20

# A card of each place, not the place's box: a card flies from a card's rectangle, so it
# starts at a card's size (a whole fan's box would make a concealed card start huge).
_PLACES = {
    fx.Place.STOCK: '[data-testid="stock"] .card',
    fx.Place.PILE: '[data-testid="pile"] .card.top',
    fx.Place.HAND: '[data-testid="hand"] .card:last-child',
    fx.Place.OPPONENT: '[data-testid="opponent-hand"] .card:last-child',
}

Rect = tuple[float, float, float, float]
"""left, top, width, height"""


class Motion:
    def __init__(self, document: Any, window: Any) -> None:
        self.document = document
        self.window = window
        self._shaken = 0
        self.speed = 1.0

    # --- First: where everything is now ------------------------------------------------------

    def measure(self, root: Any) -> dict[str, Rect]:
        rects: dict[str, Rect] = {}
        for element in root.querySelectorAll("[data-card]"):
            rects.setdefault(f"card:{element.dataset.card}", _rect(element))
        for place, selector in _PLACES.items():
            element = root.querySelector(selector)
            if element:
                rects[place.value] = _rect(element)
        return rects

    # --- Last, Invert, Play ------------------------------------------------------------------

    def settle(
        self,
        root: Any,
        before: dict[str, Rect],
        effects: list[fx.Effect],
        animated: bool,
        scores: tuple[Sequence[int], Sequence[int]] = ((), ()),
    ) -> None:
        """Play the effects' motion; ``scores`` are each seat's score before and after (a
        score that went up counts up)."""
        if not animated:
            return
        moved: set[str] = set()
        for effect in effects:
            if isinstance(effect, fx.Move):
                moved |= self._fly(root, before, effect)
                if effect.source is fx.Place.OPPONENT:
                    self._prompt_on_landing(root)
            elif isinstance(effect, fx.Deal):
                self._deal(root, before)
                return
            elif isinstance(effect, fx.ShowDown):
                self._show_down(root, before, {str(card) for card in effect.laid_off})
                return
        self._regroup(root, before, moved)
        self._count_up(root, *scores)

    def _fly(self, root: Any, before: dict[str, Rect], move: fx.Move) -> set[str]:
        target = self._target(root, move)
        if not target:
            return set()
        key = f"card:{move.card}" if move.card is not None else ""
        start = before.get(key) if key and move.source is not fx.Place.STOCK else None
        start = start or before.get(move.source.value)
        if start is None:
            return set()
        self._from(target, start, FLIGHT_MS, 0)
        if move.target is fx.Place.HAND:
            # The drawn card glows once as it lands (a class would glow again at every
            # repaint of the hand, such as choosing another card: two cards lit at once).
            self._play(target, PULSE, PULSE_MS, FLIGHT_MS)
        return {str(move.card)} if move.card is not None else set()

    def _prompt_on_landing(self, root: Any) -> None:
        """The computer's card is in the air: the prompt (your turn, now) shows as it lands.

        Only how it looks: the prompt's text is there at once for a screen reader, and the
        person may act at once.
        """
        status = root.querySelector('[data-testid="status"]')
        if status:
            frames: list[dict[str, Any]] = [
                {"opacity": 0},
                {"opacity": 0, "offset": 0.8},
                {"opacity": 1},
            ]
            self._play(status, frames, FLIGHT_MS, 0)

    def _target(self, root: Any, move: fx.Move) -> Any:
        if move.target is fx.Place.HAND:
            return root.querySelector(f'[data-testid="hand"] [data-card="{move.card}"]')
        if move.target is fx.Place.PILE:
            return root.querySelector('[data-testid="pile"] .card.top')
        if move.card is not None:
            known = root.querySelector(f'[data-testid="opponent-hand"] [data-card="{move.card}"]')
            if known:
                return known
        backs = root.querySelectorAll('[data-testid="opponent-hand"] .card.back')
        return backs[backs.length - 1] if backs.length else None

    def _regroup(self, root: Any, before: dict[str, Rect], moved: set[str]) -> None:
        """Cards of the hand that changed place (the hand regrouped) glide to their new place."""
        for element in root.querySelectorAll('[data-testid="hand"] [data-card]'):
            code = str(element.dataset.card)
            old = before.get(f"card:{code}")
            if old is not None and code not in moved:
                self._from(element, old, REGROUP_MS, 0, threshold=1.0)

    def _deal(self, root: Any, before: dict[str, Rect]) -> None:
        stock = before.get(fx.Place.STOCK.value)
        if stock is None:
            return
        hand = list(root.querySelectorAll('[data-testid="hand"] [data-card]'))
        backs = list(root.querySelectorAll('[data-testid="opponent-hand"] .card'))
        for index, element in enumerate(_interleave(backs, hand)):
            self._from(element, stock, FLIGHT_MS, index * DEAL_STEP_MS)

    def _show_down(self, root: Any, before: dict[str, Rect], laid_off: set[str]) -> None:
        """The melds are laid on the table from the hands; lay-offs slide on last."""
        opponent = before.get(fx.Place.OPPONENT.value)
        cards = list(root.querySelectorAll('[data-testid="result"] [data-card]'))
        for index, element in enumerate(cards):
            code = str(element.dataset.card)
            old = before.get(f"card:{code}") or opponent
            if old is None:
                continue
            late = code in laid_off
            delay = index * DEAL_STEP_MS // 2 + (FLIGHT_MS + 200 if late else 0)
            self._from(element, old, FLIGHT_MS, delay)

    def _count_up(self, root: Any, old: Sequence[int], new: Sequence[int]) -> None:
        """A score that went up counts up to its new value."""
        for testid, was, now in zip(("score-you", "score-ai"), old, new, strict=False):
            element = root.querySelector(f'[data-testid="{testid}"]')
            if element is not None and now > was:
                asyncio.ensure_future(self._count(element, was, now))

    async def _count(self, element: Any, old: int, new: int) -> None:
        element.classList.add("counting")
        steps = min(new - old, COUNT_STEPS)
        for step in range(1, steps + 1):
            element.textContent = str(old + (new - old) * step // steps)
            await asyncio.sleep(COUNT_MS / 1000 / steps / max(self.speed, 0.25))
        element.classList.remove("counting")

    def _from(
        self, element: Any, start: Rect, duration: int, delay: int, threshold: float = 0.0
    ) -> None:
        """Play ``element`` from the rectangle ``start`` to where it is now."""
        end = _rect(element)
        dx, dy = start[0] - end[0], start[1] - end[1]
        if abs(dx) <= threshold and abs(dy) <= threshold:
            return
        scale = start[2] / end[2] if end[2] else 1.0
        # Scaled about the top left corner, the corner the offset is measured from: about the
        # centre, a card of another size would start off its place by half the difference.
        frames = [
            {
                "transform": f"translate({dx:.1f}px, {dy:.1f}px) scale({scale:.3f})",
                "transformOrigin": "0 0",
            },
            {"transform": "none", "transformOrigin": "0 0"},
        ]
        self._play(element, frames, duration, delay)

    def _play(self, element: Any, frames: list[dict[str, Any]], duration: int, delay: int) -> None:
        """Animate ``element`` through ``frames``, at the table's speed."""
        from pyodide.ffi import to_js

        timing = {
            "duration": round(duration / max(self.speed, 0.25)),
            "delay": round(delay / max(self.speed, 0.25)),
            "easing": EASE,
            "fill": "backwards",
        }
        convert = self.window.Object.fromEntries
        element.animate(
            to_js(frames, dict_converter=convert), to_js(timing, dict_converter=convert)
        )

    # --- a refusal: the touched thing shakes once ------------------------------------------

    def shake(self, root: Any, target: str, serial: int) -> None:
        if serial == self._shaken or not target:
            return
        self._shaken = serial
        if target in ("stock", "pile"):
            selector = f'[data-testid="{target}"]'
        elif len(target) in (2, 3) and target[-1] in "SHDC":
            selector = f'[data-testid="hand"] [data-card="{target}"]'
        else:
            selector = f'[data-action="{target}"],[data-setting="{target}"]'
        element = root.querySelector(selector)
        if element:
            element.classList.add("shake")


def _rect(element: Any) -> Rect:
    box = element.getBoundingClientRect()
    return (float(box.left), float(box.top), float(box.width), float(box.height))


def _interleave(first: list[Any], second: list[Any]) -> list[Any]:
    """Cards dealt one at a time, alternately, as a dealer deals."""
    out: list[Any] = []
    for index in range(max(len(first), len(second))):
        out += first[index : index + 1] + second[index : index + 1]
    return out
