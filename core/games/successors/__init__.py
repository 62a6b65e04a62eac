"""Successors, step I: board data, setup for 2-5 players and the whole turn sequence.

Find a rule by its § number (shared/rules/successors.md):

- ``board.py``          §1 data loading and validation (the data itself: ``data/*.json``)
- ``setup.py``          §2 setup (packages, forces, control, royals, independents, deck)
- ``sequence.py``       §3 the Game Turn: preparations, deal, isolation, end of turn
- ``reinforcements.py`` §3.3 collection, bonuses, placement, fallback and dispersal
- ``strategy.py``       §4 rounds, table reveals, Surrender, Tyche OP uses, training, forage
- ``movement.py``       §5 forces, MP, costs, entering spaces, inside/field, sea moves, naval and
                        land interception, avoiding battle, independents, carrying, attrition,
                        sallies; the questions put to non-active seats (``state["pend"]``)
- ``battles.py``        §6 battles, crushing, royal army check, Silver Shields, Elephants
- ``sieges.py``         §7 siege points, assaults and limits, the fall, §4.3 C, §12.1 sorties
- ``scoring.py``        §8 control, VP, isolation tracing; §10 victory
- ``legitimacy.py``     §9.2 LP sources and §9.7 royal control
- ``forces.py``         where the pieces are (state layout documented there)
- ``game.py``           the contract: verbs, prompts, views, summary, self-play

Conventions: seats are package letters (the §2.1 shuffle decides who gets which);
``direction`` ``left`` is ascending seat order, ``right`` descending (§3.2.3). Dice and
shuffles use the platform's counter-based generator (``ctx.roll``/``ctx.shuffle``) in the
order of §1.14, not Python's ``random``.

Step II (this step) adds armies in motion: §5.1-§5.12, §6, §7, §12.1 and the §9.5 flip on
attacks. Losses (§6.8, §5.12, §7.3, §5.7) are the owner's choice: the bot takes the weakest
CUs first. Card events stay step III (independent armies are activated by cards:
``movement.start_independent``; the card assault modifiers live in ``assault_cards``; #36:
``battles.silver_change_sides``), as do marriage, coming of age and the Regency check.

View keys for the map: ``last_activation {seat, path}``, ``last_battle {space, text}``,
``sieges {space: SP}`` and ``inside {space: {type: n}}`` (CUs of the city's controller inside
its walls, a subset of ``cus``; generals inside carry ``in: true``).
"""
from .game import GAME, Successors

__all__ = ["GAME", "Successors"]
