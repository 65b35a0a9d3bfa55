"""A scripted person for the browser tests: plays the table as people do, by every input they use.

Each decision is made with the next input method of a rotation, so one game
clicks the stock and the face-up card on the pile (on the card's visible
middle, never its frame), drags from the stock and the pile into the hand and
from the hand to the pile, double-clicks, clicks twice, taps twice on a touch
screen, and plays with the keyboard.  Strategy (simple but not silly): take
the face-up card when it lowers the deadwood, knock or go gin whenever the
table offers it, otherwise discard the highest card that is in no meld.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import cycle

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from gin.cards import parse_cards, to_mask
from gin.melds import deadwood_mask

IDLE = 'body[data-ready="true"][data-busy="false"]'
HAND = '[data-testid="hand"]'
PILE_TOP = '[data-testid="pile"] .card.top'
STOCK = '[data-testid="stock"]'


SETTLED = """() => document.getAnimations().every(
    a => a.playState !== "running" || a.effect.getComputedTiming().iterations === Infinity
         || !(a.timeline instanceof DocumentTimeline))"""
"""No card is still moving (endless animations, such as the thinking clock, do not count, nor
those that follow scrolling, such as a long hint's fade)."""


def wait_idle(page: Page) -> str:
    """Wait until the table takes input and the cards have come to rest; return its phase."""
    page.wait_for_selector(IDLE, state="attached")
    page.wait_for_function(SETTLED)
    return page.get_attribute("body", "data-phase") or ""


def hand_cards(page: Page) -> list[dict[str, object]]:
    return page.eval_on_selector_all(
        f"{HAND} [data-card]",
        """els => els.map(e => ({code: e.dataset.card, playable: e.dataset.playable === "true",
                              melded: e.classList.contains("in-meld")}))""",
    )


def visible_middle(page: Page, selector: str) -> tuple[float, float]:
    """The middle of the part of an element a person sees (a fanned card: its uncovered strip).

    An element below the fold is scrolled to first, as a person would.
    """
    for attempt in range(3):
        try:
            page.locator(selector).first.scroll_into_view_if_needed()
            break
        except PlaywrightError:  # redrawn meanwhile (the computer moved): find it again
            if attempt == 2:
                raise
    point = page.eval_on_selector(
        selector,
        """el => {
            const box = el.getBoundingClientRect();
            let right = box.right;
            const next = el.nextElementSibling;
            if (next && next.matches("[data-card], .card")) {
                right = Math.min(right, next.getBoundingClientRect().left);
            }
            return [(box.left + right) / 2, box.top + box.height / 2];
        }""",
    )
    x, y = point
    covering = page.evaluate(
        "([x, y, s]) => { const e = document.elementFromPoint(x, y);"
        " return e && e.closest(s) === document.querySelector(s) ? '' : (e ? e.outerHTML : '-'); }",
        [x, y, selector],
    )
    assert not covering, f"the visible middle of {selector} is covered by {covering[:200]}"
    return x, y


def click_visible(page: Page, selector: str, count: int = 1) -> None:
    x, y = visible_middle(page, selector)
    page.mouse.click(x, y, click_count=count)


def tap_visible(page: Page, selector: str) -> None:
    x, y = visible_middle(page, selector)
    page.touchscreen.tap(x, y)


def drag(page: Page, source: str, target: str) -> None:
    """Press on ``source``'s visible middle, move in steps, release on ``target``'s."""
    drag_points(page, visible_middle(page, source), visible_middle(page, target))


def drag_points(page: Page, start: tuple[float, float], end: tuple[float, float]) -> None:
    """Press at ``start``, move past the drag's threshold and on in steps, release at ``end``."""
    (x, y), (tx, ty) = start, end
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 12, y - 6, steps=3)
    page.mouse.move(tx, ty, steps=6)
    page.mouse.up()


def card_selector(code: str) -> str:
    return f'{HAND} [data-card="{code}"]'


def choose_discard(cards: list[dict[str, object]]) -> str:
    playable = [card for card in cards if card["playable"]]
    loose = [card for card in playable if not card["melded"]] or playable
    best = max(loose, key=lambda card: parse_cards(str(card["code"]))[0].points)
    return str(best["code"])


def pile_helps(page: Page) -> bool:
    """Whether taking the face-up card and then the best discard lowers the deadwood."""
    codes = [str(card["code"]) for card in hand_cards(page)]
    top = page.get_attribute(PILE_TOP, "data-card")
    if not top:
        return False
    mask = to_mask(parse_cards(" ".join(codes)))
    with_top = mask | parse_cards(top)[0].bit
    best = min(deadwood_mask(with_top ^ card.bit) for card in parse_cards(" ".join(codes)))
    return best < deadwood_mask(mask) - 4


class Person:
    """Plays one decision at a time, rotating through the ways people give input."""

    def __init__(
        self,
        page: Page,
        touch: bool = False,
        settle: Callable[[Page], str] = wait_idle,
        second_click_ms: float = 0,
    ) -> None:
        """``settle`` waits until the table takes the next decision and returns its phase
        (bench/table_speed.py passes one that leaves the measured frames alone);
        ``second_click_ms`` is how long the person takes between the two clicks or taps of
        a discard (0: at once, as fast as the browser takes them; a person's double-click
        is some 100 to 200 ms)."""
        self.page = page
        self.touch = touch
        self.settle = settle
        self.second_click_ms = second_click_ms
        draws: list[Callable[[str], None]] = [
            self._click_draw,
            self._drag_draw,
            self._key_draw,
        ]
        discards: list[Callable[[str], None]] = [
            self._click_twice,
            self._double_click,
            self._drag_to_pile,
            self._key_discard,
        ]
        if touch:
            draws, discards = [self._tap_draw], [self._tap_twice]
        self._draws = cycle(draws)
        self._discards = cycle(discards)
        self.used: set[str] = set()

    def decide(self) -> str:
        """Make the next decision the table asks for; returns the phase it was made in."""
        page = self.page
        phase = self.settle(page)
        if phase in ("hand-over", "game-over"):
            click_visible(page, '[data-action="next-hand"]')
        elif phase == "upcard":
            take = pile_helps(page)
            if self.touch:
                tap_visible(page, '[data-action="take"]' if take else '[data-action="pass"]')
            elif take:
                click_visible(page, PILE_TOP)  # the face-up card itself
                self.used.add("click face-up card")
            else:
                click_visible(page, '[data-action="pass"]')
        elif phase == "draw":
            enabled = page.get_attribute('[data-testid="pile"]', "data-enabled") == "true"
            next(self._draws)("pile" if enabled and pile_helps(page) else "stock")
        elif phase == "discard":
            self._arm_if_possible()
            next(self._discards)(choose_discard(hand_cards(page)))
        return phase

    def _arm_if_possible(self) -> None:
        for armable in ("gin", "knock"):
            button = f'[data-action="{armable}"]'
            if self.page.get_attribute(button, "aria-disabled") != "true":
                if self.touch:
                    tap_visible(self.page, button)
                else:
                    click_visible(self.page, button)
                self.used.add(f"arm {armable}")
                return

    # --- the ways of drawing ----------------------------------------------------------------

    def _click_draw(self, source: str) -> None:
        click_visible(self.page, STOCK if source == "stock" else PILE_TOP)
        self.used.add(f"click {source}")

    def _tap_draw(self, source: str) -> None:
        tap_visible(self.page, STOCK if source == "stock" else PILE_TOP)
        self.used.add(f"tap {source}")

    def _drag_draw(self, source: str) -> None:
        cards = hand_cards(self.page)
        target = card_selector(str(cards[len(cards) // 2]["code"]))
        drag(self.page, STOCK if source == "stock" else PILE_TOP, target)
        self.used.add(f"drag {source}")

    def _key_draw(self, source: str) -> None:
        self.page.keyboard.press("s" if source == "stock" else "p")
        self.used.add(f"key {source}")

    # --- the ways of discarding --------------------------------------------------------------

    def _pause(self) -> None:
        if self.second_click_ms:
            self.page.wait_for_timeout(self.second_click_ms)

    def _click_twice(self, code: str) -> None:
        click_visible(self.page, card_selector(code))
        self._pause()
        click_visible(self.page, card_selector(code))
        self.used.add("click twice")

    def _double_click(self, code: str) -> None:
        # What mouse.click(click_count=2) sends, with the person's pause between the clicks.
        x, y = visible_middle(self.page, card_selector(code))
        mouse = self.page.mouse
        mouse.move(x, y)
        mouse.down()
        mouse.up()
        self._pause()
        mouse.down(click_count=2)
        mouse.up(click_count=2)
        self.used.add("double-click")

    def _tap_twice(self, code: str) -> None:
        tap_visible(self.page, card_selector(code))
        self._pause()
        tap_visible(self.page, card_selector(code))
        self.used.add("tap twice")

    def _drag_to_pile(self, code: str) -> None:
        drag(self.page, card_selector(code), '[data-testid="pile"]')
        self.used.add("drag to pile")

    def _key_discard(self, code: str) -> None:
        page = self.page
        for _ in range(12):
            if page.evaluate("document.activeElement?.dataset?.card || ''") == code:
                break
            page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement?.dataset?.card || ''") == code
        page.keyboard.press("Enter")
        self.used.add("keyboard")


def play_one_decision(page: Page) -> str:
    return Person(page).decide()


def play_game(page: Page, person: Person | None = None, max_decisions: int = 5000) -> Person:
    """Play until the page shows game over; returns the person (with the inputs it used)."""
    person = person or Person(page)
    for _ in range(max_decisions):
        if wait_idle(page) == "game-over":
            return person
        person.decide()
    raise AssertionError("the game did not end")


# --- the menu and its panels ---------------------------------------------------------------

MENU = '[data-testid="menu"]'


def press(page: Page, selector: str, touch: bool = False) -> None:
    """Click (or tap) the visible middle of a control."""
    if touch:
        tap_visible(page, selector)
    else:
        click_visible(page, selector)


def open_menu(page: Page, touch: bool = False) -> None:
    if not page.locator(MENU).count():
        press(page, '[data-action="menu"]', touch)
    page.wait_for_selector(MENU)


def choose_from_menu(page: Page, action: str, touch: bool = False) -> None:
    """Open the menu and press one of its items (``new-game``, ``settings``, ``download``...)."""
    open_menu(page, touch)
    press(page, f'{MENU} [data-action="{action}"]', touch)


def open_panel(page: Page, name: str, touch: bool = False) -> None:
    """Open a panel from the menu: ``settings``, ``stats``, ``rules``, ``help`` or ``sheet``."""
    choose_from_menu(page, name, touch)
    page.wait_for_selector(f'[data-testid="{name}-panel"]')


def close_panel(page: Page, name: str) -> None:
    click_visible(page, f'[data-testid="{name}-panel"] [data-action="close-panel"]')
    page.wait_for_selector(f'[data-testid="{name}-panel"]', state="detached")


def answer(page: Page, yes: bool) -> None:
    """Answer the open question (``[data-testid="confirm"]``): confirm or cancel."""
    page.wait_for_selector('[data-testid="confirm"]')
    click_visible(page, f'[data-testid="confirm"] [data-action="{"confirm" if yes else "cancel"}"]')
    page.wait_for_selector('[data-testid="confirm"]', state="detached")


def hand_codes(page: Page) -> list[str]:
    return [str(card["code"]) for card in hand_cards(page)]
