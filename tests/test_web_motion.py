"""The table's motion planner (gin/web/motion.py): what flies from where, decided in CPython.

The page measures the cards (static/js/table-dom.mjs ``measure``) and plays the plan; these
tests give the planner measured pieces and read the plan it returns.
"""

from __future__ import annotations

import json
import re

from gin.cards import Card
from gin.table import effects as fx
from gin.web.motion import (
    DEAL_STEP_MS,
    FLIGHT_MS,
    PULSE,
    Motion,
    Piece,
    places,
    read_pieces,
)

CARD = (100.0, 50.0)


def piece(place: str, card: str, x: float, y: float, flags: str = "") -> list[object]:
    return [place, card, flags, x, y, *CARD]


def measured(*pieces: list[object]) -> list[Piece]:
    return read_pieces(json.dumps(pieces))


BEFORE = measured(
    piece("stock", "", 0, 0, "bl"),
    piece("pile", "7H", 200, 0, "tl"),
    piece("hand", "2C", 0, 500),
    piece("hand", "3C", 50, 500, "l"),
    piece("opponent-hand", "", 0, -200, "b"),
    piece("opponent-hand", "", 20, -200, "bl"),
)


def test_read_pieces_and_where_each_place_flies_from() -> None:
    found = places(BEFORE)
    assert found["card:7H"] == (200, 0, *CARD)
    assert found[fx.Place.STOCK.value] == (0, 0, *CARD)
    assert found[fx.Place.PILE.value] == (200, 0, *CARD)
    assert found[fx.Place.HAND.value] == (50, 500, *CARD)  # the hand's last card
    assert found[fx.Place.OPPONENT.value] == (20, -200, *CARD)
    assert BEFORE[1].top and BEFORE[0].back and not BEFORE[2].last


def test_a_card_drawn_from_the_pile_flies_from_where_it_was_and_glows_as_it_lands() -> None:
    after = measured(
        piece("stock", "", 0, 0, "bl"),
        piece("hand", "2C", 0, 500),
        piece("hand", "3C", 50, 500),
        piece("hand", "7H", 100, 500, "l"),
    )
    move = fx.Move(Card.parse("7H"), fx.Place.PILE, fx.Place.HAND)
    plan = Motion().plan(places(BEFORE), after, [move])
    flight, pulse = plan.plays
    assert flight["piece"] == 3 and flight["duration"] == FLIGHT_MS
    assert flight["frames"][0]["transform"] == "translate(100.0px, -500.0px) scale(1.000)"
    assert pulse == {"piece": 3, "frames": PULSE, "duration": 600, "delay": FLIGHT_MS}
    assert not plan.counts  # nothing regrouped: the other cards stayed where they were


def test_the_computers_discard_lands_on_the_pile_and_the_prompt_shows_as_it_lands() -> None:
    after = measured(piece("pile", "9S", 200, 0, "tl"), piece("opponent-hand", "", 0, -200, "bl"))
    move = fx.Move(Card.parse("9S"), fx.Place.OPPONENT, fx.Place.PILE)
    plays = Motion().plan(places(BEFORE), after, [move]).plays
    assert plays[0]["piece"] == 0
    assert plays[0]["frames"][0]["transform"].startswith("translate(-180.0px, -200.0px)")
    assert plays[1]["select"] == '[data-testid="status"]'


def test_a_deal_comes_from_the_stock_one_card_at_a_time_alternately() -> None:
    after = measured(
        piece("stock", "", 0, 0, "bl"),
        piece("opponent-hand", "", 0, -200, "b"),
        piece("opponent-hand", "", 20, -200, "bl"),
        piece("hand", "4D", 0, 500),
        piece("hand", "5D", 50, 500, "l"),
    )
    plays = Motion().plan(places(BEFORE), after, [fx.Deal()]).plays
    assert [play["piece"] for play in plays] == [1, 3, 2, 4]
    assert [play["delay"] for play in plays] == [order * DEAL_STEP_MS for order in range(4)]


def test_a_regrouped_hand_glides_and_a_score_that_went_up_counts_up_at_the_tables_pace() -> None:
    after = measured(piece("hand", "3C", 0, 500), piece("hand", "2C", 50, 500, "l"))
    motion = Motion()
    motion.speed = 2.0
    plan = motion.plan(places(BEFORE), after, [], scores=((0, 10), (25, 10)))
    assert [play["piece"] for play in plan.plays] == [0, 1]
    assert plan.plays[0]["duration"] == 110  # 220 ms at twice the pace
    (count,) = plan.counts
    assert count["select"] == '[data-testid="score-you"]' and count["to"] == 25
    assert count["steps"] == 20 and count["step_ms"] == 15.0
    assert json.loads(plan.to_json())["counts"] == [count]


def test_nothing_to_play_is_an_empty_plan() -> None:
    assert not Motion().plan(places(BEFORE), BEFORE, [])


def test_a_refusal_shakes_its_target_once() -> None:
    motion = Motion()
    assert motion.shake("stock", 1) == '[data-action="stock"],[data-setting="stock"]'
    assert motion.shake("stock", 1) is None
    assert motion.shake("TH", 2) == '[data-testid="hand"] [data-card="TH"]'
    assert motion.shake("knock", 3) == '[data-action="knock"],[data-setting="knock"]'
    assert motion.shake("", 4) is None


def test_a_card_of_another_size_starts_exactly_on_the_card_it_flies_from() -> None:
    """Scaled about its centre (a transform-origin in the frames would keep the flight off
    the compositor), the card's first frame covers the start rectangle exactly."""
    after = [Piece("hand", "7H", False, False, True, (100.0, 500.0, 50.0, 70.0))]
    start = (0.0, 0.0, 25.0, 35.0)
    move = fx.Move(Card.parse("7H"), fx.Place.PILE, fx.Place.HAND)
    flight = Motion().plan({"card:7H": start}, after, [move]).plays[0]
    assert all(set(frame) == {"transform"} for frame in flight["frames"])
    first = flight["frames"][0]["transform"]
    dx, dy, scale = (float(n) for n in re.findall(r"-?[\d.]+", first))
    left, top, width, height = after[0].rect
    centre = (left + width / 2, top + height / 2)
    corner = (
        centre[0] + dx + scale * (left - centre[0]),
        centre[1] + dy + scale * (top - centre[1]),
    )
    assert corner == (start[0], start[1]) and scale * width == start[2]
