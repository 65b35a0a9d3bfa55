"""Computer opponents: Easy, Normal and Hard, the "simple" yardstick, and hints for a human.

::

    from gin.ai import make_player, hint
    bot = make_player("hard", seed=1)
    action = bot.choose(view, legal)    # view: gin.PlayerView; legal: the engine's legal actions
    advice = hint(view, legal)          # Hard's choice with a reason and an estimate

A bot is given a view and the legal actions and nothing else, so it cannot see
the stock or the opponent's concealed cards.  A decision depends only on the
seed and the view, so bots are deterministic and a hint can be replayed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

from gin.actions import Action
from gin.ai.base import Player
from gin.ai.basic import EasyPlayer, SimplePlayer
from gin.ai.hard import HardPlayer
from gin.ai.hints import REASONS, Hint
from gin.ai.normal import NormalPlayer
from gin.view import PlayerView

LEVELS: dict[str, Callable[[int], Player]] = {
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
    "simple": SimplePlayer,
}
"""Every level by name; "simple" is a yardstick for measurement, not offered to players."""
PLAYER_LEVELS = ("easy", "normal", "hard")
"""The levels a player can choose in the game."""

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
    """The seed of the bot in ``seat`` of the game with ``game_seed``: a one-way derivation.

    The game's seed, with the public shuffle, gives every card of every hand;
    a bot seeded with it could learn the deck.  A hash cannot be turned back.
    """
    digest = hashlib.sha256(f"gin-rummy/bot/{game_seed}/seat/{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def hint(view: PlayerView, legal: Sequence[Action]) -> Hint:
    """Hard's advice for the seat of ``view``: a legal action, a reason and an estimate."""
    if not legal:
        raise ValueError("no legal action to advise on")
    return HardPlayer(HINT_SEED).advise(view, list(legal))


__all__ = [
    "LEVELS",
    "PLAYER_LEVELS",
    "REASONS",
    "EasyPlayer",
    "HardPlayer",
    "Hint",
    "NormalPlayer",
    "Player",
    "SimplePlayer",
    "bot_seed",
    "hint",
    "make_player",
]
