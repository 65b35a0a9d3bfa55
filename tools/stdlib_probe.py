"""Which modules of Pyodide's standard library the page imports (run inside Pyodide, in node).

``tools/stdlib_pyodide.mjs`` runs this file in the vendored Pyodide with the whole standard
library mounted and the engine bundle (``build/gin.zip``, what ``static/gin.zip.gz`` holds)
unpacked in the working directory, and calls :func:`main` with every module name an
``import`` of the bundle or of PyScript's Python names, at any depth (``tools/stdlib.py``
reads them from the sources).  What ends up imported after

1. Pyodide's own start (a bare page imports about 190 modules: asyncio, json, zipfile...),
2. every module of the bundle (the table, the rules page, the review, statistics...),
3. every one of those names (the lazy imports inside functions: a feature used later),
4. what the standard library imports only when it is used: each language's catalog
   (``gettext``), tracebacks of chained errors with a "did you mean" suggestion (the
   error paths), ``asyncio``'s loop, JSON, hashing, system randomness,

is the standard library the page ships (``tools/build.py``).  ``main()`` returns it as JSON:
those modules with their file in the zip, and the modules built or frozen into the
interpreter.
"""

from __future__ import annotations

import _imp
import asyncio
import hashlib
import importlib
import json
import random
import sys
import traceback
from pathlib import Path

STDLIB = f"/lib/python3{sys.version_info.minor}.zip/"


def import_named(names: list[str]) -> list[str]:
    """Import each name (a module, or a name inside one: ``html.escape``); the failures."""
    failed = []
    for name in sorted(names):
        try:
            importlib.import_module(name)
        except ImportError:
            parent, _, attribute = name.rpartition(".")
            module = sys.modules.get(parent)
            if module is None or not hasattr(module, attribute):
                failed.append(name)
    return failed


def import_bundle() -> None:
    for path in sorted(Path("gin").rglob("*.pyc")):
        module = ".".join(path.with_suffix("").parts).removesuffix(".__init__")
        importlib.import_module(module)


def exercise() -> None:
    """Run the standard library's lazily imported paths that the page can take."""
    from gin.i18n import LANGUAGES, Translator, boot_texts

    boot_texts()
    for language in LANGUAGES:
        Translator(language).ngettext("{n} card", "{n} cards", 2)
    try:
        try:
            undefined_name  # type: ignore[name-defined]  # noqa: B018, F821
        except NameError as error:
            raise ValueError("a chained error") from error
    except ValueError:
        traceback.format_exc()
    try:
        "".no_such_method()  # type: ignore[attr-defined]
    except AttributeError:
        traceback.format_exc()
    json.loads(json.dumps({"a": [1.5, None, "é"]}, indent=1, sort_keys=True))
    hashlib.sha256(b"gin").hexdigest()
    random.SystemRandom().random()
    random.Random().seed()


def shipped_modules() -> dict[str, str]:
    """Every imported module read from the standard library's zip, and its file there.

    Not the modules frozen into the interpreter (``os``, ``site``, importlib's own...):
    they name a file in the zip but are never read from it.
    """
    modules = {}
    for name, module in sorted(sys.modules.items()):
        frozen = getattr(getattr(module, "__spec__", None), "origin", None) == "frozen"
        file = getattr(module, "__file__", None) or ""
        if not frozen and file.startswith(STDLIB):
            modules[name] = file.removeprefix(STDLIB)
    return modules


def built_in() -> set[str]:
    """The modules the interpreter has without the zip: built in, frozen, or aliases of those
    (``collections.abc`` is the frozen ``_collections_abc``)."""
    names = set(sys.builtin_module_names) | set(_imp._frozen_module_names())  # type: ignore[attr-defined]
    for name, module in sys.modules.items():
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        if origin in ("frozen", "built-in"):
            names.add(name)
    return names


async def main(names: list[str]) -> str:
    """Everything above, then asyncio's loop (PyScript's event handlers and timers): the result."""
    import_bundle()
    unimportable = import_named(names)
    exercise()
    await asyncio.sleep(0)
    await asyncio.wait_for(asyncio.sleep(0), timeout=1)
    return json.dumps(
        {
            "modules": shipped_modules(),
            "builtins": sorted(built_in()),
            "minor": sys.version_info.minor,
            "unimportable": unimportable,
        }
    )
