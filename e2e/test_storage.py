"""Nothing a player saved is lost, and nothing in storage can stop the game.

Stored data is the one input that outlives a reload: a value that crashes the
page would crash it at every start.  These tests break the storage in the ways
browsers do (a full quota, site data blocked, another tab writing, two copies
of the app on one origin, the first release's keys) and check that the game
plays on and says what it could not do.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from _pytest.tmpdir import TempPathFactory
from playwright.sync_api import Page, expect

from .conftest import (
    ROOT,
    open_table,
    preset,
    serve_folder,
    storage_key,
    store,
    stored,
    without_lessons,
)
from .players import (
    Person,
    click_visible,
    hand_codes,
    open_panel,
    play_one_decision,
    wait_idle,
)

NOTICE = '[data-testid="notice"]'
RELEASE_1 = json.loads((ROOT / "tests" / "data" / "release-1-storage.json").read_text())


def actions(page: Page) -> list[str]:
    return list(stored(page, "table")["game"]["actions"])


def test_deeply_nested_json_in_every_key_is_removed_with_a_notice(
    page: Page, site_url: str, console_warnings: list[str]
) -> None:
    """Nesting like this overflowed the stack inside Pyodide before Python could catch it.
    Each record is said as its own damage is (a lost game as a lost game: "some stored data"
    did not say that the game was gone)."""
    nested = "[" * 10_000 + "]" * 10_000
    for name in ("table", "settings", "stats"):
        preset(page, name, nested)
    open_table(page, site_url, "?seed=4&speed=0")
    assert wait_idle(page) in ("upcard", "draw")
    said = (
        "saved game could not be restored",
        "saved settings were not valid",
        "saved statistics were damaged",
    )
    for words in said:
        expect(page.locator(NOTICE).filter(has_text=words)).to_have_count(1)
    for name in ("table", "settings", "stats"):
        key = storage_key(page, name)
        assert any(w.startswith(key) and "removed" in w for w in console_warnings), key
        assert page.evaluate("k => localStorage.getItem(k)", key) != nested
    play_one_decision(page)
    page.reload()
    wait_idle(page)
    expect(page.locator(NOTICE)).to_have_count(0)
    assert len(hand_codes(page)) in (10, 11)


FILL_STORAGE = """() => {
    let count = 0;
    for (let size = 1 << 20; size >= 8; size >>= 1) {
        const junk = "x".repeat(size);
        try {
            for (;;) localStorage.setItem("e2e-junk-" + count++, junk);
        } catch (error) {
            if (error.name !== "QuotaExceededError") throw error;
        }
    }
    return count;
}"""


def test_a_full_storage_never_stops_play_and_is_mentioned_once(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=2&speed=0&level=easy")
    page.evaluate("key => localStorage.removeItem(key)", storage_key(page, "table"))
    assert page.evaluate(FILL_STORAGE) > 0
    person = Person(page)
    phases = [person.decide() for _ in range(8)]
    assert {"draw", "discard"} <= set(phases), phases  # the computer's turns ended too
    full = page.locator(NOTICE, has_text="cannot be saved")
    expect(full).to_have_count(1)
    assert stored(page, "table") is None
    # Room again: the next move is saved (the game tried again), and nothing more is said.
    page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('e2e-junk-'))"
        ".forEach(k => localStorage.removeItem(k))"
    )
    person.decide()
    wait_idle(page)
    saved = stored(page, "table")
    assert saved is not None and saved["game"]["seed"] == 2
    expect(full).to_have_count(1)


BLOCK_STORAGE = """
Object.defineProperty(window, "localStorage", {
    configurable: true,
    get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});
"""


def test_blocked_storage_plays_on_in_memory_with_a_notice(page: Page, site_url: str) -> None:
    page.add_init_script(BLOCK_STORAGE)
    open_table(page, site_url, "?seed=2&speed=0&level=easy")
    expect(page.locator(NOTICE)).to_contain_text("does not let the game store anything")
    expect(page.locator(".py-error")).to_have_count(0)  # no traceback on the page
    # Nothing is remembered, so every visit is a first: the lessons are offered, and the offer
    # holds the table until it is answered: here by the keyboard, then, at the next visit, by
    # a click.  Its button had the focus: the hand takes it (it fell to the page's start).
    # Functions, not expressions: the page's CSP forbids the eval that polls an expression.
    page.wait_for_function("() => document.activeElement?.dataset?.action === 'learn'")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !!document.activeElement?.closest('[data-testid=\"hand\"]')")
    open_table(page, site_url, "?seed=2&speed=0&level=easy")
    click_visible(page, '[data-testid="learn-offer"] [data-action="play-now"]')
    person = Person(page)
    phases = [person.decide() for _ in range(6)]
    assert "discard" in phases
    wait_idle(page)
    open_panel(page, "settings")
    page.check('[data-setting="four_colour"]')  # settings still apply, for this page's life
    expect(page.locator('[data-testid="table"]')).to_have_class(re.compile(r"\bfour-colour\b"))
    expect(page.locator(NOTICE)).to_have_count(1)


def second_tab(first: Page, url: str, init_script: str = "") -> tuple[Page, list[str]]:
    """Another tab of the same browser on the same game, watched for errors."""
    second = first.context.new_page()
    errors: list[str] = []
    second.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    second.on("pageerror", lambda e: errors.append(str(e)))
    if init_script:
        second.add_init_script(init_script)
    open_table(second, url, "?speed=0")
    assert hand_codes(second) == hand_codes(first)
    return second, errors


def play_in_first_tab(first: Page) -> tuple[list[str], dict[str, object]]:
    """A hint (a statistics change) and a few moves; what the first tab saved."""
    person = Person(first)
    while wait_idle(first) == "upcard":
        person.decide()
    click_visible(first, '[data-action="hint"]')
    for _ in range(2):
        person.decide()
    wait_idle(first)
    return actions(first), stored(first, "stats")


# A tab that misses the other tab's writes: frozen in the background, or restored from the
# back-forward cache (neither hears the storage events of that time).
MISS_STORAGE_EVENTS = 'addEventListener("storage", (e) => e.stopImmediatePropagation(), true);'


@pytest.mark.parametrize("hears", [True, False], ids=["hears-the-other-tab", "missed-its-writes"])
def test_a_stale_tab_follows_the_newer_game_and_loses_nothing(
    page: Page, site_url: str, hears: bool
) -> None:
    first = page
    open_table(first, site_url, "?seed=4&speed=0&level=easy")
    second, errors = second_tab(first, site_url, "" if hears else MISS_STORAGE_EVENTS)
    played, counted = play_in_first_tab(first)
    assert counted["levels"]["easy"]["hints_used"] == 1

    # The second tab is behind.  When it acts, it first catches up with the newer game and
    # says so; what it saves builds on that game: nothing of the first tab's is lost.
    Person(second).decide()
    wait_idle(second)
    expect(second.locator(NOTICE)).to_contain_text("played on in another tab")
    now = actions(second)
    assert now[: len(played)] == played, (played, now)
    assert stored(second, "stats")["levels"]["easy"]["hints_used"] == 1
    assert hand_codes(second) == hand_codes(first) or len(now) > len(played)
    assert errors == []
    second.close()


def test_two_tabs_that_move_at_once_end_on_one_game(page: Page, site_url: str) -> None:
    """Each tab's move is drawn before either is saved: both must end on the game stored
    last (before, each followed the record the other's storage event carried, and the two
    tabs swapped games, neither what was stored)."""
    first = page
    open_table(first, site_url, "?seed=4&speed=0&level=easy")
    second, errors = second_tab(first, site_url)
    assert wait_idle(first) == wait_idle(second) == "upcard"
    at = first.evaluate("Date.now() + 500")
    for tab, action in ((first, "take"), (second, "pass")):  # two different moves, at once
        tab.evaluate(
            "([selector, at]) => setTimeout(() => document.querySelector(selector).click(),"
            " at - Date.now())",
            [f'[data-action="{action}"]', at],
        )
    first.wait_for_timeout(1500)
    wait_idle(first)
    wait_idle(second)
    shown = hand_codes(first)
    assert hand_codes(second) == shown
    assert len(shown) in (10, 11)
    open_table(first, site_url, "")  # what is stored is what both tabs show
    assert hand_codes(first) == shown
    assert errors == []
    second.close()


@pytest.mark.parametrize("hears", [True, False], ids=["hears-the-other-tab", "missed-its-writes"])
def test_a_setting_changed_in_one_tab_is_not_undone_by_the_other(
    page: Page, site_url: str, hears: bool
) -> None:
    """Each tab stores its whole settings: a sort of the hand in the first tab put back the
    four-colour deck the second had just chosen (a play-tester's report)."""
    first = page
    open_table(first, site_url, "?seed=21&speed=0")
    second, errors = second_tab(first, site_url, "" if hears else MISS_STORAGE_EVENTS)
    open_panel(second, "settings")
    second.check('[data-setting="four_colour"]')
    wait_idle(second)
    assert stored(second, "settings")["four_colour"] is True
    click_visible(first, '[data-action="sort-suit"]')
    wait_idle(first)
    settings = stored(first, "settings")
    assert settings["four_colour"] is True and settings["sort"] == "suit"
    table = first.locator('[data-testid="table"]')
    expect(table).to_have_class(re.compile(r"\bfour-colour\b"))
    open_table(second, site_url, "?speed=0")
    expect(second.locator('[data-testid="table"]')).to_have_class(re.compile(r"\bfour-colour\b"))
    assert errors == []
    second.close()


@pytest.fixture(scope="session")
def two_copies_url(site_dir: Path, tmp_path_factory: TempPathFactory) -> Iterator[str]:
    """One origin serving the site twice, at /gin-rummy/ and /gin-beta/ (two project sites)."""
    root = tmp_path_factory.mktemp("two-copies")
    for name in ("gin-rummy", "gin-beta"):
        os.symlink(site_dir, root / name, target_is_directory=True)
    yield from serve_folder(root)


def test_two_copies_on_one_origin_keep_their_own_games_and_statistics(
    page: Page, two_copies_url: str
) -> None:
    """The first release's unscoped records move, once, to the first copy that opens."""
    alpha, beta = two_copies_url + "gin-rummy/", two_copies_url + "gin-beta/"
    for key, value in RELEASE_1.items():
        preset(page, key, value, raw_key=True)
    open_table(page, alpha, "?speed=0")
    assert sorted(without_lessons(page.evaluate("Object.keys(localStorage)"))) == [
        "gin-rummy@/gin-rummy/settings",
        "gin-rummy@/gin-rummy/stats",
        "gin-rummy@/gin-rummy/table",
    ]
    assert stored(page, "table")["game"]["seed"] == 4242  # the release's game goes on
    expect(page.locator("html")).to_have_attribute("lang", "pl")  # and its settings
    play_one_decision(page)
    wait_idle(page)
    alpha_actions, alpha_hand = actions(page), hand_codes(page)

    open_table(page, beta, "?seed=5&speed=0")
    assert stored(page, "table")["game"]["seed"] == 5
    expect(page.locator("html")).to_have_attribute("lang", "en")  # not the other copy's
    open_panel(page, "stats")
    expect(page.locator('[data-testid="chart-empty"]')).to_be_visible()
    play_one_decision(page)
    wait_idle(page)  # the computer's answer is saved too before the other copy opens
    beta_actions = actions(page)

    open_table(page, alpha, "?speed=0")
    assert actions(page) == alpha_actions and hand_codes(page) == alpha_hand
    assert stored(page, "stats")["levels"]["easy"]["games_played"] == 7
    open_table(page, beta, "?speed=0")
    assert actions(page) == beta_actions
    for key in RELEASE_1:
        assert page.evaluate("k => localStorage.getItem(k)", key) is None, "moved once"


def test_a_tampered_record_is_kept_until_the_player_plays_on(page: Page, site_url: str) -> None:
    """An unreadable saved game is explained, not overwritten by merely opening the page."""
    open_table(page, site_url, "?seed=4&speed=0")
    store(page, "table", '{"format": "gin-rummy-session", "version": 2, "checksum": "x"}')
    page.reload()
    wait_idle(page)
    expect(page.locator(NOTICE)).to_contain_text("could not be restored")
    assert stored(page, "table")["checksum"] == "x"
    play_one_decision(page)
    wait_idle(page)
    assert stored(page, "table")["checksum"] != "x"
