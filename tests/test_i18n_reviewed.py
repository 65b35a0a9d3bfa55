"""The texts a player reads most, in every language, against a table a native speaker signed.

``tests/i18n_reviewed.json`` is the spec: for each language, every score-sheet row, every
result headline (in each plural form its language has), every card name, the buttons, the
computer levels and the animation speeds, plus the strings the language review asked for.
The texts are rendered here through the game's own code (the presenter, the translator, the
settings panel), so a wrong context, template or translation shows up as a difference from
what was reviewed.  Change the table only with a speaker's review.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gin.cards import Card
from gin.i18n import LANGUAGES, Translator
from gin.lessons import LESSONS
from gin.records import HandResult
from gin.scoring import BonusKind, HandKind
from gin.table.controls import Control
from gin.table.presenter import Presenter, panels, showdown
from gin.table.seats import AI, YOU
from gin.table.settings import LEVELS, SPEEDS
from gin.table.state import TablePhase
from tests.table_helpers import at_phase

REVIEWED: dict[str, Any] = json.loads(
    Path(__file__).with_name("i18n_reviewed.json").read_text(encoding="utf-8")
)
HAND_NUMBER = 3
SEATS = {"you": YOU, "computer": AI}
POINTS = {
    HandKind.GIN: (25, 32, 47),
    HandKind.KNOCK: (1, 3, 5, 12, 22),
    HandKind.UNDERCUT: (25, 27, 33),
}
"""Points for each kind of hand: every plural form of et, pl and hi (Polish 1 / 2-4 / 5+,
and 12 and 22, where the last digit misleads)."""
CODES = [rank + suit for suit in "SHDC" for rank in "A23456789TJQK"]


def _result(kind: HandKind, winner: int | None, points: int) -> HandResult:
    return HandResult(
        number=HAND_NUMBER,
        dealer=YOU,
        kind=kind,
        knocker=winner,
        winner=winner,
        points=points,
        hands=((), ()),
        showdown=None,
    )


def _speed_names(presenter: Presenter) -> dict[str, str]:
    """The speeds as the settings panel offers them."""
    state = at_phase(TablePhase.UPCARD).state
    fields = [f for fs in panels.settings_fields(presenter.words, state) for f in fs.fields]
    speed = next(f for f in fields if f.name == "speed")
    return dict(speed.options)


REVIEWED_BUTTONS = ("take", "pass", "knock", "gin", "next-hand", "new-game")
LESSON_CONTROLS = (
    Control.LEARN,
    Control.PLAY_NOW,
    Control.LESSON_START,
    Control.LESSON_SHOW,
    Control.LESSON_NEXT,
    Control.LESSON_LEAVE,
    Control.LESSON_RESTART,
    Control.LESSON_ABOUT,
)
"""The lessons' controls: their labels are pinned with the titles of the lessons."""


def _buttons(presenter: Presenter) -> dict[str, str]:
    """The labels of the table's buttons, from the phases that show them and the menu."""
    buttons = {}
    for phase in (TablePhase.UPCARD, TablePhase.DISCARD, TablePhase.HAND_OVER):
        model = presenter.table(at_phase(phase).state)
        shown = model.buttons + (model.result.buttons if model.result else ())
        buttons |= {b.action: b.label for b in shown}
    menu = panels.menu_items(presenter.words, at_phase(TablePhase.UPCARD).state)
    buttons |= {b.action: b.label for b in menu}
    return {action: buttons[action] for action in REVIEWED_BUTTONS}


def _lessons(presenter: Presenter) -> dict[str, str]:
    """The lessons' controls and the title of each lesson, as the lessons show them."""
    words = presenter.words
    controls = {control.action: words.label(control) for control in LESSON_CONTROLS}
    titles = {f"title {lesson.key}": words._(lesson.title) for lesson in LESSONS}
    return controls | titles


def rendered(language: str) -> dict[str, Any]:
    """Every reviewed text of ``language``, as the game shows it."""
    tr = Translator(language)
    presenter = Presenter(tr)
    sheet = {
        kind.value: showdown.sheet_row(
            presenter.words, _result(kind, None if kind is HandKind.DEAD else YOU, 9), (0, 0)
        ).how
        for kind in HandKind
    }
    bonuses = {kind.value: presenter.words.bonus_name(kind) for kind in BonusKind}
    headlines = {"dead": showdown.headline(presenter.words, _result(HandKind.DEAD, None, 0))}
    for kind, counts in POINTS.items():
        for seat_name, seat in SEATS.items():
            for points in counts:
                headlines[f"{kind} {seat_name} {points}"] = showdown.headline(
                    presenter.words, _result(kind, seat, points)
                )
    return {
        "sheet rows": sheet | {f"{kind} bonus": name for kind, name in bonuses.items()},
        "result headlines": headlines,
        "card names": {code: tr.card_name(Card.parse(code)) for code in CODES},
        "buttons": _buttons(presenter),
        "levels": {level: presenter.words.level_name(level) for level in LEVELS},
        "speeds": _speed_names(presenter),
        "lessons": _lessons(presenter),
    }


def test_the_table_covers_every_language_and_case() -> None:
    assert set(REVIEWED) - {"about"} == set(LANGUAGES)
    for language in LANGUAGES:
        table = REVIEWED[language]
        assert set(table["card names"]) == set(CODES), language
        assert len(set(table["card names"].values())) == 52, language  # no two cards alike
        assert set(table["levels"]) == set(LEVELS), language
        assert set(table["speeds"]) == {str(speed) for speed in SPEEDS}, language
        sheet = {f"{kind} bonus" for kind in BonusKind} | {kind.value for kind in HandKind}
        assert set(table["sheet rows"]) == sheet, language


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_game_shows_the_reviewed_texts(language: str) -> None:
    reviewed = {k: v for k, v in REVIEWED[language].items() if k != "review"}
    shown = rendered(language)
    differences = [
        f"{section} / {key}: shown {shown[section].get(key)!r}, reviewed {text!r}"
        for section, texts in reviewed.items()
        for key, text in texts.items()
        if shown[section].get(key) != text
    ]
    differences += [
        f"{section} / {key}: shown {text!r}, not in the reviewed table"
        for section, texts in shown.items()
        for key, text in texts.items()
        if key not in reviewed.get(section, {})
    ]
    assert not differences, "\n".join(differences)


@pytest.mark.parametrize("language", [code for code in LANGUAGES if "review" in REVIEWED[code]])
def test_the_reviews_suggestions_are_in(language: str) -> None:
    """The strings the language review asked for, message by message (context and msgid)."""
    tr = Translator(language)
    wrong = []
    for item in REVIEWED[language]["review"]:
        context, msgid, expected = item["context"], item["msgid"], item["text"]
        text = tr.pgettext(context, msgid) if context else tr.gettext(msgid)
        if text != expected:
            wrong.append(f"{context or ''}|{msgid!r}: {text!r}, reviewed {expected!r}")
    assert not wrong, "\n".join(wrong)
