"""Advice for a human player: an action, a reason built from a fixed set of codes, and an estimate.

Reasons are never glued together from free text: each is a ``reason_code``
with named ``reason_args``, and :data:`REASONS` holds the English template of
every code.  The arguments are typed values (a :class:`~gin.cards.Card`, an
:class:`~gin.actions.Action`, a whole number), never text: the browser
translates the template of a code (gettext msgid = the English template) and
words each argument itself (a card's name, an action as its button says it), so
adding a language never touches this module and nothing is parsed back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from string import Formatter

from gin.actions import Action
from gin.cards import Card

REASONS: dict[str, str] = {
    "gin": "Go gin with {card}: every other card is in a meld.",
    "knock": "Knock with {card}: {deadwood} deadwood left, and the undercut risk is about {risk}%.",
    "play_on_undercut": (
        "Do not knock yet: the opponent may undercut you ({risk}% risk). Discard {card} instead."
    ),
    "play_on_gin": (
        "Do not knock yet: you have a good chance of gin ({chance}% next draw). Discard {card}."
    ),
    "play_on_early": (
        "Do not knock yet with {deadwood} deadwood: going for gin, or for an undercut if the"
        " opponent knocks, pays more. Discard {card}."
    ),
    "discard": "Discard {card}: it keeps your deadwood low and your best meld chances.",
    "discard_safe": (
        "Discard {card}: it keeps your hand strong, and the opponent passed on {related}."
    ),
    "discard_safe_discarded": (
        "Discard {card}: it keeps your hand strong, and the opponent discarded {related}."
    ),
    "discard_avoid": "Discard {card}, not {avoided}: that card would probably help the opponent.",
    "take_meld": "Take {card}: it completes a meld.",
    "take_improve": "Take {card}: it improves your hand more than a card from the stock would.",
    "draw_stock": "Draw from the stock: {card} does not help your hand enough.",
    "pass": "Pass on {card}: it does not help your hand enough.",
    "only_choice": "{action} is the only move.",
}
"""The English template of every reason code (the gettext msgid)."""

ReasonValue = Card | Action | int
"""What a reason's argument may be: a card, an action or a number (a count, a percentage)."""


def check_reason(code: str, args: Mapping[str, ReasonValue]) -> None:
    """A reason names a known code and gives exactly its template's arguments, typed."""
    if code not in REASONS:
        raise ValueError(f"unknown reason code {code!r}")
    wanted = {name for _, name, _, _ in Formatter().parse(REASONS[code]) if name}
    if set(args) != wanted:
        raise ValueError(f"reason {code!r} takes {sorted(wanted)}, not {sorted(args)}")
    for name, value in args.items():
        if isinstance(value, bool) or not isinstance(value, Card | Action | int):
            raise ValueError(f"reason argument {name!r} must be a Card, an Action or a number")


def english_reason(code: str, args: Mapping[str, ReasonValue]) -> str:
    """A reason in English, its cards and actions written as their codes ("discard KD")."""
    return REASONS[code].format(**{name: str(value) for name, value in args.items()})


@dataclass(frozen=True)
class Hint:
    """Hard's advice: the action to play, why, and what it expects.

    ``estimate`` is in the unit ``estimate_unit`` names: ``"points"`` (the
    expected score of a knock, the player's view) or ``"deadwood"`` (the
    expected deadwood after the next draw).  ``runner_up`` is the next best
    move and ``margin`` how many points Hard estimates this move is worth more
    (see :class:`Appraisal`); both are None when there was no other move.
    """

    action: Action
    reason_code: str
    reason_args: dict[str, ReasonValue] = field(default_factory=dict)
    estimate: float = 0.0
    estimate_unit: str = "deadwood"
    runner_up: Action | None = None
    margin: float | None = None

    def __post_init__(self) -> None:
        check_reason(self.reason_code, self.reason_args)

    @property
    def reason(self) -> str:
        """The reason in English, filled in from its template."""
        return english_reason(self.reason_code, self.reason_args)


@dataclass(frozen=True)
class Appraisal:
    """Hard's decision with its value of every legal action, the numbers it decided by.

    ``values`` maps each legal action to a value in points, higher better:
    the expected score when the action ends the hand (a knock, gin), and
    otherwise minus the expected deadwood it leads to, a deadwood point being
    worth a point of score at a showdown.  When the hand could end now, a
    discard that plays on is worth Hard's value of playing on, less the
    deadwood it gives up against the best discard.  These are estimates from
    sampled opponent hands, not exact expectations.

    ``unpriced`` are the actions Hard rules out by policy rather than by
    estimate (a knock its schedule does not allow yet): they carry its own
    move's value, but the review reports them as not priced rather than as
    costing 0, and they are never named as the next best move, which would
    call them "about as good".
    """

    hint: Hint
    values: dict[Action, float]
    unpriced: frozenset[Action] = frozenset()

    def cost(self, action: Action) -> float:
        """The points ``action`` is estimated to give up against Hard's move (0 for that move)."""
        return max(0.0, self.values[self.hint.action] - self.values[action])

    def advice(self) -> Hint:
        """The hint with its margin over the next best priced move (the first such in legal
        order)."""
        others = [
            action
            for action in self.values
            if action != self.hint.action and action not in self.unpriced
        ]
        if not others:
            return self.hint
        runner_up = min(others, key=self.cost)
        return replace(self.hint, runner_up=runner_up, margin=self.cost(runner_up))
