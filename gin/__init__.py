"""Gin Rummy, ruleset 1.0.0: the rules engine (standard library only; runs in CPython and Pyodide).

The public API, relied on by the AI, the browser table and the tests::

    gin.Card, gin.parse_cards, gin.DECK
    gin.deadwood, gin.best_melds, gin.deadwood_after_layoff, gin.score_hand
    gin.Game, gin.Rules, gin.Action, gin.IllegalActionError, gin.PlayerView
    gin.Phase, gin.HandKind, gin.BonusKind, gin.Role (string enums: a typo is a type error)
"""

from gin.actions import Action, ActionKind, IllegalActionError
from gin.cards import DECK, Card, parse_cards
from gin.game import Game
from gin.melds import best_melds, deadwood
from gin.records import Event, HandResult
from gin.rules import RULESET_VERSION, Rules
from gin.scoring import Bonus, BonusKind, HandKind, HandScore, Role, score_hand
from gin.showdown import Showdown, deadwood_after_layoff
from gin.view import Phase, PlayerView

__all__ = [
    "DECK",
    "RULESET_VERSION",
    "Action",
    "ActionKind",
    "Bonus",
    "BonusKind",
    "Card",
    "Event",
    "Game",
    "HandKind",
    "HandResult",
    "HandScore",
    "IllegalActionError",
    "Phase",
    "PlayerView",
    "Role",
    "Rules",
    "Showdown",
    "best_melds",
    "deadwood",
    "deadwood_after_layoff",
    "parse_cards",
    "score_hand",
]
