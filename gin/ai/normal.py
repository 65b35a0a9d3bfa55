"""Normal: best melds for every choice, a feel for the opponent's wants, and careful knocks.

A hand is valued as its least deadwood minus a little for each unseen card
that would join a meld (its "outs"), so it keeps pairs and near-runs that can
still grow.  Discards also weigh :func:`gin.ai.signals.feeding_risk`: cards
that fit the opponent's pickups are held back, cards next to what it threw or
passed are preferred.  It takes the pile card when it joins a meld and
improves the hand, or when it cuts the hand's score by :data:`TAKE_GAIN` or
more.  It knocks only with little deadwood, and with less as the stock runs
down (:func:`~gin.ai.knowledge.patient_knock_limit`), until only gin ends the
hand: a player who knocks as soon as it may then often knocks into a hand
that undercuts it.
"""

from __future__ import annotations

from gin.actions import Action
from gin.ai.knowledge import (
    KnockLimit,
    Knowledge,
    discard_cards,
    finish_discard,
    is_draw_phase,
    is_useful,
    neighbours,
    patient_knock_limit,
    pile_draw,
    read_view,
    stock_draw,
)
from gin.ai.signals import feeding_risk
from gin.cards import Card, from_mask
from gin.melds import deadwood_mask
from gin.view import PlayerView

OUT_VALUE = 0.6
"""Deadwood points one out (an unseen card that would join a meld) is worth."""
KNOCK_SHIFT = 16
"""Normal knocks with at most ``(stock - 16) // 2`` deadwood: 7 at its first turn, gin only
from 17 stock cards on (:func:`~gin.ai.knowledge.patient_knock_limit`)."""
TAKE_GAIN = 6.0
"""A pile card that joins no meld is taken when it lowers the hand's score by this much."""


def patient_knocks(stock_count: int, rule_limit: int) -> int:
    """Normal's knocking habit: :func:`~gin.ai.knowledge.patient_knock_limit` with
    :data:`KNOCK_SHIFT`."""
    return patient_knock_limit(stock_count, rule_limit, KNOCK_SHIFT)


def hand_score(mask: int, unseen: int) -> float:
    """Least deadwood, less a bonus per out (an unseen card that would meld): lower is better."""
    base = deadwood_mask(mask)
    outs = sum(
        1
        for card in from_mask(unseen & neighbours(mask))
        if deadwood_mask(mask | card.bit) < base + card.points
    )
    return base - OUT_VALUE * outs


class NormalPlayer:
    """Normal: a sound, readable player (see the module docstring).

    ``knocks`` is its knocking habit, :func:`patient_knocks` unless a style of the
    arena's pool (:mod:`gin.ai.styles`) gives it another.
    """

    def __init__(
        self, seed: int = 0, knocks: KnockLimit = patient_knocks, name: str = "normal"
    ) -> None:
        self.seed = seed
        self.knocks = knocks
        self.name = name

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        knowledge = read_view(view)
        unseen = knowledge.unseen
        if is_draw_phase(legal):
            return self._draw(knowledge, legal, unseen)
        best = min(
            discard_cards(legal),
            key=lambda card: (self._discard_value(knowledge, card, unseen), -card.points),
        )
        after = deadwood_mask(knowledge.hand ^ best.bit)
        limit = self.knocks(knowledge.stock_count, view.rules.knock_limit)
        return finish_discard(legal, best, knock=after <= limit)

    @staticmethod
    def _discard_value(knowledge: Knowledge, card: Card, unseen: int) -> float:
        return hand_score(knowledge.hand ^ card.bit, unseen) + feeding_risk(card, knowledge)[0]

    def _draw(self, knowledge: Knowledge, legal: list[Action], unseen: int) -> Action:
        pile = pile_draw(legal)
        top = knowledge.top
        if pile is None or top is None:
            return stock_draw(legal)
        taken = knowledge.hand | top.bit
        best = min(
            hand_score(taken ^ card.bit, unseen) + feeding_risk(card, knowledge)[0]
            for card in from_mask(knowledge.hand)
        )
        gain = 0.0 if is_useful(knowledge.hand, top) else TAKE_GAIN
        return pile if best < hand_score(knowledge.hand, unseen) - gain else stock_draw(legal)
