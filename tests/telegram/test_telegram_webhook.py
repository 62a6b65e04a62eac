"""Webhook mode, offline on localhost: a request without the right secret is refused."""
import asyncio
import socket

import httpx
import orjson
import pytest

from bot.settings import Settings
from bot.telegram.adapter import run, start_webhook, stop_webhook
from tests.telegram.conftest import GROUP, TOKEN, FakeTelegram

SECRET = "s3cret_TOKEN-42"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def update(update_id: int) -> bytes:
    return orjson.dumps({"update_id": update_id, "message": {
        "message_id": 1, "date": 1700000000, "text": "/new tally",
        "entities": [{"type": "bot_command", "offset": 0, "length": 4}],
        "chat": {"id": GROUP, "type": "supergroup", "title": "G"},
        "from": {"id": 1, "is_bot": False, "first_name": "Alice"}}})


@pytest.fixture
async def webhook(service):
    from bot.telegram.adapter import TelegramAdapter

    port = free_port()
    settings = Settings(telegram_token=TOKEN, telegram_webhook_url="https://bot.example.org/tg/hook",
                        telegram_webhook_secret=SECRET, telegram_webhook_listen="127.0.0.1",
                        telegram_webhook_port=port, telegram_webhook_max_connections=7)
    request = FakeTelegram()
    adapter = TelegramAdapter(service, remind_every=0)
    application = adapter.build(TOKEN, request=request, get_updates_request=FakeTelegram(), updater=False)
    server = await start_webhook(application, settings)
    try:
        yield f"http://127.0.0.1:{port}/tg/hook", request, application
    finally:
        await stop_webhook(application, server)


async def test_the_webhook_is_registered_with_the_secret_and_connection_limit(webhook):
    _, request, _ = webhook
    (params,) = [p for e, p, _ in request.calls if e == "setWebhook"]
    assert params["url"] == "https://bot.example.org/tg/hook"
    assert params["secret_token"] == SECRET and params["max_connections"] == 7
    assert params["allowed_updates"] == ["message", "callback_query"]


async def test_a_wrong_or_missing_secret_is_refused(webhook):
    url, request, application = webhook
    async with httpx.AsyncClient() as client:
        headers = {"Content-Type": "application/json"}
        wrong = await client.post(url, content=update(1), headers={
            **headers, "X-Telegram-Bot-Api-Secret-Token": "s3cret_TOKEN-43"})
        missing = await client.post(url, content=update(2), headers=headers)
    assert wrong.status_code == 403 and missing.status_code == 403
    assert request.sent() == [], "nothing reached the service"
    assert application.update_queue.qsize() == 0


async def test_the_right_secret_is_accepted_and_the_update_handled(webhook):
    url, request, application = webhook
    async with httpx.AsyncClient() as client:
        answer = await client.post(url, content=update(3), headers={
            "Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": SECRET})
    assert answer.status_code == 200
    for _ in range(100):   # the application's update fetcher runs it in the background
        if request.sent(GROUP):
            break
        await asyncio.sleep(0.02)
    assert "New game of Tally" in request.texts(GROUP)


def test_run_refuses_without_a_token_or_a_webhook_secret(capsys):
    assert run(Settings(telegram_token=None)) == 2
    assert "TELEGRAM_TOKEN is not set" in capsys.readouterr().err
    assert run(Settings(telegram_token=TOKEN, telegram_webhook_url="https://x.example/hook",
                        telegram_webhook_secret=None)) == 2
    assert "TELEGRAM_WEBHOOK_SECRET" in capsys.readouterr().err
