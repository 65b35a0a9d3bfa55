"""What a click, a tap, a drop and a key mean (gin.table.pointer, gin.table.keys): decided in
the table from what the page reports, so every input path is tested here, in CPython."""

from __future__ import annotations

from gin.actions import ActionKind
from gin.cards import Card
from gin.table import effects as fx
from gin.table.controls import Control
from gin.table.intents import (
    Arm,
    ChooseCard,
    DismissNotice,
    DrawFromPile,
    DrawFromStock,
    KeyPress,
    MoveCard,
    PlayCard,
    ReviewStep,
)
from gin.table.keys import FocusStep, binding, key_press, takes_over
from gin.table.pointer import (
    Grip,
    Spot,
    Target,
    click_intent,
    drop_intent,
    drop_row,
    landing,
)
from gin.table.state import TablePhase
from tests.table_helpers import at_phase

SEVEN = Card.parse("7H")


def test_a_pointer_click_chooses_a_card_and_a_keyboard_click_plays_it() -> None:
    assert click_intent(Target(card=SEVEN), keyboard=False) == ChooseCard(SEVEN)
    assert click_intent(Target(card=SEVEN), keyboard=True) == PlayCard(SEVEN)


def test_a_click_on_the_stock_the_pile_or_a_control_sends_its_intent() -> None:
    assert click_intent(Target(spot=Spot.STOCK), keyboard=False) == DrawFromStock()
    assert click_intent(Target(spot=Spot.PILE), keyboard=True) == DrawFromPile()
    assert click_intent(Target(control="knock"), keyboard=False) == Arm(ActionKind.KNOCK)
    assert click_intent(Target(control="dismiss-2"), keyboard=False) == DismissNotice(2)
    for nothing in (Target(control="no-such-thing"), Target(control="dismiss-x"), Target()):
        assert click_intent(nothing, keyboard=False) is None


def test_a_card_of_the_hand_lands_on_the_pile_or_in_the_hand_a_drawn_card_in_the_hand() -> None:
    card, stock, pile = Grip(card=SEVEN), Grip(spot=Spot.STOCK), Grip(spot=Spot.PILE)
    assert landing(card, Spot.PILE) is Spot.PILE and landing(card, Spot.HAND) is Spot.HAND
    assert landing(stock, Spot.HAND) is Spot.HAND and landing(pile, Spot.HAND) is Spot.HAND
    assert landing(stock, Spot.PILE) is None and landing(pile, Spot.PILE) is None
    assert landing(card, None) is None and landing(card, Spot.STOCK) is None


def test_a_drop_plays_moves_or_draws_and_a_moved_card_goes_after_the_middles_left_of_it() -> None:
    cards = [(0, 10.0), (0, 50.0), (0, 90.0), (0, 130.0)]
    assert drop_intent(Grip(card=SEVEN), Spot.PILE, (0, 0), cards) == PlayCard(SEVEN)
    assert drop_intent(Grip(card=SEVEN), Spot.HAND, (0, 70.0), cards) == MoveCard(SEVEN, 2)
    assert drop_intent(Grip(card=SEVEN), Spot.HAND, (0, 5.0), cards) == MoveCard(SEVEN, 0)
    assert drop_intent(Grip(card=SEVEN), Spot.HAND, (0, 500.0), cards) == MoveCard(SEVEN, 4)
    assert drop_intent(Grip(spot=Spot.STOCK), Spot.HAND, (0, 0), cards) == DrawFromStock()
    assert drop_intent(Grip(spot=Spot.PILE), Spot.HAND, (0, 0), cards) == DrawFromPile()
    assert drop_intent(Grip(spot=Spot.STOCK), Spot.PILE, (0, 0), cards) is None
    assert drop_intent(Grip(card=SEVEN), None, (0, 0), cards) is None


def test_in_a_hand_of_two_rows_a_moved_card_goes_after_the_row_above_too() -> None:
    """A 320 px phone lays the hand in two rows: the back row's cards all come first."""
    cards = [(0, 30.0), (0, 80.0), (0, 130.0), (1, 30.0), (1, 80.0)]
    assert drop_intent(Grip(card=SEVEN), Spot.HAND, (1, 60.0), cards) == MoveCard(SEVEN, 4)
    assert drop_intent(Grip(card=SEVEN), Spot.HAND, (1, 0.0), cards) == MoveCard(SEVEN, 3)
    assert drop_intent(Grip(card=SEVEN), Spot.HAND, (0, 100.0), cards) == MoveCard(SEVEN, 2)
    assert drop_intent(Grip(card=SEVEN), Spot.HAND, (0, 999.0), cards) == MoveCard(SEVEN, 3)


def test_a_drop_goes_into_the_row_of_the_card_under_it_else_the_row_begun_above_it() -> None:
    """The back row starts at 100 and the front one at 144: a front card covers the back
    row's lower part, and a raised front card reaches into the back row's strip."""
    row_tops = [100.0, 144.0]
    assert drop_row(120.0, row_tops, row_under=1) == 1  # on a raised front card
    assert drop_row(160.0, row_tops, row_under=0) == 0  # on a back card, right of the front row
    assert drop_row(120.0, row_tops, row_under=None) == 0  # between the back row's cards
    assert drop_row(200.0, row_tops, row_under=None) == 1
    assert drop_row(90.0, row_tops, row_under=None) == 0  # above the hand


def test_the_page_hands_the_table_only_its_own_keys() -> None:
    assert key_press("k", None, typing=False, modified=False) == KeyPress("k")
    assert key_press("ArrowLeft", SEVEN, typing=False, modified=False) == KeyPress(
        "ArrowLeft", SEVEN
    )
    assert key_press("k", None, typing=True, modified=False) is None  # typed into a field
    # Escape in a field (a setting's list) still closes the panel the field is in.
    assert key_press("Escape", None, typing=True, modified=False) == KeyPress("Escape")
    assert key_press("k", None, typing=False, modified=True) is None  # Ctrl+K, ⌘K
    for own in ("Enter", " "):  # the browser presses the focused control: a keyboard click
        assert key_press(own, SEVEN, typing=False, modified=False) is None
    assert takes_over("ArrowLeft") and takes_over("arrowright")
    assert not takes_over("k") and not takes_over("Escape")


def test_the_arrows_step_a_review_while_it_is_open_and_the_hand_otherwise() -> None:
    from gin.table.intents import Panel

    left = binding("ArrowLeft")
    assert left is not None and left.sends == FocusStep(-1)
    in_review = binding("ArrowLeft", Panel.REVIEW)
    assert in_review is not None and in_review.sends == ReviewStep(-1)
    right = binding("arrowright", Panel.SETTINGS)
    assert right is not None and right.sends == FocusStep(1)
    enter = binding("Enter")
    assert enter is not None and enter.sends is None  # documented as the browser's own
    assert binding("z") is None and binding("K") == binding("k")


def test_a_control_carries_the_key_of_keys_py() -> None:
    assert (Control.KNOCK.key, Control.GIN.key, Control.NEXT_HAND.key) == ("K", "G", "N")
    assert (Control.STOCK.key, Control.PILE.key, Control.TAKE.key) == ("S", "P", "P")
    assert (Control.REVIEW_PREV.key, Control.REVIEW_NEXT.key) == ("←", "→")
    assert Control.SETTINGS.key == "" and Control.CONFIRM.label is None


def test_the_showdown_slides_the_lay_offs_on_last() -> None:
    table = at_phase(TablePhase.HAND_OVER)
    show = next(e for e in table.effects if isinstance(e, fx.ShowDown))
    facts = show.result.showdown
    assert show.laid_off == (frozenset(c for c, _ in facts.layoffs) if facts else frozenset())
