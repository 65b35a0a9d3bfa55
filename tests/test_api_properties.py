"""Property tests over the whole public API (``gin.__all__``) with arbitrary objects and text.

Every call either works or raises ValueError (IllegalActionError is one): no
other exception type escapes, and a call that fails changes nothing.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gin
from gin import (
    DECK,
    Action,
    ActionKind,
    Card,
    Game,
    Rules,
    best_melds,
    deadwood,
    deadwood_after_layoff,
    parse_cards,
    score_hand,
)
from gin.ai import bot_seed
from gin.game_record import checksum as _checksum
from gin.jsontext import loads_bounded, nesting_depth
from tests.helpers import check_invariants, every_action

QUICK = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])

cards = st.sampled_from(DECK)
codes = st.one_of(
    st.sampled_from([str(card) for card in DECK]),
    st.sampled_from(["as", "10h", "10S", " 7d ", "1S", "ZZ", "7ſ", "\u212aS", "A", ""]),
)
atoms = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=2**62, max_value=2**200),
    st.floats(),
    st.text(max_size=12),
    st.binary(max_size=6),
    codes,
    cards,
    st.sampled_from(list(ActionKind)),
    st.sampled_from(every_action()),
    st.builds(object),
    st.builds(Rules, target=st.integers(1, 300)),
)
anything = st.recursive(
    atoms,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(st.one_of(st.text(max_size=8), st.integers()), inner, max_size=3),
        st.frozensets(cards, max_size=4),
    ),
    max_leaves=10,
)
hands = st.one_of(
    anything,
    st.lists(cards, max_size=14),
    st.lists(cards, max_size=12, unique=True),
    st.lists(st.one_of(cards, atoms), max_size=5),
    st.sets(cards, max_size=12),
)
melds = st.one_of(
    anything,
    st.lists(st.lists(cards, min_size=3, max_size=5, unique=True), max_size=3),
    st.lists(hands, max_size=3),
)


def works_or_value_error(call: Callable[[], object]) -> bool:
    """Call; True if it worked, False if it raised ValueError (anything else fails the test)."""
    try:
        call()
    except ValueError as error:
        assert str(error), "a ValueError without a message"
        return False
    return True


@QUICK
@given(anything, anything)
def test_cards_from_anything(x: Any, y: Any) -> None:
    works_or_value_error(lambda: Card.parse(x))
    works_or_value_error(lambda: parse_cards(x))
    works_or_value_error(lambda: Card(x, y))


@QUICK
@given(st.one_of(codes, st.text(max_size=12)), st.lists(codes, max_size=6))
def test_card_text(text: str, words: list[str]) -> None:
    if works_or_value_error(lambda: Card.parse(text)):
        assert text.isascii() and str(Card.parse(text)) in {str(card) for card in DECK}
    works_or_value_error(lambda: parse_cards(", ".join(words)))


@QUICK
@given(anything, anything, st.one_of(anything, st.text(max_size=20)))
def test_actions_from_anything(kind: Any, card: Any, text: Any) -> None:
    if works_or_value_error(lambda: Action(kind, card)):
        action = Action(kind, card)
        assert isinstance(action.kind, ActionKind) and Action.parse(str(action)) == action
    if works_or_value_error(lambda: Action.parse(text)):
        assert str(Action.parse(text)) in {str(action) for action in every_action()}


@QUICK
@given(hands, melds, hands, anything)
def test_hand_functions_from_anything(cards_: Any, melds_: Any, other: Any, rules: Any) -> None:
    works_or_value_error(lambda: deadwood(cards_))
    works_or_value_error(lambda: best_melds(cards_))
    works_or_value_error(lambda: deadwood_after_layoff(cards_, melds_))
    works_or_value_error(lambda: score_hand(cards_, other, rules))


@QUICK
@given(st.lists(cards, min_size=20, max_size=20, unique=True), st.one_of(st.none(), anything))
def test_score_hand_with_real_hands(twenty: list[Any], rules: Any) -> None:
    knocker, defender = twenty[:10], twenty[10:]
    if works_or_value_error(lambda: score_hand(knocker, defender, rules)):
        assert deadwood(knocker) <= Rules().knock_limit


rule_values = st.one_of(anything, st.integers(-5, 10_005), st.booleans())


@QUICK
@given(st.dictionaries(st.sampled_from(["game_bonus", "target", "knock_limit"]), rule_values))
def test_rules_from_anything(values: dict[str, Any]) -> None:
    if works_or_value_error(lambda: Rules(**values)):
        assert Rules.from_dict(Rules(**values).to_dict()) == Rules(**values)
    works_or_value_error(lambda: Rules.from_dict(values))


@QUICK
@given(anything)
def test_rules_from_dict_of_anything(data: Any) -> None:
    works_or_value_error(lambda: Rules.from_dict(data))


decks = st.one_of(
    anything,
    st.permutations(DECK),
    st.permutations([str(card).lower() for card in DECK]),
    st.lists(cards, min_size=52, max_size=52),
    st.lists(st.one_of(cards, codes), min_size=52, max_size=52),
)


@QUICK
@given(
    st.one_of(st.none(), anything, st.integers(min_value=0, max_value=2**64)),
    st.one_of(st.none(), anything),
    st.one_of(st.none(), decks),
    st.one_of(st.none(), st.lists(decks, max_size=2), anything),
    st.one_of(st.none(), anything),
)
def test_game_from_any_arguments(
    seed: Any, rules: Any, deck: Any, decks_: Any, dealer: Any
) -> None:
    def build() -> Game:
        return Game(seed=seed, rules=rules, deck=deck, decks=decks_, dealer=dealer)

    if works_or_value_error(build):
        game = build()
        check_invariants(game)
        assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()


def _played(seed: int, count: int) -> Game:
    rng = random.Random(seed)
    game = Game(seed=seed, rules=Rules(target=60))
    for _ in range(count):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@SLOW
@given(
    st.integers(0, 2**31),
    st.integers(0, 400),
    st.lists(st.one_of(anything, st.text(max_size=16)), max_size=4),
)
def test_game_methods_with_anything(seed: int, count: int, inputs: list[Any]) -> None:
    game = _played(seed, count)
    for value in inputs:
        before = json.dumps(game.to_dict())
        views = (game.view(0), game.view(1))
        applied = works_or_value_error(lambda: game.apply(value))  # noqa: B023
        if not applied:
            assert json.dumps(game.to_dict()) == before
            assert (game.view(0), game.view(1)) == views
        works_or_value_error(lambda: game.view(value))  # noqa: B023
    check_invariants(game)
    for record in (game.to_dict(), game.finished_hands_record()):
        copy = Game.from_dict(json.loads(json.dumps(record)))
        assert copy.hand_results == game.hand_results[: len(copy.hand_results)]


record_fields = st.sampled_from(
    ["format", "version", "ruleset", "seed", "dealer", "rules", "deck", "decks", "actions", "x"]
)


@SLOW
@given(
    st.integers(0, 2**31),
    st.integers(0, 200),
    st.dictionaries(record_fields, st.one_of(anything, st.lists(codes, max_size=52))),
    st.booleans(),
)
def test_from_dict_of_a_changed_record(
    seed: int, count: int, changes: dict[str, Any], resign: bool
) -> None:
    data = {**_played(seed, count).to_dict(), **changes}
    if resign:
        payload = {key: value for key, value in data.items() if key != "checksum"}
        with contextlib.suppress(TypeError, ValueError):  # JSON cannot hold it: no signing
            data["checksum"] = _checksum(payload)
    works_or_value_error(lambda: Game.from_dict(data))
    works_or_value_error(lambda: Game.record_start(data))


@QUICK
@given(anything)
def test_from_dict_of_anything(data: Any) -> None:
    works_or_value_error(lambda: Game.from_dict(data))


@QUICK
@given(anything, anything)
def test_bot_seed_from_anything(game_seed: Any, seat: Any) -> None:
    if works_or_value_error(lambda: bot_seed(game_seed, seat)):
        assert 0 <= bot_seed(game_seed, seat) < 2**63


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(alphabet='[]{}"\\ab', max_size=6)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=20,
)


def _depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    return 0


@QUICK
@given(json_values, st.text(alphabet='[]{}"\\a,: ', max_size=40))
def test_nesting_depth_is_the_parsers(value: Any, junk: str) -> None:
    text = json.dumps(value)
    assert nesting_depth(text) == _depth(value)
    assert loads_bounded(text, max_chars=10_000, max_depth=_depth(value)) == value
    works_or_value_error(lambda: loads_bounded(junk, max_chars=10_000, max_depth=3))


def test_the_public_api_is_what_these_tests_cover() -> None:
    """A new public name needs its property test here."""
    covered = {
        "DECK",
        "RULESET_VERSION",
        "Action",
        "ActionKind",
        "Bonus",
        "BonusKind",
        "Card",
        "Event",
        "Game",
        "HandKind",
        "HandResult",
        "HandScore",
        "IllegalActionError",
        "Phase",
        "PlayerView",
        "Role",
        "Rules",
        "Showdown",
        "best_melds",
        "deadwood",
        "deadwood_after_layoff",
        "parse_cards",
        "score_hand",
    }
    assert set(gin.__all__) == covered
