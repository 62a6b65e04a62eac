"""StarCraft (starcraft.md rev. 1.2): a simplified playable round around the seed's
Regrouping phase. Find a rule by its § number:

- ``board.py``     §2 data loading and checks (the data itself: ``data/*.json``)
- ``setup.py``     §3 seats, factions, homes, starting forces, event deck (§13.2 order)
- ``planning.py``  §5 face-down orders, stacks, the special marker
- ``execution.py`` §6 taking the top order, discarding for an event card, passing
- ``orders.py``    §7 Mobilize, Build (with the Overmind's Zergling), Research
- ``payment.py``   §8 workers on resource cards, automatic payment
- ``battle.py``    §9 the battle procedure
- ``regroup.py``   §10 the ten Regrouping steps, one function each, in the seed's order
- ``events.py``    §2.8 event effects and §11 legality
- ``endgame.py``   §12 tie-breakers, special victories (§2.1), elimination (§10 step 7)
- ``common.py``    where the pieces are, control (§0.3), draws; the state layout
- ``game.py``      the contract: verbs (§15), the table of states, views (§14), summary
"""
from .game import GAME, StarCraft

__all__ = ["GAME", "StarCraft"]
