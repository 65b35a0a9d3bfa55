"""The coach's review of a hand: the decision on show, Hard's move, reason and cost, and the
list to step through (``gin.web.render.review``)."""

from __future__ import annotations

from gin.ai.coach import Decision, HandReview
from gin.cards import sort_by_rank
from gin.table.controls import Control
from gin.table.models import PanelModel, ReviewDecisionModel, ReviewModel
from gin.table.presenter.words import Words, short_name
from gin.table.state import TableState


def review_panel(words: Words, state: TableState, _page: str) -> PanelModel:
    number = state.view.hand_results[-1].number
    title = words._("Review of hand {number}").format(number=number)
    return PanelModel(
        "review", title, words.button(Control.CLOSE_PANEL), review=review(words, state)
    )


def review(words: Words, state: TableState) -> ReviewModel:
    """The open review: the decision on show, with Hard's move, reason and cost if marked."""
    _ = words._
    note = _(
        "This review uses only what you could see at each decision: your hand, the "
        "discards and the moves made. It never looks at the computer's concealed cards "
        "or the stock."
    )
    hand_review = state.review
    if hand_review is None:
        return ReviewModel(note, waiting=_("Hard is going through your decisions…"))
    count = len(hand_review.decisions)
    if not count:
        return ReviewModel(note, summary=_("You had no decision to make in this hand."))
    at = min(state.review_at, count - 1)
    decision = hand_review.decisions[at]
    played = words.action_name(decision.played)
    advised = words.action_name(decision.advised)
    return ReviewModel(
        note,
        summary=summary(words, hand_review),
        position=_("Decision {index} of {count}").format(index=at + 1, count=count),
        hand_label=_("Your hand then"),
        hand=tuple(words.card(card) for card in sort_by_rank(decision.hand)),
        pile=_("Top of the discard pile: {card}").format(card=short_name(decision.pile_top))
        if decision.pile_top is not None
        else "",
        played=_("You: {action}").format(action=played),
        verdict=_("Hard agrees.")
        if decision.as_hard
        else _("Hard would rather: {action}").format(action=advised),
        marked=not decision.as_hard,
        reason=words.reason(decision.reason_code, decision.reason_args),
        cost=cost(words, decision),
        decisions=tuple(
            ReviewDecisionModel(
                label=f"{d.index}. {words.action_name(d.played)}",
                note=""
                if d.as_hard
                else _("Hard: {action}").format(action=words.action_name(d.advised)),
                marked=not d.as_hard,
                current=index == at,
            )
            for index, d in enumerate(hand_review.decisions)
        ),
        list_label=_("Your decisions"),
        previous=words.button(Control.REVIEW_PREV, at > 0),
        next=words.button(Control.REVIEW_NEXT, at < count - 1),
    )


def cost(words: Words, decision: Decision) -> str:
    """A marked decision's estimated cost, or why there is none (a knock Hard rules out)."""
    if decision.as_hard:
        return ""
    if decision.cost is None:
        return words._("No cost estimate: Hard does not knock with this much deadwood yet.")
    return words._("Estimated cost: {points} points").format(points=words.points(decision.cost))


def summary(words: Words, review: HandReview) -> str:
    count = len(review.decisions)
    text = words.tr.ngettext(
        "{matched} of {count} decision as Hard would play ({percent}).",
        "{matched} of {count} decisions as Hard would play ({percent}).",
        count,
    ).format(matched=review.as_hard, count=count, percent=words.percent(review.accuracy))
    priced = [d for d in review.mistakes if d.cost is not None]
    unpriced = len(review.mistakes) - len(priced)
    parts = [text]
    if priced:  # a total of 0.0 beside a knock marked unpriced read as a contradiction
        cost = words._("Estimated cost over the hand: {points} points.")
        parts.append(cost.format(points=words.points(review.cost)))
    if unpriced:
        parts.append(
            words.tr.ngettext(
                "{count} knock has no cost estimate: Hard does not knock with that much "
                "deadwood yet.",
                "{count} knocks have no cost estimate: Hard does not knock with that much "
                "deadwood yet.",
                unpriced,
            ).format(count=unpriced)
        )
    return " ".join(parts)
