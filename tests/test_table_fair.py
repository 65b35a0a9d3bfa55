"""The table's sealed deals and daily deals: the commitment before the first card, the reveal,
the daily game beside the person's own, the kept results and the share text."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

import pytest

from gin.ai import bot_seed
from gin.daily import DAILY_RULES, daily_level, daily_seed
from gin.fairness import commitment, is_commitment, verify_record
from gin.lessons.progress import Progress
from gin.table import effects as fx
from gin.table.controls import Control
from gin.table.daily import DailyResults, DayResult
from gin.table.intents import (
    BackToGame,
    Cancel,
    CloseShare,
    Confirm,
    DismissReveal,
    DownloadRecord,
    KeyPress,
    NewGame,
    NextHand,
    OpenPanel,
    Panel,
    PlayDaily,
    ShareDaily,
    ShareDone,
    StoredElsewhere,
)
from gin.table.messages import Notice, Why
from gin.table.presenter import panels
from gin.table.seats import AI
from gin.table.startup import Address, Stored, read_address, start
from gin.table.state import Question, TablePhase
from gin.web.render import regions
from tests.table_helpers import EN, WORDS, Table, sensible_intent

DEC_1 = date(2026, 12, 1)
DATA = Path(__file__).parent / "data"

ANSWERED = Progress(offered=True).to_dict()
"""A lessons record that keeps the first visit's offer away."""


def opened(stored: Stored | None = None, address: Address | None = None) -> Table:
    """The page opened on ``stored`` at ``address`` (1 December 2026 unless it says), by default
    for a person who has answered the first visit's offer."""
    stored = stored or Stored(settings={"level": "easy"}, lessons=ANSWERED)
    state, effects = start(stored, address or Address(today=DEC_1, page_url="https://x.test/"), [])
    table = Table(state)
    table.perform(effects)
    return table


def play_moves(table: Table, count: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        table.send(sensible_intent(table.state, rng))


def to_game_over(table: Table, seed: int = 1) -> None:
    table.play_until(TablePhase.GAME_OVER, random.Random(seed), limit=20_000)


# --- the commitment, shown before the first card ---------------------------------------------


def test_a_game_without_a_chosen_seed_is_sealed_and_shows_its_commitment_at_once() -> None:
    table = opened()
    state = table.state
    seal = state.seal
    assert seal is not None and seal.seed == state.game.seed
    assert not state.game.view(0).history or state.game.view(0).history[-1].player == AI
    model = EN.table(state)
    assert model.seal is not None and model.seal.commitment == seal.commitment
    assert is_commitment(model.seal.commitment)
    assert model.seal.commitment == commitment(seal.seed, seal.salt)
    assert model.seal.short == f"{seal.commitment[:6]}…{seal.commitment[-4:]}"
    assert "SHA-256" in model.seal.note
    # The seed and the salt are not shown until the reveal.
    assert str(seal.seed) not in repr(model.sheet) + repr(model.topbar) + repr(model.seal)
    assert seal.salt not in repr(model)
    assert table.saved["table"]["salt"] == seal.salt  # type: ignore[index]


def test_a_chosen_seed_has_no_commitment() -> None:
    table = opened(address=Address(seed=7, today=DEC_1))
    assert table.state.seal is None
    model = EN.table(table.state)
    assert model.seal is not None and model.seal.commitment == ""
    assert "salt" not in table.saved["table"]  # type: ignore[operator]


def test_each_new_game_draws_a_new_seal_and_a_reload_keeps_it() -> None:
    table = opened()
    first = table.state.seal
    again = table.reload()
    assert again.state.seal == first
    play_moves(again, 3)
    again.send(NewGame())
    again.send(Confirm())
    assert again.state.seal is not None and again.state.seal != first


@pytest.mark.parametrize("release", ["release-1-storage.json", "release-2-storage.json"])
def test_a_game_saved_before_sealed_deals_resumes_and_plays_on(release: str) -> None:
    data = json.loads((DATA / release).read_text())
    table_key = next(key for key in data if key.endswith("session") or key.endswith("/table"))
    settings_key = next(key for key in data if key.endswith("settings"))
    stats_key = next(key for key in data if key.endswith(("statistics", "/stats")))
    stored = Stored(table=data[table_key], settings=data[settings_key], stats=data[stats_key])
    state, effects = start(stored, Address(today=DEC_1), ["en"])
    assert state.game.actions == data[table_key]["game"]["actions"]
    assert state.seal is None and state.daily is None and state.notices == ()
    table = Table(state)
    table.perform(effects)
    to_game_over(table)
    model = EN.table(table.state)
    assert model.proof is None  # no commitment was made: the seed is given as before
    assert model.game_over is not None and str(table.state.game.seed) in model.game_over.seed_text
    table.send(NextHand())
    assert table.state.seal is not None  # the next game is sealed


# --- the reveal ------------------------------------------------------------------------------


def test_game_over_reveals_the_seed_and_salt_and_every_deal_matches() -> None:
    table = opened()
    seal = table.state.seal
    assert seal is not None
    to_game_over(table)
    model = EN.table(table.state)
    proof = model.proof
    assert proof is not None and proof.ok
    assert (proof.seed, proof.salt, proof.commitment) == (
        str(seal.seed),
        seal.salt,
        seal.commitment,
    )
    count = len(table.state.game.hand_results)
    expected = (
        "The deal matches the commitment shown before the first card."
        if count == 1
        else f"All {count} deals match the commitment shown before the first card."
    )
    assert proof.verdict == expected
    assert proof.committed == f"gin-rummy-commit/1/{seal.seed}/{seal.salt}"


def test_a_game_given_up_by_new_game_is_revealed_until_put_away() -> None:
    table = opened()
    seal = table.state.seal
    play_moves(table, 6)
    assert table.state.in_progress
    table.send(NewGame())
    assert table.state.question is Question.NEW_GAME
    table.send(Confirm())
    left = table.state.left
    assert left is not None and left.given_up and left.ok and left.seal == seal
    model = EN.table(table.state)
    assert model.left is not None and model.left.seed == str(seal.seed)  # type: ignore[union-attr]
    assert model.left.close is not None and model.left.title == "The game you left"
    assert model.seal is not None and model.seal.commitment != seal.commitment  # type: ignore[union-attr]
    table.send(DismissReveal())
    assert table.state.left is None and EN.table(table.state).left is None


def test_a_game_not_yet_played_is_replaced_without_a_reveal() -> None:
    table = opened()
    table.send(NewGame())
    assert table.state.question is None and table.state.left is None


def test_the_downloaded_record_carries_the_commitment_and_at_the_end_the_salt() -> None:
    table = opened(Stored(settings={"level": "easy", "target": 200}))
    seal = table.state.seal
    assert seal is not None
    table.play_until(TablePhase.HAND_OVER, random.Random(2))
    assert not table.state.game.over
    during = next(e for e in table.send(DownloadRecord()) if isinstance(e, fx.Download))
    assert during.record["commitment"] == seal.commitment
    assert "salt" not in during.record and during.record["game"]["seed"] is None
    to_game_over(table)
    after = next(e for e in table.send(DownloadRecord()) if isinstance(e, fx.Download))
    record = after.record
    assert (record["commitment"], record["salt"]) == (seal.commitment, seal.salt)
    assert len(record["game"]["decks"]) == len(table.state.game.hand_results)
    assert verify_record(json.loads(json.dumps(record))).ok


def test_the_bot_never_receives_the_seed_or_the_salt() -> None:
    table = opened(Stored(settings={"level": "hard", "target": 30}))
    seal = table.state.seal
    assert seal is not None
    thinks: list[fx.Think] = []
    rng = random.Random(3)
    while len(thinks) < 40 and not table.state.game.over:
        table.send(sensible_intent(table.state, rng))
        thinks += [e for e in table.effects if isinstance(e, fx.Think)]
    assert thinks
    for think in thinks:
        assert think.seed == bot_seed(seal.seed, AI) != seal.seed
        text = repr(think)
        assert seal.salt not in text and str(seal.seed) not in text
        assert seal.commitment not in text


# --- the daily deal, beside the person's own game -------------------------------------------


def test_todays_deal_is_the_dates_whatever_the_settings_and_keeps_the_game_in_progress() -> None:
    table = opened(Stored(settings={"level": "hard", "target": 10, "game_bonus": True}))
    play_moves(table, 5)
    own = table.state.game.actions
    own_record = table.saved["table"]
    table.send(PlayDaily())
    state = table.state
    assert state.daily is not None and state.daily.day == DEC_1 and not state.daily.practice
    assert state.game.seed == daily_seed(DEC_1) and state.seal is None
    assert state.level == daily_level(DEC_1) == "easy" and state.game.rules == DAILY_RULES
    assert state.parked is not None and state.parked.game.actions == own
    assert table.saved["table"] == own_record  # the person's own game is left as it was
    daily = table.saved["daily_table"]
    assert isinstance(daily, dict) and daily["on_table"] and daily["daily"] == "2026-12-01"
    model = EN.table(state)
    assert model.seal is not None and model.seal.label == "Today's deal"
    assert model.seal.day_of_month == "1", "a phone's top bar shows the day on a calendar page"
    assert 'data-day="1"' in regions(model)["topbar"]
    entries = [b.action for b in panels.menu_items(WORDS, state)]
    assert entries[:3] == ["new-game", "daily", "back-to-game"]

    play_moves(table, 4, seed=2)
    daily_actions = table.state.game.actions
    table.send(BackToGame())
    assert table.state.daily is None and table.state.game.actions == own
    assert table.state.parked is not None and table.state.parked.game.actions == daily_actions
    assert table.saved["daily_table"]["on_table"] is False  # type: ignore[index]
    table.send(PlayDaily())
    assert table.state.daily is not None and table.state.game.actions == daily_actions


def test_a_reload_shows_the_game_left_on_the_table_and_keeps_the_other_aside() -> None:
    table = opened()
    play_moves(table, 5)
    own = table.state.game.actions
    table.send(PlayDaily())
    play_moves(table, 4, seed=2)
    daily = table.state.game.actions
    again = table.reload()
    assert again.state.daily is not None and again.state.game.actions == daily
    assert again.state.parked is not None and again.state.parked.game.actions == own
    again.send(BackToGame())
    third = again.reload()
    assert third.state.daily is None and third.state.game.actions == own
    assert third.state.parked is not None and third.state.parked.game.actions == daily


def test_the_first_result_of_the_day_is_kept_and_playing_again_is_practice() -> None:
    table = opened()
    table.send(PlayDaily())
    to_game_over(table)
    game = table.state.game
    kept = table.state.daily_results.result_of(DEC_1)
    assert kept == DayResult(game.winner == 0, *game.scores, len(game.hand_results))
    assert table.saved["daily"] == table.state.daily_results.to_dict()
    model = EN.table(table.state)
    assert model.proof is not None and model.proof.ok and model.proof.salt == ""
    assert model.proof.verdict.endswith("the daily deal of 1 December 2026.")
    assert [b.action for b in model.game_over.buttons][:2] == ["share-daily", "next-hand"]  # type: ignore[union-attr]

    table.send(PlayDaily())  # today's deal again: practice
    assert table.state.daily is not None and table.state.daily.practice
    assert EN.table(table.state).seal.practice  # type: ignore[union-attr]
    to_game_over(table, seed=5)
    assert table.state.daily_results.result_of(DEC_1) == kept
    again = table.reload()
    assert again.state.daily_results.result_of(DEC_1) == kept


def test_another_days_deal_is_practice_and_the_streak_counts_days_played() -> None:
    results = DailyResults().kept(DEC_1 - timedelta(days=1), DayResult(False, 50, 100, 4))
    stored = Stored(settings={"level": "easy"}, daily=results.to_dict())
    table = opened(stored, Address(daily=DEC_1 - timedelta(days=3), today=DEC_1))
    assert table.state.daily is not None and table.state.daily.practice
    table.send(PlayDaily())
    assert table.state.daily is not None and not table.state.daily.practice
    assert table.state.question is None  # the other day's deal was not played yet
    to_game_over(table)
    assert table.state.daily_results.streak(DEC_1) == 2
    table.send(OpenPanelStats())
    calendar = EN.table(table.state).panel.calendar  # type: ignore[union-attr]
    assert calendar is not None and calendar.streak == "Current streak: 2 days"
    cells = {c.day: c for week in calendar.weeks for c in week if c is not None}
    assert cells[1].today and cells[1].mark in ("won", "lost")
    assert calendar.month == "December 2026" and calendar.share is not None


def OpenPanelStats() -> object:  # noqa: N802 - reads as the intent it makes
    from gin.table.intents import OpenPanel, Panel

    return OpenPanel(Panel.STATS)


def test_another_days_unfinished_deal_is_given_up_only_when_the_person_agrees() -> None:
    table = opened(address=Address(daily=DEC_1 - timedelta(days=1), today=DEC_1))
    play_moves(table, 6)
    yesterday = table.state.game.actions
    table.send(PlayDaily())
    assert table.state.question is Question.REPLACE_DAILY
    text = EN.table(table.state).question.text  # type: ignore[union-attr]
    assert "30 November 2026" in text and "count as lost" in text
    table.send(Cancel())
    assert table.state.game.actions == yesterday and table.state.question is None
    table.send(PlayDaily())
    table.send(Confirm())
    assert table.state.daily is not None and table.state.daily.day == DEC_1
    assert table.state.left is not None and table.state.left.day == DEC_1 - timedelta(days=1)
    # Yesterday's was practice (played today): given up, nothing is kept for it.
    assert table.state.daily_results.result_of(DEC_1 - timedelta(days=1)) is None
    assert table.state.stats.of("easy").games_abandoned == 1


def test_a_new_game_from_the_daily_deal_asks_before_the_persons_own_game_is_lost() -> None:
    table = opened()
    play_moves(table, 5)
    table.send(PlayDaily())
    play_moves(table, 3, seed=2)
    daily = table.state.game.actions
    table.send(NewGame())
    assert table.state.question is Question.NEW_GAME
    assert "this daily deal is kept" in EN.table(table.state).question.text  # type: ignore[union-attr]
    table.send(Cancel())
    assert table.state.daily is not None
    table.send(NewGame())
    table.send(Confirm())
    assert table.state.daily is None and table.state.seal is not None
    assert table.state.parked is not None and table.state.parked.game.actions == daily
    assert table.state.stats.of(table.state.level).games_abandoned == 1
    assert table.state.left is not None and table.state.left.given_up


def test_a_finished_daily_deal_leads_back_to_the_persons_own_game() -> None:
    table = opened()
    play_moves(table, 5)
    own = table.state.game.actions
    table.send(PlayDaily())
    to_game_over(table)
    assert EN.table(table.state).game_over.buttons[1].label == "Back to your game"  # type: ignore[union-attr]
    table.send(NextHand())
    assert table.state.daily is None and table.state.game.actions == own
    assert table.state.parked is None and "daily_table" not in table.saved


def test_share_copies_a_spoiler_free_text_or_shows_it_for_copying() -> None:
    table = opened()
    table.send(ShareDaily())
    assert table.state.why is not None and table.state.why.code is Why.NOTHING_TO_SHARE
    table.send(PlayDaily())
    to_game_over(table)
    effects = table.send(ShareDaily())
    share = next(e for e in effects if isinstance(e, fx.Share))
    game = table.state.game
    text = EN.deals.share_text(share.shared, table.state.page_url)
    you, computer = game.scores
    won = "won" if game.winner == 0 else "lost"
    hands = len(game.hand_results)
    plural = "hand" if hands == 1 else "hands"
    assert text == (
        f"Gin Rummy, the deal of 1 December 2026: I {won} {you} to {computer} in {hands} "
        f"{plural}.\nhttps://x.test/?daily=2026-12-01"
    )
    for result in game.hand_results:  # nothing of the cards
        for card in (*result.hands[0], *result.hands[1]):
            assert EN.tr.card_name(card) not in text
    model = EN.table(table.state).sharing
    assert model is not None and model.text == text and model.status == "Copying…"
    table.send(ShareDone(False))
    assert "select the text" in EN.table(table.state).sharing.status  # type: ignore[union-attr]
    table.send(ShareDone(True))
    assert "Copied" in EN.table(table.state).sharing.status  # type: ignore[union-attr]
    assert table.send(KeyPress("n")) == [] and table.state.sharing is not None, "the box waits"
    table.send(OpenPanel(Panel.MENU))
    assert table.state.sharing is None, "the menu opens with the box put away, not under it"
    table.send(ShareDaily())
    effects = table.send(CloseShare())
    assert table.state.sharing is None
    assert fx.Focus(Control.SHARE_DAILY.action) in effects, "back to the Share button"
    table.send(ShareDaily())
    assert fx.Focus(Control.SHARE_DAILY.action) in table.send(KeyPress("Escape"))


def test_the_address_asks_for_a_days_deal_and_a_malformed_one_is_ignored_with_a_notice() -> None:
    address, warnings = read_address({"daily": "2026-12-02", "seed": "5"})
    assert address.daily == date(2026, 12, 2) and address.seed is None and warnings
    address, warnings = read_address({"daily": "2026-02-31"})
    assert address.daily is None and address.daily_ignored and warnings
    table = opened(address=replace(address, today=DEC_1))
    assert table.state.daily is None
    assert Notice.DAILY_ADDRESS in {notice.code for notice in table.state.notices}


def test_the_same_day_deals_the_same_first_hand_and_the_next_day_another() -> None:
    first = opened(address=Address(daily=True, today=DEC_1)).state
    second = opened(Stored(), Address(daily=DEC_1, today=DEC_1 + timedelta(days=5))).state
    assert first.game.view(0).hand == second.game.view(0).hand
    next_day = opened(address=Address(daily=DEC_1 + timedelta(days=1), today=DEC_1)).state
    assert next_day.game.view(0).hand != first.game.view(0).hand


def test_another_tabs_daily_results_are_joined_and_its_own_game_kept_aside() -> None:
    table = opened()
    play_moves(table, 5)
    table.send(PlayDaily())
    other = DailyResults().kept(DEC_1 - timedelta(days=2), DayResult(True, 100, 3, 2))
    elsewhere = opened()
    play_moves(elsewhere, 9, seed=8)
    record = elsewhere.saved["table"]
    table.send(StoredElsewhere(table=record, daily=other.to_dict()))
    assert table.state.daily is not None  # the daily deal stays on the table
    assert table.state.parked is not None
    assert table.state.parked.game.actions == elsewhere.state.game.actions
    assert table.state.daily_results.result_of(DEC_1 - timedelta(days=2)) is not None


def test_damaged_daily_records_are_dropped_with_a_notice() -> None:
    stored = Stored(daily={"days": {"2026-11-30": "won"}}, daily_table={"format": "nonsense"})
    table = opened(stored)
    codes = {notice.code for notice in table.state.notices}
    assert {Notice.DAILY_DAMAGED, Notice.DAILY_SAVE_UNREADABLE} <= codes
    assert table.state.daily is None and table.state.parked is None


def test_todays_deal_given_up_for_another_days_counts_as_lost() -> None:
    table = opened()
    table.send(PlayDaily())
    play_moves(table, 6)
    assert table.state.in_progress
    hands = table.state.game.hand_number
    you, computer = table.state.game.scores
    table.send(PlayDaily(DEC_1 - timedelta(days=7)))
    assert table.state.question is Question.REPLACE_DAILY
    table.send(Confirm())
    assert table.state.daily_results.result_of(DEC_1) == DayResult(False, you, computer, hands)
    assert table.state.daily is not None and table.state.daily.practice
    assert table.saved["daily"] == table.state.daily_results.to_dict()


def test_settings_changed_during_a_daily_deal_wait_for_the_persons_own_game() -> None:
    from gin.table.intents import ChangeSetting

    table = opened(Stored(settings={"level": "easy", "target": 50}))
    table.send(PlayDaily())
    table.send(ChangeSetting("sound", False))
    assert table.state.question is None and table.state.game.rules == DAILY_RULES
    table.send(ChangeSetting("target", "70"))
    assert table.state.question is None and table.state.game.rules == DAILY_RULES
    assert table.state.settings.rules.target == 70
    table.send(BackToGame())  # no own game kept aside: a new one, by the new rules
    assert table.state.daily is None and table.state.game.rules.target == 70
