"""`python -m robots.saved FILE…`: the balance report of runs saved with `strategos arena …
--report balance --save FILE` (docs/balance.md's tables); several files of one table pool their games."""
from __future__ import annotations

import sys

import orjson

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


if __name__ == "__main__":
    print(report(*load(sys.argv[1:])))
