"""Translations: every message of the game translated in every language, and loaded at run time.

The catalogs are checked against a fresh extraction of the sources (Babel), so a
message added to the code without a translation fails here, as does a fuzzy or
empty translation, a ``{placeholder}`` that differs from the English, or a
plural message without all of its language's forms.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog

from gin.cards import Card
from gin.i18n import DEFAULT_LANGUAGE, LANGUAGES, Translator, pick_language
from gin.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [code for code in LANGUAGES if code != DEFAULT_LANGUAGE]


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gin_tools_i18n", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


i18n = _load_tool()


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    """The .mo files the Translator reads, compiled from the current .po files."""
    i18n.compile_catalogs(quiet=True)


@pytest.fixture(scope="module")
def source_ids() -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in i18n.extract_catalog() if m.id}


def _catalog(language: str) -> Catalog:
    return i18n.read_catalog(i18n.po_path(language), language)


# --- the catalogs -----------------------------------------------------------------------------


def test_every_translated_language_has_a_catalog() -> None:
    assert set(TRANSLATED) == set(i18n.LANGUAGES)
    for language in TRANSLATED:
        assert i18n.po_path(language).is_file(), language


def test_the_template_matches_the_sources(source_ids: set[str]) -> None:
    stored = {m.id if isinstance(m.id, str) else m.id[0] for m in i18n.read_catalog(i18n.TEMPLATE)}
    assert stored - {""} == source_ids, "run `python tools/i18n.py extract`"


def test_the_sources_have_the_messages_we_rely_on(source_ids: set[str]) -> None:
    from gin.ai.hints import REASONS

    assert {"{rank} of {suit}", "ace", "king", "spades", "Knock", "Gin Rummy"} <= source_ids
    assert set(REASONS.values()) <= source_ids  # translated as tr.gettext(REASONS[code])
    assert "Computer: {count} card" in source_ids  # an ngettext message


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated(language: str, source_ids: set[str]) -> None:
    catalog = _catalog(language)
    have = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
    missing = sorted(source_ids - have)
    assert not missing, f"{language}: not in the .po (run `tools/i18n.py update`): {missing}"
    problems = [str(p) for p in i18n.problems(catalog, language)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_forms_header(language: str) -> None:
    catalog = _catalog(language)
    assert catalog.num_plurals == {"pl": 3, "et": 2, "hi": 2}[language]
    text = i18n.po_path(language).read_text(encoding="utf-8")
    assert "Plural-Forms: nplurals=" in text


@pytest.mark.parametrize("language", TRANSLATED)
def test_placeholders_are_kept(language: str) -> None:
    for message in _catalog(language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            assert set(i18n.placeholders(text)) == set(i18n.placeholders(ids[-1])), (ids, text)


def test_extraction_sees_messages_inside_f_strings(tmp_path: Path) -> None:
    module = tmp_path / "page.py"
    module.write_text(
        "def page(tr, n):\n"
        "    _ = tr.gettext\n"
        '    return f\'<h2>{escape(_("Score sheet"))}</h2>\' + f\'{tr.ngettext("a", "as", n)}\'\n',
        encoding="utf-8",
    )
    found = [message for _line, message in i18n._ast_messages(module)]
    assert sorted(found, key=str) == sorted(["Score sheet", ("a", "as")], key=str)


def test_the_checker_catches_bad_translations() -> None:
    catalog = Catalog(locale="pl", domain="gin")
    i18n._set_plural_forms(catalog, "pl")
    catalog.add("Fine {card}", "Dobrze {card}")
    catalog.add("Empty", "")
    catalog.add("Fuzzy", "Niepewne", flags=["fuzzy"])
    catalog.add("Moved {card}", "Przeniesiono {karta}")
    catalog.add(("{n} card", "{n} cards"), ("{n} karta", "{n} karty"))  # 2 of 3 forms
    found = {(p.msgid, p.what.split(" in ")[0]) for p in i18n.problems(catalog, "pl")}
    assert found == {
        ("Empty", "untranslated"),
        ("Fuzzy", "fuzzy"),
        ("Moved {card}", "placeholders differ"),
        ("{n} card", "needs 3 plural forms"),
    }


def test_the_bundle_ships_compiled_catalogs_only() -> None:
    spec = importlib.util.spec_from_file_location("gin_tools_build", ROOT / "tools" / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = build
    spec.loader.exec_module(build)
    members = {p.relative_to(ROOT).as_posix() for p in build._bundle_members(ROOT / "gin")}
    for language in TRANSLATED:
        assert f"gin/locale/{language}/LC_MESSAGES/gin.mo" in members
    assert not [m for m in members if m.endswith((".po", ".pot"))]


# --- run time: pick_language and Translator -----------------------------------------------------


@pytest.mark.parametrize(
    ("preferences", "expected"),
    [
        (["pl-PL", "en-US"], "pl"),
        (["et"], "et"),
        (["ET-ee"], "et"),
        (["hi-IN", "en"], "hi"),
        (["de-DE", "pl"], "pl"),
        (["en-GB", "pl"], "en"),
        (["de-DE", "fr"], "en"),
        (["zh_Hant_TW"], "en"),
        (["pt_BR", "hi_IN"], "hi"),
        ([], "en"),
    ],
)
def test_pick_language(preferences: list[str], expected: str) -> None:
    assert pick_language(preferences) == expected


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError):
        Translator("de")


KNOWN = {
    "et": {"Knock": "Koputa", "New game": "Uus mäng", "Discard pile": "Mahaviskepakk"},
    "pl": {"Knock": "Zapukaj", "New game": "Nowa gra", "Discard pile": "Stos odrzuconych"},
    "hi": {"Knock": "नॉक", "New game": "नया खेल", "Discard pile": "डिस्कार्ड ढेर"},
}


@pytest.mark.parametrize("language", TRANSLATED)
def test_translator_translates(language: str) -> None:
    tr = Translator(language)
    for english, translated in KNOWN[language].items():
        assert tr.gettext(english) == translated


def test_english_is_the_source() -> None:
    tr = Translator("en")
    assert tr.gettext("Knock") == "Knock"
    assert tr.card_name(Card.parse("7H")) == "seven of hearts"
    assert tr.ngettext("Stock: {count} card", "Stock: {count} cards", 1) == "Stock: {count} card"


def test_card_names_read_naturally() -> None:
    seven = Card.parse("7H")
    assert Translator("et").card_name(seven) == "ärtu seitse"
    assert Translator("pl").card_name(seven) == "siódemka kier"
    assert Translator("hi").card_name(seven) == "सत्ता (पान)"
    assert Translator("pl").card_name(Card.parse("QS")) == "dama pik"


def _stock(language: str, count: int) -> str:
    tr = Translator(language)
    return tr.ngettext("Stock: {count} card", "Stock: {count} cards", count).format(count=count)


def test_polish_has_three_plural_forms() -> None:
    assert _stock("pl", 1) == "Stos dobierania: 1 karta"
    for count in (2, 3, 4, 22, 34):
        assert _stock("pl", count) == f"Stos dobierania: {count} karty"
    for count in (5, 11, 12, 14, 21, 25, 31):
        assert _stock("pl", count) == f"Stos dobierania: {count} kart"


def test_estonian_plural_forms() -> None:
    assert _stock("et", 1) == "Pakk: 1 kaart"
    assert _stock("et", 31) == "Pakk: 31 kaarti"


def test_every_card_has_a_translated_name() -> None:
    for language in TRANSLATED:
        tr = Translator(language)
        names = {tr.card_name(Card.parse(r + s)) for r in "A23456789TJQK" for s in "SHDC"}
        assert len(names) == 52, language
        english = {Translator("en").card_name(Card.parse(r + s)) for r in "A2TK" for s in "SHDC"}
        assert not names & english, language


# --- the rules page ------------------------------------------------------------------------------


class _Balance(HTMLParser):
    VOID = {"br", "img", "input", "meta", "link", "hr"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, (self.stack, tag)
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.text.append(data.strip())


def _parse(html: str) -> _Balance:
    parser = _Balance()
    parser.feed(html)
    parser.close()
    assert parser.stack == []
    return parser


def test_rules_page_in_english_covers_the_ruleset() -> None:
    from gin.web.rules_page import rules_html

    html = rules_html(Translator("en"), Rules())
    text = " ".join(_parse(html).text)
    for needle in (
        "Ruleset 1.0.0",
        "knock limit 10",
        "The deal",
        "Lay-offs",
        "Undercut",
        "Who sees what",
        "Computer levels",
        "Shutout",
        "25 + 23 = 48",
        "8 − 5 + 25 = 28",
    ):
        assert needle in text, needle
    for code in ("7S", "4H", "AC", "QD", "KD"):  # set, run, A-2-3, Q-K-A examples
        assert f'data-card="{code}"' in html
    assert html.count("laid off") >= 3  # the lay-off example marks the cards laid off
    assert 'aria-label="seven of spades"' in html


@pytest.mark.parametrize("language", TRANSLATED)
def test_rules_page_is_translated(language: str) -> None:
    from gin.web.rules_page import rules_html

    english = set(_parse(rules_html(Translator("en"), Rules())).text)
    html = rules_html(Translator(language), Rules())
    texts = _parse(html).text
    assert f'lang="{language}"' in html
    # Card faces show rank letters and suit symbols in every language; everything else differs.
    untranslated = [t for t in texts if t in english and not re.fullmatch(r"[AJQKT0-9♠♥♦♣]+", t)]
    assert not untranslated
