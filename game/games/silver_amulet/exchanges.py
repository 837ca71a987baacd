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

from game.games.silver_amulet.actions import EXCHANGE

# (top, free places, places per shown value sorted...) -> (legal sets per size, total): a pure
# function of its key, shared by all states (villages repeat these shapes all the time).
_SIZES: dict[tuple[int, ...], tuple[list[int], int]] = {}


class ExchangeSets:
    """The legal exchange sets of one seat now: `total` and `nth(k)` (0-based, in the
    listing's order). Slots are 0-based places in the village.

    The same look at the village also notes what its face-up powers give (`looks`, `powers`)
    and how many of its cards lie face down off the amulet (`face_down`): the state keeps one
    per village until that village changes (`SilverState._facts`), so a turn looks at each
    village once instead of once per question."""

    __slots__ = ("slots", "shown", "top", "free", "groups", "sizes", "total", "looks", "powers", "face_down")

    def __init__(self, state: Any, seat: int) -> None:
        village = state.zones[state.z_village[seat]]
        face_up, amulet, flags, shows = state.faces(), state.amulet, state.flags, state.shows
        # shown[i]: the value the card at place i shows, -1 when it is free to join any set
        # (face down, or a doppelgänger). One walk of the village (once per change of it).
        shown: list[int] = []
        groups: dict[int, int] = {}  # shown value -> places showing it
        flagged = []  # the flags of its face-up cards with continuous powers, left to right
        face_down = 0
        for uid in village:
            if face_up[uid]:
                value = shows[uid]
                if value in groups:
                    groups[value] += 1
                elif value >= 0:
                    groups[value] = 1
                shown.append(value)
                if flags[uid]:
                    flagged.append(flags[uid])
            else:
                face_down += 1
                shown.append(-1)
        powers: dict[str, Any] = {}  # flag kind -> its value on the first face-up card having it
        self.looks: tuple[str, int] | None = None  # (word, looks per turn) of its empaths
        if flagged:
            for card_flags in reversed(flagged):  # the leftmost card's value is written last
                powers.update(card_flags)
            if "free_look" in powers:
                word, looks = "", 0
                for card_flags in flagged:
                    look = card_flags.get("free_look")
                    if look is not None:
                        word, looks = look[0], looks + look[1]
                if looks:
                    self.looks = (word, looks)
        self.powers = powers
        self.slots: list[int] | None = None  # the places that may be announced (None: every place)
        if amulet >= 0 and amulet in village:  # its card may not be announced
            place = village.index(amulet)
            self.slots = [i for i in range(len(village)) if i != place]
            value = shown.pop(place)
            if not face_up[amulet]:
                face_down -= 1
            elif value >= 0:
                groups[value] -= 1
                if not groups[value]:
                    del groups[value]
        self.face_down = face_down  # off the amulet
        self.free = free = len(shown) - sum(groups.values())
        self.shown = shown
        self.groups = groups
        self.top = min(state.match_max, len(shown))
        key = (self.top, free, *sorted(groups.values()))
        counted = _SIZES.get(key)
        if counted is None:
            if len(_SIZES) > 50_000:
                _SIZES.clear()
            sizes = []
            counts = list(groups.values())
            for size in range(1, self.top + 1):  # `_completions(free, groups, size, None)`
                base = comb(free, size)
                sets = base
                for places in counts:
                    sets += comb(free + places, size) - base
                sizes.append(sets)
            counted = _SIZES[key] = (sizes, sum(sizes))
        self.sizes, self.total = counted

    def nth(self, index: int) -> list[int]:
        """The `index`-th legal set (0 <= index < total), as ascending 0-based village places:
        walk the places left to right, taking a place when the index falls among the sets
        that begin with the places taken so far and this one (`_completions`, inlined: this
        runs at most random moves). Once a shown value is taken only the free places and
        those showing it count; for the last place, every such place begins one set."""
        slots = self.slots
        if index < self.sizes[0]:  # one card: any place
            return [index if slots is None else slots[index]]
        need = 0  # places still to choose after the current one
        for count in self.sizes:
            if index < count:
                break
            index -= count
            need += 1
        chosen: list[int] = []
        free, groups = self.free, dict(self.groups)  # places after the current one
        last = len(self.shown) - 1
        value = -1  # the value the chosen places show (-1: none yet)
        walk = enumerate(self.shown)  # one walk left to right, shared by the three stages
        for p, shown in walk:  # only free places taken so far: any one value may follow
            if shown < 0:
                free -= 1
                if need == 1:  # any one place after this one
                    count = last - p
                elif not need:
                    count = 1
                else:
                    base = comb(free, need)
                    count = base
                    for places in groups.values():
                        count += comb(free + places, need) - base
            else:
                places = groups[shown] - 1
                groups[shown] = places
                count = comb(free + places, need)
            if index < count:
                chosen.append(p)
                if not need:
                    return chosen if slots is None else [slots[i] for i in chosen]
                need -= 1
                if shown >= 0:
                    value = shown
                    break
                if not need:  # the last place: any one after p, each begins one set
                    chosen.append(p + 1 + index)
                    return chosen if slots is None else [slots[i] for i in chosen]
            else:
                index -= count
        if need:
            same = groups[value]  # the places after p showing the chosen value
            for p, shown in walk:
                if shown < 0:
                    free -= 1
                elif shown == value:
                    same -= 1
                else:
                    continue
                count = comb(free + same, need)
                if index < count:
                    chosen.append(p)
                    need -= 1
                    if not need:
                        break
                else:
                    index -= count
        for p, shown in walk:  # the last place: the index-th free place or place showing the value
            if shown < 0 or shown == value:
                if not index:
                    chosen.append(p)
                    break
                index -= 1
        return chosen if slots is None else [slots[i] for i in chosen]


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


_NUMBERS = [str(i + 1) for i in range(64)]  # a place's number in a move's text (0-based place -> "1"...)


def exchange_text(places: list[int]) -> str:
    """`EXCHANGE.text(places)` (actions.py) for ascending 0-based places, its numbers taken from
    a table (the bots' play-outs write an announced set at every exchange)."""
    if places[-1] < len(_NUMBERS):
        return _EXCHANGE_HEAD + " ".join(map(_NUMBERS.__getitem__, places))
    return EXCHANGE.text(places)


_EXCHANGE_HEAD = EXCHANGE.verb + " "
