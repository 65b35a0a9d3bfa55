"""RULES.md "Cards and melds": what a meld is and a hand's minimum deadwood.

Hand-computed cases first, then a cross-check of the fast tables against an
independent brute-force search on thousands of random hands.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from gin import DECK, Card, best_melds, deadwood, parse_cards
from gin.cards import to_mask
from gin.melds import (
    all_melds_mask,
    arrangement_mask,
    deadwood_mask,
    is_meld,
    melded_mask,
    minimum_arrangements,
)

# --- an independent, naive reference -----------------------------------------------------


def naive_is_meld(group: list[Card]) -> bool:
    if len(group) < 3:
        return False
    if len({card.rank for card in group}) == 1:
        return len(group) <= 4  # a set; four suits only, so distinct cards suffice
    if len({card.suit for card in group}) != 1:
        return False
    ranks = sorted(card.rank for card in group)  # ace is 1: low only, nothing wraps
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def naive_melds(hand: list[Card]) -> list[frozenset[Card]]:
    """Every meld in ``hand``, by trying every subset of 3 or more cards that could be one."""
    melds = []
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[str, list[Card]] = {}
    for card in hand:
        by_rank.setdefault(card.rank, []).append(card)
        by_suit.setdefault(card.suit, []).append(card)
    for group in by_rank.values():
        for size in (3, 4):
            melds += [frozenset(c) for c in combinations(group, size) if naive_is_meld(list(c))]
    for group in by_suit.values():
        for size in range(3, len(group) + 1):
            melds += [frozenset(c) for c in combinations(group, size) if naive_is_meld(list(c))]
    return melds


def naive_deadwood(hand: list[Card]) -> int:
    """Minimum unmelded value over every set of pairwise disjoint melds."""
    melds = naive_melds(hand)
    total = sum(card.points for card in hand)
    best = total

    def search(index: int, used: frozenset[Card], melded: int) -> None:
        nonlocal best
        best = min(best, total - melded)
        for position in range(index, len(melds)):
            meld = melds[position]
            if not meld & used:
                search(position + 1, used | meld, melded + sum(c.points for c in meld))

    search(0, frozenset(), 0)
    return best


def value(text: str) -> int:
    return deadwood(parse_cards(text))


# --- hand-computed cases -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("AS 2S 3S", 0),  # ace-low run
        ("QS KS AS", 21),  # Q-K-A is not a run: 10 + 10 + 1
        ("KS AS 2S", 13),  # nothing wraps around
        ("JH QH KH", 0),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H TH", 0),
        ("7S 7H 7D", 0),  # a set of three
        ("7S 7H 7D 7C", 0),  # a set of four
        ("7S 7H", 14),
        ("5S 6S 7H", 18),  # not one suit
        ("5S 6S 8S", 19),  # a gap is not a run
        ("AS AH AD 2S 3S", 2),  # AS in the run leaves AH AD (2); in the set, 2S 3S (5)
        ("AS AH AD 2S 3S 4S", 0),  # set AS AH AD + run 2S 3S 4S
        ("KS KH KD KC QS JS", 0),  # KH KD KC set + JS QS KS run
        ("9D TD JD QD KD", 0),
        ("AC 2C 3C KC", 10),
        ("AS 2S 3S 4S 5S 5H 5D", 0),  # 5S shared: run A-4 + set of three fives
        ("5S 6S 7S 7H 7D", 11),  # 7S in the run leaves 7H 7D (14); in the set, 5S 6S (11)
        ("6H 7H 8H 7S 7D", 14),  # equal either way: 6H+8H = 7S+7D = 14
        ("TS JS QS KS", 0),
        ("2D 3D 4D 4S 4H 5D 6D", 8),  # run 2-6D leaves 4S 4H (8); the set, 2D 3D 5D 6D
        ("3S 4S 5S 3H 4H 5H 3D 4D 5D KC", 10),  # three runs or three sets, KC left
    ],
)
def test_hand_computed_deadwood(hand: str, expected: int) -> None:
    cards = parse_cards(hand)
    assert deadwood(cards) == expected
    assert naive_deadwood(cards) == expected


def test_set_versus_run_conflict_picks_the_cheaper_side() -> None:
    # 9H in the run 9H TH JH leaves 9S 9C (18); in the set 9S 9H 9C it leaves TH JH (20).
    assert value("9S 9H 9C TH JH") == 18
    melds, left = best_melds(parse_cards("9S 9H 9C TH JH"))
    assert [str(c) for c in left] == ["9S", "9C"]
    # 2H in the run AH 2H 3H leaves 2S 2C (4); in the set 2S 2H 2C it leaves AH 3H (4): a tie.
    assert value("2S 2H 2C AH 3H") == 4


def test_a_card_belongs_to_at_most_one_meld() -> None:
    # 5S could complete both the run 3S 4S 5S and the set 5S 5H 5D, but not both at once.
    assert value("3S 4S 5S 5H 5D") == 7  # set: 3S + 4S left; run: 5H + 5D = 10 left
    # Four of a kind: one card can go to a run while three stay a set.
    assert value("7S 7H 7D 7C 8C 9C") == 0
    assert value("7S 7H 7D 7C 8C 9C 8S") == 8


def test_all_melds_mask_and_is_meld() -> None:
    hand = parse_cards("AS 2S 3S 4S 4H 4D")
    melds = all_melds_mask(to_mask(hand))
    # runs A-3, 2-4, A-4 and the set 4S 4H 4D
    assert len(melds) == 4
    assert all(is_meld(meld) for meld in melds)
    assert is_meld(to_mask(parse_cards("QS KS JS")))
    assert not is_meld(to_mask(parse_cards("QS KS AS")))
    assert not is_meld(to_mask(parse_cards("7S 7H")))
    assert not is_meld(to_mask(parse_cards("7S 8H 9S")))
    assert not is_meld(to_mask(parse_cards("7S 7H 7D 8S")))


def test_best_melds_splits_a_run_touching_a_set_correctly() -> None:
    """Regression: 5S-8S with 8H 8D was once cut into a four-card run and the pair 8H 8D."""
    hand = parse_cards("5S 6S 7S 8S 8H 8D TC JC QC KC")
    melds, left = best_melds(hand)
    assert left == []
    assert all(naive_is_meld(meld) for meld in melds)
    assert sorted(map(str, (c for meld in melds for c in meld))) == sorted(map(str, hand))
    hand = parse_cards("3S 4S 5S 3H 4H 5H 3D 4D 5D KC")
    melds, left = best_melds(hand)
    assert [str(c) for c in left] == ["KC"]
    assert all(naive_is_meld(meld) for meld in melds)
    assert all(is_meld(meld) for meld in arrangement_mask(to_mask(hand)))


def test_minimum_arrangements_lists_every_tie() -> None:
    hand = to_mask(parse_cards("6H 7H 8H 7S 7D"))
    ties = minimum_arrangements(hand)
    assert len(ties) == 2  # the run 6-8H or the set of sevens
    assert all(len(melds) == 1 and is_meld(melds[0]) for melds in ties)


def test_deadwood_rejects_repeated_cards() -> None:
    with pytest.raises(ValueError):
        deadwood([Card.parse("AS"), Card.parse("AS"), Card.parse("2S")])


# --- brute-force cross-check ---------------------------------------------------------------


def _check_hand(hand: list[Card]) -> None:
    expected = naive_deadwood(hand)
    assert deadwood(hand) == expected, hand
    assert deadwood_mask(to_mask(hand)) == expected, hand
    melds, left = best_melds(hand)
    shown = [card for meld in melds for card in meld]
    assert len(shown) == len(set(shown)), f"a card in two melds: {hand}"
    assert all(naive_is_meld(meld) for meld in melds), (hand, melds)
    assert sorted(shown + left) == sorted(hand)
    assert sum(card.points for card in left) == expected
    mask = to_mask(hand)
    assert sum(arrangement_mask(mask)) == melded_mask(mask)


def _random_hands(rng: random.Random, pool: list[Card], size: int, count: int) -> list[list[Card]]:
    return [rng.sample(pool, size) for _ in range(count)]


def test_deadwood_matches_brute_force_on_random_hands() -> None:
    rng = random.Random(20240611)
    full = list(DECK)
    # a small pool of ranks makes sets and runs, and their conflicts, common
    dense = [card for card in DECK if card.rank <= 6]
    faces = [card for card in DECK if card.rank >= 8]
    two_suits = [card for card in DECK if card.suit in "SH"]
    hands = (
        _random_hands(rng, full, 10, 1500)
        + _random_hands(rng, full, 11, 1000)
        + _random_hands(rng, dense, 10, 800)
        + _random_hands(rng, dense, 11, 800)
        + _random_hands(rng, faces, 10, 400)
        + _random_hands(rng, two_suits, 11, 400)
    )
    for hand in hands:
        _check_hand(hand)


def test_small_hands_match_brute_force() -> None:
    rng = random.Random(7)
    pool = [card for card in DECK if card.rank in (1, 2, 3, 4, 12, 13)]
    for size in range(0, 10):
        for hand in _random_hands(rng, pool, size, 60):
            _check_hand(hand)
