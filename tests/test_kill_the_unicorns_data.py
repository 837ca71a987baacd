"""Kill the Unicorns' data file: a mistake in a scheme's effects or a card list is reported with
its line, and every design number is read from the YAML."""

from __future__ import annotations

import pytest

from game.engine import registry
from game.engine.schema import DataError
from game.resources import data_path


def load_edited(tmp_path, old: str, new: str):
    text = data_path("kill_the_unicorns.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "kill_the_unicorns.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return registry.load_file(path)


def test_an_unknown_scheme_effect_is_reported_with_its_line(tmp_path):
    with pytest.raises(DataError) as err:
        load_edited(tmp_path, "athletic:    {stays: true,  effects: [{points: {amount: 2}}]}", "athletic:    {stays: true,  effects: [{pointz: {amount: 2}}]}")
    text = data_path("kill_the_unicorns.yaml").read_text(encoding="utf-8")
    line = text[: text.index("athletic:    {stays")].count("\n") + 1
    problem = err.value.problems[0]
    assert problem.line == line and "pointz" in problem.message and "points" in problem.message


def test_an_effect_parameter_out_of_range_is_refused(tmp_path):
    with pytest.raises(DataError) as err:
        load_edited(tmp_path, "{points: {amount: 3}}", "{points: {amount: 300}}")
    assert "300" in str(err.value)


def test_a_character_naming_an_unknown_scheme_is_refused(tmp_path):
    with pytest.raises(DataError) as err:
        load_edited(tmp_path, "royal_claim, royal_claim], power: peek", "royal_claim, royal_clam], power: peek")
    assert "royal_clam" in str(err.value) and "did you mean" in str(err.value)


def test_design_numbers_come_from_the_yaml(tmp_path):
    rules = load_edited(tmp_path, "fake_horn:    {price: 4,", "fake_horn:    {price: 1,")
    state = rules.new_state(3, seed=1, options={"powers": False})
    assert state.view(None)["prices"][0]["fake_horn"] == 1
    rules = load_edited(tmp_path, "collection: [0, 0, 2, 5, 8, 12]", "collection: [0, 0, 3, 6, 9, 13]")
    assert rules.new_state(3, seed=1).collection_bonus([2, 0, 0, 0])[0] == 3


def test_a_short_match_option_never_outlasts_the_rulebook(tmp_path):
    with pytest.raises(DataError) as err:
        load_edited(tmp_path, "rounds: {type: int, min: 1, max: 4, default: 4}", "rounds: {type: int, min: 1, max: 6, default: 4}")
    assert "option rounds" in str(err.value)
