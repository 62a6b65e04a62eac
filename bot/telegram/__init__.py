"""The Telegram adapter (`strategos telegram`): `adapter.py` (updates → Command, Reply →
messages; polling or webhook), `commands.py` (the command menu in three languages).

May import: `bot.service` (Service, Command, Reply), `bot.words`, `bot.wiring`. Never the store.
"""
