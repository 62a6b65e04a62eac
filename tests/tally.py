"""A tiny game for the platform's own tests; it does not ship with the product.

Seats take turns (or all act at once with free=1) to `add N` or `roll` a die onto a
shared total; the game ends when the total reaches the target. `secret WORD` (private)
hides a word for the seat, `show` reveals it.
"""
from core.errors import RulesError
from core.game import Ctx, Game, Prompt
from core.grammar import Param, Verb


class Tally(Game):
    id = "tally"
    title = "Tally"
    aliases = ("tl",)
    min_players = 1
    max_players = 64
    verbs = {
        "add": Verb("add", (Param("n", "int", low=1, high=9),), help="add N to the total"),
        "roll": Verb("roll", help="add a d6 to the total"),
        "secret": Verb("secret", (Param("word"),), private=True, help="hide a word"),
        "show": Verb("show", help="reveal your hidden word"),
        "total": Verb("total", query=True, help="say the total"),
    }
    option_verbs = {"target": Verb("target", (Param("target", "int", low=1, high=100000),)),
                    "free": Verb("free", (Param("free", "int", low=0, high=1),))}

    def _setup(self, ctx: Ctx, players, options):
        s = ctx.state
        s["seats"] = [f"P{i + 1}" for i in range(len(players))]
        s.update(total=0, turn=0, target=options.get("target", 30), free=bool(options.get("free", 0)),
                 secrets={}, shown={})
        ctx.say(f"First to bring the total to {s['target']}.")

    def _prompts(self, state):
        seats = state["seats"] if state["free"] else [state["seats"][state["turn"] % len(state["seats"])]]
        def actions(seat):
            can_show = seat in state["secrets"] and seat not in state["shown"]
            return ("roll", "add 1", "add 2") + (("show",) if can_show else ())

        return {seat: Prompt(f"add to the total ({state['total']}/{state['target']}).",
                             actions=actions(seat), templates=("add <n>",),
                             private=(f"secret word{seat}",)) for seat in seats}

    def _apply(self, ctx: Ctx):
        s, a = ctx.state, ctx.action
        if a.verb == "add":
            s["total"] += a.args[0]
            ctx.say(f"{ctx.seat} adds {a.args[0]}: total {s['total']}.")
        elif a.verb == "roll":
            value = ctx.roll(6, label=f"{ctx.seat} rolls")
            s["total"] += value
        elif a.verb == "secret":
            s["secrets"][ctx.seat] = a.args[0]
            ctx.tell(ctx.seat, f"Your word is {a.args[0]}.")
            return
        elif a.verb == "show":
            if ctx.seat not in s["secrets"]:
                raise RulesError("You have no hidden word to show; send `secret WORD` privately first.")
            s["shown"][ctx.seat] = s["secrets"][ctx.seat]
            ctx.reveal(f"{ctx.seat}'s word was {s['secrets'][ctx.seat]}.")
        s["turn"] += 1
        ctx.picture()

    def _query(self, ctx: Ctx):
        ctx.tell(ctx.seat, f"The total is {ctx.state['total']}.")

    def _view(self, state, seat):
        view = {k: v for k, v in state.items() if k != "secrets"}
        view["secrets"] = {seat: state["secrets"][seat]} if seat in state["secrets"] else {}
        return view

    def _summary(self, state):
        return {"total": state["total"]}

    def outcome(self, state):
        done = state["total"] >= state["target"]
        return done, (state["seats"][(state["turn"] - 1) % len(state["seats"])] if done else None), \
            ("target reached" if done else None)

    def secrets(self, state):
        return [w for seat, w in state["secrets"].items() if seat not in state["shown"]]


GAME = Tally()
