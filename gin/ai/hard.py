"""Hard: samples the opponent's likely hands and compares every option by expectation.

1. **Opponent model.**  Each unseen card gets a prior weight from the
   opponent's public moves (:func:`gin.ai.signals.prior_weights`).  A sampled
   opponent hand is its known pickups plus concealed cards drawn by weight;
   to reflect how long the hand has run, the sample draws extra cards for the
   stock draws the opponent has made and then throws away, greedily, the cards
   that help it least, as the opponent did.  So late in a hand the samples
   are as well built as real hands are, which is what undercut risk depends on.
   The opponent did not go gin, so a sample it could have gone gin with is
   redrawn.  (Redrawing the samples it could have knocked with, too, made Hard
   weaker in the arena: many players hold such hands and play on.)
2. **Hand value** (:class:`Evaluator`): the expected least deadwood after
   the next stock draw and best discard, with each unseen card weighted by its
   chance of still being in the stock.  It rewards pairs and near-runs with
   live outs and so weighs potential against deadwood in one number.
3. **Discards** add the danger of feeding the opponent: the share of sampled
   hands the card would join a meld in, times :data:`DANGER_WEIGHT`.  Within
   :data:`GIN_OUTS_MAX_LOOSE` loose cards of gin a discard also gains the next
   draw's gin chance times :data:`GIN_OUTS_WEIGHT`: the lowest deadwood is not
   always the most outs.  With a loose weight (:data:`LOOSE_WEIGHT`, off by default) a kept
   hand also costs the loose cards it is expected to hold after the next draw.
4. **Draws** compare taking the pile card (then the best discard) with the
   expectation over the stock's likely cards, each followed by its best discard.
5. **Knocks**: the expected score of knocking now, showing down against every
   sample with lay-offs, versus playing on: the chance of gin on the next draw
   times a gin's worth, plus the knock's value discounted for the opponent's
   extra turn.  A discard that would leave the hand dead never plays on.
   Only knocks within :func:`knock_schedule` (2 deadwood at the first turn, gin
   only once 27 or fewer stock cards are left, any knock at the last draws) are
   weighed: an opponent who knocks at once often knocks into a low hand that
   undercuts it, so waiting pays.  Against an opponent the finished hands show
   to be patient (:func:`opponent_is_patient`) the schedule is far looser
   (:data:`PATIENT_KNOCK_SHIFT`) and its samples better built
   (:data:`PATIENT_DRAWS_PER_EXTRA`): it rarely knocks into Hard, so Hard ends
   the hand itself while the opponent's deadwood is high.
6. **Appraisal**: the numbers a decision compares are kept as a value per legal
   action, in points (:class:`gin.ai.hints.Appraisal`), so the hint can say how
   much better its move is than the next best, and the coach what a move cost.

Everything is computed from masks with :func:`gin.melds.deadwood_mask` and
cached per decision, which kept a decision's p95 around 9 ms in CPython (16 ms in Pyodide);
the gin-outs term of discards costs about a fifth more (README, "Hard against the pool").
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gin.actions import Action, ActionKind
from gin.ai.base import Steps, decision_rng, finish
from gin.ai.habits import LAST_DRAWS, read_habit
from gin.ai.hints import Appraisal, Hint, ReasonValue
from gin.ai.knowledge import (
    Knowledge,
    action_for,
    discard_cards,
    finish_discard,
    highest_deadwood,
    is_draw_phase,
    neighbours,
    patient_knock_limit,
    pile_draw,
    read_view,
    stock_draw,
)
from gin.ai.signals import distance, prior_weights
from gin.cards import LANE, SUIT_LANE_MASK, Card, card_of_bit, from_mask, iter_bits
from gin.melds import arrangement_mask, deadwood_mask, melded_mask
from gin.rules import DEAD_HAND_STOCK, GIN_BONUS, UNDERCUT_BONUS
from gin.showdown import best_layoff
from gin.view import PlayerView

SAMPLES = 40
"""Opponent hands sampled per decision."""
DRAWS_PER_EXTRA = 3
MAX_EXTRA_DRAWS = 3
"""A sample draws one extra card per three stock draws of the opponent, at most three.

Measured against real hands of the Normal and simple players: one extra card
per draw made samples far stronger than real hands (deadwood 7 instead of 25
after six draws), since a real player keeps cards before it sees the next one.
"""
MAX_TRIES = 4
"""Rejection gives up after this many tries per sample (then takes what comes)."""
DANGER_WEIGHT = 5.0
"""Deadwood points it is worth to keep a card the opponent would meld with away from it."""
GIN_OUTS_WEIGHT = 30.0
"""Deadwood points a certain gin on the next draw is worth to a discard near gin.  Against the
patient styles of the arena's pool it raised Hard's points per hand by about half a point
(docs/DESIGN.md)."""
GIN_OUTS_MAX_LOOSE = 4
"""The gin-outs term counts for a kept hand with this many loose cards or fewer (a drawn card
can meld with two loose ones, and the best arrangement may change with it).  Raised from 2:
against simple-gin (seed 11, 200 games) 65.0 % of games, +4.28 points per hand, became
74.0 %, +6.56 (3 loose: 72.5 %, +6.17; every hand, 10, the very same games as 4)."""
LOOSE_WEIGHT = 30.0
"""Deadwood points a loose card fewer after the next draw is worth, where that is counted
(:meth:`Evaluator.loose_value`, ``HardPlayer(seed, loose_weight=LOOSE_WEIGHT)``): deadwood
points alone favour keeping low loose cards, but gin needs every card melded, whatever its
points.  In a solitaire gin race (``python bench/gin_race.py --deals 600 --seed 1``) 30 took
the share of hands gone gin within 16 draws from 28 % to 35 %, the mean deadwood after 10
draws from 13.9 to 14.9.  In the arena it gained against simple-3 but not against
simple-gin, so it is off by default (docs/DESIGN.md, ninth round)."""
PILE_INFO_COST = 0.3
"""Taking from the pile shows the opponent a card: a small price in deadwood points."""
KNOCK_SHIFT = 26
"""Hard knocks with at most ``(stock - 26) // 2`` deadwood: 2 at its first turn, gin only
from 27 stock cards on, until the last draws.  It plays for gin and for the undercut of an
opponent who knocks into it; in the arena that beat Normal's shift of 16 against both
simple and Normal, and matched never knocking early at all (docs/DESIGN.md)."""
PATIENT_EAGERNESS = 0.5
"""An opponent that took fewer than half of its knock chances with deadwood in the finished
hands is patient (:func:`opponent_is_patient`): simple and Easy take all of theirs, the
patient styles of the arena's pool and Normal (whose limit falls to gin) a third or less."""
PATIENT_KNOCK_SHIFT = 10
"""Against a patient opponent Hard weighs knocks with at most ``(stock - 10) // 2`` deadwood
(10 at its first turns, 5 with 20 stock cards left): that opponent seldom knocks into
Hard's low hand, so waiting for the undercut pays less than ending the hand while its
deadwood is high.  In the arena (seed 11, 200 games each) the habit-gated shift 10 won
362.5 percentage points of games over simple-3, simple-5, simple-falling, simple-gin and
Normal together, as many as shift 4, with 1.2 more points per hand in all, and fewer
knocks to price (docs/DESIGN.md; README, "What was tried for the AI")."""
PATIENT_DRAWS_PER_EXTRA = 2
PATIENT_MAX_EXTRA_DRAWS = 5
"""A patient opponent's sample draws one extra card per two stock draws, at most five.

A patient player keeps building its hand instead of knocking, so it holds less deadwood
than the samples for an eager one: simple-gin's real deadwood at 31-26 / 25-20 / 19-14 /
13-0 stock cards was 42 / 25 / 13 / 8 against 51 / 34 / 19 / 10 in the samples drawn as for
an eager player, 48 / 30 / 14 / 7 with these.  With too high a deadwood in the samples a
knock looks safer than it is."""
PLAY_ON_DISCOUNT = 0.8
"""What a knock next turn is worth against a knock now (the opponent moves in between)."""


def sample_opponent(
    knowledge: Knowledge, rng: random.Random, count: int, patient: bool = False
) -> list[int]:
    """``count`` opponent hands consistent with the view, shaped by the opponent's moves.

    A ``patient`` opponent's samples draw more extra cards (:data:`PATIENT_DRAWS_PER_EXTRA`).
    Once the opponent has discarded, a sample it could have gone gin with is redrawn.
    """
    draws_per_extra, max_extra = (
        (PATIENT_DRAWS_PER_EXTRA, PATIENT_MAX_EXTRA_DRAWS)
        if patient
        else (DRAWS_PER_EXTRA, MAX_EXTRA_DRAWS)
    )
    weights = prior_weights(knowledge)
    cards = list(weights)
    bits = [card.bit for card in cards]
    exponents = [1.0 / weights[card] for card in cards]
    order = range(len(cards))
    hidden = knowledge.opponent_hidden
    wanted = knowledge.opponent_stock_draws // draws_per_extra
    extra = max(0, min(max_extra, wanted, len(cards) - hidden))
    discarded = bool(knowledge.opponent_discards)
    hands: list[int] = []
    tries = 0
    while len(hands) < count:
        tries += 1
        # Weighted sampling without replacement (Efraimidis-Spirakis keys).
        keys = [rng.random() ** exponent for exponent in exponents]
        keyed = sorted(order, key=keys.__getitem__)
        hand = knowledge.opponent_known
        for index in keyed[-(hidden + extra) :] if hidden + extra else ():
            hand |= bits[index]
        hand = _throw_extra(hand, knowledge.opponent_known, extra)
        if discarded and tries <= MAX_TRIES * count and deadwood_mask(hand) == 0:
            continue
        hands.append(hand)
    return hands


def knock_schedule(knowledge: Knowledge, patient: bool = False) -> int:
    """The most deadwood Hard will knock with: its patient limit (:data:`KNOCK_SHIFT`, or
    :data:`PATIENT_KNOCK_SHIFT` against a ``patient`` opponent), except at the last stock
    draws, where any legal knock beats a dead hand."""
    if knowledge.stock_count <= DEAD_HAND_STOCK:
        return knowledge.knock_limit
    shift = PATIENT_KNOCK_SHIFT if patient else KNOCK_SHIFT
    return patient_knock_limit(knowledge.stock_count, knowledge.knock_limit, shift)


def opponent_is_patient(view: PlayerView) -> bool:
    """Whether the finished hands of the game show a patient opponent: one that took fewer
    than :data:`PATIENT_EAGERNESS` of its knock chances with deadwood before the last draws.
    Unknown (no such chance seen yet) counts as eager: Hard's schedule for an eager knocker
    is the one measured against the ladder's players."""
    eagerness = read_habit(view, LAST_DRAWS).eagerness
    return eagerness is not None and eagerness < PATIENT_EAGERNESS


def _throw_extra(hand: int, keep: int, extra: int) -> int:
    """Drop ``extra`` cards as a sensible opponent would have: the highest loose ones first.

    Cards in ``keep`` (the known pickups) stay.  Should melds have to be broken, the
    highest-ranked cards go.
    """
    loose = sorted(
        (card_of_bit(bit) for bit in iter_bits(hand & ~melded_mask(hand) & ~keep)),
        key=lambda card: (card.points, card.rank),
        reverse=True,
    )
    for card in loose[:extra]:
        hand ^= card.bit
    missing = extra - min(extra, len(loose))
    if missing:
        spare = sorted(from_mask(hand & ~keep), key=lambda card: card.rank, reverse=True)
        for card in spare[:missing]:
            hand ^= card.bit
    return hand


@dataclass
class Evaluator:
    """Values hands for one decision, with the opponent samples and caches it shares."""

    knowledge: Knowledge
    samples: list[int]
    loose_weight: float = 0.0
    """What a loose card fewer after the next draw is worth (:data:`LOOSE_WEIGHT`; 0: not
    counted, Hard's play on main)."""

    def __post_init__(self) -> None:
        held = dict.fromkeys(from_mask(self.knowledge.unseen), 0)
        for hand in self.samples:
            for card in held:
                if hand & card.bit:
                    held[card] += 1
        total = max(1, len(self.samples))
        self.stock = [(card.bit, card.points, max(0.05, 1.0 - held[card] / total)) for card in held]
        self.stock_weight = sum(weight for _, _, weight in self.stock) or 1.0
        self.sample_deadwood = [deadwood_mask(hand) for hand in self.samples]
        self._value: dict[int, float] = {}
        self._loose: dict[int, float] = {}
        self._danger: dict[Card, float] = {}
        self._gin_chance: dict[int, float] = {}

    def value(self, mask: int) -> float:
        """Expected least deadwood of a 10-card hand after one stock draw and the best discard."""
        cached = self._value.get(mask)
        if cached is not None:
            return cached
        base = deadwood_mask(mask)
        loose = highest_deadwood(mask)
        top = loose.points if loose is not None else 0
        near = neighbours(mask)
        total = 0.0
        for bit, points, weight in self.stock:
            grown = mask | bit
            if bit & near and (joined := deadwood_mask(grown)) < base + points:
                # The card joins a meld.  Throwing a card left loose in grown's arrangement
                # lowers its deadwood by exactly that card's points, so the best throw is
                # the highest of them.
                loose_now = mask & ~melded_mask(grown)
                best = min(base, joined - highest_points(loose_now)) if loose_now else base
            else:  # at best it replaces the highest loose card
                best = base - max(0, top - points)
            total += weight * best
        result = total / self.stock_weight
        self._value[mask] = result
        return result

    def loose_value(self, mask: int) -> float:
        """Expected count of loose cards of a 10-card hand after one stock draw and the best
        discard: a drawn card that joins a meld frees the cards it melds with, and the
        discard then throws one loose card (the drawn card itself when it melds nothing)."""
        cached = self._loose.get(mask)
        if cached is not None:
            return cached
        loose = (mask & ~melded_mask(mask)).bit_count()
        near = neighbours(mask)
        total = 0.0
        for bit, _, weight in self.stock:
            if bit & near:
                grown = mask | bit
                total += weight * min(loose, max(0, (grown & ~melded_mask(grown)).bit_count() - 1))
            else:
                total += weight * loose
        result = total / self.stock_weight
        self._loose[mask] = result
        return result

    def kept_value(self, mask: int) -> float:
        """What keeping the 10 cards of ``mask`` costs: :meth:`value`, plus
        :attr:`loose_weight` per loose card expected after the next draw."""
        if not self.loose_weight:
            return self.value(mask)
        return self.value(mask) + self.loose_weight * self.loose_value(mask)

    def danger(self, card: Card) -> float:
        """The share of sampled opponent hands (without it) that ``card`` would join a meld in."""
        cached = self._danger.get(card)
        if cached is not None:
            return cached
        hits = worlds = 0
        for hand, base in zip(self.samples, self.sample_deadwood, strict=True):
            if hand & card.bit:
                continue
            worlds += 1
            if deadwood_mask(hand | card.bit) < base + card.points:
                hits += 1
        result = hits / worlds if worlds else 0.0
        self._danger[card] = result
        return result

    def discard_cost(self, mask: int, card: Card) -> float:
        """The value of discarding ``card`` from the 11 cards of ``mask``: lower is better."""
        kept = mask ^ card.bit
        cost = self.kept_value(kept) + DANGER_WEIGHT * self.danger(card)
        if (kept & ~melded_mask(kept)).bit_count() <= GIN_OUTS_MAX_LOOSE:
            cost -= GIN_OUTS_WEIGHT * self.gin_chance(kept)
        return cost

    def best_discard(self, mask: int, allowed: list[Card]) -> tuple[Card, float]:
        """The discard from ``mask`` with the lowest cost, and that cost."""
        return cheapest({card: self.discard_cost(mask, card) for card in allowed})

    def stock_expectation(self, mask: int) -> Steps[float]:
        """Expected cost of drawing from the stock and then discarding well, in steps of one
        stock card each (the largest part of a draw decision's work)."""
        highest = highest_deadwood(mask)
        base = deadwood_mask(mask)
        hand_cards = from_mask(mask)
        total = 0.0
        for bit, points, weight in self.stock:
            card = card_of_bit(bit)
            keep = self.kept_value(mask) + DANGER_WEIGHT * self.danger(card)
            if deadwood_mask(mask | bit) < base + points:
                grown = mask | bit
                loose = from_mask(mask & ~melded_mask(grown)) or hand_cards
                best = min(keep, self.best_discard(grown, loose)[1])
            elif highest is not None and points < highest.points:
                best = min(keep, self.discard_cost(mask | bit, highest))
            else:
                best = keep
            total += weight * best
            yield
        return total / self.stock_weight

    def gin_chance(self, mask: int) -> float:
        """The chance the next stock card lets the 10-card hand ``mask`` go gin."""
        cached = self._gin_chance.get(mask)
        if cached is not None:
            return cached
        hits = 0.0
        for bit, _, weight in self.stock:
            grown = mask | bit
            # Gin leaves one card loose, worth 10 points at most.
            if deadwood_mask(grown) <= 10 and any(
                deadwood_mask(grown ^ other) == 0 for other in iter_bits(grown)
            ):
                hits += weight
        result = hits / self.stock_weight
        self._gin_chance[mask] = result
        return result

    def knock_outcome(self, mask: int) -> tuple[float, float]:
        """Expected points of knocking with the 10 cards of ``mask``, and the undercut chance."""
        mine = deadwood_mask(mask)
        melds = arrangement_mask(mask)
        total = 0.0
        undercuts = 0
        for hand in self.samples:
            theirs = best_layoff(hand, melds)[0]
            if theirs > mine:
                total += theirs - mine
            else:
                total -= mine - theirs + UNDERCUT_BONUS
                undercuts += 1
        count = max(1, len(self.samples))
        return total / count, undercuts / count


class HardPlayer:
    """Hard: expectation over sampled opponent hands (see the module docstring)."""

    name = "hard"

    def __init__(self, seed: int = 0, samples: int = SAMPLES, loose_weight: float = 0.0) -> None:
        self.seed = seed
        self.samples = samples
        self.loose_weight = loose_weight
        self._habit: tuple[object, bool] = ((), False)

    def _opponent_is_patient(self, view: PlayerView) -> bool:
        """:func:`opponent_is_patient`, read once per finished hand: the finished hands change
        only between hands, and reading them costs about a tenth of a millisecond a decision.
        The key is their count and the last one's end (both hands and the stock left), which
        tells the hands of one game apart, and those of two games all but certainly."""
        results = view.hand_results
        key = (len(results), results[-1].hands, results[-1].stock) if results else ()
        if self._habit[0] != key:
            self._habit = (key, opponent_is_patient(view))
        return self._habit[1]

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        return self.appraise(view, legal).hint.action

    def deciding(self, view: PlayerView, legal: list[Action]) -> Steps[Action]:
        """:meth:`choose` in steps, one stock card or discard at a time (:data:`Steps`)."""
        appraisal = yield from self.appraising(view, legal)
        return appraisal.hint.action

    def advise(self, view: PlayerView, legal: list[Action]) -> Hint:
        """The decision with its reason, its estimate and its margin over the next best move
        (what :func:`gin.ai.hint` shows)."""
        return self.appraise(view, legal).advice()

    def appraise(self, view: PlayerView, legal: list[Action]) -> Appraisal:
        """The decision and what every legal action is worth to Hard (see :class:`Appraisal`).

        One code path decides and prices: the values are the very numbers the
        decision compares, so the move Hard plays is always one it values highest.
        """
        return finish(self.appraising(view, legal))

    def appraising(self, view: PlayerView, legal: list[Action]) -> Steps[Appraisal]:
        """:meth:`appraise` in steps (:data:`Steps`)."""
        if len(legal) == 1:
            only = Hint(legal[0], "only_choice", {"action": legal[0]})
            return Appraisal(only, {legal[0]: 0.0})
        knowledge = read_view(view)
        rng = decision_rng(self.seed, view)
        patient = self._opponent_is_patient(view)
        samples = sample_opponent(knowledge, rng, self.samples, patient)
        yield
        evaluator = Evaluator(knowledge, samples, self.loose_weight)
        if is_draw_phase(legal):
            return (yield from self._draw(knowledge, evaluator, legal))
        schedule = knock_schedule(knowledge, patient)
        return (yield from self._discard(knowledge, evaluator, legal, schedule))

    def _draw(
        self, knowledge: Knowledge, evaluator: Evaluator, legal: list[Action]
    ) -> Steps[Appraisal]:
        pile = pile_draw(legal)
        stock = stock_draw(legal)
        top = knowledge.top
        stock_cost = yield from evaluator.stock_expectation(knowledge.hand)
        if pile is None or top is None:
            only = Hint(stock, "only_choice", {"action": stock}, stock_cost)
            return Appraisal(only, {stock: -stock_cost})
        taken = knowledge.hand | top.bit
        _, pile_cost = evaluator.best_discard(taken, from_mask(knowledge.hand))
        values = {pile: -(pile_cost + PILE_INFO_COST), stock: -stock_cost}
        args: dict[str, ReasonValue] = {"card": top}
        if pile_cost + PILE_INFO_COST < stock_cost:
            melds_now = bool(melded_mask(taken) & top.bit)
            code = "take_meld" if melds_now else "take_improve"
            return Appraisal(Hint(pile, code, args, pile_cost), values)
        code = "pass" if stock.kind is ActionKind.PASS else "draw_stock"
        return Appraisal(Hint(stock, code, args, stock_cost), values)

    def _discard(
        self, knowledge: Knowledge, evaluator: Evaluator, legal: list[Action], schedule: int
    ) -> Steps[Appraisal]:
        hand = knowledge.hand
        cards = discard_cards(legal)
        costs: dict[Card, float] = {}
        for c in cards:
            costs[c] = evaluator.discard_cost(hand, c)
            yield
        card, cost = cheapest(costs)
        values = {Action(ActionKind.DISCARD, c): -costs[c] for c in cards}
        gins = [action for action in legal if action.kind is ActionKind.GIN]
        legal_knocks = [c for c in cards if action_for(legal, c, ActionKind.KNOCK) is not None]
        knockable = [c for c in legal_knocks if deadwood_mask(hand ^ c.bit) <= schedule]
        late = [c for c in legal_knocks if c not in knockable]
        unpriced = frozenset(Action(ActionKind.KNOCK, c) for c in late)
        if not gins and not knockable:
            # A knock above the schedule is worth no more to Hard than playing on.
            kept_value = values[Action(ActionKind.DISCARD, card)]
            values.update(dict.fromkeys(unpriced, kept_value))
            if late:  # say why the knock on offer is not taken
                least = min(deadwood_mask(hand ^ c.bit) for c in late)
                action = finish_discard(legal, card, knock=False)
                early = Hint(action, "play_on_early", {"card": card, "deadwood": least}, cost)
                return Appraisal(early, values, unpriced)
            return Appraisal(self._explain_discard(knowledge, evaluator, legal, card, cost), values)
        # Ending the hand is valued in points; a discard then is worth playing on (in points)
        # less what it gives up against the best discard (in deadwood, which a showdown
        # turns into points one for one).
        outcomes: dict[Card, tuple[float, float]] = {}
        for c in knockable:
            outcomes[c] = evaluator.knock_outcome(hand ^ c.bit)
            yield
        knock_card = max(knockable, key=lambda c: (outcomes[c][0], c.points), default=None)
        knock_value, risk = outcomes[knock_card] if knock_card is not None else (0.0, 0.0)
        play_on = self._play_on_value(knowledge, evaluator, hand ^ card.bit, knock_value)
        gin_value = GIN_BONUS + _mean(evaluator.sample_deadwood)
        # Playing on instead of going gin gives the opponent a turn first.
        ceiling = PLAY_ON_DISCOUNT * gin_value if gins else gin_value
        values = {action: min(ceiling, play_on + value + cost) for action, value in values.items()}
        values.update({Action(ActionKind.KNOCK, c): outcomes[c][0] for c in knockable})
        chosen = max(values[Action(ActionKind.DISCARD, card)], knock_value)
        values.update(dict.fromkeys(unpriced, chosen))
        values.update(dict.fromkeys(gins, gin_value))
        if gins:
            action = gins[0]
            assert action.card is not None
            return Appraisal(
                Hint(action, "gin", {"card": action.card}, gin_value, "points"),
                values,
                unpriced,
            )
        assert knock_card is not None
        risk_pct = round(100 * risk)
        if knock_value >= play_on:
            args: dict[str, ReasonValue] = {
                "card": knock_card,
                "deadwood": deadwood_mask(hand ^ knock_card.bit),
                "risk": risk_pct,
            }
            action = finish_discard(legal, knock_card, knock=True)
            return Appraisal(Hint(action, "knock", args, knock_value, "points"), values, unpriced)
        chance = round(100 * evaluator.gin_chance(hand ^ card.bit))
        kept = finish_discard(legal, card, False)
        if knock_value < 0:
            args = {"card": card, "risk": risk_pct}
            return Appraisal(Hint(kept, "play_on_undercut", args, cost), values, unpriced)
        args = {"card": card, "chance": chance}
        return Appraisal(Hint(kept, "play_on_gin", args, cost), values, unpriced)

    @staticmethod
    def _play_on_value(
        knowledge: Knowledge, evaluator: Evaluator, kept: int, knock_value: float
    ) -> float:
        """Expected points of not knocking: gin next draw, or a (riskier) knock later."""
        if knowledge.stock_count <= DEAD_HAND_STOCK:
            return 0.0  # a discard without a knock ends the hand dead
        gin = evaluator.gin_chance(kept)
        gin_value = GIN_BONUS + _mean(evaluator.sample_deadwood)
        later = PLAY_ON_DISCOUNT if knowledge.stock_count > DEAD_HAND_STOCK + 4 else 0.4
        return gin * gin_value + (1 - gin) * later * knock_value

    @staticmethod
    def _explain_discard(
        knowledge: Knowledge,
        evaluator: Evaluator,
        legal: list[Action],
        card: Card,
        cost: float,
    ) -> Hint:
        action = finish_discard(legal, card, knock=False)
        plain = min(discard_cards(legal), key=lambda c: evaluator.value(knowledge.hand ^ c.bit))
        if plain is not card and evaluator.danger(plain) > evaluator.danger(card):
            return Hint(action, "discard_avoid", {"card": card, "avoided": plain}, cost)
        refused = refused_neighbour(knowledge, card)
        if refused is not None:
            code, related = refused
            return Hint(action, code, {"card": card, "related": related}, cost)
        return Hint(action, "discard", {"card": card}, cost)


def refused_neighbour(knowledge: Knowledge, card: Card) -> tuple[str, Card] | None:
    """The first card of the same rank as ``card``, or next to it in its suit, that the
    opponent refused, with the reason that says how: it discarded the card
    (``discard_safe_discarded``) or let it lie on the pile (``discard_safe``).  One word for
    both told a player that the computer had passed on a card it had thrown, and sent them
    looking for a pass that never was."""
    for other in knowledge.opponent_shunned:
        if distance(card, other) in (0, 1):
            thrown = other in knowledge.opponent_discards
            return ("discard_safe_discarded" if thrown else "discard_safe"), other
    return None


def cheapest(costs: dict[Card, float]) -> tuple[Card, float]:
    """The discard of least cost and that cost; a tie keeps the card of more points (less
    deadwood left), then the card first in the deck's order."""
    card = min(costs, key=lambda c: (costs[c], -c.points, c.index))
    return card, costs[card]


def highest_points(mask: int) -> int:
    """The most points of a card in ``mask`` (0 for no card): its highest rank, capped at 10."""
    lanes = mask & SUIT_LANE_MASK | (mask >> LANE) & SUIT_LANE_MASK
    lanes |= (mask >> (2 * LANE)) & SUIT_LANE_MASK | (mask >> (3 * LANE)) & SUIT_LANE_MASK
    return min(lanes.bit_length(), 10)


def _mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0
