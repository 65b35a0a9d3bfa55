"""Styles of play for the arena's pool: simple's or Normal's play with other knocking habits.

Hard's lead over simple and Easy came largely from their habit of knocking as
soon as they may: Hard plays on and undercuts them.  A person soon learns not
to knock into a low hand, so Hard is measured against a pool of habits
(issue 24), each a :data:`~gin.ai.knowledge.KnockLimit` given to simple's
draws and discards (the engine's best melds, the pile card only when it melds)
or to Normal's (outs, feeding risk, pile cards that cut the deadwood a lot):

=================  ==========================================================
``simple-gin``     simple's play; only gin until 3 or fewer stock cards are
                   left, then any knock (an experienced, patient player)
``simple-3``       simple's play; knocks with 3 deadwood or less
``simple-5``       simple's play; knocks with 5 deadwood or less
``simple-falling`` simple's play; knocks with a third of the stock in
                   deadwood (10 at the first turns, 1 at the last)
``normal-gin``     Normal's play; only gin until 3 or fewer stock cards are left
``normal-3``       Normal's play; knocks with 3 deadwood or less
=================  ==========================================================

They are yardsticks for measurement, never offered to players.
"""

from __future__ import annotations

from collections.abc import Callable

from gin.ai.base import Player
from gin.ai.basic import SimplePlayer
from gin.ai.habits import LAST_DRAWS
from gin.ai.knowledge import KnockLimit
from gin.ai.normal import NormalPlayer


def gin_until_last_draws(stock_count: int, rule_limit: int) -> int:
    """Only gin, until :data:`LAST_DRAWS` stock cards or fewer are left; then any knock."""
    return rule_limit if stock_count <= LAST_DRAWS else 0


def at_most(deadwood: int) -> KnockLimit:
    """Knock with ``deadwood`` or less (never above the rules' limit)."""

    def limit(stock_count: int, rule_limit: int) -> int:
        return min(deadwood, rule_limit)

    return limit


def falling_with_the_stock(stock_count: int, rule_limit: int) -> int:
    """A third of the stock in deadwood: 10 at the first turns, 1 at the last draws."""
    return min(rule_limit, max(1, stock_count // 3))


def _style(play: Callable[..., Player], knocks: KnockLimit, name: str) -> Callable[[int], Player]:
    def factory(seed: int) -> Player:
        return play(seed, knocks=knocks, name=name)

    return factory


STYLES: dict[str, Callable[[int], Player]] = {
    "simple-gin": _style(SimplePlayer, gin_until_last_draws, "simple-gin"),
    "simple-3": _style(SimplePlayer, at_most(3), "simple-3"),
    "simple-5": _style(SimplePlayer, at_most(5), "simple-5"),
    "simple-falling": _style(SimplePlayer, falling_with_the_stock, "simple-falling"),
    "normal-gin": _style(NormalPlayer, gin_until_last_draws, "normal-gin"),
    "normal-3": _style(NormalPlayer, at_most(3), "normal-3"),
}
"""Every style of the pool by name (see the module docstring)."""
