"""The offline measuring scripts of issue 24's ninth round (bench/gin_race.py, knock_table.py)."""

from __future__ import annotations

from typing import Any

from bench.gin_race import Race, race
from bench.knock_table import STAGES, added_gain, fit, stage_of, true_knock
from gin import parse_cards
from gin.cards import to_mask


def test_race_plays_the_same_cards_for_every_weight_and_counts_gin_shares() -> None:
    plain, weighted = race(0.0, 3, 5, draws=8), race(30.0, 3, 5, draws=8)
    assert len(plain.gin_at) == len(weighted.gin_at) == 3
    assert all(len(values) <= 3 for values in plain.deadwood.values())
    assert Race(gin_at=[2, None, 9]).gin_share(8) == 1 / 3


def test_true_knock_scores_the_showdown_with_layoffs_and_the_undercut() -> None:
    kept = to_mask(parse_cards("2S 3S 4S 7H 7D 7C 9D 9C 9H 5H"))
    # The defender lays 5S off on the spades run and keeps KD QC AC: 21 against 5.
    assert true_knock(kept, to_mask(parse_cards("5S KD QC 2H 3H 4H 6C 6D 6H AC"))) == 21 - 5
    # Two points loose against five: the knocker is undercut.
    low = to_mask(parse_cards("AC AD AS 2C 2D 3C 3D 4C 4D 2H"))
    assert true_knock(kept, low) == -(5 - 2 + 25)


def _row(stock: int, deadwood: int, estimate: float, **rest: Any) -> dict[str, Any]:
    return {
        "stock": stock,
        "deadwood": deadwood,
        "estimate": estimate,
        "patient": True,
        "knocked": False,
        "opponent": "x",
        **rest,
    }


def test_the_play_on_table_and_the_gain_of_added_knocks() -> None:
    assert [stage_of(stock) for stock in (31, 20, 19, 4, 3)] == [0, 0, 1, 2, None]
    assert STAGES[0] == (20, 31)
    rows = [
        _row(15, 4, 9.0, true=6, outcome=-30, hand="a"),
        _row(13, 4, 1.0, true=2, outcome=-30, hand="a"),
        _row(15, 4, -5.0, true=-20, outcome=10, hand="b"),
    ]
    table = fit(rows)
    assert table[1, 4] == (-50 / 3, 3)
    # With a margin of 12 hand a's first row beats the table (9 > -16.7 + 12): its knock's 6
    # replaces the hand's -30.  Hand b's estimate does not (-5); with no margin it does.
    assert added_gain(rows, table, 12.0) == (36 / 2, 1, 2)
    assert added_gain(rows, table, 0.0) == ((36 - 30) / 2, 2, 2)
