#!/usr/bin/env python3
"""The AI ladder and Hard's pool, on duplicate deals, checked against the targets.

    python bench/ai_ladder.py --seeds 1 2 3                       # the ladder
    python bench/ai_ladder.py --pool --seeds 1 2 --games 500 300  # Hard against the pool

Ladder targets (issue 11, README): at every seed, over 500 duplicate deals (1,000
games), Normal beats Easy and Hard beats Normal in at least 65% of games, Hard
beats simple in at least 75%, and the lower end of the 95% interval of the
points per hand difference is above zero.  Pool targets (issue 24): Hard beats
every opponent of :data:`gin.arena.POOL` (simple, Easy, Normal and the knocking
styles of :mod:`gin.ai.styles`) in at least 75% of games, the interval above
zero.  Every figure comes from ``python -m gin.arena A B --games N --seed S
--duplicate --jobs J --json``, which this script runs in-process for each pair
and seed; it prints one table per seed (the pool's names the worst opponent)
and exits 1 when any target is missed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gin.arena import POOL, run, share_of_games  # noqa: E402

LADDER = (("normal", "easy", 0.65), ("hard", "normal", 0.65), ("hard", "simple", 0.75))
"""(stronger, weaker, the share of games the stronger must win)."""
POOL_TARGET = 0.75
"""The share of games Hard must win against every opponent of the pool."""

Row = tuple[str, str, float, dict[str, Any], float]
"""(player, opponent, target share, the arena's summary, seconds)."""


def check(summary: dict[str, Any], target: float) -> tuple[float, bool, bool]:
    """The first player's share of games, and whether it and the interval meet the targets."""
    share = share_of_games(summary)
    return share, share >= target, summary["diff_ci95"][0] > 0


def table(seed: int, rows: list[Row], pool: bool = False) -> str:
    """One seed's results as a Markdown-style table (the pool's ends with its worst opponent)."""
    lines = [
        f"seed {seed}"
        + (f", Hard against the pool ({rows[0][3]['games']} games each)" if pool else ""),
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
    if pool:
        worst = min(rows, key=lambda row: (share_of_games(row[3]), row[3]["diff_per_hand"]))
        lines.append(f"worst: {worst[1]} ({share_of_games(worst[3]):.1%} of games)")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games",
        type=int,
        nargs="+",
        default=[500],
        help="deals per pair (default 500): one number, or one per seed",
    )
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--pool", action="store_true", help="Hard against every opponent of the pool instead"
    )
    parser.add_argument(
        "--opponents",
        nargs="+",
        choices=POOL,
        help="with --pool: only these opponents (to finish a pool table a run cut short)",
    )
    parser.add_argument("--json", action="store_true", help="print the summaries as JSON lines")
    args = parser.parse_args()
    if len(args.games) not in (1, len(args.seeds)):
        parser.error("--games takes one number, or one per seed")
    per_seed = args.games * len(args.seeds) if len(args.games) == 1 else args.games
    deals = dict(zip(args.seeds, per_seed, strict=True))
    if args.opponents and not args.pool:
        parser.error("--opponents goes with --pool")
    opponents = args.opponents or POOL
    pairs = [("hard", opponent, POOL_TARGET) for opponent in opponents] if args.pool else LADDER
    missed = 0
    for seed in args.seeds:
        rows: list[Row] = []
        for first, second, target in pairs:
            start = time.perf_counter()
            summary = run(first, second, deals[seed], seed, duplicate=True, jobs=args.jobs)
            seconds = time.perf_counter() - start
            _, won, above = check(summary, target)
            missed += not (won and above)
            rows.append((first, second, target, summary, seconds))
            if args.json:
                record = {**summary, "seed": seed, "seconds": round(seconds, 1)}
                print(json.dumps({**record, "target": target, "met": won and above}))
        if not args.json:
            print(table(seed, rows, args.pool) + "\n", flush=True)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
