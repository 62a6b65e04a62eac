"""The words: every sentence in English, Spanish and Russian (gettext catalogues in `locale/`,
the service's message ids in `messages.py`, the games' own read from core/games by
`game_messages.py`), players named where a seat is meant (`names.py`), and a private view
described in words (`describe.py`).

May import: `core` (the seat markers), `render.i18n` (one .po compiler). Nothing of the
service, the store or the adapters.
"""
