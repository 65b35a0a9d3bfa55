"""Property tests of the table: any sequence of intents, whatever a person (or a glitch) sends.

Random intents, legal or not, mixed with reloads of the page: the update never
raises, the game stays consistent, and the statistics count every finished
hand, every finished game and every abandoned game exactly once.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gin.actions import ActionKind
from gin.cards import DECK
from gin.game import Game
from gin.table.intents import (
    Arm,
    Cancel,
    ChangeSetting,
    ChooseCard,
    ClosePanel,
    Confirm,
    DownloadRecord,
    DrawFromPile,
    DrawFromStock,
    Intent,
    KeyPress,
    MoveCard,
    NewGame,
    NextHand,
    OpenPanel,
    Panel,
    Pass,
    PlayCard,
    ResetStatistics,
    ShowDeck,
    SortHand,
)
from gin.table.settings import SortMode
from gin.table.state import Question
from tests.helpers import check_invariants
from tests.table_helpers import Table, sensible_intent

cards = st.sampled_from(DECK)
anything: st.SearchStrategy[Intent] = st.one_of(
    st.sampled_from(
        [
            DrawFromStock(),
            DrawFromPile(),
            Pass(),
            Arm(ActionKind.KNOCK),
            Arm(ActionKind.GIN),
            NextHand(),
            NewGame(),
            Confirm(),
            Cancel(),
            ClosePanel(),
            ResetStatistics(),
            DownloadRecord(),
            ShowDeck(),
            SortHand(SortMode.RANK),
            SortHand(SortMode.MELDS),
            OpenPanel(Panel.STATS),
            OpenPanel(Panel.MENU),
        ]
    ),
    st.builds(PlayCard, cards),
    st.builds(ChooseCard, cards),
    st.builds(MoveCard, cards, st.integers(-3, 14)),
    st.builds(
        ChangeSetting,
        st.sampled_from(["target", "speed", "game_bonus", "sound", "nonsense"]),
        st.sampled_from(["5", "100", "hard", "easy", "2.0", "true", "x"]),
    ),
    st.builds(KeyPress, st.sampled_from(["s", "p", "x", "k", "g", "n", "?", "Escape", "z"])),
)
RELOAD = "reload"
SENSIBLE = "sensible"
steps = st.lists(
    st.one_of(anything, st.just(RELOAD), *[st.just(SENSIBLE)] * 6),
    min_size=40,
    max_size=400,
)


@dataclass
class Ledger:
    """What the statistics must say, counted by the test on its own."""

    hands: int = 0
    games: int = 0
    abandoned: int = 0


def _continues(before: Game, after: Game) -> bool:
    return before.seed == after.seed and after.actions[: len(before.actions)] == before.actions


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(seed=st.integers(0, 10_000), script=steps)
def test_any_intents_keep_the_table_consistent_and_count_once(seed: int, script: list) -> None:  # type: ignore[type-arg]
    import random

    rng = random.Random(seed)
    table = Table.open(seed=seed)
    # The computer may have played a whole hand before the person's first move (a knock
    # at its first turn, seed 7231): those hands count too.
    opening = table.state.game
    ledger = Ledger(hands=len(opening.hand_results), games=int(opening.over))
    for step in script:
        before = table.state
        if step == RELOAD:
            table = table.reload()
        else:
            intent = sensible_intent(before, rng) if step == SENSIBLE else step
            table.send(intent)
        after = table.state
        check_invariants(after.game)
        reset = (
            before.question is Question.RESET_STATS
            and after.question is None
            and (
                after.stats.of("easy").games_played == 0
                and after.stats.of("easy").hands_played == 0
            )
        )
        if reset and step != RELOAD:
            ledger = Ledger()
            continue
        old, new = before.game, after.game
        if _continues(old, new):
            ledger.hands += len(new.hand_results) - len(old.hand_results)
            ledger.games += new.over and not old.over
        else:
            if not old.over and before.in_progress:
                ledger.abandoned += 1
            ledger.hands += len(new.hand_results)
            ledger.games += new.over
        counted = after.stats.of("easy")  # every game here is against Easy
        assert counted.hands_played == ledger.hands
        assert counted.games_played == ledger.games + ledger.abandoned
        assert counted.games_abandoned == ledger.abandoned
