"""HTML for the table, drawn from the presenter's render model (pure: tested without a browser).

The page is redrawn as one HTML string per region that changed, one call into the browser
instead of hundreds of small DOM calls from Python.  This package only draws: every text,
every flag comes from the model, every control's name and key from
:mod:`gin.table.controls`.  One module per region, as the presenter has: :mod:`.table`,
:mod:`.showdown` (and the score sheet), :mod:`.game_over`, :mod:`.review`,
:mod:`.panels`, :mod:`.deals` (the sealed deal, its reveal, the daily deal), and
:mod:`.pieces`, the cards and buttons they share.
"""

from __future__ import annotations

from gin.table.models import TableModel
from gin.web.render import deals
from gin.web.render.game_over import game_over_section
from gin.web.render.lesson import lesson_intro, lesson_panel, lessons_done, offer
from gin.web.render.panels import framed, panel, question_box
from gin.web.render.pieces import card_face, message_line, notices
from gin.web.render.showdown import result_section, score_sheet
from gin.web.render.table import actions, hand_section, middle, move_log, opponent, prompt, topbar

__all__ = ["REGIONS", "card_face", "regions", "table_classes", "table_html"]

REGIONS = (
    "topbar",
    "notices",
    "lesson",
    "opponent",
    "middle",
    "prompt",
    "actions",
    "hand",
    "result",
    "sheet",
    "log",
    "overlay",
)
"""The parts of the table, each drawn into its own element: the page replaces only the parts
whose HTML changed, so the cards elsewhere stay as they are (no re-layout, no flicker).  The
side column is two: a move redraws its log, not the score sheet above it."""


def regions(model: TableModel) -> dict[str, str]:
    """The HTML of every region of the table (empty where a region shows nothing now)."""
    drawn = dict.fromkeys(REGIONS, "")
    drawn["topbar"] = topbar(model)
    drawn["notices"] = notices(model.notices) + deals.proof(model.left, "proof left")
    why = message_line(model.why, "why", "why")
    if model.game_over is not None:
        proof = deals.proof(model.proof)
        drawn["result"] = game_over_section(model.game_over, model.result, proof) + why
    elif model.result is not None:
        drawn["result"] = result_section(model.result) + why
    else:
        drawn["opponent"] = opponent(model)
        drawn["middle"] = middle(model) if model.middle else ""
        drawn["prompt"] = prompt(model)
        drawn["actions"] = actions(model)
        drawn["hand"] = hand_section(model)
    lesson = model.lesson
    in_lesson = lesson is not None and not lesson.complete
    # At a lesson's table the person's own game's seal and score sheet would be out of place:
    # its moves only.
    drawn["sheet"] = "" if in_lesson else deals.seal_block(model.seal) + score_sheet(model.sheet)
    drawn["log"] = move_log(model.log)
    if lesson is not None and lesson.complete:
        drawn["overlay"] += lessons_done(lesson)
    elif lesson is not None:
        drawn["lesson"] = lesson_panel(lesson)
        drawn["overlay"] += lesson_intro(lesson)
    if model.offer is not None:
        drawn["overlay"] += offer(model.offer)
    if model.panel is not None:
        drawn["overlay"] += panel(model.panel, model)
    if model.question is not None:
        drawn["overlay"] += question_box(model.question)
    drawn["overlay"] += deals.share_box(model.sharing)
    return drawn


IN_PARTS = frozenset(("opponent", "middle", "hand"))
"""The regions whose parts keep their size whatever they show (the lines of a seat, the
stock and the pile, the hand's count, fan and sort buttons): the page redraws only the parts
of them that changed, and what is kept cannot move.  Elsewhere a part that changes size (a
score, a new row of the score sheet) would move the parts after it: those regions are
redrawn whole."""


def table_classes(model: TableModel) -> str:
    """The table element's classes: the model's (``asking`` among them), and what its
    overlay and lesson regions show (``panel-open``: a framed panel, not the menu;
    ``lesson-open``: a lesson's panel is above the table).

    The style sheets read these instead of asking ``.table:has(...)``: a ``:has()`` on an
    element that holds the regions made the browser restyle the whole table, some 170
    elements, at every move (DESIGN "What keeps a click quick")."""
    lesson, panel = model.lesson, model.panel
    shown = (
        ("panel-open", panel is not None and framed(panel)),
        ("lesson-open", lesson is not None and not lesson.complete),
    )
    return " ".join(("table", *model.classes, *(name for name, on in shown if on)))


def _region(name: str, html: str, tag: str = "div") -> str:
    parts = " data-parts" if name in IN_PARTS else ""
    return f'<{tag} class="region" data-region="{name}"{parts}>{html}</{tag}>'


def table_html(model: TableModel, drawn: dict[str, str] | None = None) -> str:
    """The whole table as HTML, drawn into ``<main id="app">`` (its regions inside);
    ``drawn``: the model's :func:`regions`, when the caller has them already."""
    drawn = drawn if drawn is not None else regions(model)
    play = "".join(
        _region(name, drawn[name])
        for name in ("lesson", "opponent", "middle", "prompt", "actions", "hand", "result")
    )
    return (
        f'<div class="{table_classes(model)}" data-testid="table">'
        + _region("topbar", drawn["topbar"])
        + _region("notices", drawn["notices"])
        + f'<div class="felt"><div class="play">{play}</div>'
        + f'<aside class="side">{_region("sheet", drawn["sheet"])}{_region("log", drawn["log"])}'
        + "</aside></div>"
        + _region("overlay", drawn["overlay"])
        + "</div>"
    )
