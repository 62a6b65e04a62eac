"""`python -m robots.saved FILE…`: the report of runs saved with `strategos arena … --save FILE`
(docs/balance.md's tables): the balance report of robot-only runs (`--report balance`), the arena's
report (each kind's wins with its Wilson interval: a rung of the ladder) of runs with other players;
several files of one table pool their games (a run stopped at a deadline and its continuation, from its
next game with `--first` or under another seed: the report names the seeds)."""
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
    and a game twice (game i of a seed is the same game in every run of it)."""
    tables, games, numbered = [], [], set()
    for path in paths:
        with open(path, "rb") as saved:
            data = orjson.loads(saved.read())
        table = Table(**data["table"])
        tables.append(table)
        for i, record in enumerate(data["games"]):
            played = Played(**record)
            # a file saved before games were numbered ran one process from its first game: in order
            key = (table.seed, played.number if played.number is not None else table.first + i)
            if key in numbered:
                raise SystemExit(f"{' '.join(paths)}: game {key[1]} of seed {key[0]} twice; a run of a seed replays "
                                 "the same games: go on with --first, or pool another seed")
            numbered.add(key)
            games.append(played)
    seeds = list(dict.fromkeys(table.seed for table in tables))
    table = replace(tables[0], seed="+".join(seeds), first=0)
    if any(replace(other, seed=table.seed, first=0) != table for other in tables):
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
