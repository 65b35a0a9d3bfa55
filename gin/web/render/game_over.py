"""The end of a game: the final score, the box score, the figures, the seed that replays the
game (``gin.table.presenter.game_over``)."""

from __future__ import annotations

from html import escape

from gin.table.models import GameOverModel, ResultModel
from gin.web.render.pieces import button
from gin.web.render.showdown import laid_out, lines_table


def game_over_section(over: GameOverModel, result: ResultModel | None, proof: str = "") -> str:
    """The game over panel; ``proof``: the reveal's HTML (:mod:`gin.web.render.deals`),
    after the buttons."""
    buttons = "".join(button(b) for b in over.buttons)
    last = ""
    if result is not None:
        last = (
            f'<p class="last-hand" data-testid="result"><span data-testid="result-headline">'
            f'{escape(result.headline)}</span> <span class="points" data-testid="points">'
            f"{escape(result.points)}</span></p>" + "".join(laid_out(hand) for hand in result.hands)
            # The hand that ended the game, laid out as every other hand's result is.
        )
    return (
        '<section class="game-over" data-testid="game-over" role="dialog" aria-modal="false" '
        f'aria-labelledby="game-over-title"><h2 id="game-over-title">{escape(over.title)}</h2>'
        f'<p class="final"><span>{escape(over.you_label)} '
        f'<b data-testid="final-you">{over.you}</b></span>'
        f'<span>{escape(over.ai_label)} <b data-testid="final-ai">{over.ai}</b></span></p>'
        f'<div class="result-actions">{buttons}</div>'
        + proof
        + last
        + lines_table(over.lines, "box-score", (over.you_label, over.ai_label))
        + f"<h3>{escape(over.figures_title)}</h3>"
        + lines_table(over.figures, "figures", (over.you_label, over.ai_label))
        + f'<p class="seed">{escape(over.seed_text)} '
        f'<a href="{escape(over.seed_href)}" data-testid="seed-link">'
        f"{escape(over.seed_link)}</a></p>"
        "</section>"
    )
