"""Broken records (truncated, random bytes, edited, swapped actions, other versions) never crash:
a clear message names the file and the first problem, and the file is left untouched."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import main
from game.engine import registry
from game.engine.record import RecordError, load, parse_text, replay
from tests.records_helpers import random_match

RULES = registry.load("jagdfieber")
RECORD, STATE, _ = random_match(RULES, 3, 11)
TEXT = RECORD.to_json()
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def load_text(text: str) -> str | None:
    """None when the text is a valid record, else the error message (never another exception)."""
    try:
        replay(parse_text(text, "fuzz.json"), "fuzz.json")
    except RecordError as exc:
        assert str(exc).startswith("fuzz.json: ")
        return str(exc)
    return None


@FUZZ
@given(st.integers(min_value=0, max_value=len(TEXT) - 3))
def test_truncated_records_are_refused_with_the_file_name(cut: int) -> None:
    message = load_text(TEXT[:cut])
    assert message is not None


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes_are_refused(tmp_path_factory, data: bytes) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "rnd.json"
    path.write_bytes(data)
    with pytest.raises(RecordError) as info:
        load(path)
    assert str(path) in str(info.value)
    assert path.read_bytes() == data


@FUZZ
@given(st.integers(min_value=0, max_value=len(RECORD.actions) - 1), st.integers(min_value=0, max_value=len(RECORD.actions) - 1))
def test_swapped_actions_fail_at_the_first_illegal_one_or_replay(i: int, j: int) -> None:
    data = json.loads(TEXT)
    actions = data["actions"]
    actions[i], actions[j] = actions[j], actions[i]
    data["result"] = None
    record = parse_text(json.dumps(data), "swap.json")
    try:
        played = replay(record, "swap.json")
    except RecordError as exc:
        first = exc.action_index
        assert first is not None and first >= min(i, j)
        assert f"action {first + 1} (seat " in str(exc) and "is not legal" in str(exc)
        return
    assert len(played.events) == len(actions)  # every swapped action was legal where it now stands


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


@FUZZ
@given(st.sampled_from(sorted(json.loads(TEXT))), JSON_VALUES)
def test_hand_edited_fields_never_crash(key: str, value: object) -> None:
    data = json.loads(TEXT)
    data[key] = value
    load_text(json.dumps(data))


@FUZZ
@given(st.integers(min_value=0, max_value=len(RECORD.actions) - 1), JSON_VALUES)
@example(4, json.loads(TEXT)["actions"][4])  # unchanged: still a valid record
@example(4, json.loads(TEXT)["actions"][5])  # still legal here: refused at action 6
def test_hand_edited_actions_never_crash(index: int, value: object) -> None:
    data = json.loads(TEXT)
    original = data["actions"][index]
    data["actions"][index] = value
    message = load_text(json.dumps(data))
    if value == original:  # the one edit that changes nothing
        assert message is None
    else:  # refused at the edited action, a later one it makes illegal, or the result
        assert message is not None
        named = re.search(r"\baction (\d+)", message)
        assert (named is not None and int(named.group(1)) >= index + 1) or "result" in message, message


def test_wrong_version_and_unknown_game_are_named() -> None:
    data = json.loads(TEXT)
    data["version"] = 99
    assert "data version 99" in load_text(json.dumps(data))
    data = json.loads(TEXT)
    data["game"] = "jagdfeber"
    assert "unknown game 'jagdfeber'" in load_text(json.dumps(data))
    data = json.loads(TEXT)
    data["format_version"] = 2
    assert "format version 2" in load_text(json.dumps(data))


def test_an_illegal_action_is_named_with_its_number_and_reason() -> None:
    data = json.loads(TEXT)
    data["actions"][4]["action"] = "play unicorn"
    message = load_text(json.dumps(data))
    assert message is not None and "action 5 (seat" in message and "'play unicorn') is not legal" in message
    assert "no card 'unicorn'" in message


def test_command_line_reports_bad_records_without_traceback(tmp_path: Path, capsys) -> None:
    path = tmp_path / "broken.json"
    original = TEXT[: len(TEXT) // 2]
    path.write_text(original, encoding="utf-8")
    assert main.main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}: not valid JSON") and "Traceback" not in err
    assert path.read_text(encoding="utf-8") == original
    assert main.main(["replay", str(tmp_path / "missing.json"), "--json"]) == 1
    assert "missing.json: cannot be read" in capsys.readouterr().err
