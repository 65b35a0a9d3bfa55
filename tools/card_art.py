#!/usr/bin/env python3
"""Draw the deck: 52 card faces and a card back as one SVG sprite (standard library only).

    .venv/bin/python tools/card_art.py          # write static/cards/cards.svg
    .venv/bin/python tools/card_art.py --check  # exit 1 if the committed sprite is stale
    .venv/bin/python tools/card_art.py --demo   # screenshots in test-results/ (Playwright)

The sprite is committed (the build copies ``static/`` as it is); tests/test_card_art.py
fails when it differs from what this script draws, so edit the drawing here, never the
SVG. Every card is a ``<symbol id="card-7H" viewBox="0 0 240 336">`` (poker proportions,
2.5 : 3.5) named by the card's code in :mod:`gin.cards` (``card-TH`` is the ten of hearts,
whose corners read "10"), plus ``card-back``. The build cuts the sprite into one picture
per card, added to the published cards.css (:func:`card_faces`, written by tools/build.py),
and the page draws a card with ``<span class="card-art face-7H"></span>``.

Why it is built this way:

- Colours are CSS custom properties named inside the sprite (``var(--suit-h, #c62828)``);
  :func:`card_faces` fills in the values that cards.css declares (and those of its
  ``.four-colour`` block for that deck's pictures). Each card sets ``color`` once from its
  suit's property and draws in ``currentColor``.
- Suits and ranks are vector paths, not text: the page's fonts may lack the suit glyphs,
  and a drawn "10" is as narrow and legible on every machine. The corner index is large
  (a "jumbo" index): a fanned hand at 60 px shows only a card's left 28 px.
- Everything repeated is drawn once in ``<defs>`` and placed with ``<use>`` (pips, rank
  glyphs, the court figures, the mirrored half of a card), which keeps the sprite small.
- No gradients, patterns, masks or clip paths: paint servers referenced from inside an
  external ``<use>`` have been unreliable across browsers; plain fills always work.
"""

from __future__ import annotations

import argparse
import re
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: import the gin package of this checkout
    sys.path.insert(0, str(ROOT))

from gin.cards import RANK_CHARS, SUITS  # noqa: E402

SPRITE = ROOT / "static" / "cards" / "cards.svg"
WIDTH, HEIGHT = 240, 336
VIEW_BOX = f"0 0 {WIDTH} {HEIGHT}"
CENTRE_X, CENTRE_Y = WIDTH // 2, HEIGHT // 2
# Turns the top half of a card into its bottom half, as printed cards are.
HALF_TURN = f"rotate(180 {CENTRE_X} {CENTRE_Y})"

# Each suit's custom property and its default (the two-colour deck); the table's
# four-colour option overrides --suit-d and --suit-c on a container.
SUIT_COLOURS = {
    "S": ("--suit-s", "#1a1a1a"),
    "H": ("--suit-h", "#c62828"),
    "D": ("--suit-d", "#c62828"),
    "C": ("--suit-c", "#1a1a1a"),
}
FACE = "var(--card-face,#fffdf7)"
EDGE = "var(--card-edge,#8c8c8c)"
ACCENT = "var(--court-accent,#d9a21b)"
BACK = "var(--card-back,#a51d24)"
SKIN = "#f6dcc0"
INK = "#2b2118"

# --- shapes in a design grid ----------------------------------------------------------------

# Suits in a 100-unit box centred on (0, 0), pointing up; scaled by the <use> that places
# them. The club is three leaves and a stem (separate shapes, so no winding rules).
SUIT_SHAPES = {
    "S": '<path d="M0-48C9-30 48-13 48 13C48 31 35 39 23 39C13 39 6 33 3 27C4 37 9 45 16 50'
    'H-16C-9 45-4 37-3 27C-6 33-13 39-23 39C-35 39-48 31-48 13C-48-13-9-30 0-48Z"/>',
    "H": '<path d="M0 46C-8 30-48 8-48-18C-48-36-36-46-23-46C-12-46-4-39 0-29'
    'C4-39 12-46 23-46C36-46 48-36 48-18C48 8 8 30 0 46Z"/>',
    "D": '<path d="M0-50C10-33 24-15 38 0C24 15 10 33 0 50C-10 33-24 15-38 0C-24-15-10-33 0-50Z"/>',
    "C": '<circle cx="0" cy="-25" r="22"/><circle cx="-24" cy="12" r="22"/>'
    '<circle cx="24" cy="12" r="22"/><path d="M-10 0H10L8 14H-8Z'
    'M-4 8C-4 28-8 42-17 50H17C8 42 4 28 4 8Z"/>',
}

# Rank glyphs as stroke centre lines in a grid 100 units tall (absolute M/L/H/V/C/Z only),
# with each glyph's advance width. "10" is one glyph: a narrow 1 and 0 side by side.
RANK_GLYPHS = {
    "A": (60, "M0 100L30 0L60 100M12 64H48"),
    "2": (
        58,
        "M3 22C6 8 16 0 30 0C46 0 56 10 56 26C56 44 42 56 2 100H58",
    ),
    "3": (
        58,
        "M4 14C9 5 18 0 30 0C45 0 54 9 54 23C54 38 44 46 26 46C45 46 58 56 58 73"
        "C58 90 46 100 30 100C17 100 7 95 2 85",
    ),
    "4": (60, "M44 100V0L0 70H60"),
    "5": (
        58,
        "M54 0H11L6 45C13 39 21 36 30 36C46 36 58 48 58 67C58 87 46 100 29 100C17 100 7 95 2 86",
    ),
    "6": (
        58,
        "M52 10C46 3 39 0 31 0C12 0 2 22 2 54C2 84 13 100 30 100C46 100 58 88 58 70"
        "C58 52 46 41 30 41C16 41 5 50 2 62",
    ),
    "7": (58, "M0 0H58C41 28 28 62 24 100"),
    "8": (
        60,
        "M30 45C15 45 7 37 7 23C7 9 16 0 30 0C44 0 53 9 53 23C53 37 45 45 30 45"
        "C13 45 2 56 2 72C2 89 14 100 30 100C46 100 58 89 58 72C58 56 47 45 30 45Z",
    ),
    "9": (
        58,
        "M6 90C12 97 19 100 27 100C46 100 56 78 56 46C56 16 45 0 28 0C12 0 0 12 0 30"
        "C0 48 12 59 28 59C42 59 53 50 56 38",
    ),
    "T": (
        86,
        "M0 16L16 0V100M64 0C79 0 86 20 86 50C86 80 79 100 64 100C49 100 42 80 42 50"
        "C42 20 49 0 64 0Z",
    ),
    "J": (46, "M46 0V70C46 90 37 100 23 100C9 100 0 91 0 76"),
    "Q": (
        62,
        "M31 0C50 0 60 20 60 48C60 76 50 96 31 96C12 96 2 76 2 48C2 20 12 0 31 0ZM38 72L62 102",
    ),
    "K": (58, "M4 0V100M56 0L4 60M22 40L58 100"),
}

_PATH_TOKEN = re.compile(r"[MLHVCZ]|-?\d+(?:\.\d+)?")


def num(value: float) -> str:
    """A coordinate as short as it stays exact to a tenth of a unit."""
    text = f"{round(value, 1):g}"
    return "0" if text == "-0" else text


def transform_path(d: str, scale: float, dx: float, dy: float) -> str:
    """Scale a path of absolute M/L/H/V/C/Z commands and move it by (dx, dy)."""
    out: list[str] = []
    command = ""
    axis = 0  # which coordinate comes next: 0 = x, 1 = y
    for token in _PATH_TOKEN.findall(d):
        if token.isalpha():
            command, axis = token, 0
            out.append(token)
            continue
        value = float(token)
        if command == "V" or (command != "H" and axis == 1):
            coord = num(value * scale + dy)
        else:
            coord = num(value * scale + dx)
        if command not in ("H", "V"):
            axis ^= 1
        out.append(("" if coord.startswith("-") or out[-1].isalpha() else " ") + coord)
    return "".join(out)


# --- the corner index -----------------------------------------------------------------------

INDEX_X = 28  # centre line of the corner index column
RANK_TOP = 12
RANK_HEIGHT = 46  # stroke centre lines; the ink is a stroke wider
RANK_STROKE = 8
INDEX_SUIT_Y = 84
INDEX_SUIT_SCALE = 0.34
# On every glyph itself: a <use> inherits from where it is placed, not from <defs>.
RANK_PEN = (
    f'fill="none" stroke="currentColor" stroke-width="{RANK_STROKE}" '
    'stroke-linecap="round" stroke-linejoin="round"'
)


def rank_defs() -> str:
    """One stroked path per rank, its top at RANK_TOP and centred on the index column."""
    scale = RANK_HEIGHT / 100
    paths = []
    for rank in RANK_CHARS:
        width, d = RANK_GLYPHS[rank]
        left = INDEX_X - width * scale / 2
        paths.append(
            f'<path id="rank-{rank}" d="{transform_path(d, scale, left, RANK_TOP)}" {RANK_PEN}/>'
        )
    return "".join(paths)


# --- pips ------------------------------------------------------------------------------------

PIP_SCALE = 0.42
ACE_SCALE = 1.05
COURT_SUIT_SCALE = 0.26
COLUMNS = (78, 120, 162)
TOP, BOTTOM = 62, 274
ROW = (BOTTOM - TOP) / 3  # the four rows of the 9 and the 10


def _grid(xs: Iterable[float], ys: Iterable[float]) -> list[tuple[float, float]]:
    return [(x, y) for y in ys for x in xs]


def pip_layout(rank: int) -> list[tuple[int, int]]:
    """The classic pip positions of a number card (centres), top to bottom."""
    left, mid, right = COLUMNS
    sides = (left, right)
    three_rows = (TOP, CENTRE_Y, BOTTOM)
    four_rows = [TOP + i * ROW for i in range(4)]
    layouts = {
        1: _grid([mid], [CENTRE_Y]),
        2: _grid([mid], (TOP, BOTTOM)),
        3: _grid([mid], three_rows),
        4: _grid(sides, (TOP, BOTTOM)),
        5: _grid(sides, (TOP, BOTTOM)) + _grid([mid], [CENTRE_Y]),
        6: _grid(sides, three_rows),
        7: _grid(sides, three_rows) + [(mid, (TOP + CENTRE_Y) / 2)],
        8: _grid(sides, three_rows) + _grid([mid], ((TOP + CENTRE_Y) / 2, (CENTRE_Y + BOTTOM) / 2)),
        9: _grid(sides, four_rows) + _grid([mid], [CENTRE_Y]),
        10: _grid(sides, four_rows) + _grid([mid], (TOP + ROW / 2, BOTTOM - ROW / 2)),
    }
    return sorted(((round(x), round(y)) for x, y in layouts[rank]), key=lambda p: (p[1], p[0]))


def suit_defs() -> str:
    """Each suit's shape, and the sizes and turns of it that the cards place."""
    parts = []
    for suit in SUITS:
        parts.append(f'<g id="suit-{suit}" fill="currentColor">{SUIT_SHAPES[suit]}</g>')
        for name, scale in (
            ("pip", PIP_SCALE),
            ("index", INDEX_SUIT_SCALE),
            ("ace", ACE_SCALE),
            ("court", COURT_SUIT_SCALE),
        ):
            parts.append(
                f'<use id="{name}-{suit}" href="#suit-{suit}" transform="scale({scale})"/>'
            )
        parts.append(
            f'<use id="pip-{suit}-down" href="#suit-{suit}" '
            f'transform="rotate(180) scale({PIP_SCALE})"/>'
        )
    return "".join(parts)


def place(ref: str, x: float, y: float) -> str:
    return f'<use href="#{ref}" x="{num(x)}" y="{num(y)}"/>'


def pips(rank: int, suit: str) -> str:
    if rank == 1:
        return place(f"ace-{suit}", CENTRE_X, CENTRE_Y)
    return "".join(
        place(f"pip-{suit}-down" if y > CENTRE_Y else f"pip-{suit}", x, y)
        for x, y in pip_layout(rank)
    )


# --- the court cards -------------------------------------------------------------------------

# The frame of a court card, and its figures: the top half only, in card coordinates
# (frame x 56-184, y 18-168); the card places each figure twice, the second turned half
# round, like printed court cards. Drawn in the suit's colour (currentColor), a pale tint
# of it, the accent colour, skin, white and ink.
FRAME = (56, 18, 128, 300)
LINE = f'stroke="{INK}" stroke-width="1.5" stroke-linejoin="round"'
GOLD = f'style="fill:{ACCENT}" {LINE}'
# A pale tint of the suit's colour for the tunics; browsers without color-mix() keep the
# presentation attribute's light grey.
TINT = 'fill="#eee" style="fill:color-mix(in srgb,currentColor 22%,#fff)"'


def _hand(x: int, y: int) -> str:
    return f'<circle cx="{x}" cy="{y}" r="7" fill="{SKIN}" {LINE}/>'


def _head(features: str = "") -> str:
    """Neck, face and the features every figure shares, then the figure's own."""
    return (
        f'<path d="M111 98H129V114H111Z" fill="{SKIN}" {LINE}/>'
        f'<ellipse cx="120" cy="80" rx="19" ry="23" fill="{SKIN}" {LINE}/>'
        f'<path d="M107 72Q112 69 116 72M124 72Q128 69 133 72" fill="none" {LINE}/>'
        f'<g fill="{INK}"><circle cx="112" cy="78" r="2.2"/><circle cx="128" cy="78" r="2.2"/>'
        f'</g><path d="M121 80Q124 87 119 88" fill="none" {LINE} stroke-linecap="round"/>'
        + features
    )


def _robe(tunic: str) -> str:
    """Shoulders and robe in the suit's colour down to the card's middle."""
    return (
        '<path d="M60 168V134C60 118 76 110 100 108H140C164 110 180 118 180 134V168Z" '
        f'fill="currentColor" {LINE}/>{tunic}'
    )


_KING = (
    # a sword held up behind the right shoulder
    f'<path d="M160 30L164 24L168 30V118H160Z" fill="#e6e6e6" {LINE}/>'
    + _robe(
        f'<path d="M102 112H138V168H102Z" {TINT} {LINE}/>'
        f'<path d="M120 126V168" style="stroke:{ACCENT}" stroke-width="4"/>'
        f'<g {GOLD}><circle cx="120" cy="128" r="4"/><circle cx="120" cy="144" r="4"/>'
        '<circle cx="120" cy="160" r="4"/></g>'
        # ermine stole: white with black tails, and a gold chain with a jewel
        '<path d="M64 134C70 116 92 108 120 108C148 108 170 116 176 134L162 142'
        'C154 128 140 122 120 122C100 122 86 128 78 142Z" fill="#fff" ' + LINE + "/>"
        f'<g fill="{INK}"><path d="M80 126l2 7 2-7Z"/><path d="M98 117l2 7 2-7Z"/>'
        '<path d="M140 117l2 7 2-7Z"/><path d="M156 126l2 7 2-7Z"/></g>'
    )
    + _head(
        # white hair, beard and moustache
        f'<path d="M101 76C99 102 108 118 120 122C132 118 141 102 139 76C136 92 128 98 120 98'
        f'C112 98 104 92 101 76Z" fill="#f2f2f2" {LINE}/>'
        f'<path d="M108 97C112 90 128 90 132 97C127 94 113 94 108 97Z" fill="#f2f2f2" {LINE}/>'
    )
    # crown: five points over a band with jewels in the suit's colour
    + f'<path d="M99 62V32L108 46L114 26L120 42L126 26L132 46L141 32V62Z" {GOLD}/>'
    '<path d="M99 54H141V62H99Z" fill="currentColor"/>'
    f'<g fill="#fff"><circle cx="110" cy="58" r="2"/><circle cx="120" cy="58" r="2"/>'
    '<circle cx="130" cy="58" r="2"/></g>'
    # the sword's hilt and the hand on it
     + f'<path d="M150 116H178V122H150Z" {GOLD}/>' + _hand(164, 130)
)

_QUEEN = (
    # long hair falling to the shoulders
    f'<path d="M99 80C97 56 106 52 120 52C134 52 143 56 141 80C143 98 148 110 156 118'
    f'H84C92 110 97 98 99 80Z" {GOLD}/>'
    + _robe(
        # a tinted bodice with a gold edge, a low neckline and a pearl necklace
        f'<path d="M94 112L120 168L146 112Z" {TINT} {LINE}/>'
        f'<path d="M94 112L120 168L146 112" fill="none" style="stroke:{ACCENT}" '
        'stroke-width="3"/>'
        f'<path d="M100 108C102 122 110 128 120 128C130 128 138 122 140 108Z" fill="{SKIN}" '
        f"{LINE}/>"
        '<path d="M104 112C108 122 132 122 136 112" fill="none" stroke="#fff" '
        'stroke-width="3.5" stroke-dasharray=".1 5" stroke-linecap="round"/>'
    )
    + _head(
        '<path d="M114 93Q120 97 126 93" fill="none" stroke="#b3261e" stroke-width="2.5" '
        'stroke-linecap="round"/>'
    )
    # a small crown with a jewel in the suit's colour
    + f'<path d="M105 60L102 40L111 50L120 34L129 50L138 40L135 60Z" {GOLD}/>'
    '<circle cx="120" cy="52" r="3.5" fill="currentColor"/>'
    # a flower held up at the left
     + f'<path d="M80 134V100" stroke="{INK}" stroke-width="2.5"/>'
    f'<g {GOLD}><circle cx="80" cy="86" r="6.5"/><circle cx="72" cy="94" r="6.5"/>'
    '<circle cx="88" cy="94" r="6.5"/><circle cx="80" cy="101" r="6.5"/></g>'
    '<circle cx="80" cy="94" r="4.5" fill="currentColor"/>' + _hand(80, 138)
)

_JACK = (
    # a halberd held up behind the right shoulder
    f'<path d="M164 26V128" stroke="{INK}" stroke-width="4"/>'
    f'<path d="M164 32L178 44L164 56Z" {GOLD}/>'
    + _robe(
        # a tinted doublet with a gold sash and a white collar
        f'<path d="M100 108H140L146 168H94Z" {TINT} {LINE}/>'
        f'<path d="M62 130L176 166" style="stroke:{ACCENT}" stroke-width="9"/>'
        f'<path d="M104 108L120 124L136 108Z" fill="#fff" {LINE}/>'
    )
    # short hair under the cap
    + f'<path d="M101 84C97 70 103 58 120 58C137 58 143 70 139 84C136 74 131 70 120 70'
    f'C109 70 104 74 101 84Z" {GOLD}/>'
    + _head(
        '<path d="M114 94Q120 97 126 94" fill="none" stroke="#2b2118" stroke-width="1.8" '
        'stroke-linecap="round"/>'
    )
    # a flat cap in the suit's colour, a gold band and a white feather
    + f'<path d="M94 66C94 40 146 40 146 66Z" fill="currentColor" {LINE}/>'
    f'<path d="M96 60H144V67H96Z" {GOLD}/>'
    f'<path d="M130 48C136 34 146 26 158 24C151 31 144 40 139 52Z" fill="#fff" {LINE}/>'
    + _hand(164, 134)
)

COURT_FIGURES = {"J": _JACK, "Q": _QUEEN, "K": _KING}


def court_defs() -> str:
    x, y, w, h = FRAME
    frame = (
        f'<g id="court-frame"><path d="M{x} {y}H{x + w}V{y + h}H{x}Z" fill="none" '
        'stroke="currentColor" stroke-width="2"/>'
        f'<path d="M{x} {CENTRE_Y}H{x + w}" stroke="currentColor" stroke-width="2"/></g>'
    )
    figures = "".join(f'<g id="court-{rank}">{art}</g>' for rank, art in COURT_FIGURES.items())
    return frame + figures


def court(rank: str, suit: str) -> str:
    x, y, _, _ = FRAME
    half = f'<use href="#court-{rank}"/>{place(f"court-{suit}", x + 16, y + 18)}'
    return (
        f'<g id="half-{rank}{suit}">{half}</g>'
        f'<use href="#half-{rank}{suit}" transform="{HALF_TURN}"/><use href="#court-frame"/>'
    )


# --- whole cards -----------------------------------------------------------------------------

CORNER = 12  # radius of the card's rounded corners


def blank_defs() -> str:
    return (
        f'<rect id="blank" x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="{CORNER}" '
        f'style="fill:{FACE};stroke:{EDGE}" stroke-width="2"/>'
    )


def face(rank: int, suit: str) -> str:
    rank_char = RANK_CHARS[rank - 1]
    code = rank_char + suit
    prop, default = SUIT_COLOURS[suit]
    index = (
        f'<g id="index-{code}"><use href="#rank-{rank_char}"/>'
        f"{place(f'index-{suit}', INDEX_X, INDEX_SUIT_Y)}</g>"
    )
    body = court(rank_char, suit) if rank_char in COURT_FIGURES else pips(rank, suit)
    return (
        f'<symbol id="card-{code}" viewBox="{VIEW_BOX}"><use href="#blank"/>'
        f'<g style="color:var({prop},{default})">{index}'
        f'<use href="#index-{code}" transform="{HALF_TURN}"/>{body}</g></symbol>'
    )


def _lattice(x0: float, y0: float, x1: float, y1: float, step: float) -> str:
    """Diagonal lines both ways across a rectangle, ending on its edges (no clip path)."""
    segments = []
    for sign in (1, -1):
        # lines y = sign * x + c, for every c that crosses the rectangle
        lo = y0 - sign * (x1 if sign > 0 else x0)
        hi = y1 - sign * (x0 if sign > 0 else x1)
        c = lo + step / 2
        while c < hi:
            points = []
            for x in (x0, x1):
                y = sign * x + c
                if y0 <= y <= y1:
                    points.append((x, y))
            for y in (y0, y1):
                x = (y - c) / sign
                if x0 < x < x1:
                    points.append((x, y))
            ends = sorted(set(points))
            if len(ends) >= 2:
                (ax, ay), (bx, by) = ends[0], ends[-1]
                segments.append(f"M{num(ax)} {num(ay)}L{num(bx)} {num(by)}")
            c += step
    return "".join(segments)


def back() -> str:
    """The back: a lattice in the back colour, a white border and a medallion of the suits."""
    margin, inner = 12, 20
    panel = (
        f'<rect x="{margin}" y="{margin}" width="{WIDTH - 2 * margin}" '
        f'height="{HEIGHT - 2 * margin}" rx="6" style="fill:{BACK}"/>'
    )
    lattice = _lattice(inner, inner, WIDTH - inner, HEIGHT - inner, 20)
    ring = (
        f'<ellipse cx="{CENTRE_X}" cy="{CENTRE_Y}" rx="40" ry="52" style="fill:{BACK}" '
        'stroke="#fff" stroke-width="3"/>'
    )
    suits = "".join(
        place(f"court-{suit}", CENTRE_X + dx, CENTRE_Y + dy)
        for suit, (dx, dy) in zip(SUITS, ((0, -24), (20, 0), (0, 24), (-20, 0)), strict=True)
    )
    return (
        f'<symbol id="card-back" viewBox="{VIEW_BOX}"><use href="#blank"/>{panel}'
        f'<path d="{lattice}" stroke="#fff" stroke-opacity=".45" stroke-width="2"/>'
        f'<rect x="{inner}" y="{inner}" width="{WIDTH - 2 * inner}" '
        f'height="{HEIGHT - 2 * inner}" fill="none" stroke="#fff" stroke-width="2"/>'
        f'{ring}<g style="color:#fff">{suits}</g></symbol>'
    )


def sprite() -> str:
    """The whole sprite, as committed in static/cards/cards.svg."""
    defs = blank_defs() + suit_defs() + rank_defs() + court_defs()
    cards: Iterable[str] = (face(rank, suit) for suit in SUITS for rank in range(1, 14))
    return (
        "<!-- Generated by tools/card_art.py (edit that, not this file). MIT licence, "
        "as the rest of the project. -->\n"
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{VIEW_BOX}">\n'
        f"<defs>{defs}</defs>\n" + "\n".join(cards) + "\n" + back() + "\n</svg>\n"
    )


SVG_NS = "http://www.w3.org/2000/svg"
VAR = re.compile(r"var\((--[\w-]+),([^)]+)\)")
HREF = re.compile(r'href="#([^"]+)"')


def _palettes(css: str) -> dict[str, dict[str, str]]:
    """The decks' colours from the card stylesheet: ``""`` the ``:root`` block (the
    two-colour deck), ``"four-colour"`` what its block overrides."""
    found: dict[str, dict[str, str]] = {}
    for key, selector in (("", r":root"), ("four-colour", r"\.four-colour")):
        block = re.search(selector + r"\s*{([^}]*)}", css)
        if block is None:
            raise ValueError(f"cards.css has no {selector} block")
        found[key] = dict(re.findall(r"(--[\w-]+):\s*([^;]+);", block.group(1)))
    return found


def _face_svgs(text: str) -> dict[str, str]:
    """Each symbol of the sprite (``7H``, ``back``) as a document of its own: the symbol's
    drawing and only the definitions it refers to, colours still ``var()``."""
    ET.register_namespace("", SVG_NS)
    root = ET.fromstring(text[text.index("<svg") :])
    defs_element = root.find(f"{{{SVG_NS}}}defs")
    tops: list[ET.Element] = list(defs_element) if defs_element is not None else []
    symbols = root.findall(f"{{{SVG_NS}}}symbol")
    owner = {e.attrib["id"]: top for top in tops for e in top.iter() if "id" in e.attrib}
    drawn = {}
    for symbol in symbols:
        body = "".join(_markup(child) for child in symbol)
        needed: list[ET.Element] = []
        todo = HREF.findall(body)
        while todo:
            ref = todo.pop()
            top = owner.get(ref)
            if top is not None and all(top is not e for e in needed):
                needed.append(top)
                todo += HREF.findall(_markup(top))
        defs = "".join(_markup(e) for e in tops if any(e is n for n in needed))
        code = symbol.attrib["id"].removeprefix("card-")
        box = symbol.attrib["viewBox"]
        _, _, width, height = box.split()
        # A size of its own, so that the page can draw it into a canvas (a bitmap).
        drawn[code] = (
            f'<svg xmlns="{SVG_NS}" width="{width}" height="{height}" viewBox="{box}">'
            f"<defs>{defs}</defs>{body}</svg>"
        )
    return drawn


def _markup(element: ET.Element) -> str:
    """An element of the sprite as SVG markup inside a document that declares the
    namespace once."""
    markup = ET.tostring(element, encoding="unicode")
    return markup.replace(f' xmlns="{SVG_NS}"', "").replace(" />", "/>")


def _coloured(svg: str, colours: dict[str, str]) -> str:
    """``svg`` with every ``var(--name,fallback)`` replaced by the deck's colour."""
    return VAR.sub(lambda match: colours.get(match.group(1), match.group(2)), svg)


def _data_url(svg: str) -> str:
    """An SVG as a ``data:`` URL, percent-encoded only where a CSS ``url("...")`` needs it
    (smaller than base64, and gzip on the wire compresses it)."""
    svg = svg.replace('"', "'")
    return "data:image/svg+xml," + quote(svg, safe=" '=:/;,.-_()!*~@?&+$")


def card_faces(text: str, css: str) -> str:
    """The card stylesheet's rules that draw every card: ``.face-7H`` (and ``.face-back``)
    is the card's picture as a background image, a document of its own with the deck's
    colours filled in, and ``.four-colour .face-7D`` the cards that deck draws otherwise.

    A card in the page was an ``<svg><use href="#card-7H"/></svg>`` of a sprite in the
    page, and each ``<use>`` a shadow tree of some sixty nested ``<use>``: with the CPU 4x
    slower, the browser's style and layout of those trees (4,600 layout objects at the
    table) took 150 to 330 ms of a click.  An image is one box: the browser draws its
    document once and lays out nothing of it again.
    """
    palettes = _palettes(css)
    standard = palettes[""]
    four_colour = {**standard, **palettes["four-colour"]}
    rules = []
    for code, svg in _face_svgs(text).items():
        plain = _coloured(svg, standard)
        rules.append(f'.face-{code}{{background-image:url("{_data_url(plain)}")}}')
        four = _coloured(svg, four_colour)
        if four != plain:
            rules.append(f'.four-colour .face-{code}{{background-image:url("{_data_url(four)}")}}')
    return "\n".join(rules) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--check", action="store_true", help="fail if the sprite is stale")
    group.add_argument("--demo", action="store_true", help="screenshot every card (Chromium)")
    args = parser.parse_args(argv)
    text = sprite()
    if args.check:
        if not SPRITE.exists() or SPRITE.read_text(encoding="utf-8") != text:
            print(f"{SPRITE.relative_to(ROOT)} is stale: run tools/card_art.py", file=sys.stderr)
            return 1
        return 0
    if args.demo:
        from tools.card_art_demo import screenshots

        for path in screenshots():
            print(path.relative_to(ROOT))
        return 0
    SPRITE.parent.mkdir(parents=True, exist_ok=True)
    SPRITE.write_text(text, encoding="utf-8")
    print(f"{SPRITE.relative_to(ROOT)}: {len(text.encode()) / 1024:.1f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
