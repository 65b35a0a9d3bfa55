"""HTML for the table, from the presenter's model (pure Python: no browser needed to test it).

The page is redrawn as one HTML string per change, which costs a single
call into the browser instead of hundreds of small DOM calls from Python.
Every text passes through :func:`html.escape`.  The stable test hooks
(``data-card``, ``data-action``, ``data-testid``, ``data-playable``) are
written here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from gin.i18n import LANGUAGES, Translator
from gin.table.presenter import ButtonModel, CardModel, LaidOutHand, ResultModel, TableModel
from gin.table.session import LEVELS

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def attrs(**values: str | bool | int | None) -> str:
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


def card_face(card: CardModel, *, tag: str = "span", **extra: str | bool | int | None) -> str:
    """A face-up card: rank and suit symbol, with its spoken name for screen readers."""
    rank, suit = card.code[:-1], card.code[-1]
    classes = f"card suit-{suit.lower()}"
    if card.meld is not None:
        classes += f" in-meld meld-{card.meld % 4}"
    if card.note:
        classes += " noted"
    label = card.name + (f" ({card.note})" if card.note else "")
    note = f'<span class="card-note" aria-hidden="true">{escape(card.note)}</span>' if card.note else ""
    return (
        f"<{tag} {attrs(class_=classes, data_card=card.code, aria_label=label, **extra)}>"
        f'<span class="rank" aria-hidden="true">{escape(rank)}</span>'
        f'<span class="suit" aria-hidden="true">{SUIT_SYMBOLS[suit]}</span>{note}</{tag}>'
    )


def card_back() -> str:
    return '<span class="card back" aria-hidden="true"></span>'


def row(cards: Iterable[CardModel], css: str = "cards") -> str:
    return f'<div class="{css}">' + "".join(card_face(card) for card in cards) + "</div>"


def button(model: ButtonModel) -> str:
    return (
        f"<button {attrs(type='button', class_='action', data_action=model.action, disabled=not model.enabled, aria_pressed=('true' if model.pressed else 'false') if model.action in ('knock', 'gin') else None, title=model.hint or None)}>"
        f"{escape(model.label)}</button>"
    )


def hand_section(model: TableModel, tr: Translator, selected: str | None) -> str:
    cards = []
    previous_group: int | None | str = "start"
    for card in model.hand:
        group = card.meld
        if previous_group != "start" and group != previous_group:
            cards.append('<span class="gap" aria-hidden="true"></span>')
        previous_group = group
        cards.append(
            card_face(
                card,
                tag="button",
                type="button",
                draggable="true",
                data_playable="true" if card.playable else None,
                aria_disabled="false" if card.playable else "true",
                data_selected="true" if selected == card.code else None,
            )
        )
    meld_note = tr.gettext("Cards in melds are raised and underlined.")
    return (
        f'<section class="hand-area" aria-label="{escape(tr.gettext("Your hand"))}">'
        f'<div class="hand-info"><span class="deadwood" data-testid="deadwood">'
        f'{escape(model.labels["deadwood"])}</span>'
        f'<span class="meld-note">{escape(meld_note)}</span></div>'
        f'<div class="cards hand" data-testid="hand">{"".join(cards)}</div></section>'
    )


def laid_out(hand: LaidOutHand, tr: Translator) -> str:
    melds = "".join(row(meld, "cards meld") for meld in hand.melds)
    deadwood = row(hand.deadwood, "cards deadwood-cards") if hand.deadwood else ""
    points = tr.gettext("Deadwood: {points}").format(points=hand.deadwood_points)
    return (
        f'<div class="laid-out"><h3>{escape(hand.title)}</h3>'
        f'<div class="melds">{melds}{deadwood}</div><p>{escape(points)}</p></div>'
    )


def result_section(result: ResultModel, model: TableModel, tr: Translator) -> str:
    buttons = "".join(button(b) for b in model.buttons if b.action in ("next-hand", "new-game"))
    return (
        f'<section class="result" data-testid="result" aria-label="{escape(tr.gettext("Result"))}">'
        f'<h2 data-testid="result-headline">{escape(result.headline)}</h2>'
        f"<p>{escape(result.detail)}</p>"
        + "".join(laid_out(hand, tr) for hand in result.hands)
        + f'<div class="result-actions">{buttons}</div></section>'
    )


def score_sheet(model: TableModel, tr: Translator) -> str:
    rows = "".join(
        f'<tr data-testid="sheet-row"><th scope="row">{escape(r.label)}</th>'
        f'<td data-you="{r.you}">{r.you}</td><td data-ai="{r.ai}">{r.ai}</td></tr>'
        for r in model.sheet
    )
    return (
        f'<details class="sheet" open><summary>{escape(tr.gettext("Score sheet"))}</summary>'
        f'<table><thead><tr><th scope="col">{escape(tr.gettext("Hand"))}</th>'
        f'<th scope="col">{escape(tr.gettext("You"))}</th>'
        f'<th scope="col">{escape(tr.gettext("Computer"))}</th></tr></thead>'
        f"<tbody>{rows}</tbody>"
        f'<tfoot><tr><th scope="row">{escape(model.totals.label)}</th>'
        f"<td>{model.totals.you}</td><td>{model.totals.ai}</td></tr></tfoot></table></details>"
    )


def toolbar(model: TableModel, tr: Translator, level: str, language: str, sort_mode: str) -> str:
    _ = tr.gettext
    level_names = {"easy": _("Easy"), "normal": _("Normal"), "hard": _("Hard")}
    levels = "".join(
        f"<option {attrs(value=name, selected=name == level)}>{escape(level_names[name])}</option>"
        for name in LEVELS
    )
    languages = "".join(
        f"<option {attrs(value=code, selected=code == language, lang=code)}>{escape(name)}</option>"
        for code, name in LANGUAGES.items()
    )
    sort_names = {"melds": _("Group melds"), "rank": _("Sort by rank"), "suit": _("Sort by suit")}
    sorts = "".join(
        f"<button {attrs(type='button', data_sort=mode, aria_pressed='true' if mode == sort_mode else 'false')}>"
        f"{escape(label)}</button>"
        for mode, label in sort_names.items()
    )
    return (
        f'<header class="topbar"><h1>{escape(_("Gin Rummy"))}</h1>'
        f'<span class="ruleset" data-testid="ruleset">{escape(model.labels["ruleset"])}</span>'
        f'<label class="control">{escape(_("Computer level (next game)"))} '
        f'<select data-control="level">{levels}</select></label>'
        f'<label class="control">{escape(_("Language"))} '
        f'<select data-control="language">{languages}</select></label>'
        f'<div class="sorts" role="group" aria-label="{escape(_("Arrange your hand"))}">{sorts}</div>'
        f"</header>"
    )


def table_html(
    model: TableModel,
    tr: Translator,
    *,
    level: str,
    language: str,
    sort_mode: str,
    log: list[str],
    selected: str | None = None,
) -> str:
    """The whole table as HTML, drawn into ``<main id="app">``."""
    _ = tr.gettext
    known = {card.code for card in model.opponent_known}
    backs = "".join(card_back() for _n in range(model.opponent_count - len(known)))
    known_cards = "".join(card_face(card, data_known="true") for card in model.opponent_known)
    pile_top = model.pile[-1] if model.pile else None
    pile_label = (
        _("Discard pile, top card {card}").format(card=pile_top.name) if pile_top else _("Discard pile")
    )
    earlier = model.pile[:-1]
    actions = "".join(button(b) for b in model.buttons if b.action in ("take", "pass", "knock", "gin"))
    log_items = "".join(f"<li>{escape(line)}</li>" for line in log[-4:])
    result = result_section(model.result, model, tr) if model.result else ""
    new_game = next(b for b in model.buttons if b.action == "new-game")
    return (
        toolbar(model, tr, level, language, sort_mode)
        + '<section class="scores" aria-label="'
        + escape(_("Scores"))
        + '">'
        + f'<span>{escape(_("You"))} <b data-testid="score-you">{model.you_score}</b></span>'
        + f'<span>{escape(_("Computer"))} <b data-testid="score-ai">{model.ai_score}</b></span>'
        + f'<span class="hand-number">{escape(model.labels["hand_number"])}</span>'
        + (button(new_game) if not model.result else "")
        + "</section>"
        + f'<section class="opponent" aria-label="{escape(model.labels["opponent"])}">'
        + f'<p class="label">{escape(model.labels["opponent"])}</p>'
        + f'<div class="cards opponent-hand" data-testid="opponent-hand">{backs}{known_cards}</div>'
        + "</section>"
        + '<section class="middle">'
        + f"<button {attrs(type='button', class_='stock', data_testid='stock', disabled=not model.stock_enabled, aria_label=model.labels['stock'])}>"
        + f'{card_back()}<span class="count">{model.stock_count}</span></button>'
        + f"<button {attrs(type='button', class_='pile', data_testid='pile', disabled=not model.pile_enabled, aria_label=pile_label)}>"
        + (card_face(pile_top) if pile_top else "")
        + "</button>"
        + (
            f'<details class="discards"><summary>{escape(_("Earlier discards"))} ({len(earlier)})</summary>'
            + row(earlier)
            + "</details>"
            if earlier
            else ""
        )
        + "</section>"
        + f'<p class="status" data-testid="status">{escape(model.status)}</p>'
        + f'<div class="actions" role="group" aria-label="{escape(_("Actions"))}">{actions}</div>'
        + hand_section(model, tr, selected)
        + f'<ol class="log" aria-label="{escape(_("Computer moves"))}">{log_items}</ol>'
        + result
        + score_sheet(model, tr)
    )
