"""Property test of the daily deal beside the person's own game: whatever is sent, in any order,
with reloads between, no game in progress is lost without a question, and a kept day stays kept.
"""

from __future__ import annotations

import random
from datetime import date, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gin.table.intents import (
    BackToGame,
    Cancel,
    CloseShare,
    Confirm,
    DismissReveal,
    Intent,
    NewGame,
    NextHand,
    PlayDaily,
    ShareDaily,
    ShareDone,
    Today,
)
from gin.table.startup import Address, Stored, start
from gin.table.state import TableState
from tests.helpers import check_invariants
from tests.table_helpers import Table, sensible_intent

DEC_1 = date(2026, 12, 1)
days = st.sampled_from([None, DEC_1, DEC_1 - timedelta(days=1), DEC_1 + timedelta(days=1)])
intents: st.SearchStrategy[Intent] = st.one_of(
    st.builds(PlayDaily, days),
    st.sampled_from(
        [
            BackToGame(),
            NewGame(),
            NextHand(),
            Confirm(),
            Cancel(),
            ShareDaily(),
            ShareDone(True),
            ShareDone(False),
            CloseShare(),
            DismissReveal(),
            Today(DEC_1 + timedelta(days=1)),
        ]
    ),
)
RELOAD, SENSIBLE = "reload", "sensible"
steps = st.lists(
    st.one_of(intents, st.just(RELOAD), *[st.just(SENSIBLE)] * 8), min_size=20, max_size=200
)


def games_in_progress(state: TableState) -> dict[str, list[str]]:
    """Each game in progress by the slot it belongs to: the person's own, or the daily deal."""
    found = {}
    if state.in_progress:
        found["daily" if state.daily else "own"] = state.game.actions
    if state.parked is not None:
        found["daily" if state.parked.daily else "own"] = state.parked.game.actions
    return found


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(seed=st.integers(0, 10_000), script=steps)
def test_no_game_in_progress_is_lost_without_a_question(seed: int, script: list) -> None:  # type: ignore[type-arg]
    rng = random.Random(seed)
    state, effects = start(Stored(settings={"level": "easy"}), Address(today=DEC_1), [])
    table = Table(state)
    table.perform(effects)
    for step in script:
        before = table.state
        if step == RELOAD:
            table = table.reload()
        else:
            table.send(sensible_intent(before, rng) if step == SENSIBLE else step)
        after = table.state
        check_invariants(after.game)
        if after.parked is not None:
            assert after.parked.in_progress
            assert (after.parked.daily is None) == (after.daily is not None)
        for day, kept in before.daily_results.days.items():
            assert after.daily_results.result_of(day) == kept  # kept once, never replaced
        now = games_in_progress(after)
        for slot, actions in games_in_progress(before).items():
            if slot in now and now[slot][: len(actions)] == actions:
                continue  # still there (played on, perhaps)
            # Gone: only by answering yes to a question, or by finishing the game.
            finished = (slot == "daily") == (before.daily is not None) and before.game.over
            asked = before.question is not None and step == Confirm()
            played_out = step == SENSIBLE and after.game.actions[: len(actions)] == actions
            assert asked or finished or played_out, (slot, step, before.question)
        if step == RELOAD:
            assert after.game.actions == before.game.actions
            assert games_in_progress(after) == games_in_progress(before)
