"""Effects: the named, typed primitives a game's YAML combines, checked and resolved at load time.

A game makes one `EffectRegistry` naming its trigger stages and registers its primitives with
`@registry.effect(stage)`. The keyword-only parameters of a primitive are its YAML parameters;
the loader checks names, types and ranges against the signature and reports `file:line` with a
"did you mean". Every number needs a range (`Annotated[int, Range(low, high)]`): a movement
factor of a billion is a data error, not a hung game. A parameter annotated `Choice` is a
target: the YAML names one of the game's target types (game/engine/targets.py), the player picks
a choice, and the function receives it. Everything is resolved when the YAML is loaded: play
calls plain functions with ready keyword dictionaries, no YAML and no reflection.

Example (a seer that looks at any face-down card, as Silver will declare it):

    # game/games/silver_amulet/powers.py
    from typing import Annotated
    from game.engine.effects import EffectRegistry, Range
    from game.engine.targets import AnyFaceDown, Choice

    POWERS = EffectRegistry("my_game", stages=("face_up", "drawn_and_discarded", "exchange"))
    POWERS.add_target("any_face_down", AnyFaceDown("village"))

    @POWERS.effect("drawn_and_discarded")
    def look(state, seat, events, *, target: Choice) -> None:
        # the acting seat looks at the chosen card
        events.append(state.peek(target.card(state), seat))

    @POWERS.effect()  # any stage
    def draw(state, seat, events, *, count: Annotated[int, Range(1, 3)] = 1) -> None: ...

    # its rules module: the card schema uses the registry's specs
    SCHEMA = {"cards": DictOf(Map({"value": Int(min=0, max=13), "power": POWERS.power_spec()}))}

    # game/data/silver_amulet.yaml
    cards:
      seer: {value: 9, power: {when: drawn_and_discarded, effects: [look: {target: any_face_down}]}}

    # in play: data["cards"]["seer"]["power"] is a Power
    for picks in power.choices(state, seat):          # one action per choice:
        ...  f"use seer {power.text(picks)}"          #   "use seer seat 2 slot 4"
    picks = power.parse(state, seat, "seat 2 slot 4") # or IllegalAction with the reason
    power.run(picks, state, seat, events)             # look(state, seat, events, target=<Choice>)

Wolf & Hound's animal cards use `list_spec()` (a list of effects, each acting at its own stage).
"""

from __future__ import annotations

import builtins
import inspect
import itertools
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, Literal

import yaml

from game.engine.schema import (
    INVALID,
    Context,
    Spec,
    _construct,
    _describe,
    _mapping_items,
    _where,
    did_you_mean,
)
from game.engine.targets import Choice, Target, illegal

if TYPE_CHECKING:
    from game.engine.state import State


@dataclass(frozen=True)
class Range:
    """The allowed values of a numeric parameter, both ends included."""

    low: int
    high: int


@dataclass(frozen=True)
class ParamType:
    """A parameter's YAML type, normalized from its annotation when the primitive is registered."""

    kind: str  # int, bool, str, choice, list, target
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
        return {"bool": "true or false", "str": "a text", "target": "a target type"}[self.kind]

    def problem(self, value: Any) -> str | None:
        """Why `value` does not fit (None when it fits); targets are checked by the registry."""
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
        if self.kind in ("str", "target"):
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
    if hint is Choice:
        return ParamType("target")
    raise TypeError(f"{where}: unsupported parameter type {hint!r} (expected bool, str, Literal, list, "
                    "Annotated[int, Range] or Choice)")


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
    params: dict[str, Any]  # fixed parameters
    targets: tuple[tuple[str, Target], ...] = ()  # target parameters, in signature order
    stage: str = ""  # the stage it acts at here

    @property
    def name(self) -> str:
        return self.effect.name

    @property
    def fn(self) -> Callable[..., Any]:
        return self.effect.fn


@dataclass(frozen=True)
class Power:
    """Effects that act together at one stage (`when`), with the targets the player picks."""

    when: str
    effects: tuple[Bound, ...]
    extra: dict[str, Any] = field(default_factory=dict)  # the game's own keys of the power
    targets: tuple[Target, ...] = field(init=False)  # every target parameter, in text order

    def __post_init__(self) -> None:
        object.__setattr__(self, "targets", tuple(t for b in self.effects for _, t in b.targets))

    def choices(self, state: State, seat: int) -> list[tuple[Choice, ...]]:
        """Every legal combination of targets for `seat`: `[()]` for a power without targets,
        `[]` when some target has no legal choice now (the power cannot be used)."""
        return list(itertools.product(*(t.choices(state, seat) for t in self.targets)))

    def text(self, picks: Sequence[Choice]) -> str:
        return " ".join(c.text for c in picks)

    def parse(self, state: State, seat: int, text: str) -> tuple[Choice, ...]:
        """The targets written `text` ("seat 2 slot 4 card 1"), or IllegalAction saying why."""
        words, picks, start = text.split(), [], 0
        targets = self.targets
        if len(words) != sum(t.words for t in targets):
            form = " ".join(t.form for t in targets) or "nothing"
            raise illegal(state, "error.target_form", {"text": text, "form": form})
        for t in targets:
            picks.append(t.parse(state, seat, " ".join(words[start : start + t.words])))
            start += t.words
        return tuple(picks)

    def run(self, picks: Sequence[Choice], *args: Any) -> list[Any]:
        """Call every effect in order with `args` and its parameters; returns their results."""
        results, i = [], 0
        for bound in self.effects:
            if bound.targets:
                params = dict(bound.params)
                for name, _ in bound.targets:
                    params[name] = picks[i]
                    i += 1
                results.append(bound.effect.fn(*args, **params))
            else:
                results.append(bound.effect.fn(*args, **bound.params))
        return results


class _AnyName(dict[str, Any]):
    """A function's names, where those only type checkers see (TYPE_CHECKING imports) are Any."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        super().__init__()
        self.names = {**vars(builtins), **getattr(fn, "__globals__", {})}

    def __missing__(self, key: str) -> Any:
        return self.names.get(key, Any)


class EffectRegistry:
    """One game's primitives, trigger stages and target types."""

    def __init__(self, game: str, stages: Iterable[str], targets: Mapping[str, Target] | None = None) -> None:
        self.game = game
        self.stages: tuple[str, ...] = tuple(stages)
        self.effects: dict[str, Effect] = {}
        self.targets: dict[str, Target] = {}
        for name, target in (targets or {}).items():
            self.add_target(name, target)

    def __contains__(self, name: object) -> bool:
        return name in self.effects

    def add_target(self, name: str, target: Target) -> None:
        """Make `target` the meaning of `name` in this game's YAML (`look: {target: name}`)."""
        if name in self.targets:
            raise ValueError(f"{self.game}: target type '{name}' is registered twice")
        self.targets[name] = target

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

    def power_spec(self, extra: dict[str, Spec] | None = None, optional: dict[str, Any] | None = None) -> Spec:
        """A YAML power `{when: <stage>, effects: [...]}` (plus the game's `extra` keys)."""
        return PowerSpec(self, extra or {}, optional or {})

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
        targets: dict[str, Target] = {}
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
            if problem is None and ptype.kind == "target" and value not in self.targets:
                problem = f"is {value!r} (expected a target type: {', '.join(self.targets) or 'none'}{did_you_mean(value, self.targets)})"
            if problem:
                ctx.error(pvalue, f"parameter '{pname}' of effect '{name}' {problem}")
                continue
            if ptype.kind == "target":
                targets[pname] = self.targets[value]
            else:
                params[pname] = value
        given = {p.value for p, _ in pairs}
        for missing in sorted(effect.required - given):
            ctx.error(key_node, f"effect '{name}' has no '{missing}' (expected the parameter '{missing}')")
        ordered = tuple((p, targets[p]) for p in effect.params if p in targets)
        here = stage if stage is not None else effect.stages[0] if len(effect.stages) == 1 else ""
        return Bound(effect, params, ordered, here)


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


class PowerSpec(Spec):
    """`{when: <stage>, effects: [...]}`: the stage checked against the game's stages first."""

    def __init__(self, registry: EffectRegistry, extra: dict[str, Spec], optional: dict[str, Any]) -> None:
        self.registry, self.extra, self.optional = registry, extra, optional
        self.expected = "a mapping with keys " + ", ".join(["when", "effects", *extra])

    def _check(self, node: yaml.Node, ctx: Context, path: tuple[Any, ...]) -> Any:
        items = _mapping_items(node, ctx, path, self.expected)
        if items is None:
            return INVALID
        keys = {key: (key_node, value_node) for key, key_node, value_node in items}
        known = ("when", "effects", *self.extra)
        for key, (key_node, _) in keys.items():
            if key not in known:
                hint = did_you_mean(key, known)
                ctx.error(key_node, f"unknown key '{key}' in {_where(path)} (expected one of: {', '.join(known)}{hint})")
        for key in ("when", "effects", *(k for k in self.extra if k not in self.optional)):
            if key not in keys:
                ctx.error(node, f"{_where(path)} has no '{key}' (expected a '{key}' key)")
        if "when" not in keys or "effects" not in keys:
            return INVALID
        stages = self.registry.stages
        when_node = keys["when"][1]
        when = when_node.value if isinstance(when_node, yaml.ScalarNode) else None
        ctx.lines[path + ("when",)] = when_node.start_mark.line + 1
        if when not in stages:
            shown = when if when is not None else _describe(when_node)
            ctx.error(when_node, f"{_where(path + ('when',))} is '{shown}' (expected one of: {', '.join(stages)}{did_you_mean(str(shown), stages)})")
            return INVALID
        effects = EffectList(self.registry, when).check(keys["effects"][1], ctx, path + ("effects",))
        extra = {k: self.optional[k] for k in self.optional}
        for key, spec in self.extra.items():
            if key in keys:
                extra[key] = spec.check(keys[key][1], ctx, path + (key,))
        if effects is INVALID:
            return INVALID
        return Power(when, tuple(effects), extra)


__all__ = ["Bound", "Effect", "EffectList", "EffectRegistry", "ParamType", "Power", "PowerSpec", "Range"]
