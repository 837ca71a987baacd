"""The command line as docs/command-line.md promises it: a command line that cannot be read gets
one `error:` line and status 2, refused input one `error:` line and status 1, never a usage block
nor a traceback; a reader that stops reading (`| head -1`) ends the command quietly; a number too
long to read is said in words, not with Python's advice to its programmers."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scenes.main import USAGE_STATUS, main

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "command-line.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("argv", [
    ["simulate"], ["simulate", "fish_fish", "--players", "many"], ["replay", "--bogus"], ["nocommand"],
    ["bench", "--seconds", "0"], ["serve", "fish_fish", "--port", "x"], ["replay", "--log", "de", "x.json"],
])
def test_a_command_line_that_cannot_be_read_gets_one_error_line_and_status_2(argv: list[str], capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == USAGE_STATUS == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and "usage:" not in err, err
    assert "--help" in err  # where the options are told


def test_refused_input_gets_one_error_line_and_status_1(tmp_path: Path, capsys) -> None:
    assert main(["simulate", "no_such_game"]) == 1
    assert main(["replay", str(tmp_path / "missing.json")]) == 1
    for line in capsys.readouterr().err.splitlines():
        assert line.startswith("error: ")


def test_the_doc_says_both_statuses() -> None:
    text = " ".join(DOC.split())
    assert "exit status 2 for a command line that cannot be read" in text
    assert "exit status 1 for input that was read but is refused" in text and "status 141" in text


def test_replay_into_a_reader_that_stops_after_one_line_ends_quietly(tmp_path: Path) -> None:
    env = {**os.environ, "TABLEE_HOME": str(tmp_path / "home"), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    subprocess.run([sys.executable, "main.py", "simulate", "fish_fish", "--games", "1", "--save-dir", str(tmp_path)],
                   cwd=ROOT, env=env, check=True, capture_output=True, timeout=120)
    [record] = tmp_path.glob("*.json")
    # The replay prints about 6 kB: a pipe smaller than that makes the program wait for its
    # reader, so it is still writing when the reader stops, whatever the machine's load.
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, 4096)
    proc = subprocess.Popen([sys.executable, "main.py", "replay", str(record), "--log", "en"], cwd=ROOT, env=env,
                            stdout=write_end, stderr=subprocess.PIPE)
    os.close(write_end)
    assert proc.stderr is not None
    with os.fdopen(read_end, "rb") as reader:
        assert reader.readline().strip()
    # closed, as `head -1` does
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141
    assert "Traceback" not in err and "BrokenPipeError" not in err and "Exception ignored" not in err, err


def test_a_number_too_long_to_read_is_said_in_words(tmp_path: Path) -> None:
    from game.engine.record import RecordError, read_record
    from game.stats import Statistics

    (tmp_path / "stats.json").write_text('{"format": "tablee-stats", "n": ' + "9" * 5000 + "}", encoding="utf-8")
    problem = Statistics.load(tmp_path).problem
    assert problem and "too many digits" in problem and "set_int_max_str_digits" not in problem
    path = tmp_path / "r.json"
    path.write_text('{"format": "tablee-record", "seed": ' + "9" * 5000 + "}", encoding="utf-8")
    with pytest.raises(RecordError) as refused:
        read_record(path)
    assert "too many digits" in str(refused.value) and "sys." not in str(refused.value)


def test_settings_with_a_number_too_long_say_it_in_words(tmp_path: Path, monkeypatch) -> None:
    from scenes import settings_store

    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    path = settings_store.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"language": "fr"})[:-1] + ', "text_size": ' + "9" * 5000 + "}", encoding="utf-8")
    loaded = settings_store.load()
    assert loaded.problem and "too many digits" in loaded.problem and "sys." not in loaded.problem
