"""Cards: 52 interned immutable values, parsed and printed at the edges.

A card is both a value a person reads (``"7H"``) and a bit in a 64-bit hand
mask, which is what the meld code computes with.  Each suit owns a 16-bit lane
of the mask (bit ``16 * suit_index + rank - 1``) so that one shift and one AND
give a suit's ranks as a 13-bit number, the index into the run tables.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import islice

SUITS = "SHDC"
RANK_CHARS = "A23456789TJQK"
LANE = 16
SUIT_LANE_MASK = (1 << 13) - 1


class Card:
    """One playing card.  There are exactly 52 instances; ``Card(7, "H")`` returns one.

    Interning makes equality an identity test and lets every hand hold the very
    same objects, so cards are cheap to compare, hash and keep in sets.
    Cards order by suit (S, H, D, C) then rank, the order of :data:`DECK`.
    """

    __slots__ = ("rank", "suit", "index", "bit", "points", "_text")
    rank: int
    suit: str
    index: int
    bit: int
    points: int
    _text: str

    _interned: dict[tuple[int, str], Card] = {}

    def __new__(cls, rank: int, suit: str) -> Card:
        # exact types: True is not an ace, 7.0 is not a seven
        if type(rank) is int and type(suit) is str and (rank, suit) in cls._interned:
            return cls._interned[rank, suit]
        raise ValueError(f"no such card: rank {shown(rank)}, suit {shown(suit)}")

    @classmethod
    def _make(cls, rank: int, suit: str) -> Card:
        card = object.__new__(cls)
        suit_index = SUITS.index(suit)
        for name, value in (
            ("rank", rank),
            ("suit", suit),
            ("index", suit_index * 13 + rank - 1),
            ("bit", 1 << (suit_index * LANE + rank - 1)),
            ("points", min(rank, 10)),
            ("_text", RANK_CHARS[rank - 1] + suit),
        ):
            object.__setattr__(card, name, value)
        cls._interned[rank, suit] = card
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card code such as ``7h``, ``TD``, ``10s`` or ``as`` (any case).

        Only ASCII is read: the case mapping runs after that check, so that
        look-alikes (``ſ``, the Kelvin sign) are refused rather than turned into cards.
        """
        if not isinstance(text, str):
            raise ValueError(f"a card code must be text, not {type(text).__name__}")
        match = _CARD_RE.fullmatch(text.strip(ASCII_SPACE).upper()) if text.isascii() else None
        if not match:
            raise ValueError(
                f"not a card: {shown(text)} (expected rank A,2-10,T,J,Q,K and suit S,H,D,C)"
            )
        rank_text, suit = match.groups()
        rank = 10 if rank_text == "10" else RANK_CHARS.index(rank_text) + 1
        return cls._interned[rank, suit]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return (Card, (self.rank, self.suit))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __lt__(self, other: Card) -> bool:
        try:
            return self.index < other.index
        except AttributeError:  # not a card: let Python raise its TypeError
            return NotImplemented

    def __le__(self, other: Card) -> bool:
        try:
            return self.index <= other.index
        except AttributeError:  # not a card: let Python raise its TypeError
            return NotImplemented

    def __gt__(self, other: Card) -> bool:
        try:
            return self.index > other.index
        except AttributeError:  # not a card: let Python raise its TypeError
            return NotImplemented

    def __ge__(self, other: Card) -> bool:
        try:
            return self.index >= other.index
        except AttributeError:  # not a card: let Python raise its TypeError
            return NotImplemented

    def __hash__(self) -> int:
        return self.index


_CARD_RE = re.compile(r"(10|[A2-9TJQK])([SHDC])")
ASCII_SPACE = " \t\n\r\f\v"
"""The white space that may surround or separate codes (``str.split`` would take more)."""
_SEPARATORS = re.compile(r"[\s,]+", re.ASCII)
SHOWN_LIMIT = 40


def shown(value: object) -> str:
    """``value`` quoted for an error message: ASCII-escaped and cut short.

    Messages reach a terminal (``python -m gin.replay``) and the page, so input
    is never echoed raw (no control character, and a look-alike such as the
    Kelvin sign shows as ``\\u212a``), and a megabyte of junk does not make a
    megabyte message.  Only text and whole numbers are quoted; anything else is
    named by its type.
    """
    if isinstance(value, str):
        return ascii(value) if len(value) <= SHOWN_LIMIT else ascii(value[:SHOWN_LIMIT]) + "..."
    if type(value) is int and abs(value) < 10**SHOWN_LIMIT:
        return repr(value)
    return f"a {type(value).__name__}"


DECK: tuple[Card, ...] = tuple(Card._make(rank, suit) for suit in SUITS for rank in range(1, 14))
"""The 52 cards in a fixed order: spades, hearts, diamonds, clubs; ace to king in each."""

_BY_BIT_POSITION: dict[int, Card] = {card.bit.bit_length() - 1: card for card in DECK}


def parse_cards(text: str) -> list[Card]:
    """Parse whitespace- or comma-separated card codes; a bad token or a duplicate raises."""
    if not isinstance(text, str):
        raise ValueError(f"card codes must be text, not {type(text).__name__}")
    cards: list[Card] = []
    seen: set[Card] = set()
    for token in _SEPARATORS.split(text.strip(ASCII_SPACE)):
        if not token:
            continue
        card = Card.parse(token)
        if card in seen:
            raise ValueError(f"duplicate card: {card}")
        seen.add(card)
        cards.append(card)
    return cards


def to_mask(cards: Iterable[Card]) -> int:
    """The hand mask of distinct cards (a repeated card raises: it would vanish from a mask)."""
    mask = 0
    count = 0
    for card in cards:
        mask |= card.bit
        count += 1
    if mask.bit_count() != count:
        raise ValueError("a card appears more than once")
    return mask


def hand_mask(cards: object, most: int) -> int:
    """The mask of at most ``most`` distinct cards handed to a public function.

    Anything else (not a collection, not cards, a repeat, too many) is a
    ValueError.  The limit also bounds the cost: the deadwood search grows
    quickly with the number of ranks held three times, and 52 cards would
    exhaust memory.  Only ``most + 1`` items are ever read from ``cards``.
    """
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise ValueError(
            f"expected a collection of cards (e.g. parse_cards('AS 2S 3S')), "
            f"not {type(cards).__name__}"
        )
    taken = list(islice(cards, most + 1))
    if len(taken) > most:
        raise ValueError(f"too many cards: at most {most}")
    mask = 0
    for card in taken:
        if not isinstance(card, Card):
            raise ValueError(f"not a card: {shown(card)}")
        if mask & card.bit:
            raise ValueError(f"{card} appears more than once")
        mask |= card.bit
    return mask


def from_mask(mask: int) -> list[Card]:
    """The cards of a hand mask, in deck order."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(_BY_BIT_POSITION[low.bit_length() - 1])
        mask ^= low
    return cards


def iter_bits(mask: int) -> Iterator[int]:
    """The single-bit masks of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def card_of_bit(bit: int) -> Card:
    """The card whose bit is ``bit`` (a single-bit mask)."""
    return _BY_BIT_POSITION[bit.bit_length() - 1]


def sort_by_rank(cards: Iterable[Card]) -> list[Card]:
    """Cards ordered rank first (A..K), suits S, H, D, C within a rank."""
    return sorted(cards, key=lambda card: (card.rank, card.index))


def format_cards(cards: Iterable[Card]) -> str:
    """Card codes joined by spaces, the inverse of :func:`parse_cards`."""
    return " ".join(str(card) for card in cards)
