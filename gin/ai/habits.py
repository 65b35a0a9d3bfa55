"""The opponent's knocking habit, read from the hands already finished.

Once a hand is over all of it is public (RULES.md: both hands are shown, and
the record holds every draw), and the view keeps every finished hand of the
game.  Replaying a finished hand backwards from the opponent's last ten cards
gives its eleven cards at each of its discards, so it shows every *knock
chance* it had (a discard that would have kept the rules' knock limit or less)
and whether it took it.  A player who knocks at once takes every chance; a
patient one plays on with little deadwood and knocks only late, or only with
gin.  Hard reads this to decide whether waiting for the opponent to knock into
its low hand (and undercutting it) can pay, and which opponent hands its
samples should not hold (one the opponent would have knocked with).

Nothing here looks at the hand in play: only at the finished hands, which both
seats see alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from gin.actions import ActionKind
from gin.cards import iter_bits, to_mask
from gin.melds import deadwood_mask
from gin.records import HandResult
from gin.view import PlayerView

_ENDS = {ActionKind.KNOCK, ActionKind.GIN}
_DISCARDS = {ActionKind.DISCARD, *_ENDS}
_DRAWS = {ActionKind.TAKE, ActionKind.DRAW_PILE, ActionKind.DRAW_STOCK}


@dataclass(frozen=True)
class KnockChance:
    """One discard of a finished hand at which the player could have knocked (or gone gin)."""

    stock_count: int
    """Stock cards left when it discarded."""
    deadwood: int
    """The least deadwood a discard would have kept (0: it could go gin)."""
    knocked: bool
    """Whether it ended the hand there (a knock or gin)."""


@lru_cache(maxsize=256)
def knock_chances(result: HandResult, seat: int, knock_limit: int) -> tuple[KnockChance, ...]:
    """Every knock chance ``seat`` had in the finished hand ``result``, in order of play.

    The seat's cards are rebuilt backwards from its last ten: before a discard it
    also held the discarded card, before a draw it lacked the drawn one.  The card
    it had just taken from the pile may not be discarded, so it is not counted.
    Every decision of a game reads the same finished hands again, so the answers
    are cached (a result is a frozen value, equal for equal hands).
    """
    hand = to_mask(result.hands[seat])
    history = result.history
    stock = len(result.stock) + sum(e.action is ActionKind.DRAW_STOCK for e in history)
    stock_before: list[int] = []
    for event in history:
        stock_before.append(stock)
        stock -= event.action is ActionKind.DRAW_STOCK
    chances: list[KnockChance] = []
    for index in range(len(history) - 1, -1, -1):
        event = history[index]
        if event.player != seat or event.card is None:
            continue
        if event.action in _DISCARDS:
            hand |= event.card.bit
            previous = history[index - 1] if index else None
            locked = (
                previous.card.bit
                if previous is not None
                and previous.player == seat
                and previous.card is not None
                and previous.action in (ActionKind.TAKE, ActionKind.DRAW_PILE)
                else 0
            )
            least = min(deadwood_mask(hand ^ bit) for bit in iter_bits(hand & ~locked))
            if least <= knock_limit:
                chances.append(KnockChance(stock_before[index], least, event.action in _ENDS))
        elif event.action in _DRAWS:
            hand &= ~event.card.bit
    return tuple(reversed(chances))


@dataclass(frozen=True)
class KnockHabit:
    """What the finished hands show of the opponent's knocking (see the module docstring)."""

    taken: int
    """Knocks it made with some deadwood (not gin) before the last draws."""
    declined: int
    """Knock chances with some deadwood it played on from, before the last draws."""
    most_knocked: int | None
    """The most deadwood it knocked with (None: it never knocked with deadwood)."""

    @property
    def seen(self) -> int:
        """How many knock chances with deadwood the finished hands showed."""
        return self.taken + self.declined

    @property
    def eagerness(self) -> float | None:
        """The share of its knock chances it took (None before any was seen)."""
        return self.taken / self.seen if self.seen else None


def read_habit(view: PlayerView, last_draws: int) -> KnockHabit:
    """The opponent's :class:`KnockHabit` over the finished hands of ``view``.

    Chances with ``last_draws`` stock cards or fewer left are not counted: at the
    end any player knocks rather than let the hand go dead.
    """
    taken = declined = 0
    most: int | None = None
    for result in view.hand_results:
        for chance in knock_chances(result, view.opponent, view.rules.knock_limit):
            if chance.deadwood == 0 or chance.stock_count <= last_draws:
                continue
            if chance.knocked:
                taken += 1
                most = chance.deadwood if most is None else max(most, chance.deadwood)
            else:
                declined += 1
    return KnockHabit(taken, declined, most)
