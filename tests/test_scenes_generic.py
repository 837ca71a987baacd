"""Shared scenes know no game: a game adds a package, a YAML and a layout, nothing else.

If this fails, a shared scene grew an `if game_id == ...` or a game's own words (its move
reasons, card ids): move them into the game's layout module or its YAML.
"""

from __future__ import annotations

import re
from pathlib import Path

from game.engine import registry

ROOT = Path(__file__).resolve().parent.parent


def game_words() -> set[str]:
    """Every registered game id, plus each game's card ids and zone names longer than 4 letters."""
    words = set(registry.GAMES)
    for entry in registry.available():
        assert entry.rules is not None, entry.error
        data = entry.rules.data
        for section in ("cards",):
            words.update(k for k in (data.get(section) or {}) if len(k) > 4)
    words.update({"hunter_takes", "wolf_takes", "rabbit_takes", "easy_prey", "prey_pile", "under_lodge"})
    return words


def test_no_shared_scene_names_a_game_or_its_words():
    shared = [p for p in (ROOT / "scenes").rglob("*.py") if "layouts" not in p.relative_to(ROOT).parts]
    assert shared, "no scenes found"
    offenders = []
    for word in sorted(game_words()):
        pattern = re.compile(rf"[\"']{re.escape(word)}[\"']")
        for path in shared:
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


def test_the_engine_core_and_the_bots_name_no_game():
    offenders = []
    for path in [*(ROOT / "game" / "engine").glob("*.py"), *(ROOT / "game" / "ai").glob("*.py")]:
        text = path.read_text(encoding="utf-8")
        for game_id in registry.GAMES:
            if f'"{game_id}"' in text or f"'{game_id}'" in text:
                offenders.append(f"{path.name}: {game_id}")
    assert offenders == []


# the engine's and the table's own vocabulary (a reveal step, a hand zone, a badge's colour)
GENERIC_WORDS = {"reveal", "round", "turn", "game", "hand", "deck", "play", "back", "color"}


def table_words() -> set[str]:
    """What only a game knows: its zones, its cards' attributes, and the markers and phases its
    golden transcripts show (minus the engine's own vocabulary: a reveal step, a hand zone)."""
    words = set()
    for entry in registry.available():
        data = entry.rules.data
        words.update(data.get("zones") or {})
        for card in (data.get("cards") or {}).values():
            if isinstance(card, dict):
                words.update(card)
    for path in (ROOT / "tests" / "golden").glob("*.json"):
        words.update(re.findall(r'"(?:marker|phase)": "(\w+)"', path.read_text(encoding="utf-8")))
    return words - GENERIC_WORDS


def test_the_generic_table_names_no_game_concept():
    """scenes/table/ knows no game's zones, card values, markers or phases (`start_card`, `day`,
    `prey_points` belong to Jagdfieber's layout and YAML)."""
    words = table_words()
    assert {"start_card", "day", "prey_points", "lodge", "fisher", "baits", "fish"} <= words
    offenders = []
    for path in (ROOT / "scenes" / "table").glob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found = [w for w in re.findall(r"[\"'](\w+)[\"']", line) if w in words]
            if found:
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {found}")
    assert offenders == [], (
        "scenes/table/ quotes a game's zone, card attribute, marker or phase: either a game word leaked into the "
        "shared table (move it into the game's layout or YAML), or a game named its zone or attribute with one of "
        "the table's own words (rename it in the game: docs/building-a-game.md)\n" + "\n".join(offenders))


def test_layouts_do_not_import_each_other_in_a_cycle():
    """A game's layout modules form a tree: helpers never import the module that uses them."""
    imports: dict[str, set[str]] = {}
    for path in (ROOT / "scenes" / "layouts").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        found = set(re.findall(r"from scenes\.layouts\.(\w+) import", text))
        found |= set(re.findall(r"from scenes\.layouts import (\w+)", text))
        imports[path.stem] = found - {path.stem}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(n == goal or (n not in seen and reaches(n, goal, seen | {n})) for n in imports.get(start, ()))

    assert [m for m in imports if m != "__init__" and reaches(m, m, set())] == []
