"""RULES.md "The deal", "A turn", "End of a hand", the game's score, saving and views."""

from __future__ import annotations

import json
import random

import pytest

import gin
from gin import Action, ActionKind, Card, Game, IllegalActionError, Rules, parse_cards
from gin.ai import make_player
from gin.game import shuffled_deck
from gin.game_record import checksum as _checksum
from gin.refusals import Refusal, Refused
from tests.helpers import (
    SEED_DEALER,
    assert_accounted,
    card_codes_in,
    check_invariants,
    concealed_from,
    deck_for,
    every_action,
    new_game,
    play_out,
)

p = parse_cards

KNOCK5 = "AS 2S 3S 4D 4H 4C 7C 8C 9C 5D"  # deadwood 5: 5D
HIGH = "6S 7S 8S JD QD KD 9H TH JH 5H"  # deadwood 5: 5H; lays nothing off on KNOCK5
JUNK = "2H 5S 6D 8H TS QC 3C 5C KS 9D"  # no melds, 68; lays nothing off on KNOCK5


def texts(actions) -> list[str]:
    return [str(action) for action in actions]


def draw_and_discard(game: Game) -> Card:
    """The player to move draws from the stock and throws the drawn card away."""
    before = set(game._hand.hands[game.to_move])
    game.apply("draw stock")
    (drawn,) = set(game._hand.hands[game.to_move]) - before
    game.apply(Action(ActionKind.DISCARD, drawn))
    return drawn


def both_pass(game: Game) -> None:
    game.apply("pass")
    game.apply("pass")


# --- the deal ------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1])
def test_deal_follows_the_documented_order(dealer: int) -> None:
    deck = list(gin.DECK)
    random.Random(3).shuffle(deck)
    game = Game(seed=SEED_DEALER[dealer], deck=deck)
    non_dealer = 1 - dealer
    assert game.dealer == dealer
    assert sorted(game.view(non_dealer).hand) == sorted(deck[0:20:2])
    assert sorted(game.view(dealer).hand) == sorted(deck[1:20:2])
    view = game.view(non_dealer)
    assert len(view.hand) == 10 and view.opponent_card_count == 10
    assert view.discard_pile == (deck[20],)
    assert view.stock_count == 31
    assert game.phase is gin.Phase.UPCARD and game.to_move == non_dealer
    assert_accounted(game)
    both_pass(game)
    game.apply("draw stock")
    assert deck[21] in game.view(non_dealer).hand  # deck[21] is the top of the stock
    assert game.view(non_dealer).stock_count == 30


def test_seeded_deals_have_ten_ten_one_and_thirty_one() -> None:
    for seed in range(20):
        game = Game(seed=seed)
        assert [len(game.view(seat).hand) for seat in (0, 1)] == [10, 10]
        assert len(game.view(0).discard_pile) == 1 and game.view(0).stock_count == 31
        assert_accounted(game)


def test_first_dealer_comes_from_the_seed() -> None:
    dealers = [Game(seed=seed).dealer for seed in range(40)]
    assert set(dealers) == {0, 1}
    assert dealers == [Game(seed=seed).dealer for seed in range(40)]
    assert Game(seed=7).view(0).hand == Game(seed=7).view(0).hand
    assert shuffled_deck(7, 1) == shuffled_deck(7, 1) != shuffled_deck(7, 2)


def test_bad_constructor_arguments() -> None:
    for seed in (-1, "3", 1.5, True):
        with pytest.raises(ValueError):
            Game(seed=seed)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Game(seed=1, deck=list(gin.DECK)[:51])
    with pytest.raises(ValueError):
        Game(seed=1, deck=[*list(gin.DECK)[:51], gin.DECK[0]])
    with pytest.raises(ValueError):
        Game(seed=1, deck=["ZZ", *map(str, gin.DECK[1:])])
    assert Game(seed=1, deck=[str(c).lower() for c in gin.DECK]).view(0).discard_pile


# --- the first turn: the face-up card --------------------------------------------------------


def test_upcard_offer_non_dealer_then_dealer_then_stock_only() -> None:
    game = new_game(JUNK, HIGH, "KH", dealer_seat=0)
    assert game.to_move == 1 and texts(game.legal_actions()) == ["take", "pass"]
    game.apply("pass")
    assert game.to_move == 0 and texts(game.legal_actions()) == ["take", "pass"]
    game.apply("pass")
    assert game.to_move == 1 and texts(game.legal_actions()) == ["draw stock"]
    before = game.to_dict()
    with pytest.raises(IllegalActionError, match="passed"):
        game.apply("draw pile")
    assert game.to_dict() == before
    draw_and_discard(game)
    # from then on the pile may be drawn again
    assert texts(game.legal_actions()) == ["draw stock", "draw pile"]


def test_non_dealer_takes_the_upcard_discards_and_play_passes() -> None:
    game = new_game(JUNK, HIGH, "KH", dealer_seat=1)
    assert game.to_move == 0
    game.apply("take")
    assert game.to_move == 0 and game.phase is gin.Phase.DISCARD
    assert Card.parse("KH") in game.view(0).hand
    assert "discard KH" not in texts(game.legal_actions())
    with pytest.raises(IllegalActionError, match="just took"):
        game.apply("discard KH")
    game.apply("discard QC")
    assert game.to_move == 1 and game.phase is gin.Phase.DRAW
    assert texts(game.legal_actions()) == ["draw stock", "draw pile"]
    assert game.view(1).discard_pile[-1] == Card.parse("QC")
    assert game.view(1).opponent_known_cards == (Card.parse("KH"),)


def test_dealer_takes_the_upcard_after_a_pass() -> None:
    game = new_game(JUNK, HIGH, "KH", dealer_seat=1)
    game.apply("pass")
    assert game.to_move == 1
    game.apply("take")
    assert game.to_move == 1 and game.phase is gin.Phase.DISCARD
    game.apply("discard 5H")
    assert game.to_move == 0 and texts(game.legal_actions()) == ["draw stock", "draw pile"]


# --- a turn: discard, knock, gin ---------------------------------------------------------------


def test_knock_and_gin_are_offered_by_deadwood_after_the_discard() -> None:
    # AS-3S, 4s, 7C-9C with KD (10): after taking TC, discarding KD is gin.
    game = new_game("AS 2S 3S 4D 4H 4C 7C 8C 9C KD", JUNK, "TC", dealer_seat=0)
    game.apply("take")
    legal = texts(game.legal_actions())
    assert "gin KD" in legal and "knock KD" not in legal and "discard KD" in legal
    # 7C out leaves 8C-TC and KD (10); any other discard leaves more than 10
    assert [a for a in legal if a.startswith("knock")] == ["knock 7C"]
    with pytest.raises(IllegalActionError, match="gin, not a knock"):
        game.apply("knock KD")
    with pytest.raises(IllegalActionError, match="Gin needs no deadwood"):
        game.apply("gin 4D")
    with pytest.raises(IllegalActionError, match="10 deadwood or less"):
        game.apply("knock 4D")
    # every held card but the one just taken may be discarded: knocking is never forced
    assert sorted(a for a in legal if a.startswith("discard")) == sorted(
        f"discard {c}" for c in p("AS 2S 3S 4D 4H 4C 7C 8C 9C KD")
    )


def test_knock_offered_at_ten_not_eleven() -> None:
    game = new_game("AS 2S 3S 4D 4H 4C 7C 8C 9C 2D", JUNK, "TH", dealer_seat=0)
    game.apply("take")  # discarding 2D leaves TH: 10
    assert "knock 2D" in texts(game.legal_actions())
    game = new_game("AS 2S 3S 4D 4H 4C 7C 8C 9C AH", JUNK, "TH", dealer_seat=0)
    game.apply("take")  # AH + TH is 11: only discarding AH leaves 10 or less
    legal = texts(game.legal_actions())
    assert "knock AH" in legal  # leaves TH: 10
    assert not [a for a in legal if a.startswith("knock") and a != "knock AH"]


def test_the_card_just_taken_cannot_be_knocked_with() -> None:
    game = new_game(KNOCK5, JUNK, "KH", dealer_seat=0)
    game.apply("take")
    legal = texts(game.legal_actions())
    assert "knock KH" not in legal and "discard KH" not in legal
    before = game.to_dict()
    with pytest.raises(IllegalActionError, match="just took"):
        game.apply("knock KH")
    assert game.to_dict() == before
    assert "knock 5D" in legal  # 5D out, KH in: 10


def test_knock_ends_the_hand_and_the_winner_deals_next() -> None:
    game = new_game(KNOCK5, JUNK, "QS", stock="KH", dealer_seat=0)
    both_pass(game)
    game.apply("draw stock")  # KH
    game.apply("knock KH")
    (result,) = game.hand_results
    assert (result.kind, result.knocker, result.winner) == ("knock", 1, 1)
    assert result.points == 68 - 5
    assert game.scores == [0, 63]
    assert result.dealer == 0 and game.dealer == 1  # the winner deals the next hand
    assert game.hand_number == 2 and game.phase is gin.Phase.UPCARD
    assert game.to_move == 0  # the new non-dealer
    assert_accounted(game)
    assert game.view(0).history == ()


def test_undercut_on_equality_and_the_defender_deals_next() -> None:
    # Dealer 0 knocks with 5; non-dealer 1 holds HIGH: 5 as well, nothing to lay off.
    game = new_game(HIGH, KNOCK5, "QS", stock="2C KH", dealer_seat=0)
    both_pass(game)
    game.apply("draw stock")  # seat 1 draws 2C
    game.apply("discard 2C")
    game.apply("draw stock")  # seat 0 draws KH
    game.apply("knock KH")
    (result,) = game.hand_results
    assert (result.kind, result.knocker, result.winner, result.points) == ("undercut", 0, 1, 25)
    assert game.scores == [0, 25]
    assert game.dealer == 1


def test_gin_scores_without_layoffs() -> None:
    # seat 1 goes gin; seat 0 holds 5S (would extend AS-4S) and 7S (the fourth seven)
    game = new_game(
        "AS 2S 3S 4S 7H 7D 7C JC QC 2D", "5S 7S TC 2H 3D 9H 9D 3H 6D 8D", "KC", dealer_seat=0
    )
    game.apply("take")
    game.apply("gin 2D")
    (result,) = game.hand_results
    assert (result.kind, result.winner) == ("gin", 1)
    defender = 5 + 7 + 10 + 2 + 3 + 9 + 9 + 3 + 6 + 8
    assert result.points == 25 + defender
    assert result.showdown is not None and result.showdown.layoffs == ()


def _play_to_stock(game: Game, stock: int) -> None:
    both_pass(game)
    while game.view(0).stock_count > stock:
        draw_and_discard(game)


def test_dead_hand_at_two_cards_not_three() -> None:
    game = new_game(JUNK, HIGH, "QS", dealer_seat=1)
    _play_to_stock(game, 3)
    assert game.hand_number == 1 and game.phase is gin.Phase.DRAW  # three left: play on
    assert not game.hand_results
    draw_and_discard(game)  # leaves two
    (result,) = game.hand_results
    assert (result.kind, result.winner, result.points, result.showdown) == ("dead", None, 0, None)
    assert game.scores == [0, 0]
    assert game.dealer == 1  # the same dealer deals again
    assert game.hand_number == 2 and game.view(0).stock_count == 31
    assert_accounted(game)


def test_a_knock_with_two_cards_in_stock_still_scores() -> None:
    game = new_game(KNOCK5, JUNK, "QS", dealer_seat=0)  # seat 1 is the non-dealer
    _play_to_stock(game, 3)
    assert game.to_move == 1
    game.apply("draw stock")
    assert game.view(1).stock_count == 2
    drawn = next(c for c in game.view(1).hand if c not in p(KNOCK5))
    game.apply(f"knock {drawn}")
    (result,) = game.hand_results
    assert (result.kind, result.winner, result.points) == ("knock", 1, 63)


def test_a_pile_draw_does_not_shrink_the_stock() -> None:
    game = new_game(JUNK, HIGH, "QS", dealer_seat=1)
    _play_to_stock(game, 3)
    game.apply("draw pile")
    discard = next(a for a in game.legal_actions() if a.kind is ActionKind.DISCARD)
    game.apply(discard)
    assert not game.hand_results and game.view(0).stock_count == 3


# --- the game's score --------------------------------------------------------------------


def _knock_hand(rules: Rules) -> Game:
    game = new_game(KNOCK5, JUNK, "QS", stock="KH", dealer_seat=0, rules=rules)
    both_pass(game)
    game.apply("draw stock")
    game.apply("knock KH")
    return game


def test_custom_target_ends_the_game() -> None:
    game = _knock_hand(Rules(target=63))
    assert game.over and game.winner == 1 and game.scores == [0, 63]
    assert game.to_move is None and game.legal_actions() == []
    assert game.phase is gin.Phase.GAME_OVER and game.hand_number == 1
    before = game.to_dict()
    with pytest.raises(IllegalActionError, match="game is over"):
        game.apply("draw stock")
    assert game.to_dict() == before
    game = _knock_hand(Rules(target=64))
    assert not game.over and game.winner is None and game.to_move is not None


def test_bonuses_are_off_by_default() -> None:
    game = _knock_hand(Rules(target=50))
    assert game.scores == [0, 63] and game.bonuses == []


def test_each_bonus() -> None:
    assert _knock_hand(Rules(target=50, game_bonus=True)).scores == [0, 163]
    assert _knock_hand(Rules(target=50, line_bonus=True)).scores == [0, 88]
    assert _knock_hand(Rules(target=50, shutout_bonus=True)).scores == [0, 126]
    every = _knock_hand(Rules(target=50, game_bonus=True, line_bonus=True, shutout_bonus=True))
    assert every.scores == [0, 2 * (63 + 100 + 25)]
    assert [b.kind for b in every.bonuses] == ["game", "line", "shutout"]


def _expected_scores(game: Game) -> list[int]:
    """The final score computed from the hand results alone, as RULES.md says."""
    points, won = [0, 0], [0, 0]
    for result in game.hand_results:
        if result.winner is not None:
            points[result.winner] += result.points
            won[result.winner] += 1
    winner = game.winner
    assert winner is not None
    rules = game.rules
    scores = list(points)
    if rules.game_bonus:
        scores[winner] += 100
    if rules.line_bonus:
        scores = [scores[seat] + 25 * won[seat] for seat in (0, 1)]
    if rules.shutout_bonus and won[1 - winner] == 0:
        scores[winner] *= 2
    return scores


@pytest.mark.parametrize("seed", range(12))
def test_random_games_end_at_the_target_and_score_as_the_rules_say(seed: int) -> None:
    rng = random.Random(seed)
    rules = Rules(
        game_bonus=rng.random() < 0.5,
        line_bonus=rng.random() < 0.5,
        shutout_bonus=rng.random() < 0.5,
        target=rng.choice((100, 100, 50, 150)),
    )
    game = Game(seed=seed, rules=rules)
    dealer = game.dealer
    running = [0, 0]
    while not game.over:
        number = game.hand_number
        assert game.dealer == dealer
        while game.hand_number == number and not game.over:
            legal = game.legal_actions()
            ending = [a for a in legal if a.kind in (ActionKind.KNOCK, ActionKind.GIN)]
            game.apply(rng.choice(ending or legal))
        result = game.hand_results[-1]
        assert max(running) < rules.target
        if result.winner is not None:
            running[result.winner] += result.points
            dealer = result.winner
        if not game.over:
            assert game.scores == running
    assert running[game.winner] >= rules.target > running[1 - game.winner]
    assert game.scores == _expected_scores(game)
    assert game.to_move is None and game.legal_actions() == []


# --- actions: text or values, stable order, refusals ----------------------------------------------


def test_apply_accepts_actions_and_text() -> None:
    a = new_game(KNOCK5, JUNK, "QS", stock="KH", dealer_seat=0)
    b = new_game(KNOCK5, JUNK, "QS", stock="KH", dealer_seat=0)
    a.apply(gin.Action(ActionKind.PASS))
    b.apply("  PASS ")
    a.apply("pass")
    b.apply(Action.parse("Pass"))
    a.apply("Draw   STOCK")
    b.apply(Action(ActionKind.DRAW_STOCK))
    a.apply("knock kh")
    b.apply(Action(ActionKind.KNOCK, Card.parse("KH")))
    assert a.to_dict() == b.to_dict()
    assert a.actions == ["pass", "pass", "draw stock", "knock KH"]


def test_action_text_round_trips() -> None:
    for action in every_action():
        assert Action.parse(str(action)) == action
        assert Action.parse(str(action).upper()) == action
    assert Action.parse("discard 10h") == Action(ActionKind.DISCARD, Card.parse("TH"))
    for bad in ("", "draw", "discard", "discard XX", "take 7H", "knock 7H 8H", "jump"):
        with pytest.raises(IllegalActionError):
            Action.parse(bad)
    with pytest.raises(IllegalActionError):
        Action(ActionKind.DISCARD)
    with pytest.raises(IllegalActionError):
        Action(ActionKind.PASS, Card.parse("7H"))


def test_legal_actions_are_in_a_stable_order() -> None:
    rng = random.Random(11)
    game = Game(seed=5)
    for _ in range(300):
        if game.over:
            break
        legal = game.legal_actions()
        assert legal == game.legal_actions()
        kinds = [list(ActionKind).index(a.kind) for a in legal]
        assert kinds == sorted(kinds)
        assert len(set(legal)) == len(legal)
        copy = Game.from_dict(game.to_dict())
        assert copy.legal_actions() == legal
        game.apply(rng.choice(legal))


def assert_refused(game: Game, cases: dict[str, str], error: type[Exception]) -> None:
    """Each action text is refused with an error matching its message, and nothing changes."""
    for text, message in cases.items():
        before = game.to_dict()
        with pytest.raises(error, match=message):
            game.apply(text)
        assert game.to_dict() == before


def test_illegal_actions_raise_a_helpful_value_error_and_change_nothing() -> None:
    assert issubclass(IllegalActionError, ValueError)
    game = new_game(KNOCK5, JUNK, "KH", dealer_seat=0)
    cases = {
        "draw stock": "take or pass",
        "discard 5D": "take or pass",
        "knock 5D": "take or pass",
    }
    assert_refused(game, cases, IllegalActionError)
    game.apply("take")
    cases = {
        "take": "discard a card",
        "draw stock": "discard a card",
        "discard QH": "do not hold QH",
        "discard KH": "just took",
        "knock 2S": "leaves",
        "fly away": "not an action",
        "discard 1H": "not a card",
    }
    assert_refused(game, cases, ValueError)
    for junk in (None, 3, ("discard", "5D"), Card.parse("5D")):
        with pytest.raises(IllegalActionError):
            game.apply(junk)  # type: ignore[arg-type]


def test_the_engine_says_why_with_one_reason_and_only_for_what_is_not_legal() -> None:
    """refusal() is None exactly for the legal actions, and apply's error carries it."""
    seen = set()
    for seed in range(3):
        game = Game(seed=seed, rules=Rules(target=10))
        rng = random.Random(seed)
        for _ in range(300):
            legal = game.legal_actions()
            if game.to_move is None:
                break
            cards = [*game._hand.hands[game.to_move], *rng.sample(gin.DECK, 2)]
            kinds = [kind for kind in ActionKind if kind.needs_card]
            tried = [action for action in every_action() if action.card is None]
            for action in tried + [Action(kind, card) for kind in kinds for card in cards]:
                refused = game.refusal(action)
                assert (refused is None) == (action in legal), action
                if refused is not None:
                    seen.add(refused.reason)
                    assert refused.action == action and refused.text
            refused = game.refusal(Action(ActionKind.GIN, Card.parse("AS")))
            with pytest.raises(IllegalActionError) as error:
                game.apply(Action(ActionKind.GIN, Card.parse("AS")))
            if refused is not None:
                assert error.value.refused == refused and str(error.value) == refused.text
            game.apply(make_player("simple", seed).choose(game.view(game.to_move), legal))
        last = Action(ActionKind.DRAW_STOCK)
        assert game.over and game.refusal(last) == Refused(last, Refusal.GAME_OVER)
    assert seen >= set(Refusal) - {Refusal.GAME_OVER, Refusal.KNOCK_IS_GIN}  # gin: test_edges


def test_a_card_not_held_is_named_before_the_phase() -> None:
    game = new_game(KNOCK5, JUNK, "KH", dealer_seat=0)
    refused = game.refusal(Action(ActionKind.DISCARD, Card.parse("QH")))
    assert refused is not None and refused.reason is Refusal.NOT_HELD
    assert refused.text == "You do not hold QH."
    game.apply("pass")
    game.apply("pass")
    refused = game.refusal(Action(ActionKind.DRAW_PILE))
    assert refused is not None and refused.reason is Refusal.BOTH_PASSED


# --- saving and loading ----------------------------------------------------------------------


def _played(seed: int, count: int, rules: Rules | None = None) -> Game:
    rng = random.Random(seed)
    game = Game(seed=seed, rules=rules)
    for _ in range(count):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_round_trip_through_json() -> None:
    for game in (_played(1, 0), _played(2, 57), _played(3, 400, Rules(line_bonus=True))):
        data = json.loads(json.dumps(game.to_dict()))
        copy = Game.from_dict(data)
        assert copy.to_dict() == game.to_dict()
        assert copy.view(0) == game.view(0) and copy.view(1) == game.view(1)
    game = new_game(KNOCK5, JUNK, "KH", dealer_seat=0)
    game.apply("take")
    copy = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert copy.view(1) == game.view(1) and copy.legal_actions() == game.legal_actions()


def _resigned(data: dict, **changes) -> dict:
    """``data`` changed and given a fresh, matching checksum (a forger who knows the scheme)."""
    payload = {k: v for k, v in data.items() if k != "checksum"}
    payload.update(changes)
    return {**payload, "checksum": _checksum(payload)}


def test_from_dict_rejects_corrupt_data() -> None:
    good = _played(4, 30).to_dict()
    deck = [str(c) for c in gin.DECK]
    bad_records = [
        None,
        [],
        "save",
        {**good, "format": "chess"},
        {k: v for k, v in good.items() if k != "format"},
        {**good, "version": 2},
        {**good, "ruleset": "0.9.0"},
        {**good, "checksum": "0" * 32},
        {k: v for k, v in good.items() if k != "checksum"},
        {**good, "actions": [*good["actions"][:-1], "pass"]},  # altered, old checksum
        {**good, "seed": good["seed"] + 1},
        _resigned(good, actions=[*good["actions"], "fly away"]),
        _resigned(good, actions=["draw pile"]),
        _resigned(good, actions="pass pass"),
        _resigned(good, actions=[1, 2]),
        _resigned(good, actions=None),
        _resigned(good, deck=deck[:51]),
        _resigned(good, deck=[*deck[:51], deck[0]]),
        _resigned(good, deck=["XX", *deck[1:]]),
        _resigned(good, deck="AS 2S"),
        _resigned(good, deck=[1] * 52),
        _resigned(good, rules={"target": 0}),
        _resigned(good, rules={"target": "100"}),
        _resigned(good, rules={"surprise": True}),
        _resigned(good, rules=[]),
        _resigned(good, seed=None),
        _resigned(good, seed="4"),
        _resigned(good, seed=-4),
        _resigned(good, seed=True),
    ]
    for data in bad_records:
        with pytest.raises(ValueError):
            Game.from_dict(data)
    assert Game.from_dict(_resigned(good)).to_dict() == good


def test_from_dict_names_the_bad_action() -> None:
    good = _played(4, 10).to_dict()
    with pytest.raises(ValueError, match=r"action 11 \('fly away'\)"):
        Game.from_dict(_resigned(good, actions=[*good["actions"], "fly away"]))


def test_same_seed_and_actions_give_the_same_game() -> None:
    a, b = _played(21, 500), _played(21, 500)
    assert a.to_dict() == b.to_dict()
    assert a.view(0) == b.view(0) and a.hand_results == b.hand_results
    assert Game(seed=21).view(0).hand != Game(seed=22).view(0).hand


# --- views -----------------------------------------------------------------------------


def test_view_hides_the_opponents_hand_and_the_stock() -> None:
    game = new_game(KNOCK5, JUNK, "QS", stock="KH 2C", dealer_seat=0)
    both_pass(game)
    game.apply("draw stock")  # seat 1 draws KH
    own, other = game.view(1), game.view(0)
    assert own.history[-1] == gin.Event(1, "draw stock", Card.parse("KH"))
    assert other.history[-1] == gin.Event(1, "draw stock")  # no card for the opponent
    assert other.hand == tuple(sorted(p(JUNK)))
    assert other.opponent_card_count == 11 and other.stock_count == 30
    for seat in (0, 1):
        view = game.view(seat)
        assert not card_codes_in(view) & {str(c) for c in concealed_from(game, seat)}
    assert own.legal_actions and other.legal_actions == ()
    with pytest.raises(ValueError):
        game.view(2)


def test_view_shows_cards_taken_from_the_pile() -> None:
    game = new_game(KNOCK5, JUNK, "QS", dealer_seat=0)
    game.apply("take")
    view = game.view(0)
    assert view.opponent_known_cards == (Card.parse("QS"),)
    assert view.history[-1] == gin.Event(1, "take", Card.parse("QS"))
    assert game.view(1).taken_from_pile == Card.parse("QS")
    assert view.taken_from_pile is None
    game.apply("discard 5D")
    assert game.view(0).opponent_known_cards == (Card.parse("QS"),)
    assert game.view(0).discard_pile == (Card.parse("5D"),)


def test_deck_for_helper() -> None:
    deck = deck_for(KNOCK5, JUNK, "QS", "KH")
    assert len(set(deck)) == 52 and deck[20] == Card.parse("QS") and deck[21] == Card.parse("KH")
    assert play_out(Game(seed=1, deck=deck), random.Random(1)) > 0


def test_the_knock_limit_is_the_games_rule() -> None:
    """Rules.knock_limit decides which discards may knock, and the record keeps it."""
    strict = Game(seed=11, rules=Rules(knock_limit=0))
    loose = Game(seed=11)
    for _ in range(400):
        if strict.over:
            break
        actions = strict.legal_actions()
        assert not any(a.kind is ActionKind.KNOCK for a in actions)
        assert [a for a in actions if a.kind is not ActionKind.KNOCK] == [
            a for a in loose.legal_actions() if a.kind is not ActionKind.KNOCK
        ]
        choice = next((a for a in actions if a.kind is ActionKind.GIN), actions[-1])
        choice = next((a for a in actions if a.kind is ActionKind.DISCARD), choice)
        strict.apply(choice)
        loose.apply(choice)
    assert Game.from_dict(strict.to_dict()).rules.knock_limit == 0


def test_a_record_from_before_the_knock_limit_field_loads_with_ruleset_limit() -> None:
    game = Game(seed=5)
    game.apply(game.legal_actions()[0])
    data = game.to_dict()
    del data["rules"]["knock_limit"]
    payload = {k: v for k, v in data.items() if k != "checksum"}
    data["checksum"] = _checksum(payload)
    assert Game.from_dict(data).rules == Rules()


def test_a_copy_plays_on_independently() -> None:
    game = Game(seed=8)
    for _ in range(30):
        game.apply(game.legal_actions()[-1])
    before = game.to_dict()
    twin = game.copy()
    assert twin.to_dict() == before and twin.view(0) == game.view(0)
    for _ in range(60):
        if twin.over:
            break
        twin.apply(twin.legal_actions()[0])
    check_invariants(twin)
    assert game.to_dict() == before
    check_invariants(game)
