#!/usr/bin/env python3
"""How well Hard's samples predict which discard the opponent would meld with (ninth round).

    python bench/danger_calibration.py simple-3 --games 10 --seed 12

The oracle of ``bench/hard_diagnosis.py`` showed that knowing only which cards would meld
with the opponent's hand (the danger of a discard) takes Hard from 75.5 % to 96 % of games
against simple-3.  This plays Hard against an opponent and, at every discard decision of
Hard, compares the danger that each way of sampling gives every card of its hand with the
truth (whether the card joins a meld with the opponent's concealed hand), by Brier score and
by the area under the ROC curve (the chance that a card that melds is ranked more dangerous
than one that does not).  The ways: Hard's own samples (``hard``), the samples for an eager
opponent (``eager``: fewer extra draws), samples without extra draws (``plain``: the
module's limits set to 0 for the call, a measurement only) and 160 samples (``many``).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gin.ai.hard as hard_module  # noqa: E402
from gin.ai import bot_seed  # noqa: E402
from gin.ai.base import decision_rng  # noqa: E402
from gin.ai.hard import Evaluator, HardPlayer, sample_opponent  # noqa: E402
from gin.ai.knowledge import (  # noqa: E402
    Knowledge,
    discard_cards,
    is_draw_phase,
    is_useful,
    read_view,
)
from gin.arena import load_player, tasks  # noqa: E402
from gin.cards import to_mask  # noqa: E402
from gin.game import Game  # noqa: E402

MODELS = ("hard", "eager", "plain", "many")


def samples_of(model: str, knowledge: Knowledge, rng: random.Random, patient: bool) -> list[int]:
    """The opponent samples of one way of sampling (see the module docstring)."""
    if model == "eager":
        return sample_opponent(knowledge, rng, 40, False)
    if model == "many":
        return sample_opponent(knowledge, rng, 160, patient)
    if model == "plain":
        limits = (hard_module.MAX_EXTRA_DRAWS, hard_module.PATIENT_MAX_EXTRA_DRAWS)
        hard_module.MAX_EXTRA_DRAWS = hard_module.PATIENT_MAX_EXTRA_DRAWS = 0
        try:
            return sample_opponent(knowledge, rng, 40, patient)
        finally:
            hard_module.MAX_EXTRA_DRAWS, hard_module.PATIENT_MAX_EXTRA_DRAWS = limits
    return sample_opponent(knowledge, rng, 40, patient)


def auc(pairs: list[tuple[float, bool]]) -> float:
    """The chance a positive outranks a negative (ties count half)."""
    ordered = sorted(pairs)
    positives = sum(truth for _, truth in pairs)
    negatives = len(pairs) - positives
    rank_sum = 0.0
    index = 0
    while index < len(ordered):
        end = index
        while end < len(ordered) and ordered[end][0] == ordered[index][0]:
            end += 1
        mean_rank = (index + end + 1) / 2
        rank_sum += mean_rank * sum(truth for _, truth in ordered[index:end])
        index = end
    return (rank_sum - positives * (positives + 1) / 2) / max(1, positives * negatives)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("opponent", nargs="?", default="simple-3", help="default: simple-3")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    seen: dict[str, list[tuple[float, bool]]] = {model: [] for model in MODELS}
    for _, spec_b, _, game_seed, swapped in tasks(
        "hard", args.opponent, args.games, args.seed, True
    ):
        hard_seat = 1 if swapped else 0
        hard = HardPlayer(bot_seed(game_seed, hard_seat))
        other = load_player(spec_b, bot_seed(game_seed, 1 - hard_seat))
        game = Game(seed=game_seed)
        while not game.over:
            seat = game.to_move
            assert seat is not None
            view, legal = game.view(seat), game.legal_actions()
            if seat == hard_seat and not is_draw_phase(legal):
                knowledge = read_view(view)
                patient = hard._opponent_is_patient(view)
                truth = to_mask(game.view(1 - seat).hand)
                for model in MODELS:
                    rng = decision_rng(hard.seed, view)
                    samples = samples_of(model, knowledge, rng, patient)
                    evaluator = Evaluator(knowledge, samples)
                    for card in discard_cards(legal):
                        seen[model].append((evaluator.danger(card), is_useful(truth, card)))
            player = hard if seat == hard_seat else other
            game.apply(player.choose(view, legal))
    for model, pairs in seen.items():
        brier = sum((p - t) ** 2 for p, t in pairs) / len(pairs)
        base_rate = sum(t for _, t in pairs) / len(pairs)
        print(
            f"{model:8s} n={len(pairs)} melds={base_rate:.3f}"
            f" brier={brier:.4f} auc={auc(pairs):.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
