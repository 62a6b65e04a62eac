"""The `Ludi` game object: verbs, dispatch through the table of states, views, summary,
self-play, secrets and invariants."""
from __future__ import annotations

import random

from core.errors import RulesError
from core.game import PLAIN, Ctx, Game, Prompt, copy_list, copy_parts, copy_state
from core.grammar import Param, Verb
from core.message import join, keep, kept, msg

from . import flow, setup
from .common import gname, points, who
from .data import B, E, G, K
from .states import MAIN_VERBS, STATE_VERBS, STATES, main_lines, train_default

ON_OFF = ("on", "off")


def _copy_players(players: dict) -> dict:
    # setup.setup_state's keys: the buildings' and gladiators' lists of names, the rest plain
    return {seat: {k: v[:] if type(v) is list else v for k, v in p.items()} for seat, p in players.items()}


def _copy_stack(stack: list) -> list:
    # a decision names its state and seat; a start's holds the effects still to order (a list of names)
    return [{k: v[:] if type(v) is list else v for k, v in d.items()} for d in stack]


# each part of a state by its shape, for `Ludi.copied`; the others (an auction, a kept message) through orjson
_STATE_PARTS = {
    "p": _copy_players,
    "gl": lambda gladiators: {g: d.copy() for g, d in gladiators.items()},
    "stack": _copy_stack,
    **dict.fromkeys(("seats", "centre", "out", "tiros", "vdeck", "vdiscard", "cdeck", "cdiscard", "edeck", "seen"),
                    copy_list),
    **dict.fromkeys(("names", "options", "rng", "counts", "fight"), dict.copy),
}
# the state's keys as setup.setup_state writes them, by what each holds; a state of exactly these keys
# (every state of today's rules but one with an abort vote) is copied by `_copied_known`, key by key
_NAME_LISTS = ("seats", "centre", "out", "tiros", "vdeck", "vdiscard", "cdeck", "cdiscard", "edeck", "seen")
_PLAIN_DICTS = ("names", "options", "rng", "counts")
_PLAIN_KEYS = ("game", "words", "event", "first", "active", "turns", "last_card", "champion")
_OTHER_KEYS = ("p", "gl", "stack", "auction", "fight", "last_fight", "result")
_KNOWN_KEYS = frozenset(_NAME_LISTS + _PLAIN_DICTS + _PLAIN_KEYS + _OTHER_KEYS)
_PLAYER_LISTS = ("bld", "gl")           # a school's lists (setup.setup_state); its other values are plain


def _copied_known(state: dict) -> dict:
    """`copy_parts(state, _STATE_PARTS)` of a state whose keys are all `_KNOWN_KEYS` (their shapes known),
    without asking each value its type: a third of the instructions (the one-ply look copies some
    thirty states an iteration)."""
    new = state.copy()                   # the key order kept; every list and dict replaced below
    for key in _NAME_LISTS:
        new[key] = state[key][:]
    for key in _PLAIN_DICTS:
        new[key] = state[key].copy()
    players = {}
    for seat, p in state["p"].items():
        players[seat] = school = p.copy()
        for key in _PLAYER_LISTS:
            school[key] = p[key][:]
    new["p"] = players
    new["gl"] = {g: d.copy() for g, d in state["gl"].items()}
    new["stack"] = _copy_stack(state["stack"])
    for key in _PLAIN_KEYS:              # a str subclass (none is written there) as orjson would give it
        if type(state[key]) not in PLAIN:
            new[key] = copy_state(state[key])
    fight = state["fight"]
    if fight is not None:
        new["fight"] = fight.copy()
    for key in ("auction", "last_fight", "result"):     # rarely set, of several shapes: through orjson
        value = state[key]
        if type(value) not in PLAIN:
            new[key] = copy_state(value)
    return new


class Ludi(Game):
    # 2: issue 36, a state keeps a result's reason as a message; a log of 1 replays keeping its
    # English, as its snapshots hold it (core/replay.py)
    rules_version = 2
    id = "ludi"
    private_lines = False      # states.py: every prompt is buttons and templates
    title = msg("Ludi Gladiatorii")
    aliases = ("ludi", "gladiatorii")
    min_players = 2
    max_players = 5
    option_verbs = {
        "events": Verb("events", (Param("events", "choice", choices=ON_OFF),), help=msg("§14.1 event cards")),
        "favour": Verb("favour", (Param("favour", "choice", choices=ON_OFF),), help=msg("§14.2 crowd favour")),
        "champion": Verb("champion", (Param("champion", "choice", choices=ON_OFF),), help=msg("§14.3 the champion")),
    }
    verbs = {
        "fight": Verb("fight", (Param(msg("player with gladiator"), "text"),), help=msg("§5.2 challenge a player"),
                      example="fight bob with Brutus"),
        "defend": Verb("defend", (Param("gladiator"),), help=msg("§5.2.2 choose your defender")),
        "work": Verb("work", (Param("gladiator"),), help=msg("§5.3 work <gladiator> for coins")),
        "build": Verb("build", (Param(msg("building with gladiators"), "text"),), help=msg("§5.4 build from the centre"),
                      example="build Hortus with Brutus Aulus"),
        "demolish": Verb("demolish", (Param(msg("building with gladiators"), "text"),),
                         help=msg("§5.5 demolish one of your buildings"), example="demolish Casula with Brutus Aulus"),
        "chain": Verb("chain", (Param(msg("player gladiators with gladiator"), "text"),),
                      help=msg("§5.6 chain another school's gladiators (needs an Officina)"),
                      example="chain bob Caius with Brutus"),
        "effect": Verb("effect", (Param("name"),), help=msg("§4.1 resolve a start-of-turn effect next, or `auto`")),
        "train": Verb("train", (Param("gladiator"),), help=msg("§2.5 Palaestra: +1 combat this turn")),
        "end": Verb("end", help=msg("§4.2.4 end your Main phase")),
        "release": Verb("release", (Param("gladiator"),), help=msg("§4.3.1 discard a gladiator")),
        "auction": Verb("auction", help=msg("§4.3.2 start an auction")),
        "noauction": Verb("noauction", help=msg("§4.3.2 decline the auction")),
        "pick": Verb("pick", (Param("veteran"),), help=msg("§7.2 pick the revealed veteran to auction")),
        "bid": Verb("bid", (Param("coins", "int", low=0, high=999),), help=msg("§7.5 bid coins")),
        "pass": Verb("pass", help=msg("§7.5 do not bid")),
        "cheer": Verb("cheer", help=msg("§14.2 spend 1 favour for +1")),
        "nocheer": Verb("nocheer", help=msg("§14.2 keep your favour")),
        "table": Verb("table", help=msg("§13 the table picture"), query=True),
        "abort": Verb("abort", help=msg("§9.3 vote to end the game with no winner (every player must agree)")),
    }

    # options (§14): `/new ludi events favour` or `events=on` ------------------------------------
    def parse_options(self, tokens: list[str]) -> dict:
        plain = []
        for t in tokens:
            word = t.lower()
            if word == "favor":
                word = "favour"
            plain.append(f"{word}=on" if word in self.option_verbs else t.replace("favor=", "favour="))
        return {k: v == "on" for k, v in super().parse_options(plain).items()}

    # setup ----------------------------------------------------------------------------------------
    def _setup(self, ctx: Ctx, players: list[str], options: dict) -> None:
        setup.setup_state(ctx, players, options)
        flow.begin_turn(ctx)

    # prompts and dispatch ---------------------------------------------------------------------------
    def _prompts(self, state: dict) -> dict[str, Prompt]:
        if state["result"] or not state["stack"]:
            return {}
        top = state["stack"][-1]
        return {top["seat"]: STATES[top["s"]].prompt(state, top)}

    def _prompt_verbs(self, state: dict) -> dict[str, frozenset[str]] | None:
        """§4.2 the Main phase's verbs: its templates', `end`, and `train` with a Palaestra's
        training due (every line it offers is one of these verbs); any other prompt's are its
        state's handlers' (states.STATE_VERBS): a fight's defender and cheers, answered by the
        robots' one-ply look at every line that starts a fight, are checked without their prompts."""
        if state["result"] or not state["stack"]:
            return None
        top = state["stack"][-1]
        seat = top["seat"]
        if top["s"] != "main":
            return {seat: STATE_VERBS[top["s"]]}
        return {seat: (MAIN_VERBS | {"train"}) if state["p"][seat]["train"] else MAIN_VERBS}

    def apply(self, state, seat, action, raw=None, own=False):
        if isinstance(action, str):
            action = self.parse(action)
        if action.verb == "abort":
            return self._vote_abort(state, seat)
        if not state.get("result") and state.get("stack") and seat == state["active"] \
                and state["stack"][-1]["seat"] != seat and not self.verbs[action.verb].query:
            top = state["stack"][-1]
            raise RulesError(msg("A prompt is pending: waiting for {seat} ({s}) (§5.1).", seat=who(state, top['seat']), s=top['s']), code="PENDING_PROMPT")
        return super().apply(state, seat, action, raw, own)

    def _vote_abort(self, state: dict, seat: str):
        """§9.3: `/ludi abort` by every player ends the game with no winner. (The majority after
        three missed deadlines needs deadlines, which the platform does not keep.)"""
        if state.get("result"):
            raise RulesError(msg("The game is over already."), code="FINISHED")
        if seat not in state["seats"]:
            raise RulesError(msg("Only seated players vote to abort."), code="NOT_SEATED")
        new = copy_state(state)
        ctx = Ctx(new, seat, self.parse("abort"))
        votes = new.setdefault("abort", [])
        if seat in votes:
            raise RulesError(msg("You have already voted to abort; waiting for the others."), code="ALREADY_VOTED")
        votes.append(seat)
        missing = [who(new, s) for s in new["seats"] if s not in votes]
        if missing:
            ctx.say(msg("{seat} votes to abort the game; still needed: {missing} (§9.3).", seat=who(new, seat), missing=join(', ', missing)))
        else:
            new["result"] = {"winner": None, "reason": keep(new, msg("aborted: every player agreed (§9.3)"))}
            new["stack"] = []
            ctx.say(msg("Every player agrees: the game is aborted with no winner (§9.3)."), "end")
        return new, ctx.events

    def copied(self, state: dict, raw: bytes | None = None) -> dict:
        # the robot's one-ply look plays some thirty actions an iteration, each on a copy: its lists of
        # names shared, not made again by orjson (a third fewer instructions than the round trip, and
        # fewer than parsing the state's bytes where they are given: 101 k against 112 k)
        if len(state) == len(_KNOWN_KEYS) and _KNOWN_KEYS.issuperset(state):
            return _copied_known(state)
        return copy_parts(state, _STATE_PARTS)

    def _apply(self, ctx: Ctx) -> None:
        top = ctx.state["stack"][-1]
        STATES[top["s"]].verbs[ctx.action.verb](ctx, top, ctx.action)
        flow.advance(ctx)                     # the phase after one that just ended

    def _query(self, ctx: Ctx) -> None:
        ctx.picture()

    def default_line(self, state: dict, seat: str) -> str | None:
        """§9.5: what a prompt's deadline plays for a seat that does not answer."""
        # `seat not in self._prompts(state)`, without the prompt's lines: `_prompts` asks the top of the stack
        if state["result"] or not state["stack"] or state["stack"][-1]["seat"] != seat:
            return None
        top = state["stack"][-1]
        if top["s"] == "main" and state["p"][seat]["train"]:
            return train_default(state, seat)
        return STATES[top["s"]].default(state, top)

    def rule_default(self, state: dict, seat: str) -> str | None:
        """§9.5: the platform's deadline plays the prompt's default."""
        return self.default_line(state, seat)

    # views ------------------------------------------------------------------------------------------
    def _view(self, state: dict, seat: str | None) -> dict:
        """§11.1: everything is public except the order of the decks (shown as sizes)."""
        view = {k: v for k, v in state.items() if k not in ("vdeck", "cdeck", "edeck", "seen")}
        view["vdeck"] = len(state["vdeck"])
        view["cdeck"] = len(state["cdeck"])
        view["edeck"] = len(state["edeck"])
        view["points"] = {s: points(state, s) for s in state["seats"]}
        view["phase"] = self.phase(state)
        view["prompt"] = {s: p.text for s, p in self._prompts_of(state).items()}
        return view

    def describe(self, view: dict) -> str:
        """The table as text (`/me`): points, coins, buildings and gladiators of every school."""
        lines = []
        for s in view["seats"]:
            p = view["p"][s]
            glads = join(", ", [(msg("{gname} (tapped)", gname=gname(g)) if view["gl"][g]["tapped"] else msg("{gname}", gname=gname(g))) for g in p["gl"]])
            lines.append(msg("{names} ({s}): points {points}, coins {coins}; buildings {value}; gladiators {value2}.", names=view['names'][s], s=s, points=view['points'][s], coins=p['coins'], value=join(', ', (B[b]['name'] for b in p['bld'])) or 'none', value2=glads or 'none'))
        return join("\n", lines)

    def phase(self, state: dict) -> str:
        if state["result"]:
            return "over"
        return STATES[state["stack"][-1]["s"]].phase if state["stack"] else "start"

    def seat_colours(self, state: dict) -> dict[str, dict]:
        """None: a school has no colour or faction, its player's name alone names it (the summary,
        asked by default, scores every school for a reply that read nothing of it)."""
        return {}

    def _summary(self, state: dict) -> dict:
        return {
            "turn": state["turns"] + 1,
            "round": state["turns"] // len(state["seats"]) + 1,
            "phase": self.phase(state),
            "active_player": state["active"],
            "event": E[state["event"]]["name"] if state.get("event") else None,
            "players": {s: {"name": state["names"][s], "points": points(state, s), "coins": p["coins"],
                            "buildings": [B[b]["name"] for b in p["bld"]],
                            "gladiators": [{"name": gname(g), "tapped": state["gl"][g]["tapped"]} for g in p["gl"]],
                            "favour": p["favour"]}
                        for s, p in state["p"].items()},
            "counts": dict(state["counts"]),
        }

    def outcome(self, state: dict):
        r = state.get("result")
        if not r:
            return False, None, None
        return True, r["winner"], kept(r["reason"])

    # self-play ----------------------------------------------------------------------------------------
    WEIGHTS = {"train": 5, "fight": 4, "build": 4, "work": 1.5, "chain": 1, "demolish": 0.4, "end": 0.3}

    def menu_path(self, line: str) -> list[str]:
        """A line's words in a menu's order (bot/service/menus.py): the gladiator who acts first,
        then what he does, then against whom or what, then who helps him."""
        words = line.split()
        if "with" in words and words[0] in ("fight", "build", "demolish", "chain"):
            at = words.index("with")
            lead, helpers = words[at + 1], words[at + 2:]
            return [lead, words[0], " ".join(words[1:at]), *([msg("+ {helpers}", helpers=' '.join(helpers))] if helpers else [])]
        if len(words) == 2 and words[0] in ("work", "train"):
            return [words[1], words[0]]
        return words

    def sample(self, state: dict, seat: str, rnd: random.Random) -> str:
        top = state["stack"][-1]
        if top["s"] == "main":
            groups = main_lines(state, seat)
            if groups["demolish"] and len(state["p"][seat]["bld"]) >= 5:
                groups["demolish"] = groups["demolish"]          # full: demolishing makes room
            kinds = [k for k, v in groups.items() if v] + ["end"]
            w = [self.WEIGHTS[k] * (8 if k == "demolish" and len(state["p"][seat]["bld"]) >= 5 else 1)
                 for k in kinds]
            kind = rnd.choices(kinds, w)[0]
            return "end" if kind == "end" else rnd.choice(groups[kind])
        if top["s"] == "offer":
            return "auction" if rnd.random() < 0.8 else "noauction"
        if top["s"] == "bid":
            prompt = STATES["bid"].prompt(state, top)
            bids = [line for line in prompt.actions if line != "pass"]
            return rnd.choice(bids) if bids and rnd.random() < 0.7 else "pass"
        prompt = STATES[top["s"]].prompt(state, top)
        return rnd.choice(prompt.actions)

    def secrets(self, state: dict) -> list[str]:
        """§10.4, §11.1: the decks' order is hidden; cards never yet shown stay unnamed."""
        seen = set(state.get("seen", ()))
        out = [G[g]["name"] for g in state["vdeck"] if g not in seen]
        out += [c for c in state["cdeck"] if c not in seen]
        out += [E[e]["name"] for e in state["edeck"] if e not in seen]
        return out

    def invariants(self, state: dict) -> list[str]:
        bad = []
        where = {}
        for s, p in state["p"].items():
            for g in p["gl"]:
                where.setdefault(g, []).append(s)
            names = [B[b]["name"] for b in p["bld"]]
            if len(set(names)) != len(names):
                bad.append(f"{s} owns two buildings of one name")
            if len(p["bld"]) > 5:
                bad.append(f"{s} owns more than 5 buildings")
            if p["coins"] < 0:
                bad.append(f"{s} has negative coins")
            if not 0 <= p["favour"] <= 3:
                bad.append(f"{s} favour out of range")
            if set(p["gl"]) - set(state["gl"]):
                bad.append(f"{s} has a gladiator without state")
        pools = (state["tiros"], state["vdeck"], state["vdiscard"],
                 (state["auction"] or {}).get("revealed", []) if not (state["auction"] or {}).get("done") else [])
        for pool in pools:
            for g in pool:
                where.setdefault(g, []).append("pool")
        if sorted(where) != sorted(G) or any(len(v) != 1 for v in where.values()):
            lost = sorted(set(G) - set(where))
            twice = sorted(g for g, v in where.items() if len(v) != 1)
            bad.append(f"gladiators lost {lost} or duplicated {twice}")
        blds = state["centre"] + state["out"] + [b for p in state["p"].values() for b in p["bld"]]
        if sorted(blds) != sorted(B):
            bad.append("buildings are lost or duplicated")
        cards = state["cdeck"] + state["cdiscard"] + ([state["fight"]["card"]] if state["fight"] and
                                                      state["fight"]["card"] else [])
        if sorted(cards) != sorted(K):
            bad.append("combat cards are lost or duplicated")
        if not state["result"]:
            if not state["stack"]:
                bad.append("no decision is pending and the game is not over")
            if any(points(state, s) >= 7 for s in state["seats"]):
                bad.append("a player has 7 points but the game goes on")
            if state.get("champion") and state["champion"] not in state["gl"]:
                bad.append("the champion is not in play")
        return bad


GAME = Ludi()
