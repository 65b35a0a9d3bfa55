"""The arena: the command line plays full games and reports the agreed JSON shape."""

from __future__ import annotations

import json

import pytest

from gin.arena import main, run


def test_arena_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["easy", "simple", "--games", "2", "--seed", "1", "--duplicate", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4 and data["deals"] == 2
    assert data["hands"] >= 4
    assert [player["name"] for player in data["players"]] == ["easy", "simple"]
    for player in data["players"]:
        assert set(player) == {
            "name",
            "games_won",
            "hands_won",
            "gins",
            "undercuts",
            "points_per_hand",
            "decision_ms",
        }
        assert set(player["decision_ms"]) == {"median", "p95"}
    assert sum(player["games_won"] for player in data["players"]) == 4
    low, high = data["diff_ci95"]
    assert low <= data["diff_per_hand"] <= high


def test_arena_text_report_and_module_factory(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gin.ai:EasyPlayer", "normal", "--games", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "gin.ai:EasyPlayer" in out and "95% CI" in out


def test_arena_results_do_not_depend_on_the_number_of_jobs() -> None:
    def without_times(summary: dict[str, object]) -> dict[str, object]:
        players = summary["players"]
        assert isinstance(players, list)
        return {**summary, "players": [{**p, "decision_ms": None} for p in players]}

    once = run("simple", "easy", games=2, seed=3, duplicate=True)
    twice = run("simple", "easy", games=2, seed=3, duplicate=True, jobs=2)
    assert without_times(once) == without_times(twice)


def test_arena_rejects_an_unknown_player() -> None:
    with pytest.raises(SystemExit):
        main(["easy", "nobody", "--games", "1"])
