"""The games' own sentences as message ids, extracted from core/games (a Babel extraction method).

The rules name their messages (core/message.py): `ctx.say(msg("{seat} collects {what}.", seat=…,
what=…))`, `plural(("{n} CU", "{n} CUs"), n, n=n)`. `extract` parses a rules module with `ast`
and yields each `msg`/`plural` id as written. It also still reads an f-string as a template with
named fields (`{seat} collects {what}.` — the field's name from the expression: `seat_ref(seat)` →
`seat`, `t['id']` → `id`, `len(hand)` → `n_hand`; a choice between two literals yields one
template per branch; a plural ending chosen by a count a plural message): that parse is the one
bot/words/rewrite.py used to rewrite the rules' f-strings into `msg()` calls (issue 36), so the
ids, and every translation the catalogues held, stayed the same. The templates form the `games`
domain: bot/words/locale/games.pot and bot/words/locale/{es,ru}/LC_MESSAGES/games.po, written by
`python -m bot.words.i18n extract`, rendered at the service's edge by bot/words/i18n.render.

What the fields show is translated in turn when it is a message id itself, so the names and
card texts of the games' data files (DATA_NAMES, DATA_TEXTS), a few single words (WORDS) and
formats without a long word (FORMATS) are ids of this domain too.
"""
from __future__ import annotations

import ast
import itertools
import json
import re
from pathlib import Path

GAMES_DIR = Path(__file__).resolve().parents[2] / "core" / "games"
# the contract every game shares says some sentences itself ("It is not your turn: …", parse errors)
COMMON = [GAMES_DIR.parent / "game.py", GAMES_DIR.parent / "grammar.py"]
# modules whose strings are command lines a bot player sends, never sentences shown to people
# (and Ludi's data checks, which guard the data files at load, never a game)
NOT_MESSAGES = {"selfplay.py", "data.py", "robot.py"}   # robot.py: what a robot imagines, never said
# keyword arguments that carry codes and data, not text
DATA_KEYWORDS = {"code", "kind", "key", "sep", "end", "encoding", "id"}
# keyword arguments whose strings are command lines (buttons, usages, examples), never translated
COMMAND_KEYWORDS = {"actions", "templates", "private", "example", "usage", "choices"}
_COMMAND = re.compile(r"^[a-z]+(\s|$)")
# calls whose string arguments are keys, separators or patterns, not messages
DATA_CALLS = {"get", "pop", "setdefault", "startswith", "endswith", "split", "rsplit", "replace", "strip",
              "rstrip", "lstrip", "index", "count", "find", "format", "compile", "match", "fullmatch",
              "search", "sub", "findall", "isinstance", "getattr", "hasattr", "Verb", "Arg", "open",
              "partition", "removeprefix", "removesuffix", "encode", "decode", "dumps", "loads", "ljust", "rjust"}
# calls that only wrap the value a field shows: the field is named after their argument
WRAPPERS = {"seat_ref", "who", "str", "int", "float", "round", "abs", "_fmt", "fmt", "upper", "lower",
            "title", "capitalize", "sorted", "list", "tuple", "set", "name_of", "label"}
# functions whose strings guard the data files and the state's consistency: for developers, not players
NOT_FOR_PLAYERS = {"invariants", "_check", "_load"}
MAX_VARIANTS = 8
# the calls that name a message (core/message.py: msg(id, **fields), plural((singular, plural), n, **fields))
MESSAGE_CALLS = {"msg", "plural"}
# names in the games' data files that the rules show inside sentences ("1 Mercenary CU", "the
# Greek Army is dispersed"): message ids of their own, so a field showing one is translated
DATA_NAMES = {"successors/data/components.json": ("cu_types", "independent_fleets", "independent_armies"),
              "successors/data/cards.json": ("cards",),
              "starcraft/data/combat_cards.json": ("combat_cards",),
              "starcraft/data/event_cards.json": ("event_cards",)}
COUNTED = {"cu_types"}
# the texts of the cards, shown in hands and when played: (list, its text field)
DATA_TEXTS = {"ludi/data/events.json": ("events", "text"), "starcraft/data/event_cards.json": ("event_cards", "text"),
              "successors/data/cards.json": ("cards", "effect")}
# single words a rule shows alone (the sentence filter leaves them out): Ludi's combat cards,
# the kinds of Successors' cards, its Assault Table's results, Infinity's grades and choices
WORDS = {"ludi/combat.py": ("skull", "blank"), "successors/surprise.py": ("Event", "Bonus", "Surprise"),
         "successors/sieges.py": ("repulsed", "+1 SP", "+2 SP"),
         "successors/reinforcements.py": ("nothing",), "successors/cards.py": ("defection",),
         "successors/battles.py": ("crushed",),
         "successors/game.py": ("champion", "diadochos"),
         "starcraft/common.py": ("mobilize", "build", "research"),
         "infinity/initiative.py": ("failure", "success", "critical"),
         "infinity/pregame.py": ("initiative", "deployment", "north", "south"), "infinity/deployment.py": ("none",)}
# formats the sentence filter leaves out for want of a long word: how a Successors hand reads
FORMATS = {"successors/surprise.py": ("#{card} {name} ({kind}, {ops} OP): {effect}",),
           "starcraft/game.py": ("{value} minerals", "{value} gas")}
_WORD = re.compile(r"[^\W\d_]{3,}")
_FIELD = re.compile(r"\{(\w+)\}")


def is_sentence(template: str) -> bool:
    """Prose a person reads: a real word outside the fields, and a space or a sentence's end.
    Identifiers, codes, keys and bare field lists ("{a}: {b}") are not."""
    literal = _FIELD.sub("", template)
    if not _WORD.search(literal) or "{" in literal or "}" in literal:
        return False
    if "_" in literal and " " not in literal:
        return False
    if "`" not in literal and _COMMAND.match(template) and ("<" in literal or re.search(r"\w=\S", literal)):
        return False   # a command line or a usage: `place <id> <x> <y>`, `wip=13; ph=11`
    if "`" not in literal and re.search(r"\w=\{", template):
        return False   # a line echoed as typed: `{id} {name}; wip={wip}; ph={ph}`
    return " " in literal.strip() or literal.rstrip().endswith((".", ":", "!", "?", ")"))


def field_name(node: ast.AST) -> str:
    """A readable identifier for the expression a field shows."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript):
        key = node.slice
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            return key.value
        return field_name(node.value)
    if isinstance(node, ast.Call):
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "value")
        if name == "join" and node.args:
            return field_name(node.args[0])
        if name == "len" and node.args:
            return "n_" + field_name(node.args[0])
        if name in WRAPPERS:
            args = [a for a in node.args if not (isinstance(a, ast.Name) and a.id in ("state", "view", "ctx"))
                    and not (isinstance(a, ast.Attribute) and a.attr == "state")]
            if args:
                inner = field_name(args[-1])
                return "seat" if name in ("seat_ref", "who") and inner in ("value", "a", "b") else inner
            if isinstance(func, ast.Attribute):
                return field_name(func.value)
        return name.lstrip("_") or "value"
    if isinstance(node, ast.Constant):
        return "value" if not isinstance(node.value, str) else (node.value if node.value.isidentifier() else "value")
    if isinstance(node, ast.BinOp):
        return field_name(node.left)
    if isinstance(node, ast.IfExp):
        return field_name(node.body)
    if isinstance(node, ast.UnaryOp):
        return field_name(node.operand)
    if isinstance(node, ast.ListComp | ast.GeneratorExp):
        return field_name(node.elt)
    return "value"


def _clean(name: str) -> str:
    name = re.sub(r"\W+", "_", name).strip("_").lower() or "value"
    return "v_" + name if name[0].isdigit() else name


def _stringish(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _stringish(node.left) or _stringish(node.right)
    if isinstance(node, ast.IfExp):
        return _stringish(node.body) and _stringish(node.orelse)
    return False


def variants(node: ast.AST, count: int | None = None) -> list[list]:
    """The template's alternatives, each a list of literal strings and ("field", expr) pairs; with
    `count`, each plural ending takes the branch that count takes."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [[node.value]]
    if isinstance(node, ast.JoinedStr):
        pieces = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                pieces.append([[value.value]])
            elif isinstance(value.value, ast.IfExp) and _stringish(value.value) and value.format_spec is None:
                pieces.append(variants(value.value, count))
            else:
                pieces.append([[("field", value.value)]])
        return _product(pieces)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _product([variants(node.left, count), variants(node.right, count)])
    if isinstance(node, ast.IfExp) and _stringish(node):
        if count is not None and _plural_ending(node):
            return variants(node.body if _holds(node.test, count) else node.orelse, count)
        return (variants(node.body, count) + variants(node.orelse, count))[:MAX_VARIANTS]
    return [[("field", node)]]


_COMPARE = {ast.Eq: int.__eq__, ast.NotEq: int.__ne__, ast.Gt: int.__gt__, ast.GtE: int.__ge__,
            ast.Lt: int.__lt__, ast.LtE: int.__le__}


def _plural_ending(node: ast.AST) -> bool:
    """`'s' if n != 1 else ''`: an English plural ending chosen by comparing a count with a number."""
    return isinstance(node, ast.IfExp) and all(isinstance(b, ast.Constant) for b in (node.body, node.orelse)) \
        and {node.body.value, node.orelse.value} == {"s", ""} and isinstance(node.test, ast.Compare) \
        and len(node.test.ops) == 1 and type(node.test.ops[0]) in _COMPARE \
        and isinstance(node.test.comparators[0], ast.Constant) and type(node.test.comparators[0].value) is int


def _holds(test: ast.Compare, count: int) -> bool:
    return _COMPARE[type(test.ops[0])](count, test.comparators[0].value)


def plural_forms(root: ast.AST) -> list[tuple[list, list]]:
    """Each alternative of a sentence with a plural ending, as its singular and its plural (the
    other choices, `"Your roster" if own else …`, give an alternative each); none without one."""
    if not any(_plural_ending(node) for node in ast.walk(root)):
        return []
    return list(zip(variants(root, 1), variants(root, 2)))


def _product(pieces: list[list[list]]) -> list[list]:
    out = []
    for combo in itertools.product(*pieces):
        out.append([segment for part in combo for segment in part])
        if len(out) >= MAX_VARIANTS:
            break
    return out


def template_of(segments: list) -> tuple[str, list[str]]:
    """The message id (`{seat} collects {what}.`) and a comment naming each field's expression."""
    text, names, notes = [], set(), []
    for segment in segments:
        if isinstance(segment, str):
            text.append(segment)
            continue
        expr = segment[1]
        base = _clean(field_name(expr))
        name, n = base, 2
        while name in names:
            name, n = f"{base}{n}", n + 1
        names.add(name)
        text.append("{" + name + "}")
        notes.append(f"{name}: {ast.unparse(expr)}")
    return "".join(text), notes


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _roots(tree: ast.AST):
    """Every outermost string expression that is not a key, a code, a separator or a docstring."""
    skip = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name in NOT_FOR_PLAYERS:
            skip |= {id(child) for child in ast.walk(node)}
        if isinstance(node, ast.ClassDef):   # a data class's `validate` checks its files at load
            for method in node.body:
                if isinstance(method, ast.FunctionDef) and method.name == "validate":
                    skip |= {id(child) for child in ast.walk(method)}
    parents = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    for node in ast.walk(tree):
        if not (isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))):
            continue
        if id(node) in skip:
            continue
        root = node
        parent = parents.get(id(root))
        if isinstance(parent, ast.JoinedStr | ast.FormattedValue):
            continue   # a part of an f-string: its root is found on its own
        while isinstance(parent, ast.BinOp | ast.IfExp) and _stringish(parent) and (
                not isinstance(parent, ast.IfExp) or root is not parent.test):
            root, parent = parent, parents.get(id(parent))
        if root is not node and not _leftmost_string(root, node):
            continue   # the chain is yielded once, from its first string
        if isinstance(parent, ast.Subscript | ast.Compare) or (
                isinstance(parent, ast.Dict) and any(k is root for k in parent.keys)):
            continue
        if isinstance(parent, ast.keyword) and parent.arg in DATA_KEYWORDS:
            continue
        if _under_command_keyword(root, parents):
            continue
        if isinstance(parent, ast.Attribute):
            continue   # ", ".join(...), "x".format(...)
        if isinstance(parent, ast.Call) and _call_name(parent) in DATA_CALLS:
            continue
        yield root


def _under_command_keyword(node: ast.AST, parents: dict) -> bool:
    while node is not None:
        if isinstance(node, ast.keyword) and node.arg in COMMAND_KEYWORDS:
            return True
        if isinstance(node, ast.stmt):
            return False
        node = parents.get(id(node))
    return False


def _leftmost_string(root: ast.AST, node: ast.AST) -> bool:
    for child in ast.walk(root):
        if isinstance(child, ast.JoinedStr) or (isinstance(child, ast.Constant) and isinstance(child.value, str)):
            return child is node
    return False


def _call_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def verbs() -> frozenset[str]:
    """Every verb a game declares (`Verb("fight", ...)`): a line starting with one is a command."""
    out = set()
    for path in sources():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and _call_name(node) == "Verb" and node.args and \
                    isinstance(node.args[0], ast.Constant):
                out.add(node.args[0].value)
    return frozenset(out)


def _is_command(template: str, commands: frozenset[str]) -> bool:
    first = template.split(" ", 1)[0]
    return first in commands and "`" not in template and not template.rstrip().endswith((".", ")", "?", "!"))


def templates_of_source(source: str, commands: frozenset[str] = frozenset()):
    """(lineno, template, comments) for each sentence of a rules module."""
    tree = ast.parse(source)
    seen = set()
    labels = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.keyword) and node.arg == "label"}
    # a message the rules name (core/message.py): its id as written, its fields' expressions as notes
    named = set()
    for call in ast.walk(tree):
        if isinstance(call, ast.Call) and _call_name(call) in MESSAGE_CALLS and call.args:
            first = call.args[0]
            if isinstance(first, ast.Tuple) and len(first.elts) == 2 and all(
                    isinstance(e, ast.Constant) and isinstance(e.value, str) for e in first.elts):
                msgid = (first.elts[0].value, first.elts[1].value)
            elif isinstance(first, ast.Constant) and isinstance(first.value, str):
                msgid = first.value
            else:
                continue
            named |= {id(node) for node in ast.walk(first)}
            many = msgid[1] if isinstance(msgid, tuple) else msgid
            # a plural is said to people whatever its length ("{value} mineral", "{value} minerals")
            # (and any message the rules named that holds a word: "{a} or {b}")
            worded = re.search(r"[^\W\d_]", _FIELD.sub("", many)) is not None
            if (is_sentence(many) or isinstance(msgid, tuple) or worded) and (call.lineno, many) not in seen:
                seen.add((call.lineno, many))
                notes = [f"{k.arg}: {ast.unparse(k.value)}" for k in call.keywords if k.arg]
                yield call.lineno, msgid, notes
    for root in _roots(tree):
        if id(root) in named:
            continue
        pairs = plural_forms(root)
        for singular, plural in pairs:
            (one, notes), (many, _) = template_of(singular), template_of(plural)
            if is_sentence(many) and (root.lineno, many) not in seen:
                seen.add((root.lineno, many))
                yield root.lineno, (one, many) if one != many else many, notes
        for segments in variants(root) if not pairs else ():
            template, notes = template_of(segments)
            command = id(root) not in labels and _is_command(template, commands)   # a die's label is a message
            if not is_sentence(template) or command or (root.lineno, template) in seen:
                continue
            seen.add((root.lineno, template))
            yield root.lineno, template, notes
    # the literals a field may show ("on terrain", "north"): ids of their own, translated in turn
    for node in ast.walk(tree):
        if isinstance(node, ast.IfExp):
            for branch in (node.body, node.orelse):
                if isinstance(branch, ast.Constant) and isinstance(branch.value, str) and \
                        is_sentence(branch.value):
                    if (branch.lineno, branch.value) not in seen:
                        seen.add((branch.lineno, branch.value))
                        yield branch.lineno, branch.value.replace("{", "{{").replace("}", "}}"), []


def extract(fileobj, keywords, comment_tags, options):
    """Babel's extraction method for the rules modules: yields (lineno, funcname, message, comments)."""
    source = fileobj.read()
    if isinstance(source, bytes):
        source = source.decode("utf-8")
    commands = options.get("commands", frozenset()) if options else frozenset()
    for lineno, template, notes in sorted(templates_of_source(source, commands), key=lambda item: item[0]):
        # a plural message goes as gettext's own ngettext(singular, plural) (Babel's default keywords)
        yield lineno, "ngettext" if isinstance(template, tuple) else None, template, notes


def data_names() -> list[tuple[str, int, str]]:
    """(file, line, message id) for the names, card texts, words and formats listed above."""
    out = []
    for relative, sections in DATA_NAMES.items():
        path = GAMES_DIR / relative
        data = json.loads(path.read_text())
        for section in sections:
            entries = data[section].values() if isinstance(data[section], dict) else data[section]
            for entry in entries:
                where = str(path.relative_to(GAMES_DIR.parent.parent))
                out.append((where, 1, entry["name"]))
                if section in COUNTED:   # "2 Mercenary": a count of units reads "2 UC Mercenarias"
                    out.append((where, 1, "{n} " + entry["name"]))
    for relative, (section, field) in DATA_TEXTS.items():
        path = GAMES_DIR / relative
        for entry in json.loads(path.read_text())[section]:
            out.append((str(path.relative_to(GAMES_DIR.parent.parent)), 1, entry[field]))
    for relative, words in (*WORDS.items(), *FORMATS.items()):
        out += [(str((GAMES_DIR / relative).relative_to(GAMES_DIR.parent.parent)), 1, word) for word in words]
    return out


def sources() -> list[Path]:
    return COMMON + sorted(p for p in GAMES_DIR.rglob("*.py") if p.name not in NOT_MESSAGES)


def game_of(path: Path) -> str:
    """The game a rules module belongs to; "core" for the shared contract."""
    if path in COMMON:
        return "core"
    parts = path.relative_to(GAMES_DIR).parts
    return parts[0] if len(parts) > 1 else "core"
