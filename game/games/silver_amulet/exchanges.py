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


# (top, shown values...) -> the counts of ExchangeSets._count: shared by every state, a pure
# function of its key (villages repeat their patterns of face-up values all the time).
_COUNTS: dict[tuple[int | None, ...], tuple[list[int], list[dict[int, int]], list[int], int]] = {}


class ExchangeSets:
    """The legal exchange sets of one seat now: `total`, `nth(k)` (0-based, in the listing's
    order) and `allows(slots)`. Slots are 0-based places in the village."""

    __slots__ = ("slots", "shown", "top", "sizes", "total", "_free_after", "_shown_after")

    def __init__(self, state: Any, seat: int) -> None:
        village = state.zones[state.z_village[seat]]
        face_up, vals, ids, chars, amulet = state.face_up, state.vals, state.card_ids, state.chars, state.amulet
        # slots: the places that may be announced; shown[i]: the value that place's card shows
        # (None: face down or a doppelgänger, free to join any set).
        self.slots = [i for i, uid in enumerate(village) if uid != amulet]
        self.shown = [
            vals[uid] if face_up[uid] and "match_any" not in chars[ids[uid]].flags else None
            for uid in village
            if uid != amulet
        ]
        self.top = min(state.match_max, len(self.slots))
        key = (self.top, *self.shown)
        counts = _COUNTS.get(key)
        if counts is None:
            if len(_COUNTS) > 20_000:
                _COUNTS.clear()
            counts = _COUNTS[key] = self._count()
        self._free_after, self._shown_after, self.sizes, self.total = counts

    def _count(self) -> tuple[list[int], list[dict[int, int]], list[int], int]:
        """Suffix counts (after position p of `slots`: free places, and places per shown value),
        then the number of legal sets of each size. Depends only on `shown` and `top`."""
        n = len(self.slots)
        free_after = [0] * (n + 1)
        shown_after: list[dict[int, int]] = [{} for _ in range(n + 1)]
        for p in range(n - 1, -1, -1):
            value = self.shown[p]
            free_after[p] = free_after[p + 1] + (value is None)
            counts = shown_after[p] = dict(shown_after[p + 1])
            if value is not None:
                counts[value] = counts.get(value, 0) + 1
        self._free_after = free_after
        self._shown_after = shown_after
        sizes = [self._completions(0, size, None) for size in range(1, self.top + 1)]
        return free_after, shown_after, sizes, sum(sizes)

    def _completions(self, start: int, need: int, value: int | None) -> int:
        """Sets of `need` places from position `start` on whose shown cards show `value`
        (None: any one value, or none)."""
        free = self._free_after[start]
        if value is not None:
            return comb(free + self._shown_after[start].get(value, 0), need)
        base = comb(free, need)
        return base + sum(comb(free + count, need) - base for count in self._shown_after[start].values())

    def nth(self, index: int) -> list[int]:
        """The `index`-th legal set (0 <= index < total), as ascending 0-based village places."""
        size = 1
        for count in self.sizes:
            if index < count:
                break
            index -= count
            size += 1
        chosen: list[int] = []
        value: int | None = None
        p = 0
        need = size
        while need:
            shown = self.shown[p]
            if shown is None or value is None or shown == value:
                then = value if shown is None else shown
                count = self._completions(p + 1, need - 1, then)
                if index < count:
                    chosen.append(self.slots[p])
                    value, need = then, need - 1
                else:
                    index -= count
            p += 1
        return chosen

    def allows(self, places: list[int]) -> bool:
        """Whether announcing these 0-based village places (ascending) is legal."""
        if not 1 <= len(places) <= self.top:
            return False
        where = {slot: p for p, slot in enumerate(self.slots)}
        value: int | None = None
        last = -1
        for slot in places:
            p = where.get(slot)
            if p is None or slot <= last:
                return False
            last = slot
            shown = self.shown[p]
            if shown is not None:
                if value is not None and shown != value:
                    return False
                value = shown
        return True


def exchange_text(places: list[int]) -> str:
    return "exchange " + " ".join(str(i + 1) for i in places)
