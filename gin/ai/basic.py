"""The two plain players: "simple" (the EAAI yardstick) and Easy (the gentlest level).

Both knock as soon as they may and take the pile card only when it makes a
meld at once.  They differ in how they see melds: simple uses the engine's
best arrangement and breaks ties at random; Easy keeps the melds it happens to
have, found greedily (runs first, then sets), which is how a beginner plays.
Simple's draws and discards with other knocking habits are the arena's styles
(:mod:`gin.ai.styles`).
"""

from __future__ import annotations

from collections.abc import Callable

from gin.actions import Action, ActionKind
from gin.ai.base import decision_rng
from gin.ai.knowledge import (
    KnockLimit,
    discard_cards,
    finish_discard,
    is_draw_phase,
    knock_at_once,
    pile_draw,
    stock_draw,
)
from gin.cards import LANE, SUIT_LANE_MASK, Card, to_mask
from gin.melds import deadwood_mask, melded_mask
from gin.view import PlayerView


def draw_if_it_melds(view: PlayerView, legal: list[Action], melded: Callable[[int], int]) -> Action:
    """Take the pile card if it joins a meld at once (as ``melded`` sees melds), else the stock."""
    pile = pile_draw(legal)
    top = view.discard_pile[-1] if view.discard_pile else None
    if pile is not None and top is not None and melded(to_mask(view.hand) | top.bit) & top.bit:
        return pile
    return stock_draw(legal)


class SimplePlayer:
    """The EAAI Gin Rummy challenge's "simple player", a fixed yardstick for the other levels.

    ``knocks`` is its knocking habit: at once, as the challenge's player does, unless a
    style of the arena's pool gives it another.
    """

    def __init__(
        self, seed: int = 0, knocks: KnockLimit = knock_at_once, name: str = "simple"
    ) -> None:
        self.seed = seed
        self.knocks = knocks
        self.name = name

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        hand = to_mask(view.hand)
        if is_draw_phase(legal):
            return draw_if_it_melds(view, legal, melded_mask)
        cards = discard_cards(legal)
        values = {card: deadwood_mask(hand ^ card.bit) for card in cards}
        least = min(values.values())
        tied = [card for card in cards if values[card] == least]
        card = decision_rng(self.seed, view).choice(tied)
        limit = self.knocks(view.stock_count, view.rules.knock_limit)
        return finish_discard(legal, card, knock=least <= limit)


def greedy_melded(mask: int) -> int:
    """The cards a beginner sees as melded: every run of three or more, then sets of the rest."""
    melded = 0
    for lane in range(4):
        bits = (mask >> (LANE * lane)) & SUIT_LANE_MASK
        rank = 0
        while rank < 13:
            length = 0
            while rank + length < 13 and bits >> (rank + length) & 1:
                length += 1
            if length >= 3:
                melded |= (((1 << length) - 1) << rank) << (LANE * lane)
            rank += max(length, 1)
    rest = mask & ~melded
    for rank in range(13):
        group = sum(rest & (1 << (LANE * lane + rank)) for lane in range(4))
        if group.bit_count() >= 3:
            melded |= group
    return melded


def _value_order(card: Card) -> tuple[int, int, int]:
    return (card.points, card.rank, card.index)


class EasyPlayer:
    """Easy: keeps the melds it has, throws its highest loose card, knocks at the first chance."""

    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        hand = to_mask(view.hand)
        if is_draw_phase(legal):
            return draw_if_it_melds(view, legal, greedy_melded)
        cards = discard_cards(legal)
        loose = [card for card in cards if not greedy_melded(hand) & card.bit]
        if loose:
            card = max(loose, key=_value_order)
        else:  # every card is in a meld: give up the one that costs least
            card = min(cards, key=lambda c: (deadwood_mask(hand ^ c.bit), -c.points))
        finishing = [a for a in legal if a.kind in (ActionKind.GIN, ActionKind.KNOCK)]
        if finishing and not any(a.card is card for a in finishing):
            # It may knock, just not with the card it meant to throw: knock anyway.
            gins = [a for a in finishing if a.kind is ActionKind.GIN]
            return gins[0] if gins else max(finishing, key=lambda a: _value_order(_card(a)))
        return finish_discard(legal, card, knock=True)


def _card(action: Action) -> Card:
    assert action.card is not None
    return action.card
