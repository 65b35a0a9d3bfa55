#!/usr/bin/env python3
"""The AI ladder: each level against the one below, on duplicate deals, checked against the targets.

Targets (issue 11, README): at every seed, over 500 duplicate deals (1,000 games),
Normal beats Easy and Hard beats Normal in at least 65% of games, Hard beats
simple in at least 75%, and the lower end of the 95% interval of the points per
hand difference is above zero.  Every figure comes from ``python -m gin.arena A
B --games N --seed S --duplicate --jobs J --json``, which this script runs
in-process for each pair and seed; it prints one table per seed and exits 1
when any target is missed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gin.arena import run  # noqa: E402

LADDER = (("normal", "easy", 0.65), ("hard", "normal", 0.65), ("hard", "simple", 0.75))
"""(stronger, weaker, the share of games the stronger must win)."""


def check(summary: dict[str, Any], target: float) -> tuple[float, bool, bool]:
    """The first player's share of games, and whether it and the interval meet the targets."""
    share = summary["players"][0]["games_won"] / summary["games"]
    return share, share >= target, summary["diff_ci95"][0] > 0


def table(seed: int, rows: list[tuple[str, str, float, dict[str, Any], float]]) -> str:
    """One seed's results as a Markdown-style table."""
    lines = [
        f"seed {seed}",
        "| match | games | won | target | pts/hand | diff/hand (95% CI) | decision p95 ms "
        "| verdict | s |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for first, second, target, summary, seconds in rows:
        share, won, above = check(summary, target)
        a, b = summary["players"]
        low, high = summary["diff_ci95"]
        verdict = "met" if won and above else "MISSED" + ("" if won else " (games)")
        verdict += "" if above else " (CI)"
        lines.append(
            f"| {first} vs {second} | {summary['games']} | {share:.1%} | {target:.0%} "
            f"| {a['points_per_hand']:.2f} vs {b['points_per_hand']:.2f} "
            f"| {summary['diff_per_hand']:+.2f} [{low:+.2f}, {high:+.2f}] "
            f"| {a['decision_ms']['p95']:.2f} vs {b['decision_ms']['p95']:.2f} | {verdict} "
            f"| {seconds:.0f} |"
        )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="deals per pair (default 500)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print the summaries as JSON lines")
    args = parser.parse_args()
    missed = 0
    for seed in args.seeds:
        rows = []
        for first, second, target in LADDER:
            start = time.perf_counter()
            summary = run(first, second, args.games, seed, duplicate=True, jobs=args.jobs)
            seconds = time.perf_counter() - start
            _, won, above = check(summary, target)
            missed += not (won and above)
            rows.append((first, second, target, summary, seconds))
            if args.json:
                record = {**summary, "seed": seed, "seconds": round(seconds, 1)}
                print(json.dumps({**record, "target": target, "met": won and above}))
        if not args.json:
            print(table(seed, rows) + "\n", flush=True)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
