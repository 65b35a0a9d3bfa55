"""The bot interface and the per-decision random source every level shares."""

from __future__ import annotations

import random
from collections.abc import Generator, Iterator
from typing import Generic, Protocol, TypeVar, runtime_checkable

from gin.actions import Action
from gin.view import PlayerView


class Player(Protocol):
    """A computer player: sees one view and the legal actions, returns one of those actions.

    A player is never given the game, only what :meth:`gin.Game.view` lets its
    seat know, so it cannot look at the stock or the opponent's cards.
    """

    name: str

    def choose(self, view: PlayerView, legal: list[Action]) -> Action: ...


T = TypeVar("T")

Steps = Generator[None, None, T]
"""A computation that pauses (``yield``) between the parts of its work and returns its
result: a page runs it a slice at a time, painting and answering in between, so that a
decision that takes Hard 400 ms on a phone never holds the page for that long
(:func:`finish` runs one to its end at once)."""


class Run(Generic[T]):
    """``steps`` to be run by iterating over this, a pause per item; then :attr:`result`."""

    def __init__(self, steps: Steps[T]) -> None:
        self.steps = steps

    def __iter__(self) -> Iterator[None]:
        self.result: T = yield from self.steps


def finish(steps: Steps[T]) -> T:
    """Run ``steps`` to its end at once and return its result."""
    run = Run(steps)
    for _ in run:
        pass
    return run.result


@runtime_checkable
class SteppedPlayer(Player, Protocol):
    """A player whose decision can also be made in :data:`Steps` (Hard's takes long)."""

    def deciding(self, view: PlayerView, legal: list[Action]) -> Steps[Action]: ...


def deciding(player: Player, view: PlayerView, legal: list[Action]) -> Steps[Action]:
    """``player``'s decision in steps: its own where it has them, else in one step."""
    if isinstance(player, SteppedPlayer):
        return (yield from player.deciding(view, legal))
    return player.choose(view, legal)


def decision_rng(seed: int, view: PlayerView) -> random.Random:
    """A random source fixed by the seed and the view.

    Deriving it from the view rather than keeping one stream makes every
    decision a pure function of (seed, view): replaying a game, asking for a
    hint, or calling the bot out of order gives the same answer.
    """
    key = (
        f"{seed}/{view.hand_number}/{len(view.history)}/{view.phase}/"
        f"{' '.join(map(str, view.hand))}/{' '.join(map(str, view.discard_pile))}"
    )
    return random.Random(key)
