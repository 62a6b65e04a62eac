"""The balance report (issue #27): robot-only arena games read for fairness and length.

For each game and player count: the length (StarCraft rounds, Successors turns, Ludi turns:
median and 10th–90th percentile), the endings, and win rates by seat, by lot (StarCraft's
faction, Successors' package, the Infinity side that won the Initiative Roll) and by first
player, each with its 95 % Wilson interval and its ratio to the fair share.

The probe reads the finished state, which the arena (not a player) may do: a player never sees it.

    strategos arena starcraft --players 4 --robots 4 --games 100 --iterations 4 --budget 10 --clock cpu \\
        --report balance
"""
from __future__ import annotations

import math
import re
import statistics
from collections import Counter

Z95 = 1.959964


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def ending(reason: str | None) -> str:
    """An ending without its figures: "Regency victory (Herakles, 7 LP + 9 VP)" → "Regency victory"."""
    return re.sub(r"\s*\(.*\)\s*$", "", reason or "none")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


# setup options a balance run plays under: StarCraft deals the factions at random (§3.2), so a
# faction's win rate is not its seat's, and robots do not all claim the same faction
BALANCE_OPTIONS = {"starcraft": {"factions": "random"}}


# issue 27's bands: the figures a balance run must keep (docs/balance.md)
BANDS = {
    "starcraft": {"median_length_min": 6, "deck_endings_max": 0.5, "lot_ratio": (0.5, 1.5)},
    "ludi": {"seat_ratio": (0.7, 1.3)},
    "successors": {"ending_max": 0.6, "lot_ratio_max": 1.5},
}
DECK_ENDING = "The End Draws Near"     # StarCraft's endings by the event deck


def out_of_band(game_id: str, f: dict) -> list[str]:
    """Each figure of `figures()` that leaves the game's band, as a sentence (none: all inside). A
    win rate leaves its band when its whole 95 % interval does: a small run cannot condemn a lot
    that it has not measured closely enough."""
    band, out = BANDS.get(game_id, {}), []
    if "median_length_min" in band and (f["median"] or 0) < band["median_length_min"]:
        out.append(f"median length {f['median']} is below {band['median_length_min']}")
    if "deck_endings_max" in band:
        deck = sum(share for name, share in f["endings"].items() if DECK_ENDING in name)
        if deck > band["deck_endings_max"]:
            out.append(f"{deck:.0%} of games end by the event deck, more than {band['deck_endings_max']:.0%}")
    if "ending_max" in band:
        out += [f"{name} decides {share:.0%} of games, more than {band['ending_max']:.0%}"
                for name, share in f["endings"].items() if share > band["ending_max"]]
    both = {**f["lots"], **f["seats"]}
    for key, rows in (("lot_ratio", f["lots"]), ("seat_ratio", f["seats"]), ("lot_ratio_max", both)):
        if key in band:
            low, high = band[key] if isinstance(band[key], tuple) else (0.0, band[key])
            out += [f"{name} wins ×{wins / games / f['fair']:.2f} of its fair share (95 % CI "
                    f"×{lo / f['fair']:.2f}–×{hi / f['fair']:.2f}), outside {low}–{high}"
                    for name, (wins, games) in rows.items() if games
                    for lo, hi in [wilson(wins, games)] if hi / f["fair"] < low or lo / f["fair"] > high]
    return out


def probe(game_id: str, state: dict) -> dict:
    """What the balance report needs of one finished game: `lots` (seat → lot), `length` (the
    game's own unit), `first` (the seat that played first) and, for Infinity, the pregame facts."""
    reader = PROBES.get(game_id)
    return reader(state) if reader else {}


def _starcraft(state: dict) -> dict:
    from core.games.starcraft.board import BOARD
    return {"lots": {s: BOARD.factions[p["faction"]]["name"] for s, p in state["p"].items() if p["faction"]},
            "length": state["round"], "unit": "rounds", "first": state["seats"][0],
            "rules": BOARD.rules_version(state)}


def _successors(state: dict) -> dict:
    from core.games.successors.board import BOARD
    from core.games.successors.legitimacy import all_lp
    from core.games.successors.scoring import all_vp
    from core.games.successors.setup import package_of
    # LP and VP at the end: by how much a Regency check (§10.3) or Turn V's count was won
    return {"lots": {s: f"package {package_of(state, s)}" for s in state["seats"]},
            "length": state["turn"], "unit": "turns", "first": state.get("first"),
            "rules": BOARD.rules_version(state), "lp": all_lp(state), "vp": all_vp(state),
            "body": state["body"]["st"], "buried_at": state["body"]["at"] if state["body"]["st"] == "buried" else None}


def _ludi(state: dict) -> dict:
    return {"lots": {}, "length": state["turns"], "unit": "turns",
            "rounds": state["turns"] // len(state["seats"]) + 1, "first": state.get("first")}


def _infinity(state: dict) -> dict:
    attempts = state.get("initiative_attempts") or []
    roll_winner = attempts[-1].get("result") if attempts else None
    return {"lots": {}, "length": len(attempts), "unit": "Initiative attempts", "first": state.get("first_turn"),
            "roll_winner": roll_winner, "initiative": state.get("holder_initiative"),
            "deployment": state.get("holder_deployment")}


PROBES = {"starcraft": _starcraft, "successors": _successors, "ludi": _ludi, "infinity": _infinity}


def rate(wins: float, trials: int, fair: float) -> str:
    """"41/100 = 41 % (31–51 %, ×0.82)": a win rate, its interval and its ratio to the fair share."""
    if not trials:
        return "no games"
    low, high = wilson(wins, trials)
    return (f"{wins:g}/{trials} = {wins / trials:.0%} ({low:.0%}–{high:.0%}, "
            f"×{wins / trials / fair:.2f} of fair)")


def wins_by(results: list, key) -> dict[str, tuple[float, int]]:
    """(wins, games) per value of key(result, seat); a shared win counts its share."""
    tally: dict[str, list[float]] = {}
    for r in results:
        for seat in r.kinds:
            k = key(r, seat)
            if k is None:
                continue
            won = 1 / len(r.winners) if seat in r.winners else 0.0
            t = tally.setdefault(k, [0.0, 0])
            t[0] += won
            t[1] += 1
    return {k: (w, n) for k, (w, n) in sorted(tally.items())}


def named_ending(r) -> str:
    """The ending with the seat it names given by its lot: "special victory of Tassadar"."""
    lots = r.balance.get("lots", {})
    return re.sub(r"⟨(\w+)⟩", lambda m: lots.get(m.group(1), "a player"), ending(r.reason))


def figures(results: list, players: int) -> dict:
    """The report's numbers, for the tests that hold them in their bands and for the text."""
    lengths = [r.balance["length"] for r in results if r.balance.get("length") is not None]
    endings = Counter(named_ending(r) for r in results)
    return {
        "games": len(results),
        "fair": 1 / players,
        "median": statistics.median(lengths) if lengths else None,
        "p10": percentile(lengths, 0.1), "p90": percentile(lengths, 0.9),
        "endings": {name: n / len(results) for name, n in endings.most_common()},
        "seats": wins_by(results, lambda r, s: s),
        "lots": wins_by(results, lambda r, s: r.balance.get("lots", {}).get(s)),
        "first": wins_by(results, lambda r, s: "first player" if s == r.balance.get("first") else "the others"),
    }


def report(table, results: list) -> str:
    f = figures(results, table.players)
    unit = next((r.balance.get("unit") for r in results if r.balance.get("unit")), "actions")
    lines = [f"Balance: {table.game}, {table.players} players, all robots, {f['games']} games, "
             f"iterations {table.iterations} a decision (budget {table.budget} s {table.clock}), seed {table.seed!r}"
             + (f", options {table.options}" if table.options else "") + "."]
    if f["median"] is not None:
        lines.append(f"  length: median {f['median']:g} {unit} (10th–90th percentile {f['p10']:g}–{f['p90']:g})")
    lines.append("  endings: " + ", ".join(f"{name} {share:.0%}" for name, share in f["endings"].items()))
    if table.game == "infinity":
        lines += infinity_lines(results)
        return "\n".join(lines)
    if table.game == "successors":
        lines.append(burial_line(results))
    for title, rows in (("seat", f["seats"]), ("lot", f["lots"]), ("first", f["first"])):
        for name, (wins, games) in rows.items():
            lines.append(f"  {title:5} {name:22} {rate(wins, games, f['fair'])}")
    if table.game in BANDS:
        outside = out_of_band(table.game, f)
        lines.append("  bands of issue 27 (a win rate is out when its whole 95 % interval is): "
                     + ("; ".join(outside) if outside else "every figure inside"))
    return "\n".join(lines)


def burial_line(results: list) -> str:
    """Successors' road to the legitimacy victory (§9.6.4, §10.1): where the Cart ended, and the
    highest LP at the end of each game (18 wins at once)."""
    ends = Counter("at Pella" if r.balance.get("buried_at") == "pella" else
                   "elsewhere" if r.balance.get("body") == "buried" else "never" for r in results
                   if r.balance.get("body"))
    tops = [max(r.balance["lp"].values()) for r in results if r.balance.get("lp")]
    buried = ", ".join(f"{where} {n}" for where, n in ends.most_common())
    highest = (f"; the highest LP at the end: median {statistics.median(tops):g}, max {max(tops)}, "
               f"18 or more in {sum(t >= 18 for t in tops)}" if tops else "")
    return f"  the Cart buried: {buried or 'not recorded'}{highest}"


def infinity_lines(results: list) -> list[str]:
    """§5 the Initiative Roll and §6 the choice: who wins the roll, what the winner keeps, and the
    deployment heuristic's score of the seat that deploys first against the other."""
    games = len(results)
    rolled = [r for r in results if r.balance.get("roll_winner")]
    out = []
    for side in ("A", "B"):
        won = sum(r.balance["roll_winner"] == side for r in rolled)
        out.append(f"  seat {side} wins the Initiative Roll {rate(won, len(rolled), 0.5)}")
    kept = Counter("keeps Initiative" if r.balance["initiative"] == r.balance["roll_winner"] else "keeps Deployment"
                   for r in rolled)
    out.append("  the roll's winner " + ", ".join(f"{k} {n}/{len(rolled)}" for k, n in kept.most_common()))
    for label, holder in (("holds Deployment", "deployment"), ("gives Deployment", None)):
        values = [r.scores[s] for r in results for s in r.scores
                  if (s == r.balance.get("deployment")) == (holder is not None)]
        if len(values) > 1:
            out.append(f"  the seat that {label}: deployment score mean {statistics.fmean(values):.3f} "
                       f"(sd {statistics.stdev(values):.3f}, {len(values)} seats)")
    out.append(f"  ({games} games)")
    return out

