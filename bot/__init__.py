"""The platform: store, service, and the adapters (console, Discord, Telegram)."""
