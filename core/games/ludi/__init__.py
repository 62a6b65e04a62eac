"""Ludi Gladiatorii, 2–5 players (docs/rules/ludi.md, revision 1.2; seed: the TortuGames turn
sequence). Find a rule by its § number:

- ``data.py``       §2 card data (``data/*.json``), checked when loaded
- ``setup.py``      §3 setup, in the randomness order of §10.2
- ``start.py``      §4.1 start phase (effect order prompt, top-ups) and §14.1 events
- ``states.py``     the table of states: each pending decision's prompt, handlers, §9.5 default
- ``actions.py``    §5.1 checks, §5.3 Work, §5.4 Build, §5.5 Demolish, §5.6 Chain, §2.5 /train
- ``combat.py``     §5.2 Fight, §6 combat, §14.2 crowd favour, §14.3 champion
- ``auction.py``    §4.3 Auction phase, §7 the auction
- ``flow.py``       §4.2.4 automatic end, §4.4 end of turn, §9.1 win at 7, §9.4 round limit
- ``common.py``     §6.1 totals, §5.3 work, §5.4 build points, §9.1 points
- ``names.py``      §12 names: case and accents ignored, unique prefix of 3+ letters
- ``game.py``       the contract: verbs, options, views, summary, self-play, secrets, invariants

Seats are ``p1``..``p5`` in join order; a player is named by seat or by name in commands.
"""
from .game import GAME, Ludi

__all__ = ["GAME", "Ludi"]
