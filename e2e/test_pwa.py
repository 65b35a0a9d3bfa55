"""Installable and offline: the manifest, the service worker, offline play, and updates.

How Playwright's routing meets the service worker (Chromium, Playwright 1.65):

- The ``page`` fixture routes every request of its context (``context.route``) to abort
  outside ones. Requests a service worker answers (``respondWith``) are *not* seen by
  ``route`` or ``page.on("request")``; neither are the worker's own fetches (its precache),
  unless PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS=1. Routing also disables the HTTP
  cache, so the precache and the page download everything once each.
- Our worker (static/sw.js) never answers another origin's request: such a request goes
  to the network as without a worker, so ``route`` still sees and aborts it (proved in
  e2e/test_security.py::test_the_harness_catches_outside_requests) and the CSP still
  applies to it.
- Contexts allow service workers by default; ``service_workers="block"`` (a context
  option) would switch them off. These tests need them, so they use the default.

Each test here serves its own copy of _site/ from a server of its own, so it can stop the
server (really offline, not ``context.set_offline``) or publish a new version on it: a
second build of the site (tools/build.py writes its service worker) switched in place of
the first, on the same origin and port.
"""

from __future__ import annotations

import json
import re
import shutil
import struct
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import ThreadingHTTPServer
from pathlib import Path
from threading import Thread
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tools import build

from .conftest import (
    LOCAL_ORIGINS,
    ROOT,
    STORAGE_KEY_JS,
    SUB_PATH,
    PageProblems,
    open_table,
    serve,
)
from .players import play_one_decision, wait_idle

# A function, not an expression: wait_for_function evaluates strings with eval(), which
# the page's CSP refuses.
OFFLINE_READY = "() => window.ginOfflineReady === true"


@dataclass
class Deployment:
    """A copy of the site served by a server this test owns."""

    folder: Path
    url: str
    server: ThreadingHTTPServer
    thread: Thread
    origin: str

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


def _deploy(site_dir: Path, tmp_path: Path, prefix: str) -> Iterator[Deployment]:
    folder = tmp_path / "site"
    shutil.copytree(site_dir, folder)
    server = serve.make_server(folder, "127.0.0.1", 0, prefix)
    thread = serve.serve_in_thread(server)
    origin = f"http://127.0.0.1:{server.server_port}"
    LOCAL_ORIGINS.add(origin)
    deployment = Deployment(folder, origin + prefix, server, thread, origin)
    try:
        yield deployment
    finally:
        LOCAL_ORIGINS.discard(origin)
        deployment.stop()


@pytest.fixture
def deployment(site_dir: Path, tmp_path: Path) -> Iterator[Deployment]:
    """_site/ copied and served at the root of a port of its own."""
    yield from _deploy(site_dir, tmp_path, "/")


@pytest.fixture
def subpath_deployment(site_dir: Path, tmp_path: Path) -> Iterator[Deployment]:
    """_site/ copied and served under a sub-path only (like GitHub Pages)."""
    yield from _deploy(site_dir, tmp_path, SUB_PATH)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_manifest_describes_an_installable_app(site_url: str) -> None:
    index = urllib.request.urlopen(site_url).read().decode("utf-8")
    match = re.search(r'<link rel="manifest" href="([^"]+)"', index)
    assert match, "index.html links no manifest"
    href = urllib.parse.urljoin(site_url, match.group(1))
    manifest = json.loads(urllib.request.urlopen(href).read())
    assert manifest["name"] == "Gin Rummy" and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["background_color"]
    # Relative to the manifest (static/): the site's root, wherever it is published.
    assert manifest["start_url"] == manifest["scope"] == "../"
    assert urllib.parse.urljoin(href, manifest["start_url"]) == site_url
    sizes: dict[str, set[str]] = {}
    for icon in manifest["icons"]:
        data = urllib.request.urlopen(urllib.parse.urljoin(href, icon["src"])).read()
        if icon["type"] == "image/png":
            width, height = png_size(data)
            assert icon["sizes"] == f"{width}x{height}"
        sizes.setdefault(icon.get("purpose", "any"), set()).add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes["any"]
    assert "512x512" in sizes["maskable"]


def test_plays_offline_after_the_first_visit_under_a_sub_path(
    page: Page, subpath_deployment: Deployment, page_problems: PageProblems
) -> None:
    url = subpath_deployment.url
    open_table(page, url, "?seed=4&speed=0")
    # Activated means installed, and installing means every published file is cached.
    page.wait_for_function(OFFLINE_READY)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == url + "sw.js"
    # Chromium's own verdict on the manifest and the worker.
    cdp = page.context.new_cdp_session(page)
    assert cdp.send("Page.getAppManifest")["errors"] == []
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's contexts are incognito profiles, where nothing installs: ignore that one.
    assert [e for e in errors if e["errorId"] != "in-incognito"] == []

    # Only this site's own files are cached (never another origin's, nor a parent path's).
    cached = page.evaluate(
        """async () => {
            const urls = [];
            for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                for (const request of await cache.keys()) urls.push(request.url);
            }
            return urls;
        }"""
    )
    assert url in cached and url + "static/vendor/pyodide/pyodide.asm.wasm" in cached
    assert all(u.startswith(url) for u in cached), [u for u in cached if not u.startswith(url)]

    subpath_deployment.stop()
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(url, timeout=2)

    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector('body[data-ready="true"]', state="attached")
    phases = []
    for _ in range(30):
        phases.append(play_one_decision(page))
        if wait_idle(page) == "hand-over":
            break
    assert "discard" in phases
    # Nothing failed but the one request the page makes past the worker, for Pyodide's
    # WebAssembly (static/js/start.mjs): the worker's copy stood in for it.
    wasm = url + "static/vendor/pyodide/pyodide.asm.wasm"
    assert page_problems.failed_requests == [f"{wasm}: net::ERR_CONNECTION_REFUSED"]
    assert page_problems.console_errors == [
        f"Failed to load resource: net::ERR_CONNECTION_REFUSED ({wasm})"
    ]
    page_problems.failed_requests.clear()
    page_problems.console_errors.clear()
    assert page_problems.outside_requests == []


def test_warm_starts_take_pyodides_webassembly_from_the_http_cache(
    page: Page, deployment: Deployment
) -> None:
    """V8 reuses compiled WebAssembly only for a response from the HTTP cache: the worker
    answers every file of the site but that one (whose warm start would otherwise compile
    it again: bench/load_time.py)."""
    open_table(page, deployment.url)
    page.wait_for_function(OFFLINE_READY)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    by_worker: dict[str, bool] = {}

    def received(event: dict[str, Any]) -> None:
        url = urllib.parse.urlsplit(event["response"]["url"])
        if url.scheme == "data":
            return  # a card's picture in cards.css: no file of the site
        path = url.path
        by_worker[path] = bool(event["response"].get("fromServiceWorker"))

    cdp.on("Network.responseReceived", received)
    open_table(page, deployment.url)
    assert by_worker["/static/vendor/pyodide/pyodide.asm.wasm"] is False
    others = {path: worker for path, worker in by_worker.items() if not path.endswith(".wasm")}
    assert others and all(others.values()), others


def test_a_runtime_of_another_version_on_the_server_is_not_used(
    page: Page, deployment: Deployment, page_problems: PageProblems
) -> None:
    open_table(page, deployment.url, "?seed=7&speed=0")
    page.wait_for_function(OFFLINE_READY)
    # The server now has another Pyodide's WebAssembly (a newer deployment, say): the page
    # still runs its own version whole, with the worker's copy of the file.
    wasm = deployment.folder / "static/vendor/pyodide/pyodide.asm.wasm"
    wasm.write_bytes(wasm.read_bytes() + b"\0")
    open_table(page, deployment.url, "?speed=0")
    assert "discard" in [play_one_decision(page) for _ in range(3)]
    # The browser reports the refused file, which is the point.
    assert page_problems.console_errors
    assert all("integrity" in error for error in page_problems.console_errors)
    page_problems.console_errors.clear()
    page_problems.failed_requests.clear()


# --- the start-up snapshot: cached after the first start, if it may and can ---------------

SNAPSHOT_CACHED = """async () => {
    for (const name of await caches.keys()) {
        if (await (await caches.open(name)).match("./static/gin.snapshot")) return true;
    }
    return false;
}"""
EVERY_VERSION_HAS_ITS_SNAPSHOT = """async (versions) => {
    const names = (await caches.keys()).filter((name) => name.startsWith("gin-rummy:"));
    for (const name of names) {
        if (!(await (await caches.open(name)).match("./static/gin.snapshot"))) return false;
    }
    return names.length === versions;
}"""
SAVE_DATA = "Object.defineProperty(NetworkInformation.prototype, 'saveData', { get: () => true });"


def test_with_save_data_the_snapshot_is_not_downloaded(page: Page, deployment: Deployment) -> None:
    page.add_init_script(SAVE_DATA)
    open_table(page, deployment.url)
    page.wait_for_function(OFFLINE_READY)
    page.wait_for_timeout(3000)  # time enough to cache it (well under a second here)
    assert page.evaluate(SNAPSHOT_CACHED) is False
    open_table(page, deployment.url, "?speed=0")
    expect(page.locator("html")).to_have_attribute("data-python", "started")
    assert "discard" in [play_one_decision(page) for _ in range(3)]


def test_no_room_for_the_snapshot_costs_only_the_faster_start(
    page: Page, deployment: Deployment
) -> None:
    # Room for the game's files, not for the snapshot as well: its caching fails (a quota
    # error), the game is offline-ready all the same, and the next visit starts Python the
    # ordinary way.
    files = [p for p in deployment.folder.rglob("*") if p.is_file()]
    snapshot = (deployment.folder / "static" / "gin.snapshot").stat().st_size
    needed = sum(p.stat().st_size for p in files) - snapshot
    cdp = page.context.new_cdp_session(page)
    cdp.send(
        "Storage.overrideQuotaForOrigin",
        {"origin": deployment.origin, "quotaSize": needed + snapshot // 2},
    )
    open_table(page, deployment.url, "?seed=3&speed=0")
    page.wait_for_function(OFFLINE_READY)
    page.wait_for_timeout(3000)
    assert page.evaluate(SNAPSHOT_CACHED) is False
    open_table(page, deployment.url, "?speed=0")
    expect(page.locator("html")).to_have_attribute("data-python", "started")
    assert "discard" in [play_one_decision(page) for _ in range(3)]


# --- updates: one version at a time, the game kept ----------------------------------------

# The records a game in progress keeps (gin/table/storage.py), under this copy's prefix.
SAVED_RECORDS = ("table", "settings")
SAVED = f"{list(SAVED_RECORDS)}.map((name) => localStorage.getItem(({STORAGE_KEY_JS})(name)))"
# What a version is made of here: its page and a stylesheet (see new_version), read from the
# running page. Both from one version, or it is a mix.
RUNNING_VERSION = """() => [
    document.querySelector("main").dataset.build || "A",
    getComputedStyle(document.documentElement).getPropertyValue("--build").trim() || "A",
]"""
# The table as the person sees it: enough to tell that the very same game is on.
TABLE_STATE = """() => ({
    hand: [...document.querySelectorAll('[data-testid="hand"] [data-card]')]
        .map((card) => card.dataset.card).sort(),
    pile: document.querySelector('[data-testid="pile"] [data-card]')?.dataset.card ?? null,
    stock: document.querySelector('[data-testid="stock"] .count')?.textContent ?? null,
    scores: [...document.querySelectorAll('[data-testid^="score-"]')].map((s) => s.textContent),
})"""
# Ask the browser to look for a new version now and say how its install ended.
CHECK_FOR_UPDATE = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration.update();
    const worker = registration.installing;
    if (!worker) return registration.waiting ? "installed" : "none";
    return new Promise((resolve) => worker.addEventListener("statechange", () => {
        if (worker.state === "installed" || worker.state === "redundant") resolve(worker.state);
    }));
}"""


def new_version(deployment: Deployment, tmp_path: Path, name: str) -> Path:
    """A build of the next version beside the served one: the same site with a changed page
    and stylesheet, and the service worker the build writes for them (tools/build.py)."""
    folder = tmp_path / f"site-{name}"
    shutil.copytree(deployment.folder, folder)
    index = folder / "index.html"
    index.write_text(
        index.read_text(encoding="utf-8").replace(
            '<main id="app"', f'<main data-build="{name}" id="app"'
        ),
        encoding="utf-8",
    )
    css = folder / "static" / "css" / "table.css"
    css.write_text(css.read_text(encoding="utf-8") + f"\n:root {{ --build: {name}; }}\n")
    build.build_service_worker(folder)
    return folder


def publish(deployment: Deployment, folder: Path, tmp_path: Path) -> None:
    """Switch what the server serves (same origin, same port) to the files in ``folder``."""
    retired = tmp_path / f"retired-{len(list(tmp_path.glob('retired-*')))}"
    deployment.folder.rename(retired)
    folder.rename(deployment.folder)


def play_a_few_moves(page: Page) -> None:
    for _ in range(3):
        play_one_decision(page)
    wait_idle(page)


def test_an_update_waits_for_the_player_never_mixes_versions_and_keeps_the_game(
    page: Page, deployment: Deployment, tmp_path: Path
) -> None:
    open_table(page, deployment.url, "?seed=4&speed=0")
    page.wait_for_function(OFFLINE_READY)
    play_a_few_moves(page)
    game = page.evaluate(TABLE_STATE)
    saved = page.evaluate(SAVED)
    assert all(saved), saved

    publish(deployment, new_version(deployment, tmp_path, "B"), tmp_path)
    # The next visit still runs A, as a whole (its worker's cache), with the game on, and
    # restored from A's snapshot; the browser finds B meanwhile, installs it beside A and
    # the page offers it.
    page.wait_for_function(SNAPSHOT_CACHED)
    open_table(page, deployment.url, "?speed=0")
    expect(page.locator("html")).to_have_attribute("data-python", "restored")
    assert page.evaluate(TABLE_STATE) == game
    page.wait_for_function("() => window.ginUpdateReady === true")
    expect(page.locator("#update")).to_be_visible()
    (ROOT / "test-results").mkdir(exist_ok=True)
    page.screenshot(path=str(ROOT / "test-results" / "update-banner.png"))
    assert page.evaluate(RUNNING_VERSION) == ["A", "A"]
    # Even a file fetched now comes from A, though B is installed and the server has B only.
    stylesheet = page.evaluate("fetch('./static/css/table.css').then((r) => r.text())")
    assert "--build" not in stylesheet

    # B's own snapshot, cached into B's cache while it waited.
    page.wait_for_function(EVERY_VERSION_HAS_ITS_SNAPSHOT, arg=2)
    with page.expect_navigation():
        page.click("#update-reload")
    page.wait_for_selector('body[data-ready="true"]', state="attached")
    assert page.evaluate(RUNNING_VERSION) == ["B", "B"]
    expect(page.locator("html")).to_have_attribute("data-python", "restored")
    assert page.evaluate(TABLE_STATE) == game  # B read A's saved game: the same game goes on
    expect(page.locator("#update")).to_be_hidden()
    assert all(page.evaluate(SAVED))
    caches = page.evaluate("caches.keys()")
    assert len([name for name in caches if name.startswith("gin-rummy:")]) == 1, caches
    play_a_few_moves(page)  # and it plays on


def test_a_waiting_version_starts_on_the_next_visit(
    page: Page, subpath_deployment: Deployment, tmp_path: Path
) -> None:
    deployment = subpath_deployment
    open_table(page, deployment.url, "?seed=5&speed=0")
    page.wait_for_function(OFFLINE_READY)
    play_a_few_moves(page)
    game = page.evaluate(TABLE_STATE)
    publish(deployment, new_version(deployment, tmp_path, "B"), tmp_path)
    assert page.evaluate(CHECK_FOR_UPDATE) == "installed"

    # The player ignores the offer and closes the game. Once no page uses A any more, the
    # browser switches to B: seen from a page of the same origin outside the game's scope
    # (the server's 404 page at "/"), which does not hold A in use.
    context = page.context
    outside = context.new_page()
    outside.goto(deployment.origin + "/")
    page.close()
    switched = outside.evaluate(
        """async (scope) => {
            for (let tries = 0; tries < 600; tries++) {
                const registration = await navigator.serviceWorker.getRegistration(scope);
                if (!registration.waiting && registration.active.state === "activated") {
                    return true;
                }
                await new Promise((resolve) => setTimeout(resolve, 100));
            }
            return false;
        }""",
        deployment.url,
    )
    assert switched
    later = context.new_page()
    open_table(later, deployment.url, "?speed=0")
    assert later.evaluate(RUNNING_VERSION) == ["B", "B"]
    assert later.evaluate(TABLE_STATE) == game
    assert later.evaluate("window.ginUpdateReady") is False
    later.close()
    outside.close()


def test_a_half_published_version_is_not_installed(
    page: Page, deployment: Deployment, tmp_path: Path
) -> None:
    open_table(page, deployment.url, "?seed=6&speed=0")
    page.wait_for_function(OFFLINE_READY)
    version_b = new_version(deployment, tmp_path, "B")
    # A server (or a CDN's cache) that has B's service worker and page but still A's
    # stylesheet: installing that would mix the two versions, so the install fails.
    half = tmp_path / "half"
    shutil.copytree(version_b, half)
    shutil.copy(deployment.folder / "static/css/table.css", half / "static/css/table.css")
    publish(deployment, half, tmp_path)
    assert page.evaluate(CHECK_FOR_UPDATE) == "redundant"
    open_table(page, deployment.url, "?speed=0")
    assert page.evaluate(RUNNING_VERSION) == ["A", "A"]
    assert page.evaluate("window.ginUpdateReady") is False

    # Once the whole of B is there, it installs.
    publish(deployment, version_b, tmp_path)
    assert page.evaluate(CHECK_FOR_UPDATE) == "installed"
