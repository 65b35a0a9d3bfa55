"""The table in every language: switching, remembering, the browser's language, no English left.

"Untranslated" is checked against the compiled catalogs the page itself loads: every English
message whose translation differs from it (plain, or a template with ``{placeholders}``)
must not appear as a visible text, an ``aria-label``, a ``title`` or the page title.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from playwright.sync_api import Browser, Page, expect

from . import players
from .conftest import LOCAL_ORIGINS, READY_TIMEOUT_MS, ROOT, open_table
from .players import Person, open_menu, wait_idle

LOCALE = ROOT / "gin" / "locale"
LANGUAGES = ("et", "pl", "hi")
PANELS = ("menu", "settings", "stats", "rules", "help", "sheet")
QUERY = "?seed=3&speed=0"

# Texts each language must show on the table (English msgid -> expected translation).
SAMPLES = {
    "et": {"New game": "Uus mäng", "Rules": "Reeglid", "Settings": None},
    "pl": {"New game": "Nowa gra", "Rules": "Zasady", "Settings": None},
    "hi": {"New game": "नया खेल", "Rules": "नियम", "Settings": None},
}

COLLECT_TEXTS = """() => {
  const out = [];
  const shown = (el) => el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.replace(/\\s+/g, " ").trim();
    const el = node.parentElement;
    if (!text || !el || el.closest("script, style, noscript, kbd")) continue;
    if (el.closest("option") || shown(el)) out.push(text);
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    for (const name of ["aria-label", "title", "placeholder", "alt"]) {
      const value = el.getAttribute(name);
      if (value && value.trim()) out.push(value.trim());
    }
  }
  out.push(document.title);
  return out;
}"""


def _catalog(language: str) -> dict[str, str]:
    """English message -> translation, every form of every message, from the compiled .mo."""
    path = LOCALE / language / "LC_MESSAGES" / "gin.mo"
    with path.open("rb") as f:
        catalog = read_mo(f)
    pairs: dict[str, str] = {}
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, (tuple, list)):
            strings = list(message.string)
            pairs[message.id[0]] = strings[0]
            pairs[message.id[1]] = strings[-1]
        else:
            pairs[message.id] = message.string
    return pairs


def _english_patterns(language: str) -> tuple[set[str], list[re.Pattern[str]]]:
    """Plain English messages and templates (as patterns) whose translation differs."""
    plain: set[str] = set()
    templates: list[re.Pattern[str]] = []
    for english, translated in _catalog(language).items():
        if translated == english:
            continue  # "Gin", "Enter": the same word in that language
        if "{" not in english:
            plain.add(english)
            continue
        parts = re.split(r"\{[A-Za-z_][A-Za-z0-9_]*\}", english)
        if sum(len(p.strip()) for p in parts) < 4:
            continue  # almost all placeholder: would match anything
        templates.append(re.compile("(?s)" + "(.+?)".join(re.escape(p) for p in parts)))
    return plain, templates


def untranslated(page: Page, language: str) -> list[str]:
    plain, templates = _english_patterns(language)
    found = []
    for text in page.evaluate(COLLECT_TEXTS):
        if text in plain or any(t.fullmatch(text) for t in templates):
            found.append(text)
    return sorted(set(found))


# Texts that may read the same in every language: numbers, card faces, symbols, key names,
# the languages' own names.
NEUTRAL = re.compile(r"[\d\s.,:;+−=%()/\-–—…←→↑↓?!]*|[AJQKT0-9♠♥♦♣]+|.{1,3}")
LANGUAGE_NAMES = {"English", "Eesti", "Polski", "हिन्दी"}


def still_english(page: Page, language: str, english: set[str]) -> list[str]:
    """Texts shown exactly as on the English page (catches strings that skip gettext)."""
    same_word = {k for k, v in _catalog(language).items() if k == v}
    return sorted(
        text
        for text in set(page.evaluate(COLLECT_TEXTS)) & english
        if not NEUTRAL.fullmatch(text) and text not in LANGUAGE_NAMES | same_word
    )


def english_texts(page: Page) -> set[str]:
    """The texts of the English table and of each of its panels."""
    texts = set(page.evaluate(COLLECT_TEXTS))
    for name in PANELS:
        open_panel(page, name)
        texts |= set(page.evaluate(COLLECT_TEXTS))
        close_panel(page, name)
    return texts


def switch_language(page: Page, language: str) -> None:
    """Choose a language in the menu, then close the menu."""
    open_menu(page)
    page.select_option('select[data-control="language"]', language)
    expect(page.locator("html")).to_have_attribute("lang", language)
    close_panel(page, "menu")


def hand_codes(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        '[data-testid="hand"] [data-card]', "els => els.map(e => e.dataset.card)"
    )


def open_panel(page: Page, name: str) -> None:
    """The menu itself, or a panel opened from it."""
    if name == "menu":
        open_menu(page)
    else:
        players.open_panel(page, name)
        expect(page.locator(f'[data-testid="{name}-panel"]')).to_be_visible()


def close_panel(page: Page, name: str) -> None:
    if name == "menu":
        players.click_visible(page, '[data-action="menu"]')  # the menu button toggles it
        expect(page.locator(players.MENU)).to_have_count(0)
    else:
        players.close_panel(page, name)


def test_the_catalogs_are_compiled() -> None:
    for language in LANGUAGES:
        catalog = _catalog(language)
        assert len(catalog) > 100, language
        assert catalog["New game"] == SAMPLES[language]["New game"]


def test_the_check_finds_english(page: Page, site_url: str) -> None:
    """The untranslated-text check is not vacuous: on the English table it finds plenty."""
    open_table(page, site_url, QUERY)
    open_menu(page)
    found = untranslated(page, "pl")
    assert {"New game", "Rules", "Settings"} <= set(found), found
    assert any(text.startswith("Stock: ") for text in found), found  # a plural template


@pytest.mark.parametrize("language", LANGUAGES)
def test_switching_translates_everything_and_keeps_the_game(
    page: Page, site_url: str, language: str
) -> None:
    open_table(page, site_url, QUERY)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    before = hand_codes(page)
    scores = (
        page.inner_text('[data-testid="score-you"]'),
        page.inner_text('[data-testid="score-ai"]'),
    )
    stock = page.locator('[data-testid="stock"] .visually-hidden').inner_text()
    assert len(before) >= 10
    english = english_texts(page)

    switch_language(page, language)
    catalog = _catalog(language)
    assert sorted(hand_codes(page)) == sorted(before)
    assert (
        page.inner_text('[data-testid="score-you"]'),
        page.inner_text('[data-testid="score-ai"]'),
    ) == scores
    expect(page.locator('[data-testid="stock"]')).not_to_have_accessible_name(stock)  # translated

    open_menu(page)
    for msgid, expected in SAMPLES[language].items():
        want = expected or catalog[msgid]
        assert want != msgid
        expect(page.locator(players.MENU)).to_contain_text(want)
    close_panel(page, "menu")
    assert page.title() == catalog["Gin Rummy"] or catalog["Gin Rummy"] == "Gin Rummy"
    card = page.locator('[data-testid="hand"] [data-card]').first
    assert " of " not in (card.get_attribute("aria-label") or "")

    assert untranslated(page, language) == []
    assert still_english(page, language, english) == []
    for name in PANELS:
        open_panel(page, name)
        assert untranslated(page, language) == [], name
        assert still_english(page, language, english) == [], name
        close_panel(page, name)


def test_a_played_hand_is_translated(page: Page, site_url: str) -> None:
    """Texts that appear only after moves: the computer's moves, notes, the result."""
    open_table(page, site_url, QUERY + "&level=easy")
    switch_language(page, "pl")
    person = Person(page)
    for _ in range(80):
        if wait_idle(page) in ("hand-over", "game-over"):
            break
        person.decide()
        wait_idle(page)
        assert untranslated(page, "pl") == []
        if page.locator('[data-testid="why"].shown').count():
            assert untranslated(page, "pl") == []
    expect(page.locator('[data-testid="result"]')).to_be_visible()
    assert page.locator('[data-testid="move-log"] li').count()
    assert untranslated(page, "pl") == []
    players.click_visible(page, '[data-action="show-deck"]')
    expect(page.locator('[data-testid="reveal"]')).to_be_visible()
    assert untranslated(page, "pl") == []
    open_panel(page, "sheet")
    assert untranslated(page, "pl") == []


def test_the_choice_survives_a_reload(page: Page, site_url: str) -> None:
    open_table(page, site_url, QUERY)
    switch_language(page, "et")
    before = hand_codes(page)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector('body[data-ready="true"]', state="attached")
    expect(page.locator("html")).to_have_attribute("lang", "et")
    open_menu(page)
    assert page.inner_text(f'{players.MENU} [data-action="new-game"]') == "Uus mäng"
    close_panel(page, "menu")
    assert sorted(hand_codes(page)) == sorted(before)
    switch_language(page, "en")
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector('body[data-ready="true"]', state="attached")
    expect(page.locator("html")).to_have_attribute("lang", "en")


@pytest.fixture
def polish_page(browser: Browser, site_url: str) -> Iterator[Page]:
    """A fresh browser profile whose language is Polish, kept to our own servers."""
    context = browser.new_context(locale="pl-PL")
    outside: list[str] = []

    def route(route):  # type: ignore[no-untyped-def]
        url = route.request.url
        if any(url.startswith(origin) for origin in LOCAL_ORIGINS) or url.startswith("data:"):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.set_default_timeout(READY_TIMEOUT_MS)
    yield page
    context.close()
    assert not outside, outside


def test_the_first_visit_follows_the_browser_language(polish_page: Page, site_url: str) -> None:
    page = polish_page
    assert page.evaluate("navigator.language") == "pl-PL"
    open_table(page, site_url, QUERY)
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    open_menu(page)
    expect(page.locator('[data-action="new-game"]')).to_have_text("Nowa gra")
    assert page.input_value('select[data-control="language"]') == "pl"


def test_hindi_uses_the_pages_own_devanagari_font(page: Page, site_url: str) -> None:
    fonts: list[str] = []
    page.on(
        "requestfinished",
        lambda request: fonts.append(request.url) if request.url.endswith(".woff2") else None,
    )
    open_table(page, site_url, QUERY)
    switch_language(page, "hi")
    expect(page.locator("h1")).to_have_text("जिन रमी")
    loaded = page.evaluate(
        """async () => {
          await document.fonts.ready;
          const faces = await document.fonts.load("16px 'Noto Sans Devanagari'", "जिन रमी");
          return {
            faces: faces.length,
            check: document.fonts.check("16px 'Noto Sans Devanagari'", "जिन रमी"),
            family: getComputedStyle(document.querySelector("h1")).fontFamily,
          };
        }"""
    )
    assert loaded["faces"] >= 1 and loaded["check"], loaded
    assert "Noto Sans Devanagari" in loaded["family"]
    assert any(url.startswith(site_url) and "/static/vendor/fonts/" in url for url in fonts), fonts

    # What chromium actually drew the heading with: our web font, every glyph found (no tofu).
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    heading = cdp.send("DOM.querySelector", {"nodeId": root, "selector": "h1"})["nodeId"]
    used = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": heading})["fonts"]
    devanagari = [f for f in used if "Devanagari" in f["familyName"]]
    assert devanagari and all(f["isCustomFont"] for f in devanagari), used
    assert sum(f["glyphCount"] for f in devanagari) >= len("जिनरमी") - 2, used


def test_font_licence_is_published(site_dir: Path) -> None:
    licence = site_dir / "static" / "vendor" / "fonts" / "OFL.txt"
    assert "SIL OPEN FONT LICENSE" in licence.read_text(encoding="utf-8").upper()
