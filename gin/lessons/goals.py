"""What a lesson's step asks for, and the engine's reasons for every move the person may try.

A goal reads the person's :class:`~gin.view.PlayerView` (exactly what they see,
nothing of the computer's concealed cards or the stock) and computes, with the
engine's own functions (:func:`~gin.melds.deadwood_mask`, the best meld
arrangement, the showdown's lay-offs, Hard's appraisal), which moves are right
and why each other one is not.  The lesson only names the goal; every number in
a reason comes from here.

Two kinds of step: a *play* goal asks for an engine action (take, pass, a draw,
a discard, a knock, gin), which the engine then applies; a *pick* goal asks the
person to tap cards of their hand (the cards in no meld, the cards to lay off),
each checked against what the engine computes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gin.actions import Action, ActionKind, IllegalActionError
from gin.ai import hint
from gin.ai.knowledge import neighbours
from gin.cards import Card, to_mask
from gin.lessons.deal import COMPUTER, YOU
from gin.lessons.reasons import Meld, Reason, Say, Value
from gin.melds import best_melds, deadwood_mask, melded_mask
from gin.records import HandResult
from gin.rules import GIN_BONUS
from gin.showdown import Showdown
from gin.view import PlayerView

ACE_RANK, QUEEN_RANK, KING_RANK = 1, 12, 13
_PILE_DRAWS = (ActionKind.TAKE, ActionKind.DRAW_PILE)
_STOCK_DRAWS = (ActionKind.PASS, ActionKind.DRAW_STOCK)


@dataclass(frozen=True)
class Pick:
    """A tap on a card of the hand in a step that asks for cards (``pick 7S``)."""

    card: Card

    @classmethod
    def parse(cls, text: str) -> Pick:
        word, _, code = text.strip().partition(" ")
        if word != "pick":
            raise ValueError(f"not a pick: {text!r} (expected 'pick <card>')")
        return cls(Card.parse(code))

    def __str__(self) -> str:
        return f"pick {self.card}"


Move = Action | Pick
"""What a person does in a lesson: an engine action, or a tap on a card (a pick)."""


def parse_move(text: str) -> Move:
    """A move from its text: ``pick 7S`` or any action's text (``draw stock``, ``knock 7H``)."""
    return Pick.parse(text) if text.strip().startswith("pick") else Action.parse(text)


# --- the engine's numbers, as the reasons name them ------------------------------------------


def meld_of(cards: Iterable[Card], card: Card) -> Meld | None:
    """The meld ``card`` sits in, in the best arrangement of ``cards`` (None: in no meld)."""
    melds, _loose = best_melds(cards)
    return next((tuple(meld) for meld in melds if card in meld), None)


def in_meld(card: Card, meld: Meld) -> Reason:
    """Why ``card`` is not deadwood: the set or the run it is in."""
    code = Say.IN_SET if len({c.rank for c in meld}) == 1 else Say.IN_RUN
    return Reason(code, {"card": card, "meld": meld})


def left_after(hand: Sequence[Card], card: Card) -> int:
    """The deadwood of ``hand`` without ``card`` (what a discard of it leaves)."""
    return deadwood_mask(to_mask(hand) ^ card.bit)


def least_discard(hand: Sequence[Card], allowed: Iterable[Card]) -> tuple[Card, int]:
    """The discard among ``allowed`` that leaves the least deadwood, and that deadwood.

    Among ties, the card that counts most (a king before a ten), as a person would throw.
    """
    card = min(allowed, key=lambda c: (left_after(hand, c), -c.points, -c.rank, c.index))
    return card, left_after(hand, card)


def hand_deadwood(hand: Sequence[Card]) -> int:
    """The count a person is told: of the ten cards, or after the best discard of eleven."""
    if len(hand) > 10:
        return least_discard(hand, hand)[1]
    return deadwood_mask(to_mask(hand))


def _discardable(view: PlayerView) -> list[Card]:
    return sorted({a.card for a in view.legal_actions if a.card is not None})


def _discard_reason(view: PlayerView, card: Card, best: Card, least: int) -> Reason:
    """Why discarding ``card`` is worse than discarding ``best`` (which leaves ``least``)."""
    left = left_after(view.hand, card)
    meld = meld_of(view.hand, card)
    if meld is not None:
        broken: dict[str, Value] = {
            "card": card,
            "meld": meld,
            "deadwood": left,
            "best": best,
            "least": least,
        }
        return Reason(Say.BREAKS_MELD, broken)
    values: dict[str, Value] = {
        "card": card,
        "points": card.points,
        "best": best,
        "best_points": best.points,
        "deadwood": left,
        "least": least,
    }
    return Reason(Say.MORE_DEADWOOD, values)


def _leaving(view: PlayerView, kind: ActionKind, least: int) -> frozenset[Action]:
    """The legal actions of ``kind`` whose discard leaves ``least`` deadwood."""
    return frozenset(
        a
        for a in view.legal_actions
        if a.kind is kind and a.card is not None and left_after(view.hand, a.card) == least
    )


def _kind_of(view: PlayerView, kinds: Sequence[ActionKind]) -> Action | None:
    return next((a for a in view.legal_actions if a.kind in kinds), None)


# --- steps that ask for an engine action ----------------------------------------------------


class PlayGoal(ABC):
    """A step that asks for an engine action; the person's turn, with the legal actions."""

    @abstractmethod
    def accepted(self, view: PlayerView) -> frozenset[Action]:
        """The legal actions the step takes as right (never empty in a lesson: tests check)."""

    @abstractmethod
    def judge(self, view: PlayerView, action: Action) -> Reason:
        """Why ``action`` (a legal one) is right, or why it is not what the step asks."""

    def check(self, view: PlayerView, action: Action) -> None:
        """Raise :class:`IllegalActionError` unless ``action`` is legal now (the engine's word)."""
        if action not in view.legal_actions:
            raise IllegalActionError(f"{action} is not legal now")


class DrawGoal(PlayGoal):
    """Take the face-up card when it makes a meld; otherwise draw from the stock (or pass).

    The beginner's rule, and the plain players' (:mod:`gin.ai.basic`): a pile card is
    taken to make a meld, since taking it also shows the computer what you collect.
    """

    def _facts(self, view: PlayerView) -> tuple[Card, bool, int, int, Meld | None]:
        top = view.discard_pile[-1]
        hand = to_mask(view.hand)
        before = deadwood_mask(hand)
        grown = [*view.hand, top]
        joins = bool(melded_mask(hand | top.bit) & top.bit)
        after = min(left_after(grown, card) for card in view.hand)
        return top, joins and after < before, before, after, meld_of(grown, top)

    def accepted(self, view: PlayerView) -> frozenset[Action]:
        _top, take, *_ = self._facts(view)
        action = _kind_of(view, _PILE_DRAWS if take else _STOCK_DRAWS)
        return frozenset(() if action is None else (action,))

    def judge(self, view: PlayerView, action: Action) -> Reason:
        top, take, before, after, meld = self._facts(view)
        by_pile = action.kind in _PILE_DRAWS
        if take:
            assert meld is not None
            code = Say.TAKE_MELD if by_pile else Say.PILE_MELDS
            return Reason(code, {"card": top, "meld": meld, "before": before, "after": after})
        if by_pile:
            return Reason(Say.PILE_USELESS, {"card": top, "points": top.points})
        return Reason(Say.DRAW_STOCK, {"card": top})


class LeastDeadwoodGoal(PlayGoal):
    """Throw the card that leaves the least deadwood (without knocking)."""

    def _best(self, view: PlayerView) -> tuple[Card, int]:
        return least_discard(view.hand, _discardable(view))

    def accepted(self, view: PlayerView) -> frozenset[Action]:
        return _leaving(view, ActionKind.DISCARD, self._best(view)[1])

    def judge(self, view: PlayerView, action: Action) -> Reason:
        assert action.card is not None
        best, least = self._best(view)
        if action in self.accepted(view):
            card = action.card
            return Reason(
                Say.DISCARD_LEAST, {"card": card, "points": card.points, "deadwood": least}
            )
        return _discard_reason(view, action.card, best, least)


class SafeDiscardGoal(PlayGoal):
    """Of the discards that leave the least deadwood, throw one the computer cannot use.

    "Cannot use" is what the person can see: the card is no rank mate and no suit
    neighbour (within two) of a card the computer took from the pile and still holds.
    """

    def _danger(self, view: PlayerView, card: Card) -> Card | None:
        """The computer's known card that ``card`` could make a meld with, if any."""
        return next(
            (known for known in view.opponent_known_cards if neighbours(known.bit) & card.bit),
            None,
        )

    def _split(self, view: PlayerView) -> tuple[list[Card], list[Card], int]:
        cards = _discardable(view)
        _card, least = least_discard(view.hand, cards)
        lowest = [c for c in cards if left_after(view.hand, c) == least]
        safe = [c for c in lowest if self._danger(view, c) is None]
        return safe or lowest, [c for c in lowest if c not in safe], least

    def accepted(self, view: PlayerView) -> frozenset[Action]:
        safe, _risky, _least = self._split(view)
        return frozenset(Action(ActionKind.DISCARD, card) for card in safe)

    def judge(self, view: PlayerView, action: Action) -> Reason:
        card = action.card
        assert card is not None
        safe, risky, least = self._split(view)
        best = max(safe, key=lambda c: (c.points, c.rank))
        if action.kind is ActionKind.DISCARD and card in safe:
            if not risky:
                return Reason(
                    Say.DISCARD_LEAST, {"card": card, "points": card.points, "deadwood": least}
                )
            other = risky[0]
            known = self._danger(view, other)
            assert known is not None
            return Reason(Say.DISCARD_SAFE, {"card": card, "other": other, "known": known})
        known = self._danger(view, card)
        if card in risky and known is not None:
            return Reason(Say.FEEDS, {"card": card, "known": known, "best": best})
        return _discard_reason(view, card, best, least)


class KnockGoal(PlayGoal):
    """Knock, with the discard that leaves the least deadwood."""

    def _best(self, view: PlayerView) -> tuple[Card, int]:
        knocks = [a.card for a in view.legal_actions if a.kind is ActionKind.KNOCK and a.card]
        return least_discard(view.hand, knocks)

    def accepted(self, view: PlayerView) -> frozenset[Action]:
        return _leaving(view, ActionKind.KNOCK, self._best(view)[1])

    def judge(self, view: PlayerView, action: Action) -> Reason:
        card = action.card
        assert card is not None
        best, least = self._best(view)
        left = left_after(view.hand, card)
        limit = view.rules.knock_limit
        if action in self.accepted(view):
            return Reason(Say.KNOCK_WITH, {"card": card, "deadwood": left, "limit": limit})
        if action.kind is ActionKind.KNOCK:
            higher: dict[str, Value] = {
                "card": card,
                "deadwood": left,
                "best": best,
                "least": least,
            }
            return Reason(Say.KNOCK_HIGHER, higher)
        if Action(ActionKind.KNOCK, card) in view.legal_actions:
            return Reason(Say.COULD_KNOCK, {"card": card, "deadwood": left, "limit": limit})
        values: dict[str, Value] = {
            "card": card,
            "deadwood": left,
            "limit": limit,
            "best": best,
            "least": least,
        }
        return Reason(Say.CANNOT_KNOCK_THEN, values)


class GinGoal(PlayGoal):
    """Go gin: the discard that leaves every other card in a meld."""

    def accepted(self, view: PlayerView) -> frozenset[Action]:
        return frozenset(a for a in view.legal_actions if a.kind is ActionKind.GIN)

    def judge(self, view: PlayerView, action: Action) -> Reason:
        card = action.card
        assert card is not None
        if action.kind is ActionKind.GIN:
            return Reason(Say.GIN_WITH, {"card": card, "bonus": GIN_BONUS})
        if Action(ActionKind.GIN, card) in view.legal_actions:
            return Reason(Say.COULD_GIN, {"card": card, "bonus": GIN_BONUS})
        gin = min(self.accepted(view), key=lambda a: a.card.index if a.card else 0)
        assert gin.card is not None
        values: dict[str, Value] = {
            "card": card,
            "deadwood": left_after(view.hand, card),
            "best": gin.card,
            "bonus": GIN_BONUS,
        }
        return Reason(Say.NOT_GIN, values)


class HardGoal(PlayGoal):
    """Play as Hard advises: its hint (:func:`gin.ai.hint`) decides, and its reason explains.

    This is where a lesson teaches judgement (knock now or play on): the right move is
    the strongest level's, worked out from the person's view as the Hint button does, so
    the lesson can never teach what the game's own advice contradicts.  The lesson's
    position leaves Hard one clear move (the tests check it is the step's).
    """

    def accepted(self, view: PlayerView) -> frozenset[Action]:
        return frozenset((hint(view, view.legal_actions).action,))

    def judge(self, view: PlayerView, action: Action) -> Reason:
        """Hard's own reason, unless the move simply leaves more deadwood than Hard's: then
        the count says why, which a beginner can check."""
        advice = hint(view, view.legal_actions)
        advised = advice.action
        if action.card is not None and advised.card is not None:
            least = left_after(view.hand, advised.card)
            if left_after(view.hand, action.card) > least:
                return _discard_reason(view, action.card, advised.card, least)
        return Reason(Say.COACH, hint=advice)


# --- steps that ask the person to tap cards --------------------------------------------------


class PickGoal(ABC):
    """A step that asks for taps on cards: each right card is chosen, until all are."""

    @abstractmethod
    def cards(self, view: PlayerView) -> tuple[Card, ...]:
        """The cards the person may tap in this step (their hand, as the step shows it)."""

    @abstractmethod
    def targets(self, view: PlayerView) -> tuple[Card, ...]:
        """The right cards, in the order *Show me* taps them."""

    @abstractmethod
    def judge(self, view: PlayerView, card: Card) -> Reason:
        """Why ``card`` (one of :meth:`cards`) is right, or why it is not."""


class UnmeldedGoal(PickGoal):
    """Tap every card in no meld: the deadwood of the hand's best arrangement."""

    def cards(self, view: PlayerView) -> tuple[Card, ...]:
        return view.hand

    def targets(self, view: PlayerView) -> tuple[Card, ...]:
        _melds, loose = best_melds(view.hand)
        return tuple(sorted(loose))

    def judge(self, view: PlayerView, card: Card) -> Reason:
        meld = meld_of(view.hand, card)
        if meld is not None:
            return in_meld(card, meld)
        ends = tuple(Card(rank, card.suit) for rank in (QUEEN_RANK, KING_RANK, ACE_RANK))
        if card in ends and all(end in view.hand for end in ends):
            return Reason(Say.NOT_A_RUN, {"card": card, "cards": ends, "points": card.points})
        return Reason(Say.LOOSE, {"card": card, "points": card.points})


def knock_result(view: PlayerView) -> tuple[HandResult, Showdown]:
    """The hand the computer has just ended by knocking, and its showdown."""
    result = view.hand_results[-1] if view.hand_results else None
    if result is None or result.knocker != COMPUTER or result.showdown is None:
        raise ValueError("a lay-off step follows the computer's knock")
    return result, result.showdown


class LayoffGoal(PickGoal):
    """After the computer's knock: tap each card to lay off on its melds.

    The right cards are the lay-offs of the engine's showdown, which finds the person's
    least deadwood over every choice of own melds and lay-offs (RULES.md).
    """

    def cards(self, view: PlayerView) -> tuple[Card, ...]:
        result, _showdown = knock_result(view)
        return result.hands[YOU]

    def targets(self, view: PlayerView) -> tuple[Card, ...]:
        _result, showdown = knock_result(view)
        return tuple(card for card, _meld in showdown.layoffs)

    def judge(self, view: PlayerView, card: Card) -> Reason:
        _result, showdown = knock_result(view)
        for laid, index in showdown.layoffs:
            if laid is card:
                meld = showdown.knocker_melds[index]
                return Reason(Say.LAYS_OFF, {"card": card, "meld": meld})
        own = next((meld for meld in showdown.defender_melds if card in meld), None)
        if own is not None:
            return Reason(Say.OWN_MELD, {"card": card, "meld": own})
        return Reason(Say.FITS_NOTHING, {"card": card})


Goal = PlayGoal | PickGoal
