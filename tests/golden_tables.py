"""Golden tables: what the page shows and does in a few hundred table states, frozen.

Each scenario opens a table from fixed stored settings, then sends a seeded
mix of sensible and random intents (legal or not, reloads among them) through
``gin.table.update``; after every update, and after every answer of the
computer, it records what the table shows and does: the presenter's render
model, the renderer's region HTML, the page's attributes, the spoken texts and
the effects.  Every ninth record is also taken in the other three languages.

The computer, the hint and the coach are stand-ins with their own seeded
rules (nothing from ``gin/ai``), so a change of the AI's play does not change
these records; what is frozen is the table: its update, presenter and renderer.

``python -m tests.golden_tables`` rewrites ``tests/data/golden-tables.jsonl.xz``
(only for a deliberate change of what the page shows, in a commit of its own).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import lzma
import random
from collections.abc import Iterator
from enum import Enum
from pathlib import Path
from typing import Any
from unittest import mock

from gin.actions import Action, ActionKind
from gin.ai.coach import Decision, HandReview
from gin.ai.hints import REASONS, Hint
from gin.cards import DECK, Card, to_mask
from gin.game import Game
from gin.i18n import LANGUAGES, Translator
from gin.lessons.progress import Progress
from gin.melds import deadwood_mask
from gin.table import effects as fx
from gin.table.intents import (
    Arm,
    AskHint,
    BotDecided,
    Cancel,
    ChangeSetting,
    ChooseCard,
    ClosePanel,
    Confirm,
    DismissNotice,
    DownloadRecord,
    DrawFromPile,
    DrawFromStock,
    HintReady,
    Intent,
    KeyPress,
    MoveCard,
    NewGame,
    NextHand,
    OpenPanel,
    Panel,
    Pass,
    PlayCard,
    PlayNow,
    ResetStatistics,
    ReviewHand,
    ReviewReady,
    ReviewStep,
    SaveFailed,
    ShowDeck,
    SortHand,
    StoredElsewhere,
    TouchOnly,
)
from gin.table.presenter import Presenter
from gin.table.settings import LEVELS, SPEEDS, CardSize, SortMode
from gin.table.startup import Address, Stored, start
from gin.table.state import TablePhase, TableState
from gin.table.update import update
from gin.web.render import regions, table_classes

GOLDEN = Path(__file__).resolve().parent / "data" / "golden-tables.jsonl.xz"
RECORDED_GAME = GOLDEN.with_name("recorded-game.json")
SCENARIOS = 10
STEPS = 80
OTHER_LANGUAGES_EVERY = 9
PRESENTERS = {code: Presenter(Translator(code)) for code in LANGUAGES}
KEYS = ["s", "p", "x", "k", "g", "n", "h", "r", "?", "Escape", "Enter", "z", "ArrowLeft"]
KEYS += ["ArrowRight", "ArrowRight", "K", "N"]
MENU_PANELS = [panel for panel in Panel if panel is not Panel.REVIEW]
"""The panels the page opens with OpenPanel (the review opens with ReviewHand)."""


# --- the stand-ins for the AI -----------------------------------------------------------------


def _left(hand: int, card: Card) -> int:
    return deadwood_mask(hand ^ card.bit)


EAGER, PATIENT, STUBBORN = "eager", "patient", "stubborn"
"""How the players of a scenario end hands: knocking when they may, going gin only, never (the
stock runs down: dead hands)."""


def stand_in_move(
    view: Any, legal: list[Action], ticket: tuple[int, int], mode: str = EAGER
) -> Action:
    """The computer's move: greedy on deadwood, ending the hand as ``mode`` says."""
    rng = random.Random(f"bot/{ticket}")
    kinds = {a.kind for a in legal}
    if ActionKind.GIN in kinds and mode != STUBBORN:
        return next(a for a in legal if a.kind is ActionKind.GIN)
    knocks = [a for a in legal if a.kind is ActionKind.KNOCK]
    if knocks and mode == EAGER and rng.random() < 0.7:
        return rng.choice(knocks)
    hand = to_mask(view.hand)
    discards = [a for a in legal if a.kind is ActionKind.DISCARD and a.card is not None]
    if discards:
        return min(discards, key=lambda a: (_left(hand, a.card), rng.random()))  # type: ignore[arg-type]
    top = view.discard_pile[-1] if view.discard_pile else None
    takes = [a for a in legal if a.kind in (ActionKind.TAKE, ActionKind.DRAW_PILE)]
    if takes and top is not None:
        with_top = hand | top.bit
        best = min(_left(with_top, c) for c in view.hand)
        if best < deadwood_mask(hand) and rng.random() < 0.8:
            return takes[0]
    return next(a for a in legal if a.kind not in (ActionKind.TAKE, ActionKind.DRAW_PILE))


CODES = sorted(REASONS)


def _reason(rng: random.Random, view: Any, legal: list[Action]) -> tuple[str, dict[str, Any]]:
    """A reason code and its arguments, typed as the hint and the coach give them."""
    code = rng.choice(CODES)
    cards = list(view.hand) or list(DECK[:3])
    values: dict[str, Any] = {
        "card": rng.choice(cards),
        "related": rng.choice(DECK),
        "avoided": rng.choice(cards),
        "action": rng.choice(legal),
        "deadwood": rng.randrange(0, 40),
        "risk": rng.randrange(0, 100),
        "chance": rng.randrange(0, 100),
    }
    names = [n for n in values if "{" + n + "}" in REASONS[code]]
    return code, {name: _reason_value(values[name]) for name in names}


def _reason_value(value: Any) -> Any:
    """A reason argument as the hint and the coach carry it (typed: a card, an action, a
    number)."""
    return value


def stand_in_hint(view: Any, legal: list[Action]) -> Hint:
    rng = random.Random(f"hint/{view.hand}/{view.discard_pile}/{len(view.history)}")
    code, args = _reason(rng, view, legal)
    action = rng.choice(legal)
    others = [a for a in legal if a != action]
    runner_up = rng.choice(others) if others else None
    margin = None if runner_up is None else rng.choice([0.0, 0.04, 1.26, 7.5, 12.349])
    return Hint(action, code, args, rng.random() * 20, "deadwood", runner_up, margin)


def stand_in_review(record: dict[str, Any], hand_number: int, seat: int) -> HandReview:
    """The seat's decisions in the hand, replayed from the record, with stand-in advice."""
    rng = random.Random(f"review/{record['checksum']}/{hand_number}")
    game = Game.record_start(record)
    found: list[Decision] = []
    for text in record["actions"]:
        legal = game.legal_actions()
        if game.hand_number == hand_number and game.to_move == seat and len(legal) > 1:
            view = game.view(seat)
            played = Action.parse(text)
            advised = played if rng.random() < 0.5 else rng.choice(legal)
            code, args = _reason(rng, view, legal)
            cost = None if rng.random() < 0.15 else round(rng.random() * 9, 2)
            found.append(
                Decision(
                    hand_number,
                    len(found) + 1,
                    view.hand,
                    view.discard_pile[-1] if view.discard_pile else None,
                    played,
                    advised,
                    code,
                    args,
                    0.0 if advised == played else cost,
                )
            )
        game.apply(text)
    return HandReview(hand_number, seat, tuple(found))


# --- what a record holds ---------------------------------------------------------------------


def plain(value: Any) -> Any:
    """A value as JSON: dataclasses as their fields (a field at its default left out), enums
    as their values, cards and actions as their text."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {}
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            if f.default is not dataclasses.MISSING and item == f.default:
                continue
            if f.default_factory is not dataclasses.MISSING and item == f.default_factory():
                continue
            out[f.name] = plain(item)
        return out
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Card | Action):
        return str(value)
    if isinstance(value, dict):
        return {str(plain(k)): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | frozenset | set):
        items = [plain(item) for item in value]
        return sorted(items, key=str) if isinstance(value, frozenset | set) else items
    if isinstance(value, float):
        return round(value, 6)
    return value


def _digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def effect_summary(effect: fx.Effect) -> Any:
    """An effect as JSON; the big records (saves, views) by their digest."""
    name = type(effect).__name__
    if isinstance(effect, fx.Save):
        return [name, *(None if r is None else _digest(r) for r in (effect.table,))] + [
            effect.settings,
            None if effect.stats is None else _digest(effect.stats),
        ]
    if isinstance(effect, fx.Think):
        view = effect.view
        return [name, effect.level, effect.seed, list(effect.ticket), effect.delay_ms, view.player]
    if isinstance(effect, fx.Review):
        return [name, _digest(effect.record), effect.hand_number, effect.seat, list(effect.ticket)]
    if isinstance(effect, fx.Advise):
        return [name, effect.view.player, len(effect.view.history), list(effect.ticket)]
    if isinstance(effect, fx.Download):
        return [name, effect.filename, _digest(effect.record)]
    if isinstance(effect, fx.ShowDown):
        return [name, effect.result.number]
    if isinstance(effect, fx.Announce):
        return [name, type(effect.subject).__name__, effect.seat, plain(effect.card)]
    return [name, plain(effect)]


_RULES_HTML: dict[tuple[str, str], str] = {}


def _rules_html(presenter: Presenter, state: TableState) -> str:
    """The rules page, as the page builds it: only while its panel is open."""
    if state.panel is not Panel.RULES:
        return ""
    from gin.web.rules_page import rules_html

    key = (presenter.tr.language, json.dumps(state.game.rules.to_dict(), sort_keys=True))
    if key not in _RULES_HTML:
        _RULES_HTML[key] = rules_html(presenter.tr, state.game.rules)
    return _RULES_HTML[key]


def shown(state: TableState, language: str) -> dict[str, Any]:
    """What the page shows of ``state`` in ``language``: model, regions, page attributes
    (or the error the presenter raised)."""
    presenter = PRESENTERS[language]
    try:
        model = presenter.table(state, _rules_html(presenter, state))
    except Exception as error:  # recorded: a golden record also freezes a known crash
        return {"crash": f"{type(error).__name__}: {error}"}
    return {
        "model": plain(model),
        "regions": regions(model),
        "page": [model.phase, model.turn, model.busy, model.language, table_classes(model)],
    }


def record_of(label: str, state: TableState, effects: list[fx.Effect], index: int) -> dict:  # type: ignore[type-arg]
    language = state.settings.language
    presenter = PRESENTERS[language]
    record: dict[str, Any] = {
        "step": label,
        "language": language,
        "effects": [effect_summary(e) for e in effects],
        "said": [presenter.announcement(e) for e in effects if isinstance(e, fx.Announce)],
        "phase": state.phase.value,
        "saved": _digest(state.record()),
        **shown(state, language),
    }
    if index % OTHER_LANGUAGES_EVERY == 0:
        record["other"] = {code: shown(state, code) for code in LANGUAGES if code != language}
    return record


# --- the scenarios -----------------------------------------------------------------------------


def _stored(rng: random.Random, number: int) -> Stored:
    rules = {
        "target": rng.choice([10, 10, 25, 40, 100]),
        "game_bonus": rng.random() < 0.5,
        "line_bonus": rng.random() < 0.5,
        "shutout_bonus": rng.random() < 0.5,
    }
    settings = {
        "rules": rules,
        "level": LEVELS[number % 3],
        "speed": rng.choice(SPEEDS),
        "sound": rng.random() < 0.5,
        "four_colour": rng.random() < 0.4,
        "card_size": rng.choice(list(CardSize)).value,
        "beginner_aid": rng.random() < 0.5,
        "sort": rng.choice(list(SortMode)).value,
        "language": list(LANGUAGES)[number % 4] if number % 3 == 2 else "en",
    }
    damaged = number % 5 == 4
    return Stored(
        settings=settings,
        stats={"version": 1, "levels": {"easy": {"gins": "x"}}} if damaged else None,
        # A returning person's (the damaged statistics): the lessons' offer answered long ago.
        lessons=Progress(offered=True).to_dict() if damaged else None,
        dropped=frozenset({"lessons"}) if number % 7 == 3 else frozenset(),
        blocked=number % 11 == 5,
    )


def _hand_cards(state: TableState) -> list[Card]:
    return list(state.view.hand) if state.in_hand else []


def sensible(state: TableState, rng: random.Random, mode: str = EAGER) -> Intent:
    """A person's plausible next intent: a greedy player, ending hands as ``mode`` says."""
    phase = state.phase
    if state.offer:  # the first visit's offer holds the table's keys: Play now
        return PlayNow()
    if state.question is not None:
        return rng.choice([Confirm(), Cancel(), KeyPress("Escape")])
    if state.panel is not None and rng.random() < 0.4:
        return rng.choice([ClosePanel(), KeyPress("Escape")])
    if rng.random() < 0.05:
        return OpenPanel(rng.choice(MENU_PANELS))
    if phase in (TablePhase.HAND_OVER, TablePhase.GAME_OVER):
        return rng.choice(
            [NextHand(), NextHand(), KeyPress("n"), ShowDeck(), ReviewHand(), KeyPress("r")]
            + [ReviewStep(1), KeyPress("ArrowRight"), ReviewStep(-1), OpenPanel(Panel.SHEET)]
        )
    if not state.your_turn:
        return rng.choice([DrawFromStock(), Cancel()])
    if phase is TablePhase.UPCARD:
        return rng.choice([Pass(), DrawFromPile(), KeyPress("x")])
    if phase is TablePhase.DRAW:
        top = state.view.discard_pile[-1]
        hand = to_mask(state.view.hand)
        better = min(_left(hand | top.bit, c) for c in state.view.hand) < deadwood_mask(hand)
        if better and len(state.legal()) > 1 and rng.random() < 0.8:
            return rng.choice([DrawFromPile(), KeyPress("p")])
        return rng.choice([DrawFromStock(), DrawFromStock(), KeyPress("s")])
    legal = state.legal()
    kinds = {action.kind for action in legal}
    ends = {
        EAGER: {ActionKind.KNOCK, ActionKind.GIN},
        PATIENT: {ActionKind.GIN},
        STUBBORN: set(),
    }[mode]
    if state.armed is None and kinds & ends and rng.random() < 0.7:
        return Arm(ActionKind.GIN if ActionKind.GIN in kinds else ActionKind.KNOCK)
    wanted = {ActionKind.KNOCK, ActionKind.GIN} if state.armed else {ActionKind.DISCARD}
    cards = [a.card for a in legal if a.kind in wanted and a.card is not None]
    hand = to_mask(state.view.hand)
    card = min(cards, key=lambda c: (_left(hand, c), rng.random()))
    if state.selected is not None and state.selected in cards:
        return ChooseCard(state.selected)
    return rng.choice([PlayCard(card), ChooseCard(card), KeyPress("arrowright", card)])


def random_intent(state: TableState, rng: random.Random) -> Intent:
    """Any intent a page (or a glitch) may send."""
    hand = _hand_cards(state) or list(DECK)
    choices: list[Intent] = [
        DrawFromStock(),
        DrawFromPile(),
        Pass(),
        Arm(ActionKind.KNOCK),
        Arm(ActionKind.GIN),
        NextHand(),
        NewGame(),
        Confirm(),
        Cancel(),
        ClosePanel(),
        ResetStatistics(),
        DownloadRecord(),
        ShowDeck(),
        AskHint(),
        AskHint(),
        ReviewHand(),
        ReviewStep(rng.choice([-1, 1])),
        SortHand(rng.choice(list(SortMode))),
        OpenPanel(rng.choice(MENU_PANELS)),
        OpenPanel(rng.choice(MENU_PANELS)),
        PlayCard(rng.choice(DECK)),
        ChooseCard(rng.choice(hand)),
        MoveCard(rng.choice(hand), rng.randrange(-2, 13)),
        ChangeSetting(
            rng.choice(
                ["target", "speed", "game_bonus", "sound", "language", "card_size", "level"]
                + ["four_colour", "beginner_aid", "nonsense"]
            ),
            rng.choice(["5", "100", "hard", "easy", "2.0", "0.0", "true", "false", "x"])
            if rng.random() < 0.7
            else rng.choice(["et", "pl", "hi", "en", "large", "small"]),
        ),
        KeyPress(rng.choice(KEYS), rng.choice([None, *hand[:3]])),
        DismissNotice(0),
        SaveFailed(),
        TouchOnly(rng.random() < 0.5),
    ]
    return rng.choice(choices)


def _label(intent: Intent) -> str:
    return f"{type(intent).__name__} {json.dumps(plain(intent), sort_keys=True)}"


def scenario(number: int) -> Iterator[tuple[str, TableState, list[fx.Effect]]]:
    """The states of one scenario, each with the effects of the update that made it."""
    rng = random.Random(f"golden/{number}")
    mode = STUBBORN if number == 7 else PATIENT if number % 4 == 3 else EAGER
    stored = _stored(rng, number)
    state, effects = start(stored, Address(seed=1000 + number), [])
    saved: dict[str, Any] = {}
    other_tab: dict[str, Any] | None = None
    pending = [("start", state, effects)]
    steps = {EAGER: STEPS, PATIENT: STEPS + 30, STUBBORN: STEPS + 50}[mode]
    calm = 0.78 if mode == EAGER else 0.97  # how many of the person's intents are sensible ones
    for step in range(steps):
        while pending:
            label, state, effects = pending.pop(0)
            yield label, state, effects
            for effect in effects:
                if isinstance(effect, fx.Save):
                    for name in ("table", "settings", "stats", "lessons"):
                        if getattr(effect, name) is not None:
                            saved[name] = getattr(effect, name)
                elif isinstance(effect, fx.Think):
                    view = effect.view
                    move = stand_in_move(view, list(view.legal_actions), effect.ticket, mode)
                    answer = BotDecided(move, effect.ticket)
                    state, more = update(state, answer)
                    pending.append((_label(answer), state, more))
                elif isinstance(effect, fx.Advise):
                    view = effect.view
                    advice = HintReady(stand_in_hint(view, list(view.legal_actions)), effect.ticket)
                    state, more = update(state, advice)
                    pending.append(("HintReady", state, more))
                elif isinstance(effect, fx.Review):
                    review = stand_in_review(effect.record, effect.hand_number, effect.seat)
                    answer = ReviewReady(review, effect.ticket)
                    state, more = update(state, answer)
                    pending.append((f"ReviewReady {effect.hand_number}", state, more))
        if step == steps // 2 and "table" in saved:
            other_tab = dict(saved)
        roll = rng.random()
        if roll < 0.03 and saved:
            reopened = Stored(
                saved.get("settings"),
                saved.get("stats"),
                saved.get("table"),
                lessons=saved.get("lessons"),
            )
            state, effects = start(reopened, Address(), [])
            pending.append(("reload", state, effects))
            continue
        if roll < 0.04 and other_tab is not None:
            intent: Intent = StoredElsewhere(other_tab.get("table"), other_tab.get("stats"))
        elif roll < calm:
            intent = sensible(state, rng, mode)
        else:
            intent = random_intent(state, rng)
        state, effects = update(state, intent)
        pending.append((_label(intent), state, effects))
    yield from pending


class _SeedSource(random.Random):
    """Stands in for ``random.SystemRandom``: the seeds of unseeded new games, in a fixed order."""

    def __init__(self) -> None:
        super().__init__("golden/new-game-seeds")


def records() -> Iterator[dict[str, Any]]:
    """Every golden record, in order."""
    seeds = _SeedSource()
    with (
        mock.patch("random.SystemRandom", lambda: seeds),
    ):
        index = 0
        for number in range(SCENARIOS):
            for label, state, effects in scenario(number):
                yield {"scenario": number, **record_of(label, state, effects, index)}
                index += 1


def write(path: Path = GOLDEN) -> int:
    lines = [json.dumps(record, sort_keys=True, ensure_ascii=False) for record in records()]
    text = "\n".join(lines) + "\n"
    path.write_bytes(lzma.compress(text.encode(), preset=9 | lzma.PRESET_EXTREME))
    return len(lines)


def read(path: Path = GOLDEN) -> list[dict[str, Any]]:
    text = lzma.decompress(path.read_bytes()).decode()
    return [json.loads(line) for line in text.splitlines() if line]


# --- a recorded game ----------------------------------------------------------------------------


def game_facts(game: Game) -> dict[str, Any]:
    """What a replayed game must come to: every hand's result, the bonuses, the scores."""
    return {
        "hands": [plain(result) for result in game.hand_results],
        "bonuses": [plain(bonus) for bonus in game.bonuses],
        "scores": game.scores,
        "winner": game.winner,
        "over": game.over,
    }


def write_recorded_game(path: Path = RECORDED_GAME) -> None:
    """Play a whole game (Hard against Normal, every bonus on) and freeze its record, the
    record of its first finished hands, the replay's printout and the facts."""
    from gin.ai import make_player
    from gin.replay import replay_lines
    from gin.rules import Rules

    game = Game(seed=20240611, rules=Rules(game_bonus=True, line_bonus=True, shutout_bonus=True))
    players = [make_player("hard", 1), make_player("normal", 2)]
    midway: dict[str, Any] | None = None
    while not game.over:
        seat = game.to_move
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat), game.legal_actions()))
        if midway is None and len(game.hand_results) == 2:
            midway = game.finished_hands_record()
    record = game.to_dict()
    data = {
        "record": record,
        "finished_hands": midway,
        "replay": list(replay_lines(record)),
        "facts": game_facts(game),
    }
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    count = write()
    print(f"{count} records -> {GOLDEN} ({GOLDEN.stat().st_size / 1024:.0f} KB)")
    if not RECORDED_GAME.exists():  # played once: its record is the data, whatever the AI plays
        write_recorded_game()
        print(f"a recorded game -> {RECORDED_GAME}")
