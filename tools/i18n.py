#!/usr/bin/env python3
"""The game's translations: extract, update, compile and check the gettext catalogs (Babel).

Subcommands (run from anywhere; paths are relative to the repository root):

  extract  collect every message of ``gin/`` into ``gin/locale/gin.pot``: the calls
           ``gettext``/``_``/``N_`` (one argument), ``ngettext`` (singular, plural),
           ``pgettext``/``NP_`` (context, message) and ``npgettext`` (context, singular,
           plural),
           including ``self.tr.gettext(...)`` and ``_ = tr.gettext; _(...)``, plus the
           English hint templates of :data:`gin.ai.hints.REASONS` (translated at run time
           as ``tr.gettext(REASONS[code])``, so no call names them literally)
  update   merge the template into ``gin/locale/<lang>/LC_MESSAGES/gin.po`` for every
           language (new messages arrive untranslated, vanished ones are dropped)
  compile  write ``gin.mo`` beside each ``gin.po`` (only when its content changes)
  check    fail (exit 1) unless the template matches the sources, every context is one of
           :data:`gin.i18n.CONTEXTS`, no file marks a message ``python-format``, and every
           message has a translation in every language, with the same ``{placeholders}`` and
           all plural forms, that passes Babel's own checks (``Catalog.check()``)

Adding a language: add it to ``gin.i18n.LANGUAGES`` and ``PLURAL_FORMS`` below, run
``extract`` and ``update`` (which creates its ``.po``), translate, then ``compile``.
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "gin"
LOCALE_DIR = PACKAGE / "locale"
TEMPLATE = LOCALE_DIR / "gin.pot"
DOMAIN = "gin"
PROJECT = "gin-rummy"
HEADER = {
    "project": PROJECT,
    "version": "1.0.0",
    "copyright_holder": "the gin-rummy authors",
    "msgid_bugs_address": "the project's issue tracker",
}

KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,
    "gettext": None,
    "N_": None,
    "NP_": ((1, "c"), 2),
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
"""Babel keyword specs: ``None`` means the first argument is the message, a number the
argument (from 1) holding the singular and plural, ``(n, "c")`` the one holding the context."""

PLURAL_FORMS = {
    "et": "nplurals=2; plural=(n != 1);",
    "pl": (
        "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
    ),
    "hi": "nplurals=2; plural=(n > 1);",
}
"""The ``Plural-Forms`` header of each translated language (English is the source)."""
LANGUAGES = tuple(PLURAL_FORMS)

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


def _hint_templates() -> dict[str, str]:
    sys.path.insert(0, str(ROOT))
    try:
        from gin.ai.hints import REASONS
    finally:
        sys.path.remove(str(ROOT))
    return dict(REASONS)


def _contexts() -> set[str]:
    sys.path.insert(0, str(ROOT))
    try:
        from gin.i18n import CONTEXTS
    finally:
        sys.path.remove(str(ROOT))
    return set(CONTEXTS)


Key = tuple[str, str | None]
"""A message as gettext finds it: its (singular) msgid and its context."""


def message_key(message: Message) -> Key:
    return (message.id if isinstance(message.id, str) else message.id[0], message.context)


def _without_percent_format(catalog: Catalog) -> Catalog:
    """Clear the ``python-format`` flag Babel guesses for any ``%`` before a letter.

    Every message is a ``str.format`` template (``{name}``), never ``%``-formatted, but
    Babel flags "({risk}% risk)" as ``python-format`` (``% r`` reads as a directive), and
    ``msgfmt --check`` then rejects each translation that moves the ``%``.  Babel adds the
    flag again whenever it builds a message, so this runs after every read and before
    every write.
    """
    for message in catalog:
        message.flags.discard("python-format")
    return catalog


# --- extract ----------------------------------------------------------------------------------


def extract_catalog() -> Catalog:
    """A template catalog of every message in the sources (no file is written)."""
    catalog = Catalog(domain=DOMAIN, fuzzy=False, **HEADER)  # type: ignore[arg-type]
    found = extract_from_dir(
        str(PACKAGE),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        path = (PACKAGE / filename).relative_to(ROOT).as_posix()
        catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    # Babel's tokenizer does not look inside f-strings before Python 3.12 (the page's
    # `f"...{escape(_("Score sheet"))}..."`): the syntax tree finds those calls too.
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        for lineno, message, context in _ast_messages(path):
            msgid = message if isinstance(message, str) else message[0]
            if catalog.get(msgid, context) is None:
                catalog.add(message, None, [(rel, lineno)], context=context)
    for code, template in _hint_templates().items():
        catalog.add(
            template,
            None,
            [("gin/ai/hints.py", 0)],
            auto_comments=[f"Hint reason {code!r} (gin.ai.hints.REASONS)"],
        )
    return _without_percent_format(catalog)


def _ast_messages(path: Path) -> Iterator[tuple[int, str | tuple[str, str], str | None]]:
    """Every literal message passed to a keyword function, anywhere in a module, with its
    context (None without one)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        if name not in KEYWORDS:
            continue
        spec = KEYWORDS[name] or (1,)
        texts = [_literal(node, item) for item in spec if isinstance(item, int)]
        contexts = [_literal(node, item[0]) for item in spec if isinstance(item, tuple)]
        if not texts[0] or None in texts or None in contexts:
            continue
        message = texts[0] if len(texts) == 1 else (str(texts[0]), str(texts[1]))
        yield node.lineno, message, contexts[0] if contexts else None


def _literal(call: ast.Call, position: int) -> str | None:
    """The call's argument at ``position`` (from 1) when it is a string literal."""
    arg = call.args[position - 1] if len(call.args) >= position else None
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    return None


def _po_bytes(catalog: Catalog) -> bytes:
    _without_percent_format(catalog)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_lineno=False, ignore_obsolete=True)
    return buffer.getvalue()


def _write_if_changed(path: Path, data: bytes) -> bool:
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def _without_dates(data: bytes) -> bytes:
    return re.sub(rb'"(POT-Creation|PO-Revision)-Date: [^"]*"\n', b"", data)


def extract() -> Catalog:
    catalog = extract_catalog()
    data = _po_bytes(catalog)
    # Keep the file (and its creation date) when only the date would change.
    if TEMPLATE.exists() and _without_dates(TEMPLATE.read_bytes()) == _without_dates(data):
        print(f"extract: {len(catalog)} messages, {TEMPLATE.relative_to(ROOT)} unchanged")
    else:
        _write_if_changed(TEMPLATE, data)
        print(f"extract: {len(catalog)} messages -> {TEMPLATE.relative_to(ROOT)}")
    return catalog


# --- update -----------------------------------------------------------------------------------


def read_catalog(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return _without_percent_format(read_po(f, locale=language, domain=DOMAIN))


def _set_plural_forms(catalog: Catalog, language: str) -> None:
    # Babel derives Plural-Forms from CLDR; the header states the language's own rule.
    catalog._num_plurals = int(PLURAL_FORMS[language].split(";")[0].split("=")[1])
    catalog._plural_expr = PLURAL_FORMS[language].split("plural=", 1)[1].rstrip(";")


def update(languages: Iterable[str] = LANGUAGES) -> None:
    if not TEMPLATE.exists():
        sys.exit(f"{TEMPLATE.relative_to(ROOT)} is missing: run `extract` first")
    template = read_catalog(TEMPLATE)
    for language in languages:
        path = po_path(language)
        if path.exists():
            catalog = read_catalog(path, language)
        else:
            catalog = Catalog(
                locale=language,
                domain=DOMAIN,
                fuzzy=False,
                last_translator="the gin-rummy translators",
                language_team=f"{language} (gin-rummy)",
                **HEADER,  # type: ignore[arg-type]
            )
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        _set_plural_forms(catalog, language)
        catalog.fuzzy = False
        changed = _write_if_changed(path, _po_bytes(catalog))
        missing = len(list(problems(catalog, language)))
        print(
            f"update: {language}: {len(catalog)} messages, {missing} to translate"
            + ("" if changed else " (unchanged)")
        )


# --- compile ----------------------------------------------------------------------------------


def compile_catalogs(languages: Iterable[str] = LANGUAGES, *, quiet: bool = False) -> list[Path]:
    """Write ``gin.mo`` beside every ``gin.po``; the paths of the compiled files."""
    written = []
    for language in languages:
        path = po_path(language)
        if not path.exists():
            continue
        catalog = read_catalog(path, language)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        target = mo_path(language)
        changed = _write_if_changed(target, buffer.getvalue())
        written.append(target)
        if not quiet:
            print(
                f"compile: {language}: {len(catalog)} messages -> "
                f"{target.relative_to(ROOT)}" + ("" if changed else " (unchanged)")
            )
    return written


# --- check ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    language: str
    msgid: str
    what: str
    context: str | None = None

    def __str__(self) -> str:
        where = f" (context {self.context!r})" if self.context else ""
        return f"{self.language}: {self.what}: {self.msgid!r}{where}"


def placeholders(text: str) -> list[str]:
    """The sorted names of the ``{placeholders}`` of a message."""
    return sorted(PLACEHOLDER.findall(text))


def problems(catalog: Catalog, language: str) -> Iterator[Problem]:
    """Every message of ``catalog`` that is untranslated, fuzzy, has wrong placeholders or
    fails one of Babel's checkers (plural forms, ``python-format``)."""
    expected_plurals = int(PLURAL_FORMS[language].split(";")[0].split("=")[1])
    if catalog.num_plurals != expected_plurals:
        yield Problem(language, "", f"Plural-Forms has {catalog.num_plurals} forms")
    for message in catalog:
        if not message.id:
            continue
        yield from _message_problems(message, language, expected_plurals)
    for message, errors in catalog.check():
        for error in errors:
            key, context = message_key(message)
            yield Problem(language, key, f"Babel's check: {error}", context)


def _message_problems(message: Message, language: str, nplurals: int) -> Iterator[Problem]:
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    key, context = ids[0], message.context
    if message.fuzzy:
        yield Problem(language, key, "fuzzy", context)
    if message.pluralizable:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if len(strings) != nplurals or not all(strings):
            yield Problem(language, key, f"needs {nplurals} plural forms", context)
            return
    else:
        strings = (message.string,) if isinstance(message.string, str) else ()
        if not strings or not strings[0]:
            yield Problem(language, key, "untranslated", context)
            return
    wanted = placeholders(ids[-1])
    for text in strings:
        if placeholders(str(text)) != wanted and placeholders(str(text)) != placeholders(ids[0]):
            yield Problem(language, key, f"placeholders differ in {text!r}", context)


FORMAT_FLAG = re.compile(r"^#,.*(?<![\w-])python-format\b", re.MULTILINE)


def percent_format_flags(path: Path) -> int:
    """How many messages of a ``.po``/``.pot`` file are flagged ``python-format``.

    Read from the file's text, as ``msgfmt --check`` reads it: Babel re-guesses the flag
    whenever it loads a message, so a loaded catalog cannot tell.
    """
    return len(FORMAT_FLAG.findall(path.read_text(encoding="utf-8")))


def check(languages: Iterable[str] = LANGUAGES) -> list[str]:
    """Every problem with the catalogs, as text (empty when all is well)."""
    found: list[str] = []
    fresh = extract_catalog()
    keys = {message_key(m) for m in fresh if m.id}
    known = _contexts()
    found.extend(
        f"unknown context {context!r} (not in gin.i18n.CONTEXTS): {msgid!r}"
        for msgid, context in sorted(keys, key=str)
        if context is not None and context not in known
    )
    if TEMPLATE.exists():
        stored = {message_key(m) for m in read_catalog(TEMPLATE) if m.id}
        if stored != keys:
            found.append(f"{TEMPLATE.relative_to(ROOT)} is out of date: run `extract`")
    for language in languages:
        path = po_path(language)
        if not path.exists():
            found.append(f"{language}: {path.relative_to(ROOT)} is missing")
            continue
        catalog = read_catalog(path, language)
        have = {message_key(m) for m in catalog if m.id}
        found.extend(
            f"{language}: not in the .po (run `update`): {msgid!r}"
            + (f" (context {context!r})" if context else "")
            for msgid, context in sorted(keys - have, key=str)
        )
        found.extend(str(p) for p in problems(catalog, language))
    for path in [TEMPLATE, *(po_path(language) for language in languages)]:
        if path.exists() and percent_format_flags(path):
            found.append(f"{path.relative_to(ROOT)}: a message is flagged python-format")
    return found


# --- command line -----------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("command", choices=("extract", "update", "compile", "check"))
    parser.add_argument("languages", nargs="*", help=f"default: all ({' '.join(LANGUAGES)})")
    args = parser.parse_args(argv)
    languages = args.languages or list(LANGUAGES)
    unknown = sorted(set(languages) - set(LANGUAGES))
    if unknown:
        parser.error(f"unknown language(s): {', '.join(unknown)}")
    if args.command == "extract":
        extract()
    elif args.command == "update":
        update(languages)
    elif args.command == "compile":
        compile_catalogs(languages)
    else:
        found = check(languages)
        for line in found:
            print(line)
        if found:
            sys.exit(f"check: {len(found)} problems")
        print(f"check: every message is translated in {', '.join(languages)}")


if __name__ == "__main__":
    main()
