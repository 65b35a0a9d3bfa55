"""``python -m gin.replay`` prints a downloaded record hand by hand, and refuses a bad one."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gin.replay import main
from gin.table.state import TablePhase, TableState
from tests.table_helpers import Table


def finished_session() -> TableState:
    table = Table.open(seed=3)
    table.play_until(TablePhase.GAME_OVER, random.Random(1))
    return table.state


def test_replay_prints_every_hand_and_the_winner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = finished_session()
    record = tmp_path / "game.json"
    record.write_text(json.dumps(session.record()))
    assert main([str(record)]) == 0
    out = capsys.readouterr().out
    assert out.count("\nHand ") == len(session.game.hand_results)
    assert f"Seed {session.game.seed}" in out
    winner = "You" if session.game.winner == 0 else "Computer (easy)"
    assert f"{winner} wins {max(session.game.scores)}" in out
    for action in session.game.actions:
        assert action.split()[0] in out


def test_replay_refuses_a_tampered_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = finished_session().record()
    data["game"]["actions"][3] = "gin AS"
    record = tmp_path / "game.json"
    record.write_text(json.dumps(data))
    assert main([str(record)]) == 1
    assert "cannot replay" in capsys.readouterr().err
