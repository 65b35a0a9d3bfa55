"""The panels the menu opens and the questions the table asks (``gin.web.render.panels``).

Each panel has one presenter in :data:`PANELS`; adding a panel is a :class:`Panel`, a
control that opens it (:mod:`gin.table.controls`), its presenter here (or in a module of
its own, registered here) and its body in the renderer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from gin.i18n import N_
from gin.rules import MAX_TARGET
from gin.scoring import BONUS_POINTS, BonusKind
from gin.table.controls import Control, InMenu
from gin.table.intents import OpenPanel, Panel
from gin.table.keys import KEYS
from gin.table.models import (
    ButtonModel,
    ChartBar,
    FieldModel,
    FieldsetModel,
    PanelModel,
    QuestionModel,
    ReviewStatsModel,
    StatsModel,
)
from gin.table.presenter.deals import DealsPresenter
from gin.table.presenter.review import review_panel
from gin.table.presenter.words import Words
from gin.table.settings import LEVELS, SETTING_NAMES, SPEEDS, CardSize
from gin.table.state import Question, TableState
from gin.table.stats import LevelStats

PanelPresenter = Callable[[Words, TableState, str], PanelModel]
"""A panel's model from the table's state; the third argument is HTML the page builds for
the panel itself (the rules page), "" for the others."""


def _titled(words: Words, panel: Panel) -> PanelModel:
    """A panel titled as the control that opens it is labelled, with its close button."""
    opener = next(c for c in Control if c.intent == OpenPanel(panel))
    return PanelModel(panel.value, words.label(opener), words.button(Control.CLOSE_PANEL))


def menu_panel(words: Words, state: TableState, _page: str) -> PanelModel:
    return replace(_titled(words, Panel.MENU), items=menu_items(words, state))


def menu_items(words: Words, state: TableState) -> tuple[ButtonModel, ...]:
    """The menu's entries: every control with a place in the menu, in their order."""
    shown = {InMenu.ALWAYS} if state.touch_only else {InMenu.ALWAYS, InMenu.WITH_KEYBOARD}
    if state.daily is not None and state.parked is not None:
        shown.add(InMenu.WITH_OWN_GAME_ASIDE)
    return tuple(words.button(c, keyed=False) for c in Control if c.menu in shown)


def says_refusal(state: TableState) -> bool:
    """Whether the open Settings panel says the last refusal, under the field it refused."""
    why = state.why
    return state.panel is Panel.SETTINGS and why is not None and why.target in SETTING_NAMES


def settings_panel(words: Words, state: TableState, _page: str) -> PanelModel:
    fieldsets = settings_fields(words, state)
    why = state.why
    if why is not None and says_refusal(state):  # said under its field, not on the table
        fieldsets = tuple(
            replace(
                fieldset,
                fields=tuple(
                    replace(f, error=words.message(why)) if f.name == why.target else f
                    for f in fieldset.fields
                ),
            )
            for fieldset in fieldsets
        )
    return replace(_titled(words, Panel.SETTINGS), fieldsets=fieldsets)


def settings_fields(words: Words, state: TableState) -> tuple[FieldsetModel, ...]:
    _ = words._
    current = state.pending or state.settings
    rules = current.rules

    def check(name: str, label: str, value: bool) -> FieldModel:
        return FieldModel(name, label, "checkbox", "true", checked=value)

    game_bonus = _("Game bonus (+{points} to the winner)").format(
        points=BONUS_POINTS[BonusKind.GAME]
    )
    line_bonus = _("Line bonus (+{points} per hand won)").format(
        points=BONUS_POINTS[BonusKind.LINE]
    )
    sizes = {
        CardSize.SMALL: N_("Small"),
        CardSize.MEDIUM: N_("Medium"),
        CardSize.LARGE: N_("Large"),
    }
    return (
        FieldsetModel(
            _("Game"),
            (
                FieldModel(
                    "level",
                    _("Computer level (next game)"),
                    "select",
                    current.level,
                    options=tuple((lv, words.level_name(lv)) for lv in LEVELS),
                ),
                FieldModel(
                    "target",
                    _("Target score"),
                    "number",
                    str(rules.target),
                    minimum=1,
                    maximum=MAX_TARGET,
                ),
                check("game_bonus", game_bonus, rules.game_bonus),
                check("line_bonus", line_bonus, rules.line_bonus),
                check(
                    "shutout_bonus",
                    _("Shutout (winner's total doubled if the loser won no hand)"),
                    rules.shutout_bonus,
                ),
            ),
        ),
        FieldsetModel(
            _("Table"),
            (
                FieldModel(
                    "speed",
                    _("Animation speed"),
                    "select",
                    str(current.speed),
                    options=tuple((str(s), words.speed_name(s)) for s in SPEEDS),
                ),
                FieldModel(
                    "card_size",
                    _("Card size"),
                    "select",
                    current.card_size.value,
                    options=tuple((s.value, _(label)) for s, label in sizes.items()),
                ),
                check("sound", _("Sound"), current.sound),
                check("four_colour", _("Four-colour deck"), current.four_colour),
                check(
                    "beginner_aid",
                    _("Beginner's aid: light up the melds the face-up card would complete"),
                    current.beginner_aid,
                ),
            ),
        ),
    )


def stats_panel(words: Words, state: TableState, _page: str) -> PanelModel:
    """The statistics per level, then the daily deals' calendar and streak."""
    today = state.today
    kept = today is not None and state.daily_results.result_of(today) is not None
    calendar = DealsPresenter(words).calendar(state.daily_results, today, can_share=kept)
    return replace(_titled(words, Panel.STATS), stats=stats(words, state), calendar=calendar)


def stats(words: Words, state: TableState) -> StatsModel:
    _ = words._
    labels = {
        "games_played": _("Games played"),
        "games_won": _("Games won"),
        "games_abandoned": _("Games abandoned (counted as lost)"),
        "hands_played": _("Hands played"),
        "hands_won": _("Hands won"),
        "gins": _("Gins"),
        "undercuts_given": _("Undercuts given"),
        "undercuts_received": _("Undercuts received"),
        "best_game": _("Best game (winning margin)"),
        "best_hand": _("Biggest hand"),
        "current_streak": _("Current winning streak"),
        "best_streak": _("Best winning streak"),
        "hints_used": _("Hints used"),
    }
    per_level = [state.stats.of(level) for level in LEVELS]
    bars = tuple(
        ChartBar(words.level_name(level), s.games_won, s.games_lost)
        for level, s in zip(LEVELS, per_level, strict=True)
    )
    summary = "; ".join(
        _("{level}: {won} won, {lost} lost").format(level=b.label, won=b.won, lost=b.lost)
        for b in bars
    )
    accuracy = tuple("—" if s.accuracy is None else words.percent(s.accuracy) for s in per_level)
    return StatsModel(
        heads=tuple(words.level_name(level) for level in LEVELS),
        rows=tuple(
            (label, tuple(_figure(s, name) for s in per_level)) for name, label in labels.items()
        ),
        bars=bars if any(s.games_played for s in per_level) else (),
        chart_label=summary,
        won_label=_("Games won"),
        lost_label=_("Games lost"),
        empty=_("No games finished yet: the chart fills in as you play."),
        reset=words.button(Control.RESET_STATS),
        reviews=ReviewStatsModel(
            _("Hand reviews"),
            (
                (_("Hands reviewed"), tuple(str(s.hands_reviewed) for s in per_level)),
                (_("Decisions as Hard would play"), accuracy),
            ),
        ),
    )


def _figure(stats: LevelStats, name: str) -> int | str:
    """One figure of the statistics, or "—" where it was never recorded."""
    if name == "best_hand" and not stats.best_hand_known:
        return "—"
    value: int = getattr(stats, name)
    return value


def rules_panel(words: Words, _state: TableState, page: str) -> PanelModel:
    return replace(_titled(words, Panel.RULES), rules_html=page)


def sheet_panel(words: Words, _state: TableState, _page: str) -> PanelModel:
    return _titled(words, Panel.SHEET)  # its body is the sheet and the log, as beside the table


def keys_panel(words: Words, _state: TableState, _page: str) -> PanelModel:
    _ = words._
    return replace(
        _titled(words, Panel.KEYS),
        keys=tuple((shown, _(does)) for shown, does in keys_by_deed()),
        tips=_(
            "To knock or go gin, press Knock or Gin, then choose the card to discard. "
            "Click a card to choose it and click it again (or double-click it, or drag it "
            "to the pile) to discard it. Drag cards to arrange your hand."
        ),
    )


def keys_by_deed() -> list[tuple[str, str]]:
    """The key list's rows: keys that do the same thing share a row ("← →")."""
    rows: dict[str, list[str]] = {}
    for binding in KEYS:
        rows.setdefault(binding.does, []).append(binding.shown)
    return [(" ".join(keys), does) for does, keys in rows.items()]


PANELS: dict[Panel, PanelPresenter] = {
    Panel.MENU: menu_panel,
    Panel.SETTINGS: settings_panel,
    Panel.STATS: stats_panel,
    Panel.RULES: rules_panel,
    Panel.KEYS: keys_panel,
    Panel.SHEET: sheet_panel,
    Panel.REVIEW: review_panel,
}


def panel(words: Words, state: TableState, page: str) -> PanelModel | None:
    """The open panel, if any."""
    return None if state.panel is None else PANELS[state.panel](words, state, page)


def question(words: Words, state: TableState) -> QuestionModel | None:
    _ = words._
    asked = state.question
    if asked is None:
        return None
    loss = _(" The game in progress will count as a loss.") if state.in_progress else ""
    if asked is Question.NEW_GAME and state.daily is not None:
        text = _(
            "Start a new game? Your own game in progress will count as a loss "
            "(this daily deal is kept for later)."
        )
        yes, no = _("Start a new game"), _("Keep playing")
    elif asked is Question.NEW_GAME:
        text = _("Start a new game?") + loss
        yes, no = _("Start a new game"), _("Keep playing")
    elif asked is Question.REPLACE_DAILY:
        unfinished = state.daily or (state.parked.daily if state.parked else None)
        day = unfinished.day if unfinished else state.asked_daily
        assert day is not None
        dates = DealsPresenter(words).words
        text = _(
            "Your deal of {date} is unfinished. Give it up for the deal of {asked}? It will "
            "count as lost."
        ).format(date=dates.day(day), asked=dates.day(state.asked_daily or day))
        yes, no = _("Give it up"), _("Keep it")
    elif asked is Question.APPLY_RULES:
        text = (
            _(
                "These rules apply to a new game. Start a new game now, or play them from the "
                "next game?"
            )
            + loss
        )
        yes, no = _("Start a new game"), _("From the next game")
    elif asked is Question.RESET_STATS:
        text = _("Reset all statistics? This cannot be undone.")
        yes, no = _("Reset"), _("Cancel")
    else:
        text = (
            _("This link starts a shared game (seed {seed}). Start it now?").format(
                seed=state.seeded
            )
            + loss
        )
        yes, no = _("Start the shared game"), _("Keep my game")
    return QuestionModel(
        asked.value,
        text,
        words.button(Control.CONFIRM, label=yes, keyed=False, primary=True),
        words.button(Control.CANCEL, label=no, keyed=False),
    )
