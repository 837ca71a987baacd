"""Issue 15: the real app, started headless on a damaged user folder, reaches the main menu,
opens the history and tries Continue without an exception, and changes nothing outside the
folder. One case per kind of damage, then random damage to every file at once."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402

from game.engine import registry  # noqa: E402
from scenes.app import create_app  # noqa: E402
from tests.records_helpers import random_match  # noqa: E402
from tests.test_harden_classes import read_only  # noqa: E402
from tests.test_harden_properties import STATS, damaged_bytes, snapshot  # noqa: E402

JAGD = registry.load("jagdfieber")
FINISHED, _, _ = random_match(JAGD, 3, 31, humans=1)
UNFINISHED, _, _ = random_match(JAGD, 3, 32, max_actions=9, humans=1)


def record_json(record, **changes) -> str:
    data = record.to_dict()
    data.update(changes)
    return json.dumps(data)


def put(home: Path, name: str, text: str | bytes) -> Path:
    path = home / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def hostile_names(home: Path) -> None:
    record = UNFINISHED.copy()
    record.seats[0].name = ("Zoé\x00\x1b[2J\u202e\x07" * 40)[:200]
    put(home, f"data/autosave/{record.match_id}.json", record.to_json())


def surrogate_names(home: Path) -> None:
    """Names and an action text with lone surrogates and NUL, as JSON escapes can write them."""
    for record, folder in ((UNFINISHED.copy(), "autosave"), (FINISHED.copy(), "history")):
        record.seats[0].name = "Zo\udcff\x00é\ud800"
        put(home, f"data/{folder}/{record.match_id}.json", json.dumps(record.to_dict()))
    broken = UNFINISHED.copy()
    broken.match_id = "broken"
    broken.actions[0] = (broken.actions[0][0], "play \udcff ²")
    put(home, "data/autosave/broken.json", json.dumps(broken.to_dict()))


def finished_with_a_unicode_digit(home: Path) -> None:
    """A finished autosave whose action has a digit int() refuses: the start finishes autosaves."""
    from game.engine.record import Record, SeatInfo

    silver = registry.load("silver_amulet")
    record = Record.new(silver, 3, 5, {}, [SeatInfo("A"), SeatInfo("B", "bot", "random", "easy"), SeatInfo("C")])
    record.actions = [(0, "peek ² 3"), (1, "peek 1 " + "9" * 5000)]
    record.result = {"over": True, "scores": [0, 0, 0], "winners": [0]}
    put(home, f"data/autosave/{record.match_id}.json", record.to_json())


def forged_finished(home: Path) -> None:
    put(home, "data/autosave/planted.json", record_json(FINISHED, match_id="../../../outside", result={"over": True, "scores": [999, 0, 0], "winners": [0]}))
    put(home, f"data/autosave/{FINISHED.match_id}.json", record_json(FINISHED, result={"over": True, "scores": [999, 0, 0], "winners": [0]}))


def fifo_record(home: Path) -> None:
    (home / "data" / "autosave").mkdir(parents=True)
    os.mkfifo(home / "data" / "autosave" / "pipe.json")
    os.mkfifo(home / "data" / "stats.json")


CASES: dict[str, Callable[[Path], None]] = {
    "settings_list": lambda h: put(h, "config/settings.json", "[1, 2]"),
    "settings_huge_window": lambda h: put(h, "config/settings.json", '{"window_size": [100000, 100000]}'),
    "settings_deep": lambda h: put(h, "config/settings.json", "[" * 100_000 + "]" * 100_000),
    "settings_bad_last_setup": lambda h: put(h, "config/settings.json", '{"extra": {"last_setup": {"game": [], "seats": 5}}}'),
    "stats_wrong_shape": lambda h: put(h, "data/stats.json", '{"format": "tablee-stats", "games": []}'),
    "stats_bad_numbers": lambda h: put(h, "data/stats.json", json.dumps({**STATS, "games": {"jagdfieber": {"played": "x"}}})),
    "config_is_a_file": lambda h: put(h, "config", "not a folder"),
    "data_is_a_file": lambda h: put(h, "data", "not a folder"),
    "autosave_is_a_file": lambda h: put(h, "data/autosave", "not a folder"),
    "history_entry_is_a_folder": lambda h: (h / "data" / "history" / "x.json").mkdir(parents=True),
    "huge_int_record": lambda h: put(h, "data/autosave/big.json", '{"format": "tablee-record", "format_version": 1, "seed": ' + "9" * 5000 + "}"),
    "forged_finished_autosave": forged_finished,
    "hostile_names": hostile_names,
    "surrogate_names": surrogate_names,
    "finished_with_a_unicode_digit": finished_with_a_unicode_digit,
    "leftover_temporaries": lambda h: put(h, "data/autosave/.x.json.4194305.tmp", "{half"),
    "random_bytes": lambda h: [put(h, n, os.urandom(300)) for n in ("config/settings.json", "data/stats.json", "data/autosave/a.json", "data/history/b.json")],
}
if os.name == "posix":
    CASES["pipes"] = fifo_record


def start_app_and_visit(home: Path) -> None:
    """Start the app as `main.py` does (window size from the settings), reach the menu, open the
    history, try Continue, and come back."""
    app = create_app(size=None, headless=True)
    app.clear_to(app.scene("menu"))
    app.run(max_frames=3)
    assert type(app.stack.top).__name__ == "MainMenuScene"
    w, h = app.screen.get_size()
    assert w <= 7680 and h <= 4320
    app.push(app.scene("history"))
    app.run(max_frames=2)
    app.main_menu()
    if app.continue_match():
        app.run(max_frames=3)
        match = getattr(app.stack.top, "match", None)
        if match is not None:
            match.close()
    app.main_menu()
    app.run(max_frames=2)
    assert type(app.stack.top).__name__ == "MainMenuScene"


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_app_reaches_the_main_menu_on_a_damaged_folder(tmp_path: Path, monkeypatch, case: str) -> None:
    (tmp_path / "outside.json").write_text("precious", encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    CASES[case](home)
    before = {k: v for k, v in snapshot(tmp_path).items() if not k.startswith("home")}
    monkeypatch.setenv("TABLEE_HOME", str(home))
    start_app_and_visit(home)
    assert {k: v for k, v in snapshot(tmp_path).items() if not k.startswith("home")} == before


def test_the_app_reaches_the_main_menu_in_a_read_only_folder(tmp_path: Path, monkeypatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    put(home, f"data/autosave/{FINISHED.match_id}.json", FINISHED.to_json())  # to be finished
    put(home, "data/stats.json", "[]")  # to be set aside
    read_only(monkeypatch, home)
    monkeypatch.setenv("TABLEE_HOME", str(home))
    try:
        start_app_and_visit(home)
    finally:
        home.chmod(0o700)


GOOD_SETTINGS = json.dumps({"language": "en", "window_size": [1024, 600], "extra": {"last_setup": {"game": "jagdfieber", "players": 3}}}).encode()


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    settings_bytes=damaged_bytes(GOOD_SETTINGS),
    stats_bytes=damaged_bytes(json.dumps(STATS).encode()),
    autosave=damaged_bytes(UNFINISHED.to_json().encode()),
    history=damaged_bytes(FINISHED.to_json().encode()),
)
def test_the_app_reaches_the_main_menu_whatever_the_damage(
    tmp_path_factory, monkeypatch_session, settings_bytes: bytes, stats_bytes: bytes, autosave: bytes, history: bytes
) -> None:
    home = app_home(tmp_path_factory, {
        "config/settings.json": settings_bytes, "data/stats.json": stats_bytes,
        f"data/autosave/{UNFINISHED.match_id}.json": autosave, f"data/history/{FINISHED.match_id}.json": history,
    })
    monkeypatch_session.setenv("TABLEE_HOME", str(home))
    start_app_and_visit(home)
    assert_outside_untouched(home)


def app_home(tmp_path_factory, files: dict[str, bytes]) -> Path:
    """A user folder holding `files` (paths under it), in a sandbox with a precious file beside it."""
    sandbox = tmp_path_factory.mktemp("app")
    (sandbox / "outside.json").write_text("precious", encoding="utf-8")
    home = sandbox / "home"
    for name, data in files.items():
        put(home, name, data)
    return home


def assert_outside_untouched(home: Path) -> None:
    sandbox = home.parent
    assert (sandbox / "outside.json").read_text(encoding="utf-8") == "precious"
    assert sorted(p.name for p in sandbox.iterdir()) == ["home", "outside.json"]


@pytest.fixture
def monkeypatch_session():
    """A monkeypatch usable inside a hypothesis test (undone after the whole test)."""
    patch = pytest.MonkeyPatch()
    yield patch
    patch.undo()


@pytest.mark.parametrize("damage", ["bytes", "folder", "pipe"])
def test_a_damaged_rulebook_is_a_message_on_the_rules_screen(tmp_path: Path, monkeypatch, damage: str) -> None:
    from scenes import rules_screen

    target = tmp_path / "rules.md"
    if damage == "bytes":
        target.write_bytes(b"\xff\xfe\x00 not text")
    elif damage == "folder":
        target.mkdir()
    elif os.name == "posix":
        os.mkfifo(target)
    else:
        pytest.skip("FIFOs are POSIX")
    monkeypatch.setattr(rules_screen, "rules_file", lambda game_id, lang: target)
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path / "home"))
    app = create_app(headless=True)
    app.clear_to(app.scene("menu"))
    scene = app.scene("rules")
    app.push(scene)
    app.run(max_frames=2)
    assert scene.text() is None and scene.message
