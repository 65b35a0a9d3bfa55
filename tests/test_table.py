"""The table session and presenter: what the browser shows and allows, tested without a browser."""

from __future__ import annotations

import json
import random

import pytest

from gin.actions import IllegalActionError
from gin.cards import Card
from gin.i18n import Translator
from gin.table.presenter import Presenter
from gin.table.session import AI, YOU, TableSession
from gin.table.settings import Settings
from gin.table.stats import LevelStats, Statistics
from gin.web.render import Chrome, table_html

EN = Presenter(Translator("en"))


def advance_to(session: TableSession, phase: str, rng: random.Random, limit: int = 400) -> None:
    """Play random legal moves for the person until the table reaches ``phase``."""
    for _ in range(limit):
        list(session.bot_steps())
        if session.phase == phase:
            return
        if session.phase == "hand-over":
            session.next_hand()
        elif session.phase == "game-over":
            break
        else:
            session.play(rng.choice(session.legal_actions()))
        list(session.bot_steps())
    raise AssertionError(f"never reached {phase}")


def test_the_person_acts_only_on_their_turn() -> None:
    session = TableSession("easy", seed=4)
    list(session.bot_steps())
    assert session.game.to_move == YOU
    session.play(session.legal_actions()[0])
    if session.game.to_move == AI:
        assert session.legal_actions() == []
        with pytest.raises(IllegalActionError, match="Wait for your turn"):
            session.play("pass")


def test_bot_steps_stop_at_the_end_of_a_hand_until_the_next_deal() -> None:
    session = TableSession("easy", seed=9)
    advance_to(session, "hand-over", random.Random(1))
    assert list(session.bot_steps()) == []
    assert session.legal_actions() == []
    with pytest.raises(IllegalActionError):
        session.play("draw stock")
    session.next_hand()
    list(session.bot_steps())
    assert session.phase in ("upcard", "draw", "discard")
    assert session.game.to_move == YOU


def test_a_saved_table_resumes_exactly() -> None:
    session = TableSession("normal", seed=21)
    advance_to(session, "hand-over", random.Random(2))
    restored = TableSession.from_dict(json.loads(json.dumps(session.to_dict())))
    assert restored.phase == "hand-over"
    assert restored.view == session.view
    assert restored.level == "normal"


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(format="other"),
        lambda d: d.update(version=99),
        lambda d: d.update(results_seen="x"),
        lambda d: d.update(results_seen=5),
        lambda d: d.update(level="impossible"),
        lambda d: d["game"]["actions"].append("gin KS"),
        lambda d: d["game"].update(seed=d["game"]["seed"] + 1),
    ],
)
def test_a_damaged_save_is_refused(damage) -> None:  # type: ignore[no-untyped-def]
    session = TableSession("easy", seed=3)
    advance_to(session, "discard", random.Random(3))
    data = json.loads(json.dumps(session.to_dict()))
    damage(data)
    with pytest.raises(ValueError):
        TableSession.from_dict(data)


def test_only_legal_discards_are_playable_and_knock_arms_its_cards() -> None:
    session = TableSession("easy", seed=5)
    advance_to(session, "discard", random.Random(4))
    model = EN.table(session)
    legal = {str(action) for action in session.legal_actions()}
    for card in model.hand:
        assert card.playable == (f"discard {card.code}" in legal)
    armed = EN.table(session, armed="knock")
    knock_cards = {text.split()[1] for text in legal if text.startswith("knock")}
    knock = next(b for b in armed.buttons if b.action == "knock")
    assert knock.enabled == knock.pressed == bool(knock_cards)
    if knock_cards:
        assert {card.code for card in armed.hand if card.playable} == knock_cards
    else:  # arming what is not legal is ignored
        assert [c.playable for c in armed.hand] == [c.playable for c in model.hand]


def test_knock_armed_offers_exactly_the_knocking_discards() -> None:
    for seed in range(40):
        session = TableSession("easy", seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            list(session.bot_steps())
            if session.phase != "discard":
                if session.phase == "hand-over":
                    session.next_hand()
                elif session.phase == "game-over":
                    break
                else:
                    session.play("draw stock" if session.phase == "draw" else "pass")
                continue
            legal = {str(a) for a in session.legal_actions()}
            knocks = {t.split()[1] for t in legal if t.startswith("knock")}
            if knocks:
                armed = EN.table(session, armed="knock")
                assert {c.code for c in armed.hand if c.playable} == knocks
                assert "Knock: click the card" in armed.status
                return
            session.play(rng.choice(sorted(t for t in legal if t.startswith("discard"))))
    raise AssertionError("no knock found in 40 games")


def test_buttons_follow_the_legal_actions() -> None:
    session = TableSession("easy", seed=6)
    list(session.bot_steps())
    model = EN.table(session)
    enabled = {b.action for b in model.buttons if b.enabled}
    if session.phase == "upcard":
        assert {"take", "pass"} <= enabled
    assert "next-hand" not in enabled
    busy = EN.table(session, busy=True)
    assert not any(b.enabled for b in busy.buttons)
    assert not busy.stock_enabled and not busy.pile_enabled


def test_hand_sorting_and_custom_order() -> None:
    session = TableSession("easy", seed=7)
    by_rank = [c.code for c in EN.table(session, mode="rank").hand]
    assert [Card.parse(c).rank for c in by_rank] == sorted(Card.parse(c).rank for c in by_rank)
    custom = list(reversed(by_rank))
    assert [c.code for c in EN.table(session, order=custom).hand] == custom
    grouped = EN.table(session, mode="melds").hand
    melds = [c.meld for c in grouped]
    assert melds == sorted(melds, key=lambda m: (m is None, m if m is not None else 0))


def test_result_lays_out_both_hands_and_the_score_sheet_adds_up() -> None:
    session = TableSession("easy", seed=12)
    rng = random.Random(5)
    for _ in range(3000):
        list(session.bot_steps())
        if session.phase not in ("hand-over", "game-over"):
            session.play(rng.choice(session.legal_actions()))
            continue
        model = EN.table(session)
        assert model.result is not None
        result = session.game.hand_results[-1]
        shown = [card.code for hand in model.result.hands for meld in hand.melds for card in meld]
        shown += [card.code for hand in model.result.hands for card in hand.deadwood]
        if result.kind == "dead":  # never shown down: only the person's own cards
            assert sorted(shown) == sorted(str(c) for c in result.hands[YOU])
        else:
            assert sorted(shown) == sorted(str(c) for hand in result.hands for c in hand)
        assert model.you_score == sum(row.you for row in model.sheet)
        assert model.ai_score == sum(row.ai for row in model.sheet)
        if session.phase == "game-over":
            break
        session.next_hand()
    assert "won the game" in EN.table(session).result.headline  # type: ignore[union-attr]


def test_rendered_html_has_the_test_hooks() -> None:
    session = TableSession("easy", seed=8)
    html = table_html(EN.table(session), EN, Chrome(Settings(), "en", "melds"))
    for hook in (
        'data-testid="stock"',
        'data-testid="pile"',
        'data-testid="hand"',
        'data-testid="opponent-hand"',
        'data-testid="score-you"',
        'data-testid="score-ai"',
        'data-action="take"',
        'data-action="pass"',
        'data-action="knock"',
        'data-action="gin"',
        'data-action="new-game"',
    ):
        assert hook in html
    assert html.count("data-card=") >= 11
    assert "<script" not in html


def test_card_names_are_escaped_and_spoken() -> None:
    assert EN.tr.card_name(Card.parse("7H")) == "seven of hearts"
    assert EN.tr.card_name(Card.parse("QS")) == "queen of spades"


@pytest.mark.parametrize("panel", ["settings", "stats", "help"])
def test_panels_render_with_their_hooks(panel: str) -> None:
    session = TableSession("easy", seed=8)
    stats = Statistics.empty().update("hard", LevelStats(games_played=4, games_won=3))
    chrome = Chrome(Settings(), "en", "melds", panel=panel, stats=stats)
    html = table_html(EN.table(session), EN, chrome)
    assert f'data-testid="{panel}-panel"' in html
    assert 'data-action="close-panel"' in html
    if panel == "stats":
        assert "Hard: 3 won, 1 lost" in html and "<svg" in html
    if panel == "settings":
        for setting in (
            "level",
            "target",
            "game_bonus",
            "line_bonus",
            "shutout_bonus",
            "speed",
            "sound",
            "four_colour",
        ):
            assert f'data-setting="{setting}"' in html


def test_pending_rule_change_asks_before_a_new_game() -> None:
    session = TableSession("easy", seed=8)
    pending = Settings().with_value("target", "50")
    html = table_html(
        EN.table(session), EN, Chrome(Settings(), "en", "melds", panel="settings", pending=pending)
    )
    assert 'data-action="apply-rules"' in html and 'data-action="cancel-rules"' in html
    assert 'value="50"' in html


def test_hint_text_names_cards_in_words() -> None:
    from gin.ai import hint

    session = TableSession("easy", seed=8)
    list(session.bot_steps())
    advice = hint(session.view, session.legal_actions())
    text = EN.hint_text(advice)
    assert text and "{" not in text
    assert advice.action in session.legal_actions()
