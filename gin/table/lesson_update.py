"""The lessons' part of the table's update: open, play, show, go on, leave.

:func:`gin.table.update.update` sends the lesson intents here, and a move the person makes
while a lesson is open (the ordinary controls: the stock, the pile, a card, Knock and Gin)
comes here once the table has found it legal: the lesson judges it
(:meth:`~gin.lessons.LessonRun.attempt`).  A right move plays on, with the motion and the
sound of any move; a wrong one leaves the lesson exactly as it was and says why.  The
computer's scripted answers and *Show me*'s moves come one at a time at the table's pace
(:class:`~gin.table.effects.Later`, answered by :class:`~gin.table.intents.LessonTick`).

Every save here is the lessons' own record: nothing in this module saves the table, the
settings or the statistics.
"""

from __future__ import annotations

from dataclasses import replace

from gin.actions import Action, ActionKind
from gin.cards import Card
from gin.lessons import LESSONS, Lesson, LessonRun, Pick, Reason, Say
from gin.lessons.goals import PickGoal
from gin.table.effects import (
    Announce,
    Deal,
    Effect,
    Focus,
    Later,
    Move,
    Place,
    PlaySound,
    Save,
    ShowDown,
    Sound,
    move_effects,
)
from gin.table.intents import LessonTick
from gin.table.lesson_state import LessonNews
from gin.table.seats import AI, YOU
from gin.table.state import TableState

Transition = tuple[TableState, list[Effect]]

SHOW_DELAY_MS = 900
"""How long *Show me* marks the move it is about to play, at speed 1."""


def in_lesson(state: TableState) -> bool:
    return state.lessons.run is not None


def save(state: TableState) -> Save:
    """The lessons' record, and nothing else."""
    return Save(lessons=state.lessons.progress.to_dict())


def _desk(state: TableState, **changes: object) -> TableState:
    """The state with the desk changed (its serial moved on: older timers are dropped)."""
    desk = replace(state.lessons, serial=state.lessons.serial + 1, **changes)  # type: ignore[arg-type]
    return replace(state, lessons=desk)


def _delay(state: TableState, at_speed_one: int) -> int:
    return round(at_speed_one / state.speed) if state.speed > 0 else 0


# --- opening and leaving ------------------------------------------------------------------------


def learn(state: TableState) -> Transition:
    """Open the lessons where the person left off: the current lesson, else the next one
    not done; once every lesson is done, the end of the path."""
    lesson = state.lessons.progress.next_lesson()
    if lesson is None:
        progress = state.lessons.progress.closed().offer_answered()
        closed = _desk(state, progress=progress, run=None, complete=True, intro=False)
        shown = replace(closed, offer=False, panel=None, question=None)
        return shown, [save(shown), Focus("lesson-restart")]
    return open_lesson(state, lesson)


def open_lesson(state: TableState, lesson: Lesson) -> Transition:
    """Put ``lesson`` on the table, where the person left it (its introduction first when
    it starts afresh)."""
    progress = state.lessons.progress
    run = progress.run(lesson)
    fresh = not run.moves
    progress = (progress.opened(lesson) if fresh else progress.played(run)).offer_answered()
    opened = _desk(
        state,
        progress=progress,
        run=run,
        complete=False,
        why=None,
        said=None,
        intro=fresh,
        showing=False,
        order=(),
    )
    opened = replace(
        opened,
        offer=False,
        panel=None,
        question=None,
        selected=None,
        armed=None,
        hint=None,
        why=None,
        thinking=False,  # the person's own game waits, and its computer with it
    )
    effects: list[Effect] = [Deal(), save(opened)]
    if fresh:
        effects.append(Focus("lesson-start"))
    elif run.done:  # a reload after its end: what it taught, and on to the next
        effects += [Announce(LessonNews(run, learned=True)), Focus("lesson-next")]
    else:
        effects.append(Announce(LessonNews(run, ask=True)))
    return opened, effects


def intro(state: TableState, shown: bool) -> Transition:
    """Show the lesson's introduction again, or put it away and ask the first question."""
    run = state.lessons.run
    if run is None:
        return state, []
    changed = _desk(state, intro=shown)
    if shown:
        return changed, [Focus("lesson-start")]
    return changed, [Announce(LessonNews(run, ask=not run.done, learned=run.done))]


def next_lesson(state: TableState) -> Transition:
    """After a lesson: the next one, or the end of the path after the last."""
    run = state.lessons.run
    if run is None or not run.done:
        return state, []
    index = LESSONS.index(run.lesson)
    if index + 1 < len(LESSONS):
        return open_lesson(state, LESSONS[index + 1])
    progress = state.lessons.progress.closed()
    done = _desk(state, progress=progress, run=None, complete=True, intro=False, showing=False)
    return done, [save(done), Focus("lesson-restart")]


def restart(state: TableState) -> Transition:
    """From the end of the path: the first lesson again (the ones done stay done)."""
    return open_lesson(state, LESSONS[0])


def leave(state: TableState) -> tuple[TableState, list[Effect], bool]:
    """Put the lessons away: the person's own game is back as it was.  The third value says
    whether the table changed (its computer may have to move again)."""
    desk = state.lessons
    if not desk.open:
        return state, [], False
    progress = desk.progress.closed()
    left = _desk(state, progress=progress, run=None, complete=False, intro=False, showing=False)
    left = replace(left, selected=None, armed=None, why=None, thinking=False)
    effects: list[Effect] = [save(left)]
    if desk.run is not None:
        effects.insert(0, Deal())
    return left, effects, desk.run is not None


def dismiss_offer(state: TableState) -> Transition:
    """The first visit's offer is declined: play at once (Learn to play stays in the menu)."""
    progress = state.lessons.progress.offer_answered()
    dismissed = replace(state, offer=False, lessons=replace(state.lessons, progress=progress))
    return dismissed, [save(dismissed)]


# --- the person's moves ---------------------------------------------------------------------------


def play(state: TableState, action: Action) -> Transition:
    """A legal move the person made at the lesson's table: the lesson judges it."""
    run = state.lessons.run
    assert run is not None
    return _judged(state, run, action, target=_target(action))


def picking(state: TableState) -> bool:
    """The open lesson's question asks the person to choose cards."""
    run = state.lessons.run
    return run is not None and run.current is not None and isinstance(run.current.goal, PickGoal)


def pick(state: TableState, card: Card) -> Transition:
    """A card of the hand chosen in a step that asks for cards."""
    run = state.lessons.run
    assert run is not None
    if card in run.picked:
        return state, []  # chosen already (a double click's second click): nothing to say
    return _judged(state, run, Pick(card), target=str(card))


def not_asked(state: TableState, target: str) -> Transition | None:
    """The lesson's word when a move is tried that its question does not ask for (None when
    it asks for a move, or the computer is playing: then the table's own words apply)."""
    desk = state.lessons
    run = desk.run
    assert run is not None
    if desk.intro:
        code = Say.START_FIRST
    elif picking(state):
        code = Say.TAP_A_CARD
    elif run.done:
        # Nothing was wrong: the word points on to the next lesson, without a refusal's
        # sound, and the presenter shows it in the guide's colours.
        return _refused(state, run, Reason(Say.LESSON_DONE), target, sound=None)
    else:
        return None
    return _refused(state, run, Reason(code), target)


def _refused(
    state: TableState,
    run: LessonRun,
    reason: Reason | None,
    target: str,
    sound: Sound | None = Sound.REFUSED,
) -> Transition:
    """The lesson says no: its state is as it was; the reason is shown, said and shaken."""
    desk = state.lessons
    refused = replace(
        state,
        lessons=replace(
            desk, why=reason, why_count=desk.why_count + 1, why_target=target, showing=False
        ),
        why=None,
        selected=None,
    )
    said = Announce(LessonNews(run, reason=reason))
    return refused, [PlaySound(sound), said] if sound is not None else [said]


def _target(action: Action) -> str:
    if action.card is not None:
        return str(action.card)
    return {ActionKind.TAKE: "take", ActionKind.PASS: "pass", ActionKind.DRAW_PILE: "pile"}.get(
        action.kind, "stock"
    )


def _judged(state: TableState, run: LessonRun, move: Action | Pick, target: str) -> Transition:
    verdict = run.attempt(move)
    if not verdict.accepted:
        return _refused(state, run, verdict.reason, target)
    after = verdict.run
    effects = _motion(run, after, move)
    progress = state.lessons.progress.played(after)
    showing = state.lessons.showing and after.step == run.step  # a pick step goes on
    moved = _desk(
        state, progress=progress, run=after, why=None, said=verdict.reason, showing=showing
    )
    moved = replace(moved, selected=None, armed=None, why=None, thinking=bool(after.pending))
    effects.append(save(moved))
    if after.pending:
        effects.append(Announce(LessonNews(after, reason=verdict.reason)))
        effects.append(Later(moved.step_delay_ms, LessonTick(moved.lessons.serial)))
    elif after.done:
        effects += _ended(after, verdict.reason)
    else:
        effects.append(Announce(LessonNews(after, reason=verdict.reason, ask=not showing)))
        if showing:
            effects.append(Later(_delay(state, SHOW_DELAY_MS), LessonTick(moved.lessons.serial)))
    return moved, effects


def _motion(run: LessonRun, after: LessonRun, move: Action | Pick) -> list[Effect]:
    """The sound and the flight of a right move, as at the person's own table."""
    if isinstance(move, Pick):
        if run.game.hand_results:  # a lay-off: the card goes over to the computer's meld
            return [PlaySound(Sound.DISCARD), Move(move.card, Place.HAND, Place.OPPONENT)]
        return []
    view = run.view
    pile_top = view.discard_pile[-1] if view.discard_pile else None
    drawn = after.game.view(YOU).history[-1].card if move.kind is ActionKind.DRAW_STOCK else None
    effects = move_effects(move, True, pile_top, drawn)
    if len(after.game.hand_results) > len(run.game.hand_results):
        effects.append(ShowDown(after.view.hand_results[-1]))
    return effects


def _ended(run: LessonRun, reason: Reason | None) -> list[Effect]:
    """The lesson is done: its hand's showdown (if it ended one), what it taught, Next."""
    effects: list[Effect] = []
    result = run.view.hand_results[-1] if run.view.hand_results else None
    if result is not None and isinstance(run.lesson.steps[-1].goal, PickGoal):
        effects.append(ShowDown(result))  # the lay-offs are made: the hands are shown down
    return [*effects, Announce(LessonNews(run, reason=reason, learned=True)), Focus("lesson-next")]


# --- the lesson's pace: the computer's answers and Show me ------------------------------------


def put_away_word(state: TableState) -> Transition:
    """Put away the lesson's word on the last move (its refusal, or why the move was right):
    it lies over the computer's hand.  The focus goes to the panel's main control, as the
    word's close button is gone.  Its timers run on: the serial stays."""
    desk = state.lessons
    if desk.run is None or (desk.why is None and desk.said is None and state.why is None):
        return state, []
    put_away = replace(state, lessons=replace(desk, why=None, said=None), why=None)
    return put_away, [Focus("lesson-next" if desk.run.done else "lesson-show")]


def show_me(state: TableState) -> Transition:
    """Mark the move the lesson asks for, then (at the next tick) play it and say why."""
    run = state.lessons.run
    if run is None or run.current is None or state.thinking or state.lessons.intro:
        return state, []
    move = run.expected()
    shown = _desk(state, showing=True, why=None)
    # The card about to be played is raised first, and Knock or Gin lights up as pressed.
    card, armed = None, None
    if isinstance(move, Action) and move.card is not None:
        card = move.card
        armed = None if move.kind is ActionKind.DISCARD else move.kind
    shown = replace(shown, why=None, selected=card, armed=armed)
    return shown, [Later(_delay(state, SHOW_DELAY_MS), LessonTick(shown.lessons.serial))]


def tick(state: TableState, serial: int) -> Transition:
    """The lesson's next paced move: the computer's scripted answer, or Show me's move."""
    desk = state.lessons
    run = desk.run
    if run is None or serial != desk.serial:
        return state, []  # a timer set for a lesson state that is gone
    if run.pending:
        return _computer(state, run)
    if desk.showing and run.current is not None:
        move = run.expected()
        target = str(move.card) if move.card is not None else _target(move)
        return _judged(state, run, move, target)
    return state, []


def _computer(state: TableState, run: LessonRun) -> Transition:
    before = run.view
    action, after = run.computer_move()
    pile_top = before.discard_pile[-1] if before.discard_pile else None
    effects = move_effects(action, False, pile_top, None)
    moved = _desk(state, run=after)
    if after.pending:
        shown = pile_top if action.kind in (ActionKind.TAKE, ActionKind.DRAW_PILE) else action.card
        moved = replace(moved, thinking=True)
        effects.append(Announce(action, seat=AI, card=shown))
        effects.append(Later(moved.step_delay_ms, LessonTick(moved.lessons.serial)))
        return moved, effects
    moved = replace(moved, thinking=False)
    effects.append(Announce(LessonNews(after, ask=True)))
    return moved, effects
