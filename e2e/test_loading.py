"""The page starts Python from local files only, with no errors, at the root and a sub-path;
its big downloads start with the page, and a skeleton of the table shows until Python draws
the table in its place."""

from __future__ import annotations

import gzip
import re
import struct
import time
import urllib.request
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from .conftest import READY_TIMEOUT_MS, PageProblems, open_table, preset, without_lessons


def test_page_loads_to_ready(page: Page, site_url: str, page_problems: PageProblems) -> None:
    requests: list[str] = []
    page.on("request", lambda req: requests.append(req.url))
    open_table(page, site_url)

    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#app")).to_contain_text("Gin Rummy")
    expect(page.locator("#loading-error")).to_be_hidden()
    assert not page_problems.outside_requests
    # Pyodide came from our vendored copy, not a CDN.
    assert any(url.endswith("/static/vendor/pyodide/pyodide.asm.wasm") for url in requests)
    assert any(url.endswith("/static/gin.zip.gz") for url in requests)


def test_page_loads_under_sub_path(page: Page, site_subpath_url: str) -> None:
    assert site_subpath_url.endswith("/gin-rummy/")
    open_table(page, site_subpath_url)
    expect(page.locator("#app")).to_contain_text("Gin Rummy")


def test_python_error_is_shown_not_a_blank_page(
    page: Page, site_url: str, page_problems: PageProblems
) -> None:
    # Break the engine bundle: the overlay must turn into a readable error message.
    page.route("**/static/gin.zip.gz", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(site_url, wait_until="domcontentloaded")
    expect(page.locator("#loading-error")).to_be_visible(timeout=60_000)
    expect(page.locator("#loading-error")).not_to_be_empty()
    # The errors this test provoked are expected: don't fail the test on them.
    page_problems.console_errors.clear()
    page_problems.page_errors.clear()
    page_problems.failed_requests.clear()


def test_a_stalled_first_visit_that_starts_after_all_takes_the_table_and_works_offline(
    browser: Browser, site_url: str
) -> None:
    """A first visit on a slow connection: the watch (here 1 s, 90 s for a player) says the
    game could not start while the WebAssembly is still on its way.  That is not final: when
    Python is up after all, the table takes over and the game is made to work offline (the
    failure had returned before the service worker was registered, for good)."""
    context = browser.new_context()
    context.add_init_script("window.GIN_BOOT_STALL_MS = 1000;")
    page = context.new_page()

    def slow(route: Route) -> None:
        time.sleep(3)  # longer than the watch: the page says it has stalled meanwhile
        route.continue_()

    page.route("**/pyodide.asm.wasm", slow)
    try:
        page.goto(site_url, wait_until="domcontentloaded")
        expect(page.locator("#loading-error")).to_be_visible(timeout=30_000)
        ready = 'body[data-ready="true"]'
        page.wait_for_selector(ready, state="attached", timeout=READY_TIMEOUT_MS)
        expect(page.locator("#loading")).to_be_hidden()
        expect(page.locator("#app")).to_contain_text("Gin Rummy")
        controlled = "navigator.serviceWorker.controller !== null"
        for _ in range(60):  # the worker installs and takes the page over
            if page.evaluate(controlled):
                break
            page.wait_for_timeout(500)
        assert page.evaluate(controlled), "the game was not made to work offline"
    finally:
        context.close()


def test_loading_screen_speaks_the_players_language(browser: Browser, site_url: str) -> None:
    context = browser.new_context(locale="pl-PL")
    page = context.new_page()
    page.route("**/static/gin.zip.gz", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(site_url, wait_until="domcontentloaded")
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    expect(page.locator("#loading-error")).to_be_visible(timeout=60_000)
    expect(page.locator("#loading-text")).to_have_text("Nie udało się uruchomić gry.")
    context.close()


# --- start-up: Python started on a first visit, restored from the snapshot after ----------

OFFLINE_READY = "() => window.ginOfflineReady === true"
# The start-up snapshot in the service worker's cache (stored unpacked: static/sw.js): "put"
# replaces it, "drop" removes it, "edit" changes a byte of it (of the file's header, or of
# Pyodide's memory inside it: the first byte of its build id, in the first page kept).
SNAPSHOT_CACHE = """async ([action, at, bytes]) => {
    const url = "./static/gin.snapshot";
    const names = (await caches.keys()).filter((name) => name.startsWith("gin-rummy:"));
    if (names.length !== 1) throw new Error("caches: " + names);
    const cache = await caches.open(names[0]);
    const cached = await cache.match(url);
    if (action === "has") return Boolean(cached);
    if (action === "drop") return cache.delete(url);
    let file = new Uint8Array(bytes);
    if (action === "edit") {
        file = new Uint8Array(await cached.arrayBuffer());
        if (file[0] !== 0x47) throw new Error("not stored unpacked");  // "GINSNAP3"
        if (at === "memory") {
            const kept = new DataView(file.buffer).getUint32(20, true);
            at = 24 + 4 * kept + 16;  // Pyodide's build id (its snapshot header)
        }
        file[at] ^= 0xff;
    }
    await cache.put(url, new Response(file));
    return true;
}"""


def snapshot_cache(page: Page, action: str, at: int | str = 0, data: bytes = b"") -> bool:
    return bool(page.evaluate(SNAPSHOT_CACHE, [action, at, list(data)]))


def snapshot_header(page: Page) -> bytes:
    """The header of the cached snapshot: its magic and the hashes of this site's zips."""
    header = page.evaluate(
        """async () => {
            for (const name of await caches.keys()) {
                const cached = await (await caches.open(name)).match("./static/gin.snapshot");
                if (cached) return [...new Uint8Array(await cached.arrayBuffer()).subarray(0, 16)];
            }
            return [];
        }"""
    )
    return bytes(header)


def reopen(page: Page, url: str) -> None:
    """The table again, on a new game (a Take button to press): the stored game forgotten."""
    page.evaluate("localStorage.clear()")
    open_table(page, url)


def wait_for_the_cached_snapshot(page: Page) -> None:
    page.wait_for_function(OFFLINE_READY)
    for _ in range(240):
        if snapshot_cache(page, "has"):
            return
        page.wait_for_timeout(250)
    raise AssertionError("the service worker did not cache the start-up snapshot")


def test_a_first_visit_starts_python_and_later_visits_restore_it(
    page: Page, site_url: str, page_problems: PageProblems
) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(urlsplit(request.url).path))
    infos: list[str] = []
    page.on("console", lambda msg: infos.append(msg.text) if msg.type == "info" else None)
    open_table(page, site_url)
    # A first visit: Python started the ordinary way, with the page's own standard library;
    # neither the snapshot nor Pyodide's own standard library or lock file was downloaded.
    expect(page.locator("html")).to_have_attribute("data-python", "started")
    assert "/static/stdlib.zip.gz" in requested
    assert not [
        path for path in requested if path.endswith(("snapshot", "stdlib.zip", "lock.json"))
    ]
    wait_for_the_cached_snapshot(page)  # the service worker, once the table was up

    reopen(page, site_url)
    expect(page.locator("html")).to_have_attribute("data-python", "restored")
    page.get_by_role("button", name=re.compile("^Take")).click()  # the table plays

    # A snapshot that cannot be used: Python starts the ordinary way, and the console says why.
    of_another_bundle = b"GINSNAP3" + bytes(8) + struct.pack("<II", 4096, 0)
    of_no_pages = gzip.compress(snapshot_header(page) + struct.pack("<III", 8192, 1, 0) + b"\0snp")
    for change, why in (
        (("put", 0, b"not a snapshot"), "not a start-up snapshot"),
        (("put", 0, gzip.compress(b"GINSNAP2" + bytes(8) + b"\0snp")), "not a start-up snapshot"),
        (("put", 0, b"\x1f\x8b" * 64), "a damaged snapshot"),
        (("put", 0, of_no_pages), "its pages do not add up"),
        (("put", 0, of_another_bundle), "made from another gin.zip"),
    ):
        snapshot_cache(page, *change)
        infos.clear()
        reopen(page, site_url)
        expect(page.locator("html")).to_have_attribute("data-python", "started")
        assert [text for text in infos if why in text], (why, infos)
        snapshot_cache(page, "drop")
    # Missing (not cached yet, or a quota error): the worker says so at once (it never asks
    # the network for it then), and once the table is up it caches it again.
    infos.clear()
    reopen(page, site_url)
    expect(page.locator("html")).to_have_attribute("data-python", "started")
    assert [text for text in infos if "has not cached it yet" in text], infos
    wait_for_the_cached_snapshot(page)
    for at, why in ((12, "another standard library"), ("memory", "build id mismatch")):
        snapshot_cache(page, "edit", at)
        infos.clear()
        reopen(page, site_url)
        expect(page.locator("html")).to_have_attribute("data-python", "started")
        assert [text for text in infos if why in text], (why, infos)
        page.get_by_role("button", name=re.compile("^Take")).click()
        snapshot_cache(page, "drop")  # the worker caches the right one again
        reopen(page, site_url)
        wait_for_the_cached_snapshot(page)
    assert not page_problems.page_errors


# --- start-up: every big download from the first bytes, each fetched once ------------------

PRELOADED = (
    "static/vendor/pyodide/pyodide.mjs",
    "static/vendor/pyodide/pyodide.asm.mjs",
    "static/stdlib.zip.gz",
    "static/gin.zip.gz",
    "static/js/snapshot-format.mjs",
)
# Not preloaded (V8 would not keep its compiled code), fetched by static/js/start.mjs.
WASM = "static/vendor/pyodide/pyodide.asm.wasm"
UNUSED_PLUGINS = ("py-editor", "py-game", "py-terminal", "donkey", "deprecations", "codemirror")


def test_big_downloads_start_with_the_page_and_each_is_fetched_once(
    page: Page, site_url: str
) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    sent: list[str] = []
    cdp.on("Network.requestWillBeSent", lambda event: sent.append(event["request"]["url"]))
    warnings: list[str] = []
    page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
    open_table(page, site_url)

    paths = [urlsplit(url).path.removeprefix("/") for url in sent if url.startswith(site_url)]
    for path in PRELOADED:
        # Once: a preload whose URL or credentials mode differed from the real request
        # would be fetched a second time.
        assert paths.count(path) == 1, (path, paths.count(path))
        # Before PyScript had even read its config: started by the page, not by PyScript.
        assert paths.index(path) < paths.index("pyscript.json"), path
    assert paths.count(WASM) == 1
    # Chromium says so when a preload goes unused or does not match its request.
    assert not [text for text in warnings if "preload" in text.lower()], warnings

    # PyScript: its core and the error plugin, exactly the modules the page preloads.
    served = urllib.request.urlopen(site_url).read().decode("utf-8")
    preloaded = set(re.findall(r'<link rel="modulepreload" href="\./([^"]+)"', served))
    pyscript = {p for p in paths if p.startswith("static/vendor/pyscript/") and p.endswith(".js")}
    assert pyscript == {"static/vendor/pyscript/core.js"} | {
        p for p in preloaded if p.startswith("static/vendor/pyscript/")
    }
    assert not [p for p in pyscript if any(name in p for name in UNUSED_PLUGINS)], pyscript
    assert len(pyscript) == 3, pyscript  # core.js, its chunk, the error plugin


# --- the skeleton: painted before Python, and where the table will be ----------------------

# From the page's first moment: the skeleton's parts' boxes at every frame while it is there,
# the layout shifts, and the first contentful paint.
WATCH_SKELETON = """
window.__skeleton = {};
window.__shifts = [];
window.__fcp = null;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) window.__shifts.push(entry.value);
  }
}).observe({ type: "layout-shift", buffered: true });
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.name === "first-contentful-paint") window.__fcp = entry.startTime;
  }
}).observe({ type: "paint", buffered: true });
let seen = false;
const measure = () => {
  const parts = document.querySelectorAll("[data-skeleton]");
  for (const part of parts) {
    const box = part.getBoundingClientRect();
    window.__skeleton[part.dataset.skeleton] = [box.x, box.y, box.width, box.height];
  }
  seen = seen || parts.length > 0;
  if (parts.length || !seen) requestAnimationFrame(measure);
};
requestAnimationFrame(measure);
"""
# The table's counterparts of the skeleton's parts (gin/web/render.py).
COUNTERPARTS = ("opponent-hand", "stock", "pile", "hand")
TOLERANCE_PX = 6


@pytest.mark.parametrize("viewport", [(1280, 720), (360, 640)], ids=["desktop", "phone"])
def test_the_skeleton_is_painted_before_python_and_the_table_takes_its_place(
    page: Page, site_url: str, viewport: tuple[int, int]
) -> None:
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    page.add_init_script(WATCH_SKELETON)
    open_table(page, site_url)
    page.wait_for_timeout(500)  # a few frames of the table, for any late shift

    # The felt and the card backs were on screen before Python was up.
    fcp, pyodide_up = page.evaluate(
        "[window.__fcp, performance.getEntriesByName('gin:pyodide')[0].startTime]"
    )
    assert fcp is not None and fcp < pyodide_up, (fcp, pyodide_up)
    skeleton = page.evaluate("window.__skeleton")
    assert sorted(skeleton) == sorted(COUNTERPARTS)
    assert page.locator("[data-skeleton]").count() == 0  # the table replaced it

    for name in COUNTERPARTS:
        table = page.locator(f'[data-testid="{name}"]').bounding_box()
        assert table is not None, name
        x, y, _width, height = skeleton[name]
        moved = {"x": x - table["x"], "y": y - table["y"], "height": height - table["height"]}
        assert all(abs(delta) <= TOLERANCE_PX for delta in moved.values()), (name, moved)
    # Nothing on the page jumped while it started (the layout-shift score, as browsers
    # count it; 0.1 is where they call a page's layout unstable).
    assert sum(page.evaluate("window.__shifts")) < 0.01


def test_the_skeleton_speaks_the_players_language_before_python(
    browser: Browser, site_url: str
) -> None:
    context = browser.new_context(locale="pl-PL")
    page = context.new_page()
    # Python never starts: the skeleton is all there is.
    page.route("**/static/js/start.mjs", lambda route: None)
    page.goto(site_url, wait_until="commit")
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    expect(page.locator("#loading-text")).to_have_text("Tasowanie…")
    # Ten backs for each hand, the stock and the face-up card to come.
    expect(page.locator(".skeleton-card")).to_have_count(22)
    expect(page.locator("#loading-error")).to_be_hidden()
    # The Menu button to come shows its burger, not a blank square: ink that stands out on
    # its face (WCAG's contrast for a graphic, 3:1).
    contrast = page.evaluate(
        """() => {
            const lum = (el, prop) => {
                const rgb = getComputedStyle(el)[prop].match(/[\\d.]+/g).slice(0, 3)
                    .map((v) => { const c = v / 255;
                        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; });
                return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
            };
            const menu = document.querySelector('.skeleton-menu');
            const [a, b] = [lum(menu.querySelector('.burger'), 'backgroundColor'),
                            lum(menu, 'backgroundColor')];
            return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        }"""
    )
    assert contrast >= 3, contrast
    context.close()


@pytest.mark.parametrize(
    ("language", "failed"),
    [
        ("et", "Mängu ei õnnestunud käivitada."),
        # Not a language, though every object has it: the browser's language (English) is used.
        ("__proto__", "The game could not start."),
    ],
)
def test_loading_screen_reads_the_language_this_copy_stored(
    browser: Browser, site_subpath_url: str, language: str, failed: str
) -> None:
    """The loading screen runs before Python: it reads this copy's own (scoped) settings."""
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    preset(page, "settings", {"language": language})
    page.route("**/static/gin.zip.gz", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(site_subpath_url, wait_until="domcontentloaded")
    keys = without_lessons(page.evaluate("Object.keys(localStorage)"))
    assert keys == ["gin-rummy@/gin-rummy/settings"]
    expect(page.locator("#loading-error")).to_be_visible(timeout=60_000)
    expect(page.locator("#loading-text")).to_have_text(failed)
    expect(page.locator("html")).to_have_attribute("lang", "et" if language == "et" else "en")
    context.close()


RECORD_BAR = """
window.__bar = [];
window.__glides = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
    if (this.classList.contains("skeleton-progress-fill")) window.__glides += 1;
    return animate.apply(this, args);
};
const look = setInterval(() => {
    const bar = document.getElementById("loading-progress");
    if (bar) {
        // -1 while it has no value (it sweeps), else the fill's width: its transform's scale.
        const scale = new DOMMatrix(getComputedStyle(bar.firstElementChild).transform).a;
        window.__bar.push([performance.now(), bar.hasAttribute("aria-valuenow") ? scale : -1]);
    }
    if (document.body && document.body.dataset.ready) clearInterval(look);
}, 100);
"""


def _a_slow_first_visits_bar(
    page: Page, site_url: str, longest_still_ms: float
) -> tuple[list[list[float]], int]:
    """The bar's value every 100 ms of a first visit at 5 Mbit/s (-1 while it has none), and
    how many times it was set gliding; it never stood still ``longest_still_ms``."""
    page.add_init_script(RECORD_BAR)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    rate = 5e6 / 8  # bytes a second
    conditions = {"latency": 40, "downloadThroughput": rate, "uploadThroughput": rate}
    cdp.send("Network.emulateNetworkConditions", {"offline": False, **conditions})
    page.goto(site_url, wait_until="commit")
    page.wait_for_selector('body[data-ready="true"]', state="attached", timeout=120_000)
    looked: list[list[float]] = page.evaluate("window.__bar")
    seen = [sample for sample in looked if sample[1] >= 0]
    assert looked[0][1] == -1 and all(sample[1] == -1 for sample in looked[: -len(seen)])
    values = [value for _, value in seen]
    assert values == sorted(values), "the bar went back"
    changes = [at for i, (at, value) in enumerate(seen) if i == 0 or value != seen[i - 1][1]]
    still = max(b - a for a, b in zip(changes, changes[1:] + [seen[-1][0]], strict=True))
    assert still < longest_still_ms, (still, seen)
    assert seen[-1][0] > 10_000, "the visit was not slow: the bar had little to show"
    assert values[-1] >= 0.75
    return seen, int(page.evaluate("window.__glides"))


def test_a_slow_first_visits_progress_bar_never_stands_still(page: Page, site_url: str) -> None:
    """At 5 Mbit/s Pyodide's WebAssembly took 15 s to arrive, and the bar stood still all that
    time (it moved only at the start's steps).  Now it sweeps until the page's script takes it
    over (-1 here); then the engine's and the standard library's bytes move it as they arrive,
    and between the start's milestones it creeps on: it never goes back, never stands still
    for a second and a half, and has gone most of the way when the table is drawn.  The creep
    is an animation of the fill's transform, which the compositor plays while Python's start
    holds the main thread (so this look, from the main thread, sees it only between tasks)."""
    _, glides = _a_slow_first_visits_bar(page, site_url, longest_still_ms=1500)
    assert glides > 0


@pytest.mark.browser_context_args(reduced_motion="reduce")
def test_asked_for_less_motion_the_progress_bar_steps_instead(page: Page, site_url: str) -> None:
    """With ``prefers-reduced-motion: reduce`` nothing glides or sweeps: the bar is set anew
    every second instead (by a timer, which a busy main thread delays: 1.52 s once on a loaded
    machine), and it still never stands still for long nor goes back."""
    _, glides = _a_slow_first_visits_bar(page, site_url, longest_still_ms=3000)
    assert glides == 0
