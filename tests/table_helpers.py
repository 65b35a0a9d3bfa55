"""A table driven in CPython as the page drives it: intents in, effects performed, bots answered."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from gin.actions import ActionKind
from gin.ai import hint, make_player
from gin.ai.coach import review_hand
from gin.cards import Card, parse_cards
from gin.i18n import Translator
from gin.records import HandResult
from gin.scoring import score_hand
from gin.table import effects as fx
from gin.table.intents import (
    Arm,
    BotDecided,
    ChooseCard,
    DrawFromPile,
    DrawFromStock,
    HintReady,
    Intent,
    Learn,
    LessonIntro,
    NextHand,
    NextLesson,
    Pass,
    PlayCard,
    PlayNow,
    ReviewReady,
    ShowMe,
)
from gin.table.presenter import Presenter
from gin.table.seats import AI, YOU
from gin.table.startup import Address, Stored, start
from gin.table.state import TablePhase, TableState
from gin.table.update import update

EN = Presenter(Translator("en"))
WORDS = EN.words


@dataclass
class Table:
    """A page without a browser: it performs Think, Advise and Review effects as the page does
    (the bot decides, Hard advises, the coach reviews), and keeps saves."""

    state: TableState
    effects: list[fx.Effect] = field(default_factory=list)
    saved: dict[str, object] = field(default_factory=dict)

    @classmethod
    def open(cls, seed: int = 1, level: str = "easy", stored: Stored | None = None) -> Table:
        state, effects = start(stored or Stored(settings={"level": level}), Address(seed=seed), [])
        table = cls(state)
        table.perform(effects)
        return table

    def send(self, intent: Intent) -> list[fx.Effect]:
        """Apply ``intent``; the computer's answers follow, as the page would play them."""
        self.state, effects = update(self.state, intent)
        self.perform(effects)
        return effects

    def perform(self, effects: list[fx.Effect]) -> None:
        self.effects = list(effects)
        pending = list(effects)
        while pending:
            effect = pending.pop(0)
            if isinstance(effect, fx.Save):
                for name in effect.forget:
                    self.saved.pop(name.replace("-", "_"), None)
                for name in ("table", "settings", "stats", "daily_table", "daily", "lessons"):
                    record = getattr(effect, name)
                    if record is not None:
                        self.saved[name] = record
            elif isinstance(effect, fx.Think):
                bot = make_player(effect.level, effect.seed)
                action = bot.choose(effect.view, list(effect.view.legal_actions))
                self.state, more = update(self.state, BotDecided(action, effect.ticket))
                self.effects += more
                pending += more
            elif isinstance(effect, fx.Advise):
                advice = hint(effect.view, list(effect.view.legal_actions))
                self.state, more = update(self.state, HintReady(advice, effect.ticket))
                self.effects += more
            elif isinstance(effect, fx.Review):
                review = review_hand(effect.record, effect.hand_number, effect.seat)
                self.state, more = update(self.state, ReviewReady(review, effect.ticket))
                self.effects += more
                pending += more
            elif isinstance(effect, fx.Later):  # a lesson's pace: at once, as at speed 0
                self.state, more = update(self.state, effect.tick)
                self.effects += more
                pending += more

    def reload(self, address: Address | None = None) -> Table:
        """The page opened again on what it saved (at ``address``: none, on the same day)."""
        stored = Stored(
            settings=self.saved.get("settings"),
            stats=self.saved.get("stats"),
            table=self.saved.get("table"),
            daily_table=self.saved.get("daily_table"),
            daily=self.saved.get("daily"),
            lessons=self.saved.get("lessons"),
        )
        state, effects = start(stored, address or Address(today=self.state.today), [])
        table = Table(state, saved=dict(self.saved))
        table.perform(effects)
        return table

    @property
    def phase(self) -> TablePhase:
        return self.state.phase

    def play_until(self, phase: TablePhase, rng: random.Random, limit: int = 3000) -> None:
        """Make the person's moves (random legal choices) until the table reaches ``phase``."""
        for _ in range(limit):
            if self.phase is phase:
                return
            self.send(sensible_intent(self.state, rng))
        raise AssertionError(f"never reached {phase}")


def sensible_intent(state: TableState, rng: random.Random) -> Intent:
    """A person's plausible next intent: draw, then knock when possible, else discard."""
    phase = state.phase
    if phase in (TablePhase.HAND_OVER, TablePhase.GAME_OVER):
        return NextHand()
    if phase is TablePhase.UPCARD:
        return rng.choice([Pass(), DrawFromPile()])
    if phase is TablePhase.DRAW:
        return rng.choice([DrawFromStock(), DrawFromStock(), DrawFromPile()])
    legal = state.legal()
    kinds = {action.kind for action in legal}
    if state.armed is None and kinds & {ActionKind.KNOCK, ActionKind.GIN} and rng.random() < 0.8:
        return Arm(ActionKind.KNOCK)
    wanted = {ActionKind.KNOCK, ActionKind.GIN} if state.armed else {ActionKind.DISCARD}
    cards = [a.card for a in legal if a.kind in wanted and a.card is not None]
    return PlayCard(rng.choice(cards))


def at_phase(phase: TablePhase, seed: int = 1, level: str = "easy") -> Table:
    """A table whose person is to act in ``phase`` (the first time it comes), the first visit's
    offer declined (it holds the table's keys, as a question does)."""
    table = Table.open(seed=seed, level=level)
    if table.state.offer:
        table.send(PlayNow())
    rng = random.Random(seed)
    for _ in range(3000):
        if table.phase is phase and (not table.state.in_hand or table.state.your_turn):
            return table
        table.send(sensible_intent(table.state, rng))
    raise AssertionError(f"never reached {phase}")


def lesson_tables() -> list[Table]:
    """A table in every state of the lessons: the first visit's offer, a lesson's
    introduction, a question with a refused move, a question about cards, the computer's
    melds after its knock, a lesson done, and the end of the path."""
    found: list[Table] = []
    table = Table.open(stored=Stored())  # a first visit: the offer is on show
    assert table.state.offer
    found.append(copy_of(table))
    table.send(Learn())
    found.append(copy_of(table))  # lesson 1's introduction
    table.send(LessonIntro(False))
    table.send(ChooseCard(Card.parse("7S")))  # in a meld: refused
    found.append(copy_of(table))
    table.send(ChooseCard(Card.parse("QH")))  # in no meld: chosen
    found.append(copy_of(table))
    while table.state.lessons.complete is False:
        run = table.state.lessons.run
        assert run is not None
        if table.state.lessons.intro:
            table.send(LessonIntro(False))
        elif run.done:
            found.append(copy_of(table))
            table.send(NextLesson())
        else:
            if run.current is not None and run.view.hand_results:
                found.append(copy_of(table))  # the computer's melds, laid down
            table.send(ShowMe())
    found.append(copy_of(table))
    return found


def copy_of(table: Table) -> Table:
    return Table(table.state, list(table.effects), dict(table.saved))


def refusal(table: Table) -> str:
    assert table.state.why is not None, "expected a refusal"
    return table.state.why.code.value


def knock_table() -> Table:
    """A discard phase in which knocking is possible but not every discard knocks."""
    for seed in range(200):
        table = Table.open(seed=seed)
        for _ in range(300):
            if table.phase is TablePhase.DISCARD and table.state.your_turn:
                legal = table.state.legal()
                kinds = {a.kind for a in legal}
                if ActionKind.KNOCK in kinds:
                    return table
                cards = [a.card for a in legal if a.kind is ActionKind.DISCARD]
                table.send(PlayCard(max(cards, key=lambda c: c.points)))  # type: ignore[union-attr]
            elif table.state.in_hand:
                table.send(DrawFromStock() if table.phase is TablePhase.DRAW else Pass())
            else:
                break
    raise AssertionError("no knock found")


def hand_result(knocker_cards: str, defender_cards: str, knocker: int = YOU) -> HandResult:
    """A finished hand of these two hands, knocked by ``knocker``."""
    score = score_hand(parse_cards(knocker_cards), parse_cards(defender_cards))
    winner = knocker if score.winner == "knocker" else 1 - knocker
    hands = (parse_cards(knocker_cards), parse_cards(defender_cards))
    if knocker == AI:
        hands = hands[::-1]
    return HandResult(
        1,
        0,
        score.kind,
        knocker,
        winner,
        score.points,
        (tuple(hands[0]), tuple(hands[1])),
        score.showdown,
    )


__all__ = [
    "EN",
    "WORDS",
    "YOU",
    "Table",
    "at_phase",
    "hand_result",
    "knock_table",
    "lesson_tables",
    "refusal",
    "sensible_intent",
]
