"""The computer players: legal, deterministic, blind to hidden cards, and true to their level."""

from __future__ import annotations

import random

import pytest

from gin import DECK, Action, ActionKind, Card, Game, PlayerView, parse_cards
from gin.ai import HINT_SEED, LEVELS, REASONS, HardPlayer, Hint, hint, make_player
from gin.ai.base import deciding, finish
from gin.ai.basic import greedy_melded
from gin.ai.hard import refused_neighbour
from gin.ai.knowledge import read_view
from gin.cards import to_mask
from gin.game import shuffled_deck

ALL_LEVELS = sorted(LEVELS)


def positions(seed: int, count: int) -> list[tuple[Game, int]]:
    """Games played at random up to ``count`` moves, so every phase shows up (hand 1 only)."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        game = Game(seed=rng.randrange(1 << 20))
        for _ in range(rng.choice([0, 1, rng.randrange(2, 30), rng.randrange(2, 30)])):
            legal = game.legal_actions()
            plain = [a for a in legal if a.kind not in (ActionKind.KNOCK, ActionKind.GIN)]
            game.apply(rng.choice(plain))
            if game.hand_results:
                break
        if not game.over and game.to_move is not None:
            found.append((game, game.to_move))
    return found


def deal(seed: int, mine: str, theirs: str, upcard: str, stock: str) -> tuple[Game, int]:
    """A first hand giving the non-dealer (the seat returned) ``mine`` and the dealer ``theirs``."""
    fixed = [parse_cards(text) for text in (mine, theirs, upcard, stock)]
    used = {card for group in fixed for card in group}
    rest = [card for card in DECK if card not in used]
    stock_cards = fixed[3] + rest
    deck: list[Card] = []
    for mine_card, their_card in zip(fixed[0], fixed[1], strict=True):
        deck += [mine_card, their_card]
    deck += fixed[2] + stock_cards
    game = Game(seed=seed, deck=deck)
    return game, 1 - game.dealer


def decide(level: str, game: Game, seat: int, seed: int = 0) -> Action:
    return make_player(level, seed).choose(game.view(seat), game.legal_actions())


# --- every level ----------------------------------------------------------------------------


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_every_level_plays_a_legal_action_in_every_phase(level: str) -> None:
    phases = set()
    for game, seat in positions(seed=7, count=40):
        view = game.view(seat)
        phases.add(view.phase)
        assert decide(level, game, seat) in game.legal_actions()
    assert phases == {"upcard", "draw", "discard"}


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_a_decision_in_steps_is_the_decision(level: str) -> None:
    """The page runs a bot's decision a slice at a time (gin.ai.base.Steps); what it gets
    must be what ``choose`` gives, and Hard's must come in many steps, not one long one."""
    for game, seat in positions(seed=7, count=40):
        view, legal = game.view(seat), game.legal_actions()
        player = make_player(level, 3)
        steps = deciding(player, view, legal)
        taken = 0
        while True:
            try:
                next(steps)
            except StopIteration as done:
                assert done.value == player.choose(view, legal)
                break
            taken += 1
        if level == "hard" and len(legal) > 1:
            assert taken >= len(view.hand) - 1
        assert finish(deciding(player, view, legal)) == player.choose(view, legal)


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_a_whole_game_replays_identically_for_a_seed(level: str) -> None:
    def play() -> list[str]:
        game = Game(seed=11)
        bots = [make_player(level, seed=5), make_player("simple", seed=6)]
        while not game.over and len(game.hand_results) < 2:
            seat = game.to_move
            assert seat is not None
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
        return game.actions

    assert play() == play()


def _hidden_permuted(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game but with every card ``seat`` has not seen moved around the deck at random.

    The unseen cards (the opponent's concealed cards and the stock) swap deck
    positions among themselves; replaying the same actions then yields a game
    whose view for ``seat`` is identical while the hidden cards differ.
    """
    view = game.view(seat)
    seen = set(view.hand) | set(view.discard_pile) | set(view.opponent_known_cards)
    seen |= {event.card for event in view.history if event.card is not None}
    deck = shuffled_deck(game.seed, 0)
    slots = [index for index, card in enumerate(deck) if card not in seen]
    moved = [deck[index] for index in slots]
    rng.shuffle(moved)
    for index, card in zip(slots, moved, strict=True):
        deck[index] = card
    twin = Game(seed=game.seed, deck=deck)
    for action in game.actions:
        twin.apply(action)
    return twin


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_no_peeking_same_view_same_decision_whatever_the_hidden_cards(level: str) -> None:
    rng = random.Random(3)
    differing = 0
    for game, seat in positions(seed=21, count=12):
        twin = _hidden_permuted(game, seat, rng)
        assert twin.view(seat) == game.view(seat)
        other = 1 - seat
        if sorted(twin.view(other).hand) != sorted(game.view(other).hand):
            differing += 1
        assert decide(level, twin, seat, seed=9) == decide(level, game, seat, seed=9)
    assert differing >= 6  # the hidden cards really did change


def test_no_peeking_same_view_same_hint_and_margin_whatever_the_hidden_cards() -> None:
    rng = random.Random(4)
    for game, seat in positions(seed=22, count=12):
        twin = _hidden_permuted(game, seat, rng)
        advice = hint(game.view(seat), game.legal_actions())
        assert hint(twin.view(seat), twin.legal_actions()) == advice


def test_bots_get_a_view_not_the_game() -> None:
    game = Game(seed=1)
    view = game.view(game.to_move or 0)
    assert isinstance(view, PlayerView)
    assert not any(isinstance(value, Game) for value in vars(view).values())


def test_make_player_rejects_an_unknown_level() -> None:
    with pytest.raises(ValueError, match="unknown AI level"):
        make_player("grandmaster")


# --- the views' public facts --------------------------------------------------------------


def test_read_view_recovers_pickups_and_passed_cards() -> None:
    game, me = deal(4, "2S 3S 4S 5H 5D 5C 9C 6D 7H 4D", "8D 8H TC JC KS 2C 3H AD QH 6S", "8C", "AS")
    opponent = 1 - me
    game.apply("pass")  # me
    game.apply("take")  # the opponent takes 8C
    game.apply("discard KS")
    game.apply("draw stock")  # me: the opponent's KS is passed over by me, not by it
    knowledge = read_view(game.view(me))
    assert knowledge.opponent_known == to_mask(parse_cards("8C"))
    assert [str(card) for card in knowledge.opponent_discards] == ["KS"]
    assert knowledge.opponent_passed == ()
    knowledge = read_view(game.view(opponent))
    assert [str(card) for card in knowledge.opponent_passed] == ["8C", "KS"]


def test_a_safe_discard_s_reason_says_whether_the_opponent_threw_or_passed_the_neighbour() -> None:
    game, me = deal(4, "2S 3S 4S 5H 5D 5C 9C 6D 7H 4D", "8D 8H TC JC KS 2C 3H AD QH 6S", "8C", "AS")
    game.apply("pass")  # me
    game.apply("take")  # the opponent takes 8C
    game.apply("discard KS")  # the opponent throws KS
    knowledge = read_view(game.view(me))
    assert refused_neighbour(knowledge, Card.parse("KH")) == (
        "discard_safe_discarded",
        Card.parse("KS"),
    )
    assert refused_neighbour(knowledge, Card.parse("3D")) is None
    game.apply("draw stock")  # me: AS
    game.apply("discard AS")
    game.apply("draw stock")  # the opponent lets AS lie
    knowledge = read_view(game.view(me))
    assert refused_neighbour(knowledge, Card.parse("2S")) == ("discard_safe", Card.parse("AS"))
    assert "discarded" in REASONS["discard_safe_discarded"]
    assert "passed on" in REASONS["discard_safe"]


# --- Easy and simple ---------------------------------------------------------------------


def _after_stock_draw(mine: str, stock_top: str) -> tuple[Game, int]:
    game, me = deal(2, mine, "8D 8H TC JC KS 2C 3H AD QH 6S", "QS", stock_top)
    game.apply("pass")
    game.apply("pass")
    game.apply("draw stock")
    return game, me


def test_easy_discards_its_highest_unmelded_card() -> None:
    game, me = _after_stock_draw("2S 3S 4S 7H 7D 7C KD QC 5H AS", "9H")
    assert decide("easy", game, me) == Action.parse("discard KD")


def test_easy_takes_the_pile_card_only_when_it_completes_a_meld() -> None:
    game, me = deal(2, "2S 3S 4S 7H 7D KC KD QC 5H AS", "8D 8H TC JC KS 2C 3H AD QH 6S", "KH", "9H")
    assert decide("easy", game, me) == Action.parse("take")
    game, me = deal(2, "2S 3S 4S 7H 7D KC KD QC 5H AS", "8D 8H TC JC KS 2C 3H AD QH 6S", "JD", "9H")
    assert decide("easy", game, me) == Action.parse("pass")


def test_easy_keeps_the_melds_it_has_even_when_better_ones_exist() -> None:
    # 4S 5S 6S is a run Easy keeps, though 4S 4H 4D with 5S 6S 7S would meld all seven.
    mask = to_mask(parse_cards("4S 5S 6S 7S 4H 4D"))
    assert greedy_melded(mask) == to_mask(parse_cards("4S 5S 6S 7S"))


@pytest.mark.parametrize("level", ["easy", "simple"])
def test_easy_and_simple_knock_as_soon_as_they_may(level: str) -> None:
    game, me = _after_stock_draw("2S 3S 4S 7H 7D 7C 9D 9C 9H AH", "KD")
    assert decide(level, game, me) == Action.parse("knock KD")


def test_simple_discards_a_card_that_leaves_least_deadwood_and_melds_pile_cards() -> None:
    game, me = _after_stock_draw("2S 3S 4S 7H 7D 7C KD QC 5H AS", "9H")
    for seed in range(6):
        assert decide("simple", game, me, seed) in {
            Action.parse("discard KD"),
            Action.parse("discard QC"),
        }
    theirs = "8D 8H TC JC KS 2C 3H AD QH 6S"
    game, me = deal(2, "2S 3S 4S 7H 7D KC KD QC 5H AS", theirs, "6D", "9H")
    assert decide("simple", game, me) == Action.parse("pass")
    game, me = deal(2, "2S 3S 4S 7H 7D KC KD QC 5H AS", theirs, "5S", "9H")
    assert decide("simple", game, me) == Action.parse("take")


# --- Normal -------------------------------------------------------------------------------


def test_normal_does_not_feed_a_card_the_opponent_picked_up() -> None:
    # The opponent takes 8C; both bots then hold 9C as their highest loose card.
    game, opponent = deal(
        4, "8D 8H TC JC KS 2C 3H AD QH 6S", "2S 3S 4S 5H 5D 5C 9C 6D 7H 4D", "8C", "AS"
    )
    me = 1 - opponent
    game.apply("take")
    game.apply("discard KS")
    game.apply("draw stock")  # AS joins my spade run
    assert decide("easy", game, me) == Action.parse("discard 9C")
    assert decide("normal", game, me).card != Card.parse("9C")


# --- Hard ---------------------------------------------------------------------------------


def test_hard_knocks_early_with_little_deadwood() -> None:
    game, me = _after_stock_draw("2S 3S 4S 7H 7D 7C 9D 9C 9H AH", "KD")
    assert decide("hard", game, me) == Action.parse("knock KD")


def test_hard_goes_gin_rather_than_knock() -> None:
    game, me = _after_stock_draw("2S 3S 4S 7H 7D 7C 9D 9C 9H KD", "5S")
    action = decide("hard", game, me)
    assert action.kind is ActionKind.GIN


def test_hard_never_lets_a_knockable_hand_go_dead() -> None:
    # The last stock draw: a plain discard would end the hand dead, so any edge is worth knocking.
    game, me = _after_stock_draw("2S 3S 4S 7H 7D 7C 9D 9C 9H AH", "KD")
    view = game.view(me)
    late = PlayerView(**{**vars(view), "stock_count": 2})
    action = make_player("hard").choose(late, game.legal_actions())
    assert action.kind is ActionKind.KNOCK


# --- hints --------------------------------------------------------------------------------


def test_hint_gives_a_legal_action_with_a_reason_and_json() -> None:
    codes = set()
    for game, seat in positions(seed=5, count=15):
        legal = game.legal_actions()
        advice = hint(game.view(seat), legal)
        assert isinstance(advice, Hint)
        assert advice.action in legal
        assert advice.reason and "{" not in advice.reason
        assert advice.reason_code in REASONS
        assert all(isinstance(v, Card | Action | int) for v in advice.reason_args.values())
        codes.add(advice.reason_code)
    assert len(codes) >= 3


def test_the_hint_weighs_its_move_against_the_next_best_one() -> None:
    """The margin is Hard's value of its move less that of the next best legal move."""
    margins = 0
    for game, seat in positions(seed=6, count=20):
        legal = game.legal_actions()
        view = game.view(seat)
        appraisal = HardPlayer(HINT_SEED).appraise(view, legal)
        advice = hint(view, legal)
        assert advice.action == appraisal.hint.action == make_player("hard").choose(view, legal)
        assert set(appraisal.values) == set(legal)
        assert appraisal.values[advice.action] == max(appraisal.values.values())
        if len(legal) == 1:
            assert advice.margin is None and advice.runner_up is None
            continue
        assert advice.runner_up in legal and advice.runner_up != advice.action
        assert advice.margin == min(appraisal.cost(a) for a in legal if a != advice.action)
        assert advice.margin is not None and advice.margin >= 0
        assert appraisal.cost(advice.action) == 0
        margins += 1
    assert margins >= 10


def test_hard_prices_a_knock_and_gin_in_points() -> None:
    game, me = _after_stock_draw("2S 3S 4S 7H 7D 7C 9D 9C 9H AH", "KD")
    appraisal = HardPlayer(HINT_SEED).appraise(game.view(me), game.legal_actions())
    assert appraisal.hint.action == Action(ActionKind.KNOCK, Card.parse("KD"))
    plain = Action(ActionKind.DISCARD, Card.parse("KD"))
    assert appraisal.cost(plain) > 0  # playing on with the same discard gives up points
    game, me = _after_stock_draw("2S 3S 4S 7H 7D 7C 9D 9C 9H AH", "AS")
    appraisal = HardPlayer(HINT_SEED).appraise(game.view(me), game.legal_actions())
    assert appraisal.hint.reason_code == "gin"
    for action in game.legal_actions():
        if action.kind is not ActionKind.GIN:
            assert appraisal.cost(action) > 0, action


def test_hint_explains_a_knock_with_its_risk() -> None:
    game, me = _after_stock_draw("2S 3S 4S 7H 7D 7C 9D 9C 9H AH", "KD")
    advice = hint(game.view(me), game.legal_actions())
    assert advice.reason_code == "knock"
    assert advice.reason_args["card"] == Card.parse("KD")
    assert advice.estimate_unit == "points" and advice.estimate > 0
    assert "Knock with KD: 1 deadwood left" in advice.reason


# --- knock timing and the opponent model (issue 11's stronger ladder) ----------------------


def test_normal_knocks_early_but_late_in_the_hand_plays_on_for_gin() -> None:
    from gin.ai.knowledge import patient_knock_limit as knock_limit
    from gin.ai.normal import KNOCK_SHIFT

    limits = [knock_limit(stock, 10, KNOCK_SHIFT) for stock in (31, 24, 20, 17, 2)]
    assert limits == [7, 4, 2, 0, 0]
    assert knock_limit(31, 3, KNOCK_SHIFT) == 3  # never above the rules' limit
    game, me = _after_stock_draw("2S 3S 4S 7H 7D 7C 9D 9C 9H AH", "KD")
    view = game.view(me)
    assert make_player("normal").choose(view, game.legal_actions()) == Action.parse("knock KD")
    late = PlayerView(**{**vars(view), "stock_count": 12})
    assert make_player("normal").choose(late, game.legal_actions()) == Action.parse("discard KD")


def test_normal_takes_a_low_pile_card_that_cuts_its_deadwood_a_lot() -> None:
    # AH joins no meld, but taking it for KD cuts 9 deadwood; Easy takes only meld cards.
    theirs = "8D 8H TC JC KS 2C 3H AD QH 6S"
    game, me = deal(2, "2S 3S 4S 7H 7D 7C KD QC 5H 9S", theirs, "AH", "9H")
    assert decide("normal", game, me) == Action.parse("take")
    assert decide("easy", game, me) == Action.parse("pass")
    game, me = deal(2, "2S 3S 4S 7H 7D 7C KD QC 5H 9S", theirs, "JD", "9H")
    assert decide("normal", game, me) == Action.parse("pass")  # a cut of 1 is not worth it


def test_hard_keeps_to_its_knock_schedule_and_values_a_late_knock_as_playing_on() -> None:
    from gin.ai.hard import knock_schedule

    game, me = _after_stock_draw("2S 3S 4S 7H 7D 7C 9D 9C 9H AH", "KD")
    view = game.view(me)
    assert view.stock_count == 30 and knock_schedule(read_view(view)) == 2
    assert make_player("hard").choose(view, game.legal_actions()) == Action.parse("knock KD")
    # With 5 deadwood Normal knocks at once; Hard plays on, for gin or an undercut.
    game, me = _after_stock_draw("2S 3S 4S 7H 7D 7C 9D 9C 9H 5H", "KD")
    view = game.view(me)
    assert make_player("normal").choose(view, game.legal_actions()) == Action.parse("knock KD")
    assert make_player("hard").choose(view, game.legal_actions()) == Action.parse("discard KD")
    advice = hint(view, game.legal_actions())
    assert advice.reason_code == "play_on_early"
    assert advice.reason.startswith("Do not knock yet with 5 deadwood")
    # The knocks its schedule rules out are not priced, so never "about as good" a move.
    assert advice.runner_up is not None and advice.runner_up.kind is ActionKind.DISCARD
    end = PlayerView(**{**vars(view), "stock_count": 2})
    assert knock_schedule(read_view(end)) == 10  # any knock beats a dead hand
    late = PlayerView(**{**vars(view), "stock_count": 12})
    appraisal = HardPlayer(HINT_SEED).appraise(late, game.legal_actions())
    assert appraisal.hint.action.kind is ActionKind.DISCARD
    knock = Action.parse("knock KD")
    assert appraisal.values[knock] <= appraisal.values[appraisal.hint.action]


def test_hard_samples_no_opponent_hand_that_could_have_gone_gin() -> None:
    from gin.ai.hard import sample_opponent
    from gin.melds import deadwood_mask

    checked = 0
    for game, seat in positions(seed=31, count=40):
        knowledge = read_view(game.view(seat))
        if not knowledge.opponent_discards:
            continue
        hands = sample_opponent(knowledge, random.Random(1), 40)
        assert len(hands) == 40
        assert all(deadwood_mask(hand) > 0 for hand in hands)
        checked += 1
    assert checked >= 10
