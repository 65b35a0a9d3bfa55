"""A scripted person for the browser tests: plays the table only by clicking, as a player would.

Strategy (deliberately simple): pass on the first face-up card, draw from the
stock, knock or go gin whenever the page offers it, otherwise discard the
highest-value card that is in no meld.
"""

from __future__ import annotations

from playwright.sync_api import Page

IDLE = 'body[data-ready="true"][data-busy="false"]'
POINTS = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}


def card_points(code: str) -> int:
    rank = code[:-1]
    return POINTS.get(rank) or int(rank)


def wait_idle(page: Page) -> str:
    """Wait until the table takes input; return its phase."""
    page.wait_for_selector(IDLE, state="attached")
    return page.get_attribute("body", "data-phase") or ""


def hand_cards(page: Page) -> list[dict[str, object]]:
    return page.eval_on_selector_all(
        '[data-testid="hand"] [data-card]',
        """els => els.map(e => ({code: e.dataset.card, playable: e.dataset.playable === "true",
                              melded: e.classList.contains("in-meld")}))""",
    )


def choose_discard(cards: list[dict[str, object]]) -> str:
    playable = [card for card in cards if card["playable"]]
    loose = [card for card in playable if not card["melded"]] or playable
    best = max(loose, key=lambda card: card_points(str(card["code"])))
    return str(best["code"])


def play_one_decision(page: Page) -> str:
    """Make the next decision the table asks for; returns the phase it was made in."""
    phase = wait_idle(page)
    if phase == "hand-over":
        page.click('[data-action="next-hand"]')
    elif phase == "upcard":
        page.click('[data-action="pass"]')
    elif phase == "draw":
        page.click('[data-testid="stock"]')
    elif phase == "discard":
        for armable in ("gin", "knock"):
            if page.is_enabled(f'[data-action="{armable}"]'):
                page.click(f'[data-action="{armable}"]')
                break
        page.click(f'[data-testid="hand"] [data-card="{choose_discard(hand_cards(page))}"]')
    return phase


def play_game(page: Page, max_decisions: int = 5000) -> None:
    """Play until the page shows game over."""
    for _ in range(max_decisions):
        if wait_idle(page) == "game-over":
            return
        play_one_decision(page)
    raise AssertionError("the game did not end")
