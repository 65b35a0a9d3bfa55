"""The shared vocabulary (gin.table.presenter.words): card names, moves, results, hints and
refusals as the page and the screen reader say them."""

from __future__ import annotations

from gin.actions import ActionKind
from gin.cards import Card
from gin.table.presenter.words import short_name
from gin.table.seats import AI, YOU
from tests.table_helpers import EN, WORDS, hand_result


def test_cards_are_printed_with_10_not_t() -> None:
    assert short_name(Card.parse("TC")) == "10♣" and short_name(Card.parse("QH")) == "Q♥"


def test_announcements_word_moves_results_hints_and_refusals() -> None:
    from gin.actions import Action
    from gin.ai.hints import Hint
    from gin.table.effects import Announce
    from gin.table.messages import Message, Why

    seven = Card.parse("7H")
    move = Announce(Action(ActionKind.DISCARD, seven), seat=AI, card=seven)
    assert EN.announcement(move) == "The computer discarded 7♥."
    assert EN.announcement(Announce(Action(ActionKind.DRAW_STOCK), seat=YOU, card=seven)) == (
        "You drew 7♥ from the stock."
    )
    knock = hand_result("AS 2S 3S 4D 4H 4C 7C 8C 9C 5D", "6S 7S 8S JD QD KD 9H TH JH KH")
    said = EN.announcement(Announce(knock)).replace("\u00a0", " ")
    assert said == "You knocked and score 5 points. Knock: 10 − 5 = 5"
    only = Hint(
        Action(ActionKind.DRAW_STOCK), "only_choice", {"action": Action.parse("draw stock")}
    )
    assert EN.announcement(Announce(only)) == "Draw from the stock is the only move."
    refused = Message(Why.TAKEN_CARD, card=seven)
    assert EN.announcement(Announce(refused)) == "You cannot throw back the card you just took."
    assert WORDS.action_name(Action(ActionKind.GIN, seven)) == "Go gin, discarding 7♥"


def test_a_share_is_rounded_as_people_round_it() -> None:
    """5 of 8 decisions as Hard would play showed as 62 % (Python's round keeps the even)."""
    assert WORDS.percent(5 / 8) == "63%"
    assert WORDS.percent(1 / 8) == "13%"
    assert WORDS.percent(2 / 3) == "67%"
    assert WORDS.percent(0.0) == "0%" and WORDS.percent(1.0) == "100%"
