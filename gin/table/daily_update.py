"""The update's daily deals: today's deal beside the person's own game, and its results.

Part of :func:`gin.table.update.update` (which dispatches here and whose steps this
module uses: a new game, the computer's move, saving), kept apart because it is one
concern: two games, one on the table and the other kept aside while it is
unfinished, and neither ever replaced without a question.

- *Today's deal* (or a day's, from the address) puts the person's own game in
  progress aside (it is in its own record already) and resumes the deal if it is
  kept aside, or begins it.  Another day's deal that is unfinished is given up
  only when the person agrees (it counts as lost).
- Leaving the deal (*Back to your game*, *New game*, the end of the deal) keeps it
  aside if it is unfinished and forgets it once it is over.
- The first result of a day's deal, begun on that day, is kept; giving it up counts
  as lost.  A game begun on another day, or a day played again, is practice.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from gin.fairness import reveal
from gin.game import Game
from gin.table import update as table
from gin.table.daily import DailyGame, DailyResults, DayResult, Sharing
from gin.table.effects import Deal, Effect, Save, Share
from gin.table.messages import Why
from gin.table.seats import YOU
from gin.table.state import Question, TableState

Transition = tuple[TableState, list[Effect]]


def kept(state: TableState, game: Game | None = None) -> DailyResults:
    """The daily results, with the game's kept if it is its day's first, on its day.

    ``game`` (the one on the table by default) is over, or given up in progress: a
    game given up counts as lost, its hands those begun.
    """
    game = game or state.game
    daily = state.daily
    if daily is None or daily.practice or not (game.over or state.in_progress):
        return state.daily_results
    you, computer = game.scores
    hands = len(game.hand_results) + (0 if game.over else 1)
    result = DayResult(game.winner == YOU, you, computer, hands)
    return state.daily_results.kept(daily.day, result)


def unfinished_daily(state: TableState) -> DailyGame | None:
    """The daily deal in progress, on the table or kept aside (there is one at most)."""
    if state.daily is not None and state.in_progress:
        return state.daily
    if state.parked is not None and state.parked.daily is not None:
        return state.parked.daily
    return None


def play_daily(state: TableState, day: date | None) -> Transition:
    """The deal of ``day`` (None: today's) on the table, asking first if another day's
    unfinished deal would be given up for it."""
    day = day or state.today
    if day is None:
        return state, []
    if state.daily is not None and state.daily.day == day and not state.game.over:
        return replace(state, panel=None, why=None), []  # it is on the table already
    unfinished = unfinished_daily(state)
    if unfinished is not None and unfinished.day != day:
        asked = replace(state, question=Question.REPLACE_DAILY, asked_daily=day, panel=None)
        return replace(asked, why=None), []
    return _to_daily(state, day)


def _to_daily(state: TableState, day: date) -> Transition:
    """The deal of ``day`` on the table: resumed if it is kept aside, else begun.

    The person's own game in progress is kept aside; a daily deal on the table now is
    finished or was never played.
    """
    own = state.parked
    if state.daily is None:
        own = state.saved() if state.in_progress else None
    aside = state.parked if state.daily is None else None
    if aside is not None and aside.daily is not None and aside.daily.day == day:
        resumed = replace(state.with_game(aside.game, aside), parked=own, panel=None)
        shown, effects = table.bot_moves_if_due(resumed)
        return shown, [Deal(), table.save_table(shown), *effects]
    return start_daily(replace(state, parked=own), day)


def start_daily(state: TableState, day: date) -> Transition:
    """Begin the deal of ``day`` (practice unless it is today's first)."""
    if state.today is None:
        return state, []
    return table.new_game(state, daily=DailyGame.begun(day, state.today, state.daily_results))


def replace_daily(state: TableState, day: date) -> Transition:
    """Give up the unfinished deal of another day (it counts as lost), then play ``day``'s."""
    if state.daily is not None and state.in_progress:
        left = reveal(state.game, None, state.daily.day)
        fresh, effects = _to_daily(replace(table.abandoned(state), question=None), day)
        return replace(fresh, left=left), [*effects, table.save_table(fresh, daily=True)]
    parked = state.parked
    assert parked is not None and parked.daily is not None
    given_up = table.abandoned(state.with_game(parked.game, parked))
    stats, results = given_up.stats, given_up.daily_results
    left = reveal(parked.game, None, parked.daily.day)
    keep = replace(state, stats=stats, daily_results=results, parked=None, question=None)
    fresh, effects = _to_daily(keep, day)
    return replace(fresh, left=left), [*effects, table.save_table(fresh, daily=True)]


def leave_daily(state: TableState, give_up_own: bool = False) -> Transition:
    """From the daily deal to the person's own game: the one kept aside, or a new one.

    The daily deal is kept aside if it is unfinished, and forgotten once it is over.
    With ``give_up_own`` the game kept aside is given up (lost) for a new one, revealed.
    """
    assert state.daily is not None
    daily_record = (
        Save(daily_table=state.record(on_table=False))
        if state.in_progress
        else Save(forget=("daily-table",))
    )
    aside = state.saved() if state.in_progress else None
    own = state.parked
    if own is not None and not give_up_own:
        resumed = replace(state.with_game(own.game, own), parked=aside, panel=None)
        shown, effects = table.bot_moves_if_due(resumed)
        return shown, [daily_record, Deal(), table.save_table(shown), *effects]
    leaving = replace(state, parked=aside)
    if own is not None:
        leaving = table.abandoned(replace(leaving.with_game(own.game, own), parked=aside))
    fresh, effects = table.new_game(leaving)
    if own is not None:
        fresh = replace(fresh, left=reveal(own.game, own.seal))
    return fresh, [daily_record, *effects]


def share_daily(state: TableState) -> Transition:
    """Share the result of the daily deal over on the table, or today's kept result."""
    shared = shared_result(state)
    if shared is None:
        return table.refuse(state, Why.NOTHING_TO_SHARE, "share-daily")
    return replace(state, sharing=shared, why=None), [Share(shared)]


def shared_result(state: TableState) -> Sharing | None:
    """What *Share* tells: this daily game's result once it is over (practice or not),
    else today's kept result; None when there is neither."""
    if state.daily is not None and state.game.over:
        you, computer = state.game.scores
        hands = len(state.game.hand_results)
        result = DayResult(state.game.winner == YOU, you, computer, hands)
        return Sharing(state.daily.day, result, state.daily.practice)
    today = state.today
    result_today = state.daily_results.result_of(today) if today is not None else None
    if today is None or result_today is None:
        return None
    return Sharing(today, result_today, practice=False)


def share_done(state: TableState, copied: bool) -> Transition:
    """The page's answer: the clipboard took the text, or the text stays on show to copy."""
    if state.sharing is None:
        return state, []
    return replace(state, sharing=replace(state.sharing, copied=copied)), []
