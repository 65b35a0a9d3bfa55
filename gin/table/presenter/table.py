"""The table in play: the top bar, the computer's hand, the stock and the pile, the person's
hand, the prompt and its buttons, the notices, the move log (``gin.web.render.table``)."""

from __future__ import annotations

from collections.abc import Sequence

from gin.actions import Action, ActionKind
from gin.cards import Card
from gin.records import Event
from gin.rules import RULESET_VERSION
from gin.table import hand as hands
from gin.table.controls import Control
from gin.table.intents import Panel
from gin.table.models import (
    ButtonModel,
    CardModel,
    LogModel,
    MessageModel,
    OpponentModel,
    PileModel,
    SeatModel,
    StockModel,
    TopBarModel,
)
from gin.table.presenter.panels import says_refusal
from gin.table.presenter.words import Words, short_name
from gin.table.seats import AI, YOU
from gin.table.settings import SortMode
from gin.table.state import TablePhase, TableState

PILE_SHOWN = 6
"""How many of the pile's last cards are drawn fanned (the top one whole)."""
SORTS = {
    SortMode.MELDS: Control.SORT_MELDS,
    SortMode.RANK: Control.SORT_RANK,
    SortMode.SUIT: Control.SORT_SUIT,
}


def classes(state: TableState) -> tuple[str, ...]:
    """The table element's classes: card size, colour scheme, device, motion, and
    ``asking`` while a box waits for its answer (:attr:`TableState.box_waiting`: the style
    sheets make the table under it inert)."""
    settings = state.settings
    found = [f"cards-{settings.card_size.value}"]
    if settings.four_colour:
        found.append("four-colour")
    if state.touch_only:
        found.append("touch")
    if state.speed == 0:
        found.append("still")  # speed 0: no motion at all, the pulses included
    if state.box_waiting:
        found.append("asking")
    return tuple(found)


def topbar(words: Words, state: TableState) -> TopBarModel:
    _ = words._
    view = state.view
    you, ai = view.scores
    in_hand = state.in_hand
    dealer = view.dealer if in_hand else None
    number = view.hand_number if in_hand else view.hand_results[-1].number
    return TopBarModel(
        title=_("Gin Rummy"),
        you=SeatModel(_("You"), you, dealer == YOU, "score-you"),
        ai=SeatModel(_("Computer"), ai, dealer == AI, "score-ai"),
        target=_("Game to {target}").format(target=view.rules.target),
        hand_number=_("Hand {number}").format(number=number),
        level=_("Computer level: {level}").format(level=words.level_name(state.level)),
        ruleset=_("Rules {version}").format(version=RULESET_VERSION),
        dealer_label=_("Dealer"),
        menu=words.button(
            Control.MENU, pressed=state.panel is Panel.MENU, title=words.label(Control.MENU)
        ),
    )


def opponent(words: Words, state: TableState) -> OpponentModel:
    view = state.view
    count = view.opponent_card_count
    known = view.opponent_known_cards if state.in_hand else ()
    thinking = state.thinking and state.in_hand and view.to_move == AI
    label = words.tr.ngettext("Computer: {count} card", "Computer: {count} cards", count).format(
        count=count
    )
    ai_moves = (e for e in reversed(view.history) if e.player == AI)
    last = next(ai_moves, None) if state.in_hand else None
    return OpponentModel(
        label=label,
        hidden=count - len(known) if state.in_hand else 0,
        known=tuple(words.card(card, note=words._("taken")) for card in known),
        thinking=words._("Thinking…") if thinking else "",
        last_move=words.move_text(AI, last.action, last.card) if last is not None else "",
    )


def stock(words: Words, state: TableState, legal: Sequence[Action]) -> StockModel:
    count = state.view.stock_count
    return StockModel(
        count=count,
        label=words.label(Control.STOCK),
        aria=words.tr.ngettext("Stock: {count} card", "Stock: {count} cards", count).format(
            count=count
        ),
        enabled=any(a.kind is ActionKind.DRAW_STOCK for a in legal),
    )


def pile(words: Words, state: TableState, legal: Sequence[Action], aid: bool) -> PileModel:
    _ = words._
    cards = state.view.discard_pile if state.in_hand else ()
    shown = cards[-PILE_SHOWN:]
    top = cards[-1] if cards else None
    aria = (
        _("Discard pile, top card {card}").format(card=words.tr.card_name(top))
        if top
        else _("Discard pile")
    )
    return PileModel(
        cards=tuple(words.card(card) for card in shown),
        earlier=len(cards) - len(shown),
        label=words.label(Control.PILE),
        aria=aria,
        enabled=any(a.kind in (ActionKind.TAKE, ActionKind.DRAW_PILE) for a in legal),
        aid=aid,
    )


def pile_aid(state: TableState, hand: Sequence[CardModel]) -> bool:
    """The pile lights up with the beginner's aid: its card would meld with the lit cards."""
    view = state.view
    return (
        state.settings.beginner_aid
        and state.phase is TablePhase.DRAW
        and state.your_turn
        and bool(view.discard_pile)
        and any(c.aid for c in hand)
    )


def hand(words: Words, state: TableState, legal: Sequence[Action]) -> tuple[CardModel, ...]:
    """The hand in the person's order, each card marked: meld, playable, just drawn, aid."""
    view = state.view
    shown = state.shown_hand()
    melds = hands.meld_index(shown)
    playable = state.playable(legal)
    fresh = _just_drawn(view.history) if view.phase == "discard" else None
    top = view.discard_pile[-1] if view.discard_pile else None
    aid: frozenset[Card] = frozenset()
    if state.settings.beginner_aid and state.phase is TablePhase.DRAW and top:
        aid = hands.melds_completed_by(view.hand, top)
    taken, drawn = words._("just taken"), words._("just drawn")
    return tuple(
        words.card(
            card,
            meld=melds.get(card),
            playable=card in playable,
            selected=card is state.selected,
            fresh=card is fresh,
            aid=card in aid,
            # Which card came in this turn, also once the hand has sorted it in.
            note=taken if card is view.taken_from_pile else drawn if card is fresh else "",
        )
        for card in shown
    )


def _just_drawn(history: Sequence[Event]) -> Card | None:
    """The card the person drew this turn (the last event, if it was their draw)."""
    if history and history[-1].player == YOU:
        last = history[-1]
        if last.action in (ActionKind.DRAW_STOCK, ActionKind.DRAW_PILE, ActionKind.TAKE):
            return last.card
    return None


def count_line(words: Words, state: TableState) -> str:
    """The count that helps: after the discard chosen (the card picked, else the hint's) or
    the best one when discarding, else the hand's own.

    At a lesson's table only the hand's own: the best discard is the answer a lesson asks
    the person to find (as the hint, which a lesson does not offer either).
    """
    _ = words._
    view = state.view
    if state.phase is TablePhase.DISCARD and view.my_turn and state.lessons.run is None:
        hinted = state.hint.action.card if state.hint is not None else None
        best = hands.best_discard(view.hand, view.legal_actions, state.selected or hinted)
        if best is not None:
            card, left = best
            if left == 0:
                template = _("Discard {card}: deadwood 0, you can go gin")
            elif left <= view.rules.knock_limit:
                template = _("Discard {card}: deadwood {points}, you can knock")
            else:
                template = _("Discard {card}: deadwood {points}")
            return template.format(card=short_name(card), points=left)
    return _("Deadwood: {points}").format(points=hands.deadwood_of(view.hand))


def sorts(words: Words, state: TableState) -> tuple[ButtonModel, ...]:
    """The sort buttons, the hand's sort pressed (none once the person has arranged it);
    grouping by melds unavailable where a lesson asks which cards are in one (pressed, it
    says why: a newcomer took a button that did nothing for a broken one)."""
    arranged = bool(state.hand_order)
    return tuple(
        words.button(
            control,
            not (state.melds_hidden and mode is SortMode.MELDS),
            pressed=not arranged and mode is state.sort_shown,
        )
        for mode, control in SORTS.items()
    )


def buttons(words: Words, state: TableState, legal: Sequence[Action]) -> tuple[ButtonModel, ...]:
    """The phase's buttons: Take/Pass on the first turn, Knock/Gin when discarding.

    Buttons that do not apply to the phase are not shown; one that applies
    but cannot be used now is shown unavailable and says why when pressed.
    """
    _ = words._
    phase = state.phase
    kinds = {a.kind for a in legal}
    hint = words.button(Control.HINT, bool(legal))
    if phase is TablePhase.UPCARD and state.view.to_move == YOU:
        return (
            words.button(Control.TAKE, ActionKind.TAKE in kinds, title=_("Take the face-up card")),
            words.button(
                Control.PASS, ActionKind.PASS in kinds, title=_("Refuse the face-up card")
            ),
            hint,  # the first decision of a hand is a real one: a hint belongs here too
        )
    if state.in_hand:
        in_discard = phase is TablePhase.DISCARD and bool(legal)
        can_gin = ActionKind.GIN in kinds
        can_knock = can_gin or ActionKind.KNOCK in kinds
        then = _("Then click the card to discard")
        return (
            words.button(
                Control.KNOCK,
                in_discard and can_knock,
                pressed=state.armed is ActionKind.KNOCK,
                title=then,
            ),
            words.button(
                Control.GIN,
                in_discard and can_gin,
                pressed=state.armed is ActionKind.GIN,
                title=then,
            ),
            hint,
        )
    return ()


def status(words: Words, state: TableState) -> str:
    """One line telling the person what happens now or what to do."""
    _ = words._
    phase = state.phase
    if phase is TablePhase.GAME_OVER:
        return (
            _("You won the game!") if state.view.winner == YOU else _("The computer won the game.")
        )
    if phase is TablePhase.HAND_OVER:
        return _("The hand is over. Deal the next hand when you are ready.")
    if not state.your_turn:
        # Under the first visit's offer the computer waits for the answer (startup.start):
        # the offer is the question, and "playing" would not be true.
        return "" if state.offer else _("The computer is playing…")
    if state.selected is not None:
        # Knock and Gin stay armed while a card is chosen: the prompt keeps saying so.
        tap, click = {
            ActionKind.KNOCK: (
                _("Tap {card} again to knock with it."),
                _("Click {card} again to knock with it."),
            ),
            ActionKind.GIN: (
                _("Tap {card} again to go gin with it."),
                _("Click {card} again to go gin with it."),
            ),
        }.get(
            state.armed or ActionKind.DISCARD,
            (_("Tap {card} again to play it."), _("Click {card} again to play it.")),
        )
        again = tap if state.touch_only else click
        return again.format(card=short_name(state.selected))
    if state.armed is ActionKind.KNOCK:
        return _("Knock: choose the card to discard.")
    if state.armed is ActionKind.GIN:
        return _("Gin: choose the card to discard.")
    if phase is TablePhase.UPCARD:
        return _("Take the face-up card, or pass.")
    if phase is TablePhase.DRAW:
        if len(state.legal()) == 1:
            return _("Both passed: draw from the stock.")
        return _("Draw from the stock or take the top of the discard pile.")
    return _("Choose a card to discard.")


def why(words: Words, state: TableState) -> MessageModel | None:
    """The last refusal, with what to shake (its serial shakes the same refusal again).  A
    setting refused is said under its field in the open panel: the table's line, beside the
    panel on a wide screen, stays empty (its words were there twice), and the field shakes."""
    if state.why is None:
        return None
    text = "" if says_refusal(state) else words.message(state.why)
    return MessageModel(text, state.why.target, state.why_count)


def notices(words: Words, state: TableState) -> tuple[MessageModel, ...]:
    return tuple(
        MessageModel(words.message(notice), close=words.button(Control.DISMISS, index=index))
        for index, notice in enumerate(state.notices)
    )


def log(words: Words, state: TableState) -> LogModel:
    """The moves of the hand in play, or of the hand on show."""
    view = state.view
    history = view.history if state.in_hand else view.hand_results[-1].history
    return LogModel(
        title=words._("Moves this hand"),
        entries=tuple(words.move_text(e.player, e.action, e.card) for e in history),
        empty=words._("No moves yet."),
    )
