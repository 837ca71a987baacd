"""YAML data files: safe loading that keeps line numbers, and a small validating schema.

Every problem is reported as `file:line: what is wrong (expected ...)`, with "did you mean"
for near-miss names, and all problems of a file are collected in one pass.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from game import userfiles
from game.engine.errors import TableeError


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


class DataError(TableeError):
    """A data file that cannot be used; `problems` lists every error found, in file order."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(problems, key=lambda p: (p.file, p.line))
        super().__init__("\n".join(str(p) for p in self.problems))


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


@dataclass
class Context:
    """Collects problems and remembers which line each value came from."""

    file: str
    problems: list[Problem] = field(default_factory=list)
    lines: dict[tuple[Any, ...], int] = field(default_factory=dict)
    refs: list[tuple[yaml.Node, str, str, tuple[Any, ...]]] = field(default_factory=list)

    def error(self, node: yaml.Node | None, message: str) -> None:
        line = node.start_mark.line + 1 if node is not None else 1
        self.problems.append(Problem(self.file, line, message))

    def error_at(self, path: tuple[Any, ...], message: str) -> None:
        """Report a problem on the line of an already-validated value (for cross checks)."""
        line = 1
        for cut in range(len(path), -1, -1):
            if path[:cut] in self.lines:
                line = self.lines[path[:cut]]
                break
        self.problems.append(Problem(self.file, line, message))


def _construct(node: yaml.Node) -> Any:
    """Build the plain Python value of a node with the safe constructor (no custom tags)."""
    constructor = yaml.constructor.SafeConstructor()
    return constructor.construct_object(node, deep=True)


class _Invalid:
    """Marker for a value that failed validation (already reported)."""


INVALID = _Invalid()


def _describe(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    return f"'{node.value}'"


class Spec:
    """A schema node: `check` turns a YAML node into a Python value or reports problems."""

    expected = "a value"

    def check(self, node: yaml.Node, ctx: Context, path: tuple[Any, ...]) -> Any:
        ctx.lines[path] = node.start_mark.line + 1
        return self._check(node, ctx, path)

    def _check(self, node: yaml.Node, ctx: Context, path: tuple[Any, ...]) -> Any:
        raise NotImplementedError

    def _scalar(self, node: yaml.Node, ctx: Context, path: tuple[Any, ...]) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            ctx.error(node, f"{_where(path)} is {_describe(node)} (expected {self.expected})")
            return INVALID
        return _construct(node)


def _where(path: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in path) if path else "the file"


class Any_(Spec):
    expected = "any value"

    def _check(self, node, ctx, path):
        return _construct(node)


MAX_DATA_INT = 10**9  # default bound of Int: no count, value or factor in a game comes near it


class Int(Spec):
    def __init__(self, min: int | None = -MAX_DATA_INT, max: int | None = MAX_DATA_INT):
        self.min, self.max = min, max
        bounds = []
        if min is not None:
            bounds.append(f">= {min}")
        if max is not None:
            bounds.append(f"<= {max}")
        self.expected = "a whole number" + (" " + " and ".join(bounds) if bounds else "")

    def _check(self, node, ctx, path):
        value = self._scalar(node, ctx, path)
        if value is INVALID:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            ctx.error(node, f"{_where(path)} is {_describe(node)} (expected {self.expected})")
            return INVALID
        if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
            ctx.error(node, f"{_where(path)} is {value}, out of range (expected {self.expected})")
            return INVALID
        return value


class Bool(Spec):
    expected = "true or false"

    def _check(self, node, ctx, path):
        value = self._scalar(node, ctx, path)
        if value is not INVALID and not isinstance(value, bool):
            ctx.error(node, f"{_where(path)} is {_describe(node)} (expected {self.expected})")
            return INVALID
        return value


class Str(Spec):
    expected = "a text"

    def _check(self, node, ctx, path):
        value = self._scalar(node, ctx, path)
        if value is INVALID:
            return value
        if not isinstance(value, str) or not value.strip():
            ctx.error(node, f"{_where(path)} is {_describe(node)} (expected a non-empty text)")
            return INVALID
        return value


class Enum(Spec):
    def __init__(self, *choices: str):
        self.choices = choices
        self.expected = "one of: " + ", ".join(choices)

    def _check(self, node, ctx, path):
        value = self._scalar(node, ctx, path)
        if value is INVALID:
            return value
        if value not in self.choices:
            hint = did_you_mean(value, self.choices)
            ctx.error(node, f"{_where(path)} is '{value}' (expected {self.expected}{hint})")
            return INVALID
        return value


class Ref(Spec):
    """A name that must be a key of another top-level section (checked after the whole file)."""

    def __init__(self, section: str, what: str = "name"):
        self.section, self.what = section, what
        self.expected = f"a {what} defined under '{section}'"

    def _check(self, node, ctx, path):
        value = Str().check(node, ctx, path)
        if value is not INVALID:
            ctx.refs.append((node, self.section, self.what, path))
        return value


class ListOf(Spec):
    def __init__(self, item: Spec, min_len: int = 0, max_len: int | None = None):
        self.item, self.min_len, self.max_len = item, min_len, max_len
        self.expected = f"a list of {item.expected}"

    def _check(self, node, ctx, path):
        if not isinstance(node, yaml.SequenceNode):
            ctx.error(node, f"{_where(path)} is {_describe(node)} (expected {self.expected})")
            return INVALID
        n = len(node.value)
        if n < self.min_len or (self.max_len is not None and n > self.max_len):
            limit = f"{self.min_len} to {self.max_len}" if self.max_len is not None else f"at least {self.min_len}"
            ctx.error(node, f"{_where(path)} has {n} items (expected {limit})")
        return [self.item.check(child, ctx, path + (i,)) for i, child in enumerate(node.value)]


def _mapping_items(node, ctx, path, expected):
    if not isinstance(node, yaml.MappingNode):
        ctx.error(node, f"{_where(path)} is {_describe(node)} (expected {expected})")
        return None
    seen: dict[str, yaml.Node] = {}
    items = []
    for key_node, value_node in node.value:
        key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
        if key is None:
            ctx.error(key_node, f"a key in {_where(path)} is not a plain name (expected a name)")
            continue
        if key in seen:
            ctx.error(key_node, f"'{key}' appears twice in {_where(path)} (expected each key once)")
            continue
        seen[key] = key_node
        items.append((key, key_node, value_node))
    return items


class Map(Spec):
    """A mapping with known keys; unknown keys are errors (with a "did you mean")."""

    def __init__(self, fields: dict[str, Spec], optional: dict[str, Any] | None = None):
        self.fields = fields
        self.optional = optional or {}  # key -> default value
        self.expected = "a mapping with keys " + ", ".join(fields)

    def _check(self, node, ctx, path):
        items = _mapping_items(node, ctx, path, self.expected)
        if items is None:
            return INVALID
        result: dict[str, Any] = {}
        for key, key_node, value_node in items:
            spec = self.fields.get(key)
            if spec is None:
                hint = did_you_mean(key, self.fields)
                allowed = ", ".join(self.fields)
                ctx.error(key_node, f"unknown key '{key}' in {_where(path)} (expected one of: {allowed}{hint})")
                continue
            result[key] = spec.check(value_node, ctx, path + (key,))
        for key in self.fields:
            if key not in result:
                if key in self.optional:
                    result[key] = self.optional[key]
                elif not any(k == key for k, _, _ in items):
                    ctx.error(node, f"{_where(path)} has no '{key}' (expected a '{key}' key)")
        return result



class DictOf(Spec):
    """A mapping from free names (card ids, option names...) to values of one shape."""

    def __init__(self, value: Spec, key: Spec | None = None, min_len: int = 0):
        self.value, self.key, self.min_len = value, key, min_len
        self.expected = f"a mapping of names to {value.expected}"

    def _check(self, node, ctx, path):
        items = _mapping_items(node, ctx, path, self.expected)
        if items is None:
            return INVALID
        if len(items) < self.min_len:
            ctx.error(node, f"{_where(path)} has {len(items)} entries (expected at least {self.min_len})")
        result: dict[str, Any] = {}
        for key, key_node, value_node in items:
            if self.key is not None:
                self.key.check(key_node, ctx, path + (key, "<key>"))
            result[key] = self.value.check(value_node, ctx, path + (key,))
        return result


class Where(Spec):
    """Another spec plus a check on the validated value: `test(value) -> message or None`."""

    def __init__(self, spec: Spec, test: Callable[[Any], str | None]):
        self.spec, self.test = spec, test
        self.expected = spec.expected

    def _check(self, node, ctx, path):
        value = self.spec.check(node, ctx, path)
        if value is not INVALID:
            message = self.test(value)
            if message:
                ctx.error(node, f"{_where(path)}: {message}")
                return INVALID
        return value


MAX_YAML_BYTES = 2_000_000  # the largest shipped file is ~40 kB
MAX_DEPTH = 64  # nesting of mappings and lists
MAX_NODES = 25_000  # nodes with aliases expanded (the largest shipped file has ~2,400); stops "billion laughs"
PLAIN_TAGS = frozenset(
    "tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null", "seq", "map", "merge")
)


def read_yaml(path: Path, ctx: Context) -> yaml.Node | None:
    """Parse a file into a node tree (safe loader: no tags that build objects).

    Nothing in the file is trusted: a folder, pipe or device, a file too large, nesting too
    deep, recursive or exploding aliases, and scalars that cannot be built (bad explicit tags,
    numbers too long for int()) are all reported as `file:line` problems, so a node returned
    here can be built by `_construct` without raising."""
    try:
        text = userfiles.read_text(path, MAX_YAML_BYTES)
    except FileNotFoundError:
        ctx.problems.append(Problem(ctx.file, 1, "file not found (expected a YAML data file)"))
        return None
    except OSError as exc:
        ctx.problems.append(Problem(ctx.file, 1, f"cannot read the file: it {exc.strerror or exc} (expected a YAML data file)"))
        return None
    except UnicodeDecodeError as exc:
        ctx.problems.append(Problem(ctx.file, 1, f"cannot read the file: {exc} (expected UTF-8 text)"))
        return None
    return compose_text(text, ctx)


class _TooLarge(Exception):
    def __init__(self, line: int):
        super().__init__(line)
        self.line = line


class _CountingLoader(yaml.SafeLoader):
    """The safe loader, counting nodes as it composes them (each alias as the size of the value
    it repeats) and stopping past MAX_NODES: a huge flat list or a chain of aliases costs the
    time of MAX_NODES nodes, not of the whole file."""

    def __init__(self, stream: str):
        super().__init__(stream)
        self.expanded = 0
        self.sizes: dict[int, int] = {}  # id(node) -> its node count with aliases expanded

    def _count(self, nodes: int) -> None:
        self.expanded += nodes
        if self.expanded > MAX_NODES:
            raise _TooLarge(self.peek_event().start_mark.line + 1)

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            target = self.anchors.get(self.peek_event().anchor)
            self._count(self.sizes.get(id(target), 1))  # still being composed: a cycle, refused later
            return super().compose_node(parent, index)
        before = self.expanded
        self._count(1)
        node = super().compose_node(parent, index)
        self.sizes[id(node)] = self.expanded - before
        return node


_LIBYAML_LOADER: Any = getattr(yaml, "CSafeLoader", None)  # PyYAML built with libyaml (its wheels are)
_NODE_EVENTS = (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent, yaml.AliasEvent)


def _compose(text: str) -> yaml.Node | None:
    """The node tree of `text`, with at most MAX_NODES nodes (aliases counted once here; their
    expansion is `_check_shape`'s). libyaml's parser when PyYAML has it, about twenty times
    faster than the pure-Python one (the app reads its texts at every start): its events are
    counted first, so a huge file stops at MAX_NODES before any node is built, then composed
    (libyaml caps nesting at 1000 levels). Without libyaml, the counting loader. Both readers
    refuse unprintable characters."""
    if _LIBYAML_LOADER is None:
        counting = _CountingLoader(text)
        try:
            return counting.get_single_node()
        finally:
            counting.dispose()
    events = _LIBYAML_LOADER(text)
    try:
        nodes = 0
        while events.check_event():
            event = events.get_event()
            if isinstance(event, _NODE_EVENTS):
                nodes += 1
                if nodes > MAX_NODES:
                    raise _TooLarge(event.start_mark.line + 1 if event.start_mark else 1)
    finally:
        events.dispose()
    loader = _LIBYAML_LOADER(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def compose_text(text: str, ctx: Context) -> yaml.Node | None:
    """`read_yaml` for text already read (the checks on the content, not on the file)."""
    try:
        node = _compose(text)
    except _TooLarge as exc:
        ctx.problems.append(Problem(ctx.file, exc.line, f"the document is too large once its aliases are expanded (expected at most {MAX_NODES} values)"))
        return None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        what = exc.problem or "syntax error"
        ctx.problems.append(Problem(ctx.file, line, f"YAML syntax error: {what} (expected valid YAML)"))
        return None
    except yaml.YAMLError as exc:
        ctx.problems.append(Problem(ctx.file, 1, f"YAML error: {exc} (expected valid YAML)"))
        return None
    except RecursionError:
        ctx.problems.append(Problem(ctx.file, 1, f"the document is nested too deeply (expected at most {MAX_DEPTH} levels)"))
        return None
    if node is None:
        ctx.problems.append(Problem(ctx.file, 1, "the file is empty (expected a YAML mapping)"))
        return None
    if not _check_shape(node, ctx) or not _check_build(node, ctx):
        return None
    return node


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return []


def _check_shape(root: yaml.Node, ctx: Context) -> bool:
    """No alias cycle, at most MAX_DEPTH levels, at most MAX_NODES nodes with aliases expanded
    (walked without recursion, so the check itself cannot overflow)."""
    on_path: set[int] = set()
    visited = 0
    stack: list[tuple[yaml.Node, int, bool]] = [(root, 1, True)]
    while stack:
        node, depth, entering = stack.pop()
        if not entering:
            on_path.discard(id(node))
            continue
        visited += 1
        line = node.start_mark.line + 1
        if visited > MAX_NODES:
            ctx.problems.append(Problem(ctx.file, line, f"the document is too large once its aliases are expanded (expected at most {MAX_NODES} values)"))
            return False
        if depth > MAX_DEPTH:
            ctx.problems.append(Problem(ctx.file, line, f"nested too deeply (expected at most {MAX_DEPTH} levels)"))
            return False
        if node.tag not in PLAIN_TAGS:
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            ctx.problems.append(Problem(ctx.file, line, f"a value tagged {tag[:60]} (expected plain texts, numbers, true/false, lists and mappings)"))
            return False
        kids = _children(node)
        if not kids:
            continue
        if id(node) in on_path:
            ctx.problems.append(Problem(ctx.file, line, "an alias refers to a value that contains it (expected no recursive aliases)"))
            return False
        on_path.add(id(node))
        stack.append((node, depth, False))
        stack.extend((kid, depth + 1, True) for kid in reversed(kids))
    return True


def _check_build(root: yaml.Node, ctx: Context) -> bool:
    """Every value can be built by the safe constructor; the first that cannot is reported on
    its line (bad explicit tags, `!!int` of a word, numbers too long for int(), bad dates)."""
    try:
        _construct(root)
        return True
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        ctx.problems.append(Problem(ctx.file, line, f"a value cannot be built: {exc.problem} (expected plain YAML values)"))
        return False
    except Exception:  # noqa: BLE001 - PyYAML's constructors raise many kinds; located below
        pass
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.ScalarNode):
            try:
                _construct(node)
            except Exception as exc:  # noqa: BLE001 - same boundary as above
                reason = str(exc).splitlines()[0][:80] if str(exc) else type(exc).__name__
                ctx.problems.append(Problem(ctx.file, node.start_mark.line + 1,
                                            f"'{node.value[:40]}' cannot be built as {node.tag}: {reason} (expected plain YAML values)"))
                return False
        stack.extend(_children(node))
    ctx.problems.append(Problem(ctx.file, 1, "the document cannot be built (expected plain YAML values)"))
    return False


def validate_node(node: yaml.Node, spec: Spec, ctx: Context) -> Any:
    """Validate a whole document, then check every cross reference."""
    data = spec.check(node, ctx, ())
    if isinstance(data, dict):
        for ref_node, section, what, path in ctx.refs:
            names = data.get(section)
            if not isinstance(names, dict):
                continue
            value = ref_node.value
            if value not in names:
                hint = did_you_mean(value, names)
                ctx.error(ref_node, f"{_where(path)}: unknown {what} '{value}' (expected one of: {', '.join(names)}{hint})")
    return data
