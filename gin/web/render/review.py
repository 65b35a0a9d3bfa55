"""The coach's review of a hand (``gin.table.presenter.review``)."""

from __future__ import annotations

from html import escape

from gin.table.models import PanelModel, ReviewModel, TableModel
from gin.web.render.pieces import attrs, button, row


def review_body(review: ReviewModel) -> str:
    """The coach's review: the note, the decision on show, the buttons, the list to step by."""
    note = f'<p class="review-note" data-testid="review-note">{escape(review.note)}</p>'
    if review.waiting:
        return note + f'<p class="review-waiting" role="status">{escape(review.waiting)}</p>'
    summary = f'<p class="review-summary" data-testid="review-summary">{escape(review.summary)}</p>'
    if not review.decisions:
        return summary + note
    steps = "".join(button(b, "menu") for b in (review.previous, review.next) if b is not None)
    pile = f"<p>{escape(review.pile)}</p>" if review.pile else ""
    cost = f'<p class="review-cost">{escape(review.cost)}</p>' if review.cost else ""
    items = "".join(
        f"<li {attrs(data_marked=d.marked, aria_current='step' if d.current else None)}>"
        f"{escape(d.label)}"
        + (f' <span class="review-alt">{escape(d.note)}</span>' if d.note else "")
        + "</li>"
        for d in review.decisions
    )
    return (
        summary
        + f'<div class="review-step" data-testid="review-step" {attrs(data_marked=review.marked)}'
        f' aria-live="polite"><h3>{escape(review.position)}</h3>'
        f"<p>{escape(review.hand_label)}</p>"
        + row(review.hand, "cards small")
        + pile
        + f'<p class="review-played">{escape(review.played)}</p>'
        f'<p class="review-verdict">{escape(review.verdict)}</p>'
        f'<p class="review-reason">{escape(review.reason)}</p>'
        + cost
        + f'</div><div class="review-actions">{steps}</div>'
        + f'<ol class="review-list" data-testid="review-list" '
        f"{attrs(aria_label=review.list_label)}>{items}</ol>" + note
    )


def review_panel_body(model: PanelModel, _table: TableModel) -> str:
    assert model.review is not None
    return review_body(model.review)
