"""What a seat may know, read from its :class:`~gin.PlayerView` alone, as the bots compute with it.

Every bot starts here.  Nothing in this module can see the game: it gets a
view, which the engine builds from public facts and the seat's own hand, so
the bots cannot peek by construction.  The history is replayed to recover
what it implies but does not list: which pile cards the opponent passed over
(the pile's top card whenever it drew from the stock or passed the upcard).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from gin.actions import Action, ActionKind
from gin.cards import DECK, Card, card_of_bit, iter_bits, to_mask
from gin.melds import deadwood_mask, melded_mask
from gin.view import PlayerView

FULL_DECK = to_mask(DECK)
_PILE_DRAWS = {ActionKind.TAKE.value, ActionKind.DRAW_PILE.value}
_DISCARDS = {ActionKind.DISCARD.value, ActionKind.KNOCK.value, ActionKind.GIN.value}
_PASSES = {ActionKind.PASS.value, ActionKind.DRAW_STOCK.value}


@dataclass(frozen=True)
class Knowledge:
    """The public facts of the hand in play, as hand masks and card lists, from one seat's side."""

    hand: int
    """This seat's cards (10, or 11 in the discard phase)."""
    opponent_known: int
    """Cards the opponent took from the pile and still holds."""
    opponent_hidden: int
    """How many of the opponent's cards are concealed."""
    pile: int
    top: Card | None
    """The discard pile's top card, the one a pile draw would take."""
    unseen: int
    """Cards this seat has never seen: each is in the stock or the opponent's hand."""
    taken: Card | None
    """The card this seat just took from the pile (it may not discard it now)."""
    stock_count: int
    opponent_discards: tuple[Card, ...]
    opponent_passed: tuple[Card, ...]
    """Pile cards the opponent declined (drew from the stock or passed instead)."""
    opponent_shunned: tuple[Card, ...]
    """The opponent's discards and passed-over cards together, oldest first."""
    opponent_stock_draws: int
    knock_limit: int = 10
    """The most deadwood a knock may keep (the game's rules)."""


def _upcard(view: PlayerView) -> Card | None:
    """The hand's first face-up card: pile now + cards drawn from it - cards discarded onto it."""
    count: Counter[Card] = Counter(view.discard_pile)
    for event in view.history:
        if event.card is None:
            continue
        if event.action in _PILE_DRAWS:
            count[event.card] += 1
        elif event.action in _DISCARDS:
            count[event.card] -= 1
    left = [card for card, number in count.items() if number > 0]
    return left[0] if len(left) == 1 else None


def read_view(view: PlayerView) -> Knowledge:
    """Turn a view into :class:`Knowledge`, replaying the public history of the hand."""
    opponent = view.opponent
    passed: list[Card] = []
    shunned: list[Card] = []
    opponent_discards: list[Card] = []
    stock_draws = 0
    upcard = _upcard(view)
    pile: list[Card] = [upcard] if upcard is not None else []
    for event in view.history:
        action = event.action
        if action in _PILE_DRAWS:
            if pile:
                pile.pop()
        elif action in _DISCARDS and event.card is not None:
            pile.append(event.card)
            if event.player == opponent:
                opponent_discards.append(event.card)
                shunned.append(event.card)
        elif action in _PASSES and event.player == opponent:
            if pile:
                passed.append(pile[-1])
                shunned.append(pile[-1])
            if action == ActionKind.DRAW_STOCK.value:
                stock_draws += 1
    hand = to_mask(view.hand)
    known = to_mask(view.opponent_known_cards)
    pile_mask = to_mask(view.discard_pile)
    return Knowledge(
        hand=hand,
        opponent_known=known,
        opponent_hidden=view.opponent_card_count - len(view.opponent_known_cards),
        pile=pile_mask,
        top=view.discard_pile[-1] if view.discard_pile else None,
        unseen=FULL_DECK & ~hand & ~known & ~pile_mask,
        taken=view.taken_from_pile,
        stock_count=view.stock_count,
        opponent_discards=tuple(opponent_discards),
        opponent_passed=tuple(passed),
        opponent_shunned=tuple(shunned),
        opponent_stock_draws=stock_draws,
        knock_limit=view.rules.knock_limit,
    )


# --- hand arithmetic shared by the levels ---------------------------------------------------

KnockLimit = Callable[[int, int], int]
"""A knocking habit: the most deadwood a player knocks with, given the stock count and the
rules' knock limit (0: only gin).  The levels and the arena's styles (:mod:`gin.ai.styles`)
each have one."""


def knock_at_once(stock_count: int, rule_limit: int) -> int:
    """Knock as soon as the rules allow (Easy's and simple's habit)."""
    return rule_limit


def patient_knock_limit(stock_count: int, rule_limit: int, shift: int) -> int:
    """The most deadwood a patient player knocks with: ``(stock_count - shift) // 2``, falling
    by one every second card drawn from the stock to 0 (then only gin ends the hand), never
    above the rules' limit.  Normal and Hard each have their ``shift``.

    Measured in the arena (docs/DESIGN.md, "AI strength"): a player who knocks as soon as
    it may often knocks into a hand that undercuts it, so waiting pays.
    """
    return min(rule_limit, max(0, (stock_count - shift) // 2))


def is_useful(mask: int, card: Card) -> bool:
    """Whether ``card`` would sit in a meld of a best arrangement of ``mask`` plus it."""
    return deadwood_mask(mask | card.bit) < deadwood_mask(mask) + card.points


def neighbours(mask: int) -> int:
    """Every card that could meld with a card of ``mask``: rank mates, suit neighbours within 2.

    A card outside this mask can never join a meld with the hand, which lets the
    bots skip it without a deadwood computation.
    """
    near = mask << 1 | mask >> 1 | mask << 2 | mask >> 2
    near |= mask << 16 | mask >> 16 | mask << 32 | mask >> 32 | mask << 48 | mask >> 48
    return near & FULL_DECK & ~mask


def highest_deadwood(mask: int) -> Card | None:
    """The highest-value unmelded card of a best arrangement (ties: the higher rank)."""
    loose = [card_of_bit(bit) for bit in iter_bits(mask & ~melded_mask(mask))]
    return max(loose, key=lambda card: (card.points, card.rank, card.index), default=None)


def discard_cards(legal: list[Action]) -> list[Card]:
    """The distinct cards the legal actions allow to discard, in a stable order."""
    return sorted({action.card for action in legal if action.card is not None})


def action_for(legal: list[Action], card: Card, *kinds: ActionKind) -> Action | None:
    """The first legal action of the given kinds (in that order) that discards ``card``."""
    for kind in kinds:
        for action in legal:
            if action.kind is kind and action.card is card:
                return action
    return None


def find(legal: list[Action], kind: ActionKind) -> Action | None:
    """The legal action of a cardless kind (take, pass, draw stock, draw pile), if offered."""
    return next((action for action in legal if action.kind is kind and action.card is None), None)


def finish_discard(legal: list[Action], card: Card, knock: bool) -> Action:
    """The action that discards ``card``: gin if it is gin, a knock if wanted and legal."""
    gin = action_for(legal, card, ActionKind.GIN)
    if gin is not None:
        return gin
    if knock:
        knocked = action_for(legal, card, ActionKind.KNOCK)
        if knocked is not None:
            return knocked
    plain = action_for(legal, card, ActionKind.DISCARD)
    assert plain is not None, f"{card} is not discardable"
    return plain


def is_draw_phase(legal: list[Action]) -> bool:
    """Whether the legal actions are a draw choice (upcard or ordinary draw), not a discard."""
    return all(action.card is None for action in legal)


def pile_draw(legal: list[Action]) -> Action | None:
    """The action that takes the pile card (``take`` in the upcard phase), if offered."""
    return find(legal, ActionKind.TAKE) or find(legal, ActionKind.DRAW_PILE)


def stock_draw(legal: list[Action]) -> Action:
    """The action that declines the pile card (``pass`` in the upcard phase)."""
    action = find(legal, ActionKind.PASS) or find(legal, ActionKind.DRAW_STOCK)
    assert action is not None, "no stock draw or pass among the legal actions"
    return action
