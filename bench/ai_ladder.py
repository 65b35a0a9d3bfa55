#!/usr/bin/env python3
"""The AI ladder: each level against the one below, on duplicate deals, checked against the targets.

Targets (README): over at least 500 duplicate deals, Hard beats Normal and Normal
beats Easy in at least 60% of games, Hard beats simple in at least 65%.  Every
figure comes from ``python -m gin.arena A B --games N --seed S --duplicate
--jobs J --json``, which this script runs in-process for each pair.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gin.arena import format_report, run  # noqa: E402

LADDER = (("normal", "easy", 0.60), ("hard", "normal", 0.60), ("hard", "simple", 0.65))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="deals per pair (default 500)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print the summaries as JSON lines")
    args = parser.parse_args()
    missed = 0
    for first, second, target in LADDER:
        start = time.perf_counter()
        summary = run(first, second, args.games, args.seed, duplicate=True, jobs=args.jobs)
        elapsed = time.perf_counter() - start
        share = summary["players"][0]["games_won"] / summary["games"]
        verdict = "met" if share >= target else "MISSED"
        missed += share < target
        if args.json:
            print(json.dumps({**summary, "seconds": round(elapsed, 1), "target": target}))
        else:
            print(format_report(summary))
            print(
                f"{first} won {share:.1%} of games (target {target:.0%}: {verdict}); "
                f"{elapsed:.0f} s\n"
            )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
