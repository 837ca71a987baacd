"""The engine's effect registry: signature-checked primitives, declared stages, YAML problems at
file:line, and numeric parameters that must stay in their range; the three games with card
powers (Wolf & Hound, Silver, Kill the Unicorns) all declare theirs through it."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Annotated, Literal

import pytest

from game.engine import registry
from game.engine.effects import EffectRegistry, Range
from game.engine.schema import Context, DataError, DictOf, Map, read_yaml, validate_node
from game.resources import data_path
from tests.test_engine_core import run_main

STAGES = ("face_up", "drawn_and_discarded", "exchange")
EFFECTS = EffectRegistry("test", STAGES)


@EFFECTS.effect("drawn_and_discarded")
def look(log, *, target: Literal["any_face_down", "own_slot"]) -> None:
    """The acting seat looks at a card (its target: a name of the game's target types)."""
    log.append(("look", target))


@EFFECTS.effect("exchange")
def trade(log) -> None:
    """Acts only in an exchange."""
    log.append(("trade",))


@EFFECTS.effect()
def draw(log, *, count: Annotated[int, Range(1, 3)] = 1, where: Literal["top", "bottom"] = "top") -> None:
    """Any stage: draw `count` cards."""
    log.append(("draw", count, where))


SCHEMA = Map({"cards": DictOf(Map({"value": EFFECTS.list_spec(), "power": EFFECTS.list_spec("drawn_and_discarded")},
                                  optional={"value": [], "power": []}))})


def load(tmp_path: Path, text: str):
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    ctx = Context(str(path))
    node = read_yaml(path, ctx)
    data = validate_node(node, SCHEMA, ctx) if node is not None else None
    return data, [str(p) for p in ctx.problems], path


def test_a_power_is_yaml_resolved_at_load_time_into_ready_calls(tmp_path):
    data, problems, _ = load(tmp_path, "cards:\n  seer:\n    power: [look: {target: any_face_down}, draw: {count: 2}]\n")
    assert problems == []
    bound = data["cards"]["seer"]["power"]
    assert [(b.name, b.params, b.stage) for b in bound] == [
        ("look", {"target": "any_face_down"}, "drawn_and_discarded"), ("draw", {"count": 2}, "drawn_and_discarded")]
    log: list = []
    for b in bound:
        b.fn(log, **b.params)
    assert log == [("look", "any_face_down"), ("draw", 2, "top")]


def test_an_effect_list_takes_bare_names_for_effects_without_parameters(tmp_path):
    data, problems, _ = load(tmp_path, "cards:\n  card:\n    value: [draw, draw: {count: 3, where: bottom}]\n")
    assert problems == []
    assert [(b.name, b.params, b.stage) for b in data["cards"]["card"]["value"]] == [("draw", {}, ""), ("draw", {"count": 3, "where": "bottom"}, "")]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("power: [trade]", "effect 'trade' cannot act at 'drawn_and_discarded' (it acts at: exchange)"),
        ("power: [lok: {target: any_face_down}]", "unknown effect primitive 'lok' (expected one of: look, trade, draw; did you mean 'look'?)"),
        ("power: [draw: {cuont: 2}]", "unknown parameter 'cuont' for effect 'draw' (expected: count, where; did you mean 'count'?)"),
        ("power: [draw: {count: two}]", "parameter 'count' of effect 'draw' is 'two' (expected a whole number)"),
        ("power: [draw: {count: 1000000000}]", "parameter 'count' of effect 'draw' is 1000000000, out of range (expected a whole number from 1 to 3)"),
        ("power: [draw: {count: 0}]", "is 0, out of range (expected a whole number from 1 to 3)"),
        ("power: [draw: {where: middle}]", "is 'middle' (expected one of: top, bottom"),
        # A number too long for int(): the effect reports it, or the YAML reader first (hardening).
        ("power: [draw: {count: " + "9" * 5000 + "}]", "cannot be"),
        ("power: [look: {target: any_face_dwn}]", "is 'any_face_dwn' (expected one of: any_face_down, own_slot; did you mean 'any_face_down'?)"),
        ("power: [look: {}]", "effect 'look' has no 'target'"),
        ("power: {look: {target: own_slot}}", "cards.card.power is a mapping (expected a list of effects"),
        ("value: [draw, drw]", "unknown effect primitive 'drw' (expected one of: look, trade, draw; did you mean 'draw'?)"),
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

    with pytest.raises(TypeError, match="needs a range"):  # Silver's counts have theirs

        @effects.effect("on_hunt_won")
        def looks(state, *, per_turn: int = 1) -> None: ...

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


def test_silver_and_kill_the_unicorns_declare_their_powers_through_the_engine_registry():
    """One effect system: Silver's characters and Kill the Unicorns' schemes are engine effects
    (their targets are Silver's own, named by Literal parameters)."""
    from game.engine.effects import EffectRegistry as Registry
    from game.games.kill_the_unicorns.effects import SCHEMES
    from game.games.silver_amulet.effects import EFFECTS as SILVER

    assert isinstance(SILVER, Registry) and isinstance(SCHEMES, Registry)
    assert {"turn", "look", "rob", "swap_deck_top", "take_from_pile", "guard", "free_look"} <= set(SILVER.effects)
    assert SILVER.effects["look"].params["target"].choices == ("own_face_down", "any_face_down", "opponent_face_down")
    assert SILVER.effects["look"].params["up_to"].kind == "int"
    rules = registry.load("silver_amulet")
    assert rules.characters({})["seer"].power is not None


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
