"""The one list of controls (gin.table.controls): names, intents, keys, labels, the menu."""

from __future__ import annotations

from gin.i18n import LANGUAGES, Phrase, Translator
from gin.table.controls import Control, InMenu
from gin.table.intents import DismissNotice, TouchOnly
from gin.table.keys import KEYS
from gin.table.presenter import panels
from gin.table.state import TablePhase
from tests.table_helpers import WORDS, at_phase


def test_every_control_has_its_own_name_and_an_intent_the_page_reads_back() -> None:
    names = [control.action for control in Control]
    assert len(names) == len(set(names))
    for control in Control:
        if control is not Control.DISMISS:
            assert Control.intent_of(control.action) == control.intent
    assert Control.intent_of(Control.DISMISS.name_for(3)) == DismissNotice(3)


def test_every_key_shown_on_a_control_is_one_of_keys_py() -> None:
    shown = {binding.shown for binding in KEYS}
    assert all(control.key in shown for control in Control if control.key)
    assert {control.key for control in Control} > {"", "S", "P", "X", "K", "G", "N", "H", "R"}


def test_every_label_is_a_message_of_the_catalog() -> None:
    """Labels are marked for extraction (N_, NP_), so every language translates them."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    template = Path(__file__).resolve().parent.parent / "gin" / "locale" / "gin.pot"
    with template.open("rb") as handle:
        catalog = read_po(handle)
    for control in Control:
        label = control.label
        if isinstance(label, Phrase):
            assert catalog.get(label.message, context=label.context) is not None, control
        elif label is not None:
            assert catalog.get(label) is not None, control
    assert all(Translator(code).phrase(Control.TAKE.label or "") for code in LANGUAGES)


def test_the_menu_lists_its_controls_in_order_and_the_keys_only_with_a_keyboard() -> None:
    table = at_phase(TablePhase.DRAW)
    entries = [b.action for b in panels.menu_items(WORDS, table.state)]
    aside = InMenu.WITH_OWN_GAME_ASIDE  # only while a daily deal is on the table
    assert entries == [c.action for c in Control if c.menu not in (None, aside)]
    assert entries[0] == "new-game" and entries[-1] == "download"
    table.send(TouchOnly(True))
    touch = [b.action for b in panels.menu_items(WORDS, table.state)]
    assert touch == [c.action for c in Control if c.menu is InMenu.ALWAYS]
    assert "help" in entries and "help" not in touch
