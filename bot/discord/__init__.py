"""The Discord adapter (`strategos discord`): `client.py` (the bot, its loops, run), `tree.py`
(the slash-command tree from the command table and the games' grammars), `out.py` (a Reply as
Discord messages, buttons and files), `i18n.py` (the commands' descriptions translated).

May import: `bot.service` (Service, Command, Reply), `bot.words`, `bot.wiring`. Never the store.
"""
