"""Print a game record hand by hand: ``python -m gin.replay FILE``.

With ``--review`` (and ``--seat N``, 0 by default: the person in a table's
record) it prints the coach's review instead: at each of the seat's
decisions, what it played and, where Hard would have chosen otherwise, Hard's
move, its reason and the estimated cost (:mod:`gin.ai.coach`).

With ``--verify`` it checks the proof that the deals were fixed before the
first card (:mod:`gin.fairness`): the revealed seed and salt against the
commitment the table showed (or a daily deal's seed against its date), then
every hand re-dealt from the seed against the hand that was played.  It
prints a line per hand and exits 0 when all match, 1 with the reason when
anything was altered or cannot be checked.

A record is what the table downloads (or what ``Game.to_dict`` returns): the
seed, the rules and every action; or, during a game, the finished hands only
(``Game.finished_hands_record``: their decks instead of the seed).  Replaying
it through the engine both checks it and rebuilds every hand, so the printout
is the game as played.  Only checked values are printed: canonical action and
card codes, numbers, known level names; an error message has its control
characters escaped.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Mapping
from typing import Any

from gin.ai import LEVELS
from gin.ai.coach import Decision, review_game
from gin.cards import format_cards
from gin.daily import daily_text
from gin.fairness import (
    COMMITMENT_LABEL,
    Difference,
    HandCheck,
    Mismatch,
    SeedProof,
    Verification,
    is_commitment,
    record_proof,
    verify_record,
)
from gin.game import Game
from gin.jsontext import loads_bounded
from gin.records import HandResult

SEATS = ("Player 0", "Player 1")
MAX_RECORD_CHARS = 10_000_000
"""A record of a long game is some tens of kilobytes; a bigger file is not one."""
MAX_RECORD_DEPTH = 16
"""A table record nests four levels deep (record, game, decks, deck)."""


def _game_record(data: Any) -> Mapping[str, Any]:
    """The game part of a downloaded table record, or the record itself."""
    if isinstance(data, Mapping) and isinstance(data.get("game"), Mapping):
        game: Mapping[str, Any] = data["game"]
        return game
    if isinstance(data, Mapping):
        return data
    raise ValueError("a game record must be a JSON object")


def _describe_result(result: HandResult, names: tuple[str, str]) -> list[str]:
    if result.kind == "dead" or result.showdown is None:
        return ["  Dead hand: no score."]
    assert result.knocker is not None and result.winner is not None
    facts = result.showdown
    lines = [
        f"  {names[result.knocker]} {'goes gin' if facts.gin else 'knocks'}:"
        f" melds {' | '.join(format_cards(m) for m in facts.knocker_melds)};"
        f" deadwood {facts.knocker_deadwood} ({format_cards(facts.knocker_deadwood_cards) or '-'})",
        f"  {names[1 - result.knocker]}: melds"
        f" {' | '.join(format_cards(m) for m in facts.defender_melds) or '-'};"
        f" deadwood {facts.defender_deadwood}"
        f" ({format_cards(facts.defender_deadwood_cards) or '-'})",
    ]
    if facts.layoffs:
        lines.append(
            "  Laid off: " + ", ".join(f"{card} on meld {i + 1}" for card, i in facts.layoffs)
        )
    lines.append(f"  {result.kind.capitalize()}: {names[result.winner]} scores {result.points}.")
    return lines


def replay_lines(record: Any, names: tuple[str, str] = SEATS) -> Iterator[str]:
    """The game, hand by hand, as printable lines; ValueError if the record is not a valid game."""
    data = _game_record(record)
    Game.from_dict(data)  # validates everything (checksum, every action) before a line is printed
    game = Game.record_start(data)
    if data["seed"] is None:
        yield f"The finished hands of a game (no seed); target {game.rules.target}."
    else:
        yield f"Seed {game.seed}; target {game.rules.target}."
    shown = record.get("commitment") if isinstance(record, Mapping) else None
    if is_commitment(shown):
        yield f"Sealed before the first card: commitment {shown} (check it with --verify)."
    starting = True
    for action in data["actions"]:
        if starting:
            yield ""
            yield f"Hand {game.hand_number} (dealer: {names[game.dealer]})"
            for seat in (0, 1):
                yield f"  Dealt to {names[seat]}: {format_cards(game.view(seat).hand)}"
            yield f"  Face-up card: {game.view(0).discard_pile[-1]}"
            starting = False
        player = game.to_move
        assert player is not None
        hands_before = len(game.hand_results)
        game.apply(action)
        played = game.actions[-1]  # canonical text, not the record's
        if played in ("draw stock", "draw pile", "take"):
            played += f" ({game.view(player).history[-1].card})"
        yield f"  {names[player]}: {played}"
        if len(game.hand_results) > hands_before:
            yield from _describe_result(game.hand_results[-1], names)
            yield f"  Scores: {names[0]} {game.scores[0]}, {names[1]} {game.scores[1]}"
            starting = True
    if game.over:
        assert game.winner is not None
        for bonus in game.bonuses:
            yield f"{bonus.kind.capitalize()} bonus: {names[bonus.player]} +{bonus.points}"
        yield ""
        winner, loser = game.winner, 1 - game.winner
        yield f"{names[winner]} wins {game.scores[winner]} to {game.scores[loser]}."
    else:
        yield ""
        yield "The game was not finished."


REVIEW_NOTE = (
    "Hard's choice at each decision, from what {who} could see then: {whose} hand, the"
    " discards and the moves made, never the opponent's concealed cards or the stock."
    " Costs are Hard's estimates, in points."
)


def review_lines(record: Any, seat: int = 0, names: tuple[str, str] = SEATS) -> Iterator[str]:
    """The coach's review of ``seat`` as printable lines; ValueError if the record is invalid."""
    review = review_game(_game_record(record), seat)  # checks the record before any line
    you = names[seat] == "You"
    who, whose = ("you", "your") if you else (names[seat], f"{names[seat]}'s")
    yield f"Review of {whose} decisions."
    yield REVIEW_NOTE.format(who=who, whose=whose)
    for hand in review.hands:
        yield ""
        yield (
            f"Hand {hand.hand_number}: {hand.as_hard} of {len(hand.decisions)} decisions"
            f" as Hard would play ({_percent(hand.accuracy)}),"
            f" estimated cost {hand.cost:.1f} points."
        )
        for decision in hand.decisions:
            yield _decision_line(decision)
    decisions = review.decisions
    as_hard = sum(decision.as_hard for decision in decisions)
    yield ""
    yield (
        f"In all: {as_hard} of {len(decisions)} decisions as Hard would play"
        f" ({_percent(review.accuracy)}), estimated cost {review.cost:.1f} points."
    )


def _decision_line(decision: Decision) -> str:
    played = f"  {decision.index}. {decision.played}"
    if decision.as_hard:
        return f"{played}: as Hard would."
    top = f", pile top {decision.pile_top}" if decision.pile_top is not None else ""
    better = (
        "not priced: its knock schedule rules that out"
        if decision.cost is None
        else f"about {decision.cost:.1f} points better"
    )
    return (
        f"{played}: Hard would {decision.advised} ({better})."
        f" {decision.reason} (Hand {format_cards(decision.hand)}{top}.)"
    )


def _percent(share: float) -> str:
    return f"{round(100 * share)}%"


def verify_lines(record: Any, names: tuple[str, str] = SEATS) -> tuple[list[str], bool]:
    """The verification of a record as printable lines, and whether every check passed.

    ValueError if the record cannot be checked at all (no proof, no seed yet,
    its checksum or a move that does not replay), with the reason.
    """
    verification = verify_record(record)
    lines = [_proof_line(verification, record)]
    for hand in verification.hands:
        lines.append(_hand_line(hand, names))
    lines.append(_verdict(verification))
    return lines, verification.ok


def _proof_line(verification: Verification, record: Mapping[str, Any]) -> str:
    proof, seed = verification.proof, verification.seed
    fields = record_proof(record)
    if proof is SeedProof.COMMITMENT:
        text = f"{COMMITMENT_LABEL}/{seed}/{fields.salt}"
        return f"Commitment {fields.commitment}: the SHA-256 of {text!r}, as shown. It matches."
    if proof is SeedProof.DAILY:
        assert fields.day is not None
        return (
            f"Seed {seed}: the daily deal of {fields.day.isoformat()}"
            f" (from the SHA-256 of {daily_text(fields.day)!r})."
        )
    return {
        SeedProof.MISMATCH: "The seed and salt do not give the commitment: the seed, the salt"
        " or the commitment has been altered.",
        SeedProof.BAD_SALT: "The salt is not 32 lowercase hexadecimal characters: it has been"
        " altered.",
        SeedProof.BAD_COMMITMENT: "The commitment is not 64 lowercase hexadecimal characters:"
        " it has been altered.",
        SeedProof.NOT_DAILY: "The seed is not the daily deal's of that date: the seed or the"
        " date has been altered.",
    }[proof]


def _hand_line(hand: HandCheck, names: tuple[str, str]) -> str:
    where = f"Hand {hand.number} (dealer: {names[hand.dealer]})"
    if hand.mismatch is None and hand.finished:
        return f"{where}: dealt as the seed deals it; every card played matches."
    if hand.mismatch is None:
        return f"{where}, not finished: every card played so far matches the seed's deal."
    return f"{where}: DOES NOT MATCH the seed's deal: {_mismatch(hand.mismatch, names)}."


def _mismatch(mismatch: Mismatch, names: tuple[str, str]) -> str:
    seat = names[mismatch.seat] if mismatch.seat is not None else ""
    at = f"at move {mismatch.move}, " if mismatch.move is not None else ""
    found, expected = mismatch.found, mismatch.expected
    difference = mismatch.difference
    if difference is Difference.DEALER:
        return f"{seat} dealt the first hand, but the seed makes the other seat deal it"
    if difference is Difference.STOCK_CARD:
        there = f"has {expected} there" if expected is not None else "has no card left"
        return f"{at}{seat} drew {found or 'a card'} from the stock, where the seed's stock {there}"
    if difference is Difference.PILE_CARD:
        return f"{at}{seat} took {found} from the discard pile, whose top card was {expected}"
    if difference is Difference.NOT_HELD:
        return f"{at}{seat} discarded {found}, which the seed's deal had not given them"
    if difference is Difference.HAND:
        if found is not None:
            return f"{seat} ended with {found}, which the seed's deal puts elsewhere"
        return f"{seat} ended without {expected}, which the seed's deal gives them"
    if found is None:
        return f"the stock left at the end lacks {expected}, which the seed's stock holds there"
    there = f"{expected}" if expected is not None else "no card"
    return f"the stock left at the end holds {found} where the seed's stock has {there}"


def _verdict(verification: Verification) -> str:
    if not verification.seed_ok:
        return "NOT VERIFIED: the seed is not the one committed to before the first card."
    wrong = [hand.number for hand in verification.hands if not hand.ok]
    if wrong:
        listed = ", ".join(str(number) for number in wrong)
        return f"NOT VERIFIED: hand(s) {listed} were not dealt from the committed seed."
    count = len(verification.hands)
    what = "the commitment shown before the first card"
    if verification.proof is SeedProof.DAILY:
        what = "the date's daily seed"
    deals = "deal matches" if count == 1 else f"{count} deals match"
    return f"{'All ' if count > 1 else 'The '}{deals} {what}."


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gin.replay", description=__doc__.splitlines()[0]
    )
    parser.add_argument("file", help="a game record (JSON) downloaded from the table")
    parser.add_argument(
        "--review", action="store_true", help="review a seat's decisions against Hard's"
    )
    parser.add_argument(
        "--seat",
        type=int,
        choices=(0, 1),
        default=0,
        help="the seat to review (0, the default, is the person in a table's record)",
    )
    parser.add_argument(
        "--verify",
        action="store_true",
        help="check that every deal was fixed before the first card (the commitment, or the"
        " daily date, and each hand against the seed)",
    )
    args = parser.parse_args(argv)
    if args.seat != 0 and not args.review:
        parser.error("--seat is for --review")
    if args.review and args.verify:
        parser.error("--review and --verify are separate checks: give one")
    try:
        with open(args.file, encoding="utf-8") as handle:
            text = handle.read(MAX_RECORD_CHARS + 1)
        record = loads_bounded(text, max_chars=MAX_RECORD_CHARS, max_depth=MAX_RECORD_DEPTH)
        names = _names(record)
        if args.verify:
            checked, ok = verify_lines(record, names)
            for line in checked:
                print(line)
            if not ok:
                print(f"{args.file}: {checked[-1]}", file=sys.stderr)
            return 0 if ok else 1
        lines = (
            review_lines(record, args.seat, names) if args.review else replay_lines(record, names)
        )
        for line in lines:
            print(line)
    except (OSError, ValueError) as error:  # a UnicodeDecodeError is a ValueError
        verb = "review" if args.review else "verify" if args.verify else "replay"
        print(f"cannot {verb} {args.file}: {_escaped(str(error))}", file=sys.stderr)
        return 1
    return 0


def _names(record: Any) -> tuple[str, str]:
    """The seats' names: a table record's person and computer (its level if it is a known one)."""
    if not (isinstance(record, Mapping) and isinstance(record.get("game"), Mapping)):
        return SEATS
    level = record.get("level")
    known = isinstance(level, str) and level in LEVELS
    return ("You", f"Computer ({level})" if known else "Computer")


def _escaped(text: str) -> str:
    """``text`` with every character a terminal could act on (controls, escapes) escaped."""
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in text)


if __name__ == "__main__":
    sys.exit(main())
