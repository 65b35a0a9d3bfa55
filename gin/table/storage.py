"""Reading what the page stored, safely: size and nesting are checked before JSON is parsed.

Stored data is the one input an attacker (or a glitch) can make permanent: a
value that crashes the page at start would crash it at every reload.  Deeply
nested JSON overflows the C stack inside Pyodide before Python can catch
anything, so :func:`parse_stored` refuses it by scanning the text first.
"""

from __future__ import annotations

import json
import re

MAX_STORED_CHARS = 4_000_000
"""Far above any real record (a game of hundreds of hands is a few hundred KB)."""
MAX_NESTING = 32
"""Our records nest five levels deep at most."""

_STRUCTURE = re.compile(r'\\.|["\[\]{}]')


class Unreadable(ValueError):
    """A stored value that is not usable JSON: it is removed, with a notice."""


def nesting_depth(text: str) -> int:
    """The deepest bracket nesting of a JSON text, ignoring brackets inside strings."""
    depth = deepest = 0
    in_string = False
    for match in _STRUCTURE.finditer(text):
        token = match.group()
        if token == '"':
            in_string = not in_string
        elif in_string:
            continue
        elif token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


def parse_stored(text: str | None) -> object:
    """A stored JSON value (None when nothing is stored); :class:`Unreadable` if unusable."""
    if text is None or text == "":
        return None
    if len(text) > MAX_STORED_CHARS:
        raise Unreadable(f"stored value too long ({len(text)} characters)")
    if nesting_depth(text) > MAX_NESTING:
        raise Unreadable("stored value nested too deeply")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise Unreadable(f"stored value is not JSON: {error}") from None


def storage_prefix(path: str) -> str:
    """The prefix of this copy's storage keys: the app's folder on its origin.

    Two copies of the game on one origin (``/gin-rummy/`` and ``/gin-beta/`` of
    one GitHub user) must not read each other's games.
    """
    folder = path if path.endswith("/") else path.rsplit("/", 1)[0] + "/"
    return f"gin-rummy@{folder}"


LEGACY_KEYS = {
    "table": "gin-rummy/session",
    "settings": "gin-rummy/settings",
    "stats": "gin-rummy/statistics",
}
"""The first release's keys, shared by every copy on the origin; moved once to scoped keys."""
