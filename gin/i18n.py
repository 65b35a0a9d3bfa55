"""Translations: gettext catalogs, compiled at build time, read with the standard library.

The ``.po`` sources live in ``gin/locale/<lang>/LC_MESSAGES/gin.po``; the
build compiles them to ``gin.mo`` beside them (Babel), and :mod:`gettext`
reads those in CPython and in Pyodide alike.  English is the source language
and needs no catalog.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass
from pathlib import Path

from gin.cards import Card

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "gin"
LANGUAGES: dict[str, str] = {"en": "English", "et": "Eesti", "pl": "Polski", "hi": "हिन्दी"}
"""The languages the game speaks, each named in itself (for the language menu)."""
DEFAULT_LANGUAGE = "en"

CONTEXTS: dict[str, str] = {
    "button": "an action button, in the imperative: Take, Pass, Knock, Gin, Next hand, New game "
    "(also where a hint names the action by its button, as Pass)",
    "score sheet": "a score-sheet row naming what happened (a noun): Gin, Knock, Undercut, "
    "Dead hand, the bonuses",
    "result": "the headline of a hand's result",
    "level": "a computer level: Easy, Normal, Hard",
    "speed": "an animation speed: No animation, Slow, Normal, Fast",
    "decimal separator": "the mark between the whole and the tenths of a number, as in 2.5 "
    "points (a full stop in English)",
}
"""The message contexts (gettext's ``msgctxt``), each a grammatical role.  One English word
can need two translations: "Knock" is an imperative on the button but a noun on the score
sheet, "Normal" an adjective for a level but an adverb for a speed in Polish.  Code passes
these names literally (``tr.pgettext("button", "Knock")``) so that extraction sees them;
``tools/i18n.py check`` rejects any other name."""


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
        """``message`` in the role ``context`` names (one of :data:`CONTEXTS`)."""
        return self._catalog.pgettext(_known(context), message)

    def npgettext(self, context: str, singular: str, plural: str, count: int) -> str:
        """The plural form for ``count`` of a message in the role ``context`` names."""
        return self._catalog.npgettext(_known(context), singular, plural, count)

    def phrase(self, text: str | Phrase) -> str:
        """A message marked with ``N_`` (a text) or ``NP_`` (a phrase), translated."""
        if isinstance(text, Phrase):
            return self.pgettext(text.context, text.message)
        return self.gettext(text)

    def suit_name(self, suit: str) -> str:
        return self.gettext(_SUIT_NAMES[suit])

    def card_name(self, card: Card) -> str:
        """The card's spoken name, e.g. "seven of hearts" (for screen readers and messages).

        Each rank has its own template ("queen of {suit}"), so that each language puts the
        words in its own order and makes them agree with the rank: Hindi "पान का सत्ता" but
        "पान की बेगम", Polish "siódemka kier", Estonian "ärtu seitse".
        """
        return self.gettext(_CARD_NAMES[card.rank - 1]).format(suit=self.suit_name(card.suit))


def _known(context: str) -> str:
    if context not in CONTEXTS:
        raise ValueError(f"unknown message context: {context!r} (see gin.i18n.CONTEXTS)")
    return context


def N_(message: str) -> str:
    """Mark a message for extraction where it is translated later (gettext's convention)."""
    return message


@dataclass(frozen=True)
class Phrase:
    """A message in a role (one of :data:`CONTEXTS`), translated where it is shown."""

    context: str
    message: str


def NP_(context: str, message: str) -> Phrase:
    """Mark a message in a role for extraction, to be translated later (like ``N_``)."""
    return Phrase(_known(context), message)


BOOT_MESSAGES: dict[str, str] = {
    "title": N_("Gin Rummy"),
    "loading": N_("Shuffling…"),
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


_CARD_NAMES = (
    # Translators: a card's name, one template per rank; {suit} is the suit's name as
    # translated ("spades", "hearts", "diamonds", "clubs").  Use your language's word order
    # and agreement, e.g. Hindi "{suit} का इक्का" but "{suit} की बेगम".
    N_("ace of {suit}"),
    N_("two of {suit}"),
    N_("three of {suit}"),
    N_("four of {suit}"),
    N_("five of {suit}"),
    N_("six of {suit}"),
    N_("seven of {suit}"),
    N_("eight of {suit}"),
    N_("nine of {suit}"),
    N_("ten of {suit}"),
    N_("jack of {suit}"),
    N_("queen of {suit}"),
    N_("king of {suit}"),
)
# Translators: a suit, as it is filled into the card names ("ace of {suit}").
_SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
