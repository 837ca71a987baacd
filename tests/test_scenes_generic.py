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
    shared = [p for p in (ROOT / "scenes").rglob("*.py") if "layouts" not in p.parts]
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
        if path.name == "registry.py":  # the explicit list of games lives there, by design
            continue
        for game_id in registry.GAMES:
            if f'"{game_id}"' in text or f"'{game_id}'" in text:
                offenders.append(f"{path.name}: {game_id}")
    assert offenders == []
