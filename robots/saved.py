"""`python -m robots.saved FILE…`: the report of runs saved with `strategos arena … --save FILE`
(docs/balance.md's tables): the balance report of robot-only runs (`--report balance`), the arena's
report (each kind's wins with its Wilson interval: a rung of the ladder) of runs with other players;
several files of one table pool their games."""
from __future__ import annotations

import argparse

import orjson

from . import arena
from .arena import Played, Table
from .balance import report


def load(paths: list[str]) -> tuple[Table, list[Played]]:
    table, games = None, []
    for path in paths:
        with open(path, "rb") as saved:
            data = orjson.loads(saved.read())
        table = Table(**data["table"])
        games += [Played(**g) for g in data["games"]]
    return table, games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m robots.saved",
                                     description="The balance report of arena runs saved with --save FILE.")
    parser.add_argument("files", nargs="+", metavar="FILE", help="saved runs of one table (their games are pooled)")
    table, games = load(parser.parse_args(argv).files)
    print(report(table, games) if table.robots == table.players else arena.report(table, games, 0))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
