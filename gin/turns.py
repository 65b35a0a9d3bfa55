"""The turn machine: one hand from the deal to its end, turn by turn.

A :class:`HandInPlay` knows where every card of the hand is, whose turn it is and what
that player may do (RULES.md "The deal", "A turn"); :class:`gin.game.Game` holds one,
checks every action against it, and scores the hand when it ends.

Dealing order: cards go one at a time, alternately, the non-dealer first, so the
non-dealer gets ``deck[0], deck[2], … deck[18]`` and the dealer ``deck[1], deck[3], …
deck[19]``; ``deck[20]`` is turned face up to start the discard pile and ``deck[21:]`` is
the stock, ``deck[21]`` on top.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from gin.actions import Action, ActionKind
from gin.cards import Card, to_mask
from gin.melds import deadwood_mask
from gin.records import Event
from gin.refusals import Refused, refusal
from gin.rules import DEAD_HAND_STOCK
from gin.view import Phase

_DRAWS = (ActionKind.DRAW_STOCK, ActionKind.DRAW_PILE)


@dataclass(frozen=True)
class HandEnd:
    """How a hand ended: ``knocker`` knocked or went gin, or (None) the stock ran down."""

    knocker: int | None


@dataclass
class HandInPlay:
    """The hand being played.  ``stock`` has its top card last; ``taken`` is the card the
    player to move just took from the pile (not to be discarded this turn); ``from_pile``
    the cards each player took from the pile and still holds (public knowledge)."""

    dealer: int
    hands: list[list[Card]]
    pile: list[Card]
    stock: list[Card]
    to_move: int
    phase: Phase = Phase.UPCARD
    passes: int = 0
    taken: Card | None = None
    from_pile: list[set[Card]] = field(default_factory=lambda: [set(), set()])
    history: list[Event] = field(default_factory=list)

    @classmethod
    def dealt(cls, deck: Sequence[Card], dealer: int) -> HandInPlay:
        """The hand ``deck`` deals, ``dealer`` dealing: the non-dealer is first to act."""
        hands: list[list[Card]] = [[], []]
        hands[1 - dealer] = sorted(deck[0:20:2])
        hands[dealer] = sorted(deck[1:20:2])
        return cls(dealer, hands, [deck[20]], list(deck[:20:-1]), to_move=1 - dealer)

    def copy(self) -> HandInPlay:
        """An independent copy (the lists and sets that change in place are copied)."""
        return replace(
            self,
            hands=[list(hand) for hand in self.hands],
            pile=list(self.pile),
            stock=list(self.stock),
            from_pile=[set(cards) for cards in self.from_pile],
            history=list(self.history),
        )

    def legal_actions(self, knock_limit: int) -> list[Action]:
        """What the player to move may do, in a stable order (new values on every call)."""
        if self.phase is Phase.UPCARD:
            return [Action(ActionKind.TAKE), Action(ActionKind.PASS)]
        if self.phase is Phase.DRAW:
            draws = _DRAWS[:1] if self.passes == 2 else _DRAWS  # both passed: the stock only
            return [Action(kind) for kind in draws]
        if self.phase is Phase.DISCARD:
            return self._discard_actions(knock_limit)
        return []

    def _discard_actions(self, knock_limit: int) -> list[Action]:
        hand = self.hands[self.to_move]
        mask = to_mask(hand)
        discards, knocks, gins = [], [], []
        for card in sorted(hand):
            if card is self.taken:
                continue
            discards.append(Action(ActionKind.DISCARD, card))
            left = deadwood_mask(mask ^ card.bit)
            if left == 0:
                gins.append(Action(ActionKind.GIN, card))
            elif left <= knock_limit:
                knocks.append(Action(ActionKind.KNOCK, card))
        return discards + knocks + gins

    def refusal(self, action: Action, knock_limit: int) -> Refused | None:
        """Why the player to move may not play ``action`` (None: it is legal)."""
        return refusal(
            action,
            phase=self.phase,
            hand=self.hands[self.to_move],
            taken=self.taken,
            legal=self.legal_actions(knock_limit),
            knock_limit=knock_limit,
        )

    def play(self, action: Action) -> HandEnd | None:
        """Play a legal action for the player to move; how the hand ended, if it did."""
        player = self.to_move
        kind = action.kind
        if kind is ActionKind.TAKE or kind is ActionKind.DRAW_PILE:
            card = self.pile.pop()
            self.from_pile[player].add(card)
            self.taken = card
            self._drew(player, kind, card)
        elif kind is ActionKind.PASS:
            self.passes += 1
            self.history.append(Event(player, kind))
            self.to_move = 1 - player
            if self.passes == 2:
                self.phase = Phase.DRAW
        elif kind is ActionKind.DRAW_STOCK:
            self._drew(player, kind, self.stock.pop())
        else:
            return self._discard(player, action)
        return None

    def _drew(self, player: int, kind: ActionKind, card: Card) -> None:
        self.hands[player].append(card)
        self.passes = 0
        self.phase = Phase.DISCARD
        self.history.append(Event(player, kind, card))

    def _discard(self, player: int, action: Action) -> HandEnd | None:
        card = action.card
        assert card is not None
        self.hands[player].remove(card)
        self.hands[player].sort()
        self.from_pile[player].discard(card)
        self.pile.append(card)
        self.taken = None
        self.history.append(Event(player, action.kind, card))
        if action.kind is not ActionKind.DISCARD:
            return HandEnd(knocker=player)
        if len(self.stock) <= DEAD_HAND_STOCK:
            return HandEnd(knocker=None)
        self.to_move = 1 - player
        self.phase = Phase.DRAW
        return None

    def history_seen_by(self, player: int) -> tuple[Event, ...]:
        """The hand's history as ``player`` saw it: the other's stock draws without the card."""
        return tuple(
            Event(
                event.player,
                event.action,
                event.card
                if event.player == player or event.action is not ActionKind.DRAW_STOCK
                else None,
            )
            for event in self.history
        )
