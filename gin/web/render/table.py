"""The table in play: the top bar, the notices, the computer's hand, the stock and the pile,
the prompt, the buttons, the person's hand, the move log (``gin.table.presenter.table``)."""

from __future__ import annotations

from html import escape

from gin.table.controls import Control
from gin.table.models import LogModel, SeatModel, TableModel
from gin.web.render.deals import seal_chip
from gin.web.render.pieces import attrs, button, card_back, card_face, hand_card, message_line
from gin.web.render.showdown import laid_out


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
        + seal_chip(model.seal)
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
    if seat.laid_out is not None:  # a lesson: the computer's melds laid down after its knock
        return (
            f'<section class="opponent laid-down" aria-label="{escape(seat.label)}">'
            f'<div class="opponent-hand" data-testid="opponent-hand">{laid_out(seat.laid_out)}'
            "</div></section>"
        )
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
            data_action=Control.STOCK.action,
            data_enabled=str(stock.enabled).lower(),
            aria_disabled=None if stock.enabled else "true",
            aria_keyshortcuts=Control.STOCK.key,
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
            data_action=Control.PILE.action,
            data_enabled=str(pile.enabled).lower(),
            aria_disabled=None if pile.enabled else "true",
            aria_keyshortcuts=Control.PILE.key,
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
