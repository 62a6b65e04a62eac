"""The Telegram adapter (`strategos telegram`): `adapter.py` (updates → Command, Reply →
messages; polling or webhook), `commands.py` (the command menu in three languages), `webapp.py`
(the seat's page as a Mini App button, the private chat's menu button).

May import: `bot.service` (Service, Command, Reply), `bot.words`, `bot.wiring`. Never the store.
"""
