"""Whole games at the table, played only by clicking, against each computer level."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from .conftest import open_table
from .players import hand_cards, play_game, play_one_decision, wait_idle


def shown_number(page: Page, selector: str) -> int:
    return int(page.inner_text(selector).strip())


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_full_game_against_each_level(page: Page, site_url: str, level: str) -> None:
    open_table(page, site_url, f"?seed=11&speed=0&level={level}")
    play_game(page)

    you, ai = (
        shown_number(page, '[data-testid="score-you"]'),
        shown_number(page, '[data-testid="score-ai"]'),
    )
    rows_you = page.eval_on_selector_all("td[data-you]", "els => els.map(e => +e.dataset.you)")
    rows_ai = page.eval_on_selector_all("td[data-ai]", "els => els.map(e => +e.dataset.ai)")
    assert rows_you and (you, ai) == (sum(rows_you), sum(rows_ai))
    assert max(you, ai) >= 100
    expect(page.locator('[data-testid="result"]')).to_contain_text("won the game")
    expect(page.locator('[data-action="new-game"]')).to_be_enabled()
    page.click('[data-action="new-game"]')
    assert wait_idle(page) in ("upcard", "draw", "discard")
    assert shown_number(page, '[data-testid="score-you"]') == 0


def test_table_shows_what_a_player_needs(page: Page, site_url: str) -> None:
    open_table(page, site_url)
    expect(page.locator('[data-testid="ruleset"]')).to_contain_text("1.0.0")
    expect(page.locator('[data-testid="hand"] [data-card]')).to_have_count(
        10 if page.get_attribute("body", "data-turn") == "you" else 10
    )
    expect(page.locator('[data-testid="opponent-hand"] .card')).to_have_count(10)
    assert page.locator('[data-testid="opponent-hand"] [data-card]').count() == 0
    expect(page.locator('[data-testid="pile"] [data-card]')).to_have_count(1)
    expect(page.locator('[data-testid="deadwood"]')).to_contain_text("Deadwood")


def test_upcard_then_draw_and_discard_by_clicking(page: Page, site_url: str) -> None:
    open_table(page, site_url)
    phase = wait_idle(page)
    assert phase == "upcard"
    expect(page.locator('[data-action="take"]')).to_be_enabled()
    expect(page.locator('[data-action="knock"]')).to_be_disabled()
    upcard = page.get_attribute('[data-testid="pile"] [data-card]', "data-card")
    page.click('[data-action="take"]')
    assert wait_idle(page) == "discard"
    cards = hand_cards(page)
    assert len(cards) == 11
    taken = next(card for card in cards if card["code"] == upcard)
    assert not taken["playable"], "the card just taken from the pile cannot be discarded"
    assert sum(1 for card in cards if card["playable"]) == 10
    discard = next(str(card["code"]) for card in cards if card["playable"])
    page.click(f'[data-testid="hand"] [data-card="{discard}"]')
    phase = wait_idle(page)
    assert phase in ("draw", "hand-over")
    if phase == "draw":
        assert len(hand_cards(page)) == 10
        expect(page.locator('[data-testid="stock"]')).to_be_enabled()


def test_same_seed_same_deal(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=5&speed=0")
    first = [card["code"] for card in hand_cards(page)]
    page.evaluate("localStorage.clear()")
    open_table(page, site_url, "?seed=5&speed=0")
    assert [card["code"] for card in hand_cards(page)] == first
    open_table(page, site_url, "?seed=6&speed=0")
    assert [card["code"] for card in hand_cards(page)] != first


def test_wild_clicks_while_the_computer_plays_change_nothing(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=2&speed=0.5")
    for _ in range(6):  # reach a turn where the computer answers a discard
        phase = wait_idle(page)
        if phase == "discard":
            break
        play_one_decision(page)
    assert wait_idle(page) == "discard"
    before = json.loads(page.evaluate("localStorage.getItem('gin-rummy/session')"))["game"][
        "actions"
    ]
    card = next(str(c["code"]) for c in hand_cards(page) if c["playable"])
    page.click(f'[data-testid="hand"] [data-card="{card}"]')
    assert page.get_attribute("body", "data-busy") == "true"
    targets = [
        '[data-testid="stock"]',
        '[data-testid="pile"]',
        '[data-testid="hand"] [data-card]',
        '[data-action="take"]',
        '[data-action="knock"]',
        '[data-action="new-game"]',
    ]
    for _round in range(3):
        for selector in targets:
            for element in page.query_selector_all(selector)[:3]:
                element.dispatch_event("click")
    wait_idle(page)
    after = json.loads(page.evaluate("localStorage.getItem('gin-rummy/session')"))["game"][
        "actions"
    ]
    assert after[: len(before) + 1] == [*before, f"discard {card}"]
    ours = after[len(before) + 1 :]
    assert all(
        action in ("draw stock", "draw pile") or action.split()[0] in ("discard", "knock", "gin")
        for action in ours
    )
    assert len(ours) == 2 or ours[-1].split()[0] in ("knock", "gin")


def test_drag_a_card_to_arrange_the_hand(page: Page, site_url: str) -> None:
    open_table(page, site_url)
    before = [str(card["code"]) for card in hand_cards(page)]
    moved, onto = before[-1], before[0]
    page.drag_and_drop(
        f'[data-testid="hand"] [data-card="{moved}"]', f'[data-testid="hand"] [data-card="{onto}"]'
    )
    after = [str(card["code"]) for card in hand_cards(page)]
    assert after == [moved, *before[:-1]]
    page.click('[data-sort="rank"]')
    wait_idle(page)
    ranks = ["A23456789TJQK".index(code[0]) for code in (str(c["code"]) for c in hand_cards(page))]
    assert ranks == sorted(ranks)
