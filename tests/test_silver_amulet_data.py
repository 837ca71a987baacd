"""A broken silver_amulet.yaml is reported as `file:line: what is wrong (expected ...)`, and
the shipped file is the published deck."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import registry
from game.engine.schema import DataError
from game.resources import data_path


def shipped() -> str:
    return data_path("silver_amulet.yaml").read_text(encoding="utf-8")


def problems_of(tmp_path, old: str, new: str, at: str = "") -> tuple[list[str], int]:
    """Problems of a copy with one edit, and the line of `at` (default: the edited text)."""
    text = shipped()
    assert text.count(old) == 1, old
    edited = text.replace(old, new)
    anchor = at or new
    assert edited.count(anchor) == 1, anchor
    line = edited[: edited.index(anchor)].count("\n") + 1
    path = tmp_path / "silver_amulet.yaml"
    path.write_text(edited, encoding="utf-8")
    with pytest.raises(DataError) as error:
        registry.load_file(Path(path))
    return [str(p) for p in error.value.problems], line


def test_the_shipped_deck_is_the_published_one():
    rules = registry.load_file(data_path("silver_amulet.yaml"))
    assert len(rules.deck_ids) == 52 and sum(rules.value[c] for c in rules.deck_ids) == 338
    assert {v: rules.copies[c] for c, v in rules.value.items()} == {0: 2, **{v: 4 for v in range(1, 13)}, 13: 2}
    assert rules.set_aside == {2: 10, 3: 5, 4: 0}
    chars = rules.characters({})
    assert chars["seer"].power is not None and chars["villager"].power is None
    assert rules.characters({"squire": "public"})["squire"].flags["see_deck_top_turn_start"] == "all"
    assert rules.characters({"rascal": "discard"})["rascal"].flags["extra_draw"] == "discard"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("effects: [look: {target: any_face_down}]", "effects: [look: {target: any_face_dwn}]", "did you mean 'any_face_down'?"),
        ("effects: [look: {target: own_face_down, up_to: 2}]", "effects: [look: {target: own_face_down, upto: 2}]",
         "unknown parameter 'upto' for effect 'look' (expected: target, up_to; did you mean 'up_to'?)"),
        ("effects: [look: {target: own_face_down, up_to: 2}]", "effects: [look: {target: own_face_down, up_to: 9}]",
         "parameter 'up_to' of effect 'look' is 9, out of range (expected a whole number from 1 to 5)"),
        ("effects: [turn: {target: own_face_down}]", "effects: [tunr: {target: own_face_down}]", "unknown effect primitive 'tunr'"),
        ("effects: [rob: {mine: own_slot, theirs: opponent_slot, look_after: true}]",
         "effects: [rob: {mine: own_slot, theirs: opponent_slot, look_after: yes please}]", "expected true or false"),
        ("    when: exchanging\n    effects: [match_any: {}]", "    when: drawn_and_discarded\n    effects: [match_any: {}]",
         "needs exactly one choice effect"),
        ("  set_aside: {2: 10, 3: 5, 4: 0}", "  set_aside: {2: 10, 3: 5}", "no set-aside count for 4 players"),
        ("    public: {squire: [see_deck_top: {at: turn_start, to: all}]}",
         "    public: {squier: [see_deck_top: {at: turn_start, to: all}]}", "unknown character 'squier'"),
        ("  easy_forget: 0.15", "  easy_forget: 1.5", "expected a chance from 0 to 1"),
        ("  kept_mean: [5.5, 4.2,", "  kept_mean: [9.5, 4.2,", "at most the deck's mean"),
    ],
)
def test_a_broken_file_names_the_line_and_what_was_expected(tmp_path, old, new, message):
    found, line = problems_of(tmp_path, old, new, "effects: [match_any" if "match_any" in new else "")
    assert any(message in p for p in found), found
    hit = next(p for p in found if message in p)
    assert f"silver_amulet.yaml:{line}:" in hit or message.startswith("no set-aside"), (hit, line)
