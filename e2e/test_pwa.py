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
server (really offline, not ``context.set_offline``) or deploy a new version into it.
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

import pytest
from playwright.sync_api import Page, expect

from .conftest import LOCAL_ORIGINS, ROOT, SUB_PATH, PageProblems, open_table, serve
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
    # Nothing failed: every request of the offline page was answered by the worker.
    assert page_problems.failed_requests == []
    assert page_problems.outside_requests == []


def test_a_new_deployment_is_announced_and_applied(
    page: Page, deployment: Deployment, page_problems: PageProblems
) -> None:
    open_table(page, deployment.url)
    page.wait_for_function(OFFLINE_READY)
    expect(page.locator("#update")).to_be_hidden()
    assert page.evaluate("window.ginUpdateReady") is False

    # Deploy a new version: another page and, as tools/build.py would write, another
    # version in sw.js.
    index = deployment.folder / "index.html"
    index.write_text(
        index.read_text(encoding="utf-8").replace('<main id="app"', '<main data-build="2" id="app"')
    )
    worker = deployment.folder / "sw.js"
    text = worker.read_text(encoding="utf-8")
    assert text.count("const VERSION = ") == 1
    worker.write_text(text.replace("const VERSION = ", 'const VERSION = "2-" + '))

    # The next visit still runs the version it started with (one consistent cache), finds
    # the new one and says so.
    page.add_init_script(
        "window.__events = []; addEventListener('gin:update-ready', (e) => __events.push(e.type))"
    )
    open_table(page, deployment.url)
    assert page.locator("main[data-build]").count() == 0
    page.wait_for_function("() => window.ginUpdateReady === true")
    banner = page.locator("#update")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("new version")
    assert page.get_attribute("body", "data-update-ready") == "true"
    assert page.evaluate("window.__events") == ["gin:update-ready"]
    (ROOT / "test-results").mkdir(exist_ok=True)
    page.screenshot(path=str(ROOT / "test-results" / "update-banner.png"))

    # Taking the update reloads the page from the new version.
    with page.expect_navigation():
        page.click("#update-reload")
    page.wait_for_selector('body[data-ready="true"]', state="attached")
    expect(page.locator('main[data-build="2"]')).to_have_count(1)
    expect(page.locator("#update")).to_be_hidden()
    caches = page.evaluate("caches.keys()")
    assert len([name for name in caches if name.startswith("gin-rummy:")]) == 1, caches
