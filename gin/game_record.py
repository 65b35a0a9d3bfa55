"""A game's record: what is saved, downloaded and replayed, and how it is checked when read.

A record is JSON: the format's name and version, the ruleset, the seed (or, for the
finished hands of a game in progress, their decks and the first dealer), the rules and
every action as text, with a checksum over all of it.  Replaying the actions through
the engine (``Game.from_dict``) rebuilds the game, so a record that loads is a game that
could have been played.  This module writes records (:func:`game_record`) and reads
their start (:func:`record_start`), checking every field before anything is built.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gin.cards import DECK, Card, shown
from gin.rules import RULESET_VERSION, Rules, checked_seat, is_whole_number

SAVE_FORMAT = "gin-rummy-game"
SAVE_VERSION = 1
MAX_SEED = 2**63 - 1
"""The largest seed: seeds are whole numbers from 0 to this (a signed 64-bit integer)."""
_FIELDS = frozenset(
    ("format", "version", "ruleset", "seed", "dealer", "rules", "deck", "decks", "actions")
)


def checksum(payload: Mapping[str, Any]) -> str:
    """The checksum of a record's fields (every stored record of the game carries one)."""
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def valid_seed(value: object) -> bool:
    return is_whole_number(value) and 0 <= value <= MAX_SEED


def validated_deck(deck: object) -> tuple[Card, ...]:
    """A deck of a game's start or record: the 52 cards (cards or card codes), each once."""
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
        raise ValueError("a deck must be a list of the 52 cards (cards or card codes)")
    if len(deck) != len(DECK):
        raise ValueError(f"a deck must hold the 52 cards, not {len(deck)}")
    cards = tuple(card if isinstance(card, Card) else Card.parse(card) for card in deck)
    if len(set(cards)) != len(DECK):
        raise ValueError("a deck must hold each of the 52 cards exactly once")
    return cards


def game_record(
    seed: int | None,
    rules: Rules,
    decks: Sequence[Sequence[Card]],
    dealer: int | None,
    actions: Sequence[str],
) -> dict[str, Any]:
    """A record and its checksum.  One listed deck is written as ``deck`` (as records have
    always had it), more as ``decks``; ``dealer`` only when it is not the seed's."""
    payload: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "ruleset": RULESET_VERSION,
        "seed": seed,
        "rules": rules.to_dict(),
        "deck": [str(card) for card in decks[0]] if len(decks) == 1 else None,
        "actions": list(actions),
    }
    if len(decks) > 1:
        payload["decks"] = [[str(card) for card in deck] for deck in decks]
    if dealer is not None:
        payload["dealer"] = dealer
    return {**payload, "checksum": checksum(payload)}


@dataclass(frozen=True)
class RecordStart:
    """What a checked record starts a game from (the arguments of ``Game``), and its actions."""

    seed: int | None
    rules: Rules
    deck: list[str] | None
    decks: list[list[str]] | None
    dealer: int | None
    actions: list[str]


def record_start(data: object) -> RecordStart:
    """The start of a record, every field checked, then the checksum.

    A wrong type, an unknown field or an out-of-range value is a ValueError.
    """
    if not isinstance(data, Mapping):
        raise ValueError("a saved game must be an object")
    if data.get("format") != SAVE_FORMAT:
        raise ValueError("this is not a saved Gin Rummy game")
    if data.get("version") != SAVE_VERSION or data.get("ruleset") != RULESET_VERSION:
        raise ValueError(
            f"this saved game is from another version ({shown(data.get('version'))}, "
            f"ruleset {shown(data.get('ruleset'))})"
        )
    unknown = [name for name in data if name not in _FIELDS and name != "checksum"]
    if unknown:
        names = ", ".join(shown(name) for name in unknown[:5])
        raise ValueError(f"a saved game has unknown field(s): {names}")
    seed, dealer = data.get("seed"), data.get("dealer")
    if dealer is not None:
        checked_seat(dealer, "a saved game's first dealer")
    if seed is None and dealer is None:
        raise ValueError("a saved game needs its seed, or its first dealer and decks")
    if seed is not None and not valid_seed(seed):
        raise ValueError(f"a saved game's seed must be a whole number from 0 to {MAX_SEED}")
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ValueError("a saved game's actions must be a list of texts")
    deck, decks = data.get("deck"), data.get("decks")
    if deck is not None and not _codes(deck):
        raise ValueError("a saved game's deck must be a list of card codes")
    if decks is not None and not (isinstance(decks, list) and all(map(_codes, decks))):
        raise ValueError("a saved game's decks must be lists of card codes")
    if deck is not None and decks is not None:
        raise ValueError("a saved game lists its decks as 'deck' or as 'decks', not both")
    rules = Rules.from_dict(data.get("rules", {}))
    payload = {key: value for key, value in data.items() if key != "checksum"}
    if data.get("checksum") != checksum(payload):
        raise ValueError("this saved game has been altered (its checksum does not match)")
    return RecordStart(seed, rules, deck, decks, dealer, actions)


def _codes(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(code, str) for code in value)
