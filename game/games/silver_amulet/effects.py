"""Silver's power vocabulary: typed effect factories in the engine's effect registry
(game/engine/effects.py), named in the YAML, and the game's own target types.

Each effect is a factory registered with the stage at which it acts; its keyword-only
parameters are the YAML parameters, checked against the signature when the file loads (names,
Literal choices, ranges) with file:line. Called once per character and option set with the
card's id, a factory returns a small compiled object the state calls in the hot path: a `Flag`
(a continuous power the state reads as a fact) or a `Power` (a used card's choice). A target
parameter is a Literal of the names in TARGETS: the target types enumerate the legal choices
of a seat and own their action text; the engine has no target types of its own.

Stages: `face_up` (continuous while the card lies face up in a village), `turn_start`, `use`
(when the drawn card is discarded with `use`, before its choice), `power` (the choice a used
card asks for), `exchanging` (while announced in a multiple exchange), `draw`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Annotated, Any, Literal

from game.engine.actions import ActionForm
from game.engine.effects import Bound, EffectRegistry, Range
from game.games.silver_amulet.actions import LEAVE

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

    def pattern(self, name: str) -> str:
        """How a pick is written in an action form: `{name:place}`, after `{name_seat:int}`
        when the target names the seat (a pile card's place is its rank, 1 = the top)."""
        return f"{{{name}_seat:int}} {{{name}:place}}" if self.with_seat else f"{{{name}:place}}"

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
EFFECTS = EffectRegistry("silver_amulet", STAGES)
effect = EFFECTS.effect
Times = Annotated[int, Range(1, 5)]  # looks per turn, cards looked at


def stage_of(bound: Bound) -> str:
    """The stage a bound effect acts at: its own, or for one of several stages the one its
    `at` parameter names (the squire sees the top card of the deck at the start of a turn, or
    when used)."""
    return bound.params.get("at", "turn_start") if len(bound.effect.stages) > 1 else bound.stage


def build(bound: Bound, card: str) -> Any:
    """The compiled effect of `card` (its parameters were checked when the file loaded)."""
    return bound.fn(card, **bound.params)


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


@effect(("turn_start", "use"))
def see_deck_top(card: str, *, at: Literal["turn_start", "use"], to: Literal["owner", "all"] = "owner") -> Flag:
    """Look at the top card of the deck (at the start of the owner's turn, or when used)."""
    return Flag("see_deck_top_" + at, to)


@effect("face_up")
def free_look(card: str, *, target: Literal["own_face_down"], per_turn: Times = 1) -> Flag:
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
    form: ActionForm  # how its action text is written, a field (or seat and place) per target
    forms: tuple[ActionForm, ...] = ()  # every text it may be answered with (the witch's `leave` too)

    def texts(self, state: SilverState, seat: int) -> list[str]:
        raise NotImplementedError

    def picks(self, seat: int, fields: dict[str, Any]) -> list[tuple[Target, int, int]]:
        """(target, owner, 0-based place) of each card a text of `form` names, from its parsed
        fields (a pile card's owner is -1, its place its rank from the top)."""
        out: list[tuple[Target, int, int]] = []
        kinds = self.form.kinds
        for target, name in zip(self.targets, [n for n in self.form.fields if not n.endswith("_seat")], strict=False):
            value = fields[name]
            if kinds[name] == "places":
                out += [(target, seat, i) for i in value]
            elif kinds[name] == "ints":  # seat and place pairs
                out += [(target, value[k], value[k + 1] - 1) for k in range(0, len(value) - 1, 2)]
            else:
                out.append((target, fields.get(name + "_seat", -1 if target.name == "pile_card" else seat), value))
        return out

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
    def __init__(self, target: Target):
        self.target = target
        self.targets = (target,)
        self.form = ActionForm("turn " + target.pattern("card"))
        self.forms = (self.form,)

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
    def __init__(self, target: Target, up_to: int):
        self.target, self.up_to = target, up_to
        self.targets = (target,)
        if up_to == 1:
            self.form = ActionForm("look " + target.pattern("card"))
        elif not target.with_seat:
            self.form = ActionForm("look {cards:places}")
        else:  # several seat-and-place pairs: `look S N S N`, the places counted from 1
            self.form = ActionForm("look {cards:ints}")
        self.forms = (self.form,)

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
def look(card: str, *, target: FaceDownTarget, up_to: Times = 1) -> Power:
    """Look at one (or up to `up_to`) face-down cards (`look N [M]` or `look S N`)."""
    return Look(TARGETS[target], up_to)


class TakeFromPile(Power):
    def __init__(self, target: Target, into: Target):
        self.target, self.into = target, into
        self.targets = (target, into)
        self.form = ActionForm(f"take {target.pattern('card')} exchange {into.pattern('slot')}")
        self.forms = (self.form,)

    def texts(self, state: SilverState, seat: int) -> list[str]:
        return _pair_texts(state, seat, "take ", self.target, " exchange ", self.into)

    def resolve(self, state: SilverState, seat: int, words: list[str], events: list[Any]) -> None:
        state.master_take(seat, int(words[1]) - 1, int(words[3]) - 1, events)


@effect("power")
def take_from_pile(card: str, *, target: Literal["pile_card"], into: Literal["own_slot"]) -> Power:
    """Take any card of the discard pile into your village face up (`take K exchange N`)."""
    return TakeFromPile(TARGETS[target], TARGETS[into])


class SwapDeckTop(Power):
    def __init__(self, target: Target, optional: bool):
        self.target, self.optional = target, optional
        self.targets = (target,)  # (`available` is its own: leaving needs no target)
        self.form = ActionForm("swap " + target.pattern("card"))
        self.forms = (self.form, LEAVE) if optional else (self.form,)

    def available(self, state: SilverState, seat: int) -> bool:
        return bool(state.zones[state.z_deck]) and (self.optional or self.target.any_choice(state, seat))

    def texts(self, state: SilverState, seat: int) -> list[str]:
        if not state.zones[state.z_deck]:
            return []  # no top card to look at or swap
        out = ["swap " + self.target.text(c) for c in self.target.choices(state, seat)]
        return out + [LEAVE.text()] if self.optional else out

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
    def __init__(self, mine: Target, theirs: Target, look_after: bool):
        self.mine, self.theirs, self.look_after = mine, theirs, look_after
        self.targets = (mine, theirs)
        self.form = ActionForm(f"rob {mine.pattern('mine')} {theirs.pattern('theirs')}")
        self.forms = (self.form,)

    def texts(self, state: SilverState, seat: int) -> list[str]:
        return _pair_texts(state, seat, "rob ", self.mine, " ", self.theirs)

    def resolve(self, state: SilverState, seat: int, words: list[str], events: list[Any]) -> None:
        state.rob(seat, int(words[1]) - 1, int(words[2]), int(words[3]) - 1, self.look_after, events)


@effect("power")
def rob(card: str, *, mine: Literal["own_slot"], theirs: Literal["opponent_slot"], look_after: bool = True) -> Power:
    """Swap one of your cards with an opponent's, then look at the one received (`rob N S M`)."""
    return Rob(TARGETS[mine], TARGETS[theirs], look_after)
