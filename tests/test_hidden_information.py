"""Nothing a bot receives (its seed, its view, the legal actions) determines a hidden card."""

from __future__ import annotations

import random

import pytest

import gin.arena
from gin import Card, Game
from gin.ai import Player, bot_seed, hint, make_player
from gin.ai.coach import review_hand
from gin.game import shuffled_deck
from gin.table.effects import Think
from gin.table.seats import AI
from gin.table.startup import Address, Stored, start
from gin.table.update import update
from gin.view import PlayerView
from tests.table_helpers import sensible_intent


def test_bot_seed_is_a_one_way_function_of_the_game_seed_and_the_seat() -> None:
    seeds = [0, 1, 2, 7, 12_345, 2**31 - 1, 2**63 - 1]
    derived = {(seed, seat): bot_seed(seed, seat) for seed in seeds for seat in (0, 1)}
    assert len(set(derived.values())) == len(derived)  # per game and per seat
    for (seed, seat), value in derived.items():
        assert value == bot_seed(seed, seat) and 0 <= value < 2**63
        assert value not in (seed, seed + 1, seed * 2 + 1, seed * 2 + 2, seed ^ seat)
        for number in range(4):  # the public shuffle turns the bot's seed into no real deal
            assert shuffled_deck(value, number) != shuffled_deck(seed, number)
    for bad in ((-1, 0), (1, 2), (True, 0), (1.0, 0), ("1", 1)):
        with pytest.raises(ValueError):
            bot_seed(*bad)  # type: ignore[arg-type]


def test_the_table_seeds_its_bot_with_the_bot_seed_not_the_game_seed() -> None:
    """Everything the page hands the bot (the Think effect) is its view, level and bot seed."""
    for game_seed in (424_242, 7, 123_456):
        state, effects = start(Stored(settings={"level": "hard"}), Address(seed=game_seed), [])
        thinks = [e for e in effects if isinstance(e, Think)]
        while not thinks:
            state, effects = update(state, sensible_intent(state, random.Random(game_seed)))
            thinks = [e for e in effects if isinstance(e, Think)]
        think = thinks[0]
        assert think.seed == bot_seed(game_seed, AI) != game_seed
        assert shuffled_deck(think.seed, 0) != shuffled_deck(game_seed, 0)
        assert think.view.player == AI and think.level == "hard"


@pytest.mark.parametrize("swapped", [False, True])
def test_the_arena_seeds_each_bot_from_the_deal_and_its_seat(
    swapped: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    given: list[tuple[str, int]] = []

    def recording(spec: str, seed: int) -> Player:
        given.append((spec, seed))
        return make_player("simple", seed)

    monkeypatch.setattr(gin.arena, "load_player", recording)
    gin.arena.play_game(("a", "b", 0, 99, swapped))
    seat_of_a = 1 if swapped else 0
    assert given == [("a", bot_seed(99, seat_of_a)), ("b", bot_seed(99, 1 - seat_of_a))]


def _twins(seed: int) -> tuple[Game, Game]:
    """Two games of one seed whose decks differ only in cards hidden from seat 1 (the bot):
    one of seat 0's cards and the bottom card of the stock, which is never drawn."""
    deck = shuffled_deck(seed, 0)
    first = Game(seed=seed, deck=deck)
    mine = 1 - first.dealer  # seat 0's cards are deck[0::2] when it is the non-dealer
    position = 0 if mine == 0 else 1
    swapped = list(deck)
    swapped[position], swapped[51] = swapped[51], swapped[position]
    return first, Game(seed=seed, deck=swapped)


@pytest.mark.parametrize("seed", range(4))
def test_twin_games_with_other_hidden_cards_give_the_bot_identical_inputs(seed: int) -> None:
    """Seat 0 passes, draws from the stock and throws the drawn card, so the one card that
    differs stays in its hand; the bot (seat 1) plays Normal.  At every decision of the bot,
    in both games, its seed, its view and its legal actions are the same."""
    games = _twins(seed)
    assert games[0].view(0).hand != games[1].view(0).hand  # the hidden cards do differ
    bot = make_player("normal", bot_seed(seed, 1))
    decisions = 0
    while not games[0].hand_results:
        mover = games[0].to_move
        assert mover == games[1].to_move and mover is not None
        if mover == 1:
            inputs = [(game.view(1), game.legal_actions()) for game in games]
            assert inputs[0] == inputs[1]
            action = bot.choose(*inputs[0])
            decisions += 1
        else:
            action = _seat0_move(games[0])
        for game in games:
            game.apply(action)
    assert decisions >= 3


@pytest.mark.parametrize("seed", range(4))
def test_twin_games_give_the_reviewed_seat_identical_hints_and_reviews(seed: int) -> None:
    """The coach reviews seat 1 of the twin games: its hints at every decision and the
    review of the whole hand are the same, though seat 0's concealed cards differ."""
    games = _twins(seed)
    bot = make_player("normal", bot_seed(seed, 1))
    hints = 0
    while not games[0].hand_results:
        mover = games[0].to_move
        if mover == 1:
            advice = [hint(game.view(1), game.legal_actions()) for game in games]
            assert advice[0] == advice[1]
            hints += 1
            action = bot.choose(games[0].view(1), games[0].legal_actions())
        else:
            action = _seat0_move(games[0])
        for game in games:
            game.apply(action)
    assert hints >= 3
    assert games[0].to_dict()["deck"] != games[1].to_dict()["deck"]
    reviews = [review_hand(game.to_dict(), 1, seat=1) for game in games]
    assert reviews[0] == reviews[1] and len(reviews[0].decisions) >= 3


def test_the_review_asks_the_game_for_the_reviewed_seats_view_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: set[int] = set()
    real_view = Game.view

    def view(game: Game, player: int) -> PlayerView:
        asked.add(player)
        return real_view(game, player)

    game = Game(seed=5)
    bots = [make_player("normal", 1), make_player("easy", 2)]
    while not game.hand_results:
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    monkeypatch.setattr(Game, "view", view)
    for seat in (0, 1):
        asked.clear()
        assert review_hand(game, 1, seat).decisions
        assert asked == {seat}


def _seat0_move(game: Game) -> str:
    """Pass on the face-up card, draw from the stock, throw the drawn card away."""
    legal = [str(action) for action in game.legal_actions()]
    if "pass" in legal:
        return "pass"
    if "draw stock" in legal:
        return "draw stock"
    drawn: Card | None = game.view(0).history[-1].card
    return f"discard {drawn}"
