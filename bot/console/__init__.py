"""The console adapter (`strategos console`): `repl.py` (a REPL or a script of
`name: /command` lines) and `selfplay.py` (seeded random games through the real service path).

May import: `bot.service`, `bot.wiring`, `core` (the games' legal actions, for self-play).
"""
