"""A solitaire gin race: how fast Hard's discards reach gin, with no opponent in the way.

    python bench/gin_race.py --deals 600 --seed 1 --loose-weights 0 30

Every deal is played once per loose weight (:data:`gin.ai.hard.LOOSE_WEIGHT`): ten cards,
then a stock draw and Hard's discard (its evaluator, with samples of an unseen opponent
hand, as against a patient player) until the hand is gin or ``--draws`` are made.  The
stock's order is the same for every weight and never depends on the discards, so the
weights are compared on the very same cards, with far less noise than an arena match.
It prints the share of deals gone gin within 10, 12, ..., 20 draws and the mean deadwood
of the hands still playing after 6 and 10 draws: against a patient opponent the hand is a
gin race (docs/DESIGN.md), but a knocker still makes high deadwood cost.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gin.ai.hard import Evaluator, sample_opponent  # noqa: E402
from gin.ai.knowledge import FULL_DECK, Knowledge  # noqa: E402
from gin.cards import DECK, from_mask, to_mask  # noqa: E402
from gin.melds import deadwood_mask  # noqa: E402

REPORTED_DRAWS = (10, 12, 14, 16, 18, 20)
"""Draws after which the share of deals gone gin is printed."""
DEADWOOD_DRAWS = (6, 10)
"""Draws after which the mean deadwood of the hands not yet gin is printed."""


@dataclass
class Race:
    """One weight's results over the deals."""

    gin_at: list[int | None] = field(default_factory=list)
    """The draw each deal went gin at (None: not within the draws)."""
    deadwood: dict[int, list[int]] = field(default_factory=dict)
    """Deadwood of the hands still playing, after each draw of :data:`DEADWOOD_DRAWS`."""

    def gin_share(self, draws: int) -> float:
        """The share of deals gone gin within ``draws`` draws."""
        done = sum(1 for at in self.gin_at if at is not None and at <= draws)
        return done / max(1, len(self.gin_at))


def race(loose_weight: float, deals: int, seed: int, draws: int = 24) -> Race:
    """Play ``deals`` solitaire races with Hard's discards at ``loose_weight``."""
    result = Race(deadwood={after: [] for after in DEADWOOD_DRAWS})
    for deal in range(deals):
        deck = list(DECK)
        random.Random(f"gin-race/{seed}/{deal}").shuffle(deck)
        hand = to_mask(deck[:10])
        pile = [deck[20]]  # deck[10:20] is the unseen opponent's hand
        stock = deck[21:]
        rng = random.Random(f"gin-race/samples/{seed}/{deal}")
        gin_at = None
        for draw in range(1, draws + 1):
            hand |= stock[draw - 1].bit
            seen = to_mask(pile)
            knowledge = Knowledge(
                hand=hand,
                opponent_known=0,
                opponent_hidden=10,
                pile=seen,
                top=pile[-1],
                unseen=FULL_DECK & ~hand & ~seen,
                taken=None,
                stock_count=len(stock) - 2 * draw,
                opponent_discards=tuple(pile[1:]),
                opponent_passed=(),
                opponent_shunned=tuple(pile[1:]),
                opponent_stock_draws=draw - 1,
            )
            samples = sample_opponent(knowledge, rng, 40, patient=True)
            evaluator = Evaluator(knowledge, samples, loose_weight)
            card, _ = evaluator.best_discard(hand, from_mask(hand))
            hand ^= card.bit
            pile.append(card)
            left = deadwood_mask(hand)
            if draw in result.deadwood:
                result.deadwood[draw].append(left)
            if left == 0:
                gin_at = draw
                break
        result.gin_at.append(gin_at)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--loose-weights", type=float, nargs="+", default=[0.0, 30.0])
    args = parser.parse_args(argv)
    for weight in args.loose_weights:
        result = race(weight, args.deals, args.seed)
        shares = " ".join(f"{d}: {100 * result.gin_share(d):.1f}%" for d in REPORTED_DRAWS)
        means = " ".join(f"{d}: {sum(v) / max(1, len(v)):.2f}" for d, v in result.deadwood.items())
        print(f"loose weight {weight:g}: gin within {shares}; deadwood after {means}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
