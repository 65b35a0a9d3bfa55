"""The lessons: every deal legal, every step's move the engine's, every refusal the promised one,
and every number a lesson names computed again here from the engine."""

from __future__ import annotations

import string
from collections.abc import Iterator

import pytest

from gin import Game
from gin.actions import Action, ActionKind
from gin.ai import hint
from gin.cards import DECK, Card, parse_cards, to_mask
from gin.lessons import LESSONS, Lesson, LessonRun, Pick, Reason, Say, parse_move
from gin.lessons.deal import COMPUTER, YOU, Deal, stacked_deck
from gin.lessons.goals import (
    HardGoal,
    LayoffGoal,
    LeastDeadwoodGoal,
    PickGoal,
    PlayGoal,
    UnmeldedGoal,
)
from gin.lessons.reasons import BUTTONS, RIGHT, TEMPLATES, render, worded
from gin.melds import deadwood_mask, is_meld, melded_mask
from gin.rules import GIN_BONUS, KNOCK_LIMIT, UNDERCUT_BONUS
from gin.scoring import HandKind, price_showdown
from tests.helpers import check_invariants

IDS = [lesson.key for lesson in LESSONS]


def walk(lesson: Lesson) -> Iterator[LessonRun]:
    """Every position of a lesson at which it asks something, playing Show me's moves."""
    run = lesson.start()
    while not run.done:
        yield run
        verdict = run.attempt(run.expected())
        assert verdict.accepted, (lesson.key, run.step, run.expected(), verdict)
        run = verdict.run.settled()


def finished(lesson: Lesson) -> LessonRun:
    """The lesson played to its end by Show me's moves."""
    *_, last = walk(lesson)
    end = last.attempt(last.expected()).run.settled()
    assert end.done
    return end


def tried_moves(run: LessonRun) -> list[Action | Pick]:
    """Everything the person could try at this position: each legal action, or each card."""
    goal = run.current.goal if run.current else None
    if isinstance(goal, PickGoal):
        return [Pick(card) for card in goal.cards(run.view) if card not in run.picked]
    return list(run.view.legal_actions)


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


# --- the deals -------------------------------------------------------------------------------


def test_the_path_has_at_least_eight_lessons_with_distinct_keys_and_deals() -> None:
    assert len(LESSONS) >= 8
    assert len(set(IDS)) == len(IDS)
    assert len({lesson.deal.key for lesson in LESSONS}) == len(LESSONS)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_each_deal_is_a_whole_deck_dealt_as_the_lesson_says(lesson: Lesson) -> None:
    deal = lesson.deal
    deck = deal.deck()
    assert sorted(deck) == sorted(DECK)
    game = deal.game()  # the engine checks the deck itself
    check_invariants(game)
    assert game.dealer == deal.dealer
    assert game.view(YOU).hand == tuple(sorted(parse_cards(deal.you)))
    assert game.view(COMPUTER).hand == tuple(sorted(parse_cards(deal.computer)))
    assert game.view(YOU).discard_pile == (Card.parse(deal.upcard),)
    top = parse_cards(deal.stock)
    assert deck[21 : 21 + len(top)] == top  # the stock's next cards, in order
    assert stacked_deck(deal) == deck  # the same deck every time


def test_a_deal_that_names_a_card_twice_or_a_short_hand_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        Deal("bad", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "AS 2H 3H 4H 5H 6H 7H 8H 9H TH", "KC").deck()
    with pytest.raises(ValueError, match="10 cards"):
        Deal("bad", "AS 2S", "2H 3H 4H 5H 6H 7H 8H 9H TH JH", "KC").deck()
    with pytest.raises(ValueError, match="dealer"):
        Deal(
            "bad", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "2H 3H 4H 5H 6H 7H 8H 9H TH JH", "KC", dealer=2
        ).deck()


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_move_of_a_lesson_is_played_by_the_engine(lesson: Lesson) -> None:
    """The prelude, the person's moves and the computer's scripted answers are all legal:
    replaying the lesson's record through a fresh game accepts every one of them."""
    run = finished(lesson)
    replayed = Game.from_dict(run.game.to_dict())
    assert replayed.actions == run.game.actions
    assert run.game.actions[: len(lesson.prelude)] == list(lesson.prelude)
    for step in lesson.steps:
        for text in step.then:
            assert text in run.game.actions


# --- the steps ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_each_step_asks_the_person_and_its_show_me_move_is_the_goals(lesson: Lesson) -> None:
    for run in walk(lesson):
        step = run.current
        assert step is not None
        goal, view = step.goal, run.view
        if isinstance(goal, PlayGoal):
            assert view.to_move == YOU and view.legal_actions
            accepted = goal.accepted(view)
            assert accepted and accepted <= set(view.legal_actions)
            assert parse_move(step.show) in accepted, (lesson.key, run.step)
            assert run.expected() == parse_move(step.show)
        else:
            assert not step.show and goal.targets(view)
            assert set(goal.targets(view)) <= set(goal.cards(view))


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_wrong_move_is_refused_with_a_reason_and_changes_nothing(lesson: Lesson) -> None:
    for run in walk(lesson):
        actions_before = run.game.actions
        goal = run.current.goal if run.current else None
        right = goal.accepted(run.view) if isinstance(goal, PlayGoal) else set()
        targets = goal.targets(run.view) if isinstance(goal, PickGoal) else ()
        for move in tried_moves(run):
            verdict = run.attempt(move)
            is_right = move in right or (isinstance(move, Pick) and move.card in targets)
            assert verdict.accepted == is_right, (lesson.key, run.step, move)
            assert verdict.reason is not None
            assert (verdict.reason.code in RIGHT) == is_right or verdict.reason.code is Say.COACH
            if not is_right:
                assert verdict.run is run  # nothing happens to the lesson's state
                assert run.game.actions == actions_before


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_promised_refusals_come_with_their_reasons(lesson: Lesson) -> None:
    promised = 0
    for run in walk(lesson):
        step = run.current
        assert step is not None
        for text, code in step.promised.items():
            verdict = run.attempt(parse_move(text))
            assert not verdict.accepted and verdict.run is run
            assert verdict.reason is not None and verdict.reason.code is code, (lesson.key, text)
            promised += 1
        for text in step.refused_by_rules:
            verdict = run.attempt(parse_move(text))
            assert not verdict.accepted and verdict.run is run
            assert verdict.reason is None and verdict.illegal  # the engine's own words
    assert promised, "every lesson points out at least one wrong move"


def test_the_card_just_taken_is_refused_by_the_engines_own_rule() -> None:
    run = next(
        r for lesson in LESSONS for r in walk(lesson) if r.current and r.current.refused_by_rules
    )
    verdict = run.attempt(parse_move(run.current.refused_by_rules[0]))  # type: ignore[union-attr]
    assert "just took it" in verdict.illegal


def test_a_move_of_the_wrong_kind_is_refused_with_what_the_step_asks() -> None:
    pick_step = LESSONS[0].start()
    assert isinstance(pick_step.current.goal, UnmeldedGoal)  # type: ignore[union-attr]
    verdict = pick_step.attempt(Action(ActionKind.PASS))
    assert not verdict.accepted and verdict.reason == Reason(Say.TAP_A_CARD)
    play_step = LESSONS[1].start()
    verdict = play_step.attempt(Pick(play_step.view.hand[0]))
    assert not verdict.accepted and verdict.reason == Reason(Say.MAKE_A_MOVE)
    not_mine = next(card for card in DECK if card not in pick_step.view.hand)
    verdict = pick_step.attempt(Pick(not_mine))
    assert not verdict.accepted and verdict.illegal and verdict.run is pick_step


def test_a_card_picked_twice_is_refused_the_second_time() -> None:
    run = LESSONS[0].start()
    first = run.expected()
    after = run.attempt(first)
    assert after.accepted and after.run.picked == (first.card,)  # type: ignore[union-attr]
    again = after.run.attempt(first)
    assert not again.accepted and again.reason is not None
    assert again.reason.code is Say.PICKED_ALREADY and again.run is after.run


# --- every claim, computed again ----------------------------------------------------------------


def check_claims(run: LessonRun, move: Action | Pick, reason: Reason) -> None:
    """Each value a reason names is what the engine says about this position."""
    view = run.view
    values = reason.values
    hand = view.hand
    mask = to_mask(hand)

    def left(card: Card) -> int:
        return deadwood_mask(mask ^ card.bit)

    card = values.get("card")
    if isinstance(card, Card) and "points" in values:
        assert values["points"] == card.points
    if isinstance(values.get("best"), Card) and "best_points" in values:
        assert values["best_points"] == values["best"].points  # type: ignore[union-attr]
    if reason.code in (Say.TAKE_MELD, Say.PILE_MELDS):
        top = view.discard_pile[-1]
        assert values["card"] is top and values["before"] == deadwood_mask(mask)
        grown = mask | top.bit
        assert values["after"] == min(deadwood_mask(grown ^ c.bit) for c in hand)
        assert top.bit & melded_mask(grown) and top in values["meld"]  # type: ignore[operator]
    if reason.code is Say.PILE_USELESS:
        top = view.discard_pile[-1]
        assert not top.bit & melded_mask(mask | top.bit)
    if reason.code in (Say.IN_SET, Say.IN_RUN, Say.BREAKS_MELD):
        meld = values["meld"]
        assert isinstance(meld, tuple) and is_meld(to_mask(meld)) and card in meld
        assert set(meld) <= set(hand)
        assert (reason.code is Say.IN_SET) == (len({c.rank for c in meld}) == 1) or (
            reason.code is Say.BREAKS_MELD
        )
    if reason.code is Say.NOT_A_RUN:
        cards = values["cards"]
        assert isinstance(cards, tuple) and not is_meld(to_mask(cards))
        assert not card.bit & melded_mask(mask)  # type: ignore[union-attr]
    if reason.code is Say.LOOSE:
        assert not card.bit & melded_mask(mask)  # type: ignore[union-attr]
    if "least" in values:
        best = values["best"]
        assert isinstance(best, Card) and values["least"] == left(best)
        if "deadwood" in values:
            assert isinstance(card, Card) and values["deadwood"] == left(card)
            assert values["deadwood"] > values["least"]  # type: ignore[operator]
    if reason.code in (Say.DISCARD_LEAST, Say.KNOCK_WITH, Say.COULD_KNOCK):
        assert isinstance(card, Card) and values["deadwood"] == left(card)
    if reason.code in (Say.KNOCK_WITH, Say.COULD_KNOCK):
        assert values["limit"] == view.rules.knock_limit == KNOCK_LIMIT
        assert values["deadwood"] <= values["limit"]  # type: ignore[operator]
    if reason.code is Say.CANNOT_KNOCK_THEN:
        assert values["deadwood"] > values["limit"]  # type: ignore[operator]
    if reason.code in (Say.GIN_WITH, Say.COULD_GIN, Say.NOT_GIN):
        assert values["bonus"] == GIN_BONUS
        gin_card = values["best"] if reason.code is Say.NOT_GIN else card
        assert isinstance(gin_card, Card) and left(gin_card) == 0
    if reason.code in (Say.FEEDS, Say.DISCARD_SAFE):
        known = values["known"]
        risky = values["card"] if reason.code is Say.FEEDS else values["other"]
        assert known in view.opponent_known_cards
        assert isinstance(risky, Card) and isinstance(known, Card)
        assert risky.rank == known.rank or (
            risky.suit == known.suit and abs(risky.rank - known.rank) <= 2
        )
    if reason.code is Say.DISCARD_SAFE:
        other = values["other"]
        assert isinstance(card, Card) and isinstance(other, Card) and left(card) == left(other)
    if reason.code in (Say.LAYS_OFF, Say.OWN_MELD, Say.FITS_NOTHING):
        result = view.hand_results[-1]
        showdown = result.showdown
        assert showdown is not None and result.knocker == COMPUTER
        laid = {laid_card: index for laid_card, index in showdown.layoffs}
        if reason.code is Say.LAYS_OFF:
            assert values["meld"] == showdown.knocker_melds[laid[card]]  # type: ignore[index]
            extended = to_mask(values["meld"]) | card.bit  # type: ignore[arg-type, union-attr]
            assert is_meld(extended) or card.rank in {c.rank for c in values["meld"]}  # type: ignore[union-attr]
        else:
            assert card not in laid
        if reason.code is Say.OWN_MELD:
            assert values["meld"] in showdown.defender_melds
    if reason.code is Say.COACH:
        assert reason.hint == hint(view, view.legal_actions)  # the Hint button's own advice


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_number_a_reason_names_is_the_engines(lesson: Lesson) -> None:
    for run in walk(lesson):
        for move in tried_moves(run):
            verdict = run.attempt(move)
            assert verdict.reason is not None
            check_claims(run, move, verdict.reason)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_text_of_a_lesson_fills_in_from_the_engines_facts(lesson: Lesson) -> None:
    start = lesson.start()
    facts = start.facts()
    assert fields(lesson.intro) <= set(facts) | set(BUTTONS), lesson.key
    render(lesson.intro, facts)
    for run in walk(lesson):
        assert run.current is not None
        render(run.current.ask, run.facts())
        for move in tried_moves(run):
            reason = run.attempt(move).reason
            assert reason is not None
            named = set(worded(reason.values, str)) | set(BUTTONS)
            assert fields(reason.template) <= named or reason.hint
            assert reason.text()
    end = finished(lesson)
    render(lesson.learned, end.facts())


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_the_facts_of_a_finished_hand_are_its_showdown_priced(lesson: Lesson) -> None:
    end = finished(lesson)
    facts = end.facts()
    assert facts["limit"] == KNOCK_LIMIT and facts["bonus"] == GIN_BONUS
    assert facts["undercut"] == UNDERCUT_BONUS
    assert facts["ace"] == 1 and facts["face"] == 10
    results = end.view.hand_results
    if not results:
        assert "points" not in facts
        return
    showdown = results[-1].showdown
    assert showdown is not None
    score = price_showdown(showdown)
    assert facts["points"] == score.points == results[-1].points
    assert facts["knocker"] == showdown.knocker_deadwood
    assert facts["defender"] == showdown.defender_deadwood


def test_every_template_has_a_code_and_every_code_a_template() -> None:
    assert set(TEMPLATES) == set(Say) - {Say.COACH}


# --- what each lesson teaches ---------------------------------------------------------------


def lesson(key: str) -> Lesson:
    return next(lesson for lesson in LESSONS if lesson.key == key)


def test_melds_the_cards_in_no_meld_include_q_k_a_which_is_not_a_run() -> None:
    run = lesson("melds").start()
    goal = run.current.goal  # type: ignore[union-attr]
    assert isinstance(goal, UnmeldedGoal)
    assert set(goal.targets(run.view)) == set(parse_cards("QH KH AH 9D"))
    assert goal.judge(run.view, Card.parse("AH")).code is Say.NOT_A_RUN
    assert goal.judge(run.view, Card.parse("AS")).code is Say.IN_RUN  # A-2-3: the ace is low
    assert goal.judge(run.view, Card.parse("9D")).code is Say.LOOSE


@pytest.mark.parametrize(
    ("key", "kind"),
    [("knocking", HandKind.KNOCK), ("gin", HandKind.GIN), ("laying-off", HandKind.KNOCK)],
)
def test_the_lessons_that_end_a_hand_end_it_as_they_teach(key: str, kind: HandKind) -> None:
    result = finished(lesson(key)).view.hand_results[-1]
    assert result.kind is kind


def test_undercut_the_lay_off_turns_the_computers_knock_into_an_undercut() -> None:
    end = finished(lesson("undercut"))
    result = end.view.hand_results[-1]
    assert result.kind is HandKind.UNDERCUT and result.knocker == COMPUTER and result.winner == YOU
    showdown = result.showdown
    assert showdown is not None and showdown.layoffs
    before = deadwood_mask(to_mask(result.hands[YOU]))
    assert before > showdown.knocker_deadwood >= showdown.defender_deadwood  # the lay-off did it


def test_laying_off_cuts_the_persons_deadwood_by_the_cards_laid_off() -> None:
    result = finished(lesson("laying-off")).view.hand_results[-1]
    showdown = result.showdown
    assert showdown is not None
    laid = [card for card, _ in showdown.layoffs]
    assert set(laid) == set(parse_cards("7S 9S"))
    before = deadwood_mask(to_mask(result.hands[YOU]))
    assert showdown.defender_deadwood == before - sum(card.points for card in laid)


def test_knock_or_play_on_follows_hard_both_ways() -> None:
    """Hard plays on with a high count early and knocks with a very low one: the lesson's
    two questions are exactly the Hint button's advice."""
    decisions = [
        run for run in walk(lesson("knock-or-play-on")) if isinstance(run.current.goal, HardGoal)
    ]  # type: ignore[union-attr]
    assert len(decisions) == 2
    play_on, knock = (hint(run.view, run.view.legal_actions) for run in decisions)
    assert play_on.action.kind is ActionKind.DISCARD and play_on.reason_code.startswith("play_on")
    assert any(a.kind is ActionKind.KNOCK for a in decisions[0].view.legal_actions)
    assert knock.action.kind is ActionKind.KNOCK and knock.reason_code == "knock"


def test_the_least_deadwood_steps_never_offer_a_knock() -> None:
    """A step that asks for a plain discard is one where no knock is possible, so that
    "throw the card that leaves least" never hides a better knock."""
    for each in LESSONS:
        for run in walk(each):
            if isinstance(run.current.goal, LeastDeadwoodGoal):  # type: ignore[union-attr]
                kinds = {a.kind for a in run.view.legal_actions}
                assert not kinds & {ActionKind.KNOCK, ActionKind.GIN}, each.key


def test_lay_off_steps_follow_the_computers_knock() -> None:
    steps = [
        (each.key, run)
        for each in LESSONS
        for run in walk(each)
        if isinstance(run.current.goal, LayoffGoal)  # type: ignore[union-attr]
    ]
    assert {key for key, _ in steps} == {"laying-off", "undercut"}
    for _key, run in steps:
        assert run.view.hand_results[-1].knocker == COMPUTER


# --- resuming ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_a_run_resumes_from_its_moves(lesson: Lesson) -> None:
    for run in walk(lesson):
        resumed = lesson.resume(run.moves)
        assert resumed.step == run.step and resumed.picked == run.picked
        assert resumed.game.actions == run.game.actions
    end = finished(lesson)
    assert lesson.resume(end.moves).done


def test_resuming_from_moves_the_lesson_would_refuse_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not the lesson's move"):
        lesson("deadwood").resume(["draw pile"])
    with pytest.raises(ValueError):
        lesson("deadwood").resume(["nonsense"])
    with pytest.raises(ValueError, match="done"):
        finished(lesson("melds")).attempt(Pick(Card.parse("QH")))


def test_the_computer_answers_one_move_at_a_time_and_the_next_question_waits() -> None:
    run = lesson("drawing").start()
    run = run.attempt(run.expected()).run  # take the face-up card
    verdict = run.attempt(run.expected())  # discard: the computer answers twice
    waiting = verdict.run
    assert verdict.accepted and waiting.pending == ("draw stock", "discard KD")
    assert waiting.current is None and not waiting.done
    refused = waiting.attempt(Action(ActionKind.DRAW_STOCK))
    assert not refused.accepted and refused.illegal and refused.run is waiting
    first, half = waiting.computer_move()
    assert first == Action(ActionKind.DRAW_STOCK) and half.pending == ("discard KD",)
    assert half.game.actions == [*waiting.game.actions, "draw stock"]
    second, answered = half.computer_move()
    assert str(second) == "discard KD" and answered.current is not None
    with pytest.raises(ValueError, match="no move"):
        answered.computer_move()


def test_a_lesson_reads_the_persons_view_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Like the coach, a lesson's goals decide from what the person can see."""
    asked: list[int] = []
    original = Game.view

    def spy(self: Game, player: int) -> object:
        asked.append(player)
        return original(self, player)

    monkeypatch.setattr(Game, "view", spy)
    for each in LESSONS:
        for run in walk(each):
            for move in tried_moves(run):
                run.attempt(move)
    assert set(asked) == {YOU}
