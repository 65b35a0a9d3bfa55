"""The table shows and does what it did: a few hundred frozen states, and a recorded game.

See ``tests/golden_tables.py`` for how the states are reached and what each record holds.
A failure names the first records that differ and shows how; if the change is meant,
``python -m tests.golden_tables`` rewrites the file (in a commit of its own, saying why).
"""

from __future__ import annotations

import difflib
import json
from typing import Any

from gin.game import Game
from gin.replay import replay_lines
from tests import golden_tables

SHOWN_DIFFERENCES = 3


def _differences(expected: Any, actual: Any, where: str = "") -> list[str]:
    """The paths at which two JSON values differ, with the two values (texts as a diff)."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        found = []
        for key in sorted(set(expected) | set(actual)):
            found += _differences(expected.get(key), actual.get(key), f"{where}.{key}")
        return found
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        found = []
        for index, (old, new) in enumerate(zip(expected, actual, strict=True)):
            found += _differences(old, new, f"{where}[{index}]")
        return found
    if expected == actual:
        return []
    if isinstance(expected, str) and isinstance(actual, str):
        diff = difflib.unified_diff(
            expected.replace("><", ">\n<").splitlines(),
            actual.replace("><", ">\n<").splitlines(),
            lineterm="",
            n=1,
        )
        return [f"{where}:\n" + "\n".join(list(diff)[2:40])]
    return [f"{where}: expected {json.dumps(expected)[:300]}, got {json.dumps(actual)[:300]}"]


def test_a_few_hundred_table_states_show_and_do_what_they_did() -> None:
    expected = golden_tables.read()
    actual = [json.loads(json.dumps(record)) for record in golden_tables.records()]
    assert len(expected) > 1000
    report = []
    for old, new in zip(expected, actual, strict=False):
        found = _differences(old, new)
        if found:
            step = f"scenario {old['scenario']}, after {old['step'][:120]}"
            report.append(f"{step}:\n" + "\n".join(found[:SHOWN_DIFFERENCES]))
        if len(report) >= SHOWN_DIFFERENCES:
            break
    assert not report, "\n\n".join(report)
    assert len(actual) == len(expected)


def test_the_golden_states_cover_every_phase_language_and_ending() -> None:
    records = golden_tables.read()
    phases = {record["phase"] for record in records}
    assert phases == {"upcard", "draw", "discard", "hand-over", "game-over"}
    languages = {record["language"] for record in records}
    languages |= {code for record in records for code in record.get("other", {})}
    assert languages == {"en", "et", "pl", "hi"}
    english = [record["model"] for record in records if record["language"] == "en"]
    points = {m["result"]["points"].split(":")[0] for m in english if m.get("result")}
    assert points == {"Knock", "Undercut", "Gin", "Dead hand"}
    panels = {m["panel"]["name"] for m in english if m.get("panel")}
    assert panels == {"menu", "settings", "stats", "rules", "help", "sheet", "review"}
    assert any(m.get("hint") for m in english) and any(m.get("question") for m in english)


def test_a_recorded_game_replays_identically() -> None:
    data = json.loads(golden_tables.RECORDED_GAME.read_text())
    record = data["record"]
    game = Game.from_dict(record)
    assert game.to_dict() == record
    assert golden_tables.game_facts(game) == json.loads(json.dumps(data["facts"]))
    assert list(replay_lines(record)) == data["replay"]
    midway = Game.from_dict(data["finished_hands"])
    assert midway.finished_hands_record() == data["finished_hands"]
    assert [r.points for r in midway.hand_results] == [
        hand["points"] for hand in data["facts"]["hands"][:2]
    ]
