"""UI texts: every shipped language defines the same keys, every key the scenes use exists, and
the list of languages, their names and plural rules come from the catalogues (a language is
data: game/languages.py)."""

from __future__ import annotations

import re
from pathlib import Path

from game import languages
from game.ai.bots import LEVELS
from scenes.i18n import LANGUAGES, Translator, load_language, locale_dir

SCENES = Path(__file__).resolve().parent.parent / "scenes"


def test_every_language_has_the_reference_keys() -> None:
    reference = load_language(languages.REFERENCE)
    files = sorted(p.name for p in locale_dir(languages.REFERENCE).glob("*.yaml"))
    assert len(LANGUAGES) >= 2 and languages.REFERENCE in LANGUAGES
    for lang in LANGUAGES:
        texts = load_language(lang)
        assert sorted(set(texts) - set(reference)) == [], lang
        assert sorted(set(reference) - set(texts)) == [], lang
        assert sorted(p.name for p in locale_dir(lang).glob("*.yaml")) == files


def test_every_key_used_by_a_scene_exists() -> None:
    used: set[str] = set()
    for path in SCENES.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        used.update(re.findall(r"\btr\(\s*\"([a-z_]+\.[a-z_.]+)\"", source))
        for key_name in re.findall(r"\btr_count\(\s*\"([a-z_]+\.[a-z_.]+)\"", source):
            used.update({key_name, f"{key_name}.other"})  # the plain key, and its plural form
    used.update(f"level.{level}" for level in LEVELS)
    assert {"menu.new_game", "results.play_again", "results.points", "results.points.other"} <= used
    for lang in LANGUAGES:
        missing = sorted(used - set(load_language(lang)))
        assert missing == [], f"{lang} lacks {missing}"


def test_placeholders_match_between_languages() -> None:
    reference = load_language(languages.REFERENCE)
    for lang in LANGUAGES:
        texts = load_language(lang)
        for key_name in texts:
            assert set(re.findall(r"{(\w+)}", texts[key_name])) == set(re.findall(r"{(\w+)}", reference[key_name])), key_name


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
