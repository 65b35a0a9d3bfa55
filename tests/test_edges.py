"""Bad input at every edge of the engine is a clear ValueError and changes nothing (issue 13)."""

from __future__ import annotations

import itertools
import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest

import gin.game
import gin.turns
from gin import (
    DECK,
    Action,
    ActionKind,
    Card,
    Game,
    IllegalActionError,
    Rules,
    best_melds,
    deadwood,
    deadwood_after_layoff,
    parse_cards,
    score_hand,
)
from gin.ai import make_player
from gin.game import MAX_SEED
from gin.game_record import checksum as _checksum
from tests.helpers import check_invariants, new_game

p = parse_cards
KNOCK5 = "AS 2S 3S 4D 4H 4C 7C 8C 9C 5D"
JUNK = "2H 5S 6D 8H TS QC 3C 5C KS 9D"


def resigned(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``data`` changed and given a matching checksum, as a forger who knows the scheme would."""
    payload = {key: value for key, value in data.items() if key != "checksum"}
    payload.update(changes)
    return {**payload, "checksum": _checksum(payload)}


def played(seed: int, count: int, rules: Rules | None = None) -> Game:
    """A game after ``count`` random legal actions (mostly knocking when it may)."""
    rng = random.Random(seed)
    game = Game(seed=seed, rules=rules)
    for _ in range(count):
        if game.over:
            break
        legal = game.legal_actions()
        ending = [a for a in legal if a.kind in (ActionKind.KNOCK, ActionKind.GIN)]
        game.apply(rng.choice(ending) if ending and rng.random() < 0.7 else rng.choice(legal))
    return game


def state_of(game: Game) -> Any:
    """Everything an observer can read of a game, to compare before and after."""
    return (
        json.dumps(game.to_dict()),
        game.view(0),
        game.view(1),
        list(game.hand_results),
        game.scores,
        list(game.bonuses),
        game.winner,
        game.dealer,
        game.phase,
        game.to_move,
        game.legal_actions(),
    )


# --- the constructor ----------------------------------------------------------------------


@pytest.mark.parametrize("rules", [5, "rules", {"target": 100}, object(), Rules])
def test_game_refuses_rules_that_are_not_rules(rules: object) -> None:
    with pytest.raises(ValueError, match="rules must be a gin.Rules"):
        Game(seed=1, rules=rules)  # type: ignore[arg-type]


def test_game_checks_rules_again_and_keeps_its_own_copy() -> None:
    tampered = Rules(target=50)
    object.__setattr__(tampered, "target", "fifty")
    with pytest.raises(ValueError, match="target"):
        Game(seed=1, rules=tampered)
    mine = Rules(target=50)
    game = Game(seed=1, rules=mine)
    object.__setattr__(mine, "target", 1)
    assert game.rules == Rules(target=50)


BAD_SEEDS = {
    "-1": -1,
    "True": True,
    "1.5": 1.5,
    "'3'": "3",
    "2**63": 2**63,
    "10**5000": 10**5000,
    "nan": float("nan"),
    "[1]": [1],
}


@pytest.mark.parametrize("seed", BAD_SEEDS.values(), ids=BAD_SEEDS.keys())
def test_game_refuses_a_seed_that_is_not_a_bounded_whole_number(seed: object) -> None:
    with pytest.raises(ValueError, match="seed must be a whole number from 0 to"):
        Game(seed=seed)  # type: ignore[arg-type]


def test_the_largest_seed_deals_and_a_game_without_seed_draws_from_63_bits() -> None:
    assert MAX_SEED == 2**63 - 1
    assert len(Game(seed=MAX_SEED).view(0).hand) == 10
    # 2**31 seeds can be searched for the one that deals the hand a person sees
    assert any(Game().seed >= 2**31 for _ in range(40))


@pytest.mark.parametrize(
    "deck",
    [
        list(range(52)),
        [None] * 52,
        [b"AS"] * 52,
        5,
        "AS 2S 3S",
        "".join(str(card) for card in DECK),
        [*DECK, DECK[0]],
        list(DECK)[:51],
        [*list(DECK)[:51], "7ſ"],
    ],
)
def test_game_refuses_a_deck_that_is_not_the_52_cards(deck: object) -> None:
    with pytest.raises(ValueError):
        Game(seed=1, deck=deck)  # type: ignore[arg-type]


def test_listed_decks_and_the_first_dealer() -> None:
    first, second = gin.game.shuffled_deck(9, 5), gin.game.shuffled_deck(9, 6)
    game = Game(seed=3, decks=[first, [str(card) for card in second]], dealer=1)
    assert game.dealer == 1
    assert set(game.view(0).hand) == set(first[0:20:2])  # seat 0 is the non-dealer
    with pytest.raises(ValueError, match="not both"):
        Game(seed=1, deck=first, decks=[first])
    for decks in ("decks", 5, [5], [first[:51]]):
        with pytest.raises(ValueError):
            Game(seed=1, decks=decks)  # type: ignore[arg-type]
    for dealer in (2, -1, True, 0.0, "1"):
        with pytest.raises(ValueError, match="first dealer must be seat 0 or 1"):
            Game(seed=1, dealer=dealer)  # type: ignore[arg-type]


# --- wrong exception types ------------------------------------------------------------------

GAME = Game(seed=4)

WRONG_TYPES: dict[str, Callable[[], object]] = {
    "parse_cards(None)": lambda: parse_cards(None),  # type: ignore[arg-type]
    "parse_cards(7)": lambda: parse_cards(7),  # type: ignore[arg-type]
    "Card.parse(7)": lambda: Card.parse(7),  # type: ignore[arg-type]
    "Card.parse(b'AS')": lambda: Card.parse(b"AS"),  # type: ignore[arg-type]
    "Card(True, 'S')": lambda: Card(True, "S"),
    "Card(7.0, 'H')": lambda: Card(7.0, "H"),  # type: ignore[arg-type]
    "Game(deck=list(range(52)))": lambda: Game(deck=list(range(52))),  # type: ignore[list-item]
    "view(0.0)": lambda: GAME.view(0.0),  # type: ignore[arg-type]
    "view(True)": lambda: GAME.view(True),
    "view('0')": lambda: GAME.view("0"),  # type: ignore[arg-type]
    "view(None)": lambda: GAME.view(None),  # type: ignore[arg-type]
    "Action('fly', None)": lambda: Action("fly"),  # type: ignore[arg-type]
    "Action(3, None)": lambda: Action(3),  # type: ignore[arg-type]
    "Action('discard', '7H')": lambda: Action("discard", "7H"),  # type: ignore[arg-type]
    "Action.parse(None)": lambda: Action.parse(None),  # type: ignore[arg-type]
    "deadwood(None)": lambda: deadwood(None),  # type: ignore[arg-type]
    "deadwood('AS 2S 3S')": lambda: deadwood("AS 2S 3S"),
    "deadwood([1, 2])": lambda: deadwood([1, 2]),  # type: ignore[list-item]
    "best_melds(5)": lambda: best_melds(5),  # type: ignore[arg-type]
    "deadwood_after_layoff('AS', 'x')": lambda: deadwood_after_layoff("AS", "x"),
    "score_hand(hands, rules=5)": lambda: score_hand(p(KNOCK5), p(JUNK), 5),  # type: ignore[arg-type]
    "Rules.from_dict({1: 2})": lambda: Rules.from_dict({1: 2}),
}


@pytest.mark.parametrize("call", WRONG_TYPES.values(), ids=WRONG_TYPES.keys())
def test_bad_input_is_a_value_error_with_a_message(call: Callable[[], object]) -> None:
    with pytest.raises(ValueError) as info:
        call()
    assert len(str(info.value)) > 10


def test_an_action_kind_may_be_given_as_its_text() -> None:
    seven = Card.parse("7H")
    action = Action("discard", seven)  # type: ignore[arg-type]
    assert action.kind is ActionKind.DISCARD and action == Action(ActionKind.DISCARD, seven)
    assert Action("draw stock").kind is ActionKind.DRAW_STOCK  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="not an action kind"):
        Action("Discard", seven)  # type: ignore[arg-type]  # free text is Action.parse's


def test_messages_quote_input_escaped_and_short() -> None:
    with pytest.raises(ValueError) as info:
        Card.parse("\x1b[2J" + "x" * 10_000)
    assert "\x1b" not in str(info.value) and len(str(info.value)) < 200
    with pytest.raises(ValueError) as info:
        Action.parse("discard \u212aS")
    assert "\\u212a" in str(info.value)


# --- ASCII only -------------------------------------------------------------------------------


LOOK_ALIKES = ["7ſ", "\u212aS", "7\uff33", "\uff17S", "\u0661\u0660S", "\u2003AS", "AS\u00a0"]


@pytest.mark.parametrize("text", [*LOOK_ALIKES, "A\u0345S"])
def test_card_codes_are_ascii_only(text: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(text)
    with pytest.raises(ValueError):
        parse_cards(f"2H {text} 3H")
    with pytest.raises(IllegalActionError):
        Action.parse(f"discard {text}")


@pytest.mark.parametrize(
    "text", ["discard \u212aS", "dıscard 7H", "draw\u2003stock", "PASS\u2028", "\u1e9bake"]
)
def test_action_texts_are_ascii_only(text: str) -> None:
    with pytest.raises(IllegalActionError, match="not an action"):
        Action.parse(text)


def test_ascii_control_characters_do_not_separate_or_surround_codes() -> None:
    for text in ("pass\x1c", "\x1fpass", "draw\x1dstock"):
        with pytest.raises(IllegalActionError):
            Action.parse(text)
    with pytest.raises(ValueError):
        parse_cards("AS\x1e2S")
    assert Action.parse("\tdraw \x0b stock\r\n") == Action(ActionKind.DRAW_STOCK)


# --- the hand functions -----------------------------------------------------------------------


@pytest.mark.parametrize("function", [deadwood, best_melds])
def test_hand_functions_take_at_most_eleven_distinct_cards(function: Callable[..., object]) -> None:
    function(DECK[:11])
    for cards in (DECK[:12], DECK, [DECK[0], DECK[0]], itertools.cycle(DECK)):
        start = time.perf_counter()
        with pytest.raises(ValueError):
            function(cards)
        assert time.perf_counter() - start < 0.5  # 32 cards took a second, 52 exhausted memory


def test_layoffs_refuse_what_is_not_separate_melds() -> None:
    defender = p("7C 8H 4D 5D 3S")
    assert deadwood_after_layoff(defender, [p("7S 7H 7D"), p("9H TH JH")]) == 4 + 5 + 3
    cases = {
        "not a meld": [p("7S 7H")],
        "not a meld: 7S 9S 8H": [p("7S 8H 9S")],
        "not a meld: no cards": [[]],
        "7C cannot be both": [p("7S 7H 7C")],  # the defender's card in a meld
        "7H cannot be both": [p("7S 7H 7D"), p("5H 6H 7H")],  # two melds share 7H
    }
    for message, melds in cases.items():
        with pytest.raises(ValueError, match=message):
            deadwood_after_layoff(defender, melds)
    with pytest.raises(ValueError, match="too many cards"):
        deadwood_after_layoff(DECK[13:25], [p("AS 2S 3S")])
    with pytest.raises(ValueError, match="collection of melds"):
        deadwood_after_layoff(defender, None)  # type: ignore[arg-type]


# --- knock at 0 -------------------------------------------------------------------------------


def test_a_knock_at_zero_is_refused_with_the_gin_it_is_offered_as() -> None:
    """RULES.md: a knock at 0 is gin.  The engine offers it once, as ``gin C``."""
    game = new_game("AS 2S 3S 4D 4H 4C 7C 8C 9C KD", JUNK, "TC", dealer_seat=0)
    game.apply("take")
    legal = [str(action) for action in game.legal_actions()]
    assert "gin KD" in legal and "knock KD" not in legal
    before = state_of(game)
    with pytest.raises(IllegalActionError, match=r"that is gin, not a knock; play it as 'gin KD'"):
        game.apply("knock KD")
    assert state_of(game) == before
    game.apply("gin KD")
    assert game.hand_results[-1].kind == "gin"


# --- apply is a transaction -------------------------------------------------------------------

FAULTS = [
    (gin.game, name)
    for name in ("showdown", "price_showdown", "game_bonuses", "shuffled_deck", "HandResult")
] + [(gin.turns, "Event")]


@pytest.mark.parametrize(("module", "fault"), FAULTS)
def test_any_exception_inside_apply_leaves_the_game_as_it_was(
    module: Any, fault: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Play random games; at every action the named step fails, and nothing may have changed."""
    real = getattr(module, fault)
    armed = False

    def failing(*args: Any, **kwargs: Any) -> Any:
        if armed:
            raise MemoryError(fault)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, fault, failing)
    failures = 0
    for seed in range(3):
        game = Game(seed=seed, rules=Rules(target=30, line_bonus=True, game_bonus=True))
        player = make_player("simple", seed)  # it knocks soon: hands end, games finish
        while not game.over:
            assert game.to_move is not None
            action = player.choose(game.view(game.to_move), game.legal_actions())
            before = state_of(game)
            armed = True
            try:
                game.apply(action)
            except MemoryError:
                armed = False
                failures += 1
                assert state_of(game) == before
                check_invariants(game)
                game.apply(action)  # without the fault it plays
            armed = False
    assert failures > 0


def test_a_rule_tampered_with_after_the_start_cannot_half_apply_a_knock() -> None:
    game = new_game(KNOCK5, JUNK, "QS", stock="KH", dealer_seat=0)
    for text in ("pass", "pass", "draw stock"):
        game.apply(text)
    object.__setattr__(game.rules, "target", None)
    before = state_of(game)
    with pytest.raises(TypeError):
        game.apply("knock KH")  # the hand's end compares the score with the target
    assert state_of(game) == before
    check_invariants(game)


# --- what a view shares with the game ----------------------------------------------------------


def test_a_view_cannot_change_the_game_through_what_it_holds() -> None:
    """Rules, events, legal actions, results and bonuses of a view are its own copies."""
    rules = Rules(target=200, line_bonus=True)
    game = new_game(KNOCK5, JUNK, "QS", stock="KH", dealer_seat=0, rules=rules)
    game.apply("pass")
    game.apply("pass")
    view = game.view(1)
    object.__setattr__(view.legal_actions[0], "kind", ActionKind.DRAW_PILE)
    assert game.legal_actions() == [Action(ActionKind.DRAW_STOCK)]
    game.apply("draw stock")  # KH
    view = game.view(1)
    object.__setattr__(view.rules, "knock_limit", 0)
    object.__setattr__(view.rules, "target", 1)
    assert game.rules == rules and "knock KH" in map(str, game.legal_actions())
    object.__setattr__(view.history[-1], "card", Card.parse("AH"))
    assert game.view(1).history[-1].card == Card.parse("KH")
    game.apply("knock KH")
    view = game.view(0)
    object.__setattr__(view.hand_results[0], "points", 10_000)
    object.__setattr__(view.hand_results[0].showdown, "defender_deadwood", 0)
    assert game.hand_results[0].points == 63 and game.scores == [0, 63]
    assert game.view(1).hand_results[0].showdown.defender_deadwood == 68
    finished = played(2, 5000, Rules(target=40, game_bonus=True))
    assert finished.over and finished.bonuses
    scores = finished.scores
    object.__setattr__(finished.view(0).bonuses[0], "points", 10_000)
    assert finished.scores == scores


# --- the record --------------------------------------------------------------------------------


def test_from_dict_refuses_wrong_types_before_the_checksum() -> None:
    good = played(4, 30).to_dict()
    deck = [str(card) for card in DECK]
    bad = [
        {**good, "seed": 10**5000},
        resigned(good, seed=2**63),
        resigned(good, seed=1.0),
        {**good, "seed": object()},
        {**good, "seed": {1, 2}},
        {**good, "rules": {"target": object()}},
        {**good, "extra": object()},
        resigned(good, extra=1),
        resigned(good, dealer=2),
        resigned(good, dealer=True),
        resigned(good, seed=None),
        resigned(good, deck=deck, decks=[deck]),
        resigned(good, decks="AS"),
        resigned(good, decks=[[1] * 52]),
        resigned(good, rules={"\x1b[2J": 1}),
    ]
    for data in bad:
        with pytest.raises(ValueError) as info:
            Game.from_dict(data)
        assert "\x1b" not in str(info.value)
    with pytest.raises(ValueError, match="seed must be a whole number from 0 to"):
        Game.from_dict({**good, "seed": 10**5000})
    with pytest.raises(ValueError, match="unknown field"):
        Game.from_dict({**good, "extra": object()})


def test_a_record_may_list_its_first_deck_as_decks() -> None:
    game = played(4, 30)
    data = game.to_dict()
    deck = [str(card) for card in gin.game.shuffled_deck(data["seed"], 0)]
    listed = resigned(data, decks=[deck])
    assert Game.from_dict(listed).hand_results == game.hand_results


def mid_hand(seed: int, hands: int) -> tuple[Game, int]:
    """A game after ``hands`` finished hands and a few actions of the next one, and the
    number of actions that finished those hands."""
    rng = random.Random(seed)
    game = Game(seed=seed, rules=Rules(target=500))
    ended = 0
    while len(game.hand_results) < hands:
        legal = game.legal_actions()
        ending = [a for a in legal if a.kind in (ActionKind.KNOCK, ActionKind.GIN)]
        game.apply(rng.choice(ending) if ending and rng.random() < 0.5 else rng.choice(legal))
        ended = len(game.actions)
    for text in ("pass", "pass", "draw stock"):
        game.apply(text)
    assert len(game.hand_results) == hands
    return game, ended


@pytest.mark.parametrize(("seed", "hands"), [(1, 1), (2, 2), (3, 3), (4, 2)])
def test_the_finished_hands_record_holds_no_card_of_the_hand_in_play(seed: int, hands: int) -> None:
    game, ended = mid_hand(seed, hands)
    record = game.finished_hands_record()
    json.dumps(record)
    assert record["seed"] is None and record["dealer"] == Game(seed=seed).dealer
    assert record["actions"] == game.actions[:ended] != game.actions
    listed = record["decks"] if hands > 1 else [record["deck"]]
    assert listed == [[str(c) for c in gin.game.shuffled_deck(seed, k)] for k in range(hands)]
    loaded = Game.from_dict(record)  # the checksum and every action check out
    assert loaded.hand_results == game.hand_results and loaded.scores == game.scores
    assert loaded.hand_number == game.hand_number and loaded.actions == record["actions"]
    assert loaded.view(0).hand != game.view(0).hand  # the hand in play is dealt afresh
    again = Game.from_dict(json.loads(json.dumps(loaded.to_dict())))
    assert again.to_dict() == loaded.to_dict()
    with pytest.raises(ValueError, match="altered"):
        Game.from_dict({**record, "actions": record["actions"][:-1]})


def test_the_finished_hands_record_at_the_start_and_at_the_end() -> None:
    start = Game(seed=8)
    start.apply("pass")
    record = start.finished_hands_record()
    assert record["actions"] == [] and record["seed"] is None and record["deck"] is None
    assert Game.from_dict(record).dealer == start.dealer
    over = played(3, 20_000, Rules(target=30))
    assert over.over and over.finished_hands_record() == over.to_dict()


def test_a_seeded_game_keeps_the_record_shape_it_always_had() -> None:
    fields = {"format", "version", "ruleset", "seed", "rules", "deck", "actions", "checksum"}
    assert set(played(5, 50).to_dict()) == fields
