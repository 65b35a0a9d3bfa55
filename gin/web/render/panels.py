"""The panels and the questions (``gin.table.presenter.panels``).

Each panel's body is drawn by one function of :data:`PANEL_BODIES`, by the panel's name;
:func:`panel` draws the frame around it (title, close button, scrolling).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape

from gin.i18n import LANGUAGES
from gin.table.models import (
    FieldModel,
    PanelModel,
    QuestionModel,
    ReviewStatsModel,
    StatsModel,
    TableModel,
    TopBarModel,
)
from gin.web.render import deals
from gin.web.render.pieces import attrs, button
from gin.web.render.review import review_panel_body
from gin.web.render.showdown import score_sheet
from gin.web.render.table import move_log


def field(model: FieldModel) -> str:
    """A setting's control in its label, and under it why a value given was refused (the
    control then says it is invalid, and points at the words)."""
    error_id = f"setting-{model.name}-error" if model.error else None
    refused = {"aria_invalid": "true" if error_id else None, "aria_describedby": error_id}
    if model.kind == "checkbox":
        box = attrs(type="checkbox", data_setting=model.name, checked=model.checked, **refused)
        control = f'<label class="check"><input {box}> {escape(model.label)}</label>'
    elif model.kind == "number":
        box = attrs(
            type="number",
            data_setting=model.name,
            min=model.minimum,
            max=model.maximum,
            step=1,
            value=model.value,
            **refused,
        )
        control = f"<label>{escape(model.label)} <input {box}></label>"
    else:
        options = "".join(
            f"<option {attrs(value=value, selected=value == model.value)}>{escape(label)}</option>"
            for value, label in model.options
        )
        select = f"<select {attrs(data_setting=model.name, **refused)}>{options}</select>"
        control = f"<label>{escape(model.label)} {select}</label>"
    if error_id is None:
        return control
    return f'{control}<p class="field-error" id="{error_id}" role="alert">{escape(model.error)}</p>'


def stats_body(stats: StatsModel) -> str:
    """The statistics per level, and the coach's figures below them in the same table, so
    that the levels' columns line up (two tables sized their columns each their own way)."""
    heads = "".join(f'<th scope="col">{escape(h)}</th>' for h in stats.heads)
    table = (
        f'<table class="stats" data-testid="stats-table"><thead><tr><td></td>{heads}</tr></thead>'
        f"<tbody>{stats_rows(stats.rows)}</tbody>{review_stats(stats.reviews, len(stats.heads))}"
        "</table>"
    )
    return stats_chart(stats) + table + button(stats.reset, "menu")


def stats_rows(rows: Iterable[tuple[str, Iterable[int | str]]]) -> str:
    """Rows of a label and one figure per level, for both groups of the statistics table."""
    return "".join(
        f'<tr><th scope="row">{escape(label)}</th>'
        + "".join(f"<td>{escape(str(value))}</td>" for value in values)
        + "</tr>"
        for label, values in rows
    )


def review_stats(model: ReviewStatsModel, levels: int) -> str:
    """The coach's figures per level: a group of rows under its own heading."""
    return (
        f'<tbody data-testid="review-stats"><tr><th scope="rowgroup" colspan="{levels + 1}" '
        f'class="stats-group">{escape(model.title)}</th></tr>{stats_rows(model.rows)}</tbody>'
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
    # Each swatch and its words wrap together (a narrow phone split "Games lost" from its red).
    legend = (
        f'<p class="legend"><span class="key"><span class="swatch won"></span>'
        f'{escape(stats.won_label)}</span> <span class="key"><span class="swatch lost"></span>'
        f"{escape(stats.lost_label)}</span></p>"
    )
    return (
        f'<figure class="chart"><svg viewBox="0 -12 290 157" role="img" '
        f'aria-label="{escape(stats.chart_label)}">{"".join(parts)}</svg>{legend}</figure>'
    )


def game_facts(bar: TopBarModel, chip: bool) -> str:
    """The game's facts of the top bar, for the menu: a narrow top bar leaves them out, and
    the menu shows those it left out (static/css/table.css, beside the bar's own rules); with
    the seal's ``chip`` in the bar it leaves them out sooner (static/css/fair.css)."""
    facts = (
        ("target", bar.target),
        ("hand-number", bar.hand_number),
        ("level", bar.level),
        ("ruleset", bar.ruleset),
    )
    spans = "".join(f'<span class="{css}">{escape(text)}</span>' for css, text in facts if text)
    css = "menu-game with-chip" if chip else "menu-game"
    return f'<p class="{css}" data-testid="menu-game">{spans}</p>'


def menu(model: PanelModel, table: TableModel) -> str:
    """The menu: the top bar's facts it had no room for, the entries and the language (a
    list of its own, not a framed panel)."""
    items = game_facts(table.topbar, deals.has_chip(table.seal)) + "".join(
        button(item, "menu-item") for item in model.items
    )
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


def settings_body(model: PanelModel, _table: TableModel) -> str:
    return (
        '<form class="settings" data-testid="settings-form" novalidate>'
        + "".join(
            f"<fieldset><legend>{escape(fs.legend)}</legend>"
            + "".join(field(f) for f in fs.fields)
            + "</fieldset>"
            for fs in model.fieldsets
        )
        + "</form>"
    )


def stats_panel_body(model: PanelModel, _table: TableModel) -> str:
    assert model.stats is not None
    return stats_body(model.stats) + deals.calendar(model.calendar)


def sheet_body(_model: PanelModel, table: TableModel) -> str:
    """The sealed deal, the sheet and the log, as beside the table on a wide screen."""
    return (
        deals.seal_block(table.seal) + score_sheet(table.sheet, titled=False) + move_log(table.log)
    )


def keys_body(model: PanelModel, _table: TableModel) -> str:
    keys = "".join(
        f"<tr><th scope='row'><kbd>{escape(key)}</kbd></th><td>{escape(what)}</td></tr>"
        for key, what in model.keys
    )
    return f'<table class="keys">{keys}</table><p>{escape(model.tips)}</p>'


def rules_body(model: PanelModel, _table: TableModel) -> str:
    return model.rules_html  # built by gin.web.rules_page, escaped there


PANEL_BODIES: dict[str, Callable[[PanelModel, TableModel], str]] = {
    "settings": settings_body,
    "stats": stats_panel_body,
    "rules": rules_body,
    "sheet": sheet_body,
    "review": review_panel_body,
    "help": keys_body,
}


def framed(model: PanelModel) -> bool:
    """Whether the panel is drawn framed (title, close button, its body): all but the menu."""
    return model.name != "menu"


def panel(model: PanelModel, table: TableModel) -> str:
    """The open panel: the menu, or a framed panel (:func:`framed`)."""
    if not framed(model):
        return menu(model, table)
    body = PANEL_BODIES[model.name](model, table)
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
        f'role="alertdialog" aria-modal="true" aria-label="{escape(question.text)}">'
        f"<p>{escape(question.text)}</p>"
        f'<div class="confirm-actions">{button(question.confirm, "menu")}'
        f"{button(question.cancel, 'menu')}</div></div>"
    )
