"""The showdown after a knock or gin: melds laid down, lay-offs, and the facts of the hand.

The showdown records what happened (who knocked, the melds shown, the cards
laid off, both deadwood counts); :mod:`gin.scoring` prices those facts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product

from gin.cards import (
    LANE,
    RANK_CHARS,
    SUIT_LANE_MASK,
    Card,
    card_of_bit,
    format_cards,
    from_mask,
    hand_mask,
    iter_bits,
)
from gin.melds import (
    MOST_CARDS,
    arrangement_mask,
    deadwood_mask,
    is_meld,
    minimum_arrangements,
    points_of_mask,
)
from gin.rules import HAND_SIZE, KNOCK_LIMIT


def _layoff_choices(defender: int, meld: int) -> list[int]:
    """Each mask of the defender's cards that could be laid off on one meld (0 first).

    A set of three takes its fourth card.  A run takes cards that extend it
    at either end one after another, so the choices are a prefix of the chain
    below times a prefix of the chain above (ace low, nothing above the king).
    """
    lanes = [(meld >> (LANE * lane)) & SUIT_LANE_MASK for lane in range(4)]
    suits = [lane for lane, bits in enumerate(lanes) if bits]
    if len(suits) > 1:  # a set
        if len(suits) == 4:
            return [0]
        rank_bit = lanes[suits[0]]
        fourth = next(rank_bit << (LANE * lane) for lane in range(4) if not lanes[lane])
        return [0, fourth] if defender & fourth else [0]
    lane = suits[0]
    bits = lanes[lane]
    low_rank = (bits & -bits).bit_length() - 1
    high_rank = bits.bit_length() - 1
    below = [0]
    rank = low_rank - 1
    while rank >= 0 and defender >> (LANE * lane + rank) & 1:
        below.append(below[-1] | 1 << (LANE * lane + rank))
        rank -= 1
    above = [0]
    rank = high_rank + 1
    while rank <= 12 and defender >> (LANE * lane + rank) & 1:
        above.append(above[-1] | 1 << (LANE * lane + rank))
        rank += 1
    return [down | up for down in below for up in above]


def best_layoff(defender: int, knocker_melds: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The defender's least deadwood with lay-offs, and the cards laid off on each meld.

    Every combination of per-meld choices is tried; the defender's remaining
    cards are then arranged in their own best melds, so laying off a card that
    sits in one of the defender's melds is considered too.  Combinations that
    lay the same card on two melds are skipped: each has a twin without the
    overlap that removes the same cards.
    """
    best = deadwood_mask(defender)
    best_choice: tuple[int, ...] = tuple(0 for _ in knocker_melds)
    choices = [_layoff_choices(defender, meld) for meld in knocker_melds]
    for combination in product(*choices):
        laid_off = 0
        overlap = False
        for part in combination:
            if laid_off & part:
                overlap = True
                break
            laid_off |= part
        if overlap or not laid_off:
            continue
        value = deadwood_mask(defender & ~laid_off)
        if value < best:
            best, best_choice = value, combination
    return best, best_choice


def deadwood_after_layoff(
    defender_cards: Iterable[Card], knocker_melds: Iterable[Iterable[Card]]
) -> int:
    """The defender's minimum deadwood over every choice of own melds and lay-offs.

    ``knocker_melds`` must be melds (sets or runs), none sharing a card with
    another or with the defender's (at most 11) cards; anything else is a ValueError.
    """
    defender = hand_mask(defender_cards, MOST_CARDS)
    return best_layoff(defender, _separate_melds(knocker_melds, defender))[0]


def _separate_melds(knocker_melds: object, defender: int) -> list[int]:
    """The masks of melds that share no card with each other or with ``defender``."""
    if isinstance(knocker_melds, (str, bytes)) or not isinstance(knocker_melds, Iterable):
        raise ValueError("the knocker's melds must be a collection of melds")
    melds: list[int] = []
    used = defender
    for meld_cards in knocker_melds:
        meld = hand_mask(meld_cards, len(RANK_CHARS))
        if not is_meld(meld):
            raise ValueError(f"not a meld: {format_cards(from_mask(meld)) or 'no cards'}")
        if meld & used:
            shared = format_cards(from_mask(meld & used))
            raise ValueError(f"{shared} cannot be both in a meld and elsewhere")
        used |= meld
        melds.append(meld)
    return melds


@dataclass(frozen=True)
class Showdown:
    """The facts of a hand ended by a knock or gin: what each side showed and laid off.

    What the facts score is decided elsewhere (:func:`gin.scoring.price_showdown`).
    """

    gin: bool
    knocker_melds: tuple[tuple[Card, ...], ...]
    knocker_deadwood_cards: tuple[Card, ...]
    knocker_deadwood: int
    defender_melds: tuple[tuple[Card, ...], ...]
    defender_deadwood_cards: tuple[Card, ...]
    layoffs: tuple[tuple[Card, int], ...]
    """Each card the defender laid off, with the index of the knocker's meld it went on."""
    defender_deadwood: int


def _as_meld_tuples(melds: Iterable[int]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(from_mask(meld)) for meld in melds)


def showdown(
    knocker_cards: Iterable[Card], defender_cards: Iterable[Card], knock_limit: int = KNOCK_LIMIT
) -> Showdown:
    """Lay down both hands after a knock or gin, as RULES.md "End of a hand" says.

    The knocker shows a minimum-deadwood arrangement; among ties, the one that
    leaves the defender the most deadwood after lay-offs.  Against gin the
    defender only melds.  Raises ValueError for hands that cannot knock.
    """
    knocker = hand_mask(knocker_cards, HAND_SIZE)
    defender = hand_mask(defender_cards, HAND_SIZE)
    if knocker.bit_count() != HAND_SIZE or defender.bit_count() != HAND_SIZE:
        raise ValueError(
            f"a showdown needs two hands of {HAND_SIZE} cards, "
            f"got {knocker.bit_count()} and {defender.bit_count()}"
        )
    if knocker & defender:
        shared = " ".join(str(card) for card in from_mask(knocker & defender))
        raise ValueError(f"both hands hold {shared}")
    knocker_deadwood = deadwood_mask(knocker)
    if knocker_deadwood > knock_limit:
        raise ValueError(
            f"the knocker's deadwood is {knocker_deadwood}; knocking needs {knock_limit} or less"
        )

    if knocker_deadwood == 0:
        knocker_melds = arrangement_mask(knocker)
        layoff_deadwood, laid = deadwood_mask(defender), tuple(0 for _ in knocker_melds)
    else:
        candidates = []
        for melds in minimum_arrangements(knocker):
            value, laid_per_meld = best_layoff(defender, melds)
            candidates.append((value, melds, laid_per_meld))
        layoff_deadwood, knocker_melds, laid = max(candidates, key=lambda item: item[0])

    laid_off = 0
    layoffs: list[tuple[Card, int]] = []
    for index, part in enumerate(laid):
        laid_off |= part
        layoffs.extend((card_of_bit(bit), index) for bit in iter_bits(part))
    defender_rest = defender & ~laid_off
    defender_melds = arrangement_mask(defender_rest)
    defender_melded = sum(defender_melds)
    knocker_melded = sum(knocker_melds)
    assert points_of_mask(defender_rest & ~defender_melded) == layoff_deadwood
    return Showdown(
        gin=knocker_deadwood == 0,
        knocker_melds=_as_meld_tuples(knocker_melds),
        knocker_deadwood_cards=tuple(from_mask(knocker & ~knocker_melded)),
        knocker_deadwood=knocker_deadwood,
        defender_melds=_as_meld_tuples(defender_melds),
        defender_deadwood_cards=tuple(from_mask(defender_rest & ~defender_melded)),
        layoffs=tuple(layoffs),
        defender_deadwood=layoff_deadwood,
    )
