"""Animal-card effect primitives: the small vocabulary every animal card of the YAML is built from.

Each primitive is a typed Python function registered in the engine's effect registry
(game/engine/effects.py) under its name, with the stage at which it acts. Its keyword-only
parameters are the YAML parameters: the loader checks the names, the value types and the ranges
against the signature (file:line and "did you mean" on a typo), so a new card that combines
existing primitives needs no Python change. Nothing here is evaluated from text.

Stages, in the order of a turn:
  config        read once at load time: what moves the card, its target, its stop symbol...
  steps         movement modifiers: card value -> signed number of steps (negative: counter-clockwise)
  activate      phase 1, when the card stands in front of the active seat
  after_move    right after this card moved (it knows the seats it passed)
  after_play    once every card moved by the played number card has moved
  end_phase3    at the end of phase 3 of every turn
  end_turn_move at the end of every turn (moves)
  end_turn_check at the end of every turn, once the end-of-turn moves are done (flips)

Ranges: card values are 0-12 (the card schema), so steps stay within a few laps of the table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, Protocol

from game.engine.effects import Bound, EffectRegistry, Range
from game.engine.events import Event, Note

STAGES = ("config", "steps", "activate", "after_move", "after_play", "end_phase3", "end_turn_move", "end_turn_check")
KINDS = ("sheep", "wolf", "hound")  # activation order (rulebook 6-1: pink, black, white)
Color = Literal["black", "white"]
COLOR_BIT = {"black": 1, "white": 2}
TARGET_OFFSET = {"active": 0, "left": 1, "opposite": 2, "right": 3}
Steps = Annotated[int, Range(-12, 12)]  # a card's own movement, at most a card value either way
Sheep = Annotated[int, Range(1, 9)]  # at most the most sheep a seat can start with

SEATS = 4  # always four places at the table: two teams of two (ghosts fill empty seats)


class _Tags(Protocol):
    @property
    def animal_tags(self) -> Mapping[str, frozenset[str]]: ...


class Board(Protocol):
    """What the primitives read and change of the state (WolfHoundState has it): the animal
    cards on the round board and the sheep. Declared here, so that this module, which the rules'
    schema needs, does not import the state (which imports the rules)."""

    animal_ids: tuple[str, ...]
    is_ghost: list[bool]
    forbidden: set[int]
    pos: list[int]  # animal -> its place (a seat)
    side: list[int]  # animal -> the side it shows (0 or 1)
    moved_at: list[int]  # animal -> when it last moved

    @property
    def rules(self) -> _Tags: ...
    def side_of(self, a: int) -> Side: ...
    def change_sheep(self, seat: int, delta: int, animal: str, events: list[Event]) -> None: ...
    def flip(self, a: int, cause: str, events: list[Event]) -> None: ...
    def move_animal(self, a: int, steps: int, actor: int | None, reason: str, events: list[Event]) -> None: ...


EFFECTS = EffectRegistry("wolf_and_hound", STAGES)
PRIMITIVES = EFFECTS.effects
primitive = EFFECTS.effect


# ----------------------------------------------------------------------------- compiled card side
Hook = tuple[Callable[..., Any], dict[str, Any]]


@dataclass
class Side:
    """One face of an animal card, compiled from its primitives (read in the hot path)."""

    kind: str  # sheep / wolf / hound: activation order and colour shown
    colors: int = 0  # bit mask of the number-card colours that move it in phase 3
    target: int = 0  # seat offset of the target from the active seat
    stop_symbol: str = ""  # meat / bone: the played-row symbol that stops it
    delayed: bool = False  # moves at the end of the turn by the previous turn's card
    steps: list[Hook] = field(default_factory=list)
    activate: list[Hook] = field(default_factory=list)
    after_move: list[Hook] = field(default_factory=list)
    after_play: list[Hook] = field(default_factory=list)
    end_phase3: list[Hook] = field(default_factory=list)
    end_turn_move: list[Hook] = field(default_factory=list)
    end_turn_check: list[Hook] = field(default_factory=list)
    names: frozenset[str] = frozenset()  # primitive names used (for "same primitive" rules)


def compile_side(kind: str, bindings: list[Bound]) -> Side:
    """Build a side from its validated effects, in YAML order."""
    side = Side(kind)
    for bound in bindings:
        if bound.stage == "config":
            bound.fn(side, **bound.params)
        else:
            getattr(side, bound.stage).append((bound.fn, dict(bound.params)))
    side.names = frozenset(bound.name for bound in bindings)
    return side


def apply_steps(side: Side, value: int) -> int:
    steps = value
    for fn, params in side.steps:
        steps = fn(steps, **params)
    return steps


# ----------------------------------------------------------------------------------- config
@primitive("config")
def moved_by(side: Side, *, colors: list[Color]) -> None:
    """The number-card colours that move this card in phase 3 (all matching cards move, FAQ Q4)."""
    for color in colors:
        side.colors |= COLOR_BIT[color]


@primitive("config")
def target(side: Side, *, who: Literal["active", "left", "right", "opposite"]) -> None:
    """Whose pasture the activation affects, seen from the active seat (rulebook 8-2)."""
    side.target = TARGET_OFFSET[who]


@primitive("config")
def stopped_by(side: Side, *, symbol: Literal["meat", "bone"]) -> None:
    """Meat & Bone: the last played card of another seat showing this symbol stops the card there."""
    side.stop_symbol = symbol


@primitive("config")
def delayed_move(side: Side) -> None:
    """Moves at the end of each turn by the card played in the previous turn (Extra card 01)."""
    side.delayed = True


# ------------------------------------------------------------------------------------ steps
@primitive("steps")
def add_steps(steps: int, *, add: Steps) -> int:
    """Movement modifier +1 / -1: the card's value plus `add` (example 8-2)."""
    return steps + add


@primitive("steps")
def half_steps(steps: int) -> int:
    """Movement modifier 1/2: half the value rounded down (examples 8-3, 8-5)."""
    return steps // 2 if steps >= 0 else -((-steps) // 2)


@primitive("steps")
def times_steps(steps: int, *, factor: Annotated[int, Range(0, 10)]) -> int:
    """Movement multiplied (Designer's card 01 moves three times as far)."""
    return steps * factor


@primitive("steps")
def direction(steps: int, *, way: Literal["clockwise", "counter_clockwise"]) -> int:
    """Which way the card moves; counter-clockwise turns the steps negative."""
    return -steps if way == "counter_clockwise" else steps


# --------------------------------------------------------------------------------- activate
def _sheep_change(state: Board, a: int, active: int, events: list[Event], delta: int) -> None:
    seat = (active + state.side_of(a).target) % 4
    state.change_sheep(seat, delta, state.animal_ids[a], events)


@primitive("activate")
def lose_sheep(state: Board, a: int, active: int, events: list[Event], *, amount: Sheep = 1) -> bool:
    """Wolf effect: the target's sheep run to the dark forest (never below 0, FAQ Q8)."""
    for _ in range(amount):
        _sheep_change(state, a, active, events, -1)
    return False


@primitive("activate")
def gain_sheep(state: Board, a: int, active: int, events: list[Event], *, amount: Sheep = 1) -> bool:
    """Hound effect: lost sheep come back (never above the starting count, rulebook 8-1)."""
    for _ in range(amount):
        _sheep_change(state, a, active, events, +1)
    return False


@primitive("activate")
def skip_turn(state: Board, a: int, active: int, events: list[Event]) -> bool:
    """Sheep card 01: the active seat's turn ends at once (example 8-7, FAQ Q6)."""
    events.append(Note("skip_turn", active, (("animal", state.animal_ids[a]),)))
    return True


@primitive("activate")
def forbid_value(state: Board, a: int, active: int, events: list[Event], *, value: Annotated[int, Range(0, 12)]) -> bool:
    """Sheep card 02: no number card of this value may be played this turn (example 8-8).

    A ghost has no hand to choose from: it plays the card it turns whatever its value (DECISION).
    """
    if state.is_ghost[active]:
        events.append(Note("forbid_ignored_by_ghost", active, (("animal", state.animal_ids[a]), ("value", value))))
        return False
    state.forbidden.add(value)
    events.append(Note("forbid_value", active, (("animal", state.animal_ids[a]), ("value", value))))
    return False


# ------------------------------------------------------------------------------- after moves
@primitive("after_move")
def flip_on_passing(state: Board, a: int, path: list[int], events: list[Event], *, seat: Annotated[int, Range(0, 3)] = 0) -> None:
    """Metamorphic cards flip when a move passes or ends in front of `seat` (rulebook 8-1)."""
    if seat in path:
        state.flip(a, "passes_first", events)


@primitive("after_play")
def differ_from_twin(state: Board, a: int, events: list[Event]) -> None:
    """Two such cards of one colour in front of one seat: the one that moved last flips (8-3)."""
    for b in range(len(state.animal_ids)):
        if b == a or "differ_from_twin" not in state.side_of(b).names:
            continue
        if state.pos[a] == state.pos[b] and state.side_of(a).kind == state.side_of(b).kind:
            last = a if state.moved_at[a] > state.moved_at[b] else b
            state.flip(last, "twin", events)


@primitive("end_phase3")
def side_by_company(
    state: Board,
    a: int,
    events: list[Event],
    *,
    tag: str,
    with_company: Literal["front", "back"],
    alone: Literal["front", "back"],
) -> None:
    """Shows `with_company` when a card tagged `tag` stands with it, else `alone` (example 15-2)."""
    here = state.pos[a]
    company = any(
        b != a and state.pos[b] == here and tag in state.rules.animal_tags[state.animal_ids[b]]
        for b in range(len(state.animal_ids))
    )
    wanted = 0 if (with_company if company else alone) == "front" else 1
    if state.side[a] != wanted:
        state.flip(a, "company" if company else "alone", events)


@primitive("end_turn_move")
def drift(state: Board, a: int, events: list[Event], *, steps: Steps) -> None:
    """Moves by `steps` (negative: counter-clockwise) at the end of every turn on this side."""
    state.move_animal(a, steps, None, "drift", events)


@primitive("end_turn_check")
def flip_when_sharing(state: Board, a: int, events: list[Event]) -> None:
    """Flips at the end of a turn when another animal card stands at its place (example 8-10)."""
    here = state.pos[a]
    if any(b != a and state.pos[b] == here for b in range(len(state.animal_ids))):
        state.flip(a, "confused", events)


__all__ = ["EFFECTS", "KINDS", "PRIMITIVES", "SEATS", "STAGES", "Side", "apply_steps", "compile_side"]
