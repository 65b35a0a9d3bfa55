"""Whole games at the table, played as people play: clicks, double-clicks, drags and keys."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import open_table, stored
from .players import (
    HAND,
    PILE_TOP,
    STOCK,
    Person,
    card_selector,
    click_visible,
    close_panel,
    drag,
    drag_points,
    hand_cards,
    open_panel,
    play_game,
    play_one_decision,
    visible_middle,
    wait_idle,
)


def shown_number(page: Page, selector: str) -> int:
    return int(page.inner_text(selector).strip())


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_full_game_against_each_level_with_every_input(
    page: Page, site_url: str, level: str
) -> None:
    open_table(page, site_url, f"?seed=11&speed=0&level={level}")
    person = play_game(page)
    for method in ("click stock", "drag stock", "key stock", "click twice", "double-click"):
        assert method in person.used, (method, person.used)
    assert {"drag to pile", "keyboard"} <= person.used
    you = shown_number(page, '[data-testid="final-you"]')
    ai = shown_number(page, '[data-testid="final-ai"]')
    rows_you = page.eval_on_selector_all("td[data-you]", "els => els.map(e => +e.dataset.you)")
    rows_ai = page.eval_on_selector_all("td[data-ai]", "els => els.map(e => +e.dataset.ai)")
    assert rows_you and (you, ai) == (sum(rows_you), sum(rows_ai))
    assert max(you, ai) >= 100
    over = page.locator('[data-testid="game-over"]')
    expect(over).to_contain_text("won the game")
    expect(page.locator('[data-action="next-hand"]')).to_be_focused()
    assert page.locator('[aria-disabled="true"]:visible').count() == 0, "nothing disabled in view"
    click_visible(page, '[data-action="next-hand"]')  # Play again
    assert wait_idle(page) in ("upcard", "draw", "discard")
    assert shown_number(page, '[data-testid="score-you"]') == 0


def test_the_face_up_card_is_taken_by_clicking_the_card_itself(page: Page, site_url: str) -> None:
    """The defect that started the redesign: the pile's card ignored clicks."""
    open_table(page, site_url)
    assert wait_idle(page) == "upcard"
    upcard = page.get_attribute(PILE_TOP, "data-card")
    click_visible(page, PILE_TOP)
    assert wait_idle(page) == "discard"
    cards = hand_cards(page)
    assert len(cards) == 11
    taken = next(card for card in cards if card["code"] == upcard)
    assert not taken["playable"], "the card just taken from the pile cannot be discarded"
    click_visible(page, card_selector(str(upcard)))
    expect(page.locator('[data-testid="why"]')).to_have_text(
        "You cannot throw back the card you just took."
    )


TWO_CLICKS_IN_ONE_TASK = """selector => {
    performance.clearMeasures();
    const card = document.querySelector(selector);
    for (let i = 0; i < 2; i += 1) {
        card.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, detail: 1}));
    }
}"""
"""A double-click whose clicks land before one frame (a fast hand, or a phone's slow CPU)."""

STEPS_SO_FAR = """() => performance.getEntriesByType("measure").map(m => m.name)"""


def test_two_clicks_before_a_frame_are_drawn_once(page: Page, site_url: str) -> None:
    """Both clicks of a double-click update the table, and the table is drawn once for the
    two, in the next frame (gin/web/app.py, ``dispatch``): the card is discarded."""
    open_table(page, site_url, "?seed=1&speed=1")
    person = Person(page)
    while wait_idle(page) != "discard":
        person.decide()
    code = next(str(card["code"]) for card in hand_cards(page) if card["playable"])
    page.evaluate(TWO_CLICKS_IN_ONE_TASK, card_selector(code))
    page.wait_for_selector(f'[data-testid="pile"] [data-card="{code}"]', state="attached")
    steps = page.evaluate(STEPS_SO_FAR)
    assert steps.count("gin:update") == 2, steps
    assert steps.count("gin:render") == 1, steps
    assert code not in [card["code"] for card in hand_cards(page)]


def test_dragging_the_face_up_card_into_the_hand_takes_it(page: Page, site_url: str) -> None:
    open_table(page, site_url)
    upcard = page.get_attribute(PILE_TOP, "data-card")
    drag(page, PILE_TOP, card_selector(str(hand_cards(page)[3]["code"])))
    assert wait_idle(page) == "discard"
    assert upcard in [card["code"] for card in hand_cards(page)]


def test_every_control_does_what_it_says_or_says_why_not(page: Page, site_url: str) -> None:
    """Click the visible middle of each interactive element in each phase."""
    open_table(page, site_url, "?seed=2&speed=0")
    seen_phases = set()
    for _ in range(400):
        phase = wait_idle(page)
        if phase in seen_phases and len(seen_phases) >= 4:
            break
        seen_phases.add(phase)
        for selector in _controls(page):
            if not page.locator(selector).count() or wait_idle(page) != phase:
                break
            before = _snapshot(page)
            why = page.locator('[data-testid="why"]')
            serial = why.get_attribute("data-serial")
            click_visible(page, selector)
            wait_idle(page)
            changed = _snapshot(page) != before
            said = why.get_attribute("data-serial") != serial and why.inner_text().strip() != ""
            assert changed or said, f"{selector} in {phase} did nothing and said nothing"
            if changed:
                break
        if wait_idle(page) == phase:
            Person(page).decide()
    assert {"upcard", "draw", "discard", "hand-over"} <= seen_phases


def _controls(page: Page) -> list[str]:
    selectors = [STOCK, PILE_TOP]
    for action in ("take", "pass", "knock", "gin", "hint", "next-hand", "show-deck"):
        if page.locator(f'[data-action="{action}"]').count():
            selectors.append(f'[data-action="{action}"]')
    codes = [str(card["code"]) for card in hand_cards(page)]
    selectors += [card_selector(code) for code in codes[:3]]
    return [s for s in selectors if page.locator(s).count()]


def _snapshot(page: Page) -> tuple[object, ...]:
    return (
        page.get_attribute("body", "data-phase"),
        [c["code"] for c in hand_cards(page)],
        page.locator('[data-testid="hand"] [data-selected="true"]').count(),
        page.locator('[aria-pressed="true"]').count(),
        page.locator('[data-testid="hint"]').count(),
        page.locator('[data-testid="reveal"]').count(),
    )


def test_same_seed_same_deal(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=5&speed=0")
    first = [card["code"] for card in hand_cards(page)]
    page.evaluate("localStorage.clear()")
    open_table(page, site_url, "?seed=5&speed=0")
    assert [card["code"] for card in hand_cards(page)] == first
    page.evaluate("localStorage.clear()")
    open_table(page, site_url, "?seed=6&speed=0")
    assert [card["code"] for card in hand_cards(page)] != first


def test_clicks_while_the_computer_plays_say_wait_and_change_nothing(
    page: Page, site_url: str
) -> None:
    open_table(page, site_url, "?seed=2&speed=0.25")
    person = Person(page)
    for _ in range(6):
        if wait_idle(page) == "discard":
            break
        person.decide()
    before = stored(page, "table")["game"]["actions"]
    code = next(str(c["code"]) for c in hand_cards(page) if c["playable"])
    click_visible(page, card_selector(code), count=2)
    assert page.get_attribute("body", "data-busy") == "true"
    for selector in (STOCK, '[data-testid="pile"]', f"{HAND} [data-card]"):
        for element in page.query_selector_all(selector)[:3]:
            element.dispatch_event("click")
    expect(page.locator('[data-testid="why"]')).to_contain_text("computer is playing")
    wait_idle(page)
    after = stored(page, "table")["game"]["actions"]
    assert after[: len(before) + 1] == [*before, f"discard {code}"]
    ours = after[len(before) + 1 :]
    assert len(ours) == 2 or ours[-1].split()[0] in ("knock", "gin")


def test_drag_a_card_to_arrange_the_hand_and_sort(page: Page, site_url: str) -> None:
    open_table(page, site_url)
    before = [str(card["code"]) for card in hand_cards(page)]
    moved = before[-1]
    drag(page, card_selector(moved), card_selector(before[0]))
    after = [str(card["code"]) for card in hand_cards(page)]
    assert after[0] == moved and sorted(after) == sorted(before)
    click_visible(page, '[data-action="sort-rank"]')
    wait_idle(page)
    ranks = ["A23456789TJQK".index(str(c["code"])[0]) for c in hand_cards(page)]
    assert ranks == sorted(ranks)


def test_a_card_dropped_back_on_itself_is_not_chosen(page: Page, site_url: str) -> None:
    """The click the browser sends after a drag that ends on the card it began on is the
    drag's tail, not a tap: the page swallows it, and the next tap is a tap again."""
    open_table(page, site_url, "?seed=3&speed=0")
    while wait_idle(page) != "discard":
        play_one_decision(page)
    code = str(hand_cards(page)[0]["code"])
    chosen = page.locator('[data-testid="hand"] [data-selected="true"]')
    x, y = visible_middle(page, card_selector(code))
    drag_points(page, (x, y), (x, y))  # out past the drag's threshold and back
    wait_idle(page)
    assert chosen.count() == 0
    click_visible(page, card_selector(code))
    expect(chosen).to_have_count(1)
    assert chosen.get_attribute("data-card") == code


def test_the_table_shows_what_a_player_needs(page: Page, site_url: str) -> None:
    open_table(page, site_url)
    expect(page.locator('[data-testid="ruleset"]')).to_contain_text("1.0.0")
    expect(page.locator(f"{HAND} [data-card]")).to_have_count(10)
    expect(page.locator('[data-testid="opponent-hand"] .card')).to_have_count(10)
    assert page.locator('[data-testid="opponent-hand"] [data-card]').count() == 0
    expect(page.locator(PILE_TOP)).to_have_count(1)
    expect(page.locator('[data-testid="dealer"]')).to_have_count(1)
    expect(page.locator(STOCK)).to_contain_text("Stock")
    expect(page.locator(STOCK)).to_contain_text("31")
    expect(page.locator('[data-testid="deadwood"]')).to_contain_text("Deadwood")
    rank = page.locator(f"{HAND} [data-card^='T']")
    if rank.count():
        assert "T" not in rank.first.inner_text()
    visible_middle(page, STOCK)


LOG_SCROLLS = """() => {
    const list = document.querySelector('.side [data-testid="move-log"] ol');
    return !!list && list.scrollHeight > list.clientHeight;
}"""

NEWEST_MOVE_IN_SIGHT = """() => {
    const list = document.querySelector('.side [data-testid="move-log"] ol');
    const last = list.lastElementChild.getBoundingClientRect();
    const box = list.getBoundingClientRect();
    return list.scrollHeight > list.clientHeight
        && last.top >= box.top - 1 && last.bottom <= box.bottom + 1;
}"""


def play_until_the_log_scrolls(page: Page) -> None:
    for _ in range(400):  # until a hand runs long enough for its log to scroll
        if page.evaluate(LOG_SCROLLS) or wait_idle(page) == "game-over":
            break
        play_one_decision(page)  # and the next hand after a short one
    assert page.evaluate(LOG_SCROLLS), "a long hand: the log has to scroll"


def test_the_move_log_keeps_its_newest_move_in_sight(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=3&speed=0&level=easy")
    play_until_the_log_scrolls(page)
    assert page.evaluate(NEWEST_MOVE_IN_SIGHT)


@pytest.mark.browser_context_args(viewport={"width": 2560, "height": 1080})
def test_the_move_log_keeps_its_newest_move_in_sight_when_a_panel_closes(
    page: Page, site_url: str
) -> None:
    """An open panel widens the side column, whose log then overflowed less or not at all and
    fell back towards its top; narrowed again as the panel closed, it hid the newest moves."""
    open_table(page, site_url, "?seed=3&speed=0&level=easy")
    play_until_the_log_scrolls(page)
    wait_idle(page)
    open_panel(page, "help")
    close_panel(page, "help")
    wait_idle(page)
    assert page.evaluate(NEWEST_MOVE_IN_SIGHT)


@pytest.mark.browser_context_args(viewport={"width": 1024, "height": 1366})
def test_the_score_sheet_panel_shows_the_whole_log_under_the_sheet(
    page: Page, site_url: str
) -> None:
    """No side column here: the sheet's panel holds the log, and the panel scrolls, not a list
    of its own height in it (which stopped mid-line over the panel's empty foot at 4K)."""
    open_table(page, site_url, "?seed=3&speed=0&level=easy")
    for _ in range(4):
        play_one_decision(page)
    wait_idle(page)
    open_panel(page, "sheet")
    log = page.locator('[data-testid="sheet-panel"] [data-testid="move-log"] ol')
    assert log.locator("li").count() >= 2
    assert log.evaluate("list => getComputedStyle(list).maxHeight") == "none"


def test_the_pile_lights_up_under_a_dragged_card_and_takes_it(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=3&speed=0&level=easy")
    while wait_idle(page) != "discard":
        click_visible(
            page, '[data-action="pass"]' if page.locator('[data-action="pass"]').count() else STOCK
        )
    thrown = str(hand_cards(page)[-1]["code"])
    x, y = visible_middle(page, card_selector(thrown))
    px, py = visible_middle(page, '[data-testid="pile"]')
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 12, y - 6, steps=3)
    page.mouse.move(px, py, steps=6)
    expect(page.locator('[data-testid="pile"]')).to_have_class(re.compile(r"\bdrop-target\b"))
    page.mouse.up()
    assert wait_idle(page) in ("draw", "upcard", "hand-over")
    assert thrown not in [card["code"] for card in hand_cards(page)]
    assert page.locator(".drop-target").count() == 0
