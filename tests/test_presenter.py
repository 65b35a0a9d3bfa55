"""What the table shows: counts, buttons, the showdown's arithmetic, the sheet, the game over."""

from __future__ import annotations

import dataclasses
import random

from gin.actions import ActionKind
from gin.cards import Card, parse_cards
from gin.records import HandResult
from gin.scoring import HandKind, score_hand
from gin.table.intents import Arm, ChangeSetting, ChooseCard, OpenPanel, Panel
from gin.table.presenter import short_name
from gin.table.seats import AI, YOU
from gin.table.settings import SortMode
from gin.table.state import TablePhase
from gin.table.stats import LevelStats
from tests.table_helpers import EN, Table, at_phase, knock_table


def test_cards_are_printed_with_10_not_t() -> None:
    assert short_name(Card.parse("TC")) == "10♣" and short_name(Card.parse("QH")) == "Q♥"


def test_the_count_in_the_discard_phase_is_after_the_best_discard() -> None:
    table = at_phase(TablePhase.DISCARD)
    model = EN.table(table.state)
    assert model.count_line.startswith("Discard ")
    assert "deadwood" in model.count_line and len(table.state.view.hand) == 11
    draw = EN.table(at_phase(TablePhase.DRAW).state)
    assert draw.count_line.startswith("Deadwood: ")


def test_the_phase_decides_the_buttons() -> None:
    upcard = EN.table(at_phase(TablePhase.UPCARD).state)
    assert [b.action for b in upcard.buttons] == ["take", "pass", "hint"]
    assert all(b.enabled for b in upcard.buttons)
    assert [b.key for b in upcard.buttons] == ["P", "X", "H"]
    discard = at_phase(TablePhase.DISCARD)
    model = EN.table(discard.state)
    assert [b.action for b in model.buttons] == ["knock", "gin", "hint"]
    kinds = {a.kind for a in discard.state.legal()}
    knock = model.buttons[0]
    assert knock.enabled == bool(kinds & {ActionKind.KNOCK, ActionKind.GIN})
    assert knock.pressed is False
    over = EN.table(at_phase(TablePhase.HAND_OVER).state)
    assert over.buttons == () and over.result is not None
    assert [b.action for b in over.result.buttons] == ["next-hand", "show-deck", "review-hand"]


def test_playable_cards_follow_the_legal_actions_and_the_armed_button() -> None:
    table = at_phase(TablePhase.DISCARD)
    legal = table.state.legal()
    model = EN.table(table.state)
    discards = {a.card for a in legal if a.kind is ActionKind.DISCARD}
    assert {c.card for c in model.hand if c.playable} == discards
    if any(a.kind is ActionKind.KNOCK for a in legal):
        table.send(Arm(ActionKind.KNOCK))
        knocking = {a.card for a in legal if a.kind in (ActionKind.KNOCK, ActionKind.GIN)}
        assert {c.card for c in EN.table(table.state).hand if c.playable} == knocking


def test_a_chosen_card_is_marked_and_named_in_the_status() -> None:
    table = at_phase(TablePhase.DISCARD)
    card = next(c.card for c in EN.table(table.state).hand if c.playable)
    table.send(ChooseCard(card))
    model = EN.table(table.state)
    assert [c.card for c in model.hand if c.selected] == [card]
    assert short_name(card) in model.status


def test_the_card_just_drawn_pulses() -> None:
    model = EN.table(at_phase(TablePhase.DISCARD).state)
    assert sum(c.fresh for c in model.hand) == 1


def test_the_card_drawn_from_the_stock_says_so_until_the_discard() -> None:
    from gin.table.intents import DrawFromStock

    table = at_phase(TablePhase.DRAW)
    table.send(DrawFromStock())
    card = table.state.view.history[-1].card  # the person's own draw: they see its card
    notes = {c.card: c.note for c in EN.table(table.state).hand if c.note}
    assert card is not None and notes == {card: "just drawn"}
    table.send(ChooseCard(next(c for c in table.state.view.hand if c is not card)))
    assert {c.card: c.note for c in EN.table(table.state).hand if c.note} == notes


def test_the_beginners_aid_lights_up_what_the_face_up_card_would_meld() -> None:
    for seed in range(60):
        table = at_phase(TablePhase.DRAW, seed=seed)
        table.send(ChangeSetting("beginner_aid", True))
        model = EN.table(table.state)
        lit = {c.card for c in model.hand if c.aid}
        if lit:
            assert model.pile.aid
            top = table.state.view.discard_pile[-1]
            assert all(c.rank == top.rank or c.suit == top.suit for c in lit)
            return
    raise AssertionError("no face-up card completed a meld in 60 deals")


def _result(knocker_cards: str, defender_cards: str, knocker: int = YOU) -> HandResult:
    score = score_hand(parse_cards(knocker_cards), parse_cards(defender_cards))
    winner = knocker if score.winner == "knocker" else 1 - knocker
    hands = (parse_cards(knocker_cards), parse_cards(defender_cards))
    if knocker == AI:
        hands = hands[::-1]
    return HandResult(
        1,
        0,
        score.kind,
        knocker,
        winner,
        score.points,
        (tuple(hands[0]), tuple(hands[1])),
        score.showdown,
    )


def test_the_points_are_explained_as_arithmetic() -> None:
    knock = _result("AS 2S 3S 4D 4H 4C 7C 8C 9C 5D", "6S 7S 8S JD QD KD 9H TH JH KH")
    assert knock.kind is HandKind.KNOCK
    assert EN.points_line(knock) == "Knock: 10 − 5 = 5"
    gin = _result("AS 2S 3S 4D 4H 4C 7C 8C 9C TC", "6S 7S 8S JD QD KD 9H TH 2H KH")
    assert EN.points_line(gin) == "Gin: 25 + 31 = 56" and gin.points == 56
    undercut = _result("AS 2S 3S 4D 4H 4C 7C 8C 9C 9D", "6S 7S 8S JD QD KD 9H TH JH 2H")
    assert undercut.kind is HandKind.UNDERCUT
    assert EN.points_line(undercut) == "Undercut: 9 − 2 + 25 = 32"
    assert "undercut bonus 25" in EN.points_words(undercut)


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
        assert second.title == EN.player_name(1 - result.knocker)
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


def test_the_log_has_every_move_of_the_hand_and_the_finished_hand_after() -> None:
    table = at_phase(TablePhase.DISCARD)
    model = EN.table(table.state)
    assert len(model.log.entries) == len(table.state.view.history)
    over = at_phase(TablePhase.HAND_OVER)
    log = EN.table(over.state).log.entries
    assert len(log) == len(over.state.view.hand_results[-1].history) > 0


def test_the_menu_has_no_keys_on_touch_only_devices_and_the_chart_says_when_empty() -> None:
    table = at_phase(TablePhase.DRAW)
    table.send(OpenPanel(Panel.MENU))
    actions = [b.action for b in EN.table(table.state).panel.items]  # type: ignore[union-attr]
    assert "help" in actions and "new-game" in actions and "download" in actions
    from gin.table.intents import TouchOnly

    table.send(TouchOnly(True))
    assert "help" not in [b.action for b in EN.table(table.state).panel.items]  # type: ignore[union-attr]
    table.send(OpenPanel(Panel.STATS))
    stats = EN.table(table.state).panel.stats  # type: ignore[union-attr]
    assert stats is not None and stats.bars == () and stats.empty
    played = table.state.stats.update("hard", LevelStats(games_played=4, games_won=3))
    stats = EN.stats(played)
    assert stats.bars and "Hard: 3 won, 1 lost" in stats.chart_label


def test_questions_say_a_game_in_progress_counts_as_lost() -> None:
    from gin.table.intents import NewGame

    table = at_phase(TablePhase.DISCARD)
    table.send(NewGame())
    question = EN.table(table.state).question
    assert question is not None and "count as a loss" in question.text
    assert (question.confirm.action, question.cancel.action) == ("confirm", "cancel")


def test_refusals_are_worded_with_the_card() -> None:
    table = at_phase(TablePhase.UPCARD)
    from gin.table.intents import DrawFromPile, PlayCard

    table.send(DrawFromPile())
    taken = table.state.view.taken_from_pile
    assert taken is not None
    table.send(PlayCard(taken))
    why = EN.table(table.state).why
    assert why is not None and why.text == "You cannot throw back the card you just took."
    assert why.target == str(taken)


def test_sorting_shows_the_hand_in_order() -> None:
    table = at_phase(TablePhase.DRAW)
    from gin.table.intents import SortHand

    table.send(SortHand(SortMode.SUIT))
    cards = [c.card for c in EN.table(table.state).hand]
    assert cards == sorted(cards)
    sorts = EN.table(table.state).sorts
    assert [s.pressed for s in sorts] == [False, False, True]


def test_a_dead_hand_is_worded_and_shows_only_the_persons_hand() -> None:
    mine = tuple(parse_cards("AS 3D 5C 7H 9S JD KC 2H 4S 6D"))
    theirs = tuple(parse_cards("AH 3C 5D 7S 9D JC KS 2D 4H 6S"))
    dead = HandResult(2, 0, HandKind.DEAD, None, None, 0, (mine, theirs), None)
    assert EN.headline(dead) == "Dead hand: no score."
    assert EN.points_line(dead) == "Dead hand: 0"
    assert "two cards without a knock" in EN.points_words(dead)
    shown = EN.plain_layout("Your hand", mine)
    cards = {c.card for meld in shown.melds for c in meld.cards} | {c.card for c in shown.deadwood}
    assert cards == set(mine) and shown.deadwood_label == "Deadwood: 57"


def test_gin_is_explained_in_words() -> None:
    gin = _result("AS 2S 3S 4D 4H 4C 7C 8C 9C TC", "6S 7S 8S JD QD KD 9H TH 2H KH")
    assert EN.points_words(gin) == "Gin bonus 25 plus the defender's deadwood 31."
    assert EN.headline(gin) == "Gin! You score 56 points."
    computer = _result("AS 2S 3S 4D 4H 4C 7C 8C 9C TC", "6S 7S 8S JD QD KD 9H TH 2H KH", AI)
    assert EN.headline(computer) == "The computer went gin and scores 56 points."


def test_the_status_says_what_happens_now() -> None:
    from gin.table.intents import PlayCard
    from gin.table.update import update

    table = at_phase(TablePhase.DISCARD)
    card = next(a.card for a in table.state.legal() if a.kind is ActionKind.DISCARD)
    thinking, _effects = update(table.state, PlayCard(card))  # type: ignore[arg-type]
    assert EN.status(thinking) == "The computer is playing…"
    assert EN.table(thinking).opponent.thinking == "Thinking…"
    assert EN.table(thinking).turn == "ai"


def test_the_count_line_says_when_the_best_discard_knocks_or_goes_gin() -> None:
    table = knock_table()
    line = EN.table(table.state).count_line
    assert line.endswith("you can knock") or line.endswith("you can go gin")
    table.send(Arm(ActionKind.KNOCK))
    assert EN.status(table.state) == "Knock: choose the card to discard."


def test_announcements_word_moves_results_hints_and_refusals() -> None:
    from gin.actions import Action
    from gin.ai.hints import Hint
    from gin.table.effects import Announce
    from gin.table.messages import Message, Why

    seven = Card.parse("7H")
    move = Announce(Action(ActionKind.DISCARD, seven), seat=AI, card=seven)
    assert EN.announcement(move) == "The computer discarded 7♥."
    assert EN.announcement(Announce(Action(ActionKind.DRAW_STOCK), seat=YOU, card=seven)) == (
        "You drew 7♥ from the stock."
    )
    knock = _result("AS 2S 3S 4D 4H 4C 7C 8C 9C 5D", "6S 7S 8S JD QD KD 9H TH JH KH")
    assert EN.announcement(Announce(knock)) == "You knocked and score 5 points. Knock: 10 − 5 = 5"
    only = Hint(
        Action(ActionKind.DRAW_STOCK), "only_choice", {"action": Action.parse("draw stock")}
    )
    assert EN.announcement(Announce(only)) == "Draw from the stock is the only move."
    refused = Message(Why.TAKEN_CARD, card=seven)
    assert EN.announcement(Announce(refused)) == "You cannot throw back the card you just took."
    assert EN.action_name(Action(ActionKind.GIN, seven)) == "Go gin, discarding 7♥"


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


def test_the_prompt_after_choosing_a_card_speaks_of_clicks_or_taps() -> None:
    from gin.table.intents import TouchOnly

    table = at_phase(TablePhase.DISCARD)
    card = table.state.view.hand[0]
    table.send(ChooseCard(card))
    assert EN.table(table.state).status.startswith(f"Click {short_name(card)} again")
    table.send(TouchOnly(True))
    assert EN.table(table.state).status.startswith(f"Tap {short_name(card)} again")


def test_an_armed_knock_or_gin_is_named_in_the_prompt_once_a_card_is_chosen() -> None:
    from gin.table.intents import TouchOnly

    table = knock_table()
    card = next(a.card for a in table.state.legal() if a.kind is ActionKind.KNOCK)
    assert card is not None
    table.send(Arm(ActionKind.KNOCK))
    table.send(ChooseCard(card))
    assert EN.table(table.state).status == f"Click {short_name(card)} again to knock with it."
    table.send(TouchOnly(True))
    assert EN.table(table.state).status == f"Tap {short_name(card)} again to knock with it."
    gin_armed = dataclasses.replace(table.state, armed=ActionKind.GIN)  # the wording alone
    assert EN.table(gin_armed).status == f"Tap {short_name(card)} again to go gin with it."


def test_no_sort_button_is_pressed_once_the_person_arranges_the_hand() -> None:
    from gin.table.intents import MoveCard

    table = at_phase(TablePhase.UPCARD)
    pressed = [b.action for b in EN.table(table.state).sorts if b.pressed]
    assert pressed == ["sort-melds"]
    table.send(MoveCard(table.state.view.hand[0], 5))
    assert not any(b.pressed for b in EN.table(table.state).sorts)


def test_the_computers_last_move_is_worded_for_where_the_log_is_not_shown() -> None:
    table = at_phase(TablePhase.DISCARD, seed=2)
    theirs = [e for e in table.state.view.history if e.player == AI]
    assert theirs, "the computer has moved by the person's first discard"
    last = theirs[-1]
    assert EN.table(table.state).opponent.last_move == EN.move_text(AI, last.action, last.card)
    table.play_until(TablePhase.HAND_OVER, random.Random(3))
    assert EN.table(table.state).opponent.last_move == ""  # the hand's result says the rest
