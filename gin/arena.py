"""The arena: play bots against each other and measure who is stronger, and how fast they decide.

    python -m gin.arena hard normal --games 500 --seed 1 --duplicate --jobs 2 [--json]
    python -m gin.arena hard --pool --games 500 --seed 1 --duplicate --jobs 2 [--json]

A player is a level name (``easy``, ``normal``, ``hard``, ``simple``), a style
of the pool (:data:`gin.ai.styles.STYLES`: ``simple-gin``, ``normal-3``, ...)
or ``module:factory`` for any other bot, where ``factory(seed)`` returns an
object with ``choose(view, legal)``.  Bots get only their seat's view and the
legal actions.  ``--duplicate`` plays every deal twice with the seats
swapped, which cancels much of the luck of the cards; the difference in points
per hand then comes with a 95% confidence interval computed over the deals.
``--pool`` plays the player against every opponent of :data:`POOL` on the same
deals and names the one it does worst against.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool
from typing import Any, TextIO

from gin.ai import LEVELS, Player, bot_seed, make_player
from gin.ai.styles import STYLES
from gin.game import Game

MAX_HANDS = 500
"""A game still running after this many hands is abandoned (no bot pair should come close)."""
POOL = ("simple", "easy", "normal", *STYLES)
"""The opponents Hard is measured against (issue 24): the knock-at-once players simple and
Easy, Normal, and the styles that knock otherwise (:mod:`gin.ai.styles`)."""


def load_player(spec: str, seed: int) -> Player:
    """A level name, a style of the pool, or ``module:factory`` called with the seed."""
    if spec.lower() in LEVELS:
        return make_player(spec, seed)
    if spec.lower() in STYLES:
        return STYLES[spec.lower()](seed)
    module_name, _, attribute = spec.partition(":")
    if not attribute:
        raise ValueError(
            f"unknown player {spec!r}: a level ({', '.join(LEVELS)}), a style"
            f" ({', '.join(STYLES)}) or module:factory"
        )
    factory = getattr(importlib.import_module(module_name), attribute)
    player: Player = factory(seed)
    return player


@dataclass
class GameRecord:
    """One game's outcome, by player (index 0 = A, 1 = B), not by seat."""

    deal: int
    winner: int | None
    hands: int
    points: list[int] = field(default_factory=lambda: [0, 0])
    hands_won: list[int] = field(default_factory=lambda: [0, 0])
    gins: list[int] = field(default_factory=lambda: [0, 0])
    undercuts: list[int] = field(default_factory=lambda: [0, 0])
    times: list[list[float]] = field(default_factory=lambda: [[], []])


def play_game(task: tuple[str, str, int, int, bool]) -> GameRecord:
    """Play one game of A against B on the deal ``game_seed``; ``swapped`` puts A in seat 1."""
    spec_a, spec_b, deal, game_seed, swapped = task
    seat_of = [1, 0] if swapped else [0, 1]
    players = [
        load_player(spec, bot_seed(game_seed, seat))
        for spec, seat in zip((spec_a, spec_b), seat_of, strict=True)
    ]
    player_at = [seat_of.index(0), seat_of.index(1)]
    game = Game(seed=game_seed)
    record = GameRecord(deal=deal, winner=None, hands=0)
    while not game.over and len(game.hand_results) < MAX_HANDS:
        seat = game.to_move
        assert seat is not None
        who = player_at[seat]
        view = game.view(seat)
        legal = game.legal_actions()
        start = time.perf_counter()
        action = players[who].choose(view, legal)
        record.times[who].append((time.perf_counter() - start) * 1000.0)
        game.apply(action)
    return tally(record, game, player_at)


def tally(record: GameRecord, game: Game, player_at: list[int]) -> GameRecord:
    """``record`` with the finished ``game``'s hands and winner counted for the players
    ``player_at`` its seats (a bench that plays a game its own way counts it the same way)."""
    for result in game.hand_results:
        record.hands += 1
        if result.winner is None:
            continue
        who = player_at[result.winner]
        record.points[who] += result.points
        record.hands_won[who] += 1
        if result.kind == "gin":
            record.gins[who] += 1
        elif result.kind == "undercut":
            record.undercuts[who] += 1
    if game.winner is not None:
        record.winner = player_at[game.winner]
    return record


def tasks(spec_a: str, spec_b: str, games: int, seed: int, duplicate: bool) -> list[Any]:
    """The games to play: one per deal, or two (seats swapped) with ``duplicate``."""
    rng = random.Random(f"gin-arena/{seed}")
    deal_seeds = [rng.randrange(1 << 31) for _ in range(games)]
    listed = []
    for deal, game_seed in enumerate(deal_seeds):
        listed.append((spec_a, spec_b, deal, game_seed, False))
        if duplicate:
            listed.append((spec_a, spec_b, deal, game_seed, True))
    return listed


def _percentile(values: list[float], fraction: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def summarize(names: Sequence[str], records: list[GameRecord]) -> dict[str, Any]:
    """The figures the arena prints, as one JSON-safe object (see the module docstring)."""
    hands = sum(record.hands for record in records)
    players = []
    for who, name in enumerate(names):
        times = [t for record in records for t in record.times[who]]
        points = sum(record.points[who] for record in records)
        players.append(
            {
                "name": name,
                "games_won": sum(1 for record in records if record.winner == who),
                "hands_won": sum(record.hands_won[who] for record in records),
                "gins": sum(record.gins[who] for record in records),
                "undercuts": sum(record.undercuts[who] for record in records),
                "points_per_hand": round(points / hands, 3) if hands else 0.0,
                "decision_ms": {
                    "median": round(statistics.median(times), 3) if times else 0.0,
                    "p95": round(_percentile(times, 0.95), 3),
                },
            }
        )
    diff, low, high = _difference(records)
    return {
        "games": len(records),
        "deals": len({record.deal for record in records}),
        "hands": hands,
        "players": players,
        "diff_per_hand": round(diff, 3),
        "diff_ci95": [round(low, 3), round(high, 3)],
    }


def _difference(records: list[GameRecord]) -> tuple[float, float, float]:
    """A's minus B's points per hand, with a 95% interval over deals (ratio estimator).

    The deal is the unit because with ``--duplicate`` its two games share the
    cards: they are not independent, their sum is.
    """
    units: dict[int, list[int]] = {}
    for record in records:
        unit = units.setdefault(record.deal, [0, 0])
        unit[0] += record.points[0] - record.points[1]
        unit[1] += record.hands
    pairs = [unit for unit in units.values() if unit[1]]
    total_hands = sum(h for _, h in pairs)
    if not total_hands:
        return 0.0, 0.0, 0.0
    ratio = sum(d for d, _ in pairs) / total_hands
    n = len(pairs)
    if n < 2:
        return ratio, ratio, ratio
    mean_hands = total_hands / n
    residual = sum((d - ratio * h) ** 2 for d, h in pairs) / (n - 1)
    margin = 1.96 * math.sqrt(residual / n) / mean_hands
    return ratio, ratio - margin, ratio + margin


def format_report(summary: dict[str, Any]) -> str:
    """The summary as a small text table."""
    lines = [
        f"{summary['games']} games ({summary['deals']} deals), {summary['hands']} hands",
        f"{'player':<24}{'games won':>11}{'hands won':>11}{'gins':>7}{'undercuts':>11}"
        f"{'pts/hand':>10}{'ms median':>11}{'ms p95':>9}",
    ]
    games = max(1, summary["games"])
    for player in summary["players"]:
        won = player["games_won"]
        lines.append(
            f"{player['name']:<24}{f'{won} ({100 * won / games:.1f}%)':>11}"
            f"{player['hands_won']:>11}{player['gins']:>7}{player['undercuts']:>11}"
            f"{player['points_per_hand']:>10.2f}{player['decision_ms']['median']:>11.2f}"
            f"{player['decision_ms']['p95']:>9.2f}"
        )
    low, high = summary["diff_ci95"]
    first, second = (player["name"] for player in summary["players"])
    lines.append(
        f"points per hand, {first} - {second}: {summary['diff_per_hand']:+.2f} "
        f"(95% CI {low:+.2f} .. {high:+.2f})"
    )
    return "\n".join(lines)


def _progress(done: int, total: int, stream: TextIO) -> None:
    width = 30
    filled = width * done // max(1, total)
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
    if done == total:
        stream.write("\n")
    stream.flush()


def run(
    spec_a: str,
    spec_b: str,
    games: int,
    seed: int,
    duplicate: bool = False,
    jobs: int = 1,
    progress: TextIO | None = None,
) -> dict[str, Any]:
    """Play the match and return :func:`summarize`'s object (``progress``: where to draw a bar)."""
    load_player(spec_a, 0), load_player(spec_b, 0)  # fail fast on a bad name
    listed = tasks(spec_a, spec_b, games, seed, duplicate)
    records: list[GameRecord] = []
    results: Iterator[GameRecord]
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.imap_unordered(play_game, listed, chunksize=2)
            for record in results:
                records.append(record)
                if progress is not None:
                    _progress(len(records), len(listed), progress)
    else:
        for task in listed:
            records.append(play_game(task))
            if progress is not None:
                _progress(len(records), len(listed), progress)
    records.sort(key=lambda record: record.deal)
    names = [spec_a, spec_b] if spec_a != spec_b else [f"{spec_a} (A)", f"{spec_b} (B)"]
    return summarize(names, records)


def share_of_games(summary: dict[str, Any]) -> float:
    """Player A's share of the games of a match summary."""
    return float(summary["players"][0]["games_won"]) / max(1, int(summary["games"]))


def run_pool(
    spec: str,
    games: int,
    seed: int,
    duplicate: bool = False,
    jobs: int = 1,
    opponents: Sequence[str] = POOL,
    progress: TextIO | None = None,
) -> dict[str, Any]:
    """Play ``spec`` against every opponent on the same deals: one :func:`run` summary each,
    and the opponent it does worst against (the lowest share of games, then of points)."""
    matches = []
    for opponent in opponents:
        if progress is not None:
            progress.write(f"{spec} vs {opponent}\n")
        matches.append(run(spec, opponent, games, seed, duplicate, jobs, progress))
    worst = min(matches, key=lambda match: (share_of_games(match), match["diff_per_hand"]))
    return {
        "player": spec,
        "seed": seed,
        "matches": matches,
        "worst": worst["players"][1]["name"],
    }


def format_pool(pool: dict[str, Any]) -> str:
    """The pool's matches as a small text table, one line per opponent, and the worst."""
    matches = pool["matches"]
    first = matches[0]
    player = pool["player"]
    lines = [
        f"{player} against the pool: {first['games']} games ({first['deals']} deals) each,"
        f" seed {pool['seed']}",
        f"{'opponent':<18}{'games won':>10}  {'pts/hand':<16}{'diff/hand (95% CI)':<26}"
        f"{'decision p95 ms':<16}",
    ]
    for match in matches:
        mine, theirs = match["players"]
        low, high = match["diff_ci95"]
        points = f"{mine['points_per_hand']:.2f} vs {theirs['points_per_hand']:.2f}"
        diff = f"{match['diff_per_hand']:+.2f} [{low:+.2f}, {high:+.2f}]"
        p95 = f"{mine['decision_ms']['p95']:.2f} vs {theirs['decision_ms']['p95']:.2f}"
        lines.append(
            f"{theirs['name']:<18}{share_of_games(match):>10.1%}  {points:<16}{diff:<26}{p95}"
        )
    worst = next(match for match in matches if match["players"][1]["name"] == pool["worst"])
    lines.append(f"worst: {pool['worst']} ({share_of_games(worst):.1%} of games)")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gin.arena", description="Play two bots against each other."
    )
    parser.add_argument(
        "a",
        help="player A: easy, normal, hard, simple, a style (simple-gin, ...) or module:factory",
    )
    parser.add_argument("b", nargs="?", help="player B, likewise (not with --pool)")
    parser.add_argument(
        "--pool", action="store_true", help=f"play A against each of {', '.join(POOL)}"
    )
    parser.add_argument("--games", type=int, default=100, help="deals to play (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    parser.add_argument(
        "--duplicate", action="store_true", help="play every deal twice, seats swapped"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes to use (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    if (args.b is None) != args.pool:
        parser.error("name player B, or give --pool (not both)")
    progress = sys.stderr if sys.stderr.isatty() else None
    options = {"duplicate": args.duplicate, "jobs": args.jobs, "progress": progress}
    try:
        if args.pool:
            pool = run_pool(args.a, args.games, args.seed, **options)
            print(json.dumps(pool) if args.json else format_pool(pool))
            return 0
        summary = run(args.a, args.b, args.games, args.seed, **options)
    except (ValueError, ImportError, AttributeError) as error:
        parser.error(str(error))
    print(json.dumps(summary) if args.json else format_report(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
