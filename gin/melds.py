"""Melds and deadwood: the hot path of the engine and of every AI decision.

How it is fast (docs/DESIGN.md, "Deadwood"): runs live inside one suit, so for
each of the 8192 possible sets of ranks in a suit we precompute, once at
import, the least deadwood that runs alone leave (``_RUN_DEADWOOD``) and which
ranks those runs use (``_RUN_MELDED``).  Sets are the only thing that links
suits; a hand has at most three ranks held three or four times, so we try
every way of taking those sets (or not) and add four table lookups for each.
Most hands have no such rank at all and cost exactly four lookups.

Exact enumeration of all arrangements (:func:`arrangements`) is kept for the
places that need every tie, such as the knocker's choice at a showdown.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations

from gin.cards import LANE, SUIT_LANE_MASK, Card, from_mask, hand_mask
from gin.rules import HAND_SIZE

_LANES = 4
MOST_CARDS = HAND_SIZE + 1
"""The most cards the public hand functions take: a hand after its draw."""
_RANK_POINTS = tuple(min(rank, 10) for rank in range(1, 14))


def _build_run_tables() -> tuple[list[int], list[int]]:
    """For every 13-bit rank set of one suit: least deadwood with runs only, and the ranks used.

    The lowest rank present is either deadwood or the start of a run of
    length 3..n, which gives a recurrence over smaller masks.
    """
    size = 1 << 13
    deadwood = [0] * size
    melded = [0] * size
    for mask in range(1, size):
        low = mask & -mask
        position = low.bit_length() - 1
        best = deadwood[mask ^ low] + _RANK_POINTS[position]
        best_melded = melded[mask ^ low]
        run = low
        length = 1
        while position + length < 13 and mask >> (position + length) & 1:
            run |= 1 << (position + length)
            length += 1
            if length >= 3 and deadwood[mask ^ run] < best:
                best = deadwood[mask ^ run]
                best_melded = melded[mask ^ run] | run
        deadwood[mask] = best
        melded[mask] = best_melded
    return deadwood, melded


_RUN_DEADWOOD, _RUN_MELDED = _build_run_tables()

_SET_CHOICES_CACHE: dict[int, int] = {}
_CACHE_LIMIT = 1 << 17
_RANK_IN_EVERY_LANE = sum(1 << (LANE * lane) for lane in range(_LANES))
_SET_OPTIONS: dict[int, tuple[int, ...]] = {}
"""The set choices by the cards held of the ranks held three or more times.

Those cards alone decide the choices, and a hand of at most 11 cards has at
most three such ranks, so there are a few tens of thousands of keys at most:
the cache needs no limit.
"""


def _set_options(mask: int, ranks_held_thrice: int) -> tuple[int, ...]:
    """Every way of taking sets from the ranks held at least three times, as masks of their cards.

    The empty choice comes first.  For a rank held four times the choices are
    no set, the four-card set, or any of the four three-card sets (leaving the
    fourth card free for a run).
    """
    key = mask & ranks_held_thrice * _RANK_IN_EVERY_LANE
    cached = _SET_OPTIONS.get(key)
    if cached is not None:
        return cached
    options = [0]
    rest = ranks_held_thrice
    while rest:
        rank_bit = rest & -rest
        rest ^= rank_bit
        held = [
            rank_bit << (LANE * lane)
            for lane in range(_LANES)
            if mask & (rank_bit << (LANE * lane))
        ]
        sets = [
            sum(group) for size in range(3, len(held) + 1) for group in combinations(held, size)
        ]
        options = [chosen | meld for chosen in options for meld in (0, *sets)]
    result = _SET_OPTIONS[key] = tuple(options)
    return result


def _lanes(mask: int) -> tuple[int, int, int, int]:
    return (
        mask & SUIT_LANE_MASK,
        (mask >> 16) & SUIT_LANE_MASK,
        (mask >> 32) & SUIT_LANE_MASK,
        (mask >> 48) & SUIT_LANE_MASK,
    )


def deadwood_mask(mask: int) -> int:
    """Minimum deadwood of the cards in a hand mask (see :mod:`gin.cards` for the layout)."""
    table = _RUN_DEADWOOD
    a = mask & 0x1FFF
    b = (mask >> 16) & 0x1FFF
    c = (mask >> 32) & 0x1FFF
    d = (mask >> 48) & 0x1FFF
    thrice = (a & b & (c | d)) | (c & d & (a | b))
    if not thrice:
        return table[a] + table[b] + table[c] + table[d]
    cached = _SET_CHOICES_CACHE.get(mask)
    if cached is not None:
        return cached
    best = 1 << 30
    for chosen in _set_options(mask, thrice):
        rest = mask & ~chosen
        value = (
            table[rest & 0x1FFF]
            + table[(rest >> 16) & 0x1FFF]
            + table[(rest >> 32) & 0x1FFF]
            + table[(rest >> 48) & 0x1FFF]
        )
        if value < best:
            best = value
    if len(_SET_CHOICES_CACHE) >= _CACHE_LIMIT:
        _SET_CHOICES_CACHE.clear()
    _SET_CHOICES_CACHE[mask] = best
    return best


def _best_sets(mask: int) -> int:
    """The cards one minimum-deadwood arrangement puts in sets (runs then take the rest)."""
    lanes = _lanes(mask)
    thrice = (lanes[0] & lanes[1] & (lanes[2] | lanes[3])) | (
        lanes[2] & lanes[3] & (lanes[0] | lanes[1])
    )
    if not thrice:
        return 0
    table = _RUN_DEADWOOD
    best_value = 1 << 30
    best_sets = 0
    # The four lanes' run deadwood is written out here as in the cached search above, not
    # called: this is the inner loop of Hard's sampled showdowns.
    for chosen in _set_options(mask, thrice):
        rest = mask & ~chosen
        value = (
            table[rest & 0x1FFF]
            + table[(rest >> 16) & 0x1FFF]
            + table[(rest >> 32) & 0x1FFF]
            + table[(rest >> 48) & 0x1FFF]
        )
        if value < best_value:
            best_value, best_sets = value, chosen
    return best_sets


def _runs_melded(mask: int) -> int:
    """The cards that the best runs of each suit of ``mask`` use."""
    melded = 0
    for lane, bits in enumerate(_lanes(mask)):
        melded |= _RUN_MELDED[bits] << (LANE * lane)
    return melded


def melded_mask(mask: int) -> int:
    """The cards that one minimum-deadwood arrangement puts in melds (the rest is deadwood)."""
    sets = _best_sets(mask)
    return sets | _runs_melded(mask & ~sets)


def arrangement_mask(mask: int) -> list[int]:
    """The melds of one minimum-deadwood arrangement: runs suit by suit, then sets by rank.

    Runs of one suit that touch are shown as one longer run (still a run).
    """
    sets = _best_sets(mask)
    runs = _runs_melded(mask & ~sets)
    melds: list[int] = []
    for lane in range(_LANES):
        bits = (runs >> (LANE * lane)) & SUIT_LANE_MASK
        while bits:
            low = bits & -bits
            segment = bits & ~(bits + low)  # the consecutive ranks from ``low`` up
            melds.append(segment << (LANE * lane))
            bits ^= segment
    for rank in range(13):
        group = sets & (_RANK_IN_EVERY_LANE << rank)
        if group:
            melds.append(group)
    return melds


def points_of_mask(mask: int) -> int:
    """The deadwood value of every card in ``mask`` counted as unmelded."""
    return sum(_lane_points(lane) for lane in _lanes(mask))


def _lane_points(lane: int) -> int:
    total = 0
    while lane:
        low = lane & -lane
        total += _RANK_POINTS[low.bit_length() - 1]
        lane ^= low
    return total


def deadwood(cards: Iterable[Card]) -> int:
    """Minimum deadwood over all meld arrangements of at most 11 distinct cards."""
    return deadwood_mask(hand_mask(cards, MOST_CARDS))


# --- Exact enumeration (showdowns, lay-offs, tests) ---------------------------------------


def all_melds_mask(mask: int) -> list[int]:
    """Every meld (set of 3 or 4, run of 3+) that can be formed from the cards in ``mask``."""
    melds: list[int] = []
    lanes = _lanes(mask)
    for rank in range(13):
        held = [1 << (LANE * lane + rank) for lane in range(_LANES) if lanes[lane] >> rank & 1]
        for size in range(3, len(held) + 1):
            melds.extend(sum(group) for group in combinations(held, size))
    for lane, bits in enumerate(lanes):
        for start in range(13):
            run = 0
            for end in range(start, 13):
                if not bits >> end & 1:
                    break
                run |= 1 << end
                if end - start >= 2:
                    melds.append(run << (LANE * lane))
    return melds


def arrangements(mask: int) -> Iterator[tuple[list[int], int]]:
    """Every arrangement of disjoint melds as (melds, deadwood), including the empty one.

    Melds are tried in a fixed order and each arrangement is produced once.
    """
    melds = all_melds_mask(mask)
    total = points_of_mask(mask)

    def extend(
        start: int, used: int, chosen: list[int], value: int
    ) -> Iterator[tuple[list[int], int]]:
        yield list(chosen), value
        for index in range(start, len(melds)):
            meld = melds[index]
            if meld & used:
                continue
            chosen.append(meld)
            yield from extend(index + 1, used | meld, chosen, value - points_of_mask(meld))
            chosen.pop()

    yield from extend(0, 0, [], total)


def minimum_arrangements(mask: int) -> list[list[int]]:
    """All meld arrangements that leave the minimum deadwood (ties matter at a showdown)."""
    best = deadwood_mask(mask)
    return [melds for melds, value in arrangements(mask) if value == best]


def best_melds(cards: Iterable[Card]) -> tuple[list[list[Card]], list[Card]]:
    """One minimum-deadwood arrangement of at most 11 cards: (melds as card lists, the rest)."""
    mask = hand_mask(cards, MOST_CARDS)
    melds = arrangement_mask(mask)
    return [from_mask(meld) for meld in melds], from_mask(mask & ~sum(melds))


def is_meld(mask: int) -> bool:
    """Whether the cards of ``mask`` form one set or one run."""
    count = mask.bit_count()
    if count < 3:
        return False
    lanes = [lane for lane in _lanes(mask) if lane]
    if len(lanes) == 1:
        shifted = lanes[0] // (lanes[0] & -lanes[0])
        return shifted & (shifted + 1) == 0
    return count <= 4 and all(lane == lanes[0] and lane.bit_count() == 1 for lane in lanes)
