"""The process's Prometheus metrics (prometheus-client), recorded by the service as it works and
exposed by the web process at /metrics: commands by outcome, command and picture latency.

The gauges read at scrape time (reminders due, games active) are set by the web adapter from
the service's `Pages.gauges`.
"""
from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

COMMANDS = Counter("strategos_commands_total", "commands handled, by command and outcome",
                   ["command", "outcome"])
COMMAND_SECONDS = Histogram("strategos_command_seconds", "time to handle one command",
                            buckets=(.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5))
PICTURE_SECONDS = Histogram("strategos_picture_seconds", "time to draw and encode one picture",
                            buckets=(.01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10))
REMINDERS_DUE = Gauge("strategos_reminders_due", "reminders and deadlines due now, not yet claimed",
                      ["platform"])
ROBOT_JOBS_DUE = Gauge("strategos_robot_jobs_due", "robots' moves due now (0 until a robots' worker exists)")
GAMES_ACTIVE = Gauge("strategos_games_active", "games in play with a reminder or deadline scheduled",
                     ["platform"])
