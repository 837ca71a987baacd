"""The engine's effect registry: signature-checked primitives, declared stages, target parameters,
YAML problems at file:line, and numeric parameters that must stay in their range."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Annotated, Literal

import pytest

from game.engine import registry
from game.engine.effects import EffectRegistry, Power, Range
from game.engine.errors import IllegalAction
from game.engine.schema import Context, DataError, DictOf, Map, read_yaml, validate_node
from game.engine.targets import AnyFaceDown, Choice, OwnSlot
from game.resources import data_path
from tests.engine_table_helpers import make_table, uid_of
from tests.test_engine_core import run_main

STAGES = ("face_up", "drawn_and_discarded", "exchange")
POWERS = EffectRegistry("test", STAGES)
POWERS.add_target("any_face_down", AnyFaceDown("village"))
POWERS.add_target("own_slot", OwnSlot("village"))
POWERS.add_target("opponent_slot", AnyFaceDown("village", others=True))


@POWERS.effect("drawn_and_discarded")
def look(state, seat, log, *, target: Choice) -> None:
    """The acting seat learns the chosen card (a stand-in for the engine's peek)."""
    uid = target.card(state)
    log.append(("look", state.peek(uid, seat).card))


@POWERS.effect(("drawn_and_discarded", "exchange"))
def swap(state, seat, log, *, mine: Choice, theirs: Choice) -> None:
    """Two village cards change places."""
    a, b = mine.card(state), theirs.card(state)
    aside = state.zone_index(None, "discard")
    state.move(a, aside)
    state.move(b, state.zone_index(mine.seat, "village"), mine.slot)
    state.move(a, state.zone_index(theirs.seat, "village"), theirs.slot)
    log.append(("swap", state.card_ids[a], state.card_ids[b]))


@POWERS.effect()
def draw(state, seat, log, *, count: Annotated[int, Range(1, 3)] = 1, where: Literal["top", "bottom"] = "top") -> None:
    """Any stage: draw `count` cards."""
    log.append(("draw", count, where))


SCHEMA = Map({"cards": DictOf(Map({"value": POWERS.list_spec(), "power": POWERS.power_spec()}, optional={"value": [], "power": None}))})


def load(tmp_path: Path, text: str):
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    ctx = Context(str(path))
    node = read_yaml(path, ctx)
    data = validate_node(node, SCHEMA, ctx) if node is not None else None
    return data, [str(p) for p in ctx.problems], path


SEER = "cards:\n  seer:\n    power: {when: drawn_and_discarded, effects: [look: {target: any_face_down}]}\n"


def test_a_seer_power_is_yaml_plus_a_target_type(tmp_path):
    data, problems, _ = load(tmp_path, SEER)
    assert problems == []
    power = data["cards"]["seer"]["power"]
    assert isinstance(power, Power) and power.when == "drawn_and_discarded"
    state = make_table([["a", "b^", "c"], ["d", "e", "f"]])
    options = [power.text(picks) for picks in power.choices(state, 0)]
    assert options == ["seat 0 slot 1", "seat 0 slot 3", "seat 1 slot 1", "seat 1 slot 2", "seat 1 slot 3"]
    picks = power.parse(state, 0, "seat 1 slot 2")
    log: list = []
    power.run(picks, state, 0, log)
    assert log == [("look", "e")] and state.sees(0, uid_of(state, "e")) and not state.sees(1, uid_of(state, "e"))
    with pytest.raises(IllegalAction) as err:
        power.parse(state, 0, "seat 0 slot 2")
    assert err.value.key == "error.target_face_up"
    assert power.choices(make_table([["a^"], ["b^"]]), 0) == []  # nothing face down: no use
    with pytest.raises(IllegalAction) as err:
        power.parse(state, 0, "seat 1")
    assert err.value.key == "error.target_form" and "seat N slot K" in str(err.value)


def test_an_effect_list_takes_bare_names_for_effects_without_parameters(tmp_path):
    data, problems, _ = load(tmp_path, "cards:\n  card:\n    value: [draw, draw: {count: 3, where: bottom}]\n")
    assert problems == []
    assert [(b.name, b.params, b.stage) for b in data["cards"]["card"]["value"]] == [("draw", {}, ""), ("draw", {"count": 3, "where": "bottom"}, "")]


def test_a_power_with_two_targets_and_fixed_parameters(tmp_path):
    text = (
        "cards:\n  robber:\n    power:\n      when: exchange\n"
        "      effects: [swap: {mine: own_slot, theirs: opponent_slot}, draw: {count: 2}]\n"
    )
    data, problems, _ = load(tmp_path, text)
    assert problems == []
    power = data["cards"]["robber"]["power"]
    state = make_table([["a", "b"], ["c", "d"]])
    combos = [power.text(p) for p in power.choices(state, 0)]
    assert len(combos) == 4 and combos[0] == "slot 1 seat 1 slot 1"
    log: list = []
    power.run(power.parse(state, 0, "slot 2 seat 1 slot 1"), state, 0, log)
    assert log == [("swap", "b", "c"), ("draw", 2, "top")]
    assert [state.card_ids[u] for u in state.zone(0, "village")] == ["a", "c"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("power: {when: drawn_and_discard, effects: []}", "is 'drawn_and_discard' (expected one of: face_up, drawn_and_discarded, exchange; did you mean 'drawn_and_discarded'?)"),
        ("power: {when: face_up, effects: [look: {target: any_face_down}]}", "effect 'look' cannot act at 'face_up' (it acts at: drawn_and_discarded)"),
        ("power: {when: exchange, effects: [lok: {target: any_face_down}]}", "unknown effect primitive 'lok' (expected one of: look, swap, draw; did you mean 'look'?)"),
        ("power: {when: exchange, effects: [draw: {cuont: 2}]}", "unknown parameter 'cuont' for effect 'draw' (expected: count, where; did you mean 'count'?)"),
        ("power: {when: exchange, effects: [draw: {count: two}]}", "parameter 'count' of effect 'draw' is 'two' (expected a whole number)"),
        ("power: {when: exchange, effects: [draw: {count: 1000000000}]}", "parameter 'count' of effect 'draw' is 1000000000, out of range (expected a whole number from 1 to 3)"),
        ("power: {when: exchange, effects: [draw: {count: 0}]}", "is 0, out of range (expected a whole number from 1 to 3)"),
        ("power: {when: exchange, effects: [draw: {where: middle}]}", "is 'middle' (expected one of: top, bottom"),
        # A number too long for int(): the effect reports it, or the YAML reader first (hardening).
        ("power: {when: exchange, effects: [draw: {count: " + "9" * 5000 + "}]}", "cannot be"),
        ("power: {when: drawn_and_discarded, effects: [look: {target: any_face_dwn}]}", "(expected a target type: any_face_down, own_slot, opponent_slot; did you mean 'any_face_down'?)"),
        ("power: {when: drawn_and_discarded, effects: [look: {}]}", "effect 'look' has no 'target'"),
        ("power: {effects: []}", "has no 'when'"),
        ("power: {when: exchange, effects: [], once: true}", "unknown key 'once'"),
        ("power: {when: exchange, when: face_up, effects: []}", "'when' appears twice"),
        ("power: [look]", "cards.card.power is a list (expected a mapping with keys when, effects)"),
        ("value: [draw, drw]", "unknown effect primitive 'drw' (expected one of: look, swap, draw; did you mean 'draw'?)"),
        ("value: [draw: 2]", "parameters of 'draw' are '2' (expected a mapping"),
        ("value: [[draw]]", "cards.card.value.0 is a list (expected one primitive name with its parameters)"),
    ],
)
def test_bad_effects_are_reported_at_their_line(tmp_path, line, message):
    _, problems, path = load(tmp_path, f"cards:\n  card:\n    {line}\n")
    assert any(p.startswith(f"{path}:3:") and message in p for p in problems), problems


def test_registering_a_primitive_checks_its_signature_and_stage():
    effects = EffectRegistry("test", ("on_hunt_won",))
    with pytest.raises(ValueError, match="did you mean 'on_hunt_won'"):
        effects.effect("on_hunt_wn")
    with pytest.raises(TypeError, match="needs a range"):

        @effects.effect("on_hunt_won")
        def points(state, *, add: int) -> None: ...

    with pytest.raises(TypeError, match="unsupported parameter type"):

        @effects.effect("on_hunt_won")
        def share(state, *, part: float) -> None: ...

    @effects.effect("on_hunt_won")
    def bonus(state, *, add: Annotated[int, Range(-3, 3)], tags: list[str]) -> None: ...

    assert effects.effects["bonus"].params["add"].describe() == "a whole number from -3 to 3"
    assert effects.effects["bonus"].required == {"add", "tags"}
    with pytest.raises(ValueError, match="registered twice"):
        effects.effect("on_hunt_won")(bonus)


def test_wolf_and_hound_primitives_live_in_the_engine_registry_with_ranges():
    from game.games.wolf_and_hound.primitives import EFFECTS

    assert len(EFFECTS.effects) == 17
    numbers = [(e.name, n, t) for e in EFFECTS.effects.values() for n, t in e.params.items() if t.kind == "int"]
    assert {(name, n) for name, n, _ in numbers} == {
        ("add_steps", "add"), ("times_steps", "factor"), ("lose_sheep", "amount"), ("gain_sheep", "amount"),
        ("forbid_value", "value"), ("flip_on_passing", "seat"), ("drift", "steps"),
    }
    assert all(t.high - t.low <= 30 for _, _, t in numbers)


def huge_factor_copy(tmp_path: Path) -> tuple[Path, int]:
    text = data_path("wolf_and_hound.yaml").read_text(encoding="utf-8")
    old = "times_steps: {factor: 3}"
    assert old in text
    path = tmp_path / "wolf_and_hound.yaml"
    shutil.copy(data_path("wolf_and_hound.yaml"), path)
    path.write_text(text.replace(old, "times_steps: {factor: 1000000000}"), encoding="utf-8")
    return path, text[: text.index(old)].count("\n") + 1


def test_a_movement_factor_of_a_billion_is_a_data_error_not_a_hung_game(tmp_path, monkeypatch):
    path, line = huge_factor_copy(tmp_path)
    expected = f"{path}:{line}: parameter 'factor' of effect 'times_steps' is 1000000000, out of range (expected a whole number from 0 to 10)"
    with pytest.raises(DataError) as err:
        registry.load_file(path)
    assert [str(p) for p in err.value.problems] == [expected]
    result = run_main("validate", str(path))
    assert result.returncode == 1 and expected in result.stdout
    assert "Traceback" not in result.stdout + result.stderr
    monkeypatch.setattr("game.engine.declaration.data_path", lambda name: path if name == "wolf_and_hound.yaml" else data_path(name))
    registry.clear_cache()
    try:
        entries = {e.game_id: e for e in registry.available()}
        assert entries["wolf_and_hound"].rules is None and expected in entries["wolf_and_hound"].error
        assert entries["jagdfieber"].rules is not None
    finally:
        monkeypatch.undo()
        registry.clear_cache()
