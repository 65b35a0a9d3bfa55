"""The arena's pool of styles (issue 24): each knocks by its habit, and the arena plays them all."""

from __future__ import annotations

import json

import pytest

from gin import ActionKind, PlayerView
from gin.ai.styles import LAST_DRAWS, STYLES
from gin.arena import POOL, load_player, main
from tests.test_ai import _after_stock_draw


def _knocks(style: str, mine: str, stock_count: int | None = None) -> bool:
    """Whether ``style`` knocks (or goes gin) with ``mine`` after drawing KD, at that stock."""
    game, me = _after_stock_draw(mine, "KD")
    view = game.view(me)
    if stock_count is not None:
        view = PlayerView(**{**vars(view), "stock_count": stock_count})
    action = load_player(style, 1).choose(view, game.legal_actions())
    assert action in game.legal_actions()
    return action.kind in (ActionKind.KNOCK, ActionKind.GIN)


ONE = "2S 3S 4S 7H 7D 7C 9D 9C 9H AH"  # with KD drawn: knocks with 1 deadwood
FOUR = "2S 3S 4S 7H 7D 7C 9D 9C 9H 4H"
SIX = "2S 3S 4S 7H 7D 7C 9D 9C 9H 6H"


def test_each_style_knocks_by_its_habit_and_plays_like_its_model() -> None:
    assert set(STYLES) <= set(POOL) and {"simple", "easy", "normal"} <= set(POOL)
    assert not _knocks("simple-gin", ONE)  # only gin ...
    assert _knocks("simple-gin", SIX, stock_count=LAST_DRAWS)  # ... until the last draws
    assert _knocks("normal-gin", SIX, stock_count=LAST_DRAWS)
    assert not _knocks("normal-gin", ONE)
    for style in ("simple-3", "normal-3"):
        assert _knocks(style, ONE) and not _knocks(style, FOUR)
    assert _knocks("simple-5", FOUR) and not _knocks("simple-5", SIX)
    assert _knocks("simple-falling", SIX)  # 10 at the first turns
    assert not _knocks("simple-falling", FOUR, stock_count=9)  # 3 with 9 stock cards left
    assert _knocks("simple-falling", ONE, stock_count=3)
    # Its draws and discards are the model's: simple's and Normal's own choices.
    game, me = _after_stock_draw("2S 3S 4S 7H 7D 7C KD QC 5H AS", "9H")
    view, legal = game.view(me), game.legal_actions()
    for style, model in (("simple-gin", "simple"), ("normal-3", "normal")):
        assert load_player(style, 4).choose(view, legal) == load_player(model, 4).choose(
            view, legal
        )


def test_the_arena_plays_the_pool_and_names_the_worst_opponent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["easy", "--pool", "--games", "1", "--seed", "2", "--duplicate", "--json"]) == 0
    pool = json.loads(capsys.readouterr().out)
    matches = pool["matches"]
    assert [match["players"][1]["name"] for match in matches] == [
        "easy (B)" if name == "easy" else name for name in POOL
    ]
    assert all(match["games"] == 2 for match in matches)
    shares = {m["players"][1]["name"]: m["players"][0]["games_won"] / 2 for m in matches}
    assert shares[pool["worst"]] == min(shares.values())
    assert main(["easy", "simple-3", "--games", "1", "--seed", "2"]) == 0
    assert "simple-3" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["easy", "simple", "--pool"])
