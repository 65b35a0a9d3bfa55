"""The proof that the deals were fixed before the first card: commitment, reveal, tampering.

The expected hashes were computed with coreutils' ``sha256sum`` from the documented
texts (``printf '%s' 'gin-rummy-commit/1/<seed>/<salt>' | sha256sum``), not with hashlib.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin import fairness
from gin.actions import ActionKind
from gin.cards import Card
from gin.fairness import (
    Difference,
    Seal,
    SeedProof,
    check_deals,
    check_result,
    commitment,
    committed_text,
    is_commitment,
    is_salt,
    played_deck,
    played_record,
    seal_proof,
    verify_game,
)
from gin.game import MAX_SEED, Game, shuffled_deck
from gin.game_record import checksum as _checksum
from gin.records import Event
from gin.replay import main
from gin.table.startup import Stored
from tests.table_helpers import Table, sensible_intent

SALT = "0123456789abcdef0123456789abcdef"
KNOWN = {
    (1234567890123456789, SALT): "5c8cf70b081eab7dd019242d6b636a2e3dfdf574d0b03cbaf62cd7200198b4dc",
    (0, "f" * 32): "9192eeb510b4927db1d8d9e08278164f7239c3d621114d9ed683b4471380b87d",
}


@pytest.mark.parametrize(("seed", "salt"), list(KNOWN))
def test_the_commitment_is_sha256sum_of_the_documented_text(seed: int, salt: str) -> None:
    text = f"gin-rummy-commit/1/{seed}/{salt}"
    assert committed_text(seed, salt) == text
    assert commitment(seed, salt) == KNOWN[seed, salt] == Seal(seed, salt).commitment
    if shutil.which("sha256sum"):
        out = subprocess.run(
            ["sha256sum"], input=text.encode(), capture_output=True, check=True
        ).stdout
        assert out.decode().split()[0] == KNOWN[seed, salt]


def test_a_drawn_seal_comes_from_the_systems_random_source_and_covers_the_seed_range(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seals = [Seal.draw() for _ in range(20)]
    assert len({seal.salt for seal in seals}) == 20 and len({seal.seed for seal in seals}) == 20
    assert all(is_salt(seal.salt) and 0 <= seal.seed <= MAX_SEED for seal in seals)
    assert max(seal.seed for seal in seals) > 2**40  # the whole 63-bit range, not 2**31
    assert max(int(seal.salt, 16) for seal in seals) > 2**100  # all 128 bits of the salt
    sources: list[random.Random] = []

    class Recorded(random.Random):
        def __init__(self) -> None:
            super().__init__(7)
            sources.append(self)

    monkeypatch.setattr(fairness.random, "SystemRandom", Recorded)
    drawn = Seal.draw()
    assert len(sources) == 1  # the operating system's source, os.urandom, nothing else
    twin = random.Random(7)
    salt = f"{twin.getrandbits(128):032x}"
    assert drawn == Seal(twin.randrange(MAX_SEED + 1), salt)


@pytest.mark.parametrize(
    "salt", ["", "0" * 31, "0" * 33, "0123456789ABCDEF0123456789ABCDEF", "g" * 32, 12, None]
)
def test_a_salt_is_exactly_32_lowercase_hex_characters(salt: object) -> None:
    assert not is_salt(salt)
    with pytest.raises(ValueError, match="32 lowercase hexadecimal"):
        Seal(1, salt)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, True, 1.0, "1", None])
def test_a_committed_seed_is_a_whole_number_in_range(seed: object) -> None:
    with pytest.raises(ValueError, match="whole number"):
        committed_text(seed, SALT)  # type: ignore[arg-type]


def test_the_form_of_a_commitment() -> None:
    assert is_commitment("a" * 64) and not is_commitment("A" * 64)
    assert not is_commitment("a" * 63) and not is_commitment(None)


# --- a game's reveal ------------------------------------------------------------------------


def finished_game(seed: int, rng_seed: int = 1) -> Game:
    table = Table.open(seed=seed)
    rng = random.Random(rng_seed)
    while not table.state.game.over:
        table.send(sensible_intent(table.state, rng))
    return table.state.game


def game_in_play(seed: int, hands: int = 1) -> Game:
    """A game stopped after ``hands`` finished hands, a few moves into the next one."""
    table = Table.open(seed=seed, stored=Stored(settings={"level": "easy", "target": 500}))
    rng = random.Random(4)
    while len(table.state.game.hand_results) < hands or not table.state.in_hand:
        table.send(sensible_intent(table.state, rng))
    assert not table.state.game.over
    for _ in range(5):
        if table.state.in_hand:
            table.send(sensible_intent(table.state, rng))
    return table.state.game


@pytest.mark.parametrize("seed", [3, 2**62 + 17])
def test_a_finished_games_reveal_verifies_every_hand(seed: int) -> None:
    game = finished_game(seed)
    seal = Seal(seed, SALT)
    verification = verify_game(game, seal_proof(seed, SALT, seal.commitment))
    assert verification.ok and verification.proof is SeedProof.COMMITMENT
    assert [hand.number for hand in verification.hands] == list(range(1, game.hand_number + 1))
    assert all(hand.finished for hand in verification.hands)


def test_a_game_given_up_mid_hand_verifies_the_hand_in_play_too() -> None:
    game = game_in_play(11, hands=2)
    assert not game.over and game.view(0).history
    verification = verify_game(game, SeedProof.COMMITMENT)
    assert verification.ok and len(verification.hands) == 3
    assert not verification.hands[-1].finished


def test_a_deal_changed_while_the_game_is_played_is_caught() -> None:
    """An engine that dealt the second hand from another deck than the seed's."""
    honest = finished_game(5)
    deck = list(shuffled_deck(5, 1))
    deck[21], deck[22] = deck[22], deck[21]  # the top two stock cards swapped
    rigged = Game(seed=5, rules=honest.rules, decks=[shuffled_deck(5, 0), deck])
    rng = random.Random(9)
    while len(rigged.hand_results) < 2:
        rigged.apply(rng.choice(rigged.legal_actions()))
    checks = check_deals(5, rigged.hand_results)
    assert checks[0].ok and not checks[1].ok
    mismatch = checks[1].mismatch
    assert mismatch is not None and mismatch.difference in (
        Difference.STOCK_CARD,
        Difference.STOCK_LEFT,
    )
    assert mismatch.found == deck[21] or mismatch.found == deck[22]


def test_each_kind_of_difference_in_a_hand_is_named() -> None:
    game = finished_game(7)
    result = game.hand_results[0]
    history = list(result.history)
    draw = next(i for i, e in enumerate(history) if e.action is ActionKind.DRAW_STOCK)
    other = next(card for card in result.stock)
    changed = [*history[:draw], replace(history[draw], card=other), *history[draw + 1 :]]
    mismatch = check_result(7, replace(result, history=tuple(changed)))
    assert mismatch is not None and mismatch.difference is Difference.STOCK_CARD
    assert (mismatch.move, mismatch.found) == (draw + 1, other)
    discard = next(i for i, e in enumerate(history) if e.action is ActionKind.DISCARD)
    seat = history[discard].player
    foreign = next(card for card in result.hands[1 - seat])
    changed = [*history[:discard], Event(seat, ActionKind.DISCARD, foreign)]
    mismatch = check_result(7, replace(result, history=tuple(changed)))
    assert mismatch is not None and mismatch.difference is Difference.NOT_HELD
    stock = (result.stock[1], result.stock[0], *result.stock[2:])
    mismatch = check_result(7, replace(result, stock=stock))
    assert mismatch is not None and mismatch.difference is Difference.STOCK_LEFT
    hands = (result.hands[1], result.hands[0])
    mismatch = check_result(7, replace(result, hands=hands))
    assert mismatch is not None and mismatch.difference is Difference.HAND
    checks = check_deals(7, [replace(result, dealer=1 - result.dealer)])
    assert checks[0].mismatch is not None
    assert checks[0].mismatch.difference is Difference.DEALER


def test_the_bot_is_never_seeded_with_the_seed() -> None:
    from gin.ai import bot_seed
    from gin.table import effects as fx

    table = Table.open(seed=2**50 + 3)
    rng = random.Random(2)
    thinks: list[fx.Think] = []
    while len(thinks) < 30 and not table.state.game.over:
        table.send(sensible_intent(table.state, rng))
        thinks += [effect for effect in table.effects if isinstance(effect, fx.Think)]
    assert thinks
    for think in thinks:
        assert think.seed == bot_seed(2**50 + 3, 1)
        assert str(2**50 + 3) not in repr(think)


# --- played decks and records ---------------------------------------------------------------


def _normalised(deck: list[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
    """A deck with each seat's ten cards in card order (what a deal decides)."""
    ordered = list(deck)
    ordered[0:20:2], ordered[1:20:2] = sorted(deck[0:20:2]), sorted(deck[1:20:2])
    return tuple(ordered)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, MAX_SEED), st.integers(0, 2**32))
def test_the_played_deck_of_every_hand_is_the_deck_it_was_dealt_from(seed: int, moves: int) -> None:
    game = Game(seed=seed)
    rng = random.Random(moves)
    while len(game.hand_results) < 2 and not game.over:
        game.apply(rng.choice(game.legal_actions()))
    for result in game.hand_results:
        assert played_deck(result) == _normalised(shuffled_deck(seed, result.number - 1))


def test_a_played_record_replays_on_its_decks_as_the_game_was_played() -> None:
    game = finished_game(3)
    record = played_record(game)
    assert record["seed"] == 3 and len(record["decks"]) == len(game.hand_results) > 1
    replayed = Game.from_dict(record)
    assert replayed.actions == game.actions and replayed.scores == game.scores
    assert replayed.hand_results == game.hand_results
    with pytest.raises(ValueError, match="once it is over"):
        played_record(game_in_play(3))


def test_a_deck_that_does_not_add_up_is_refused() -> None:
    result = finished_game(3).hand_results[0]
    with pytest.raises(ValueError, match="one deck"):
        played_deck(replace(result, stock=result.stock[1:]))
    with pytest.raises(ValueError, match="do not fit"):
        played_deck(replace(result, hands=(result.hands[1], result.hands[0])))


# --- the command line: python -m gin.replay --verify ------------------------------------------


def downloaded(game: Game, seal: Seal) -> dict[str, Any]:
    """A finished game's record as the table downloads it: proof, level, the played record."""
    return {
        "format": "gin-rummy-session",
        "level": "easy",
        "commitment": seal.commitment,
        "salt": seal.salt,
        "game": played_record(game),
    }


@pytest.fixture(scope="module")
def finished() -> tuple[Game, Seal]:
    return finished_game(3, rng_seed=2), Seal(3, SALT)


def _verify(
    tmp_path: Path, data: object, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["--verify", str(path)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _resigned(game: dict[str, Any]) -> dict[str, Any]:
    """A game record edited by someone who also recomputed its checksum."""
    payload = {key: value for key, value in game.items() if key != "checksum"}
    return {**payload, "checksum": _checksum(payload)}


def test_verify_prints_a_line_per_hand_and_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], finished: tuple[Game, Seal]
) -> None:
    game, seal = finished
    code, out, err = _verify(tmp_path, downloaded(game, seal), capsys)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == (
        f"Commitment {seal.commitment}: the SHA-256 of 'gin-rummy-commit/1/3/{SALT}',"
        " as shown. It matches."
    )
    count = len(game.hand_results)
    for number in range(1, count + 1):
        assert sum(line.startswith(f"Hand {number} (dealer: ") for line in lines) == 1
    assert out.count("dealt as the seed deals it") == count
    assert lines[-1] == f"All {count} deals match the commitment shown before the first card."


def test_verify_catches_an_altered_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], finished: tuple[Game, Seal]
) -> None:
    game, seal = finished
    data = downloaded(game, seal)
    for record in (  # edited as text, and edited with the checksum recomputed
        {**data, "game": {**data["game"], "seed": 4}},
        {**data, "game": _resigned({**data["game"], "seed": 4})},
    ):
        code, out, err = _verify(tmp_path, record, capsys)
        assert code == 1
        assert "do not give the commitment" in out and "NOT VERIFIED" in err


@pytest.mark.parametrize(
    ("salt", "message"),
    [
        ("1" + SALT[1:], "do not give the commitment"),
        (SALT.upper(), "not 32 lowercase hexadecimal"),
        (SALT[:-1], "not 32 lowercase hexadecimal"),
        (None, "not 32 lowercase hexadecimal"),
    ],
)
def test_verify_catches_an_altered_salt(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    finished: tuple[Game, Seal],
    salt: object,
    message: str,
) -> None:
    game, seal = finished
    code, out, err = _verify(tmp_path, {**downloaded(game, seal), "salt": salt}, capsys)
    assert code == 1 and message in out and "NOT VERIFIED" in err


@pytest.mark.parametrize(
    ("shown", "message"),
    [
        (Seal(3, "f" * 32).commitment, "do not give the commitment"),
        ("0" * 64, "do not give the commitment"),
        ("not a hash", "not 64 lowercase hexadecimal"),
    ],
)
def test_verify_catches_an_altered_commitment(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    finished: tuple[Game, Seal],
    shown: str,
    message: str,
) -> None:
    game, seal = finished
    code, out, err = _verify(tmp_path, {**downloaded(game, seal), "commitment": shown}, capsys)
    assert code == 1 and message in out and "NOT VERIFIED" in err


def test_verify_catches_one_altered_action_of_a_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], finished: tuple[Game, Seal]
) -> None:
    game, seal = finished
    data = downloaded(game, seal)
    actions = list(data["game"]["actions"])
    at = next(i for i, action in enumerate(actions) if action.startswith("discard"))
    held = game.hand_results[0].hands  # a card someone holds at the end of the hand
    card = next(str(c) for c in held[0] + held[1] if f"discard {c}" != actions[at])
    actions[at] = f"discard {card}"
    edited = {**data["game"], "actions": actions}
    code, out, err = _verify(tmp_path, {**data, "game": edited}, capsys)
    assert code == 1 and "checksum does not match" in err and out == ""
    # With the checksum recomputed, the moves no longer replay on the committed deals.
    code, out, err = _verify(tmp_path, {**data, "game": _resigned(edited)}, capsys)
    assert code == 1 and err.startswith("cannot verify") and "cannot be replayed" in err


def test_verify_catches_an_altered_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], finished: tuple[Game, Seal]
) -> None:
    """A deck of the record rearranged where the moves still replay: the bottom of the stock."""
    game, seal = finished
    data = downloaded(game, seal)
    decks = [list(deck) for deck in data["game"]["decks"]]
    decks[1][-1], decks[1][-2] = decks[1][-2], decks[1][-1]
    code, out, err = _verify(
        tmp_path, {**data, "game": _resigned({**data["game"], "decks": decks})}, capsys
    )
    assert code == 1, out
    assert "Hand 1 (dealer: " in out and "Hand 2 (dealer: " in out
    hand_two = next(line for line in out.splitlines() if line.startswith("Hand 2"))
    assert "DOES NOT MATCH the seed's deal" in hand_two and "the stock left" in hand_two
    assert "NOT VERIFIED: hand(s) 2 were not dealt from the committed seed." in err


def test_verify_explains_a_record_that_cannot_be_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], finished: tuple[Game, Seal]
) -> None:
    game, seal = finished
    data = downloaded(game, seal)
    no_proof = {key: value for key, value in data.items() if key not in ("commitment", "salt")}
    code, _, err = _verify(tmp_path, no_proof, capsys)
    assert code == 1 and err.startswith("cannot verify") and "has no commitment" in err
    during = {**data, "game": game_in_play(3).finished_hands_record()}
    code, _, err = _verify(tmp_path, during, capsys)
    assert code == 1 and "downloaded during the game" in err
    code, _, err = _verify(tmp_path, [1, 2], capsys)
    assert code == 1 and err.startswith("cannot verify")


def test_verify_and_review_are_not_given_together(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--verify", "--review", str(tmp_path / "record.json")])
    assert stopped.value.code == 2


def test_verify_accepts_a_daily_record_by_its_date(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from gin.daily import daily_seed, parse_day

    day = parse_day("2026-12-01")
    assert day is not None
    game = finished_game(daily_seed(day))
    record = {"format": "gin-rummy-session", "daily": "2026-12-01", "game": played_record(game)}
    code, out, err = _verify(tmp_path, record, capsys)
    assert code == 0, err
    assert out.startswith(f"Seed {daily_seed(day)}: the daily deal of 2026-12-01")
    assert out.rstrip().endswith("match the date's daily seed.")
    code, out, _ = _verify(tmp_path, {**record, "daily": "2026-12-02"}, capsys)
    assert code == 1 and "not the daily deal's" in out
    code, _, err = _verify(tmp_path, {**record, "daily": "2026-13-01"}, capsys)
    assert code == 1 and "not a date" in err


def test_the_reveal_of_a_game_with_a_seal_a_daily_deal_or_a_chosen_seed() -> None:
    from datetime import date

    from gin.daily import daily_seed
    from gin.fairness import reveal

    game = finished_game(3)
    revealed = reveal(game, Seal(3, SALT))
    assert revealed is not None and revealed.ok and not revealed.given_up
    other = reveal(game, Seal(4, SALT))  # a seal of another seed than the one that dealt
    assert other is not None and not other.ok
    assert other.verification.proof is SeedProof.MISMATCH
    assert reveal(game, None) is None  # a chosen seed: nothing was committed
    day = date(2026, 12, 1)
    daily = reveal(game_in_play(daily_seed(day)), None, day)
    assert daily is not None and daily.ok and daily.given_up
    assert daily.verification.proof is SeedProof.DAILY
    wrong_day = reveal(game, None, day)
    assert wrong_day is not None and wrong_day.verification.proof is SeedProof.NOT_DAILY


def test_replay_names_the_commitment_of_a_sealed_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], finished: tuple[Game, Seal]
) -> None:
    game, seal = finished
    path = tmp_path / "record.json"
    path.write_text(json.dumps(downloaded(game, seal)), encoding="utf-8")
    assert main([str(path)]) == 0
    out = capsys.readouterr().out
    assert f"Sealed before the first card: commitment {seal.commitment}" in out
    path.write_text(json.dumps({**downloaded(game, seal), "commitment": "\\x1b[2J"}))
    assert main([str(path)]) == 0
    assert "Sealed" not in capsys.readouterr().out  # only a checked value is printed
