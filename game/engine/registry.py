"""The games, found in their packages, and the one way to load a game's rules from its YAML file.

A game is a package that declares itself (`GAME = Game(...)`, game/engine/declaration.py): the
packages under game/games/, then those under each package the environment variable
TABLEE_GAME_PACKAGES names (comma-separated; tests/conftest.py names tests.games, where the
tests' own game lives). No list names the games: `GAMES` is what was found, in the menus' order
(each declaration's `order`). The rules module a declaration names provides:
  RULES_CLASS  the Rules subclass,
  SCHEMA       its own top-level YAML sections ({name: Spec}),
  OPTIONAL     sections that may be left out, with their defaults (may be absent),
  check(data, ctx)  cross checks reported with file and line (may be absent).
A broken data file or game package never crashes the program: `available()` reports it as
unavailable, with why.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from game import languages
from game.engine.declaration import Game
from game.engine.errors import GameUnavailable
from game.engine.rules import Rules
from game.engine.schema import (
    Any_,
    Bool,
    Context,
    DataError,
    DictOf,
    Enum,
    Int,
    ListOf,
    Map,
    Problem,
    Str,
    Where,
    did_you_mean,
    read_yaml,
    validate_node,
)
from game.engine.zones import FACES, POOLS, VISIBILITIES
from game.languages import per_language
from game.resources import data_path

SHIPPED_PACKAGE = "game.games"
EXTRA_PACKAGES = "TABLEE_GAME_PACKAGES"  # more folders of games (comma-separated package names)


class _Games(Mapping[str, Game]):
    """Game id -> its declaration, in the menus' order; found on first use (and again after
    `clear_cache`). Iterating gives the ids: `for game_id in registry.GAMES`."""

    def __init__(self) -> None:
        self._found: dict[str, Game] | None = None
        self.broken: dict[str, str] = {}  # a package that could not declare its game -> why
        # TABLEE_GAME_PACKAGES's folders that cannot be imported here (a copy of the program
        # without them): no game from them, said by `tablee validate`, never an error
        self.missing: list[str] = []

    def _games(self) -> dict[str, Game]:
        if self._found is None:
            self._found, self.broken, self.missing = _discover()
        return self._found

    def __getitem__(self, game_id: str) -> Game:
        return self._games()[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._games())

    def __len__(self) -> int:
        return len(self._games())

    def forget(self) -> None:
        self._found, self.broken, self.missing = None, {}, []


def game_packages() -> list[str]:
    """The packages whose sub-packages are games: the shipped ones, then TABLEE_GAME_PACKAGES's."""
    extra = [name.strip() for name in os.environ.get(EXTRA_PACKAGES, "").split(",") if name.strip()]
    return [SHIPPED_PACKAGE, *dict.fromkeys(n for n in extra if n != SHIPPED_PACKAGE)]


def _discover() -> tuple[dict[str, Game], dict[str, str], list[str]]:
    """Every declared game (sorted by order, then id), the packages that failed to declare one,
    and the folders of games that are not here."""
    found: dict[str, Game] = {}
    broken: dict[str, str] = {}
    missing: list[str] = []
    for parent in game_packages():
        try:
            folder = importlib.import_module(parent)
        except ImportError as exc:
            missing.append(f"{EXTRA_PACKAGES} names '{parent}', which cannot be imported here ({exc}): no game from it")
            continue
        for info in sorted(pkgutil.iter_modules(getattr(folder, "__path__", [])), key=lambda i: i.name):
            if not info.ispkg or info.name.startswith("_"):
                continue
            name = f"{parent}.{info.name}"
            try:
                declared = getattr(importlib.import_module(name), "GAME", None)
            except Exception as exc:  # a broken package must not take the other games down
                broken[info.name] = f"{info.name} is unavailable: its package {name} cannot be imported ({exc!r})"
                continue
            if not isinstance(declared, Game) or declared.package != name:
                broken[info.name] = f"{info.name} is unavailable: {name} declares no game (expected GAME = Game(__name__, ...) in its __init__.py)"
            elif declared.id in found:
                broken[info.name] = f"{info.name} is unavailable: {name} and {found[declared.id].package} are both the game '{declared.id}'"
            else:
                found[declared.id] = declared
    ordered = dict(sorted(found.items(), key=lambda item: (item[1].order, item[0])))
    return ordered, broken, missing


GAMES = _Games()


def declaration(game_id: str) -> Game:
    """What the game's package declares (GameUnavailable for an unknown or broken game)."""
    if game_id not in GAMES:
        why = GAMES.broken.get(game_id)
        if why is not None:
            raise GameUnavailable(why)
        hint = did_you_mean(game_id, GAMES)
        raise GameUnavailable(f"unknown game '{game_id}' (games: {', '.join(GAMES)}{hint})")
    return GAMES[game_id]


def bench_game(role: str) -> str:
    """The game a single-game bench times (its declaration's `bench`); the first game otherwise."""
    return next((g for g, d in GAMES.items() if role in d.bench), next(iter(GAMES)))


COMMON_FILE = "common.yaml"
LESSON_FILE = "lesson.yaml"  # a game's lesson, in its package (game/lesson.py)

_LANG_TEXT = per_language(Str())
_ZONE = Map(
    {
        "per_seat": Bool(),
        "visible_to": Enum(*VISIBILITIES),
        "face": Enum(*FACES),
        "pool": Enum(*POOLS),
        "slots": Bool(),  # fixed places: a card keeps its slot, a slot can be empty
        "numbered": Bool(),  # a row that closes up, whose places events name (Silver's villages)
        "count": Int(min=1, max=64),  # a zone array: this many zones of one name
    },
    optional={"face": "down", "pool": "owner", "slots": False, "numbered": False, "count": None},
)
_OPTION = Map(
    {
        "type": Enum("seat", "bool", "int", "choice", "list"),
        "default": Any_(),
        "min": Int(),
        "max": Int(),
        "choices": ListOf(Any_()),
    },
    optional={"default": None, "min": None, "max": None, "choices": None},
)
_TEXTS = per_language(DictOf(Str()))
_COLOR = Where(Str(), lambda v: None if re.fullmatch(r"#[0-9a-fA-F]{6}", v) else f"'{v}' is not a colour (expected #rrggbb)")
_CORNERS = ("bottomleft", "bottomright", "topleft", "topright")
# Read only by scenes: which picture, shape, pattern, colour and badge each card id or attribute
# value gets. Picture and shape names are the table's drawing vocabulary (an SVG of assets/cards/
# or a shape a layout's drawing module knows); the data says which card gets which.
_PRESENTATION = Map(
    {
        "card_colors": DictOf(_COLOR),  # card id or attribute value -> colour
        "kind_colors": DictOf(_COLOR),
        "team_colors": DictOf(_COLOR),
        "group_colors": DictOf(_COLOR),  # a card group's rim (cards of the designer's set)
        "card_art": DictOf(Map({"main": ListOf(Str()), "corner": Str()}, optional={"main": [], "corner": ""})),
        # an attribute in a corner of the card: signed as points ("+4", "−2") unless `signed: false`
        # (a plain value: "3")
        "badges": ListOf(Map({"field": Str(), "color": _COLOR, "corner": Enum(*_CORNERS), "signed": Bool()},
                             optional={"signed": True})),
        # card id -> its face: the picture on it, where its name band lies, the attribute
        # printed large on it (a bait's value)
        "faces": DictOf(Map({"picture": Str(), "band": Enum("top", "bottom"), "value": Str()},
                            optional={"picture": "", "band": "top", "value": ""})),
        # a card kind (an attribute value such as wolf, hound, sheep) -> its picture
        "kind_pictures": DictOf(Str()),
        # one look per owner-coloured tile set (fish species): silhouette, colour, body pattern
        "owner_looks": ListOf(Map({"shape": Str(), "color": _COLOR, "pattern": Str()})),
        # an attribute value's mark on a card (meat, bone): its picture, colour, disc behind it
        "symbols": DictOf(Map({"picture": Str(), "color": _COLOR, "background": _COLOR})),
        # a short sign for an effect of a card's power ("{add:+d}", "½"), shown when its
        # parameters match `when`
        "effect_marks": DictOf(Map({"text": Str(), "when": DictOf(Any_())}, optional={"when": {}})),
    },
    optional={"card_colors": {}, "kind_colors": {}, "team_colors": {}, "group_colors": {}, "card_art": {},
              "badges": [], "faces": {}, "kind_pictures": {}, "owner_looks": [], "symbols": {}, "effect_marks": {}},
)

COMMON_SCHEMA: dict[str, Any] = {
    "game": Str(),
    "version": Int(min=1),
    "name": _LANG_TEXT,
    # the original game's designers and publishers, for the About screen ("a game by ...")
    "credits": _LANG_TEXT,
    "players": Map({"min": Int(min=1, max=16), "max": Int(min=1, max=16)}),
    "zones": DictOf(_ZONE, min_len=1),
    "options": DictOf(_OPTION),
    "text": _TEXTS,
    "presentation": _PRESENTATION,
    # the computer players' fixed ratings per level (random, easy, medium, hard), from their
    # measured strength: the player's rating is reckoned against them (game/ratings.py)
    "ratings": Map({level: Int(min=100, max=4000) for level in ("random", "easy", "medium", "hard")}),
    # what the setup screen says of a level's strength, from its measured wins (docs/bots.md):
    # one seat of the level against the other seats at the level `against`, its wins in 10 games
    # of `players`; `team`: the seat has a partner of level `against` and its team's wins count
    "strength": Map(
        {level: Map({"against": Enum("random", "easy", "medium"), "wins": Int(min=0, max=10),
                     "players": Int(min=2, max=16), "team": Bool()}, optional={"team": False})
         for level in ("easy", "medium", "hard")},
        optional={"easy": None, "medium": None, "hard": None},
    ),
}
COMMON_OPTIONAL: dict[str, Any] = {"options": {}, "presentation": {}, "credits": None, "ratings": {}, "strength": {}}


@dataclass(frozen=True)
class GameEntry:
    """A registered game: its rules, or why it cannot be offered."""

    game_id: str
    rules: Rules | None
    error: str | None


_cache: dict[str, Rules] = {}
_common_text: dict[str, dict[str, str]] | None = None


def game_module(game_id: str) -> ModuleType:
    """The game's package."""
    return importlib.import_module(declaration(game_id).package)


def rules_module(game_id: str) -> ModuleType:
    """The module of the game's rules contract (RULES_CLASS, SCHEMA, OPTIONAL, check)."""
    game = declaration(game_id)
    return importlib.import_module(game.module(game.rules))


def common_text() -> dict[str, dict[str, str]]:
    """Engine-wide player-facing sentences (not your turn, game over...) in fr and en."""
    global _common_text
    if _common_text is None:
        path = data_path(COMMON_FILE)
        ctx = Context(str(path))
        node = read_yaml(path, ctx)
        data = validate_node(node, Map({"text": _TEXTS}), ctx) if node is not None else None
        if data is None and not ctx.problems:
            ctx.error(None, "the file is empty (expected a 'text:' section)")
        if ctx.problems or data is None:
            raise DataError(ctx.problems)
        _common_text = data["text"]
    return _common_text


def _check_common(data: dict[str, Any], ctx: Context) -> None:
    players = data.get("players")
    if (
        isinstance(players, dict)
        and isinstance(players.get("min"), int)
        and isinstance(players.get("max"), int)
        and players["min"] > players["max"]
    ):
        ctx.error_at(("players",), f"players.min ({players['min']}) is above players.max ({players['max']}) (expected min <= max)")
    zones = data.get("zones")
    for name, decl in (zones.items() if isinstance(zones, dict) else ()):
        if isinstance(decl, dict) and decl.get("face") == "up" and decl.get("visible_to") != "all":
            ctx.error_at(
                ("zones", name, "face"),
                f"zone '{name}' is face up but visible_to {decl.get('visible_to')} (expected visible_to: all: everyone sees a face-up card)",
            )
    text = data.get("text")
    reference: dict[str, str] = text.get(languages.REFERENCE) or {} if isinstance(text, dict) else {}
    for lang, texts in (text.items() if isinstance(text, dict) else ()):
        if lang == languages.REFERENCE or not isinstance(texts, dict):
            continue  # a language the file does not give is shown in English
        missing = [(k, lang, languages.REFERENCE) for k in texts if k not in reference]
        missing += [(k, languages.REFERENCE, lang) for k in reference if k not in texts]
        for key, here, other in missing:
            ctx.error_at(("text", here, key), f"text '{key}' exists in {here} but not in {other} (expected every text in each language given)")


def load_file(path: Path, expected_id: str | None = None) -> Rules:
    """Validate one game data file and build its rules; DataError lists every problem."""
    ctx = Context(str(path))
    node = read_yaml(path, ctx)
    if node is None:
        raise DataError(ctx.problems)
    game_id = _game_id_of(node, ctx, expected_id)
    if game_id is None:
        raise DataError(ctx.problems)
    module = rules_module(game_id)
    fields = {**COMMON_SCHEMA, **module.SCHEMA}
    optional = {**COMMON_OPTIONAL, **getattr(module, "OPTIONAL", {})}
    data = validate_node(node, Map(fields, optional=optional), ctx)
    if not ctx.problems:
        _check_common(data, ctx)
    if not ctx.problems and hasattr(module, "check"):
        module.check(data, ctx)
    if ctx.problems:
        raise DataError(ctx.problems)
    return module.RULES_CLASS(game_id, data, path, common_text())


def _game_id_of(node: Any, ctx: Context, expected_id: str | None) -> str | None:
    """Read the `game:` key first: it picks the schema for the rest of the file."""
    import yaml

    if not isinstance(node, yaml.MappingNode):
        ctx.error(node, "the file is not a mapping (expected keys such as game, version, players)")
        return None
    for key_node, value_node in node.value:
        if getattr(key_node, "value", None) == "game":
            value = getattr(value_node, "value", None)
            if not isinstance(value, str) or value not in GAMES:
                hint = did_you_mean(str(value), GAMES)
                ctx.error(value_node, f"game is '{value}' (expected one of: {', '.join(GAMES)}{hint})")
                return None
            if expected_id is not None and value != expected_id:
                ctx.error(value_node, f"game is '{value}' (expected '{expected_id}' for this file)")
                return None
            return value
    ctx.error(node, "no 'game' key (expected game: <id> at the top of the file)")
    return None


def load(game_id: str) -> Rules:
    """The rules of a game, from its data file (cached)."""
    rules = _cache.get(game_id)
    if rules is None:
        path = declaration(game_id).data_path()
        try:
            rules = load_file(path, expected_id=game_id)
        except DataError as exc:
            raise GameUnavailable(f"{game_id} is unavailable: its data file is invalid\n{exc}") from exc
        _cache[game_id] = rules
    return rules


def available() -> list[GameEntry]:
    """Every game with its rules, or the message explaining why it is unavailable (a game
    whose package is broken comes last)."""
    entries = []
    for game_id in GAMES:
        try:
            entries.append(GameEntry(game_id, load(game_id), None))
        except (GameUnavailable, ImportError) as exc:
            entries.append(GameEntry(game_id, None, str(exc)))
    entries += [GameEntry(name, None, why) for name, why in GAMES.broken.items()]
    return entries


def validate_paths(paths: list[Path]) -> list[Problem]:
    """Every problem in the given game data files (all shipped files when `paths` is empty).
    Lesson files are game/lesson.py's: `validate_lesson_files`."""
    problems: list[Problem] = []
    if not paths:
        paths = [game.data_path() for game in GAMES.values()] + [data_path(COMMON_FILE)]
        problems += [Problem(name, 1, why) for name, why in GAMES.broken.items()]
    for path in paths:
        if path.name == COMMON_FILE:
            ctx = Context(str(path))
            node = read_yaml(path, ctx)
            if node is not None:
                validate_node(node, Map({"text": _TEXTS}), ctx)
            problems.extend(ctx.problems)
            continue
        try:
            load_file(path)
        except DataError as exc:
            problems.extend(exc.problems)
        except GameUnavailable as exc:
            problems.append(Problem(str(path), 1, str(exc)))
    return problems


def clear_cache() -> None:
    """Forget loaded rules and the games found (tests that edit data files or packages)."""
    global _common_text
    _cache.clear()
    _common_text = None
    GAMES.forget()
