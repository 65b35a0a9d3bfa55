"""The table's state machine: every intent in every phase, what it does or why it does nothing."""

from __future__ import annotations

import dataclasses
import random
from typing import get_args

import pytest

from gin.actions import ActionKind
from gin.ai import hint, make_player
from gin.cards import Card, to_mask
from gin.game import Game
from gin.melds import deadwood_mask
from gin.records import Event
from gin.table import effects as fx
from gin.table.controls import Control
from gin.table.intents import (
    Arm,
    AskHint,
    BotDecided,
    Cancel,
    ChangeSetting,
    ChooseCard,
    ClosePanel,
    Confirm,
    DismissNotice,
    DownloadRecord,
    DrawFromPile,
    DrawFromStock,
    GoBack,
    HintReady,
    Intent,
    KeyPress,
    MenuLeft,
    MoveCard,
    NewGame,
    NextHand,
    OpenPanel,
    Panel,
    Pass,
    PlayCard,
    ResetStatistics,
    ReviewHand,
    SaveFailed,
    ShowDeck,
    SortHand,
    StoredElsewhere,
    TouchOnly,
)
from gin.table.messages import Notice, Why
from gin.table.seats import AI, YOU
from gin.table.settings import SortMode
from gin.table.startup import Address, Stored, start
from gin.table.state import Question, TablePhase
from gin.table.update import update
from gin.web.render import regions
from tests.table_helpers import EN, Table, at_phase, knock_table, refusal

IN_PLAY = (TablePhase.UPCARD, TablePhase.DRAW, TablePhase.DISCARD)


def test_drawing_from_the_stock_in_each_phase() -> None:
    assert refusal(_after(at_phase(TablePhase.UPCARD), DrawFromStock())) == Why.TAKE_OR_PASS
    assert refusal(_after(at_phase(TablePhase.DISCARD), DrawFromStock())) == Why.ALREADY_DRAWN
    assert refusal(_after(at_phase(TablePhase.HAND_OVER), DrawFromStock())) == Why.HAND_OVER
    table = at_phase(TablePhase.DRAW)
    stock = table.state.view.stock_count
    effects = table.send(DrawFromStock())
    assert table.phase is TablePhase.DISCARD and table.state.view.stock_count == stock - 1
    drawn = table.state.view.history[-1].card
    assert fx.Move(drawn, fx.Place.STOCK, fx.Place.HAND) in effects
    assert fx.PlaySound(fx.Sound.DRAW) in effects


def test_the_face_up_card_is_taken_by_clicking_the_pile() -> None:
    """The defect that started it all: the pile's face-up card must take the card."""
    table = at_phase(TablePhase.UPCARD)
    top = table.state.view.discard_pile[-1]
    effects = table.send(DrawFromPile())
    assert table.state.view.taken_from_pile is top and top in table.state.view.hand
    assert fx.Move(top, fx.Place.PILE, fx.Place.HAND) in effects
    table = at_phase(TablePhase.DRAW, seed=3)
    top = table.state.view.discard_pile[-1]
    if ActionKind.DRAW_PILE in {a.kind for a in table.state.legal()}:
        table.send(DrawFromPile())
        assert table.state.view.taken_from_pile is top
    else:
        assert refusal(_after(table, DrawFromPile())) == Why.BOTH_PASSED
    assert refusal(_after(at_phase(TablePhase.DISCARD), DrawFromPile())) == Why.ALREADY_DRAWN


def test_after_both_pass_the_pile_says_draw_from_the_stock() -> None:
    for seed in range(30):
        table = Table.open(seed=seed)
        if table.phase is TablePhase.UPCARD:
            table.send(Pass())
        if table.phase is TablePhase.UPCARD and table.state.your_turn:
            table.send(Pass())
        if table.phase is TablePhase.DRAW and len(table.state.legal()) == 1:
            assert refusal(_after(table, DrawFromPile())) == Why.BOTH_PASSED
            return
    raise AssertionError("no deal where both passed")


def test_passing_only_on_the_first_face_up_card() -> None:
    table = at_phase(TablePhase.UPCARD)
    before = len(table.state.view.history)  # the computer may have passed already
    table.send(Pass())
    assert table.state.view.history[before] == Event(YOU, ActionKind.PASS)
    assert refusal(_after(at_phase(TablePhase.DRAW), Pass())) == Why.NO_PASS_NOW


def test_a_card_is_played_only_in_the_discard_phase() -> None:
    upcard = at_phase(TablePhase.UPCARD)
    card = upcard.state.view.hand[0]
    assert refusal(_after(upcard, PlayCard(card))) == Why.TAKE_OR_PASS  # no draw yet
    assert refusal(_after(at_phase(TablePhase.DRAW), PlayCard(card))) == Why.DRAW_FIRST
    discard = at_phase(TablePhase.DISCARD)
    foreign = next(c for c in Game(seed=0).view(0).hand if c not in discard.state.view.hand)
    assert refusal(_after(discard, PlayCard(foreign))) == Why.NOT_YOUR_CARD
    card = discard.state.view.hand[0]
    if card is discard.state.view.taken_from_pile:
        card = discard.state.view.hand[1]
    effects = discard.send(PlayCard(card))
    assert card not in discard.state.view.hand
    assert fx.Move(card, fx.Place.HAND, fx.Place.PILE) in effects


def test_the_card_just_taken_cannot_be_thrown_back() -> None:
    table = at_phase(TablePhase.UPCARD)
    table.send(DrawFromPile())
    taken = table.state.view.taken_from_pile
    assert taken is not None
    assert refusal(_after(table, PlayCard(taken))) == Why.TAKEN_CARD
    assert table.state.why is not None and table.state.why.card is taken


def test_first_tap_chooses_second_tap_plays() -> None:
    table = at_phase(TablePhase.DISCARD)
    card = next(a.card for a in table.state.legal() if a.kind is ActionKind.DISCARD)
    assert card is not None
    table.send(ChooseCard(card))
    assert table.state.selected is card and card in table.state.view.hand
    table.send(ChooseCard(card))
    assert card not in table.state.view.hand and table.state.selected is None


def test_a_discard_leaves_the_focus_on_the_card_in_its_place() -> None:
    """The discarded card held the focus (a keyboard's Enter, or the click's button): the
    card now at its place in the hand (which may have been arranged anew) gets it, or the
    last one, instead of the page."""
    table = at_phase(TablePhase.DISCARD)
    shown = table.state.shown_hand()
    discards = {a.card for a in table.state.legal() if a.kind is ActionKind.DISCARD}
    for place, card in enumerate(shown):
        if card not in discards:
            continue
        state, effects = update(table.state, PlayCard(card))
        left = state.shown_hand()
        assert sorted(left) == sorted(c for c in shown if c != card)
        assert fx.Focus(left[min(place, len(left) - 1)]) in effects, (place, effects)


@pytest.mark.parametrize(
    ("draw", "seed"),
    # At seed 5 the pile's card goes to the hand's end.
    [(DrawFromStock(), 1), (DrawFromPile(), 1), (DrawFromPile(), 5), (KeyPress("s"), 1)],
)
def test_the_card_drawn_takes_the_focus(draw: Intent, seed: int) -> None:
    """The stock or the pile that had the focus (a key, or the click's element) is redrawn:
    the card drawn takes the focus, where the next choice, the discard, is made; the pile's
    card, which may not be thrown back, gives it to its neighbour that may (the next, or at
    the hand's end the one before, not round to the other end)."""
    table = at_phase(TablePhase.DRAW, seed=seed)
    before = set(table.state.view.hand)
    table.send(draw)
    (drawn,) = set(table.state.view.hand) - before
    focus = [effect.target for effect in table.effects if isinstance(effect, fx.Focus)]
    if isinstance(draw, DrawFromPile):  # the pile's card may not be thrown this turn: the next
        shown = table.state.shown_hand()
        at = shown.index(drawn)
        beside = [*shown[at + 1 :], *reversed(shown[:at])]
        assert focus == [next(c for c in beside if c in discards(table))]
        assert seed != 5 or (at == len(shown) - 1 and focus == [shown[-2]])
    else:
        assert focus == [drawn]


@pytest.mark.parametrize("pass_", [Pass(), KeyPress("x")])
def test_a_pass_leaves_the_focus_on_the_stock(pass_: Intent) -> None:
    """Pass (or Take) had the focus and goes with the turn: the stock takes it, where the
    person's next draw is, instead of the page's start (where Tab began again from the top).
    A card that had it keeps it (`if_lost`, e2e/test_keyboard.py)."""
    table = at_phase(TablePhase.UPCARD)
    table.send(pass_)
    mine = [e.action for e in table.state.game.view(YOU).history if e.player == YOU]
    assert mine == [ActionKind.PASS]
    assert [e for e in table.effects if isinstance(e, fx.Focus)] == [
        fx.Focus(Control.STOCK.action, if_lost=True)
    ]
    # The stock is the element that takes it: it is named by that action on the page.
    assert f'data-action="{Control.STOCK.action}"' in regions(EN.table(table.state))["middle"]


def discards(table: Table) -> set[Card]:
    return {a.card for a in table.state.legal() if a.kind is ActionKind.DISCARD and a.card}


def test_a_refusal_counts_up_so_the_same_one_shakes_again() -> None:
    table = at_phase(TablePhase.UPCARD)
    table.send(DrawFromStock())
    first = table.state.why_count
    effects = table.send(DrawFromStock())
    assert table.state.why_count == first + 1
    assert any(isinstance(e, fx.Announce) for e in effects)


def test_knock_arms_and_plays_only_knocking_discards() -> None:
    table = knock_table()
    legal = table.state.legal()
    knocking = {a.card for a in legal if a.kind in (ActionKind.KNOCK, ActionKind.GIN)}
    high = next(a.card for a in legal if a.kind is ActionKind.DISCARD and a.card not in knocking)
    assert high is not None
    table.send(Arm(ActionKind.KNOCK))
    assert table.state.armed is ActionKind.KNOCK
    assert refusal(_after(table, PlayCard(high))) == Why.KNOCK_TOO_HIGH
    assert table.state.armed is ActionKind.KNOCK  # still armed after a refusal
    table.send(Arm(ActionKind.KNOCK))
    assert table.state.armed is None  # pressing again disarms
    table.send(Arm(ActionKind.KNOCK))
    card = next(iter(knocking))
    effects = table.send(PlayCard(card))
    assert table.phase is not TablePhase.DISCARD or table.state.view.hand_number > 1
    assert any(isinstance(e, fx.ShowDown) for e in effects)
    # The result's Next hand takes the focus (after a knock by keys it fell to the page).
    assert fx.Focus("next-hand") in effects
    assert table.state.view.hand_results[-1].knocker == YOU
    # Next hand goes with its button: the new hand's first card takes the focus.
    effects = table.send(NextHand())
    assert table.state.in_hand and fx.Focus(table.state.shown_hand()[0]) in effects


def test_an_armed_knock_with_a_card_that_leaves_no_deadwood_is_gin() -> None:
    """RULES.md: a knock at 0 deadwood is gin."""
    for seed in range(400):
        table = Table.open(seed=seed)
        for _ in range(400):
            state = table.state
            if state.phase is TablePhase.DISCARD and state.your_turn:
                gins = [a.card for a in state.legal() if a.kind is ActionKind.GIN]
                if gins:
                    table.send(Arm(ActionKind.KNOCK))
                    table.send(PlayCard(gins[0]))  # type: ignore[arg-type]
                    result = table.state.view.hand_results[-1]
                    assert result.kind == "gin" and result.knocker == YOU
                    return
                cards = [a.card for a in state.legal() if a.kind is ActionKind.DISCARD]
                mask = to_mask(state.view.hand)
                best = min(cards, key=lambda c: deadwood_mask(mask ^ c.bit))  # type: ignore[union-attr]
                table.send(PlayCard(best))  # type: ignore[arg-type]
            elif state.in_hand:
                table.send(DrawFromStock() if state.phase is TablePhase.DRAW else Pass())
            else:
                break
    raise AssertionError("no gin found")


def test_arming_is_refused_outside_the_discard_phase_and_when_impossible() -> None:
    assert refusal(_after(at_phase(TablePhase.UPCARD), Arm(ActionKind.KNOCK))) == (
        Why.KNOCK_AFTER_DRAW
    )
    assert refusal(_after(at_phase(TablePhase.HAND_OVER), Arm(ActionKind.GIN))) == Why.HAND_OVER
    table = at_phase(TablePhase.DISCARD)
    kinds = {a.kind for a in table.state.legal()}
    if ActionKind.GIN not in kinds:
        assert refusal(_after(table, Arm(ActionKind.GIN))) == Why.CANNOT_GIN
    if not kinds & {ActionKind.KNOCK, ActionKind.GIN}:
        table.send(Arm(ActionKind.KNOCK))
        assert refusal(table) == Why.CANNOT_KNOCK
        assert table.state.why is not None and table.state.why.numbers["limit"] == 10
    with pytest.raises(ValueError):
        update(table.state, Arm(ActionKind.DISCARD))


def test_moving_a_card_sets_the_persons_own_order() -> None:
    table = at_phase(TablePhase.UPCARD)
    shown = table.state.shown_hand()
    card = shown[0]
    table.send(MoveCard(card, 5))
    assert table.state.shown_hand().index(card) == 5
    table.send(MoveCard(card, 99))
    assert table.state.shown_hand()[-1] is card
    saves = [e for e in table.send(MoveCard(card, 2)) if isinstance(e, fx.Save)]
    assert saves and saves[0].table is not None, "a reload keeps the person's order"
    reopened, _ = start(Stored(table=saves[0].table), Address(), ["en"])
    assert reopened.shown_hand() == table.state.shown_hand()
    foreign = next(c for c in Game(seed=0).view(0).hand if c not in shown)
    assert refusal(_after(table, MoveCard(foreign, 0))) == Why.NOT_YOUR_CARD
    table.send(SortHand(SortMode.RANK))
    assert table.state.order == () and table.state.settings.sort is SortMode.RANK
    ranks = [c.rank for c in table.state.shown_hand()]
    assert ranks == sorted(ranks)


def test_next_hand_only_when_a_hand_is_over() -> None:
    assert refusal(_after(at_phase(TablePhase.DISCARD), NextHand())) == Why.HAND_IN_PLAY
    table = at_phase(TablePhase.HAND_OVER)
    effects = table.send(NextHand())
    assert table.state.results_seen == len(table.state.game.hand_results)
    assert fx.Deal() in effects
    assert table.phase in IN_PLAY


def test_the_computer_never_moves_while_a_result_is_on_show() -> None:
    table = at_phase(TablePhase.HAND_OVER)
    assert not table.state.thinking
    assert not any(isinstance(e, fx.Think) for e in table.effects)


def test_the_computer_is_asked_with_its_view_and_a_late_answer_is_dropped() -> None:
    table = at_phase(TablePhase.DISCARD, seed=2)
    card = next(a.card for a in table.state.legal() if a.kind is ActionKind.DISCARD)
    state, effects = update(table.state, PlayCard(card))  # type: ignore[arg-type]
    think = next(e for e in effects if isinstance(e, fx.Think))
    assert state.thinking and think.view.player == AI and think.ticket == state.ticket
    assert think.seed != state.game.seed  # derived one way, never the deal's seed
    refused, _ = update(state, DrawFromStock())
    assert refused.why is not None and refused.why.code is Why.COMPUTER_PLAYING
    answer = think.view.legal_actions[0]
    stale = BotDecided(answer, (state.game_number - 1, think.ticket[1]))
    assert update(state, stale) == (state, [])
    moved, more = update(state, BotDecided(answer, think.ticket))
    assert len(moved.game.actions) == len(state.game.actions) + 1
    assert any(isinstance(e, fx.Announce) and e.seat == AI for e in more)


def test_wait_for_the_computer_is_put_away_when_the_turn_comes_back() -> None:
    """A click during the computer's turn is told to wait; once the computer has drawn and
    discarded, the word is stale (it stayed on under "Draw from the stock..." for good)."""
    table = at_phase(TablePhase.DISCARD, seed=2)
    card = next(a.card for a in table.state.legal() if a.kind is ActionKind.DISCARD)
    state, effects = update(table.state, PlayCard(card))  # type: ignore[arg-type]
    state, _ = update(state, DrawFromStock())
    assert state.why is not None and state.why.code is Why.COMPUTER_PLAYING
    bot = make_player("easy", 1)
    while state.game.to_move == AI and not state.game.hand_results:
        if state.game.to_move == AI and state.why is not None:
            assert EN.table(state).why is not None  # still the computer's turn: still said
        view = state.game.view(AI)
        action = bot.choose(view, state.game.legal_actions())
        state, _ = update(state, BotDecided(action, state.ticket))
    assert state.why is None and EN.table(state).why is None


def test_new_game_asks_when_a_game_is_in_progress_and_counts_a_loss() -> None:
    fresh = Table.open(seed=5)
    assert not fresh.state.in_progress
    fresh.send(NewGame())
    assert fresh.state.question is None and fresh.state.game_number == 2

    table = at_phase(TablePhase.DISCARD, seed=5)
    seed = table.state.game.seed
    table.send(NewGame())
    assert table.state.question is Question.NEW_GAME
    table.send(Cancel())
    assert table.state.question is None and table.state.game.seed == seed
    table.send(NewGame())
    table.send(Confirm())
    stats = table.state.stats.of("easy")
    assert (stats.games_played, stats.games_abandoned, stats.games_won) == (1, 1, 0)
    assert table.state.game.seed != seed and not table.state.in_progress
    assert table.saved["stats"] == table.state.stats.to_dict()


def test_a_question_takes_the_focus_and_the_table_waits_for_its_answer() -> None:
    """Asked, a question focuses its safe answer; until it is answered the table's keys and
    the menu do nothing, and Escape is the answer No."""
    table = at_phase(TablePhase.DRAW, seed=5)
    assert table.send(NewGame()) == [fx.Focus("cancel")]
    before = table.state
    for key in ("s", "p", "?", "h"):
        assert table.send(KeyPress(key)) == [] and table.state is before, key
    assert table.send(OpenPanel(Panel.MENU)) == [] and table.state.panel is None
    assert table.send(KeyPress("Escape")) == [fx.Focus("menu")], "back to the menu's button"
    assert table.state.question is None and table.phase is TablePhase.DRAW
    table.send(KeyPress("s"))
    assert table.phase is TablePhase.DISCARD, "answered, the keys play again"
    table.send(OpenPanel(Panel.STATS))
    table.send(ResetStatistics())
    assert table.state.question is not None
    assert table.send(Cancel()) == [fx.Focus("close-panel")], "back into the panel asked over"


def test_reset_statistics_asks_and_does_not_count_old_hands_again() -> None:
    table = at_phase(TablePhase.HAND_OVER)
    assert table.state.stats.of("easy").hands_played == 1
    table.send(ResetStatistics())
    assert table.state.question is Question.RESET_STATS
    table.send(Confirm())
    assert table.state.stats.of("easy").hands_played == 0
    table.send(NextHand())
    assert table.state.stats.of("easy").hands_played == 0


def test_changing_a_rule_asks_for_a_new_game_or_keeps_it_for_the_next() -> None:
    """New rules are the next game's, as the level is: the question offers the new game now,
    and its other answer (or Escape) keeps the game in progress with its rules and the new
    ones for the next (a play-tester lost the change and could only abandon the game)."""
    table = at_phase(TablePhase.DISCARD)
    table.send(ChangeSetting("target", "50"))
    assert table.state.question is Question.APPLY_RULES
    assert table.state.pending is not None and table.state.pending.rules.target == 50
    effects = table.send(Cancel())
    assert table.state.pending is None and table.state.question is None
    assert table.state.game.rules.target == 100 and table.state.settings.rules.target == 50
    assert fx.Save(settings=table.state.settings.to_dict()) in effects
    table.send(ChangeSetting("sound", False))  # another setting: no question again
    assert table.state.question is None and table.state.settings.rules.target == 50
    table.send(ChangeSetting("target", "100"))  # back to the game's own: nothing to ask
    assert table.state.question is None and table.state.settings.rules.target == 100
    table.send(ChangeSetting("target", "50"))
    table.send(Cancel())
    assert table.state.game.rules.target == 100
    table.send(ChangeSetting("game_bonus", True))
    table.send(Confirm())
    assert table.state.game.rules.game_bonus and table.state.settings.rules.game_bonus
    assert table.state.game.rules.target == 50  # the rules kept for it come with it
    assert table.state.stats.of("easy").games_abandoned == 1
    assert refusal(_after(table, ChangeSetting("target", "0"))) == Why.TARGET_RANGE
    assert refusal(_after(table, ChangeSetting("level", "impossible"))) == Why.NOT_OFFERED


def test_table_settings_apply_at_once_and_are_saved() -> None:
    table = at_phase(TablePhase.DISCARD)
    effects = table.send(ChangeSetting("speed", "2.0"))
    assert table.state.speed == 2.0 and table.state.step_delay_ms == 275
    assert fx.Save(settings=table.state.settings.to_dict()) in effects
    table.send(ChangeSetting("speed", "0.0"))
    assert table.state.step_delay_ms == 0
    table.send(ChangeSetting("level", "hard"))
    assert table.state.settings.level == "hard" and table.state.level == "easy"  # next game
    table.send(ChangeSetting("language", "pl"))
    assert table.state.settings.language == "pl"


def test_the_hint_is_given_on_the_persons_turn_and_counted() -> None:
    table = at_phase(TablePhase.DISCARD)
    table.send(AskHint())
    assert table.state.hint is not None and table.state.hint.action in table.state.legal()
    assert table.state.hints_used == 1 and table.state.stats.of("easy").hints_used == 1
    assert any(isinstance(e, fx.Announce) and e.subject == table.state.hint for e in table.effects)
    card = next(a.card for a in table.state.legal() if a.kind is ActionKind.DISCARD)
    table.send(PlayCard(card))  # type: ignore[arg-type]
    assert table.state.hint is None
    assert refusal(_after(at_phase(TablePhase.HAND_OVER), AskHint())) == Why.HINT_ON_YOUR_TURN


def test_the_hint_is_worked_out_by_the_page_and_dropped_once_the_position_is_gone() -> None:
    """Hard's advice takes a phone a few hundred ms, so the update asks the page for it
    (Advise) instead of computing it, and takes the answer only for the position asked."""
    table = at_phase(TablePhase.DISCARD)
    state, effects = update(table.state, AskHint())
    (advise,) = effects
    assert isinstance(advise, fx.Advise) and advise.view == table.state.view
    assert state.hint is None and state.hints_used == 0
    advice = hint(advise.view, list(advise.view.legal_actions))
    card = next(a.card for a in state.legal() if a.kind is ActionKind.DISCARD)
    assert card is not None
    moved, _ = update(state, PlayCard(card))
    late, more = update(moved, HintReady(advice, advise.ticket))
    assert late == moved and more == []  # the person played before the advice came
    shown, more = update(state, HintReady(advice, advise.ticket))
    assert shown.hint == advice and shown.hints_used == 1
    assert any(isinstance(e, fx.Announce) and e.subject == advice for e in more)


def test_the_download_mid_game_holds_only_the_finished_hands() -> None:
    table = at_phase(TablePhase.HAND_OVER)
    table.send(NextHand())
    table.play_until(TablePhase.DISCARD, random.Random(2))
    effects = table.send(DownloadRecord())
    download = next(e for e in effects if isinstance(e, fx.Download))
    record = Game.from_dict(download.record["game"])
    assert len(record.hand_results) == len(table.state.game.hand_results)
    assert len(record.actions) < len(table.state.game.actions)
    assert download.record["game"]["seed"] is None  # the seed would deal the hand in play
    assert download.filename == "gin-rummy-hands-1-1.json"  # no seed in the name either


def test_show_the_deck_after_a_hand_only() -> None:
    assert refusal(_after(at_phase(TablePhase.DRAW), ShowDeck())) == Why.HAND_IN_PLAY
    table = at_phase(TablePhase.HAND_OVER)
    assert EN.table(table.state).result.reveal is None  # type: ignore[union-attr]
    table.send(ShowDeck())
    assert table.state.reveal
    result = table.state.view.hand_results[-1]
    reveal = EN.table(table.state).result.reveal  # type: ignore[union-attr]
    assert reveal is not None
    assert [c.card for c in reveal.stock] == list(result.stock)
    assert {c.card for c in reveal.computer} == set(result.hands[AI])
    assert set(result.stock).isdisjoint({*result.hands[0], *result.hands[1]})
    table.send(ShowDeck())
    assert not table.state.reveal


def test_keys_are_the_same_intents() -> None:
    table = at_phase(TablePhase.UPCARD)
    before = len(table.state.view.history)
    table.send(KeyPress("X"))
    assert table.state.view.history[before] == Event(YOU, ActionKind.PASS)
    table = at_phase(TablePhase.DRAW)
    table.send(KeyPress("s"))
    assert table.phase is TablePhase.DISCARD
    effects = table.send(KeyPress("ArrowRight"))
    focus = next(e for e in effects if isinstance(e, fx.Focus))
    assert isinstance(focus.target, Card)
    nxt = next(
        e for e in table.send(KeyPress("ArrowRight", focus.target)) if isinstance(e, fx.Focus)
    )
    assert nxt.target is not focus.target
    table.send(KeyPress("?"))
    assert table.state.panel is Panel.KEYS
    table.send(KeyPress("Escape"))
    assert table.state.panel is None
    assert table.send(KeyPress("q")) == []


def test_panels_open_toggle_and_close() -> None:
    """A panel takes the focus as it opens and gives it back to its opener as it closes."""
    table = at_phase(TablePhase.DRAW)
    assert table.send(OpenPanel(Panel.MENU)) == [fx.Focus("new-game")], "the menu's first entry"
    assert table.state.panel is Panel.MENU
    assert table.send(OpenPanel(Panel.SETTINGS)) == [fx.Focus("close-panel")], "into the panel"
    assert table.state.panel is Panel.SETTINGS
    assert table.send(OpenPanel(Panel.SETTINGS)) == [fx.Focus("menu")], "back to the menu"
    assert table.state.panel is None
    table.send(OpenPanel(Panel.STATS))
    assert table.send(ClosePanel()) == [fx.Focus("menu")]
    assert table.state.panel is None
    assert table.send(ClosePanel()) == [], "nothing open, the focus stays"
    table.send(OpenPanel(Panel.MENU))
    assert table.send(Cancel()) == [fx.Focus("menu")], "Escape: back to the menu's button"


def test_the_focus_leaving_the_menu_closes_only_the_menu_and_leaves_the_focus_be() -> None:
    table = at_phase(TablePhase.DRAW)
    table.send(OpenPanel(Panel.MENU))
    assert table.send(MenuLeft()) == [] and table.state.panel is None
    table.send(OpenPanel(Panel.SETTINGS))  # the menu's entry: its focus left it for the panel
    assert table.send(MenuLeft()) == [] and table.state.panel is Panel.SETTINGS


def test_a_panel_opened_by_a_key_over_a_card_gives_the_focus_back_to_that_card() -> None:
    """The keys' panel opened by pressing ? over a card: Escape comes back to the card, not to
    the menu's button; a panel then opened by a click goes back to the menu, as before."""
    table = at_phase(TablePhase.DISCARD)
    card = table.state.shown_hand()[3]
    table.send(KeyPress("?", focused=card))
    assert table.state.panel is Panel.KEYS
    assert table.send(KeyPress("Escape", focused=None)) == [fx.Focus(card)]
    table.send(OpenPanel(Panel.KEYS))
    assert table.send(Cancel()) == [fx.Focus("menu")], "opened by a click: back to the menu"
    table.send(KeyPress("?", focused=card))
    table.send(KeyPress("?", focused=None))  # closed by its own key
    assert table.state.panel is None and table.state.panel_from is None


def test_a_panel_opened_by_a_key_over_a_control_gives_the_focus_back_to_it() -> None:
    """? pressed on Next hand, then Escape: the focus went to the menu's button, where Enter
    opened the menu instead of dealing.  Now it comes back to Next hand, or, should the
    control be gone from the page, to the menu's button."""
    table = at_phase(TablePhase.HAND_OVER)
    table.send(KeyPress("?", focused="next-hand"))
    assert table.state.panel is Panel.KEYS
    assert table.send(KeyPress("Escape")) == [fx.Focus("next-hand", otherwise="menu")]
    table = at_phase(TablePhase.DISCARD)
    table.send(KeyPress("?", focused="sort-rank"))
    table.send(KeyPress("ArrowRight", focused="sort-rank"))  # no card has the focus: none moves
    assert table.send(Cancel()) == [fx.Focus("sort-rank", otherwise="menu")]


def test_a_refused_setting_is_said_under_its_field_in_the_panel() -> None:
    """A target of 0 was refused in the table's line, which lies under the open panel (on a
    phone wholly): the panel says it under the field, and the field says it is invalid."""
    table = at_phase(TablePhase.DRAW)
    table.send(OpenPanel(Panel.SETTINGS))
    table.send(ChangeSetting("target", "0"))
    panel = EN.table(table.state).panel
    assert panel is not None
    fields = {f.name: f for fs in panel.fieldsets for f in fs.fields}
    assert fields["target"].error.startswith("The target score must be a whole number")
    assert not any(f.error for name, f in fields.items() if name != "target")
    html = regions(EN.table(table.state))["overlay"]
    assert 'aria-invalid="true" aria-describedby="setting-target-error"' in html
    assert 'id="setting-target-error" role="alert"' in html
    # Said once: the table's line (beside the panel on a wide screen) has no words, and the
    # field still shakes.
    model = EN.table(table.state)
    assert model.why is not None and model.why.text == "" and model.why.target == "target"
    assert '<p class="why" data-testid="why" role="status"></p>' in regions(model)["prompt"]
    table.send(ChangeSetting("target", "150"))
    panel = EN.table(table.state).panel
    assert panel is not None and not any(f.error for fs in panel.fieldsets for f in fs.fields)


def test_cancel_steps_back_one_thing_at_a_time() -> None:
    table = knock_table()
    table.send(Arm(ActionKind.KNOCK))
    table.send(OpenPanel(Panel.RULES))
    table.send(Cancel())
    assert table.state.armed is None and table.state.panel is Panel.RULES
    table.send(Cancel())
    assert table.state.panel is None


def test_back_closes_the_panel_then_nothing_more_and_keeps_a_chosen_card() -> None:
    """The browser's Back closes the open panel (a question over it first, answered as
    Escape answers it); a card chosen or Knock armed is the table's, not Back's."""
    table = knock_table()
    table.send(Arm(ActionKind.KNOCK))
    assert not table.state.back_closes
    table.send(OpenPanel(Panel.SETTINGS))
    assert table.state.back_closes
    table.send(ChangeSetting("target", "50"))
    table.send(GoBack())
    assert table.state.question is None and table.state.panel is Panel.SETTINGS
    table.send(GoBack())
    assert table.state.panel is None and not table.state.back_closes
    assert table.state.armed is ActionKind.KNOCK
    before = table.state
    assert table.send(GoBack()) == [] and table.state is before


def test_a_failed_save_is_said_once_and_play_goes_on() -> None:
    table = at_phase(TablePhase.DRAW)
    table.send(SaveFailed())
    table.send(SaveFailed())
    assert [n.code for n in table.state.notices] == [Notice.SAVE_FAILED]
    table.send(DrawFromStock())
    assert table.phase is TablePhase.DISCARD
    table.send(DismissNotice(0))
    assert table.state.notices == ()


def test_touch_only_is_remembered_for_the_menu() -> None:
    table = at_phase(TablePhase.DRAW)
    table.send(TouchOnly(True))
    assert table.state.touch_only


def test_another_tab_newer_game_is_followed_an_older_one_ignored() -> None:
    table = at_phase(TablePhase.DISCARD, seed=9)
    older = table.state.record()
    card = next(a.card for a in table.state.legal() if a.kind is ActionKind.DISCARD)
    other = Table(table.state, saved=dict(table.saved))
    other.send(PlayCard(card))  # type: ignore[arg-type]
    newer = other.state.record()
    table.send(StoredElsewhere(table=newer, stats=other.state.stats.to_dict()))
    assert table.state.game.actions == other.state.game.actions
    assert Notice.OTHER_TAB in [n.code for n in table.state.notices]
    before = table.state
    table.send(StoredElsewhere(table=older))
    assert table.state.game.actions == before.game.actions
    table.send(StoredElsewhere(table={"format": "junk"}))
    assert table.state.game.actions == before.game.actions


def test_a_game_put_on_the_table_leaves_nothing_of_the_one_before() -> None:
    # At game over with the review open, N deals a new game: the review of a hand of the old
    # game closes (it used to stay open on a game with no finished hand, and the paint failed).
    table = at_phase(TablePhase.GAME_OVER)
    table.send(ReviewHand())
    assert table.state.panel is Panel.REVIEW
    table.send(KeyPress("n"))
    assert table.state.panel is None and table.state.review is None
    assert table.state.game.hand_results == [] and EN.table(table.state).panel is None
    # Another tab's newer game: no pending rules, refusal, revealed deck or review left over.
    shown = at_phase(TablePhase.HAND_OVER, seed=9)
    newer = Table(shown.state, saved=dict(shown.saved))
    newer.send(NextHand())
    shown.send(ShowDeck())
    shown.send(ReviewHand())
    shown.send(ChangeSetting("target", "50"))
    shown.send(Cancel())
    shown.send(ChangeSetting("target", "x"))
    assert shown.state.reveal and shown.state.why is not None
    shown.send(ChangeSetting("target", "60"))
    assert shown.state.pending is not None
    shown.send(StoredElsewhere(table=newer.state.record()))
    followed = shown.state
    assert followed.game.actions == newer.state.game.actions
    assert (followed.pending, followed.question, followed.why, followed.review) == (None,) * 4
    assert not followed.reveal and followed.panel is None


def test_every_intent_type_has_a_case_in_the_update() -> None:
    """mypy checks the match; this checks the union lists every intent of the module."""
    from gin.table import intents

    kinds = [
        value
        for value in vars(intents).values()
        if isinstance(value, type)
        and dataclasses.is_dataclass(value)
        and value.__module__ == intents.__name__
    ]
    assert set(kinds) == set(get_args(intents.Intent))
    table = at_phase(TablePhase.DRAW)
    with pytest.raises(AssertionError):
        update(table.state, object())  # type: ignore[arg-type]


def _after(table: Table, intent: object) -> Table:
    table.send(intent)  # type: ignore[arg-type]
    return table


def test_another_tab_s_settings_are_followed_so_a_save_here_keeps_them() -> None:
    """A setting changed in one tab was undone by the other tab's next save of its whole
    settings record (a sort of the hand there put the four-colour deck back)."""
    here = at_phase(TablePhase.DISCARD, seed=9)
    there = Table(here.state, saved=dict(here.saved))
    there.send(ChangeSetting("four_colour", True))
    there.send(ChangeSetting("speed", "0.5"))
    here.send(StoredElsewhere(settings=there.saved["settings"]))
    assert here.state.settings.four_colour and here.state.speed == 0.5
    here.send(SortHand(SortMode.SUIT))
    saved = here.saved["settings"]
    assert isinstance(saved, dict) and saved["four_colour"] and saved["sort"] == "suit"
    # A new sort from the other tab puts this tab's hand in that order, as a sort here does.
    there.send(SortHand(SortMode.RANK))
    here.send(StoredElsewhere(settings=there.saved["settings"]))
    assert here.state.settings.sort is SortMode.RANK and here.state.order == ()
