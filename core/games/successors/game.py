"""The `Successors` game object: verbs, prompts, dispatch, views and summary.

Rules live in modules named after the spec's sections: board (§1), setup (§2),
sequence (§3), reinforcements (§3.3), strategy (§4), movement (§5, step-I subset),
scoring (§8, §10), legitimacy (§9).
"""
from __future__ import annotations

import random

from core.errors import RulesError
from core.game import Ctx, Game, Prompt
from core.grammar import Param, Verb

from .board import BOARD
from .common import card_name, find_space, label
from .forces import PLAYER_CU, generals_of, n_cus
from . import legitimacy, movement, reinforcements, scoring, sequence, setup, sieges, strategy

SEAT_CHOICES = tuple("abcde")
LOSSES = "losses <type> [<type>...]"
NAVAL_DECLINE = 0.5              # self-play: how often a naval interception is declined


class Successors(Game):
    id = "successors"
    title = "Successors"
    aliases = ("succ", "diadochi")
    min_players = 2
    max_players = 5
    option_verbs = {"sorties": Verb("sorties", (Param("sorties", "choice", choices=("on", "off")),),
                                    help="§12.1 optional rule: sorties from besieged cities")}
    verbs = {
        "first": Verb("first", (Param("seat", "choice", SEAT_CHOICES), Param("direction", "choice", ("left", "right"))),
                      help="§3.2.3 choose the First Player and the direction (left = ascending seat order)."),
        "place": Verb("place", (Param("unit"), Param("space"), Param("count", "int", optional=True, low=1, high=30)),
                      help="§3.3.4 place a reinforcement (merc, mac, royal, silver, eleph or a general's name)."),
        "play": Verb("play", (Param("card", "int", low=1, high=60),
                              Param("use", "choice", ("pc", "march", "train", "fleet", "recruit", "redraw", "event")),
                              Param("args", "text", optional=True)),
                     help="§4.4 play a card: pc <spaces>, march <general>, train merc|mac, fleet upgrade|new, "
                          "recruit <space>; a Surprise card: redraw."),
        "activate": Verb("activate", (Param("force", "text"),),
                         help="§4.5 activate a force: <general> [<general>...] [merc=<n>] [mac=<n>] [royal=<n>] "
                              "[eleph=<n>] [silver=<n>] [alone]; CUs default to all free CUs in the space."),
        "move": Verb("move", (Param("path", "text"),), help="§5 move the active force along spaces."),
        "take": Verb("take", (Param("marker", "choice", movement.MARKERS),), help="§5.11 pick up a royal or the Cart."),
        "drop": Verb("drop", (Param("marker", "choice", movement.MARKERS),), help="§5.11 drop a royal or the Cart."),
        "reroll": Verb("reroll", help="§1.3.2 Antigonos re-rolls his activation die once."),
        "disband": Verb("disband", (Param("space"), Param("count", "int", optional=True, low=1, high=8)),
                        help="§4.5 disband Royal CUs that have not moved this player turn; they leave the game."),
        "stop": Verb("stop", help="end the current activation; unspent MP are lost."),
        "end": Verb("end", help="end your Activation segment."),
        "bury": Verb("bury", help="§9.6.3 bury Alexander's body where your force carries the Cart."),
        "pass": Verb("pass", help="decline to bury the body (§3.7)."),
        "intercept": Verb("intercept", (Param("force", "text", optional=True),),
                          help="§5.8 intercept with your army in <space> [<general>...] [merc=<n>...]."),
        "decline": Verb("decline", help="do not intercept / do not sortie."),
        "fight": Verb("fight", help="§5.8.4 the intercepted force fights."),
        "fallback": Verb("fallback", help="§5.8.4 the intercepted force falls back; its activation ends."),
        "inside": Verb("inside", help="§5.5.2 your field force goes inside the city's walls: no battle, a siege."),
        "avoid": Verb("avoid", (Param("space"),), help="§5.9 try to avoid battle, moving up to 2 spaces."),
        "stand": Verb("stand", help="§5.4.1 stand and meet the enemy (crushing check, then battle)."),
        "retreat": Verb("retreat", (Param("where", "text"),),
                        help="§6.10.4 retreat <space>, or `retreat inside [<space>]` in your own Major City."),
        "assault": Verb("assault", (Param("space", optional=True),),
                        help="§7.2 make an assault roll (1 MP; in Surrender, name the space)."),
        "done": Verb("done", help="§4.3 C make no (more) Surrender rolls."),
        "remove": Verb("remove", help="§5.4.4 spend 1 MP to remove the opponent PC where your army stands."),
        "sortie": Verb("sortie", help="§12.1 a CU inside makes a sortie."),
        "leave": Verb("leave", (Param("units", "text"),),
                      help="§5.1 drop off units where the moving force stands: [<general>...] [merc=<n>]..."),
        "losses": Verb("losses", (Param("order", "text"),),
                       help="§6.8 your standing choice of CU losses, first lost first: e.g. `losses merc eleph mac`."),
        "sally": Verb("sally", help="§7.10 the force inside attacks the besiegers in its space."),
        "forage": Verb("forage", (Param("space"), Param("cu", "choice", PLAYER_CU)),
                       help="§4.6 choose the CU lost to forage."),
    }

    # setup ------------------------------------------------------------------------------------
    def _setup(self, ctx: Ctx, players: list[str], options: dict) -> None:
        setup.setup_state(ctx, players, options)
        sequence.advance(ctx)

    # prompts ------------------------------------------------------------------------------------
    def _prompts(self, state: dict) -> dict[str, Prompt]:
        if state["result"]:
            return {}
        if state["placing"] is not None:
            pl = state["placing"]
            lines = reinforcements.legal_lines(state)
            what = reinforcements.describe(pl["left"], pl["gens"])
            why = "reinforcements" if pl["why"] == "reinforcements" else "the trained CU"
            return {pl["seat"]: Prompt(f"{pl['seat']} places {why}: {what} left (§3.3.4).",
                                       tuple(lines) if len(lines) <= 30 else (),
                                       ("place <unit> <space> [<count>]",))}
        if state.get("pend"):
            p = state["pend"]
            return {p["seat"]: Prompt(movement.pend_text(state), tuple(movement.pend_lines(state)),
                                      (("intercept <space> [<general>...] [merc=<n>]",)
                                       if p["kind"] == "intercept" else ()) + (LOSSES,))}
        if state["act"] is not None:
            act = state["act"]
            lines = [f"move {s}" for s in movement.reachable(state)]
            if movement.can_assault(state):
                lines.append("assault")
            if movement.can_remove_pc(state):
                lines.append("remove")
            if movement.can_sally(state):
                lines.append("sally")
            lines += movement.carry_options(state)
            if movement.can_bury(state, act["seat"]):
                lines.append("bury")
            if act.get("reroll") and len(act["path"]) == 1:
                lines.append("reroll")
            where = BOARD.spaces[act["at"]]["name"] if act["at"] in BOARD.spaces else "its box"
            who = BOARD.indep_armies[act["army"]]["name"] if act.get("army") else f"{act['seat']}'s force"
            return {act["seat"]: Prompt(
                f"{who} at {where} has {act['mp']} MP.",
                (*lines, "stop"), ("move <space> [<space>...]", "disband <space> [<count>]",
                                   "leave [<general>...] [merc=<n>] [mac=<n>]..."))}
        ph = state["phase"]
        if ph == "preparations" and state["step"] == "order":
            seat = state["chooser"]
            lines = tuple(f"first {s.lower()} {d}" for s in state["seats"] for d in ("left", "right"))
            return {seat: Prompt(f"{seat} has the fewest VP: choose the First Player and the direction "
                                 "(left = ascending seat order).", lines)}
        if ph == "end_of_turn" and state["step"] == "burial":
            seat = state["order"][state["cur"]]
            return {seat: Prompt(f"{seat} may bury Alexander's body here (§3.7).", ("bury", "pass"))}
        if ph == "strategy":
            seat = state["order"][state["cur"]]
            seg = state["segment"]
            if seg == "surrender" and state.get("sroll"):
                lines = [f"assault {t}" for t in sieges.surrender_targets(state, seat)]
                return {seat: Prompt(f"Round {state['round']}, {seat}'s Surrender segment: one free assault roll "
                                     "per space you besiege (§4.3 C).", (*lines, "done"))}
            if seg == "tyche":
                private = tuple(l for c in sorted(state["p"][seat]["hand"]) for l in strategy.uses(state, seat, c))
                burial = ("bury",) if movement.can_bury(state, seat) else ()
                return {seat: Prompt(f"Round {state['round']}, {seat}'s Tyche segment: play one card (§4.4).",
                                     burial, ("disband <space> [<count>]","play <card> pc <space> [<space>...]",
                                          "play <card> march <general> [<general>...]",
                                          "play <card> recruit <space>"), private)}
            if seg == "activation":
                lines = ["end"]
                if movement.can_bury(state, seat):
                    lines.insert(0, "bury")
                gens = [g for g in generals_of(state, seat) if state["gens"][g]["at"] in BOARD.spaces
                        and g not in state["done"]]
                acts = tuple(f"activate {g}" for g in gens)
                return {seat: Prompt(f"Round {state['round']}, {seat}'s Activation segment: activate forces "
                                     "or end (§4.5).", (*acts, *lines),
                                     ("activate <general> [<general>...] [merc=<n>] [mac=<n>] [alone]",
                                      "disband <space> [<count>]", LOSSES))}
            if seg == "forage":
                return {seat: Prompt(f"{seat} must remove 1 CU to forage (§4.6).",
                                     tuple(strategy.forage_lines(state, seat)))}
        return {}

    # actions ------------------------------------------------------------------------------------
    def _apply(self, ctx: Ctx) -> None:
        before = dict(ctx.state.get("counts") or {})
        self._handle(ctx)
        if (ctx.state.get("counts") or {}) != before:   # a battle, siege, assault or fall: post the map
            ctx.picture()

    def _handle(self, ctx: Ctx) -> None:
        state, seat, a = ctx.state, ctx.seat, ctx.action
        v = a.verb
        if v == "first":
            sequence.choose_order(ctx, a.args[0].upper(), a.args[1])
        elif v == "place":
            unit = a.args[0].lower()
            if unit not in BOARD.cu_types:
                from .common import find_general
                unit = find_general(state, unit)
            count = a.args[2] if len(a.args) > 2 else 1
            reinforcements.place(ctx, unit, find_space(a.args[1]), count)
        elif v == "play":
            rest = a.args[2] if len(a.args) > 2 else ""
            strategy.play(ctx, seat, a.args[0], a.args[1], rest)
            if state["act"] is None:
                sequence.start_activation(state)
        elif v == "activate":
            movement.start(ctx, seat, a.args[0], "activation", None)
        elif v == "move":
            if state["act"] is None or state["act"]["seat"] != seat:
                raise RulesError("You have no force in motion: activate one first.", code="NO_FORCE")
            path = [find_space(s) for s in a.args[0].split()]
            movement.move(ctx, path)
        elif v in ("take", "drop"):
            movement.carry(ctx, v, a.args[0])
        elif v == "reroll":
            movement.reroll(ctx)
        elif v == "disband":
            movement.disband(ctx, seat, find_space(a.args[0]), a.args[1] if len(a.args) > 1 else 1)
        elif v == "stop":
            self._stop(ctx)
        elif v == "bury":
            movement.bury(ctx, seat)
            if state["phase"] == "end_of_turn":
                state["cur"] += 1
        elif v == "pass":
            state["cur"] += 1
        elif v == "end":
            ctx.say(f"{seat} ends the Activation segment.")
            sequence.start_forage(ctx)
        elif v == "forage":
            strategy.forage(ctx, seat, find_space(a.args[0]), a.args[1])
        elif v in ("intercept", "decline", "fight", "fallback", "inside", "avoid", "stand", "retreat", "sortie"):
            movement.answer(ctx, seat, v, " ".join(str(x) for x in a.args if x is not None))
        elif v == "assault":
            if state["act"] is not None and state["act"]["seat"] == seat and not state.get("pend"):
                if a.args and a.args[0] and find_space(a.args[0]) != state["act"]["at"]:
                    raise RulesError("The active force assaults the space it stands in (§7.2).", code="NO_ASSAULT")
                movement.assault(ctx)
            elif state["phase"] == "strategy" and state["segment"] == "surrender" and state.get("sroll"):
                if not a.args or not a.args[0]:
                    raise RulesError("Name the space: `assault <space>` (§4.3 C).", code="NO_SPACE")
                space = find_space(a.args[0])
                if space not in sieges.surrender_targets(state, seat):
                    raise RulesError(f"No Surrender roll is possible at {BOARD.spaces[space]['name']}: "
                                     f"{', '.join(sieges.surrender_targets(state, seat)) or 'none'} (§4.3 C).",
                                     code="NO_ASSAULT")
                from .forces import generals_at
                sieges.assault(ctx, seat, space, "surrender", generals_at(state, space, seat))
                sieges.settle(state)
                if not sieges.surrender_targets(state, seat) and not state.get("pend"):
                    sequence.end_surrender(ctx)
            else:
                raise RulesError("No assault is possible now (§7.2).", code="NO_ASSAULT")
        elif v == "remove":
            movement.remove_pc(ctx)
        elif v == "sally":
            movement.sally(ctx)
        elif v == "leave":
            movement.leave(ctx, a.args[0])
        elif v == "losses":
            kinds = [k.lower() for k in a.args[0].replace(",", " ").split()]
            if not kinds or any(k not in PLAYER_CU for k in kinds) or len(set(kinds)) != len(kinds):
                raise RulesError(f"Name CU types once each, first lost first: {', '.join(PLAYER_CU)}.",
                                 code="CU_TYPE")
            state["p"][seat]["loss_order"] = kinds
            ctx.tell(seat, f"Your CU losses will be taken in this order: {', '.join(kinds)}, then the rest.")
        elif v == "done":
            if not (state["phase"] == "strategy" and state["segment"] == "surrender" and state.get("sroll")):
                raise RulesError("Nothing to finish now.", code="NOT_NOW")
            sequence.end_surrender(ctx)
        sieges.settle(state)
        if v not in ("stop", "end", "first", "place", "forage"):
            self._auto_stop(ctx)
        sequence.advance(ctx)

    def _auto_stop(self, ctx: Ctx) -> None:
        """A force that can do nothing more ends its activation by itself."""
        state = ctx.state
        act = state["act"]
        if not act or state.get("pend"):
            return
        if (not act["gens"] and not act.get("army")) or (not movement.reachable(state) and not movement.carry_options(state)
                               and not movement.can_bury(state, act["seat"]) and not movement.can_assault(state)
                               and not movement.can_remove_pc(state) and not movement.can_sally(state)):
            self._stop(ctx)

    def _stop(self, ctx: Ctx) -> None:
        if ctx.state.get("pend"):
            raise RulesError("Wait: another player must decide first.", code="PENDING")
        movement.end_act(ctx)

    # views --------------------------------------------------------------------------------------
    def _view(self, state: dict, seat: str | None) -> dict:
        view = {k: v for k, v in state.items() if k not in ("p", "deck", "table")}
        view["deck"] = len(state["deck"])
        view["table"] = len(state["table"])
        view["p"] = {}
        for s, p in state["p"].items():
            q = dict(p)
            q["hand"] = sorted(p["hand"]) if s == seat else len(p["hand"])
            view["p"][s] = q
        view["sieges"] = sieges.view(state)
        view["summary"] = self._summary(state)
        return view

    def _summary(self, state: dict) -> dict:
        lps = legitimacy.all_lp(state)
        vps = scoring.all_vp(state)
        players = {}
        for s in state["seats"]:
            p = state["p"][s]
            gens = [g for g in generals_of(state, s) if state["gens"][g]["at"] in BOARD.spaces
                    or state["gens"][g]["at"] in ("dispersed", "reserve", "arriving")]
            royal_cus = sum(c.get(s, {}).get("royal", 0) for c in state["cus"].values())
            players[s] = {
                "vp": vps[s], "legitimacy": lps[s],
                "prestige": 0,
                "hand": len(p["hand"]),
                "status": "champion" if p["champion"] else "diadochos",
                "generals": [label(g) if g[0].isupper() else BOARD.generals[g]["name"] for g in gens],
                "cus": sum(n_cus(state, sp, s) for sp in state["cus"]),
                "royal_cus": royal_cus,
                "fleets": scoring.fleet_strength(state, s),
                "colour": BOARD.colours[s],
                "training": list(p["track"]),
            }
        b = state["body"]
        royals = {}
        for r, d in state["royals"].items():
            st = d["st"]
            royals[BOARD.royals[r]["name"]] = {"state": st, "space": d["at"] if st in ("active", "inactive") else None,
                                               "controller": legitimacy.royal_controller(state, r)}
        return {
            "turn": state["turn"],
            "phase": state["phase"],
            "round": state["round"],
            "segment": state["segment"] if state["phase"] == "strategy" else None,
            "order": list(state["order"]),
            "first_player": state["first"],
            "direction": state["direction"],
            "usurper": state["usurper"],
            "table_cards": len(state["table"]),
            "deck": len(state["deck"]),
            "discard": len(state["discard"]),
            "removed": len(state["removed"]),
            "players": players,
            "body": {"state": b["st"], "space": b["at"]},
            "royals": royals,
            "control": scoring.control_map(state),
            "counts": dict(state.get("counts", {})),
            "sieges": sieges.view(state),
        }

    def outcome(self, state: dict):
        r = state.get("result")
        if not r:
            return False, None, None
        return True, r["winner"], r["reason"]

    # self-play ----------------------------------------------------------------------------------
    def sample(self, state: dict, seat: str, rnd: random.Random) -> str:
        prompt = self.prompts(state)[seat]
        if state.get("pend"):
            if state["pend"]["kind"] == "naval" and rnd.random() < NAVAL_DECLINE:
                return "decline"
            return rnd.choice(prompt.actions)
        if state["placing"] is not None:
            return rnd.choice(reinforcements.legal_lines(state))
        if state["act"] is not None:
            moves = [l for l in prompt.actions if l.startswith(("move", "take", "bury", "reroll", "assault", "remove", "sally"))]
            if "assault" in moves and rnd.random() < 0.6:
                return "assault"
            if moves and rnd.random() < 0.8:
                return rnd.choice(moves)
            return "stop"
        if state["phase"] == "strategy" and state["segment"] == "tyche":
            lines = list(prompt.private)
            for c in state["p"][seat]["hand"]:
                ops = BOARD.cards[c]["ops"]
                if not ops:
                    continue
                targets = strategy.pc_targets(state, seat)
                if targets:
                    lines.append(f"play {c} pc " + " ".join(rnd.sample(targets, min(ops, len(targets)))))
                gens = [g for g in generals_of(state, seat) if state["gens"][g]["at"] in BOARD.spaces]
                if gens:
                    lines.append(f"play {c} march {rnd.choice(gens)}")
                if ops >= 3:
                    ok = strategy.recruit_spaces(state, seat)
                    if ok and strategy._in_play(state, seat) < state["p"][seat]["limit"] \
                            and generals_of(state, seat, "reserve"):
                        lines.append(f"play {c} recruit {rnd.choice(ok)}")
            return rnd.choice(lines)
        if state["phase"] == "strategy" and state["segment"] == "activation":
            acts = [l for l in prompt.actions if l.startswith("activate")]
            if rnd.random() < 0.02:
                acts = [f"disband {s}" for s in movement.disbandable(state, seat)] or acts
            if acts and rnd.random() < 0.7:
                return rnd.choice(acts)
            return "bury" if "bury" in prompt.actions else "end"
        return rnd.choice(list(prompt.actions) + list(prompt.private))

    def secrets(self, state: dict) -> list[str]:
        """Cards in hands and face-down table cards (§11): never in a public line or the public view."""
        hidden = list(state["table"])
        for seat in state["seats"]:
            hidden += state["p"][seat]["hand"]
        return [card_name(n) for n in hidden]

    def invariants(self, state: dict) -> list[str]:
        out = []
        cards = list(state["deck"]) + state["discard"] + state["removed"] + state["table"]
        for s in state["seats"]:
            cards += state["p"][s]["hand"]
        if sorted(cards) != sorted(BOARD.base_deck):
            out.append(f"Tyche cards lost or duplicated: {len(cards)} cards, "
                       f"{len(set(cards))} distinct, expected {len(BOARD.base_deck)}.")
        for space, by in state["cus"].items():
            for s, c in by.items():
                if any(n <= 0 for n in c.values()):
                    out.append(f"empty CU entry at {space} for {s}")
        from .forces import cu_counts, pool_left
        counts = cu_counts(state)
        for kind in PLAYER_CU:
            for s in state["seats"]:
                if pool_left(state, s, kind, counts) < 0:
                    out.append(f"more {kind} CUs than counters for {s}")
        for g, d in state["gens"].items():
            if d["at"] not in BOARD.spaces and d["at"] not in ("dispersed", "dead", "reserve", "out", "gone", "arriving"):
                out.append(f"general {g} at unknown place {d['at']}")
        for s in state["seats"]:
            if len([g for g in generals_of(state, s) if g[0].isupper()]) != BOARD.minor["per_player"]:
                out.append(f"{s} minor generals lost")
        from .forces import field_gens, n_field, indep_at
        for space, box in state.get("inside", {}).items():                # §5.5.1
            owner = state["pcs"].get(space)
            have = state["cus"].get(space, {}).get(owner, {})
            if sum(box.values()) > 2 or any(have.get(k, 0) < n for k, n in box.items()):
                out.append(f"inside {space}: {box} is not 2 CUs or fewer of {owner}'s {have}")
        for space in BOARD.spaces:                     # §5.4.3 one side's CUs in the field (a lone
            sides = {o for o in state["seats"] if n_field(state, space, o)}   # general may meet a
            if indep_at(state, space):                                        # §3.3.4 placement)
                sides.add("IND")
            if len(sides) > 1 and not (state.get("pend") and state["pend"]["space"] == space) \
                    and not (state["act"] and state["act"]["at"] == space and state.get("pend")):
                out.append(f"{space}: field units of {sorted(sides)} at once")
        for space, sg in state.get("siege", {}).items():
            if sg["sp"] < 0:
                out.append(f"negative SP at {space}")
        placed = [a for a in state["indep"].values() if a in BOARD.spaces]
        if len(placed) != len(set(placed)):
            out.append("two independent armies in one space")
        return out


GAME = Successors()
