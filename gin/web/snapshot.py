"""What the start-up snapshot holds, and what a page restored from it must do first.

Most of a bare Pyodide start is Python starting itself (reading the standard library,
importing Pyodide's own modules), and after that the table's imports. The build runs the
same vendored Pyodide in node once, imports the table there and saves Python's memory
(``tools/snapshot_pyodide.mjs``); the page restores that memory instead of starting
Python and importing again (``static/js/start.mjs``). Nothing of the page may be in it:
this module and what it imports stay free of ``js`` and ``pyscript`` (``gin.web.main``
imports those only when it runs).

The saved memory is the same for every visitor, including the state of every random
generator in it, so :func:`prepare` seeds them with a constant (the build is then
reproducible: the same sources give the same snapshot, and the service worker's version
stays put) and :func:`restored` seeds them afresh from the operating system's entropy
before anything draws from them.
"""

from __future__ import annotations

import gc
import random

_generators: list[random.Random] = []
"""Every random generator in the saved memory (found once, at the build, where time is cheap)."""


def prepare() -> None:
    """Import every module of the page, before the memory is saved.

    ``gin.web.app`` brings the whole table (engine, AI, presenter, render); ``gin.web.main``
    is the entry point, and the rules page would otherwise be imported on first use.
    """
    import gin.web.app
    import gin.web.main
    import gin.web.rules_page  # noqa: F401

    _generators[:] = [
        thing
        for thing in gc.get_objects()
        if isinstance(thing, random.Random) and not isinstance(thing, random.SystemRandom)
    ]
    for generator in _generators:
        generator.seed(0)


def restored() -> None:
    """Give every random generator of the restored memory its own seed, as a fresh start would."""
    for generator in _generators:
        generator.seed()
