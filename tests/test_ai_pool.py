"""The arena's pool of styles (issue 24) and the knocking habit Hard reads from finished hands."""

from __future__ import annotations

import json
import random

import pytest

from gin import Action, ActionKind, Game, PlayerView, parse_cards
from gin.ai.habits import LAST_DRAWS, knock_chances, read_habit
from gin.ai.hard import Evaluator, sample_opponent
from gin.ai.knowledge import read_view
from gin.ai.styles import STYLES
from gin.arena import POOL, load_player, main
from gin.cards import Card, to_mask
from gin.melds import deadwood_mask
from tests.test_ai import _after_stock_draw


def _knocks(style: str, mine: str, stock_count: int | None = None) -> bool:
    """Whether ``style`` knocks (or goes gin) with ``mine`` after drawing KD, at that stock."""
    game, me = _after_stock_draw(mine, "KD")
    view = game.view(me)
    if stock_count is not None:
        view = PlayerView(**{**vars(view), "stock_count": stock_count})
    action = load_player(style, 1).choose(view, game.legal_actions())
    assert action in game.legal_actions()
    return action.kind in (ActionKind.KNOCK, ActionKind.GIN)


ONE = "2S 3S 4S 7H 7D 7C 9D 9C 9H AH"  # with KD drawn: knocks with 1 deadwood
FOUR = "2S 3S 4S 7H 7D 7C 9D 9C 9H 4H"
SIX = "2S 3S 4S 7H 7D 7C 9D 9C 9H 6H"


def test_each_style_knocks_by_its_habit_and_plays_like_its_model() -> None:
    assert set(STYLES) <= set(POOL) and {"simple", "easy", "normal"} <= set(POOL)
    assert not _knocks("simple-gin", ONE)  # only gin ...
    assert _knocks("simple-gin", SIX, stock_count=LAST_DRAWS)  # ... until the last draws
    assert _knocks("normal-gin", SIX, stock_count=LAST_DRAWS)
    assert not _knocks("normal-gin", ONE)
    for style in ("simple-3", "normal-3"):
        assert _knocks(style, ONE) and not _knocks(style, FOUR)
    assert _knocks("simple-5", FOUR) and not _knocks("simple-5", SIX)
    assert _knocks("simple-falling", SIX)  # 10 at the first turns
    assert not _knocks("simple-falling", FOUR, stock_count=9)  # 3 with 9 stock cards left
    assert _knocks("simple-falling", ONE, stock_count=3)
    # Its draws and discards are the model's: simple's and Normal's own choices.
    game, me = _after_stock_draw("2S 3S 4S 7H 7D 7C KD QC 5H AS", "9H")
    view, legal = game.view(me), game.legal_actions()
    for style, model in (("simple-gin", "simple"), ("normal-3", "normal")):
        assert load_player(style, 4).choose(view, legal) == load_player(model, 4).choose(
            view, legal
        )


def _played(first: str, second: str, seed: int) -> tuple[Game, list[tuple[int, int, int, bool]]]:
    """A whole game; for every discard, the seat, the stock, the least deadwood and if it ended."""
    game = Game(seed=seed)
    bots = [load_player(first, seed), load_player(second, seed + 1)]
    seen = []
    while not game.over:
        seat = game.to_move
        assert seat is not None
        view, legal = game.view(seat), game.legal_actions()
        action = bots[seat].choose(view, legal)
        if action.card is not None:
            hand = to_mask(view.hand)
            least = min(deadwood_mask(hand ^ a.card.bit) for a in legal if a.card is not None)
            ended = action.kind in (ActionKind.KNOCK, ActionKind.GIN)
            seen.append((seat, view.stock_count, least, ended))
        game.apply(action)
    return game, seen


def test_knock_chances_are_rebuilt_exactly_from_the_finished_hands() -> None:
    game, seen = _played("simple-5", "normal-gin", seed=3)
    assert len(game.hand_results) >= 2
    limit = game.rules.knock_limit
    for seat in (0, 1):
        rebuilt = [
            (chance.stock_count, chance.deadwood, chance.knocked)
            for result in game.hand_results
            for chance in knock_chances(result, seat, limit)
        ]
        played = [(s, d, e) for who, s, d, e in seen if who == seat and d <= limit]
        assert rebuilt == played and rebuilt


def test_the_habit_tells_an_eager_knocker_from_a_patient_one() -> None:
    eager, _ = _played("simple", "normal", seed=5)
    patient, _ = _played("simple-gin", "normal", seed=5)
    habit = read_habit(eager.view(1), LAST_DRAWS)
    assert habit.taken and not habit.declined and habit.eagerness == 1.0
    assert habit.most_knocked is not None and habit.most_knocked > 3
    habit = read_habit(patient.view(1), LAST_DRAWS)
    assert habit.declined and not habit.taken and habit.eagerness == 0.0
    assert read_habit(Game(seed=5).view(0), LAST_DRAWS).eagerness is None  # nothing seen yet


def test_the_arena_plays_the_pool_and_names_the_worst_opponent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["easy", "--pool", "--games", "1", "--seed", "2", "--duplicate", "--json"]) == 0
    pool = json.loads(capsys.readouterr().out)
    matches = pool["matches"]
    assert [match["players"][1]["name"] for match in matches] == [
        "easy (B)" if name == "easy" else name for name in POOL
    ]
    assert all(match["games"] == 2 for match in matches)
    shares = {m["players"][1]["name"]: m["players"][0]["games_won"] / 2 for m in matches}
    assert shares[pool["worst"]] == min(shares.values())
    assert main(["easy", "simple-3", "--games", "1", "--seed", "2"]) == 0
    assert "simple-3" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["easy", "simple", "--pool"])


def test_hard_knocks_earlier_against_a_patient_opponent_and_samples_it_better_built() -> None:
    import random

    from gin.ai.hard import HardPlayer, knock_schedule, opponent_is_patient, sample_opponent
    from gin.ai.knowledge import read_view
    from tests.test_ai import positions

    eager, _ = _played("simple", "normal", seed=5)
    patient, _ = _played("simple-gin", "normal", seed=5)
    assert not opponent_is_patient(Game(seed=5).view(1))  # unknown counts as eager
    assert not opponent_is_patient(eager.view(1)) and opponent_is_patient(patient.view(1))
    # Five deadwood at the first turn: Hard plays on against an eager knocker (for gin or
    # the undercut) but weighs the knock against a patient one, and takes it.
    game, me = _after_stock_draw("2S 3S 4S 7H 7D 7C 9D 9C 9H 5H", "KD")
    view, legal = game.view(me), game.legal_actions()
    choices = []
    for finished in (eager, patient):
        seen = PlayerView(**{**vars(view), "hand_results": finished.hand_results})
        read = opponent_is_patient(seen)
        choices.append(
            (read, knock_schedule(read_view(seen), read), HardPlayer(1).choose(seen, legal))
        )
    assert choices == [
        (False, 2, Action.parse("discard KD")),
        (True, 10, Action.parse("knock KD")),
    ]
    # A patient opponent's samples draw more extra cards, so they hold less deadwood.
    totals = [0, 0]
    checked = 0
    for position, seat in positions(seed=31, count=150):
        knowledge = read_view(position.view(seat))
        if knowledge.opponent_stock_draws < 2:
            continue
        checked += 1
        for index, patient_read in enumerate((False, True)):
            hands = sample_opponent(knowledge, random.Random(2), 40, patient_read)
            totals[index] += sum(map(deadwood_mask, hands))
    as_eager, as_patient = (total / (40 * checked) for total in totals)
    assert checked >= 10 and as_patient < as_eager - 3, (as_eager, as_patient)


def test_hard_counts_the_gin_outs_of_a_hand_three_loose_cards_from_gin() -> None:
    import random

    from gin.ai.hard import (
        DANGER_WEIGHT,
        GIN_OUTS_MAX_LOOSE,
        GIN_OUTS_WEIGHT,
        Evaluator,
        sample_opponent,
    )
    from gin.ai.knowledge import read_view

    # Throwing KD keeps 9D 9C TD loose: 9H, 9S or JD next draw melds two of them, and the
    # third goes out as the gin discard.
    game, me = _after_stock_draw("2S 3S 4S 5S 7H 7D 7C 9D 9C TD", "KD")
    knowledge = read_view(game.view(me))
    evaluator = Evaluator(knowledge, sample_opponent(knowledge, random.Random(1), 40))
    king = Card.parse("KD")
    kept = knowledge.hand ^ king.bit
    assert 2 < 3 <= GIN_OUTS_MAX_LOOSE and evaluator.gin_chance(kept) > 0
    plain = evaluator.value(kept) + DANGER_WEIGHT * evaluator.danger(king)
    outs = GIN_OUTS_WEIGHT * evaluator.gin_chance(kept)
    assert evaluator.discard_cost(knowledge.hand, king) == pytest.approx(plain - outs)


def test_hard_reads_the_habit_once_per_finished_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    from gin.ai import hard

    eager, _ = _played("simple", "normal", seed=5)
    patient, _ = _played("simple-gin", "normal", seed=5)
    game, me = _after_stock_draw("2S 3S 4S 7H 7D 7C 9D 9C 9H 5H", "KD")
    view, legal = game.view(me), game.legal_actions()
    reads: list[bool] = []
    read = hard.opponent_is_patient

    def counted(seen: PlayerView) -> bool:
        reads.append(read(seen))
        return reads[-1]

    monkeypatch.setattr(hard, "opponent_is_patient", counted)
    player = hard.HardPlayer(1)
    choices = [
        player.choose(PlayerView(**{**vars(view), "hand_results": finished.hand_results}), legal)
        for finished in (eager, eager, patient, patient, eager)
    ]
    # Each new set of finished hands is read once, and the decision follows it.
    assert reads == [False, True, False]
    assert choices == [Action.parse("discard KD")] * 2 + [Action.parse("knock KD")] * 2 + [
        Action.parse("discard KD")
    ]


def _evaluator_after_draw(
    mine: str, drawn: str, loose_weight: float = 0.0
) -> tuple[Evaluator, int]:
    """Hard's evaluator for the seat that drew ``drawn`` onto ``mine``, and that seat's hand."""
    game, me = _after_stock_draw(mine, drawn)
    knowledge = read_view(game.view(me))
    samples = sample_opponent(knowledge, random.Random(1), 40)
    return Evaluator(knowledge, samples, loose_weight), knowledge.hand


def test_loose_value_counts_the_loose_cards_a_draw_can_meld() -> None:
    evaluator, hand = _evaluator_after_draw("2S 3S 4S 7H 7D 7C 9D 9C TD 5H", "KD")
    # Without KD four cards are loose: 9D 9C TD 5H.  9H or 9S melds two of them and JD, 8D
    # or 5S one or two, so fewer are expected after the draw, but never fewer than two.
    kept = hand ^ Card.parse("KD").bit
    assert 2 < evaluator.loose_value(kept) < 4
    # A melded hand has nothing loose, whatever comes.
    gin, _ = _evaluator_after_draw("2S 3S 4S 7H 7D 7C 9D 9C 9H 5H", "5S")
    melded = to_mask(parse_cards("2S 3S 4S 5S 7H 7D 7C 9D 9C 9H"))
    assert gin.loose_value(melded) == 0


def test_kept_value_adds_the_loose_weight_per_expected_loose_card() -> None:
    plain, hand = _evaluator_after_draw("2S 3S 4S 7H 7D 7C 9D 9C TD 5H", "KD")
    weighted, _ = _evaluator_after_draw("2S 3S 4S 7H 7D 7C 9D 9C TD 5H", "KD", 30.0)
    kept = hand ^ Card.parse("5H").bit
    assert plain.kept_value(kept) == plain.value(kept)
    assert weighted.kept_value(kept) == pytest.approx(
        weighted.value(kept) + 30.0 * weighted.loose_value(kept)
    )


def test_loose_weight_throws_the_card_no_draw_can_meld_before_a_higher_partial() -> None:
    # 7C 8C wait for 6C or 9C; no single card melds 6H (5H 7H, or two more sixes, are needed).
    # Deadwood alone throws the 8, two points more; counting loose cards throws the 6.
    mine, drawn = "5C TH 8C 5S TD 6H 7C TS 2S 2D", "2H"
    plain, hand = _evaluator_after_draw(mine, drawn)
    weighted, _ = _evaluator_after_draw(mine, drawn, 30.0)
    cards = parse_cards("8C 6H")
    assert plain.best_discard(hand, cards)[0] == Card.parse("8C")
    assert weighted.best_discard(hand, cards)[0] == Card.parse("6H")
