"""Review hand at the table: the intent, the page's review effect, the panel, keys, statistics."""

from __future__ import annotations

import random
from dataclasses import replace

from gin.actions import ActionKind
from gin.ai.coach import HandReview, review_hand
from gin.game_record import checksum as _checksum
from gin.i18n import LANGUAGES, Translator
from gin.table import effects as fx
from gin.table.intents import (
    Arm,
    AskHint,
    Cancel,
    ClosePanel,
    KeyPress,
    NewGame,
    NextHand,
    OpenPanel,
    Panel,
    PlayCard,
    ReviewHand,
    ReviewReady,
    ReviewStep,
)
from gin.table.messages import Why
from gin.table.presenter import Presenter, panels
from gin.table.presenter.review import review as review_model
from gin.table.presenter.review import summary
from gin.table.seats import YOU
from gin.table.state import SavedTable, TablePhase
from gin.table.stats import LevelStats, Statistics
from gin.table.update import update
from gin.web.render import table_html
from tests.table_helpers import EN, WORDS, Table, at_phase, knock_table, refusal


def hand_over(seed: int = 1) -> Table:
    return at_phase(TablePhase.HAND_OVER, seed=seed)


def test_review_hand_is_refused_while_the_hand_is_played() -> None:
    table = at_phase(TablePhase.DISCARD)
    effects = table.send(ReviewHand())
    assert refusal(table) == Why.HAND_IN_PLAY and table.state.panel is None
    assert not any(isinstance(effect, fx.Review) for effect in effects)


def test_review_hand_asks_the_page_for_the_review_of_the_hand_on_show() -> None:
    table = hand_over()
    state, effects = update(table.state, ReviewHand())
    assert state.panel is Panel.REVIEW and state.review is None
    (review,) = [effect for effect in effects if isinstance(effect, fx.Review)]
    game = table.state.game
    assert review.record == game.finished_hands_record()  # no seed mid-game: no later deal
    assert review.record["seed"] is None
    assert (review.hand_number, review.seat) == (1, YOU)
    # The panel takes the focus on its close button, as every framed panel does (it stayed
    # on the page, or on Review hand behind the panel).
    assert fx.Focus("close-panel") in effects
    again, effects = update(state, ReviewHand())  # pressed again while it is worked out
    assert again.panel is Panel.REVIEW and effects == [fx.Focus("close-panel")]
    model = EN.table(state).panel
    assert model is not None and model.review is not None
    assert model.title == "Review of hand 1" and model.review.waiting
    assert "concealed cards" in model.review.note


def test_the_review_is_shown_stepped_through_and_counted_once() -> None:
    table = hand_over()
    table.send(ReviewHand())
    review = table.state.review
    assert review is not None and review == review_hand(table.state.game, 1, YOU)
    count = len(review.decisions)
    assert count >= 2
    stats = table.state.stats.of("easy")
    assert (stats.hands_reviewed, stats.decisions_reviewed) == (1, count)
    assert stats.decisions_as_hard == review.as_hard
    assert table.saved["stats"] == table.state.stats.to_dict()
    assert table.saved["table"]["reviewed"] == [1]  # type: ignore[index]
    table.send(ReviewStep(-1))
    assert table.state.review_at == 0
    table.send(ReviewStep(1))
    assert table.state.review_at == 1
    table.send(KeyPress("ArrowRight"))
    table.send(KeyPress("ArrowLeft"))
    table.send(KeyPress("ArrowLeft"))
    assert table.state.review_at == 0
    for _ in range(count + 3):
        table.send(ReviewStep(1))
    assert table.state.review_at == count - 1
    table.send(Cancel())
    assert table.state.panel is None
    effects = table.send(KeyPress("r"))  # opened again: shown from the start, not recounted
    assert table.state.panel is Panel.REVIEW and table.state.review_at == 0
    assert not any(isinstance(effect, fx.Review | fx.Save) for effect in effects)
    assert fx.Focus("close-panel") in effects
    assert table.state.stats.of("easy").hands_reviewed == 1
    table.send(ClosePanel())
    table.send(ReviewStep(1))  # no review open: nothing moves
    assert table.state.review_at == 0


def test_a_review_already_counted_after_a_reload_is_not_counted_again() -> None:
    table = hand_over()
    table.send(ReviewHand())
    again = table.reload()
    assert again.state.reviewed == (1,) and again.state.review is None
    again.send(ReviewHand())
    assert again.state.review == table.state.review
    assert again.state.stats.of("easy").hands_reviewed == 1


def test_a_review_that_arrives_late_still_counts_unless_its_game_is_gone() -> None:
    table = hand_over()
    state, effects = update(table.state, ReviewHand())
    (asked,) = [effect for effect in effects if isinstance(effect, fx.Review)]
    review = review_hand(asked.record, asked.hand_number, asked.seat)
    later, _ = update(state, NextHand())
    assert later.panel is None  # the next deal puts the review away
    after, _ = update(later, ReviewReady(review, asked.ticket))
    assert after.review == review and after.reviewed == (1,) and after.panel is None
    other_game = replace(state, game_number=state.game_number + 1)
    after, effects = update(other_game, ReviewReady(review, asked.ticket))
    assert after.review is None and effects == []
    other_seat = HandReview(1, 1, ())
    after, effects = update(state, ReviewReady(other_seat, asked.ticket))
    assert after.review is None and effects == []


def test_the_arrows_move_between_cards_unless_a_review_is_open() -> None:
    table = at_phase(TablePhase.DISCARD)
    effects = table.send(KeyPress("ArrowRight"))
    assert any(isinstance(effect, fx.Focus) for effect in effects)
    table.send(OpenPanel(Panel.KEYS))
    help_panel = EN.table(table.state).panel
    assert help_panel is not None
    assert ("← →", "Step through the decisions of a hand review") in help_panel.keys
    assert ("R", "Review the hand that just ended") in help_panel.keys


def test_the_panel_shows_each_decision_with_hards_move_reason_and_cost() -> None:
    for seed in range(1, 8):
        table = hand_over(seed)
        table.send(ReviewHand())
        review = table.state.review
        assert review is not None
        if review.mistakes:
            break
    else:
        raise AssertionError("the random person always played as Hard")
    marked = next(i for i, d in enumerate(review.decisions) if not d.as_hard and d.cost is not None)
    decision = review.decisions[marked]
    state = replace(table.state, review_at=marked)
    panel = EN.table(state).panel
    assert panel is not None and panel.review is not None
    model = panel.review
    count = len(review.decisions)
    assert model.position == f"Decision {marked + 1} of {count}"
    assert model.marked and model.verdict.startswith("Hard would rather: ")
    assert model.played == "You: " + WORDS.action_name(decision.played)
    assert model.cost.startswith("Estimated cost: ") and model.cost.endswith(" points")
    assert model.reason == WORDS.reason(decision.reason_code, decision.reason_args)
    assert len(model.hand) == len(decision.hand)
    assert [d.marked for d in model.decisions] == [not d.as_hard for d in review.decisions]
    assert [d.current for d in model.decisions].index(True) == marked
    assert model.next is not None and model.previous is not None
    assert model.previous.enabled == (marked > 0)
    assert model.next.enabled == (marked < count - 1)
    assert f"of {count} decisions as Hard would play" in model.summary
    html = table_html(EN.table(state))
    for hook in ("review-panel", "review-step", "review-list", "review-note", "review-summary"):
        assert f'data-testid="{hook}"' in html
    assert 'data-action="review-prev"' in html and 'data-action="review-next"' in html
    assert html.count("<li data-marked") == len(review.mistakes)
    agreed = next((i for i, d in enumerate(review.decisions) if d.as_hard), None)
    if agreed is not None:
        model = review_model(WORDS, replace(state, review_at=agreed))
        assert model.verdict == "Hard agrees." and model.cost == "" and not model.marked


def test_a_knock_hards_schedule_rules_out_is_marked_with_why_and_no_cost() -> None:
    """The person knocked where Hard plays on by policy: marked, explained, and not priced."""
    table = knock_table()
    legal = table.state.legal()
    knocks = [a.card for a in legal if a.kind is ActionKind.KNOCK and a.card is not None]
    table.send(Arm(ActionKind.KNOCK))
    table.send(PlayCard(knocks[0]))
    assert table.phase is TablePhase.HAND_OVER
    table.send(ReviewHand())
    review = table.state.review
    assert review is not None
    knock = review.decisions[-1]
    assert knock.played.kind is ActionKind.KNOCK and not knock.as_hard
    assert knock.cost is None and knock.reason_code == "play_on_early"
    assert review.cost == sum(d.cost or 0.0 for d in review.decisions)
    model = review_model(WORDS, replace(table.state, review_at=len(review.decisions) - 1))
    assert model.marked and model.reason.startswith("Do not knock yet with")
    assert model.cost == "No cost estimate: Hard does not knock with this much deadwood yet."
    # The hand's summary counts it apart: a total of 0.0 beside it read as a contradiction.
    only_the_knock = replace(review, decisions=(knock,))
    assert summary(WORDS, only_the_knock) == (
        "0 of 1 decision as Hard would play (0%). 1 knock has no cost estimate: Hard does not"
        " knock with that much deadwood yet."
    )
    priced = replace(knock, played=knock.advised)  # one as Hard, one priced mistake
    mistake = replace(knock, cost=1.25)
    both = replace(review, decisions=(priced, mistake, knock))
    text = summary(WORDS, both)
    assert "Estimated cost over the hand: 1.2 points." in text, text  # 1.25, half to even
    assert text.endswith(
        "1 knock has no cost estimate: Hard does not knock with that much deadwood yet."
    ), text


def test_a_hand_without_decisions_says_so() -> None:
    table = hand_over()
    state = replace(table.state, panel=Panel.REVIEW, review=HandReview(1, YOU, ()))
    model = review_model(WORDS, state)
    assert model.summary and model.decisions == () and model.note
    assert "review-step" not in table_html(EN.table(state))


def test_the_review_works_at_game_over_too() -> None:
    table = Table.open(seed=3)
    table.play_until(TablePhase.GAME_OVER, random.Random(1))
    over = EN.table(table.state).game_over
    assert over is not None and "review-hand" in [b.action for b in over.buttons]
    table.send(ReviewHand())
    last = table.state.game.hand_results[-1].number
    assert table.state.review is not None and table.state.review.hand_number == last
    assert table.state.reviewed == (last,)
    table.send(NewGame())
    assert table.state.review is None and table.state.reviewed == ()


def test_the_statistics_show_reviews_and_accuracy_per_level() -> None:
    table = hand_over()
    table.send(OpenPanel(Panel.STATS))
    stats = EN.table(table.state).panel.stats  # type: ignore[union-attr]
    assert stats is not None
    assert dict(stats.reviews.rows) == {
        "Hands reviewed": ("0", "0", "0"),
        "Decisions as Hard would play": ("—", "—", "—"),
    }
    played = table.state.stats.update("hard", LevelStats(decisions_reviewed=8, decisions_as_hard=6))
    stats = panels.stats(WORDS, replace(table.state, stats=played))
    assert dict(stats.reviews.rows)["Decisions as Hard would play"][2] == "75%"
    html = table_html(EN.table(table.state))
    stats_table = html[
        html.index('data-testid="stats-table"') : html.index(
            "</table>", html.index('data-testid="stats-table"')
        )
    ]
    assert 'data-testid="review-stats"' in stats_table, "one table: the levels' columns line up"


def test_stored_statistics_from_before_the_coach_read_as_no_reviews() -> None:
    old = {
        "version": 1,
        "levels": {"easy": {"games_played": 4, "games_won": 2, "hints_used": 3}},
    }
    stats, damaged = Statistics.from_dict(old)
    assert not damaged
    easy = stats.of("easy")
    assert (easy.games_played, easy.games_won, easy.hints_used) == (4, 2, 3)
    assert (easy.hands_reviewed, easy.decisions_reviewed, easy.accuracy) == (0, 0, None)
    odd = {"version": 1, "levels": {"easy": {"decisions_reviewed": 2, "decisions_as_hard": 5}}}
    assert Statistics.from_dict(odd)[0].of("easy").decisions_reviewed == 5


def test_a_saved_table_from_before_the_coach_or_with_a_bad_list_resumes() -> None:
    table = hand_over()
    record = table.state.record()
    for reviewed in (None, "1", [0], [True], [99]):
        data = {k: v for k, v in record.items() if k not in ("checksum", "reviewed")}
        if reviewed is not None:
            data["reviewed"] = reviewed
        saved = SavedTable.from_dict({**data, "checksum": _checksum(data)})
        assert saved.reviewed == () and saved.game.actions == table.state.game.actions


def test_the_hint_tells_its_margin_over_the_next_best_move() -> None:
    table = at_phase(TablePhase.DISCARD)
    table.send(AskHint())
    advice = table.state.hint
    assert advice is not None and advice.runner_up is not None and advice.margin is not None
    text = EN.table(table.state).hint
    assert text.startswith(WORDS.reason(advice.reason_code, advice.reason_args))
    assert WORDS.action_name(advice.runner_up) in text
    close = WORDS.hint_text(replace(advice, margin=0.01))
    assert close.endswith("is about as good.")
    far = WORDS.hint_text(replace(advice, margin=2.345))
    assert far.endswith(
        f"About 2.3 points better than the next best move ({WORDS.action_name(advice.runner_up)})."
    )
    only = WORDS.hint_text(replace(advice, runner_up=None, margin=None))
    assert only == WORDS.reason(advice.reason_code, advice.reason_args)


def test_the_review_and_the_margin_speak_every_language() -> None:
    table = hand_over()
    table.send(ReviewHand())
    review = table.state.review
    assert review is not None
    marked = next((i for i, d in enumerate(review.decisions) if not d.as_hard), 0)
    state = replace(table.state, review_at=marked)
    english = review_model(WORDS, state)
    for language in LANGUAGES:
        presenter = Presenter(Translator(language))
        model = review_model(presenter.words, state)
        assert model.note and model.summary and model.position
        if language != "en":
            assert model.note != english.note and model.position != english.position
        comma = language in ("et", "pl")
        assert presenter.words.points(2.25) in (("2,2", "2,3") if comma else ("2.2", "2.3"))
