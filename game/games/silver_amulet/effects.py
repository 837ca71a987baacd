"""Silver's power vocabulary: typed effect factories named in the YAML, and their target types.

Each effect is a Python function registered with the stage at which it acts; its keyword-only
parameters are the YAML parameters, checked against the signature at load time (names, Literal
choices, types) with file:line. A factory returns a small compiled object the state calls in
the hot path. Target types enumerate the legal choices of a seat and own their action text.

This module has the shape of the engine's effects registry planned for version 2
(game/engine/effects.py, issue 12); when that lands, the registry and the target types move
there and only the power objects stay here.

Stages: `face_up` (continuous while the card lies face up in a village), `turn_start`, `use`
(when the drawn card is discarded with `use`, before its choice), `power` (the choice a used
card asks for), `exchanging` (while announced in a multiple exchange).
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any, Literal

from game.engine.schema import did_you_mean

if TYPE_CHECKING:
    from game.games.silver_amulet.state import SilverState

STAGES = ("face_up", "turn_start", "use", "power", "exchanging", "draw")
WHEN = ("face_up", "drawn_and_discarded", "exchanging")
# Which stages a character's `when` allows.
WHEN_STAGES = {
    "face_up": ("face_up", "turn_start", "draw"),
    "drawn_and_discarded": ("use", "power"),
    "exchanging": ("exchanging",),
}


# ------------------------------------------------------------------------------ target types
Choice = tuple[int, int]  # (seat, index in the village) or (-1, index in the pile from the top)


@dataclass(frozen=True)
class Target:
    """A kind of target: which cards a seat may pick now, and how a pick is written."""

    name: str
    with_seat: bool  # the text names the seat ("S N") or only a slot of the actor ("N")

    def choices(self, state: SilverState, seat: int) -> list[Choice]:
        if self.name == "pile_card":
            return [(-1, k) for k in range(len(state.zones[state.z_discard]))]
        own = self.name.startswith("own_")
        opponents = self.name.startswith("opponent_")
        face_down_only = self.name.endswith("_face_down")
        face_up, protected = state.faces(), state.amulet
        out: list[Choice] = []  # `_each`, listed in one go (a play-out's power asks it)
        for owner in range(state.num_players):
            if (own and owner != seat) or (opponents and owner == seat):
                continue
            guarded = state.guarded_set(owner) if owner != seat else ()
            village = state.zones[state.z_village[owner]]
            if not guarded and not face_down_only and protected not in village:
                out += [(owner, i) for i in range(len(village))]
                continue
            out += [
                (owner, i) for i, uid in enumerate(village)
                if not ((face_down_only and face_up[uid]) or uid == protected or uid in guarded)
            ]
        return out

    def any_choice(self, state: SilverState, seat: int) -> bool:
        """Whether there is a choice at all (stops at the first: `use` asks it at every draw)."""
        if self.name == "pile_card":
            return bool(state.zones[state.z_discard])
        own = self.name.startswith("own_")
        opponents = self.name.startswith("opponent_")
        face_down_only = self.name.endswith("_face_down")
        for owner in range(state.num_players):
            if (own and owner != seat) or (opponents and owner == seat):
                continue
            facts = state._village_facts[owner] or state._facts(owner)
            if owner != seat and "guard" in facts.powers:  # a face-up bodyguard: look card by card
                return next(self._each(state, seat), None) is not None
            # nothing guarded: the cards off the amulet (face down ones only) are the choices
            if facts.face_down if face_down_only else facts.shown:
                return True
        return False

    def _each(self, state: SilverState, seat: int) -> Iterator[Choice]:
        own = self.name.startswith("own_")
        opponents = self.name.startswith("opponent_")
        face_down_only = self.name.endswith("_face_down")
        face_up, protected = state.faces(), state.amulet
        for owner in range(state.num_players):
            if (own and owner != seat) or (opponents and owner == seat):
                continue
            guarded = state.guarded_set(owner) if owner != seat else ()
            for i, uid in enumerate(state.zones[state.z_village[owner]]):
                if (face_down_only and face_up[uid]) or uid == protected or uid in guarded:
                    continue
                yield owner, i

    def text(self, choice: Choice) -> str:
        owner, index = choice
        if self.with_seat:
            return _SEAT_SLOT[owner][index] if owner < 8 and index < 40 else f"{owner} {index + 1}"
        return _SLOT[index] if index < 60 else str(index + 1)


_SLOT = [str(i + 1) for i in range(60)]
_SEAT_SLOT = [[f"{s} {i + 1}" for i in range(40)] for s in range(8)]


TARGETS: dict[str, Target] = {
    "own_face_down": Target("own_face_down", False),
    "any_face_down": Target("any_face_down", True),
    "opponent_face_down": Target("opponent_face_down", True),
    "own_slot": Target("own_slot", False),
    "any_slot": Target("any_slot", True),
    "opponent_slot": Target("opponent_slot", True),
    "pile_card": Target("pile_card", False),
}
FaceDownTarget = Literal["own_face_down", "any_face_down", "opponent_face_down"]
SlotTarget = Literal["own_slot", "any_slot", "opponent_slot"]


# ---------------------------------------------------------------------------------- registry
@dataclass(frozen=True)
class Effect:
    name: str
    stage: str
    factory: Callable[..., Any]
    params: dict[str, Any]
    required: frozenset[str]


EFFECTS: dict[str, Effect] = {}


def effect(stage: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a factory under its name; its keyword-only parameters are the YAML keys."""

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        hints = typing.get_type_hints(fn)
        params: dict[str, Any] = {}
        required: set[str] = set()
        for name, p in inspect.signature(fn).parameters.items():
            if p.kind is inspect.Parameter.KEYWORD_ONLY:
                params[name] = hints[name]
                if p.default is inspect.Parameter.empty:
                    required.add(name)
        EFFECTS[fn.__name__] = Effect(fn.__name__, stage, fn, params, frozenset(required))
        return fn

    return register


def type_error(value: Any, hint: Any) -> str | None:
    """Why `value` does not fit the annotation `hint` (None when it fits)."""
    if typing.get_origin(hint) is Literal:
        choices = typing.get_args(hint)
        if value not in choices:
            return f"is {value!r} (expected one of: {', '.join(map(str, choices))}{did_you_mean(str(value), map(str, choices))})"
        return None
    if hint is bool:
        return None if isinstance(value, bool) else f"is {value!r} (expected true or false)"
    if hint is int:
        return None if isinstance(value, int) and not isinstance(value, bool) else f"is {value!r} (expected a whole number)"
    return f"has an unsupported type {hint!r}"


def check_params(name: str, params: Any) -> list[str]:
    """Every problem with one effect's YAML parameters (empty: they fit the signature)."""
    spec = EFFECTS.get(name)
    if spec is None:
        return [f"unknown effect '{name}' (expected one of: {', '.join(EFFECTS)}{did_you_mean(name, EFFECTS)})"]
    if not isinstance(params, dict):
        return [f"effect '{name}' takes a mapping of parameters, not {params!r}"]
    problems = []
    for key, value in params.items():
        if key not in spec.params:
            hint = did_you_mean(str(key), spec.params)
            problems.append(f"effect '{name}' has no parameter '{key}' (expected: {', '.join(spec.params) or 'none'}{hint})")
            continue
        problem = type_error(value, spec.params[key])
        if problem:
            problems.append(f"effect '{name}': {key} {problem}")
    for key in sorted(spec.required - set(params)):
        problems.append(f"effect '{name}' needs the parameter '{key}'")
    return problems


def build(name: str, params: dict[str, Any], card: str) -> Any:
    """The compiled effect (parameters already checked)."""
    return EFFECTS[name].factory(card, **params)


# ------------------------------------------------------------------------ continuous powers
@dataclass(frozen=True)
class Flag:
    """A continuous power the state reads as a fact about the card."""

    kind: str
    value: Any = True


@effect("face_up")
def end_round_when_all_face_up(card: str) -> Flag:
    """When every copy of this card lies face up in villages, the round ends after the turn."""
    return Flag("ends_round")


@effect("turn_start")
def see_deck_top(card: str, *, at: Literal["turn_start", "use"], to: Literal["owner", "all"] = "owner") -> Flag:
    """Look at the top card of the deck (at the start of the owner's turn, or when used)."""
    return Flag("see_deck_top_" + at, to)


@effect("face_up")
def free_look(card: str, *, target: Literal["own_face_down"], per_turn: int = 1) -> Flag:
    """A look at one of your own face-down cards, `per_turn` times per turn (action `<card> N`)."""
    return Flag("free_look", (card, per_turn))


@effect("face_up")
def guard(card: str, *, target: Literal["own_slot"]) -> Flag:
    """When it turns face up, its owner guards it and one other card of the village."""
    return Flag("guard")


@effect("draw")
def extra_draw(card: str, *, rest: Literal["back_on_top", "discard"]) -> Flag:
    """Drawing from the deck draws one more card; keep one, the other goes back or is discarded."""
    return Flag("extra_draw", rest)


@effect("exchanging")
def match_any(card: str) -> Flag:
    """In a multiple exchange this card counts as the value of the others announced."""
    return Flag("match_any")


# ---------------------------------------------------------------------------- chosen powers
class Power:
    """A used card's choice: the legal texts for a seat, and what a chosen text does."""

    targets: tuple[Target, ...] = ()
    shape = ""  # how its action text is written, one {} per target in order ("rob {} {}")

    def texts(self, state: SilverState, seat: int) -> list[str]:
        raise NotImplementedError

    def available(self, state: SilverState, seat: int) -> bool:
        """Whether the power has a legal target now (`use` is legal), without listing them."""
        targets = self.targets
        if len(targets) == 1:  # the common case, without a generator (asked at every draw)
            return targets[0].any_choice(state, seat)
        return all(t.any_choice(state, seat) for t in targets)

    def resolve(self, state: SilverState, seat: int, words: list[str], events: list[Any]) -> None:
        raise NotImplementedError


def _slot(target: Target, seat: int, words: list[str]) -> tuple[int, int]:
    """(owner, index) from the words of one target written by `Target.text`."""
    if target.with_seat:
        return int(words[0]), int(words[1]) - 1
    if target.name == "pile_card":
        return -1, int(words[0]) - 1
    return seat, int(words[0]) - 1


def _pair_texts(state: SilverState, seat: int, verb: str, first: Target, joint: str, second: Target) -> list[str]:
    """`verb FIRST joint SECOND` for every pair of choices, the first's in the outer order (a
    power naming two cards; built from shared halves: a play-out's robber lists dozens)."""
    seconds = [joint + second.text(c) for c in second.choices(state, seat)]
    out: list[str] = []
    for c in first.choices(state, seat):
        head = verb + first.text(c)
        out += [head + t for t in seconds]
    return out


class TurnUp(Power):
    shape = "turn {}"

    def __init__(self, target: Target):
        self.target = target
        self.targets = (target,)

    def texts(self, state: SilverState, seat: int) -> list[str]:
        return ["turn " + self.target.text(c) for c in self.target.choices(state, seat)]

    def resolve(self, state: SilverState, seat: int, words: list[str], events: list[Any]) -> None:
        owner, index = _slot(self.target, seat, words[1:])
        state.turn_face_up(owner, index, events, actor=seat)


@effect("power")
def turn(card: str, *, target: FaceDownTarget) -> Power:
    """Turn one face-down card face up (`turn N` or `turn S N`)."""
    return TurnUp(TARGETS[target])


class Look(Power):
    shape = "look {}"  # up to `up_to` targets in the one field

    def __init__(self, target: Target, up_to: int):
        self.target, self.up_to = target, up_to
        self.targets = (target,)

    def texts(self, state: SilverState, seat: int) -> list[str]:
        choices = [self.target.text(c) for c in self.target.choices(state, seat)]
        out = []
        for size in range(1, self.up_to + 1):
            out += ["look " + " ".join(combo) for combo in combinations(choices, size)]
        return out

    def resolve(self, state: SilverState, seat: int, words: list[str], events: list[Any]) -> None:
        width = 2 if self.target.with_seat else 1
        rest = words[1:]
        for k in range(0, len(rest), width):
            owner, index = _slot(self.target, seat, rest[k : k + width])
            state.look_at(seat, owner, index, events)


@effect("power")
def look(card: str, *, target: FaceDownTarget, up_to: int = 1) -> Power:
    """Look at one (or up to `up_to`) face-down cards (`look N [M]` or `look S N`)."""
    return Look(TARGETS[target], up_to)


class TakeFromPile(Power):
    shape = "take {} exchange {}"

    def __init__(self, target: Target, into: Target):
        self.target, self.into = target, into
        self.targets = (target, into)

    def texts(self, state: SilverState, seat: int) -> list[str]:
        return _pair_texts(state, seat, "take ", self.target, " exchange ", self.into)

    def resolve(self, state: SilverState, seat: int, words: list[str], events: list[Any]) -> None:
        state.master_take(seat, int(words[1]) - 1, int(words[3]) - 1, events)


@effect("power")
def take_from_pile(card: str, *, target: Literal["pile_card"], into: Literal["own_slot"]) -> Power:
    """Take any card of the discard pile into your village face up (`take K exchange N`)."""
    return TakeFromPile(TARGETS[target], TARGETS[into])


class SwapDeckTop(Power):
    shape = "swap {}"  # or "leave"

    def __init__(self, target: Target, optional: bool):
        self.target, self.optional = target, optional

    def available(self, state: SilverState, seat: int) -> bool:
        return bool(state.zones[state.z_deck]) and (self.optional or self.target.any_choice(state, seat))

    def texts(self, state: SilverState, seat: int) -> list[str]:
        if not state.zones[state.z_deck]:
            return []  # no top card to look at or swap
        out = ["swap " + self.target.text(c) for c in self.target.choices(state, seat)]
        return out + ["leave"] if self.optional else out

    def resolve(self, state: SilverState, seat: int, words: list[str], events: list[Any]) -> None:
        if words[0] == "leave":
            state.witch_leave(seat, events)
            return
        owner, index = _slot(self.target, seat, words[1:])
        state.witch_swap(seat, owner, index, events)


@effect("power")
def swap_deck_top(card: str, *, target: SlotTarget, optional: bool = False) -> Power:
    """Swap the deck's top card with a village card (`swap S N`; `leave` when optional)."""
    return SwapDeckTop(TARGETS[target], optional)


class Rob(Power):
    shape = "rob {} {}"

    def __init__(self, mine: Target, theirs: Target, look_after: bool):
        self.mine, self.theirs, self.look_after = mine, theirs, look_after
        self.targets = (mine, theirs)

    def texts(self, state: SilverState, seat: int) -> list[str]:
        return _pair_texts(state, seat, "rob ", self.mine, " ", self.theirs)

    def resolve(self, state: SilverState, seat: int, words: list[str], events: list[Any]) -> None:
        state.rob(seat, int(words[1]) - 1, int(words[2]), int(words[3]) - 1, self.look_after, events)


@effect("power")
def rob(card: str, *, mine: Literal["own_slot"], theirs: Literal["opponent_slot"], look_after: bool = True) -> Power:
    """Swap one of your cards with an opponent's, then look at the one received (`rob N S M`)."""
    return Rob(TARGETS[mine], TARGETS[theirs], look_after)
