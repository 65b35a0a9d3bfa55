"""Browser test fixtures: Debian's chromium driven by pytest-playwright against _site/.

The site is the one ``make site`` builds (rebuilt here when missing or older than its
sources) and is served from a background thread on a free localhost port, at the root and
under a sub-path (as on GitHub Pages). Every test page aborts and records any request
that leaves the page's origin, and collects console and page errors; a test with any of
them fails at teardown.
"""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request, Route

from tools import serve
from tools.browser import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
SUB_PATH = "/gin-rummy/"
READY_TIMEOUT_MS = 60_000


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.e2e)


# --- the browser --------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} not found: run `make setup` (installs Debian's chromium)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS],
    }


# --- the first visit's offer of the lessons -------------------------------------------------

OFFER_SEEN_JS = """(() => {
    if (!/^https?:$/.test(location.protocol)) return;  // about:blank has no storage
    const path = location.pathname;
    const folder = path.endsWith("/") ? path : path.slice(0, path.lastIndexOf("/") + 1);
    const key = "gin-rummy@" + folder + "lessons";
    if (localStorage.getItem(key) === null) {
        localStorage.setItem(key, JSON.stringify(
            {format: "gin-rummy-lessons", version: 1, offered: true}));
    }
})()"""
"""Every test's profile is a first visit, which offers the lessons over the table: each new
browser context is given a person who has seen the offer, unless the test is marked
``first_visit`` (e2e/test_lessons.py, which tests the offer itself)."""

_OFFER = {"seen": True}


@pytest.fixture(autouse=True)
def _offer_seen(request: pytest.FixtureRequest) -> None:
    _OFFER["seen"] = request.node.get_closest_marker("first_visit") is None


@pytest.fixture(scope="session", autouse=True)
def _contexts_have_seen_the_offer() -> Iterator[None]:
    original = Browser.new_context

    def new_context(self: Browser, *args: Any, **kwargs: Any) -> BrowserContext:
        context = original(self, *args, **kwargs)
        if _OFFER["seen"]:
            context.add_init_script(OFFER_SEEN_JS)
        return context

    Browser.new_context = new_context  # type: ignore[method-assign]
    yield
    Browser.new_context = original  # type: ignore[method-assign]


def without_lessons(keys: list[str]) -> list[str]:
    """Stored keys but the lessons' record (written for every test: see OFFER_SEEN_JS)."""
    return [key for key in keys if not key.endswith("/lessons")]


# --- the site -----------------------------------------------------------------------------

_SOURCES = (
    "index.html",
    "pyscript.json",
    "static",
    "gin",
    "package-lock.json",
    "tools/build.py",
    "tools/compile_pyodide.mjs",
    "tools/stdlib.py",
    "tools/stdlib_probe.py",
    "tools/stdlib_pyodide.mjs",
    "tools/snapshot_pyodide.mjs",
)


def _newest_source_mtime() -> float:
    newest = 0.0
    for name in _SOURCES:
        path = ROOT / name
        paths = [path] if path.is_file() else path.rglob("*")
        for p in paths:
            rel = p.relative_to(ROOT).as_posix()
            if rel.startswith(("static/vendor", "static/gin.", "static/stdlib.")) or (
                "__pycache__" in rel
            ):
                continue
            if p.is_file():
                newest = max(newest, p.stat().st_mtime)
    return newest


def _ensure_site() -> Path:
    stamp = SITE / ".nojekyll"  # written last by tools/build.py site
    if not stamp.exists() or stamp.stat().st_mtime < _newest_source_mtime():
        subprocess.run(
            [sys.executable, str(ROOT / "tools" / "build.py"), "site"], check=True, cwd=ROOT
        )
    return SITE


@pytest.fixture(scope="session")
def bfcache_browser(playwright: Any, browser_type_launch_args: dict[str, Any]) -> Iterator[Any]:
    """A chromium with the back-forward cache on (Playwright turns it off by default)."""
    browser = playwright.chromium.launch(
        **browser_type_launch_args, ignore_default_args=["--disable-back-forward-cache"]
    )
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def site_dir() -> Path:
    return _ensure_site()


# Origins of the servers this session started: the only ones a test page may reach.
LOCAL_ORIGINS: set[str] = set()


def serve_folder(directory: Path, prefix: str = "/") -> Iterator[str]:
    """Serve ``directory`` on a free local port for a fixture: yields the URL of ``prefix``,
    and counts the origin as the test's own while it runs (see LOCAL_ORIGINS)."""
    server = serve.make_server(directory, "127.0.0.1", 0, prefix)
    thread = serve.serve_in_thread(server)
    origin = f"http://127.0.0.1:{server.server_port}"
    LOCAL_ORIGINS.add(origin)
    try:
        yield origin + prefix
    finally:
        LOCAL_ORIGINS.discard(origin)
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """URL of _site/ served at the root of a localhost port, ending in '/'."""
    yield from serve_folder(site_dir, "/")


@pytest.fixture(scope="session")
def site_subpath_url(site_dir: Path) -> Iterator[str]:
    """URL of _site/ served under a sub-path only (like GitHub Pages' /REPO/)."""
    yield from serve_folder(site_dir, SUB_PATH)


# --- the page -----------------------------------------------------------------------------


@dataclass
class PageProblems:
    outside_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)

    def report(self) -> str:
        parts = []
        for title, items in (
            ("requests leaving the origin (aborted)", self.outside_requests),
            ("console errors", self.console_errors),
            ("page errors", self.page_errors),
            ("failed requests", self.failed_requests),
        ):
            if items:
                parts.append(f"{title}:\n  " + "\n  ".join(items))
        return "\n".join(parts)


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@pytest.fixture
def page_problems() -> PageProblems:
    return PageProblems()


@pytest.fixture
def page(page: Page, site_url: str, page_problems: PageProblems) -> Iterator[Page]:
    """pytest-playwright's page, locked to our local servers and watched for errors."""
    allowed = LOCAL_ORIGINS
    page.set_default_timeout(READY_TIMEOUT_MS)

    def route(route: Route) -> None:
        url = route.request.url
        if _origin(url) in allowed or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            page_problems.outside_requests.append(url)
            route.abort()

    def on_console(msg: ConsoleMessage) -> None:
        if msg.type == "error":
            page_problems.console_errors.append(f"{msg.text} ({msg.location.get('url', '')})")

    page.context.route("**/*", route)
    page.on("console", on_console)
    page.on("pageerror", lambda exc: page_problems.page_errors.append(str(exc)))

    def on_failed(request: Request) -> None:
        # A request the browser itself cancels (the test navigated on before, say, the
        # favicon arrived) is not a failure of the site.
        if _origin(request.url) in allowed and request.failure != "net::ERR_ABORTED":
            page_problems.failed_requests.append(f"{request.url}: {request.failure}")

    page.on("requestfailed", on_failed)
    yield page
    problems = page_problems.report()
    if problems:
        pytest.fail("the page had problems:\n" + problems, pytrace=False)


def open_table(page: Page, url: str, query: str = "?seed=1&speed=0") -> Page:
    """Open the game at ``url`` and wait until Python has marked <body data-ready="true">."""
    page.goto(url + query, wait_until="domcontentloaded")
    page.wait_for_selector('body[data-ready="true"]', state="attached", timeout=READY_TIMEOUT_MS)
    return page


@pytest.fixture
def game_page(page: Page, site_url: str) -> Page:
    """The table, loaded with a fixed seed and no animation delays."""
    return open_table(page, site_url)


STORAGE_KEY_JS = """name => {
    const path = location.pathname;
    const folder = path.endsWith("/") ? path : path.slice(0, path.lastIndexOf("/") + 1);
    return "gin-rummy@" + folder + name;
}"""
"""The storage key of one of the game's records (table, settings, stats) on this page's copy."""


def storage_key(page: Page, name: str) -> str:
    return str(page.evaluate(STORAGE_KEY_JS, name))


def stored(page: Page, name: str) -> Any:
    """One of the game's stored records (``table``, ``settings``, ``stats``), parsed."""
    text = page.evaluate("key => localStorage.getItem(key)", storage_key(page, name))
    return None if text is None else json.loads(text)


def store(page: Page, name: str, value: Any) -> None:
    """Write one of the game's records as the page would find it at the next load."""
    text = value if isinstance(value, str) else json.dumps(value)
    page.evaluate(
        "([key, text]) => localStorage.setItem(key, text)", [storage_key(page, name), text]
    )


PRESET_JS = (
    """([name, text, id, raw]) => {
    if (!/^https?:$/.test(location.protocol)) return;  // about:blank has no storage
    const key = raw ? name : ("""
    + STORAGE_KEY_JS
    + """)(name);
    const flag = "e2e-preset:" + id;
    if (sessionStorage.getItem(flag)) return;
    sessionStorage.setItem(flag, "1");
    localStorage.setItem(key, text);
}"""
)


def preset(page: Page, name: str, value: Any, *, raw_key: bool = False) -> None:
    """Store one of the game's records before the page's next load (once per tab).

    An init script runs before any of the page's own scripts, so the game opens
    on this record without a load just to reach the origin's storage.  With
    ``raw_key``, ``name`` is the storage key itself (the first release's keys).
    """
    text = value if isinstance(value, str) else json.dumps(value)
    once = uuid.uuid4().hex
    page.add_init_script(f"({PRESET_JS})({json.dumps([name, text, once, raw_key])})")


def open_position(page: Page, url: str, record: dict[str, Any], query: str = "?speed=0") -> Page:
    """Open the table on a saved table record (see e2e/positions.py)."""
    preset(page, "table", record)
    return open_table(page, url, query)


@pytest.fixture
def console_warnings(page: Page) -> list[str]:
    """The page's console warnings (conftest fails a test on errors; warnings are allowed)."""
    warnings: list[str] = []
    page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
    return warnings
