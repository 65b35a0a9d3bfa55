"""The game: the authority that deals, validates every action and keeps the score.

A :class:`Game` is a state machine in the OpenSpiel style: ``legal_actions()``
lists what the player to move may do, ``apply()`` does one of them, and
``view(player)`` is everything that player may know.  Players never hold the
game itself, only views, so an AI cannot peek by construction.

The game is the match: the deals, the hand results, the bonuses and the record.
The hand in play is a :class:`gin.turns.HandInPlay` (the turn machine, and the
dealing order a ``deck`` follows), why an action is refused is
:mod:`gin.refusals`, and the record's format is :mod:`gin.game_record`.

Seeds are whole numbers from 0 to :data:`MAX_SEED` (2**63 - 1): a signed 64-bit
integer anywhere the record goes, and a bound on the text the deal hashes.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from gin import game_record
from gin.actions import Action, IllegalActionError
from gin.cards import DECK, Card, shown
from gin.game_record import MAX_SEED, record_start, valid_seed, validated_deck
from gin.records import HandResult, hand_points, hands_won
from gin.refusals import Refused
from gin.rules import Rules, checked_seat
from gin.scoring import Bonus, HandKind, Role, game_bonuses, price_showdown
from gin.showdown import Showdown, showdown
from gin.turns import HandInPlay
from gin.view import Phase, PlayerView

__all__ = ["MAX_SEED", "Game", "shuffled_deck"]


def shuffled_deck(seed: int, hand_number: int) -> list[Card]:
    """The deck for one hand of a seeded game: the same seed always deals the same hands."""
    deck = list(DECK)
    random.Random(f"gin-rummy/{seed}/hand/{hand_number}").shuffle(deck)
    return deck


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
        elif not valid_seed(seed):
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
        self._decks = tuple(validated_deck(listed) for listed in decks)
        self._chosen_dealer = None if dealer is None else checked_seat(dealer, "the first dealer")
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

    def _deck_for(self, number: int) -> Sequence[Card]:
        """The deck hand ``number`` (from 0) is dealt from: a listed deck, or the seed's."""
        if number < len(self._decks):
            return self._decks[number]
        return shuffled_deck(self.seed, number)

    def _deal(self) -> None:
        self._hand = HandInPlay.dealt(self._deck_for(len(self.hand_results)), self._dealer)

    @property
    def to_move(self) -> int | None:
        """The seat to act (0 or 1), None once the game is over."""
        return None if self.over else self._hand.to_move

    @property
    def over(self) -> bool:
        return self._hand.phase is Phase.GAME_OVER

    @property
    def phase(self) -> Phase:
        return self._hand.phase

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
        return self._hand.legal_actions(self.rules.knock_limit)

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
        refused = self.refusal(action)
        if refused is not None:
            raise IllegalActionError(refused.text, refused)
        fields = dict(vars(self))
        fields["_hand"] = self._hand.copy()
        actions, results = len(self._record), len(self.hand_results)
        try:
            self._play(action)
        except BaseException:
            vars(self).clear()
            vars(self).update(fields)
            del self._record[actions:]  # the two lists that only grow are cut back
            del self.hand_results[results:]
            raise

    def _play(self, action: Action) -> None:
        self._record.append(str(action))
        player = self._hand.to_move
        ended = self._hand.play(action)
        if ended is not None:
            facts = None
            if ended.knocker is not None:
                hands = self._hand.hands
                facts = showdown(hands[player], hands[1 - player], self.rules.knock_limit)
            self._end_hand(ended.knocker, facts)

    def _end_hand(self, knocker: int | None, facts: Showdown | None) -> None:
        hand = self._hand
        hands = (tuple(hand.hands[0]), tuple(hand.hands[1]))
        number = len(self.hand_results) + 1
        stock, history = tuple(reversed(hand.stock)), tuple(hand.history)
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
            won = hands_won(self.hand_results)
            self.bonuses = game_bonuses(self.rules, points, won, result.winner)
            hand.phase = Phase.GAME_OVER
        else:
            self._deal()

    @property
    def hand_points(self) -> list[int]:
        """Each seat's points from hands alone: what decides when the target is reached."""
        return hand_points(self.hand_results)

    @property
    def scores(self) -> list[int]:
        """Each seat's score: hand points, plus the game bonuses once the game is over."""
        scores = self.hand_points
        for bonus in self.bonuses:
            scores[bonus.player] += bonus.points
        return scores

    def refusal(self, action: Action) -> Refused | None:
        """Why the player to move may not play ``action`` now (None: it is legal)."""
        return self._hand.refusal(action, self.rules.knock_limit)

    # --- what each player may know -------------------------------------------------------

    def view(self, player: int) -> PlayerView:
        """Everything ``player`` may know now (RULES.md "Who sees what"), and nothing more.

        The view shares no record with the game: its rules, events, results
        and bonuses are copies (cards are interned values), so code holding a
        view cannot change the game, even with ``object.__setattr__``.
        """
        player = checked_seat(player, "player")
        hand, opponent = self._hand, 1 - player
        my_turn = self.to_move == player
        return PlayerView(
            player=player,
            phase=hand.phase,
            to_move=self.to_move,
            dealer=self._dealer,
            hand=tuple(sorted(hand.hands[player])),
            opponent_card_count=len(hand.hands[opponent]),
            opponent_known_cards=tuple(sorted(hand.from_pile[opponent])),
            discard_pile=tuple(hand.pile),
            stock_count=len(hand.stock),
            history=hand.history_seen_by(player),
            taken_from_pile=hand.taken if my_turn else None,
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
        return game_record.game_record(
            self.seed, self.rules, self._decks, self._chosen_dealer, self._record
        )

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
        return game_record.game_record(None, self.rules, decks, self._first_dealer, actions)

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Rebuild a game by replaying its record; corrupt or inconsistent data raises ValueError.

        Replaying through :meth:`apply` validates every action, so a record
        that loads is a game that could have been played.
        """
        start = record_start(data)
        game = cls._started(start)
        for position, action in enumerate(start.actions):
            try:
                game.apply(action)
            except IllegalActionError as error:
                raise ValueError(
                    f"action {position + 1} ({shown(action)}) cannot be replayed: {error}"
                ) from None
        return game

    @classmethod
    def record_start(cls, data: Any) -> Game:
        """The game a record starts from, before its first action (``data["actions"]``);
        every field is checked (:func:`gin.game_record.record_start`)."""
        return cls._started(record_start(data))

    @classmethod
    def _started(cls, start: game_record.RecordStart) -> Game:
        return cls(
            seed=start.seed,
            rules=start.rules,
            deck=start.deck,
            decks=start.decks,
            dealer=start.dealer,
        )

    def copy(self) -> Game:
        """An independent game in the same state (cheap: no replay).

        The table keeps one game per state of its state machine; copying before
        an action is what lets its update stay a pure function of the old state.
        """
        twin = object.__new__(Game)
        vars(twin).update(vars(self))
        twin._hand = self._hand.copy()
        twin._record = list(self._record)
        twin.hand_results = list(self.hand_results)
        twin.bonuses = list(self.bonuses)
        return twin
