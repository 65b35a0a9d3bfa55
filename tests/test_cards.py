"""RULES.md "Cards and melds": card codes, the deck, deadwood values."""

from __future__ import annotations

import copy
import pickle

import pytest

from gin import DECK, Card, parse_cards
from gin.cards import format_cards, from_mask, sort_by_rank, to_mask
from gin.i18n import Translator


def test_deck_has_52_distinct_cards_in_suit_then_rank_order() -> None:
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert len({str(card) for card in DECK}) == 52
    assert " ".join(str(card) for card in DECK[:13]) == "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"
    assert [card.suit for card in DECK[::13]] == ["S", "H", "D", "C"]
    assert list(DECK) == sorted(DECK)
    assert {card.bit for card in DECK}.__len__() == 52
    assert to_mask(DECK).bit_count() == 52


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AS", "AS"),
        ("as", "AS"),
        ("aS", "AS"),
        ("td", "TD"),
        ("TD", "TD"),
        ("10d", "TD"),
        ("10D", "TD"),
        (" 7h ", "7H"),
        ("kc", "KC"),
        ("Qs", "QS"),
        ("jH", "JH"),
        ("2c", "2C"),
        ("9S", "9S"),
    ],
)
def test_parse_is_case_insensitive_and_output_canonical(text: str, canonical: str) -> None:
    card = Card.parse(text)
    assert str(card) == canonical
    assert card is Card.parse(canonical)
    assert repr(card) == f"Card({canonical!r})"


@pytest.mark.parametrize(
    "bad", ["", "1S", "11H", "ZS", "AX", "A", "S", "AS2", "0H", "1", "T10", "7 H"]
)
def test_parse_rejects_bad_codes_naming_them(bad: str) -> None:
    with pytest.raises(ValueError, match="not a card") as info:
        Card.parse(bad)
    assert repr(bad) in str(info.value)


def test_parse_cards_separators() -> None:
    expected = ["AS", "TD", "7H", "KC"]
    for text in (
        "AS TD 7H KC",
        "as,td,7h,kc",
        "as, 10d ,\t7H\nkc",
        " AS  TD,,7H  KC ",
        "as,10D 7h,Kc",
    ):
        assert [str(card) for card in parse_cards(text)] == expected
    assert parse_cards("") == []
    assert parse_cards("  , ") == []


def test_parse_cards_bad_token_is_named() -> None:
    with pytest.raises(ValueError, match="'XX'"):
        parse_cards("AS XX KD")
    with pytest.raises(ValueError, match="'1H'"):
        parse_cards("AS,1H")


@pytest.mark.parametrize("text", ["AS as", "TD 10d", "7h,7H", "KC QC kc"])
def test_parse_cards_duplicate_raises_naming_the_card(text: str) -> None:
    with pytest.raises(ValueError, match="duplicate") as info:
        parse_cards(text)
    duplicate = str(parse_cards(text.replace(",", " ").split()[0])[0])
    assert duplicate in str(info.value)


def test_round_trip_through_text() -> None:
    text = format_cards(DECK)
    assert parse_cards(text) == list(DECK)
    assert all(Card.parse(str(card)) is card for card in DECK)


def test_deadwood_values() -> None:
    values = {str(card): card.points for card in DECK}
    for suit in "SHDC":
        assert values["A" + suit] == 1
        for rank in range(2, 10):
            assert values[f"{rank}{suit}"] == rank
        assert values["T" + suit] == 10
        for face in "JQK":
            assert values[face + suit] == 10
    assert sum(values.values()) == 4 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 * 4)


def test_cards_are_interned_and_immutable() -> None:
    seven = Card(7, "H")
    assert seven is Card.parse("7h")
    assert copy.copy(seven) is seven
    assert copy.deepcopy(seven) is seven
    assert pickle.loads(pickle.dumps(seven)) is seven
    with pytest.raises(AttributeError):
        seven.rank = 8  # type: ignore[misc]
    for bad_rank, bad_suit in ((0, "H"), (14, "H"), (7, "X"), ("7", "H")):
        with pytest.raises(ValueError):
            Card(bad_rank, bad_suit)  # type: ignore[arg-type]


def test_card_fields_and_order() -> None:
    card = Card.parse("QD")
    assert (card.rank, card.suit, card.points) == (12, "D", 10)
    assert Translator("en").card_name(card) == "queen of diamonds"
    assert Translator("en").card_name(Card.parse("AS")) == "ace of spades"
    assert Card.parse("KS") < Card.parse("AH") < Card.parse("AD") < Card.parse("AC")
    assert [str(c) for c in sort_by_rank(parse_cards("KS 2H AC AS 2S"))] == [
        "AS",
        "AC",
        "2S",
        "2H",
        "KS",
    ]


def test_masks_round_trip_and_reject_repeats() -> None:
    hand = parse_cards("AS 7H TD KC 2C")
    assert from_mask(to_mask(hand)) == sorted(hand)
    with pytest.raises(ValueError):
        to_mask([Card.parse("AS"), Card.parse("AS")])
