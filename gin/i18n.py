"""Translations: gettext catalogs, compiled at build time, read with the standard library.

The ``.po`` sources live in ``gin/locale/<lang>/LC_MESSAGES/gin.po``; the
build compiles them to ``gin.mo`` beside them (Babel), and :mod:`gettext`
reads those in CPython and in Pyodide alike.  English is the source language
and needs no catalog.
"""

from __future__ import annotations

import gettext
from pathlib import Path

from gin.cards import Card

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "gin"
LANGUAGES: dict[str, str] = {"en": "English", "et": "Eesti", "pl": "Polski", "hi": "हिन्दी"}
"""The languages the game speaks, each named in itself (for the language menu)."""
DEFAULT_LANGUAGE = "en"


def pick_language(preferences: list[str]) -> str:
    """The first supported language among a browser's preferences (``pl-PL`` counts as ``pl``)."""
    for tag in preferences:
        base = str(tag).split("-")[0].split("_")[0].lower()
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE


class Translator:
    """The messages of one language, with the game's own vocabulary (cards, suits)."""

    def __init__(self, language: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unsupported language: {language!r}")
        self.language = language
        if language == DEFAULT_LANGUAGE:
            self._catalog: gettext.NullTranslations = gettext.NullTranslations()
        else:
            self._catalog = gettext.translation(DOMAIN, LOCALE_DIR, [language])

    def gettext(self, message: str) -> str:
        return self._catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self._catalog.ngettext(singular, plural, count)

    def pgettext(self, context: str, message: str) -> str:
        """A message in one grammatical role (``context``), e.g. "Knock" as a button or a row."""
        return self._catalog.pgettext(context, message)

    def rank_name(self, rank: int) -> str:
        return self.gettext(_RANK_NAMES[rank - 1])

    def suit_name(self, suit: str) -> str:
        return self.gettext(_SUIT_NAMES[suit])

    def card_name(self, card: Card) -> str:
        """The card's spoken name, e.g. "seven of hearts" (for screen readers and messages)."""
        return self.gettext("{rank} of {suit}").format(
            rank=self.rank_name(card.rank), suit=self.suit_name(card.suit)
        )


def N_(message: str) -> str:
    """Mark a message for extraction where it is translated later (gettext's convention)."""
    return message


BOOT_MESSAGES: dict[str, str] = {
    "title": N_("Gin Rummy"),
    "loading": N_("Loading the game…"),
    "failed": N_("The game could not start."),
    "file": N_(
        "Browsers do not run this page from a file. Serve the folder over HTTP, for example "
        "with make play, then open http://localhost:8000/."
    ),
    "missing": N_("Could not load {url}."),
    "error": N_("Error while starting: {error}"),
    "python": N_("Python error: {error}"),
    "timeout": N_(
        "The game did not start within {seconds} seconds. Check your connection and reload "
        "the page."
    ),
}
"""The loading screen's texts, shown before Python runs: the build writes them, translated
from these catalogs, into a small script that static/js/boot.js reads."""


def boot_texts() -> dict[str, dict[str, str]]:
    """Every language's loading-screen texts, by language and key."""
    return {
        language: {key: Translator(language).gettext(text) for key, text in BOOT_MESSAGES.items()}
        for language in LANGUAGES
    }


_RANK_NAMES = (
    N_("ace"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
    N_("jack"),
    N_("queen"),
    N_("king"),
)
_SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
