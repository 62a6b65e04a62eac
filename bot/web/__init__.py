"""The web process (`strategos web`): each game's own page (live map, log and replay; a seat's
private page, where the seat plays: its choices, a tap on the map, a press through the one
command path), the Telegram Mini App (`telegram_auth.py` checks the `initData` Telegram signs),
the Telegram webhook, /healthz, /readyz and Prometheus metrics, on one Starlette app served by
uvicorn (`app.py`; the page's HTML, CSS and JavaScript in `static/`).

May import: `bot.service` (the pages' data and pictures through `Service.pages`), `bot.words`,
`bot.telegram` (the webhook's application), `bot.wiring`, `bot.settings`. Never the store.
"""
