#!/usr/bin/env python3
"""Decision time per AI level on the same positions, one process, no contention.

The positions come from games of the level against itself (seeded), so each
level is timed on the kind of positions it meets.  Targets (CPython): p95 under
5 ms for Easy and Normal, at most 60 ms for Hard (issue 11); Pyodide is about 1.5-3x slower.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gin.ai import make_player  # noqa: E402
from gin.game import Game  # noqa: E402

TARGET_P95_MS = {"easy": 5.0, "normal": 5.0, "hard": 60.0, "simple": 5.0}


def timings(level: str, games: int) -> list[float]:
    """Milliseconds per decision of ``level`` playing ``games`` games against itself."""
    times: list[float] = []
    for seed in range(games):
        game = Game(seed=seed)
        bots = [make_player(level, seed), make_player(level, seed + 1000)]
        while not game.over:
            seat = game.to_move
            assert seat is not None
            view, legal = game.view(seat), game.legal_actions()
            start = time.perf_counter()
            action = bots[seat].choose(view, legal)
            times.append((time.perf_counter() - start) * 1000.0)
            game.apply(action)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="self-play games per level")
    args = parser.parse_args()
    print(f"{'level':<8}{'decisions':>10}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}  target")
    slow = 0
    for level in ("simple", "easy", "normal", "hard"):
        times = sorted(timings(level, args.games))
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        ok = p95 < TARGET_P95_MS[level]
        slow += not ok
        print(
            f"{level:<8}{len(times):>10}{statistics.median(times):>11.2f}{p95:>9.2f}"
            f"{times[-1]:>9.2f}  p95 < {TARGET_P95_MS[level]:g} ms: {'met' if ok else 'MISSED'}"
        )
    return 1 if slow else 0


if __name__ == "__main__":
    sys.exit(main())
