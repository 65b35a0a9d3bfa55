"""The words of the fair-deal proof and of the daily deal, in the person's language.

Dates are written from one template per month ("{day} December {year}"), as
card names are from one per rank: Polish puts the month in the genitive
("1 grudnia 2026") but names it in the nominative over a calendar ("grudzień
2026"), Estonian writes "1. detsember 2026".  The share text tells the date,
won or lost, the score and the number of hands, and nothing of the cards.
"""

from __future__ import annotations

from datetime import date

from gin.fairness import SeedProof, Verification
from gin.i18n import N_, Translator
from gin.table.daily import DayResult

# Translators: a date, one template per month: {day} is the day of the month, {year} the
# year, both as numbers.  Write the month as your language writes it in a date (Polish:
# the genitive, "{day} grudnia {year}"; Estonian "{day}. detsember {year}").
_DATES = (
    N_("{day} January {year}"),
    N_("{day} February {year}"),
    N_("{day} March {year}"),
    N_("{day} April {year}"),
    N_("{day} May {year}"),
    N_("{day} June {year}"),
    N_("{day} July {year}"),
    N_("{day} August {year}"),
    N_("{day} September {year}"),
    N_("{day} October {year}"),
    N_("{day} November {year}"),
    N_("{day} December {year}"),
)
# Translators: a calendar's heading, one template per month: the month (as a name on its
# own, Polish nominative "grudzień {year}") and the year.
_MONTHS = (
    N_("January {year}"),
    N_("February {year}"),
    N_("March {year}"),
    N_("April {year}"),
    N_("May {year}"),
    N_("June {year}"),
    N_("July {year}"),
    N_("August {year}"),
    N_("September {year}"),
    N_("October {year}"),
    N_("November {year}"),
    N_("December {year}"),
)
# Translators: the days of the week as a calendar's column headings, shortened (Monday first).
_WEEKDAYS_SHORT = (N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat"), N_("Sun"))
_WEEKDAYS = (
    N_("Monday"),
    N_("Tuesday"),
    N_("Wednesday"),
    N_("Thursday"),
    N_("Friday"),
    N_("Saturday"),
    N_("Sunday"),
)


HASH = "SHA-256"
"""The hash's name, filled into the texts (a name, not a word to translate)."""


class DealWords:
    """The proof's and the daily deal's texts in one language."""

    def __init__(self, translator: Translator) -> None:
        self.tr = translator

    def _(self, message: str) -> str:
        return self.tr.gettext(message)

    def day(self, day: date) -> str:
        """A date in words: "1 December 2026"."""
        return self._(_DATES[day.month - 1]).format(day=day.day, year=day.year)

    def month(self, year: int, month: int) -> str:
        """A calendar's heading: "December 2026"."""
        return self._(_MONTHS[month - 1]).format(year=year)

    def weekdays(self) -> tuple[tuple[str, str], ...]:
        """Each weekday, Monday first, as (short heading, full name)."""
        return tuple(
            (self._(short), self._(full))
            for short, full in zip(_WEEKDAYS_SHORT, _WEEKDAYS, strict=True)
        )

    # --- the commitment and the reveal -------------------------------------------------

    def commitment_label(self) -> str:
        return self._("Sealed deal")

    def commitment_note(self) -> str:
        """The one line that says what the commitment proves."""
        return self._(
            "The {hash} of this game's seed and a secret salt, shown before the first card: "
            "at the end both are revealed, so anyone can check that no deal was changed."
        ).format(hash=HASH)

    def daily_note(self, day: date) -> str:
        """Why a daily game needs no commitment: its seed is the date's."""
        return self._(
            "The deals of {date} follow from the date alone: everyone gets the same cards."
        ).format(date=self.day(day))

    def verdict(self, verification: Verification, day: date | None = None) -> str:
        """What the reveal found, in one sentence."""
        count = len(verification.hands)
        if verification.ok and verification.proof is SeedProof.DAILY and day is not None:
            return self.tr.ngettext(
                "The deal matches the daily deal of {date}.",
                "All {count} deals match the daily deal of {date}.",
                count,
            ).format(count=count, date=self.day(day))
        if verification.ok:
            return self.tr.ngettext(
                "The deal matches the commitment shown before the first card.",
                "All {count} deals match the commitment shown before the first card.",
                count,
            ).format(count=count)
        if not verification.seed_ok:
            return self._(
                "The seed and salt do not match the commitment shown before the first card."
            )
        wrong = [str(hand.number) for hand in verification.hands if not hand.ok]
        return self.tr.ngettext(
            "Deal {numbers} does not match the commitment shown before the first card.",
            "Deals {numbers} do not match the commitment shown before the first card.",
            len(wrong),
        ).format(numbers=", ".join(wrong))

    def how_to_check(self) -> str:
        return self._(
            "Check it yourself: the commitment is the {hash} of the first text below, and the "
            "command below checks a downloaded game record, every deal included."
        ).format(hash=HASH)

    # --- the daily deal ----------------------------------------------------------------

    def share_text(self, day: date, result: DayResult, link: str, practice: bool) -> str:
        """The text to share: the date, won or lost, the score and the hands; no cards."""
        if result.won:
            template = self.tr.ngettext(
                "Gin Rummy, the deal of {date}: I won {you} to {computer} in {count} hand.",
                "Gin Rummy, the deal of {date}: I won {you} to {computer} in {count} hands.",
                result.hands,
            )
        else:
            template = self.tr.ngettext(
                "Gin Rummy, the deal of {date}: I lost {you} to {computer} in {count} hand.",
                "Gin Rummy, the deal of {date}: I lost {you} to {computer} in {count} hands.",
                result.hands,
            )
        text = template.format(
            date=self.day(day), you=result.you, computer=result.computer, count=result.hands
        )
        if practice:
            text = self._("{result} (a practice game)").format(result=text)
        return f"{text}\n{link}"
