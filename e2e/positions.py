"""Saved tables built in CPython, so a browser test can open the page at any moment of a game.

Playing a hand in the page costs seconds; replaying bots through the engine
here costs milliseconds.  A record is exactly what the page saves
(:meth:`gin.table.state.TableState.record`, checksum included), so loading it
is the page's ordinary resume path.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gin.actions import ActionKind
from gin.ai import make_player
from gin.game import Game
from gin.rules import Rules
from gin.table.settings import Settings
from gin.table.state import TableState
from gin.table.stats import Statistics


def played(seed: int, stop: Callable[[Game], bool], target: int = 100) -> Game:
    """A game of two Easy bots from ``seed``, played until ``stop(game)``."""
    game = Game(seed=seed, rules=Rules(target=target))
    bots = (make_player("easy", seed), make_player("easy", seed + 1))
    while not stop(game):
        seat = game.to_move
        assert seat is not None, "the game ended before the position was reached"
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    return game


def record(game: Game, results_seen: int | None = None, level: str = "easy") -> dict[str, Any]:
    """The saved table of ``game``; ``results_seen`` below its results puts a result on show."""
    results = len(game.hand_results)
    state = TableState(
        game=game,
        level=level,
        settings=Settings(),
        stats=Statistics.empty(),
        results_seen=results if results_seen is None else results_seen,
        results_counted=results,
    )
    return state.record()


def hand_over(seed: int = 7) -> dict[str, Any]:
    """The first hand just finished, its result on show (the game goes on)."""
    game = played(seed, lambda g: len(g.hand_results) == 1)
    assert not game.over
    return record(game, results_seen=0)


def game_over(seed: int = 7, target: int = 1) -> dict[str, Any]:
    """A game just won (a low target: one scoring hand ends it)."""
    return record(played(seed, lambda g: g.over, target=target))


def second_hand(seed: int = 7, moves: int = 4) -> dict[str, Any]:
    """``moves`` actions into the second hand (the first is finished and put away)."""
    start: list[int] = []

    def stop(game: Game) -> bool:
        if len(game.hand_results) == 1 and not start:
            start.append(len(game.actions))
        return bool(start) and len(game.actions) >= start[0] + moves and game.to_move == 0

    return record(played(seed, stop))


def about_to_knock(seed: int = 7) -> dict[str, Any]:
    """The person (seat 0) has drawn in the first hand and may knock now."""

    def stop(game: Game) -> bool:
        kinds = {action.kind for action in game.legal_actions()}
        return game.to_move == 0 and bool(kinds & {ActionKind.KNOCK, ActionKind.GIN})

    return record(played(seed, stop))


def about_to_go_gin(seed: int = 55) -> dict[str, Any]:
    """The person (seat 0) has drawn and may go gin now (seed 55: in the second hand)."""

    def stop(game: Game) -> bool:
        kinds = {action.kind for action in game.legal_actions()}
        return game.to_move == 0 and ActionKind.GIN in kinds

    return record(played(seed, stop))
