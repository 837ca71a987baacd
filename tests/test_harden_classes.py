"""Issue 15: one test per class of damaged or hostile file, each failing on the code before the
hardening. Each loader returns a result or raises its own clear error, never another exception,
and nothing outside the user folder changes."""

from __future__ import annotations

import builtins
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import paths, userfiles
from game.engine import registry
from game.engine.record import RecordError, parse_text, read_record
from game.engine.schema import Context, read_yaml
from game.records import RecordStore, Statistics
from scenes import settings_store
from tests.records_helpers import random_match

JAGD = registry.load("jagdfieber")
ROOT = Path(__file__).resolve().parent.parent
POSIX = os.name == "posix"


def finished_human_record(seed: int = 5):
    record, state, _ = random_match(JAGD, 3, seed, humans=1)
    return record, state


# ------------------------------------------------------------------ records
def test_a_finished_autosave_is_replayed_before_it_is_counted(tmp_path: Path) -> None:
    record, state = finished_human_record()
    record.result = {"over": True, "scores": [999, 0, 0], "winners": [0]}  # forged
    store = RecordStore(tmp_path)
    path = store.autosave_path(record)
    path.parent.mkdir(parents=True)
    path.write_text(record.to_json(), encoding="utf-8")
    store.recover()
    stats = Statistics.load(tmp_path)
    assert stats.games.get("jagdfieber") is None or stats.games["jagdfieber"].best_score != 999


def test_a_finished_autosave_with_illegal_actions_is_not_counted(tmp_path: Path) -> None:
    record, _ = finished_human_record()
    record.actions[3] = (record.actions[3][0], "nonsense 42")
    store = RecordStore(tmp_path)
    path = store.autosave_path(record)
    path.parent.mkdir(parents=True)
    path.write_text(record.to_json(), encoding="utf-8")
    store.recover()
    assert "jagdfieber" not in Statistics.load(tmp_path).games
    assert path.exists()  # left for the player (Continue reports the problem)


@pytest.mark.parametrize("bad_id", ["../../outside", "..", "a/b", "x\x00y", "a" * 300, "", " id", "C:evil"])
def test_match_id_is_a_file_name_only_through_a_strict_pattern(tmp_path: Path, bad_id: str) -> None:
    home = tmp_path / "home"
    outside = tmp_path / "outside.json"
    outside.write_text("precious", encoding="utf-8")
    record, _ = finished_human_record()
    data = record.to_dict()
    data["match_id"] = bad_id
    autosave = home / "autosave"
    autosave.mkdir(parents=True)
    (autosave / "planted.json").write_text(json.dumps(data), encoding="utf-8")
    if bad_id:
        with pytest.raises(RecordError, match="match_id"):
            read_record(autosave / "planted.json")
    RecordStore(home).recover()
    assert outside.read_text(encoding="utf-8") == "precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home", "outside.json"]


def test_a_number_too_long_for_int_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="number"):
        parse_text('{"format": "tablee-record", "seed": ' + "9" * 5000 + "}", "big.json")


def test_absurd_numbers_in_a_record_are_refused() -> None:
    record, _ = finished_human_record()
    data = record.to_dict()
    data["seed"] = 10**200
    with pytest.raises(RecordError, match="seed"):
        parse_text(json.dumps(data), "r.json")


# -------------------------------------------------------------- statistics
@pytest.mark.parametrize(
    "content",
    [
        [],
        {"format": "tablee-stats", "games": []},
        {"format": "tablee-stats", "games": {"jagdfieber": []}},
        {"format": "tablee-stats", "games": {"jagdfieber": {"played": 1}}},
        {"format": "tablee-stats", "games": {"jagdfieber": {"played": -5, "won": 0, "best_score": None}}},
        {"format": "tablee-stats", "games": {"jagdfieber": {"played": 1, "won": 9, "best_score": None}}},
        {"format": "tablee-stats", "games": {}, "counted": 7},
        {"format": "tablee-stats", "games": {}, "counted": [[1]]},
        "deep",
    ],
)
def test_statistics_of_the_wrong_shape_are_set_aside(tmp_path: Path, content) -> None:
    path = tmp_path / "stats.json"
    text = "[" * 100_000 + "]" * 100_000 if content == "deep" else json.dumps(content)
    path.write_text(text, encoding="utf-8")
    stats = Statistics.load(tmp_path)
    assert stats.problem and "stats.json" in stats.problem
    assert stats.games == {}
    assert not path.exists()
    assert [p.name for p in tmp_path.glob("stats.corrupt-*.json")]


def read_only(monkeypatch, folder: Path) -> None:
    """Make `folder` read-only (for root too, whom chmod does not stop: os calls refuse it)."""
    folder.chmod(0o500)
    real_replace, real_mkdir, real_open = os.replace, os.mkdir, os.open

    def inside(path) -> bool:
        return Path(os.fspath(path)).resolve().is_relative_to(folder.resolve())

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", lambda a, b, **k: refuse() if inside(a) or inside(b) else real_replace(a, b, **k))
    monkeypatch.setattr(os, "mkdir", lambda p, *a, **k: refuse() if inside(p) else real_mkdir(p, *a, **k))
    monkeypatch.setattr(
        os, "open", lambda p, flags, *a, **k: refuse() if inside(p) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT) else real_open(p, flags, *a, **k)
    )
    real_builtin_open = builtins.open

    def guarded_open(file, mode="r", *args, **kwargs):
        if isinstance(file, (str, os.PathLike)) and any(c in mode for c in "wax+") and inside(file):
            refuse()
        return real_builtin_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", guarded_open)


def test_statistics_in_a_read_only_folder_are_reported_not_raised(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "stats.json").write_text("[]", encoding="utf-8")
    read_only(monkeypatch, tmp_path)
    try:
        stats = Statistics.load(tmp_path)
    finally:
        tmp_path.chmod(0o700)
    assert stats.problem and "cannot be moved" in stats.problem


# ---------------------------------------------------------------- settings
@pytest.mark.parametrize(
    "content",
    [
        '{"window_size": [100000, 100000]}',
        '{"window_size": [1280, 99999999999999999999]}',
        '{"extra": ' + "[" * 50_000 + "]" * 50_000 + "}",
        "[" * 100_000 + "]" * 100_000,
        '{"animation_speed": 1e999}',
        '{"extra": {"last_setup": ' + "[" * 500 + "]" * 500 + "}}",
    ],
)
def test_settings_of_the_wrong_shape_are_set_aside(tmp_path: Path, content: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(content, encoding="utf-8")
    result = settings_store.load(path)
    assert result.problem
    assert result.settings == settings_store.Settings()
    assert result.moved_to is not None and result.moved_to.exists()


# ------------------------------------------------------------ user folders
def test_user_folders_that_are_files_do_not_stop_loading(tmp_path: Path, monkeypatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "config").write_text("a file", encoding="utf-8")
    (home / "data").write_text("a file", encoding="utf-8")
    monkeypatch.setenv("TABLEE_HOME", str(home))
    assert settings_store.load().problem is None
    assert settings_store.save(settings_store.Settings()) is not None  # an error text, not a raise
    assert Statistics.load().games == {}
    assert RecordStore().latest_unfinished() is None
    assert paths.folder_problems()


def test_user_folders_in_a_read_only_parent(tmp_path: Path, monkeypatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    read_only(monkeypatch, home)
    monkeypatch.setenv("TABLEE_HOME", str(home))
    try:
        assert settings_store.load().problem is None
        assert settings_store.save(settings_store.Settings()) is not None
        assert RecordStore().latest_unfinished() is None
        assert paths.folder_problems()
    finally:
        home.chmod(0o700)


# -------------------------------------------------------------------- YAML
REAL_YAML = registry.data_path("jagdfieber.yaml").read_text(encoding="utf-8")
HEAD = REAL_YAML[: REAL_YAML.index("\npresentation:") + 1]  # everything but the last section
LAUGHS = "  a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"  {n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n" for n, p in zip("bcdefg", "abcdef", strict=True)
)
YAML_CASES = {
    "tag": HEAD.replace("version: 1", "version: !!python/object:os.system 1"),
    "bad_int_tag": HEAD.replace("version: 1", "version: !!int 'abc'"),
    "recursive": HEAD + "presentation: &a\n  x: *a\n",
    "recursive_list": HEAD + "presentation: &b [*b]\n",
    "huge_int": HEAD.replace("version: 1", "version: " + "9" * 5000),
    "deep": HEAD + "presentation: " + "[" * 5000 + "]" * 5000 + "\n",
    "laughs": HEAD + "presentation:\n" + LAUGHS,
    "float_tag": HEAD + "presentation: !!float 'x'\n",
    "timestamp": HEAD + "presentation: !!timestamp '2020-99-99'\n",
    "binary": HEAD + "presentation: !!binary '$$$'\n",
}


@pytest.mark.parametrize("name", sorted(YAML_CASES))
def test_yaml_that_cannot_be_built_is_a_file_line_problem(tmp_path: Path, name: str) -> None:
    path = tmp_path / "jagdfieber.yaml"
    path.write_text(YAML_CASES[name], encoding="utf-8")
    problems = registry.validate_paths([path])
    assert problems
    assert all(str(p).startswith(f"{path}:") for p in problems)


def test_yaml_on_a_fifo_or_a_device_is_refused_without_reading(tmp_path: Path) -> None:
    if not POSIX:
        pytest.skip("FIFOs and /dev/zero are POSIX")
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/zero"), tmp_path):
        ctx = Context(str(path))
        assert read_yaml(path, ctx) is None
        assert ctx.problems


def test_a_broken_locale_file_falls_back_to_the_other_language(tmp_path: Path, monkeypatch) -> None:
    from scenes import i18n

    real = i18n.locale_dir
    copy = tmp_path / "locale"
    for lang in i18n.LANGUAGES:
        (copy / lang).mkdir(parents=True)
        for f in real(lang).glob("*.yaml"):
            (copy / lang / f.name).write_bytes(f.read_bytes())
    (copy / "fr" / "menu.yaml").write_text("menu: &a\n  x: *a\n", encoding="utf-8")
    monkeypatch.setattr(i18n, "locale_dir", lambda lang: copy / lang)
    tr = i18n.Translator("fr")
    assert tr("menu.new_game") == i18n.Translator("en")("menu.new_game")
    assert tr.problems and "menu.yaml" in tr.problems[0]


# ------------------------------------------------------------------ drawing
def test_text_drawing_strips_control_characters_and_fits_in_log_steps() -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame

    from scenes.ui import text

    pygame.font.init()
    font = pygame.font.Font(None, 20)
    calls = 0
    real_size = font.size

    class Counting:
        def size(self, s: str):
            nonlocal calls
            calls += 1
            assert not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in s)
            return real_size(s)

        def render(self, s, *args):
            assert not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in s)
            return font.render(s, *args)

    counting = Counting()
    long_name = ("Bob\x00\x1b[31m\x07" * 2000)
    fitted = text.fit_text(counting, long_name, 200)  # type: ignore[arg-type]
    assert fitted.endswith("…") and calls <= 40
    surface = pygame.Surface((300, 40))
    text.draw_text(surface, counting, "a\x00b\tc\x7f", (255, 255, 255), (0, 0))  # type: ignore[arg-type]
    assert text.wrap_text(counting, "x\x00y z", 500) == ["xy z"]  # type: ignore[arg-type]


# ------------------------------------------------------------- command line
def run_main(*args: str, timeout: float = 60, **kwargs) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.update(kwargs.pop("env", {}))
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=ROOT, **kwargs)


@pytest.mark.parametrize("target", ["fifo", "/dev/zero", "dir"])
@pytest.mark.parametrize("command", ["validate", "replay"])
def test_validate_and_replay_refuse_pipes_devices_and_folders(tmp_path: Path, target: str, command: str) -> None:
    if not POSIX:
        pytest.skip("FIFOs and /dev/zero are POSIX")
    if target == "fifo":
        path = tmp_path / "x.json"
        os.mkfifo(path)
    elif target == "dir":
        path = tmp_path
    else:
        path = Path(target)
    result = run_main(command, str(path), timeout=60)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert str(path) in (result.stderr + result.stdout)


def test_bench_refuses_endless_seconds() -> None:
    for value in ("inf", "nan", "-1", "0", "1e9"):
        result = run_main("bench", "--seconds", value, timeout=60)
        assert result.returncode == 2, value
        assert "--seconds" in result.stderr and "Traceback" not in result.stderr


def wait_until_busy(pid: int, cpu_seconds: float = 2.0, limit: float = 180.0) -> None:
    """Wait until the child has spent `cpu_seconds` of CPU (its imports are done and it is
    simulating), however loaded the machine is: a SIGINT during interpreter start-up would
    test Python's start-up, not our handler."""
    ticks = os.sysconf("SC_CLK_TCK")
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        if (int(fields[11]) + int(fields[12])) / ticks >= cpu_seconds:
            return
        time.sleep(0.1)
    raise AssertionError("the simulation never got going")


def test_ctrl_c_exits_130_with_one_line(tmp_path: Path) -> None:
    if not POSIX or not Path("/proc/self/stat").exists():
        pytest.skip("SIGINT delivery is POSIX; the readiness check reads /proc")
    import signal

    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1", "TABLEE_HOME": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "simulate", "jagdfieber", "--games", "100000"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    wait_until_busy(proc.pid)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


# ------------------------------------------------------------- crash safety
def test_leftover_temporary_files_are_removed_at_start(tmp_path: Path, monkeypatch) -> None:
    home = tmp_path / "home"
    dead_pid = 2**22 + 12345  # above Linux's pid_max default: never a live process
    leftovers = [
        home / "data" / "autosave" / f".m.json.{dead_pid}.tmp",
        home / "data" / "history" / f".m.json.{dead_pid}.tmp",
        home / "data" / f".stats.json.{dead_pid}.tmp",
        home / "config" / f".settings.json.{dead_pid}.tmp",
    ]
    for path in leftovers:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("half", encoding="utf-8")
    keep = home / "data" / "autosave" / "keep.json"
    keep.write_text("{}", encoding="utf-8")
    mine = home / "data" / f".x.json.{os.getpid()}.tmp"  # a write in flight in this process
    mine.write_text("in flight", encoding="utf-8")
    monkeypatch.setenv("TABLEE_HOME", str(home))
    removed = userfiles.remove_leftovers()
    assert sorted(removed) == sorted(leftovers)
    assert not any(p.exists() for p in leftovers)
    assert keep.exists() and mine.exists()


def play_bot_moves_on_a_slow_disk(tmp_path: Path, monkeypatch) -> tuple[list[int], list[tuple[int, int]], int]:
    """A human and two bots that answer at once, autosaved on a slow disk (20 ms a write, 4 ms a
    frame), 8 moves. Returns what the disk itself saw: the moves on disk after each write, in the
    order the writes ended; and for each bot move, when it was applied, (its number, the moves on
    disk then), counted by the writes' own wrappers, not by asking the recorder."""
    import threading

    from game import records
    from game.match import Match, MatchConfig, SeatConfig

    counts: list[int] = []  # after each write: the moves on disk
    lock = threading.Lock()
    real_write, real_append = records.write_atomic, records.append_line

    def slow_write(path: Path, text: str) -> None:
        time.sleep(0.02)  # a slow disk: several frames per write
        real_write(path, text)
        with lock:
            counts.append(len(json.loads(text)["actions"]))

    def slow_append(path: Path, text: str) -> None:  # the journal: one line per move
        time.sleep(0.02)
        real_append(path, text)
        with lock:
            counts.append(json.loads(text.splitlines()[-1])["at"] + 1)

    monkeypatch.setattr(records, "write_atomic", slow_write)
    monkeypatch.setattr(records, "append_line", slow_append)
    seats = [SeatConfig("me", "human")] + [SeatConfig(f"b{i}", "bot", "random") for i in range(2)]
    config = MatchConfig("jagdfieber", seats, 3, {})
    match = Match(config, think_seconds=0.0, threaded=False)
    recorder = records.MatchRecorder(match, RecordStore(tmp_path), background=True)
    recorder.writer = records.BackgroundWriter()
    bot_moves: list[tuple[int, int]] = []

    def on_disk() -> int:
        with lock:
            return max(counts, default=0)

    match.on_action.insert(0, lambda seat, text, events: bot_moves.append((len(match.history), on_disk()))
                           if seat in match.bots else None)
    for _ in range(3000):  # frames: bots move as soon as they may, until 8 moves were played
        for seat in match.human_to_act():
            match.submit(seat, match.state.legal_actions(seat)[0])
        match.poll()
        time.sleep(0.004)
        if match.is_over() or len(match.history) >= 8:
            break
    recorder.writer.flush()
    return counts, bot_moves, len(match.history)


@pytest.mark.real_autosave_timing
def test_one_fsynced_write_per_move_when_bots_move_every_frame(tmp_path: Path, monkeypatch) -> None:
    counts, bot_moves, played = play_bot_moves_on_a_slow_disk(tmp_path, monkeypatch)
    assert counts == sorted(counts)
    # every write carries exactly one move more than the previous one
    assert all(b - a == 1 for a, b in zip(counts, counts[1:], strict=False)), counts
    assert len(counts) >= 5 and counts[-1] == played
    # a bot move is applied only once every move before it is on disk: a crash loses at most
    # the move in flight (move n was applied with n - 1 moves written)
    assert len(bot_moves) >= 3
    assert all(written >= number - 1 for number, written in bot_moves), bot_moves


@pytest.mark.real_autosave_timing
def test_the_write_order_test_fails_when_the_recorder_does_not_hold_the_bots(tmp_path: Path, monkeypatch) -> None:
    """The oracle above is the disk's, not the recorder's: with `writing()` always False, the
    bots run ahead of the disk and it sees it."""
    from game import records

    monkeypatch.setattr(records.MatchRecorder, "writing", lambda self: False)
    _, bot_moves, _ = play_bot_moves_on_a_slow_disk(tmp_path, monkeypatch)
    assert any(written < number - 1 for number, written in bot_moves), bot_moves


def test_recovery_in_a_read_only_data_folder_is_reported_not_raised(tmp_path: Path, monkeypatch) -> None:
    record, _ = finished_human_record()
    store = RecordStore(tmp_path)
    path = store.autosave_path(record)
    path.parent.mkdir(parents=True)
    path.write_text(record.to_json(), encoding="utf-8")
    read_only(monkeypatch, tmp_path)
    try:
        assert store.latest_unfinished() == path  # still there: finished at a later start
    finally:
        tmp_path.chmod(0o700)
    assert store.problems and str(path) in store.problems[0]


def test_replay_prints_no_control_characters_from_a_record(tmp_path: Path) -> None:
    record, _ = finished_human_record()
    record.seats[0].name = "Eve\x1b[2J\x07\x9b31m"
    path = tmp_path / "r.json"
    path.write_text(record.to_json(), encoding="utf-8")
    result = run_main("replay", str(path), "--log", "en")
    assert result.returncode == 0, result.stderr
    assert "Eve" in result.stdout
    assert not any(c in result.stdout for c in "\x1b\x07\x9b")


def test_a_damaged_text_template_is_shown_as_written_not_raised(monkeypatch) -> None:
    from scenes import i18n

    tr = i18n.Translator("en")
    tr.table("en")["zz.bad"] = "{problem.no_such_attribute} {count:>{count}}"
    assert tr("zz.bad", problem="x", count=[1]) == tr.table("en")["zz.bad"]
    rules = registry.load("jagdfieber")
    monkeypatch.setitem(rules._texts["en"], "zz.bad", "{a.b}")
    assert rules.text("en", "zz.bad", a=1) == "{a.b}"
