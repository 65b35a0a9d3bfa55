"""HTML for the sealed deal and its reveal, and the daily deal (``gin.table.presenter.deals``).

The commitment is written whole wherever it is the subject (the score sheet's
block, the reveal), in a ``<code>`` that may break anywhere, and shortened only
in the top bar.  Test hooks: ``commitment`` (the whole hash), ``reveal-seed``,
``reveal-salt``, ``verified`` (``data-ok``), ``daily-calendar``, ``share-text``.
"""

from __future__ import annotations

from html import escape

from gin.table.presenter.deals import CalendarModel, ProofModel, SealModel, ShareModel
from gin.web.render.pieces import button


def has_chip(seal: SealModel | None) -> bool:
    """Whether the top bar shows a chip for the deal (:func:`seal_chip`): the bar then leaves
    its facts out sooner, and the menu says them sooner (static/css/fair.css)."""
    return seal is not None and bool(seal.short)


def seal_chip(seal: SealModel | None) -> str:
    """The top bar's short form: "Sealed deal 5c8cf7…b4dc", or the daily deal's name."""
    if seal is None or not has_chip(seal):
        return ""
    if not seal.commitment:
        return (
            f'<span class="seal-chip daily" data-testid="daily-chip" '
            f'data-day="{escape(seal.day_of_month)}" title="{escape(seal.short)}">'
            f'<span class="daily-name">{escape(seal.short)}</span></span>'
        )
    head, _, tail = seal.short.partition("…")
    return (
        f'<span class="seal-chip" title="{escape(seal.label)}: {escape(seal.commitment)}">'
        f'<span class="seal-icon" aria-hidden="true"></span>'
        f'<span class="seal-label">{escape(seal.label)}</span> '
        f'<code>{escape(head)}<span class="seal-tail">…{escape(tail)}</span></code></span>'
    )


def seal_block(seal: SealModel | None) -> str:
    """The score sheet's block: the whole commitment (or the daily deal) and what it proves."""
    if seal is None:
        return ""
    digest = (
        f'<p><code class="commitment" data-testid="commitment">{escape(seal.commitment)}</code></p>'
        if seal.commitment
        else ""
    )
    practice = (
        f'<p class="practice" data-testid="practice">{escape(seal.practice)}</p>'
        if seal.practice
        else ""
    )
    return (
        f'<section class="seal" data-testid="seal" aria-label="{escape(seal.label)}">'
        f"<h2>{escape(seal.label)}</h2>{digest}"
        f'<p class="seal-note">{escape(seal.note)}</p>{practice}</section>'
    )


def proof(model: ProofModel | None, css: str = "proof") -> str:
    """The reveal: the verdict, the seed and salt, and (folded) how to check it by hand."""
    if model is None:
        return ""
    salt = (
        f"<dt>{escape(model.salt_label)}</dt>"
        f'<dd><code data-testid="reveal-salt">{escape(model.salt)}</code></dd>'
        if model.salt
        else ""
    )
    digest = (
        f"<dl><dt>{escape(model.commitment_label)}</dt>"
        f'<dd><code class="commitment">{escape(model.commitment)}</code></dd></dl>'
        if model.commitment
        else ""
    )
    how = (
        f'<p class="how">{escape(model.how)}</p>'
        f'<p class="how"><code>{escape(model.committed)}</code><br>'
        f"<code>{escape(model.command)}</code></p>"
        if model.how
        else ""
    )
    close = button(model.close, "close") if model.close is not None else ""
    ok = "true" if model.ok else "false"
    role = ' role="status"' if model.close is not None else ""
    return (
        f'<section class="{css}" data-testid="proof"{role} aria-label="{escape(model.title)}">'
        f'<div class="proof-head"><h3>{escape(model.title)}</h3>{close}</div>'
        f'<p class="verdict" data-testid="verified" data-ok="{ok}">{escape(model.verdict)}</p>'
        f"<dl><dt>{escape(model.seed_label)}</dt>"
        f'<dd><code data-testid="reveal-seed">{escape(model.seed)}</code></dd>{salt}</dl>'
        f"<details><summary>{escape(model.details)}</summary>"
        f"<p>{escape(model.lead)}</p>{digest}{how}</details></section>"
    )


def calendar(model: CalendarModel | None) -> str:
    """The statistics' daily deals: the streak, the month's calendar, today's deal, Share."""
    if model is None:
        return ""
    heads = "".join(
        f'<th scope="col"><abbr title="{escape(full)}">{escape(short)}</abbr></th>'
        for short, full in model.weekdays
    )
    weeks = "".join(
        "<tr>"
        + "".join(
            "<td></td>"
            if cell is None
            else f'<td data-day="{cell.day}" data-mark="{cell.mark}"'
            + (' aria-current="date"' if cell.today else "")
            + f'><span aria-hidden="true">{cell.day}</span>'
            f'<span class="visually-hidden">{escape(cell.label)}</span></td>'
            for cell in week
        )
        + "</tr>"
        for week in model.weeks
    )
    legend = "".join(
        f'<span class="day-mark" data-mark="{mark}"></span>{escape(label)} '
        for mark, label in model.legend
    )
    share = button(model.share, "menu") if model.share is not None else ""
    return (
        f'<section class="daily-stats" aria-label="{escape(model.title)}">'
        f"<h3>{escape(model.title)}</h3>"
        f'<p class="streak" data-testid="daily-streak">{escape(model.streak)}</p>'
        f'<p class="streak-more">{escape(model.best)} · {escape(model.won)}</p>'
        f'<table class="calendar" data-testid="daily-calendar"><caption>{escape(model.month)}'
        f"</caption><thead><tr>{heads}</tr></thead><tbody>{weeks}</tbody></table>"
        f'<p class="legend" aria-hidden="true">{legend}</p>'
        f'<div class="daily-actions">{button(model.play, "menu")}{share}</div></section>'
    )


def share_box(model: ShareModel | None) -> str:
    """The text *Share* copied, shown to be copied by hand where the clipboard refused it."""
    if model is None:
        return ""
    return (
        '<section class="share" data-testid="share" role="dialog" aria-modal="true" '
        f'aria-labelledby="share-title"><div class="panel-head"><h2 id="share-title">'
        f"{escape(model.title)}</h2>{button(model.close, 'close')}</div>"
        f'<textarea readonly rows="4" data-testid="share-text" '
        f'aria-labelledby="share-title">{escape(model.text)}</textarea>'
        f'<p class="share-status" role="status">{escape(model.status)}</p></section>'
    )
