"""`tablee stats [--game GAME] [--json]`: the figures of the match index, built from the history
folder when there is none, with one JSON object as the last line."""

from __future__ import annotations

import json
from pathlib import Path

from game.matchindex import INDEX_FILE
from game.samplehistory import write_history
from scenes.main import main


def run(capsys, *args: str) -> tuple[int, list[str], str]:
    status = main(["stats", *args])
    out = capsys.readouterr()
    return status, out.out.splitlines(), out.err


def test_stats_builds_the_index_from_the_history_and_ends_with_json(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    records = write_history(tmp_path / "data" / "history", 60, seed=8)
    status, lines, err = run(capsys, "--json")
    assert status == 0
    assert "built from the 60 records" in err and "there was none" in err
    data = json.loads(lines[-1])
    people = [r for r in records if r.humans]
    assert data["matches"] == len(people)
    assert set(data["games"]) == {r.game for r in people}
    for game, figures in data["games"].items():
        mine = [r for r in people if r.game == game]
        assert figures["matches"] == len(mine)
        assert figures["wins"] == sum(1 for r in mine if set(r.humans) & set(r.result["winners"]))
        assert {"win_share", "best_score", "average_score", "current_streak", "best_streak", "seconds", "by_level",
                "by_players", "rating", "rated_matches"} <= set(figures)
    assert any(line.startswith("all games") for line in lines)
    status, again, err = run(capsys, "--json")
    assert json.loads(again[-1]) == data and "built" not in err  # said once


def test_stats_of_one_game_and_a_damaged_index(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    write_history(tmp_path / "data" / "history", 40, seed=9)
    _, lines, _ = run(capsys, "--json", "--game", "silver_amulet")
    one = json.loads(lines[-1])
    assert list(one["games"]) == ["silver_amulet"] and one["matches"] == one["games"]["silver_amulet"]["matches"]
    assert any("by player count" in line for line in lines)
    (tmp_path / "data" / INDEX_FILE).write_bytes(b"\0garbage" * 64)
    status, lines, err = run(capsys, "--json", "--game", "silver_amulet")
    assert status == 0 and "it was damaged" in err and json.loads(lines[-1]) == one


def test_stats_refuses_an_unknown_game_in_one_line(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    status, _, err = run(capsys, "--game", "chess")
    assert status == 1 and err.strip().startswith("error: unknown game 'chess'")


def test_stats_with_no_match_yet(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    status, lines, _ = run(capsys, "--json")
    assert status == 0 and json.loads(lines[-1])["matches"] == 0 and json.loads(lines[-1])["games"] == {}
