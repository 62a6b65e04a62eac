"""The one-time rewrite of the service's own sentences into message ids with typed fields (issue 36).

The service's sentences are listed as templates in bot/words/messages.py (`N_`, `NP_`), and the
catalogues translate those templates; the service itself still composed them with f-strings, so the
words layer had to find each template back in the English line. This codemod rewrites each call
site whose sentence is one of those templates into the message it names:

    Reply(public=[f"{name} joins. Seated: {names}."])
      → Reply(public=[msg("{name} joins. Seated: {names}.", name=name, names=names)])
    "You are already seated in this game."
      → msg("You are already seated in this game.")
    plural(n, "All {count} seat is taken.", "All {count} seats are taken.", count=n)   (bot.words.i18n's)
      → plural(("All {count} seat is taken.", "All {count} seats are taken."), n, count=n)   (core.message's)

A sentence is matched to its template by its literal words alone (each field a placeholder), the
fields named as the template names them, in order; a `", ".join(xs)` field becomes `join(", ", xs)`
(each item rendered), and a field a player types (CMD_FIELDS) a `Cmd`. A sentence that fits no
template is listed, and left as it is.

    python -m bot.words.rewrite_service [--dry] [files...]   # default: bot/service/*.py
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

from bot.words import messages

LINE = 118   # the line length (pyproject: 120), a closing bracket spared
SERVICE = Path(__file__).resolve().parents[1] / "service"
_FIELD = re.compile(r"\{(\w+)\}")
# fields whose value is what a player types or reads as code (a command, a game's id, a quoted line,
# a digest, a link): never words to translate
CMD_FIELDS = frozenset({"shown", "list", "usage", "command", "code", "seed", "hash", "link", "zone", "key",
                        "word", "kind", "prefix", "prefix2", "game", "example", "got", "text2", "echo"})


def quote(text: str) -> str:
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{body}"'


def skeleton(template: str) -> str:
    return _FIELD.sub("\x00", template.replace("{{", "{").replace("}}", "}"))


def templates() -> tuple[dict[str, str], dict[str, tuple[str, str]]]:
    """The service's message ids by skeleton: plain ones, and each plural form's plural message."""
    plain, plurals = {}, {}
    for message in messages.MESSAGES:
        if isinstance(message, tuple):
            for form in message:
                plurals[skeleton(form)] = message
        else:
            plain.setdefault(skeleton(message), message)
    return plain, plurals


class Rewriter:
    def __init__(self, source: str):
        self.source = source
        self.data = source.encode("utf-8")
        self.tree = ast.parse(source)
        starts, at = [0], 0
        for line in self.data.split(b"\n")[:-1]:
            at += len(line) + 1
            starts.append(at)
        self.starts = starts
        self.plain, self.plurals = templates()
        self.edits: list[tuple[int, int, str]] = []
        self.left: list[str] = []
        self.uses: set[str] = set()

    def span(self, node: ast.AST) -> tuple[int, int]:
        return (self.starts[node.lineno - 1] + node.col_offset,
                self.starts[node.end_lineno - 1] + node.end_col_offset)

    def text(self, node: ast.AST) -> str:
        a, b = self.span(node)
        return self.data[a:b].decode("utf-8")

    def parts(self, node: ast.AST) -> list | None:
        """The sentence's literal text and its fields' expressions, in order; None if not a sentence."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, ast.JoinedStr):
            out = []
            for value in node.values:
                if isinstance(value, ast.Constant):
                    out.append(value.value)
                else:
                    out.append(value)
            return out
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left, right = self.parts(node.left), self.parts(node.right)
            if left is None or right is None:
                return None
            return left + right
        return None

    def field_code(self, name: str, value: ast.FormattedValue | ast.AST) -> str:
        expr = value.value if isinstance(value, ast.FormattedValue) else value
        code = self.text(expr)
        if isinstance(value, ast.FormattedValue):
            if value.conversion == ord("r"):
                code = f"repr({code})"
            if value.format_spec is not None:
                spec = "".join(v.value for v in value.format_spec.values if isinstance(v, ast.Constant))
                code = f"format({code}, {quote(spec)})"
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "join" \
                and isinstance(expr.func.value, ast.Constant) and len(expr.args) == 1:
            self.uses.add("join")
            item = "Cmd" if name in CMD_FIELDS else None
            inner = self.text(expr.args[0])
            if item:
                self.uses.add("Cmd")
                inner = f"map(Cmd, {inner})"
            return f"join({quote(expr.func.value.value)}, {inner})"
        if name in CMD_FIELDS:
            self.uses.add("Cmd")
            return f"Cmd({code})"
        return code

    def sentence(self, node: ast.AST) -> str | None:
        parts = self.parts(node)
        if parts is None or not any(isinstance(p, str) and p.strip() for p in parts):
            return None
        literal = "".join("\x00" if not isinstance(p, str) else p for p in parts)
        template = self.plain.get(literal)
        if template is None:
            return None
        names = _FIELD.findall(template)
        fields = [p for p in parts if not isinstance(p, str)]
        if len(names) != len(fields):
            return None
        self.uses.add("msg")
        args = [f"{n}={self.field_code(n, f)}" for n, f in zip(names, fields)]
        return self.call("msg", [template], args, node)

    def plural_call(self, node: ast.Call) -> str | None:
        """bot.words.i18n.plural(n, singular, plural, **fields) → core.message.plural((s, p), n, **fields)."""
        if not (isinstance(node.func, ast.Name) and node.func.id == "plural" and len(node.args) == 3):
            return None
        count, one, many = node.args
        one_parts, many_parts = self.parts(one), self.parts(many)
        if one_parts is None or many_parts is None:
            return None
        self.uses.add("plural")
        keywords = [f"{k.arg}={self.field_code(k.arg, k.value)}" if k.arg else f"**{self.text(k.value)}"
                    for k in node.keywords]
        forms = ["".join(p if isinstance(p, str) else "" for p in parts) if all(isinstance(p, str) for p in parts)
                 else None for parts in (one_parts, many_parts)]
        if None in forms:
            return None
        return self.call("plural", forms, [self.text(count)] + keywords, node)

    def call(self, function: str, texts: list[str], args: list[str], node: ast.AST) -> str:
        """`function("…", a=…)` within the line length: a long message id as adjacent literals (one
        string to Python and to the extractor), the fields after it."""
        indent = node.col_offset + len(function) + 1 + (len(texts) > 1)
        room = LINE - indent - 2
        literals = []
        for text in texts:
            chunks, current = [], ""
            for word in re.split(r"(?<= )", text):
                if current and len(quote(current + word)) > room - 12:
                    chunks.append(current)
                    current = ""
                current += word
            chunks.append(current)
            literals.append(("\n" + " " * indent).join(quote(c) for c in chunks))
        head = literals[0] if len(texts) == 1 else "(" + (",\n" + " " * indent).join(literals) + ")"
        out, line = head, len(head.rsplit("\n", 1)[-1]) + indent
        for arg in args:
            if line + len(arg) + 3 > LINE:
                out += ",\n" + " " * indent + arg
                line = indent + len(arg)
            else:
                out += ", " + arg
                line += len(arg) + 2
        return f"{function}({out})"

    def run(self) -> str:
        skip: set[int] = set()
        for node in ast.walk(self.tree):
            # docstrings, and messages named already, are left as they are
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)) and node.body \
                    and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
                skip.add(id(node.body[0].value))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id in ("msg", "N_", "NP_", "Cmd"):
                skip.update(id(n) for n in ast.walk(node))
            if isinstance(node, (ast.Compare, ast.Subscript)):
                skip.update(id(n) for n in ast.walk(node))
            if isinstance(node, ast.Dict):
                skip.update(id(n) for key in node.keys if key is not None for n in ast.walk(key))
        taken: list[tuple[int, int]] = []

        def free(a: int, b: int) -> bool:
            return not any(a < y and x < b for x, y in taken)

        # outermost first: a sentence inside a rewritten one is rewritten with it (as its field's text)
        nodes = sorted((n for n in ast.walk(self.tree) if id(n) not in skip),
                       key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0),
                                      -getattr(n, "end_lineno", 0), -getattr(n, "end_col_offset", 0)))
        for node in nodes:
            if not hasattr(node, "lineno"):
                continue
            new = self.plural_call(node) if isinstance(node, ast.Call) else None
            if new is None and isinstance(node, (ast.JoinedStr, ast.BinOp, ast.Constant)):
                if isinstance(node, ast.Constant) and (not isinstance(node.value, str) or " " not in node.value):
                    continue
                new = self.sentence(node)
                if new is None and isinstance(node, ast.JoinedStr):
                    literal = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
                    if " " in literal.strip() and re.search(r"[A-Za-z]{3}", literal):
                        self.left.append(f"{node.lineno}: {literal}")
            if new is None:
                continue
            a, b = self.span(node)
            if free(a, b):
                taken.append((a, b))
                self.edits.append((a, b, new))
        out = self.data
        for a, b, new in sorted(self.edits, reverse=True):
            out = out[:a] + new.encode("utf-8") + out[b:]
        return out.decode("utf-8")


def imported(source: str, uses: set[str]) -> str:
    """The source with core.message's names it now uses imported (bot.words.i18n's `plural` no
    longer: core.message's takes its place)."""
    lines = source.split("\n")
    names = set(uses)
    for i, line in enumerate(lines):
        if line.startswith("from core.message import "):
            names |= {n.strip() for n in line.split(" import ", 1)[1].split(",")}
            lines[i] = None
        elif line.startswith("from bot.words.i18n import ") and "plural" in uses:
            kept_ = [n.strip() for n in line.split(" import ", 1)[1].split(",") if n.strip() != "plural"]
            lines[i] = f"from bot.words.i18n import {', '.join(kept_)}" if kept_ else None
    lines = [line for line in lines if line is not None]
    # after the last import of the module's head (ruff's isort puts it in its place)
    at = max(i for i, line in enumerate(lines) if line.startswith(("from ", "import ")) and
             not line.startswith("from __future__")) + 1
    lines.insert(at, f"from core.message import {', '.join(sorted(names, key=str.lower))}")
    return "\n".join(lines)


def rewrite(path: Path, dry: bool = False) -> tuple[int, list[str], set[str]]:
    rewriter = Rewriter(path.read_text())
    new = rewriter.run()
    if not dry and rewriter.edits:
        path.write_text(imported(new, rewriter.uses))
    return len(rewriter.edits), rewriter.left, rewriter.uses


def main(argv: list[str]) -> None:
    dry = "--dry" in argv
    files = [Path(a) for a in argv if not a.startswith("--")] or sorted(SERVICE.glob("*.py"))
    total = 0
    for path in files:
        count, left, uses = rewrite(path, dry)
        total += count
        if count or left:
            print(f"{path.name}: {count} rewritten; uses {sorted(uses)}")
        for line in left:
            print(f"  left: {line}")
    print(f"{total} rewritten")


if __name__ == "__main__":
    main(sys.argv[1:])
