"""HTML for the table, drawn from the presenter's render model (pure: tested without a browser).

The page is redrawn as one HTML string per change, one call into the browser
instead of hundreds of small DOM calls from Python.  This module only draws:
every text, every flag and every key letter comes from the model.  Every text
passes through :func:`html.escape`.  The stable hooks (``data-card``,
``data-action``, ``data-testid``, ``data-playable``) are written here and
nowhere else; :data:`CONTROLS` lists the ``data-action`` names the page
understands.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from gin.i18n import LANGUAGES
from gin.table.models import (
    ButtonModel,
    CardModel,
    FieldModel,
    GameOverModel,
    LaidOutHand,
    LineModel,
    LogModel,
    MessageModel,
    PanelModel,
    QuestionModel,
    ResultModel,
    ReviewModel,
    ReviewStatsModel,
    SeatModel,
    SheetModel,
    StatsModel,
    TableModel,
)
from gin.web import fair_render

SPRITE = "./static/cards/cards.svg"
"""The card art (tools/card_art.py): one symbol per face, ``card-7H``, and ``card-back``."""


def attrs(**values: str | bool | int | float | None) -> str:
    """HTML attributes from keyword arguments: ``data_card`` becomes ``data-card``.

    ``True`` writes a bare attribute, ``False`` and ``None`` leave it out.
    """
    parts = []
    for key, value in values.items():
        name = key.rstrip("_").replace("_", "-")
        if value is True:
            parts.append(name)
        elif value is not False and value is not None:
            parts.append(f'{name}="{escape(str(value))}"')
    return " ".join(parts)


# --- cards ------------------------------------------------------------------------------------


def art(symbol: str) -> str:
    """A card picture from the sprite (``symbol`` is ``card-7H`` or ``card-back``)."""
    return (
        f'<svg class="card-art" viewBox="0 0 240 336" aria-hidden="true" focusable="false">'
        f'<use href="{SPRITE}#{symbol}"></use></svg>'
    )


def _card_classes(card: CardModel, extra: str = "") -> str:
    classes = ["card", f"suit-{card.card.suit.lower()}"]
    if card.meld is not None:
        classes += ["in-meld", f"meld-{card.meld % 4}"]
    for flag in ("playable", "selected", "fresh", "aid", "theirs"):
        if getattr(card, flag):
            classes.append(flag)
    if card.note:
        classes.append("noted")
    if extra:
        classes.append(extra)
    return " ".join(classes)


def card_face(card: CardModel, *, extra: str = "") -> str:
    """A face-up card shown as a picture, named by its label for screen readers."""
    label = card.name + (f" ({card.note})" if card.note else "")
    return (
        f"<span {attrs(class_=_card_classes(card, extra), data_card=str(card.card))} "
        f'role="img" aria-label="{escape(label)}">{art(f"card-{card.card}")}{_note(card)}</span>'
    )


def _note(card: CardModel) -> str:
    if not card.note:
        return ""
    return f'<span class="card-note" aria-hidden="true">{escape(card.note)}</span>'


def hand_card(card: CardModel) -> str:
    """A card of the person's hand: a button named by hidden text (no mismatched label)."""
    label = card.name + (f" ({card.note})" if card.note else "")
    return (
        "<button "
        + attrs(
            type="button",
            class_=_card_classes(card),
            data_card=str(card.card),
            data_playable="true" if card.playable else None,
            data_selected="true" if card.selected else None,
            aria_disabled="false" if card.playable else "true",
            aria_pressed="true" if card.selected else None,
        )
        + f">{art(f'card-{card.card}')}{_note(card)}"
        f'<span class="visually-hidden">{escape(label)}</span></button>'
    )


def card_back(extra: str = "") -> str:
    return f'<span class="card back{" " + extra if extra else ""}">{art("card-back")}</span>'


def row(cards: Iterable[CardModel], css: str = "cards") -> str:
    return f'<div class="{css}">' + "".join(card_face(card) for card in cards) + "</div>"


# --- controls ---------------------------------------------------------------------------------


def button(model: ButtonModel, css: str = "action") -> str:
    classes = css + (" primary" if model.primary else "")
    shortcut = f'<kbd aria-hidden="true">{escape(model.key)}</kbd>' if model.key else ""
    return (
        "<button "
        + attrs(
            type="button",
            class_=classes,
            data_action=model.action,
            aria_disabled=None if model.enabled else "true",
            aria_pressed=None if model.pressed is None else str(model.pressed).lower(),
            aria_keyshortcuts=model.key or None,
            title=model.title or None,
        )
        + f'><span class="label">{escape(model.label)}</span>{shortcut}</button>'
    )


def message_line(model: MessageModel | None, testid: str, css: str) -> str:
    """A one-line message with reserved space: an empty line when there is nothing to say."""
    if model is None:
        return f'<p class="{css}" data-testid="{testid}" role="status"></p>'
    return (
        f"<p {attrs(class_=css + ' shown', data_testid=testid, role='status')} "
        f"{attrs(data_target=model.target or None, data_serial=model.serial)}>"
        f"{escape(model.text)}</p>"
    )


def notices(items: Iterable[MessageModel]) -> str:
    out = []
    for item in items:
        close = button(item.close, "close") if item.close else ""
        out.append(
            f'<div class="notice" data-testid="notice" role="alert">'
            f"<p>{escape(item.text)}</p>{close}</div>"
        )
    return "".join(out)


# --- the table --------------------------------------------------------------------------------


def topbar(model: TableModel) -> str:
    bar = model.topbar

    def seat(seat_model: SeatModel) -> str:
        dealer = (
            f'<span class="dealer-chip" data-testid="dealer" title="{escape(bar.dealer_label)}">'
            f'<span aria-hidden="true">D</span>'
            f'<span class="visually-hidden">{escape(bar.dealer_label)}</span></span>'
            if seat_model.dealer
            else ""
        )
        return (
            f'<span class="seat-score">{dealer}<span class="name">{escape(seat_model.name)}</span>'
            f' <b data-testid="{seat_model.testid}">{seat_model.score}</b></span>'
        )

    menu = bar.menu
    return (
        f'<header class="topbar"><h1 class="title">{escape(bar.title)}</h1>'
        f'<div class="scoreboard" role="group" aria-label="{escape(model.labels["scores"])}">'
        f"{seat(bar.you)}{seat(bar.ai)}"
        f'<span class="target">{escape(bar.target)}</span></div>'
        f'<span class="hand-number">{escape(bar.hand_number)}</span>'
        f'<span class="level">{escape(bar.level)}</span>'
        f'<span class="ruleset" data-testid="ruleset">{escape(bar.ruleset)}</span>'
        + fair_render.seal_chip(model.seal)
        + "<button "
        + attrs(
            type="button",
            class_="menu-button",
            data_action=menu.action,
            aria_expanded=str(bool(menu.pressed)).lower(),
            aria_haspopup="true",
        )
        + f'><span class="burger" aria-hidden="true"></span>{escape(menu.label)}</button>'
        "</header>"
    )


def opponent(model: TableModel) -> str:
    seat = model.opponent
    count = seat.hidden + len(seat.known)
    backs = "".join(card_back() for _ in range(seat.hidden))
    known = "".join(card_face(card, extra="known") for card in seat.known)
    thinking = (
        f' <span class="thinking" data-testid="thinking"><span class="clock" aria-hidden="true">'
        f"</span>{escape(seat.thinking)}</span>"
        if seat.thinking
        else ""
    )
    return (
        f'<section class="opponent" aria-label="{escape(seat.label)}">'
        f'<p class="seat-label">{escape(seat.label)}{thinking}</p>'
        f'<div class="fan opponent-hand n-{count}" data-testid="opponent-hand">{backs}{known}</div>'
        # Its line is there even when empty, so that the first move shifts nothing.
        f'<p class="last-move" data-testid="last-move">{escape(seat.last_move) or "&nbsp;"}</p>'
        "</section>"
    )


def middle(model: TableModel) -> str:
    stock, pile = model.stock, model.pile
    stock_button = (
        "<button "
        + attrs(
            type="button",
            class_="stock",
            data_testid="stock",
            data_enabled=str(stock.enabled).lower(),
            aria_disabled=None if stock.enabled else "true",
            aria_keyshortcuts="S",
        )
        + f">{card_back('stock-top') if stock.count else ''}"
        f'<span class="count" aria-hidden="true">{stock.count}</span>'
        f'<span class="place-label" aria-hidden="true">{escape(stock.label)}</span>'
        # Named by hidden text, like the pile: an aria-label would not contain the visible
        # "31 Stock" (WCAG 2.5.3, label in name).
        f'<span class="visually-hidden">{escape(stock.aria)}</span></button>'
    )
    fanned = "".join(
        card_face(card, extra="top" if index == len(pile.cards) - 1 else "under")
        for index, card in enumerate(pile.cards)
    )
    pile_button = (
        "<button "
        + attrs(
            type="button",
            class_="pile" + (" aid" if pile.aid else ""),
            data_testid="pile",
            data_enabled=str(pile.enabled).lower(),
            aria_disabled=None if pile.enabled else "true",
            aria_keyshortcuts="P",
        )
        + f'><span class="fan pile-fan n-{len(pile.cards)}" aria-hidden="true">{fanned}</span>'
        f'<span class="place-label" aria-hidden="true">{escape(pile.label)}</span>'
        f'<span class="visually-hidden">{escape(pile.aria)}</span></button>'
    )
    return (
        f'<section class="middle" aria-label="{escape(model.labels["middle"])}">'
        f"{stock_button}{pile_button}</section>"
    )


def hand_section(model: TableModel) -> str:
    cards = "".join(hand_card(card) for card in model.hand)
    sorts = "".join(button(b, "sort") for b in model.sorts)
    return (
        f'<section class="hand-area" aria-label="{escape(model.hand_label)}">'
        f'<p class="count-line" data-testid="deadwood">{escape(model.count_line)}</p>'
        f'<div class="fan hand n-{len(model.hand)}" data-testid="hand">{cards}</div>'
        f'<div class="sorts" role="group" aria-label="{escape(model.sort_label)}">{sorts}</div>'
        f'<p class="visually-hidden">{escape(model.labels["meld_note"])}</p>'
        "</section>"
    )


def prompt(model: TableModel) -> str:
    hint = (
        # Focusable: on a narrow screen the hint can scroll, and keys must scroll it too.
        f'<p class="hint" data-testid="hint" role="status" tabindex="0">{escape(model.hint)}</p>'
        if model.hint
        else ""
    )
    return (
        f'<div class="prompt"><p class="status" data-testid="status">{escape(model.status)}</p>'
        + message_line(model.why, "why", "why")
        + hint
        + "</div>"
    )


def actions(model: TableModel) -> str:
    buttons = "".join(button(b) for b in model.buttons)
    label = escape(model.labels["actions"])
    return f'<div class="actions" role="group" aria-label="{label}">{buttons}</div>'


# --- the end of a hand and of the game ---------------------------------------------------------


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
    return (
        '<section class="result" data-testid="result">'
        f'<h2 data-testid="result-headline">{escape(result.headline)}</h2>'
        f'<p class="points" data-testid="points">{escape(result.points)}</p>'
        f'<p class="points-words">{escape(result.detail)}</p>'
        f'<div class="result-actions">{buttons}</div>'
        + "".join(laid_out(hand) for hand in result.hands)
        + reveal
        + "</section>"
    )


def _lines(lines: Iterable[LineModel], css: str, heads: tuple[str, str]) -> str:
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    rows = "".join(
        f'<tr><th scope="row">{escape(line.label)}</th><td>{escape(line.you)}</td>'
        f"<td>{escape(line.ai)}</td></tr>"
        for line in lines
    )
    return (
        f'<table class="{css}"><thead><tr><td></td>{head}</tr></thead><tbody>{rows}</tbody></table>'
    )


def game_over_section(over: GameOverModel, result: ResultModel | None, proof: str = "") -> str:
    buttons = "".join(button(b) for b in over.buttons)
    last = ""
    if result is not None:
        last = (
            f'<p class="last-hand" data-testid="result"><span data-testid="result-headline">'
            f'{escape(result.headline)}</span> <span class="points" data-testid="points">'
            f"{escape(result.points)}</span></p>" + "".join(laid_out(hand) for hand in result.hands)
            # The hand that ended the game, laid out as every other hand's result is.
        )
    return (
        '<section class="game-over" data-testid="game-over" role="dialog" aria-modal="false" '
        f'aria-labelledby="game-over-title"><h2 id="game-over-title">{escape(over.title)}</h2>'
        f'<p class="final"><span>{escape(over.you_label)} '
        f'<b data-testid="final-you">{over.you}</b></span>'
        f'<span>{escape(over.ai_label)} <b data-testid="final-ai">{over.ai}</b></span></p>'
        f'<div class="result-actions">{buttons}</div>'
        + proof
        + last
        + _lines(over.lines, "box-score", (over.you_label, over.ai_label))
        + f"<h3>{escape(over.figures_title)}</h3>"
        + _lines(over.figures, "figures", (over.you_label, over.ai_label))
        + f'<p class="seed">{escape(over.seed_text)} '
        f'<a href="{escape(over.seed_href)}" data-testid="seed-link">'
        f"{escape(over.seed_link)}</a></p>"
        "</section>"
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
        box = f"<h3>{escape(sheet.box_title)}</h3>" + _lines(sheet.box, "box-score", heads)
    total = sheet.total
    return (
        f'<section class="sheet" data-testid="score-sheet" aria-label="{escape(sheet.title)}">'
        + (f"<h2>{escape(sheet.title)}</h2>" if titled else "")
        + f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody>"
        f'<tfoot><tr><th scope="row" colspan="3">{escape(total.label)}</th>'
        f"<td>{escape(total.you)}</td><td>{escape(total.ai)}</td></tr></tfoot></table>"
        f"{box}</section>"
    )


def move_log(log: LogModel) -> str:
    items = "".join(f"<li>{escape(entry)}</li>" for entry in log.entries)
    # The list scrolls when the hand is long: focusable, so the keyboard can scroll it too.
    body = (
        f'<ol tabindex="0" aria-label="{escape(log.title)}">{items}</ol>'
        if items
        else f'<p class="empty">{escape(log.empty)}</p>'
    )
    return (
        f'<section class="log" data-testid="move-log" aria-label="{escape(log.title)}">'
        f"<h2>{escape(log.title)}</h2>{body}</section>"
    )


# --- panels and questions -----------------------------------------------------------------------


def field(model: FieldModel) -> str:
    if model.kind == "checkbox":
        box = attrs(type="checkbox", data_setting=model.name, checked=model.checked)
        return f'<label class="check"><input {box}> {escape(model.label)}</label>'
    if model.kind == "number":
        box = attrs(
            type="number",
            data_setting=model.name,
            min=model.minimum,
            max=model.maximum,
            step=1,
            value=model.value,
        )
        return f"<label>{escape(model.label)} <input {box}></label>"
    options = "".join(
        f"<option {attrs(value=value, selected=value == model.value)}>{escape(label)}</option>"
        for value, label in model.options
    )
    select = f'<select data-setting="{model.name}">{options}</select>'
    return f"<label>{escape(model.label)} {select}</label>"


def stats_body(stats: StatsModel) -> str:
    heads = "".join(f'<th scope="col">{escape(h)}</th>' for h in stats.heads)
    rows = "".join(
        f'<tr><th scope="row">{escape(label)}</th>'
        + "".join(f"<td>{value}</td>" for value in values)
        + "</tr>"
        for label, values in stats.rows
    )
    table = (
        f'<table class="stats" data-testid="stats-table"><thead><tr><td></td>{heads}</tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )
    return stats_chart(stats) + table + review_stats(stats.reviews) + button(stats.reset, "menu")


def review_stats(model: ReviewStatsModel) -> str:
    """The coach's figures per level (their columns are the statistics table's levels)."""
    rows = "".join(
        f'<tr><th scope="row">{escape(label)}</th>'
        + "".join(f"<td>{escape(value)}</td>" for value in values)
        + "</tr>"
        for label, values in model.rows
    )
    return (
        f'<table class="stats" data-testid="review-stats"><caption>{escape(model.title)}'
        f"</caption><tbody>{rows}</tbody></table>"
    )


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


def stats_chart(stats: StatsModel) -> str:
    """Games won and lost per level as a bar chart (inline SVG), or a line when there are none."""
    if not stats.bars:
        return f'<p class="chart-empty" data-testid="chart-empty">{escape(stats.empty)}</p>'
    top = max([bar.won + bar.lost for bar in stats.bars] + [1])
    parts = []
    for index, bar in enumerate(stats.bars):
        x = 20 + index * 90
        won_h = round(100 * bar.won / top)
        lost_h = round(100 * bar.lost / top)
        parts.append(
            f'<rect class="won" x="{x}" y="{120 - won_h}" width="30" height="{won_h}"></rect>'
            f'<rect class="lost" x="{x + 32}" y="{120 - lost_h}" width="30" height="{lost_h}">'
            f"</rect>"
            f'<text x="{x + 15}" y="{116 - won_h}" text-anchor="middle">{bar.won}</text>'
            f'<text x="{x + 47}" y="{116 - lost_h}" text-anchor="middle">{bar.lost}</text>'
            f'<text x="{x + 31}" y="138" text-anchor="middle">{escape(bar.label)}</text>'
        )
    legend = (
        f'<p class="legend"><span class="swatch won"></span>{escape(stats.won_label)} '
        f'<span class="swatch lost"></span>{escape(stats.lost_label)}</p>'
    )
    return (
        f'<figure class="chart"><svg viewBox="0 -12 290 157" role="img" '
        f'aria-label="{escape(stats.chart_label)}">{"".join(parts)}</svg>{legend}</figure>'
    )


def panel(model: PanelModel, table: TableModel) -> str:
    if model.name == "menu":
        items = "".join(button(item, "menu-item") for item in model.items)
        languages = "".join(
            f"<option {attrs(value=code, selected=code == table.language, lang=code)}>"
            f"{escape(name)}</option>"
            for code, name in LANGUAGES.items()
        )
        return (
            f'<nav class="menu-panel" data-testid="menu" aria-label="{escape(model.title)}">'
            f'{items}<label class="language"><span>{escape(table.labels["language"])}</span>'
            f'<select data-control="language">{languages}</select></label></nav>'
        )
    if model.name == "settings":
        body = (
            '<form class="settings" data-testid="settings-form">'
            + "".join(
                f"<fieldset><legend>{escape(fs.legend)}</legend>"
                + "".join(field(f) for f in fs.fields)
                + "</fieldset>"
                for fs in model.fieldsets
            )
            + "</form>"
        )
    elif model.name == "stats" and model.stats is not None:
        body = stats_body(model.stats) + fair_render.calendar(model.calendar)
    elif model.name == "rules":
        body = model.rules_html
    elif model.name == "sheet":
        body = (
            fair_render.seal_block(table.seal)
            + score_sheet(table.sheet, titled=False)
            + move_log(table.log)
        )
    elif model.name == "review" and model.review is not None:
        body = review_body(model.review)
    else:
        keys = "".join(
            f"<tr><th scope='row'><kbd>{escape(key)}</kbd></th><td>{escape(what)}</td></tr>"
            for key, what in model.keys
        )
        body = f'<table class="keys">{keys}</table><p>{escape(model.tips)}</p>'
    return (
        f'<section class="panel" data-testid="{model.name}-panel" role="dialog" '
        f'aria-label="{escape(model.title)}"><div class="panel-head"><h2>{escape(model.title)}</h2>'
        + button(model.close, "close")
        # A panel of text only scrolls with the keyboard when its body can take the focus.
        + f'</div><div class="panel-body"{_SCROLL_FOCUS.get(model.name, "")}>{body}</div>'
        + "</section>"
    )


_SCROLL_FOCUS = {name: ' tabindex="0"' for name in ("rules", "help", "sheet")}
"""Panels with no control of their own to scroll by: their body takes the focus."""


def question_box(question: QuestionModel) -> str:
    return (
        f'<div class="confirm" data-testid="confirm" data-question="{question.name}" '
        f'role="alertdialog" aria-label="{escape(question.text)}"><p>{escape(question.text)}</p>'
        f'<div class="confirm-actions">{button(question.confirm, "menu")}'
        f"{button(question.cancel, 'menu')}</div></div>"
    )


# --- everything -------------------------------------------------------------------------------


REGIONS = (
    "topbar",
    "notices",
    "opponent",
    "middle",
    "prompt",
    "actions",
    "hand",
    "result",
    "side",
    "overlay",
)
"""The parts of the table, each drawn into its own element: the page replaces only the parts
whose HTML changed, so the cards elsewhere stay as they are (no re-layout, no flicker)."""


def regions(model: TableModel) -> dict[str, str]:
    """The HTML of every region of the table (empty where a region shows nothing now)."""
    drawn = dict.fromkeys(REGIONS, "")
    drawn["topbar"] = topbar(model)
    drawn["notices"] = notices(model.notices) + fair_render.proof(model.left, "proof left")
    why = message_line(model.why, "why", "why")
    if model.game_over is not None:
        proof = fair_render.proof(model.proof)
        drawn["result"] = game_over_section(model.game_over, model.result, proof) + why
    elif model.result is not None:
        drawn["result"] = result_section(model.result) + why
    else:
        drawn["opponent"] = opponent(model)
        drawn["middle"] = middle(model)
        drawn["prompt"] = prompt(model)
        drawn["actions"] = actions(model)
        drawn["hand"] = hand_section(model)
    drawn["side"] = (
        fair_render.seal_block(model.seal) + score_sheet(model.sheet) + move_log(model.log)
    )
    if model.panel is not None:
        drawn["overlay"] += panel(model.panel, model)
    if model.question is not None:
        drawn["overlay"] += question_box(model.question)
    drawn["overlay"] += fair_render.share_box(model.sharing)
    return drawn


def table_classes(model: TableModel) -> str:
    return " ".join(("table", *model.classes))


def _region(name: str, html: str, tag: str = "div") -> str:
    return f'<{tag} class="region" data-region="{name}">{html}</{tag}>'


def table_html(model: TableModel, drawn: dict[str, str] | None = None) -> str:
    """The whole table as HTML, drawn into ``<main id="app">`` (its regions inside);
    ``drawn``: the model's :func:`regions`, when the caller has them already."""
    drawn = drawn if drawn is not None else regions(model)
    play = "".join(
        _region(name, drawn[name])
        for name in ("opponent", "middle", "prompt", "actions", "hand", "result")
    )
    return (
        f'<div class="{table_classes(model)}" data-testid="table">'
        + _region("topbar", drawn["topbar"])
        + _region("notices", drawn["notices"])
        + f'<div class="felt"><div class="play">{play}</div>'
        + f'<aside class="side">{_region("side", drawn["side"])}</aside></div>'
        + _region("overlay", drawn["overlay"])
        + "</div>"
    )


CONTROLS = (
    "take",
    "pass",
    "knock",
    "gin",
    "hint",
    "next-hand",
    "show-deck",
    "review-hand",
    "review-prev",
    "review-next",
    "new-game",
    "menu",
    "settings",
    "stats",
    "rules",
    "help",
    "sheet",
    "download",
    "close-panel",
    "reset-stats",
    "confirm",
    "cancel",
    "daily",
    "back-to-game",
    "share-daily",
    "close-share",
    "close-reveal",
)
"""The ``data-action`` names drawn by this module; the page maps each to an intent."""
