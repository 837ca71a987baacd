"""Long commands (simulate, exploit, bench) show a progress bar on stderr for a person at a
terminal, and print exactly what they printed before into a pipe or with --json."""

from __future__ import annotations

import io
import sys

import pytest

import game.bench
from game.bench import engine_rows
from game.progress import Progress, wanted
from main import main


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def terminal(monkeypatch: pytest.MonkeyPatch) -> Terminal:
    """A terminal on stderr, set in the test's body (pytest's capture sets sys.stderr again when
    the test starts)."""
    stream = Terminal()
    monkeypatch.setattr(sys, "stderr", stream)
    return stream


SIMULATE = ["simulate", "jagdfieber", "--games", "3", "--players", "3"]
EXPLOIT = ["exploit", "jagdfieber", "--games", "1", "--iterations", "3", "--plans", "highest", "--players", "3"]


def test_simulate_shows_its_games_at_a_terminal(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    stream = terminal(monkeypatch)
    assert main(SIMULATE) == 0
    bar = stream.getvalue()
    assert "simulate jagdfieber" in bar and "1/3" in bar
    assert "simulate jagdfieber" not in capsys.readouterr().out  # the results on stdout stay clean


def test_exploit_counts_every_game_at_a_terminal(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    stream = terminal(monkeypatch)
    assert main(EXPLOIT) == 0
    assert "exploit jagdfieber" in stream.getvalue() and "1/2" in stream.getvalue()  # baseline + plan
    out = capsys.readouterr().out
    assert "highest" in out and "exploit jagdfieber" not in out


@pytest.mark.parametrize("command", [SIMULATE, EXPLOIT])
def test_no_bar_with_json(monkeypatch: pytest.MonkeyPatch, command: list[str]) -> None:
    stream = terminal(monkeypatch)
    assert main([*command, "--json"]) == 0
    assert stream.getvalue() == ""


@pytest.mark.parametrize("command", [SIMULATE, EXPLOIT])
def test_no_bar_into_a_pipe(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    assert main(command) == 0
    assert capsys.readouterr().err == ""


def test_wanted_only_for_a_terminal_without_json() -> None:
    assert wanted(False, Terminal())
    assert not wanted(True, Terminal())
    assert not wanted(False, io.StringIO())


def test_bench_rows_report_their_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game.bench, "bench_game", lambda game_id, n, seconds: {"game": game_id, "players": n})
    seen: list[tuple[int, int]] = []
    rows = engine_rows(0.001, on_row=lambda done, total: seen.append((done, total)))
    assert [done for done, _ in seen] == list(range(len(rows)))
    assert {total for _, total in seen} == {len(rows)}


def test_a_hidden_bar_does_nothing() -> None:
    with Progress("x", shown=False) as bar:
        bar.tick(1, 2)
        with bar.printing():
            pass
