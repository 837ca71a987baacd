"""Engine-wide guarantees: no pygame under game/, seeded randomness, data validation, CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import registry
from game.engine.errors import GameUnavailable
from game.engine.rng import Rng
from game.resources import data_path

ROOT = Path(__file__).resolve().parent.parent


def run_main(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_game_package_never_imports_pygame():
    code = (
        "import sys, importlib, pkgutil, game\n"
        "from game.engine import registry\n"
        "for entry in registry.available(): pass\n"
        "for m in pkgutil.walk_packages(game.__path__, 'game.'): importlib.import_module(m.name)\n"
        "assert 'pygame' not in sys.modules, 'pygame imported by game/'\n"
        "print('clean')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "clean" in result.stdout


def test_rng_is_deterministic_and_covers_its_range():
    a, b = Rng(42), Rng(42)
    assert [a.randrange(6) for _ in range(50)] == [b.randrange(6) for _ in range(50)]
    counts = [0] * 6
    r = Rng(1)
    for _ in range(6000):
        counts[r.randrange(6)] += 1
    assert all(800 < c < 1200 for c in counts)
    items = list(range(10))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))
    clone = r.clone()
    assert clone.next64() == r.next64()


def test_every_shipped_game_loads():
    for entry in registry.available():
        assert entry.error is None, entry.error
    assert registry.validate_paths([]) == []


def write_bad(tmp_path: Path, old: str, new: str) -> Path:
    text = data_path("jagdfieber.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "jagdfieber.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(needle)


def problems_for(path: Path) -> list[str]:
    return [str(p) for p in registry.validate_paths([path])]


def test_yaml_syntax_error_gives_the_line(tmp_path):
    path = write_bad(tmp_path, "  wolf:          {per_player: 2,", "  wolf:          {per_player: [2,")
    problems = problems_for(path)
    assert len(problems) == 1
    assert problems[0].startswith(f"{path}:")
    assert "YAML syntax error" in problems[0] and "expected" in problems[0]


def test_unknown_key_gives_line_and_did_you_mean(tmp_path):
    path = write_bad(tmp_path, "hand_points: -4}\n  wolf", "hand_pionts: -4}\n  wolf")
    problems = problems_for(path)
    assert any(f":{line_of(path, 'hand_pionts')}:" in p and "did you mean 'hand_points'" in p for p in problems), problems


def test_wrong_type_gives_line_and_expectation(tmp_path):
    path = write_bad(tmp_path, "  days: 4", "  days: four")
    (problem,) = problems_for(path)
    assert f":{line_of(path, 'days: four')}:" in problem and "expected a whole number" in problem


def test_unknown_card_reference_is_reported(tmp_path):
    path = write_bad(tmp_path, "prey: [wolf]", "prey: [wolve]")
    (problem,) = problems_for(path)
    assert f":{line_of(path, 'prey: [wolve]')}:" in problem
    assert "unknown card 'wolve'" in problem and "did you mean 'wolf'" in problem


def test_impossible_counts_and_ranges_are_reported(tmp_path):
    path = write_bad(tmp_path, "players: {min: 3, max: 5}", "players: {min: 6, max: 5}")
    (problem,) = problems_for(path)
    assert "players.min (6) is above players.max (5)" in problem
    path = write_bad(tmp_path, "per_player: 2,", "per_player: -2,")
    (problem,) = problems_for(path)
    assert "out of range" in problem


def test_missing_translation_is_reported(tmp_path):
    path = write_bad(tmp_path, '    card.hunter: "Chasseur"\n', "")
    (problem,) = problems_for(path)
    assert "card.hunter" in problem and "not in fr" in problem


def test_broken_data_file_makes_the_game_unavailable_not_a_crash(tmp_path, monkeypatch):
    bad = write_bad(tmp_path, "  days: 4", "  days: four")
    import game.engine.registry as reg

    monkeypatch.setattr("game.engine.declaration.data_path", lambda name: bad if name == "jagdfieber.yaml" else data_path(name))
    reg.clear_cache()
    try:
        entries = {e.game_id: e for e in reg.available()}
        assert entries["jagdfieber"].rules is None
        assert "days" in entries["jagdfieber"].error and str(bad) in entries["jagdfieber"].error
    finally:
        monkeypatch.undo()
        reg.clear_cache()


def test_validate_command_exit_codes_and_no_traceback(tmp_path):
    ok = run_main("validate")
    assert ok.returncode == 0 and "valid" in ok.stdout
    bad = write_bad(tmp_path, "prey: [wolf]", "prey: [wolve]")
    result = run_main("validate", str(bad))
    assert result.returncode == 1
    assert f"{bad}:{line_of(bad, 'wolve')}:" in result.stdout
    assert "Traceback" not in result.stderr + result.stdout
    missing = run_main("validate", str(tmp_path / "nope.yaml"))
    assert missing.returncode == 1 and "file not found" in missing.stdout
    junk = tmp_path / "junk.yaml"
    junk.write_bytes(b"\xff\xfe\x00garbage")
    result = run_main("validate", str(junk))
    assert result.returncode == 1 and "Traceback" not in result.stderr


def test_simulate_json_summary():
    result = run_main("simulate", "jagdfieber", "--players", "4", "--games", "6", "--seed", "3", "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["games"] == 6
    assert len(summary["wins"]) == 4 and sum(summary["wins"]) >= 6
    assert len(summary["mean_scores"]) == 4
    assert summary["seconds"] >= 0
    again = run_main("simulate", "jagdfieber", "--players", "4", "--games", "6", "--seed", "3", "--json")
    assert json.loads(again.stdout.strip().splitlines()[-1])["wins"] == summary["wins"]


@pytest.mark.parametrize(
    "args, message",
    [
        (("simulate", "jagdfeber"), "did you mean 'jagdfieber'"),
        (("simulate", "jagdfieber", "--players", "9"), "3 to 5 players"),
        (("simulate", "jagdfieber", "--bots", "genius"), "unknown bot 'genius'"),
        (("simulate", "jagdfieber", "--bots", "random,random"), "for 4 players"),
    ],
)
def test_simulate_bad_input_is_a_clear_message(args, message):
    result = run_main(*args)
    assert result.returncode == 1
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_events_keep_their_kind_through_replace_pickle_and_dict() -> None:
    import pickle

    from game.engine.events import EVENT_TYPES, CardMoved, event_to_dict, redact, seat_mask

    for cls in EVENT_TYPES:
        assert "kind" not in cls._fields and isinstance(cls.kind, str)  # a constant, not a field
    moved = CardMoved("w1", 0, "hand", None, "pile", visible=seat_mask(0))
    hidden = redact(moved, 1)
    assert type(hidden) is CardMoved and hidden.card is None and hidden.kind == "card_moved"
    assert pickle.loads(pickle.dumps(moved)) == moved and type(pickle.loads(pickle.dumps(moved))) is CardMoved
    assert event_to_dict(moved)["kind"] == "card_moved" and "kind" not in moved._asdict()
    assert not hasattr(moved, "__dict__")  # still a bare tuple: cheap for bots


def test_games_are_found_in_the_folders_the_environment_names_and_a_broken_one_is_only_unavailable(monkeypatch, tmp_path) -> None:
    """TABLEE_GAME_PACKAGES adds folders of games: the tests' own (tests.games) is found as the
    shipped ones are; a package there that declares no game is unavailable with why; a folder
    that is not there gives no game and is only noted."""
    folder = tmp_path / "extra_games"
    (folder / "half_done").mkdir(parents=True)
    (folder / "__init__.py").write_text("", encoding="utf-8")
    (folder / "half_done" / "__init__.py").write_text('"""A game in the making: no GAME yet."""\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("TABLEE_GAME_PACKAGES", "tests.games, extra_games, not_here")
    registry.clear_cache()
    try:
        assert registry.game_packages() == ["game.games", "tests.games", "extra_games", "not_here"]
        assert list(registry.GAMES)[-1] == "colour_call"  # after the shipped games: its order
        entries = {e.game_id: e for e in registry.available()}
        assert entries["colour_call"].rules is not None and entries["jagdfieber"].rules is not None
        assert entries["half_done"].rules is None and "declares no game" in (entries["half_done"].error or "")
        assert any("not_here" in note for note in registry.GAMES.missing) and "not_here" not in entries
        with pytest.raises(GameUnavailable, match="declares no game"):
            registry.load("half_done")
        problems = [str(p) for p in registry.validate_paths([])]
        assert len(problems) == 1 and "half_done" in problems[0]
    finally:
        monkeypatch.undo()
        registry.clear_cache()
