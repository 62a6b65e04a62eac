"""Successors, step I: board data, setup for 2-5 players and the whole turn sequence.

Find a rule by its § number (shared/rules/successors.md):

- ``board.py``          §1 data loading and validation (the data itself: ``data/*.json``)
- ``setup.py``          §2 setup (packages, forces, control, royals, independents, deck)
- ``sequence.py``       §3 the Game Turn: preparations, deal, isolation, end of turn
- ``reinforcements.py`` §3.3 collection, bonuses, placement, fallback and dispersal
- ``strategy.py``       §4 rounds, table reveals, Surrender, Tyche OP uses, training, forage
- ``movement.py``       §5 step-I subset: forces, MP roll, costs, sea capacity, carrying, burial
- ``scoring.py``        §8 control, VP, isolation tracing; §10 victory
- ``legitimacy.py``     §9.2 LP sources and §9.7 royal control
- ``forces.py``         where the pieces are (state layout documented there)
- ``game.py``           the contract: verbs, prompts, views, summary, self-play

Conventions: seats are package letters (the §2.1 shuffle decides who gets which);
``direction`` ``left`` is ascending seat order, ``right`` descending (§3.2.3). Dice and
shuffles use the platform's counter-based generator (``ctx.roll``/``ctx.shuffle``) in the
order of §1.14, not Python's ``random``.

Not yet (later steps): battles, interception, sieges, naval moves, attrition (step II:
entering a space with enemy units is refused); card events, Champion/Diadochos flips,
marriage, coming-of-age choices and the Regency check (step III: the Turn IV/V steps
announce it; a card is played for its OPs, a Surprise card is discarded for a new one).
"""
from .game import GAME, Successors

__all__ = ["GAME", "Successors"]
