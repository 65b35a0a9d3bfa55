"""The table's layout measured in the page: every window size, every phase, every card size.

One ``page.evaluate`` of :data:`MEASURE` per phase measures the table at the three card
sizes (it sets the table's ``cards-small``/``cards-large`` class, as the setting does, and
puts the class back), and returns the figures (the hand's card height, its share of the
window's height, the hand's width, the narrowest strip a fanned card shows) with what is
wrong: anything outside the window or clipped, a page that scrolls, a top bar whose items
overlap, a card whose index is covered, a band of empty felt taller than a card between
the rows, the card-size rules of issue 21 broken.  :func:`walk` steps one page through every
phase; ``e2e/test_layout.py`` asserts on it and ``tools/screenshots.py`` photographs it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page

from . import positions
from .conftest import open_position, open_table
from .players import HAND, MENU, STOCK, drag, drag_points, press, wait_idle
from .test_loading import COUNTERPARTS, TOLERANCE_PX, WATCH_SKELETON

SIZES: tuple[tuple[int, int], ...] = (
    (320, 568),
    (360, 640),
    (393, 851),
    (568, 320),
    (640, 360),
    (768, 1024),
    (911, 512),
    (1024, 768),
    (1180, 820),
    (1280, 720),
    (1366, 768),
    (1920, 1080),
    (2560, 1440),
    (3840, 2160),
)
"""Phones upright and on their side, tablets both ways, laptops (one zoomed to 150 %),
monitors up to 4K."""

CARD_SIZES = ("medium", "small", "large")
SHARE = 0.17  # the least share of the window's height a hand card takes, where it can
TARGET = 0.2  # the default card's share of the window's height where nothing else binds it
SMALLER, LARGER = 0.8, 1.2  # Small and Large against the default, in card height
SMALLEST_H = 44  # Small's least card: a finger's target (table.css, .cards-small)


def is_touch(width: int, height: int) -> bool:
    """Phones and tablets are touch screens (a tablet on its side too); the rest a mouse."""
    return min(width, height) <= 834 and max(width, height) <= 1194


def context_options(width: int, height: int, scale: float = 1) -> dict[str, Any]:
    touch = is_touch(width, height)
    return {
        "viewport": {"width": width, "height": height},
        "device_scale_factor": scale,
        "is_mobile": touch,
        "has_touch": touch,
    }


_TABLE = [
    '[data-testid="opponent-hand"] .card',
    '[data-testid="stock"]',
    '[data-testid="pile"]',
    '[data-testid="status"], [data-testid="hint"]',  # a phone's hint takes the status's place
    '[data-testid="deadwood"]',
    f"{HAND} [data-card]",
    '.sorts [data-action="sort-melds"]',
    '[data-action="hint"]',
]
_MENU = [
    *(f'{MENU} [data-action="{item}"]' for item in ("new-game", "settings", "stats", "rules")),
    f'{MENU} [data-action="sheet"]',
    f'{MENU} [data-control="language"]',
]
REQUIRED: dict[str, list[str]] = {
    "upcard": [*_TABLE, '[data-action="take"]', '[data-action="pass"]'],
    "draw": [*_TABLE, '[data-action="knock"]', '[data-action="gin"]'],
    "discard": [*_TABLE, '[data-action="knock"]', '[data-action="gin"]'],
    "hand-over": [
        '[data-testid="result-headline"]',
        '[data-testid="points"]',
        '[data-action="next-hand"]',
        '[data-action="show-deck"]',
        '[data-action="review-hand"]',
    ],
    "game-over": [
        "#game-over-title",
        '[data-testid="final-you"]',
        '[data-testid="final-ai"]',
        '[data-action="next-hand"]',
    ],
    "menu": _MENU,
    "game-over menu": _MENU,
    "review": ['[data-testid="review-step"]', '[data-action="review-next"]'],
}
"""What each view shows (a panel: itself and its Close button), each inside the window."""


def required(view: str) -> list[str]:
    if view.endswith(" panel"):
        name = view.removesuffix(" panel")
        return [f'[data-testid="{name}-panel"]', f'[data-testid="{name}-panel"] .close']
    return REQUIRED[view]


MEASURE = r"""([view, required, cardSizes]) => {
    const table = document.querySelector('[data-testid="table"]');
    const W = innerWidth, H = innerHeight;
    const page = document.documentElement;
    const touch = table.classList.contains("touch");
    const name = (el) => el.tagName.toLowerCase() +
        (el.dataset.card ? `[${el.dataset.card}]` : el.dataset.action ? `[${el.dataset.action}]`
         : el.dataset.testid ? `[${el.dataset.testid}]` : el.className && el.className.baseVal
         === undefined ? `.${String(el.className).split(" ")[0]}` : "");
    const shown = (el) => {
        if (!el.checkVisibility({visibilityProperty: true})) return false;
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0;
    };
    const all = (selector) => [...document.querySelectorAll(selector)].filter(shown);
    const box = (el) => el.getBoundingClientRect();
    const FACTS = ["target", "hand-number", "level", "ruleset"];
    const px = (n) => Math.round(n);

    // What a player must see whole, wherever it is shown.
    const WHOLE = [
        ".topbar", ".topbar > *", ".seat-score", ".scoreboard > *",
        '[data-testid="opponent-hand"] .card', ".seat-label", ".last-move",
        '[data-testid="stock"]', '[data-testid="pile"]', ".place-label",
        '[data-testid="status"]', '[data-testid="hint"]', ".why.shown", ".actions button",
        '[data-testid="deadwood"]', '[data-testid="hand"] [data-card]', ".card-note",
        ".sorts button",
        '[data-testid="result"]', '[data-testid="game-over"]', '[data-testid="result-headline"]',
        '[data-testid="points"]', "#game-over-title", ".final", ".result-actions button",
        ".side", ".panel", ".panel-head", ".panel .close", '[data-testid="menu"]',
        '[data-testid="menu"] > *', ".confirm",
    ].join(",");
    // Controls and lines of text whose words must not be cut off or run out of their box.
    const TEXT = ".topbar > *, .seat-score, button:not([data-card]), .place-label, .status, " +
        ".prompt, .count-line, .seat-label, .result h2, .points, .panel-head h2";

    const measure = () => {
        const problems = [];
        for (const selector of required) {
            if (!all(selector).length) problems.push(`${selector}: not shown`);
        }
        const [sw, sh] = [page.scrollWidth, page.scrollHeight];
        if (sw > W) problems.push(`the page scrolls sideways: ${sw} > ${W}`);
        if (sh > H) problems.push(`the page scrolls: ${sh} > ${H}`);
        if (scrollX || scrollY) problems.push(`scrolled to ${scrollX},${scrollY}`);
        const panel = document.querySelector('.panel, [data-testid="menu"], .confirm');
        const covered = (el) => panel && !panel.contains(el) && !el.contains(panel);

        for (const el of all(WHOLE)) {
            if (covered(el)) continue;
            const b = box(el);
            // Inside a box that scrolls (a panel's body, a long game's figures) only the box
            // itself must be in the window.
            const scroller = el.parentElement && el.parentElement.closest(
                ".panel-body, .menu-panel, .result, .game-over, .side, .hint");
            if (scroller && scroller.scrollHeight > scroller.clientHeight + 1) {
                const s = box(scroller);
                if (b.top >= s.bottom - 1 || b.bottom > s.bottom + 1) continue;
            }
            if (b.left < -0.5 || b.top < -0.5 || b.right > W + 0.5 || b.bottom > H + 0.5) {
                problems.push(`${name(el)} at ${px(b.left)},${px(b.top)} ${px(b.width)}x` +
                    `${px(b.height)} is outside the window (${W}x${H})`);
            }
        }
        for (const el of all(TEXT)) {
            if (covered(el)) continue;
            const overX = el.scrollWidth - el.clientWidth;
            const overY = el.scrollHeight - el.clientHeight;
            if (el.clientWidth && (overX > 1 || overY > 2) &&
                getComputedStyle(el).textOverflow !== "ellipsis") {
                problems.push(`${name(el)} "${el.textContent.trim().slice(0, 40)}" overflows ` +
                    `its box by ${overX}x${overY} px`);
            }
            // Text that runs out above or left of its box (a line aligned to its foot, in
            // two lines where it has room for one) is not in the box's scroll size.
            const words = document.createRange();
            words.selectNodeContents(el);
            const w = words.getBoundingClientRect(), b = box(el);
            if (w.height && (w.top < b.top - 2 || w.left < b.left - 2)) {
                problems.push(`${name(el)} "${el.textContent.trim().slice(0, 40)}" runs ` +
                    `${px(b.top - w.top)} px above its box, ${px(b.left - w.left)} px left`);
            }
        }
        // Menu and panels: finger-sized on a touch screen, mouse-sized otherwise.
        const least = touch ? 44 : 24;
        // The link that replays the deals too, on a touch screen (with a mouse it is a link
        // within a sentence, which needs no room of its own).
        const controls = "#app button:not([data-card]), #app select, #app label.check" +
            (touch ? ', [data-testid="seed-link"]' : "");
        for (const el of all(controls)) {
            if (covered(el) || el.closest(".cards")) continue;
            const b = box(el);
            if (b.width < least - 0.5 || b.height < least - 0.5) {
                problems.push(`${name(el)} is too small to hit: ${px(b.width)}x${px(b.height)}`);
            }
        }
        // The top bar: its items side by side, none over another, all inside it.
        const bar = document.querySelector(".topbar");
        const items = all(".topbar > *:not(.scoreboard), .scoreboard > *")
            .map((el) => [el, box(el)]).sort((a, b) => a[1].left - b[1].left);
        const barBox = box(bar);
        items.forEach(([el, b], i) => {
            if (b.top < barBox.top - 0.5 || b.bottom > barBox.bottom + 0.5 ||
                b.left < barBox.left - 0.5 || b.right > barBox.right + 0.5) {
                problems.push(`top bar: ${name(el)} sticks out of the bar`);
            }
            const next = items[i + 1];
            if (next && next[1].left < b.right - 0.5) {
                problems.push(`top bar: ${name(el)} and ${name(next[0])} overlap`);
            }
        });
        // The note under a card the computer took ("taken") covers neither the words of the
        // line below its fan (what it just did) nor its label.
        for (const note of all('[data-testid="opponent-hand"] .card-note')) {
            const a = box(note);
            for (const line of all(".last-move, .seat-label")) {
                const words = document.createRange();
                words.selectNodeContents(line);
                const b = words.getBoundingClientRect();
                if (b.width && a.left < b.right && b.left < a.right && a.top < b.bottom &&
                    b.top < a.bottom) {
                    problems.push(`the note "${note.textContent}" covers ${name(line)} ` +
                        `"${line.textContent.trim().slice(0, 40)}"`);
                }
            }
        }
        // A hand card's note ("just drawn") leaves its top-left index in sight (a back row's
        // card shows no other), unless the card is chosen and lifted into the note's room.
        for (const note of all('[data-testid="hand"] [data-card]:not(.selected) > .card-note')) {
            const a = box(note), c = box(note.parentElement);
            const corner = {left: c.left, top: c.top, right: c.left + 0.25 * c.width,
                            bottom: c.top + 0.2 * c.height};
            const over = Math.min(a.bottom, corner.bottom) - Math.max(a.top, corner.top);
            if (a.left < corner.right && corner.left < a.right && over > 1) {
                problems.push(`the note "${note.textContent}" covers ${px(over)} px of ` +
                    `${name(note.parentElement)}'s index`);
            }
        }
        // A laid-off card stands out above its meld, into room its hand's title leaves.
        for (const hand of all(".laid-out")) {
            const title = hand.querySelector("h3");
            for (const card of [...hand.querySelectorAll(".card.theirs")].filter(shown)) {
                const over = box(title).bottom - box(card).top;
                if (over > 0.5) {
                    problems.push(`${name(card)}, laid off, runs ${px(over)} px into ` +
                        `"${title.textContent.trim().slice(0, 40)}"`);
                }
            }
        }
        // The game's facts the top bar leaves out, the open menu says, and only those.
        const menu = document.querySelector('[data-testid="menu"]');
        for (const fact of menu ? FACTS : []) {
            const inBar = all(`.topbar .${fact}`).length > 0;
            const inMenu = all(`[data-testid="menu-game"] .${fact}`).length > 0;
            if (inBar === inMenu) {
                problems.push(`the ${fact} is ${inBar ? "in both" : "in neither"} of the top ` +
                    "bar and the menu");
            }
        }
        // The phase's buttons in one row: a second would run into the lines around them.
        const tops = new Set(all(".actions button").map((el) => Math.round(box(el).top)));
        if (tops.size > 1) problems.push(`the buttons take ${tops.size} rows`);
        // Side columns and panels: readable at arm's length on a big monitor.
        const fonts = all(".side td, .side li, .side th, .side p, .panel-body p, .panel-body li, " +
                          ".panel-body td, .panel-body label")
            .filter((el) => el.textContent.trim() && !el.closest(".review-note, .chart"))
            .map((el) => parseFloat(getComputedStyle(el).fontSize));
        const smallestText = fonts.length ? Math.min(...fonts) : null;
        if (W >= 2560 && smallestText !== null && smallestText < 16) {
            problems.push(`text of ${smallestText} px beside the table or in a panel`);
        }
        if (document.querySelector("#app img")) problems.push("a bitmap image on the table");
        // A hint shows whole, but on the narrowest phones (its box scrolls there).
        const hint = document.querySelector('[data-testid="hint"]');
        if (hint && !panel && W > 344 && hint.scrollHeight > hint.clientHeight + 1) {
            problems.push(`the hint scrolls: ${hint.scrollHeight} > ${hint.clientHeight} px`);
        }

        // The hand: its rows, and the strip of each card in sight.
        const cards = [...document.querySelectorAll('[data-testid="hand"] [data-card]')];
        let hand = null;
        if (cards.length && !panel) {
            const rows = new Map();
            for (const el of cards) {
                const top = el.offsetTop;
                rows.set(top, [...(rows.get(top) || []), el]);
            }
            const rowTops = [...rows.keys()].sort((a, b) => a - b);
            const w = cards[0].offsetWidth, h = cards[0].offsetHeight;
            const need = Math.max(28, 0.21 * w);  // the index column: x 8..48 of 240
            let least = Infinity;
            rowTops.forEach((top, r) => {
                const row = rows.get(top);
                const below = rowTops[r + 1];
                row.forEach((el, i) => {
                    const b = box(el);
                    const next = row[i + 1];
                    const right = Math.min(b.right, next ? box(next).left : b.right, W);
                    const seenW = right - Math.max(b.left, 0);
                    const seenH = below === undefined ? h : below - top;
                    if (next) least = Math.min(least, seenW);
                    if (seenW < need - 0.5 || seenH < (touch ? 44 : 28) - 0.5) {
                        problems.push(`${name(el)} shows ${seenW.toFixed(1)}x${seenH.toFixed(1)} ` +
                            `px, less than its index (${need.toFixed(1)} px)`);
                    }
                    const hit = document.elementFromPoint((Math.max(b.left, 0) + right) / 2,
                                                          b.top + Math.min(seenH, b.height) / 2);
                    if (!hit || hit.closest("[data-card]") !== el) {
                        problems.push(`${name(el)}: its strip in sight is covered by ` +
                            (hit ? hit.outerHTML.slice(0, 60) : "nothing"));
                    }
                });
            });
            const lefts = cards.map((el) => box(el).left);
            const rights = cards.map((el) => box(el).right);
            const width = Math.max(...rights) - Math.min(...lefts);
            // What the window has left over: the table's rows and the window's height.
            const parts = all(".topbar, .opponent, .middle, .status, .hint, .actions, .hand-area")
                .map(box);
            const content = Math.max(...parts.map((b) => b.bottom)) -
                Math.min(...parts.map((b) => b.top));
            hand = {
                n: cards.length, rows: rowTops.length, w, h,
                share: h / H, width: width / W, step: least === Infinity ? null : least,
                need, free: H - content,
                // The card is as wide as eleven of them (the discard's hand) allow in its
                // row (or six in the back row of two), each showing its index.
                rowBound: w + (rowTops.length > 1 ? 5 : 10) * Math.max(28, 0.24 * w) >=
                    document.querySelector('[data-testid="hand"]').clientWidth - 2,
                heightBound: H - content < 0.2 * h,
            };
            // No empty band taller than a card between the rows of the table.
            const rowsOfTable = all('[data-testid="opponent-hand"], .middle, .status, .hint, ' +
                                    '.actions, .count-line, [data-testid="hand"], .sorts')
                .map(box).sort((a, b) => a.top - b.top);
            let bottom = null;
            for (const b of rowsOfTable) {
                if (bottom !== null && b.top - bottom > h) {
                    problems.push(`an empty band of ${px(b.top - bottom)} px at ${px(bottom)} ` +
                        `(the cards are ${px(h)} px)`);
                }
                bottom = bottom === null ? b.bottom : Math.max(bottom, b.bottom);
            }
        }
        return {problems, hand, smallestText};
    };

    const original = table.className;
    const result = {};
    for (const size of cardSizes) {
        table.className = original.replace(/\bcards-\w+/, "cards-" + size);
        result[size] = measure();
    }
    table.className = original;
    result.view = view;
    return result;
}"""


@dataclass
class Measured:
    """One phase at one window size: the figures at each card size, and what is wrong."""

    size: tuple[int, int]
    view: str
    figures: dict[str, Any]
    problems: list[str] = field(default_factory=list)


def card_size_rules(figures: dict[str, Any]) -> list[str]:
    """Issue 21's rules on the hand's card height, from the three card sizes' figures."""
    medium, small, large = (figures[s]["hand"] for s in CARD_SIZES)
    if medium is None:
        return []
    found = []
    bound = medium["rowBound"] or medium["heightBound"]
    if medium["share"] < SHARE - 0.0005 and not bound:
        found.append(
            f"the hand's cards are {medium['share']:.1%} of the window's height, with room "
            f"for {SHARE:.0%} (free {medium['free']:.0f} px, step {medium['step']})"
        )
    # Small is a fifth smaller, but no card smaller than a finger's target.
    if small["h"] > max(SMALLER * medium["h"], SMALLEST_H) + 0.5:
        found.append(f"Small is {small['h']} px against the default's {medium['h']} px")
    if large["h"] < LARGER * medium["h"] - 0.5 and not (large["rowBound"] or large["heightBound"]):
        found.append(f"Large is {large['h']} px against the default's {medium['h']} px, with room")
    return found


def measure(
    page: Page, size: tuple[int, int], view: str, cards: tuple[str, ...] = CARD_SIZES
) -> Measured:
    """Measure ``view`` at the card sizes ``cards`` (all three: and their rules too)."""
    figures: dict[str, Any] = page.evaluate(MEASURE, [view, required(view), list(cards)])
    problems = [
        f"{size[0]}x{size[1]} {view} {card}: {problem}"
        for card in cards
        for problem in figures[card]["problems"]
    ]
    if cards == CARD_SIZES:
        problems += [f"{size[0]}x{size[1]} {view}: {p}" for p in card_size_rules(figures)]
    return Measured(size, view, figures, problems)


PANELS = ("settings", "stats", "rules", "help", "sheet")


def walk(
    page: Page, site_url: str, size: tuple[int, int], seen: Callable[[str], None]
) -> list[Measured]:
    """Every phase of a game in one page at one window size; ``seen(view)`` after each is
    measured (the screenshot tool photographs there).

    The skeleton painted before Python must stand where the table then is.  A seeded game
    at speed 0 for the first turn, a draw and a discard (drawn and discarded
    by dragging, as a person may at any size), the menu and every panel; a saved position
    for a finished game; and for a hand's result, the coach's review and, at speed 1, the
    next hand's first card taken, which flies from the pile or the stock.
    """
    touch = is_touch(*size)
    found: list[Measured] = []

    def look(view: str) -> None:
        found.append(measure(page, size, view))
        seen(view)

    page.add_init_script(WATCH_SKELETON)
    page.add_init_script(RECORD_FLIGHTS)
    open_table(page, site_url, "?seed=7&speed=0")
    found.append(Measured(size, "skeleton", {}, _skeleton_in_place(page, size)))
    views: set[str] = set()
    for _ in range(12):
        phase = wait_idle(page)
        if phase == "draw" and phase not in views:
            # The draw's hint, the longest line the prompt holds, on show while measured.
            press(page, '[data-action="hint"]', touch)
            page.wait_for_selector('[data-testid="hint"]')
            wait_idle(page)
        if phase not in views:
            look(phase)
            views.add(phase)
        if phase == "upcard":
            press(page, '[data-action="pass"]', touch)
        elif phase == "draw":
            cards = page.locator(f"{HAND} [data-card]").count()
            drag(page, STOCK, f"{HAND} [data-card]:nth-child({cards // 2 + 1})")
        elif phase == "discard":
            found.append(Measured(size, "moved", {}, cards_moved_land_where_dropped(page, size)))
            drag(page, f"{HAND} [data-card]:last-child", '[data-testid="pile"]')
            wait_idle(page)
            break
    assert {"upcard", "draw", "discard"} <= views, views
    _panels(page, touch, look)

    page.evaluate("localStorage.clear()")
    open_position(page, site_url, positions.game_over(seed=7, target=100))
    assert wait_idle(page) == "game-over"
    look("game-over")
    _menu(page, touch)
    look("game-over menu")
    page.keyboard.press("Escape")
    page.wait_for_selector(MENU, state="detached")

    page.evaluate("localStorage.clear()")
    open_position(page, site_url, positions.hand_over(seed=7), "?speed=1")
    assert wait_idle(page) == "hand-over"
    look("hand-over")
    press(page, '[data-action="review-hand"]', touch)
    page.wait_for_selector('[data-testid="review-step"]')
    look("review")
    page.keyboard.press("Escape")
    page.wait_for_selector('[data-testid="review-panel"]', state="detached")
    found.append(Measured(size, "flight", {}, a_drawn_card_flies(page, touch)))
    return found


HAND_ROWS = r"""() => {
    const cards = [...document.querySelectorAll('[data-testid="hand"] [data-card]')];
    const tops = [...new Set(cards.map((el) => el.offsetTop))].sort((a, b) => a - b);
    const rows = tops.map((top) => cards.filter((el) => el.offsetTop === top));
    return rows.map((row, r) => row.map((el, i) => {
        const b = el.getBoundingClientRect();
        const next = row[i + 1];
        const right = next ? Math.min(b.right, next.getBoundingClientRect().left) : b.right;
        // A back row's strip in sight ends where the row in front of it starts.
        const front = rows[r + 1] ? Math.min(...rows[r + 1].map(
            (c) => c.getBoundingClientRect().top)) : b.bottom;
        return {code: el.dataset.card, seen: [(b.left + right) / 2, (b.top + front) / 2],
                middle: b.left + b.width / 2};
    }));
}"""
"""The hand's cards row by row (offsetTop: a raised card stays in its row): each card's code,
the middle of its strip in sight and the middle of the whole card, across."""


def cards_moved_land_where_dropped(page: Page, size: tuple[int, int]) -> list[str]:
    """Cards dragged within the hand land in reading order, just before the card they are
    dropped on (left of its middle): the first card onto the middle of the last row (the
    front one on a 320 px phone, whose hand takes two rows), then the last card onto the
    first row's third card, on the strip of it in sight."""
    problems = []
    for source, row, column in ((0, -1, None), (-1, 0, 2)):
        rows: list[list[dict[str, Any]]] = page.evaluate(HAND_ROWS)
        cards = [card for line in rows for card in line]
        before = [card["code"] for card in cards]
        moved = cards[source]
        line = rows[row]
        target = line[len(line) // 2 if column is None else column]
        drop = (target["middle"] - 2, target["seen"][1])
        drag_points(page, (moved["seen"][0], moved["seen"][1]), drop)
        wait_idle(page)
        after = page.eval_on_selector_all(
            f"{HAND} [data-card]", "els => els.map(e => e.dataset.card)"
        )
        others = [code for code in before if code != moved["code"]]
        place = others.index(target["code"])
        expected = [*others[:place], moved["code"], *others[place:]]
        if after != expected:
            problems.append(
                f"{size[0]}x{size[1]}: {moved['code']} dropped on {target['code']} in a hand of "
                f"{len(rows)} rows made {' '.join(after)}, not {' '.join(expected)}"
            )
    return problems


def _skeleton_in_place(page: Page, size: tuple[int, int]) -> list[str]:
    """The skeleton painted before Python stood where the table's parts now are."""
    wait_idle(page)
    skeleton: dict[str, list[float]] = page.evaluate("window.__skeleton")
    problems = []
    for name in COUNTERPARTS:
        table = page.locator(f'[data-testid="{name}"]').bounding_box()
        if name not in skeleton or table is None:
            problems.append(f"{size[0]}x{size[1]}: no {name} in the skeleton or the table")
            continue
        x, y, _width, height = skeleton[name]
        moved = {"x": x - table["x"], "y": y - table["y"], "height": height - table["height"]}
        if any(abs(delta) > TOLERANCE_PX for delta in moved.values()):
            problems.append(f"{size[0]}x{size[1]}: the skeleton's {name} moved by {moved}")
    return problems


def _menu(page: Page, touch: bool) -> None:
    if not page.locator(MENU).count():
        press(page, '[data-action="menu"]', touch)
    page.wait_for_selector(MENU)


def _panels(page: Page, touch: bool, look: Callable[[str], None]) -> None:
    _menu(page, touch)
    look("menu")
    for name in PANELS:
        if name == "help" and touch:
            continue  # no keys on a touch screen
        _menu(page, touch)
        press(page, f'{MENU} [data-action="{name}"]', touch)
        page.wait_for_selector(f'[data-testid="{name}-panel"]')
        look(f"{name} panel")
        page.keyboard.press("Escape")
        page.wait_for_selector(f'[data-testid="{name}-panel"]', state="detached")


RECORD_FLIGHTS = r"""
window.__flights = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, ...rest) {
    const first = Array.isArray(frames) ? frames[0] : null;
    const shift = first && typeof first.transform === "string" &&
        first.transform.match(/translate\(([-\d.]+)px, ([-\d.]+)px\)/);
    if (shift && this.dataset.card) {
        const box = this.getBoundingClientRect();
        window.__flights.push({card: this.dataset.card, x: box.left + Number(shift[1]),
                               y: box.top + Number(shift[2])});
    }
    return animate.call(this, frames, ...rest);
};
"""
"""Where each card's flight starts (its first frame's offset from where it lands), recorded
as the page's Python asks for the animation: no race with a busy page's frames."""


def a_drawn_card_flies(page: Page, touch: bool) -> list[str]:
    """At speed 1, the next hand's first card taken flies from where it was taken: its first
    frame lies on the pile (the face-up card) or the stock."""
    press(page, '[data-action="next-hand"]', touch)
    phase = wait_idle(page)
    before = page.eval_on_selector_all(f"{HAND} [data-card]", "els => els.map(e => e.dataset.card)")
    source = '[data-testid="pile"]' if phase == "upcard" else STOCK
    where = page.locator(source).bounding_box()
    if phase == "upcard":
        press(page, '[data-action="take"]', touch)
    else:
        drag(page, STOCK, f"{HAND} [data-card]:first-child")
    start = page.wait_for_function(
        "(before) => window.__flights.find((f) => !before.includes(f.card))",
        arg=before,
        timeout=20_000,
    ).json_value()
    assert where is not None
    left, top = start["x"], start["y"]
    if not (
        where["x"] - 2 <= left <= where["x"] + where["width"]
        and where["y"] - 2 <= top <= where["y"] + where["height"]
    ):
        return [
            f"the card taken in the {phase} starts its flight at {left:.0f},{top:.0f}, "
            f"not on the {source} {where}"
        ]
    return []


def report_table(measured: dict[tuple[int, int], list[Measured]]) -> str:
    """A Markdown table of the hand in the discard phase (eleven cards), per size and card size:
    card height, its share of the window's height, the hand's width, the narrowest strip,
    and what sets the size: the target (a fifth of the height, scaled), the row of eleven
    cards, or the height the table's other lines leave."""
    lines = [
        "| window | card size | card w×h (px) | share of height | hand's width | "
        "narrowest strip (px) | bound by |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    scale = {"medium": 1.0, "small": 0.78, "large": 1.25}
    for (width, height), found in sorted(measured.items()):
        phase = next((m for m in found if m.view == "discard"), None)
        if phase is None:
            continue
        for card in CARD_SIZES:
            hand = phase.figures[card]["hand"]
            if abs(hand["h"] - TARGET * height * scale[card]) <= 1:
                bound = "target"
            elif card == "small":
                bound = "0.78 × medium"
            else:
                bound = "row" if hand["rowBound"] else "height"
            rows = f", {hand['rows']} rows" if hand["rows"] > 1 else ""
            lines.append(
                f"| {width}×{height} | {card} | {hand['w']}×{hand['h']} | {hand['share']:.1%} | "
                f"{hand['width']:.0%}{rows} | {hand['step']:.0f} | {bound} |"
            )
    return "\n".join(lines) + "\n"
