"""Shared helpers for the engine tests: exact deals, seeds with a known dealer, playouts."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterable, Sequence
from typing import Any

import gin
from gin import DECK, Action, ActionKind, Card, Game, Phase, Rules, parse_cards
from gin.rules import HAND_SIZE


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def _as_cards(value: str | Iterable[Card]) -> list[Card]:
    return parse_cards(value) if isinstance(value, str) else list(value)


def deck_for(
    non_dealer: str | Iterable[Card],
    dealer: str | Iterable[Card],
    upcard: str | Card,
    stock: str | Iterable[Card] = (),
) -> list[Card]:
    """A 52-card deck dealing these hands (see gin/game.py): ``stock`` is on top, in order.

    The cards not named fill the bottom of the stock in deck order.
    """
    first = _as_cards(non_dealer)
    second = _as_cards(dealer)
    up = Card.parse(upcard) if isinstance(upcard, str) else upcard
    top = _as_cards(stock)
    assert len(first) == 10 and len(second) == 10
    deck: list[Card] = []
    for a, b in zip(first, second, strict=True):
        deck += [a, b]
    deck.append(up)
    deck += top
    named = set(deck)
    assert len(named) == len(deck), "a card is named twice"
    deck += [card for card in DECK if card not in named]
    return deck


def seed_with_dealer(dealer: int) -> int:
    """The smallest seed whose first dealer is ``dealer``."""
    return next(seed for seed in range(100) if Game(seed=seed).dealer == dealer)


SEED_DEALER = {0: seed_with_dealer(0), 1: seed_with_dealer(1)}


def new_game(
    non_dealer: str | Iterable[Card],
    dealer: str | Iterable[Card],
    upcard: str | Card,
    stock: str | Iterable[Card] = (),
    dealer_seat: int = 0,
    rules: Rules | None = None,
) -> Game:
    """A game whose first hand is dealt exactly so, with seat ``dealer_seat`` dealing."""
    deck = deck_for(non_dealer, dealer, upcard, stock)
    return Game(seed=SEED_DEALER[dealer_seat], rules=rules, deck=deck)


def all_locations(game: Game) -> list[Card]:
    """Every card the game holds in play: both hands, the discard pile and the stock."""
    hand = game._hand
    return [*hand.hands[0], *hand.hands[1], *hand.pile, *hand.stock]


def assert_accounted(game: Game) -> None:
    """All 52 cards are in play exactly once (at game over the last deal is kept as it ended)."""
    every = all_locations(game)
    assert len(every) == 52
    assert set(every) == set(DECK)
    check_invariants(game)


def check_invariants(game: Game) -> None:
    """All 52 cards are where the rules allow, each exactly once, and the hands hold ten
    cards, eleven for the player discarding."""
    if game.over:
        return
    every = all_locations(game)
    assert len(every) == 52 and set(every) == set(DECK), "cards lost or duplicated"
    expected = HAND_SIZE + (1 if game.phase is Phase.DISCARD else 0)
    to_move = game.to_move
    assert to_move is not None
    assert len(game._hand.hands[to_move]) == expected
    assert len(game._hand.hands[1 - to_move]) == HAND_SIZE


def policy_action(game: Game, rng: random.Random, knock_chance: float = 1.0) -> Action:
    """A random legal action, but a knock or gin when offered (with ``knock_chance``)."""
    legal = game.legal_actions()
    ending = [a for a in legal if a.kind in (ActionKind.KNOCK, ActionKind.GIN)]
    if ending and rng.random() < knock_chance:
        return rng.choice(ending)
    return rng.choice(legal)


def play_out(
    game: Game, rng: random.Random, max_actions: int = 100_000, knock_chance: float = 1.0
) -> int:
    """Play random legal actions until the game is over; returns the number played."""
    count = 0
    while not game.over:
        game.apply(policy_action(game, rng, knock_chance))
        count += 1
        assert count < max_actions, "the game did not finish"
    return count


CARD_CODE = re.compile(r"(?:10|[A2-9TJQK])[SHDC]")


def card_codes_in(value: Any) -> set[str]:
    """Every card code mentioned anywhere in a value: JSON, or dataclasses holding cards and
    actions (a view, a result), read field by field."""
    found: set[str] = set()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            found |= card_codes_in(getattr(value, field.name))
    elif isinstance(value, Card | Action):
        found |= card_codes_in(str(value))
    elif isinstance(value, str):
        found.update(word for word in value.split() if CARD_CODE.fullmatch(word))
    elif isinstance(value, dict):
        for item in value.values():
            found |= card_codes_in(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            found |= card_codes_in(item)
    return found


def concealed_from(game: Game, player: int) -> set[Card]:
    """The cards ``player`` may not know: the stock and the opponent's cards not seen taken."""
    opponent = 1 - player
    unknown_opponent = set(game._hand.hands[opponent]) - set(game._hand.from_pile[opponent])
    return unknown_opponent | set(game._hand.stock)


def every_action() -> list[Action]:
    """Every well-formed action: the four draw choices and discard/knock/gin of each card."""
    actions = [gin.Action(kind) for kind in ActionKind if not kind.needs_card]
    actions += [gin.Action(kind, card) for kind in ActionKind if kind.needs_card for card in DECK]
    return actions


def codes(cards_: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards_]
