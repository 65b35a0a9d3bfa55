"""The bot interface and the per-decision random source every level shares."""

from __future__ import annotations

import random
from typing import Protocol

from gin.actions import Action
from gin.view import PlayerView


class Player(Protocol):
    """A computer player: sees one view and the legal actions, returns one of those actions.

    A player is never given the game, only what :meth:`gin.Game.view` lets its
    seat know, so it cannot look at the stock or the opponent's cards.
    """

    name: str

    def choose(self, view: PlayerView, legal: list[Action]) -> Action: ...


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
