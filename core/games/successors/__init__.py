"""Successors, the whole game: board data, setup for 2-5 players, the turn sequence, movement,
battles, sieges, every Tyche card, legitimacy and the royal house, victory, optional rules.

Find a rule by its § number (docs/rules/successors.md):

- ``board.py``          §1 data loading and validation (the data itself: ``data/*.json``)
- ``setup.py``          §2 setup (packages, forces, control, royals, independents, deck, §12 options)
- ``flow.py``           the table of states: each state's seat, prompt and handlers; the
                        decision stack (``state["stack"]``) for step-III decisions
- ``sequence.py``       §3 the Game Turn: preparations, deal, isolation, end of turn; §10.5 checks
- ``reinforcements.py`` §3.3 collection, bonuses, placement, fallback and dispersal (and a card's
                        placements, §11.3)
- ``strategy.py``       §4 rounds, table reveals, Surrender, Tyche OP uses, forage
- ``training.py``       §4.4.4 the training track; §4.4.3(e) recruitment spaces
- ``cards.py``          §11 every card's event and the lines that offer it
- ``surprise.py``       §4.7 Surprise windows as private standing orders (``arm <card>``); a card's
                        type, OPs and words; #36's fate (§6.13)
- §5 movement, one concern a module (each imports only the ones above it):
  ``questions.py``      the question put to a seat other than the mover, on the stack
  ``activation.py``     §4.5, §5.1, §5.2, §5.10 the force in motion: forming it, its MP, moving its
                        pieces and falling back, §9.9 captures, dropping off units, its end
  ``encounters.py``     §5.4, §5.5.2, §5.6.4, §5.8, §5.9, §5.12, §6 entering a space: attrition,
                        encounters, land interception, avoiding battle, battle and retreat
  ``naval.py``          §5.7 naval interception
  ``assaults.py``       §5.4.4, §7.2, §7.10, §12.1 the active force at a city: PCs, assaults, sorties,
                        sallies
  ``marching.py``       §5.3, §5.6, §5.10, §5.11, §9.6.3 the mover's commands: costs, `move`,
                        carrying, burial, the 23000 holding a city
  ``answers.py``        the lines, words and answers of a question; a move resumed after losses
- ``battles.py``        §6 battles, crushing, royal army check, Silver Shields, Elephants, §12.2-3
- ``sieges.py``         §7 siege points, assaults and limits, the fall, §4.3 C, §12.1 sorties
- ``control.py``        §8.4 control of provinces
- ``scoring.py``        §8 VP, isolation tracing; §10 victory
- ``legitimacy.py``     §9.2 LP sources, §9.3 prestige, §9.7 royal control
- ``royals.py``         §9.11 coming of age, §10.3 Regency, Murder or Crown, King's Favour
- ``forces.py``         where the pieces are (state layout documented there); the force-spec reader;
                        commanders (§1.3.4); an enemy field force in a space (§5.4.1); CU losses
                        and attrition (§6.8, §8.1.3)
- ``game.py``           the contract: verbs, views, summary, describe, self-play, invariants

Conventions: seats are package letters (the §2.1 shuffle decides who gets which);
``direction`` ``left`` is ascending seat order, ``right`` descending (§3.2.3). Dice and
shuffles use the platform's counter-based generator (``ctx.roll``/``ctx.shuffle``) in the
order of §1.14, not Python's ``random``. Losses (§6.8, §5.12, §7.3, §5.7, cards) follow the
owner's standing order (``losses ...``), by default the weakest CUs first.

View keys for the map: ``last_activation {seat, path}``, ``last_battle {space, text}`` (``text`` a
message kept whole, core/message.keep; the English sentence in a game set up before issue 36),
``sieges {space: SP}`` and ``inside {space: {type: n}}`` (CUs of the city's controller inside
its walls, a subset of ``cus``; generals inside carry ``in: true``).
"""
from .game import GAME, Successors

__all__ = ["GAME", "Successors"]
