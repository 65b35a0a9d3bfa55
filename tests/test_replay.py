"""``python -m gin.replay`` prints a downloaded record hand by hand, and refuses a bad one."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from gin.game_record import checksum as _checksum
from gin.replay import MAX_RECORD_CHARS, main
from gin.table.effects import Download
from gin.table.intents import DownloadRecord
from gin.table.startup import Address, Stored, start
from gin.table.state import TablePhase, TableState
from tests.table_helpers import Table, sensible_intent


def written(tmp_path: Path, data: object) -> Path:
    """``data`` as a downloaded record file."""
    record = tmp_path / "game.json"
    record.write_text(json.dumps(data))
    return record


def finished_session() -> TableState:
    table = Table.open(seed=3)
    table.play_until(TablePhase.GAME_OVER, random.Random(1))
    return table.state


def test_replay_prints_every_hand_and_the_winner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = finished_session()
    record = written(tmp_path, session.record())
    assert main([str(record)]) == 0
    out = capsys.readouterr().out
    assert out.count("\nHand ") == len(session.game.hand_results)
    assert f"Seed {session.game.seed}" in out
    winner = "You" if session.game.winner == 0 else "Computer (easy)"
    assert f"{winner} wins {max(session.game.scores)}" in out
    for action in session.game.actions:
        assert action.split()[0] in out


def tampered_record(tmp_path: Path) -> Path:
    """A downloaded record with an action that the game never allowed."""
    data = finished_session().record()
    data["game"]["actions"][3] = "gin AS"
    return written(tmp_path, data)


def test_replay_refuses_a_tampered_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tampered_record(tmp_path)
    assert main([str(record)]) == 1
    assert "cannot replay" in capsys.readouterr().err


def _resigned(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    payload = {key: value for key, value in data.items() if key != "checksum"}
    payload.update(changes)
    return {**payload, "checksum": _checksum(payload)}


def _replay(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    record = tmp_path / "game.json"
    record.write_text(text, encoding="utf-8")
    code = main([str(record)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000 + "]" * 100_000, '{"game": ' * 50_000 + "1" + "}" * 50_000, "[" * 10**6],
)
def test_replay_refuses_deeply_nested_json_with_its_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    code, out, err = _replay(tmp_path, text, capsys)
    assert code == 1 and out == ""
    assert err.startswith("cannot replay") and "nested too deeply" in err
    assert "Traceback" not in err


def test_replay_refuses_what_is_not_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for text in ("", "[]", "nonsense", "1" * 5000, " " * (MAX_RECORD_CHARS + 1)):
        code, _, err = _replay(tmp_path, text, capsys)
        assert code == 1 and err.startswith("cannot replay"), text[:10]
    record = tmp_path / "game.json"
    record.write_bytes(b"\xff\xfe{}")
    assert main([str(record)]) == 1
    assert "cannot replay" in capsys.readouterr().err


def test_replay_prints_only_checked_values(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = finished_session()
    data = session.record()
    data["level"] = "\x1b[2J\x1b]0;owned\x07"
    game = data["game"]
    game["actions"] = [f" {game['actions'][0].upper()}\x0b", *game["actions"][1:]]
    data["game"] = _resigned(game)
    code, out, err = _replay(tmp_path, json.dumps(data), capsys)
    assert code == 0, err
    assert "\x1b" not in out and "\x0b" not in out and "\x07" not in out
    assert "Computer: " in out and "Computer (" not in out
    assert f": {session.game.actions[0]}" in out  # the canonical text, not the record's
    data["game"] = _resigned(game, rules={"\x1b[31m": 1})
    code, out, err = _replay(tmp_path, json.dumps(data), capsys)
    assert code == 1 and "cannot replay" in err and "\x1b" not in err


def test_replay_prints_the_finished_hands_of_a_game_in_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stored = Stored(settings={"level": "easy", "target": 500})
    state, effects = start(stored, Address(seed=2**40 + 12_345), [])
    table = Table(state)
    table.perform(effects)
    rng = random.Random(2)
    while len(table.state.game.hand_results) < 2 or not table.state.in_hand:
        table.send(sensible_intent(table.state, rng))
    if table.state.your_turn:
        table.send(sensible_intent(table.state, rng))
    session = table.state
    assert not session.game.over and session.game.hand_number == 3
    in_play = len(session.game.actions) - len(session.game.finished_hands_record()["actions"])
    assert in_play > 0
    download = next(e for e in table.send(DownloadRecord()) if isinstance(e, Download))
    record = download.record
    assert str(session.game.seed) not in download.filename
    code, out, err = _replay(tmp_path, json.dumps(record), capsys)
    assert code == 0, err
    assert out.startswith("The finished hands of a game (no seed)")
    assert out.count("\nHand ") == 2 and "Hand 3" not in out
    assert out.rstrip().endswith("The game was not finished.")
    assert str(session.game.seed) not in out and "Seed" not in out


def test_review_prints_each_hand_and_hards_alternatives(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = finished_session()
    record = written(tmp_path, session.record())
    assert main(["--review", str(record)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Review of your decisions.")
    assert "never the opponent's concealed cards" in out
    assert out.count("\nHand ") == len(session.game.hand_results)
    assert "as Hard would play" in out and "In all: " in out
    assert "Hard would " in out and "points better" in out  # the person played at random
    assert main(["--review", "--seat", "1", str(record)]) == 0
    assert capsys.readouterr().out.startswith("Review of Computer (easy)'s decisions.")


def test_review_says_when_hard_did_not_price_the_move_played() -> None:
    from gin.actions import Action
    from gin.ai.coach import Decision
    from gin.cards import Card, parse_cards
    from gin.replay import _decision_line

    knock = Decision(
        hand_number=1,
        index=7,
        hand=tuple(parse_cards("2S 3S 4S 7H 7D 7C 9D 9C 9H 5H KD")),
        pile_top=None,
        played=Action.parse("knock KD"),
        advised=Action.parse("discard KD"),
        reason_code="play_on_early",
        reason_args={"card": Card.parse("KD"), "deadwood": 5},
        cost=None,
    )
    line = _decision_line(knock)
    assert line.startswith(
        "  7. knock KD: Hard would discard KD (not priced: its knock schedule rules that out)."
    )
    assert "points" not in line
    assert "Do not knock yet with 5 deadwood" in line


def test_review_of_the_finished_hands_of_a_game_in_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = Table.open(seed=5)
    rng = random.Random(3)
    while not table.state.game.hand_results:
        table.send(sensible_intent(table.state, rng))
    download = next(e for e in table.send(DownloadRecord()) if isinstance(e, Download))
    record = written(tmp_path, download.record)
    assert main(["--review", str(record)]) == 0
    out = capsys.readouterr().out
    assert out.count("\nHand ") == 1 and "Hand 1: " in out


def test_review_refuses_a_bad_record_or_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tampered_record(tmp_path)
    assert main(["--review", str(record)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("cannot review")
    assert "Traceback" not in captured.err
    record.write_text("[]")
    assert main(["--review", str(record)]) == 1
    assert "cannot review" in capsys.readouterr().err
    for argv in (["--review", "--seat", "2", str(record)], ["--seat", "1", str(record)]):
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        assert exit_.value.code == 2
    assert "--seat" in capsys.readouterr().err
