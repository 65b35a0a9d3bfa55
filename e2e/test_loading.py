"""The page starts Python from local files only, with no errors, at the root and a sub-path."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import PageProblems, open_table, preset


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
    assert any(url.endswith("/static/gin.zip") for url in requests)


def test_page_loads_under_sub_path(page: Page, site_subpath_url: str) -> None:
    assert site_subpath_url.endswith("/gin-rummy/")
    open_table(page, site_subpath_url)
    expect(page.locator("#app")).to_contain_text("Gin Rummy")


def test_python_error_is_shown_not_a_blank_page(
    page: Page, site_url: str, page_problems: PageProblems
) -> None:
    # Break the engine bundle: the overlay must turn into a readable error message.
    page.route("**/static/gin.zip", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(site_url, wait_until="domcontentloaded")
    expect(page.locator("#loading-error")).to_be_visible(timeout=60_000)
    expect(page.locator("#loading-error")).not_to_be_empty()
    # The errors this test provoked are expected: don't fail the test on them.
    page_problems.console_errors.clear()
    page_problems.page_errors.clear()
    page_problems.failed_requests.clear()


def test_loading_screen_speaks_the_players_language(browser: Browser, site_url: str) -> None:
    context = browser.new_context(locale="pl-PL")
    page = context.new_page()
    page.route("**/static/gin.zip", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(site_url, wait_until="domcontentloaded")
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    expect(page.locator("#loading-error")).to_be_visible(timeout=60_000)
    expect(page.locator("#loading-text")).to_have_text("Nie udało się uruchomić gry.")
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
    page.route("**/static/gin.zip", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(site_subpath_url, wait_until="domcontentloaded")
    assert page.evaluate("Object.keys(localStorage)") == ["gin-rummy@/gin-rummy/settings"]
    expect(page.locator("#loading-error")).to_be_visible(timeout=60_000)
    expect(page.locator("#loading-text")).to_have_text(failed)
    expect(page.locator("html")).to_have_attribute("lang", "et" if language == "et" else "en")
    context.close()
