"""The robots' worker (`strategos robots`): takes the jobs of robot seats that must decide,
thinks within the game's budget, and files the decided line for the adapters to apply.

May import: `bot.service` (the Robots topic), `bot.wiring`, `robots` (the search). It never
posts to a chat and never writes a game itself: the move goes through the service's one path.
"""
