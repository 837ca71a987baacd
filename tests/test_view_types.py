"""Every game's views have the shape its state declares (`view_type`, game/engine/views.py).

The scenes, the coach and the layouts read views through these TypedDicts, so a view that
stopped matching its declared type would be a crash at the table that the type checker cannot
see. Here every registered game (the tests' own too), at every player count, with random
options, is played at random and its views, public and per seat, checked at every few steps
and at the end: every key is declared, every required key is present, and every value has the
declared shape, nested TypedDicts, lists, dicts, unions and literals included.
"""

# No `from __future__ import annotations`: the TypedDicts below need real annotations (see
# game/engine/views.py).
import types
import typing
from typing import (
    Any,
    Literal,
    NotRequired,
    TypedDict,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

import pytest

from game.engine import registry
from game.engine.rng import Rng
from game.engine.views import View
from tests.test_conformance import CASES, new_game

MAX_STEPS = 400
CHECK_EVERY = 7


def shape_errors(value: Any, expected: Any, where: str) -> list[str]:
    """How `value` differs from the type `expected` (empty: it matches), each error with its path."""
    if expected is Any or expected is object:
        return []
    if is_typeddict(expected):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, expected a {expected.__name__} dict"]
        stringly = [key for key, kind in expected.__annotations__.items() if isinstance(kind, (str, typing.ForwardRef))]
        if stringly:  # `from __future__ import annotations`: Python then takes NotRequired keys for required
            return [f"{where}: {expected.__name__} is declared with string annotations ({stringly[0]}...)"]
        hints = get_type_hints(expected)
        errors = [f"{where}: key {key!r} is not declared in {expected.__name__}" for key in value if key not in hints]
        errors += [f"{where}: required key {key!r} of {expected.__name__} is missing"
                   for key in sorted(expected.__required_keys__) if key not in value]
        for key, item in value.items():
            if key in hints:
                errors += shape_errors(item, hints[key], f"{where}[{key!r}]")
        return errors
    origin, args = get_origin(expected), get_args(expected)
    if origin in (Union, types.UnionType):
        found = [shape_errors(value, arm, where) for arm in args]
        return [] if any(not e for e in found) else min(found, key=len)
    if origin is Literal:
        return [] if value in args else [f"{where}: {value!r} is not one of {args}"]
    if expected is None or expected is type(None):
        return [] if value is None else [f"{where}: {value!r}, expected None"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, expected a list"]
        return [e for i, item in enumerate(value) for e in shape_errors(item, args[0], f"{where}[{i}]")] if args else []
    if origin is tuple:
        if not isinstance(value, (list, tuple)):  # JSON has no tuples
            return [f"{where}: {type(value).__name__}, expected a tuple"]
        if len(args) == 2 and args[1] is Ellipsis:
            return [e for i, item in enumerate(value) for e in shape_errors(item, args[0], f"{where}[{i}]")]
        if len(args) != len(value):
            return [f"{where}: {len(value)} items, expected {len(args)}"]
        return [e for i, (item, arm) in enumerate(zip(value, args, strict=True)) for e in shape_errors(item, arm, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, expected a dict"]
        errors = []
        for key, item in value.items():
            errors += shape_errors(key, args[0], f"{where} key {key!r}") + shape_errors(item, args[1], f"{where}[{key!r}]")
        return errors
    if expected is bool:
        return [] if isinstance(value, bool) else [f"{where}: {value!r}, expected a bool"]
    if expected is int:
        return [] if isinstance(value, int) and not isinstance(value, bool) else [f"{where}: {value!r}, expected an int"]
    if expected is float:
        return [] if isinstance(value, (int, float)) and not isinstance(value, bool) else [f"{where}: {value!r}, expected a number"]
    if isinstance(expected, type):
        return [] if isinstance(value, expected) else [f"{where}: {type(value).__name__}, expected {expected.__name__}"]
    raise TypeError(f"{where}: the checker does not know the type {expected!r}")


def view_errors(state: Any) -> list[str]:
    errors = []
    for seat in (None, *range(state.num_players)):
        errors += shape_errors(state.view(seat), type(state).view_type, f"view({seat})")
    return errors


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_views_match_their_declared_type(game_id: str, players: int, seed: int) -> None:
    _, state, options = new_game(game_id, players, seed)
    declared = type(state).view_type
    assert is_typeddict(declared) and declared is not View, f"{game_id}'s state declares no view type of its own"
    assert View.__required_keys__ <= declared.__required_keys__, f"{declared.__name__} does not extend View"
    rng = Rng(seed * 7 + players)
    errors = view_errors(state)
    steps = 0
    while not state.is_over() and steps < MAX_STEPS and not errors:
        seat = state.to_act()[0]
        state.apply(seat, state.sample_action(seat, rng))
        steps += 1
        if steps % CHECK_EVERY == 0 or state.is_over():
            errors = view_errors(state)
    assert not errors, f"{game_id} {players}p seed {seed} options {options}, step {steps}:\n" + "\n".join(errors[:12])


class Inner(TypedDict):
    n: int


class Shape(TypedDict):
    name: str
    count: int | None
    items: list[Inner]
    mode: Literal["a", "b"]
    extra: NotRequired[dict[str, list[int]]]


def test_the_checker_catches_a_stray_a_missing_and_a_wrong_key() -> None:
    """The test above cannot pass by accident: the checker sees each kind of difference."""
    good = {"name": "x", "count": None, "items": [{"n": 1}], "mode": "a"}
    assert shape_errors(good, Shape, "v") == []
    assert shape_errors({**good, "extra": {"k": [1, 2]}}, Shape, "v") == []
    assert shape_errors({**good, "nmae": "y"}, Shape, "v") == ["v: key 'nmae' is not declared in Shape"]
    assert shape_errors({k: v for k, v in good.items() if k != "count"}, Shape, "v") == ["v: required key 'count' of Shape is missing"]
    assert shape_errors({**good, "items": [{"n": True}]}, Shape, "v") == ["v['items'][0]['n']: True, expected an int"]
    assert shape_errors({**good, "mode": "c"}, Shape, "v") == ["v['mode']: 'c' is not one of ('a', 'b')"]
    assert shape_errors({**good, "extra": {"k": ["1"]}}, Shape, "v") == ["v['extra']['k'][0]: '1', expected an int"]


def test_every_game_declares_its_view_type_in_its_own_package() -> None:
    """A game's view type lives beside its view code, in the game's own package, and is the
    engine's `View` with what the game's `public_view` says it returns."""
    for game_id in registry.GAMES:
        rules = registry.load(game_id)
        state_class = type(rules.new_state(rules.min_players, seed=1))
        declared = state_class.view_type
        package = registry.declaration(game_id).package
        assert declared.__module__.startswith(package + "."), f"{game_id}: {declared.__name__} is declared in {declared.__module__}"
        public = get_type_hints(state_class.public_view)["return"]
        assert is_typeddict(public), f"{game_id}: public_view returns {public!r}, not the game's TypedDict"
        assert set(get_type_hints(declared)) == set(get_type_hints(View)) | set(get_type_hints(public))
