"""What the opponent's public moves say about the cards it holds.

A card the opponent took from the pile was wanted for a meld, so its rank
mates and same-suit neighbours are probably in its hand.  A card it threw or
passed over did not fit, so it probably lacks that card's rank mates and close
neighbours.  Normal turns this into a danger score per discard; Hard uses it as
the prior weight of each unseen card when it samples the opponent's hand.
"""

from __future__ import annotations

from gin.ai.knowledge import Knowledge
from gin.cards import DECK, Card, from_mask

WANTED_FACTOR = {0: 2.2, 1: 2.2, 2: 1.4}
"""Weight multiplier for an unseen card by its distance to a known pickup (0 = same rank)."""
SHUNNED_FACTOR = {0: 0.55, 1: 0.6, 2: 0.85}
"""Weight multiplier for an unseen card by its distance to a card the opponent threw or passed."""


def distance(a: Card, b: Card) -> int | None:
    """0 for rank mates, 1 or 2 for same-suit neighbours that far apart, None when unrelated."""
    if a.rank == b.rank:
        return 0 if a is not b else None
    if a.suit == b.suit and abs(a.rank - b.rank) <= 2:
        return abs(a.rank - b.rank)
    return None


def prior_weights(knowledge: Knowledge) -> dict[Card, float]:
    """A relative weight per unseen card of being in the opponent's hand (1.0 = no information)."""
    wanted = from_mask(knowledge.opponent_known)
    avoided = knowledge.opponent_shunned
    weights: dict[Card, float] = {}
    for card in DECK:
        if not knowledge.unseen & card.bit:
            continue
        weight = 1.0
        for other in wanted:
            step = distance(card, other)
            if step is not None:
                weight *= WANTED_FACTOR[step]
        for other in avoided:
            step = distance(card, other)
            if step is not None:
                weight *= SHUNNED_FACTOR[step]
        weights[card] = weight
    return weights


def feeding_risk(card: Card, knowledge: Knowledge) -> tuple[float, Card | None, Card | None]:
    """How much discarding ``card`` may help the opponent, by the visible history alone.

    Returns the risk (positive: it fits a known pickup; negative: the opponent
    has passed on or thrown its neighbours) and the cards that explain it: the
    known pickup it fits, and the shunned card that makes it look safe.
    """
    risk = 0.0
    fits: Card | None = None
    for other in from_mask(knowledge.opponent_known):
        step = distance(card, other)
        if step is not None:
            risk += 6.0 if step <= 1 else 2.5
            fits = fits or other
    safe: Card | None = None
    recent = knowledge.opponent_shunned
    for age, other in enumerate(reversed(recent)):
        step = distance(card, other)
        if step is not None and step <= 1:
            risk -= 1.5 if age < 4 else 0.75
            safe = safe or other
    return risk, fits, safe
