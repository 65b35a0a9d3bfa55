"""The coach: Hard's second opinion on every decision a person made, hand by hand.

::

    from gin.ai.coach import review_game, review_hand
    review = review_hand(game, hand_number=1, seat=0)   # a Game or its record
    for decision in review.mistakes:
        print(decision.played, decision.advised, decision.reason, decision.cost)

The review replays the game's record through the engine and, at each of the
seat's decisions, rebuilds what that seat could see then (``game.view(seat)``)
and its legal actions, and asks Hard (seeded like the hint) what it would
play.  Nothing else of the game is read: not the other seat's hand, not the
stock.  So two games whose hidden cards differ but whose views of the seat
agree get the same review, and the review is the hint the person could have
asked for at that moment.

The cost of a move is :meth:`gin.ai.hints.Appraisal.cost`: how many points
Hard estimates the move gives up against its own, from the values it decides
by (expected score for a knock or gin, expected deadwood otherwise, a deadwood
point counted as a point).  It is an estimate over sampled opponent hands, as
Hard's decisions are, not the points the move actually cost in the game.
A turn with one legal move (drawing from the stock after both passed) is not
a decision and is not reviewed.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from gin.actions import Action
from gin.ai import HINT_SEED
from gin.ai.base import Steps, finish
from gin.ai.hard import HardPlayer
from gin.ai.hints import ReasonValue, check_reason, english_reason
from gin.cards import Card
from gin.game import Game
from gin.rules import is_whole_number


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: what it played and what Hard would have played."""

    hand_number: int
    index: int
    """The decision's number in its hand, from 1 (turns with one legal move are skipped)."""
    hand: tuple[Card, ...]
    """The seat's hand when it decided (eleven cards when discarding)."""
    pile_top: Card | None
    played: Action
    advised: Action
    reason_code: str
    reason_args: dict[str, ReasonValue] = field(default_factory=dict)
    """Hard's reason, as a hint gives it (typed arguments: cards, actions, numbers)."""
    cost: float | None = 0.0
    """Hard's estimate of the points the played move gave up against its own (0 if the same);
    None when Hard rules the move out without pricing it (a knock its schedule does not allow
    yet, see :attr:`gin.ai.hints.Appraisal.unpriced`)."""

    @property
    def as_hard(self) -> bool:
        """The seat played what Hard would have played."""
        return self.played == self.advised

    def __post_init__(self) -> None:
        check_reason(self.reason_code, self.reason_args)

    @property
    def reason(self) -> str:
        """Hard's reason for its move, in English."""
        return english_reason(self.reason_code, self.reason_args)


@dataclass(frozen=True)
class HandReview:
    """The review of one finished hand from one seat's side."""

    hand_number: int
    seat: int
    decisions: tuple[Decision, ...]

    @property
    def mistakes(self) -> tuple[Decision, ...]:
        """The decisions where Hard would have chosen otherwise."""
        return tuple(decision for decision in self.decisions if not decision.as_hard)

    @property
    def as_hard(self) -> int:
        return len(self.decisions) - len(self.mistakes)

    @property
    def accuracy(self) -> float:
        """The share of decisions Hard would have made the same way (1.0 with none)."""
        return self.as_hard / len(self.decisions) if self.decisions else 1.0

    @property
    def cost(self) -> float:
        """The estimated points given up over the hand."""
        return sum(decision.cost or 0.0 for decision in self.decisions)


@dataclass(frozen=True)
class GameReview:
    """The review of every finished hand of a game from one seat's side."""

    seat: int
    hands: tuple[HandReview, ...]

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return tuple(decision for hand in self.hands for decision in hand.decisions)

    @property
    def accuracy(self) -> float:
        decisions = self.decisions
        return sum(d.as_hard for d in decisions) / len(decisions) if decisions else 1.0

    @property
    def cost(self) -> float:
        return sum(hand.cost for hand in self.hands)


def decisions(
    game: Game | Mapping[str, Any], seat: int, hand_number: int | None = None
) -> Iterator[Decision]:
    """The seat's decisions in the finished hands (or in finished hand ``hand_number``).

    ``game`` is a game or its record (``Game.to_dict`` or
    ``Game.finished_hands_record``); a record is checked first, so an invalid
    one is a ValueError before anything is reviewed.  One decision is worked
    out per item.
    """
    return (found for found in _worked_out(game, seat, hand_number) if found is not None)


def _worked_out(
    game: Game | Mapping[str, Any], seat: int, hand_number: int | None
) -> Generator[Decision | None, None, None]:
    """:func:`decisions`, with a ``None`` between the parts of Hard's work on each (the steps
    of :meth:`HardPlayer.appraising`), where a page may pause."""
    if not is_whole_number(seat) or seat not in (0, 1):
        raise ValueError("a seat is 0 or 1")
    data = _record(game)
    finished = len(Game.from_dict(data).hand_results)
    if hand_number is not None and not (
        is_whole_number(hand_number) and 1 <= hand_number <= finished
    ):
        raise ValueError(f"hand {hand_number!r} is not a finished hand of this game")
    last = finished if hand_number is None else hand_number
    replay = Game.record_start(data)
    adviser = HardPlayer(HINT_SEED)
    index, number = 0, 0
    for text in data["actions"]:
        if replay.hand_number != number:
            index, number = 0, replay.hand_number
        if number > last:
            return
        legal = replay.legal_actions()
        if replay.to_move == seat and len(legal) > 1 and hand_number in (None, number):
            view = replay.view(seat)
            appraisal = yield from adviser.appraising(view, legal)
            played = Action.parse(text)
            advice = appraisal.hint
            index += 1
            yield Decision(
                hand_number=number,
                index=index,
                hand=view.hand,
                pile_top=view.discard_pile[-1] if view.discard_pile else None,
                played=played,
                advised=advice.action,
                reason_code=advice.reason_code,
                reason_args=dict(advice.reason_args),
                cost=None if played in appraisal.unpriced else appraisal.cost(played),
            )
        replay.apply(text)


def review_hand(game: Game | Mapping[str, Any], hand_number: int, seat: int) -> HandReview:
    """The review of finished hand ``hand_number`` (from 1) from ``seat``'s side."""
    return finish(reviewing(game, hand_number, seat))


def reviewing(game: Game | Mapping[str, Any], hand_number: int, seat: int) -> Steps[HandReview]:
    """:func:`review_hand` in steps (:data:`gin.ai.base.Steps`): a page works a hand's
    review out a slice at a time, painting and answering in between."""
    found: list[Decision] = []
    for step in _worked_out(game, seat, hand_number):
        if step is not None:
            found.append(step)
        yield
    return HandReview(hand_number, seat, tuple(found))


def review_game(game: Game | Mapping[str, Any], seat: int) -> GameReview:
    """The review of every finished hand of a game (or record) from ``seat``'s side."""
    data = _record(game)
    finished = len(Game.from_dict(data).hand_results)
    by_hand: dict[int, list[Decision]] = {number: [] for number in range(1, finished + 1)}
    for decision in decisions(data, seat):
        by_hand[decision.hand_number].append(decision)
    return GameReview(
        seat, tuple(HandReview(number, seat, tuple(found)) for number, found in by_hand.items())
    )


def _record(game: Game | Mapping[str, Any]) -> Mapping[str, Any]:
    """A game's record of its finished hands: the review has no use for the hand in play."""
    return game.finished_hands_record() if isinstance(game, Game) else game
