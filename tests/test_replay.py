"""``python -m gin.replay`` prints a downloaded record hand by hand, and refuses a bad one."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gin.replay import main
from gin.table.session import TableSession


def finished_session() -> TableSession:
    session = TableSession("easy", seed=3)
    rng = random.Random(1)
    while session.phase != "game-over":
        list(session.bot_steps())
        if session.phase == "hand-over":
            session.next_hand()
        elif session.phase != "game-over":
            legal = session.legal_actions()
            knocks = [a for a in legal if a.kind.value in ("knock", "gin")]
            session.play(knocks[0] if knocks else rng.choice(legal))
    return session


def test_replay_prints_every_hand_and_the_winner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = finished_session()
    record = tmp_path / "game.json"
    record.write_text(json.dumps(session.to_dict()))
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
    data = finished_session().to_dict()
    data["game"]["actions"][3] = "gin AS"
    record = tmp_path / "game.json"
    record.write_text(json.dumps(data))
    assert main([str(record)]) == 1
    assert "cannot replay" in capsys.readouterr().err
