"""The `Successors` game object: verbs, prompts, dispatch, views and summary.

Rules live in modules named after the spec's sections: board (§1), setup (§2),
sequence (§3), reinforcements (§3.3), strategy (§4), movement (§5, step-I subset),
scoring (§8, §10), legitimacy (§9).
"""
from __future__ import annotations

import random
from collections import Counter

from core.errors import RulesError
from core.game import Ctx, Game, Prompt
from core.grammar import Param, Verb
from core.message import Cmd, join, kept, msg

from . import (
    activation,
    assaults,
    battles,
    cards,
    flow,
    legitimacy,
    marching,
    questions,
    reinforcements,
    scoring,
    sequence,
    setup,
    sieges,
    snapshots,
    strategy,
)
from .board import BOARD
from .common import card_arg, card_name, card_tag, label
from .forces import PLAYER_CU, cu_counts, generals_of, indep_at, n_field, pool_left

SEAT_CHOICES = tuple("abcde")
LOSSES = "losses <type> [<type>...]"
NAVAL_DECLINE = 0.5              # self-play: how often a naval interception is declined
PELLA_BIAS = 0.7                 # self-play: how often the Cart's carrier heads for Pella


def _distances(target: str) -> dict[str, int]:
    """Steps from every space to `target` by land, pass and strait (self-play's compass)."""
    out, todo = {target: 0}, [target]
    while todo:
        s = todo.pop(0)
        for n, k in BOARD.adj[s]:
            if k in ("land", "pass", "strait") and n not in out:
                out[n] = out[s] + 1
                todo.append(n)
    return out


TO_PELLA = _distances("pella")


class Successors(Game):
    id = "successors"
    title = "Successors"
    aliases = ("succ", "diadochi")
    # 2: the whole game (card events, table events resolved, Surprise standing orders, coming
    # of age, Regency). A game saved under 1 replays differently from its first table event
    # on, and no migration can say what its players would have chosen: such games are
    # refused /undo and full /verify with the reason (core/replay.upgrade), and go on.
    # 3: the [seed] re-read of §3–§10 (table events named when taken, the Turn I Cart, what a
    # killed commander carried, independents' PCs, …) and the losses question: a log saved under
    # 2 may replay differently, so such games are refused /undo and full /verify likewise.
    # 4: §6.13 S35, the Silver Shields marker goes inside a Major City whole or not at all when a
    # beaten Defender retreats; a log of 3 replays the same lines (core/replay.MIGRATIONS).
    # 5: issue 27's balance (docs/balance.md): the designed heirs' LP (§1.7) and packages (§2.1) of
    # data/rules.json. A game keeps the numbers it was set up under (state key `rules`, absent = 4);
    # a log of 4 replays under rules 4 (core/replay.MIGRATIONS pins them in its options).
    # 6: issue 27's second balance: the packages of 3 and 5 players (§2.1, data/rules.json); a log
    # of 5 replays under rules 5 likewise.
    # 7: issue 36, a state keeps its words (a result's reason, a placing's or a loss's why) as
    # messages; a log of 6 replays keeping their English, as its snapshots hold it (core/replay.py).
    rules_version = 7
    min_players = 2
    max_players = 5
    option_verbs = {
        "sorties": Verb("sorties", (Param("sorties", "choice", choices=("on", "off")),),
                        help=msg("§12.1 optional rule: sorties from besieged cities")),
        "veterans": Verb("veterans", (Param("veterans", "choice", choices=("on", "off")),),
                         help=msg("§12.2 optional rule: each Royal CU in a battle adds 1 on a 5 or 6")),
        "glory": Verb("glory", (Param("glory", "choice", choices=("on", "off")),),
                      help=msg("§12.3 optional rule: +1 prestige (up to +2) for beating an independent army")),
        "deck": Verb("deck", (Param("deck", "choice", choices=("base", "extended")),),
                     help=msg("§12.4 optional rule: `deck=extended` adds cards #58-#60")),
        "losses": Verb("losses", (Param("losses", "choice", choices=("order", "ask")),),
                       help=msg("§6.8 CU losses: `losses=ask` asks each owner which CUs to lose wherever he may choose; his standing order (`losses …`) is the default and what a deadline plays")),
        "draft": Verb("draft", (Param("draft", "choice", choices=("on", "off")),),
                      help=msg("§12.6 optional rule: players draft the packages, one at a time in reverse seat order")),
        "desert": Verb("desert", (Param("desert", "choice", choices=("on", "off")),),
                       help=msg("§12.5 optional rule: desert attrition at the end of an activation")),
        "rules": Verb("rules", (Param("rules", "choice", choices=("4", "5", "6")),),
                      help=msg("§15 the rules version: 6 (the default); 5, the 3- and 5-player packages from before their second balance; or 4, the heirs' LP and the packages from before the balance of issue 27")),
    }
    anytime = frozenset({"arm"})     # §4.7 standing orders may be given off turn (core/game.py)
    verbs = {
        "arm": Verb("arm", (Param("card"), Param("how", "choice", ("on", "off"), optional=True)),
                    private=True,
                    help=msg("§4.7 standing order, sent privately at any time: play this Surprise card by itself at the first window where it is legal for you (`arm <card> off` withdraws it)."),
                    example="arm 37-treachery"),
        "first": Verb("first", (Param("seat", "choice", SEAT_CHOICES), Param("direction", "choice", ("left", "right"))),
                      help=msg("§3.2.3 choose the First Player and the direction (left = ascending seat order).")),
        "pick": Verb("pick", (Param("package", "choice", SEAT_CHOICES),),
                     help=msg("§12.6 draft this faction package (its generals and starting forces).")),
        "place": Verb("place", (Param("unit"), Param("space"), Param("count", "int", optional=True, low=1, high=30)),
                      help=msg("§3.3.4 place a reinforcement (`merc`, `mac`, `royal`, `silver`, `eleph` or a general's name).")),
        "play": Verb("play", (Param("card"),
                              Param("use", "choice",
                                    ("pc", "march", "train", "fleet", "recruit", "redraw", "event", "both")),
                              Param("args", "text", optional=True)),
                     help=msg("§4.4 play a card: `pc <spaces>`, `march <general>`, `train merc|mac`, `fleet upgrade|new`, `recruit <space>`; `event [<choices>]` (§11); a Bonus card: `both [<choices>]` (event, then OPs); a Surprise card: `redraw`."),
                     example="play 35-suspicion event"),
        "activate": Verb("activate", (Param("force", "text"),),
                         help=msg("§4.5 activate a force: <general> [<general>...] [merc=<n>] [mac=<n>] [royal=<n>] [eleph=<n>] [silver=<n>] [alone]; CUs default to all free CUs in the space."),
                         example="activate perdikkas merc=2"),
        "move": Verb("move", (Param("path", "text"),), help=msg("§5 move the active force along spaces."),
                     example="move pella pydna"),
        "take": Verb("take", (Param("marker", "choice", marching.MARKERS),), help=msg("§5.11 pick up a royal or the Cart.")),
        "drop": Verb("drop", (Param("marker", "choice", marching.MARKERS),), help=msg("§5.11 drop a royal or the Cart.")),
        "reroll": Verb("reroll", help=msg("§1.3.2 Antigonos re-rolls his activation die once.")),
        "disband": Verb("disband", (Param("space"), Param("count", "int", optional=True, low=1, high=8)),
                        help=msg("§4.5 disband Royal CUs that have not moved this player turn; they leave the game.")),
        "stop": Verb("stop", help=msg("end the current activation; unspent MP are lost.")),
        "end": Verb("end", help=msg("end your Activation segment.")),
        "keep": Verb("keep", (Param("card"),), help=msg("#53 Wise Counsel: keep this card.")),
        "murder": Verb("murder", help=msg("§9.11 the heir coming of age is murdered.")),
        "crown": Verb("crown", help=msg("§9.11 the heir coming of age is crowned.")),
        "bury": Verb("bury", help=msg("§9.6.3 bury Alexander's body where your force carries the Cart.")),
        "pass": Verb("pass", help=msg("decline to bury the body (§3.7).")),
        "intercept": Verb("intercept", (Param("force", "text", optional=True),),
                          help=msg("§5.8 intercept with your army in <space> [<general>...] [merc=<n>...]."),
                          example="intercept pydna antipatros"),
        "decline": Verb("decline", help=msg("do not intercept / do not sortie.")),
        "fight": Verb("fight", help=msg("§5.8.4 the intercepted force fights.")),
        "fallback": Verb("fallback", help=msg("§5.8.4 the intercepted force falls back; its activation ends.")),
        "inside": Verb("inside", help=msg("§5.5.2 your field force goes inside the city's walls: no battle, a siege.")),
        "avoid": Verb("avoid", (Param("space"),), help=msg("§5.9 try to avoid battle, moving up to 2 spaces.")),
        "stand": Verb("stand", help=msg("§5.4.1 stand and meet the enemy (crushing check, then battle).")),
        "retreat": Verb("retreat", (Param("where", "text"),),
                        help=msg("§6.10.4 `retreat <space>`, or `retreat inside [<space>]` in your own Major City."),
                        example="retreat pydna"),
        "assault": Verb("assault", (Param("space", optional=True),),
                        help=msg("§7.2 make an assault roll (1 MP; in Surrender, name the space).")),
        "done": Verb("done", help=msg("§4.3 C make no (more) Surrender rolls.")),
        "remove": Verb("remove", help=msg("§5.4.4 spend 1 MP to remove the opponent PC where your army stands.")),
        "sortie": Verb("sortie", help=msg("§12.1 a CU inside makes a sortie.")),
        "leave": Verb("leave", (Param("units", "text"),),
                      help=msg("§5.1 drop off units where the moving force stands: [<general>...] [merc=<n>]..."),
                      example="leave merc=1"),
        "lose": Verb("lose", (Param("cus", "text"),),
                     help=msg("§6.8 with the option losses=ask: the CUs your side loses."), example="lose merc=1 mac=1"),
        "losses": Verb("losses", (Param("order", "text"),),
                       help=msg("§6.8 your standing choice of CU losses, first lost first: e.g. `losses merc eleph mac`."),
                       example="losses merc eleph mac"),
        "sally": Verb("sally", help=msg("§7.10 the force inside attacks the besiegers in its space.")),
        "hold": Verb("hold", help=msg("§5.10 the 23000 Greek Soldiers decline to move and place an Independent PC.")),
        "forage": Verb("forage", (Param("space"), Param("cu", "choice", PLAYER_CU)),
                       help=msg("§4.6 choose the CU lost to forage.")),
    }

    def current_snapshot(self, state: dict) -> dict:
        return snapshots.current(state)

    # setup ------------------------------------------------------------------------------------
    def _setup(self, ctx: Ctx, players: list[str], options: dict) -> None:
        setup.setup_state(ctx, players, options)
        sequence.advance(ctx)

    # prompts and actions: the table of states in flow.py ------------------------------------
    def _prompts(self, state: dict) -> dict[str, Prompt]:
        return flow.prompts(state)

    def _prompt_verbs(self, state: dict) -> dict[str, frozenset[str]] | None:
        """§4.4 a Tyche segment's, §4.5 an Activation segment's, §3.3.4 a placing's and §5 a force in
        motion's verbs, without their lines (each card's uses dry-run, each space's eligibility,
        each reachable space's path): flow.STATE_VERBS."""
        name = None if state.get("pend") else flow.current(state)
        verbs = flow.STATE_VERBS.get(name)
        if verbs is None:
            return None
        seat = flow.STATES[name].seat(state)
        return {seat: verbs(state, seat)}

    def _apply(self, ctx: Ctx) -> None:
        before = dict(ctx.state.get("counts") or {})
        self._handle(ctx)
        if (ctx.state.get("counts") or {}) != before:   # a battle, siege, assault or fall: post the map
            ctx.picture()

    def _handle(self, ctx: Ctx) -> None:
        v = ctx.action.verb
        flow.handle(ctx)
        sieges.settle(ctx.state)
        if v not in ("stop", "end", "first", "place", "forage", "arm", "losses"):
            self._auto_stop(ctx)
        sequence.advance(ctx)

    def _auto_stop(self, ctx: Ctx) -> None:
        """A force that can do nothing more ends its activation by itself."""
        state = ctx.state
        act = state["act"]
        if not act or state.get("stack"):
            return
        if (not act["gens"] and not act.get("army")) or (not marching.reaches_any(state)
                               and not marching.carry_options(state)
                               and not marching.can_bury(state, act["seat"]) and not assaults.can_assault(state)
                               and not assaults.can_remove_pc(state) and not assaults.can_sally(state)):
            self._stop(ctx)

    def _stop(self, ctx: Ctx) -> None:
        activation.end_act(ctx)

    def rule_default(self, state: dict, seat: str) -> str | None:
        """§6.8 with `losses=ask`: at the deadline the owner's standing order chooses the losses."""
        stack = state.get("stack") or []
        if flow.current(state) == "decision" and stack[-1]["kind"] == "losses" and stack[-1]["seat"] == seat:
            return battles.loss_line(flow.loss_options(state, stack[-1])[0])
        return None

    # views --------------------------------------------------------------------------------------
    def _view(self, state: dict, seat: str | None) -> dict:
        view = {k: v for k, v in state.items() if k not in ("p", "deck", "table")}
        view["deck"] = len(state["deck"])
        view["table"] = len(state["table"])
        view["p"] = {}
        for s, p in state["p"].items():
            q = dict(p)
            q["hand"] = sorted(p["hand"]) if s == seat else len(p["hand"])
            if s != seat:
                q.pop("armed", None)                    # standing orders are secret (§4.7)
            view["p"][s] = q
        view["stack"] = [d if d.get("seat") == seat or "cards" not in d else {**d, "cards": len(d["cards"])}
                         for d in state.get("stack", [])]      # #53's cards: only their reader sees them
        view["sieges"] = sieges.view(state)
        view["summary"] = self._summary(state)
        return view

    def describe(self, view: dict) -> str:
        """A seat's private view in words (/me): the hand, each card with its number, name, OPs,
        type and event text, the armed Surprise cards, then the seat's LP and VP."""
        mine = [s for s, p in view["p"].items() if isinstance(p.get("hand"), list)]
        if not mine:
            return msg("You have no seat in this game.")
        seat = mine[0]
        p = view["p"][seat]
        colour = setup.colour_of(view, seat)           # §1.2 its package's: the drafted one (§12.6)
        lines = [(msg("Seat {seat} ({colour}), Turn {turn}.", seat=seat, colour=colour, turn=view['turn']) if colour else msg("Seat {seat}, Turn {turn}.", seat=seat, turn=view['turn']))]
        if p["hand"]:
            lines.append(msg("Your hand:"))
            lines += [msg("- {describe_card}", describe_card=cards.describe_card(view, c)) for c in p["hand"]]
        else:
            lines.append(msg("Your hand is empty."))
        if p.get("armed"):
            lines.append(msg("Armed Surprise cards (played by themselves at their window, §4.7): {card_name}.", card_name=join(", ", (card_name(c) for c in p["armed"]))))
        summ = view.get("summary", {}).get("players", {}).get(seat)
        if summ:
            lines.append(msg("Legitimacy Points {legitimacy}, Victory Points {vp}, {status}.", legitimacy=summ['legitimacy'], vp=summ['vp'], status=msg("{status} (§9.5, `/rules {term}`)", status=summ['status'], term=Cmd(summ['status']))))   # the bare word explained
        return join("\n", lines)

    def seat_colours(self, state: dict) -> dict[str, dict]:
        """The seats' colours alone (the summary scores the whole board: a reply needs only these)."""
        return {s: {"colour": setup.colour_of(state, s)} for s in state["seats"]}

    def _summary(self, state: dict) -> dict:
        lps = legitimacy.all_lp(state)
        vps = scoring.all_vp(state)
        cus = {s: 0 for s in state["seats"]}
        royal = dict(cus)
        for by in state["cus"].values():       # every seat's CUs on the map in one pass
            for o, c in by.items():
                if o in cus:
                    cus[o] += sum(c.values())
                    royal[o] += c.get("royal", 0)
        shown_gens: dict[str, list[str]] = {s: [] for s in state["seats"]}
        for g, d in state["gens"].items():    # every seat's generals in play, in one pass
            if d["at"] in IN_PLAY and d["o"] in shown_gens:
                shown_gens[d["o"]].append(_NAMES.get(g) or _general_name(g))
        players = {}
        for s in state["seats"]:
            p = state["p"][s]
            players[s] = {
                "vp": vps[s], "legitimacy": lps[s],
                "prestige": 0,
                "hand": len(p["hand"]),
                "status": "champion" if p["champion"] else "diadochos",
                "generals": shown_gens[s],
                "cus": cus[s],
                "royal_cus": royal[s],
                "fleets": scoring.fleet_strength(state, s),
                "colour": setup.colour_of(state, s),      # §1.2 the package's colour
                "package": setup.package_of(state, s),      # §12.6: the drafted one, else the seat's letter
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
            # #53 Wise Counsel's cards while their reader chooses: in no other pile until then
            "looking": sum(len(d.get("cards", ())) for d in state.get("stack", [])),
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
        return True, r["winner"], kept(r["reason"])

    # self-play ----------------------------------------------------------------------------------
    def menu_path(self, line: str) -> list[str]:
        """A line's words in a menu's order (bot/service/menus.py): the card first (`#38 Unrest`),
        then what to do with it, then where (a space by its name)."""
        words = [BOARD.spaces[w]["name"] if w in BOARD.spaces else w for w in line.split()]
        if len(words) >= 2 and words[0] in ("play", "arm"):
            try:
                card = card_name(card_arg(words[1]))
            except RulesError:
                return words
            return [card, *(words[2:] if words[0] == "play" else ["arm"])]
        return words

    def sample(self, state: dict, seat: str, rnd: random.Random) -> str:
        prompt = self.prompts(state)[seat]
        name = flow.current(state)
        if name == "decision":
            return rnd.choice(list(prompt.actions) + list(prompt.private)) if prompt.actions or prompt.private \
                else self._sample_ops(state, seat, rnd, state["stack"][-1]["card"])
        question = questions.question(state)
        if question:
            if question["kind"] == "naval" and rnd.random() < NAVAL_DECLINE:
                return "decline"
            return rnd.choice(prompt.actions)
        if state["placing"] is not None:
            return rnd.choice(reinforcements.legal_lines(state))
        if state["act"] is not None:
            moving = ("move", "take", "bury", "reroll", "assault", "remove", "sally", "hold")
            moves = [line for line in prompt.actions if line.startswith(moving)]
            act = state["act"]
            if "bury" in moves and state["body"]["at"] == "pella":
                return "bury"                                   # self-play seeks the Pella burial
            if "take cart" in moves and rnd.random() < PELLA_BIAS:
                return "take cart"
            if state["body"]["by"] in act["gens"] and rnd.random() < PELLA_BIAS:
                here = TO_PELLA.get(act["at"], 99)
                closer = [line for line in moves
                          if line.startswith("move ") and TO_PELLA.get(line.split()[1], 99) < here]
                if closer:
                    return min(closer, key=lambda line: TO_PELLA.get(line.split()[1], 99))
            if "assault" in moves and rnd.random() < 0.6:
                return "assault"
            if moves and rnd.random() < 0.8:
                return rnd.choice(moves)
            return "stop"
        if state["phase"] == "strategy" and state["segment"] == "tyche":
            events = [line for line in prompt.private if " event" in line or " both" in line]
            if events and rnd.random() < 0.5:
                return rnd.choice(events)
            if rnd.random() < 0.1 and any(line.startswith("arm") for line in prompt.private):
                return rnd.choice([line for line in prompt.private if line.startswith("arm")])
            lines = [line for line in prompt.private if not line.startswith("arm")]
            for c in state["p"][seat]["hand"]:
                ops = cards.ops_of(state, c)
                if not ops:
                    continue
                targets = strategy.pc_targets(state, seat)
                if targets:
                    lines.append(f"play {card_tag(c)} pc " + " ".join(rnd.sample(targets, min(ops, len(targets)))))
                gens = [g for g in generals_of(state, seat) if state["gens"][g]["at"] in BOARD.spaces
                        and not state["gens"][g]["in"]]                 # inside: Activation segment only (§7.10)
                if gens:
                    lines.append(f"play {card_tag(c)} march {rnd.choice(gens)}")
                    if state["body"]["by"] in gens and state["turn"] > 1 and rnd.random() < PELLA_BIAS:
                        return f"play {card_tag(c)} march {state['body']['by']}"
                if ops >= 3:
                    ok = strategy.recruit_spaces(state, seat)
                    if ok and strategy._in_play(state, seat) < state["p"][seat]["limit"] \
                            and generals_of(state, seat, "reserve"):
                        lines.append(f"play {card_tag(c)} recruit {rnd.choice(ok)}")
            return rnd.choice(lines)
        if state["phase"] == "strategy" and state["segment"] == "activation":
            acts = [line for line in prompt.actions if line.startswith("activate")]
            b = state["body"]
            carrier = b["by"]
            if b["st"] == "cart" and rnd.random() < PELLA_BIAS:      # self-play's Pella policy
                if state["turn"] == 1 and carrier:
                    acts = [line for line in acts if line != f"activate {carrier}"]   # keep the Cart where it is
                elif carrier and f"activate {carrier}" in acts:
                    return f"activate {carrier}"
                elif carrier is None and state["turn"] > 1:
                    near = [line for line in acts if state["gens"][line.split()[1]]["at"] == b["at"]]
                    if near:
                        return near[0]
            if rnd.random() < 0.02:
                acts = [f"disband {s}" for s in activation.disbandable(state, seat)] or acts
            if acts and rnd.random() < 0.7:
                return rnd.choice(acts)
            return "bury" if "bury" in prompt.actions else "end"
        return rnd.choice(list(prompt.actions) + list(prompt.private))

    def _sample_ops(self, state: dict, seat: str, rnd: random.Random, card: int) -> str:
        targets = strategy.pc_targets(state, seat)
        if targets:
            return f"play {card_tag(card)} pc {rnd.choice(targets)}"
        return f"play {card_tag(card)} train {state['p'][seat]['track'][0] or 'merc'}"

    def secrets(self, state: dict) -> list[str]:
        """Cards in hands and face-down table cards (§11): never in a public line or the public view."""
        hidden = list(state["table"])
        for seat in state["seats"]:
            hidden += state["p"][seat]["hand"]
        for d in state.get("stack", []):
            hidden += d.get("cards", [])                # #53 Wise Counsel's cards
        return [card_name(n) for n in hidden]

    def invariants(self, state: dict) -> list[str]:
        out = []
        cards = list(state["deck"]) + state["discard"] + state["removed"] + state["table"]
        for s in state["seats"]:
            cards += state["p"][s]["hand"]
        for d in state.get("stack", []):
            cards += d.get("cards", [])                 # #53 Wise Counsel's cards being looked at
        deck = setup.deck_of(state)
        if sorted(cards) != deck:
            out.append(f"Tyche cards lost or duplicated: {len(cards)} cards, "
                       f"{len(set(cards))} distinct, expected {len(deck)}.")
        for space, by in state["cus"].items():
            for s, c in by.items():
                if any(n <= 0 for n in c.values()):
                    out.append(f"empty CU entry at {space} for {s}")
        counts = cu_counts(state)
        for kind in PLAYER_CU:
            # a neutral type's pool is the whole game's (§1.4): counted once, said for every seat
            everyone = "per_player" not in BOARD.cu_types[kind] and pool_left(state, "", kind, counts) < 0
            for s in state["seats"]:
                if everyone or "per_player" in BOARD.cu_types[kind] and pool_left(state, s, kind, counts) < 0:
                    out.append(f"more {kind} CUs than counters for {s}")
        for g, d in state["gens"].items():
            off_map = ("dispersed", "dead", "reserve", "out", "gone", "arriving")
            if d["at"] not in BOARD.spaces and d["at"] not in off_map:
                out.append(f"general {g} at unknown place {d['at']}")
        minors = Counter(d["o"] for g, d in state["gens"].items() if g[0].isupper())   # a minor's id: upper case
        for s in state["seats"] if not state.get("draft") else ():     # §12.6: none before the draft ends
            if minors[s] != BOARD.minor["per_player"]:
                out.append(f"{s} minor generals lost")
        for space, box in state.get("inside", {}).items():                # §5.5.1
            owner = state["pcs"].get(space)
            have = state["cus"].get(space, {}).get(owner, {})
            if sum(box.values()) > 2 or any(have.get(k, 0) < n for k, n in box.items()):
                out.append(f"inside {space}: {box} is not 2 CUs or fewer of {owner}'s {have}")
        question = questions.question(state)
        # §5.4.3 one side's CUs in the field (a lone general may meet a §3.3.4 placement); only
        # the spaces holding CUs or an independent army can break it (the rest of the ~100 spaces
        # are empty: looking at each was most of a self-played game's checking time)
        armies = set(state["indep"].values())
        held = set(state["cus"]) | armies
        for space in [s for s in BOARD.spaces if s in held]:
            if len(state["cus"].get(space, ())) + (space in armies) < 2:
                continue      # one side at most holds anything here: no two can be in the field
            sides = {o for o in state["cus"].get(space, ()) if o in state["seats"] and n_field(state, space, o)}
            if indep_at(state, space):
                sides.add("IND")
            waiting = state.get("battle") or any(d["kind"] == "losses" and d["space"] == space
                                                 for d in state.get("stack", []))     # losses=ask
            if len(sides) > 1 and not waiting \
                    and not (question and question["space"] == space) \
                    and not (state["act"] and state["act"]["at"] == space and question):
                out.append(f"{space}: field units of {sorted(sides)} at once")
        for space, sg in state.get("siege", {}).items():
            if sg["sp"] < 0:
                out.append(f"negative SP at {space}")
        placed = [a for a in state["indep"].values() if a in BOARD.spaces]
        if len(placed) != len(set(placed)):
            out.append("two independent armies in one space")
        return out


_NAMES: dict[str, str] = {}
IN_PLAY = frozenset(BOARD.spaces) | {"dispersed", "reserve", "arriving"}   # where the summary shows a general


def _general_name(g: str) -> str:
    """A general's name as the summary shows it (a minor general's label), worked out once."""
    name = _NAMES.get(g)
    if name is None:
        name = _NAMES[g] = label(g) if g[0].isupper() else BOARD.generals[g]["name"]
    return name


GAME = Successors()
