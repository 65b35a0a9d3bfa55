"""The panels and the questions (gin.table.presenter.panels)."""

from __future__ import annotations

import dataclasses

from gin.table.controls import FIRST_IN_MENU
from gin.table.intents import ChangeSetting, OpenPanel, Panel
from gin.table.presenter import panels
from gin.table.presenter.panels import settings_fields
from gin.table.settings import SETTING_NAMES
from gin.table.state import TablePhase
from gin.table.stats import LevelStats
from tests.table_helpers import EN, WORDS, Table, at_phase


def test_the_menu_has_no_keys_on_touch_only_devices_and_the_chart_says_when_empty() -> None:
    table = at_phase(TablePhase.DRAW)
    table.send(OpenPanel(Panel.MENU))
    actions = [b.action for b in EN.table(table.state).panel.items]  # type: ignore[union-attr]
    assert "help" in actions and "new-game" in actions and "download" in actions
    assert actions[0] == FIRST_IN_MENU.action, "the entry that takes the focus comes first"
    from gin.table.intents import TouchOnly

    table.send(TouchOnly(True))
    actions = [b.action for b in EN.table(table.state).panel.items]  # type: ignore[union-attr]
    assert "help" not in actions and actions[0] == FIRST_IN_MENU.action
    table.send(OpenPanel(Panel.STATS))
    stats = EN.table(table.state).panel.stats  # type: ignore[union-attr]
    assert stats is not None and stats.bars == () and stats.empty
    played = table.state.stats.update("hard", LevelStats(games_played=4, games_won=3))
    stats = panels.stats(WORDS, dataclasses.replace(table.state, stats=played))
    assert stats.bars and "Hard: 3 won, 1 lost" in stats.chart_label


def test_questions_say_a_game_in_progress_counts_as_lost() -> None:
    from gin.table.intents import NewGame

    table = at_phase(TablePhase.DISCARD)
    table.send(NewGame())
    question = EN.table(table.state).question
    assert question is not None and "count as a loss" in question.text
    assert (question.confirm.action, question.cancel.action) == ("confirm", "cancel")


def test_every_question_and_panel_is_worded() -> None:
    from gin.table.intents import Cancel, Confirm
    from gin.table.state import Question

    table = at_phase(TablePhase.DISCARD)
    table.send(ChangeSetting("target", "50"))
    question = EN.table(table.state).question
    assert question is not None and question.name == Question.APPLY_RULES
    assert "count as a loss" in question.text
    table.send(Cancel())
    from gin.table.intents import ResetStatistics

    table.send(ResetStatistics())
    assert "cannot be undone" in EN.table(table.state).question.text  # type: ignore[union-attr]
    table.send(Confirm())
    table.send(OpenPanel(Panel.RULES))
    model = EN.table(table.state, rules_html="<p>rules</p>")
    assert model.panel is not None and model.panel.rules_html == "<p>rules</p>"
    from gin.table.startup import Address, Stored, start

    seeded, _ = start(Stored(table=table.state.record()), Address(seed=99), [])
    assert "seed 99" in EN.table(seeded).question.text  # type: ignore[union-attr]


def test_the_keys_panel_lists_every_key_and_pairs_the_arrows() -> None:
    from gin.table.keys import KEYS

    table = Table.open(seed=2)
    table.send(OpenPanel(Panel.KEYS))
    panel = EN.table(table.state).panel
    assert panel is not None
    assert ("← →", "Move between the cards of your hand") in panel.keys
    listed = " ".join(shown for shown, _ in panel.keys)
    assert all(binding.shown in listed.split() for binding in KEYS)


def test_every_field_of_the_settings_panel_is_a_setting_a_refusal_can_name() -> None:
    """A refused value is said under the field named by the refusal's target
    (`panels.says_refusal`): every field's name is a setting's."""
    table = Table.open(seed=1)
    names = {f.name for fs in settings_fields(WORDS, table.state) for f in fs.fields}
    assert names <= SETTING_NAMES and "target" in names
