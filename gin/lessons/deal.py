"""A lesson's deal: the 52 cards stacked so that the engine deals the hands a lesson wants.

A lesson names the person's ten cards, the computer's ten, the face-up card and
the top of the stock; :func:`stacked_deck` orders the whole deck the way
:class:`gin.game.Game` deals (one card at a time, the non-dealer first, then the
face-up card, then the stock from the top), and the cards a lesson leaves
unnamed fill the bottom of the stock in a fixed shuffled order.  The game itself
deals it: a lesson's position is a real deal, checked like any other.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gin.cards import DECK, Card, parse_cards
from gin.game import Game
from gin.rules import HAND_SIZE

YOU, COMPUTER = 0, 1
"""The seats of a lesson, as at the table: the person is seat 0."""


@dataclass(frozen=True)
class Deal:
    """The cards a lesson deals, as card codes (``"7S 7H 7D ..."``), and who deals.

    ``stock`` is the top of the stock, the next card first; the rest of the stock
    is every card not named, in an order fixed by ``key``.
    """

    key: str
    you: str
    computer: str
    upcard: str
    stock: str = ""
    dealer: int = COMPUTER

    def deck(self) -> list[Card]:
        return stacked_deck(self)

    def game(self) -> Game:
        """A new game dealt from this deck (the lesson's hand is the game's first)."""
        return Game(seed=0, deck=self.deck(), dealer=self.dealer)


def stacked_deck(deal: Deal) -> list[Card]:
    """The deck :class:`~gin.game.Game` deals ``deal`` from (see the dealing order there).

    A card named twice, a hand that is not ten cards, or a seat that is not 0 or 1 is a
    ValueError: a lesson's deal is checked before any game is made from it.
    """
    you, computer = parse_cards(deal.you), parse_cards(deal.computer)
    upcard, top = Card.parse(deal.upcard), parse_cards(deal.stock)
    if len(you) != HAND_SIZE or len(computer) != HAND_SIZE:
        raise ValueError(f"lesson {deal.key}: each hand is {HAND_SIZE} cards")
    if deal.dealer not in (YOU, COMPUTER):
        raise ValueError(f"lesson {deal.key}: the dealer is seat 0 or 1")
    non_dealer, dealer = (you, computer) if deal.dealer == COMPUTER else (computer, you)
    deck: list[Card] = []
    for first, second in zip(non_dealer, dealer, strict=True):
        deck += [first, second]
    deck += [upcard, *top]
    if len(set(deck)) != len(deck):
        raise ValueError(f"lesson {deal.key}: a card is dealt twice")
    rest = [card for card in DECK if card not in set(deck)]
    random.Random(f"gin-rummy/lesson/{deal.key}").shuffle(rest)
    return deck + rest
