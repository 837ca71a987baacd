"""UI texts: French and English define the same keys, and every key the scenes use exists."""

from __future__ import annotations

import re
from pathlib import Path

from game.ai.bots import LEVELS
from scenes.i18n import LANGUAGES, Translator, load_language, locale_dir

SCENES = Path(__file__).resolve().parent.parent / "scenes"


def test_both_languages_have_the_same_keys() -> None:
    fr, en = load_language("fr"), load_language("en")
    assert sorted(set(fr) - set(en)) == []
    assert sorted(set(en) - set(fr)) == []
    assert sorted(p.name for p in locale_dir("fr").glob("*.yaml")) == sorted(p.name for p in locale_dir("en").glob("*.yaml"))


def test_every_key_used_by_a_scene_exists() -> None:
    used: set[str] = set()
    for path in SCENES.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        used.update(re.findall(r"\btr\(\s*\"([a-z_]+\.[a-z_.]+)\"", source))
        for key_name in re.findall(r"\btr_count\(\s*\"([a-z_]+\.[a-z_.]+)\"", source):
            used.update({f"{key_name}.one", f"{key_name}.other"})
    used.update(f"level.{level}" for level in LEVELS)
    used.update(f"language.{lang}" for lang in LANGUAGES)
    assert {"menu.new_game", "results.play_again", "results.points.one"} <= used
    for lang in LANGUAGES:
        missing = sorted(used - set(load_language(lang)))
        assert missing == [], f"{lang} lacks {missing}"


def test_placeholders_match_between_languages() -> None:
    fr, en = load_language("fr"), load_language("en")
    for key_name in fr:
        assert set(re.findall(r"{(\w+)}", fr[key_name])) == set(re.findall(r"{(\w+)}", en[key_name])), key_name


def test_translator_formats_and_falls_back_to_the_key() -> None:
    tr = Translator("en")
    assert tr("menu.version", version="1.2.3") == "version 1.2.3"
    assert tr("no.such.key") == "no.such.key"
    tr.set_language("fr")
    assert tr("menu.rules") == "Règles"


def test_plurals_follow_each_language() -> None:
    tr = Translator("fr")
    assert [tr.plural("results.points", n) for n in (0, 1, 2, -1)] == ["0 point", "1 point", "2 points", "-1 point"]
    tr.set_language("en")
    assert [tr.plural("results.points", n) for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
