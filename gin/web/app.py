"""The page's controller: DOM events become intents, effects are performed, the model is painted.

The only module (with its helpers in this package) that talks to the page.
It holds no game logic: :func:`gin.table.update.update` decides what an
intent does, the presenter what is shown, the renderer how.  Each concern is
one short method: turning an element into an intent (:meth:`TableApp.intent_of`),
painting (:meth:`TableApp.paint`), performing effects (:meth:`TableApp.perform`),
and storage (:class:`gin.web.store.Store`).
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any, TypeVar

from gin.ai import hinting, make_player
from gin.ai.base import Run, Steps, deciding
from gin.ai.coach import reviewing
from gin.cards import Card
from gin.i18n import Translator
from gin.table import effects as fx
from gin.table.intents import (
    BotDecided,
    ChangeSetting,
    GoBack,
    HintReady,
    Intent,
    Panel,
    ReviewReady,
    SaveFailed,
    ShareDone,
    StoredElsewhere,
    Today,
    TouchOnly,
)
from gin.table.keys import key_press, takes_over
from gin.table.pointer import Spot, Target, click_intent
from gin.table.presenter import Presenter
from gin.table.startup import ONCE_ONLY, read_address, start
from gin.table.update import update
from gin.web.back import BackButton
from gin.web.drag import Drag
from gin.web.motion import Motion, Rect, places, read_pieces
from gin.web.render import regions, table_classes, table_html
from gin.web.sound import Player as SoundPlayer
from gin.web.store import FOLLOWED, Store

DRAW_AT_THE_LATEST_MS = 100
"""A hidden page has no animation frames: its table is drawn by a timer after this long."""
SLICE_SECONDS = 0.04
"""The longest the computer thinks in one task of the page before it lets the page paint and
answer: Hard's decision takes 150 to 450 ms on a phone-class CPU, and a tap that came
meanwhile would wait for all of it (the bar: no task over 200 ms, issue 20)."""

T = TypeVar("T")


async def in_slices(steps: Steps[T]) -> T:
    """Run ``steps`` (:data:`gin.ai.base.Steps`) to its end, giving the page back its main
    thread whenever a slice has taken :data:`SLICE_SECONDS`."""
    run = Run(steps)
    until = time.perf_counter() + SLICE_SECONDS
    for _ in run:
        if time.perf_counter() >= until:
            await asyncio.sleep(0)
            until = time.perf_counter() + SLICE_SECONDS
    return run.result


@dataclass
class Pending:
    """What the drawing of a frame needs from the intents that came before it: where the cards
    were, the scores before, and every intent's effects in order."""

    places: dict[str, Rect]
    scores: tuple[int, ...]
    effects: list[fx.Effect] = field(default_factory=list)


class TableApp:
    """The table on one page: its state, and the page it paints."""

    def __init__(self, document: Any, window: Any, dom: Any) -> None:
        self.document = document
        self.window = window
        self.dom = dom  # static/js/table-dom.mjs: the page's side of painting and motion
        self.root = document.getElementById("app")
        self.store = Store(window)
        params = window.URLSearchParams.new(window.location.search)
        names = ("seed", "level", "speed", "daily")
        address, warnings = read_address(
            {name: str(params.get(name)) for name in names if params.has(name)}
        )
        location = window.location
        address = replace(
            address, today=self.today(), page_url=f"{location.origin}{location.pathname}"
        )
        for warning in warnings:
            window.console.warn(warning)
        stored = self.store.load()
        languages = [str(tag) for tag in window.navigator.languages]
        self.state, first = start(stored, address, languages)
        self._forget_once_only()
        self._presenter: Presenter | None = None
        self._rules: tuple[str, str] = ("", "")
        self.sound = SoundPlayer(window)
        self.motion = Motion()
        self._reduced_motion = window.matchMedia("(prefers-reduced-motion: reduce)")
        self.drag = Drag(document, self.dispatch, dom.swallowClick)
        self.back = BackButton(window.history, lambda: self.dispatch(GoBack()))
        self._first = first
        self._drawn: dict[str, str] = {}
        self._busy = "true"  # the table's busy flag as last drawn
        self._after_frame: list[fx.Effect] = []  # effects waiting for the next task
        self._pending: Pending | None = None
        self._heard_while_saving = False  # another tab stored something before this one saved
        from pyodide.ffi import create_proxy

        self._draw_callback = create_proxy(self.draw)

    def _forget_once_only(self) -> None:
        """Take what the address asked for once (:data:`ONCE_ONLY`) out of the address bar,
        now that the table has it: a reload then resumes the game as the person left it."""
        url = self.window.URL.new(self.window.location.href)
        found = [name for name in ONCE_ONLY if url.searchParams.has(name)]
        if found:
            for name in found:
                url.searchParams.delete(name)
            self.window.history.replaceState(self.window.history.state, "", url.href)

    def begin(self) -> None:
        """Paint the table and perform the start-up effects (the bot may move first)."""
        touch = self.window.matchMedia("(hover: none) and (pointer: coarse)").matches
        self.state, _ = update(self.state, TouchOnly(bool(touch)))
        focus, others = _focus_apart(self._first)
        drawing, log_changed = self.drawing(focus)
        self.dom.paint(self.root, drawing)
        self.dom.layOut(self.root, log_changed)
        self.back.start(self.state.back_closes)
        self.follow_back()
        self.perform(others)
        if self.state.settings.sound:
            from pyodide.ffi import create_once_callable

            self.dom.whenIdle(create_once_callable(lambda _deadline: self.sound.prepare()))

    # --- the loop: intent -> update -> paint -> effects --------------------------------------

    def today(self) -> date:
        """Today's date in UTC by the page's clock (the daily deal's day)."""
        now = self.window.Date.new()
        return date(int(now.getUTCFullYear()), int(now.getUTCMonth()) + 1, int(now.getUTCDate()))

    def dispatch(self, intent: Intent, in_next_frame: bool = False) -> None:
        """One turn of the loop: the update, then the drawing, now or in the next frame.

        A click is drawn in the next animation frame (``in_next_frame``), as Elm's runtime
        draws every message: the two clicks of a double-click, which land before one frame,
        then pay for one drawing instead of two, and the second no longer waits for the
        first's.  The page says it is busy until then.  Everything else, and a click while
        one waits, is drawn at once with what waits.  A hidden page has no animation frames:
        a timer draws it if no frame comes.  Each step leaves a User Timing measure
        (``gin:update``...), which bench/table_speed.py reads to say where the time of a
        click goes."""
        if not isinstance(intent, StoredElsewhere) and self.catch_up():
            return  # meant for a table that another tab has moved on from
        today = self.today()
        if today != self.state.today and not isinstance(intent, Today):
            self.state, _ = update(self.state, Today(today))  # past midnight (UTC)
        timing = self.window.performance
        start = timing.now()
        waiting = self._pending is not None
        if self._pending is None:
            # Where the cards are before any intent moved them (FLIP's first): the page
            # shows the table as it was until the drawing.
            self._pending = Pending(
                places(read_pieces(self.dom.measure(self.root))), self.state.view.scores
            )
        measured = timing.now()
        self.state, effects = update(self.state, intent)
        self._pending.effects.extend(effects)
        self.dom.timings(
            json.dumps((("gin:measure", start, measured), ("gin:update", measured, timing.now())))
        )
        if not in_next_frame or waiting:
            self.draw()
        else:
            self.document.body.dataset.busy = "true"
            self.dom.inNextFrame(self._draw_callback, DRAW_AT_THE_LATEST_MS)

    def draw(self) -> None:
        """Draw the intents of this frame: paint, lay out, set the cards moving and move the
        focus; the other effects (save, sound, the computer's thinking...) follow in the
        page's next task, in the order they came (:meth:`perform_after_frame`)."""
        pending, self._pending = self._pending, None
        if pending is None:
            return
        timing = self.window.performance
        start = timing.now()
        focus, others = _focus_apart(pending.effects)
        drawing, log_changed = self.drawing(focus)
        rendered = timing.now()
        self.dom.paint(self.root, drawing)
        painted = timing.now()
        self.dom.layOut(self.root, log_changed)
        laid_out = timing.now()
        if self.animated:
            self.motion.speed = self.state.speed
            after = read_pieces(self.dom.measure(self.root))
            scores = (pending.scores, self.state.view.scores)
            plan = self.motion.plan(pending.places, after, pending.effects, scores)
            if plan:
                self.dom.animate(self.root, plan.to_json())
        settled = timing.now()
        self.follow_back()
        self.perform_after_frame(others)
        self.follow_what_was_heard()
        steps = (
            ("gin:render", start, rendered),
            ("gin:paint", rendered, painted),
            ("gin:layout", painted, laid_out),
            ("gin:motion", laid_out, settled),
            ("gin:effects", settled, timing.now()),
        )
        self.dom.timings(json.dumps(steps))

    def perform_after_frame(self, effects: list[fx.Effect]) -> None:
        """Perform ``effects`` in the page's next task, once this frame is drawn.

        Saving, a sound, an announcement and the start of the computer's thinking change
        nothing the frame shows, and in it they kept a click from being painted for 3 to 14 ms
        at 4× (the focus, which shows, moves in the frame).  They wait in one queue, so that
        they are performed in the order they came whatever the drawings between, and the page
        says it is busy until they are done, so that nothing reads the stored game before it
        is saved.  A hidden page paints no frame and its timers are throttled (to one a
        second, or a minute): there they are performed at once."""
        asked = bool(self._after_frame)  # the next task is asked for already
        self._after_frame.extend(effects)
        if not self._after_frame:
            return
        if self.document.hidden:
            self.perform_waiting()
            return
        self.document.body.dataset.busy = "true"
        if not asked:
            from pyodide.ffi import create_once_callable

            self.window.setTimeout(create_once_callable(self.perform_waiting), 0)

    def perform_waiting(self) -> None:
        """The effects that waited for the frame (:meth:`perform_after_frame`), in order."""
        effects, self._after_frame = self._after_frame, []
        timing = self.window.performance
        start = timing.now()
        self.perform(effects)
        if not self._after_frame and not self.back.leaving:
            self.document.body.dataset.busy = self._busy
        self.dom.timings(json.dumps((("gin:effects", start, timing.now()),)))
        self.follow_what_was_heard()

    @property
    def presenter(self) -> Presenter:
        language = self.state.settings.language
        if self._presenter is None or self._presenter.tr.language != language:
            self._presenter = Presenter(Translator(language))
        return self._presenter

    @property
    def animated(self) -> bool:
        return self.state.speed > 0 and not self._reduced_motion.matches

    def drawing(self, focus: list[fx.Focus]) -> tuple[str, bool]:
        """The drawing of the state's render model, as JSON for the page's ``paint``: the
        first time the whole table, then only the regions whose HTML changed (the page draws
        them anew, keeping the keyboard focus where it was); and whether the move log changed
        (it then shows its newest move).

        The drawing carries the ``focus`` effects: the page moves the focus once the regions
        are drawn, in the one style and layout pass that the drawing's focus and the cards'
        measures need.  Moved afterwards, with the cards' flights begun, it cost a second
        pass in the frame (5 to 10 ms at 4x)."""
        model = self.presenter.table(self.state, self._rules_html())
        drawn = regions(model)
        drawing: dict[str, Any]
        if not self._drawn:
            drawing = {"table": table_html(model, drawn)}
        else:
            changed = {name: html for name, html in drawn.items() if self._drawn[name] != html}
            anew = []
            if "sheet" in changed:
                # The log sits under the score sheet: kept (grown) while the sheet above it
                # grows, it would be a layout shift; drawn anew, it is a new element.
                changed["log"] = drawn["log"]
                anew = ["log"]
            drawing = {"classes": table_classes(model), "regions": changed, "anew": anew}
        log_changed = self._drawn.get("log") != drawn["log"]
        self._drawn = drawn
        self._busy = "true" if model.busy else "false"
        drawing |= {
            "body": {
                "phase": model.phase,
                "turn": model.turn,
                "busy": "true" if model.busy or self.back.leaving else "false",
            },
            "lang": model.language,
            "title": model.labels["document"],
            "label": model.labels["table"],
            "texts": {
                "update-text": model.labels["update"],
                "update-reload": model.labels["reload"],
            },
            "shake": self.motion.shake(model.why.target, model.why.serial) if model.why else None,
            "focus": [_focus_request(effect) for effect in focus],
        }
        return json.dumps(drawing), log_changed

    def _rules_html(self) -> str:
        """The rules page, built on first use (its module is not needed to start)."""
        if self.state.panel is not Panel.RULES:
            return ""
        language = self.state.settings.language
        if self._rules[0] != language:
            from gin.web.rules_page import rules_html

            self._rules = (language, rules_html(self.presenter.tr, self.state.game.rules))
        return self._rules[1]

    # --- effects -------------------------------------------------------------------------

    def perform(self, effects: list[fx.Effect]) -> None:
        for effect in effects:
            if isinstance(effect, fx.Save):
                if not self.store.save(effect):
                    self.dispatch(SaveFailed())
            elif isinstance(effect, fx.PlaySound):
                if self.state.settings.sound:
                    self.sound.play(effect.sound)
            elif isinstance(effect, fx.Announce):
                self.announce(self.presenter.announcement(effect))
            elif isinstance(effect, fx.Think):
                asyncio.ensure_future(self.think(effect))
            elif isinstance(effect, fx.Advise):
                asyncio.ensure_future(self.advise(effect))
            elif isinstance(effect, fx.Review):
                asyncio.ensure_future(self.review(effect))
            elif isinstance(effect, fx.Download):
                self.download(effect)
            elif isinstance(effect, fx.Share):
                asyncio.ensure_future(self.share(effect))
            elif isinstance(effect, fx.Later):
                asyncio.ensure_future(self.later(effect))

    async def later(self, effect: fx.Later) -> None:
        """A lesson's paced move: its tick, once the table's pace has passed."""
        await asyncio.sleep(effect.delay_ms / 1000)
        self.dispatch(effect.tick)

    async def think(self, effect: fx.Think) -> None:
        """The computer's move, after the table's pace; it answers with an intent."""
        await asyncio.sleep(effect.delay_ms / 1000)
        timing = self.window.performance
        start = timing.now()
        bot = make_player(effect.level, effect.seed)
        action = await in_slices(deciding(bot, effect.view, list(effect.view.legal_actions)))
        self.dom.timings(json.dumps((("gin:think", start, timing.now()),)))
        # The thinking and the drawing of its move are separate tasks of the page, so that
        # neither keeps the page from answering (or from painting a frame) for their sum.
        await asyncio.sleep(0)
        self.dispatch(BotDecided(action, effect.ticket))

    async def advise(self, effect: fx.Advise) -> None:
        """Hard's advice on the person's move, worked out a slice at a time as its moves are."""
        advice = await in_slices(hinting(effect.view, effect.view.legal_actions))
        self.dispatch(HintReady(advice, effect.ticket))

    async def review(self, effect: fx.Review) -> None:
        """The coach's review, a slice at a time: the page paints and answers between them, so
        the table never freezes while Hard goes through a hand."""
        review = await in_slices(reviewing(effect.record, effect.hand_number, effect.seat))
        self.dispatch(ReviewReady(review, effect.ticket))

    async def share(self, effect: fx.Share) -> None:
        """Copy the share text to the clipboard; where the browser refuses (no permission,
        not a secure page), the text stays on show, selected, for copying by hand."""
        text = self.presenter.deals.share_text(effect.shared, self.state.page_url)
        clipboard = getattr(self.window.navigator, "clipboard", None)
        copied = False
        if clipboard:
            try:
                await clipboard.writeText(text)
                copied = True
            except Exception as error:  # NotAllowedError: the browser's refusal
                self.window.console.warn(f"clipboard refused: {error}")
        self.dispatch(ShareDone(copied))
        box = self.root.querySelector('[data-testid="share-text"]')
        if box:
            box.focus()  # into the box the person opened (Escape or Close puts it away)
            if not copied:
                box.select()

    def announce(self, text: str) -> None:
        region = self.document.getElementById("announcer")
        if region:
            region.textContent = text

    def download(self, effect: fx.Download) -> None:
        from pyodide.ffi import to_js

        blob = self.window.Blob.new(to_js([json.dumps(effect.record, indent=1)]))
        url = self.window.URL.createObjectURL(blob)
        link = self.document.createElement("a")
        link.href = url
        link.download = effect.filename
        link.click()
        self.window.URL.revokeObjectURL(url)

    # --- events -> intents ---------------------------------------------------------------

    def intent_of(self, element: Any, keyboard: bool) -> Intent | None:
        """The intent a click on ``element`` sends (None: the click means nothing): the page
        finds the nearest card of the hand, control, stock or pile, and
        :func:`gin.table.pointer.click_intent` says what a click on it means."""
        found = element.closest(_CLICKABLE)
        if not found:
            return None
        data = found.dataset
        testid = str(getattr(data, "testid", ""))
        if testid in (Spot.STOCK, Spot.PILE):
            target = Target(spot=Spot(testid))
        elif getattr(data, "action", None):
            target = Target(control=str(data.action))
        else:
            target = Target(card=Card.parse(str(data.card)))
        return click_intent(target, keyboard)

    def on_click(self, event: Any) -> None:
        # A click made with the keyboard (Enter, Space) has no pointer position: detail 0.
        # (The click that ends a drag never comes here: the page swallows it, Drag.begin.)
        keyboard = int(event.detail) == 0
        intent = self.intent_of(event.target, keyboard=keyboard)
        if intent is not None:
            if event.target.closest("a[href]") is None:
                event.preventDefault()
            self.dispatch(intent, in_next_frame=True)

    def on_change(self, event: Any) -> None:
        target = event.target
        data = target.dataset
        if getattr(data, "control", None) == "language":
            self.dispatch(ChangeSetting("language", str(target.value)))
        elif getattr(data, "setting", None):
            value: str | bool = (
                bool(target.checked) if str(target.type) == "checkbox" else str(target.value)
            )
            self.dispatch(ChangeSetting(str(data.setting), value))

    def on_key(self, event: Any) -> None:
        """A key press, handed to the table unless it is the browser's
        (:func:`gin.table.keys.key_press`)."""
        key = str(event.key)
        focused = self.document.activeElement
        over: Card | str | None = None  # a card of the hand, or a control by its action name
        if focused and focused.closest and focused.closest(_HAND_CARD):
            over = Card.parse(str(focused.dataset.card))
        elif focused and self.root.contains(focused) and focused.hasAttribute("data-action"):
            over = str(focused.getAttribute("data-action"))
        # A key sent to the document itself (by a script) has a target without a tag name.
        typing = str(getattr(event.target, "tagName", "")) in ("INPUT", "SELECT", "TEXTAREA")
        press = key_press(key, over, typing=typing, modified=bool(event.ctrlKey or event.metaKey))
        if press is None:
            return
        if takes_over(key):
            event.preventDefault()
        self.dispatch(press)

    def follow_back(self) -> None:
        """Keep the page's history in step with what is open (:class:`BackButton`); while
        its entry is being taken off, the page says it is busy."""
        self.back.follow(self.state.back_closes)
        if self.back.leaving:
            self.document.body.dataset.busy = "true"

    def on_popstate(self, _event: Any) -> None:
        """Back or Forward within the page (:meth:`BackButton.on_popstate`)."""
        self.back.on_popstate(self.state.back_closes)
        if not self.back.leaving and self._pending is None and not self._after_frame:
            self.document.body.dataset.busy = self._busy

    def catch_up(self) -> bool:
        """Follow what other tabs stored unheard; True if this tab's game was replaced."""
        missed = self.store.missed()
        if missed is None:
            return False
        game = self.state.game
        self.dispatch(StoredElsewhere(**missed))
        return self.state.game is not game

    def on_stored(self, event: Any) -> None:
        """Another tab of this game stored something: follow what is stored now.

        Storage is the one arbiter between tabs: the record stored last is the game, in
        every tab.  So a tab follows the record stored *now*, not the one the event carries
        (two tabs that moved at once would each take the other's move), and a tab whose own
        move is drawn but not yet saved follows only after its save (else its save would
        store the move it has just left)."""
        if self.store.which(str(event.key) if event.key else "") not in FOLLOWED:
            return
        if self._pending is not None or self._after_frame:
            self._heard_while_saving = True
        else:
            self.catch_up()

    def follow_what_was_heard(self) -> None:
        """Once this tab's effects are performed (its move saved), follow what another tab
        stored meanwhile (:meth:`on_stored`)."""
        if self._heard_while_saving and self._pending is None and not self._after_frame:
            self._heard_while_saving = False
            self.catch_up()


_HAND_CARD = "[data-testid='hand'] [data-card]"
_CLICKABLE = f"{_HAND_CARD},[data-action],[data-testid='stock'],[data-testid='pile']"
"""What a click can reach; the nearest such element around the clicked one is the one."""


def _focus_apart(effects: list[fx.Effect]) -> tuple[list[fx.Focus], list[fx.Effect]]:
    """A drawing's focus effects (performed by the page as it draws) and the others."""
    focus = [effect for effect in effects if isinstance(effect, fx.Focus)]
    return focus, [effect for effect in effects if not isinstance(effect, fx.Focus)]


def _focus_selector(target: Card | str) -> str:
    """Where a focus effect's target is on the page: a card of the hand, or a control by its
    action name."""
    if isinstance(target, Card):
        return f'[data-testid="hand"] [data-card="{target}"]'
    return f'[data-action="{target}"]'


def _focus_request(effect: fx.Focus) -> dict[str, Any]:
    """A focus effect for the page's ``paint`` (``moveFocus`` in static/js/table-dom.mjs)."""
    otherwise = None if effect.otherwise is None else _focus_selector(effect.otherwise)
    return {
        "target": _focus_selector(effect.target),
        "otherwise": otherwise,
        "ifLost": effect.if_lost,
    }
