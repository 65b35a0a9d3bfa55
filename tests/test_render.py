"""The HTML of the table: the hooks the page and the tests rely on, and nothing unescaped."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from gin.table.controls import Control
from gin.table.intents import (
    Confirm,
    NewGame,
    OpenPanel,
    Panel,
    PlayDaily,
    ReviewHand,
    ReviewStep,
    SaveFailed,
    ShareDaily,
)
from gin.table.models import MessageModel, TableModel
from gin.table.startup import Address, Stored, start
from gin.table.state import TablePhase
from gin.web.render import regions, table_classes, table_html
from tests.table_helpers import EN, Table, at_phase, lesson_tables, sensible_intent

ROOT = Path(__file__).resolve().parent.parent


def html_of(phase: TablePhase, panel: Panel | None = None) -> str:
    table = at_phase(phase)
    if panel is not None:
        table.send(OpenPanel(panel))
    return table_html(EN.table(table.state))


def test_the_table_has_its_hooks() -> None:
    html = html_of(TablePhase.UPCARD)
    for hook in (
        'data-testid="stock"',
        'data-testid="pile"',
        'data-testid="hand"',
        'data-testid="opponent-hand"',
        'data-testid="score-you"',
        'data-testid="score-ai"',
        'data-testid="dealer"',
        'data-testid="status"',
        'data-testid="why"',
        'data-testid="deadwood"',
        'data-testid="move-log"',
        'data-testid="ruleset"',
        'data-action="take"',
        'data-action="pass"',
        'data-action="menu"',
    ):
        assert hook in html, hook
    assert html.count("data-card=") >= 11
    assert 'class="card-art face-back"' in html and "<use" not in html
    assert "<script" not in html and " style=" not in html  # the page's CSP forbids inline


def test_the_end_of_a_hand_and_of_the_game_have_their_hooks() -> None:
    html = html_of(TablePhase.HAND_OVER)
    for hook in ('data-testid="result"', 'data-testid="points"', 'data-action="next-hand"'):
        assert hook in html
    over = html_of(TablePhase.GAME_OVER)
    for hook in (
        'data-testid="game-over"',
        'data-testid="final-you"',
        'data-testid="final-ai"',
        'data-testid="seed-link"',
        'data-action="download"',
    ):
        assert hook in over
    # The hand that ended the game is laid out as any hand is: both hands, their melds.
    assert over.count('class="laid-out"') == 2


@pytest.mark.parametrize(
    ("panel", "testid"),
    [
        (Panel.SETTINGS, "settings-panel"),
        (Panel.STATS, "stats-panel"),
        (Panel.KEYS, "help-panel"),
        (Panel.SHEET, "sheet-panel"),
        (Panel.MENU, "menu"),
    ],
)
def test_panels_have_their_hooks(panel: Panel, testid: str) -> None:
    html = html_of(TablePhase.DRAW, panel)
    assert f'data-testid="{testid}"' in html
    if panel is Panel.STATS:
        assert 'data-testid="stats-table"' in html and 'data-testid="chart-empty"' in html
    if panel is Panel.SETTINGS:
        for name in ("level", "target", "game_bonus", "speed", "card_size", "beginner_aid"):
            assert f'data-setting="{name}"' in html
    if panel is Panel.MENU:
        assert 'data-control="language"' in html and 'data-action="stats"' in html


def test_the_menu_gives_the_game_facts_of_the_top_bar() -> None:
    """A narrow top bar leaves out the target, the hand, the level and the ruleset: the menu
    has each of them, to show those the bar has no room for."""
    table = at_phase(TablePhase.DRAW)
    table.send(OpenPanel(Panel.MENU))
    model = EN.table(table.state)
    menu = regions(model)["overlay"]
    facts = re.search(r'<p class="menu-game" data-testid="menu-game">(.*?)</p>', menu)
    assert facts is not None
    bar = model.topbar
    for css, text in (
        ("target", bar.target),
        ("hand-number", bar.hand_number),
        ("level", bar.level),
        ("ruleset", bar.ruleset),
    ):
        assert f'<span class="{css}">{text}</span>' in facts.group(1)


def test_a_question_has_confirm_and_cancel() -> None:
    table = at_phase(TablePhase.DISCARD)
    table.send(NewGame())
    html = table_html(EN.table(table.state))
    assert 'data-testid="confirm"' in html
    assert 'data-action="confirm"' in html and 'data-action="cancel"' in html


def test_every_text_is_escaped() -> None:
    model = EN.table(at_phase(TablePhase.DRAW).state)
    hostile = '<img src=x onerror="alert(1)">'
    model = replace(
        model,
        status=hostile,
        why=MessageModel(hostile, target='"><script>', serial=1),
        labels={**model.labels, "middle": hostile},
    )
    html = table_html(model)
    assert hostile not in html and "<script>" not in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in html


def _every_kind_of_table() -> list[TableModel]:
    """A table in every phase (at_phase fails if one is never reached: none is skipped), with
    every panel open, a question, a notice, and a hand's review with decisions to step."""
    tables = [at_phase(phase) for phase in TablePhase]
    models = [EN.table(table.state) for table in tables]
    discard = tables[[*TablePhase].index(TablePhase.DISCARD)]
    for panel in Panel:
        if panel is not Panel.REVIEW:
            discard.send(OpenPanel(panel))
            models.append(EN.table(discard.state))
    discard.send(SaveFailed())
    discard.send(NewGame())
    models.append(EN.table(discard.state))
    reviewed = at_phase(TablePhase.HAND_OVER)
    reviewed.send(ReviewHand())
    assert reviewed.state.review is not None and len(reviewed.state.review.decisions) > 1
    reviewed.send(ReviewStep(1))
    models.append(EN.table(reviewed.state))
    models += [EN.table(table.state) for table in lesson_tables()]
    return models + _daily_tables()


def _daily_tables() -> list[TableModel]:
    """A game given up (its reveal), today's deal with the person's own game kept aside (the
    menu), and the deal over with its result shared."""
    state, effects = start(Stored(), Address(today=date(2026, 12, 1)), [])
    table = Table(state)
    table.perform(effects)
    rng = random.Random(1)
    while not table.state.in_progress:
        table.send(sensible_intent(table.state, rng))
    table.send(NewGame())
    table.send(Confirm())
    models = [EN.table(table.state)]
    while not table.state.in_progress:
        table.send(sensible_intent(table.state, rng))
    table.send(PlayDaily())
    table.send(OpenPanel(Panel.MENU))
    models.append(EN.table(table.state))
    table.play_until(TablePhase.GAME_OVER, rng, limit=20_000)
    table.send(ShareDaily())
    models.append(EN.table(table.state))
    return models


def test_every_control_drawn_is_understood_by_the_page_and_every_control_is_drawn() -> None:
    drawn: set[str] = set()
    for model in _every_kind_of_table():
        for html in regions(model).values():
            drawn |= set(re.findall(r'data-action="([^"]+)"', html))
    assert all(Control.intent_of(action) is not None for action in drawn), drawn
    names = {re.sub(r"-[0-9]+$", "", action) for action in drawn}
    assert names == {control.action for control in Control}


def test_the_table_s_classes_say_what_lies_over_it() -> None:
    """The style sheets hold the table under a question, hide it under a phone's panel and
    make a row for a lesson's panel by these classes (not by ``.table:has(...)``, which made
    the browser restyle the whole table at every move): each is on exactly when its region
    shows that thing."""
    seen: set[str] = set()
    for model in _every_kind_of_table():
        drawn = regions(model)
        classes = set(table_classes(model).split())
        shows = {
            "asking": any(
                f'class="{box}"' in drawn["overlay"]
                for box in ("confirm", "share", "learn-offer", "lesson-intro", "lessons-done")
            ),
            "panel-open": '<section class="panel"' in drawn["overlay"],
            "lesson-open": 'data-testid="lesson"' in drawn["lesson"],
        }
        for name, shown in shows.items():
            assert (name in classes) == shown, (name, classes)
            if shown:
                seen.add(name)
    assert seen == {"asking", "panel-open", "lesson-open"}  # each case was met


def test_no_style_rule_asks_what_the_whole_table_holds() -> None:
    """A ``:has()`` on an element that holds the table's regions (the table, the felt, the
    play area) is evaluated again at every region drawn, and the browser then restyles all
    that element holds: some 170 elements a move, twice the table's own work (DESIGN "What
    keeps a click quick").  The table's classes say it instead (:func:`table_classes`)."""
    css = "\n".join(path.read_text() for path in (ROOT / "static" / "css").glob("*.css"))
    holder = r"(?:\.table|\.felt|\.play|#app|body|html)"
    holders = re.findall(rf"(?:^|[\s,>])({holder}[^\s,{{]*:has\()", css)
    assert holders == []


def test_the_stock_is_named_by_text_that_contains_what_it_shows() -> None:
    """An aria-label "Stock: 31 cards" over the visible "31 Stock" fails WCAG 2.5.3 (label in
    name); the stock is named like the pile, by hidden text after its aria-hidden labels."""
    html = html_of(TablePhase.UPCARD)
    stock = re.search(r'<button [^>]*data-testid="stock".*?</button>', html)
    assert stock is not None
    assert "aria-label" not in stock.group(0).split(">", 1)[0]
    assert '<span class="visually-hidden">Stock: 31 cards</span>' in stock.group(0)


def test_regions_that_scroll_can_take_the_focus() -> None:
    """A scrolling box with nothing focusable in it cannot be scrolled with the keyboard."""
    table = at_phase(TablePhase.HAND_OVER)
    html = table_html(EN.table(table.state))
    assert re.search(r'<ol tabindex="0" aria-label="[^"]+">', html), "the move log"
    for panel in (Panel.RULES, Panel.KEYS, Panel.SHEET):
        table.send(OpenPanel(panel))
        assert '<div class="panel-body" tabindex="0">' in table_html(EN.table(table.state))
    table.send(OpenPanel(Panel.SETTINGS))
    assert '<div class="panel-body">' in table_html(EN.table(table.state))


def test_the_score_sheet_panel_does_not_repeat_its_title() -> None:
    table = at_phase(TablePhase.DRAW)
    table.send(OpenPanel(Panel.SHEET))
    html = regions(EN.table(table.state))["overlay"]
    assert html.count(">Score sheet<") == 1


def test_every_hand_card_is_drawn_out_of_the_tab_order() -> None:
    """The page makes one card the hand's tab stop (static/js/table-dom.mjs roveHand): a card
    drawn tabbable would be a second stop until the page's next move."""
    html = html_of(TablePhase.DISCARD)
    cards = re.findall(r'<button [^>]*data-card="[^"]+"[^>]*>', html.split('data-testid="hand"')[1])
    assert len(cards) == 11
    assert all('tabindex="-1"' in card for card in cards), cards
