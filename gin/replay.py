"""Print a game record hand by hand: ``python -m gin.replay FILE``.

A record is what the table downloads (or what ``Game.to_dict`` returns): the
seed, the rules and every action.  Replaying it through the engine both
checks it and rebuilds every hand, so the printout is the game as played.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Mapping
from typing import Any

from gin.cards import format_cards
from gin.game import Game
from gin.records import HandResult

SEATS = ("Player 0", "Player 1")


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
    rules = Game.from_dict(data).rules  # validates everything (checksum, every action) first
    game = Game(seed=data["seed"], rules=rules, deck=data.get("deck"))
    yield f"Seed {game.seed}; target {game.rules.target}."
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
        if action in ("draw stock", "draw pile", "take"):
            action += f" ({game.view(player).history[-1].card})"
        yield f"  {names[player]}: {action}"
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gin.replay", description=__doc__.splitlines()[0]
    )
    parser.add_argument("file", help="a game record (JSON) downloaded from the table")
    args = parser.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8") as handle:
            record = json.load(handle)
        names = SEATS
        if isinstance(record, Mapping) and isinstance(record.get("game"), Mapping):
            names = ("You", f"Computer ({record.get('level', '?')})")
        for line in replay_lines(record, names):
            print(line)
    except (OSError, ValueError) as error:
        print(f"cannot replay {args.file}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
