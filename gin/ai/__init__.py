"""Computer opponents: Easy, Normal and Hard, the "simple" yardstick, and hints for a human.

::

    from gin.ai import make_player, hint
    bot = make_player("hard", seed=1)
    action = bot.choose(view, legal)    # view: gin.PlayerView; legal: the engine's legal actions
    advice = hint(view, legal)          # Hard's choice with a reason, an estimate and its margin

A bot is given a view and the legal actions and nothing else, so it cannot see
the stock or the opponent's concealed cards.  A decision depends only on the
seed and the view, so bots are deterministic and a hint can be replayed.  A
bot at a table is seeded with :func:`bot_seed`, never with the game's seed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

from gin.actions import Action
from gin.ai.base import Player, Steps, finish
from gin.ai.basic import EasyPlayer, SimplePlayer
from gin.ai.hard import HardPlayer
from gin.ai.hints import REASONS, Appraisal, Hint
from gin.ai.normal import NormalPlayer
from gin.rules import is_whole_number
from gin.view import PlayerView

LEVELS: dict[str, Callable[[int], Player]] = {
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
    "simple": SimplePlayer,
}
"""Every level by name; "simple" is a yardstick for measurement, not offered to players."""

HINT_SEED = 0


def make_player(level: str, seed: int = 0) -> Player:
    """A bot of the named level ("easy", "normal", "hard" or "simple")."""
    try:
        factory = LEVELS[level.lower()]
    except KeyError:
        raise ValueError(
            f"unknown AI level {level!r} (expected one of {', '.join(LEVELS)})"
        ) from None
    return factory(seed)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game of ``game_seed``, derived one-way.

    The game's seed and the public shuffle deal every hand, so a bot seeded with
    it could know the stock and the opponent's cards.  SHA-256 of a labelled
    text gives 63 bits from which neither the game's seed nor a deal can be
    computed (docs/DESIGN.md, "The AI cannot peek").
    """
    if not is_whole_number(game_seed) or game_seed < 0:
        raise ValueError("a game's seed is a whole number, 0 or more")
    if not is_whole_number(seat) or seat not in (0, 1):
        raise ValueError("a seat is 0 or 1")
    digest = hashlib.sha256(f"gin-rummy/bot/{game_seed}/seat/{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def hint(view: PlayerView, legal: Sequence[Action]) -> Hint:
    """Hard's advice for the seat of ``view``: a legal action, a reason and an estimate."""
    return finish(hinting(view, legal))


def hinting(view: PlayerView, legal: Sequence[Action]) -> Steps[Hint]:
    """:func:`hint` in steps (:data:`gin.ai.base.Steps`), for a page that must keep answering
    while Hard works it out."""
    if not legal:
        raise ValueError("no legal action to advise on")
    appraisal = yield from HardPlayer(HINT_SEED).appraising(view, list(legal))
    return appraisal.advice()


__all__ = [
    "LEVELS",
    "REASONS",
    "Appraisal",
    "EasyPlayer",
    "HardPlayer",
    "Hint",
    "NormalPlayer",
    "Player",
    "SimplePlayer",
    "bot_seed",
    "hint",
    "hinting",
    "make_player",
]
