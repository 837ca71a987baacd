"""Commands import only what they use: `tablee --version` needs neither pygame nor the network
stack, defining the commands loads no engine, a command without a window loads no pygame, and
the app's first frame loads no bots and no network code. What is imported is checked here, in
fresh processes; how long it takes is measured by `tablee bench` and docs/benchmarks.md, never
by a test.

The command line and the network host do not import each other: both print through
game.terminal (checked on the sources, function-level imports included)."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Run `main(argv)` (or the app up to its first frame), then write the names of the modules
# loaded to the file given as the second argument.
PROBE = """
import json, sys
argv = json.loads(sys.argv[1])
try:
    if argv is None:
        from scenes.app import create_app
        app = create_app(headless=True)
        app.clear_to(app.scene("menu"))
        app.step(0.0, [])
    else:
        from scenes.main import main
        main(argv)
except SystemExit:
    pass
with open(sys.argv[2], "w") as out:
    json.dump(sorted(sys.modules), out)
"""

NETWORK = ("websockets", "zeroconf", "ifaddr", "asyncio", "game.net.server", "game.net.client",
           "game.net.hostthread", "game.net.discovery")
WINDOW = ("pygame", "scenes.app", "scenes.ui")
ENGINE = ("yaml", "game.engine.registry", "game.engine.rules", "game.ai", "game.match")


def loaded(argv: list[str] | None, tmp_path: Path) -> set[str]:
    out = tmp_path / "modules.json"
    env = {**os.environ, "TABLEE_HOME": str(tmp_path / "home"), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(argv), str(out)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return set(json.loads(out.read_text(encoding="utf-8")))


def assert_none_of(modules: set[str], forbidden: tuple[str, ...]) -> None:
    found = sorted(m for m in modules if any(m == f or m.startswith(f + ".") for f in forbidden))
    assert not found, f"imported without need: {found}"


def test_version_loads_no_window_no_network_no_engine(tmp_path: Path) -> None:
    modules = loaded(["--version"], tmp_path)
    assert "game.version" in modules
    assert_none_of(modules, NETWORK + WINDOW + ENGINE + ("importlib.metadata", "argparse", "game.cli"))


def test_defining_the_commands_loads_no_engine(tmp_path: Path) -> None:
    modules = loaded(["--help"], tmp_path)
    assert {"argparse", "game.cli", "game.net.serve"} <= modules
    assert_none_of(modules, NETWORK + WINDOW + ENGINE)


def test_serve_help_loads_no_network_stack(tmp_path: Path) -> None:
    assert_none_of(loaded(["serve", "--help"], tmp_path), NETWORK + WINDOW + ENGINE)


@pytest.mark.parametrize("argv", [["validate"], ["simulate", "jagdfieber", "--games", "1", "--players", "3"],
                                  ["replay", "--latest"]], ids=["validate", "simulate", "replay"])
def test_a_command_without_a_window_loads_neither_pygame_nor_the_network(argv: list[str], tmp_path: Path) -> None:
    modules = loaded(argv, tmp_path)
    assert "game.engine.schema" in modules or argv[0] == "replay"
    assert_none_of(modules, NETWORK + WINDOW + ("tqdm",))  # no bar: stderr is not a terminal


def test_the_first_frame_loads_no_bots_and_no_network(tmp_path: Path) -> None:
    modules = loaded(None, tmp_path)
    assert {"pygame", "scenes.menu"} <= modules
    assert_none_of(modules, NETWORK + ("game.ai", "game.botworker", "multiprocessing", "tqdm", "scenes.table.scene"))


def imports_of(path: Path) -> set[str]:
    """Every module `path` imports, at the top or inside a function."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_the_command_line_and_the_network_host_do_not_import_each_other() -> None:
    for path in (ROOT / "game" / "net").glob("*.py"):
        assert not {"game.cli", "scenes.main"} & imports_of(path), path.name
    terminal = imports_of(ROOT / "game" / "terminal.py")
    assert {m for m in terminal if m.startswith(("game", "scenes"))} == {"game.textclean", "game.textclean.no_surrogates"}
