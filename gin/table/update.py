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

from dataclasses import replace
from typing import assert_never

from gin.actions import DRAW_PILE, DRAW_STOCK, PASS, TAKE, Action, ActionKind
from gin.ai import bot_seed, hint
from gin.ai.coach import HandReview
from gin.cards import Card
from gin.game import Game
from gin.refusals import Refusal
from gin.rules import MAX_TARGET
from gin.table import hand as hands
from gin.table import intents
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
    ShowDown,
    Sound,
    Think,
)
from gin.table.intents import Intent, Panel
from gin.table.keys import FocusStep, binding
from gin.table.messages import Message, Notice, Why
from gin.table.seats import AI, YOU
from gin.table.settings import SortMode
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
    """The next state of the table after ``intent``, and the effects the page must perform.

    One case per intent: mypy checks that none is missing (``Intent`` is their union).
    """
    match intent:
        case intents.DrawFromStock():
            return _play_or_refuse(state, DRAW_STOCK, "stock")
        case intents.DrawFromPile():
            pile = TAKE if state.phase is TablePhase.UPCARD else DRAW_PILE
            return _play_or_refuse(state, pile, "pile")
        case intents.Pass():
            return _play_or_refuse(state, PASS, "pass", instead=Why.NO_PASS_NOW)
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
        case intents.OpenPanel(panel):
            return _open_panel(state, panel)
        case intents.ClosePanel():
            return replace(state, panel=None), []
        case intents.ChangeSetting(name, value):
            return _change_setting(state, name, value)
        case intents.AskHint():
            return _ask_hint(state)
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
        case _:
            assert_never(intent)  # anything else is not an intent: an AssertionError


# --- starting -------------------------------------------------------------------------------


def new_game(state: TableState, seed: int | None = None) -> Transition:
    """A fresh game by the settings' rules and level; the bot moves first if it is to.

    The menu and the settings, from which a new game is started, close.
    """
    fresh = state.with_game(Game(seed=seed, rules=state.settings.rules))
    if fresh.panel in (Panel.SETTINGS, Panel.MENU):
        fresh = replace(fresh, panel=None)
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


def _play_or_refuse(
    state: TableState, action: Action, target: str, instead: Why | None = None
) -> Transition:
    """Play ``action`` for the person, or say why not (the engine's reason, in the table's
    words; ``instead`` words every refusal of this action alike)."""
    refused = _not_in_play(state, target)
    if refused:
        return refused
    engine = state.game.refusal(action)
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
    engine = state.game.refusal(action)
    if engine is not None and engine.reason is Refusal.KNOCK_IS_GIN:
        action = Action(ActionKind.GIN, card)
        engine = state.game.refusal(action)
    if engine is None:
        return action
    instead = Why.DRAW_FIRST if engine.reason is Refusal.TAKE_OR_PASS else None
    return _refuse_with(state, Message.refused(engine, target, instead))


def _play_card(state: TableState, card: Card) -> Transition:
    action = _discard_action(state, card)
    if not isinstance(action, Action):
        return action
    return _play(state, action)


def _choose_card(state: TableState, card: Card) -> Transition:
    if state.selected is card:
        return _play_card(state, card)
    action = _discard_action(state, card)
    if not isinstance(action, Action):
        return action
    return replace(state, selected=card, why=None), []


def _arm(state: TableState, kind: ActionKind) -> Transition:
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
            effects.append(Focus("next-hand"))
        return state, [*effects, _save(state, stats=True)]
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


def _bot_decided(state: TableState, action: Action, ticket: tuple[int, int]) -> Transition:
    if not state.thinking or ticket != state.ticket or state.game.to_move != AI:
        return state, []  # an answer about a game or a position that is gone
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


def _next_hand(state: TableState) -> Transition:
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


def _new_game(state: TableState) -> Transition:
    if state.in_progress:
        return replace(state, question=Question.NEW_GAME, panel=None, why=None), []
    return new_game(state)


def _abandoned(state: TableState) -> TableState:
    """The game in progress is given up: it counts as a loss."""
    if not state.in_progress:
        return state
    counted = count_results(state)
    stats = counted.stats.of(state.level).after_abandoned_game()
    return replace(counted, stats=counted.stats.update(state.level, stats))


def _confirm(state: TableState) -> Transition:
    question = state.question
    if question is Question.RESET_STATS:
        cleared = replace(
            state,
            stats=Statistics.empty(),
            results_counted=len(state.game.hand_results),
            question=None,
        )
        return cleared, [_save(cleared, stats=True)]
    if question is Question.NEW_GAME:
        return new_game(_abandoned(state))
    if question is Question.APPLY_RULES and state.pending is not None:
        return new_game(replace(_abandoned(state), settings=state.pending))
    if question is Question.SEEDED_GAME and state.seeded is not None:
        return new_game(_abandoned(state), seed=state.seeded)
    return replace(state, question=None), []


def _cancel(state: TableState) -> Transition:
    if state.question is not None:
        return replace(state, question=None, pending=None, seeded=None), []
    if state.armed is not None or state.selected is not None:
        return replace(state, armed=None, selected=None), []
    if state.panel is not None:
        return replace(state, panel=None), []
    return replace(state, why=None), []


# --- the person's hand -----------------------------------------------------------------------


def _move_card(state: TableState, card: Card, position: int) -> Transition:
    shown = state.shown_hand()
    if card not in shown:
        return _refuse(state, Why.NOT_YOUR_CARD, str(card))
    moved = replace(state, order=hands.moved(shown, card, position), why=None)
    return moved, [_save(moved)]  # the person's own order is theirs: a reload keeps it


def _sort_hand(state: TableState, mode: SortMode) -> Transition:
    sorted_state = replace(state, settings=replace(state.settings, sort=mode), order=())
    return sorted_state, [Save(settings=sorted_state.settings.to_dict())]


# --- panels, settings, statistics ------------------------------------------------------------


def _open_panel(state: TableState, panel: Panel) -> Transition:
    opened = None if state.panel is panel else panel
    return replace(state, panel=opened, why=None), []


def _change_setting(state: TableState, name: str, value: str | bool) -> Transition:
    base = state.pending or state.settings
    try:
        changed = base.with_value(name, value)
    except ValueError:
        if name == "target":
            return _refuse(state, Why.TARGET_RANGE, name, limit=MAX_TARGET)
        return _refuse(state, Why.NOT_OFFERED, name)
    if changed.rules != state.game.rules:
        return replace(state, pending=changed, question=Question.APPLY_RULES, why=None), []
    speed = state.speed if state.speed_fixed else changed.speed
    settled = replace(state, settings=changed, pending=None, question=None, speed=speed, why=None)
    return settled, [Save(settings=changed.to_dict())]


def _ask_hint(state: TableState) -> Transition:
    legal = state.legal()
    if not legal:
        return _refuse(state, Why.HINT_ON_YOUR_TURN, "hint")
    advice = hint(state.view, legal)
    stats = state.stats.update(state.level, state.stats.of(state.level).after_hint())
    hinted = replace(state, hint=advice, hints_used=state.hints_used + 1, stats=stats, why=None)
    return hinted, [_save(hinted, stats=True), Announce(advice)]


def _download(state: TableState) -> Transition:
    """The game record: the whole game once it is over, else only its finished hands.

    Mid-hand, the full record would hand out the seed and so every card.
    """
    game = state.game
    data = {**state.record(), "game": game.finished_hands_record()}
    data.pop("checksum", None)
    name = f"gin-rummy-{game.seed}" if game.over else f"gin-rummy-hands-1-{len(game.hand_results)}"
    return state, [Download(f"{name}.json", data)]


def _review_hand(state: TableState) -> Transition:
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
    return counted, [_save(counted, stats=True)]


def _review_step(state: TableState, step: int) -> Transition:
    review = state.review
    if state.panel is not Panel.REVIEW or review is None or not review.decisions:
        return state, []
    at = max(0, min(len(review.decisions) - 1, state.review_at + step))
    return replace(state, review_at=at), []


def _show_deck(state: TableState) -> Transition:
    if state.in_hand:
        return _refuse(state, Why.HAND_IN_PLAY, "show-deck")
    return replace(state, reveal=not state.reveal), []


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
    """Follow another tab of this game: its statistics, and its game when it is newer.

    A record that only repeats or lags behind this tab's game is ignored, so two
    tabs never undo each other's moves; a newer one (it extends this game, or is
    a game started since) replaces this tab's game, with a notice.
    """
    followed = state
    if intent.stats is not None:
        stats, _damaged = Statistics.from_dict(intent.stats)
        followed = replace(followed, stats=stats)
    if intent.table is None:
        return followed, []
    try:
        saved = SavedTable.from_dict(intent.table)
    except ValueError:
        return followed, []
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
    return _bot_moves_if_due(followed)


# --- the keyboard ------------------------------------------------------------------------------


def _key_press(state: TableState, key: str, focused: Card | None) -> Transition:
    """A key does what its binding says, with the open panel (the arrows step a review)."""
    bound = binding(key, state.panel)
    sends = None if bound is None else bound.sends
    if sends is None:
        return state, []
    if isinstance(sends, FocusStep):
        return state, _focus_step(state, focused, sends.step)
    after, effects = update(state, sends)
    if isinstance(sends, intents.Arm) and after.armed is not None:
        effects = [*effects, *_focus_step(after, None, 0)]
    return after, effects


def _focus_step(state: TableState, focused: Card | None, step: int) -> Effects:
    """Focus the next card of the hand, going round the cards that can be played now."""
    shown = state.shown_hand()
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
    return _refuse_with(state, Message(why, card=card, numbers=numbers, target=target))


def _refuse_with(state: TableState, message: Message) -> Transition:
    refused = replace(state, why=message, why_count=state.why_count + 1)
    return refused, [Announce(message)]


def _save(state: TableState, *, stats: bool = False, settings: bool = False) -> Save:
    return Save(
        table=state.record(),
        stats=state.stats.to_dict() if stats else None,
        settings=state.settings.to_dict() if settings else None,
    )
