"""Learn to play, as a newcomer meets it: the first visit's offer, every lesson on the real
table by clicks (desktop), by taps (a 360×640 phone) and by the keyboard, a wrong move that
shows its reason and changes nothing, Show me finishing a lesson, progress kept over a
reload, the person's own game untouched, axe-clean views, and a screenshot of every lesson
at both sizes (test-results/lessons/, for a person to look at).

The moves each lesson asks for are the engine's (``gin.lessons``, played here in CPython
first): the page must accept exactly those through its ordinary controls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

import pytest
from playwright.sync_api import Browser, Page, expect

from gin.actions import ActionKind
from gin.lessons import LESSONS, Lesson, Pick
from gin.lessons.goals import Move
from gin.lessons.progress import Progress

from .conftest import ROOT, preset, stored
from .players import (
    HAND,
    PILE_TOP,
    SETTLED,
    STOCK,
    card_selector,
    choose_from_menu,
    click_visible,
    drag,
    tap_visible,
)
from .players import wait_idle as settled
from .test_accessibility import problems
from .test_responsive import FIRST_SCREEN

SHOTS = ROOT / "test-results" / "lessons"
LESSON = '[data-testid="lesson"]'
WHY = '[data-testid="lesson-why"]'
DESKTOP = {"viewport": {"width": 1366, "height": 800}}
PHONE = {
    "viewport": {"width": 360, "height": 640},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
READY = 'body[data-ready="true"]'


def moves_of(lesson: Lesson) -> list[Move]:
    """The moves the lesson asks for, in order (the computer's answers left out)."""
    run = lesson.start()
    found: list[Move] = []
    while not run.done:
        move = run.expected()
        found.append(move)
        run = run.attempt(move).run.settled()
    return found


MOVES = {lesson.key: moves_of(lesson) for lesson in LESSONS}


@pytest.fixture
def errors() -> list[str]:
    return []


def lesson_page(browser: Browser, errors: list[str], **options: object) -> Iterator[Page]:
    context = browser.new_context(bypass_csp=True, **options)  # bypass: axe is injected
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    context.close()
    assert not errors, errors


@pytest.fixture
def desktop(browser: Browser, errors: list[str]) -> Iterator[Page]:
    yield from lesson_page(browser, errors, **DESKTOP)


@pytest.fixture
def phone(browser: Browser, errors: list[str]) -> Iterator[Page]:
    yield from lesson_page(browser, errors, **PHONE)


def open_page(page: Page, url: str) -> None:
    page.goto(url + "?speed=0", wait_until="domcontentloaded")
    page.wait_for_selector(READY, state="attached")
    settled(page)


def wait_lesson(page: Page, number: int) -> None:
    page.wait_for_selector(f'{LESSON}[data-lesson="{number}"]')
    settled(page)


def done(page: Page) -> bool:
    return page.get_attribute(LESSON, "data-lesson-done") == "true"


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def hand(page: Page) -> list[str]:
    return page.eval_on_selector_all(f"{HAND} [data-card]", "els => els.map(e => e.dataset.card)")


# --- the ways of making a lesson's move ------------------------------------------------------


def by_click(page: Page, move: Move, turn: int) -> None:
    """A person with a mouse: clicks, double-clicks and drags, in turn."""
    if isinstance(move, Pick):
        click_visible(page, card_selector(str(move.card)))
        return
    kind = move.kind
    if kind in (ActionKind.TAKE, ActionKind.DRAW_PILE):
        click_visible(page, PILE_TOP)  # the face-up card itself
    elif kind is ActionKind.PASS:
        click_visible(page, '[data-action="pass"]')
    elif kind is ActionKind.DRAW_STOCK:
        if turn % 2:
            drag(page, STOCK, card_selector(hand(page)[4]))
        else:
            click_visible(page, STOCK)
    else:
        card = card_selector(str(move.card))
        if kind is not ActionKind.DISCARD:
            click_visible(page, f'[data-action="{kind.value}"]')
        if turn % 3 == 0:
            click_visible(page, card, count=2)
        elif turn % 3 == 1:
            click_visible(page, card)
            click_visible(page, card)
        else:
            drag(page, card, '[data-testid="pile"]')


def by_tap(page: Page, move: Move, _turn: int) -> None:
    """A person on a touch screen: one tap chooses a card, a second plays it."""
    if isinstance(move, Pick):
        tap_visible(page, card_selector(str(move.card)))
        return
    kind = move.kind
    if kind is ActionKind.TAKE:
        tap_visible(page, '[data-action="take"]')
    elif kind is ActionKind.DRAW_PILE:
        tap_visible(page, PILE_TOP)
    elif kind is ActionKind.PASS:
        tap_visible(page, '[data-action="pass"]')
    elif kind is ActionKind.DRAW_STOCK:
        tap_visible(page, STOCK)
    else:
        if kind is not ActionKind.DISCARD:
            tap_visible(page, f'[data-action="{kind.value}"]')
        tap_visible(page, card_selector(str(move.card)))
        tap_visible(page, card_selector(str(move.card)))


def focus_card(page: Page, code: str) -> None:
    for _ in range(14):
        if page.evaluate("document.activeElement?.dataset?.card || ''") == code:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reached {code}")


def by_keys(page: Page, move: Move, _turn: int) -> None:
    """A person at the keyboard: the table's letters, the arrows and Enter."""
    if isinstance(move, Pick):
        focus_card(page, str(move.card))
        page.keyboard.press("Enter")
        return
    kind = move.kind
    keys = {
        ActionKind.TAKE: "p",
        ActionKind.DRAW_PILE: "p",
        ActionKind.PASS: "x",
        ActionKind.DRAW_STOCK: "s",
    }
    if kind in keys:
        page.keyboard.press(keys[kind])
        return
    if kind is not ActionKind.DISCARD:
        page.keyboard.press("k" if kind is ActionKind.KNOCK else "g")
    focus_card(page, str(move.card))
    page.keyboard.press("Enter")


Player = Callable[[Page, Move, int], None]


IN_HAND = "() => !!document.activeElement?.closest('[data-testid=\"hand\"] [data-card]')"
DRAWS = (ActionKind.TAKE, ActionKind.DRAW_PILE, ActionKind.DRAW_STOCK)


def play_lesson(page: Page, lesson: Lesson, player: Player) -> None:
    for turn, move in enumerate(MOVES[lesson.key]):
        assert not done(page), (lesson.key, move)
        player(page, move, turn)
        settled(page)
        assert not page.locator(f"{WHY}.shown").count(), page.inner_text(WHY)
        if not isinstance(move, Pick) and move.kind in DRAWS and not done(page):
            # The card drawn has the focus, as at the person's own table (it fell to the page).
            page.wait_for_function(IN_HAND)
    assert done(page), lesson.key


def start_lesson(page: Page, number: int, press: Callable[[str], None]) -> None:
    wait_lesson(page, number)
    expect(page.locator('[data-testid="lesson-intro"]')).to_be_visible()
    press('[data-action="lesson-start"]')
    page.wait_for_selector('[data-testid="lesson-intro"]', state="detached")
    settled(page)
    page.wait_for_function(IN_HAND)  # Start is gone: the hand has the focus, not the page


def intro_holds_the_table(page: Page) -> None:
    """A lesson's introduction is a modal box: a click on the table it dims, a key of the
    table and Tab reach nothing under it (a click on a card was refused: read the lesson)."""
    wait_lesson(page, 1)
    start = page.locator('[data-action="lesson-start"]')
    expect(start).to_be_focused()
    cards = hand(page)
    card = page.locator(card_selector(cards[-1])).bounding_box()
    assert card is not None
    page.mouse.click(card["x"] + card["width"] - 8, card["y"] + card["height"] / 2)
    page.keyboard.press("s")
    for _ in range(3):
        page.keyboard.press("Tab")
        expect(start).to_be_focused()
    settled(page)
    assert not page.locator(f"{WHY}.shown").count(), page.inner_text(WHY)
    assert hand(page) == cards and not page.locator(f"{HAND} .selected").count()


# --- the tests ----------------------------------------------------------------------------------


@pytest.mark.first_visit
def test_a_newcomer_goes_through_every_lesson_by_clicks_to_a_first_game(
    desktop: Page, site_url: str
) -> None:
    page = desktop
    open_page(page, site_url)
    offer = page.locator('[data-testid="learn-offer"]')
    expect(offer).to_be_visible()
    expect(offer.locator('[data-action="play-now"]')).to_be_visible()  # play straight away
    assert not (stored(page, "lessons") or {}).get("offered")
    # Reloaded before an answer (a phone's tab often is), the page offers them again.
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector(READY, state="attached")
    settled(page)
    expect(offer).to_be_visible()
    # The keyboard goes from one answer to the other without declining the offer.
    page.wait_for_function("document.activeElement?.dataset?.action === 'learn'")
    page.keyboard.press("Tab")
    page.wait_for_function("document.activeElement?.dataset?.action === 'play-now'")
    page.keyboard.press("Shift+Tab")
    page.wait_for_function("document.activeElement?.dataset?.action === 'learn'")
    # The offer holds the table as a question does: the focus never goes behind it, nor out
    # of the page (Tab goes round its two answers), and a key that plays does nothing (Enter
    # on the pile behind it took a newcomer's first card).
    for expected in ("play-now", "learn", "play-now", "learn"):
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement?.dataset?.action") == expected
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement?.dataset?.action") == "play-now"
    before = stored(page, "table")
    page.keyboard.press("s")
    page.keyboard.press("p")
    settled(page)
    expect(offer).to_be_visible()
    assert stored(page, "table") == before
    found = problems(page, "the first visit's offer")
    shoot(page, "desktop-00-offer")
    game_before = stored(page, "table")
    stats_before = stored(page, "stats")
    offer.locator('[data-action="learn"]').click()

    for number, lesson in enumerate(LESSONS, 1):
        if number == 1:
            intro_holds_the_table(page)
        start_lesson(page, number, lambda selector: click_visible(page, selector))
        shoot(page, f"desktop-{number:02d}-{lesson.key}")
        if number == 1:  # a wrong move: its reason, and nothing else changes
            cards, ask = hand(page), page.inner_text('[data-testid="lesson-ask"]')
            click_visible(page, card_selector("7S"))
            expect(page.locator(WHY)).to_contain_text("7♠")
            expect(page.locator(WHY)).to_contain_text("set")
            assert hand(page) == cards and page.inner_text('[data-testid="lesson-ask"]') == ask
            assert not page.locator(f"{HAND} .selected").count() and not done(page)
            found += problems(page, "a lesson's refusal")
        if number == 2:  # Show me plays the lesson to its end, saying why
            for _ in range(len(MOVES[lesson.key])):
                click_visible(page, '[data-action="lesson-show"]')
                settled(page)
                page.wait_for_function(
                    "() => !document.body.dataset.busy || document.body.dataset.busy === 'false'"
                )
            expect(page.locator(LESSON)).to_have_attribute("data-lesson-done", "true")
            # A card tapped once the lesson is done: not wrong, so no refusal's red.
            if hand(page):
                click_visible(page, card_selector(hand(page)[0]))
                nudge = page.locator(f"{WHY}.nudge")
                expect(nudge).to_contain_text("This lesson is done")
                colour = nudge.evaluate("e => getComputedStyle(e).backgroundColor")
                assert colour == "rgb(232, 245, 233)", colour
        elif number == 4:  # progress survives a reload, mid-lesson, and the offer is gone
            first, *_ = MOVES[lesson.key]
            by_click(page, first, 0)
            settled(page)
            cards, ask = hand(page), page.inner_text('[data-testid="lesson-ask"]')
            page.reload(wait_until="domcontentloaded")
            page.wait_for_selector(READY, state="attached")
            wait_lesson(page, 4)
            assert hand(page) == cards and page.inner_text('[data-testid="lesson-ask"]') == ask
            assert not page.locator('[data-testid="learn-offer"]').count()
            assert not page.locator('[data-testid="lesson-intro"]').count()
            by_click(page, MOVES[lesson.key][1], 1)
            settled(page)
            # Reloaded between its end and Next lesson, it comes back done, saying what it
            # taught, with the keyboard on Next lesson (the next lesson opened at once).
            expect(page.locator(LESSON)).to_have_attribute("data-lesson-done", "true")
            learned = page.inner_text(LESSON)
            page.reload(wait_until="domcontentloaded")
            page.wait_for_selector(READY, state="attached")
            wait_lesson(page, 4)
            expect(page.locator(LESSON)).to_have_attribute("data-lesson-done", "true")
            assert page.inner_text(LESSON) == learned
            page.wait_for_function(
                "() => document.activeElement?.dataset?.action === 'lesson-next'"
            )
        else:
            if number == 7:
                found += problems(page, "the computer's melds after its knock")
            play_lesson(page, lesson, by_click)
        if number == 5:
            found += problems(page, "a lesson done, the hand shown down")
        shoot(page, f"desktop-{number:02d}-{lesson.key}-done")
        click_visible(page, '[data-action="lesson-next"]')

    expect(page.locator('[data-testid="lessons-done"]')).to_be_visible()
    found += problems(page, "every lesson done")
    shoot(page, "desktop-99-done")
    click_visible(page, '[data-action="lesson-leave"]')
    page.wait_for_selector('[data-testid="lessons-done"]', state="detached")
    assert settled(page) in ("upcard", "draw")  # a first game, as it was left
    assert stored(page, "table") == game_before and stored(page, "stats") == stats_before
    assert stored(page, "lessons")["done"] == [lesson.key for lesson in LESSONS]
    assert not found, "\n".join(found)


def test_every_lesson_by_taps_on_a_phone(phone: Page, site_url: str) -> None:
    page = phone
    open_page(page, site_url)
    assert not page.locator('[data-testid="learn-offer"]').count()  # seen: not offered again
    tap_visible(page, '[data-action="menu"]')
    tap_visible(page, '[data-testid="menu"] [data-action="learn"]')
    found: list[str] = []
    for number, lesson in enumerate(LESSONS, 1):
        start_lesson(page, number, lambda selector: tap_visible(page, selector))
        needed = [f"{LESSON} [data-testid=lesson-ask]", '[data-action="lesson-show"]']
        needed.append(f"{HAND} [data-card]" if page.locator(HAND).count() else LESSON)
        if page.locator(STOCK).count():
            needed += [STOCK, '[data-testid="pile"]']
        off = page.evaluate(FIRST_SCREEN, [needed, 28, 44, page.locator(HAND).count() > 0])
        found += [f"lesson {number}: {problem}" for problem in off]
        shoot(page, f"phone-{number:02d}-{lesson.key}")
        play_lesson(page, lesson, by_tap)
        shoot(page, f"phone-{number:02d}-{lesson.key}-done")
        off = page.evaluate(FIRST_SCREEN, [['[data-action="lesson-next"]'], 28, 44, False])
        found += [f"lesson {number} done: {problem}" for problem in off]
        tap_visible(page, '[data-action="lesson-next"]')
    expect(page.locator('[data-testid="lessons-done"]')).to_be_visible()
    found += problems(page, "every lesson done, on a phone")
    # A box over the person's game, which keeps its hand in the window (a panel above the
    # table pushed it out, and cut the panel's heading).
    done = ['[data-testid="lessons-done"]', '[data-action="lesson-leave"]', f"{HAND} [data-card]"]
    off = page.evaluate(FIRST_SCREEN, [done, 28, 44, False])
    found += [f"every lesson done: {problem}" for problem in off]
    page.keyboard.press("Escape")  # Play a game
    page.wait_for_selector('[data-testid="lessons-done"]', state="detached")
    assert not found, "\n".join(found)


def test_every_lesson_by_the_keyboard(desktop: Page, site_url: str) -> None:
    page = desktop
    open_page(page, site_url)
    page.focus('[data-action="menu"]')
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-testid="menu"]')
    for _ in range(60):  # Tab through the table to the menu, to Learn to play
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.dataset?.action") == "learn":
            break
    page.keyboard.press("Enter")
    for number, lesson in enumerate(LESSONS, 1):
        # The introduction's Start has the focus; the question is said aloud.
        wait_lesson(page, number)
        page.wait_for_function("document.activeElement?.dataset?.action === 'lesson-start'")
        page.keyboard.press("Enter")
        page.wait_for_selector('[data-testid="lesson-intro"]', state="detached")
        settled(page)
        announced = page.inner_text("#announcer")
        assert announced and announced in page.inner_text('[data-testid="lesson-ask"]')
        play_lesson(page, lesson, by_keys)
        page.wait_for_function("document.activeElement?.dataset?.action === 'lesson-next'")
        page.keyboard.press("Enter")
    expect(page.locator('[data-testid="lessons-done"]')).to_be_visible()
    assert page.evaluate("document.activeElement?.dataset?.action") == "lesson-restart"


# What a lesson's table must hold in the window, whole, without scrolling: the hand, its
# sort buttons, the lesson's panel and what else is named (on a small phone the lesson's
# number, which the top bar has no room for there); on a touch screen its buttons a finger's
# size.  The hand is not there once a lesson is
# done by a hand shown down.
IN_WINDOW = r"""(also) => {
    const W = innerWidth, H = innerHeight, problems = [];
    const scrolled = document.scrollingElement.scrollHeight;
    if (scrolled > H) problems.push(`the page scrolls: ${scrolled} > ${H}`);
    const shown = (el) => el.checkVisibility({visibilityProperty: true});
    const wanted = ['[data-testid="lesson"]', ...also];
    if (document.querySelector('[data-testid="hand"] [data-card]')) {
        wanted.push('[data-testid="hand"] [data-card]', ".sorts button");
    }
    for (const selector of wanted) {
        const els = [...document.querySelectorAll(selector)].filter(shown);
        if (!els.length) problems.push(`${selector}: not shown`);
        for (const el of els) {
            const b = el.getBoundingClientRect();
            if (b.left < -0.5 || b.top < -0.5 || b.right > W + 0.5 || b.bottom > H + 0.5) {
                problems.push(`${selector} at ${Math.round(b.left)},${Math.round(b.top)} ` +
                    `${Math.round(b.width)}x${Math.round(b.height)} is outside the window`);
                break;
            }
        }
    }
    // The lesson's buttons a finger's size on a touch screen (32 to 38 px there before).
    if (matchMedia("(pointer: coarse)").matches) {
        for (const el of document.querySelectorAll('[data-testid="lesson"] button')) {
            const b = el.getBoundingClientRect();
            if (shown(el) && b.width && (b.width < 43.5 || b.height < 43.5)) {
                problems.push(`${el.dataset.action} is ${Math.round(b.width)}x` +
                    `${Math.round(b.height)}, under a finger's 44 px`);
            }
        }
    }
    // A hand's end: its headline in sight, not under the lesson's panel (on a landscape phone
    // the panel's word covered it).
    const head = document.querySelector('[data-testid="result-headline"]');
    if (head && shown(head)) {
        const b = head.getBoundingClientRect();
        const at = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
        if (!head.contains(at)) problems.push(`the result's headline is under ${at?.className}`);
    }
    return problems;
}"""


@pytest.fixture(params=[(320, 568), (360, 640)], ids=lambda s: f"{s[0]}x{s[1]}")
def small_phone(
    request: pytest.FixtureRequest, browser: Browser, errors: list[str]
) -> Iterator[Page]:
    width, height = request.param
    yield from lesson_page(
        browser, errors, **{**PHONE, "viewport": {"width": width, "height": height}}
    )


def every_lesson_in_the_window(
    page: Page, url: str, press: Callable[[str], None], also: list[str]
) -> list[str]:
    """Every lesson walked with Show me, each step measured (:data:`IN_WINDOW`)."""
    open_page(page, url)
    press('[data-action="menu"]')
    press('[data-testid="menu"] [data-action="learn"]')
    found: list[str] = []
    for number, lesson in enumerate(LESSONS, 1):
        start_lesson(page, number, press)
        for step in range(len(MOVES[lesson.key]) + 1):
            measured = page.evaluate(IN_WINDOW, also)
            found += [f"lesson {number} step {step}: {p}" for p in measured]
            if done(page):
                break
            press('[data-action="lesson-show"]')
            settled(page)
        assert done(page), lesson.key
        press('[data-action="lesson-next"]')
    return found


def test_every_lesson_fits_a_small_phone(small_phone: Page, site_url: str) -> None:
    """One page per size."""
    page = small_phone
    found = every_lesson_in_the_window(
        page, site_url, partial(tap_visible, page), [".lesson-number"]
    )
    assert not found, "\n".join(found)


@pytest.fixture
def landscape_phone(browser: Browser, errors: list[str]) -> Iterator[Page]:
    yield from lesson_page(browser, errors, **{**PHONE, "viewport": {"width": 844, "height": 390}})


def test_every_lesson_fits_a_landscape_phone(landscape_phone: Page, site_url: str) -> None:
    """The panel is a row above the table there: a hand's end comes below it, not over it."""
    page = landscape_phone
    found = every_lesson_in_the_window(page, site_url, partial(tap_visible, page), [])
    assert not found, "\n".join(found)


# The page's width, the menu button's right edge and how far the page is panned sideways.
SIDEWAYS = """() => [document.scrollingElement.scrollWidth, innerWidth,
    document.querySelector('[data-action="menu"]').getBoundingClientRect().right,
    visualViewport.offsetLeft]"""


@pytest.mark.parametrize(
    ("locale", "width"), [("en-US", 390), ("en-US", 412), ("et-EE", 390), ("pl-PL", 390)]
)
def test_a_lesson_s_top_bar_keeps_the_menu_on_a_phone(
    browser: Browser, site_url: str, locale: str, width: int
) -> None:
    """A lesson's number ("Lesson 1 of 9") is longer than a hand's: in the top bar it pushed
    the menu 23 px out of a 390 px phone, the page grew as wide, and a tap on the menu
    panned it sideways.  The lesson's panel says the number there instead."""
    context = browser.new_context(
        locale=locale, **{**PHONE, "viewport": {"width": width, "height": 844}}
    )
    page = context.new_page()
    open_page(page, site_url)
    choose_from_menu(page, "learn", touch=True)
    wait_lesson(page, 1)
    for step in ("intro", "lesson"):
        page_width, window, menu_right, panned = page.evaluate(SIDEWAYS)
        assert page_width <= window and menu_right <= window, (step, page_width, menu_right)
        assert panned == 0, step
        if step == "intro":
            tap_visible(page, '[data-action="lesson-start"]')
            page.wait_for_selector('[data-testid="lesson-intro"]', state="detached")
            settled(page)
    expect(page.locator(".lesson-number")).to_be_visible()
    tap_visible(page, '[data-action="menu"]')
    expect(page.locator('[data-testid="menu"]')).to_be_visible()
    assert page.evaluate(SIDEWAYS)[3] == 0
    context.close()


# Whether the middle of ``selector``'s element is what a tap there would reach (not under the
# lesson's word on the last move).
ON_TOP = """(selector) => {
    const card = document.querySelector(selector), box = card.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return card.contains(hit);
}"""


def test_the_lessons_word_on_a_move_is_put_away_to_see_the_computer_s_card(
    browser: Browser, site_url: str
) -> None:
    """Discarding, on a phone: the lesson's word on a move lies over the computer's hand,
    and hid the Q♣ it took from the pile, the card its refusal of Q♦ is about.  Its close
    button puts it away, and the focus goes to Show me."""
    context = browser.new_context(**{**PHONE, "viewport": {"width": 390, "height": 844}})
    page = context.new_page()
    keys = [lesson.key for lesson in LESSONS]
    preset(page, "lessons", Progress(done=frozenset(keys[:3]), offered=True).to_dict())
    open_page(page, site_url)
    choose_from_menu(page, "learn", touch=True)
    assert LESSONS[3].key == "discarding"
    start_lesson(page, 4, partial(tap_visible, page))
    taken = '[data-testid="opponent-hand"] [data-card="QC"]'
    tap_visible(page, STOCK)
    settled(page)
    tap_visible(page, card_selector("QD"))
    tap_visible(page, card_selector("QD"))
    settled(page)
    expect(page.locator(WHY)).to_contain_text("Q♣")
    assert not page.evaluate(ON_TOP, taken)  # under the word
    # Its button is a finger's gap from the panel's own cross just above it, which leaves the
    # lessons (1.6 px apart, a tap a little high left the lesson).
    gap = page.evaluate(
        """() => document.querySelector('[data-action="lesson-word-close"]')
            .getBoundingClientRect().top - document.querySelector('[data-action="lesson-leave"]')
            .getBoundingClientRect().bottom"""
    )
    assert gap >= 6, gap
    tap_visible(page, f'{WHY} [data-action="lesson-word-close"]')
    expect(page.locator(f"{WHY}.shown")).to_have_count(0)
    assert page.evaluate(ON_TOP, taken)
    page.wait_for_function("document.activeElement?.dataset?.action === 'lesson-show'")
    context.close()


def test_the_first_lesson_s_sort_buttons_say_what_they_do(desktop: Page, site_url: str) -> None:
    """The first lesson asks which cards are in no meld, so its hand is by suit: Group melds
    showed pressed over it and did nothing, silently (a play-tester took the buttons for
    broken).  Now it is unavailable and says why; the other sorts sort."""
    page = desktop
    preset(page, "settings", {"sort": "melds"})
    open_page(page, site_url)
    choose_from_menu(page, "learn")
    start_lesson(page, 1, page.click)
    melds = page.locator('.sorts [data-action="sort-melds"]')
    expect(melds).to_have_attribute("aria-disabled", "true")
    expect(melds).to_have_attribute("aria-pressed", "false")
    expect(page.locator('.sorts [data-action="sort-suit"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    before = hand(page)
    melds.click(force=True)  # unavailable, not disabled: pressed, it says why
    expect(page.locator(WHY)).to_contain_text("find the melds yourself")
    assert hand(page) == before
    page.click('.sorts [data-action="sort-rank"]')
    settled(page)
    ranks = [code[:-1] for code in hand(page)]
    order = "A23456789TJQK"
    assert ranks == sorted(ranks, key=order.index), ranks
    expect(page.locator(f"{WHY}.shown")).to_have_count(0)


@pytest.mark.parametrize("size", [(820, 1180), (1920, 1080)], ids=["tablet", "monitor"])
def test_the_lessons_word_leaves_the_computer_s_seat_in_sight_where_there_is_room(
    browser: Browser, site_url: str, size: tuple[int, int]
) -> None:
    """A tablet held upright: the lesson's word on a move ("Take 8♥: it makes the meld...")
    lay over "Computer: 10 cards" while a quarter of the window stood empty (a play-tester's
    report).  Where the window has height to spare the word has a gap of its own, and the
    hand is still in the window."""
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    keys = [lesson.key for lesson in LESSONS]
    preset(page, "lessons", Progress(done=frozenset(keys[:2]), offered=True).to_dict())
    open_page(page, site_url)
    choose_from_menu(page, "learn")
    start_lesson(page, 3, partial(click_visible, page))
    click_visible(page, '[data-action="take"]')
    settled(page)
    said = page.locator('[data-testid="lesson-said"]')
    expect(said).to_be_visible()
    word = said.bounding_box()
    seat = page.locator(".opponent .seat-label").bounding_box()
    hand = page.locator(f"{HAND} [data-card]").last.bounding_box()
    assert word and seat and hand
    assert word["y"] + word["height"] <= seat["y"], (word, seat)
    assert hand["y"] + hand["height"] <= height, hand
    context.close()


# Whether the right end of the note of ``selector``'s card is in sight (not under the next card).
NOTE_IN_SIGHT = """(selector) => {
    const note = document.querySelector(selector + ' .card-note');
    const box = note.getBoundingClientRect();
    return note.contains(document.elementFromPoint(box.right - 2, box.top + box.height / 2));
}"""


def test_a_chosen_card_s_note_is_above_the_next_card(browser: Browser, site_url: str) -> None:
    """Melds, on a phone: a card chosen as in no meld is raised, and its note ("in no meld")
    was cut to "in no" by the next card of the fan (a raised card's transform made it a layer
    of its own, under the next card)."""
    context = browser.new_context(**{**PHONE, "viewport": {"width": 390, "height": 844}})
    page = context.new_page()
    open_page(page, site_url)
    choose_from_menu(page, "learn", touch=True)
    start_lesson(page, 1, partial(tap_visible, page))
    for code in ("AH", "QH"):
        tap_visible(page, card_selector(code))
        settled(page)
    expect(page.locator(f"{card_selector('QH')} .card-note")).to_have_text("in no meld")
    assert page.evaluate(NOTE_IN_SIGHT, card_selector("QH"))
    context.close()


def test_the_drawn_card_s_note_stays_whole_under_the_pointer(
    browser: Browser, site_url: str
) -> None:
    """Discarding, with a mouse: the card just drawn, pointed at, rose by a transform, which
    made it a layer under the next card of the fan, and its note ("właśnie dobrana") was cut
    to "właśn" (a play-tester's report, 640 x 360 at 300 %)."""
    context = browser.new_context(
        viewport={"width": 640, "height": 360}, device_scale_factor=3, locale="pl-PL"
    )
    page = context.new_page()
    keys = [lesson.key for lesson in LESSONS]
    preset(page, "lessons", Progress(done=frozenset(keys[:3]), offered=True).to_dict())
    open_page(page, site_url)
    choose_from_menu(page, "learn")
    start_lesson(page, 4, page.click)
    click_visible(page, STOCK)
    settled(page)
    drawn = '[data-testid="hand"] .card.noted'
    expect(page.locator(f"{drawn} .card-note")).to_have_text("właśnie dobrana")
    assert page.evaluate(NOTE_IN_SIGHT, drawn)
    page.hover(drawn)
    page.wait_for_function(SETTLED)
    lifted = page.evaluate(f"document.querySelector('{drawn}').getBoundingClientRect().top")
    page.mouse.move(0, 0)
    page.wait_for_function(SETTLED)
    still = page.evaluate(f"document.querySelector('{drawn}').getBoundingClientRect().top")
    assert lifted < still - 4, (lifted, still)  # pointed at, it still rises
    page.hover(drawn)
    page.wait_for_function(SETTLED)
    assert page.evaluate(NOTE_IN_SIGHT, drawn)
    context.close()


@pytest.fixture(params=[(1366, 768), (1280, 720), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def polish_laptop(
    request: pytest.FixtureRequest, browser: Browser, errors: list[str]
) -> Iterator[Page]:
    width, height = request.param
    viewport = {"width": width, "height": height}
    yield from lesson_page(browser, errors, locale="pl-PL", viewport=viewport)


def test_every_lesson_fits_a_laptop_in_polish(polish_laptop: Page, site_url: str) -> None:
    """A wide window lays the table out as a grid, the lesson's panel a row above it; with the
    longest texts (Polish) the hand and its buttons stay in the window (the panel once took a
    narrow column beside the pile, and pushed the hand out of it)."""
    page = polish_laptop
    found = every_lesson_in_the_window(page, site_url, partial(click_visible, page), [])
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("locale", "width", "height", "touch"),
    [("hi-IN", 390, 844, True), ("pl-PL", 1366, 768, False)],
)
def test_every_lesson_done_leaves_the_game_in_the_window(
    browser: Browser, site_url: str, locale: str, width: int, height: int, touch: bool
) -> None:
    """Every lesson done, Learn to play says so in a box over the person's game: the box and
    its buttons, the hand and its sort buttons are all in the window (a panel above the table
    pushed the hand out of it, by its sort buttons on a laptop and by its cards on a phone in
    Hindi, and cut the panel's own heading)."""
    context = browser.new_context(
        locale=locale, viewport={"width": width, "height": height}, has_touch=touch
    )
    page = context.new_page()
    all_done = Progress(done=frozenset(lesson.key for lesson in LESSONS), offered=True)
    preset(page, "lessons", all_done.to_dict())
    open_page(page, site_url)
    choose_from_menu(page, "learn", touch)
    expect(page.locator('[data-testid="lessons-done"]')).to_be_visible()
    needed = [
        '[data-testid="lessons-done"] h2',
        '[data-action="lesson-leave"]',
        '[data-action="lesson-restart"]',
        f"{HAND} [data-card]",
        '[data-action^="sort-"]',
    ]
    off = page.evaluate(FIRST_SCREEN, [needed, 28, 44, False])
    assert not off, "\n".join(off)
    context.close()


CARD_WIDTH = """() => document.querySelector('[data-testid="hand"] [data-card]')
    .getBoundingClientRect().width"""


def test_a_lesson_s_cards_on_a_laptop_are_near_the_game_s(browser: Browser, site_url: str) -> None:
    """At 1366x768 a lesson's cards were 66 px wide, the game's 110, with 117 px of the
    window empty under the lesson's hand (lessons.css --fit-w)."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    preset(page, "lessons", Progress(offered=True).to_dict())
    open_page(page, site_url)
    settled(page)
    game = page.evaluate(CARD_WIDTH)
    choose_from_menu(page, "learn")
    start_lesson(page, 1, partial(click_visible, page))
    lesson = page.evaluate(CARD_WIDTH)
    assert lesson >= 0.8 * game, (lesson, game)
    context.close()
