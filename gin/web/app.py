"""The browser controller: draws the table and turns clicks and keys into session calls.

This is the only module that talks to the page (through the ``document`` and
``window`` objects PyScript gives it).  It owns no game logic: the session
decides what is legal, the presenter what is shown, and the renderer how.
Everything it keeps in ``localStorage`` is validated when read back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import replace
from typing import Any

from gin.actions import IllegalActionError
from gin.ai import hint as hard_hint
from gin.i18n import LANGUAGES, Translator, pick_language
from gin.table.presenter import ARMABLE, Presenter
from gin.table.session import TableSession
from gin.table.settings import SORT_MODES, Settings
from gin.table.stats import Statistics
from gin.web.render import PANELS, Chrome, table_html
from gin.web.sound import Sound

SAVE_KEY = "gin-rummy/session"
SETTINGS_KEY = "gin-rummy/settings"
STATS_KEY = "gin-rummy/statistics"
STEP_DELAY_S = 0.55
"""How long each of the computer's moves stays on screen at speed 1."""
KEY_ACTIONS = {"s": "stock", "p": "pile", "x": "pass", "k": "knock", "g": "gin", "n": "next-hand"}


class TableApp:
    """The table on the page: the person's UI state (panels, sorting, armed knock) and a session."""

    def __init__(self, document: Any, window: Any) -> None:
        self.document = document
        self.window = window
        self.root = document.getElementById("app")
        self.notices: list[str] = []
        params = window.URLSearchParams.new(window.location.search)
        stored, discarded = Settings.from_dict(self._load_json(SETTINGS_KEY))
        self.settings = stored
        if not stored.language:
            languages = [str(tag) for tag in window.navigator.languages]
            self.settings = replace(stored, language=pick_language(languages))
        self.tr = Translator(self.settings.language)
        self.presenter = Presenter(self.tr)
        if discarded:
            self.notices.append(
                self.tr.gettext("Some saved settings were not valid and were reset.")
            )
        if params.has("level"):
            self._apply_setting("level", str(params.get("level")))
        self.speed = self.settings.speed
        if params.has("speed"):
            with contextlib.suppress(ValueError):
                self.speed = min(max(float(str(params.get("speed"))), 0.0), 4.0)
        self.stats, damaged = Statistics.from_dict(self._load_json(STATS_KEY))
        if damaged:
            self.notices.append(
                self.tr.gettext("Your saved statistics were damaged and were reset.")
            )
        self.sound = Sound(window)
        self.order: list[str] = []
        self.armed: str | None = None
        self.selected: str | None = None
        self.busy = False
        self.log: list[str] = []
        self.hint = ""
        self.panel: str | None = None
        self.pending: Settings | None = None
        self.confirm_reset = False
        self._shown: tuple[str | None, int] = (None, 10)
        self.session = self._restore_or_start(params)

    # --- start-up and storage -------------------------------------------------------------

    def _apply_setting(self, name: str, value: object) -> None:
        with contextlib.suppress(ValueError):
            self.settings = self.settings.with_value(name, value)

    def _load_json(self, key: str) -> Any:
        text = self.window.localStorage.getItem(key)
        if not text:
            return None
        try:
            return json.loads(str(text))
        except ValueError:
            return "unreadable"

    def _restore_or_start(self, params: Any) -> TableSession:
        seed = None
        if params.has("seed"):
            try:
                seed = int(str(params.get("seed")))
            except ValueError:
                seed = None
        saved = self._load_json(SAVE_KEY)
        if saved is not None and seed is None:
            try:
                return TableSession.from_dict(saved)
            except (ValueError, TypeError) as error:
                self.window.console.warn(f"saved game refused: {error}")
                self.notices.append(
                    self.tr.gettext(
                        "Your saved game could not be restored (it was damaged or from another "
                        "version), so a new game has started."
                    )
                )
        return self.new_session(seed)

    def new_session(self, seed: int | None = None) -> TableSession:
        return TableSession(level=self.settings.level, seed=seed, rules=self.settings.rules())

    def save(self) -> None:
        """Keep the game (after every action), the settings and the statistics."""
        self.stats = self.stats.update(
            self.session.level, self.session.count_into(self.stats.levels[self.session.level])
        )
        storage = self.window.localStorage
        storage.setItem(SAVE_KEY, json.dumps(self.session.to_dict()))
        storage.setItem(SETTINGS_KEY, json.dumps(self.settings.to_dict()))
        storage.setItem(STATS_KEY, json.dumps(self.stats.to_dict()))

    # --- drawing --------------------------------------------------------------------------

    def render(self) -> None:
        model = self.presenter.table(
            self.session,
            mode=self.settings.sort,
            order=self.order,
            armed=self.armed,
            busy=self.busy,
            selected=self.selected,
        )
        if self.armed and not any(b.pressed for b in model.buttons):
            self.armed = None
        chrome = Chrome(
            settings=self.settings,
            language=self.settings.language,
            sort_mode=self.settings.sort,
            log=self.log,
            notices=self.notices,
            hint=self.hint,
            panel=self.panel,
            pending=self.pending,
            confirm_reset=self.confirm_reset,
            stats=self.stats,
            rules_html=self._rules_html() if self.panel == "rules" else "",
        )
        focus_key = self._focus_key(self.document.activeElement)
        self.root.innerHTML = table_html(model, self.presenter, chrome)
        self.root.classList.toggle("four-colour", self.settings.four_colour)
        self._mark_arrivals(model.pile[-1].code if model.pile else None, model.opponent_count)
        body = self.document.body
        body.dataset.phase = model.phase
        body.dataset.turn = model.turn
        body.dataset.busy = "true" if self.busy else "false"
        self.document.documentElement.lang = self.settings.language
        self.document.title = self.tr.gettext("Gin Rummy")
        self._translate_page_chrome()
        self.root.setAttribute("aria-label", self.tr.gettext("Gin Rummy table"))  # index.html's
        if focus_key:
            again = self.root.querySelector(focus_key)
            if again:
                again.focus()

    def _translate_page_chrome(self) -> None:
        """The texts that live outside ``#app``: the new-version banner (static/js/offline.js)."""
        _ = self.tr.gettext
        for element_id, text in (
            ("update-text", _("A new version of the game is ready.")),
            ("update-reload", _("Reload")),
        ):
            element = self.document.getElementById(element_id)
            if element:
                element.textContent = text

    def _rules_html(self) -> str:
        from gin.web.rules_page import rules_html

        return str(rules_html(self.tr, self.session.game.rules))

    def announce(self, text: str) -> None:
        """Say something to screen readers through the page's live region."""
        region = self.document.getElementById("announcer")
        if region:
            region.textContent = text

    def _mark_arrivals(self, pile_top: str | None, opponent_count: int) -> None:
        """Animate a card that just arrived on the pile or in the computer's hand, once."""
        arrivals = []
        if pile_top != self._shown[0]:
            arrivals.append('[data-testid="pile"] .card')
        if opponent_count > self._shown[1]:
            arrivals.append('[data-testid="opponent-hand"] .card:last-child')
        for selector in arrivals if self.speed > 0 else ():
            card = self.root.querySelector(selector)
            if card:  # not drawn while a hand's result is on show
                card.classList.add("arrive")
        self._shown = (pile_top, opponent_count)

    @staticmethod
    def _focus_key(element: Any) -> str | None:
        """A selector that finds the focused control again after a redraw."""
        if not element or not hasattr(element, "dataset"):
            return None
        data = element.dataset
        for name in ("card", "action", "testid", "sort", "control", "setting"):
            value = getattr(data, name, None)
            if value:
                attribute = "data-testid" if name == "testid" else f"data-{name}"
                return f'[{attribute}="{value}"]'
        return None

    # --- input ----------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-action],[data-card],[data-testid],[data-sort]")
        if not target or getattr(target, "disabled", False):
            return
        data = target.dataset
        action = str(data.action) if getattr(data, "action", None) else ""
        if action and self.on_menu(action):
            return
        if self.busy:
            return
        if getattr(data, "sort", None) and str(data.sort) in SORT_MODES:
            self.settings = self.settings.with_value("sort", str(data.sort))
            self.order = []
            self.save()
            self.render()
        elif action:
            self.on_action(action)
        elif str(getattr(data, "testid", "")) in ("stock", "pile"):
            self.on_draw(str(data.testid))
        elif getattr(data, "card", None) and target.closest('[data-testid="hand"]'):
            self.on_card(str(data.card), touch=str(getattr(event, "pointerType", "")) == "touch")

    def on_menu(self, action: str) -> bool:
        """Panels and menu actions, which work even while the computer plays."""
        if action in PANELS:
            self.panel = None if self.panel == action else action
            self.pending, self.confirm_reset = None, False
        elif action == "close-panel":
            self.panel, self.pending, self.confirm_reset = None, None, False
        elif action == "download":
            self.download_record()
            return True
        elif action == "reset-stats":
            self.confirm_reset = True
        elif action == "cancel-reset-stats":
            self.confirm_reset = False
        elif action == "confirm-reset-stats":
            self.stats = Statistics.empty()
            self.session.results_counted = len(self.session.game.hand_results)
            self.confirm_reset = False
            self.save()
        elif action == "cancel-rules":
            self.pending = None
        elif action == "apply-rules" and self.pending is not None and not self.busy:
            self.settings, self.pending = self.pending, None
            self.start_new_game()
            return True
        else:
            return False
        self.render()
        return True

    def on_change(self, event: Any) -> None:
        target = event.target
        dataset = target.dataset
        if getattr(dataset, "control", None) == "language" and str(target.value) in LANGUAGES:
            self.settings = self.settings.with_value("language", str(target.value))
            self.tr = Translator(self.settings.language)
            self.presenter = Presenter(self.tr)
            self.log, self.hint, self.notices = [], "", []
        elif getattr(dataset, "setting", None):
            self.change_setting(str(dataset.setting), target)
        else:
            return
        self.save()
        self.render()

    def change_setting(self, name: str, control: Any) -> None:
        value = (
            ("true" if control.checked else "false")
            if control.type == "checkbox"
            else str(control.value)
        )
        base = self.pending or self.settings
        try:
            changed = base.with_value(name, value)
        except ValueError:
            return  # the form offers only valid values; a typed-in target is corrected on redraw
        if changed.changes_rules(self.settings):
            self.pending = changed
        else:
            self.pending = None
            self.settings = changed
            self.speed = changed.speed

    def on_key(self, event: Any) -> None:
        """Keyboard play: see the Keys panel (render.help_panel) for the list."""
        target = event.target
        if str(target.tagName) in ("INPUT", "SELECT", "TEXTAREA") or event.ctrlKey or event.metaKey:
            return
        key = str(event.key)
        lower = key.lower()
        if key == "?":
            self.on_menu("help")
        elif key == "Escape":
            self.armed = None
            self.panel, self.pending, self.confirm_reset = None, None, False
            self.render()
        elif key in ("ArrowLeft", "ArrowRight"):
            self.move_focus(-1 if key == "ArrowLeft" else 1)
            event.preventDefault()
        elif lower == "h":
            self.on_action("hint")
        elif lower in KEY_ACTIONS and not self.busy:
            what = KEY_ACTIONS[lower]
            if what in ("stock", "pile"):
                self.on_draw(what)
            else:
                control = self.root.querySelector(f'[data-action="{what}"]')
                if control and not getattr(control, "disabled", False):
                    self.on_action(what)
            if what in ARMABLE and self.armed:
                self.move_focus(0)

    def move_focus(self, step: int) -> None:
        """Move the keyboard focus along the hand, preferring cards that can be played now."""
        cards = list(self.root.querySelectorAll('[data-testid="hand"] [data-card]'))
        if not cards:
            return
        playable = [c for c in cards if str(getattr(c.dataset, "playable", "")) == "true"]
        ring = playable or cards
        current = self.document.activeElement
        codes = [str(c.dataset.card) for c in ring]
        here = str(current.dataset.card) if getattr(current.dataset, "card", None) else ""
        index = codes.index(here) + step if here in codes else 0
        ring[index % len(ring)].focus()

    def on_action(self, action: str) -> None:
        if self.busy:
            return
        if action in ARMABLE:
            self.armed = None if self.armed == action else action
            self.selected = None
            self.render()
        elif action in ("take", "pass"):
            self.play(action)
        elif action == "hint":
            self.show_hint()
        elif action == "next-hand" and self.session.phase == "hand-over":
            self.session.next_hand()
            self.log = []
            self.advance()
        elif action == "new-game":
            self.start_new_game()

    def start_new_game(self) -> None:
        self.session = self.new_session()
        self.speed = self.settings.speed
        self.order, self.armed, self.log, self.hint = [], None, [], ""
        self.panel = None if self.panel == "settings" else self.panel
        self.advance()

    def show_hint(self) -> None:
        legal = self.session.legal_actions()
        if not legal:
            return
        advice = hard_hint(self.session.view, legal)
        self.hint = self.presenter.hint_text(advice)
        self.session.hints_used += 1
        level = self.session.level
        counted = self.stats.levels[level]
        self.stats = self.stats.update(level, replace(counted, hints_used=counted.hints_used + 1))
        self.save()
        self.render()
        self.announce(self.hint)

    def on_draw(self, pile: str) -> None:
        texts = {str(a) for a in self.session.legal_actions()}
        if pile == "stock" and "draw stock" in texts:
            self.play("draw stock")
        elif pile == "pile" and ("take" in texts or "draw pile" in texts):
            self.play("take" if "take" in texts else "draw pile")

    def on_card(self, code: str, touch: bool = False) -> None:
        """Play a card of the hand; on a touch screen the first tap only chooses it."""
        verb = self.armed or "discard"
        if f"{verb} {code}" not in {str(a) for a in self.session.legal_actions()}:
            return
        if touch and self.selected != code:
            self.selected = code
            self.render()
            return
        self.armed = None
        self.play(f"{verb} {code}")

    def on_drop(self, dragged: str, onto: str) -> None:
        """Move the dragged card of the hand to where it was dropped (the person's own order)."""
        current = self.presenter.table(self.session, mode=self.settings.sort, order=self.order)
        codes = [card.code for card in current.hand]
        if dragged in codes and onto in codes and dragged != onto:
            codes.remove(dragged)
            codes.insert(codes.index(onto), dragged)
            self.order = codes
            self.render()

    def play(self, action: str) -> None:
        try:
            self.session.play(action)
        except IllegalActionError as error:  # the page offers only legal actions
            self.window.console.warn(str(error))
            return
        self.hint = ""
        self.selected = None
        self.play_sound(action)
        self.advance()

    def play_sound(self, action: str) -> None:
        if self.settings.sound:
            self.sound.play(action if action.startswith("draw") else action.split()[0])

    def advance(self) -> None:
        """Save, then show the computer's moves (if it is to move) one at a time."""
        self.save()
        self.busy = True
        self.render()
        asyncio.ensure_future(self.show_bot_turns())

    async def show_bot_turns(self) -> None:
        try:
            for step in self.session.bot_steps():
                said = self.presenter.describe_step(step)
                self.log.append(said)
                self.announce(said)
                self.play_sound(step.action)
                self.save()
                if self.speed > 0:
                    self.render()
                    await asyncio.sleep(STEP_DELAY_S / self.speed)
        finally:
            self.busy = False
            self.render()
            if self.session.phase in ("hand-over", "game-over"):
                model = self.presenter.table(self.session)
                if model.result is not None:
                    self.announce(model.result.headline)

    def download_record(self) -> None:
        """Offer the game record (seed, rules, every action) as a JSON file."""
        from pyodide.ffi import to_js

        text = json.dumps(self.session.to_dict(), indent=1)
        blob = self.window.Blob.new(to_js([text]))
        url = self.window.URL.createObjectURL(blob)
        link = self.document.createElement("a")
        link.href = url
        link.download = f"gin-rummy-{self.session.game.seed}.json"
        link.click()
        self.window.URL.revokeObjectURL(url)
