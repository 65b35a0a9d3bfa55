"""Arena factories for the ninth round's screen: Hard whose danger term alone comes from a second
sample set of another shape (docs/DESIGN.md, "Hard against patient players").

    PYTHONPATH=bench python -m gin.arena danger_samples:plain simple-3 --games 100 --seed 12 \\
        --duplicate --jobs 1 --json

``plain``: samples without extra draws; ``built``: one extra card per stock draw, at most 8;
``control``: a second set of Hard's own samples.  The value of a hand, the knock and the stock
weights come from Hard's own samples, as in :class:`hard_diagnosis.SplitEvaluator`.  The shape is
set by changing :mod:`gin.ai.hard`'s limits for the one call: a measurement, never a player.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from hard_diagnosis import SplitEvaluator  # noqa: E402

import gin.ai.hard as hard_module  # noqa: E402
from gin.actions import Action  # noqa: E402
from gin.ai.base import decision_rng, finish  # noqa: E402
from gin.ai.hard import Evaluator, HardPlayer, knock_schedule, sample_opponent  # noqa: E402
from gin.ai.hints import Appraisal  # noqa: E402
from gin.ai.knowledge import Knowledge, is_draw_phase, read_view  # noqa: E402
from gin.view import PlayerView  # noqa: E402

SHAPES = {"plain": (1, 0), "built": (1, 8), "control": None}
"""(stock draws per extra card, most extra cards) of the danger's samples, or None: Hard's own."""
_LIMITS = (
    "DRAWS_PER_EXTRA",
    "MAX_EXTRA_DRAWS",
    "PATIENT_DRAWS_PER_EXTRA",
    "PATIENT_MAX_EXTRA_DRAWS",
)


def shaped_samples(
    shape: tuple[int, int] | None,
    knowledge: Knowledge,
    rng: random.Random,
    count: int,
    patient: bool,
) -> list[int]:
    """Opponent samples with every extra-draw limit set to ``shape`` for the call."""
    if shape is None:
        return sample_opponent(knowledge, rng, count, patient)
    saved = {name: getattr(hard_module, name) for name in _LIMITS}
    per, most = shape
    for name in _LIMITS:
        setattr(hard_module, name, per if name.endswith("PER_EXTRA") else most)
    try:
        return sample_opponent(knowledge, rng, count, patient)
    finally:
        for name, value in saved.items():
            setattr(hard_module, name, value)


class DangerFromOtherSamples(HardPlayer):
    """Hard whose danger term comes from a second sample set of the shape ``shape``."""

    def __init__(self, seed: int, shape: tuple[int, int] | None) -> None:
        super().__init__(seed)
        self.shape = shape

    def appraise(self, view: PlayerView, legal: list[Action]) -> Appraisal:
        if len(legal) == 1:
            return super().appraise(view, legal)
        knowledge = read_view(view)
        rng = decision_rng(self.seed, view)
        patient = self._opponent_is_patient(view)
        own = Evaluator(knowledge, sample_opponent(knowledge, rng, self.samples, patient))
        other = shaped_samples(self.shape, knowledge, rng, self.samples, patient)
        evaluator = SplitEvaluator(own, Evaluator(knowledge, other), danger=True)
        if is_draw_phase(legal):
            return finish(self._draw(knowledge, evaluator, legal))
        schedule = knock_schedule(knowledge, patient)
        return finish(self._discard(knowledge, evaluator, legal, schedule))


def plain(seed: int) -> HardPlayer:
    return DangerFromOtherSamples(seed, SHAPES["plain"])


def built(seed: int) -> HardPlayer:
    return DangerFromOtherSamples(seed, SHAPES["built"])


def control(seed: int) -> HardPlayer:
    return DangerFromOtherSamples(seed, SHAPES["control"])
