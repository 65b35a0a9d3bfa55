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
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from gin.actions import (
    DRAW_PILE,
    DRAW_STOCK,
    PASS,
    TAKE,
    Action,
    ActionKind,
    IllegalActionError,
)
from gin.cards import DECK, Card, to_mask
from gin.melds import deadwood_mask
from gin.records import Event, HandResult
from gin.rules import DEAD_HAND_STOCK, HAND_SIZE, RULESET_VERSION, Rules
from gin.scoring import Bonus, HandKind, Role, game_bonuses, price_showdown
from gin.showdown import Showdown, showdown
from gin.view import Phase, PlayerView

SAVE_FORMAT = "gin-rummy-game"
SAVE_VERSION = 1


def shuffled_deck(seed: int, hand_number: int) -> list[Card]:
    """The deck for one hand of a seeded game: the same seed always deals the same hands."""
    deck = list(DECK)
    random.Random(f"gin-rummy/{seed}/hand/{hand_number}").shuffle(deck)
    return deck


def _checksum(payload: Mapping[str, Any]) -> str:
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class Game:
    """A match of Gin Rummy to ``rules.target`` points between seats 0 and 1."""

    def __init__(
        self,
        seed: int | None = None,
        rules: Rules | None = None,
        deck: Sequence[Card | str] | None = None,
    ) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError("the seed must be a whole number, 0 or more")
        self.seed = seed
        self.rules = rules if rules is not None else Rules()
        self._first_deck = self._validated_deck(deck) if deck is not None else None
        self.hand_results: list[HandResult] = []
        self.bonuses: list[Bonus] = []
        self.winner: int | None = None
        self._record: list[str] = []
        self._dealer = random.Random(f"gin-rummy/{seed}/first-dealer").randrange(2)
        self._deal()

    @staticmethod
    def _validated_deck(deck: Sequence[Card | str]) -> tuple[Card, ...]:
        cards = tuple(card if isinstance(card, Card) else Card.parse(card) for card in deck)
        if len(cards) != len(DECK) or len(set(cards)) != len(DECK):
            raise ValueError("a deck must hold each of the 52 cards exactly once")
        return cards

    # --- the hand in play ----------------------------------------------------------------

    def _deal(self) -> None:
        number = len(self.hand_results)
        if number == 0 and self._first_deck is not None:
            deck = list(self._first_deck)
        else:
            deck = shuffled_deck(self.seed, number)
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
        """What the player to move may do, in a stable order (none once the game is over)."""
        if self._phase is Phase.UPCARD:
            return [TAKE, PASS]
        if self._phase is Phase.DRAW:
            return [DRAW_STOCK] if self._passes == 2 else [DRAW_STOCK, DRAW_PILE]
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
        """Play one action for the player to move; anything not legal raises and changes nothing."""
        if isinstance(action, str):
            action = Action.parse(action)
        elif not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {action!r}")
        if action not in self.legal_actions():
            raise IllegalActionError(self._why_illegal(action))
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
            if action == DRAW_PILE:
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
            return f"Discarding {card} leaves no deadwood: that is gin, not a knock."
        if action.kind is ActionKind.GIN:
            return f"Gin needs no deadwood; discarding {card} leaves {left}."
        limit = self.rules.knock_limit
        return f"Knocking needs {limit} deadwood or less; discarding {card} leaves {left}."

    # --- what each player may know -------------------------------------------------------

    def view(self, player: int) -> PlayerView:
        """Everything ``player`` may know now (RULES.md "Who sees what"), and nothing more."""
        if player not in (0, 1):
            raise ValueError("player must be 0 or 1")
        opponent = 1 - player
        history = tuple(
            event
            if event.player == player or event.action is not ActionKind.DRAW_STOCK
            else Event(event.player, event.action)
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
            hand_results=tuple(self.hand_results),
            bonuses=tuple(self.bonuses),
            over=self.over,
            winner=self.winner,
            rules=self.rules,
        )

    # --- saving and loading ----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe record (seed, rules, deck, every action) with a checksum over it."""
        payload: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "ruleset": RULESET_VERSION,
            "seed": self.seed,
            "rules": self.rules.to_dict(),
            "deck": None if self._first_deck is None else [str(c) for c in self._first_deck],
            "actions": list(self._record),
        }
        return {**payload, "checksum": _checksum(payload)}

    def finished_hands_record(self) -> dict[str, Any]:
        """The record of the hands already finished, without the hand in play.

        What a player may hand out mid-game: the hand in play stays concealed,
        though the seed still tells how every hand is dealt.
        """
        replay = Game(seed=self.seed, rules=self.rules, deck=self._first_deck)
        for action in self._record:
            if len(replay.hand_results) == len(self.hand_results):
                break
            replay.apply(action)
        return replay.to_dict()

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Rebuild a game by replaying its record; corrupt or inconsistent data raises ValueError.

        Replaying through :meth:`apply` validates every action, so a record
        that loads is a game that could have been played.
        """
        if not isinstance(data, Mapping):
            raise ValueError("a saved game must be an object")
        if data.get("format") != SAVE_FORMAT:
            raise ValueError("this is not a saved Gin Rummy game")
        if data.get("version") != SAVE_VERSION or data.get("ruleset") != RULESET_VERSION:
            raise ValueError(
                f"this saved game is from another version ({data.get('version')!r}, "
                f"ruleset {data.get('ruleset')!r})"
            )
        payload = {key: value for key, value in data.items() if key != "checksum"}
        if data.get("checksum") != _checksum(payload):
            raise ValueError("this saved game has been altered (its checksum does not match)")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("a saved game's seed must be a whole number")
        actions = data.get("actions")
        deck = data.get("deck")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ValueError("a saved game's actions must be a list of texts")
        if deck is not None and not (
            isinstance(deck, list) and all(isinstance(c, str) for c in deck)
        ):
            raise ValueError("a saved game's deck must be a list of card codes")
        game = cls(seed=seed, rules=Rules.from_dict(data.get("rules", {})), deck=deck)
        for position, action in enumerate(actions):
            try:
                game.apply(action)
            except IllegalActionError as error:
                raise ValueError(
                    f"action {position + 1} ({action!r}) cannot be replayed: {error}"
                ) from None
        return game

    def copy(self) -> Game:
        """An independent game in the same state (cheap: no replay).

        The table keeps one game per state of its state machine; copying before
        an action is what lets its update stay a pure function of the old state.
        """
        twin = object.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin.hand_results = list(self.hand_results)
        twin.bonuses = list(self.bonuses)
        twin._record = list(self._record)
        twin._hands = [list(hand) for hand in self._hands]
        twin._pile = list(self._pile)
        twin._stock = list(self._stock)
        twin._from_pile = [set(cards) for cards in self._from_pile]
        twin._history = list(self._history)
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
