"""The table in play (gin.table.presenter.table): counts, buttons, the hand, the prompt, the log."""

from __future__ import annotations

import dataclasses
import random

from gin.actions import ActionKind
from gin.table.hand import deadwood_of
from gin.table.intents import Arm, AskHint, ChangeSetting, ChooseCard
from gin.table.presenter.table import status
from gin.table.presenter.words import short_name
from gin.table.seats import AI
from gin.table.settings import SortMode
from gin.table.state import TablePhase
from tests.table_helpers import EN, WORDS, at_phase, knock_table


def test_the_count_in_the_discard_phase_is_after_the_best_discard() -> None:
    table = at_phase(TablePhase.DISCARD)
    model = EN.table(table.state)
    assert model.count_line.startswith("Discard ")
    assert "deadwood" in model.count_line and len(table.state.view.hand) == 11
    draw = EN.table(at_phase(TablePhase.DRAW).state)
    assert draw.count_line.startswith("Deadwood: ")


def test_the_count_line_names_the_card_picked_or_hinted_not_another() -> None:
    """Beside "Tap 3♥ again to play it" or the hint's "Discard Q♦", the line named the
    lowest-deadwood discard, another card: it now says what the card in question leaves."""
    for seed in range(1, 30):
        table = at_phase(TablePhase.DISCARD, seed=seed)
        legal = [a.card for a in table.state.legal() if a.kind is ActionKind.DISCARD]
        best = EN.table(table.state).count_line
        other = next(c for c in legal if not best.startswith(f"Discard {short_name(c)}:"))
        table.send(ChooseCard(other))
        assert table.state.selected == other
        left = deadwood_of(c for c in table.state.view.hand if c != other)
        line = EN.table(table.state).count_line
        assert line.startswith(f"Discard {short_name(other)}: deadwood {left}"), line
        table.send(ChooseCard(other))  # played
        table = at_phase(TablePhase.DISCARD, seed=seed)
        table.send(AskHint())
        hint = table.state.hint
        assert hint is not None and hint.action.card is not None
        line = EN.table(table.state).count_line
        assert line.startswith(f"Discard {short_name(hint.action.card)}:"), (line, hint)
        if not best.startswith(f"Discard {short_name(hint.action.card)}:"):
            return  # met a hint that is not the lowest deadwood: the case that misled
    raise AssertionError("no hint other than the lowest-deadwood discard in 29 deals")


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
    table = knock_table()  # knocking is possible, but not with every card
    legal = table.state.legal()
    model = EN.table(table.state)
    discards = {a.card for a in legal if a.kind is ActionKind.DISCARD}
    assert {c.card for c in model.hand if c.playable} == discards
    table.send(Arm(ActionKind.KNOCK))
    knocking = {a.card for a in legal if a.kind in (ActionKind.KNOCK, ActionKind.GIN)}
    assert knocking and knocking != discards
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


def test_the_log_has_every_move_of_the_hand_and_the_finished_hand_after() -> None:
    table = at_phase(TablePhase.DISCARD)
    model = EN.table(table.state)
    assert len(model.log.entries) == len(table.state.view.history)
    over = at_phase(TablePhase.HAND_OVER)
    log = EN.table(over.state).log.entries
    assert len(log) == len(over.state.view.hand_results[-1].history) > 0


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


def test_the_status_says_what_happens_now() -> None:
    from gin.table.intents import PlayCard
    from gin.table.update import update

    table = at_phase(TablePhase.DISCARD)
    card = next(a.card for a in table.state.legal() if a.kind is ActionKind.DISCARD)
    thinking, _effects = update(table.state, PlayCard(card))  # type: ignore[arg-type]
    assert status(WORDS, thinking) == "The computer is playing…"
    assert EN.table(thinking).opponent.thinking == "Thinking…"
    assert EN.table(thinking).turn == "ai"


def test_the_count_line_says_when_the_best_discard_knocks_or_goes_gin() -> None:
    table = knock_table()
    line = EN.table(table.state).count_line
    assert line.endswith("you can knock") or line.endswith("you can go gin")
    table.send(Arm(ActionKind.KNOCK))
    assert status(WORDS, table.state) == "Knock: choose the card to discard."


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
    assert EN.table(table.state).opponent.last_move == WORDS.move_text(AI, last.action, last.card)
    table.play_until(TablePhase.HAND_OVER, random.Random(3))
    assert EN.table(table.state).opponent.last_move == ""  # the hand's result says the rest
