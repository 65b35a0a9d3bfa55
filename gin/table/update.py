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
from datetime import date
from typing import Any

from gin.actions import DRAW_PILE, DRAW_STOCK, PASS, TAKE, Action, ActionKind
from gin.ai import bot_seed, hint
from gin.cards import Card, to_mask
from gin.daily import DAILY_RULES, daily_level, daily_seed
from gin.fairness import Seal, played_record, reveal
from gin.game import Game
from gin.melds import deadwood_mask
from gin.rules import MAX_TARGET
from gin.table import hand as hands
from gin.table.daily import DailyGame, DailyResults, DayResult, Sharing
from gin.table.effects import (
    Announce,
    Deal,
    Download,
    Effect,
    Focus,
    Move,
    Place,
    PlaySound,
    Review,
    Save,
    Share,
    ShowDown,
    Sound,
    Think,
)
from gin.table.intents import (
    Arm,
    AskHint,
    BackToGame,
    BotDecided,
    Cancel,
    ChangeSetting,
    ChooseCard,
    ClosePanel,
    CloseShare,
    Confirm,
    DismissNotice,
    DismissReveal,
    DownloadRecord,
    DrawFromPile,
    DrawFromStock,
    Intent,
    KeyPress,
    MoveCard,
    NewGame,
    NextHand,
    OpenPanel,
    Panel,
    Pass,
    PlayCard,
    PlayDaily,
    ResetStatistics,
    ReviewHand,
    ReviewReady,
    ReviewStep,
    SaveFailed,
    ShareDaily,
    ShareDone,
    ShowDeck,
    SortHand,
    StoredElsewhere,
    Today,
    TouchOnly,
)
from gin.table.keys import binding
from gin.table.messages import Message, Notice, Why
from gin.table.state import (
    AI,
    YOU,
    Question,
    SavedTable,
    TablePhase,
    TableState,
    count_results,
)
from gin.table.stats import Statistics

Effects = list[Effect]
Transition = tuple[TableState, Effects]

_SOUNDS = {
    ActionKind.TAKE: Sound.TAKE,
    ActionKind.DRAW_PILE: Sound.TAKE,
    ActionKind.DRAW_STOCK: Sound.DRAW,
    ActionKind.PASS: Sound.PASS,
    ActionKind.DISCARD: Sound.DISCARD,
    ActionKind.KNOCK: Sound.KNOCK,
    ActionKind.GIN: Sound.GIN,
}


def update(state: TableState, intent: Intent) -> Transition:
    """The next state of the table after ``intent``, and the effects the page must perform."""
    handler = _HANDLERS.get(type(intent))
    if handler is None:
        raise TypeError(f"not a table intent: {intent!r}")
    return handler(state, intent)


# --- starting -------------------------------------------------------------------------------


def new_game(
    state: TableState, seed: int | None = None, daily: DailyGame | None = None
) -> Transition:
    """A fresh game; the bot moves first if it is to.

    Without a chosen seed the table draws the seed and a salt (:class:`~gin.fairness.Seal`)
    and shows their commitment before the first card.  A daily deal takes its seed,
    level and rules from its day, whatever the settings; the person's settings choose
    them for any other game.
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
    fresh = replace(
        state,
        game=game,
        level=level,
        results_seen=0,
        results_counted=0,
        hints_used=0,
        reviewed=(),
        review=None,
        game_number=state.game_number + 1,
        order=(),
        selected=None,
        armed=None,
        question=None,
        pending=None,
        seeded=None,
        thinking=False,
        hint=None,
        why=None,
        reveal=False,
        panel=None if state.panel in (Panel.SETTINGS, Panel.MENU) else state.panel,
        seal=seal,
        daily=daily,
        left=None,
        asked_daily=None,
        sharing=None,
    )
    fresh, effects = _bot_moves_if_due(fresh)
    return fresh, [Deal(), _save(fresh, settings=True, stats=True), *effects]


def resume(state: TableState) -> Transition:
    """Effects to start a restored table: the bot moves if it was its turn."""
    return _bot_moves_if_due(state)


# --- the person's moves -----------------------------------------------------------------------


def _not_in_play(state: TableState, target: str) -> Transition | None:
    """The refusal for any move while it is not the person's turn, or None if it is."""
    phase = state.phase
    if phase is TablePhase.GAME_OVER:
        return _refuse(state, Why.GAME_OVER, target)
    if phase is TablePhase.HAND_OVER:
        return _refuse(state, Why.HAND_OVER, target)
    if not state.your_turn:
        return _refuse(state, Why.COMPUTER_PLAYING, target)
    return None


def _draw_from_stock(state: TableState, _intent: Intent) -> Transition:
    refused = _not_in_play(state, "stock")
    if refused:
        return refused
    if state.phase is TablePhase.UPCARD:
        return _refuse(state, Why.TAKE_OR_PASS, "stock")
    if state.phase is TablePhase.DISCARD:
        return _refuse(state, Why.ALREADY_DRAWN, "stock")
    return _play(state, DRAW_STOCK)


def _draw_from_pile(state: TableState, _intent: Intent) -> Transition:
    refused = _not_in_play(state, "pile")
    if refused:
        return refused
    legal = state.legal()
    if TAKE in legal:
        return _play(state, TAKE)
    if DRAW_PILE in legal:
        return _play(state, DRAW_PILE)
    if state.phase is TablePhase.DISCARD:
        return _refuse(state, Why.ALREADY_DRAWN, "pile")
    return _refuse(state, Why.BOTH_PASSED, "pile")


def _pass(state: TableState, _intent: Intent) -> Transition:
    refused = _not_in_play(state, "pass")
    if refused:
        return refused
    if PASS not in state.legal():
        return _refuse(state, Why.NO_PASS_NOW, "pass")
    return _play(state, PASS)


def _discard_action(state: TableState, card: Card) -> Action | Transition:
    """The action that plays ``card`` now (discard, knock or gin), or the refusal."""
    target = str(card)
    refused = _not_in_play(state, target)
    if refused:
        return refused
    view = state.view
    if card not in view.hand:
        return _refuse(state, Why.NOT_YOUR_CARD, target)
    if state.phase is not TablePhase.DISCARD:
        return _refuse(state, Why.DRAW_FIRST, target)
    if card is view.taken_from_pile:
        return _refuse(state, Why.TAKEN_CARD, target, card)
    legal = state.legal()
    left = deadwood_mask(to_mask(view.hand) ^ card.bit)
    if state.armed is ActionKind.KNOCK:
        # RULES.md: a knock at 0 deadwood is gin, so an armed Knock plays it as gin.
        for kind in (ActionKind.GIN, ActionKind.KNOCK):
            if Action(kind, card) in legal:
                return Action(kind, card)
        limit = view.rules.knock_limit
        return _refuse(state, Why.KNOCK_TOO_HIGH, target, card, deadwood=left, limit=limit)
    if state.armed is ActionKind.GIN:
        if Action(ActionKind.GIN, card) in legal:
            return Action(ActionKind.GIN, card)
        return _refuse(state, Why.GIN_NOT_YET, target, card, deadwood=left)
    return Action(ActionKind.DISCARD, card)


def _play_card(state: TableState, intent: Intent) -> Transition:
    assert isinstance(intent, PlayCard | ChooseCard)
    action = _discard_action(state, intent.card)
    if not isinstance(action, Action):
        return action
    return _play(state, action)


def _choose_card(state: TableState, intent: Intent) -> Transition:
    assert isinstance(intent, ChooseCard)
    if state.selected is intent.card:
        return _play_card(state, intent)
    action = _discard_action(state, intent.card)
    if not isinstance(action, Action):
        return action
    return replace(state, selected=intent.card, why=None), []


def _arm(state: TableState, intent: Intent) -> Transition:
    assert isinstance(intent, Arm)
    kind = intent.kind
    target = kind.value
    if kind not in (ActionKind.KNOCK, ActionKind.GIN):
        raise ValueError(f"only knock or gin can be armed, not {kind}")
    refused = _not_in_play(state, target)
    if refused:
        return refused
    if state.phase is not TablePhase.DISCARD:
        return _refuse(state, Why.KNOCK_AFTER_DRAW, target)
    if state.armed is kind:
        return replace(state, armed=None, why=None), []
    kinds = {action.kind for action in state.legal()}
    if kind is ActionKind.GIN and ActionKind.GIN not in kinds:
        return _refuse(state, Why.CANNOT_GIN, target)
    if kind is ActionKind.KNOCK and not kinds & {ActionKind.KNOCK, ActionKind.GIN}:
        best = hands.best_discard(state.view.hand, state.legal())
        left = best[1] if best else 0
        limit = state.view.rules.knock_limit
        return _refuse(state, Why.CANNOT_KNOCK, target, deadwood=left, limit=limit)
    return replace(state, armed=kind, selected=None, why=None), []


def _play(state: TableState, action: Action) -> Transition:
    """Apply the person's action to a copy of the game, then let the computer answer."""
    game = state.game.copy()
    view = state.view
    pile_top = view.discard_pile[-1] if view.discard_pile else None
    game.apply(action)
    after = replace(state, game=game, selected=None, armed=None, hint=None, why=None, reveal=False)
    effects: Effects = [PlaySound(_SOUNDS[action.kind])]
    if action.kind is ActionKind.DRAW_STOCK:
        effects.append(Move(game.view(YOU).history[-1].card, Place.STOCK, Place.HAND))
    elif action.kind in (ActionKind.TAKE, ActionKind.DRAW_PILE):
        effects.append(Move(pile_top, Place.PILE, Place.HAND))
    elif action.card is not None:
        effects.append(Move(action.card, Place.HAND, Place.PILE))
    after, more = _after_action(after, hands_before=len(state.game.hand_results))
    return after, effects + more


def _after_action(state: TableState, hands_before: int) -> Transition:
    """Count, save and show a finished hand; or hand the turn to the computer."""
    state = count_results(state)
    effects: Effects = []
    if len(state.game.hand_results) > hands_before:
        result = state.game.view(YOU).hand_results[-1]
        state = replace(state, thinking=False, order=())
        effects += [ShowDown(result), Announce(result)]
        if state.game.over:
            state = replace(state, left=None, daily_results=_kept(state, state.game))
            effects.append(Focus("share-daily" if state.daily else "next-hand"))
        return state, [*effects, _save(state, stats=True, daily=state.game.over)]
    state, bot = _bot_moves_if_due(state)
    return state, [_save(state), *bot]


# --- the computer's moves ----------------------------------------------------------------------


def _bot_moves_if_due(state: TableState) -> Transition:
    """Ask for the computer's move if it is to play now (never while a result is on show)."""
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


def _bot_decided(state: TableState, intent: Intent) -> Transition:
    assert isinstance(intent, BotDecided)
    if not state.thinking or intent.ticket != state.ticket or state.game.to_move != AI:
        return state, []  # an answer about a game or a position that is gone
    action = intent.action
    view = state.game.view(AI)
    pile_top = view.discard_pile[-1] if view.discard_pile else None
    game = state.game.copy()
    game.apply(action)  # the bot chose from the legal actions; anything else raises here
    after = replace(state, game=game)
    shown: Card | None = action.card
    effects: Effects = [PlaySound(_SOUNDS[action.kind])]
    if action.kind is ActionKind.DRAW_STOCK:
        effects.append(Move(None, Place.STOCK, Place.OPPONENT))
    elif action.kind in (ActionKind.TAKE, ActionKind.DRAW_PILE):
        shown = pile_top
        effects.append(Move(pile_top, Place.PILE, Place.OPPONENT))
    elif action.card is not None:
        effects.append(Move(action.card, Place.OPPONENT, Place.PILE))
    effects.append(Announce(action, seat=AI, card=shown))
    after, more = _after_action(after, hands_before=len(state.game.hand_results))
    return after, effects + more


# --- between hands and games -----------------------------------------------------------------


def _next_hand(state: TableState, _intent: Intent) -> Transition:
    if state.phase is TablePhase.GAME_OVER and state.daily is not None:
        return _leave_daily(state)
    if state.phase is TablePhase.GAME_OVER:
        return new_game(state)
    if state.phase is not TablePhase.HAND_OVER:
        return _refuse(state, Why.HAND_IN_PLAY, "next-hand")
    shown = replace(
        state,
        results_seen=len(state.game.hand_results),
        reveal=False,
        why=None,
        panel=None if state.panel is Panel.REVIEW else state.panel,
    )
    shown, bot = _bot_moves_if_due(shown)
    return shown, [Deal(), _save(shown), *bot]


def _new_game(state: TableState, _intent: Intent) -> Transition:
    own = state.parked if state.daily is not None else None
    if (state.in_progress and state.daily is None) or own is not None:
        return replace(state, question=Question.NEW_GAME, panel=None, why=None), []
    if state.daily is not None:
        return _leave_daily(state)
    return new_game(state)


def _abandoned(state: TableState) -> TableState:
    """The game in progress is given up: it counts as a loss, and a daily deal's as lost."""
    if not state.in_progress:
        return state
    counted = count_results(state)
    stats = counted.stats.of(state.level).after_abandoned_game()
    return replace(
        counted,
        stats=counted.stats.update(state.level, stats),
        daily_results=_kept(state, state.game),
    )


def _given_up(state: TableState) -> Transition:
    """A new game of the person's own in place of the game in progress (lost), revealed."""
    left = reveal(state.game, state.seal, state.daily.day if state.daily else None)
    fresh, effects = new_game(_abandoned(state))
    fresh = replace(fresh, left=left if state.in_progress else None)
    return fresh, [*effects, _save(fresh, daily=True)]


def _confirm(state: TableState, _intent: Intent) -> Transition:
    question = state.question
    if question is Question.RESET_STATS:
        cleared = replace(
            state,
            stats=Statistics.empty(),
            results_counted=len(state.game.hand_results),
            question=None,
        )
        return cleared, [_save(cleared, stats=True)]
    if question is Question.NEW_GAME and state.daily is not None and state.parked is not None:
        return _leave_daily(state, give_up_own=True)
    if question is Question.NEW_GAME:
        return _given_up(state)
    if question is Question.APPLY_RULES and state.pending is not None:
        return _given_up(replace(state, settings=state.pending))
    if question is Question.SEEDED_GAME and state.seeded is not None:
        left = reveal(state.game, state.seal) if state.in_progress else None
        fresh, effects = new_game(_abandoned(state), seed=state.seeded)
        return replace(fresh, left=left), effects
    if question is Question.REPLACE_DAILY and state.asked_daily is not None:
        return _replace_daily(state, state.asked_daily)
    return replace(state, question=None), []


def _cancel(state: TableState, _intent: Intent) -> Transition:
    if state.question is not None:
        return replace(state, question=None, pending=None, seeded=None, asked_daily=None), []
    if state.sharing is not None:
        return replace(state, sharing=None), []
    if state.armed is not None or state.selected is not None:
        return replace(state, armed=None, selected=None), []
    if state.panel is not None:
        return replace(state, panel=None), []
    return replace(state, why=None), []


# --- the person's hand -----------------------------------------------------------------------


def shown_hand(state: TableState) -> list[Card]:
    """The person's hand in the order the table shows it."""
    return hands.arranged(state.view.hand, state.settings.sort, state.order)


def _move_card(state: TableState, intent: Intent) -> Transition:
    assert isinstance(intent, MoveCard)
    shown = shown_hand(state)
    if intent.card not in shown:
        return _refuse(state, Why.NOT_YOUR_CARD, str(intent.card))
    moved = replace(state, order=hands.moved(shown, intent.card, intent.position), why=None)
    return moved, [_save(moved)]  # the person's own order is theirs: a reload keeps it


def _sort_hand(state: TableState, intent: Intent) -> Transition:
    assert isinstance(intent, SortHand)
    sorted_state = replace(state, settings=replace(state.settings, sort=intent.mode), order=())
    return sorted_state, [Save(settings=sorted_state.settings.to_dict())]


# --- panels, settings, statistics ------------------------------------------------------------


def _open_panel(state: TableState, intent: Intent) -> Transition:
    assert isinstance(intent, OpenPanel)
    panel = None if state.panel is intent.panel else intent.panel
    return replace(state, panel=panel, why=None), []


def _close_panel(state: TableState, _intent: Intent) -> Transition:
    return replace(state, panel=None), []


def _change_setting(state: TableState, intent: Intent) -> Transition:
    assert isinstance(intent, ChangeSetting)
    base = state.pending or state.settings
    try:
        changed = base.with_value(intent.name, intent.value)
    except ValueError:
        if intent.name == "target":
            return _refuse(state, Why.TARGET_RANGE, intent.name, limit=MAX_TARGET)
        return _refuse(state, Why.NOT_OFFERED, intent.name)
    # A daily deal keeps the day's rules: new rules wait for the person's own next game.
    if changed.rules != state.game.rules and state.daily is None:
        return replace(state, pending=changed, question=Question.APPLY_RULES, why=None), []
    speed = state.speed if state.speed_fixed else changed.speed
    settled = replace(state, settings=changed, pending=None, question=None, speed=speed, why=None)
    return settled, [Save(settings=changed.to_dict())]


def _ask_hint(state: TableState, _intent: Intent) -> Transition:
    legal = state.legal()
    if not legal:
        return _refuse(state, Why.HINT_ON_YOUR_TURN, "hint")
    advice = hint(state.view, legal)
    stats = state.stats.update(state.level, state.stats.of(state.level).after_hint())
    hinted = replace(state, hint=advice, hints_used=state.hints_used + 1, stats=stats, why=None)
    return hinted, [_save(hinted, stats=True), Announce(advice)]


def _reset_statistics(state: TableState, _intent: Intent) -> Transition:
    return replace(state, question=Question.RESET_STATS), []


def _download(state: TableState, _intent: Intent) -> Transition:
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


def _review_hand(state: TableState, _intent: Intent) -> Transition:
    """Open the review of the hand on show; the page works it out unless it already has."""
    if state.in_hand:
        return _refuse(state, Why.HAND_IN_PLAY, "review-hand")
    number = state.game.hand_results[-1].number
    opened = replace(state, panel=Panel.REVIEW, review_at=0, why=None)
    if state.review is not None and state.review.hand_number == number:
        return opened, []
    if state.panel is Panel.REVIEW and state.review is None:
        return opened, []  # asked already: the page is working it out
    record = state.game.finished_hands_record()
    return replace(opened, review=None), [Review(record, number, YOU, _review_ticket(state))]


def _review_ticket(state: TableState) -> tuple[int, int]:
    """The hand a review is about: this game, this hand."""
    return (state.game_number, state.game.hand_results[-1].number if state.game.hand_results else 0)


def _review_ready(state: TableState, intent: Intent) -> Transition:
    """Show the review worked out by the page, and count it once per hand."""
    assert isinstance(intent, ReviewReady)
    review = intent.review
    if intent.ticket != _review_ticket(state) or review.seat != YOU:
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
    return counted, [_save(counted, stats=True)]


def _review_step(state: TableState, intent: Intent) -> Transition:
    assert isinstance(intent, ReviewStep)
    review = state.review
    if state.panel is not Panel.REVIEW or review is None or not review.decisions:
        return state, []
    at = max(0, min(len(review.decisions) - 1, state.review_at + intent.step))
    return replace(state, review_at=at), []


def _show_deck(state: TableState, _intent: Intent) -> Transition:
    if state.in_hand:
        return _refuse(state, Why.HAND_IN_PLAY, "show-deck")
    return replace(state, reveal=not state.reveal), []


def _dismiss_notice(state: TableState, intent: Intent) -> Transition:
    assert isinstance(intent, DismissNotice)
    kept = tuple(n for i, n in enumerate(state.notices) if i != intent.index)
    return replace(state, notices=kept), []


def _save_failed(state: TableState, _intent: Intent) -> Transition:
    if state.save_failed:
        return state, []
    notices = (*state.notices, Message(Notice.SAVE_FAILED))
    return replace(state, save_failed=True, notices=notices), []


def _touch_only(state: TableState, intent: Intent) -> Transition:
    assert isinstance(intent, TouchOnly)
    return replace(state, touch_only=intent.touch_only), []


def _stored_elsewhere(state: TableState, intent: Intent) -> Transition:
    """Follow another tab of this game: its statistics, and its game when it is newer.

    A record that only repeats or lags behind this tab's game is ignored, so two
    tabs never undo each other's moves; a newer one (it extends this game, or is
    a game started since) replaces this tab's game, with a notice.
    """
    assert isinstance(intent, StoredElsewhere)
    followed = state
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
    notices = state.notices if notice in state.notices else (*state.notices, notice)
    return _bot_moves_if_due(replace(put_on_table(followed, saved), notices=notices))


# --- daily deals, and the game kept aside -------------------------------------------------------


def saved_of(state: TableState) -> SavedTable:
    """The game on the table as it would be restored: to keep it aside."""
    return SavedTable(
        state.game,
        state.level,
        state.results_seen,
        state.results_counted,
        state.hints_used,
        state.order,
        state.reviewed,
        state.seal,
        state.daily,
    )


def put_on_table(state: TableState, saved: SavedTable) -> TableState:
    """``saved`` on the table, as the person left it (nothing of the game before is kept)."""
    return replace(
        state,
        game=saved.game,
        level=saved.level,
        results_seen=saved.results_seen,
        results_counted=saved.results_counted,
        hints_used=saved.hints_used,
        order=saved.order,
        reviewed=saved.reviewed,
        seal=saved.seal,
        daily=saved.daily,
        game_number=state.game_number + 1,
        selected=None,
        armed=None,
        question=None,
        pending=None,
        seeded=None,
        asked_daily=None,
        thinking=False,
        hint=None,
        review=None,
        review_at=0,
        why=None,
        reveal=False,
        sharing=None,
        panel=None if state.panel is Panel.REVIEW else state.panel,
    )


def _kept(state: TableState, game: Game) -> DailyResults:
    """The daily results, with this game's kept if it is a daily deal's first, on its day.

    A game given up counts as lost; its hands are those begun."""
    daily = state.daily
    if daily is None or daily.practice or not (game.over or state.in_progress):
        return state.daily_results
    you, computer = game.scores
    hands = len(game.hand_results) + (0 if game.over else 1)
    result = DayResult(game.winner == YOU, you, computer, hands)
    return state.daily_results.kept(daily.day, result)


def _unfinished_daily(state: TableState) -> DailyGame | None:
    """The daily deal in progress, on the table or kept aside (there is one at most)."""
    if state.daily is not None and state.in_progress:
        return state.daily
    if state.parked is not None and state.parked.daily is not None:
        return state.parked.daily
    return None


def _play_daily(state: TableState, intent: Intent) -> Transition:
    assert isinstance(intent, PlayDaily)
    day = intent.day or state.today
    if day is None:
        return state, []
    if state.daily is not None and state.daily.day == day and not state.game.over:
        return replace(state, panel=None, why=None), []  # it is on the table already
    unfinished = _unfinished_daily(state)
    if unfinished is not None and unfinished.day != day:
        return replace(
            state, question=Question.REPLACE_DAILY, asked_daily=day, panel=None, why=None
        ), []
    return _to_daily(state, day)


def _to_daily(state: TableState, day: date) -> Transition:
    """The deal of ``day`` on the table: resumed if it is kept aside, else begun.

    The person's own game in progress is kept aside (it is in its own record
    already); a daily deal on the table now is finished or was never played.
    """
    effects: Effects = []
    own = state.parked
    if state.daily is None:
        own = saved_of(state) if state.in_progress else None
    aside = state.parked if state.daily is None else None
    if aside is not None and aside.daily is not None and aside.daily.day == day:
        resumed = replace(put_on_table(state, aside), parked=own, panel=None)
        shown, effects = _bot_moves_if_due(resumed)
        return shown, [Deal(), _save(shown), *effects]
    return start_daily(replace(state, parked=own), day)


def start_daily(state: TableState, day: date) -> Transition:
    """Begin the deal of ``day`` (practice unless it is today's first)."""
    if state.today is None:
        return state, []
    return new_game(state, daily=DailyGame.begun(day, state.today, state.daily_results))


def _replace_daily(state: TableState, day: date) -> Transition:
    """Give up the unfinished deal of another day (it counts as lost), then play ``day``'s."""
    if state.daily is not None and state.in_progress:
        left = reveal(state.game, None, state.daily.day)
        fresh, effects = _to_daily(replace(_abandoned(state), question=None), day)
        return replace(fresh, left=left), [*effects, _save(fresh, daily=True)]
    parked = state.parked
    assert parked is not None and parked.daily is not None
    given_up = _abandoned(put_on_table(state, parked))
    stats, results = given_up.stats, given_up.daily_results
    left = reveal(parked.game, None, parked.daily.day)
    kept = replace(state, stats=stats, daily_results=results, parked=None, question=None)
    fresh, effects = _to_daily(kept, day)
    return replace(fresh, left=left), [*effects, _save(fresh, daily=True)]


def _leave_daily(state: TableState, give_up_own: bool = False) -> Transition:
    """From the daily deal to the person's own game: the one kept aside, or a new one.

    The daily deal is kept aside if it is unfinished, and forgotten once it is over.
    With ``give_up_own`` the game kept aside is given up (lost) for a new one.
    """
    assert state.daily is not None
    daily_record = (
        Save(daily_table=state.record(on_table=False))
        if state.in_progress
        else Save(forget=("daily-table",))
    )
    aside = saved_of(state) if state.in_progress else None
    own = state.parked
    if own is not None and not give_up_own:
        resumed = replace(put_on_table(state, own), parked=aside, panel=None)
        shown, effects = _bot_moves_if_due(resumed)
        return shown, [daily_record, Deal(), _save(shown), *effects]
    leaving = replace(state, parked=aside)
    if own is not None:
        leaving = _abandoned(replace(put_on_table(leaving, own), parked=aside))
    fresh, effects = new_game(replace(leaving, daily=None, seal=None))
    if own is not None:
        fresh = replace(fresh, left=reveal(own.game, own.seal))
    return fresh, [daily_record, *effects]


def _back_to_game(state: TableState, _intent: Intent) -> Transition:
    if state.daily is None:
        return replace(state, panel=None), []
    return _leave_daily(state)


def _share_daily(state: TableState, _intent: Intent) -> Transition:
    """Share the result of the daily deal over on the table, or today's kept result."""
    shared = shared_result(state)
    if shared is None:
        return _refuse(state, Why.NOTHING_TO_SHARE, "share-daily")
    return replace(state, sharing=shared, why=None), [Share(shared)]


def shared_result(state: TableState) -> Sharing | None:
    """What *Share* tells: this daily game's result once it is over (practice or not),
    else today's kept result; None when there is neither."""
    if state.daily is not None and state.game.over:
        you, computer = state.game.scores
        hands = len(state.game.hand_results)
        result = DayResult(state.game.winner == YOU, you, computer, hands)
        return Sharing(state.daily.day, result, state.daily.practice)
    kept = state.daily_results.result_of(state.today) if state.today is not None else None
    if state.today is None or kept is None:
        return None
    return Sharing(state.today, kept, practice=False)


def _share_done(state: TableState, intent: Intent) -> Transition:
    assert isinstance(intent, ShareDone)
    if state.sharing is None:
        return state, []
    return replace(state, sharing=replace(state.sharing, copied=intent.copied)), []


def _close_share(state: TableState, _intent: Intent) -> Transition:
    return replace(state, sharing=None), []


def _dismiss_reveal(state: TableState, _intent: Intent) -> Transition:
    return replace(state, left=None), []


def _today(state: TableState, intent: Intent) -> Transition:
    assert isinstance(intent, Today)
    return replace(state, today=intent.day), []


# --- the keyboard ------------------------------------------------------------------------------


def _key_press(state: TableState, intent: Intent) -> Transition:
    assert isinstance(intent, KeyPress)
    key = intent.key.lower()
    if key in ("arrowleft", "arrowright") and state.panel is Panel.REVIEW:
        return update(state, ReviewStep(-1 if key == "arrowleft" else 1))
    if key in ("arrowleft", "arrowright"):
        return state, _focus_step(state, intent.focused, -1 if key == "arrowleft" else 1)
    bound = binding(key)
    if bound is None or bound.intent is None:
        return state, []
    after, effects = update(state, bound.intent)
    if isinstance(bound.intent, Arm) and after.armed is not None:
        effects = [*effects, *_focus_step(after, None, 0)]
    return after, effects


def _focus_step(state: TableState, focused: Card | None, step: int) -> Effects:
    """Focus the next card of the hand, going round the cards that can be played now."""
    shown = shown_hand(state)
    playable = [card for card in shown if _playable(state, card)]
    ring = playable or shown
    if not ring:
        return []
    index = ring.index(focused) + step if focused in ring else 0
    return [Focus(ring[index % len(ring)])]


def _playable(state: TableState, card: Card) -> bool:
    return isinstance(_discard_action(state, card), Action)


# --- helpers -----------------------------------------------------------------------------------


def _refuse(
    state: TableState, why: Why, target: str, card: Card | None = None, **numbers: int
) -> Transition:
    message = Message(why, card=card, numbers=numbers, target=target)
    refused = replace(state, why=message, why_count=state.why_count + 1)
    return refused, [Announce(message)]


def _save(
    state: TableState, *, stats: bool = False, settings: bool = False, daily: bool = False
) -> Save:
    """Store the game on the table in its own record (the person's, or the daily deal's)."""
    on_table = state.record(on_table=True) if state.daily is not None else None
    return Save(
        table=state.record() if state.daily is None else None,
        daily_table=on_table,
        stats=state.stats.to_dict() if stats else None,
        settings=state.settings.to_dict() if settings else None,
        daily=state.daily_results.to_dict() if daily else None,
    )


_HANDLERS: dict[type[Intent], Callable[[TableState, Any], Transition]] = {
    DrawFromStock: _draw_from_stock,
    DrawFromPile: _draw_from_pile,
    Pass: _pass,
    ChooseCard: _choose_card,
    PlayCard: _play_card,
    Arm: _arm,
    MoveCard: _move_card,
    SortHand: _sort_hand,
    NextHand: _next_hand,
    NewGame: _new_game,
    Confirm: _confirm,
    Cancel: _cancel,
    OpenPanel: _open_panel,
    ClosePanel: _close_panel,
    ChangeSetting: _change_setting,
    AskHint: _ask_hint,
    ResetStatistics: _reset_statistics,
    DownloadRecord: _download,
    ShowDeck: _show_deck,
    ReviewHand: _review_hand,
    ReviewStep: _review_step,
    ReviewReady: _review_ready,
    DismissNotice: _dismiss_notice,
    KeyPress: _key_press,
    BotDecided: _bot_decided,
    SaveFailed: _save_failed,
    TouchOnly: _touch_only,
    StoredElsewhere: _stored_elsewhere,
    PlayDaily: _play_daily,
    BackToGame: _back_to_game,
    ShareDaily: _share_daily,
    ShareDone: _share_done,
    CloseShare: _close_share,
    DismissReveal: _dismiss_reveal,
    Today: _today,
}
