"""Records replay matches exactly: every game, every player count bound, views and events."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import main
from game.engine.events import event_to_dict
from game.engine.record import FORMAT, RecordError, load, parse_text, replay
from tests.records_helpers import playable_games, random_match, views

GAMES = playable_games()


def test_at_least_one_game_is_covered() -> None:
    assert any(game_id == "jagdfieber" for game_id, _ in GAMES)


@pytest.mark.parametrize(("game_id", "rules"), GAMES, ids=[g for g, _ in GAMES])
def test_round_trip_gives_identical_state_and_events(game_id: str, rules) -> None:
    for players in sorted({rules.min_players, rules.max_players}):
        for seed in (1, 2):
            record, state, events = random_match(rules, players, seed)
            text = record.to_json()
            loaded = parse_text(text, "mem.json")
            played = replay(loaded, "mem.json")
            assert views(played.state) == views(state)
            assert [[event_to_dict(e) for e in batch] for batch in played.events] == events
            assert loaded.to_dict() == record.to_dict()


@pytest.mark.parametrize(("game_id", "rules"), GAMES, ids=[g for g, _ in GAMES])
def test_unfinished_record_replays_to_the_same_point(game_id: str, rules) -> None:
    record, state, _ = random_match(rules, rules.min_players, 5, max_actions=7)
    played = replay(parse_text(record.to_json(), "mem.json"))
    assert views(played.state) == views(state)
    assert played.state.is_over() is False or state.is_over()


def test_file_is_readable_json_with_one_action_per_line(tmp_path: Path) -> None:
    rules = dict(GAMES)["jagdfieber"]
    record, _, _ = random_match(rules, 3, 9)
    path = tmp_path / "m.json"
    path.write_text(record.to_json(), encoding="utf-8")
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["format"] == FORMAT and data["format_version"] == 1
    assert data["game"] == "jagdfieber" and data["version"] == rules.version and data["seed"] == 9
    action_lines = [line.strip().rstrip(",") for line in text.splitlines() if line.strip().startswith('{"seat"')]
    assert [json.loads(line) for line in action_lines] == [{"seat": s, "action": a} for s, a in record.actions]
    assert views(load(path).state)[0]["over"] is True


def test_simulate_save_dir_writes_one_replayable_record_per_game(tmp_path: Path, capsys) -> None:
    out = tmp_path / "records"
    assert main.main(["simulate", "jagdfieber", "--games", "3", "--players", "3", "--save-dir", str(out), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    files = sorted(out.glob("*.json"))
    assert len(files) == 3
    wins = [0, 0, 0]
    for path in files:
        played = load(path)
        assert played.state.is_over()
        for seat in played.state.winners():
            wins[seat] += 1
    assert wins == summary["wins"]


def test_replay_command_prints_json_scores(tmp_path: Path, capsys) -> None:
    rules = dict(GAMES)["jagdfieber"]
    record, state, _ = random_match(rules, 4, 3)
    path = tmp_path / "m.json"
    path.write_text(record.to_json(), encoding="utf-8")
    assert main.main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["over"] is True
    assert data["scores"] == state.scores()
    assert data["actions"] == len(record.actions)
    assert data["winners"] == state.winners()


def test_replay_latest_uses_the_newest_autosave(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    assert main.main(["replay", "--latest"]) == 1
    assert "no saved match" in capsys.readouterr().err
    from game.records import RecordStore

    rules = dict(GAMES)["jagdfieber"]
    record, state, _ = random_match(rules, 3, 4, max_actions=5)
    RecordStore().save(record, state)
    assert main.main(["replay", "--latest", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["actions"] == 5 and data["over"] is False


def test_replay_log_prints_public_sentences(tmp_path: Path, capsys) -> None:
    rules = dict(GAMES)["jagdfieber"]
    record, _, _ = random_match(rules, 3, 6)
    path = tmp_path / "m.json"
    path.write_text(record.to_json(), encoding="utf-8")
    assert main.main(["replay", str(path), "--log", "en"]) == 0
    out = capsys.readouterr().out
    assert "== Jagdfieber: the match begins" in out and "== Day 2" in out and "== Day 4" in out and "Game over" in out


def test_a_record_from_another_data_version_is_refused() -> None:
    rules = dict(GAMES)["jagdfieber"]
    record, _, _ = random_match(rules, 3, 2, max_actions=3)
    record.version += 1
    with pytest.raises(RecordError, match=f"data version {record.version}"):
        replay(record, "old.json")


def test_replay_log_shows_undos_where_they_happened(tmp_path: Path, capsys) -> None:
    from game.engine.record import Record, SeatInfo
    from game.records import Timeline

    rules = dict(GAMES)["jagdfieber"]
    record = Record.new(rules, 3, 2, {"start_seat": 0}, [SeatInfo("Ann"), SeatInfo("Bob"), SeatInfo("Cyd")])
    tl = Timeline(record, rules, record.start_state(rules))
    tl.play(0, "play wolf")
    tl.play(1, "play rabbit")
    tl.undo()
    tl.play(1, "play carrot")
    path = tmp_path / "undo.json"
    path.write_text(tl.record.to_json(), encoding="utf-8")
    assert main.main(["replay", str(path), "--log", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-3:] == [
        "   Ann chooses a card.",
        "   Undo: Bob takes back a move (1 action(s) cancelled).",
        "   Bob chooses a card.",
    ]
