"""Successors (step I): board data, setup for 2-5 players and the whole turn sequence.

Find a rule by its § number: board.py §1 · setup.py §2 · sequence.py §3 (reinforcements.py
§3.3) · strategy.py §4 · movement.py §5 (step-I subset) · scoring.py §8, §10 ·
legitimacy.py §9 · game.py the contract (verbs, prompts, views, summary).
"""
from .game import GAME, Successors

__all__ = ["GAME", "Successors"]
