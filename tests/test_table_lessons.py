"""The lessons at the table: offered once, played with the ordinary controls, judged by the
lesson, paced and shown, saved apart, and never touching the person's own game."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from gin.actions import Action, ActionKind
from gin.cards import Card, sort_by_rank
from gin.i18n import LANGUAGES, Translator
from gin.lessons import LESSONS, Pick, Say, parse_move
from gin.lessons.progress import PROGRESS_FORMAT
from gin.table import effects as fx
from gin.table.controls import Control
from gin.table.hand import deadwood_of
from gin.table.intents import (
    Arm,
    BackToGame,
    BotDecided,
    Cancel,
    ChooseCard,
    DrawFromPile,
    DrawFromStock,
    GoBack,
    Intent,
    KeyPress,
    Learn,
    LeaveLessons,
    LessonIntro,
    MoveCard,
    NewGame,
    NextHand,
    NextLesson,
    OpenPanel,
    Panel,
    Pass,
    PlayCard,
    PlayDaily,
    PlayNow,
    PutAwayLessonWord,
    RestartLessons,
    ShowMe,
    SortHand,
    StoredElsewhere,
    Today,
)
from gin.table.lesson_state import LessonNews
from gin.table.presenter import Presenter
from gin.table.seats import AI
from gin.table.settings import SortMode
from gin.table.startup import Address, Stored, start
from gin.table.state import TablePhase
from gin.table.stats import LevelStats, Statistics
from gin.table.update import update
from gin.web.render import regions, table_classes
from tests.table_helpers import EN, Table, at_phase


def first_visit() -> Table:
    return Table.open(stored=Stored())


def lessons_open(number: int = 1) -> Table:
    """A returning person's table (the offer seen) with lesson ``number`` started."""
    table = at_phase(TablePhase.UPCARD)
    table.send(PlayNow())
    table.send(Learn())
    for _ in range(number - 1):
        finish(table)
        table.send(NextLesson())
    table.send(LessonIntro(False))
    return table


def intents_for(move: Action | Pick) -> list[Intent]:
    """The ordinary controls that make ``move``: a click on the card, the stock or the pile,
    Take or Pass, Knock or Gin and then the card."""
    if isinstance(move, Pick):
        return [ChooseCard(move.card)]
    kind = move.kind
    if kind in (ActionKind.TAKE, ActionKind.DRAW_PILE):
        return [DrawFromPile()]
    if kind is ActionKind.PASS:
        return [Pass()]
    if kind is ActionKind.DRAW_STOCK:
        return [DrawFromStock()]
    assert move.card is not None
    arm: list[Intent] = [] if kind is ActionKind.DISCARD else [Arm(kind)]
    return [*arm, ChooseCard(move.card), ChooseCard(move.card)]  # chosen, then played


def finish(table: Table) -> None:
    """Play the open lesson to its end with the ordinary controls."""
    for _ in range(40):
        run = table.state.lessons.run
        assert run is not None
        if run.done:
            return
        if table.state.lessons.intro:
            table.send(LessonIntro(False))
            continue
        for intent in intents_for(run.expected()):
            table.send(intent)
    raise AssertionError("the lesson did not end")


def saves(effects: list[fx.Effect]) -> list[fx.Save]:
    return [effect for effect in effects if isinstance(effect, fx.Save)]


# --- offered, never forced ---------------------------------------------------------------------


def test_a_first_visit_offers_the_lessons_until_answered_and_play_now_declines() -> None:
    table = first_visit()
    assert table.state.offer and not table.state.lessons.progress.offered
    assert fx.Focus("learn") in table.effects
    model = EN.table(table.state)
    assert model.offer is not None and model.offer.learn.action == Control.LEARN.action
    assert 'data-testid="learn-offer"' in regions(model)["overlay"]
    # Closed or reloaded before an answer, the page offers them again (a newcomer whose tab
    # reloaded never saw them again), on the same untouched deal.
    again = table.reload()
    assert again.state.offer and again.state.game.actions == table.state.game.actions
    table.send(PlayNow())
    assert table.saved["lessons"]["offered"] is True  # type: ignore[index]
    assert not table.state.offer and table.state.lessons.run is None
    assert table.state.in_hand  # the game is there to play straight away
    # The offer's button had the focus: the hand takes it, not the page's start.
    assert fx.Focus(table.state.shown_hand()[0]) in table.effects
    assert not table.reload().state.offer  # answered: once for good


def test_the_computer_waits_for_the_answer_to_the_offer() -> None:
    """The computer's first move (taking or passing the face-up card) was made under the
    offer, and a newcomer who answered Play now had missed it: it waits for the answer now,
    whichever the answer (Learn to play: until the lessons close)."""
    for seed in range(1, 40):
        table = Table.open(seed=seed, stored=Stored())
        if table.state.game.to_move == AI:
            break
    else:
        raise AssertionError("the computer never moved first in 39 deals")
    assert table.state.offer and not table.state.thinking
    assert not any(isinstance(effect, fx.Think) for effect in table.effects)
    assert EN.table(table.state).status == "", "the computer is not playing: it waits"
    assert not table.state.view.history, "the computer moved under the offer"
    again = table.reload()  # reloaded under the offer: still waiting
    assert not any(isinstance(effect, fx.Think) for effect in again.effects)
    table.send(PlayNow())
    assert any(isinstance(effect, fx.Think) for effect in table.effects)
    assert table.state.view.history and table.state.view.history[0].player == AI
    learner = Table.open(seed=seed, stored=Stored())
    learner.send(Learn())
    assert learner.state.lessons.run is not None and not learner.state.thinking
    assert not any(isinstance(effect, fx.Think) for effect in learner.effects)


def test_playing_on_or_going_elsewhere_declines_the_offer_for_good() -> None:
    table = first_visit()
    table.send(DrawFromPile() if table.state.phase is TablePhase.UPCARD else DrawFromStock())
    assert not table.state.offer and table.state.lessons.run is None
    assert table.saved["lessons"]["offered"] is True  # type: ignore[index]
    assert not table.reload().state.offer
    table = first_visit()
    table.send(OpenPanel(Panel.RULES))
    assert not table.state.offer and not table.reload().state.offer


def test_the_offer_holds_the_keys_as_a_question_does() -> None:
    """Tab (and the Shift of Shift+Tab) only move the focus from Learn to play to Play now,
    and a key that plays does nothing under the offer (Enter on the pile behind it took a
    newcomer's first card by accident); Escape declines it, as Play now does."""
    table = first_visit()
    before = table.state
    for key in ("Tab", "Shift", "s", "p", "ArrowRight"):
        assert table.send(KeyPress(key)) == [], key
        assert table.state.offer and table.state.game is before.game, key
    assert "asking" in table_classes(EN.table(table.state))  # the page takes no click under it
    table.send(KeyPress("Escape"))
    assert not table.state.offer and table.state.lessons.run is None
    assert "asking" not in table_classes(EN.table(table.state))


def test_no_offer_for_a_person_who_has_played() -> None:
    """A person who played before the lessons came (no record of them) is not asked: a game
    under way, or statistics with a hand counted, say so."""
    played_on = at_phase(TablePhase.DISCARD)  # a game under way
    returning = Stored(table=played_on.saved["table"], stats=played_on.saved["stats"])
    state, _effects = start(returning, Address(), [])
    assert not state.offer
    stats = Statistics.empty().update("easy", LevelStats(hands_played=1)).to_dict()
    state, _effects = start(Stored(stats=stats), Address(), [])
    assert not state.offer
    state, _effects = start(Stored(stats=Statistics.empty().to_dict()), Address(), [])
    assert state.offer  # nothing counted yet: a newcomer still
    over = at_phase(TablePhase.GAME_OVER)
    state, _effects = start(Stored(table=over.saved["table"]), Address(), [])
    assert not state.offer  # a game played to its end, its statistics lost


def test_cancel_declines_the_offer_and_learn_accepts_it() -> None:
    table = first_visit()
    table.send(Cancel())
    assert not table.state.offer
    table = first_visit()
    table.send(Learn())
    assert not table.state.offer and table.state.lessons.number == 1
    assert table.state.lessons.intro and fx.Focus("lesson-start") in table.effects


def test_learn_to_play_is_in_the_menu() -> None:
    assert Control.LEARN.menu is not None and Control.LEARN.action == "learn"
    assert isinstance(Control.LEARN.intent, Learn)


# --- every lesson, with the ordinary controls ---------------------------------------------------


def test_the_whole_path_is_played_with_the_ordinary_controls() -> None:
    table = lessons_open()
    for number in range(1, len(LESSONS) + 1):
        assert table.state.lessons.number == number
        finish(table)
        model = EN.table(table.state)
        assert model.lesson is not None and model.lesson.done and model.lesson.number == number
        assert 'data-lesson-done="true"' in regions(model)["lesson"]
        assert number in (1, 2, 3, 4) or table.state.view.hand_results  # those end a hand
        table.send(NextLesson())
    assert table.state.lessons.complete and table.state.lessons.progress.finished
    drawn = regions(EN.table(table.state))
    assert 'data-testid="lessons-done"' in drawn["overlay"], "a box over the table"
    assert drawn["lesson"] == "", "not a panel above it, which the table makes no room for"
    assert fx.Focus("lesson-restart") in table.effects
    table.send(RestartLessons())
    assert table.state.lessons.number == 1
    for _ in LESSONS:
        finish(table)
        table.send(NextLesson())
    assert table.state.lessons.complete
    table.send(Cancel())
    assert not table.state.lessons.open, "Escape: play a game"


def test_keys_play_a_lesson_too() -> None:
    """S draws, P takes, K arms Knock, Enter on the focused card plays it, N goes on."""
    table = lessons_open(5)  # knocking: take 9♥, knock with 6♣
    table.send(KeyPress("p"))
    assert table.state.lessons.run is not None and table.state.lessons.run.step == 1
    table.send(KeyPress("k"))
    assert table.state.armed is ActionKind.KNOCK
    table.send(KeyPress("Enter", Card.parse("6C")))  # the page's Enter: the focused card
    table.send(PlayCard(Card.parse("6C")))
    assert table.state.lessons.run.done
    table.send(KeyPress("n"))
    assert table.state.lessons.number == 6


def test_a_card_in_a_step_that_asks_for_cards_is_chosen_with_one_click() -> None:
    table = lessons_open(1)
    table.send(ChooseCard(Card.parse("QH")))
    run = table.state.lessons.run
    assert run is not None and run.picked == (Card.parse("QH"),)
    effects = table.send(ChooseCard(Card.parse("QH")))  # a double click's second click
    assert effects == [] and table.state.lessons.run is run


# --- a wrong move is refused with its reason and changes nothing -----------------------------


@pytest.mark.parametrize(
    ("number", "intent", "code"),
    [
        (1, ChooseCard(Card.parse("7S")), Say.IN_SET),
        (2, DrawFromPile(), Say.PILE_USELESS),
        (3, Pass(), Say.PILE_MELDS),
        (1, DrawFromStock(), Say.TAP_A_CARD),
    ],
)
def test_a_wrong_move_is_refused_with_the_lessons_reason(
    number: int, intent: Intent, code: Say
) -> None:
    table = lessons_open(number)
    run, game = table.state.lessons.run, table.state.game
    effects = table.send(intent)
    assert table.state.lessons.run is run  # the lesson's state: exactly as it was
    assert table.state.game is game and not any(s.table for s in saves(effects))
    why = table.state.lessons.why
    assert why is not None and why.code is code
    assert fx.PlaySound(fx.Sound.REFUSED) in effects
    spoken = [e for e in effects if isinstance(e, fx.Announce)]
    assert spoken and isinstance(spoken[0].subject, LessonNews)
    model = EN.table(table.state)
    assert model.lesson is not None and model.lesson.why is not None
    assert 'data-testid="lesson-why"' in regions(model)["lesson"]
    assert model.lesson.why.text in regions(model)["lesson"]
    assert not model.lesson.nudge and "nudge" not in regions(model)["lesson"], "a refusal's red"


def test_a_move_once_the_lesson_is_done_points_on_without_a_refusal() -> None:
    """Nothing was wrong: the word points to Next lesson, in the guide's colours, without the
    refusal's sound; the lesson stays done."""
    table = lessons_open(5)  # knocking: take 9♥, knock with 6♣
    table.send(DrawFromPile())
    table.send(Arm(ActionKind.KNOCK))
    table.send(PlayCard(Card.parse("6C")))
    run = table.state.lessons.run
    assert run is not None and run.done
    card = table.state.view.hand[0]
    effects = table.send(ChooseCard(card))
    assert table.state.lessons.run is run
    why = table.state.lessons.why
    assert why is not None and why.code is Say.LESSON_DONE
    assert not any(isinstance(e, fx.PlaySound) for e in effects)
    assert any(isinstance(e, fx.Announce) for e in effects), "still said aloud"
    model = EN.table(table.state)
    assert model.lesson is not None and model.lesson.nudge
    assert 'class="lesson-why nudge shown"' in regions(model)["lesson"]
    assert "Next lesson" in regions(model)["lesson"]


def test_the_card_just_taken_is_refused_by_the_tables_own_rule() -> None:
    table = lessons_open(3)
    table.send(DrawFromPile())  # 8♥ taken
    run = table.state.lessons.run
    table.send(ChooseCard(Card.parse("8H")))
    assert table.state.lessons.run is run and table.state.why is not None
    model = EN.table(table.state)
    assert model.lesson is not None and model.lesson.why is not None
    assert "throw back" in model.lesson.why.text and model.why is None


def test_the_lessons_word_on_a_move_can_be_put_away() -> None:
    """The word (a refusal, or why the move was right) lies over the computer's hand, whose
    taken card it may name: its close button puts it away, the lesson as it was."""
    table = lessons_open(4)
    run = table.state.lessons.run
    assert run is not None
    table.send(intents_for(run.expected())[0])  # the right draw: the lesson says why
    model = EN.table(table.state).lesson
    assert model is not None and model.said and model.word_close is not None
    assert 'data-action="lesson-word-close"' in regions(EN.table(table.state))["lesson"]
    table.send(ChooseCard(Card.parse("QD")))
    table.send(ChooseCard(Card.parse("QD")))  # it feeds the computer's Q♣: refused
    refused = table.state
    assert refused.lessons.why is not None
    assert "Q♣" in EN.table(refused).lesson.why.text  # type: ignore[union-attr]
    effects = table.send(PutAwayLessonWord())
    assert table.state.lessons.why is None and table.state.lessons.said is None
    assert table.state.lessons.run is refused.lessons.run
    assert table.state.lessons.serial == refused.lessons.serial  # its timers run on
    assert effects == [fx.Focus("lesson-show")]  # the close button has gone
    model = EN.table(table.state).lesson
    assert model is not None and model.why is None and model.word_close is None
    assert "lesson-word-close" not in regions(EN.table(table.state))["lesson"]
    assert table.send(PutAwayLessonWord()) == []  # nothing to put away: nothing happens


def test_a_second_refusal_shakes_again() -> None:
    table = lessons_open(2)
    table.send(DrawFromPile())
    first = EN.table(table.state).lesson
    table.send(DrawFromPile())
    second = EN.table(table.state).lesson
    assert first is not None and second is not None and first.why and second.why
    assert second.why.serial == first.why.serial + 1 and second.why.target == "pile"


# --- Show me, and the computer's pace --------------------------------------------------------


def test_show_me_marks_the_move_then_plays_it_and_says_why() -> None:
    table = lessons_open(5)
    table.send(DrawFromPile())
    state, effects = update(table.state, ShowMe())
    assert state.armed is ActionKind.KNOCK  # the Knock button lights first
    later = [e for e in effects if isinstance(e, fx.Later)]
    assert len(later) == 1 and later[0].delay_ms > 0
    state, effects = update(state, later[0].tick)
    run = state.lessons.run
    assert run is not None and run.done
    assert state.lessons.said is not None and state.lessons.said.code is Say.KNOCK_WITH
    assert any(isinstance(e, fx.Move) for e in effects)
    assert any(isinstance(e, fx.ShowDown) for e in effects)


def test_show_me_finishes_a_question_about_cards_one_card_at_a_time() -> None:
    table = lessons_open(1)
    state, effects = update(table.state, ShowMe())
    picks = 0
    while True:
        later = [e for e in effects if isinstance(e, fx.Later)]
        if not later:
            break
        state, effects = update(state, later[0].tick)
        picks += 1
    assert picks == 4 and state.lessons.run is not None and state.lessons.run.done


def test_a_stale_tick_is_dropped() -> None:
    table = lessons_open(1)
    state, effects = update(table.state, ShowMe())
    (later,) = [e for e in effects if isinstance(e, fx.Later)]
    left, _ = update(state, LeaveLessons())
    assert update(left, later.tick) == (left, [])


def test_the_computer_answers_at_the_tables_pace_and_the_next_question_waits() -> None:
    table = lessons_open(3)
    table.send(DrawFromPile())
    state, effects = update(table.state, PlayCard(Card.parse("KS")))
    assert state.thinking and state.lessons.run is not None and state.lessons.run.pending
    assert not state.your_turn and EN.table(state).busy
    ticks = 0
    while state.thinking:
        (later,) = [e for e in effects if isinstance(e, fx.Later)]
        assert later.delay_ms == state.step_delay_ms
        state, effects = update(state, later.tick)
        ticks += 1
    assert ticks == 2 and state.your_turn
    spoken = [e.subject for e in effects if isinstance(e, fx.Announce)]
    assert any(isinstance(s, LessonNews) and s.ask for s in spoken)  # the question, aloud


# --- the person's own game, settings and statistics stay as they were ----------------------


def test_the_lessons_never_touch_the_saved_game_the_statistics_or_the_settings() -> None:
    table = at_phase(TablePhase.DISCARD)
    table.send(PlayNow())
    game, stats, settings = table.state.game, table.state.stats, table.state.settings
    saved = dict(table.saved)
    table.send(Learn())
    every: list[fx.Effect] = list(table.effects)
    while not table.state.lessons.complete:
        run = table.state.lessons.run
        assert run is not None
        if table.state.lessons.intro:
            table.send(LessonIntro(False))
        elif run.done:
            table.send(NextLesson())
        else:
            for intent in intents_for(run.expected()):
                table.send(intent)
        every += table.effects
        assert table.state.game is game and table.state.stats is stats
        assert table.state.settings is settings
    for save in saves(every):
        assert save.table is None and save.stats is None and save.settings is None
    assert {name: table.saved[name] for name in ("table", "stats", "settings")} == {
        name: saved[name] for name in ("table", "stats", "settings")
    }
    table.send(LeaveLessons())
    assert table.state.game is game and table.state.your_turn


def test_the_computers_answer_in_the_persons_game_waits_for_the_lesson() -> None:
    table = at_phase(TablePhase.UPCARD)
    table.send(PlayNow())
    state, effects = update(table.state, Pass())  # the computer is to answer: it is asked ...
    (think,) = [e for e in effects if isinstance(e, fx.Think)]
    state, _ = update(state, Learn())
    action = think.view.legal_actions[0]
    after, effects = update(state, BotDecided(action, think.ticket))
    assert after is state and effects == []  # ... but its answer waits while a lesson is open
    left, effects = update(after, LeaveLessons())
    assert any(isinstance(e, fx.Think) for e in effects)  # and it is asked again


def test_new_game_in_a_lesson_leaves_it_first() -> None:
    table = lessons_open(2)
    table.send(NewGame())
    assert table.state.lessons.run is None


def test_todays_deal_from_a_lesson_leaves_it_first_and_the_daily_deal_comes_back_after() -> None:
    """Today's deal and the person's own game are never played under a lesson's table."""
    table = at_phase(TablePhase.DISCARD)  # the person has played: their game is kept aside
    table.send(PlayNow())
    table.send(Learn())
    table.send(LessonIntro(False))
    assert table.state.lessons.run is not None and table.state.in_progress
    own = table.state.game.actions
    table.send(Today(date(2026, 12, 1)))
    table.send(PlayDaily())
    assert table.state.lessons.run is None and table.state.daily is not None
    assert EN.table(table.state).lesson is None
    table.send(Learn())
    table.send(LessonIntro(False))
    table.send(BackToGame())
    assert table.state.lessons.run is None and table.state.daily is None
    assert table.state.game.actions == own


def test_a_lessons_table_shows_neither_the_own_games_seal_nor_the_daily_chip() -> None:
    state, effects = start(Stored(settings={"level": "easy"}), Address(), [])  # sealed
    table = Table(state)
    table.perform(effects)
    assert 'class="seal-chip"' in regions(EN.table(table.state))["topbar"]
    table.send(PlayNow())
    table.send(Learn())
    table.send(LessonIntro(False))
    model = EN.table(table.state)
    assert model.seal is None and "seal-chip" not in regions(model)["topbar"]
    table.send(Today(date(2026, 12, 1)))
    table.send(PlayDaily())
    assert 'data-testid="daily-chip"' in regions(EN.table(table.state))["topbar"]
    table.send(Learn())
    assert "seal-chip" not in regions(EN.table(table.state))["topbar"]


def test_a_lessons_count_line_never_names_the_discard_it_asks_for() -> None:
    table = lessons_open(2)
    table.send(DrawFromStock())
    assert table.state.phase is TablePhase.DISCARD and table.state.view.my_turn
    line = EN.table(table.state).count_line
    assert line == f"Deadwood: {deadwood_of(table.state.view.hand)}"
    assert table.state.lessons.run is not None
    table.send(LeaveLessons())  # the person's own game still names its best discard
    own = at_phase(TablePhase.DISCARD)
    assert EN.table(own.state).count_line.startswith("Discard ")


def test_the_lessons_hand_is_arranged_in_memory_only() -> None:
    table = lessons_open(2)
    shown = table.state.shown_hand()
    effects = table.send(MoveCard(shown[0], 5))
    assert table.state.shown_hand()[5] == shown[0] and not saves(effects)
    assert table.state.order == ()


def test_a_question_about_melds_hides_the_melds() -> None:
    table = lessons_open(1)
    model = EN.table(table.state)
    assert all(card.meld is None for card in model.hand) and len(model.hand) == 10
    assert not model.buttons  # Take and Pass do not belong to this question


def test_a_question_about_melds_offers_no_grouping_and_says_why_when_asked() -> None:
    """Lesson 1 shows its hand by suit: Group melds showed pressed over a hand it had not
    grouped, and pressed it did nothing and said nothing (a play-tester took it for broken)."""
    table = lessons_open(1)
    table.state = replace(table.state, settings=replace(table.state.settings, sort=SortMode.MELDS))
    sorts = {button.action: button for button in EN.table(table.state).sorts}
    assert not sorts[Control.SORT_MELDS.action].enabled
    assert sorts[Control.SORT_SUIT.action].pressed  # what the hand shows
    assert not sorts[Control.SORT_MELDS.action].pressed
    shown = table.state.shown_hand()
    assert shown == sorted(shown)
    effects = table.send(SortHand(SortMode.MELDS))
    lesson = EN.table(table.state).lesson
    why = lesson.why if lesson else None  # the lesson's panel says the table's refusals
    assert why is not None and "find the melds yourself" in why.text
    assert why.target == Control.SORT_MELDS.action and not saves(effects)
    assert table.state.shown_hand() == shown
    table.send(SortHand(SortMode.RANK))  # the other sorts still sort
    assert table.state.shown_hand() == sort_by_rank(shown)
    lesson = EN.table(table.state).lesson
    assert lesson is not None and lesson.why is None


def test_sorting_a_lessons_hand_leaves_the_persons_own_order_alone() -> None:
    """A sort in a lesson undoes the lesson's hand's arrangement, never the order the person
    gave their own game's hand (a sort used to empty it, and the save kept that)."""
    table = at_phase(TablePhase.UPCARD)
    own = table.state.shown_hand()
    table.send(MoveCard(own[0], 5))
    arranged = table.state.order
    assert arranged
    table.send(PlayNow())
    table.send(Learn())
    finish(table)
    table.send(NextLesson())
    table.send(LessonIntro(False))
    lesson_hand = table.state.shown_hand()
    table.send(MoveCard(lesson_hand[0], 5))
    assert EN.table(table.state).sorts and not any(b.pressed for b in EN.table(table.state).sorts)
    effects = table.send(SortHand(SortMode.RANK))
    assert table.state.lessons.order == () and table.state.order == arranged
    assert table.state.shown_hand() == sort_by_rank(lesson_hand)
    assert [s for s in saves(effects) if s.table is not None] == []
    table.send(LeaveLessons())
    assert table.state.order == arranged


def test_after_the_computers_knock_its_melds_lie_on_the_table_and_the_chosen_go_over() -> None:
    table = lessons_open(7)
    model = EN.table(table.state)
    assert model.result is None and not model.middle
    assert model.opponent.laid_out is not None and len(model.opponent.laid_out.melds) == 3
    assert model.topbar.ai.score == 0  # not priced before the lay-offs are made
    table.send(ChooseCard(Card.parse("9S")))
    model = EN.table(table.state)
    assert Card.parse("9S") not in [c.card for c in model.hand]
    laid = [c for meld in model.opponent.laid_out.melds for c in meld.cards if c.theirs]  # type: ignore[union-attr]
    assert [c.card for c in laid] == [Card.parse("9S")]


# --- one overlay at a time ---------------------------------------------------------------------


def test_the_menu_opened_over_a_lessons_introduction_is_on_top_and_closes_first() -> None:
    table = at_phase(TablePhase.UPCARD)
    table.send(PlayNow())
    table.send(Learn())
    assert table.state.lessons.intro
    table.send(OpenPanel(Panel.MENU))
    model = EN.table(table.state)
    overlay = regions(model)["overlay"]
    assert model.lesson is not None and model.lesson.intro is None  # waits under the menu
    assert 'data-testid="menu"' in overlay and 'data-testid="lesson-intro"' not in overlay
    table.send(Cancel())  # Escape closes the menu, the one on top
    assert table.state.panel is None and table.state.lessons.intro
    assert 'data-testid="lesson-intro"' in regions(EN.table(table.state))["overlay"]
    table.send(Cancel())
    assert not table.state.lessons.intro


# --- saved apart, and resumed ---------------------------------------------------------------------


def test_progress_is_saved_apart_and_a_reload_reopens_the_lesson_where_it_was() -> None:
    table = lessons_open(3)
    table.send(DrawFromPile())
    record = table.saved["lessons"]
    assert record["format"] == PROGRESS_FORMAT and record["current"] == "drawing"  # type: ignore[index]
    again = table.reload()
    run = again.state.lessons.run
    assert run is not None and run.lesson.key == "drawing" and run.step == 1
    assert not again.state.lessons.intro
    again.send(LeaveLessons())
    assert again.reload().state.lessons.run is None  # left: the game opens
    again.send(Learn())
    assert again.state.lessons.run is not None and again.state.lessons.run.step == 1


def test_a_reload_between_a_lessons_end_and_next_lesson_shows_what_it_taught() -> None:
    """The lesson just finished comes back done, with what it taught and Next lesson; the
    reload opened the next lesson at once, and the finished one's words were never read."""
    table = lessons_open(2)
    finish(table)
    again = table.reload()
    assert fx.Focus("lesson-next") in again.effects
    run = again.state.lessons.run
    assert run is not None and run.lesson is LESSONS[1] and run.done
    model = EN.table(again.state)
    assert model.lesson is not None and model.lesson.done and model.lesson.number == 2
    again.send(NextLesson())
    run = again.state.lessons.run
    assert run is not None and run.lesson is LESSONS[2] and again.state.lessons.intro


def test_a_reload_after_the_last_lesson_leads_on_to_the_end_of_the_path() -> None:
    table = lessons_open(len(LESSONS))
    finish(table)
    again = table.reload()
    run = again.state.lessons.run
    assert run is not None and run.lesson is LESSONS[-1] and run.done
    again.send(NextLesson())
    assert again.state.lessons.complete


def test_a_damaged_progress_record_is_dropped_with_a_notice() -> None:
    state, _ = start(Stored(settings={}, lessons={"format": "junk"}), Address(), [])
    assert state.lessons.progress.current is None and state.notices


# --- every language -----------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lesson_is_worded_in_every_language(language: str) -> None:
    """Each introduction, question, refusal, explanation and learned line fills in, in the
    language's own words (a missing value or a broken template would raise here)."""
    presenter = Presenter(Translator(language))
    table = lessons_open(1)
    texts: set[str] = set()
    while not table.state.lessons.complete:
        run = table.state.lessons.run
        assert run is not None
        lesson = presenter.table(table.state).lesson
        assert lesson is not None
        if table.state.lessons.intro:
            assert lesson.intro is not None
            texts.add(lesson.intro.text)
            table.send(LessonIntro(False))
            continue
        texts.add(lesson.ask)
        if run.done:
            table.send(NextLesson())
            continue
        step = run.current
        assert step is not None
        for wrong in step.promised:
            state, _ = update(table.state, intents_for(parse_move(wrong))[-1])
            refused = presenter.table(state).lesson
            if refused is not None and refused.why is not None:
                texts.add(refused.why.text)
        for intent in intents_for(run.expected()):
            for effect in table.send(intent):
                if isinstance(effect, fx.Announce):
                    texts.add(presenter.announcement(effect))
    assert all(texts) and len(texts) > 60
    english = Presenter(Translator("en")).table(lessons_open(1).state).lesson
    assert english is not None and (english.ask in texts) == (language == "en")


def test_lesson_news_says_the_reason_then_the_question() -> None:
    table = lessons_open(2)
    effects = table.send(DrawFromStock())
    (said,) = [e for e in effects if isinstance(e, fx.Announce)]
    text = EN.announcement(said)
    assert text.startswith("Draw from the stock:") and text.endswith("least deadwood.")


def test_hint_review_and_the_deck_are_not_offered_in_a_lesson() -> None:
    table = lessons_open(2)
    model = EN.table(table.state)
    assert Control.HINT.action not in [b.action for b in model.buttons]
    for key in ("h", "r"):
        table.send(KeyPress(key))
    assert table.state.hint is None and table.state.review is None
    table.send(NextHand())
    assert table.state.lessons.number == 2  # not done yet: N does not skip it


# --- a lesson's boxes hold the table, and the focus stays in the hand ---------------------------


@pytest.mark.parametrize("start", [LessonIntro(False), Cancel()], ids=["start", "escape"])
def test_starting_a_lesson_gives_the_focus_to_the_hand(start: Intent) -> None:
    """Start (or Escape, which is Start) removes the button that had the focus."""
    table = at_phase(TablePhase.UPCARD)
    table.send(PlayNow())
    table.send(Learn())
    effects = table.send(start)
    assert not table.state.lessons.intro
    assert fx.Focus(table.state.shown_hand()[0]) in effects


def test_a_lessons_right_draw_gives_the_focus_to_the_card_drawn_and_a_refusal_none() -> None:
    table = lessons_open(3)  # drawing: take 8♥
    refused = table.send(Pass())
    assert table.state.lessons.why is not None
    assert not any(isinstance(e, fx.Focus) for e in refused)
    effects = table.send(DrawFromPile())
    assert table.state.lessons.why is None
    focus = [e for e in effects if isinstance(e, fx.Focus)]
    assert focus and focus[0].target in table.state.shown_hand()


def test_a_lessons_introduction_holds_the_table_keys_and_all() -> None:
    """While it waits, the table under it is inert (``asking``) and its keys are still: a key
    was refused under the dimmed box ("read the lesson first")."""
    table = at_phase(TablePhase.UPCARD)
    table.send(PlayNow())
    table.send(Learn())
    run = table.state.lessons.run
    assert table.state.box_waiting
    assert "asking" in table_classes(EN.table(table.state)).split()
    for key in ("s", "p", "x", "h", "?"):
        assert table.send(KeyPress(key)) == [], key
    assert table.state.lessons.run is run and table.state.lessons.why is None
    assert table.state.panel is None
    table.send(KeyPress("Escape"))
    assert not table.state.box_waiting
    assert "asking" not in table_classes(EN.table(table.state)).split()


def test_the_end_of_the_lessons_path_holds_the_game_under_it() -> None:
    """The box lies over the person's own game: a key drew from its stock under the box."""
    table = lessons_open(len(LESSONS))
    finish(table)
    table.send(NextLesson())
    assert table.state.lessons.complete and table.state.box_waiting
    game = table.state.game
    assert "asking" in table_classes(EN.table(table.state)).split()
    for key in ("p", "x", "s"):
        assert table.send(KeyPress(key)) == [], key
    assert table.state.game is game
    table.send(KeyPress("Escape"))  # Play a game
    assert not table.state.lessons.open and not table.state.box_waiting


def test_starting_the_lay_off_lesson_gives_the_focus_to_the_hand() -> None:
    """Its hand is over (the computer knocked): the question is which cards to lay off."""
    table = at_phase(TablePhase.UPCARD)
    table.send(PlayNow())
    table.send(Learn())
    for _ in range(6):
        finish(table)
        table.send(NextLesson())
    assert table.state.phase is TablePhase.HAND_OVER and table.state.lessons.intro
    effects = table.send(LessonIntro(False))
    assert fx.Focus(table.state.shown_hand()[0]) in effects


def test_the_move_that_ends_a_lesson_leaves_the_focus_on_next_lesson() -> None:
    table = lessons_open(4)  # discarding: the lesson ends on a discard, the hand goes on
    effects: list[fx.Effect] = []
    while not (table.state.lessons.run and table.state.lessons.run.done):
        run = table.state.lessons.run
        assert run is not None
        effects = []
        for intent in intents_for(run.expected()):
            effects += table.send(intent)
    focus = [e for e in effects if isinstance(e, fx.Focus)]
    assert focus == [fx.Focus(Control.LESSON_NEXT.action)]


def test_back_leaves_the_lessons_for_the_persons_own_game_a_panel_first() -> None:
    table = lessons_open(2)
    assert table.state.back_closes
    table.send(OpenPanel(Panel.RULES))
    table.send(GoBack())
    assert table.state.panel is None and table.state.lessons.run is not None
    table.send(GoBack())
    assert not table.state.lessons.open and not table.state.back_closes
    assert table.state.on_table is table.state.game


def test_lessons_done_in_another_tab_stay_done() -> None:
    """Two tabs of one person: each stores its whole lessons' record, so a tab that did not
    follow the other's would undo the lessons the other finished with its next save.  A tab
    with a lesson open keeps its own place in it; a tab without one takes the other's place."""
    here = lessons_open(2)
    run = here.state.lessons.run
    assert run is not None and run.lesson is LESSONS[1]
    there = lessons_open(1)
    finish(there)
    there.send(NextLesson())
    elsewhere = there.state.lessons.progress
    assert LESSONS[0].key in elsewhere.done and elsewhere.current == LESSONS[1].key
    third = LESSONS[2].key
    stored = {**elsewhere.to_dict(), "done": [LESSONS[0].key, third], "current": third}
    here.send(StoredElsewhere(lessons=stored))
    progress = here.state.lessons.progress
    assert {LESSONS[0].key, third} <= progress.done
    assert progress.current == LESSONS[1].key and here.state.lessons.run is run
    finish(here)
    saved = saves(here.effects)
    assert saved and {LESSONS[0].key, LESSONS[1].key, third} <= set(saved[-1].lessons["done"])
    # A tab at its own game, no lesson open, goes on from the other tab's place.
    idle = at_phase(TablePhase.DRAW)
    idle.send(StoredElsewhere(lessons=stored))
    assert idle.state.lessons.progress.current == third
    assert idle.state.lessons.progress.done == frozenset({LESSONS[0].key, third})
