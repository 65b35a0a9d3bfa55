"""Translations: every message of the game translated in every language, and loaded at run time.

The catalogs are checked against a fresh extraction of the sources (Babel), so a
message added to the code without a translation fails here, as does a fuzzy or
empty translation, a ``{placeholder}`` that differs from the English, a plural
message without all of its language's forms, an unknown message context, a
``python-format`` flag (which ``msgfmt --check`` would hold against a
translation) or anything Babel's own catalog checks reject.  Each message is
keyed by its msgid *and* its context: "Knock" on a button and on the score
sheet are two messages.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from gin.cards import Card
from gin.i18n import CONTEXTS, DEFAULT_LANGUAGE, LANGUAGES, Translator, pick_language
from gin.rules import Rules
from tests.conftest import load_tool

TRANSLATED = [code for code in LANGUAGES if code != DEFAULT_LANGUAGE]
i18n = load_tool("i18n")
Key = tuple[str, str | None]


@pytest.fixture(scope="module")
def source_keys() -> set[Key]:
    return {i18n.message_key(m) for m in i18n.extract_catalog() if m.id}


def _catalog(language: str) -> Catalog:
    return i18n.read_catalog(i18n.po_path(language), language)


# --- the catalogs -----------------------------------------------------------------------------


def test_every_translated_language_has_a_catalog() -> None:
    assert set(TRANSLATED) == set(i18n.LANGUAGES)
    for language in TRANSLATED:
        assert i18n.po_path(language).is_file(), language


def test_the_template_matches_the_sources(source_keys: set[Key]) -> None:
    stored = {i18n.message_key(m) for m in i18n.read_catalog(i18n.TEMPLATE) if m.id}
    assert stored == source_keys, "run `python tools/i18n.py extract`"


def test_the_sources_have_the_messages_we_rely_on(source_keys: set[Key]) -> None:
    from gin.ai.hints import REASONS

    plain = {"ace of {suit}", "queen of {suit}", "king of {suit}", "spades", "Gin Rummy"}
    assert {(msgid, None) for msgid in plain} <= source_keys
    assert {(text, None) for text in REASONS.values()} <= source_keys  # tr.gettext(REASONS[c])
    assert ("Computer: {count} card", None) in source_keys  # an ngettext message
    assert {("Knock", "button"), ("Knock", "score sheet"), ("Gin", "button")} <= source_keys
    assert {("Normal", "level"), ("Normal", "speed")} <= source_keys
    assert ("Gin! You score {points} point.", "result") in source_keys  # an npgettext message
    # A word in two roles never also appears without a role.
    assert not {("Knock", None), ("Gin", None), ("Normal", None)} & source_keys


def test_every_context_is_a_known_role(source_keys: set[Key]) -> None:
    used = {context for _msgid, context in source_keys if context}
    assert used == set(CONTEXTS)  # each documented role is used, and no other


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated(language: str, source_keys: set[Key]) -> None:
    catalog = _catalog(language)
    have = {i18n.message_key(m) for m in catalog if m.id}
    missing = sorted(source_keys - have, key=str)
    assert not missing, f"{language}: not in the .po (run `tools/i18n.py update`): {missing}"
    problems = [str(p) for p in i18n.problems(catalog, language)]
    assert not problems, "\n".join(problems)


def test_the_whole_check_passes() -> None:
    """``tools/i18n.py check``, as `make test` and a translator run it."""
    assert i18n.check() == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_babels_catalog_checks_pass(language: str) -> None:
    """Babel's standard checkers (plural forms, format strings) on each catalog."""
    errors = [(m.id, m.context, e) for m, e in _catalog(language).check()]
    assert errors == []


def test_no_message_is_flagged_python_format() -> None:
    """The messages are str.format templates: msgfmt --check would hold a ``python-format``
    flag ("{risk}% risk" looks like a ``% r`` directive) against every translation that
    moves the ``%``."""
    for path in [i18n.TEMPLATE, *(i18n.po_path(language) for language in TRANSLATED)]:
        assert i18n.percent_format_flags(path) == 0, path
    risk = "Do not knock yet: the opponent may undercut you ({risk}% risk). Discard {card} instead."
    message = i18n.extract_catalog().get(risk)
    assert message is not None and "python-format" not in message.flags
    assert "python-brace-format" in message.flags


def test_the_flag_check_finds_a_flag(tmp_path: Path) -> None:
    path = tmp_path / "x.po"
    path.write_text(
        '#, python-brace-format\nmsgid "a {b}"\nmsgstr ""\n\n'
        '#, python-format, python-brace-format\nmsgid "{n}% risk"\nmsgstr ""\n',
        encoding="utf-8",
    )
    assert i18n.percent_format_flags(path) == 1


def test_babels_check_catches_a_percent_flag() -> None:
    """What the flag did: Babel's checker (like msgfmt) rejected the Polish translation."""
    catalog = Catalog(locale="pl", domain="gin")
    catalog.add("the opponent may undercut you ({risk}% risk)", "ryzyko podcięcia: {risk}%")
    message = catalog.get("the opponent may undercut you ({risk}% risk)")
    assert "python-format" in message.flags  # Babel's guess
    assert [str(e) for _m, errors in catalog.check() for e in errors]
    i18n._without_percent_format(catalog)
    assert list(catalog.check()) == []


def test_the_check_rejects_an_unknown_context(monkeypatch: pytest.MonkeyPatch) -> None:
    extracted = i18n.extract_catalog()
    extracted.add("Knock", context="buton")
    monkeypatch.setattr(i18n, "extract_catalog", lambda: extracted)
    found = i18n.check()
    assert any("unknown context 'buton'" in line for line in found), found


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
        "def page(tr, n, role):\n"
        "    _ = tr.gettext\n"
        '    head = f\'<h2>{escape(_("Score sheet"))}</h2>\' + f\'{tr.ngettext("a", "as", n)}\'\n'
        '    knock = f\'{tr.pgettext("button", "Knock")}\'\n'
        '    result = f\'{tr.npgettext("result", "b", "bs", n)}\'\n'
        '    return head + knock + result + tr.pgettext(role, "skipped: context not literal")\n',
        encoding="utf-8",
    )
    found = [(message, context) for _line, message, context in i18n._ast_messages(module)]
    assert sorted(found, key=str) == sorted(
        [("Score sheet", None), (("a", "as"), None), ("Knock", "button"), (("b", "bs"), "result")],
        key=str,
    )


def test_the_checker_catches_bad_translations() -> None:
    catalog = Catalog(locale="pl", domain="gin")
    i18n._set_plural_forms(catalog, "pl")
    catalog.add("Fine {card}", "Dobrze {card}")
    catalog.add("Empty", "")
    catalog.add("Fuzzy", "Niepewne", flags=["fuzzy"])
    catalog.add("Moved {card}", "Przeniesiono {karta}")
    catalog.add(("{n} card", "{n} cards"), ("{n} karta", "{n} karty"))  # 2 of 3 forms
    catalog.add("Knock", "", context="score sheet")
    found = {(p.msgid, p.context, p.what.split(" in ")[0]) for p in i18n.problems(catalog, "pl")}
    assert found == {
        ("Empty", None, "untranslated"),
        ("Fuzzy", None, "fuzzy"),
        ("Moved {card}", None, "placeholders differ"),
        ("{n} card", None, "needs 3 plural forms"),
        ("{n} card", None, "Babel's check: Wrong number of plural forms (expected 3)"),
        ("Knock", "score sheet", "untranslated"),
    }


def test_the_bundle_ships_compiled_catalogs_only() -> None:
    build = load_tool("build")
    root = i18n.ROOT
    members = {p.relative_to(root).as_posix() for p in build._bundle_members(root / "gin")}
    for language in TRANSLATED:
        assert f"gin/locale/{language}/LC_MESSAGES/gin.mo" in members
    assert not [m for m in members if m.endswith((".po", ".pot"))]


# --- typography and vocabulary ----------------------------------------------------------------


def _translations(language: str) -> list[str]:
    texts: list[str] = []
    for message in _catalog(language):
        if message.id:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            texts.extend(str(text) for text in strings)
    return texts


QUOTES = {"et": ("„", "“"), "pl": ("„", "”"), "hi": ("“", "”")}
"""Each language's quotation marks: Estonian „…“, Polish „…”, Hindi “…” (never «…»)."""
OTHER_QUOTES = re.compile(r'["«»“”„‟‹›]')


@pytest.mark.parametrize("language", TRANSLATED)
def test_quotation_marks_follow_the_language(language: str) -> None:
    opening, closing = QUOTES[language]
    pair = re.compile(re.escape(opening) + "[^" + opening + closing + "]+" + re.escape(closing))
    quoted = 0
    for text in _translations(language):
        quoted += len(pair.findall(text))
        assert not OTHER_QUOTES.search(pair.sub("", text)), text
    assert quoted >= 2  # the help text quotes the Knock and Gin buttons


# Hindi words borrowed from Persian and Arabic keep their nukta everywhere (ख़राब, not खराब),
# as the catalog writes ज़्यादा, फ़ाइल and मेज़.
WITHOUT_NUKTA = ("खराब", "बाकी", "ज्यादा", "जरूरी", "मजबूत", "काफी", "फाइल", "फोल्डर", "तेज", "मेज")


def test_hindi_says_card_and_writes_the_nukta() -> None:
    words = {word for text in _translations("hi") for word in re.findall(r"[\u0900-\u097F]+", text)}
    assert not {word for word in words if word.startswith("पत्त")}  # कार्ड, never पत्ता/पत्ते
    assert not words & set(WITHOUT_NUKTA)
    assert {"कार्ड", "ख़राब", "ज़्यादा", "फ़ाइल"} <= words


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
    "et": {"Rules": "Reeglid", "Discard pile": "Mahaviskepakk"},
    "pl": {"Rules": "Zasady", "Discard pile": "Stos odrzuconych"},
    "hi": {"Rules": "नियम", "Discard pile": "डिस्कार्ड ढेर"},
}


@pytest.mark.parametrize("language", TRANSLATED)
def test_translator_translates(language: str) -> None:
    tr = Translator(language)
    for english, translated in KNOWN[language].items():
        assert tr.gettext(english) == translated


@pytest.mark.parametrize(
    ("language", "context", "message", "translated"),
    [
        ("et", "button", "Knock", "Koputa"),  # the imperative on the button...
        ("et", "score sheet", "Knock", "Koputus"),  # ...and the event on the sheet
        ("pl", "button", "Knock", "Zapukaj"),
        ("pl", "score sheet", "Knock", "Zapukanie"),
        ("pl", "level", "Normal", "Normalny"),  # an adjective (poziom)...
        ("pl", "speed", "Normal", "Normalnie"),  # ...and an adverb
        ("pl", "score sheet", "Dead hand", "Remis"),
        ("hi", "score sheet", "Dead hand", "रद्द"),
    ],
)
def test_a_context_picks_the_translation_for_its_role(
    language: str, context: str, message: str, translated: str
) -> None:
    assert Translator(language).pgettext(context, message) == translated


def test_plural_messages_with_a_context() -> None:
    singular, plural = "Gin! You score {points} point.", "Gin! You score {points} points."
    pl = Translator("pl")
    forms = [pl.npgettext("result", singular, plural, n).format(points=n) for n in (1, 3, 25)]
    assert forms == [
        "Gin! Zdobywasz 1 punkt.",
        "Gin! Zdobywasz 3 punkty.",
        "Gin! Zdobywasz 25 punktów.",
    ]
    assert Translator("en").npgettext("result", singular, plural, 1) == singular


def test_an_unknown_context_is_refused() -> None:
    for language in LANGUAGES:
        with pytest.raises(ValueError, match="unknown message context"):
            Translator(language).pgettext("buton", "Knock")
        with pytest.raises(ValueError, match="unknown message context"):
            Translator(language).npgettext("Result", "a", "b", 2)


def test_english_is_the_source() -> None:
    tr = Translator("en")
    assert tr.pgettext("button", "Knock") == "Knock"
    assert tr.pgettext("speed", "Normal") == "Normal"
    assert tr.card_name(Card.parse("7H")) == "seven of hearts"
    assert tr.ngettext("Stock: {count} card", "Stock: {count} cards", 1) == "Stock: {count} card"


def test_card_names_read_naturally() -> None:
    seven, queen = Card.parse("7H"), Card.parse("QH")
    assert Translator("et").card_name(seven) == "ärtu seitse"
    assert Translator("pl").card_name(seven) == "siódemka kier"
    assert Translator("pl").card_name(Card.parse("QS")) == "dama pik"
    # Hindi: suit first, and का or की agreeing with the rank (बेगम, दुक्की, तिक्की are feminine).
    assert Translator("hi").card_name(seven) == "पान का सत्ता"
    assert Translator("hi").card_name(queen) == "पान की बेगम"
    assert Translator("hi").card_name(Card.parse("2C")) == "चिड़ी की दुक्की"
    assert Translator("hi").card_name(Card.parse("AS")) == "हुकुम का इक्का"


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


def test_no_price_is_written_into_a_translatable_text() -> None:
    """Points come from gin.scoring and are filled in: a "+100" in a msgid would be a second
    price list, in every language."""
    from babel.messages.pofile import read_po

    with (Path(__file__).resolve().parent.parent / "gin" / "locale" / "gin.pot").open(
        "rb"
    ) as handle:
        catalog = read_po(handle)
    priced = [
        message.id for message in catalog if message.id and re.search(r"[+−-] ?\d", str(message.id))
    ]
    assert priced == []
