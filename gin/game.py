"""The game: the authority that deals, validates every action and keeps the score.

A :class:`Game` is a state machine in the OpenSpiel style: ``legal_actions()``
lists what the player to move may do, ``apply()`` does one of them, and
``view(player)`` is everything that player may know.  Players never hold the
game itself, only views, so an AI cannot peek by construction.

Dealing order (used by the ``deck`` argument and by replays): cards go one at
a time, alternately, the non-dealer first, so the non-dealer gets
``deck[0], deck[2], … deck[18]`` and the dealer ``deck[1], deck[3], … deck[19]``;
``deck[20]`` is turned face up to start the discard pile and ``deck[21:]`` is
the stock, ``deck[21]`` on top.

Seeds are whole numbers from 0 to :data:`MAX_SEED` (2**63 - 1): a signed 64-bit
integer anywhere the record goes, and a bound on the text the deal hashes.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from gin.actions import Action, ActionKind, IllegalActionError
from gin.cards import DECK, Card, shown, to_mask
from gin.melds import deadwood_mask
from gin.records import Event, HandResult
from gin.rules import DEAD_HAND_STOCK, HAND_SIZE, RULESET_VERSION, Rules, is_whole_number
from gin.scoring import Bonus, HandKind, Role, game_bonuses, price_showdown
from gin.showdown import Showdown, showdown
from gin.view import Phase, PlayerView

SAVE_FORMAT = "gin-rummy-game"
SAVE_VERSION = 1
MAX_SEED = 2**63 - 1
"""The largest seed: seeds are whole numbers from 0 to this (a signed 64-bit integer)."""
_RECORD_FIELDS = frozenset(
    ("format", "version", "ruleset", "seed", "dealer", "rules", "deck", "decks", "actions")
)


def shuffled_deck(seed: int, hand_number: int) -> list[Card]:
    """The deck for one hand of a seeded game: the same seed always deals the same hands."""
    deck = list(DECK)
    random.Random(f"gin-rummy/{seed}/hand/{hand_number}").shuffle(deck)
    return deck


def _seat(value: object, what: str) -> int:
    """A seat number, 0 or 1; anything else (True, 0.0, "1") is a ValueError."""
    if is_whole_number(value) and value in (0, 1):
        return value
    raise ValueError(f"{what} must be seat 0 or 1, not {shown(value)}")


def _checksum(payload: Mapping[str, Any]) -> str:
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


_DRAWS = (ActionKind.DRAW_STOCK, ActionKind.DRAW_PILE)


def _codes(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(code, str) for code in value)


class Game:
    """A match of Gin Rummy to ``rules.target`` points between seats 0 and 1.

    ``seed`` (0 to :data:`MAX_SEED`; None picks one) decides the first dealer
    and every deal.  ``deck`` fixes the first hand's deal instead; ``decks``
    fixes the deals of the first ``len(decks)`` hands, and ``dealer`` the
    first dealer (a record of finished hands carries these in place of the
    seed, so that it tells nothing of the hands after them).  Every argument is
    checked here: a wrong one is a ValueError, never a failure later in play.
    The game keeps its own copy of ``rules``.
    """

    def __init__(
        self,
        seed: int | None = None,
        rules: Rules | None = None,
        deck: Sequence[Card | str] | None = None,
        *,
        decks: Sequence[Sequence[Card | str]] | None = None,
        dealer: int | None = None,
    ) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(MAX_SEED + 1)
        elif not is_whole_number(seed) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"the seed must be a whole number from 0 to {MAX_SEED}")
        if rules is None:
            rules = Rules()
        elif not isinstance(rules, Rules):
            raise ValueError(f"rules must be a gin.Rules, not {type(rules).__name__}")
        if deck is not None and decks is not None:
            raise ValueError("give the first deck or the list of decks, not both")
        if decks is None:
            decks = [] if deck is None else [deck]
        elif isinstance(decks, (str, bytes)) or not isinstance(decks, Sequence):
            raise ValueError("decks must be a list of decks")
        self.seed = seed
        self.rules = replace(rules)  # checked again, and the game's own
        self._decks = tuple(self._validated_deck(listed) for listed in decks)
        self._chosen_dealer = None if dealer is None else _seat(dealer, "the first dealer")
        self._first_dealer = (
            random.Random(f"gin-rummy/{seed}/first-dealer").randrange(2)
            if self._chosen_dealer is None
            else self._chosen_dealer
        )
        self.hand_results: list[HandResult] = []
        self.bonuses: list[Bonus] = []
        self.winner: int | None = None
        self._record: list[str] = []
        self._finished_actions = 0
        self._dealer = self._first_dealer
        self._deal()

    @staticmethod
    def _validated_deck(deck: object) -> tuple[Card, ...]:
        if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
            raise ValueError("a deck must be a list of the 52 cards (cards or card codes)")
        if len(deck) != len(DECK):
            raise ValueError(f"a deck must hold the 52 cards, not {len(deck)}")
        cards = tuple(card if isinstance(card, Card) else Card.parse(card) for card in deck)
        if len(set(cards)) != len(DECK):
            raise ValueError("a deck must hold each of the 52 cards exactly once")
        return cards

    def _deck_for(self, number: int) -> Sequence[Card]:
        """The deck hand ``number`` (from 0) is dealt from: a listed deck, or the seed's."""
        if number < len(self._decks):
            return self._decks[number]
        return shuffled_deck(self.seed, number)

    # --- the hand in play ----------------------------------------------------------------

    def _deal(self) -> None:
        deck = list(self._deck_for(len(self.hand_results)))
        non_dealer = 1 - self._dealer
        self._hands: list[list[Card]] = [[], []]
        self._hands[non_dealer] = sorted(deck[0:20:2])
        self._hands[self._dealer] = sorted(deck[1:20:2])
        self._pile = [deck[20]]
        self._stock = deck[:20:-1]  # the top of the stock (deck[21]) is the end of the list
        self._phase = Phase.UPCARD
        self._to_move = non_dealer
        self._passes = 0
        self._taken_from_pile: Card | None = None
        self._from_pile = [set[Card](), set[Card]()]
        self._history: list[Event] = []

    @property
    def to_move(self) -> int | None:
        """The seat to act (0 or 1), None once the game is over."""
        return None if self._phase is Phase.GAME_OVER else self._to_move

    @property
    def over(self) -> bool:
        return self._phase is Phase.GAME_OVER

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def hand_number(self) -> int:
        """The hand in play, from 1 (after game over: the last hand played)."""
        return len(self.hand_results) + (0 if self.over else 1)

    @property
    def actions(self) -> list[str]:
        """Every action applied since the start, as text: with the seed, the game's record."""
        return list(self._record)

    def legal_actions(self) -> list[Action]:
        """What the player to move may do, in a stable order (none once the game is over).

        The actions are new values on every call, so that no holder of a list
        (a bot, a view) shares an object with the game.
        """
        if self._phase is Phase.UPCARD:
            return [Action(ActionKind.TAKE), Action(ActionKind.PASS)]
        if self._phase is Phase.DRAW:
            draws = _DRAWS[:1] if self._passes == 2 else _DRAWS  # both passed: the stock only
            return [Action(kind) for kind in draws]
        if self._phase is Phase.DISCARD:
            return self._discard_actions()
        return []

    def _discard_actions(self) -> list[Action]:
        hand = self._hands[self._to_move]
        mask = to_mask(hand)
        discards, knocks, gins = [], [], []
        for card in sorted(hand):
            if card is self._taken_from_pile:
                continue
            discards.append(Action(ActionKind.DISCARD, card))
            left = deadwood_mask(mask ^ card.bit)
            if left == 0:
                gins.append(Action(ActionKind.GIN, card))
            elif left <= self.rules.knock_limit:
                knocks.append(Action(ActionKind.KNOCK, card))
        return discards + knocks + gins

    def apply(self, action: Action | str) -> None:
        """Play one action for the player to move; anything not legal raises and changes nothing.

        An action is checked before anything changes, and is then played as a
        transaction: whatever goes wrong while playing it (a bug, a tampered
        rule, running out of memory), the game is put back as it was.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        elif not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {shown(action)}")
        if action not in self.legal_actions():
            raise IllegalActionError(self._why_illegal(action))
        saved = self._snapshot()
        try:
            self._play(action)
        except BaseException:
            self._restore(*saved)
            raise

    def _snapshot(self) -> tuple[dict[str, Any], int, int]:
        """Enough to undo one action: every field, with copies of what changes in place,
        and the lengths of the two lists that only grow (cut back rather than copied)."""
        fields = dict(vars(self))
        fields["_hands"] = [list(hand) for hand in self._hands]
        fields["_pile"] = list(self._pile)
        fields["_stock"] = list(self._stock)
        fields["_from_pile"] = [set(cards) for cards in self._from_pile]
        fields["_history"] = list(self._history)
        return fields, len(self._record), len(self.hand_results)

    def _restore(self, fields: dict[str, Any], actions: int, results: int) -> None:
        vars(self).clear()
        vars(self).update(fields)
        del self._record[actions:]
        del self.hand_results[results:]

    def _play(self, action: Action) -> None:
        self._record.append(str(action))
        player = self._to_move
        kind = action.kind
        if kind is ActionKind.TAKE or kind is ActionKind.DRAW_PILE:
            card = self._pile.pop()
            self._hands[player].append(card)
            self._from_pile[player].add(card)
            self._taken_from_pile = card
            self._passes = 0
            self._phase = Phase.DISCARD
            self._history.append(Event(player, kind, card))
        elif kind is ActionKind.PASS:
            self._passes += 1
            self._history.append(Event(player, kind))
            self._to_move = 1 - player
            if self._passes == 2:
                self._phase = Phase.DRAW
        elif kind is ActionKind.DRAW_STOCK:
            card = self._stock.pop()
            self._hands[player].append(card)
            self._passes = 0
            self._phase = Phase.DISCARD
            self._history.append(Event(player, kind, card))
        else:
            self._discard(player, action)

    def _discard(self, player: int, action: Action) -> None:
        card = action.card
        assert card is not None
        self._hands[player].remove(card)
        self._hands[player].sort()
        self._from_pile[player].discard(card)
        self._pile.append(card)
        self._taken_from_pile = None
        self._history.append(Event(player, action.kind, card))
        if action.kind is not ActionKind.DISCARD:
            facts = showdown(self._hands[player], self._hands[1 - player], self.rules.knock_limit)
            self._end_hand(knocker=player, facts=facts)
        elif len(self._stock) <= DEAD_HAND_STOCK:
            self._end_hand(knocker=None, facts=None)
        else:
            self._to_move = 1 - player
            self._phase = Phase.DRAW

    def _end_hand(self, knocker: int | None, facts: Showdown | None) -> None:
        hands = (tuple(self._hands[0]), tuple(self._hands[1]))
        number = len(self.hand_results) + 1
        stock, history = tuple(reversed(self._stock)), tuple(self._history)
        if knocker is None or facts is None:
            result = HandResult(
                number, self._dealer, HandKind.DEAD, None, None, 0, hands, None, stock, history
            )
        else:
            score = price_showdown(facts)
            winner = knocker if score.winner is Role.KNOCKER else 1 - knocker
            kind, scored = score.kind, score.points
            result = HandResult(
                number, self._dealer, kind, knocker, winner, scored, hands, facts, stock, history
            )
        self.hand_results.append(result)
        self._finished_actions = len(self._record)
        if result.winner is not None:
            self._dealer = result.winner
        points = self.hand_points
        if result.winner is not None and points[result.winner] >= self.rules.target:
            self.winner = result.winner
            hands_won = [sum(r.winner == seat for r in self.hand_results) for seat in (0, 1)]
            self.bonuses = game_bonuses(self.rules, points, hands_won, result.winner)
            self._phase = Phase.GAME_OVER
        else:
            self._deal()

    @property
    def hand_points(self) -> list[int]:
        """Each seat's points from hands alone: what decides when the target is reached."""
        return [sum(r.points for r in self.hand_results if r.winner == seat) for seat in (0, 1)]

    @property
    def scores(self) -> list[int]:
        """Each seat's score: hand points, plus the game bonuses once the game is over."""
        scores = self.hand_points
        for bonus in self.bonuses:
            scores[bonus.player] += bonus.points
        return scores

    def _why_illegal(self, action: Action) -> str:
        """A player-facing reason for refusing ``action`` (only called when it is illegal)."""
        phase = self._phase
        if phase is Phase.GAME_OVER:
            return "The game is over: start a new game."
        if phase is Phase.UPCARD:
            return "First take or pass the face-up card."
        if phase is Phase.DRAW:
            if action.kind is ActionKind.DRAW_PILE:
                return "Both players passed on the face-up card: draw from the stock."
            return "Draw a card first, from the stock or the discard pile."
        card = action.card
        if card is None:
            return "You have drawn already: discard a card."
        if card not in self._hands[self._to_move]:
            return f"You do not hold {card}."
        if card is self._taken_from_pile:
            return f"You cannot discard {card}: you just took it from the discard pile."
        left = deadwood_mask(to_mask(self._hands[self._to_move]) ^ card.bit)
        if action.kind is ActionKind.KNOCK and left == 0:
            return (
                f"Discarding {card} leaves no deadwood: that is gin, not a knock; "
                f"play it as 'gin {card}'."
            )
        if action.kind is ActionKind.GIN:
            return f"Gin needs no deadwood; discarding {card} leaves {left}."
        limit = self.rules.knock_limit
        return f"Knocking needs {limit} deadwood or less; discarding {card} leaves {left}."

    # --- what each player may know -------------------------------------------------------

    def view(self, player: int) -> PlayerView:
        """Everything ``player`` may know now (RULES.md "Who sees what"), and nothing more.

        The view shares no record with the game: its rules, events, results
        and bonuses are copies (cards are interned values), so code holding a
        view cannot change the game, even with ``object.__setattr__``.
        """
        player = _seat(player, "player")
        opponent = 1 - player
        history = tuple(
            Event(
                event.player,
                event.action,
                event.card
                if event.player == player or event.action is not ActionKind.DRAW_STOCK
                else None,
            )
            for event in self._history
        )
        my_turn = self.to_move == player
        return PlayerView(
            player=player,
            phase=self._phase,
            to_move=self.to_move,
            dealer=self._dealer,
            hand=tuple(sorted(self._hands[player])),
            opponent_card_count=len(self._hands[opponent]),
            opponent_known_cards=tuple(sorted(self._from_pile[opponent])),
            discard_pile=tuple(self._pile),
            stock_count=len(self._stock),
            history=history,
            taken_from_pile=self._taken_from_pile if my_turn else None,
            legal_actions=tuple(self.legal_actions()) if my_turn else (),
            scores=tuple(self.scores),
            hand_number=self.hand_number,
            hand_results=tuple(result.copy() for result in self.hand_results),
            bonuses=tuple(replace(bonus) for bonus in self.bonuses),
            over=self.over,
            winner=self.winner,
            rules=copy.copy(self.rules),  # a plain copy: the game checked its rules once
        )

    # --- saving and loading ----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe record (seed, rules, decks, every action) with a checksum over it."""
        return self._record_of(self.seed, self._decks, self._chosen_dealer, self._record)

    def finished_hands_record(self) -> dict[str, Any]:
        """The record of the finished hands only: what may be handed out during a game.

        It has no seed (the seed deals every hand, the one in play included):
        the decks of the finished hands and the first dealer stand in for it,
        and the actions stop at the end of the last finished hand.  It loads
        with :meth:`from_dict` as a game whose later deals are fresh.  Once
        the game is over nothing is hidden any more and this is :meth:`to_dict`.
        """
        if self.over:
            return self.to_dict()
        decks = tuple(tuple(self._deck_for(number)) for number in range(len(self.hand_results)))
        actions = self._record[: self._finished_actions]
        return self._record_of(None, decks, self._first_dealer, actions)

    def _record_of(
        self,
        seed: int | None,
        decks: Sequence[Sequence[Card]],
        dealer: int | None,
        actions: Sequence[str],
    ) -> dict[str, Any]:
        """A record and its checksum.  One listed deck is written as ``deck`` (as records
        have always had it), more as ``decks``; ``dealer`` only when it is not the seed's."""
        payload: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "ruleset": RULESET_VERSION,
            "seed": seed,
            "rules": self.rules.to_dict(),
            "deck": [str(card) for card in decks[0]] if len(decks) == 1 else None,
            "actions": list(actions),
        }
        if len(decks) > 1:
            payload["decks"] = [[str(card) for card in deck] for deck in decks]
        if dealer is not None:
            payload["dealer"] = dealer
        return {**payload, "checksum": _checksum(payload)}

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Rebuild a game by replaying its record; corrupt or inconsistent data raises ValueError.

        Replaying through :meth:`apply` validates every action, so a record
        that loads is a game that could have been played.
        """
        game = cls.record_start(data)
        for position, action in enumerate(data["actions"]):
            try:
                game.apply(action)
            except IllegalActionError as error:
                raise ValueError(
                    f"action {position + 1} ({shown(action)}) cannot be replayed: {error}"
                ) from None
        return game

    @classmethod
    def record_start(cls, data: Any) -> Game:
        """The game a record starts from, before its first action (``data["actions"]``).

        Every field is checked, then the checksum, before anything is built:
        a wrong type, an unknown field or an out-of-range value is a ValueError.
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
        unknown = [name for name in data if name not in _RECORD_FIELDS and name != "checksum"]
        if unknown:
            names = ", ".join(shown(name) for name in unknown[:5])
            raise ValueError(f"a saved game has unknown field(s): {names}")
        seed, dealer = data.get("seed"), data.get("dealer")
        if dealer is not None:
            _seat(dealer, "a saved game's first dealer")
        if seed is None and dealer is None:
            raise ValueError("a saved game needs its seed, or its first dealer and decks")
        if seed is not None and (not is_whole_number(seed) or not 0 <= seed <= MAX_SEED):
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
        if data.get("checksum") != _checksum(payload):
            raise ValueError("this saved game has been altered (its checksum does not match)")
        return cls(seed=seed, rules=rules, deck=deck, decks=decks, dealer=dealer)

    def copy(self) -> Game:
        """An independent game in the same state (cheap: no replay).

        The table keeps one game per state of its state machine; copying before
        an action is what lets its update stay a pure function of the old state.
        """
        twin = object.__new__(Game)
        fields, _actions, _results = self._snapshot()
        vars(twin).update(fields)
        twin._record = list(self._record)
        twin.hand_results = list(self.hand_results)
        twin.bonuses = list(self.bonuses)
        return twin

    def check_invariants(self) -> None:
        """Assert that all 52 cards are where the rules allow, each exactly once (for tests)."""
        if self.over:
            return
        every = [*self._hands[0], *self._hands[1], *self._pile, *self._stock]
        assert len(every) == 52 and set(every) == set(DECK), "cards lost or duplicated"
        expected = HAND_SIZE + (1 if self._phase is Phase.DISCARD else 0)
        assert len(self._hands[self._to_move]) == expected
        assert len(self._hands[1 - self._to_move]) == HAND_SIZE
