"""A finished hand and the score sheet: the showdown laid out, the points, the sheet's rows
and the box score (``gin.table.presenter.showdown``)."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from gin.table.models import LaidOutHand, LineModel, ResultModel, SheetModel
from gin.web.render.pieces import button, row


def laid_out(hand: LaidOutHand) -> str:
    melds = "".join(row(meld.cards, "cards meld") for meld in hand.melds)
    deadwood = row(hand.deadwood, "cards deadwood-cards") if hand.deadwood else ""
    note = f'<p class="note">{escape(hand.note)}</p>' if hand.note else ""
    return (
        f'<div class="laid-out"><h3>{escape(hand.title)} '
        f'<span class="deadwood-total">{escape(hand.deadwood_label)}</span></h3>'
        f'<div class="melds">{melds}{deadwood}</div>{note}</div>'
    )


def result_section(result: ResultModel) -> str:
    buttons = "".join(button(b) for b in result.buttons)
    reveal = ""
    if result.reveal is not None:
        r = result.reveal
        reveal = (
            f'<div class="reveal" data-testid="reveal"><h3>{escape(r.computer_title)}</h3>'
            + row(r.computer, "cards small")
            + f"<h3>{escape(r.stock_title)}</h3>"
            + row(r.stock, "cards small stock-order")
            + "</div>"
        )
    # The words and buttons, then the hands: two boxes, so that a landscape phone can set
    # them side by side (table.css).
    return (
        '<section class="result" data-testid="result"><div class="result-words">'
        f'<h2 data-testid="result-headline">{escape(result.headline)}</h2>'
        f'<p class="points" data-testid="points">{escape(result.points)}</p>'
        f'<p class="points-words">{escape(result.detail)}</p>'
        f'<div class="result-actions">{buttons}</div></div><div class="result-hands">'
        + "".join(laid_out(hand) for hand in result.hands)
        + reveal
        + "</div></section>"
    )


def lines_table(lines: Iterable[LineModel], css: str, heads: tuple[str, str]) -> str:
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    rows = "".join(
        f'<tr><th scope="row">{escape(line.label)}</th><td>{escape(line.you)}</td>'
        f"<td>{escape(line.ai)}</td></tr>"
        for line in lines
    )
    return (
        f'<table class="{css}"><thead><tr><td></td>{head}</tr></thead><tbody>{rows}</tbody></table>'
    )


def score_sheet(sheet: SheetModel, titled: bool = True) -> str:
    """The score sheet; ``titled=False`` inside its own panel, whose title already says it."""
    number, *others = sheet.heads
    head = (
        f'<th scope="col" aria-label="{escape(number)}">'
        f'<abbr title="{escape(number)}">{escape(sheet.number_head)}</abbr></th>'
    ) + "".join(f'<th scope="col">{escape(h)}</th>' for h in others)
    rows = "".join(
        f'<tr data-testid="sheet-row"><th scope="row">{r.number}</th>'
        f"<td>{escape(r.who)}</td><td>{escape(r.how)}</td>"
        f'<td data-you="{r.you}"><span class="hand-points">{r.you or ""}</span>'
        f'<span class="running">{r.you_total}</span></td>'
        f'<td data-ai="{r.ai}"><span class="hand-points">{r.ai or ""}</span>'
        f'<span class="running">{r.ai_total}</span></td></tr>'
        for r in sheet.rows
    )
    box = ""
    if sheet.box:
        heads = (sheet.heads[-2], sheet.heads[-1])
        box = f"<h3>{escape(sheet.box_title)}</h3>" + lines_table(sheet.box, "box-score", heads)
    total = sheet.total
    return (
        f'<section class="sheet" data-testid="score-sheet" aria-label="{escape(sheet.title)}">'
        + (f"<h2>{escape(sheet.title)}</h2>" if titled else "")
        + f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody>"
        f'<tfoot><tr><th scope="row" colspan="3">{escape(total.label)}</th>'
        f"<td>{escape(total.you)}</td><td>{escape(total.ai)}</td></tr></tfoot></table>"
        f"{box}</section>"
    )
