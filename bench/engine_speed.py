"""Engine speed: the hot paths of the rules engine, as medians over several repeats.

Run from the repository root::

    python3 bench/engine_speed.py [--hands 20000] [--repeats 7]

Prints microseconds per call for ``gin.deadwood`` (fresh random 10-card hands;
target: 5 µs or less in CPython), ``deadwood_mask``, ``best_melds`` and
``score_hand`` (per showdown), and full random-policy hands per second through
``gin.Game``.  If OpenSpiel's ``pyspiel`` can be imported, its
``GinRummyUtils.min_deadwood`` is timed on the same hands and checked to agree.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gin  # noqa: E402
from gin.actions import ActionKind  # noqa: E402
from gin.cards import to_mask  # noqa: E402
from gin.melds import _SET_CHOICES_CACHE, deadwood_mask  # noqa: E402

TARGET_DEADWOOD_US = 5.0


def median_time(run: Callable[[], object], repeats: int) -> float:
    """The median wall time of ``run()`` in seconds over ``repeats`` runs.

    The deadwood cache (hands holding three or four of a rank) is emptied before
    each run, so every hand is timed as a fresh one.
    """
    times = []
    for _ in range(repeats):
        _SET_CHOICES_CACHE.clear()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def random_hands(rng: random.Random, count: int, size: int = 10) -> list[list[gin.Card]]:
    deck = list(gin.DECK)
    return [rng.sample(deck, size) for _ in range(count)]


def play_hand(game: gin.Game, rng: random.Random) -> None:
    """One hand of random legal play that knocks (or goes gin) whenever it may."""
    number = game.hand_number
    while not game.over and game.hand_number == number:
        legal = game.legal_actions()
        ending = [a for a in legal if a.kind in (ActionKind.KNOCK, ActionKind.GIN)]
        game.apply(rng.choice(ending or legal))


def showdown_pairs(rng: random.Random, count: int) -> list[tuple[tuple, tuple]]:
    """(knocker, defender) hands from real knocks in random play."""
    pairs: list[tuple[tuple, tuple]] = []
    seed = 0
    while len(pairs) < count:
        game = gin.Game(seed=seed, rules=gin.Rules(target=10_000))
        seed += 1
        for _ in range(20):
            play_hand(game, rng)
            result = game.hand_results[-1]
            if result.knocker is not None:
                pairs.append((result.hands[result.knocker], result.hands[1 - result.knocker]))
    return pairs[:count]


def bench_openspiel(hands: list[list[gin.Card]], repeats: int) -> None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print("openspiel: pyspiel not installed, comparison skipped")
        return
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    to_int = {}
    for number in range(52):
        text = utils.card_string(number)  # e.g. "As", "Tc"
        to_int[gin.Card.parse(text)] = number
    int_hands = [[to_int[card] for card in hand] for hand in hands]
    mismatches = sum(
        utils.min_deadwood(ints) != gin.deadwood(hand)
        for ints, hand in zip(int_hands, hands, strict=True)
    )
    spent = median_time(lambda: [utils.min_deadwood(ints) for ints in int_hands], repeats)
    print(
        f"openspiel GinRummyUtils.min_deadwood: {spent / len(hands) * 1e6:8.2f} µs/hand "
        f"(C++ via pybind11; {mismatches} disagreements with gin.deadwood on {len(hands)} hands)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000, help="random hands per timing")
    parser.add_argument("--repeats", type=int, default=7, help="repeats (the median is shown)")
    parser.add_argument("--games", type=int, default=300, help="full hands played for hands/s")
    args = parser.parse_args()
    rng = random.Random(2024)
    hands = random_hands(rng, args.hands)
    masks = [to_mask(hand) for hand in hands]
    count = len(hands)
    print(
        f"Python {sys.version.split()[0]}, {count} fresh random 10-card hands, "
        f"median of {args.repeats} repeats"
    )

    def per_hand(label: str, run: Callable[[], object], note: str = "") -> float:
        micro = median_time(run, args.repeats) / count * 1e6
        print(f"{label:<40} {micro:8.2f} µs/hand{note}")
        return micro

    deadwood = gin.deadwood
    spent = per_hand("gin.deadwood(cards)", lambda: [deadwood(hand) for hand in hands])
    verdict = "meets" if spent <= TARGET_DEADWOOD_US else "MISSES"
    print(f"{'':<40} ({verdict} the {TARGET_DEADWOOD_US:g} µs target)")
    per_hand("gin.melds.deadwood_mask(mask)", lambda: [deadwood_mask(mask) for mask in masks])
    best_melds = gin.best_melds
    per_hand("gin.best_melds(cards)", lambda: [best_melds(hand) for hand in hands])

    pairs = showdown_pairs(rng, 500)
    score_hand = gin.score_hand
    spent = median_time(lambda: [score_hand(k, d) for k, d in pairs], args.repeats)
    print(f"{'gin.score_hand(knocker, defender)':<40} {spent / len(pairs) * 1e6:8.2f} µs/showdown")

    def full_hands() -> None:
        game = gin.Game(seed=1, rules=gin.Rules(target=10_000))
        play_rng = random.Random(1)
        for _ in range(args.games):
            play_hand(game, play_rng)

    spent = median_time(full_hands, max(3, args.repeats // 2))
    print(f"{'full random-policy hands through Game':<40} {args.games / spent:8.0f} hands/s")
    bench_openspiel(hands[:5000], args.repeats)


if __name__ == "__main__":
    main()
