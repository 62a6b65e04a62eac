"""Webhook mode, offline: the web process's route (python-telegram-bot's custom-webhook way)
refuses a request without the right secret and feeds the others to the application."""
import asyncio

import httpx
import orjson
import pytest

from bot.settings import Settings
from bot.telegram.adapter import run
from bot.web.app import create_app
from tests.telegram.conftest import GROUP, TOKEN, FakeTelegram

SECRET = "s3cret_TOKEN-42"


def update(update_id: int) -> bytes:
    return orjson.dumps({"update_id": update_id, "message": {
        "message_id": 1, "date": 1700000000, "text": "/new tally",
        "entities": [{"type": "bot_command", "offset": 0, "length": 4}],
        "chat": {"id": GROUP, "type": "supergroup", "title": "G"},
        "from": {"id": 1, "is_bot": False, "first_name": "Alice"}}})


@pytest.fixture
async def webhook(service):
    from bot.telegram.adapter import TelegramAdapter

    settings = Settings(telegram_token=TOKEN, telegram_webhook_url="https://bot.example.org/tg/hook",
                        telegram_webhook_secret=SECRET, telegram_webhook_max_connections=7)
    request = FakeTelegram()
    adapter = TelegramAdapter(service, remind_every=0)
    application = adapter.build(TOKEN, request=request, get_updates_request=FakeTelegram(), updater=False)
    app = create_app(service, application, settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://web") as client:
            yield client, request, application


async def test_the_webhook_is_registered_with_the_secret_and_connection_limit(webhook):
    _, request, _ = webhook
    (params,) = [p for e, p, _ in request.calls if e == "setWebhook"]
    assert params["url"] == "https://bot.example.org/tg/hook"
    assert params["secret_token"] == SECRET and params["max_connections"] == 7
    assert params["allowed_updates"] == ["message", "callback_query"]


async def test_a_wrong_or_missing_secret_is_refused(webhook):
    client, request, application = webhook
    headers = {"Content-Type": "application/json"}
    wrong = await client.post("/tg/hook", content=update(1), headers={
        **headers, "X-Telegram-Bot-Api-Secret-Token": "s3cret_TOKEN-43"})
    missing = await client.post("/tg/hook", content=update(2), headers=headers)
    assert wrong.status_code == 403 and missing.status_code == 403
    assert request.sent() == [], "nothing reached the service"
    assert application.update_queue.qsize() == 0


async def test_the_right_secret_is_accepted_and_the_update_handled(webhook):
    client, request, application = webhook
    answer = await client.post("/tg/hook", content=update(3), headers={
        "Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": SECRET})
    assert answer.status_code == 200
    for _ in range(100):   # the application's update fetcher runs it in the background
        if request.sent(GROUP):
            break
        await asyncio.sleep(0.02)
    assert "New game of Tally" in request.texts(GROUP)


def test_run_refuses_without_a_token_and_sends_a_webhook_to_the_web_process(capsys):
    assert run(Settings(telegram_token=None)) == 2
    assert "TELEGRAM_TOKEN is not set" in capsys.readouterr().err
    assert run(Settings(telegram_token=TOKEN, telegram_webhook_url="https://x.example/hook")) == 2
    assert "strategos web" in capsys.readouterr().err


def test_the_web_process_refuses_a_webhook_without_its_secret(capsys):
    from bot.web.app import serve

    assert serve(Settings(telegram_token=TOKEN, telegram_webhook_url="https://x.example/hook",
                          telegram_webhook_secret=None)) == 2
    assert "TELEGRAM_WEBHOOK_SECRET" in capsys.readouterr().err
