"""Static checks run with the suite, so CI fails on a type error or a lint error in game/ or scenes/.

mypy has already found real crashes here (a log note without a text, Silver's amulet
overwriting the engine's protection map); keeping it at zero errors keeps it useful. Both
tools come with the dev extra (pip install -e '.[dev]'), like pytest itself."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_mypy_finds_no_error_in_game_and_scenes() -> None:
    """Both packages (pyproject.toml gives a bare `mypy` the same two): the scenes read the
    engine's events and views, where a wrong field is a crash at the table."""
    result = _run("mypy", "game", "scenes")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_finds_no_lint_error() -> None:
    result = _run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def imports_of_game() -> dict[str, set[str]]:
    """Module -> the modules of game/ it imports, anywhere in it: at the top, inside a function
    (a lazy import) or for the type checker only (TYPE_CHECKING): a circle of any of these is
    a circle a reader has to untangle."""
    import ast

    names = {".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): p
             for p in (ROOT / "game").rglob("*.py") if "__pycache__" not in p.parts}
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        found: set[str] = set()
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
                targets = [f"{base}.{a.name}" for a in node.names] + [base]
            for target in targets:
                while target and target not in names:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    found.add(target)
                    break
        graph[name] = found
    return graph


# Circles left, each with why: Silver's powers and view read much of their state (its villages'
# private facts), which types its rules, whose schema needs those powers; its thoughtful bot and
# its hooks call each other; the match index carries the old statistics file over once
# (game.stats reads it) while the statistics read the index (both lazily, inside functions).
KNOWN_CIRCLES = [
    {"game.matchindex", "game.stats"},
    {"game.games.silver_amulet.effects", "game.games.silver_amulet.rules", "game.games.silver_amulet.state",
     "game.games.silver_amulet.view"},
    {"game.games.silver_amulet.ai", "game.games.silver_amulet.thoughtful"},
]


def test_game_modules_import_one_another_without_new_circles() -> None:
    """The engine's rules and state, Kill the Unicorns' parts, the match and the bots' worker
    import one way only; a new circle in game/ fails here (the known ones may only shrink)."""
    graph = imports_of_game()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[set[str]] = []

    def visit(module: str) -> None:  # Tarjan's strongly connected components
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == module:
                    break
            if len(group) > 1:
                circles.append(group)

    for module in sorted(graph):
        if module not in index:
            visit(module)
    assert "game.botworker" in graph["game.match"] and "game.engine.state" in graph["game.engine.rules"]
    new = [sorted(c) for c in circles if not any(c <= known for known in KNOWN_CIRCLES)]
    assert new == [], f"import circles in game/: {new}"
