"""The card sprite: committed as drawn, complete, self-contained and small; and the cards' pictures
the build makes of it."""

from __future__ import annotations

import gzip
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import unquote

import pytest

from gin.cards import DECK
from tools import card_art

SVG = "{http://www.w3.org/2000/svg}"
CARDS_CSS = Path(card_art.ROOT, "static", "css", "cards.css")


@pytest.fixture(scope="module")
def text() -> str:
    return card_art.sprite()


@pytest.fixture(scope="module")
def root(text: str) -> ET.Element:
    return ET.fromstring(text)


def symbols(root: ET.Element) -> dict[str, ET.Element]:
    return {s.attrib["id"]: s for s in root.iter(f"{SVG}symbol")}


def uses(element: ET.Element) -> list[ET.Element]:
    return list(element.iter(f"{SVG}use"))


def test_committed_sprite_is_what_the_generator_draws(text: str) -> None:
    committed = card_art.SPRITE.read_text(encoding="utf-8")
    assert committed == text, "static/cards/cards.svg is stale: run tools/card_art.py"


def test_check_mode_fails_on_a_stale_sprite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    stale = tmp_path / "cards.svg"
    monkeypatch.setattr(card_art, "ROOT", tmp_path)
    monkeypatch.setattr(card_art, "SPRITE", stale)
    assert card_art.main(["--check"]) == 1  # missing
    stale.write_text(text.replace("card-7H", "card-7X"), encoding="utf-8")
    assert card_art.main(["--check"]) == 1  # edited
    stale.write_text(text, encoding="utf-8")
    assert card_art.main(["--check"]) == 0


def test_one_symbol_per_card_and_a_back_with_one_view_box(root: ET.Element) -> None:
    found = symbols(root)
    assert set(found) == {f"card-{card}" for card in DECK} | {"card-back"}
    assert {s.attrib["viewBox"] for s in found.values()} == {"0 0 240 336"}


def test_every_reference_resolves_inside_the_sprite(root: ET.Element, text: str) -> None:
    ids = {e.attrib["id"] for e in root.iter() if "id" in e.attrib}
    refs = [u.attrib["href"] for u in uses(root)]
    assert refs and all(ref.startswith("#") and ref[1:] in ids for ref in refs)
    # Nothing that could load another file or need a font or a paint server.
    assert not re.search(r"<(text|image|pattern|\w+Gradient|clipPath|mask)\b", text)
    assert "url(" not in text


@pytest.mark.parametrize("rank", range(1, 11))
def test_number_cards_have_the_classic_count_of_pips_the_lower_ones_turned(
    root: ET.Element, rank: int
) -> None:
    for suit in "SHDC":
        code = card_art.RANK_CHARS[rank - 1] + suit
        card = symbols(root)[f"card-{code}"]
        pips = [u for u in uses(card) if u.attrib["href"].startswith(("#pip-", "#ace-"))]
        assert len(pips) == rank, code
        for pip in pips:
            turned = pip.attrib["href"].endswith("-down")
            assert turned == (float(pip.attrib["y"]) > card_art.CENTRE_Y), code
            assert pip.attrib["href"].removeprefix("#").split("-")[1] == suit
        # each pip has its mirror image about the centre, as on printed cards, except
        # the 7's odd pip, which sits above the middle
        spots = {(float(p.attrib["x"]), float(p.attrib["y"])) for p in pips}
        unmatched = [(x, y) for x, y in spots if (240 - x, 336 - y) not in spots]
        assert len(unmatched) == (rank == 7), code
        assert all(y < card_art.CENTRE_Y for _, y in unmatched), code


def test_corner_index_reads_the_rank_with_ten_as_10_and_is_repeated_turned(
    root: ET.Element,
) -> None:
    ten = next(e for e in root.iter(f"{SVG}path") if e.attrib.get("id") == "rank-T")
    assert ten.attrib["d"].count("M") == 2  # two figures, "1" and "0", never a "T"
    for card in DECK:
        code = str(card)
        symbol = symbols(root)[f"card-{code}"]
        index = next(g for g in symbol.iter(f"{SVG}g") if g.attrib.get("id") == f"index-{code}")
        assert [u.attrib["href"] for u in uses(index)] == [f"#rank-{code[0]}", f"#index-{code[1]}"]
        turned = [u for u in uses(symbol) if u.attrib["href"] == f"#index-{code}"]
        assert [u.attrib["transform"] for u in turned] == [card_art.HALF_TURN]


def test_court_cards_show_their_own_figure_mirrored(root: ET.Element) -> None:
    figures = {}
    for rank in "JQK":
        figures[rank] = next(
            ET.tostring(g) for g in root.iter(f"{SVG}g") if g.attrib.get("id") == f"court-{rank}"
        )
        for suit in "SHDC":
            symbol = symbols(root)[f"card-{rank}{suit}"]
            refs = [u.attrib["href"] for u in uses(symbol)]
            assert f"#court-{rank}" in refs and f"#court-{suit}" in refs
            assert f"#half-{rank}{suit}" in refs  # the lower half, turned
    assert len(set(figures.values())) == 3


def test_each_face_takes_its_suit_colour_from_a_custom_property(root: ET.Element) -> None:
    for card in DECK:
        symbol = symbols(root)[f"card-{card}"]
        prop, default = card_art.SUIT_COLOURS[card.suit]
        styles = [g.attrib.get("style") for g in symbol.iter(f"{SVG}g")]
        assert f"color:var({prop},{default})" in styles, card


def test_cards_css_declares_every_property_the_sprite_reads_and_the_four_colour_deck(
    text: str,
) -> None:
    css = CARDS_CSS.read_text(encoding="utf-8")
    root_block = re.search(r":root\s*{([^}]*)}", css)
    four_colour = re.search(r"\.four-colour\s*{([^}]*)}", css)
    assert root_block and four_colour
    declared = dict(re.findall(r"(--[\w-]+):\s*([^;]+);", root_block.group(1)))
    used = dict(re.findall(r"var\((--[\w-]+),([^)]+)\)", text))
    assert declared == used  # same names, same defaults as the sprite's fallbacks
    overridden = dict(re.findall(r"(--[\w-]+):\s*([^;]+);", four_colour.group(1)))
    assert overridden == {"--suit-d": "#1565c0", "--suit-c": "#2e7d32"}


def test_sprite_is_small(text: str) -> None:
    raw = len(text.encode())
    assert raw < 60_000
    assert len(gzip.compress(text.encode())) < 10_000


def test_transform_path_scales_and_moves_every_command_kind() -> None:
    d = "M0 100L30 0H60V50C1 2 3 4 5 6Z"
    assert card_art.transform_path(d, 0.5, 10, -20) == "M10 30L25-20H40V5C10.5-19 11.5-18 12.5-17Z"


def test_back_lattice_stays_inside_its_frame() -> None:
    lattice = card_art._lattice(20, 20, 220, 316, 20)
    points = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", lattice)]
    xs, ys = points[::2], points[1::2]
    assert len(xs) > 20
    assert all(20 <= x <= 220 for x in xs) and all(20 <= y <= 316 for y in ys)


def test_every_card_is_a_picture_of_its_own_with_the_decks_colours(text: str) -> None:
    """The published cards.css draws each card as a background image: a whole SVG document
    (the card's drawing and every definition it refers to, nothing left to the page), its
    colours those of cards.css, and the four-colour deck's diamonds and clubs drawn again."""
    css = CARDS_CSS.read_text(encoding="utf-8")
    rules = card_art.card_faces(text, css)
    rule = (
        r"^((?:\.four-colour )?)\.face-(\w+)"
        r'\{background-image:url\("data:image/svg\+xml,([^"]+)"\)\}$'
    )
    found = re.findall(rule, rules, re.M)
    assert len(found) == len(rules.splitlines())
    plain = {code: unquote(data) for deck, code, data in found if not deck}
    four = {code: unquote(data) for deck, code, data in found if deck}
    assert set(plain) == {str(card) for card in DECK} | {"back"}
    assert set(four) == {str(card) for card in DECK if card.suit in "DC"}
    for code, svg in {**plain, **{f"4{c}": v for c, v in four.items()}}.items():
        document = ET.fromstring(svg)
        assert document.attrib["viewBox"] == "0 0 240 336", code
        ids = {e.attrib["id"] for e in document.iter() if "id" in e.attrib}
        refs = {e.attrib["href"].removeprefix("#") for e in uses(document)}
        assert refs and refs <= ids, code  # self-contained
        assert "var(" not in svg, code
    assert "#c62828" in plain["5D"] and "#1565c0" in four["5D"] and "#1565c0" not in plain["5D"]
    assert "#2e7d32" in four["5C"] and "#a51d24" in plain["back"]
    assert len(gzip.compress(rules.encode())) < 12_000  # what the wire carries


def test_faces_take_their_colours_from_the_card_stylesheet(text: str) -> None:
    css = CARDS_CSS.read_text(encoding="utf-8").replace("--suit-h: #c62828", "--suit-h: #ab1234")
    rules = unquote(card_art.card_faces(text, css))
    heart = next(line for line in rules.splitlines() if line.startswith(".face-5H{"))
    assert "#ab1234" in heart and "#c62828" not in heart
    with pytest.raises(ValueError, match="four-colour"):
        card_art.card_faces(text, ":root { --suit-h: #c62828; }")
