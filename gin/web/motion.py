"""Motion on the table: cards fly where the game moved them, with FLIP and the Web Animations API.

Before a repaint the page measures where every card is (First); after it, each
card is where the new table puts it (Last); the difference is played back as
a transform animation (Invert, Play), so nothing but transforms and opacity
ever animates and the layout never shifts.  A card that was not on the table
before starts from the place the effect names (the stock, the computer's hand).
With ``prefers-reduced-motion: reduce`` or speed 0 nothing moves.

This module decides everything and touches nothing: it reads the cards' places
(:func:`read_pieces`, from ``static/js/table-dom.mjs``'s ``measure``) and returns
a :class:`Plan` that the page plays in one call, so it runs (and is tested) in
CPython.  What moves is decided by the effects and the scores, never by the DOM.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gin.table import effects as fx

FLIGHT_MS = 320
REGROUP_MS = 220
DEAL_STEP_MS = 35
PULSE_MS = 600
PULSE: list[dict[str, Any]] = [
    {"offset": 0.5, "boxShadow": "0 0 0 4px #ffca28, 0 0 18px 6px rgba(255, 202, 40, 0.8)"}
]
"""A glow at mid-way (the card's own shadow before and after)."""
LANDING: list[dict[str, Any]] = [{"opacity": 0}, {"opacity": 0, "offset": 0.8}, {"opacity": 1}]
"""The prompt, unseen until the computer's card has landed."""
COUNT_MS = 600
COUNT_STEPS = 20
STATUS = '[data-testid="status"]'

Rect = tuple[float, float, float, float]
"""left, top, width, height"""


@dataclass(frozen=True)
class Piece:
    """A card on the table (or an element drawn as one) as the page measured it.

    ``place`` is the part of the table that holds it: the ``data-testid`` of the
    hand, the computer's hand, the pile, the stock or the result ("" elsewhere).
    """

    place: str
    card: str
    top: bool
    back: bool
    last: bool
    rect: Rect


def read_pieces(text: str) -> list[Piece]:
    """The page's measure (``[place, code, flags, left, top, width, height]`` per element)."""
    return [
        Piece(place, card, "t" in flags, "b" in flags, "l" in flags, (left, top, width, height))
        for place, card, flags, left, top, width, height in json.loads(text)
    ]


def places(pieces: Sequence[Piece]) -> dict[str, Rect]:
    """Where each card is (``card:7H``, its first element), and where each place's cards
    fly from: a card of each place, not the place's box, so that a card starts at a
    card's size (a whole fan's box would make a concealed card start huge)."""
    found: dict[str, Rect] = {}
    for piece in pieces:
        if piece.card:
            found.setdefault(f"card:{piece.card}", piece.rect)
    for place, chosen in (
        (fx.Place.STOCK, _first(pieces, "stock")),
        (fx.Place.PILE, _first(pieces, "pile", top=True)),
        (fx.Place.HAND, _first(pieces, "hand", last=True)),
        (fx.Place.OPPONENT, _first(pieces, "opponent-hand", last=True)),
    ):
        if chosen is not None:
            found[place.value] = pieces[chosen].rect
    return found


@dataclass
class Plan:
    """What the page plays: element animations and scores that count up."""

    plays: list[dict[str, Any]] = field(default_factory=list)
    counts: list[dict[str, Any]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.plays or self.counts)

    def to_json(self) -> str:
        return json.dumps({"plays": self.plays, "counts": self.counts})


class Motion:
    """The table's motion at its pace (``speed``), and the refusal last shaken."""

    def __init__(self) -> None:
        self._shaken = 0
        self.speed = 1.0

    def plan(
        self,
        before: dict[str, Rect],
        after: Sequence[Piece],
        effects: list[fx.Effect],
        scores: tuple[Sequence[int], Sequence[int]] = ((), ()),
    ) -> Plan:
        """The motion of ``effects``, from the places ``before`` the repaint to the pieces
        ``after`` it; ``scores`` are each seat's score before and after (a score that
        went up counts up)."""
        plan = Plan()
        moved: set[str] = set()
        for effect in effects:
            if isinstance(effect, fx.Move):
                moved |= self._fly(plan, before, after, effect)
                if effect.source is fx.Place.OPPONENT:
                    # The computer's card is in the air: the prompt (your turn, now) shows as
                    # it lands.  Only how it looks: its text is there at once for a screen
                    # reader, and the person may act at once.
                    self._play(plan, {"select": STATUS}, LANDING, FLIGHT_MS, 0)
            elif isinstance(effect, fx.Deal):
                self._deal(plan, before, after)
                return plan
            elif isinstance(effect, fx.ShowDown):
                laid_off = {str(card) for card in effect.laid_off}
                self._show_down(plan, before, after, laid_off)
                return plan
        self._regroup(plan, before, after, moved)
        self._count_up(plan, *scores)
        return plan

    def _fly(
        self, plan: Plan, before: dict[str, Rect], after: Sequence[Piece], move: fx.Move
    ) -> set[str]:
        target = _target(after, move)
        if target is None:
            return set()
        key = f"card:{move.card}" if move.card is not None else ""
        start = before.get(key) if key and move.source is not fx.Place.STOCK else None
        start = start or before.get(move.source.value)
        if start is None:
            return set()
        self._from(plan, after, target, start, FLIGHT_MS, 0)
        if move.target is fx.Place.HAND:
            # The drawn card glows once as it lands (a class would glow again at every
            # repaint of the hand, such as choosing another card: two cards lit at once).
            self._play(plan, {"piece": target}, PULSE, PULSE_MS, FLIGHT_MS)
        return {str(move.card)} if move.card is not None else set()

    def _regroup(
        self, plan: Plan, before: dict[str, Rect], after: Sequence[Piece], moved: set[str]
    ) -> None:
        """Cards of the hand that changed place (the hand regrouped) glide to their new place."""
        for index in _all(after, "hand", cards=True):
            code = after[index].card
            old = before.get(f"card:{code}")
            if old is not None and code not in moved:
                self._from(plan, after, index, old, REGROUP_MS, 0, threshold=1.0)

    def _deal(self, plan: Plan, before: dict[str, Rect], after: Sequence[Piece]) -> None:
        stock = before.get(fx.Place.STOCK.value)
        if stock is None:
            return
        dealt = _interleave(_all(after, "opponent-hand"), _all(after, "hand", cards=True))
        for order, index in enumerate(dealt):
            self._from(plan, after, index, stock, FLIGHT_MS, order * DEAL_STEP_MS)

    def _show_down(
        self, plan: Plan, before: dict[str, Rect], after: Sequence[Piece], laid_off: set[str]
    ) -> None:
        """The melds are laid on the table from the hands; lay-offs slide on last."""
        opponent = before.get(fx.Place.OPPONENT.value)
        for order, index in enumerate(_all(after, "result", cards=True)):
            code = after[index].card
            old = before.get(f"card:{code}") or opponent
            if old is None:
                continue
            late = code in laid_off
            delay = order * DEAL_STEP_MS // 2 + (FLIGHT_MS + 200 if late else 0)
            self._from(plan, after, index, old, FLIGHT_MS, delay)

    def _count_up(self, plan: Plan, old: Sequence[int], new: Sequence[int]) -> None:
        """A score that went up counts up to its new value."""
        for testid, was, now in zip(("score-you", "score-ai"), old, new, strict=False):
            if now > was:
                steps = min(now - was, COUNT_STEPS)
                plan.counts.append(
                    {
                        "select": f'[data-testid="{testid}"]',
                        "from": was,
                        "to": now,
                        "steps": steps,
                        "step_ms": COUNT_MS / steps / self._pace,
                    }
                )

    def _from(
        self,
        plan: Plan,
        after: Sequence[Piece],
        index: int,
        start: Rect,
        duration: int,
        delay: int,
        threshold: float = 0.0,
    ) -> None:
        """Play the piece ``index`` from the rectangle ``start`` to where it is now."""
        end = after[index].rect
        dx, dy = start[0] - end[0], start[1] - end[1]
        if abs(dx) <= threshold and abs(dy) <= threshold:
            return
        scale = start[2] / end[2] if end[2] else 1.0
        # Scaled about the card's centre (its transform-origin), so the offset of its top left
        # corner, where it is measured from, takes the centre's shift: otherwise a card of
        # another size would start off its place by half the difference.  Only the transform
        # animates (a transform-origin in the frames would keep the flight off the
        # compositor: a style recalculation of every flying card at every frame).
        dx -= (1 - scale) * end[2] / 2
        dy -= (1 - scale) * end[3] / 2
        frames = [
            {"transform": f"translate({dx:.1f}px, {dy:.1f}px) scale({scale:.3f})"},
            {"transform": "none"},
        ]
        self._play(plan, {"piece": index}, frames, duration, delay)

    def _play(
        self,
        plan: Plan,
        element: dict[str, Any],
        frames: list[dict[str, Any]],
        duration: int,
        delay: int,
    ) -> None:
        """Animate ``element`` (a piece or a selector) through ``frames``, at the table's speed."""
        plan.plays.append(
            element
            | {
                "frames": frames,
                "duration": round(duration / self._pace),
                "delay": round(delay / self._pace),
            }
        )

    @property
    def _pace(self) -> float:
        return max(self.speed, 0.25)

    # --- a refusal: the touched thing shakes once ------------------------------------------

    def shake(self, target: str, serial: int) -> str | None:
        """The selector of what a refusal shakes, once per refusal (None: nothing new)."""
        if serial == self._shaken or not target:
            return None
        self._shaken = serial
        if len(target) in (2, 3) and target[-1] in "SHDC":
            return f'[data-testid="hand"] [data-card="{target}"]'
        return f'[data-action="{target}"],[data-setting="{target}"]'


def _target(after: Sequence[Piece], move: fx.Move) -> int | None:
    """The piece a move lands as: the card in the hand, the pile's top, the computer's card
    (known, or its last card seen from the back)."""
    if move.target is fx.Place.HAND:
        return _first(after, "hand", card=str(move.card))
    if move.target is fx.Place.PILE:
        return _first(after, "pile", top=True)
    if move.card is not None:
        known = _first(after, "opponent-hand", card=str(move.card))
        if known is not None:
            return known
    backs = [index for index in _all(after, "opponent-hand") if after[index].back]
    return backs[-1] if backs else None


def _all(pieces: Sequence[Piece], place: str, cards: bool = False) -> list[int]:
    """The pieces of a place, in the page's order (``cards``: only those with a code)."""
    return [
        index
        for index, piece in enumerate(pieces)
        if piece.place == place and (piece.card or not cards)
    ]


def _first(
    pieces: Sequence[Piece],
    place: str,
    card: str = "",
    top: bool = False,
    last: bool = False,
) -> int | None:
    for index, piece in enumerate(pieces):
        if (
            piece.place == place
            and (not card or piece.card == card)
            and (piece.top or not top)
            and (piece.last or not last)
        ):
            return index
    return None


def _interleave(first: list[int], second: list[int]) -> list[int]:
    """Cards dealt one at a time, alternately, as a dealer deals."""
    out: list[int] = []
    for index in range(max(len(first), len(second))):
        out += first[index : index + 1] + second[index : index + 1]
    return out
