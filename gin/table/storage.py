"""Reading what the page stored, safely: size and nesting are checked before JSON is parsed.

Stored data is the one input an attacker (or a glitch) can make permanent: a
value that crashes the page at start would crash it at every reload.  Deeply
nested JSON overflows the C stack inside Pyodide before Python can catch
anything, so :func:`parse_stored` refuses it (:mod:`gin.jsontext` measures the
nesting without recursion) before it is parsed.
"""

from __future__ import annotations

from gin.jsontext import loads_bounded

MAX_STORED_CHARS = 4_000_000
"""Far above any real record (a game of hundreds of hands is a few hundred KB)."""
MAX_NESTING = 32
"""Our records nest five levels deep at most."""


class Unreadable(ValueError):
    """A stored value that is not usable JSON: it is removed, with a notice."""


def parse_stored(text: str | None) -> object:
    """A stored JSON value (None when nothing is stored); :class:`Unreadable` if unusable."""
    if text is None or text == "":
        return None
    try:
        return loads_bounded(text, max_chars=MAX_STORED_CHARS, max_depth=MAX_NESTING)
    except (ValueError, RecursionError) as error:
        raise Unreadable(f"stored value refused: {error}") from None


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
