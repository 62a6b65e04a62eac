"""`python -m robots.saved FILE…`: the report of runs saved with `strategos arena … --save FILE`
(docs/balance.md's tables): the balance report of robot-only runs (`--report balance`), the arena's
report (each kind's wins with its Wilson interval: a rung of the ladder) of runs with other players;
several files of one table pool their games, whatever their seeds (a run stopped at a deadline and its
continuation under another seed: the report names both)."""
from __future__ import annotations

import argparse
from dataclasses import replace

import orjson

from . import arena
from .arena import Played, Table
from .balance import report


def load(paths: list[str]) -> tuple[Table, list[Played]]:
    """The files' games pooled, under their table with the seeds joined ("ladder35+more35"). Refused:
    files of different tables (another game, level or opponent: their games answer another question),
    and a seed twice (its games counted twice)."""
    tables, games = [], []
    for path in paths:
        with open(path, "rb") as saved:
            data = orjson.loads(saved.read())
        tables.append(Table(**data["table"]))
        games += [Played(**g) for g in data["games"]]
    seeds = [table.seed for table in tables]
    if len(set(seeds)) < len(seeds):   # game i of a seed is the same game in every run of it: counted twice
        raise SystemExit(f"{' '.join(paths)}: a seed twice; a run of a seed replays the same games, pool other seeds")
    table = replace(tables[0], seed="+".join(seeds))
    if any(replace(other, seed=table.seed) != table for other in tables):
        raise SystemExit(f"{' '.join(paths)}: not one table (game, seats, levels or settings differ)")
    return table, games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m robots.saved",
                                     description="The balance report of arena runs saved with --save FILE.")
    parser.add_argument("files", nargs="+", metavar="FILE", help="saved runs of one table (their games are pooled)")
    table, games = load(parser.parse_args(argv).files)
    print(report(table, games) if table.robots == table.players else arena.report(table, games, None))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
