"""Effects: the named, typed primitives a game's YAML combines, checked and resolved at load time.

A game makes one `EffectRegistry` naming its trigger stages and registers its primitives with
`@registry.effect(stage)`. The keyword-only parameters of a primitive are its YAML parameters;
the loader checks names, types and ranges against the signature and reports `file:line` with a
"did you mean". Every number needs a range (`Annotated[int, Range(low, high)]`): a movement
factor of a billion is a data error, not a hung game. Everything is resolved when the YAML is
loaded: a `Bound` is the primitive with its checked parameters, and play calls plain functions
with ready keyword dictionaries, no YAML and no reflection. What the positional arguments are
is the game's choice: the state and the acting card (Kill the Unicorns' schemes), a card's side
being compiled (Wolf & Hound's animals), the card a factory builds a power for (Silver's).

Kill the Unicorns' schemes, as its code and YAML have them:

    # game/games/kill_the_unicorns/effects.py
    STAGES = ("revealed",)
    SCHEMES = EffectRegistry(<the game's id>, STAGES)

    @SCHEMES.effect("revealed")
    def take_back(state, scheme, events, *, count: Annotated[int, Range(1, 8)]) -> None:
        state.take_back(state.winner, count, events)  # hunt cards back, highest first

    def run(effects: Sequence[Bound], state, scheme, events) -> None:
        for bound in effects:
            bound.fn(state, scheme, events, **bound.params)

    # game/games/kill_the_unicorns/rules.py: the scheme cards' schema uses the registry's spec
    "schemes": DictOf(Map({"stays": Bool(), "effects": fx.SCHEMES.list_spec("revealed")}), min_len=1)

    # game/data/kill_the_unicorns.yaml
    schemes:
      lucky: {stays: false, effects: [{take_back: {count: 1}}]}

The targets a player picks for a power (Silver's "look at any face-down card") are the game's own
(game/games/silver_amulet/effects.py): a parameter names one with a Literal of the game's target
names, which the registry checks like any choice.
"""

from __future__ import annotations

import builtins
import inspect
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import yaml

from game.engine.schema import (
    INVALID,
    Context,
    Spec,
    _construct,
    _describe,
    _where,
    did_you_mean,
)


@dataclass(frozen=True)
class Range:
    """The allowed values of a numeric parameter, both ends included."""

    low: int
    high: int


@dataclass(frozen=True)
class ParamType:
    """A parameter's YAML type, normalized from its annotation when the primitive is registered."""

    kind: str  # int, bool, str, choice, list
    low: int = 0
    high: int = 0
    choices: tuple[Any, ...] = ()
    item: ParamType | None = None

    def describe(self) -> str:
        if self.kind == "int":
            return f"a whole number from {self.low} to {self.high}"
        if self.kind == "choice":
            return "one of: " + ", ".join(map(str, self.choices))
        if self.kind == "list":
            assert self.item is not None
            return f"a list of {self.item.describe()}"
        return {"bool": "true or false", "str": "a text"}[self.kind]

    def problem(self, value: Any) -> str | None:
        """Why `value` does not fit (None when it fits)."""
        if self.kind == "choice":
            if value not in self.choices or isinstance(value, bool):
                names = ", ".join(map(str, self.choices))
                return f"is {value!r} (expected one of: {names}{did_you_mean(str(value), map(str, self.choices))})"
            return None
        if self.kind == "list":
            if not isinstance(value, list):
                return f"is {value!r} (expected a list)"
            assert self.item is not None
            return next((p for p in map(self.item.problem, value) if p), None)
        if self.kind == "bool":
            return None if isinstance(value, bool) else f"is {value!r} (expected true or false)"
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                return f"is {value!r} (expected a whole number)"
            if not self.low <= value <= self.high:
                return f"is {value}, out of range (expected {self.describe()})"
            return None
        if self.kind == "str":
            return None if isinstance(value, str) and value else f"is {value!r} (expected a text)"
        raise AssertionError(self.kind)


def param_type(hint: Any, where: str) -> ParamType:
    """The ParamType of an annotation; TypeError for what YAML cannot give or has no range."""
    if typing.get_origin(hint) is Annotated:
        base, *extras = typing.get_args(hint)
        ranges = [e for e in extras if isinstance(e, Range)]
        if base is not int or len(ranges) != 1 or ranges[0].low > ranges[0].high:
            raise TypeError(f"{where}: Annotated is for Annotated[int, Range(low, high)], not {hint!r}")
        return ParamType("int", ranges[0].low, ranges[0].high)
    if hint is int:
        raise TypeError(f"{where}: a number needs a range: Annotated[int, Range(low, high)]")
    if typing.get_origin(hint) is Literal:
        return ParamType("choice", choices=typing.get_args(hint))
    if typing.get_origin(hint) is list:
        return ParamType("list", item=param_type(typing.get_args(hint)[0], where))
    if hint is bool:
        return ParamType("bool")
    if hint is str:
        return ParamType("str")
    raise TypeError(f"{where}: unsupported parameter type {hint!r} (expected bool, str, Literal, list "
                    "or Annotated[int, Range])")


@dataclass(frozen=True)
class Effect:
    """A registered primitive: its function and the YAML parameters read from its signature."""

    name: str
    stages: tuple[str, ...]  # the stages it may act at; empty: any
    fn: Callable[..., Any]
    params: dict[str, ParamType]
    required: frozenset[str]
    doc: str


@dataclass(frozen=True, slots=True)
class Bound:
    """An effect with its validated YAML parameters, ready to call (built at load time)."""

    effect: Effect
    params: dict[str, Any]  # its parameters, checked
    stage: str = ""  # the stage it acts at here ("" for a primitive of several stages, bound to none)

    @property
    def name(self) -> str:
        return self.effect.name

    @property
    def fn(self) -> Callable[..., Any]:
        return self.effect.fn


class _AnyName(dict[str, Any]):
    """A function's names, where those only type checkers see (TYPE_CHECKING imports) are Any."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        super().__init__()
        self.names = {**vars(builtins), **getattr(fn, "__globals__", {})}

    def __missing__(self, key: str) -> Any:
        return self.names.get(key, Any)


class EffectRegistry:
    """One game's primitives and trigger stages."""

    def __init__(self, game: str, stages: Iterable[str]) -> None:
        self.game = game
        self.stages: tuple[str, ...] = tuple(stages)
        self.effects: dict[str, Effect] = {}

    def __contains__(self, name: object) -> bool:
        return name in self.effects

    def effect(self, stage: str | Iterable[str] | None = None, *, name: str | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Register a function as a primitive acting at `stage` (None: any stage)."""
        stages = () if stage is None else (stage,) if isinstance(stage, str) else tuple(stage)
        for s in stages:
            if s not in self.stages:
                raise ValueError(f"{self.game}: unknown stage '{s}' (stages: {', '.join(self.stages)}{did_you_mean(s, self.stages)})")

        def register(fn: Callable[..., Any]) -> Callable[..., Any]:
            key = name or fn.__name__
            if key in self.effects:
                raise ValueError(f"{self.game}: effect '{key}' is registered twice")
            hints = typing.get_type_hints(fn, localns=_AnyName(fn), include_extras=True)
            params: dict[str, ParamType] = {}
            required = set()
            for pname, p in inspect.signature(fn).parameters.items():
                if p.kind is inspect.Parameter.KEYWORD_ONLY:
                    params[pname] = param_type(hints.get(pname), f"{self.game} effect '{key}', parameter '{pname}'")
                    if p.default is inspect.Parameter.empty:
                        required.add(pname)
            doc = (fn.__doc__ or "").strip().splitlines()[0] if fn.__doc__ else ""
            self.effects[key] = Effect(key, stages, fn, params, frozenset(required), doc)
            return fn

        return register

    # ------------------------------------------------------------------------ YAML specs
    def list_spec(self, stage: str | None = None) -> Spec:
        """A YAML list of `- name: {param: value}`; with `stage`, every effect must act there."""
        return EffectList(self, stage)

    def bind(self, item: yaml.Node, ctx: Context, path: tuple[Any, ...], stage: str | None) -> Bound | None:
        """One `name: {params}` node checked against the signature; problems go to `ctx`."""
        if isinstance(item, yaml.ScalarNode) and item.tag == "tag:yaml.org,2002:str":
            key_node, params_node = item, None  # a bare name: no parameters
        elif isinstance(item, yaml.MappingNode) and len(item.value) == 1:
            key_node, params_node = item.value[0]
        else:
            ctx.error(item, f"{_where(path)} is {_describe(item)} (expected one primitive name with its parameters)")
            return None
        name = key_node.value
        effect = self.effects.get(name) if isinstance(name, str) else None
        if effect is None:
            hint = did_you_mean(str(name), self.effects)
            ctx.error(key_node, f"unknown effect primitive '{name}' (expected one of: {', '.join(self.effects)}{hint})")
            return None
        if stage is not None and effect.stages and stage not in effect.stages:
            ctx.error(key_node, f"effect '{name}' cannot act at '{stage}' (it acts at: {', '.join(effect.stages)})")
            return None
        if params_node is None or (isinstance(params_node, yaml.ScalarNode) and params_node.value in ("", "~", "null")):
            pairs = []
        elif isinstance(params_node, yaml.MappingNode):
            pairs = params_node.value
        else:
            ctx.error(params_node, f"parameters of '{name}' are {_describe(params_node)} (expected a mapping, e.g. {{}})")
            return None
        params: dict[str, Any] = {}
        for pkey, pvalue in pairs:
            pname = pkey.value
            ptype = effect.params.get(pname)
            if ptype is None:
                hint = did_you_mean(str(pname), effect.params)
                allowed = ", ".join(effect.params) or "none"
                ctx.error(pkey, f"unknown parameter '{pname}' for effect '{name}' (expected: {allowed}{hint})")
                continue
            try:
                value = _construct(pvalue)
            except (ValueError, yaml.YAMLError) as exc:
                ctx.error(pvalue, f"parameter '{pname}' of effect '{name}' cannot be read: {exc} (expected {ptype.describe()})")
                continue
            problem = ptype.problem(value)
            if problem:
                ctx.error(pvalue, f"parameter '{pname}' of effect '{name}' {problem}")
                continue
            params[pname] = value
        given = {p.value for p, _ in pairs}
        for missing in sorted(effect.required - given):
            ctx.error(key_node, f"effect '{name}' has no '{missing}' (expected the parameter '{missing}')")
        here = stage if stage is not None else effect.stages[0] if len(effect.stages) == 1 else ""
        return Bound(effect, params, here)


class EffectList(Spec):
    """A list of `- primitive: {param: value}` checked against a registry."""

    expected = "a list of effects such as '- name: {parameter: value}'"

    def __init__(self, registry: EffectRegistry, stage: str | None = None) -> None:
        self.registry, self.stage = registry, stage

    def _check(self, node: yaml.Node, ctx: Context, path: tuple[Any, ...]) -> Any:
        if not isinstance(node, yaml.SequenceNode):
            ctx.error(node, f"{_where(path)} is {_describe(node)} (expected {self.expected})")
            return INVALID
        result: list[Bound] = []
        for i, item in enumerate(node.value):
            ctx.lines[path + (i,)] = item.start_mark.line + 1
            bound = self.registry.bind(item, ctx, path + (i,), self.stage)
            if bound is not None:
                result.append(bound)
        return result


__all__ = ["Bound", "Effect", "EffectList", "EffectRegistry", "ParamType", "Range"]
