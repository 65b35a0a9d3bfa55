"""A finished hand and the score sheet (gin.table.presenter.showdown): the showdown laid out,
the points as arithmetic and in words, the sheet's running totals and the box score."""

from __future__ import annotations

import random

from gin.cards import parse_cards
from gin.records import HandResult
from gin.scoring import HandKind
from gin.table.intents import ChangeSetting
from gin.table.presenter.showdown import headline, plain_layout, points_line, points_words
from gin.table.seats import AI, YOU
from gin.table.state import TablePhase
from tests.table_helpers import EN, WORDS, Table, hand_result


def sums(text: str) -> str:
    """A points line as shown: the sum after the colon unbroken (no-break spaces)."""
    kind, _, total = text.partition(": ")
    return f"{kind}: " + total.replace(" ", "\u00a0")


def test_the_points_are_explained_as_arithmetic() -> None:
    knock = hand_result("AS 2S 3S 4D 4H 4C 7C 8C 9C 5D", "6S 7S 8S JD QD KD 9H TH JH KH")
    assert knock.kind is HandKind.KNOCK
    assert points_line(WORDS, knock) == sums("Knock: 10 − 5 = 5")
    gin = hand_result("AS 2S 3S 4D 4H 4C 7C 8C 9C TC", "6S 7S 8S JD QD KD 9H TH 2H KH")
    assert points_line(WORDS, gin) == sums("Gin: 25 + 31 = 56") and gin.points == 56
    undercut = hand_result("AS 2S 3S 4D 4H 4C 7C 8C 9C 9D", "6S 7S 8S JD QD KD 9H TH JH 2H")
    assert undercut.kind is HandKind.UNDERCUT
    assert points_line(WORDS, undercut) == sums("Undercut: 9 − 2 + 25 = 32")
    assert "undercut bonus 25" in points_words(WORDS, undercut)
    # A defender with no deadwood is still taken away: not "2 + 0 + 25".
    clean = hand_result("AS 2S 3S 4D 4H 4C 7C 8C 9C 2D", "5S 6S 7S JD QD KD 8H 9H TH JH")
    assert points_line(WORDS, clean) == sums("Undercut: 2 − 0 + 25 = 27")


def test_the_showdown_shows_the_knocker_first_and_the_lay_offs_as_the_defenders() -> None:
    for seed in range(300):
        table = Table.open(seed=seed)
        rng = random.Random(seed)
        table.play_until(TablePhase.HAND_OVER, rng)
        result = table.state.view.hand_results[-1]
        if result.showdown is None or not result.showdown.layoffs or result.knocker is None:
            continue
        model = EN.table(table.state).result
        assert model is not None
        first, second = model.hands
        gin = result.showdown.gin
        titles = {
            YOU: ("You knocked", "You went gin"),
            AI: ("The computer knocked", "The computer went gin"),
        }
        assert first.title == titles[result.knocker][gin]
        assert second.title == WORDS.player_name(1 - result.knocker)
        theirs = {c.card for meld in first.melds for c in meld.cards if c.theirs}
        assert theirs == {card for card, _ in result.showdown.layoffs}
        assert second.note.startswith(str(len(theirs)))
        return
    raise AssertionError("no lay-off in 300 hands")


def test_the_sheet_has_running_totals_and_the_game_over_a_box_score() -> None:
    table = Table.open(seed=4)
    table.play_until(TablePhase.GAME_OVER, random.Random(4))
    model = EN.table(table.state)
    rows = model.sheet.rows
    assert rows and rows[-1].you_total == sum(r.you for r in rows)
    assert rows[-1].ai_total == sum(r.ai for r in rows)
    you, ai = table.state.view.scores
    assert (int(model.sheet.total.you), int(model.sheet.total.ai)) == (you, ai)
    labels = [line.label for line in model.sheet.box]
    assert labels[0] == "Hands won" and labels[-1] == "Total"
    over = model.game_over
    assert over is not None and (over.you, over.ai) == (you, ai)
    assert over.seed_href == f"?seed={table.state.game.seed}"
    assert [b.action for b in over.buttons] == ["next-hand", "review-hand", "download"]
    assert over.buttons[0].label == "Play again"
    assert over.figures_title == f"This game: {len(rows)} hands"
    assert [line.label for line in over.figures] == ["Gins", "Undercuts", "Biggest hand"]


def test_bonuses_are_itemised_in_the_box_score() -> None:
    table = Table.open(seed=4)
    for name in ("game_bonus", "line_bonus"):
        table.send(ChangeSetting(name, True))
    from gin.table.intents import Confirm, NewGame

    table.send(Confirm())
    table.send(NewGame())
    table.play_until(TablePhase.GAME_OVER, random.Random(4))
    box = [line.label for line in EN.table(table.state).sheet.box]
    assert "Game bonus" in box and "Line bonus" in box


def test_a_dead_hand_is_worded_and_shows_only_the_persons_hand() -> None:
    mine = tuple(parse_cards("AS 3D 5C 7H 9S JD KC 2H 4S 6D"))
    theirs = tuple(parse_cards("AH 3C 5D 7S 9D JC KS 2D 4H 6S"))
    dead = HandResult(2, 0, HandKind.DEAD, None, None, 0, (mine, theirs), None)
    assert headline(WORDS, dead) == "Dead hand: no score."
    assert points_line(WORDS, dead) == "Dead hand: 0"
    assert "two cards without a knock" in points_words(WORDS, dead)
    shown = plain_layout(WORDS, "Your hand", mine)
    cards = {c.card for meld in shown.melds for c in meld.cards} | {c.card for c in shown.deadwood}
    assert cards == set(mine) and shown.deadwood_label == "Deadwood: 57"


def test_gin_is_explained_in_words() -> None:
    gin = hand_result("AS 2S 3S 4D 4H 4C 7C 8C 9C TC", "6S 7S 8S JD QD KD 9H TH 2H KH")
    assert points_words(WORDS, gin) == "Gin bonus 25 plus the defender's deadwood 31."
    assert headline(WORDS, gin) == "Gin! You score 56 points."
    computer = hand_result("AS 2S 3S 4D 4H 4C 7C 8C 9C TC", "6S 7S 8S JD QD KD 9H TH 2H KH", AI)
    assert headline(WORDS, computer) == "The computer went gin and scores 56 points."
