"""The table's state: the game in play and everything the person's table adds around it.

:class:`TableState` is an immutable value; :func:`gin.table.update.update`
makes the next one.  It holds the engine's :class:`~gin.game.Game` (copied,
never changed in place, before each action), the bot's level, the settings,
the statistics, and the table's own state: the chosen card, armed Knock/Gin,
the person's order of their hand, the open panel and question, the hint,
the last refusal and the notices.

The saved form (:meth:`TableState.record`) covers the game and the table's
counters with one checksum; the first release's form (version 1, without it)
is still read, so an upgrade resumes a game in progress.  A game begun without
a chosen seed saves its salt (``salt``: the seed is the game record's), a daily
game its day (``daily``, ``practice``); records from before either have neither
and resume as games without a commitment.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from enum import StrEnum
from functools import cached_property
from typing import Any

from gin.actions import Action, ActionKind
from gin.ai.coach import HandReview
from gin.ai.hints import Hint
from gin.cards import Card
from gin.daily import parse_day
from gin.fairness import Revealed, Seal, is_salt
from gin.game import Game
from gin.game_record import checksum
from gin.lessons.goals import PlayGoal
from gin.table.daily import DailyGame, DailyResults, Sharing
from gin.table.hand import arranged
from gin.table.intents import Panel
from gin.table.lesson_state import LessonDesk, hides_melds, table_hand
from gin.table.messages import Message
from gin.table.seats import YOU
from gin.table.settings import LEVELS, Settings, SortMode
from gin.table.stats import Statistics
from gin.view import PlayerView

TABLE_FORMAT = "gin-rummy-session"
TABLE_VERSION = 2
"""Version 2 adds the checksum over the whole record; version 1 records are still read."""
STEP_DELAY_MS = 550
"""How long each of the computer's moves stays on screen at speed 1."""


class TablePhase(StrEnum):
    """The table's phase: the engine's, or a finished hand on show."""

    UPCARD = "upcard"
    DRAW = "draw"
    DISCARD = "discard"
    HAND_OVER = "hand-over"
    GAME_OVER = "game-over"


class Question(StrEnum):
    """A question the table asks before something that cannot be taken back."""

    NEW_GAME = "new-game"
    APPLY_RULES = "apply-rules"
    RESET_STATS = "reset-stats"
    SEEDED_GAME = "seeded-game"
    REPLACE_DAILY = "replace-daily"
    """Another day's deal is unfinished: giving it up counts as lost."""


@dataclass(frozen=True)
class TableState:
    game: Game
    level: str
    settings: Settings
    stats: Statistics
    results_seen: int = 0
    """Hand results the person has put away (the rest are on show)."""
    results_counted: int = 0
    """Hand results already counted in the statistics."""
    hints_used: int = 0
    reviewed: tuple[int, ...] = ()
    """The hands of this game whose review is counted in the statistics (each once)."""
    game_number: int = 0
    """Counts games in this page's life, so a late answer of the bot can be recognised."""
    order: tuple[Card, ...] = ()
    selected: Card | None = None
    armed: ActionKind | None = None
    panel: Panel | None = None
    panel_from: Card | str | None = None
    """The hand's card, or the control (by its action name), that had the focus when a key
    opened the open panel: closing gives it back (None with no panel open:
    `gin.table.update.update` keeps it so)."""
    question: Question | None = None
    pending: Settings | None = None
    """Settings with other rules, waiting for the person to agree to a new game."""
    seeded: int | None = None
    """The seed of a shared game link, waiting for the person to agree to replace theirs."""
    thinking: bool = False
    """The computer's move is being worked out or shown: the person waits."""
    hint: Hint | None = None
    review: HandReview | None = None
    """The coach's review of the last finished hand, once the page has worked it out."""
    review_at: int = 0
    """The decision of the review on show (from 0)."""
    why: Message | None = None
    why_count: int = 0
    """Counts refusals, so that the same refusal twice shakes twice."""
    notices: tuple[Message, ...] = ()
    reveal: bool = False
    """After a hand: the computer's whole hand and the rest of the stock are shown."""
    speed: float = 1.0
    speed_fixed: bool = False
    """The speed came from the page's address (``?speed=``) and outlives settings changes."""
    touch_only: bool = False
    save_failed: bool = False
    """Storing failed once: the person has been told, and is not told again."""
    seal: Seal | None = None
    """The seed and salt of a game begun without a chosen seed: its commitment is shown,
    the seed and salt only at the reveal."""
    daily: DailyGame | None = None
    """The game on the table is a day's deal (None: the person's own game)."""
    parked: SavedTable | None = None
    """The other game in progress, kept aside: the person's own while a daily deal is on
    the table, or an unfinished daily deal while their own game is."""
    daily_results: DailyResults = field(default_factory=DailyResults)
    today: date | None = None
    """Today's date in UTC, as the page's clock says (for today's deal and the calendar)."""
    left: Revealed | None = None
    """The reveal of the game given up for this one (shown until it is put away)."""
    asked_daily: date | None = None
    """The day of a daily deal waiting for the person to give up another day's."""
    sharing: Sharing | None = None
    page_url: str = ""
    """The page's own address, without its query: the link a share text gives."""
    lessons: LessonDesk = LessonDesk()
    """The lessons: progress, and the lesson open on the table (which then shows its game)."""
    offer: bool = False
    """The first visit's offer of the lessons is on show."""
    keeps_unreadable: bool = False
    """The stored game could not be read (damaged, or a newer version's): it stays stored
    until the person plays on, so a return to that version still finds it.  The game on the
    table is not saved over it meanwhile, the computer's first moves included."""

    # --- what the person sees ---------------------------------------------------------

    @property
    def on_table(self) -> Game:
        """The game the table shows and plays: the open lesson's, else the person's own."""
        run = self.lessons.run
        return self.game if run is None else run.game

    @cached_property
    def view(self) -> PlayerView:
        """The person's view of the game on the table (worked out once per state: a state's
        game never changes)."""
        return self.on_table.view(YOU)

    @property
    def phase(self) -> TablePhase:
        run = self.lessons.run
        if run is not None:  # a lesson's hand, once ended, stays on show
            if run.game.hand_results:
                return TablePhase.HAND_OVER
            return TablePhase(run.game.phase.value)
        if self.game.over:
            return TablePhase.GAME_OVER
        if self.results_seen < len(self.game.hand_results):
            return TablePhase.HAND_OVER
        return TablePhase(self.game.phase.value)

    @property
    def dialog_open(self) -> bool:
        """A panel (the menu, settings...), a question or the share box is open: one overlay
        at a time, so a lesson's introduction waits under it (hidden) until it closes, and
        Escape closes it first."""
        return self.panel is not None or self.question is not None or self.sharing is not None

    @property
    def back_closes(self) -> bool:
        """Something is open that the browser's Back closes (:class:`gin.table.intents.GoBack`):
        a panel, or the lessons.  The page keeps one entry of its history for it (gin.web.back)."""
        return self.panel is not None or self.lessons.open

    @property
    def box_waiting(self) -> bool:
        """A box over the table waits for its answer: a question, the share box, the first
        visit's offer, a lesson's introduction or the end of the lessons' path.  The table
        under it is still: of the keys only Escape acts (it answers the box), and the page
        makes what the box dims inert (``asking``, gin.table.presenter.table.classes)."""
        lessons = self.lessons
        boxes = (self.question, self.sharing)
        intro = lessons.intro and lessons.run is not None and not self.dialog_open
        return any(box is not None for box in boxes) or self.offer or intro or lessons.complete

    @property
    def in_hand(self) -> bool:
        """A hand is being played (not a result on show)."""
        return self.phase in (TablePhase.UPCARD, TablePhase.DRAW, TablePhase.DISCARD)

    @property
    def your_turn(self) -> bool:
        """The person is to play a move: in a lesson, one its question asks for."""
        if not self.in_hand or self.thinking or self.on_table.to_move != YOU:
            return False
        run = self.lessons.run
        return run is None or (run.current is not None and isinstance(run.current.goal, PlayGoal))

    def shown_hand(self) -> list[Card]:
        """The person's hand in the order the table shows it (sorted, or their own order)."""
        return list(self._shown_hand)

    @cached_property
    def _shown_hand(self) -> tuple[Card, ...]:
        """Worked out once per state, as :attr:`view`: an update's focus and the drawing of
        the state both need it, and grouping by melds is an arrangement's dearest part."""
        run = self.lessons.run
        hand = table_hand(run) if run is not None else self.view.hand
        return tuple(arranged(hand, self.sort_shown, self.hand_order))

    @property
    def hand_order(self) -> tuple[Card, ...]:
        """The person's own order of the hand on the table (a lesson's hand has its own, so
        that arranging it leaves their game's as it was); empty: the hand is sorted."""
        return self.lessons.order if self.lessons.run is not None else self.order

    @property
    def melds_hidden(self) -> bool:
        """A lesson asks which cards are in a meld: the hand may not be grouped by them."""
        return self.lessons.run is not None and hides_melds(self.lessons.run)

    @property
    def sort_shown(self) -> SortMode:
        """How the hand is sorted where the person has not arranged it: their setting, but by
        suit where grouping by melds would give a lesson's answer away."""
        if self.melds_hidden and self.settings.sort is SortMode.MELDS:
            return SortMode.SUIT
        return self.settings.sort

    def legal(self) -> list[Action]:
        """What the person may do now: nothing while a result is on show or the bot plays."""
        return list(self._legal)

    @cached_property
    def _legal(self) -> tuple[Action, ...]:
        """Worked out once per state (:meth:`shown_hand`)."""
        return tuple(self.on_table.legal_actions()) if self.your_turn else ()

    def playable(self, legal: Sequence[Action] | None = None) -> frozenset[Card]:
        """The cards a click on them would play now, as :meth:`legal` (or ``legal``) allows:
        a discard, or, with Knock or Gin armed, a knock or gin (RULES.md: a knock that leaves
        no deadwood is gin, so an armed Knock plays it as gin)."""
        kinds = _PLAYED_AS[self.armed]
        moves = self.legal() if legal is None else legal
        return frozenset(a.card for a in moves if a.kind in kinds and a.card is not None)

    @property
    def in_progress(self) -> bool:
        """The person has played in this unfinished game (so leaving it counts as a loss)."""
        return _played_in(self.game.view(YOU))  # the person's own, also under a lesson

    @property
    def ticket(self) -> tuple[int, int]:
        """The position the bot is asked about: this game, this many actions in."""
        return (self.game_number, len(self.game.actions))

    @property
    def step_delay_ms(self) -> int:
        return round(STEP_DELAY_MS / self.speed) if self.speed > 0 else 0

    # --- a game put on the table ---------------------------------------------------------

    def with_game(self, game: Game, saved: SavedTable | None = None) -> TableState:
        """This table with ``game`` in play: the one place a game is put on the table.

        The counters, and the seal or daily deal, come from ``saved`` (another tab's record,
        the page's storage, a game kept aside) or
        start at zero; nothing of the game before is left: no chosen card, armed button,
        question, pending rules or seed, hint, review, refusal or revealed deck, and the
        review panel, which showed a hand of that game, is closed.  The game number moves
        on, so that a late answer about the game before is recognised and dropped.
        """
        kept = saved or SavedTable(game, self.settings.level, 0, 0, 0, ())
        return replace(
            self,
            game=kept.game,
            level=kept.level,
            results_seen=kept.results_seen,
            results_counted=kept.results_counted,
            hints_used=kept.hints_used,
            order=kept.order,
            reviewed=kept.reviewed,
            seal=kept.seal,
            daily=kept.daily,
            game_number=self.game_number + 1,
            selected=None,
            armed=None,
            question=None,
            pending=None,
            seeded=None,
            asked_daily=None,
            sharing=None,
            thinking=False,
            hint=None,
            review=None,
            review_at=0,
            why=None,
            reveal=False,
            panel=None if self.panel is Panel.REVIEW else self.panel,
            keeps_unreadable=False,
        )

    # --- saving -----------------------------------------------------------------------

    def saved(self) -> SavedTable:
        """The game on the table as it is restored: to keep it aside."""
        return SavedTable(
            self.game,
            self.level,
            self.results_seen,
            self.results_counted,
            self.hints_used,
            self.order,
            self.reviewed,
            self.seal,
            self.daily,
        )

    def record(self, *, on_table: bool | None = None) -> dict[str, Any]:
        """The saved table: the game record and the table's counters, under one checksum.

        A daily deal's record says whether it is ``on_table`` (or kept aside), so that a
        reload shows the game the person left on the table.
        """
        payload = {
            "format": TABLE_FORMAT,
            "version": TABLE_VERSION,
            "level": self.level,
            "results_seen": self.results_seen,
            "results_counted": self.results_counted,
            "hints_used": self.hints_used,
            "reviewed": list(self.reviewed),
            "order": [str(card) for card in self.order],
            "game": self.game.to_dict(),
            **_proof_fields(self.seal, self.daily),
            **({} if on_table is None else {"on_table": on_table}),
        }
        return {**payload, "checksum": checksum(payload)}


def _proof_fields(seal: Seal | None, daily: DailyGame | None) -> dict[str, Any]:
    """What a saved table adds for a sealed or a daily game (nothing for a chosen seed)."""
    if daily is not None:
        return {"daily": daily.day.isoformat(), "practice": daily.practice}
    if seal is not None:
        return {"salt": seal.salt}
    return {}


def _played_in(view: PlayerView) -> bool:
    """Whether the person of ``view`` has played in its game, and it is not over."""
    if view.over:
        return False
    return bool(view.hand_results) or any(e.player == YOU for e in view.history)


@dataclass(frozen=True)
class SavedTable:
    """What a saved table restores: the game and the table's counters."""

    game: Game
    level: str
    results_seen: int
    results_counted: int
    hints_used: int
    order: tuple[Card, ...]
    reviewed: tuple[int, ...] = ()
    seal: Seal | None = None
    daily: DailyGame | None = None

    @property
    def in_progress(self) -> bool:
        """The person has played in this unfinished game (as :attr:`TableState.in_progress`)."""
        return _played_in(self.game.view(YOU))

    @classmethod
    def from_dict(cls, data: object) -> SavedTable:
        """Read a saved table (version 2, or the first release's 1); ValueError if unusable."""
        if not isinstance(data, Mapping) or data.get("format") != TABLE_FORMAT:
            raise ValueError("this is not a saved Gin Rummy table")
        version = data.get("version")
        if version == TABLE_VERSION:
            payload = {key: value for key, value in data.items() if key != "checksum"}
            if data.get("checksum") != checksum(payload):
                raise ValueError("this saved table has been altered (its checksum does not match)")
        elif version != 1:
            raise ValueError("this saved table is from another version of the game")
        counters = [data.get(name) for name in ("results_seen", "results_counted", "hints_used")]
        if not all(isinstance(value, int) and not isinstance(value, bool) for value in counters):
            raise ValueError("the saved table state is damaged")
        seen, counted, hints = (int(value) for value in counters)  # type: ignore[arg-type]
        level = data.get("level")
        if level not in LEVELS:
            raise ValueError(f"unknown AI level: {level!r}")
        game = Game.from_dict(data.get("game"))
        results = len(game.hand_results)
        if not (0 <= seen <= results and 0 <= counted <= results and hints >= 0):
            raise ValueError("the saved table state does not match its game")
        order = _order(data.get("order", []), game)
        seal, daily = _proof(data, game)
        reviewed = _reviewed(data, results)
        return cls(game, str(level), seen, counted, hints, order, reviewed, seal, daily)


def _proof(data: Mapping[str, Any], game: Game) -> tuple[Seal | None, DailyGame | None]:
    """A saved table's salt or daily deal; neither in a record from before them."""
    if "daily" in data:
        day = parse_day(data["daily"]) if isinstance(data["daily"], str) else None
        practice = data.get("practice", False)
        if day is None or not isinstance(practice, bool):
            raise ValueError("the saved daily deal is damaged")
        return None, DailyGame(day, practice)
    if "salt" in data:
        salt = data["salt"]
        if not is_salt(salt):
            raise ValueError("the saved game's salt is damaged")
        return Seal(game.seed, salt), None
    return None, None


def _reviewed(data: Mapping[str, Any], results: int) -> tuple[int, ...]:
    """The reviewed hands of a saved table: none in a record from before the coach, and
    none if the list does not fit the game (at worst a hand's review is counted again)."""
    raw = data.get("reviewed", [])
    if not isinstance(raw, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= results for n in raw
    ):
        return ()
    return tuple(sorted(set(raw)))


def _order(raw: object, game: Game) -> tuple[Card, ...]:
    """The person's own order of their hand, if the saved one still fits the hand."""
    if not isinstance(raw, list) or not all(isinstance(code, str) for code in raw):
        return ()
    try:
        cards = tuple(Card.parse(code) for code in raw)
    except ValueError:
        return ()
    hand = set(game.view(YOU).hand)
    return cards if set(cards) <= hand and len(set(cards)) == len(cards) else ()


def count_results(state: TableState) -> TableState:
    """Count each hand result (and the game, once over) in the statistics, exactly once."""
    results = state.game.hand_results
    if state.results_counted >= len(results):
        return state
    stats = state.stats.of(state.level)
    for result in results[state.results_counted :]:
        stats = stats.after_hand(result)
    if state.game.over:
        assert state.game.winner is not None
        stats = stats.after_game(state.game.winner, tuple(state.game.scores))
    return replace(
        state, stats=state.stats.update(state.level, stats), results_counted=len(results)
    )


_PLAYED_AS: dict[ActionKind | None, frozenset[ActionKind]] = {
    None: frozenset({ActionKind.DISCARD}),
    ActionKind.KNOCK: frozenset({ActionKind.KNOCK, ActionKind.GIN}),
    ActionKind.GIN: frozenset({ActionKind.GIN}),
}
"""The actions a click on a card of the hand may play, by what is armed
(:meth:`TableState.playable`)."""
