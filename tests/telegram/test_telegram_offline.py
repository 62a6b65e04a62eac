"""`strategos telegram` without network, or with a refused token: one clear line on stderr,
exit status 1, no traceback (as `strategos discord` does) — the library's request class is
made to fail as it does offline, so the test never touches the network."""
import logging

from telegram.error import InvalidToken, NetworkError
from telegram.request import HTTPXRequest

from bot.settings import Settings
from bot.telegram.adapter import run

TOKEN = "123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345678"


def fail_with(monkeypatch, error):
    async def do_request(self, *args, **kwargs):
        raise error
    monkeypatch.setattr(HTTPXRequest, "do_request", do_request)


def test_without_network_one_line_and_no_traceback(monkeypatch, capsys, caplog):
    fail_with(monkeypatch, NetworkError("httpx.ConnectError: [Errno -3] Temporary failure in name resolution"))
    with caplog.at_level(logging.DEBUG):
        assert run(Settings(telegram_token=TOKEN, redis_url=None)) == 1
    out = capsys.readouterr()
    assert out.err.strip().splitlines() == [
        "Cannot reach Telegram (httpx.ConnectError: [Errno -3] Temporary failure in name resolution). "
        "Check the network and try again."]
    assert "Traceback" not in out.out + out.err
    assert not [r for r in caplog.records if r.exc_info]


def test_a_refused_token_is_one_line(monkeypatch, capsys):
    fail_with(monkeypatch, InvalidToken("Unauthorized"))
    assert run(Settings(telegram_token=TOKEN)) == 1
    err = capsys.readouterr().err
    assert err.startswith("Telegram refused the token in TELEGRAM_TOKEN") and len(err.strip().splitlines()) == 1
