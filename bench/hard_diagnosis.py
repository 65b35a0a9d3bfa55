#!/usr/bin/env python3
"""Where Hard's shortfall against the patient styles comes from (issue 24, ninth round).

    python bench/hard_diagnosis.py simple-3 --games 100 --seed 12 --oracle knock --json

Plays Hard (or an *oracle* Hard) against an opponent on the arena's duplicate deals, driving
:class:`gin.game.Game` itself, and prints the arena's summary plus the *loss anatomy*: the
hands by how they ended (from Hard's side), with their count, mean points and mean stock left,
and both players' mean deadwood (ten cards, at every draw) by stock stage.

The oracle is a measurement only, never a player: it is handed the opponent's concealed
cards by this script, which holds the game, so it breaks the no-peek rule on purpose.  Its
opponent "samples" are the true hand (one sample: forty equal ones give the same means) for
the decisions named by ``--oracle``: ``knock`` (the knock's showdown), ``discard`` (discard
costs and danger), ``danger`` (the danger alone, in discards and in the stock draw's
expectation), ``draw`` (the pile-or-stock choice), or ``all``.  The paired plain Hard
(``--oracle none``) on the same deals says how much each kind of decision loses to not
knowing the opponent's hand: the opponent model's share of the gap, by decision.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gin.actions import Action  # noqa: E402
from gin.ai import bot_seed  # noqa: E402
from gin.ai.base import decision_rng, finish  # noqa: E402
from gin.ai.hard import Evaluator, HardPlayer, knock_schedule, sample_opponent  # noqa: E402
from gin.ai.hints import Appraisal  # noqa: E402
from gin.ai.knowledge import is_draw_phase, read_view  # noqa: E402
from gin.arena import GameRecord, load_player, summarize, tally, tasks  # noqa: E402
from gin.cards import Card, to_mask  # noqa: E402
from gin.game import Game  # noqa: E402
from gin.melds import deadwood_mask  # noqa: E402
from gin.view import PlayerView  # noqa: E402

ORACLES = ("none", "knock", "discard", "danger", "draw", "all")
STAGES = ((26, "31-26"), (20, "25-20"), (14, "19-14"), (0, "13-0"))
"""Stock stages for the deadwood table: (least stock count, label)."""


class SplitEvaluator(Evaluator):
    """An evaluator whose knock showdown, or only its danger, comes from another one's samples
    (the rest, a gin's worth included, from its own)."""

    def __init__(self, base: Evaluator, other: Evaluator, danger: bool = False) -> None:
        self.__dict__.update(base.__dict__)
        self._other = other
        self._other_danger = danger

    def knock_outcome(self, mask: int) -> tuple[float, float]:
        if self._other_danger:
            return super().knock_outcome(mask)
        return self._other.knock_outcome(mask)

    def danger(self, card: Card) -> float:
        if self._other_danger:
            return self._other.danger(card)
        return super().danger(card)


class OracleHard(HardPlayer):
    """Hard that sees the opponent's concealed cards (``truth``, set before every decision)
    for the decisions in ``peek``: a ceiling for the opponent model, never a player."""

    def __init__(self, seed: int, peek: str) -> None:
        super().__init__(seed)
        self.peek = peek
        self.truth = 0

    def appraise(self, view: PlayerView, legal: list[Action]) -> Appraisal:
        if self.peek == "none" or len(legal) == 1:
            return super().appraise(view, legal)
        knowledge = read_view(view)
        rng = decision_rng(self.seed, view)
        patient = self._opponent_is_patient(view)
        sampled = Evaluator(knowledge, sample_opponent(knowledge, rng, self.samples, patient))
        oracle = Evaluator(knowledge, [self.truth])
        if is_draw_phase(legal):
            chosen = oracle if self.peek in ("draw", "all") else sampled
            return finish(self._draw(knowledge, chosen, legal))
        evaluator = {
            "all": oracle,
            "knock": SplitEvaluator(sampled, oracle),
            "discard": SplitEvaluator(oracle, sampled),
            "danger": SplitEvaluator(sampled, oracle, danger=True),
            "draw": sampled,
        }[self.peek]
        schedule = knock_schedule(knowledge, patient)
        return finish(self._discard(knowledge, evaluator, legal, schedule))


@dataclass
class Anatomy:
    """Hands by how they ended, from Hard's side, and deadwood by stock stage."""

    ends: Counter[str] = field(default_factory=Counter)
    points: Counter[str] = field(default_factory=Counter)
    stock: Counter[str] = field(default_factory=Counter)
    deadwood: dict[str, list[list[int]]] = field(
        default_factory=lambda: defaultdict(lambda: [[], []])
    )

    def end(self, label: str, points: int, stock: int) -> None:
        self.ends[label] += 1
        self.points[label] += points
        self.stock[label] += stock

    def table(self) -> dict[str, Any]:
        hands = sum(self.ends.values()) or 1
        ends = {
            label: {
                "count": count,
                "share": round(count / hands, 3),
                "mean_points": round(self.points[label] / count, 2),
                "mean_stock": round(self.stock[label] / count, 1),
                "points_per_hand": round(self.points[label] / hands, 2),
            }
            for label, count in sorted(self.ends.items())
        }
        stages = {
            label: [round(sum(side) / len(side), 1) if side else None for side in sides]
            for label, sides in sorted(self.deadwood.items())
        }
        return {"hands": hands, "ends": ends, "deadwood_hard_opp": stages}


def stage_of(stock: int) -> str:
    return next(label for least, label in STAGES if stock >= least)


def end_label(kind: str, knocker: int | None, winner: int | None, hard: int) -> str:
    if kind == "dead":
        return "dead"
    if kind == "gin":
        return "hard gin" if winner == hard else "opp gin"
    if kind == "knock":
        return "hard knock win" if winner == hard else "opp knock win"
    return "hard undercut by opp" if knocker == hard else "opp undercut by hard"


def play(task: tuple[str, str, int, int, bool], peek: str, anatomy: Anatomy) -> GameRecord:
    """One game as :func:`gin.arena.play_game` plays it, Hard (player A) maybe an oracle."""
    _, spec_b, deal, game_seed, swapped = task
    seat_of = [1, 0] if swapped else [0, 1]
    hard = OracleHard(bot_seed(game_seed, seat_of[0]), peek)
    players = [hard, load_player(spec_b, bot_seed(game_seed, seat_of[1]))]
    player_at = [seat_of.index(0), seat_of.index(1)]
    hard_seat = seat_of[0]
    game = Game(seed=game_seed)
    record = GameRecord(deal=deal, winner=None, hands=0)
    while not game.over:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        legal = game.legal_actions()
        if is_draw_phase(legal) and len(view.hand) == 10:
            other = to_mask(game.view(1 - seat).hand)
            mine = deadwood_mask(to_mask(view.hand))
            sides = anatomy.deadwood[stage_of(view.stock_count)]
            sides[0 if seat == hard_seat else 1].append(mine)
            sides[1 if seat == hard_seat else 0].append(deadwood_mask(other))
        if seat == hard_seat:
            hard.truth = to_mask(game.view(1 - seat).hand)
        game.apply(players[player_at[seat]].choose(view, legal))
    for result in game.hand_results:
        signed = result.points if result.winner == hard_seat else -result.points
        label = end_label(result.kind, result.knocker, result.winner, hard_seat)
        anatomy.end(label, signed, len(result.stock))
    return tally(record, game, player_at)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("opponent", nargs="?", default="simple-3", help="default: simple-3")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--oracle", choices=ORACLES, default="none")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    anatomy = Anatomy()
    listed = tasks("hard", args.opponent, args.games, args.seed, True)
    records = [play(task, args.oracle, anatomy) for task in listed]
    summary = summarize([f"hard/{args.oracle}", args.opponent], records)
    summary["anatomy"] = anatomy.table()
    summary["seed"] = args.seed
    if args.json:
        print(json.dumps(summary))
    else:
        print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
