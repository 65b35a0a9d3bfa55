"""The page is locked down: a strict Content-Security-Policy, no inline code, no outside requests.

The policy is a ``<meta http-equiv>`` in index.html (GitHub Pages cannot send headers).
These tests read the served page, then play with the policy active and listen for
``securitypolicyviolation`` events from the first moment of the page (an init script,
which the policy does not govern), so any blocked script, style, eval or request fails.
"""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import PageProblems, open_table, serve_folder
from .players import play_one_decision, wait_idle

# Records every CSP violation of the page (and of any frame) from before the first script.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(
    `${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"}` +
      ` at ${e.sourceFile}:${e.lineNumber}`
  );
});
"""


class PageScan(HTMLParser):
    """The parts of an HTML page that matter to its security policy."""

    def __init__(self) -> None:
        super().__init__()
        self.csp: list[str] = []
        self.inline_scripts = 0
        self.scripts: list[str] = []
        self.handlers: list[str] = []
        self.style_attributes = 0
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name.lower(): value or "" for name, value in attrs}
        self.handlers += [f"<{tag} {name}>" for name in values if name.startswith("on")]
        self.style_attributes += "style" in values
        self.urls += [values[name] for name in ("src", "href") if name in values]
        if tag == "meta" and values.get("http-equiv", "").lower() == "content-security-policy":
            self.csp.append(values.get("content", ""))
        if tag == "script":
            if values.get("src"):
                self.scripts.append(values["src"])
            elif values.get("type") != "py":
                self.inline_scripts += 1


def served_index(url: str) -> str:
    with urllib.request.urlopen(url) as response:  # our local test server
        return str(response.read().decode("utf-8"))


def policy(csp: str) -> dict[str, list[str]]:
    directives = {}
    for part in csp.split(";"):
        words = part.split()
        if words:
            directives[words[0]] = words[1:]
    return directives


def test_index_has_a_strict_policy_and_no_inline_code(site_url: str) -> None:
    scan = PageScan()
    scan.feed(served_index(site_url))

    assert len(scan.csp) == 1, "index.html needs exactly one CSP <meta http-equiv>"
    rules = policy(scan.csp[0])
    assert rules["default-src"] == ["'self'"]
    assert rules["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert rules["object-src"] == ["'none'"]
    assert rules["base-uri"] == ["'self'"]
    # The cards are data: pictures of the published cards.css (tools.card_art.card_faces),
    # which the page turns into bitmaps of its own (blob: URLs, static/js/table-dom.mjs warm):
    # an image runs no script and loads nothing, so images alone may come from such URLs.
    assert rules["img-src"] == ["'self'", "data:", "blob:"]
    for name, sources in rules.items():
        for source in sources:
            if name == "img-src" and source in ("data:", "blob:"):
                continue
            assert "*" not in source, f"{name} allows a wildcard: {source}"
            assert source.startswith("'") and source.endswith("'"), (
                f"{name} allows {source}: only keywords like 'self' and 'none' belong here"
            )
            assert source not in ("'unsafe-inline'", "'unsafe-eval'"), f"{name}: {source}"

    # <script type="py"> is Python that PyScript fetches from its src, not inline JavaScript.
    assert scan.inline_scripts == 0
    assert scan.scripts and all(src.startswith("./") for src in scan.scripts)
    assert scan.handlers == []
    assert scan.style_attributes == 0
    # Every URL in the page is relative (or inside it: the card sprite's "#card-7H"): nothing
    # leaves the site, and sub-paths work.
    assert all(url.startswith(("./", "#")) for url in scan.urls), scan.urls


def test_plays_under_the_policy_without_violations(
    page: Page, site_url: str, page_problems: PageProblems
) -> None:
    page.add_init_script(RECORD_VIOLATIONS)
    open_table(page, site_url, "?seed=3&speed=0")
    # The policy is really in force (Playwright's own evaluate() is exempt, so provoke the
    # page): an inline script and code from a string are refused.
    page.evaluate(
        """() => {
            const script = document.createElement("script");
            script.textContent = "window.__inlineRan = true";
            document.head.append(script);
            setTimeout("window.__stringRan = true", 0);
        }"""
    )
    page.wait_for_function("() => window.__cspViolations.length >= 2")
    assert page.evaluate("[window.__inlineRan, window.__stringRan]") == [None, None]
    page.evaluate("window.__cspViolations = []")  # forget the provoked ones
    page_problems.console_errors.clear()

    phases = [play_one_decision(page) for _ in range(40) if wait_idle(page) != "hand-over"]
    assert "discard" in phases
    # The table was drawn and styled (the felt comes from table.css) with nothing blocked.
    assert page.locator('[data-testid="stock"], [data-testid="result"]').count() >= 1
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(27, 94, 32)"
    assert page.evaluate("window.__cspViolations") == []
    assert page_problems.outside_requests == []

    # A request to another origin is refused by the policy inside the page: it never
    # becomes a request (so the harness below never sees one).
    outcome = page.evaluate(
        """() => fetch("https://example.com/track.js").then(() => "fetched", (e) => e.name)"""
    )
    assert outcome == "TypeError"
    violations = page.evaluate("window.__cspViolations")
    assert violations and all("connect-src blocked https://example.com" in v for v in violations)
    assert page_problems.outside_requests == []
    # The browser logs the refusal as a console error: expected here.
    assert all("Content Security Policy" in e for e in page_problems.console_errors)
    page_problems.console_errors.clear()


@pytest.mark.browser_context_args(bypass_csp=True)
def test_the_harness_catches_outside_requests(
    page: Page, site_url: str, page_problems: PageProblems
) -> None:
    """Without the policy, the test fixture still aborts and reports an outside request,
    also while the service worker controls the page (it never answers other origins)."""
    open_table(page, site_url)
    page.wait_for_function("() => window.ginOfflineReady === true")
    outcome = page.evaluate(
        """() => fetch("https://example.com/track.js").then(() => "fetched", (e) => e.name)"""
    )
    assert outcome == "TypeError"
    assert page_problems.outside_requests == ["https://example.com/track.js"]
    page_problems.outside_requests.clear()
    page_problems.console_errors[:] = [
        e for e in page_problems.console_errors if not re.search(r"example\.com|ERR_FAILED", e)
    ]


@pytest.fixture
def other_site(tmp_path: Path) -> Iterator[str]:
    """Another origin (a second local server) where pages of a "different site" are served."""
    yield from serve_folder(tmp_path)


def test_refuses_to_run_in_another_sites_frame(
    page: Page, site_url: str, other_site: str, tmp_path: Path
) -> None:
    """A meta CSP cannot carry frame-ancestors: the page itself declines, with a way out."""
    (tmp_path / "framer.html").write_text(
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>framer</title>'
        '<link rel="icon" href="data:,"></head><body>'
        f'<iframe src="{site_url}?seed=1&amp;speed=0" width="800" height="600"></iframe>'
        "</body></html>",
        encoding="utf-8",
    )
    page.goto(other_site + "framer.html")
    frame = page.frame_locator("iframe")
    link = frame.get_by_role("link", name="Open Gin Rummy on its own page")
    expect(link).to_be_visible(timeout=60_000)
    expect(link).to_have_attribute("target", "_top")
    assert (link.get_attribute("href") or "").startswith(site_url)
    expect(frame.locator('[data-testid="table"]')).to_have_count(0)
    expect(frame.locator("#loading")).to_be_hidden()
    page.wait_for_timeout(500)
    expect(frame.locator("#loading-error")).to_be_hidden()
    # The way out: the game opens on its own page, and plays.
    with page.expect_navigation():
        link.click()
    assert page.url.startswith(site_url)
    page.wait_for_selector('body[data-ready="true"]', state="attached")
    assert wait_idle(page) in ("upcard", "draw")
