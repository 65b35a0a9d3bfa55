"""A game at the table: the person in seat 0 against a bot in seat 1.

The session is what the browser layer drives.  It holds the engine's game
and the bot, lets the person act only through the engine's legal actions,
plays the bot's turns and reports them as :class:`Step` values for the table
to animate, and pauses after every hand until the person asks for the next
deal.  It is plain Python, so all of it is tested in CPython.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from gin.actions import Action, ActionKind, IllegalActionError
from gin.ai import bot_seed, make_player
from gin.game import Game
from gin.rules import Rules
from gin.table.settings import LEVELS
from gin.table.stats import LevelStats
from gin.view import PlayerView

YOU, AI = 0, 1
SESSION_FORMAT = "gin-rummy-session"
SESSION_VERSION = 1


@dataclass(frozen=True)
class Step:
    """One action of the bot, as the person sees it (``card`` is None for a stock draw)."""

    action: str
    card: str | None

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "card": self.card}


class TableSession:
    """One game at the table, with the hand-by-hand pause a person needs to read results."""

    def __init__(
        self,
        level: str = "normal",
        seed: int | None = None,
        rules: Rules | None = None,
        *,
        game: Game | None = None,
        results_seen: int = 0,
        results_counted: int = 0,
        hints_used: int = 0,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level: {level!r}")
        self.level = level
        self.game = game if game is not None else Game(seed=seed, rules=rules)
        if not 0 <= results_seen <= len(self.game.hand_results):
            raise ValueError("the saved table state does not match its game")
        if not 0 <= results_counted <= len(self.game.hand_results) or hints_used < 0:
            raise ValueError("the saved table state does not match its game")
        self.results_seen = results_seen
        self.results_counted = results_counted
        self.hints_used = hints_used
        self._bot = make_player(level, seed=bot_seed(self.game.seed, AI))

    @property
    def view(self) -> PlayerView:
        return self.game.view(YOU)

    @property
    def phase(self) -> str:
        """The table's phase: the engine's, or ``hand-over`` while a finished hand is on show."""
        if self.game.over:
            return "game-over"
        if self.results_seen < len(self.game.hand_results):
            return "hand-over"
        return self.game.phase.value

    @property
    def your_turn(self) -> bool:
        return self.phase in ("upcard", "draw", "discard") and self.game.to_move == YOU

    def legal_actions(self) -> list[Action]:
        """What the person may do now: nothing while a result is on show or the bot is to move."""
        return self.game.legal_actions() if self.your_turn else []

    def play(self, action: Action | str) -> None:
        """Apply the person's action (the bot's reply comes from :meth:`bot_steps`)."""
        if not self.your_turn:
            raise IllegalActionError(
                "Wait for your turn."
                if self.phase in ("upcard", "draw", "discard")
                else "This hand is over: deal the next hand."
            )
        self.game.apply(action)

    def next_hand(self) -> None:
        """Put away the finished hand's result so that play goes on (the bot may move first)."""
        if self.phase != "hand-over":
            raise IllegalActionError("There is no finished hand to put away.")
        self.results_seen = len(self.game.hand_results)

    def bot_steps(self) -> Iterator[Step]:
        """Play the bot's turns one action at a time, up to the person's next decision.

        A generator, so that the table can show each step before the next is
        played; it stops at the end of a hand, which waits for the person.
        """
        hands_before = len(self.game.hand_results)
        while (
            not self.game.over
            and self.game.to_move == AI
            and len(self.game.hand_results) == hands_before == self.results_seen
        ):
            view = self.game.view(AI)
            action = self._bot.choose(view, list(view.legal_actions))
            pile_top = view.discard_pile[-1] if view.discard_pile else None
            self.game.apply(action)
            if action.card is not None:
                shown = str(action.card)
            elif action.kind in (ActionKind.TAKE, ActionKind.DRAW_PILE) and pile_top is not None:
                shown = str(pile_top)
            else:
                shown = None
            yield Step(str(action), shown)

    def count_into(self, stats: LevelStats) -> LevelStats:
        """Add the hands (and the game, once over) not yet counted in ``stats``, each once."""
        for result in self.game.hand_results[self.results_counted :]:
            stats = stats.after_hand(result)
        if self.game.over and self.results_counted < len(self.game.hand_results):
            assert self.game.winner is not None
            stats = stats.after_game(self.game.winner, tuple(self.game.scores))
        self.results_counted = len(self.game.hand_results)
        return stats

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "level": self.level,
            "results_seen": self.results_seen,
            "results_counted": self.results_counted,
            "hints_used": self.hints_used,
            "game": self.game.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Any) -> TableSession:
        """Rebuild a saved table; anything corrupt or inconsistent raises ValueError."""
        if not isinstance(data, Mapping) or data.get("format") != SESSION_FORMAT:
            raise ValueError("this is not a saved Gin Rummy table")
        if data.get("version") != SESSION_VERSION:
            raise ValueError("this saved table is from another version of the game")
        counters = [data.get(name) for name in ("results_seen", "results_counted", "hints_used")]
        if not all(isinstance(value, int) and not isinstance(value, bool) for value in counters):
            raise ValueError("the saved table state is damaged")
        seen, counted, hints = (int(value) for value in counters)  # type: ignore[arg-type]
        return cls(
            level=data.get("level", ""),
            game=Game.from_dict(data.get("game")),
            results_seen=seen,
            results_counted=counted,
            hints_used=hints,
        )
