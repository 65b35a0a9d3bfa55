"""The table's one update: ``update(state, intent) -> (state, effects)``, a pure function.

This is the table's whole behaviour, in the Elm architecture's shape: the page
turns an event into an intent, calls :func:`update`, performs the effects and
paints the new state.  Nothing here touches the page, so every rule of the
table (what a click means in each phase, why it does nothing, when the
computer moves, what is saved and counted) is tested in CPython.

An intent that cannot be carried out now never fails silently: the state
gets a :class:`~gin.table.messages.Message` saying why (``state.why``), which
the page shows with a small shake of what was touched.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import assert_never

from gin.actions import DRAW_PILE, DRAW_STOCK, PASS, TAKE, Action, ActionKind
from gin.ai import bot_seed
from gin.ai.coach import HandReview
from gin.ai.hints import Hint
from gin.cards import Card
from gin.daily import DAILY_RULES, daily_level, daily_seed
from gin.fairness import Seal, played_record, reveal
from gin.game import Game
from gin.lessons.progress import Progress
from gin.refusals import Refusal
from gin.rules import MAX_TARGET
from gin.table import daily_update, intents, lesson_update
from gin.table import hand as hands
from gin.table.controls import FIRST_IN_MENU, Control
from gin.table.daily import DailyGame, DailyResults
from gin.table.effects import (
    Advise,
    Announce,
    Deal,
    Download,
    Effect,
    Focus,
    Review,
    Save,
    ShowDown,
    Think,
    move_effects,
)
from gin.table.intents import Intent, Panel
from gin.table.keys import FocusStep, binding
from gin.table.messages import Message, Notice, Why
from gin.table.seats import AI, YOU
from gin.table.settings import Settings, SortMode
from gin.table.state import (
    Question,
    SavedTable,
    TablePhase,
    TableState,
    count_results,
)
from gin.table.stats import Statistics

Effects = list[Effect]
Transition = tuple[TableState, Effects]


def update(state: TableState, intent: Intent) -> Transition:
    """The next state of the table after ``intent``, and the effects the page must perform.

    A question, once asked, takes the keyboard's focus (on its safe answer, Cancel): the
    table under it waits for the answer (static/css/table.css makes it inert); answered, it
    gives the focus back (:func:`_focus_after_question`).  The share box, put away, gives it
    back to the Share button that opened it, unless a panel opening put it away and took it.
    """
    after, effects = _transition(state, intent)
    if state.offer and not after.offer:
        if not after.lessons.progress.offered:
            # Played on, or gone elsewhere: that declines the first visit's offer, for good.
            after, declined = lesson_update.dismiss_offer(after)
            effects = [*effects, *declined]
        if not after.thinking:  # the computer's move waited for the answer (startup.start)
            after, bot = bot_moves_if_due(after)
            effects = [*effects, *bot]
    if after.panel is None and after.panel_from is not None:
        after = replace(after, panel_from=None)  # whichever way its panel was closed
    placed = any(isinstance(effect, Focus) for effect in effects)
    if after.question is not None and after.question is not state.question:
        effects = [*effects, Focus(Control.CANCEL.action)]
    elif state.question is not None and after.question is None and not placed:
        effects = [*effects, _focus_after_question(after)]
    elif state.sharing is not None and after.sharing is None and not placed:
        effects = [*effects, Focus(Control.SHARE_DAILY.action)]
    return after, effects


def _focus_after_question(after: TableState) -> Focus:
    """Where the focus goes once a question is answered (unless the answer put it somewhere):
    back into the framed panel the question was asked over (the settings, the statistics), else
    to the menu's button, from which a new game is asked for, rather than to the page's start."""
    framed = after.panel is not None and after.panel is not Panel.MENU
    return Focus((Control.CLOSE_PANEL if framed else Control.MENU).action)


def _transition(state: TableState, intent: Intent) -> Transition:
    """One case per intent: mypy checks that none is missing (``Intent`` is their union)."""
    if state.offer and not isinstance(intent, _KEEP_THE_OFFER):
        state = replace(state, offer=False)  # the person plays on: that declines the offer
    match intent:
        case intents.DrawFromStock():
            return _play_orrefuse(state, DRAW_STOCK, "stock")
        case intents.DrawFromPile():
            pile = TAKE if state.phase is TablePhase.UPCARD else DRAW_PILE
            return _play_orrefuse(state, pile, "pile")
        case intents.Pass():
            return _play_orrefuse(state, PASS, "pass", instead=Why.NO_PASS_NOW)
        case intents.ChooseCard(card):
            return _choose_card(state, card)
        case intents.PlayCard(card):
            return _play_card(state, card)
        case intents.Arm(kind):
            return _arm(state, kind)
        case intents.MoveCard(card, position):
            return _move_card(state, card, position)
        case intents.SortHand(mode):
            return _sort_hand(state, mode)
        case intents.NextHand():
            return _next_hand(state)
        case intents.NewGame():
            return _new_game(state)
        case intents.Confirm():
            return _confirm(state)
        case intents.Cancel():
            return _cancel(state)
        case intents.GoBack():
            return _go_back(state)
        case intents.OpenPanel(panel):
            return _open_panel(state, panel)
        case intents.MenuLeft():
            return (replace(state, panel=None), []) if state.panel is Panel.MENU else (state, [])
        case intents.ClosePanel():
            return _close_panel(state)
        case intents.ChangeSetting(name, value):
            return _change_setting(state, name, value)
        case intents.AskHint():
            return _ask_hint(state)
        case intents.HintReady(advice, ticket):
            return _hint_ready(state, advice, ticket)
        case intents.ResetStatistics():
            return replace(state, question=Question.RESET_STATS), []
        case intents.DownloadRecord():
            return _download(state)
        case intents.ReviewHand():
            return _review_hand(state)
        case intents.ReviewStep(step):
            return _review_step(state, step)
        case intents.ReviewReady(review, ticket):
            return _review_ready(state, review, ticket)
        case intents.ShowDeck():
            return _show_deck(state)
        case intents.DismissNotice(index):
            return _dismiss_notice(state, index)
        case intents.KeyPress(key, focused):
            return _key_press(state, key, focused)
        case intents.BotDecided(action, ticket):
            return _bot_decided(state, action, ticket)
        case intents.SaveFailed():
            return _save_failed(state)
        case intents.TouchOnly(touch_only):
            return _touch_only(state, touch_only)
        case intents.StoredElsewhere():
            return _stored_elsewhere(state, intent)
        case intents.PlayDaily(day):
            return _out_of_lessons(state, lambda table: daily_update.play_daily(table, day))
        case intents.BackToGame():
            return _out_of_lessons(state, _back_to_game)
        case intents.ShareDaily():
            return daily_update.share_daily(state)
        case intents.ShareDone(copied):
            return daily_update.share_done(state, copied)
        case intents.CloseShare():
            return replace(state, sharing=None), []
        case intents.DismissReveal():
            return replace(state, left=None), []
        case intents.Today(day):
            return replace(state, today=day), []
        case intents.Learn():
            return lesson_update.learn(state)
        case intents.PlayNow():
            return _decline_offer(state)
        case intents.LessonIntro(shown):
            return _lesson_intro(state, shown)
        case intents.ShowMe():
            return lesson_update.show_me(state)
        case intents.PutAwayLessonWord():
            return lesson_update.put_away_word(state)
        case intents.NextLesson():
            return lesson_update.next_lesson(state)
        case intents.RestartLessons():
            return lesson_update.restart(state)
        case intents.LeaveLessons():
            return _leave_lessons(state)
        case intents.LessonTick(serial):
            return lesson_update.tick(state, serial)
        case _:
            assert_never(intent)  # anything else is not an intent: an AssertionError


_KEEP_THE_OFFER = (
    intents.MenuLeft,
    intents.Learn,
    intents.PlayNow,
    intents.Cancel,
    intents.TouchOnly,
    intents.BotDecided,
    intents.SaveFailed,
    intents.StoredElsewhere,
    intents.ReviewReady,
    intents.HintReady,
    intents.LessonTick,
    intents.KeyPress,
)
"""The intents that leave the first visit's offer on show: its own answers, what the page sends
by itself, and a key (the offer holds the table as a question does: of the keys only Escape
acts, ``_key_press``, and declines it as Play now does; any key declined it before, Tab too).
Anything else the person does declines it."""


# --- starting -------------------------------------------------------------------------------


def new_game(
    state: TableState, seed: int | None = None, daily: DailyGame | None = None
) -> Transition:
    """A fresh game; the bot moves first if it is to.

    Without a chosen seed the table draws the seed and a salt (:class:`~gin.fairness.Seal`)
    and shows their commitment before the first card.  A daily deal takes its seed, level
    and rules from its day, whatever the settings; the settings choose them for any other
    game.  The menu and the settings, from which a new game is started, close.
    """
    seal = None
    if daily is not None:
        seed, rules, level = daily_seed(daily.day), DAILY_RULES, daily_level(daily.day)
    else:
        rules, level = state.settings.rules, state.settings.level
        if seed is None:
            seal = Seal.draw()
            seed = seal.seed
    game = Game(seed=seed, rules=rules)
    fresh = state.with_game(game, SavedTable(game, level, 0, 0, 0, (), (), seal, daily))
    fresh = replace(fresh, left=None)
    if fresh.panel in (Panel.SETTINGS, Panel.MENU):
        fresh = replace(fresh, panel=None)
    fresh, effects = bot_moves_if_due(fresh)
    return fresh, [Deal(), save_table(fresh, settings=True, stats=True), *effects]


def resume(state: TableState) -> Transition:
    """Effects to start a restored table: the bot moves if it was its turn."""
    return bot_moves_if_due(state)


# --- the person's moves -----------------------------------------------------------------------


def _not_in_play(state: TableState, target: str) -> Transition | None:
    """The refusal for any move while it is not the person's turn, or None if it is."""
    if state.lessons.run is not None:
        lesson = lesson_update.not_asked(state, target)
        if lesson is not None:
            return lesson
    phase = state.phase
    if phase is TablePhase.GAME_OVER:
        return refuse(state, Why.GAME_OVER, target)
    if phase is TablePhase.HAND_OVER:
        return refuse(state, Why.HAND_OVER, target)
    if not state.your_turn:
        return refuse(state, Why.COMPUTER_PLAYING, target)
    return None


def _play_orrefuse(
    state: TableState, action: Action, target: str, instead: Why | None = None
) -> Transition:
    """Play ``action`` for the person, or say why not (the engine's reason, in the table's
    words; ``instead`` words every refusal of this action alike)."""
    refused = _not_in_play(state, target)
    if refused:
        return refused
    engine = state.on_table.refusal(action)
    if engine is not None:
        return _refuse_with(state, Message.refused(engine, target, instead))
    return _play(state, action)


def _discard_action(state: TableState, card: Card) -> Action | Transition:
    """The action that plays ``card`` now (discard, knock or gin, as armed), or the refusal.

    RULES.md: a knock that leaves no deadwood is gin, so an armed Knock plays it as gin.
    """
    target = str(card)
    refused = _not_in_play(state, target)
    if refused:
        return refused
    action = Action(state.armed or ActionKind.DISCARD, card)
    engine = state.on_table.refusal(action)
    if engine is not None and engine.reason is Refusal.KNOCK_IS_GIN:
        action = Action(ActionKind.GIN, card)
        engine = state.on_table.refusal(action)
    if engine is None:
        return action
    return _refuse_with(state, Message.refused(engine, target))


def _play_card(state: TableState, card: Card) -> Transition:
    if lesson_update.picking(state):
        return _pick(state, card)
    action = _discard_action(state, card)
    if not isinstance(action, Action):
        return action
    return _play(state, action)


def _choose_card(state: TableState, card: Card) -> Transition:
    if lesson_update.picking(state):
        return _pick(state, card)
    if state.selected is card:
        return _play_card(state, card)
    action = _discard_action(state, card)
    if not isinstance(action, Action):
        return action
    return replace(state, selected=card, why=None), []


def _pick(state: TableState, card: Card) -> Transition:
    """A card chosen where the lesson asks for cards (one click, tap or key chooses it)."""
    if card not in state.shown_hand():
        return refuse(state, Why.NOT_YOUR_CARD, str(card))
    return lesson_update.pick(state, card)


def _arm(state: TableState, kind: ActionKind) -> Transition:
    target = kind.value
    if kind not in (ActionKind.KNOCK, ActionKind.GIN):
        raise ValueError(f"only knock or gin can be armed, not {kind}")
    refused = _not_in_play(state, target)
    if refused:
        return refused
    if state.phase is not TablePhase.DISCARD:
        return refuse(state, Why.KNOCK_AFTER_DRAW, target)
    if state.armed is kind:
        return replace(state, armed=None, why=None), []
    kinds = {action.kind for action in state.legal()}
    if kind is ActionKind.GIN and ActionKind.GIN not in kinds:
        return refuse(state, Why.CANNOT_GIN, target)
    if kind is ActionKind.KNOCK and not kinds & {ActionKind.KNOCK, ActionKind.GIN}:
        best = hands.best_discard(state.view.hand, state.legal())
        left = best[1] if best else 0
        limit = state.view.rules.knock_limit
        return refuse(state, Why.CANNOT_KNOCK, target, deadwood=left, limit=limit)
    return replace(state, armed=kind, selected=None, why=None), []


def _play(state: TableState, action: Action) -> Transition:
    """Apply the person's action to a copy of the game, then let the computer answer (at a
    lesson's table, the lesson judges it first)."""
    if state.lessons.run is not None:
        judged, effects = lesson_update.play(state, action)
        run = judged.lessons.run
        if run is state.lessons.run or run is None or run.done:
            return judged, effects  # refused (the focus stays), or done (Next lesson has it)
        return judged, effects + _focus_after(state, judged, action)
    game = state.game.copy()
    view = state.view
    pile_top = view.discard_pile[-1] if view.discard_pile else None
    game.apply(action)
    # The person plays on: this game is saved, over an unreadable one too (keeps_unreadable).
    after = replace(
        state,
        game=game,
        selected=None,
        armed=None,
        hint=None,
        why=None,
        reveal=False,
        keeps_unreadable=False,
    )
    drawn = game.view(YOU).history[-1].card if action.kind is ActionKind.DRAW_STOCK else None
    effects = move_effects(action, True, pile_top, drawn)
    after, more = _after_action(after, hands_before=len(state.game.hand_results))
    return after, effects + more + _focus_after(state, after, action)


def _focus_after(before: TableState, after: TableState, action: Action) -> Effects:
    """Where the keyboard's focus goes after the person's move, at their own table or a
    lesson's (there a click on Take or a discard left it on the page's start): after a
    discard, in the discarded card's place; after a draw, from the card drawn; after a pass,
    if Pass or Take had it (gone with the turn), on the stock, where the next draw is."""
    if not after.in_hand:
        return []
    if action.kind is ActionKind.DISCARD and action.card is not None:
        return _focus_in_place_of(before, after, action.card)
    if action.kind in _DRAWS:
        taken = set(after.view.hand) - set(before.view.hand)
        return _focus_from(after, taken.pop()) if len(taken) == 1 else []
    if action.kind is ActionKind.PASS:
        return [Focus(Control.STOCK.action, if_lost=True)]
    return []


def _focus_from(state: TableState, taken: Card) -> Effects:
    """The focus on the card just drawn, or, if it may not be thrown (the pile's card, this
    turn), on its neighbour that may, the next or, at the hand's end, the one before (going
    round to the hand's other end lost a keyboard's place): the next choice is the discard,
    and the stock or the button that had the focus is redrawn (it fell to the page's start)."""
    shown = state.shown_hand()
    if taken not in shown:
        return []
    at = shown.index(taken)
    playable = _playable(state)
    beside = [card for card in (*shown[at:], *reversed(shown[:at])) if card in playable]
    return [Focus(beside[0] if beside else taken)]


_DRAWS = frozenset({ActionKind.TAKE, ActionKind.DRAW_STOCK, ActionKind.DRAW_PILE})


def _focus_in_place_of(before: TableState, after: TableState, gone: Card) -> Effects:
    """The focus on the card now at the place of ``gone`` in the hand, arranged anew or not (or
    on the last): the discarded card held it, and with it removed the focus fell to the
    page's start, where a keyboard had to find the hand again."""
    shown = after.shown_hand()
    if not shown:
        return []
    place = before.shown_hand().index(gone)
    return [Focus(shown[min(place, len(shown) - 1)])]


def _after_action(state: TableState, hands_before: int) -> Transition:
    """Count, save and show a finished hand; or hand the turn to the computer."""
    state = count_results(state)
    effects: Effects = []
    if len(state.game.hand_results) > hands_before:
        result = state.game.view(YOU).hand_results[-1]
        state = replace(state, thinking=False, order=())
        effects += [ShowDown(result), Announce(result)]
        if state.game.over:
            state = replace(state, left=None, daily_results=daily_update.kept(state))
        # The result's main button takes the focus (after a knock by keys it fell to the page).
        daily_over = state.game.over and state.daily is not None
        effects.append(Focus("share-daily" if daily_over else "next-hand"))
        return state, [*effects, save_table(state, stats=True, daily=state.game.over)]
    state, bot = bot_moves_if_due(state)
    return state, [save_table(state), *bot]


# --- the computer's moves ----------------------------------------------------------------------


def bot_moves_if_due(state: TableState) -> Transition:
    """Ask for the computer's move if it is to play now (never while a result is on show,
    nor while a lesson is on the table: the person's own game waits)."""
    if state.lessons.run is not None:
        return state, []
    if not state.in_hand or state.game.to_move != AI:
        return replace(state, thinking=False), []
    view = state.game.view(AI)
    think = Think(
        view=view,
        level=state.level,
        seed=bot_seed(state.game.seed, AI),
        ticket=state.ticket,
        delay_ms=state.step_delay_ms,
    )
    return replace(state, thinking=True), [think]


def _bot_decided(state: TableState, action: Action, ticket: tuple[int, int]) -> Transition:
    if state.lessons.run is not None:
        return state, []  # asked before the lesson opened: asked again when it closes
    if not state.thinking or ticket != state.ticket or state.game.to_move != AI:
        return state, []  # an answer about a game or a position that is gone
    view = state.game.view(AI)
    pile_top = view.discard_pile[-1] if view.discard_pile else None
    game = state.game.copy()
    game.apply(action)  # the bot chose from the legal actions; anything else raises here
    after = replace(state, game=game)
    if game.to_move != AI:  # the turn is back: a refusal given meanwhile ("wait") is stale
        after = replace(after, why=None)
    shown = pile_top if action.kind in (ActionKind.TAKE, ActionKind.DRAW_PILE) else action.card
    effects = move_effects(action, False, pile_top, None)
    effects.append(Announce(action, seat=AI, card=shown))
    after, more = _after_action(after, hands_before=len(state.game.hand_results))
    return after, effects + more


# --- between hands and games -----------------------------------------------------------------


def _next_hand(state: TableState) -> Transition:
    if state.lessons.run is not None:  # N at a lesson's table: the next lesson, once done
        if state.lessons.run.done:
            return lesson_update.next_lesson(state)
        return refuse(state, Why.HAND_IN_PLAY, "lesson-next")
    if state.phase is TablePhase.GAME_OVER and state.daily is not None:
        return daily_update.leave_daily(state)
    if state.phase is TablePhase.GAME_OVER:
        return _focus_on_hand(new_game(state))
    if state.phase is not TablePhase.HAND_OVER:
        return refuse(state, Why.HAND_IN_PLAY, "next-hand")
    shown = replace(
        state,
        results_seen=len(state.game.hand_results),
        reveal=False,
        why=None,
        panel=None if state.panel is Panel.REVIEW else state.panel,
    )
    shown, bot = bot_moves_if_due(shown)
    return _focus_on_hand((shown, [Deal(), save_table(shown), *bot]))


def _back_to_game(state: TableState) -> Transition:
    """From a daily deal to the person's own game kept aside."""
    return daily_update.leave_daily(state) if state.daily else (state, [])


def _new_game(state: TableState) -> Transition:
    """A new game of the person's own; from a daily deal, the deal is kept aside (asking
    first only if the person's own game kept aside would be lost); from a lesson, the
    lessons are left first."""
    if state.lessons.open:
        return _out_of_lessons(state, _new_game)
    own = state.parked if state.daily is not None else None
    if (state.in_progress and state.daily is None) or own is not None:
        return replace(state, question=Question.NEW_GAME, panel=None, why=None), []
    if state.daily is not None:
        return daily_update.leave_daily(state)
    return new_game(state)


def abandoned(state: TableState) -> TableState:
    """The game in progress is given up: it counts as a loss, and a daily deal's as lost."""
    if not state.in_progress:
        return state
    counted = count_results(state)
    stats = counted.stats.of(state.level).after_abandoned_game()
    return replace(
        counted,
        stats=counted.stats.update(state.level, stats),
        daily_results=daily_update.kept(state),
    )


def _given_up(state: TableState, seed: int | None = None) -> Transition:
    """A new game in place of the one in progress (which counts as lost), revealed."""
    left = reveal(state.game, state.seal, state.daily.day if state.daily else None)
    fresh, effects = new_game(abandoned(state), seed=seed)
    fresh = replace(fresh, left=left if state.in_progress else None)
    return fresh, [*effects, save_table(fresh, daily=True)]


def _confirm(state: TableState) -> Transition:
    question = state.question
    if question is Question.RESET_STATS:
        cleared = replace(
            state,
            stats=Statistics.empty(),
            results_counted=len(state.game.hand_results),
            question=None,
        )
        return cleared, [save_table(cleared, stats=True)]
    if question is Question.NEW_GAME and state.daily is not None and state.parked is not None:
        return daily_update.leave_daily(state, give_up_own=True)
    if question is Question.NEW_GAME:
        return _given_up(state)
    if question is Question.APPLY_RULES and state.pending is not None:
        return _given_up(replace(state, settings=state.pending))
    if question is Question.SEEDED_GAME and state.seeded is not None:
        return _given_up(state, seed=state.seeded)
    if question is Question.REPLACE_DAILY and state.asked_daily is not None:
        return daily_update.replace_daily(state, state.asked_daily)
    return replace(state, question=None), []


def _cancel(state: TableState) -> Transition:
    """Escape closes what is on top: a question, the share box, the choice of a card, a panel
    (``TableState.dialog_open``), and only then the offer, the end of the lessons' path or a
    lesson's introduction, which wait under it.  New rules asked about are kept for the next
    game, the question's safe answer."""
    if state.question is Question.APPLY_RULES and state.pending is not None:
        return _settle_settings(state, state.pending)
    if state.question is not None:
        return replace(state, question=None, pending=None, seeded=None, asked_daily=None), []
    if state.sharing is not None:
        return replace(state, sharing=None), []
    if state.armed is not None or state.selected is not None:
        return replace(state, armed=None, selected=None), []
    if state.panel is not None:
        return _close_panel(state)
    if state.offer:
        return _decline_offer(state)
    if state.lessons.complete:  # the end of the path's box: Escape is its Play a game
        return _leave_lessons(state)
    if state.lessons.intro and state.lessons.run is not None:
        return _lesson_intro(state, False)
    return replace(state, why=None), []


def _go_back(state: TableState) -> Transition:
    """Back closes the open panel, else leaves the lessons for the person's own game, as a
    phone's back gesture closes what is open before it leaves an app (it left the page);
    a question or the share box over them is answered first, as Escape answers it."""
    if state.question is not None or state.sharing is not None:
        return _cancel(state)
    if state.panel is not None:
        return _close_panel(state)
    if state.lessons.open:
        return _leave_lessons(state)
    return state, []


def _lesson_intro(state: TableState, shown: bool) -> Transition:
    """A lesson's introduction shown again, or put away (Start, or Escape): then the hand's
    first card takes the focus, as after the offer's Play now (Start's button is gone), in a
    hand or in a question about its cards (the lay-off's, after the computer's knock)."""
    after, effects = lesson_update.intro(state, shown)
    if shown or not (after.in_hand or lesson_update.picking(after)):
        return after, effects
    return after, [*effects, *_focus_step(after, None, 0)]


# --- the person's hand -----------------------------------------------------------------------


def _move_card(state: TableState, card: Card, position: int) -> Transition:
    shown = state.shown_hand()
    if card not in shown:
        return refuse(state, Why.NOT_YOUR_CARD, str(card))
    if state.lessons.run is not None:  # the lesson's hand: arranged, never saved
        order = hands.moved(shown, card, position)
        return replace(state, lessons=replace(state.lessons, order=order), why=None), []
    moved = replace(state, order=hands.moved(shown, card, position), why=None)
    return moved, [save_table(moved)]  # the person's own order is theirs: a reload keeps it


def _sort_hand(state: TableState, mode: SortMode) -> Transition:
    """Sort the hand on the table and keep the sort as the person's setting.  In a lesson
    only the lesson's hand is sorted: the person's own order of their game's hand stays."""
    if state.melds_hidden and mode is SortMode.MELDS:
        return refuse(state, Why.MELDS_ARE_THE_QUESTION, Control.SORT_MELDS.action)
    settings = replace(state.settings, sort=mode)
    if state.lessons.run is not None:
        lessons = replace(state.lessons, order=())
        sorted_state = replace(state, settings=settings, lessons=lessons, why=None)
    else:
        sorted_state = replace(state, settings=settings, order=(), why=None)
    return sorted_state, [Save(settings=settings.to_dict())]


# --- panels, settings, statistics ------------------------------------------------------------


def _open_panel(state: TableState, panel: Panel) -> Transition:
    """Open ``panel`` (or close it, if it is open).  The panel takes the keyboard's focus: a
    framed panel on its close button (on a phone it covers the table, whose controls the focus
    would otherwise be left among, unseen), the menu on its first entry (its list comes after
    the whole table in the page's order, where Tab would reach it last)."""
    if state.panel is panel:
        return _close_panel(state)
    if state.question is not None:
        return state, []  # the question comes first: the table under it waits for the answer
    first = FIRST_IN_MENU if panel is Panel.MENU else Control.CLOSE_PANEL
    # The share box is put away: the panel would open under it.
    opened = replace(state, panel=panel, sharing=None, why=None)
    return opened, [Focus(first.action)]


def _close_panel(state: TableState) -> Transition:
    """Close the open panel; the focus goes back to what opened it (the card or the control a
    key was pressed over, the review's button, or the menu's, from which every other panel
    opens), not to the page's start."""
    if state.panel is None:
        return state, []
    closed = replace(state, panel=None)
    back = state.panel_from
    if isinstance(back, Card) and back in closed.shown_hand():
        return closed, [Focus(back)]
    opener = Control.REVIEW_HAND if state.panel is Panel.REVIEW else Control.MENU
    if isinstance(back, str):  # Next hand, say: Enter there went to the menu instead
        return closed, [Focus(back, otherwise=opener.action)]
    return closed, [Focus(opener.action)]


def _change_setting(state: TableState, name: str, value: str | bool) -> Transition:
    base = state.pending or state.settings
    try:
        changed = base.with_value(name, value)
    except ValueError:
        if name == "target":
            return refuse(state, Why.TARGET_RANGE, name, limit=MAX_TARGET)
        return refuse(state, Why.NOT_OFFERED, name)
    # New rules are the next game's, as the level is; changed in the person's own game, the
    # table asks whether to start it now.  A daily deal keeps the day's rules.
    new_rules = changed.rules != base.rules and changed.rules != state.game.rules
    if new_rules and state.daily is None:
        return replace(state, pending=changed, question=Question.APPLY_RULES, why=None), []
    return _settle_settings(state, changed)


def _settle_settings(state: TableState, changed: Settings) -> Transition:
    """Keep ``changed`` as the person's settings (the game in progress keeps its rules)."""
    speed = state.speed if state.speed_fixed else changed.speed
    settled = replace(state, settings=changed, pending=None, question=None, speed=speed, why=None)
    return settled, [Save(settings=changed.to_dict())]


def _ask_hint(state: TableState) -> Transition:
    if state.lessons.run is not None:  # the lesson's own advice is Show me
        return refuse(state, Why.NOT_OFFERED, "hint")
    legal = state.legal()
    if not legal:
        return refuse(state, Why.HINT_ON_YOUR_TURN, "hint")
    return replace(state, why=None), [Advise(state.view, state.ticket)]


def _hint_ready(state: TableState, advice: Hint, ticket: tuple[int, int]) -> Transition:
    """Show Hard's advice, if the position it was asked about is still the person's to play,
    and count it."""
    if (
        ticket != state.ticket
        or state.lessons.run is not None
        or advice.action not in state.legal()
    ):
        return state, []  # advice on a position that is gone
    stats = state.stats.update(state.level, state.stats.of(state.level).after_hint())
    hinted = replace(state, hint=advice, hints_used=state.hints_used + 1, stats=stats, why=None)
    return hinted, [save_table(hinted, stats=True), Announce(advice)]


def _download(state: TableState) -> Transition:
    """The game record: the whole game once it is over, else only its finished hands.

    Mid-hand, the full record would hand out the seed and so every card.  A sealed
    game's record carries its commitment, and its salt once the game is over; the
    record of a game over lists the deck of every hand as played beside the seed, so
    ``python -m gin.replay --verify`` checks the deals against the seed
    (:func:`gin.fairness.played_record`).  A daily deal's names its day.
    """
    game = state.game
    data = {**state.record(), "game": game.finished_hands_record()}
    data.pop("checksum", None)
    data.pop("salt", None)
    if state.seal is not None:
        data["commitment"] = state.seal.commitment
    if game.over and (state.seal is not None or state.daily is not None):
        data["game"] = played_record(game)
        if state.seal is not None:
            data["salt"] = state.seal.salt
    name = f"gin-rummy-{game.seed}" if game.over else f"gin-rummy-hands-1-{len(game.hand_results)}"
    return state, [Download(f"{name}.json", data)]


def _review_hand(state: TableState) -> Transition:
    """Open the review of the hand on show; the page works it out unless it already has.  The
    panel takes the focus on its close button, as every framed panel does (`_open_panel`)."""
    if state.lessons.run is not None:
        return refuse(state, Why.NOT_OFFERED, "review-hand")
    if state.in_hand:
        return refuse(state, Why.HAND_IN_PLAY, "review-hand")
    number = state.game.hand_results[-1].number
    opened = replace(state, panel=Panel.REVIEW, review_at=0, why=None)
    focus = Focus(Control.CLOSE_PANEL.action)
    if state.review is not None and state.review.hand_number == number:
        return opened, [focus]
    if state.panel is Panel.REVIEW and state.review is None:
        return opened, [focus]  # asked already: the page is working it out
    record = state.game.finished_hands_record()
    ticket = _review_ticket(state)
    return replace(opened, review=None), [Review(record, number, YOU, ticket), focus]


def _review_ticket(state: TableState) -> tuple[int, int]:
    """The hand a review is about: this game, this hand."""
    return (state.game_number, state.game.hand_results[-1].number if state.game.hand_results else 0)


def _review_ready(state: TableState, review: HandReview, ticket: tuple[int, int]) -> Transition:
    """Show the review worked out by the page, and count it once per hand."""
    if ticket != _review_ticket(state) or review.seat != YOU:
        return state, []  # a review of a hand or a game that is gone
    shown = replace(state, review=review, review_at=0)
    if review.hand_number in state.reviewed:
        return shown, []
    stats = state.stats.of(state.level).after_review(review)
    counted = replace(
        shown,
        stats=state.stats.update(state.level, stats),
        reviewed=tuple(sorted((*state.reviewed, review.hand_number))),
    )
    return counted, [save_table(counted, stats=True)]


def _review_step(state: TableState, step: int) -> Transition:
    review = state.review
    if state.panel is not Panel.REVIEW or review is None or not review.decisions:
        return state, []
    at = max(0, min(len(review.decisions) - 1, state.review_at + step))
    return replace(state, review_at=at), []


def _show_deck(state: TableState) -> Transition:
    if state.lessons.run is not None:
        return refuse(state, Why.NOT_OFFERED, "show-deck")
    if state.in_hand:
        return refuse(state, Why.HAND_IN_PLAY, "show-deck")
    return replace(state, reveal=not state.reveal), []


def _leave_lessons(state: TableState) -> Transition:
    """Back to the person's own game, as it was; its computer moves if it is to."""
    left, effects, changed = lesson_update.leave(state)
    if not changed:
        return left, effects
    left, bot = bot_moves_if_due(left)
    return left, effects + bot


def _out_of_lessons(state: TableState, then: Callable[[TableState], Transition]) -> Transition:
    """Leave the lessons, then do ``then`` at the person's own table (a new game, today's
    deal, back to the game kept aside): those are never played under a lesson."""
    if not state.lessons.open:
        return then(state)
    left, effects = _leave_lessons(state)
    after, more = then(left)
    return after, effects + more


def _dismiss_notice(state: TableState, index: int) -> Transition:
    kept = tuple(n for i, n in enumerate(state.notices) if i != index)
    return replace(state, notices=kept), []


def _save_failed(state: TableState) -> Transition:
    if state.save_failed:
        return state, []
    notices = (*state.notices, Message(Notice.SAVE_FAILED))
    return replace(state, save_failed=True, notices=notices), []


def _touch_only(state: TableState, touch_only: bool) -> Transition:
    return replace(state, touch_only=touch_only), []


def _stored_elsewhere(state: TableState, intent: intents.StoredElsewhere) -> Transition:
    """Follow another tab of this game: its statistics, settings and lessons' progress, and
    its game when it is newer.

    A record that only repeats or lags behind this tab's game is ignored, so two
    tabs never undo each other's moves; a newer one (it extends this game, or is
    a game started since) replaces this tab's game, with a notice.  The settings stored
    last are the settings of every tab (each tab stores its whole record: one that kept its
    own would undo the other's change with its next save), and the lessons done in either
    tab stay done.
    """
    followed = state
    if intent.settings is not None:
        followed = _settings_followed(followed, Settings.from_dict(intent.settings)[0])
    if intent.lessons is not None:
        stored, _damaged = Progress.from_dict(intent.lessons)
        keep_place = state.lessons.run is not None
        progress = state.lessons.progress.joined(stored, keep_place)
        followed = replace(followed, lessons=replace(followed.lessons, progress=progress))
    if intent.stats is not None:
        stats, _damaged = Statistics.from_dict(intent.stats)
        followed = replace(followed, stats=stats)
    if intent.daily is not None:
        results, _damaged = DailyResults.from_dict(intent.daily)
        followed = replace(followed, daily_results=state.daily_results.joined(results))
    if intent.table is None:
        return followed, []
    try:
        saved = SavedTable.from_dict(intent.table)
    except ValueError:
        return followed, []
    if state.daily is not None:  # the person's own game is kept aside here: keep it up
        return replace(followed, parked=saved if saved.in_progress else None), []
    ours, theirs = state.game.actions, saved.game.actions
    same_game = saved.game.seed == state.game.seed and saved.game.rules == state.game.rules
    if same_game and theirs[: len(ours)] != ours and ours[: len(theirs)] == theirs:
        return followed, []  # an older position of this very game
    if same_game and theirs == ours and saved.results_seen <= state.results_seen:
        return followed, []
    notice = Message(Notice.OTHER_TAB)
    followed = replace(
        followed.with_game(saved.game, saved),
        notices=state.notices if notice in state.notices else (*state.notices, notice),
    )
    return bot_moves_if_due(followed)


def _settings_followed(state: TableState, settings: Settings) -> TableState:
    """``state`` with another tab's settings, as if the person had changed them here (a new
    sort puts the hand in its order; a speed fixed by the page's address stays)."""
    speed = state.speed if state.speed_fixed else settings.speed
    order = () if settings.sort != state.settings.sort else state.order
    return replace(state, settings=settings, speed=speed, order=order)


# --- the keyboard ------------------------------------------------------------------------------


def _key_press(state: TableState, key: str, focused: Card | str | None) -> Transition:
    """A key does what its binding says, with the open panel (the arrows step a review).
    While a box waits for its answer (:attr:`TableState.box_waiting`), only Escape acts: the
    table under it is still."""
    bound = binding(key, state.panel)
    sends = None if bound is None else bound.sends
    if sends is None or (state.box_waiting and not isinstance(sends, intents.Cancel)):
        return state, []
    if isinstance(sends, FocusStep):
        card = focused if isinstance(focused, Card) else None
        return state, _focus_step(state, card, sends.step)
    after, effects = _transition(state, sends)
    if isinstance(sends, intents.Arm) and after.armed is not None:
        effects = [*effects, *_focus_step(after, None, 0)]
    if state.panel is None and after.panel is not None:
        after = replace(after, panel_from=focused)  # "?" over a card: Escape comes back to it
    return after, effects


def _decline_offer(state: TableState) -> Transition:
    """The first visit's offer is declined: play."""
    return _focus_on_hand(lesson_update.dismiss_offer(state))


def _focus_on_hand(transition: Transition) -> Transition:
    """The hand's first card takes the focus after a button that had it is gone (the
    offer's Play now, Next hand), unless a panel or a question holds it:
    it fell to the page's start, and a keyboard had to find the hand again."""
    state, effects = transition
    if state.panel is not None or state.question is not None or not state.in_hand:
        return transition
    return state, [*effects, *_focus_step(state, None, 0)]


def _focus_step(state: TableState, focused: Card | None, step: int) -> Effects:
    """Focus the next card of the hand, going round the cards that can be played now."""
    shown = state.shown_hand()
    playable = _playable(state)
    ring = [card for card in shown if card in playable] or shown
    if not ring:
        return []
    index = ring.index(focused) + step if focused in ring else 0
    return [Focus(ring[index % len(ring)])]


def _playable(state: TableState) -> frozenset[Card]:
    """The cards a click would play now (:func:`_discard_action`): none while a lesson asks
    for something else, in one look at the legal actions (a refusal per card cost a draw's
    update five times its time)."""
    if state.lessons.run is not None and lesson_update.not_asked(state, "") is not None:
        return frozenset()
    return state.playable()


# --- helpers -----------------------------------------------------------------------------------


def refuse(
    state: TableState, why: Why, target: str, card: Card | None = None, **numbers: int
) -> Transition:
    return _refuse_with(state, Message(why, card=card, numbers=numbers, target=target))


def _refuse_with(state: TableState, message: Message) -> Transition:
    refused = replace(state, why=message, why_count=state.why_count + 1)
    return refused, [Announce(message)]


def save_table(
    state: TableState, *, stats: bool = False, settings: bool = False, daily: bool = False
) -> Save:
    """Store the game on the table in its own record (the person's, or the daily deal's),
    and the statistics, the settings or the daily results with it if asked."""
    on_table = state.record(on_table=True) if state.daily is not None else None
    own = state.daily is None and not state.keeps_unreadable
    return Save(
        table=state.record() if own else None,
        daily_table=on_table,
        stats=state.stats.to_dict() if stats else None,
        settings=state.settings.to_dict() if settings else None,
        daily=state.daily_results.to_dict() if daily else None,
    )
