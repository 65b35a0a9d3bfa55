"""HTML for the table, from the presenter's model (pure Python: no browser needed to test it).

The page is redrawn as one HTML string per change, which costs a single
call into the browser instead of hundreds of small DOM calls from Python.
Every text passes through :func:`html.escape`.  The stable test hooks
(``data-card``, ``data-action``, ``data-testid``, ``data-playable``) are
written here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape

from gin.i18n import LANGUAGES, Translator
from gin.table.presenter import (
    ButtonModel,
    CardModel,
    LaidOutHand,
    Presenter,
    ResultModel,
    TableModel,
)
from gin.table.settings import LEVELS, SPEEDS, Settings
from gin.table.stats import Statistics

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
PANELS = ("settings", "stats", "rules", "help")


@dataclass(frozen=True)
class Chrome:
    """What the page shows around the table: the open panel, notices, the hint, the move log."""

    settings: Settings
    language: str
    sort_mode: str
    log: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    hint: str = ""
    panel: str | None = None
    pending: Settings | None = None
    """Rule settings waiting for the person to confirm a new game."""
    confirm_reset: bool = False
    stats: Statistics | None = None
    rules_html: str = ""


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


def card_face(
    card: CardModel, *, tag: str = "span", hidden: bool = False, **extra: str | bool | int | None
) -> str:
    """A face-up card: rank and suit symbol, with its spoken name for screen readers."""
    rank, suit = card.code[:-1], card.code[-1]
    classes = f"card suit-{suit.lower()}"
    if card.meld is not None:
        classes += f" in-meld meld-{card.meld % 4}"
    if card.note:
        classes += " noted"
    label = card.name + (f" ({card.note})" if card.note else "")
    note = (
        f'<span class="card-note" aria-hidden="true">{escape(card.note)}</span>'
        if card.note
        else ""
    )
    # A picture of a card is an image named by its label; a card that is a button is
    # named by hidden text instead, so that its name contains no mismatched visible text.
    if hidden:
        named, spoken = 'aria-hidden="true"', ""
    elif tag == "span":
        named = attrs(role="img", aria_label=label)
        spoken = ""
    else:
        named = ""
        spoken = f'<span class="visually-hidden">{escape(label)}</span>'
    return (
        f"<{tag} {attrs(class_=classes, data_card=card.code, **extra)} {named}>"
        f'<span class="rank" aria-hidden="true">{escape(rank)}</span>'
        f'<span class="suit" aria-hidden="true">{SUIT_SYMBOLS[suit]}</span>{note}{spoken}</{tag}>'
    )


def pile_face(top: CardModel | None, label: str) -> str:
    """The pile's top card, drawn for the eye; the button's name is the whole sentence."""
    spoken = f'<span class="visually-hidden">{escape(label)}</span>'
    if top is None:
        return spoken
    return card_face(top, hidden=True) + spoken


def card_back() -> str:
    return '<span class="card back" aria-hidden="true"></span>'


def row(cards: Iterable[CardModel], css: str = "cards") -> str:
    return f'<div class="{css}">' + "".join(card_face(card) for card in cards) + "</div>"


def button(model: ButtonModel, key: str = "") -> str:
    pressed = None
    if model.action in ("knock", "gin"):
        pressed = "true" if model.pressed else "false"
    shortcut = f'<kbd aria-hidden="true">{escape(key)}</kbd>' if key else ""
    return (
        "<button "
        + attrs(
            type="button",
            class_="action",
            data_action=model.action,
            disabled=not model.enabled,
            aria_pressed=pressed,
            aria_keyshortcuts=key or None,
            title=model.hint or None,
        )
        + f">{escape(model.label)}{shortcut}</button>"
    )


def menu_button(
    action: str, label: str, *, enabled: bool = True, pressed: bool | None = None
) -> str:
    return (
        "<button "
        + attrs(
            type="button",
            class_="menu",
            data_action=action,
            disabled=not enabled,
            aria_pressed=None if pressed is None else ("true" if pressed else "false"),
        )
        + f">{escape(label)}</button>"
    )


def hand_section(model: TableModel, tr: Translator) -> str:
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
                data_selected="true" if card.selected else None,
                aria_disabled="false" if card.playable else "true",
            )
        )
    meld_note = tr.gettext("Cards in melds are raised and underlined.")
    return (
        f'<section class="hand-area" aria-label="{escape(tr.gettext("Your hand"))}">'
        f'<div class="hand-info"><span class="deadwood" data-testid="deadwood">'
        f"{escape(model.labels['deadwood'])}</span>"
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
    buttons = "".join(
        button(b, "N" if b.action == "next-hand" else "")
        for b in model.buttons
        if b.action in ("next-hand", "new-game")
    )
    if model.phase == "game-over":
        buttons += menu_button("download", tr.gettext("Download game record"))
    return (
        f'<section class="result" data-testid="result" aria-label="{escape(tr.gettext("Result"))}">'
        f'<h2 data-testid="result-headline">{escape(result.headline)}</h2>'
        f"<p>{escape(result.detail)}</p>"
        + "".join(laid_out(hand, tr) for hand in result.hands)
        + f'<div class="result-actions">{buttons}</div></section>'
    )


def score_sheet(model: TableModel, tr: Translator) -> str:
    _ = tr.gettext
    rows = "".join(
        f'<tr data-testid="sheet-row"><th scope="row">{escape(r.label)}</th>'
        f'<td data-you="{r.you}">{r.you}</td><td data-ai="{r.ai}">{r.ai}</td></tr>'
        for r in model.sheet
    )
    return (
        f'<details class="sheet" open><summary>{escape(_("Score sheet"))}</summary>'
        f'<table><thead><tr><th scope="col">{escape(_("Hand"))}</th>'
        f'<th scope="col">{escape(_("You"))}</th>'
        f'<th scope="col">{escape(_("Computer"))}</th></tr></thead>'
        f"<tbody>{rows}</tbody>"
        f'<tfoot><tr><th scope="row">{escape(model.totals.label)}</th>'
        f"<td>{model.totals.you}</td><td>{model.totals.ai}</td></tr></tfoot></table></details>"
    )


def toolbar(model: TableModel, presenter: Presenter, chrome: Chrome) -> str:
    _ = presenter.tr.gettext
    languages = "".join(
        f"<option {attrs(value=code, selected=code == chrome.language, lang=code)}>"
        f"{escape(name)}</option>"
        for code, name in LANGUAGES.items()
    )
    sort_names = {"melds": _("Group melds"), "rank": _("Sort by rank"), "suit": _("Sort by suit")}
    sorts = "".join(
        "<button "
        + attrs(
            type="button",
            data_sort=mode,
            aria_pressed="true" if mode == chrome.sort_mode else "false",
        )
        + f">{escape(label)}</button>"
        for mode, label in sort_names.items()
    )
    your_turn = model.turn == "you" and model.phase in ("upcard", "draw", "discard")
    menu = (
        menu_button("hint", _("Hint"), enabled=your_turn)
        + menu_button("settings", _("Settings"), pressed=chrome.panel == "settings")
        + menu_button("stats", _("Statistics"), pressed=chrome.panel == "stats")
        + menu_button("rules", _("Rules"), pressed=chrome.panel == "rules")
        + menu_button("help", _("Keys"), pressed=chrome.panel == "help")
        + menu_button("download", _("Download game record"))
    )
    return (
        f'<header class="topbar"><h1>{escape(_("Gin Rummy"))}</h1>'
        f'<span class="ruleset" data-testid="ruleset">{escape(model.labels["ruleset"])}</span>'
        f'<nav class="menu-bar" aria-label="{escape(_("Menu"))}">{menu}</nav>'
        f'<label class="control">{escape(_("Language"))} '
        f'<select data-control="language">{languages}</select></label>'
        f'<div class="sorts" role="group" aria-label="{escape(_("Arrange your hand"))}">{sorts}'
        f"</div></header>"
    )


def confirm_box(question: str, *choices: tuple[str, str]) -> str:
    """A question asked before something that cannot be taken back, with its answers."""
    buttons = "".join(menu_button(action, label) for action, label in choices)
    return f'<div class="confirm" role="alert"><p>{escape(question)}</p>{buttons}</div>'


def panel(name: str, title: str, body: str, tr: Translator) -> str:
    return (
        f'<section class="panel" data-testid="{name}-panel" role="region" '
        f'aria-label="{escape(title)}"><div class="panel-head"><h2>{escape(title)}</h2>'
        + menu_button("close-panel", tr.gettext("Close"))
        + f"</div>{body}</section>"
    )


def settings_panel(presenter: Presenter, chrome: Chrome) -> str:
    _ = presenter.tr.gettext
    current = chrome.pending or chrome.settings

    def checkbox(name: str, label: str) -> str:
        box = attrs(type="checkbox", data_setting=name, checked=bool(getattr(current, name)))
        return f'<label class="check"><input {box}> {escape(label)}</label>'

    levels = "".join(
        f"<option {attrs(value=level, selected=level == current.level)}>"
        f"{escape(presenter.level_name(level))}</option>"
        for level in LEVELS
    )
    pgettext = presenter.tr.pgettext
    speed_names = {
        0.0: pgettext("speed", "No animation"),
        0.5: pgettext("speed", "Slow"),
        1.0: pgettext("speed", "Normal"),
        2.0: pgettext("speed", "Fast"),
    }
    speeds = "".join(
        f"<option {attrs(value=speed, selected=speed == current.speed)}>"
        f"{escape(speed_names[speed])}</option>"
        for speed in SPEEDS
    )
    target = attrs(
        type="number", data_setting="target", min=1, max=10000, step=1, value=current.target
    )
    confirm = ""
    if chrome.pending is not None:
        confirm = confirm_box(
            _("These rules apply to a new game. Start a new game now?"),
            ("apply-rules", _("Start a new game")),
            ("cancel-rules", _("Keep the current game")),
        )
    body = (
        f'<form class="settings" data-testid="settings-form">'
        f"<fieldset><legend>{escape(_('Game'))}</legend>"
        f"<label>{escape(_('Computer level (next game)'))} "
        f'<select data-setting="level">{levels}</select></label>'
        f"<label>{escape(_('Target score'))} <input {target}></label>"
        + checkbox("game_bonus", _("Game bonus (+100 to the winner)"))
        + checkbox("line_bonus", _("Line bonus (+25 per hand won)"))
        + checkbox("shutout_bonus", _("Shutout (winner's total doubled if the loser won no hand)"))
        + f"</fieldset><fieldset><legend>{escape(_('Table'))}</legend>"
        f'<label>{escape(_("Animation speed"))} <select data-setting="speed">{speeds}</select>'
        f"</label>"
        + checkbox("sound", _("Sound"))
        + checkbox("four_colour", _("Four-colour deck"))
        + "</fieldset></form>"
        + confirm
    )
    return panel("settings", _("Settings"), body, presenter.tr)


def stats_panel(presenter: Presenter, chrome: Chrome) -> str:
    _ = presenter.tr.gettext
    stats = chrome.stats or Statistics.empty()
    heads = "".join(
        f'<th scope="col">{escape(presenter.level_name(level))}</th>' for level in LEVELS
    )
    rows = "".join(
        f'<tr><th scope="row">{escape(label)}</th>'
        + "".join(f"<td>{value}</td>" for value in values)
        + "</tr>"
        for label, values in presenter.stats_rows(stats)
    )
    table = (
        f'<table class="stats" data-testid="stats-table"><thead><tr><td></td>{heads}</tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )
    chart = stats_chart(presenter, stats)
    if chrome.confirm_reset:
        reset = confirm_box(
            _("Reset all statistics? This cannot be undone."),
            ("confirm-reset-stats", _("Reset")),
            ("cancel-reset-stats", _("Cancel")),
        )
    else:
        reset = menu_button("reset-stats", _("Reset statistics"))
    return panel("stats", _("Statistics"), chart + table + reset, presenter.tr)


def stats_chart(presenter: Presenter, stats: Statistics) -> str:
    """A small bar chart of games won and lost per level (inline SVG, labelled for readers)."""
    _ = presenter.tr.gettext
    levels = [(level, stats.levels[level]) for level in LEVELS]
    top = max([s.games_played for _level, s in levels] + [1])
    bars = []
    for index, (level, s) in enumerate(levels):
        x = 20 + index * 90
        won_h = round(100 * s.games_won / top)
        lost_h = round(100 * (s.games_played - s.games_won) / top)
        bars.append(
            f'<rect class="won" x="{x}" y="{120 - won_h}" width="30" height="{won_h}"></rect>'
            f'<rect class="lost" x="{x + 32}" y="{120 - lost_h}" width="30" height="{lost_h}">'
            f"</rect>"
            f'<text x="{x + 15}" y="{116 - won_h}" text-anchor="middle">{s.games_won}</text>'
            f'<text x="{x + 47}" y="{116 - lost_h}" text-anchor="middle">'
            f"{s.games_played - s.games_won}</text>"
            f'<text x="{x + 31}" y="138" text-anchor="middle">'
            f"{escape(presenter.level_name(level))}</text>"
        )
    summary = "; ".join(
        _("{level}: {won} won, {lost} lost").format(
            level=presenter.level_name(level), won=s.games_won, lost=s.games_played - s.games_won
        )
        for level, s in levels
    )
    legend = (
        f'<p class="legend"><span class="swatch won"></span>{escape(_("Games won"))} '
        f'<span class="swatch lost"></span>{escape(_("Games lost"))}</p>'
    )
    return (
        f'<figure class="chart"><svg viewBox="0 -12 290 157" role="img" '
        f'aria-label="{escape(summary)}">{"".join(bars)}</svg>{legend}</figure>'
    )


def help_panel(tr: Translator) -> str:
    _ = tr.gettext
    keys = (
        ("S", _("Draw from the stock")),
        ("P", _("Take the face-up card or the top of the discard pile")),
        ("X", _("Pass on the face-up card")),
        ("K", _("Knock (then choose the card to discard)")),
        ("G", _("Gin (then choose the card to discard)")),
        ("← →", _("Move between the cards of your hand")),
        (_("Enter"), _("Discard the chosen card, or press the chosen button")),
        ("N", _("Deal the next hand")),
        ("H", _("Hint")),
        ("Esc", _("Cancel knock or gin, close a panel")),
        ("?", _("Show these keys")),
    )
    items = "".join(
        f"<tr><th scope='row'><kbd>{escape(key)}</kbd></th><td>{escape(what)}</td></tr>"
        for key, what in keys
    )
    tips = _(
        "To knock or go gin, press Knock or Gin, then click the card to discard: only the cards "
        "that make it legal can be chosen. Drag cards to arrange your hand."
    )
    return panel("help", _("Keys"), f'<table class="keys">{items}</table><p>{escape(tips)}</p>', tr)


def open_panel(presenter: Presenter, chrome: Chrome) -> str:
    if chrome.panel == "settings":
        return settings_panel(presenter, chrome)
    if chrome.panel == "stats":
        return stats_panel(presenter, chrome)
    if chrome.panel == "rules":
        return panel("rules", presenter.tr.gettext("Rules"), chrome.rules_html, presenter.tr)
    if chrome.panel == "help":
        return help_panel(presenter.tr)
    return ""


def table_html(model: TableModel, presenter: Presenter, chrome: Chrome) -> str:
    """The whole table as HTML, drawn into ``<main id="app">``."""
    tr = presenter.tr
    _ = tr.gettext
    known = {card.code for card in model.opponent_known}
    backs = "".join(card_back() for _n in range(model.opponent_count - len(known)))
    known_cards = "".join(card_face(card, data_known="true") for card in model.opponent_known)
    pile_top = model.pile[-1] if model.pile else None
    if pile_top:
        pile_label = _("Discard pile, top card {card}").format(card=pile_top.name)
    else:
        pile_label = _("Discard pile")
    earlier = model.pile[:-1]
    keys = {"take": "P", "pass": "X", "knock": "K", "gin": "G"}
    actions = "".join(button(b, keys[b.action]) for b in model.buttons if b.action in keys)
    log_items = "".join(f"<li>{escape(line)}</li>" for line in chrome.log[-4:])
    notices = "".join(
        f'<p class="notice" data-testid="notice" role="alert">{escape(text)}</p>'
        for text in chrome.notices
    )
    hint = (
        f'<p class="hint" data-testid="hint" role="status">{escape(chrome.hint)}</p>'
        if chrome.hint
        else ""
    )
    new_game = next(b for b in model.buttons if b.action == "new-game")
    stock = attrs(
        type="button",
        class_="stock",
        data_testid="stock",
        disabled=not model.stock_enabled,
        aria_label=model.labels["stock"],
        aria_keyshortcuts="S",
    )
    pile = attrs(
        type="button",
        class_="pile",
        data_testid="pile",
        disabled=not model.pile_enabled,
        aria_keyshortcuts="P",
    )
    discards = ""
    if earlier:
        summary = _("Earlier discards ({count})").format(count=len(earlier))
        discards = (
            f'<details class="discards"><summary>{escape(summary)}</summary>'
            + row(earlier)
            + "</details>"
        )
    # While a finished hand is on show, its result takes the table's place: the next deal
    # waits, face down, until the person asks for it.
    play_area = (
        f'<section class="opponent" aria-label="{escape(model.labels["opponent"])}">'
        + f'<p class="label">{escape(model.labels["opponent"])}</p>'
        + f'<div class="cards opponent-hand" data-testid="opponent-hand">{backs}{known_cards}</div>'
        + "</section>"
        + f'<section class="middle" aria-label="{escape(_("Stock and discard pile"))}">'
        + f'<button {stock}>{card_back()}<span class="count">{model.stock_count}</span></button>'
        + f"<button {pile}>{pile_face(pile_top, pile_label)}</button>"
        + discards
        + "</section>"
        + f'<p class="status" data-testid="status">{escape(model.status)}</p>'
        + hint
        + f'<div class="actions" role="group" aria-label="{escape(_("Actions"))}">{actions}</div>'
        + hand_section(model, tr)
    )
    return (
        toolbar(model, presenter, chrome)
        + notices
        + open_panel(presenter, chrome)
        + f'<section class="scores" aria-label="{escape(_("Scores"))}">'
        + f'<span>{escape(_("You"))} <b data-testid="score-you">{model.you_score}</b></span>'
        + f'<span>{escape(_("Computer"))} <b data-testid="score-ai">{model.ai_score}</b></span>'
        + f'<span class="hand-number">{escape(model.labels["hand_number"])}</span>'
        + f'<span class="level">{escape(model.labels["level"])}</span>'
        + (button(new_game) if not model.result else "")
        + "</section>"
        + (result_section(model.result, model, tr) if model.result else play_area)
        + f'<ol class="log" aria-label="{escape(_("Computer moves"))}">{log_items}</ol>'
        + score_sheet(model, tr)
    )
