"""JSON text from outside (a downloaded record, stored data): its size and nesting checked first.

``json.loads`` recurses once per level of nesting, so ``'[' * 100_000`` ends in
a RecursionError in CPython and overflows the stack inside Pyodide before
Python can catch anything.  :func:`loads_bounded` measures the nesting with
regular expressions and C-level iteration (no recursion, no per-character
Python loop) and refuses text that is too long or too deep with a ValueError,
before the parser sees it.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\Z)', re.DOTALL)
"""A JSON string as the parser reads it (an unterminated one runs to the end)."""
_NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON text (brackets inside strings
    do not count); for text that is not JSON, the depth a parser would reach at most."""
    brackets = _NOT_A_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def loads_bounded(text: str, *, max_chars: int, max_depth: int) -> Any:
    """Parse JSON text of at most ``max_chars`` characters nested at most ``max_depth`` deep.

    Anything else, and text that is not JSON, is a ValueError.
    """
    if not isinstance(text, str):
        raise ValueError(f"JSON must be text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise ValueError(f"too long: more than {max_chars} characters")
    if nesting_depth(text) > max_depth:
        raise ValueError(f"nested too deeply: more than {max_depth} levels")
    return json.loads(text)
