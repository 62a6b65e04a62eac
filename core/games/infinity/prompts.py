"""Who must decide now, and what they may type (§3–§9). The text speaks to the player who
must act (the service shows it as "Waiting for alice (A): <text>"). Public parts (`text`, `actions`,
`templates`) are built from public information only; lines naming hidden troopers or the
Lieutenant go to `private` (shown to their owner only, §11)."""
from __future__ import annotations

from functools import cache

from core.game import Prompt
from core.games.infinity import placement
from core.games.infinity.deployment import must_place, pending, step_of, step_owner
from core.games.infinity.placement import _fmt
from core.games.infinity.roster import USAGE, has, is_hidden
from core.games.infinity.seats import other_seat, who
from core.message import msg

PLACE_USAGE = "place <id> <x> <y> [prone] [facing=<deg>]"
HIDDEN_QUICK_ADD = (        # one private quick-add button for a hidden trooper, rotating (self-play uses it)
    msg("wip=13; ph=11; s=2; skills=hd"),
    msg("wip=12; ph=12; s=2; skills=hd,inf"),
    msg("wip=13; ph=10; s=2; skills=hd,ad"),
    msg("wip=12; ph=11; s=2; skills=hd,fd1"),
    msg("wip=11; ph=13; s=3; skills=hd,fd2"),
)


def prompts(state: dict) -> dict[str, Prompt]:
    phase = state["phase"]
    if phase == "rosters":
        return {s: _roster_prompt(state, s) for s in ("A", "B") if not state["locked"][s]}
    if phase == "initiative":
        p = Prompt(msg("Initiative Roll: either player types `roll`."), actions=("roll",))
        return {"A": p, "B": p}
    if phase == "choice":
        if state["choice"] is None:
            w = state["winner"]
            return {w: Prompt(msg("You won the Initiative Roll: choose initiative or deployment."),
                              actions=("choose initiative", "choose deployment"))}
        if state["zone_of"] is None:
            d = state["holder_deployment"]
            return {d: Prompt(msg("Choose your Deployment Zone and who deploys first."),
                              actions=tuple(f"deploy zone={z} first={f}" for z in ("south", "north")
                                            for f in ("me", "them")))}
        i = state["holder_initiative"]
        return {i: Prompt(msg("Choose who takes the first Player Turn."),
                          actions=("initiative first=me", "initiative first=them"))}
    if step_of(state) is not None:
        return _deploy_prompts(state)
    return {}


def _roster_prompt(state: dict, seat: str) -> Prompt:
    roster = state["rosters"][seat]
    templates = [USAGE, "roster <lines>", "remove <id>"]
    if not any(state["locked"].values()):
        templates.append("mission load <json>")
    private = [f"lt {t['id']}" for t in roster]
    private += [f"remove {t['id']}" for t in roster if t["hidden"]]
    if len(roster) < 30:
        n = state["counters"][seat]["hidden"] + 1
        name = msg("Ghost {seat}{n}-hd", seat=seat, n=n)
        if all(t["name"].lower() != name.lower() for t in roster):
            private.append(f"add {name}; {HIDDEN_QUICK_ADD[(n - 1) % len(HIDDEN_QUICK_ADD)]}")
    return Prompt(msg("Enter your roster (public troopers in the channel; hidden troopers and the Lieutenant by direct message), then type `ready`."),
                  actions=("ready",), templates=tuple(templates), private=tuple(private))


def _deploy_prompts(state: dict) -> dict[str, Prompt]:
    step, owner = step_of(state), step_owner(state)
    out: dict[str, Prompt] = {}
    w = state["pending_waiver"]
    if w:
        out[other_seat(w["seat"])] = Prompt(
            msg("{seat} asks to place {id} at ({x}, {y}) although its base overlaps terrain {terrain}: `agree` or `refuse`.", seat=who(state, w['seat']), id=w['id'], x=_fmt(w['x']), y=_fmt(w['y']), terrain=w['terrain']), actions=("agree", "refuse"))
    forced = must_place(state, owner)
    mine = pending(state, owner)
    private = []
    for t in mine:
        if not is_hidden(t) or (forced is not None and forced is not t):
            continue
        private += [f"place {t['id']} {_fmt(x)} {_fmt(y)}" for x, y in suggestions(state, owner, t)]
        if has(t, "ad") and forced is None:
            private.append(f"airborne {t['id']}")
        private.append(f"withdraw {t['id']}")
    if forced is not None and not is_hidden(forced):
        fid = forced["id"]
        out[owner] = Prompt(msg("Step {step}: place {fid} wholly inside your own zone (failed Infiltration roll) or withdraw it.", step=step, fid=fid),
                            actions=(f"withdraw {fid}",),
                            templates=(f"place {fid} <x> <y> [prone] [facing=<deg>]",))
        return out
    airborne = tuple(f"airborne {t['id']}" for t in mine if not is_hidden(t) and has(t, "ad"))
    if step in (1, 2):
        out[owner] = Prompt(msg("Step {step}: deploy all your troopers but one (the reserve), then type `done`.", step=step),
                            actions=("done", "undo") + airborne,
                            templates=(PLACE_USAGE, "airborne <id>", "withdraw <id>"),
                            private=tuple(private) + ("undo",))
    else:
        out[owner] = Prompt(msg("Step {step}: deploy your reserve.", step=step), actions=airborne,
                            templates=(PLACE_USAGE, "airborne <id>", "withdraw <id>"),
                            private=tuple(private))
    return dict(sorted(out.items()))


@cache                  # the same few hundred points are asked at every prompt of a step: worked out once
def _halton(i: int, base: int) -> float:
    f, out = 1.0, 0.0
    while i:
        f /= base
        out += f * (i % base)
        i //= base
    return out


def suggestions(state: dict, seat: str, t: dict, want: int = 2, tries: int = 24) -> list[tuple]:
    """A few legal spots for a hidden trooper, deterministic, judged with the owner's own
    knowledge only (so they never leak where the enemy's hidden troopers are)."""
    # `one`: the same verdicts (placement.Spots), and cheaper for the few points tried before two pass
    spots = placement.Spots(state, seat, t, see_enemy_hidden=False, one=True)
    r = spots.r
    rect = [rect for area, rect in spots.areas if rect is not None][-1]
    start = 1 + 7 * sum(1 for x in state["rosters"][seat] if x["placed"]) + len(state["step_log"])
    out = []
    for i in range(start, start + tries):
        x0, y0, x1, y1 = rect[0] + r, rect[1] + r, rect[2] - r, rect[3] - r
        if x1 < x0 or y1 < y0:
            break
        x = round(x0 + (x1 - x0) * _halton(i, 2), 2)
        y = round(y0 + (y1 - y0) * _halton(i, 3), 2)
        if spots.legal(x, y):
            out.append((x, y))
            if len(out) >= want:
                break
    return out
