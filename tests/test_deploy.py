"""Deploying from the docs: the Procfile is right for a Heroku-style host (a `web` process
on `$PORT`: the game pages and the Telegram webhook; Discord as a worker; never polling beside a
webhook), and `strategos discord/telegram/web --help` list the settings each reads."""
import os
import subprocess
from pathlib import Path

import pytest

from bot.cli import main
from bot.settings import Settings

ROOT = Path(__file__).resolve().parent.parent


def procfile() -> dict[str, str]:
    lines = [line for line in (ROOT / "Procfile").read_text().splitlines() if line.strip()]
    entries = [line.split(":", 1) for line in lines]
    assert len({name for name, _ in entries}) == len(entries), "a process name twice"
    return {name.strip(): command.strip() for name, command in entries}


def fake_strategos(tmp_path: Path) -> dict:
    """A `strategos` on PATH that prints what the real one would be started with."""
    exe = tmp_path / "strategos"
    exe.write_text('#!/bin/sh\necho "$@ port=$WEB_PORT"\n')
    exe.chmod(0o755)
    return dict(os.environ, PATH=f"{tmp_path}:{os.environ['PATH']}")


def test_the_procfile_has_a_web_process_and_a_worker_for_discord():
    processes = procfile()
    assert set(processes) == {"web", "worker", "robots"}
    assert processes["robots"] == "strategos robots"
    assert processes["web"].endswith("strategos web") and "$PORT" in processes["web"].replace("${PORT", "$PORT")
    assert processes["worker"] == "strategos discord"
    assert not any("strategos telegram" in command for command in processes.values())   # no poller beside it


def test_the_web_process_listens_on_port_and_refuses_without_one(tmp_path):
    env = fake_strategos(tmp_path)
    web = procfile()["web"]
    run = subprocess.run(["sh", "-c", web], env=dict(env, PORT="5123"), capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.strip() == "web port=5123"
    env.pop("PORT", None)
    run = subprocess.run(["sh", "-c", web], env=env, capture_output=True, text=True)
    assert run.returncode != 0 and "PORT" in run.stderr and not run.stdout


@pytest.mark.parametrize("bot", ["discord", "telegram", "web"])
def test_help_lists_every_setting_the_bot_reads(bot, capsys):
    with pytest.raises(SystemExit) as done:
        main([bot, "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    for name, spec in Settings.model_fields.items():
        if name.startswith(("redis_url", "strategos_", f"{bot}_") + (("telegram_",) if bot == "web" else ())):
            assert name.upper() in text and spec.description in text
    assert "DISCORD_TOKEN" not in text if bot != "discord" else "TELEGRAM_TOKEN" not in text

