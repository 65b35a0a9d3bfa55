#!/usr/bin/env python3
"""The coach's time per hand review in CPython: every finished hand of seeded games.

The person is played by Normal against Hard (a realistic mix of agreeing and
differing decisions); each finished hand is reviewed from seat 0 as the page
does it (``gin.ai.coach.review_hand`` on the record of the finished hands).
Target: a hand's review well under a second (the page works it out decision by
decision, yielding in between, so it never freezes the table; Pyodide is
about 1.5x slower).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gin.ai import make_player  # noqa: E402
from gin.ai.coach import review_hand  # noqa: E402
from gin.game import Game  # noqa: E402

TARGET_MEDIAN_MS = 500.0


def timings(games: int, hands: int) -> tuple[list[float], list[int]]:
    """Milliseconds per hand review and decisions per hand, over ``games`` games."""
    times: list[float] = []
    counts: list[int] = []
    for seed in range(games):
        game = Game(seed=seed)
        bots = [make_player("normal", seed), make_player("hard", seed + 1000)]
        while not game.over and len(game.hand_results) < hands:
            seat = game.to_move
            assert seat is not None
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
        record = game.finished_hands_record()
        for number in range(1, len(game.hand_results) + 1):
            start = time.perf_counter()
            review = review_hand(record, number, seat=0)
            times.append((time.perf_counter() - start) * 1000.0)
            counts.append(len(review.decisions))
    return times, counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="seeded games")
    parser.add_argument("--hands", type=int, default=3, help="hands per game")
    args = parser.parse_args()
    times, counts = timings(args.games, args.hands)
    ordered = sorted(times)
    median = statistics.median(ordered)
    per_decision = sum(times) / max(1, sum(counts))
    ok = median < TARGET_MEDIAN_MS
    print(
        f"{len(times)} hands, median {statistics.median(counts):g} decisions each:"
        f" review median {median:.0f} ms, max {ordered[-1]:.0f} ms,"
        f" {per_decision:.1f} ms per decision;"
        f" median < {TARGET_MEDIAN_MS:g} ms: {'met' if ok else 'MISSED'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
