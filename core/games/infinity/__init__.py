"""Infinity (N4): initiative roll and deployment — the whole of rules/infinity.md.

Where each rule lives (§ of infinity.md):
- §2.1, §8.1 geometry ............ geometry.py
- §2.2–§2.4, §3.2 roster lines .... roster.py
- §2.5–§2.6 missions (+ JSON) ..... missions.py, missions/*.json
- §3–§4, §5.1, §5.7, §6 .......... pregame.py
- §5.3–§5.4 grading, winner ....... initiative.py
- §7, §8 P1–P3, §8.3, §9.1–9.5, §12  deployment.py
- §8 P4–P9, §9.2, §9.3, §9.5, §9.6  placement.py
- prompts (who acts, what lines) .. prompts.py
- §11 views, summary .............. views.py
- self-play sampling, invariants .. selfplay.py
- §14 image ....................... render/infinity.py
"""
from core.games.infinity.game import Infinity

GAME = Infinity()
