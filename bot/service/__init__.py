"""The service: the one path every adapter takes, (platform, channel, user, text) → Reply.

- `service.py`: `Service`, the dispatcher and the one write path (load → apply → save as one
  compare-and-set, the command's idempotency key in the same write);
- `commands.py`: the platform's commands as one table (usage, help, where, writes, handler);
- the topics it composes, one module each: `lobby`, `looks`, `play`, `history`, `records`,
  `transfer`, `seats`, `accounts`, `timers` (reminders and deadlines), `languages`,
  `narration` (what a reply tells after a move), `help`, `robots`, `pages`, `between` (/rematch,
  /stats and the ratings), `away` (/away, /back);
- `types.py`: `Command`, `Reply`, `Button`, `Picture`, `Write` — what the adapters and the
  topics share; it imports nothing of the service.

May import: `bot.store`, `bot.words`, `core`, `render`. Never a chat library, never an adapter.
Adapters import from here: `from bot.service import Service, Command, Reply`.
"""
from bot.service.commands import COMMANDS, PlatformCommand
from bot.service.common import split_command
from bot.service.lobby import new_thread
from bot.service.robots import LEVEL_CHOICES
from bot.service.service import Service
from bot.service.types import Button, Command, Picture, Reply, Write
from bot.store import StoreError  # what an adapter may catch: Redis is in trouble
from bot.store.outage import ERRORS as STORE_ERRORS  # what a long-running loop waits out (with `Outage`)
from bot.store.outage import Outage

__all__ = ["COMMANDS", "LEVEL_CHOICES", "STORE_ERRORS", "Button", "Command", "Outage", "Picture", "PlatformCommand",
           "Reply", "Service", "StoreError", "Write", "new_thread", "split_command"]
