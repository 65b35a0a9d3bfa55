"""The browser controller: draws the table and turns clicks and keys into session calls.

This is the only module that talks to the page (through the ``document`` and
``window`` objects PyScript gives it).  It owns no game logic: the session
decides what is legal, the presenter what is shown, and the renderer how.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from gin.actions import IllegalActionError
from gin.i18n import LANGUAGES, Translator, pick_language
from gin.table.presenter import ARMABLE, SORT_MODES, Presenter
from gin.table.session import LEVELS, TableSession
from gin.web.render import table_html

SAVE_KEY = "gin-rummy/session"
PREFS_KEY = "gin-rummy/preferences"
STEP_DELAY_S = 0.55
"""How long each of the computer's moves stays on screen at speed 1."""


class TableApp:
    """The table on the page: state of the person's UI (sorting, armed knock, busy) plus a session."""

    def __init__(self, document: Any, window: Any) -> None:
        self.document = document
        self.window = window
        self.root = document.getElementById("app")
        params = window.URLSearchParams.new(window.location.search)
        self.params = params
        prefs = self._load_json(PREFS_KEY) or {}
        self.speed = self._speed(params, prefs)
        language = prefs.get("language")
        if language not in LANGUAGES:
            language = pick_language([str(tag) for tag in window.navigator.languages])
        self.language = str(language)
        self.tr = Translator(self.language)
        self.presenter = Presenter(self.tr)
        self.level = params.get("level") if params.has("level") else prefs.get("level", "normal")
        if self.level not in LEVELS:
            self.level = "normal"
        self.sort_mode = prefs.get("sort") if prefs.get("sort") in SORT_MODES else "melds"
        self.order: list[str] = []
        self.armed: str | None = None
        self.selected: str | None = None
        self.busy = False
        self.log: list[str] = []
        self.session = self._restore_or_start(params)

    # --- start-up and storage ---------------------------------------------------------------

    @staticmethod
    def _speed(params: Any, prefs: dict[str, Any]) -> float:
        raw = params.get("speed") if params.has("speed") else prefs.get("speed", 1)
        try:
            speed = float(raw)
        except (TypeError, ValueError):
            return 1.0
        return min(max(speed, 0.0), 4.0)

    def _load_json(self, key: str) -> dict[str, Any] | None:
        text = self.window.localStorage.getItem(key)
        if not text:
            return None
        try:
            data = json.loads(str(text))
        except ValueError:
            return None
        return data if isinstance(data, dict) else None

    def _restore_or_start(self, params: Any) -> TableSession:
        seed = None
        if params.has("seed"):
            try:
                seed = int(str(params.get("seed")))
            except ValueError:
                seed = None
        saved_text = self.window.localStorage.getItem(SAVE_KEY)
        if saved_text and seed is None:
            try:
                return TableSession.from_dict(json.loads(str(saved_text)))
            except (ValueError, TypeError) as error:
                self.log.append(
                    self.tr.gettext("Your saved game could not be restored ({reason}). A new game has started.").format(
                        reason=error
                    )
                )
        return TableSession(level=self.level, seed=seed)

    def save(self) -> None:
        self.window.localStorage.setItem(SAVE_KEY, json.dumps(self.session.to_dict()))
        prefs = {"language": self.language, "level": self.level, "sort": self.sort_mode}
        self.window.localStorage.setItem(PREFS_KEY, json.dumps(prefs))

    # --- drawing --------------------------------------------------------------------------

    def render(self) -> None:
        model = self.presenter.table(
            self.session, mode=self.sort_mode, order=self.order, armed=self.armed, busy=self.busy
        )
        if self.armed and not any(b.pressed for b in model.buttons):
            self.armed = None
        focused = self.document.activeElement
        focus_key = self._focus_key(focused)
        self.root.innerHTML = table_html(
            model,
            self.tr,
            level=self.level,
            language=self.language,
            sort_mode=self.sort_mode,
            log=self.log,
            selected=self.selected,
        )
        body = self.document.body
        body.dataset.phase = model.phase
        body.dataset.turn = model.turn
        body.dataset.busy = "true" if self.busy else "false"
        self.document.documentElement.lang = self.language
        self.document.title = self.tr.gettext("Gin Rummy")
        if focus_key:
            again = self.root.querySelector(focus_key)
            if again:
                again.focus()

    @staticmethod
    def _focus_key(element: Any) -> str | None:
        """A selector that finds the focused control again after a redraw."""
        if not element or not hasattr(element, "dataset"):
            return None
        data = element.dataset
        for name in ("card", "action", "testid", "sort", "control"):
            if hasattr(data, name) and str(getattr(data, name)):
                attribute = "data-testid" if name == "testid" else f"data-{name}"
                return f'[{attribute}="{getattr(data, name)}"]'
        return None

    # --- input ----------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-action],[data-card],[data-testid],[data-sort]")
        if not target or self.busy:
            return
        data = target.dataset
        if target.disabled:
            return
        if hasattr(data, "sort") and str(data.sort) in SORT_MODES:
            self.sort_mode = str(data.sort)
            self.order = []
            self.save()
            self.render()
        elif hasattr(data, "action") and str(data.action):
            self.on_action(str(data.action))
        elif hasattr(data, "testid") and str(data.testid) in ("stock", "pile"):
            self.on_draw(str(data.testid))
        elif hasattr(data, "card") and target.closest('[data-testid="hand"]'):
            self.on_card(str(data.card))

    def on_change(self, event: Any) -> None:
        target = event.target
        control = str(target.dataset.control) if hasattr(target.dataset, "control") else ""
        if control == "language" and str(target.value) in LANGUAGES:
            self.language = str(target.value)
            self.tr = Translator(self.language)
            self.presenter = Presenter(self.tr)
            self.log = []
        elif control == "level" and str(target.value) in LEVELS:
            self.level = str(target.value)
        else:
            return
        self.save()
        self.render()

    def on_action(self, action: str) -> None:
        if action in ARMABLE:
            self.armed = None if self.armed == action else action
            self.render()
        elif action in ("take", "pass"):
            self.play(action)
        elif action == "next-hand":
            self.session.next_hand()
            self.log = []
            self.advance()
        elif action == "new-game":
            self.session = TableSession(level=self.level)
            self.order, self.armed, self.log = [], None, []
            self.advance()

    def on_draw(self, pile: str) -> None:
        texts = {str(a) for a in self.session.legal_actions()}
        if pile == "stock" and "draw stock" in texts:
            self.play("draw stock")
        elif pile == "pile":
            self.play("take" if "take" in texts else "draw pile")

    def on_card(self, code: str) -> None:
        verb = self.armed or "discard"
        if f"{verb} {code}" in {str(a) for a in self.session.legal_actions()}:
            self.armed = None
            self.play(f"{verb} {code}")

    def on_drop(self, dragged: str, onto: str) -> None:
        """Move the dragged card of the hand to where it was dropped (the person's own order)."""
        codes = [card.code for card in self.presenter.table(self.session, mode=self.sort_mode, order=self.order).hand]
        if dragged in codes and onto in codes and dragged != onto:
            codes.remove(dragged)
            codes.insert(codes.index(onto), dragged)
            self.order = codes
            self.render()

    def play(self, action: str) -> None:
        try:
            self.session.play(action)
        except IllegalActionError as error:  # the page offers only legal actions; say why anyway
            self.log.append(str(error))
            self.render()
            return
        self.advance()

    def advance(self) -> None:
        """Save, then show the computer's moves (if it is to move) one at a time."""
        self.save()
        self.busy = True
        self.render()
        asyncio.ensure_future(self.show_bot_turns())

    async def show_bot_turns(self) -> None:
        try:
            for step in self.session.bot_steps():
                self.log.append(self.presenter.describe_step(step))
                self.save()
                if self.speed > 0:
                    self.render()
                    await asyncio.sleep(STEP_DELAY_S / self.speed)
        finally:
            self.busy = False
            self.render()
