"""The coach: Hard's opinion on each of a seat's decisions, from that seat's view only."""

from __future__ import annotations

import pytest

from gin import Game
from gin.actions import ActionKind
from gin.ai import HINT_SEED, HardPlayer, hint, make_player
from gin.ai.coach import Decision, decisions, review_game, review_hand, reviewing


def played(seed: int, players: tuple[str, str], hands: int = 2) -> Game:
    """A game of ``seed`` played by two bots (by level, "hint" for Hard seeded as the hint)."""
    game = Game(seed=seed)
    bots = [
        HardPlayer(HINT_SEED) if name == "hint" else make_player(name, seed + seat)
        for seat, name in enumerate(players)
    ]
    while not game.over and len(game.hand_results) < hands:
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    return game


@pytest.mark.parametrize("seed", range(3))
def test_a_seat_that_played_hards_moves_makes_no_mistakes(seed: int) -> None:
    review = review_game(played(seed, ("hint", "normal")), seat=0)
    assert len(review.hands) == 2 and len(review.decisions) >= 10
    assert all(hand.mistakes == () for hand in review.hands)
    assert review.accuracy == 1.0 and review.cost == 0.0


def test_a_review_marks_where_hard_would_have_chosen_otherwise() -> None:
    game = played(4, ("easy", "normal"), hands=3)
    review = review_game(game, seat=0)
    mistakes = [d for hand in review.hands for d in hand.mistakes]
    assert mistakes, "Easy plays differently from Hard somewhere in three hands"
    for hand in review.hands:
        assert [d.index for d in hand.decisions] == list(range(1, len(hand.decisions) + 1))
        assert {d.hand_number for d in hand.decisions} <= {hand.hand_number}
        assert 0.0 <= hand.accuracy < 1.0 or not hand.mistakes
        assert hand.as_hard + len(hand.mistakes) == len(hand.decisions)
    for decision in review.decisions:
        if decision.cost is None:  # a knock Hard's schedule rules out: marked, not priced
            assert decision.played.kind is ActionKind.KNOCK and not decision.as_hard
        else:
            assert decision.cost >= 0.0
        assert decision.as_hard == (decision.played == decision.advised)
        assert decision.as_hard or decision.reason  # a mistake comes with Hard's reason
        if decision.as_hard:
            assert decision.cost == 0.0
    assert sum(d.cost or 0.0 for d in mistakes) > 0
    assert review.accuracy == pytest.approx(
        sum(d.as_hard for d in review.decisions) / len(review.decisions)
    )


def test_each_decision_is_the_hint_the_seat_could_have_asked_for() -> None:
    game = played(5, ("normal", "hard"), hands=1)
    replay = Game.record_start(game.to_dict())
    found: list[Decision] = list(decisions(game, seat=1))
    asked = []
    for action in game.actions:
        legal = replay.legal_actions()
        if replay.to_move == 1 and len(legal) > 1:
            asked.append(hint(replay.view(1), legal).action)
        replay.apply(action)
    assert [d.advised for d in found] == asked


def test_a_hand_review_is_that_hand_of_the_game_review() -> None:
    game = played(6, ("normal", "easy"), hands=2)
    whole = review_game(game.to_dict(), seat=1)
    assert review_hand(game, 2, seat=1) == whole.hands[1]
    assert review_hand(game.finished_hands_record(), 1, seat=1) == whole.hands[0]


def test_a_review_in_steps_pauses_within_each_decision_and_is_the_same_review() -> None:
    """The page works a review out a slice at a time: Hard's work on a single decision must
    pause too (one decision is 150-450 ms on a phone), not only between decisions."""
    game = played(6, ("normal", "easy"), hands=2)
    steps = reviewing(game, 1, seat=1)
    paused = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            review = done.value
            break
        paused += 1
    assert review == review_hand(game, 1, seat=1)
    assert paused > 5 * len(review.decisions) > 0


def test_the_hand_in_play_is_not_reviewed() -> None:
    game = played(7, ("normal", "easy"), hands=1)
    for _ in range(4):  # some moves into hand 2
        seat = game.to_move
        assert seat is not None
        game.apply(game.legal_actions()[0])
    assert [hand.hand_number for hand in review_game(game, 0).hands] == [1]
    assert all(d.hand_number == 1 for d in decisions(game.to_dict(), 0))
    with pytest.raises(ValueError, match="not a finished hand"):
        review_hand(game, 2, seat=0)


def test_a_review_refuses_bad_input() -> None:
    game = played(8, ("normal", "easy"), hands=1)
    record = game.to_dict()
    for seat in (2, -1, True):
        with pytest.raises(ValueError, match="seat"):
            review_game(record, seat)
    for number in (0, 2, "1", 1.0):
        with pytest.raises(ValueError):
            review_hand(record, number, 0)  # type: ignore[arg-type]
    tampered = {**record, "actions": ["gin AS", *record["actions"][1:]]}
    with pytest.raises(ValueError):
        review_game(tampered, 0)


def test_reasons_carry_cards_and_actions_never_text() -> None:
    from gin.actions import Action
    from gin.ai.hints import Hint
    from gin.cards import Card

    king = Card.parse("KD")
    discard = Action.parse("discard KD")
    assert Hint(discard, "discard", {"card": king}).reason.startswith("Discard KD:")
    for args in ({"card": "KD"}, {"card": king, "risk": 3}, {}, {"card": True}):
        with pytest.raises(ValueError):
            Hint(discard, "discard", args)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Hint(discard, "no such reason", {"card": king})
