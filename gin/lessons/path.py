"""The lesson path: nine short lessons, from "what is a meld" to knocking well.

Each lesson is a prepared deal (:class:`~gin.lessons.deal.Deal`) and one or a few
questions.  The texts are English templates (gettext msgids); every number in
them is a value the engine computes (:meth:`~gin.lessons.lesson.LessonRun.facts`,
the goals' reasons).  The computer's moves are scripted and each goes through the
engine like any other; the tests check that every deal is legal, that every
step's move is what its goal computes, and that each promised wrong move is
refused with its promised reason.
"""

from __future__ import annotations

from gin.i18n import N_
from gin.lessons.deal import YOU, Deal
from gin.lessons.goals import (
    DrawGoal,
    GinGoal,
    HardGoal,
    KnockGoal,
    LayoffGoal,
    LeastDeadwoodGoal,
    SafeDiscardGoal,
    UnmeldedGoal,
)
from gin.lessons.lesson import Lesson, Step
from gin.lessons.reasons import Say

MELDS = Lesson(
    key="melds",
    title=N_("Melds"),
    intro=N_(
        "In gin you try to put your cards into melds. A meld is a set (three or four cards of "
        "one rank, such as three sevens) or a run (three or more cards in a row, all of one "
        "suit). The ace is low: ace-two-three is a run, queen-king-ace is not."
    ),
    deal=Deal(
        key="melds",
        you="7S 7D 7C AS 2S 3S QH KH AH 9D",
        computer="2H 5H 8H TH 4D 6D JD 3C 9C KC",
        upcard="5S",
    ),
    steps=(
        Step(
            ask=N_("Choose each card of your hand that is in no meld."),
            goal=UnmeldedGoal(),
            promised={"pick 7S": Say.IN_SET, "pick AS": Say.IN_RUN, "pick 3S": Say.IN_RUN},
        ),
    ),
    learned=N_(
        "A meld is a set of three or four of a kind or a run of three or more in one suit. "
        "The ace is low only: ace-two-three is a run, queen-king-ace is not."
    ),
)

DEADWOOD = Lesson(
    key="deadwood",
    title=N_("Deadwood"),
    intro=N_(
        "The cards in no meld are your deadwood. Their count is what matters: an ace counts "
        "{ace}, a number card its number, a jack, queen or king {face}. Every turn you draw a "
        "card and then throw one away, and the lower your deadwood, the better."
    ),
    deal=Deal(
        key="deadwood",
        you="4H 5H 6H 9C 9D 9S 2D KS 7C 3C",
        computer="8H 8D QD JH 2S 5C TC 6S AH 4S",
        upcard="8S",
        stock="AC",
        dealer=YOU,
    ),
    prelude=("take", "discard QD"),
    steps=(
        Step(
            ask=N_(
                "The computer took the face-up card and threw {pile}. Draw a card from the stock."
            ),
            goal=DrawGoal(),
            show="draw stock",
            promised={"draw pile": Say.PILE_USELESS},
        ),
        Step(
            ask=N_("Now throw one card away: the one that leaves the least deadwood."),
            goal=LeastDeadwoodGoal(),
            show="discard KS",
            promised={
                "discard 7C": Say.MORE_DEADWOOD,
                "discard AC": Say.MORE_DEADWOOD,
                "discard 9S": Say.BREAKS_MELD,
            },
        ),
    ),
    learned=N_(
        "Deadwood is the count of the cards in no meld (an ace {ace}, a picture card {face}). "
        "Throw the card that counts most and is in no meld."
    ),
)

DRAWING = Lesson(
    key="drawing",
    title=N_("The stock or the face-up card"),
    intro=N_(
        "On your turn you draw either the top card of the stock, which nobody has seen, or the "
        "face-up card on the discard pile. On the very first turn you may take the face-up card "
        "or pass. Take a face-up card when it makes a meld; but a card you have just taken "
        "cannot be thrown back in the same turn."
    ),
    deal=Deal(
        key="drawing",
        you="6H 7H 2C 3C 4C KS 5S 9D AD 8D",
        computer="2S 4S 8S TS 3H QH 5D 7D JC 6C",
        upcard="8H",
        stock="KD",
    ),
    steps=(
        Step(
            ask=N_("It is the first turn. Take the face-up card {pile}, or pass?"),
            goal=DrawGoal(),
            show="take",
            promised={"pass": Say.PILE_MELDS},
        ),
        Step(
            ask=N_("Now throw a card away (not the one you have just taken)."),
            goal=LeastDeadwoodGoal(),
            show="discard KS",
            then=("draw stock", "discard KD"),
            refused_by_rules=("discard 8H",),
            promised={"discard 9D": Say.MORE_DEADWOOD, "discard 7H": Say.BREAKS_MELD},
        ),
        Step(
            ask=N_("The computer drew from the stock and threw {pile}. Which card do you draw?"),
            goal=DrawGoal(),
            show="draw stock",
            promised={"draw pile": Say.PILE_USELESS},
        ),
    ),
    learned=N_(
        "Take the face-up card when it makes a meld, otherwise draw from the stock. A card "
        "taken from the pile stays in your hand for at least one turn."
    ),
)

DISCARDING = Lesson(
    key="discarding",
    title=N_("Discarding"),
    intro=N_(
        "Whatever you throw, the computer may take. The cards it took from the discard pile "
        "are shown by its hand: they tell you what it collects. When two cards leave the same "
        "deadwood, throw the one that cannot help it."
    ),
    deal=Deal(
        key="discarding",
        you="3D 4D 5D 6S 6H 6C QD KS 2H 8C",
        computer="QH QS 9S TS JS 4C 7D 7H AC 3S",
        upcard="QC",
        stock="AS",
        dealer=YOU,
    ),
    prelude=("take", "discard 3S"),
    steps=(
        Step(
            ask=N_("The computer took {known} from the pile and threw {pile}. Draw a card."),
            goal=DrawGoal(),
            show="draw stock",
            promised={"draw pile": Say.PILE_USELESS},
        ),
        Step(
            ask=N_("Throw a card: as little deadwood as possible, and nothing for the computer."),
            goal=SafeDiscardGoal(),
            show="discard KS",
            promised={"discard QD": Say.FEEDS, "discard 8C": Say.MORE_DEADWOOD},
        ),
    ),
    learned=N_(
        "Throw high cards that are in no meld, and of two that count the same, keep back the "
        "one the computer could use with the cards it took."
    ),
)

KNOCKING = Lesson(
    key="knocking",
    title=N_("Knocking"),
    intro=N_(
        "When the cards left after your discard count {limit} or less, you may knock: the hand "
        "ends and both hands are shown. The computer's deadwood, after it lays off what it "
        "can on your melds, minus yours is your score. Press {knock_button}, then the card you "
        "throw."
    ),
    deal=Deal(
        key="knocking",
        you="7H 8H 3S 4S 5S JD JC JS 4D 6C",
        computer="QS QC KH KD KC 6D 7D 2H 9H 5C",
        upcard="QH",
        dealer=YOU,
    ),
    prelude=("take", "discard 9H"),
    steps=(
        Step(
            ask=N_("The computer threw {pile}. Take it or draw from the stock?"),
            goal=DrawGoal(),
            show="draw pile",
            promised={"draw stock": Say.PILE_MELDS},
        ),
        Step(
            ask=N_("Your deadwood can now be {deadwood}: knock, with the card that leaves least."),
            goal=KnockGoal(),
            show="knock 6C",
            promised={
                "discard 6C": Say.COULD_KNOCK,
                "knock 4D": Say.KNOCK_HIGHER,
                "discard JD": Say.CANNOT_KNOCK_THEN,
            },
        ),
    ),
    learned=N_(
        "Knock when the cards left after your discard count {limit} or less. You knocked with "
        "{knocker}, the computer had {defender}: you scored {points}."
    ),
)

GIN = Lesson(
    key="gin",
    title=N_("Going gin"),
    intro=N_(
        "A hand with no deadwood at all is gin: every card but the one you throw is in a "
        "meld. Gin scores {bonus} points more than a knock, and the computer may not lay off "
        "any card on your melds."
    ),
    deal=Deal(
        key="gin",
        you="5C 6C 7C TS TH TD 2H 3H 4H KD",
        computer="9S JS QS 3D 5D 9D AS 2C JH QH",
        upcard="KS",
        stock="8C",
        dealer=YOU,
    ),
    prelude=("take", "discard 3D"),
    steps=(
        Step(
            ask=N_("The computer threw {pile}. Draw a card."),
            goal=DrawGoal(),
            show="draw stock",
            promised={"draw pile": Say.PILE_USELESS},
        ),
        Step(
            ask=N_("Can you throw a card and keep no deadwood at all?"),
            goal=GinGoal(),
            show="gin KD",
            promised={"discard KD": Say.COULD_GIN, "knock 8C": Say.NOT_GIN},
        ),
    ),
    learned=N_(
        "Gin is a hand with every card in a meld. It scores {bonus} plus the computer's "
        "deadwood: you scored {points}."
    ),
)

LAYING_OFF = Lesson(
    key="laying-off",
    title=N_("Laying off"),
    intro=N_(
        "When the computer knocks, it lays its melds down. You lay down yours, and then you may "
        "add cards in no meld to its melds: the fourth card of its set, or cards that extend "
        "its run. A card laid off no longer counts against you."
    ),
    deal=Deal(
        key="laying-off",
        you="AS 2S 3S 7S 9S 5H 6H 7H KD 8C",
        computer="4S 5S 6S 9D 9C 9H JC QC 3D 2D",
        upcard="KC",
        dealer=YOU,
    ),
    prelude=("take", "knock 3D"),
    steps=(
        Step(
            ask=N_("The computer knocked. Choose each card of yours that fits on its melds."),
            goal=LayoffGoal(),
            promised={"pick 3S": Say.OWN_MELD, "pick KD": Say.FITS_NOTHING},
        ),
    ),
    learned=N_(
        "After a knock, add your loose cards to the knocker's melds: they stop counting. The "
        "computer knocked with {knocker}; you were left with {defender}: it scored {points}."
    ),
)

UNDERCUT = Lesson(
    key="undercut",
    title=N_("The undercut"),
    intro=N_(
        "A knock can go wrong. If the defender's deadwood, after laying off, is as low as the "
        "knocker's or lower, that is an undercut: the defender scores the difference and "
        "{undercut} points more."
    ),
    deal=Deal(
        key="undercut",
        you="8S 8H 8C 3D 4D 5D 6D 9S 2H AC",
        computer="TS JS QS 5H 5C 5S 2S 3S 7C KD",
        upcard="KS",
        stock="KH AH",
        dealer=YOU,
    ),
    prelude=("take", "discard KD"),
    steps=(
        Step(
            ask=N_("The computer took {known} and threw {pile}. Draw a card."),
            goal=DrawGoal(),
            show="draw stock",
            promised={"draw pile": Say.PILE_USELESS},
        ),
        Step(
            ask=N_("The computer is collecting cards. Keep your deadwood low: throw a card."),
            goal=LeastDeadwoodGoal(),
            show="discard KH",
            then=("draw stock", "knock 7C"),
            promised={"discard 9S": Say.MORE_DEADWOOD},
        ),
        Step(
            ask=N_("The computer knocked! Lay off what you can on its melds."),
            goal=LayoffGoal(),
            promised={"pick 5D": Say.OWN_MELD, "pick 2H": Say.FITS_NOTHING},
        ),
    ),
    learned=N_(
        "The computer knocked with {knocker}; after laying off you had {defender}. That is an "
        "undercut: you scored the difference plus {undercut}, {points} points."
    ),
)

KNOCK_OR_PLAY_ON = Lesson(
    key="knock-or-play-on",
    title=N_("Knock now, or play on?"),
    intro=N_(
        "You may knock, but must you? A knock with a high count wins little, and the computer "
        "may undercut it; a better card may come in a turn or two. With a very low count, "
        "knock at once: the computer still holds many cards in no meld. The {hint_button} "
        "button gives you the same advice as this lesson: that of the {hard} computer."
    ),
    deal=Deal(
        key="knock-or-play-on",
        you="3H 4H 5H 8S 8D 8C JC QC TD 9S",
        computer="2S 3S 6S 9C 4D 5D 7H 9H JH AS",
        upcard="KC",
        stock="2C AD",
    ),
    steps=(
        Step(
            ask=N_("The face-up card is {pile}. Take it or pass?"),
            goal=DrawGoal(),
            show="take",
            promised={"pass": Say.PILE_MELDS},
        ),
        Step(
            ask=N_("You could knock now with {deadwood}. Do you?"),
            goal=HardGoal(),
            show="discard TD",
            then=("draw stock", "discard 2C"),
            promised={"knock TD": Say.COACH, "knock 9S": Say.MORE_DEADWOOD},
        ),
        Step(
            ask=N_("The computer threw {pile}. Draw a card."),
            goal=DrawGoal(),
            show="draw stock",
            promised={"draw pile": Say.PILE_USELESS},
        ),
        Step(
            ask=N_("Now you could knock with {deadwood}. Do you?"),
            goal=HardGoal(),
            show="knock 9S",
            promised={"discard 9S": Say.COACH, "discard 8S": Say.BREAKS_MELD},
        ),
    ),
    learned=N_(
        "Early in a hand, play on with a high count: gin or a lower knock is near. Knock at "
        "once when your count is very low. You knocked with {knocker} against {defender}: "
        "{points} points."
    ),
)

LESSONS: tuple[Lesson, ...] = (
    MELDS,
    DEADWOOD,
    DRAWING,
    DISCARDING,
    KNOCKING,
    GIN,
    LAYING_OFF,
    UNDERCUT,
    KNOCK_OR_PLAY_ON,
)
"""The path, in order: lesson *n* (from 1) is ``LESSONS[n - 1]``."""
