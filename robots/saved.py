"""`python -m robots.saved FILE…`: the balance report of runs saved with `strategos arena …
--report balance --save FILE` (docs/balance.md's tables); several files of one table pool their games."""
from __future__ import annotations

import argparse

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m robots.saved",
                                     description="The balance report of arena runs saved with --save FILE.")
    parser.add_argument("files", nargs="+", metavar="FILE", help="saved runs of one table (their games are pooled)")
    print(report(*load(parser.parse_args(argv).files)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
