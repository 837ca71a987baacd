"""The sets of own cards a seat may announce in an exchange, counted and ranked without listing them.

WHY: a village grows to twenty cards and more in random play, and the sets that may be announced
then number in the thousands; listing them all at every step (to pick one at random, or to check
that an announced set is legal) was the engine's main cost. A set is legal when it holds 1 to
`match_max` cards, none under the amulet, and its face-up cards (doppelgängers aside) share one
value. So the sets of each size can be counted with binomials, and the k-th set in the listing's
order (by size, then by slots: `SilverState._exchange_sets`) built directly (lexicographic
unranking), which is what `SilverState.sample_action` does.
"""

from __future__ import annotations

from math import comb
from typing import Any

# (top, free places, places per shown value sorted...) -> (legal sets per size, total): a pure
# function of its key, shared by all states (villages repeat these shapes all the time).
_SIZES: dict[tuple[int, ...], tuple[list[int], int]] = {}


class ExchangeSets:
    """The legal exchange sets of one seat now: `total` and `nth(k)` (0-based, in the
    listing's order). Slots are 0-based places in the village."""

    __slots__ = ("slots", "shown", "top", "free", "groups", "sizes", "total")

    def __init__(self, state: Any, seat: int) -> None:
        village = state.zones[state.z_village[seat]]
        face_up, vals, flags, amulet = state.faces(), state.vals, state.flags, state.amulet
        # slots: the places that may be announced; shown[i]: the value that place's card shows
        # (None: face down or a doppelgänger, free to join any set).
        slots: list[int] = []
        self.slots = slots
        shown: list[int | None] = []
        groups: dict[int, int] = {}  # shown value -> places showing it
        for i, uid in enumerate(village):
            if uid == amulet:
                continue
            slots.append(i)
            if face_up[uid] and "match_any" not in flags[uid]:
                value = vals[uid]
                groups[value] = groups.get(value, 0) + 1
                shown.append(value)
            else:
                shown.append(None)
        self.shown = shown
        self.groups = groups
        self.free = free = len(shown) - sum(groups.values())
        self.top = min(state.match_max, len(shown))
        key = (self.top, free, *sorted(groups.values()))
        counted = _SIZES.get(key)
        if counted is None:
            if len(_SIZES) > 50_000:
                _SIZES.clear()
            sizes = [_completions(free, groups, size, None) for size in range(1, self.top + 1)]
            counted = _SIZES[key] = (sizes, sum(sizes))
        self.sizes, self.total = counted

    def nth(self, index: int) -> list[int]:
        """The `index`-th legal set (0 <= index < total), as ascending 0-based village places:
        walk the places left to right, taking a place when the index falls among the sets
        that begin with the places taken so far and this one."""
        if index < self.sizes[0]:  # one card: any place
            return [self.slots[index]]
        size = 1
        for count in self.sizes:
            if index < count:
                break
            index -= count
            size += 1
        chosen: list[int] = []
        value: int | None = None
        free, groups = self.free, dict(self.groups)  # places after the current one
        need = size
        for p, shown in enumerate(self.shown):
            if shown is None:
                free -= 1
            else:
                groups[shown] -= 1
                if value is not None and shown != value:
                    continue
            then = value if shown is None else shown
            count = _completions(free, groups, need - 1, then)
            if index < count:
                chosen.append(self.slots[p])
                value, need = then, need - 1
                if not need:
                    break
            else:
                index -= count
        return chosen


def allows(state: Any, seat: int, places: list[int]) -> bool:
    """Whether announcing these 0-based village places (ascending) is legal now, checked
    directly (the cost of the announced set, not of the village)."""
    village = state.zones[state.z_village[seat]]
    if not 1 <= len(places) <= state.match_max:
        return False
    face_up, vals, flags, amulet = state.faces(), state.vals, state.flags, state.amulet
    value: int | None = None
    last = -1
    for slot in places:
        if not last < slot < len(village):
            return False
        last = slot
        uid = village[slot]
        if uid == amulet:
            return False
        if len(places) > 1 and face_up[uid] and "match_any" not in flags[uid]:
            if value is not None and vals[uid] != value:
                return False
            value = vals[uid]
    return True


def _completions(free: int, groups: dict[int, int], need: int, value: int | None) -> int:
    """Sets of `need` places among `free` free places and the shown places counted in
    `groups` (value -> places), whose shown cards all show `value` (None: any one value)."""
    if value is not None:
        return comb(free + groups.get(value, 0), need)
    base = comb(free, need)
    return base + sum(comb(free + count, need) - base for count in groups.values())


def exchange_text(places: list[int]) -> str:
    return "exchange " + " ".join(str(i + 1) for i in places)
