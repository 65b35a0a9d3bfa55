"""The table's state: the game in play and everything the person's table adds around it.

:class:`TableState` is an immutable value; :func:`gin.table.update.update`
makes the next one.  It holds the engine's :class:`~gin.game.Game` (copied,
never changed in place, before each action), the bot's level, the settings,
the statistics, and the table's own state: the chosen card, armed Knock/Gin,
the person's order of their hand, the open panel and question, the hint,
the last refusal and the notices.

The saved form (:meth:`TableState.record`) covers the game and the table's
counters with one checksum; the first release's form (version 1, without it)
is still read, so an upgrade resumes a game in progress.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cached_property
from typing import Any

from gin.actions import Action, ActionKind
from gin.ai.coach import HandReview
from gin.ai.hints import Hint
from gin.cards import Card
from gin.game import Game
from gin.game_record import checksum
from gin.table.hand import arranged
from gin.table.intents import Panel
from gin.table.messages import Message
from gin.table.seats import YOU
from gin.table.settings import LEVELS, Settings
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

    # --- what the person sees ---------------------------------------------------------

    @cached_property
    def view(self) -> PlayerView:
        """The person's view (worked out once per state: a state's game never changes)."""
        return self.game.view(YOU)

    @property
    def phase(self) -> TablePhase:
        if self.game.over:
            return TablePhase.GAME_OVER
        if self.results_seen < len(self.game.hand_results):
            return TablePhase.HAND_OVER
        return TablePhase(self.game.phase.value)

    @property
    def in_hand(self) -> bool:
        """A hand is being played (not a result on show)."""
        return self.phase in (TablePhase.UPCARD, TablePhase.DRAW, TablePhase.DISCARD)

    @property
    def your_turn(self) -> bool:
        return self.in_hand and not self.thinking and self.game.to_move == YOU

    def shown_hand(self) -> list[Card]:
        """The person's hand in the order the table shows it (sorted, or their own order)."""
        return arranged(self.view.hand, self.settings.sort, self.order)

    def legal(self) -> list[Action]:
        """What the person may do now: nothing while a result is on show or the bot plays."""
        return self.game.legal_actions() if self.your_turn else []

    @property
    def in_progress(self) -> bool:
        """The person has played in this unfinished game (so leaving it counts as a loss)."""
        if self.game.over:
            return False
        view = self.view
        return bool(view.hand_results) or any(e.player == YOU for e in view.history)

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

        The counters come from ``saved`` (another tab's record, the page's storage) or
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
            game_number=self.game_number + 1,
            selected=None,
            armed=None,
            question=None,
            pending=None,
            seeded=None,
            thinking=False,
            hint=None,
            review=None,
            review_at=0,
            why=None,
            reveal=False,
            panel=None if self.panel is Panel.REVIEW else self.panel,
        )

    # --- saving -----------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The saved table: the game record and the table's counters, under one checksum."""
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
        }
        return {**payload, "checksum": checksum(payload)}


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
        return cls(game, str(level), seen, counted, hints, order, _reviewed(data, results))


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
