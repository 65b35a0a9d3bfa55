"""Measure Hard's knock chances against the arena's patient styles, to price playing on.

    python bench/knock_table.py collect simple-3 --games 50 --seed 101 --out knocks.jsonl
    python bench/knock_table.py fit knocks.jsonl [more.jsonl ...]

``collect`` plays Hard (the default, unchanged) against an opponent in duplicate
games and, at every discard of Hard's where the rules allow a knock, records
the stock count, the least deadwood a knock keeps, Hard's own estimate of
that knock (the mean over its opponent samples), what the knock would really
have scored against the opponent's real hand (the script may look: it is not
Hard), whether Hard knocked, and the hand's final points for Hard.  ``fit``
turns the hands Hard played on into the table of what playing on was worth,
by stock stage and deadwood, and estimates how much a rule that adds a knock
whenever Hard's estimate beats the table would have gained, hand by hand,
since the first added knock's score is known exactly.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gin.actions import ActionKind  # noqa: E402
from gin.ai import bot_seed  # noqa: E402
from gin.ai.base import decision_rng  # noqa: E402
from gin.ai.hard import Evaluator, HardPlayer, sample_opponent  # noqa: E402
from gin.ai.knowledge import action_for, discard_cards, read_view  # noqa: E402
from gin.arena import load_player, tasks  # noqa: E402
from gin.cards import to_mask  # noqa: E402
from gin.game import Game  # noqa: E402
from gin.melds import arrangement_mask, deadwood_mask  # noqa: E402
from gin.rules import UNDERCUT_BONUS  # noqa: E402
from gin.showdown import best_layoff  # noqa: E402


def true_knock(kept: int, opponent: int) -> int:
    """What knocking with ``kept`` scores for the knocker against the real ``opponent`` hand."""
    mine = deadwood_mask(kept)
    theirs = best_layoff(opponent, arrangement_mask(kept))[0]
    return theirs - mine if theirs > mine else -(mine - theirs + UNDERCUT_BONUS)


def knock_row(hard: HardPlayer, game: Game, seat: int) -> dict[str, Any] | None:
    """The facts of one discard decision of Hard's with a legal knock (None without one)."""
    view = game.view(seat)
    legal = game.legal_actions()
    if any(action.kind is ActionKind.GIN for action in legal):
        return None
    cards = [c for c in discard_cards(legal) if action_for(legal, c, ActionKind.KNOCK)]
    if not cards:
        return None
    knowledge = read_view(view)
    patient = hard._opponent_is_patient(view)
    rng = decision_rng(hard.seed, view)
    evaluator = Evaluator(knowledge, sample_opponent(knowledge, rng, hard.samples, patient))
    estimates = {c: evaluator.knock_outcome(knowledge.hand ^ c.bit)[0] for c in cards}
    card = max(cards, key=lambda c: (estimates[c], c.points))
    opponent = to_mask(game.view(1 - seat).hand)
    kept = knowledge.hand ^ card.bit
    return {
        "stock": knowledge.stock_count,
        "deadwood": deadwood_mask(kept),
        "estimate": round(estimates[card], 3),
        "true": true_knock(kept, opponent),
        "patient": patient,
        "pickups": knowledge.opponent_known.bit_count(),
    }


def collect(opponent: str, games: int, seed: int) -> list[dict[str, Any]]:
    """Every knock decision of Hard against ``opponent`` over ``games`` duplicate deals."""
    rows: list[dict[str, Any]] = []
    for _, _, deal, game_seed, swapped in tasks("hard", opponent, games, seed, True):
        hard_seat = 1 if swapped else 0
        hard = HardPlayer(bot_seed(game_seed, hard_seat))
        other = load_player(opponent, bot_seed(game_seed, 1 - hard_seat))
        game = Game(seed=game_seed)
        pending: list[dict[str, Any]] = []
        while not game.over:
            seat = game.to_move
            assert seat is not None
            player = hard if seat == hard_seat else other
            row = knock_row(hard, game, seat) if seat == hard_seat else None
            action = player.choose(game.view(seat), game.legal_actions())
            if row is not None:
                row["knocked"] = action.kind is ActionKind.KNOCK
                pending.append(row)
            hands = len(game.hand_results)
            game.apply(action)
            if len(game.hand_results) > hands:
                result = game.hand_results[-1]
                points = 0 if result.winner is None else result.points
                signed = points if result.winner == hard_seat else -points
                for hand_row in pending:
                    hand_row.update(outcome=signed, hand=f"{deal}/{int(swapped)}/{hands}")
                    hand_row["opponent"] = opponent
                rows.extend(pending)
                pending = []
    return rows


STAGES = ((20, 31), (12, 19), (4, 11))
"""Stock stages of the table: early, mid-hand and late (the last draws are left out)."""


def stage_of(stock: int) -> int | None:
    """The index of ``stock``'s stage in :data:`STAGES` (None: the last draws)."""
    return next((i for i, (low, high) in enumerate(STAGES) if low <= stock <= high), None)


def fit(rows: list[dict[str, Any]]) -> dict[tuple[int, int], tuple[float, int]]:
    """Mean final points of the hands Hard played on, by stage and deadwood (1-10)."""
    sums: dict[tuple[int, int], list[float]] = defaultdict(lambda: [0.0, 0])
    for row in rows:
        stage = stage_of(row["stock"])
        if row["knocked"] or stage is None or not row["patient"]:
            continue
        cell = sums[stage, row["deadwood"]]
        cell[0] += row["outcome"]
        cell[1] += 1
    return {key: (total / count, int(count)) for key, (total, count) in sums.items()}


def added_gain(
    rows: list[dict[str, Any]], table: dict[tuple[int, int], tuple[float, int]], margin: float
) -> tuple[float, int, int]:
    """Points per hand gained by also knocking where the estimate beats the table by ``margin``:
    at the first such decision of a hand (before Hard's own end) the knock's true score
    replaces the hand's outcome.  Returns the gain, the hands changed and all hands."""
    hands: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        hands[row["hand"] + row["opponent"]].append(row)
    gain = 0.0
    changed = 0
    for hand_rows in hands.values():
        for row in hand_rows:
            if row["knocked"]:
                break
            stage = stage_of(row["stock"])
            if stage is None or not row["patient"]:
                continue
            cell = table.get((stage, row["deadwood"]))
            if cell is not None and row["estimate"] > cell[0] + margin:
                gain += row["true"] - row["outcome"]
                changed += 1
                break
    return gain / max(1, len(hands)), changed, len(hands)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    take = sub.add_parser("collect")
    take.add_argument("opponent")
    take.add_argument("--games", type=int, default=50)
    take.add_argument("--seed", type=int, default=101)
    take.add_argument("--out", required=True)
    fitting = sub.add_parser("fit")
    fitting.add_argument("files", nargs="+")
    args = parser.parse_args(argv)
    if args.command == "collect":
        with open(args.out, "w") as out:
            for row in collect(args.opponent, args.games, args.seed):
                out.write(json.dumps(row) + "\n")
        return 0
    rows = []
    for name in args.files:
        with open(name) as lines:
            rows.extend(json.loads(line) for line in lines)
    table = fit(rows)
    for key in sorted(table):
        mean, count = table[key]
        print(f"stage {STAGES[key[0]]} deadwood {key[1]:2d}: play on {mean:+6.2f} ({count})")
    for margin in (-4.0, -2.0, 0.0, 2.0, 4.0, 8.0):
        gain, changed, total = added_gain(rows, table, margin)
        print(f"margin {margin:+.0f}: {gain:+.3f} points per hand ({changed} of {total} hands)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
