"""The platform around the rules: the service every command goes through, the store, the
words, and the adapters.

    bot/service/    the one path: (platform, channel, user, text) → Reply; the command table
    bot/store/      Redis (or the embedded redis-server): one game per channel
    bot/words/      languages, message ids, players named, views in words
    bot/discord/    the Discord adapter        bot/telegram/   the Telegram adapter
    bot/console/    the console adapter, scripts and self-play
    cli.py, wiring.py, settings.py: the `strategos` command, settings → a service

Layers point down: adapters → service → store, words, core (rules), render (pictures).
New rooms go beside these (a web process, the robots' worker), never into them.
"""
