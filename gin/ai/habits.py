"""The opponent's knocking habit, read from the hands already finished.

Once a hand is over all of it is public (RULES.md: both hands are shown, and
the record holds every draw), and the view keeps every finished hand of the
game.  Replaying a finished hand backwards from the opponent's last ten cards
gives its eleven cards at each of its discards, so it shows every *knock
chance* it had (a discard that would have kept the rules' knock limit or less)
and whether it took it.  A player who knocks at once takes every chance; a
patient one plays on with little deadwood and knocks only late, or only with
gin.  Hard reads this to decide whether waiting for the opponent to knock into
its low hand (and undercutting it) can pay, or whether it should knock earlier
itself, and how well built the opponent's hand is likely to be
(:func:`gin.ai.hard.opponent_is_patient`).

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

LAST_DRAWS = 3
"""With this many stock cards or fewer left any player takes a knock (at its last draw or its
opponent's): chances there say nothing of a habit.  The arena's patient styles knock there."""
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
    """The opponent's knock chances with some deadwood over the finished hands (gin chances,
    which every player takes, say nothing of its habit)."""

    chances: tuple[KnockChance, ...]
    last_draws: int
    """Chances with this many stock cards or fewer are left out of :attr:`eagerness`: at the
    end any player knocks rather than let the hand go dead."""

    @property
    def taken(self) -> int:
        """Knocks it made with some deadwood before the last draws."""
        return sum(c.knocked for c in self.chances if c.stock_count > self.last_draws)

    @property
    def declined(self) -> int:
        """Knock chances with some deadwood it played on from, before the last draws."""
        return sum(not c.knocked for c in self.chances if c.stock_count > self.last_draws)

    @property
    def most_knocked(self) -> int | None:
        """The most deadwood it knocked with (None: it never knocked with deadwood)."""
        return max((c.deadwood for c in self.chances if c.knocked), default=None)

    @property
    def eagerness(self) -> float | None:
        """The share of its knock chances before the last draws it took (None: none seen)."""
        seen = self.taken + self.declined
        return self.taken / seen if seen else None

    def limit_near(self, stock_count: int, rule_limit: int) -> float | None:
        """The knock limit that best explains its choices, the chances nearest in stock
        counting most: the deadwood ``t`` for which the fewest knocks had more than ``t``
        and the fewest declined chances ``t`` or less (the middle of a tie).  None before any
        chance with deadwood was seen before the last draws."""
        counted = [c for c in self.chances if c.stock_count > self.last_draws]
        if not counted:
            return None
        errors = []
        for limit in range(rule_limit + 1):
            error = 0.0
            for chance in counted:
                if chance.knocked != (chance.deadwood <= limit):
                    error += 4.0 / (4.0 + abs(chance.stock_count - stock_count))
            errors.append(error)
        least = min(errors)
        tied = [limit for limit, error in enumerate(errors) if error <= least + 1e-9]
        return (tied[0] + tied[-1]) / 2


def read_habit(view: PlayerView, last_draws: int) -> KnockHabit:
    """The opponent's :class:`KnockHabit` over the finished hands of ``view``."""
    chances = tuple(
        chance
        for result in view.hand_results
        for chance in knock_chances(result, view.opponent, view.rules.knock_limit)
        if chance.deadwood > 0
    )
    return KnockHabit(chances, last_draws)
