"""The `Game` of Infinity's initiative roll and deployment (infinity.md).

This module only wires things together; each rule lives in the module named after it:
§2.5–2.6 `missions`, §2.2–2.4 and §3 entry `roster`, §3–§6 `pregame`, §5 grading
`initiative`, §7–§9 `deployment` and `placement`, §8.1 `geometry`, prompts `prompts`,
§11 `views`, self-play `selfplay`.
"""
from __future__ import annotations

import math
import random
import re

import orjson

from core.errors import RulesError
from core.game import Ctx, Game, Prompt, copy_state
from core.games.infinity import deployment, flow, pregame, selfplay, views
from core.games.infinity.missions import BUILTIN, builtin, fd_area, half
from core.games.infinity.prompts import prompts
from core.games.infinity.roster import USAGE, hidden_id
from core.games.infinity.seats import who
from core.grammar import Action, Param, Verb
from core.message import Cmd, join, msg

ID = Param("id", "word")
HD_SKILL = re.compile(r"skills\s*=\s*[^;|\n]*\bhd\b", re.I)    # a roster line of a hidden trooper (§3.3)
COORD = (Param("x", "float"), Param("y", "float"))
DEPLOY_VERBS = ("place", "airborne", "withdraw", "undo", "done")
ROSTER_VERBS = ("add", "roster", "remove", "lt", "ready")


class Infinity(Game):
    id = "infinity"
    title = "Infinity"
    aliases = ("inf",)
    min_players = max_players = 2
    verbs = {v.name: v for v in (
        Verb("add", (Param("line", "text"),), help=msg("§3.2 `{usage}` (hd troopers by DM)", usage=USAGE),
             example="add Fusilier Angus; wip=13; ph=10; s=2"),
        Verb("roster", (Param("lines", "text"),), help=msg("§3.2 many roster lines at once"),
             example="roster Sniper; wip=12; ph=10; s=2 | Scout; wip=12; ph=10; s=2; skills=fd1"),
        Verb("remove", (ID,), help=msg("§3.4 delete a trooper before locking"), example="remove A3"),
        Verb("lt", (ID,), private=True, help=msg("§3.3 name your Lieutenant (DM only)"),
             example="lt A1"),
        Verb("ready", help=msg("§3.4 lock your roster")),
        Verb("unready", help=msg("§3.4 unlock while the other player is not ready")),
        Verb("mission", (Param("what", "choice", choices=("show", "load")),
                         Param("json", "text", optional=True)), help=msg("§2.6 show / replace the mission"),
             example="mission show"),
        Verb("roll", help=msg("§5 the Initiative Roll")),
        Verb("choose", (Param("option", "choice", choices=("initiative", "deployment")),), help="§6.1"),
        Verb("deploy", options=(Param("zone", "choice", choices=("north", "south")),
                                Param("first", "choice", choices=("me", "them"))), help="§6.2",
             example="deploy zone=south first=me"),
        Verb("initiative", options=(Param("first", "choice", choices=("me", "them")),), help="§6.3",
             example="initiative first=me"),
        Verb("place", (ID, *COORD), flags=("prone",),
             options=(Param("facing", "float", low=0, high=360),), help=msg("§8 place a trooper"),
             example="place A1 22.5 10.25 prone"),
        Verb("airborne", (ID,), help=msg("§9.4 keep an ad trooper off the table"),
             example="airborne B2"),
        Verb("withdraw", (ID,), help=msg("§7.9 a trooper with no legal position"),
             example="withdraw A4"),
        Verb("undo", help=msg("§7.7 take back your last placement of this step")),
        Verb("done", help=msg("§7.2 end step 1/2 with one trooper left (the reserve)")),
        Verb("agree", help=msg("§8.3 accept a base that does not fit")),
        Verb("refuse", help=msg("§8.3 refuse it")),
        Verb("zones", query=True, help=msg("§7.8 zones, Forward Deployment areas, centre line, exclusion")),
        Verb("measure", (*COORD, Param("x2", "float"), Param("y2", "float")), query=True,
             help=msg("§7.8 distance between two points"),
             example="measure 10 12 30.5 20"),
        Verb("show", query=True, help=msg("§14 the table image")),
        Verb("status", query=True, help=msg("the state in text")),
        Verb("me", query=True, help=msg("§11 your private view (answered by DM)")),
        Verb("export", query=True, help=msg("§12 the public state as JSON, once complete")),
    )}
    option_verbs = {"mission": Verb("mission", (Param("mission", "choice", choices=BUILTIN),))}

    # setup ------------------------------------------------------------------------
    def _setup(self, ctx: Ctx, players: list[str], options: dict) -> None:
        state = ctx.state
        mission = builtin(options.get("mission", BUILTIN[0]))
        state["seats"] = ["A", "B"]
        state.update({
            "players": {"A": players[0], "B": players[1]},
            "mission": mission,
            "phase": "rosters",
            "rosters": {"A": [], "B": []},
            "counters": {"A": {"public": 0, "hidden": 0}, "B": {"public": 0, "hidden": 0}},
            "locked": {"A": False, "B": False},
            "lt_wip": None,
            "initiative_attempts": [],
            "winner": None,
            "choice": None,
            "holder_initiative": None,
            "holder_deployment": None,
            "zone_of": None,
            "player1": None,
            "first_turn": None,
            "step_log": [],
            "pending_waiver": None,
        })
        ctx.say(msg("Infinity — {name}: {a} against {b}. Enter your rosters: `add {removeprefix}` in the channel; hidden (hd) troopers and `lt <id>` (your Lieutenant) by direct message; then `ready`.", name=mission['name'], a=who(state, 'A'), b=who(state, 'B'), removeprefix=USAGE.removeprefix('add ')))
        ctx.picture()

    # the turn -----------------------------------------------------------------------
    def _prompts(self, state: dict) -> dict[str, Prompt]:
        return prompts(state)

    def apply(self, state: dict, seat: str, action: Action | str, raw: bytes | None = None, own: bool = False):
        """The base `apply`, plus three refusals/paths of this game: `mission show` is read
        only at any time; `unready` is open to a ready seat (which has no prompt, §3.4);
        deployment verbs out of step say NOT_YOUR_STEP (§8 P1)."""
        if isinstance(action, str):
            action = self.parse(action)
        phase = state["phase"]
        if action.verb == "mission" and action.args[0] == "show":
            return copy_state(state), self.query(state, seat, action)
        if action.verb == "mission" and (phase != "rosters" or any(state["locked"].values())):
            raise RulesError(msg("The mission can only be replaced before either roster is locked (§2.6)."),
                             code="NOT_NOW")
        if phase == "rosters" and seat in ("A", "B") and state["locked"][seat]:
            if action.verb == "unready":
                new = copy_state(state)
                ctx = Ctx(new, seat, action)
                pregame.do_unready(ctx)
                return new, ctx.events
            if action.verb in ROSTER_VERBS or action.verb == "mission":
                raise RulesError(msg("Your roster is locked: type `unready` first (possible while the other player is not ready)."), code="LOCKED")
        if action.verb in DEPLOY_VERBS and seat in ("A", "B"):
            owner = deployment.step_owner(state)
            if owner is not None and owner != seat:
                raise RulesError(msg("It is step {step_of}, {owner}'s step: wait for your own step to deploy.", step_of=deployment.step_of(state), owner=who(state, owner)), code="NOT_YOUR_STEP")
            if owner is None and phase != "complete":
                raise RulesError(msg("Troopers are deployed in the Deployment Phase, after the Initiative Roll and the choice."), code="NOT_YOUR_STEP")
        return super().apply(state, seat, action, raw, own)

    def _apply(self, ctx: Ctx) -> None:
        verb = ctx.action.verb
        handler = {
            "add": pregame.do_add, "roster": pregame.do_roster, "remove": pregame.do_remove,
            "lt": pregame.do_lt, "ready": pregame.do_ready, "unready": pregame.do_unready,
            "roll": pregame.do_roll, "choose": pregame.do_choose, "deploy": pregame.do_deploy,
            "initiative": pregame.do_initiative,
            "place": deployment.do_place, "airborne": deployment.do_airborne,
            "withdraw": deployment.do_withdraw, "undo": deployment.do_undo,
            "done": deployment.do_done, "agree": deployment.do_agree, "refuse": deployment.do_refuse,
        }.get(verb)
        if verb == "mission":
            pregame.do_mission_load(ctx)
        elif handler is None:
            raise RulesError(msg("{verb} is not an action of Infinity.", verb=repr(verb)), code="UNKNOWN")
        else:
            handler(ctx)
        flow.advance(ctx)                     # the phase after one that just ended

    # queries ------------------------------------------------------------------------
    def _query(self, ctx: Ctx) -> None:
        state, a, seat = ctx.state, ctx.action, ctx.seat
        if a.verb == "zones":
            ctx.say(zones_text(state))
        elif a.verb == "measure":
            x1, y1, x2, y2 = a.args
            d = math.hypot(x2 - x1, y2 - y1)
            ctx.say(msg("From ({x1}, {y1}) to ({x2}, {y2}): {d}\".", x1=format(x1, "g"), y1=format(y1, "g"), x2=format(x2, "g"), y2=format(y2, "g"), d=format(d, ".2f")))
        elif a.verb == "show":
            ctx.picture()
            if a.private and seat in ("A", "B"):
                ctx.picture((seat,))
        elif a.verb == "status":
            if a.private and seat in ("A", "B"):
                ctx.tell(seat, views.status_text(state, seat))
            else:
                ctx.say(views.status_text(state, None))
        elif a.verb == "me":
            if seat not in ("A", "B"):
                raise RulesError(msg("You have no seat in this game."), code="NO_SEAT")
            ctx.tell(seat, views.describe(views.view(state, seat)))
            ctx.picture((seat,))
        elif a.verb == "mission":
            m = state["mission"]
            ctx.say(msg("Mission {name} ({id}): {decode}", name=m['name'], id=m['id'], decode=Cmd(orjson.dumps(m).decode())))
        elif a.verb == "export":
            if state["phase"] != "complete":
                raise RulesError(msg("`export` gives the final state once deployment is complete."),
                                 code="NOT_NOW")
            ctx.say(Cmd(orjson.dumps(self.view(state, None)).decode()))   # data, never words
        else:
            raise RulesError(msg("Infinity has no command {verb}.", verb=repr(a.verb)), code="UNKNOWN")

    # views --------------------------------------------------------------------------
    def _view(self, state: dict, seat: str | None) -> dict:
        return views.view(state, seat if seat in ("A", "B") else None)

    def describe(self, view: dict) -> str:
        """The private view in words (§11), for `/me` and `me`."""
        return views.describe(view)

    def _summary(self, state: dict) -> dict:
        return views.summary(state)

    def outcome(self, state: dict):
        if state["phase"] == "complete":
            return True, None, msg("deployment complete")
        return False, None, None

    def sent_privately(self, line: str, prompt: Prompt) -> bool:
        """A line naming a hidden trooper (`place AH1 …`, `remove AH1`) or entering one (`add …;
        skills=hd`) goes by direct message (§3.3, §8 P3, §9.5.1), whoever wrote it: a robot's own
        lines as well as the prompt's suggestions."""
        words = line.split()
        if len(words) > 1 and words[0] in ("place", "airborne", "withdraw", "remove") and hidden_id(words[1].upper()):
            return True
        if words and words[0] in ("add", "roster") and HD_SKILL.search(line):
            return True
        return super().sent_privately(line, prompt)

    # self-play ----------------------------------------------------------------------
    def sample(self, state: dict, seat: str, rnd: random.Random) -> str:
        return selfplay.sample(self, state, seat, rnd)

    def sampled(self, state: dict, seat: str, rnd: random.Random,
                raw: bytes | None = None) -> tuple[str, tuple[dict, list] | None]:
        # `raw`: a search's playout has the state's bytes: its prompts are known by them, not dumped again
        return selfplay.sample(self, state, seat, rnd, raw), None

    def invariants(self, state: dict) -> list[str]:
        return selfplay.invariants(state)

    def secrets(self, state: dict) -> list[str]:
        """Ids and names of hidden troopers not revealed (§9.5, §11); the Lieutenant's id is
        secret only as an association, so a hidden Lieutenant is covered here."""
        out = []
        for seat in ("A", "B"):
            for t in state["rosters"][seat]:
                if t["hidden"] and not t["revealed"]:
                    out += [t["id"], t["name"]]
        return out


def zones_text(state: dict) -> str:
    """§7.8: both zones, the Forward Deployment areas, the centre line, exclusion zones."""
    m = state["mission"]
    w, h = m["table"]["w"], m["table"]["h"]

    def r(rect):
        return "[" + join(", ", (f"{v:g}" for v in rect)) + "]"

    owner = {side: s for s, side in (state["zone_of"] or {}).items()}
    lines = [msg("Table {w}\" × {h}\"; centre line y = {h2}.", w=format(w, "g"), h=format(h, "g"), h2=format(h / 2, "g"))]
    for side in ("south", "north"):
        z = m["zones"][side]
        whose = f" of {who(state, owner[side])}" if side in owner else ""
        lines.append(msg("{side} zone{whose}: {r}, {z}\" × {z2}\"; fd1 area {r2}; fd2 area {r3}; half {r4}.", side=side.capitalize(), whose=whose, r=r(z), z=format(z[2] - z[0], "g"), z2=format(z[3] - z[1], "g"), r2=r(fd_area(m, side, 'fd1')), r3=r(fd_area(m, side, 'fd2')), r4=r(half(m, side))))
    ex = join(", ", (r(e) for e in m["exclusion"])) or "none"
    lines.append(msg("Exclusion zones: {ex}.", ex=ex))
    return join("\n", lines)
