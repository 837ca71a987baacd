"""What a game package declares, once: everything the program needs of one game.

A game is a package whose `__init__.py` sets `GAME = Game(...)`: the packages under
game/games/ (shipped), and those under any package named by the environment variable
TABLEE_GAME_PACKAGES (a game written for the tests, a game in the making). The registry
(game/engine/registry.py) finds them by looking in those folders; no list anywhere names a game.
A declaration imports nothing of its game: the registry imports the rules module when the game
is first loaded, the table imports the layout when it first draws it, the bots their hooks.

    # game/games/fish_fish/__init__.py
    GAME = Game(
        __name__,
        order=30,
        layout="scenes.layouts.fish_fish:FishFishLayout",
        golden=(Golden(players=(2, 3, 4, 5, 6, 7, 8)),),
        bench=("network",),
    )

Each file a game has lies in one of its own places, found from the declaration:
- its YAML: `data` names a file of the package, or by default game/data/<id>.yaml;
- its rules in our words for the Rules screen: `rules_text` names files of the package
  (`{lang}` in the name), or by default assets/rules/<id>.<lang>.md;
- its lesson, when it has one: the file `lesson` of the package (game/games/<id>/lesson.yaml);
- its designers and publishers for the About screen: the YAML's `credits:` section.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.resources import asset_path, data_path, package_path

# The benches that time one game rather than all of them (game/bench.py, game/net/bench.py):
# "table" times the table with random bots and its screens idle; "network" times a match played
# by one client per seat, at the game's largest player count.
BENCH_ROLES = ("table", "network")


@dataclass(frozen=True)
class Golden:
    """Golden transcripts of one seeded random game per seed at each of these player counts
    (tests/golden/, tests/test_golden.py): with these options, named with `tag` when they are
    a variant."""

    players: tuple[int, ...]
    seeds: tuple[int, ...] = (1, 2, 3)
    options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    tag: str = ""


@dataclass(frozen=True)
class Game:
    """One game package's declaration. `package` is the package's `__name__`; the game's id is
    its last part (the folder's name), which is also the `game:` key of its YAML."""

    package: str
    order: int  # its place in the menus' list of games: smaller first (ties by id)
    layout: str = ""  # its table: "module:Class" of a scenes.table.layout.Layout subclass; "" none
    rules: str = "rules"  # the module (of the package) exporting RULES_CLASS, SCHEMA, OPTIONAL, check
    ai: str | None = "ai"  # the module of its bot hooks (game/ai/hooks.py); None: the defaults
    data: str = ""  # its YAML: a file of the package ("": game/data/<id>.yaml)
    rules_text: str = ""  # its rules in our words, "{lang}" in the name ("": assets/rules/<id>.<lang>.md)
    lesson: str = "lesson.yaml"  # its lesson, a file of the package (read when it exists)
    golden: tuple[Golden, ...] = ()
    bench: tuple[str, ...] = ()  # the single-game benches that time it (BENCH_ROLES)

    def __post_init__(self) -> None:
        unknown = [role for role in self.bench if role not in BENCH_ROLES]
        if unknown:
            raise ValueError(f"{self.package}: unknown bench role {unknown[0]!r} (expected one of: {', '.join(BENCH_ROLES)})")
        if self.layout and ":" not in self.layout:
            raise ValueError(f"{self.package}: layout {self.layout!r} is not 'module:Class'")

    @property
    def id(self) -> str:
        return self.package.rpartition(".")[2]

    def module(self, name: str) -> str:
        """The full name of the package's module `name` ("rules" -> "game.games.<id>.rules")."""
        return f"{self.package}.{name}"

    def data_path(self) -> Path:
        return package_path(self.package, self.data) if self.data else data_path(f"{self.id}.yaml")

    def rules_text_path(self, lang: str) -> Path:
        if self.rules_text:
            return package_path(self.package, self.rules_text.format(lang=lang))
        return asset_path("rules", f"{self.id}.{lang}.md")

    def lesson_path(self) -> Path:
        """Where the game's lesson lies (the file may not exist: the game has none)."""
        return package_path(self.package, self.lesson)


__all__ = ["BENCH_ROLES", "Game", "Golden"]
