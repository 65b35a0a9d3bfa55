"""RULES.md "End of a hand": the knocker's arrangement, lay-offs, and the showdown facts."""

from __future__ import annotations

import random
from functools import cache

import pytest

from gin import DECK, Card, deadwood, deadwood_after_layoff, parse_cards, score_hand
from gin.showdown import showdown
from tests.test_melds import naive_deadwood, naive_is_meld

p = parse_cards


def codes(cards) -> list[str]:
    return [str(card) for card in cards]


# --- lay-offs, hand-computed ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("defender", "melds", "expected"),
    [
        # the fourth card of a three-card set
        ("7C KS", ["7S 7H 7D"], 10),
        # a set of four takes nothing more (and no fifth card exists)
        ("KS", ["7S 7H 7D 7C"], 10),
        # run extended at the low end and at the high end, in the same lay-off
        ("4H 8H KS", ["5H 6H 7H"], 10),
        # chained: 8H, then 9H, on 5H 6H 7H
        ("8H 9H KS", ["5H 6H 7H"], 10),
        # chained downward: 4H then 3H
        ("3H 4H KS", ["5H 6H 7H"], 10),
        # a gap stops the chain: 9H cannot go on without 8H
        ("9H TH KS", ["5H 6H 7H"], 29),
        # nothing above the king: AH does not go on J-Q-K
        ("AH", ["JH QH KH"], 1),
        # ace low: AH goes below 2H 3H 4H
        ("AH 9S", ["2H 3H 4H"], 9),
        # ...and no wrap-around from the ace to the king
        ("KH", ["AH 2H 3H"], 10),
        # a card of the wrong suit does not extend a run
        ("8S", ["5H 6H 7H"], 8),
        # one card, two melds it fits: laid off once
        ("8H KS", ["5H 6H 7H", "8S 8D 8C"], 10),
        # against several melds at once
        ("7C 8H 4D 5D 3S", ["7S 7H 7D", "9H TH JH", "AD 2D 3D"], 3),
    ],
)
def test_layoffs(defender: str, melds: list[str], expected: int) -> None:
    defender_cards = p(defender)
    knocker_melds = [p(meld) for meld in melds]
    used = {c for m in knocker_melds for c in m}
    assert not used & set(defender_cards)
    assert deadwood_after_layoff(defender_cards, knocker_melds) == expected
    assert naive_layoff(defender_cards, knocker_melds) == expected


def test_defender_breaks_own_meld_when_laying_off_is_better() -> None:
    # The defender's set 5S 5H 5D and stray 6H: keeping the set leaves 6H (6); laying off
    # 5S on 2S-4S and 5H, 6H on 2H-4H leaves only 5D (5).
    knocker = p("2H 3H 4H 2S 3S 4S JC QC KC AD")
    defender = p("5S 5H 5D 6H 9C 9D 9S TD JD QD")
    assert deadwood(defender) == 6
    score = score_hand(knocker, defender)
    assert score.showdown.defender_deadwood == 5
    assert (score.kind, score.points) == ("knock", 4)
    assert sorted(codes(card for card, _ in score.showdown.layoffs)) == ["5H", "5S", "6H"]
    assert codes(score.showdown.defender_deadwood_cards) == ["5D"]


def test_defender_keeps_own_meld_when_laying_off_is_worse() -> None:
    # 8C could go on the knocker's 8S 8H 8D, but it is in the defender's run 6C 7C 8C.
    knocker = p("8S 8H 8D AS 2S 3S JH QH KH 4D")
    defender = p("6C 7C 8C 9D TD JD 2C 5H 6H KS")
    score = score_hand(knocker, defender)
    assert score.showdown.layoffs == ()
    assert score.showdown.defender_deadwood == 2 + 5 + 6 + 10


def test_no_layoffs_against_gin() -> None:
    knocker = p("AS 2S 3S 4S 7H 7D 7C JC QC KC")
    # 5S, 7S and TC would all lay off against a knock, but not against gin
    defender = p("5S 7S TC 2H 2D 9H 9D 3H 6D 8D")
    assert deadwood(knocker) == 0
    score = score_hand(knocker, defender)
    facts = score.showdown
    assert facts.gin and facts.layoffs == ()
    assert facts.defender_deadwood == 61
    assert (score.kind, score.winner, score.points) == ("gin", "knocker", 25 + 61)
    assert all(naive_is_meld(meld) for meld in facts.knocker_melds)
    # the same defender against a knock would have laid off 22 points
    assert deadwood_after_layoff(defender, facts.knocker_melds) == 61 - 5 - 7 - 10


def test_gin_melds_are_valid_when_a_run_touches_a_set() -> None:
    """Regression: gin with 5S-7S and 8S 8H 8D once showed the 'meld' 8H 8D."""
    knocker = p("5S 6S 7S 8S 8H 8D TC JC QC KC")
    facts = showdown(knocker, p("AH 2H 3D 4C 9S 9H 2D 4D 6D 6H"))
    assert facts.gin
    assert all(naive_is_meld(meld) for meld in facts.knocker_melds)
    assert sorted(c for meld in facts.knocker_melds for c in meld) == sorted(knocker)
    assert all(naive_is_meld(meld) for meld in facts.defender_melds)


# --- the knocker's arrangement: ties go against the defender -------------------------------

# 3H can be in the run 2H 3H 4H (leaving 3S 3D, 6) or in the set 3S 3H 3D (leaving 2H 4H, 6).
TIE_KNOCKER = "2H 3H 4H 3S 3D 9C TC JC QC KC"


def test_tie_break_shows_the_set_when_the_defender_could_extend_the_run() -> None:
    defender = p("5H 6H 9S 9D KS KD 2S 5S 8D 6C")  # no melds: 70
    facts = showdown(p(TIE_KNOCKER), defender)
    assert facts.knocker_deadwood == 6
    assert sorted(codes(facts.knocker_deadwood_cards)) == ["2H", "4H"]
    assert ("3S", "3H", "3D") in [tuple(codes(m)) for m in facts.knocker_melds]
    assert facts.layoffs == ()
    assert facts.defender_deadwood == 70  # not 59, as it would be against the run
    assert score_hand(p(TIE_KNOCKER), defender).points == 64


def test_tie_break_shows_the_run_when_the_defender_holds_the_fourth_three() -> None:
    defender = p("3C 9S 9D KS KD 2S 5S 8D 6C AD")  # no melds: 63
    facts = showdown(p(TIE_KNOCKER), defender)
    assert sorted(codes(facts.knocker_deadwood_cards)) == ["3D", "3S"]
    assert ("2H", "3H", "4H") in [tuple(codes(m)) for m in facts.knocker_melds]
    assert facts.layoffs == ()
    assert facts.defender_deadwood == 63  # not 60, as it would be against the set
    assert score_hand(p(TIE_KNOCKER), defender).points == 57


# --- showdown validation and facts ---------------------------------------------------------


def test_showdown_rejects_a_knock_over_ten() -> None:
    with pytest.raises(ValueError, match="10 or less"):
        score_hand(p("AS 2S 3S 7H 7D 7C JC QC 9C 2D"), p("5S 6H 9S 9D KS KD 2H 5D 8D 6C"))
    # exactly ten is a legal knock
    assert score_hand(p("AS 2S 3S 7H 7D 7C JC QC KC TD"), p("5S 6H 9S 9D KS KH 2H 5D 8D 6C"))


def test_showdown_rejects_bad_hands() -> None:
    with pytest.raises(ValueError, match="10 cards"):
        showdown(p("AS 2S 3S"), p("5S 6H 9S 9D KS KD 2H 5D 8D 6C"))
    with pytest.raises(ValueError, match="both hands hold"):
        showdown(p("AS 2S 3S 7H 7D 7C JC QC KC TD"), p("AS 6H 9S 9D KS KH 2H 5D 8D 6C"))


def test_showdown_facts_are_consistent() -> None:
    knocker = p("2H 3H 4H 2S 3S 4S JC QC KC AD")
    defender = p("5S 5H 5D 6H 9C 9D 9S TD JD QD")
    facts = showdown(knocker, defender)
    shown = [c for m in facts.knocker_melds for c in m] + list(facts.knocker_deadwood_cards)
    assert sorted(shown) == sorted(knocker)
    rest = [c for m in facts.defender_melds for c in m] + list(facts.defender_deadwood_cards)
    laid = [card for card, _ in facts.layoffs]
    assert sorted(rest + laid) == sorted(defender)
    assert sum(c.points for c in facts.defender_deadwood_cards) == facts.defender_deadwood
    for _card, index in facts.layoffs:
        assert 0 <= index < len(facts.knocker_melds)
    assert facts.defender_deadwood == 5 and facts.knocker_deadwood == 1
    run = next(i for i, meld in enumerate(facts.knocker_melds) if set(meld) == set(p("2H 3H 4H")))
    assert (Card.parse("6H"), run) in facts.layoffs


# --- brute force: lay-offs simulated card by card ------------------------------------------


def _fits(card: Card, meld: frozenset[Card]) -> bool:
    """Whether one card may be laid on a meld as it stands (a set of 3, or either run end)."""
    ranks = {c.rank for c in meld}
    if len(ranks) == 1:
        return len(meld) == 3 and card.rank in ranks
    suit = next(iter(meld)).suit
    return card.suit == suit and card.rank in (min(ranks) - 1, max(ranks) + 1)


def naive_layoff(defender: list[Card], knocker_melds: list[list[Card]]) -> int:
    """Try every sequence of single-card lay-offs; the best remaining hand's deadwood."""

    @cache
    def search(hand: frozenset[Card], melds: tuple[frozenset[Card], ...]) -> int:
        best = naive_deadwood(sorted(hand))
        for card in hand:
            for index, meld in enumerate(melds):
                if _fits(card, meld):
                    grown = (*melds[:index], meld | {card}, *melds[index + 1 :])
                    best = min(best, search(hand - {card}, grown))
        return best

    return search(frozenset(defender), tuple(frozenset(m) for m in knocker_melds))


def _random_meld(rng: random.Random, free: set[Card]) -> list[Card] | None:
    if rng.random() < 0.4:
        rank = rng.randint(1, 13)
        group = [c for c in free if c.rank == rank]
        size = rng.choice((3, 3, 4))
        return rng.sample(group, size) if len(group) >= size else None
    suit = rng.choice("SHDC")
    length = rng.choice((3, 3, 4, 5))
    start = rng.randint(1, 14 - length)
    run = [Card(rank, suit) for rank in range(start, start + length)]
    return run if all(c in free for c in run) else None


def test_deadwood_after_layoff_matches_brute_force() -> None:
    rng = random.Random(99)
    checked = 0
    while checked < 600:
        free = set(DECK)
        melds: list[list[Card]] = []
        for _ in range(rng.randint(1, 3)):
            meld = _random_meld(rng, free)
            if meld:
                melds.append(meld)
                free -= set(meld)
        if not melds:
            continue
        # defenders near the knocker's melds, so that lay-offs (and chains) are common
        near = [
            c
            for c in free
            if any(
                abs(c.rank - m.rank) <= 2 and (c.suit == m.suit or c.rank == m.rank)
                for meld in melds
                for m in meld
            )
        ]
        pool = near if len(near) >= 8 and rng.random() < 0.8 else sorted(free)
        defender = rng.sample(sorted(pool), rng.randint(3, min(8, len(pool))))
        assert deadwood_after_layoff(defender, melds) == naive_layoff(defender, melds), (
            defender,
            melds,
        )
        checked += 1


def naive_min_arrangements(hand: list[Card]) -> list[list[frozenset[Card]]]:
    """Every arrangement of disjoint melds leaving the minimum deadwood (naively)."""
    from tests.test_melds import naive_melds

    melds = naive_melds(hand)
    total = sum(c.points for c in hand)
    found: list[tuple[int, list[frozenset[Card]]]] = []

    def search(index: int, used: frozenset[Card], chosen: list[frozenset[Card]]) -> None:
        found.append((total - sum(c.points for c in used), list(chosen)))
        for position in range(index, len(melds)):
            if not melds[position] & used:
                search(position + 1, used | melds[position], [*chosen, melds[position]])

    search(0, frozenset(), [])
    best = min(value for value, _ in found)
    return [chosen for value, chosen in found if value == best]


def test_knocker_arrangement_matches_brute_force() -> None:
    """K is the least deadwood; D is the most the defender can be left with over the ties."""
    rng = random.Random(5)
    checked = 0
    while checked < 150:
        free = set(DECK)
        knocker: list[Card] = []
        while len(knocker) < 10:
            meld = _random_meld(rng, free)
            if meld and len(knocker) + len(meld) <= 10:
                knocker += meld
                free -= set(meld)
            elif len(knocker) >= 7:
                low = [c for c in free if c.points <= 3]
                card = rng.choice(sorted(low))
                knocker.append(card)
                free.discard(card)
        if deadwood(knocker) > 10:
            continue
        near = sorted(c for c in free if any(abs(c.rank - k.rank) <= 1 for k in knocker))
        defender = rng.sample(near if len(near) >= 10 else sorted(free), 10)
        facts = showdown(knocker, defender)
        ties = naive_min_arrangements(knocker)
        assert facts.knocker_deadwood == naive_deadwood(knocker)
        if facts.gin:
            assert facts.defender_deadwood == naive_deadwood(defender)
        else:
            expected = max(naive_layoff(defender, [sorted(m) for m in tie]) for tie in ties)
            assert facts.defender_deadwood == expected, (knocker, defender)
        shown = {frozenset(meld) for meld in facts.knocker_melds}
        assert any(shown == set(tie) for tie in ties)
        checked += 1
