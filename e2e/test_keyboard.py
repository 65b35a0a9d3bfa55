"""The whole game by keyboard alone: S P X K G N H, the arrows and Enter, ? and Esc."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from . import positions
from .conftest import open_position, open_table
from .players import drag, hand_codes, wait_idle

WHY = '[data-testid="why"]'


def focused_card(page: Page) -> str:
    return str(page.evaluate("document.activeElement?.dataset?.card || ''"))


def refused_with(page: Page, key: str, text: str) -> None:
    """Press ``key`` where it cannot act: the table says why, and nothing else changes."""
    why = page.locator(WHY)
    serial = why.get_attribute("data-serial")
    phase, hand = page.get_attribute("body", "data-phase"), hand_codes(page)
    page.keyboard.press(key)
    expect(why).not_to_have_attribute("data-serial", serial or "")
    expect(why).to_contain_text(text)
    assert (page.get_attribute("body", "data-phase"), hand_codes(page)) == (phase, hand)


def test_a_full_hand_with_the_keyboard_only(page: Page, site_url: str) -> None:
    """X on the face-up card, S from the stock, H for a hint, the arrows and Enter to discard,
    K and G refused with their reasons, N for the next hand and P to take its card: each of
    these is pressed, and each does what it says, or the test fails."""
    open_table(page, site_url, "?seed=3&speed=0&level=easy")
    keyboard = page.keyboard
    used: set[str] = set()
    for _ in range(200):
        phase = wait_idle(page)
        if phase in ("hand-over", "game-over"):
            break
        if phase == "upcard":
            refused_with(page, "s", "First take the face-up card or pass.")
            keyboard.press("h")
            expect(page.locator('[data-testid="hint"]')).not_to_be_empty()
            used.add("h")
            keyboard.press("x")  # always pass: P is pressed on the next hand's card
            wait_idle(page)
            assert len(hand_codes(page)) == 10, "passing takes no card"
            used.add("x")
        elif phase == "draw":
            before = hand_codes(page)
            keyboard.press("s")
            assert wait_idle(page) == "discard" and len(hand_codes(page)) == len(before) + 1
            # The card drawn takes the focus: the discard is chosen from there.
            assert focused_card(page) not in ("", *before)
            used.add("s")
        else:
            gin = page.get_attribute('[data-action="gin"]', "aria-disabled") != "true"
            knock = page.get_attribute('[data-action="knock"]', "aria-disabled") != "true"
            if not (gin or knock) and not {"k", "g"} <= used:
                refused_with(page, "k", "You cannot knock yet")
                refused_with(page, "g", "No discard leaves you without deadwood yet.")
                used |= {"k", "g"}
            keyboard.press("ArrowRight")
            keyboard.press("ArrowRight")
            keyboard.press("ArrowLeft")
            used.add("arrows")
            assert focused_card(page), "the arrow keys put the focus on a card of the hand"
            assert page.evaluate("document.activeElement.dataset.playable") == "true"
            discarded = focused_card(page)
            keyboard.press("Enter")
            after = wait_idle(page)
            assert discarded not in hand_codes(page)
            # The focus stays in the hand, on the card in the discarded one's place (it fell
            # to the page's start, where the arrows had to find the hand again).
            if after not in ("hand-over", "game-over"):
                assert focused_card(page) in hand_codes(page)
            used.add("enter")
    assert wait_idle(page) in ("hand-over", "game-over")
    assert used == {"h", "x", "s", "k", "g", "arrows", "enter"}, used
    expect(page.locator('[data-testid="result"]')).to_be_visible()
    keyboard.press("n")
    assert wait_idle(page) in ("upcard", "draw")
    # Next hand's button has gone with the result: the new hand has the focus.
    assert focused_card(page) in hand_codes(page)
    before = hand_codes(page)
    keyboard.press("p")  # the face-up card, or the computer's discard on top of the pile
    assert wait_idle(page) == "discard" and len(hand_codes(page)) == len(before) + 1
    # The card taken may not be thrown back this turn: a card that may has the focus.
    assert focused_card(page) and page.evaluate("document.activeElement.dataset.playable") == "true"


def test_knock_and_gin_with_the_keyboard(page: Page, site_url: str) -> None:
    """K arms Knock and puts the focus on a knocking card, Esc disarms, Enter knocks; G goes gin."""
    keyboard = page.keyboard
    open_position(page, site_url, positions.about_to_knock(seed=7))
    assert wait_idle(page) == "discard"
    knock = page.locator('[data-action="knock"]')
    keyboard.press("k")
    expect(knock).to_have_attribute("aria-pressed", "true")
    keyboard.press("Escape")  # changed my mind...
    expect(knock).to_have_attribute("aria-pressed", "false")
    keyboard.press("k")  # ...and knock after all
    expect(knock).to_have_attribute("aria-pressed", "true")
    assert focused_card(page) and page.evaluate("document.activeElement.dataset.playable")
    keyboard.press("Enter")
    assert wait_idle(page) in ("hand-over", "game-over")
    expect(page.locator('[data-testid="points"]')).to_contain_text("Knock")
    # The result's main button has the focus: Enter goes on (it fell to the page's start).
    page.wait_for_function("() => document.activeElement?.dataset?.action === 'next-hand'")
    # The keys' list looked up there gives the focus back to Next hand (it went to Menu,
    # where Enter opened the menu instead of dealing).
    keyboard.press("?")
    expect(page.locator('[data-testid="help-panel"]')).to_be_visible()
    keyboard.press("Escape")
    expect(page.locator('[data-testid="help-panel"]')).to_have_count(0)
    page.wait_for_function("() => document.activeElement?.dataset?.action === 'next-hand'")

    open_position(page, site_url, positions.about_to_go_gin(seed=55))
    assert wait_idle(page) == "discard"
    keyboard.press("g")
    expect(page.locator('[data-action="gin"]')).to_have_attribute("aria-pressed", "true")
    assert focused_card(page)
    keyboard.press("Enter")
    assert wait_idle(page) in ("hand-over", "game-over")
    expect(page.locator('[data-testid="result-headline"]')).to_contain_text("Gin!")


def test_enter_discards_on_the_turn_after_a_drag(page: Page, site_url: str) -> None:
    """A person who dragged a card onto the pile and then plays by keyboard: the browser
    sends no click after such a drag, and none may be waited for to swallow."""
    open_table(page, site_url, "?seed=3&speed=0&level=easy")
    for _ in range(2):
        phase = wait_idle(page)
        if phase == "upcard":
            page.keyboard.press("x")
        elif phase == "draw":
            page.keyboard.press("s")
    assert wait_idle(page) == "discard"
    thrown = hand_codes(page)[-1]
    drag(page, f'[data-testid="hand"] [data-card="{thrown}"]', '[data-testid="pile"]')
    assert wait_idle(page) == "draw"
    assert thrown not in hand_codes(page)
    page.keyboard.press("s")
    assert wait_idle(page) == "discard"
    page.keyboard.press("ArrowRight")
    discarded = focused_card(page)
    assert discarded
    page.keyboard.press("Enter")
    assert wait_idle(page) in ("draw", "upcard", "hand-over")
    assert discarded not in hand_codes(page)


def test_keys_panel_lists_the_shortcuts(page: Page, site_url: str) -> None:
    """Pressed over a card, ? opens the keys; Escape closes them and gives the card its focus
    back."""
    open_table(page, site_url)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    card = focused_card(page)
    assert card
    page.keyboard.press("?")
    panel = page.locator('[data-testid="help-panel"]')
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("Draw from the stock")
    shown = set(panel.locator("kbd").all_inner_texts())
    assert {"S", "P", "X", "K", "G", "N", "H", "?", "Esc", "Enter", "← →"} <= shown, shown
    page.keyboard.press("Escape")
    expect(panel).to_have_count(0)
    page.wait_for_function("c => document.activeElement?.dataset?.card === c", arg=card)


def test_the_keys_panel_shows_its_keys_in_a_narrow_window(page: Page, site_url: str) -> None:
    """A narrow window hides the key letters on the buttons (they would not fit a row), and
    the rule hid the Keys panel's own keys too: a list of actions with an empty key column."""
    page.set_viewport_size({"width": 360, "height": 740})
    open_table(page, site_url)
    page.keyboard.press("?")
    panel = page.locator('[data-testid="help-panel"]')
    expect(panel).to_be_visible()
    sizes = panel.locator("kbd").evaluate_all(
        "keys => keys.map(key => key.getBoundingClientRect().width)"
    )
    assert sizes and min(sizes) > 0, sizes
    assert (
        page.locator('[data-action="pass"] kbd').evaluate("key => getComputedStyle(key).display")
        == "none"
    )


HAND_STOPS = """() => [...document.querySelectorAll('[data-testid="hand"] [data-card]')]
    .filter(card => card.tabIndex >= 0).map(card => card.dataset.card)"""


def test_the_hand_is_one_stop_of_the_tab_key(page: Page, site_url: str) -> None:
    """Tab reaches the hand once and goes on past it; the arrows move along it; the card
    last focused stays the hand's stop through a move and the table's redrawing."""
    open_table(page, site_url)
    assert wait_idle(page) == "upcard"
    assert len(page.evaluate(HAND_STOPS)) == 1
    for _ in range(40):  # from the page's start to the hand
        page.keyboard.press("Tab")
        if focused_card(page):
            break
    first = focused_card(page)
    assert first == hand_codes(page)[0], "the hand's stop is its first card at first"
    page.keyboard.press("Tab")
    assert not focused_card(page), "one Tab leaves the hand"
    assert page.evaluate("document.activeElement.closest('.hand-area') !== null"), "to its sorts"
    page.keyboard.press("Shift+Tab")
    assert focused_card(page) == first
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    third = focused_card(page)
    assert third == hand_codes(page)[2]
    assert page.evaluate(HAND_STOPS) == [third]
    page.keyboard.press("x")  # pass: the computer plays, and the hand is drawn again
    assert wait_idle(page) in ("draw", "upcard")
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    assert focused_card(page) == third, "the stop is the card the keyboard left"
    assert page.evaluate(HAND_STOPS) == [third]


def test_pass_by_its_button_leaves_the_focus_on_the_stock(page: Page, site_url: str) -> None:
    """Enter on Pass: the button goes with the turn, and the focus goes to the stock, where
    Enter then draws, instead of falling to the page's start."""
    open_table(page, site_url, "?seed=3&speed=0&level=easy")
    assert wait_idle(page) == "upcard"
    page.locator('[data-action="pass"]').focus()
    page.keyboard.press("Enter")
    phase = wait_idle(page)
    assert page.evaluate("document.activeElement.dataset.testid") == "stock"
    if phase == "draw":  # the computer has not ended the hand meanwhile
        cards = len(hand_codes(page))
        page.keyboard.press("Enter")
        wait_idle(page)
        assert len(hand_codes(page)) == cards + 1, "Enter on the stock draws"


def test_focus_is_visible(page: Page, site_url: str) -> None:
    open_table(page, site_url)
    page.keyboard.press("Tab")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none")


ACTIVE_ACTION = "document.activeElement?.dataset?.action || ''"


def test_the_menu_and_its_panels_by_keyboard(page: Page, site_url: str) -> None:
    """Enter on the menu's button puts the focus on its first entry (the menu comes after the
    whole table in the page's order), Tab walks its entries, and a panel opened from it gives
    the focus back to the menu's button as it closes, so the keyboard carries on from there."""
    open_table(page, site_url)
    page.locator('[data-action="menu"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator('[data-testid="menu"]')).to_be_visible()
    assert page.evaluate(ACTIVE_ACTION) == "new-game"
    seen = []
    while page.evaluate(ACTIVE_ACTION) != "settings":
        page.keyboard.press("Tab")
        seen.append(page.evaluate(ACTIVE_ACTION))
        assert len(seen) < 5, f"Tab left the menu's entries: {seen}"
    page.keyboard.press("Enter")
    expect(page.locator('[data-testid="settings-panel"]')).to_be_visible()
    assert page.evaluate(ACTIVE_ACTION) == "close-panel"
    page.keyboard.press("Tab")  # into the panel's first setting, a list: Escape still closes
    assert page.evaluate("document.activeElement.tagName") == "SELECT"
    page.keyboard.press("Escape")
    expect(page.locator('[data-testid="settings-panel"]')).to_have_count(0)
    assert page.evaluate(ACTIVE_ACTION) == "menu"
    page.keyboard.press("Enter")
    expect(page.locator('[data-testid="menu"]')).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator('[data-testid="menu"]')).to_have_count(0)
    assert page.evaluate(ACTIVE_ACTION) == "menu"
    # Tab out of the menu, past its last entry (its language list) and the page's start (its
    # button, which keeps it open), to the table closes it; the focus stays where it went (the
    # menu lay over the move log it reached).
    page.keyboard.press("Enter")
    expect(page.locator('[data-testid="menu"]')).to_be_visible()
    outside = """() => { const e = document.activeElement;
        return !!e && e !== document.body && !e.closest('[data-testid="menu"]')
            && e.dataset.action !== "menu"; }"""
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate(outside):
            break
    expect(page.locator('[data-testid="menu"]')).to_have_count(0)
    expect(page.locator('[data-action="menu"]')).to_have_attribute("aria-expanded", "false")
    assert page.evaluate(outside), "the focus stayed where Tab took it"


def test_a_pressed_sort_does_not_look_like_the_focus(page: Page, site_url: str) -> None:
    """The pressed sort wore a gold edge, near the focus ring's yellow: a keyboard player read
    it as the focus.  Unfocused, its edge has no yellow in it, and it has no outline."""
    open_table(page, site_url, "?seed=1&speed=0")
    wait_idle(page)
    pressed = page.locator('.sort[aria-pressed="true"]')
    expect(pressed).to_have_count(1)
    assert pressed.evaluate("b => b !== document.activeElement")
    shadow, outline = pressed.evaluate(
        "b => { const s = getComputedStyle(b); return [s.boxShadow, s.outlineStyle]; }"
    )
    assert outline == "none"
    colours = [
        tuple(int(n) for n in found.split(",")[:3])
        for found in re.findall(r"rgba?\(([\d, .]+)\)", shadow)
    ]
    assert colours, shadow
    yellow = [(r, g, b) for r, g, b in colours if r > 200 and g > 150 and b < 140]
    assert not yellow, shadow
