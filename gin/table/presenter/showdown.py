"""A finished hand and the score sheet: the showdown laid out, the points as arithmetic, the
rows of the sheet and the box score (``gin.web.render.showdown``)."""

from __future__ import annotations

from collections.abc import Sequence

from gin.cards import Card, sort_by_rank
from gin.records import HandResult, hand_points, hands_won
from gin.scoring import Bonus, HandKind, price_showdown
from gin.showdown import Showdown
from gin.table import hand as hands
from gin.table.controls import Control
from gin.table.models import (
    ButtonModel,
    LaidOutHand,
    LineModel,
    MeldModel,
    ResultModel,
    RevealModel,
    SheetModel,
    SheetRow,
)
from gin.table.presenter.words import Words, arithmetic
from gin.table.seats import AI, YOU
from gin.table.state import TablePhase, TableState


def headline(words: Words, result: HandResult) -> str:
    points = result.points
    if result.kind is HandKind.DEAD:
        return words.tr.pgettext("result", "Dead hand: no score.")
    npgettext = words.tr.npgettext  # the count decides the plural form (Polish has three)
    assert result.winner is not None
    templates = {
        (HandKind.GIN, YOU): lambda: npgettext(
            "result", "Gin! You score {points} point.", "Gin! You score {points} points.", points
        ),
        (HandKind.GIN, AI): lambda: npgettext(
            "result",
            "The computer went gin and scores {points} point.",
            "The computer went gin and scores {points} points.",
            points,
        ),
        (HandKind.KNOCK, YOU): lambda: npgettext(
            "result",
            "You knocked and score {points} point.",
            "You knocked and score {points} points.",
            points,
        ),
        (HandKind.KNOCK, AI): lambda: npgettext(
            "result",
            "The computer knocked and scores {points} point.",
            "The computer knocked and scores {points} points.",
            points,
        ),
        (HandKind.UNDERCUT, YOU): lambda: npgettext(
            "result",
            "Undercut! You score {points} point.",
            "Undercut! You score {points} points.",
            points,
        ),
        (HandKind.UNDERCUT, AI): lambda: npgettext(
            "result",
            "The computer undercut you and scores {points} point.",
            "The computer undercut you and scores {points} points.",
            points,
        ),
    }
    return templates[result.kind, result.winner]().format(points=points)


def points_line(words: Words, result: HandResult) -> str:
    """The hand's points as arithmetic: "Knock: 23 − 6 = 17", "Gin: 25 + 31 = 56"."""
    facts = result.showdown
    if facts is None:
        return words.kind_name(HandKind.DEAD) + ": 0"
    score = price_showdown(facts)
    return f"{words.kind_name(result.kind)}: {arithmetic(score.terms, score.points)}"


def points_words(words: Words, result: HandResult) -> str:
    """The same arithmetic in words (whose deadwood is which number)."""
    _ = words._
    facts = result.showdown
    if facts is None or result.knocker is None:
        return _("The stock ran down to two cards without a knock.")
    knocker, defender = result.knocker, 1 - result.knocker
    values = {
        "knocker": words.player_name(knocker),
        "defender": words.player_name(defender),
        "knocker_points": facts.knocker_deadwood,
        "defender_points": facts.defender_deadwood,
        "bonus": price_showdown(facts).bonus,
    }
    if result.kind is HandKind.GIN:
        template = _("Gin bonus {bonus} plus the defender's deadwood {defender_points}.")
    elif result.kind is HandKind.KNOCK:
        template = _(
            "The defender's deadwood {defender_points} minus the knocker's {knocker_points}."
        )
    else:
        template = _(
            "The knocker's deadwood {knocker_points} minus the defender's "
            "{defender_points}, plus the undercut bonus {bonus}."
        )
    return template.format(**values)


def result(words: Words, state: TableState) -> ResultModel:
    """The finished hand: the knocker's hand first, lay-offs on its melds, the arithmetic."""
    _ = words._
    last = state.view.hand_results[-1]
    facts = last.showdown
    if facts is None or last.knocker is None:
        shown: tuple[LaidOutHand, ...] = (plain_layout(words, _("Your hand"), last.hands[YOU]),)
    else:
        shown = _showdown(words, facts, last.knocker)
    over = state.phase is TablePhase.GAME_OVER
    pgettext = words.tr.pgettext
    buttons = (
        words.button(
            Control.NEXT_HAND,
            label=pgettext("button", "Play again") if over else "",
            primary=True,
        ),
        words.button(
            Control.SHOW_DECK,
            label=pgettext("button", "Hide the deck") if state.reveal else "",
            pressed=state.reveal,
        ),
        review_button(words),
    )
    reveal = None
    if state.reveal:
        reveal = RevealModel(
            _("The computer's hand"),
            tuple(words.card(c) for c in sort_by_rank(last.hands[AI])),
            _("The rest of the stock, top first"),
            tuple(words.card(c) for c in last.stock),
        )
    return ResultModel(
        headline=headline(words, last),
        points=points_line(words, last),
        detail=points_words(words, last),
        hands=shown,
        buttons=buttons,
        reveal=reveal,
    )


def review_button(words: Words) -> ButtonModel:
    return words.button(
        Control.REVIEW_HAND, title=words._("Hard goes through your decisions in this hand")
    )


def laid_on(words: Words, facts: Showdown, laid: set[Card]) -> tuple[MeldModel, ...]:
    """The knocker's melds, each with those of the defender's ``laid`` cards laid off on it
    (marked as the defender's), in rank order."""
    note = words._("laid off")
    return tuple(
        MeldModel(
            tuple(
                sorted(
                    [words.card(card, meld=index) for card in meld]
                    + [
                        words.card(card, meld=index, note=note, theirs=True)
                        for card, target in facts.layoffs
                        if target == index and card in laid
                    ],
                    key=lambda model: (model.card.rank, model.card.index),
                )
            )
        )
        for index, meld in enumerate(facts.knocker_melds)
    )


def _showdown(words: Words, facts: Showdown, knocker: int) -> tuple[LaidOutHand, ...]:
    """The knocker's melds with the defender's lay-offs on them, then the defender's hand."""
    _ = words._
    knocker_melds = laid_on(words, facts, {card for card, _meld in facts.layoffs})
    titles = {
        (YOU, True): _("You went gin"),
        (YOU, False): _("You knocked"),
        (AI, True): _("The computer went gin"),
        (AI, False): _("The computer knocked"),
    }
    laid_count = len(facts.layoffs)
    layoff_note = (
        words.tr.ngettext(
            "{count} card laid off on the knocker's melds",
            "{count} cards laid off on the knocker's melds",
            laid_count,
        ).format(count=laid_count)
        if laid_count
        else ""
    )
    return (
        LaidOutHand(
            titles[knocker, facts.gin],
            knocker_melds,
            tuple(words.card(c) for c in facts.knocker_deadwood_cards),
            _("Deadwood: {points}").format(points=facts.knocker_deadwood),
        ),
        LaidOutHand(
            words.player_name(1 - knocker),
            tuple(
                MeldModel(tuple(words.card(c, meld=i) for c in meld))
                for i, meld in enumerate(facts.defender_melds)
            ),
            tuple(words.card(c) for c in facts.defender_deadwood_cards),
            _("Deadwood: {points}").format(points=facts.defender_deadwood),
            note=layoff_note,
        ),
    )


def plain_layout(words: Words, title: str, cards: tuple[Card, ...]) -> LaidOutHand:
    """A hand laid out by its best melds, the deadwood apart (a dead hand's)."""
    melds = hands.meld_index(cards)
    groups: dict[int, list[Card]] = {}
    for card in sort_by_rank(cards):
        if card in melds:
            groups.setdefault(melds[card], []).append(card)
    loose = tuple(words.card(c) for c in sort_by_rank(cards) if c not in melds)
    return LaidOutHand(
        title,
        tuple(
            MeldModel(tuple(words.card(c, meld=i) for c in group))
            for i, group in sorted(groups.items())
        ),
        loose,
        words._("Deadwood: {points}").format(points=hands.deadwood_of(cards)),
    )


# --- the score sheet --------------------------------------------------------------------------


def sheet_row(words: Words, result: HandResult, totals: tuple[int, int]) -> SheetRow:
    you = result.points if result.winner == YOU else 0
    ai = result.points if result.winner == AI else 0
    return SheetRow(
        number=result.number,
        who=words.player_name(result.winner) if result.winner is not None else "—",
        how=words.kind_name(result.kind),
        points=result.points,
        you=you,
        ai=ai,
        you_total=totals[YOU] + you,
        ai_total=totals[AI] + ai,
    )


def sheet(words: Words, state: TableState) -> SheetModel:
    _ = words._
    view = state.view
    rows = []
    totals = (0, 0)
    for finished in view.hand_results:
        row = sheet_row(words, finished, totals)
        rows.append(row)
        totals = (row.you_total, row.ai_total)
    box: tuple[LineModel, ...] = ()
    if view.over:
        box = box_score(words, view.hand_results, view.bonuses, view.scores)
    you_total, ai_total = view.scores
    return SheetModel(
        title=_("Score sheet"),
        heads=(_("Hand"), _("Who scored"), _("How"), _("You"), _("Computer")),
        # The hand's number, as the column heading a narrow sheet shows ("Hand" is its
        # spoken name): the long word made a number's column the widest of five.
        number_head=words.tr.pgettext("score sheet", "No."),
        rows=tuple(rows),
        box=box,
        box_title=_("Box score"),
        total=LineModel(_("Total"), str(you_total), str(ai_total)),
    )


def box_score(
    words: Words,
    results: Sequence[HandResult],
    bonuses: Sequence[Bonus],
    scores: Sequence[int],
) -> tuple[LineModel, ...]:
    """The end-of-game box: hand points, hands won, each bonus itemised, the grand totals."""
    _ = words._
    points, won = hand_points(results), hands_won(results)
    lines = [
        LineModel(_("Hands won"), str(won[YOU]), str(won[AI])),
        LineModel(_("Points from hands"), str(points[YOU]), str(points[AI])),
    ]
    for bonus in bonuses:
        shown = f"+{bonus.points}"
        lines.append(
            LineModel(
                words.bonus_name(bonus.kind),
                shown if bonus.player == YOU else "",
                shown if bonus.player == AI else "",
            )
        )
    lines.append(LineModel(_("Total"), str(scores[YOU]), str(scores[AI])))
    return tuple(lines)
