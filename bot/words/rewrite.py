"""The one-time rewrite of the rules' sentences into message ids with typed fields (issue 36).

The extractor (bot/words/game_messages.py) reads each sentence-like f-string of core/games as a
template with named fields; this codemod uses the same parse to rewrite the call site itself:

    ctx.say(f"{seat_ref(s)} collects {what}.")
      → ctx.say(msg("{seat} collects {what}.", seat=seat_ref(s), what=what))
    f"{n} CU{'s' if n != 1 else ''} lost"
      → plural(("{n} CU lost", "{n} CUs lost"), n, n=n)
    f"{a} moves{' and stops' if stop else ''}."
      → (msg("{a} moves and stops.", a=a) if stop else msg("{a} moves.", a=a))
    ", ".join(names)   (a field's list)
      → join(", ", names)

The message ids are the extractor's own, so every translation the catalogues hold still applies.
A sentence whose alternatives include a command line is left as it is (and listed).

    python -m bot.words.rewrite [--dry] [--all] [files...]   # default: every rules module of core/games

Run again after a merge that brings new f-strings: what it wrote before is left as it is.
"""
from __future__ import annotations

import ast
import keyword
import re
import sys
from pathlib import Path

from bot.words import game_messages as gm

IMPORT = "from core.message import join, msg, plural"
# separators of a field's list: a join on one of them keeps its items' messages
LIST_SEPARATORS = {", ", "; ", " ", "\n", " · ", ". ", " / ", " | ", " and ", "\n- "}


def quote(text: str) -> str:
    """A Python string literal of `text`, double-quoted as the code base writes them."""
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{body}"'


class Rewriter:
    def __init__(self, source: str, commands: frozenset[str]):
        self.source = source
        self.data = source.encode("utf-8")
        self.tree = ast.parse(source)
        self.commands = commands
        starts, at = [0], 0
        for line in self.data.split(b"\n")[:-1]:
            at += len(line) + 1
            starts.append(at)
        self.starts = starts
        self.targets: dict[int, ast.AST] = {}
        self.joins: dict[int, ast.Call] = {}
        self.skipped: list[str] = []
        self.plurals = 0
        self.variants = 0
        # a message already named (msg("…"), plural(("…", "…"), n)): the rewrite runs again after a
        # merge brings new f-strings, and leaves what it wrote before as it is
        named = {id(node) for call in ast.walk(self.tree) if isinstance(call, ast.Call)
                 and gm._call_name(call) in gm.MESSAGE_CALLS and call.args for node in ast.walk(call.args[0])}
        for root in gm._roots(self.tree):
            if id(root) in named:
                continue
            leaves = self.leaves(self.segments(root))
            templates = [self.template(leaf)[0] for leaf in leaves]
            if not any(self.sentence(t) for t in templates):
                continue
            if any(self.command(t) for t in templates) or len(leaves) > gm.MAX_VARIANTS:
                self.skipped.append(f"{root.lineno}: {templates[0]}")
                continue
            self.targets[id(root)] = root
        # a list joined into a field of a rewritten sentence keeps its items' messages
        for root in list(self.targets.values()):
            for node in ast.walk(root):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                        node.func.attr == "join" and isinstance(node.func.value, ast.Constant) and \
                        node.func.value.value in LIST_SEPARATORS and len(node.args) == 1 and not node.keywords:
                    self.joins[id(node)] = node

    # positions ------------------------------------------------------------------------
    def offset(self, line: int, col: int) -> int:
        return self.starts[line - 1] + col

    def span(self, node: ast.AST) -> tuple[int, int]:
        return self.offset(node.lineno, node.col_offset), self.offset(node.end_lineno, node.end_col_offset)

    # the sentence's structure -------------------------------------------------------------
    def segments(self, node: ast.AST) -> list:
        """str literals, ("field", expr, conversion, spec), ("if", test, body, orelse), ("plural", ifexp)."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, ast.JoinedStr):
            out = []
            for value in node.values:
                if isinstance(value, ast.Constant):
                    out.append(value.value)
                elif isinstance(value.value, ast.IfExp) and gm._stringish(value.value) and value.format_spec is None:
                    out += self.choice(value.value)
                else:
                    out.append(("field", value.value, value.conversion, value.format_spec))
            return out
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self.segments(node.left) + self.segments(node.right)
        if isinstance(node, ast.IfExp) and gm._stringish(node):
            return self.choice(node)
        return [("field", node, -1, None)]

    def choice(self, node: ast.IfExp) -> list:
        if gm._plural_ending(node):
            return [("plural", node)]
        return [("if", node.test, self.segments(node.body), self.segments(node.orelse))]

    def leaves(self, segments: list) -> list[list]:
        for i, segment in enumerate(segments):
            if isinstance(segment, tuple) and segment[0] == "if":
                head, tail = segments[:i], segments[i + 1:]
                return self.leaves(head + segment[2] + tail) + self.leaves(head + segment[3] + tail)
        return [segments]

    def forms(self, leaf: list, count: int) -> list:
        out = []
        for segment in leaf:
            if isinstance(segment, tuple) and segment[0] == "plural":
                node = segment[1]
                out += self.segments(node.body if gm._holds(node.test, count) else node.orelse)
            else:
                out.append(segment)
        return out

    def template(self, leaf: list) -> tuple[str | tuple[str, str], list]:
        """(message id, [(field name, segment)]) as the extractor names them."""
        def one(segments):
            text, names, fields = [], set(), []
            for segment in segments:
                if isinstance(segment, str):
                    text.append(segment.replace("{", "{{").replace("}", "}}"))
                    continue
                base = gm._clean(gm.field_name(segment[1]))
                name, n = base, 2
                while name in names:
                    name, n = f"{base}{n}", n + 1
                names.add(name)
                text.append("{" + name + "}")
                fields.append((name, segment))
            return "".join(text), fields
        if any(isinstance(s, tuple) and s[0] == "plural" for s in leaf):
            (singular, fields), (many, _) = one(self.forms(leaf, 1)), one(self.forms(leaf, 2))
            return (singular, many) if singular != many else many, fields
        return one(leaf)

    @staticmethod
    def sentence(template) -> bool:
        return gm.is_sentence(template[1] if isinstance(template, tuple) else template)

    def command(self, template) -> bool:
        text = template[1] if isinstance(template, tuple) else template
        return gm._is_command(text, self.commands)

    # code ---------------------------------------------------------------------------
    def code(self, node: ast.AST) -> str:
        """The source of an expression with the sentences and lists inside it rewritten."""
        if id(node) in self.targets:
            return self.sentence_code(node)
        if id(node) in self.joins:
            return f"join({self.code(node.func.value)}, {self.code(node.args[0])})"
        start, end = self.span(node)
        inner = sorted(self.outermost(node), key=lambda n: self.span(n)[0])
        out, at = [], start
        for child in inner:
            a, b = self.span(child)
            out.append(self.data[at:a].decode("utf-8"))
            out.append(self.code(child))
            at = b
        out.append(self.data[at:end].decode("utf-8"))
        return "".join(out)

    def outermost(self, node: ast.AST) -> list[ast.AST]:
        found = []
        for child in ast.iter_child_nodes(node):
            if id(child) in self.targets or id(child) in self.joins:
                found.append(child)
            else:
                found += self.outermost(child)
        return found

    def sentence_code(self, root: ast.AST) -> str:
        return self.branch(self.segments(root))

    def branch(self, segments: list) -> str:
        for i, segment in enumerate(segments):
            if isinstance(segment, tuple) and segment[0] == "if":
                self.variants += 1
                head, tail = segments[:i], segments[i + 1:]
                return f"({self.branch(head + segment[2] + tail)} if {self.code(segment[1])} " \
                       f"else {self.branch(head + segment[3] + tail)})"
        return self.leaf(segments)

    def leaf(self, segments: list) -> str:
        template, fields = self.template(segments)
        args = []
        for name, (_, expr, conversion, spec) in fields:
            value = self.code(expr)
            if conversion in (ord("r"), ord("s"), ord("a")):
                value = f"{ {ord('r'): 'repr', ord('s'): 'str', ord('a'): 'ascii'}[conversion]}({value})"
            if spec is not None:
                if all(isinstance(v, ast.Constant) for v in spec.values):
                    value = f"format({value}, {quote(''.join(v.value for v in spec.values))})"
                else:
                    value = f"format({value}, f{quote(ast.unparse(spec)[2:-1])})"
            args.append(f"**{{{quote(name)}: {value}}}" if keyword.iskeyword(name) else f"{name}={value}")
        if not args and isinstance(template, str):
            return f"msg({quote(template)})"
        if isinstance(template, tuple):
            self.plurals += 1
            count = self.count(segments)
            return f"plural(({quote(template[0])}, {quote(template[1])}), {count}" + \
                "".join(f", {a}" for a in args) + ")"
        return f"msg({quote(template)}, " + ", ".join(args) + ")"

    def count(self, segments: list) -> str:
        node = next(s[1] for s in segments if isinstance(s, tuple) and s[0] == "plural")
        return self.code(node.test.left)

    def rewritten(self) -> str:
        tops = sorted(self.outermost(self.tree), key=lambda n: self.span(n)[0])
        out, at = [], 0
        for node in tops:
            a, b = self.span(node)
            out.append(self.data[at:a].decode("utf-8"))
            out.append(self.code(node))
            at = b
        out.append(self.data[at:].decode("utf-8"))
        text = "".join(out)
        return add_import(text, self.used(text)) if tops else text

    @staticmethod
    def used(text: str) -> list[str]:
        return [name for name in ("join", "msg", "plural") if f"{name}(" in text]


def add_import(text: str, names: list[str]) -> str:
    """`from core.message import …` after the module's last top-level import from core."""
    line = f"from core.message import {', '.join(names)}"
    tree = ast.parse(text)
    last = None
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module == "core.message":
            have = {alias.name for alias in node.names}
            merged = ", ".join(sorted(have | set(names), key=lambda n: (not n[0].isupper(), n)))
            lines = text.split("\n")
            lines[node.lineno - 1:node.end_lineno] = [f"from core.message import {merged}"]
            return "\n".join(lines)
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            last = node
    lines = text.split("\n")
    where = last.end_lineno if last is not None else 0
    lines.insert(where, line)
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    dry = "--dry" in argv
    files = [Path(a) for a in argv if not a.startswith("--")] or \
        [p for p in gm.sources() if p not in gm.COMMON]
    commands = gm.verbs()
    totals = {"sentences": 0, "plurals": 0, "variants": 0, "joins": 0}
    for path in files:
        rewriter = Rewriter(path.read_text(), commands)
        text = rewriter.rewritten()
        totals["sentences"] += len(rewriter.targets)
        totals["plurals"] += rewriter.plurals
        totals["variants"] += rewriter.variants
        totals["joins"] += len(rewriter.joins)
        for skipped in rewriter.skipped:
            print(f"left as it is: {path}:{skipped}", file=sys.stderr)
        if not dry and text != path.read_text():
            path.write_text(text)
    if not dry and "--all" in argv:   # then the lists that reach a message, the formats that put names
        # beside codes (review what they change: a name a player typed, joined, is no list of words)
        totals["joins"] += sum(rewrite_fed_joins(path) for path in files)
        totals["formats"] = sum(rewrite_formats(path, commands) for path in files)
    print(totals)



# the second pass: lists joined before they reach a message ---------------------------------------
def _is_list_join(node: ast.AST, separators=LIST_SEPARATORS) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join" \
        and isinstance(node.func.value, ast.Constant) and node.func.value.value in separators \
        and len(node.args) == 1 and not node.keywords


def fed_joins(tree: ast.AST) -> list[ast.Call]:
    """`", ".join(...)` calls whose text reaches a message: assigned to a name a msg()'s field shows
    in the same function, or returned by a function (a label, a list of names)."""
    found = []
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        shown = {k.value.id for call in ast.walk(func) if isinstance(call, ast.Call)
                 and getattr(call.func, "id", None) in ("msg", "plural") for k in call.keywords
                 if isinstance(k.value, ast.Name)}
        for node in ast.walk(func):
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in shown for t in node.targets):
                found += [n for n in ast.walk(node.value) if _is_list_join(n)]
            elif isinstance(node, ast.Return) and node.value is not None:
                found += [n for n in ast.walk(node.value) if _is_list_join(n, LIST_SEPARATORS - {" "})]
    return found


def rewrite_fed_joins(path: Path) -> int:
    source = path.read_text()
    rewriter = Rewriter(source, frozenset())
    rewriter.targets = {}
    joins = fed_joins(rewriter.tree)
    rewriter.joins = {id(j): j for j in joins}
    if not joins:
        return 0
    path.write_text(rewriter.rewritten())
    return len(joins)


# the third pass: the formats that put names beside codes ("#{n} {name}", "{n} {cu}", "{id} ({kind})") --------
def is_format(template: str, commands: frozenset[str]) -> bool:
    """A format people read (not a command line, a key or a typed echo): its literal part holds a
    space, a bracket or a '#', and it is no command."""
    literal = gm._FIELD.sub("", template)
    if not gm._FIELD.search(template) or gm._is_command(template, commands) or re.search(r"\w=\{", template):
        return False
    if gm._COMMAND.match(template) and template.split(" ", 1)[0] in commands:
        return False
    return any(c in literal for c in " (#")


def rewrite_formats(path: Path, commands: frozenset[str]) -> int:
    source = path.read_text()
    rewriter = Rewriter(source, commands)
    targets = {}
    for root in gm._roots(rewriter.tree):
        if not isinstance(root, ast.JoinedStr) or id(root) in rewriter.targets:
            continue
        leaves = rewriter.leaves(rewriter.segments(root))
        templates = [rewriter.template(leaf)[0] for leaf in leaves]
        plain = [t[1] if isinstance(t, tuple) else t for t in templates]
        if len(leaves) <= gm.MAX_VARIANTS and any(is_format(t, commands) for t in plain) and all(
                is_format(t, commands) or gm.is_sentence(t) or not gm._FIELD.sub("", t).strip() for t in plain):
            targets[id(root)] = root
    rewriter.targets, rewriter.joins = targets, {}
    if targets:
        path.write_text(rewriter.rewritten())
    return len(targets)


if __name__ == "__main__":
    main(sys.argv[1:])
