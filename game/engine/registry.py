"""The list of games and the one way to load a game's rules from its YAML file.

Games are registered explicitly (no folder scanning). A game module provides:
  RULES_CLASS  the Rules subclass,
  SCHEMA       its own top-level YAML sections ({name: Spec}),
  check(data, ctx)  optional cross checks reported with file and line.
A broken data file never crashes the program: `available()` reports it as unavailable.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from game import languages
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
    per_language,
    read_yaml,
    validate_node,
)
from game.engine.zones import FACES, POOLS, VISIBILITIES
from game.resources import data_path

# Game id -> module. The order is the order of the main menu.
GAMES: dict[str, str] = {
    "jagdfieber": "game.games.jagdfieber",
    "wolf_and_hound": "game.games.wolf_and_hound",
    "fish_fish": "game.games.fish_fish",
    "silver_amulet": "game.games.silver_amulet",
    "kill_the_unicorns": "game.games.kill_the_unicorns",
}

COMMON_FILE = "common.yaml"

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
        "badges": ListOf(Map({"field": Str(), "color": _COLOR, "corner": Enum(*_CORNERS)})),
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
    "players": Map({"min": Int(min=1, max=16), "max": Int(min=1, max=16)}),
    "zones": DictOf(_ZONE, min_len=1),
    "options": DictOf(_OPTION),
    "text": _TEXTS,
    "presentation": _PRESENTATION,
    # the computer players' fixed ratings per level (random, easy, medium, hard), from their
    # measured strength: the player's rating is reckoned against them (game/ratings.py)
    "ratings": Map({level: Int(min=100, max=4000) for level in ("random", "easy", "medium", "hard")}),
}
COMMON_OPTIONAL: dict[str, Any] = {"options": {}, "presentation": {}, "ratings": {}}


@dataclass(frozen=True)
class GameEntry:
    """A registered game: its rules, or why it cannot be offered."""

    game_id: str
    rules: Rules | None
    error: str | None


_cache: dict[str, Rules] = {}
_common_text: dict[str, dict[str, str]] | None = None


def game_module(game_id: str) -> ModuleType:
    if game_id not in GAMES:
        hint = did_you_mean(game_id, GAMES)
        raise GameUnavailable(f"unknown game '{game_id}' (games: {', '.join(GAMES)}{hint})")
    return importlib.import_module(GAMES[game_id])


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
    module = game_module(game_id)
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
    """The rules of a registered game, from its shipped data file (cached)."""
    rules = _cache.get(game_id)
    if rules is None:
        game_module(game_id)
        try:
            rules = load_file(data_path(f"{game_id}.yaml"), expected_id=game_id)
        except DataError as exc:
            raise GameUnavailable(f"{game_id} is unavailable: its data file is invalid\n{exc}") from exc
        _cache[game_id] = rules
    return rules


def available() -> list[GameEntry]:
    """Every registered game with its rules, or the message explaining why it is unavailable."""
    entries = []
    for game_id in GAMES:
        try:
            entries.append(GameEntry(game_id, load(game_id), None))
        except (GameUnavailable, ImportError) as exc:
            entries.append(GameEntry(game_id, None, str(exc)))
    return entries


def validate_paths(paths: list[Path]) -> list[Problem]:
    """Every problem in the given data files (all shipped files when `paths` is empty)."""
    if not paths:
        paths = [data_path(f"{game_id}.yaml") for game_id in GAMES] + [data_path(COMMON_FILE)]
    problems: list[Problem] = []
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
    """Forget loaded rules (tests that edit data files)."""
    global _common_text
    _cache.clear()
    _common_text = None
