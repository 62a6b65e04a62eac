"""Computer players (issue #22): one search for every game, a kit per game, baselines and the arena.

Layers: robots → core only (never bot, Redis or Pillow). A robot is handed a seat's view,
never the state, so it cannot cheat; where it needs the hidden part it asks the game's kit
for a state consistent with that view (`core.kit.Kit.determinize`).
"""
