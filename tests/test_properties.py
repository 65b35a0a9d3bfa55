"""Property tests (hypothesis) over random legal play.

Every action keeps all 52 cards accounted for exactly once; random legal
playouts finish; a view never reveals a concealed card; any state round-trips
through ``to_dict``/``from_dict``; every illegal or malformed action is refused
and changes nothing.
"""

from __future__ import annotations

import dataclasses
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gin import Action, ActionKind, Game, IllegalActionError, Rules
from tests.helpers import (
    assert_accounted,
    card_codes_in,
    concealed_from,
    every_action,
    play_out,
)

PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=0, max_value=2**31 - 1)
rules = st.builds(
    Rules,
    game_bonus=st.booleans(),
    line_bonus=st.booleans(),
    shutout_bonus=st.booleans(),
    target=st.integers(min_value=1, max_value=60),
)
# each number picks one of the legal actions (modulo their count), so playouts shrink well;
# long playouts (several hands) come from a seeded generator
choices = st.one_of(
    st.lists(st.integers(min_value=0, max_value=10_000), max_size=120),
    st.builds(
        lambda length, seed: [random.Random(seed).randrange(10_000) for _ in range(length)],
        st.integers(min_value=0, max_value=700),
        st.integers(min_value=0, max_value=2**32),
    ),
)


def _pick(game: Game, number: int) -> Action:
    legal = game.legal_actions()
    ending = [a for a in legal if a.kind in (ActionKind.KNOCK, ActionKind.GIN)]
    if ending and number % 3:  # mostly knock when offered, so hands end and games finish
        return ending[number % len(ending)]
    return legal[number % len(legal)]


def _replay(seed: int, rules_: Rules, numbers: list[int]):
    """Yield the game after each of the chosen actions (and once before any)."""
    game = Game(seed=seed, rules=rules_)
    yield game
    for number in numbers:
        if game.over:
            return
        game.apply(_pick(game, number))
        yield game


@PROPERTY
@given(seeds, rules, choices)
def test_every_action_keeps_all_52_cards_accounted_for(seed, rules_, numbers) -> None:
    for game in _replay(seed, rules_, numbers):
        assert_accounted(game)
        if not game.over:
            view = game.view(game.to_move)
            hand = 11 if game.phase.value == "discard" else 10
            assert len(view.hand) == hand and view.opponent_card_count == 10
            assert len(view.hand) + 10 + len(view.discard_pile) + view.stock_count == 52


@settings(max_examples=15, deadline=None)
@given(seeds, rules, st.floats(min_value=0.05, max_value=1.0))
def test_random_legal_playouts_always_finish_a_game(seed, rules_, knock_chance) -> None:
    game = Game(seed=seed, rules=rules_)
    play_out(game, random.Random(seed), max_actions=200_000, knock_chance=knock_chance)
    assert game.over and game.winner in (0, 1)
    assert game.to_move is None and game.legal_actions() == []
    points = [0, 0]
    for result in game.hand_results:
        if result.winner is not None:
            points[result.winner] += result.points
    assert points[game.winner] >= rules_.target > points[1 - game.winner]


@PROPERTY
@given(seeds, rules, choices)
def test_a_view_never_reveals_a_concealed_card(seed, rules_, numbers) -> None:
    for step, game in enumerate(_replay(seed, rules_, numbers)):
        if game.over:
            break
        for seat in (0, 1):
            view = game.view(seat)
            hidden = concealed_from(game, seat)
            shown = {*view.hand, *view.opponent_known_cards, *view.discard_pile}
            shown |= {event.card for event in view.history if event.card is not None}
            shown |= {action.card for action in view.legal_actions if action.card is not None}
            assert not shown & hidden
            assert view.taken_from_pile not in hidden
            for event in view.history:
                if event.player != seat and event.action == "draw stock":
                    assert event.card is None
            if not view.my_turn:
                assert view.legal_actions == () and view.taken_from_pile is None
            if step % 10 == 0:  # every field, read as text (past hands' results are public)
                current = dataclasses.replace(view, hand_results=())
                assert not card_codes_in(current) & {str(card) for card in hidden}


@PROPERTY
@given(seeds, rules, choices)
def test_any_state_round_trips_through_to_dict_and_from_dict(seed, rules_, numbers) -> None:
    states = list(_replay(seed, rules_, numbers))
    for game in states[:: max(1, len(states) // 6)] + states[-1:]:
        data = game.to_dict()
        copy = Game.from_dict(json.loads(json.dumps(data)))
        assert copy.to_dict() == data
        assert copy.legal_actions() == game.legal_actions()
        assert copy.view(0) == game.view(0) and copy.view(1) == game.view(1)
        assert copy.scores == game.scores and copy.winner == game.winner
        assert copy.over == game.over and copy.to_move == game.to_move
        assert_accounted(copy)


ALL_ACTIONS = every_action()
junk_text = st.one_of(
    st.text(max_size=20),
    st.sampled_from(["discard", "knock", "gin", "draw", "take 7H", "discard 1H", "gin ZZ"]),
    st.builds(
        lambda kind, rank, suit: f"{kind} {rank}{suit}",
        st.sampled_from(["discard", "knock", "gin", "Discard", "KNOCK", "pass", "take"]),
        st.sampled_from(["A", "2", "9", "10", "T", "Q", "K", "1", "11", "X"]),
        st.sampled_from(["S", "h", "D", "c", "X", ""]),
    ),
)
junk_values = st.one_of(
    st.none(), st.integers(), st.floats(), st.lists(st.text(max_size=3), max_size=2)
)


@PROPERTY
@given(
    seeds,
    rules,
    choices,
    st.lists(st.integers(min_value=0, max_value=len(ALL_ACTIONS) - 1), min_size=1, max_size=8),
    st.lists(junk_text, max_size=4),
    junk_values,
)
def test_illegal_or_malformed_actions_are_rejected_and_change_nothing(
    seed, rules_, numbers, picks, texts, value
) -> None:
    states = list(_replay(seed, rules_, numbers))
    game = states[-1]
    legal = set(game.legal_actions())
    before = json.dumps(game.to_dict())
    views = (game.view(0), game.view(1))
    attempts: list[object] = [ALL_ACTIONS[i] for i in picks if ALL_ACTIONS[i] not in legal]
    attempts += [str(action) for action in attempts]
    for text in texts:
        try:
            if Action.parse(text) in legal:
                continue
        except IllegalActionError:
            pass
        attempts.append(text)
    attempts.append(value)
    for attempt in attempts:
        try:
            game.apply(attempt)  # type: ignore[arg-type]
        except IllegalActionError as error:
            assert isinstance(error, ValueError) and str(error)
        else:
            raise AssertionError(f"{attempt!r} was accepted")
        assert json.dumps(game.to_dict()) == before
        assert (game.view(0), game.view(1)) == views
