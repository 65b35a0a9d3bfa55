"""A lesson and a lesson in progress: a prepared deal, the moves it asks for, and the verdicts.

A :class:`Lesson` is data: its deal (:class:`~gin.lessons.deal.Deal`), the moves
played before the person's first question (the *prelude*, every one applied by
the engine), and its steps, each a goal (:mod:`gin.lessons.goals`) with the
computer's scripted answer.  A :class:`LessonRun` is one person's way through
it, an immutable value like the table's state: :meth:`LessonRun.attempt` returns
a :class:`Verdict` with the next run when the move is right, or the same run and
the reason when it is not, so a wrong move changes nothing.

The engine is the authority throughout: the lesson's game is a real
:class:`~gin.game.Game`, every action (the person's, the computer's scripted
ones, the prelude's) goes through :meth:`~gin.game.Game.apply`, and the goals
see only the person's view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from gin.actions import Action
from gin.cards import Card
from gin.game import Game
from gin.lessons.deal import COMPUTER, YOU, Deal
from gin.lessons.goals import (
    Goal,
    Move,
    Pick,
    PickGoal,
    PlayGoal,
    hand_deadwood,
    parse_move,
)
from gin.lessons.reasons import Reason, Say, Value
from gin.refusals import Refused
from gin.rules import GIN_BONUS, UNDERCUT_BONUS
from gin.view import PlayerView


@dataclass(frozen=True)
class Step:
    """One question of a lesson.

    ``ask`` is the question (an English template, filled with :meth:`LessonRun.facts`),
    ``goal`` what is right, ``show`` the move *Show me* plays (its text: ``draw pile``,
    ``knock TD``; a pick step's Show me taps the goal's cards).  ``then`` are the
    computer's moves once the step is done, scripted and played through the engine.
    ``promised`` names wrong moves and the reason each is refused with; the tests hold
    the lesson to them.
    """

    ask: str
    goal: Goal
    show: str = ""
    then: tuple[str, ...] = ()
    promised: Mapping[str, Say] = field(default_factory=dict)
    refused_by_rules: tuple[str, ...] = ()
    """Moves the rules themselves forbid here (the card just taken, say), which the step
    points out: the engine refuses them with its own reason."""


@dataclass(frozen=True)
class Lesson:
    """A short lesson: a title, a few lines of introduction, its steps and what it taught.

    The texts are English templates (gettext msgids) whose values come from the
    engine (:meth:`LessonRun.facts`): a lesson writes no count by hand.
    """

    key: str
    title: str
    intro: str
    deal: Deal
    steps: tuple[Step, ...]
    learned: str
    prelude: tuple[str, ...] = ()

    def start(self) -> LessonRun:
        """The lesson's position: its deal, and the prelude's moves applied by the engine."""
        game = self.deal.game()
        for text in self.prelude:
            game.apply(text)
        return LessonRun(self, game)

    def resume(self, moves: Sequence[str]) -> LessonRun:
        """The run after ``moves`` (the texts of :attr:`LessonRun.moves`), replayed and checked.

        A move that is not accepted (a saved run from another version of the lesson)
        is a ValueError: the caller starts the lesson again.
        """
        run = self.start()
        for text in moves:
            verdict = run.attempt(parse_move(text))
            if not verdict.accepted:
                raise ValueError(f"lesson {self.key}: {text!r} is not the lesson's move")
            run = verdict.run.settled()
        return run


@dataclass(frozen=True)
class Verdict:
    """What a lesson says to a move: right (``run`` is the next run) or not (``run`` is
    the same), and why."""

    accepted: bool
    reason: Reason | None
    run: LessonRun
    illegal: str = ""
    """Why the move could not even be tried (``reason`` is then None), in English."""
    refused: Refused | None = None
    """The engine's refusal of an action that is not legal now (``illegal`` is its text)."""


@dataclass(frozen=True)
class LessonRun:
    """A lesson in progress: its game (never changed in place), the step, the cards picked."""

    lesson: Lesson
    game: Game
    step: int = 0
    picked: tuple[Card, ...] = ()
    moves: tuple[str, ...] = ()
    """The right moves so far, as text: what resumes the run (:meth:`Lesson.resume`)."""
    pending: tuple[str, ...] = ()
    """The computer's scripted moves still to play after the last step (one at a time, at
    the table's pace: :meth:`computer_move`); the next question waits for them."""

    @cached_property
    def view(self) -> PlayerView:
        """The person's view, the only thing a goal reads."""
        return self.game.view(YOU)

    @property
    def done(self) -> bool:
        return self.step >= len(self.lesson.steps) and not self.pending

    @property
    def current(self) -> Step | None:
        """The step asking now (None once the lesson is done or while the computer plays)."""
        if self.pending or self.step >= len(self.lesson.steps):
            return None
        return self.lesson.steps[self.step]

    def attempt(self, move: Move) -> Verdict:
        """Judge ``move``: a right one plays on, and the computer's answer is then pending."""
        if self.pending:
            return Verdict(False, None, self, illegal="the computer is playing")
        step = self.current
        if step is None:
            raise ValueError(f"lesson {self.lesson.key} is done")
        goal = step.goal
        if isinstance(goal, PickGoal):
            if not isinstance(move, Pick):
                return Verdict(False, Reason(Say.TAP_A_CARD), self)
            return self._pick(goal, move.card)
        if not isinstance(move, Action):
            return Verdict(False, Reason(Say.MAKE_A_MOVE), self)
        return self._play(step, goal, move)

    def _pick(self, goal: PickGoal, card: Card) -> Verdict:
        view = self.view
        if card not in goal.cards(view):
            return Verdict(False, None, self, illegal=f"{card} is not one of your cards")
        reason = goal.judge(view, card)
        if card in self.picked:
            return Verdict(False, Reason(Say.PICKED_ALREADY, {"card": card}), self)
        targets = goal.targets(view)
        if card not in targets:
            return Verdict(False, reason, self)
        picked = (*self.picked, card)
        moves = (*self.moves, str(Pick(card)))
        if set(picked) < set(targets):
            return Verdict(True, reason, replace(self, picked=picked, moves=moves))
        return self._finish_step(reason, self.game, moves)

    def _play(self, step: Step, goal: PlayGoal, action: Action) -> Verdict:
        view = self.view
        refused = self.game.refusal(action)
        if refused is not None:
            return Verdict(False, None, self, illegal=refused.text, refused=refused)
        if view.to_move != YOU:
            return Verdict(False, None, self, illegal="the computer is to move")
        reason = goal.judge(view, action)
        if action not in goal.accepted(view):
            return Verdict(False, reason, self)
        game = self.game.copy()
        game.apply(action)
        return self._finish_step(reason, game, (*self.moves, str(action)))

    def _finish_step(self, reason: Reason, game: Game, moves: tuple[str, ...]) -> Verdict:
        """The step is done: the computer's answer is pending, then the next step asks."""
        step = self.current
        assert step is not None
        after = replace(
            self, game=game, step=self.step + 1, picked=(), moves=moves, pending=step.then
        )
        return Verdict(True, reason, after)

    def computer_move(self) -> tuple[Action, LessonRun]:
        """Play the computer's next scripted move through the engine: the move and the run."""
        if not self.pending:
            raise ValueError(f"lesson {self.lesson.key}: the computer has no move to play")
        if self.game.to_move != COMPUTER:
            raise ValueError(f"lesson {self.lesson.key}: {self.pending[0]!r} is not the computer's")
        action = Action.parse(self.pending[0])
        game = self.game.copy()
        game.apply(action)
        return action, replace(self, game=game, pending=self.pending[1:])

    def settled(self) -> LessonRun:
        """The run after the computer's pending moves (itself when there are none)."""
        run = self
        while run.pending:
            _action, run = run.computer_move()
        return run

    def expected(self) -> Move:
        """The move *Show me* plays next: the step's own, or a pick step's next card."""
        step = self.current
        if step is None:
            raise ValueError(f"lesson {self.lesson.key} asks nothing now")
        if isinstance(step.goal, PickGoal):
            left = [c for c in step.goal.targets(self.view) if c not in self.picked]
            return Pick(left[0])
        return parse_move(step.show)

    def facts(self) -> dict[str, Value]:
        """The values a lesson's texts may name, all from the engine and the rules."""
        view = self.view
        values: dict[str, Value] = {
            "limit": view.rules.knock_limit,
            "bonus": GIN_BONUS,
            "undercut": UNDERCUT_BONUS,
            "ace": Card(1, "S").points,
            "face": Card(13, "S").points,
            "stock": view.stock_count,
        }
        result = view.hand_results[-1] if view.hand_results else None
        if result is not None and result.showdown is not None:
            showdown = result.showdown
            hand = result.hands[YOU]
            values.update(
                knocker=showdown.knocker_deadwood,
                defender=showdown.defender_deadwood,
                points=result.points,
                deadwood=hand_deadwood(hand),
            )
        else:
            values["deadwood"] = hand_deadwood(view.hand)
        if view.discard_pile and result is None:
            values["pile"] = view.discard_pile[-1]
        if view.opponent_known_cards:
            values["known"] = view.opponent_known_cards
        return values
