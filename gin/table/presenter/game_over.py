"""The end of a game: the final score itemised, the game's figures, the seed that replays it
(``gin.web.render.game_over``)."""

from __future__ import annotations

from urllib.parse import quote

from gin.scoring import HandKind
from gin.table.controls import Control
from gin.table.models import ButtonModel, GameOverModel, LineModel
from gin.table.presenter.showdown import box_score, review_button
from gin.table.presenter.words import Words
from gin.table.seats import AI, YOU
from gin.table.state import TableState


def game_over(words: Words, state: TableState) -> GameOverModel:
    _ = words._
    view = state.view
    results = view.hand_results

    def count(seat: int, kind: HandKind) -> str:
        return str(sum(r.winner == seat and r.kind is kind for r in results))

    def biggest(seat: int) -> str:
        return str(max((r.points for r in results if r.winner == seat), default=0))

    # The box score above already counts the hands won; these are the other figures.
    figures = (
        LineModel(_("Gins"), count(YOU, HandKind.GIN), count(AI, HandKind.GIN)),
        LineModel(_("Undercuts"), count(YOU, HandKind.UNDERCUT), count(AI, HandKind.UNDERCUT)),
        LineModel(_("Biggest hand"), biggest(YOU), biggest(AI)),
    )
    seed = state.game.seed
    return GameOverModel(
        title=_("You won the game!") if view.winner == YOU else _("The computer won the game."),
        you=view.scores[YOU],
        ai=view.scores[AI],
        you_label=_("You"),
        ai_label=_("Computer"),
        lines=box_score(words, results, view.bonuses, view.scores),
        figures_title=words.tr.ngettext(
            "This game: {count} hand", "This game: {count} hands", len(results)
        ).format(count=len(results)),
        figures=figures,
        seed_text=_("Game seed {seed}: every deal of this game follows from it.").format(seed=seed),
        seed_link=_("Replay these deals"),
        seed_href=f"?seed={quote(str(seed))}",
        buttons=buttons(words, state),
    )


def buttons(words: Words, state: TableState) -> tuple[ButtonModel, ...]:
    """Play again; after a daily deal, Share first, then the person's own game."""
    review, download = review_button(words), words.button(Control.DOWNLOAD)
    if state.daily is None:
        again = words.tr.pgettext("button", "Play again")
        return words.button(Control.NEXT_HAND, label=again, primary=True), review, download
    own = (
        words.label(Control.BACK_TO_GAME)
        if state.parked is not None
        else words.tr.pgettext("button", "New game")
    )
    share = words.button(Control.SHARE_DAILY, primary=True)
    return share, words.button(Control.NEXT_HAND, label=own), review, download
