"""The person's hand as the table shows it: its order, its melds, and what a discard would leave.

Shared by the update (which card an arrow key reaches, where a dragged card
lands) and the presenter (what is drawn), so both see the same order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gin.actions import Action, ActionKind
from gin.cards import Card, sort_by_rank, to_mask
from gin.melds import arrangement_mask, deadwood_mask
from gin.table.settings import SortMode


def meld_index(cards: Iterable[Card]) -> dict[Card, int]:
    """Each melded card's meld, by index in the hand's best arrangement (deadwood is absent)."""
    hand = list(cards)
    melds = arrangement_mask(to_mask(hand))
    return {card: index for index, meld in enumerate(melds) for card in hand if card.bit & meld}


def arranged(cards: Sequence[Card], mode: SortMode, order: Sequence[Card] = ()) -> list[Card]:
    """The hand in the order the person sees it.

    A custom ``order`` (from dragging) is kept for the cards it names and new
    cards go to its end; otherwise ``melds`` puts each meld together with the
    deadwood last, ``rank`` and ``suit`` sort.
    """
    if order:
        position = {card: index for index, card in enumerate(order)}
        return sorted(cards, key=lambda card: (position.get(card, len(position)), card.index))
    if mode is SortMode.RANK:
        return sort_by_rank(cards)
    if mode is SortMode.SUIT:
        return sorted(cards)
    melds = meld_index(cards)
    return sorted(cards, key=lambda card: (melds.get(card, len(cards)), card.rank, card.index))


def moved(cards: Sequence[Card], card: Card, position: int) -> tuple[Card, ...]:
    """``cards`` with ``card`` taken out and put back at ``position`` (clamped to the hand)."""
    rest = [other for other in cards if other is not card]
    position = max(0, min(position, len(rest)))
    return (*rest[:position], card, *rest[position:])


def best_discard(
    hand: Sequence[Card], legal: Sequence[Action], chosen: Card | None = None
) -> tuple[Card, int] | None:
    """The legal discard that leaves the least deadwood (ties: the higher card), and that
    count; or ``chosen``, if it may be discarded, and what it leaves (the card the person
    picked, or the hint's: a line naming another card beside it left a newcomer to guess
    which the game meant)."""
    mask = to_mask(hand)
    choices = [a.card for a in legal if a.kind is ActionKind.DISCARD and a.card is not None]
    if not choices:
        return None
    if chosen in choices:
        return chosen, deadwood_mask(mask ^ chosen.bit)
    scored = [(deadwood_mask(mask ^ card.bit), -card.points, card.index, card) for card in choices]
    left, _points, _index, card = min(scored)
    return card, left


def melds_completed_by(hand: Sequence[Card], card: Card) -> frozenset[Card]:
    """The cards of ``hand`` that would be in a meld with ``card`` if it joined the hand.

    The beginner's aid lights these up for the face-up card in the draw phase.
    """
    cards = [*hand, card]
    melds = arrangement_mask(to_mask(cards))
    with_card = next((meld for meld in melds if meld & card.bit), 0)
    return frozenset(other for other in hand if other.bit & with_card)


def deadwood_of(cards: Iterable[Card]) -> int:
    return deadwood_mask(to_mask(cards))
