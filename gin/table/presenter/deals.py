"""The sealed deal and the daily deal: what the table shows of them (``gin.web.render.deals``).

Before the first card: the commitment (or, for a day's deal, its date) with one line
on what it proves, in the top bar and in the score sheet.  At the reveal (game over,
or a game given up for a new one): the seed, the salt, the commitment and the
verdict of re-dealing every hand.  In the statistics: the month's calendar of daily
results and the streak.  And the text *Share* copies.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from gin.fairness import Revealed, Seal, committed_text, reveal
from gin.table.controls import Control
from gin.table.daily import DailyGame, DailyResults, DayResult, Sharing
from gin.table.models import ButtonModel
from gin.table.presenter.deal_words import DealWords
from gin.table.presenter.words import Words
from gin.table.state import TableState

VERIFY_COMMAND = "python -m gin.replay --verify FILE"
SHORT_HASH = (6, 4)
"""How much of the commitment the top bar shows: its first and last characters."""


@dataclass(frozen=True)
class SealModel:
    """The game's proof before the end: its commitment, or the day whose deal it is."""

    label: str
    short: str
    """The commitment shortened for the top bar ("5c8cf7…b4dc"), or the day's short name."""
    commitment: str
    """The whole commitment (64 hex characters); empty for a daily deal."""
    note: str
    practice: str = ""
    """Said of a daily deal whose result is not kept."""
    day_of_month: str = ""
    """A daily deal's day ("6"): a phone's top bar shows it on a calendar page instead of
    the deal's name, for which it has no room beside the scores."""


@dataclass(frozen=True)
class ProofModel:
    """The reveal: the verdict of every hand re-dealt, the seed and salt, and how to check."""

    title: str
    verdict: str
    ok: bool
    seed_label: str
    seed: str
    salt_label: str
    salt: str
    """Empty for a daily deal (its seed is the date's)."""
    details: str
    """The label of what a person needs to check it themselves."""
    lead: str
    commitment_label: str
    commitment: str
    how: str
    committed: str
    """The text whose SHA-256 is the commitment ("" for a daily deal)."""
    command: str
    """The command that checks a downloaded record."""
    close: ButtonModel | None = None


@dataclass(frozen=True)
class CalendarCell:
    day: int
    label: str
    """The square's accessible text: the date and, if played, the result."""
    mark: str
    """``won``, ``lost`` or ``""`` (not played)."""
    today: bool


@dataclass(frozen=True)
class CalendarModel:
    title: str
    month: str
    weekdays: tuple[tuple[str, str], ...]
    weeks: tuple[tuple[CalendarCell | None, ...], ...]
    streak: str
    best: str
    won: str
    legend: tuple[tuple[str, str], ...]
    """(mark, label) of each kind of square."""
    play: ButtonModel
    share: ButtonModel | None


@dataclass(frozen=True)
class ShareModel:
    title: str
    text: str
    status: str
    close: ButtonModel


class DealsPresenter:
    """Builds the proof's and the daily deal's models in one language."""

    def __init__(self, words: Words) -> None:
        self.table_words = words
        self.words = DealWords(words.tr)
        self._ = words.tr.gettext

    def game_proof(self, state: TableState) -> ProofModel | None:
        """The reveal at game over (None for a game whose seed was chosen)."""
        day = state.daily.day if state.daily is not None else None
        revealed = reveal(state.game, state.seal, day)
        return self.proof(revealed) if revealed is not None else None

    def seal(self, seal: Seal | None, daily: DailyGame | None, today: date | None) -> SealModel:
        """The proof shown from the first card: the commitment, or the day of the deal."""
        _ = self._
        words = self.words
        if daily is not None:
            label = (
                _("Today's deal")
                if daily.day == today
                else _("The deal of {date}").format(date=words.day(daily.day))
            )
            practice = _("Practice: this game's result is not kept.") if daily.practice else ""
            short = _("{deal} · practice").format(deal=label) if daily.practice else label
            note = words.daily_note(daily.day)
            return SealModel(label, short, "", note, practice, str(daily.day.day))
        if seal is None:
            return SealModel(
                _("Chosen deal"),
                "",
                "",
                _("This game's seed was chosen, so its deals were known before the first card."),
            )
        digest = seal.commitment
        first, last = SHORT_HASH
        short = f"{digest[:first]}…{digest[-last:]}"
        return SealModel(words.commitment_label(), short, digest, words.commitment_note())

    def proof(self, revealed: Revealed, close: bool = False) -> ProofModel:
        """The reveal of a game over (or given up, with ``close`` to put it away)."""
        _ = self._
        words = self.words
        seal, day = revealed.seal, revealed.day
        if revealed.given_up:
            title = _("The game you left")
        elif revealed.ok:
            title = _("Every deal was fixed before the first card")
        else:
            title = _("The deals do not match")
        lead = words.daily_note(day) if day is not None else words.commitment_note()
        return ProofModel(
            title=title,
            verdict=words.verdict(revealed.verification, day),
            ok=revealed.ok,
            seed_label=_("Seed"),
            seed=str(revealed.seed),
            salt_label=_("Salt"),
            salt=seal.salt if seal is not None else "",
            details=_("How to check it yourself"),
            lead=lead,
            commitment_label=words.commitment_label(),
            commitment=seal.commitment if seal is not None else "",
            how=words.how_to_check() if seal is not None else "",
            committed=committed_text(seal.seed, seal.salt) if seal is not None else "",
            command=VERIFY_COMMAND,
            close=self.table_words.button(Control.CLOSE_REVEAL) if close else None,
        )

    def calendar(
        self, results: DailyResults, today: date | None, can_share: bool
    ) -> CalendarModel | None:
        """The month's daily results as a calendar, with the streak (None without a date)."""
        if today is None:
            return None
        _ = self._
        words = self.words
        ngettext = self.words.tr.ngettext
        weeks = tuple(
            tuple(
                None
                if cell is None
                else CalendarCell(
                    cell.day.day,
                    self._day_label(cell.day, cell.result),
                    "" if cell.result is None else "won" if cell.result.won else "lost",
                    cell.today,
                )
                for cell in week
            )
            for week in results.month(today.year, today.month, today)
        )
        streak, best = results.streak(today), results.best_streak
        played = len(results.days)
        return CalendarModel(
            title=_("Daily deals"),
            month=words.month(today.year, today.month),
            weekdays=words.weekdays(),
            weeks=weeks,
            streak=ngettext(
                "Current streak: {count} day", "Current streak: {count} days", streak
            ).format(count=streak),
            best=ngettext("Best streak: {count} day", "Best streak: {count} days", best).format(
                count=best
            ),
            won=ngettext(
                "Won {won} of {count} daily deal", "Won {won} of {count} daily deals", played
            ).format(won=results.won, count=played),
            legend=(("won", _("Won")), ("lost", _("Lost")), ("", _("Not played"))),
            play=self.table_words.button(Control.DAILY),
            share=self.table_words.button(Control.SHARE_DAILY) if can_share else None,
        )

    def _day_label(self, day: date, result: DayResult | None) -> str:
        when = self.words.day(day)
        if result is None:
            return when
        template = (
            self._("{date}: won {you} to {computer}")
            if result.won
            else self._("{date}: lost {you} to {computer}")
        )
        return template.format(date=when, you=result.you, computer=result.computer)

    def share(self, sharing: Sharing, page_url: str) -> ShareModel:
        """The share box: the text (also on the clipboard, if the browser let it)."""
        _ = self._
        if sharing.copied is None:
            status = _("Copying…")
        elif sharing.copied:
            status = _("Copied to the clipboard: paste it anywhere.")
        else:
            status = _("The browser did not let the game copy it: select the text and copy it.")
        return ShareModel(
            title=_("Share your result"),
            text=self.share_text(sharing, page_url),
            status=status,
            close=self.table_words.button(Control.CLOSE_SHARE),
        )

    def share_text(self, sharing: Sharing, page_url: str) -> str:
        link = f"{page_url}?daily={sharing.day.isoformat()}"
        return self.words.share_text(sharing.day, sharing.result, link, sharing.practice)
