"""RULES.md "Scoring": gin, knock, undercut, and the optional game bonuses."""

from __future__ import annotations

import pytest

from gin import RULESET_VERSION, Rules, parse_cards, score_hand
from gin.scoring import (
    BONUS_POINTS,
    BonusKind,
    game_bonuses,
    hand_price,
    points_of,
    price_showdown,
)
from gin.showdown import Showdown

p = parse_cards


def facts(gin: bool, knocker: int, defender: int) -> Showdown:
    return Showdown(gin, (), (), knocker, (), (), (), defender)


@pytest.mark.parametrize(
    ("gin", "k", "d", "kind", "winner", "points"),
    [
        (True, 0, 0, "gin", "knocker", 25),
        (True, 0, 37, "gin", "knocker", 62),
        (False, 3, 4, "knock", "knocker", 1),
        (False, 1, 50, "knock", "knocker", 49),
        (False, 5, 5, "undercut", "defender", 25),  # equality is an undercut
        (False, 10, 10, "undercut", "defender", 25),
        (False, 8, 2, "undercut", "defender", 31),
        (False, 10, 0, "undercut", "defender", 35),
    ],
)
def test_price_showdown(gin: bool, k: int, d: int, kind: str, winner: str, points: int) -> None:
    score = price_showdown(facts(gin, k, d))
    assert (score.kind, score.winner, score.points) == (kind, winner, points)


@pytest.mark.parametrize(
    ("gin", "k", "d", "terms", "bonus"),
    [
        (False, 6, 23, (23, -6), 0),  # "Knock: 23 − 6 = 17"
        (False, 6, 4, (6, -4, 25), 25),  # "Undercut: 6 − 4 + 25 = 27"
        (False, 5, 5, (5, -5, 25), 25),
        (False, 2, 0, (2, 0, 25), 25),  # "Undercut: 2 − 0 + 25 = 27"
        (True, 0, 31, (25, 31), 25),  # "Gin: 25 + 31 = 56"
        (True, 0, 0, (25, 0), 25),  # "Gin: 25 + 0 = 25"
    ],
)
def test_the_points_come_with_their_terms(
    gin: bool, k: int, d: int, terms: tuple[int, ...], bonus: int
) -> None:
    score = price_showdown(facts(gin, k, d))
    assert tuple(t.value for t in score.terms) == terms and score.bonus == bonus
    assert points_of(score.terms) == score.points == sum(terms)
    # What is taken away is the deadwood of the side that scores less: the knocker's in a
    # knock, the defender's in an undercut, even when it is 0.
    taken = [t.points for t in score.terms if t.taken_away]
    assert taken == ([] if gin else [k] if d > k else [d])
    assert hand_price(k, d, gin) == (score.kind, score.winner, score.terms)


def test_the_bonuses_are_priced_in_one_place() -> None:
    rules = Rules(game_bonus=True, line_bonus=True)
    bonuses = game_bonuses(rules, [100, 20], [4, 1], winner=0)
    assert [(b.kind, b.points) for b in bonuses] == [
        ("game", BONUS_POINTS[BonusKind.GAME]),
        ("line", 4 * BONUS_POINTS[BonusKind.LINE]),
        ("line", BONUS_POINTS[BonusKind.LINE]),
    ]


def test_knock_scores_the_difference() -> None:
    knocker = p("AS 2S 3S 4D 4H 4C 7C 8C 9C 5D")  # K = 5
    score = score_hand(knocker, p("6S 7S 8S JD QD KD 9H TH JH 8D"))  # D = 8
    assert (score.kind, score.winner, score.points) == ("knock", "knocker", 3)


def test_undercut_on_equality() -> None:
    knocker = p("AS 2S 3S 4D 4H 4C 7C 8C 9C 5D")  # K = 5
    defender = p("6S 7S 8S JD QD KD 9H TH JH 5H")  # D = 5, and 5H lays off nowhere
    score = score_hand(knocker, defender)
    assert score.showdown.knocker_deadwood == score.showdown.defender_deadwood == 5
    assert (score.kind, score.winner, score.points) == ("undercut", "defender", 25)


def test_undercut_below() -> None:
    knocker = p("AS 2S 3S 4D 4H 4C 7C 8C 9C 9D")  # K = 9
    defender = p("6S 7S 8S JD QD KD 9H TH JH 2H")  # D = 2
    score = score_hand(knocker, defender)
    assert (score.kind, score.winner, score.points) == ("undercut", "defender", 9 - 2 + 25)


def test_undercut_made_by_layoffs() -> None:
    # Without lay-offs the defender has 4S + TC = 14 > 5; laying both off leaves 0.
    knocker = p("AS 2S 3S 4D 4H 4C 7C 8C 9C 5D")  # K = 5
    defender = p("4S TC 6H 7H 8H 9H TD JD QD KD")
    score = score_hand(knocker, defender)
    assert score.showdown.defender_deadwood == 0
    assert (score.kind, score.points) == ("undercut", 30)


def test_gin_scores_25_plus_deadwood() -> None:
    knocker = p("AS 2S 3S 4D 4H 4C 7C 8C 9C TC")
    defender = p("6S 7S 8S JD QD KD 9H TH JH 5H")  # 5
    score = score_hand(knocker, defender)
    assert (score.kind, score.winner, score.points) == ("gin", "knocker", 30)


def test_rules_defaults_and_version() -> None:
    rules = Rules()
    assert (rules.game_bonus, rules.line_bonus, rules.shutout_bonus, rules.target) == (
        False,
        False,
        False,
        100,
    )
    assert RULESET_VERSION == "1.0.0"
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_dict({}) == rules
    custom = Rules(game_bonus=True, target=250)
    assert Rules.from_dict(custom.to_dict()) == custom


@pytest.mark.parametrize(
    "bad",
    [
        {"target": 0},
        {"target": -5},
        {"target": 10_001},
        {"target": "100"},
        {"target": 100.0},
        {"target": True},
        {"game_bonus": 1},
        {"line_bonus": "yes"},
        {"shutout_bonus": None},
        {"colour": "red"},
    ],
)
def test_bad_rules_raise(bad: dict) -> None:
    with pytest.raises(ValueError):
        Rules.from_dict(bad)


def test_rules_from_non_object_raises() -> None:
    for bad in (None, [], "rules", 3):
        with pytest.raises(ValueError):
            Rules.from_dict(bad)  # type: ignore[arg-type]


def _total(bonuses, player: int) -> int:
    return sum(b.points for b in bonuses if b.player == player)


def test_game_bonuses_off_by_default() -> None:
    assert game_bonuses(Rules(), [120, 40], [4, 2], 0) == []


def test_game_bonus() -> None:
    bonuses = game_bonuses(Rules(game_bonus=True), [120, 40], [4, 2], 0)
    assert [(b.kind, b.player, b.points) for b in bonuses] == [("game", 0, 100)]


def test_line_bonus_for_each_player() -> None:
    bonuses = game_bonuses(Rules(line_bonus=True), [120, 40], [4, 2], 0)
    assert sorted((b.kind, b.player, b.points) for b in bonuses) == [
        ("line", 0, 100),
        ("line", 1, 50),
    ]


def test_shutout_doubles_the_winner_total_only_when_the_loser_won_nothing() -> None:
    assert game_bonuses(Rules(shutout_bonus=True), [120, 40], [4, 2], 0) == []
    bonuses = game_bonuses(Rules(shutout_bonus=True), [0, 105], [0, 3], 1)
    assert [(b.kind, b.player, b.points) for b in bonuses] == [("shutout", 1, 105)]
    every = Rules(game_bonus=True, line_bonus=True, shutout_bonus=True)
    bonuses = game_bonuses(every, [0, 105], [0, 3], 1)
    # 105 + 100 (game) + 75 (line), then doubled
    assert 105 + _total(bonuses, 1) == 2 * (105 + 100 + 75)
    assert _total(bonuses, 0) == 0
