"""The pieces every region is drawn from: attributes, cards, buttons, one-line messages.

Every text passes through :func:`html.escape`.  The stable hooks (``data-card``,
``data-action``, ``data-testid``, ``data-playable``) are written by the renderer and
nowhere else.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from gin.table.models import ButtonModel, CardModel, MessageModel


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


def art(face: str) -> str:
    """A card's picture (``face`` is ``7H`` or ``back``): one box whose background image the
    published cards.css gives (``.face-7H``, drawn by tools.card_art.card_faces), so the
    browser has no card drawing to style or lay out."""
    return f'<span class="card-art face-{face}" aria-hidden="true"></span>'


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
        f'role="img" aria-label="{escape(label)}">{art(str(card.card))}{_note(card)}</span>'
    )


def _note(card: CardModel) -> str:
    if not card.note:
        return ""
    return f'<span class="card-note" aria-hidden="true">{escape(card.note)}</span>'


def hand_card(card: CardModel) -> str:
    """A card of the person's hand: a button named by ``aria-label``, or, when it shows a note,
    by hidden text that holds the note: a name given by ``aria-label`` must hold the visible
    note as axe reads it (WCAG 2.5.3, label in name), and the bracketed note does not.  The
    hidden text is an element and a text more to style and lay out in every drawing of the
    hand, so the nine or ten cards without a note go without it.

    Every card is drawn out of the Tab key's order: the page makes one of them the hand's
    tab stop (``roveHand``, static/js/table-dom.mjs) and the arrows move along the hand, so
    the controls past the hand are one Tab away, not eleven."""
    label = card.name + (f" ({card.note})" if card.note else "")
    named = (
        f'{_note(card)}<span class="visually-hidden">{escape(label)}</span>' if card.note else ""
    )
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
            aria_label=None if card.note else label,
            tabindex="-1",
        )
        + f">{art(str(card.card))}{named}</button>"
    )


def card_back(extra: str = "") -> str:
    return f'<span class="card back{" " + extra if extra else ""}">{art("back")}</span>'


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


def message_line(model: MessageModel | None, testid: str, css: str, after: str = "") -> str:
    """A one-line message with reserved space: an empty line when there is nothing to say
    (or it is said elsewhere: no words); ``after``: HTML that follows the message's text inside
    it (a control to put it away)."""
    if model is None or not model.text:
        return f'<p class="{css}" data-testid="{testid}" role="status"></p>'
    return (
        f"<p {attrs(class_=css + ' shown', data_testid=testid, role='status')} "
        f"{attrs(data_target=model.target or None, data_serial=model.serial)}>"
        f"{escape(model.text)}{after}</p>"
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
