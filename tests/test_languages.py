"""Languages are data (game/languages.py): the list comes from the catalogues shipped, each
language's plural rules and elisions are in its language.yaml, and interface and game texts
agree with numbers by one convention (the plain key, `.other`, `.none`). A third language is
added here to a copy of the program as data only, and every part of the program speaks it."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from game import languages
from game.engine import registry

ROOT = Path(__file__).resolve().parent.parent


def test_the_shipped_languages_are_the_locale_folders() -> None:
    folders = sorted(p.name for p in (ROOT / "assets" / "locale").iterdir() if p.is_dir())
    assert sorted(languages.codes()) == folders == list(languages.shipped_codes())
    assert languages.default() == "fr" == languages.codes()[0]  # French is the default (data: default: true)
    assert languages.get("en").name == "English" and languages.get("fr").name == "Français"


def test_plural_rules_of_the_shipped_languages() -> None:
    assert [languages.plural_category("fr", n) for n in (0, 1, 2, 10)] == ["one", "one", "other", "other"]
    assert [languages.plural_category("en", n) for n in (0, 1, 2, 10)] == ["other", "one", "other", "other"]


@pytest.mark.parametrize(("rule", "matches"), [
    ("i = 1", [1]),
    ("i = 0,1", [0, 1]),
    ("n % 10 = 2..4 and n % 100 != 12..14", [2, 3, 4, 22, 23, 24]),  # Polish "few", CLDR
    ("n % 10 = 1 and n % 100 != 11", [1, 21]),  # Russian "one"
    ("n = 0 or n % 100 = 2..10", [0, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
])
def test_cldr_rules_for_whole_numbers(rule: str, matches: list[int]) -> None:
    test = languages.parse_rule(rule)
    assert [n for n in range(25) if test(n)] == matches


@pytest.mark.parametrize("rule", ["x = 1", "n ==1", "n % 0 = 1", "n = 1 extra", "n =", "v = 0", ""])
def test_a_malformed_rule_is_refused(rule: str) -> None:
    with pytest.raises(ValueError):
        languages.parse_rule(rule)


def test_counted_key_picks_the_form_for_the_number() -> None:
    texts = {"bet", "bet.other", "scheme", "scheme.other", "scheme.none"}
    has = texts.__contains__
    assert [languages.counted_key(has, "bet", "en", n) for n in (0, 1, 3)] == ["bet.other", "bet", "bet.other"]
    assert [languages.counted_key(has, "bet", "fr", n) for n in (0, 1, 3)] == ["bet", "bet", "bet.other"]
    assert languages.counted_key(has, "scheme", "en", 0) == "scheme.none"
    assert languages.counted_key(has, "alone", "en", 5) == "alone"  # no plural form: the plain text


def test_the_system_locale_chooses_a_shipped_language() -> None:
    assert languages.system_language({"LANG": "en_GB.UTF-8"}) == "en"
    assert languages.system_language({"LC_ALL": "fr_CA.UTF-8", "LANG": "en_US"}) == "fr"
    assert languages.system_language({"LANG": "de_DE.UTF-8"}) == languages.default()


def test_a_broken_description_names_its_file(tmp_path: Path) -> None:
    path = tmp_path / "language.yaml"
    for text, problem in (("language: {name: X, plural: {one: 'n =='}, system: [x]}\n", "plural rule"),
                          ("language: {name: X, plural: {lots: 'n = 1'}, system: [x]}\n", "plural category"),
                          ("language: {plural: {}, system: [x]}\n", "own name"),
                          ("language: {name: X, system: x}\n", "locale names")):
        path.write_text(text, encoding="utf-8")
        with pytest.raises(languages.LanguageError, match=problem) as caught:
            languages.load_language("xx", path)
        assert str(path) in str(caught.value)


def test_game_texts_use_the_one_convention() -> None:
    """No game text uses another plural mark than the plain key, `.other` and `.none`, and the
    reader's form for another seat's card is `.you.theirs` (`.other` is the plural)."""
    for game_id in registry.GAMES:
        rules = registry.load(game_id)
        for lang in languages.codes():
            keys = set(rules._texts[lang])
            for key in keys:
                assert not re.search(r"\.(many|one)$", key) or key.startswith("error."), f"{game_id} {lang}: {key}"
                if key.endswith(".other"):
                    assert key[: -len(".other")] in keys, f"{game_id} {lang}: {key} without its plain form"


def test_no_code_names_a_language_but_the_reference() -> None:
    """The languages are data: no module of the program spells a language's code but English's
    (the reference) and game/languages.py itself."""
    for folder in ("game", "scenes"):
        for path in (ROOT / folder).rglob("*.py"):
            source = path.read_text(encoding="utf-8")
            assert not re.search(r"[\"']fr[\"']", source), path


THIRD = """
import json, os, sys
from game import languages
from game.engine import registry
from game.log import LogWriter
from scenes.i18n import LANGUAGES, Translator, system_language
from scenes.settings_store import Settings
rules = registry.load("fish_fish")
out = {
    "codes": list(languages.codes()), "i18n": list(LANGUAGES), "name": languages.get("de").name,
    "system": system_language({"LANG": "de_AT.UTF-8"}),
    "points": [Translator("de").plural("results.points", n) for n in (1, 2)],
    "menu": Translator("de")("menu.new_game"),
    "game": [rules.counted("de", "move.bet", n, actor="Ana") for n in (1, 3)],
    "other_game": registry.load("jagdfieber").text("de", "phase.day", number=1),
    "log_lang": LogWriter(rules, "de", ["Ana", "Bo"], None).lang,
    "settings": Settings(language="de").language,
}
print(json.dumps(out))
"""


def with_german(node: Any) -> Any:
    """A lesson's texts with a German one beside each English one (here the English words)."""
    if isinstance(node, dict):
        found = {key: with_german(value) for key, value in node.items()}
        if isinstance(found.get("en"), str) and isinstance(found.get("fr"), str):
            found["de"] = found["en"]
        return found
    if isinstance(node, list):
        return [with_german(item) for item in node]
    return node


def test_a_third_language_is_a_data_change(tmp_path: Path) -> None:
    copy = tmp_path / "tablee"
    for name in ("game", "scenes", "assets"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "main.py", copy / "main.py")
    german = copy / "assets" / "locale" / "de"
    shutil.copytree(copy / "assets" / "locale" / "en", german)
    (german / "language.yaml").write_text(
        "language:\n  name: Deutsch\n  plural:\n    one: \"i = 1\"\n  system: [de, german]\n", encoding="utf-8")
    menu = german / "menu.yaml"
    menu.write_text(menu.read_text(encoding="utf-8").replace('menu.new_game: "New game"', 'menu.new_game: "Neues Spiel"'), encoding="utf-8")
    results = german / "results.yaml"
    text = results.read_text(encoding="utf-8")
    text = text.replace('results.points: "{count} point"', 'results.points: "{count} Punkt"')
    text = text.replace('results.points.other: "{count} points"', 'results.points.other: "{count} Punkte"')
    results.write_text(text, encoding="utf-8")
    # Fish Fish gets its German texts (here the English ones with two sentences translated);
    # Jagdfieber has none yet and speaks English.
    game = copy / "game" / "data" / "fish_fish.yaml"
    data = game.read_text(encoding="utf-8")
    english = data[data.index("\n  en:\n") + 1: data.index("\n  fr:\n") + 1]
    german_texts = english.replace("  en:\n", "  de:\n", 1)
    german_texts = german_texts.replace('move.bet: "{actor} bets a fish."', 'move.bet: "{actor} setzt einen Fisch."')
    german_texts = german_texts.replace('move.bet.other: "{actor} bets {count} fish."', 'move.bet.other: "{actor} setzt {count} Fische."')
    assert "setzt" in german_texts
    game.write_text(data.replace("\n  fr:\n", "\n" + german_texts + "  fr:\n", 1), encoding="utf-8")
    lesson = copy / "game" / "games" / "fish_fish" / "lesson.yaml"  # a game that speaks German teaches in German
    lesson.write_text(yaml.safe_dump(with_german(yaml.safe_load(lesson.read_text(encoding="utf-8"))), allow_unicode=True),
                      encoding="utf-8")

    env = {**os.environ, "PYTHONPATH": str(copy), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TABLEE_HOME": str(tmp_path / "home")}
    done = subprocess.run([sys.executable, "-c", THIRD], cwd=copy, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["codes"] == out["i18n"] == ["fr", "de", "en"]
    assert out["name"] == "Deutsch" and out["system"] == "de" and out["log_lang"] == "de" and out["settings"] == "de"
    assert out["points"] == ["1 Punkt", "2 Punkte"] and out["menu"] == "Neues Spiel"
    assert out["game"] == ["Ana setzt einen Fisch.", "Ana setzt 3 Fische."]
    assert out["other_game"] == registry.load("jagdfieber").text("en", "phase.day", number=1)
    done = subprocess.run([sys.executable, str(copy / "main.py"), "validate"], cwd=copy, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0 and "ok:" in done.stdout, done.stdout + done.stderr


def test_a_broken_description_leaves_its_language_out_and_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The program still speaks: the others are kept, English even without its own file."""
    for code, text in (("fr", "language: {name: Français, plural: {one: 'i = 0,1'}, system: [fr], default: true}\n"),
                       ("de", "language: {name: Deutsch, plural: {one: 'i = 1' }, system: [de]\n"),  # unclosed
                       ("en", "language: [not, a, mapping]\n")):
        (tmp_path / code).mkdir()
        (tmp_path / code / "language.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(languages, "locale_root", lambda: tmp_path)
    languages._load.cache_clear()
    try:
        assert languages.codes() == ("fr", "en") and languages.default() == "fr"
        assert languages.get("en").category(1) == "one"  # built in
        found = languages.problems()
        assert len(found) == 2 and str(tmp_path / "de" / "language.yaml") in found[0] and "en" in found[1]
    finally:
        monkeypatch.undo()
        languages._load.cache_clear()
    assert languages.problems() == ()


def test_validate_checks_the_language_descriptions() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "validate"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0 and f"ok: {len(registry.GAMES) + 1 + len(languages.codes())} data file(s)" in done.stdout
