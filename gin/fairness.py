"""Proof that a game's deals were fixed before its first card: a commitment, then the reveal.

A game whose seed nobody chose draws the seed and a random **salt** (32
lowercase hexadecimal characters, from the system's cryptographic source,
``random.SystemRandom``: in the page, the browser's ``crypto.getRandomValues``) and shows the
**commitment** before the first move::

    commitment = SHA-256( UTF-8 "gin-rummy-commit/1/<seed>/<salt>" ), in lowercase hex

with the seed in decimal.  The seed deals every hand (docs/DESIGN.md, "Seeds and
dealing"), so once the commitment is shown the deals cannot change without the
reveal failing; the salt keeps the commitment from telling the seed (without
it, anyone could hash seeds until one matched).  At the reveal (game over, or a
game given up) the seed and salt are shown, :func:`commitment` is computed
again, and every hand is re-dealt from the seed and compared, move by move,
with the hand that was played (:func:`check_hand`).

Checked here: the salt's and the commitment's form, the hash, each hand's
deal.  A record's moves are checked by replaying them through the engine
(:func:`verify_record`); the proof is about the deals, which the moves cannot
change.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from typing import Any

from gin.actions import ActionKind
from gin.cards import DECK, Card
from gin.daily import daily_seed, parse_day
from gin.game import MAX_SEED, Game, shuffled_deck
from gin.records import Event, HandResult
from gin.rules import is_whole_number
from gin.view import PlayerView

COMMITMENT_LABEL = "gin-rummy-commit/1"
"""The versioned label the committed text starts with."""
SALT_CHARS = 32
_SALT = re.compile(r"[0-9a-f]{32}")
_DIGEST = re.compile(r"[0-9a-f]{64}")


def committed_text(seed: int, salt: str) -> str:
    """The text whose SHA-256 is the commitment: ``gin-rummy-commit/1/<seed>/<salt>``."""
    if not is_whole_number(seed) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}")
    if not is_salt(salt):
        raise ValueError(f"a salt is {SALT_CHARS} lowercase hexadecimal characters")
    return f"{COMMITMENT_LABEL}/{seed}/{salt}"


def commitment(seed: int, salt: str) -> str:
    """The commitment to ``seed`` with ``salt``: SHA-256 of :func:`committed_text`, in hex."""
    return hashlib.sha256(committed_text(seed, salt).encode("utf-8")).hexdigest()


def is_salt(value: object) -> bool:
    """Whether ``value`` is a salt: exactly 32 lowercase hexadecimal characters."""
    return isinstance(value, str) and _SALT.fullmatch(value) is not None


def is_commitment(value: object) -> bool:
    """Whether ``value`` has a commitment's form: 64 lowercase hexadecimal characters."""
    return isinstance(value, str) and _DIGEST.fullmatch(value) is not None


@dataclass(frozen=True)
class Seal:
    """A game's seed and salt, kept from the player until the reveal; its commitment is shown."""

    seed: int
    salt: str

    def __post_init__(self) -> None:
        committed_text(self.seed, self.salt)  # checks both

    @classmethod
    def draw(cls, source: random.Random | None = None) -> Seal:
        """A fresh seed (the whole range, as ``Game`` draws one) and salt.

        Both come from ``random.SystemRandom`` (the operating system's cryptographic
        source, ``os.urandom``: in the page, ``crypto.getRandomValues``), unless a test
        gives another ``source``.
        """
        rng = source or random.SystemRandom()
        salt = f"{rng.getrandbits(4 * SALT_CHARS):0{SALT_CHARS}x}"
        return cls(rng.randrange(MAX_SEED + 1), salt)

    @property
    def commitment(self) -> str:
        return commitment(self.seed, self.salt)


# --- one hand, re-dealt and compared ---------------------------------------------------------


class Difference(StrEnum):
    """How a played hand can differ from the seed's deal of it."""

    DEALER = "dealer"
    """The first hand was dealt by the other seat than the seed decides."""
    STOCK_CARD = "stock-card"
    """A seat drew ``found`` from the stock where the seed's deal has ``expected``."""
    PILE_CARD = "pile-card"
    """A seat took ``found`` from the discard pile, whose top card was ``expected``."""
    NOT_HELD = "not-held"
    """A seat discarded ``found``, which the seed's deal had not given it."""
    HAND = "hand"
    """A seat ended (or holds) ``found``, which the seed's deal leaves elsewhere."""
    STOCK_LEFT = "stock-left"
    """The stock left at the end holds ``found`` where the seed's deal has ``expected``."""


@dataclass(frozen=True)
class Mismatch:
    """The first place a hand differs from the seed's deal: what, where, which cards."""

    difference: Difference
    seat: int | None = None
    move: int | None = None
    """The move of the hand (from 1) at which it shows, None for the end of the hand."""
    found: Card | None = None
    expected: Card | None = None


@dataclass(frozen=True)
class HandCheck:
    """One hand compared with the seed's deal of it; ``finished`` False for the hand in play."""

    number: int
    dealer: int
    mismatch: Mismatch | None
    finished: bool = True

    @property
    def ok(self) -> bool:
        return self.mismatch is None


def check_hand(
    seed: int,
    number: int,
    dealer: int,
    history: Sequence[Event],
    hands: Sequence[Sequence[Card]],
    stock: Sequence[Card] | None = None,
) -> Mismatch | None:
    """Re-deal hand ``number`` (from 1) from ``seed`` and play ``history`` on it, card by card.

    Every card a move names must be where the seed's deal puts it: a stock draw
    the next card of the seed's stock, a pile draw the top of the pile, a
    discard a card the seat holds.  At the end, each seat must hold ``hands``
    and, for a finished hand, the stock must be ``stock`` (top first).  This
    follows the cards only, not the rules, which the engine checks: it is the
    seed's deal against the hand that was played.  A concealed card in the
    history (None) is taken as the seed's.
    """
    deck = shuffled_deck(seed, number - 1)
    held = [set[Card](), set[Card]()]
    held[1 - dealer] = set(deck[0:20:2])
    held[dealer] = set(deck[1:20:2])
    pile = [deck[20]]
    seed_stock = deck[21:]
    drawn = 0
    for move, event in enumerate(history, start=1):
        seat, card = event.player, event.card
        if event.action is ActionKind.DRAW_STOCK:
            expected = seed_stock[drawn] if drawn < len(seed_stock) else None
            if expected is None or card not in (None, expected):
                return Mismatch(Difference.STOCK_CARD, seat, move, card, expected)
            held[seat].add(expected)
            drawn += 1
        elif event.action in (ActionKind.TAKE, ActionKind.DRAW_PILE):
            top = pile[-1] if pile else None
            if top is None or card not in (None, top):
                return Mismatch(Difference.PILE_CARD, seat, move, card, top)
            held[seat].add(pile.pop())
        elif event.action is not ActionKind.PASS:
            if card is None or card not in held[seat]:
                return Mismatch(Difference.NOT_HELD, seat, move, card)
            held[seat].remove(card)
            pile.append(card)
    for seat in (0, 1):
        extra = sorted(set(hands[seat]) - held[seat])
        if extra or len(hands[seat]) != len(held[seat]):
            missing = sorted(held[seat] - set(hands[seat]))
            return Mismatch(
                Difference.HAND,
                seat,
                found=extra[0] if extra else None,
                expected=missing[0] if missing else None,
            )
    if stock is not None:
        left = seed_stock[drawn:]
        for position in range(max(len(stock), len(left))):
            found = stock[position] if position < len(stock) else None
            expected = left[position] if position < len(left) else None
            if found is not expected:
                return Mismatch(Difference.STOCK_LEFT, found=found, expected=expected)
    return None


def check_result(seed: int, result: HandResult) -> Mismatch | None:
    """A finished hand against the seed's deal of it: every move, both hands, the stock left."""
    number, dealer = result.number, result.dealer
    return check_hand(seed, number, dealer, result.history, result.hands, result.stock)


def check_hand_in_play(seed: int, views: tuple[PlayerView, PlayerView]) -> Mismatch | None:
    """The hand in play, as far as it was played, against the seed's deal of it.

    Each seat's view holds its own stock draws' cards; together the two views
    name every card that has moved (the stock not yet drawn was seen by no one).
    """
    ours, theirs = views
    history = [
        mine if mine.player == 0 else other
        for mine, other in zip(ours.history, theirs.history, strict=True)
    ]
    return check_hand(seed, ours.hand_number, ours.dealer, history, (ours.hand, theirs.hand))


def first_dealer(seed: int) -> int:
    """The seat the seed makes deal the first hand (the engine's rule, by the seed alone)."""
    return Game(seed=seed).dealer


def check_deals(
    seed: int,
    results: Sequence[HandResult],
    in_play: tuple[PlayerView, PlayerView] | None = None,
) -> tuple[HandCheck, ...]:
    """Every finished hand, and the hand in play if given, against the seed's deals.

    The first hand's dealer must be the seed's; later dealers follow the rules
    (the engine's replay checks those).
    """
    checks = []
    for result in results:
        mismatch = check_result(seed, result)
        if result.number == 1 and result.dealer != first_dealer(seed):
            mismatch = Mismatch(Difference.DEALER, seat=result.dealer)
        checks.append(HandCheck(result.number, result.dealer, mismatch))
    if in_play is not None:
        view = in_play[0]
        mismatch = check_hand_in_play(seed, in_play)
        if view.hand_number == 1 and view.dealer != first_dealer(seed):
            mismatch = Mismatch(Difference.DEALER, seat=view.dealer)
        checks.append(HandCheck(view.hand_number, view.dealer, mismatch, finished=False))
    return tuple(checks)


# --- the reveal of a whole game ----------------------------------------------------------


class SeedProof(StrEnum):
    """What the revealed seed was checked against, and how that went."""

    COMMITMENT = "commitment"
    """SHA-256 of the seed and salt is the commitment shown before the first card."""
    DAILY = "daily"
    """The seed is the daily deal's, by the date's formula (gin.daily)."""
    MISMATCH = "mismatch"
    """The seed and salt do not give the commitment: one of the three was altered."""
    BAD_SALT = "bad-salt"
    """The salt is not 32 lowercase hexadecimal characters."""
    BAD_COMMITMENT = "bad-commitment"
    """The commitment is not 64 lowercase hexadecimal characters."""
    NOT_DAILY = "not-daily"
    """The seed is not the one the date's formula gives."""


@dataclass(frozen=True)
class Verification:
    """The reveal's verdict: the seed against its proof, then every hand against the seed."""

    seed: int
    proof: SeedProof
    hands: tuple[HandCheck, ...]

    @property
    def seed_ok(self) -> bool:
        return self.proof in (SeedProof.COMMITMENT, SeedProof.DAILY)

    @property
    def ok(self) -> bool:
        return self.seed_ok and all(hand.ok for hand in self.hands)

    @property
    def first_mismatch(self) -> HandCheck | None:
        return next((hand for hand in self.hands if not hand.ok), None)


def seal_proof(seed: int, salt: object, shown: object) -> SeedProof:
    """Check a revealed seed and salt against the commitment that was shown."""
    if not is_salt(salt):
        return SeedProof.BAD_SALT
    if not is_commitment(shown):
        return SeedProof.BAD_COMMITMENT
    assert isinstance(salt, str)
    return SeedProof.COMMITMENT if commitment(seed, salt) == shown else SeedProof.MISMATCH


def daily_proof(seed: int, day: date) -> SeedProof:
    """Check a daily game's seed against the date's formula."""
    return SeedProof.DAILY if daily_seed(day) == seed else SeedProof.NOT_DAILY


def verify_game(game: Game, proof: SeedProof) -> Verification:
    """The reveal of a game the table played (over, or given up in the middle of a hand).

    ``proof`` is the seed's check (:func:`seal_proof` or :func:`daily_proof`);
    the hands are the game's own facts, as the table showed them.
    """
    in_play = None if game.over else (game.view(0), game.view(1))
    return Verification(game.seed, proof, check_deals(game.seed, game.hand_results, in_play))


@dataclass(frozen=True)
class Revealed:
    """A game's reveal, as the table shows it: the seed, its proof and every hand's check.

    ``seal`` for a game with a commitment, ``day`` for a daily deal; ``given_up``
    when the game was left unfinished (the hand in play is checked as far as
    it went).
    """

    seed: int
    seal: Seal | None
    day: date | None
    verification: Verification
    given_up: bool

    @property
    def ok(self) -> bool:
        return self.verification.ok


def reveal(game: Game, seal: Seal | None, day: date | None = None) -> Revealed | None:
    """The reveal of a game that ended or was given up; None for a seed a person chose
    (nothing was committed to, and the seed was known from the start)."""
    if seal is not None:
        proof = seal_proof(game.seed, seal.salt, seal.commitment)
    elif day is not None:
        proof = daily_proof(game.seed, day)
    else:
        return None
    return Revealed(game.seed, seal, day, verify_game(game, proof), given_up=not game.over)


# --- a downloaded record -----------------------------------------------------------------


def played_deck(result: HandResult) -> tuple[Card, ...]:
    """The deck a finished hand was dealt from, rebuilt from what was played.

    Undoing the moves from both hands at the end gives the ten cards each seat
    was dealt; the stock is the cards drawn from it, in order, then what was
    left; the face-up card is the one card of the 52 that is in none of these.
    Each seat's ten are in card order (the order within a hand is not dealt
    information).  The layout is :mod:`gin.game`'s: ``deck[0:20:2]`` the
    non-dealer's, ``deck[1:20:2]`` the dealer's, ``deck[20]`` face up,
    ``deck[21:]`` the stock, top first.  ValueError if the facts do not add up.
    """
    held = [set(result.hands[0]), set(result.hands[1])]
    drawn = [e.card for e in result.history if e.action is ActionKind.DRAW_STOCK]
    try:
        for event in reversed(result.history):
            if event.action is ActionKind.PASS:
                continue
            if event.card is None:
                raise ValueError(f"hand {result.number}: a move without its card")
            if event.action in (ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN):
                held[event.player].add(event.card)
            else:
                held[event.player].remove(event.card)
    except KeyError:
        raise ValueError(f"hand {result.number}: its moves do not fit its hands") from None
    stock = [card for card in drawn if card is not None] + list(result.stock)
    placed = [*held[0], *held[1], *stock]
    rest = [card for card in DECK if card not in set(placed)]
    if len(held[0]) != 10 or len(held[1]) != 10 or len(set(placed)) != 51 or len(rest) != 1:
        raise ValueError(f"hand {result.number}: its cards do not make one deck")
    non_dealer, dealer = sorted(held[1 - result.dealer]), sorted(held[result.dealer])
    dealt = [card for pair in zip(non_dealer, dealer, strict=True) for card in pair]
    return (*dealt, rest[0], *stock)


def played_record(game: Game) -> dict[str, Any]:
    """A finished game's record with the deck of every hand as played beside its seed.

    Its moves replay on those decks, not on the seed, so the record stands for
    the game as it was played; the seed (with the commitment) then proves the
    decks.  It loads with ``Game.from_dict`` like any record.
    """
    if not game.over:
        raise ValueError("the decks of a game are handed out only once it is over")
    decks = [played_deck(result) for result in game.hand_results]
    dealer = game.hand_results[0].dealer
    replayed = Game(seed=game.seed, rules=game.rules, decks=decks, dealer=dealer)
    for action in game.actions:
        replayed.apply(action)
    return replayed.to_dict()


@dataclass(frozen=True)
class RecordProof:
    """What a downloaded table record says proves its seed: a commitment and salt, or a date."""

    commitment: object = None
    salt: object = None
    day: date | None = None


def record_proof(record: Mapping[str, Any]) -> RecordProof:
    """The proof fields of a downloaded table record; ValueError if it has none."""
    if "daily" in record:
        day = parse_day(record["daily"]) if isinstance(record["daily"], str) else None
        if day is None:
            raise ValueError("the record's daily date is not a date (YYYY-MM-DD)")
        return RecordProof(day=day)
    if "commitment" not in record and "salt" not in record:
        raise ValueError(
            "this record has no commitment: only a game started without a chosen seed"
            " (or a daily deal) carries one"
        )
    return RecordProof(record.get("commitment"), record.get("salt"))


def verify_record(record: object) -> Verification:
    """Check a downloaded table record: the seed against its proof, then the moves and deals.

    A seed that its proof refuses ends the check there (the deals of a seed
    that was not committed prove nothing).  Otherwise the game record is
    replayed through the engine (its checksum, and every move legal on the decks
    it lists) and each hand is compared with the seed's deal.  ValueError for a
    record that cannot be checked (no proof, no seed yet, a checksum that does
    not match, a move that cannot be replayed), with the reason.
    """
    if not isinstance(record, Mapping) or not isinstance(record.get("game"), Mapping):
        raise ValueError("a table's game record must be a JSON object with a 'game'")
    proof = record_proof(record)
    data = record["game"]
    seed = data.get("seed")
    if seed is None:
        raise ValueError(
            "this record was downloaded during the game: it holds no seed, which is"
            " revealed at game over (download the record again then)"
        )
    if not is_whole_number(seed) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"the record's seed is not a whole number from 0 to {MAX_SEED}")
    if proof.day is not None:
        checked = daily_proof(seed, proof.day)
    else:
        checked = seal_proof(seed, proof.salt, proof.commitment)
    if checked not in (SeedProof.COMMITMENT, SeedProof.DAILY):
        return Verification(seed, checked, ())
    game = Game.from_dict(data)  # the checksum, and every move replayed on the listed decks
    in_play = None if game.over else (game.view(0), game.view(1))
    return Verification(seed, checked, check_deals(seed, game.hand_results, in_play))
