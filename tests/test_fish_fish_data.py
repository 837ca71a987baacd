"""A broken fish_fish.yaml is reported as `file:line: what is wrong (expected ...)`."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from game.cli import cmd_validate
from game.engine import registry
from game.engine.schema import DataError
from game.resources import data_path


def shipped() -> str:
    return data_path("fish_fish.yaml").read_text(encoding="utf-8")


def broken(tmp_path, old: str, new: str, at: str | None = None) -> tuple[str, int]:
    """A copy of the shipped file with one edit; returns its path and the line of `at`
    in the copy (default: the edited line)."""
    text = shipped()
    assert text.count(old) == 1, old
    edited = text.replace(old, new)
    anchor = at or new or old
    line = edited[: edited.index(anchor)].count("\n") + 1 if anchor in edited else 0
    path = tmp_path / "fish_fish.yaml"
    path.write_text(edited, encoding="utf-8")
    return str(path), line


def problems(path: str) -> list[str]:
    with pytest.raises(DataError) as error:
        registry.load_file(Path(path))
    return [str(p) for p in error.value.problems]


def test_the_shipped_file_is_valid():
    rules = registry.load_file(data_path("fish_fish.yaml"))
    assert rules.bait_values == (2, 3, 3, 4, 5)
    assert rules.fishing_count == {"catch": 2, "empty": 3}
    assert rules.rounds_for(3) == 6 and rules.rounds_for(4) == 4


@pytest.mark.parametrize(
    ("old", "new", "message", "at"),
    [
        ("values: [2, 3, 3, 4, 5]", "values: [2, 3, 3, 4, 6]", "bait value 6 has no loot slot", None),
        ("catch: {count: 2,", "catch: {count: 1,", "the fishing cards add up to 4 (expected lines_per_round = 5", None),
        ("values: [2, 3, 3, 4, 5]", "values: [2, 3, 4, 5]", "4 bait values (expected lines_per_round = 5", None),
        ("effect: take_bets,", "effect: take_bet,", "did you mean 'take_bets'?", None),
        ("fishing_cards:\n", "fishing_card:\n", "did you mean 'fishing_cards'?", None),
        ("  loot_5:  {per_seat: true, visible_to: all, face: up}\n", "", "zones has no 'loot_5'", "  fishing: {"),
        ("  - {players: [4, 5, 6, 7, 8], times: 1}", "  - {players: [4, 5, 6, 7], times: 1}", "no game length for 8 players",
         "  - {players: [2, 3]"),
        ("  - {players: [2, 3], times: 2}", "  - {players: [2, 3, 4], times: 2}", "4 players appears twice",
         "  - {players: [4, 5"),
        ("  card: fish\n", "  card: catch\n", "card id 'catch' is used twice", None),
        ("  card: bait\n", "  card: Big Bait\n", "cannot be typed in a move", None),
        ("per_player: 4", "per_player: four", "fish.per_player is 'four' (expected a whole number", None),
        ("first_direction: clockwise", "first_direction: sunwise", "expected one of: clockwise, counterclockwise", None),
        # presentation (read by scenes, checked like the rules)
        ('{shape: eel, color: "#009e73",', '{shape: eel, color: "green",', "'green' is not a colour (expected #rrggbb)", None),
        ("bait: {picture: worm, band: bottom,", "bait: {picture: worm, band: middle,", "expected one of: top, bottom", None),
        ("    - {shape: classic, color: \"#e69f00\", pattern: plain}", "    - {shape: classic, colour: \"#e69f00\", pattern: plain}",
         "did you mean 'color'?", None),
    ],
)
def test_malformed_variants_name_the_file_and_line(tmp_path, old, new, message, at):
    path, line = broken(tmp_path, old, new, at)
    found = problems(path)
    hit = next((p for p in found if message in p), None)
    assert hit is not None, found
    assert hit.startswith(f"{path}:{line}: "), hit


def test_a_missing_slot_label_is_reported(tmp_path):
    text = shipped().replace('    score.slot_5: "Slot 5"\n', "").replace('    score.slot_5: "Emplacement 5"\n', "")
    path = tmp_path / "fish_fish.yaml"
    path.write_text(text, encoding="utf-8")
    assert any("text has no 'score.slot_5'" in p for p in problems(str(path)))


def test_validate_command_reports_problems_without_a_traceback(tmp_path, capsys):
    path, line = broken(tmp_path, "lines_per_round: 5", "lines_per_round: 0")
    status = cmd_validate(argparse.Namespace(paths=[Path(path)]))
    out = capsys.readouterr().out
    assert status == 1
    assert f"{path}:{line}: lines_per_round is 0, out of range" in out
