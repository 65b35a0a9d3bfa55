"""The daily deal: one game a day, the same for everyone, fixed by the date in UTC.

The seed of the day ``YYYY-MM-DD`` (the ISO date, UTC) is::

    seed = int.from_bytes(SHA-256(UTF-8 "gin-rummy-daily/1/YYYY-MM-DD")[:8], "big") >> 1

the first 8 bytes of the hash as an unsigned big-endian number, less its
lowest bit: 63 bits, a seed from 0 to ``MAX_SEED`` like any other, so it deals
every hand as docs/DESIGN.md "Seeds and dealing" says.  The day also fixes
the computer's level, by the weekday: Monday and Tuesday Easy, Wednesday to
Friday Normal, Saturday and Sunday Hard; and the rules are the standard ones
(``Rules()``: 100 points, no optional bonus), whatever a person's settings, so
that everyone's results of a day are results of the same game.

Anyone can compute a day's seed, and so its deals, from this formula: that is
what lets everyone play the same deal with no server, and it is why a daily
game needs no commitment.  The bot of a daily game is seeded with
``gin.ai.bot_seed(seed, seat)`` like any other, so it plays the same way
against the same moves.
"""

from __future__ import annotations

import hashlib
import re
from datetime import date

from gin.rules import Rules

DAILY_LABEL = "gin-rummy-daily/1"
FIRST_DAY = date(2000, 1, 1)
"""The earliest day an address may ask for (later ones up to the year 9999)."""
DAILY_RULES = Rules()
WEEKDAY_LEVELS = ("easy", "easy", "normal", "normal", "normal", "hard", "hard")
"""The computer's level by weekday, Monday first (``date.weekday()``)."""
_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def daily_text(day: date) -> str:
    """The text hashed for the day's seed: ``gin-rummy-daily/1/YYYY-MM-DD``."""
    return f"{DAILY_LABEL}/{day.isoformat()}"


def daily_seed(day: date) -> int:
    """The seed of the day's deal (see the module's formula)."""
    digest = hashlib.sha256(daily_text(day).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def daily_level(day: date) -> str:
    """The computer's level on that day, by its weekday."""
    return WEEKDAY_LEVELS[day.weekday()]


def parse_day(text: str) -> date | None:
    """The date ``YYYY-MM-DD`` names (that form exactly, a real day from :data:`FIRST_DAY`)."""
    if not isinstance(text, str) or _ISO_DAY.fullmatch(text) is None:
        return None
    try:
        day = date.fromisoformat(text)
    except ValueError:
        return None
    return day if day >= FIRST_DAY else None
