"""The rules of ruleset 1.0.0 (RULES.md) as HTML in the person's language, with card pictures.

Every paragraph and list item is one gettext message, so each language gets a
whole sentence to translate; card names and numbers are filled in through
``{placeholders}``.  The example cards are drawn with :func:`gin.web.render.card_face`,
and the numbers of the scoring examples come from the engine itself
(:mod:`gin.scoring` prices each).
"""

from __future__ import annotations

from html import escape

from gin.cards import Card
from gin.i18n import Translator
from gin.rules import GIN_BONUS, RULESET_VERSION, UNDERCUT_BONUS, Rules
from gin.scoring import (
    BONUS_POINTS,
    BonusKind,
    HandScore,
    hand_price,
    points_of,
    score_hand,
)
from gin.table.presenter.showdown import laid_on
from gin.table.presenter.words import Words
from gin.web.render import card_face
from gin.web.render.pieces import row

# A knock worked through by the engine: the defender keeps 2-3-4 of clubs as their own meld
# and lays off 3 and 4 of spades on the knocker's run (one after another) and the nine of
# spades on the knocker's set.
KNOCKER = "5S 6S 7S 9C 9D 9H JH QH KH 4D"
DEFENDER = "2C 3C 4C 3S 4S 9S 8D 5H 2D 6H"
# The gin and undercut examples: deadwood counts (the gin player's is 0).
GIN_DEFENDER = 23
UNDERCUT_KNOCKER, UNDERCUT_DEFENDER = 8, 5


def _face(tr: Translator, card: Card, meld: int | None = None) -> str:
    return card_face(Words(tr).card(card, meld=meld))


def _cards(tr: Translator, codes: str, *, meld: int | None = None) -> str:
    faces = "".join(_face(tr, Card.parse(code), meld) for code in codes.split())
    return f'<div class="cards">{faces}</div>'


def _knock_example() -> HandScore:
    return score_hand(
        [Card.parse(c) for c in KNOCKER.split()], [Card.parse(c) for c in DEFENDER.split()]
    )


def _laid_out(tr: Translator, knock: HandScore) -> str:
    """The knocker's melds as the table shows them at a hand's end: the cards the defender
    laid off on them stand out as the defender's, with a note."""
    facts = knock.showdown
    laid = {card for card, _target in facts.layoffs}
    melds = "".join(row(meld.cards) for meld in laid_on(Words(tr), facts, laid))
    dead = "".join(_face(tr, c) for c in facts.knocker_deadwood_cards)
    return melds + f'<div class="cards">{dead}</div>'


def _defender(tr: Translator, knock: HandScore) -> str:
    facts = knock.showdown
    melds = "".join(
        '<div class="cards">'
        + "".join(_face(tr, c, index) for c in sorted(meld, key=lambda c: (c.rank, c.index)))
        + "</div>"
        for index, meld in enumerate(facts.defender_melds)
    )
    dead = "".join(
        _face(tr, c) for c in sorted(facts.defender_deadwood_cards, key=lambda c: c.rank)
    )
    return melds + f'<div class="cards">{dead}</div>'


def _example(tr: Translator, caption: str, *rows: str) -> str:
    return (
        f'<figure class="rules-example">{"".join(rows)}'
        f"<figcaption>{escape(caption)}</figcaption></figure>"
    )


def _section(title: str, *parts: str) -> str:
    return f"<section><h3>{escape(title)}</h3>{''.join(parts)}</section>"


def _list(items: list[str], *, ordered: bool = False) -> str:
    tag = "ol" if ordered else "ul"
    return f"<{tag}>" + "".join(f"<li>{escape(item)}</li>" for item in items) + f"</{tag}>"


def _p(text: str) -> str:
    return f"<p>{escape(text)}</p>"


def rules_html(tr: Translator, rules: Rules) -> str:
    """The full rules, for the rules panel (``<section data-testid="rules-panel">``)."""
    _ = tr.gettext
    knock = _knock_example()
    k_dead, d_dead = knock.showdown.knocker_deadwood, knock.showdown.defender_deadwood
    gin = hand_price(0, GIN_DEFENDER, gin=True)[2]  # the terms: bonus, defender
    undercut = hand_price(UNDERCUT_KNOCKER, UNDERCUT_DEFENDER, gin=False)[2]

    intro = _p(
        _(
            "Ruleset {version}: two players, knock limit {limit}. Big Gin and Oklahoma Gin "
            "are not played."
        ).format(version=RULESET_VERSION, limit=rules.knock_limit)
    ) + _p(
        _(
            "Goal: form melds and keep the value of your unmatched cards, the deadwood, low. "
            "The first player to reach {target} points wins the game."
        ).format(target=rules.target)
    )

    cards_and_melds = _section(
        _("Cards and melds"),
        _list(
            [
                _("One deck of 52 cards. There are no jokers."),
                _(
                    "A meld is a set (three or four cards of the same rank) or a run (three "
                    "or more consecutive cards of the same suit)."
                ),
                _(
                    "The ace is always low: ace-two-three is a run, queen-king-ace is not, "
                    "and a run never wraps around from the king to the ace."
                ),
                _(
                    "Deadwood is the value of the cards that are in no meld: ace 1 point, "
                    "two to ten their face value, jack, queen and king 10 points each."
                ),
                _(
                    "A card belongs to at most one meld. Your deadwood is counted with the "
                    "arrangement of melds that leaves the fewest points."
                ),
            ]
        ),
        '<div class="rules-examples">',
        _example(tr, _("A set: three sevens."), _cards(tr, "7S 7H 7D", meld=0)),
        _example(tr, _("A run: four to seven of hearts."), _cards(tr, "4H 5H 6H 7H", meld=1)),
        _example(tr, _("A run with a low ace: allowed."), _cards(tr, "AC 2C 3C", meld=2)),
        _example(tr, _("Queen, king, ace: not a run."), _cards(tr, "QD KD AD")),
        "</div>",
    )

    deal = _section(
        _("The deal"),
        _list(
            [
                _(
                    "Each player gets 10 cards. The next card is turned face up to start the "
                    "discard pile; the other 31 cards form the stock."
                ),
                _(
                    "On the first turn the non-dealer may take the face-up card or pass. If "
                    "they pass, the dealer may take it or pass. If both pass, the non-dealer "
                    "draws from the stock and play goes on as usual."
                ),
                _(
                    "Whoever takes the face-up card then discards, and play goes on with the "
                    "other player."
                ),
                _(
                    "The first dealer is chosen at random. The winner of a hand deals the "
                    "next one; after a dead hand the same dealer deals again."
                ),
            ]
        ),
    )

    turn = _section(
        _("A turn"),
        _list(
            [
                _("Draw the top card of the stock or the top card of the discard pile."),
                _(
                    "Discard one card. A card just taken from the discard pile cannot be "
                    "discarded in the same turn."
                ),
                _(
                    "With your discard you may knock if the deadwood of the ten cards you keep "
                    "is {limit} points or less, or go gin if it is 0 (a knock with 0 deadwood "
                    "is gin). Knocking is never forced."
                ).format(limit=rules.knock_limit),
            ],
            ordered=True,
        ),
    )

    end_of_hand = _section(
        _("End of a hand"),
        _list(
            [
                _("A hand ends when a player knocks or goes gin."),
                _(
                    "A hand is dead when a player discards without knocking and two or fewer "
                    "cards are left in the stock. A dead hand scores nothing."
                ),
                _(
                    "After a knock both hands are shown. The knocker's melds are arranged to "
                    "leave the least deadwood; when several arrangements tie, the one that "
                    "leaves the defender the most deadwood after lay-offs is shown."
                ),
            ]
        ),
    )

    layoffs = _section(
        _("Lay-offs"),
        _list(
            [
                _(
                    "After a knock, but never after gin, the defender forms their own melds "
                    "and may then lay off unmatched cards on the knocker's melds: the fourth "
                    "card of a three-card set, or cards that extend a run at either end, one "
                    "after another."
                ),
                _(
                    "The ace stays low and nothing goes above the king. The defender's "
                    "deadwood is the least they can reach with any choice of their own melds "
                    "and lay-offs."
                ),
            ]
        ),
        '<div class="rules-examples">',
        _example(
            tr,
            _(
                "A knock: the knocker's melds and deadwood ({points} points), with the "
                "defender's cards laid off on them."
            ).format(points=k_dead),
            _laid_out(tr, knock),
        ),
        _example(
            tr,
            _("The defender's own meld and deadwood ({points} points).").format(points=d_dead),
            _defender(tr, knock),
        ),
        "</div>",
    )

    scoring = _section(
        _("Scoring"),
        _list(
            [
                _(
                    "Gin: the player who went gin scores {bonus} points plus the defender's "
                    "deadwood. No lay-offs are allowed against gin."
                ).format(bonus=GIN_BONUS),
                _(
                    "Knock: if the defender has more deadwood than the knocker after lay-offs, "
                    "the knocker scores the difference."
                ),
                _(
                    "Undercut: if the defender's deadwood is equal to or less than the "
                    "knocker's, the defender scores the difference plus {bonus} points."
                ).format(bonus=UNDERCUT_BONUS),
                _("Dead hand: nobody scores."),
            ]
        ),
        _p(_("Examples:")),
        _list(
            [
                _(
                    "Knock (the example above): the knocker has {knocker} deadwood and the "
                    "defender {defender}, so the knocker scores {defender} − {knocker} = "
                    "{points} points."
                ).format(knocker=k_dead, defender=d_dead, points=knock.points),
                _(
                    "Gin: the defender has {defender} deadwood, so the player who went gin "
                    "scores {bonus} + {defender} = {points} points."
                ).format(bonus=gin[0].points, defender=gin[1].points, points=points_of(gin)),
                _(
                    "Undercut: the knocker has {knocker} deadwood and the defender {defender}, "
                    "so the defender scores {knocker} − {defender} + {bonus} = {points} points."
                ).format(
                    knocker=undercut[0].points,
                    defender=undercut[1].points,
                    bonus=undercut[2].points,
                    points=points_of(undercut),
                ),
            ]
        ),
    )

    game_end = _section(
        _("End of the game"),
        _list(
            [
                _(
                    "The game ends when, after a hand is scored, a player has {target} points "
                    "or more (the target can be changed in the settings); that player wins."
                ).format(target=rules.target),
                _("Optional bonuses, all off unless you switch them on in the settings:"),
            ]
        ),
        _list(
            [
                _("Game bonus: {points} points for the winner of the game.").format(
                    points=BONUS_POINTS[BonusKind.GAME]
                ),
                _("Line bonus: {points} points for every hand won, for each player.").format(
                    points=BONUS_POINTS[BonusKind.LINE]
                ),
                _("Shutout: the winner's total is doubled if the loser won no hand."),
            ]
        ),
    )

    who_sees = _section(
        _("Who sees what"),
        _list(
            [
                _(
                    "The game engine is the referee. Each player, person or computer, sees "
                    "only their own hand and what is public: the discard pile, which cards a "
                    "player took from the pile, the number of cards in the stock, who drew "
                    "from where, who passed, what was discarded, the score, and the legal "
                    "moves."
                ),
                _(
                    "The computer decides from exactly that and nothing else: it never sees "
                    "your cards or the order of the stock."
                ),
            ]
        ),
    )

    levels = _section(
        _("Computer levels"),
        _list(
            [
                _(
                    "Easy keeps the melds it has made and discards its highest-value card "
                    "that is in no meld."
                ),
                _(
                    "Normal works out the best arrangement of melds and avoids discards that "
                    "the visible history shows would help you."
                ),
                _(
                    "Hard estimates which cards you probably hold and weighs knocking at once "
                    "against playing on for gin."
                ),
            ]
        ),
    )

    return (
        f'<article class="rules" lang="{escape(tr.language)}">'
        + intro
        + cards_and_melds
        + deal
        + turn
        + end_of_hand
        + layoffs
        + scoring
        + game_end
        + who_sees
        + levels
        + "</article>"
    )
