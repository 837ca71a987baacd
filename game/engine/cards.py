"""The card table and the only code that writes where cards lie and who knows them.

Per card uid: its id, owner (a seat or None: a fish tile belongs to a seat), attributes from the
game's YAML (value, colour, points...), face (up/down), known-by mask and zone. The first three
never change after setup and are shared by every clone; the others are small int lists copied by
`clone()`. Games read the table freely but change it only through the secrets API of
`CardsMixin` (`move`, `move_many`, `reveal`, `peek`, `conceal`, `deduce`, `deal`, and for a
bot's own copy `relocate`, `relocate_many`: the same changes without events), so secrets
live in one place; `seen_by` / `sees` is the one rule deciding who sees a card, used by views,
event masks (hence the log and records), undo and the bots' observations.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from game.engine.events import ALL_SEATS, CardConcealed, CardMoved, CardRevealed, CardSeen, Event
from game.engine.zones import BACK, EMPTY

if TYPE_CHECKING:
    from game.engine.zones import ZoneTable

_new = tuple.__new__  # builds an event without NamedTuple's Python-level __new__ (hot path)
# What a quiet state's card changes give instead of their events (`CardsMixin.quiet`): one
# shared placeholder each, never read (a play-out's events go nowhere).
QUIET_MOVE = CardMoved("", None, "", None, "", 0)
QUIET_REVEAL = CardRevealed("", None, "", 0)
QUIET_SEEN = CardSeen("", None, "", 0, 0)
NO_ATTRS: Mapping[str, Any] = {}  # shared by every card without attributes: never mutate
RESERVED = frozenset({"id", "face", "owner"})  # keys of a view's per-card entry


class Card(NamedTuple):
    """One card as the table knows it (a snapshot for reading; not for the hot path)."""

    uid: int
    id: str
    owner: int | None
    attrs: Mapping[str, Any]
    up: bool
    known: int
    zone: int


class CardTable:
    """Parallel per-uid lists: static `ids`, `owner`, `attrs`, `info` (tuples once `freeze()`d,
    shared by clones) and per-state `known`, `up` (face), `zone` (where it lies). `info` is what
    a card event carries besides the id: the owner (if any) and the attributes, as pairs."""

    __slots__ = ("ids", "owner", "attrs", "info", "known", "up", "zone", "_columns")

    def __init__(self) -> None:
        self.ids: list[str] | tuple[str, ...] = []
        self.owner: list[int | None] | tuple[int | None, ...] = []
        self.attrs: list[Mapping[str, Any]] | tuple[Mapping[str, Any], ...] = []
        self.info: list[tuple[tuple[str, Any], ...]] | tuple[tuple[tuple[str, Any], ...], ...] = []
        self.known: list[int] = []
        self.up: list[bool] = []
        self.zone: list[int] = []
        self._columns: dict[str, tuple[Any, ...]] = {}

    def __len__(self) -> int:
        return len(self.ids)

    def __getitem__(self, uid: int) -> Card:
        return Card(uid, self.ids[uid], self.owner[uid], self.attrs[uid], self.up[uid], self.known[uid], self.zone[uid])

    def freeze(self) -> None:
        """End of setup: the static lists become tuples, shared (never copied) by clones."""
        self.ids, self.owner, self.attrs, self.info = tuple(self.ids), tuple(self.owner), tuple(self.attrs), tuple(self.info)

    def clone(self) -> CardTable:
        new = object.__new__(CardTable)
        new.ids, new.owner, new.attrs, new.info, new._columns = self.ids, self.owner, self.attrs, self.info, self._columns
        new.known, new.up, new.zone = self.known[:], self.up[:], self.zone[:]
        return new

    def column(self, name: str, default: Any = None) -> tuple[Any, ...]:
        """One attribute for every uid (`default` where a card lacks it), cached: a fast
        `values[uid]` for hot paths such as legal_actions."""
        key = f"{name}\x00{default!r}"
        col = self._columns.get(key)
        if col is None or len(col) != len(self.ids):
            col = self._columns[key] = tuple(a.get(name, default) for a in self.attrs)
        return col


def card_info_pairs(owner: int | None, attrs: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """A card's `info` in events: ("owner", seat) when it has one, then its attributes."""
    pairs = tuple(attrs.items())
    return (("owner", owner), *pairs) if owner is not None else pairs


class CardsMixin:
    """The secrets API of `State`: every change of place, face or knowledge of a card."""

    cards: CardTable
    table: ZoneTable
    zones: list[list[int]]
    num_players: int
    # A bot's play-out copy (`State.quietly()`): every change below is made exactly as on any
    # state, but builds no event (`move` returns QUIET_MOVE, `move_many` and `conceal` []):
    # nobody reads a play-out's events, and building them was most of a step's cost.
    quiet: bool = False

    # ---------------------------------------------------------------- setup
    def add_card(
        self,
        card_id: str,
        zone_index: int,
        owner: int | None = None,
        attrs: Mapping[str, Any] | None = None,
        public: bool = False,
    ) -> int:
        """Create a card during setup; returns its uid. `attrs` adds to (or overrides) the
        game's attributes for `card_id`; `public`: every seat knows it wherever it lies (a bait,
        a fish tile, a set of cards every player has)."""
        cards = self.cards
        base = self.card_attributes(card_id)
        if attrs:
            bad = RESERVED.intersection(attrs)
            if bad:
                raise ValueError(f"card attribute names {sorted(bad)} are reserved")
            base = {**base, **attrs}
        uid = len(cards.ids)
        cards.ids.append(card_id)  # type: ignore[union-attr]
        cards.owner.append(owner)  # type: ignore[union-attr]
        cards.attrs.append(base)  # type: ignore[union-attr]
        cards.info.append(card_info_pairs(owner, base))  # type: ignore[union-attr]
        cards.known.append(ALL_SEATS if public else 0)
        cards.up.append(self.table.up[zone_index])
        cards.zone.append(zone_index)
        if self.table.slotted[zone_index]:
            self._place(uid, zone_index, None)
        else:
            self.zones[zone_index].append(uid)
        return uid

    def add_cards(self, card_ids: Sequence[str], zone_index: int) -> range:
        """`add_card` for each id in order (no owner, the game's attributes, not public) in one
        step: a whole deck at set-up. Returns their uids."""
        cards = self.cards
        first, k = len(cards.ids), len(card_ids)
        attrs = {c: self.card_attributes(c) for c in set(card_ids)}
        info = {c: card_info_pairs(None, a) for c, a in attrs.items()}
        cards.ids.extend(card_ids)  # type: ignore[union-attr]
        cards.owner.extend([None] * k)  # type: ignore[union-attr]
        cards.attrs.extend(map(attrs.__getitem__, card_ids))  # type: ignore[union-attr]
        cards.info.extend(map(info.__getitem__, card_ids))  # type: ignore[union-attr]
        cards.known.extend([0] * k)
        cards.up.extend([self.table.up[zone_index]] * k)
        cards.zone.extend([zone_index] * k)
        uids = range(first, first + k)
        if self.table.slotted[zone_index]:
            for uid in uids:
                self._place(uid, zone_index, None)
        else:
            self.zones[zone_index].extend(uids)
        return uids

    def card_attributes(self, card_id: str) -> Mapping[str, Any]:
        """The YAML attributes shared by every copy of `card_id` (the state's rules provide them)."""
        return self.rules.card_attrs.get(card_id, NO_ATTRS)  # type: ignore[attr-defined]

    def deal(self, uids: Iterable[int], zone_index: int) -> None:
        """Silent setup placement (a fresh deal: no event): the cards lie in `zone_index` in
        this order, face as the zone says, known only to who sees that zone."""
        cards, zones, slotted = self.cards, self.zones, self.table.slotted
        uids = list(uids)
        moving = set(uids)
        face = self.table.up[zone_index]
        known, up, where = cards.known, cards.up, cards.zone
        if len(moving) == len(where):  # every card (a new deal of the whole deck): whole columns
            for src in set(where):
                zones[src] = [EMPTY] * len(zones[src]) if slotted[src] else []
            known[:] = [0] * len(known)
            up[:] = [face] * len(up)
            where[:] = [zone_index] * len(where)
        else:
            for src in set(map(where.__getitem__, uids)):  # each source zone filtered once
                if slotted[src]:
                    zones[src] = [EMPTY if u in moving else u for u in zones[src]]
                else:
                    zones[src] = [u for u in zones[src] if u not in moving]
            for uid in uids:
                known[uid] = 0
                up[uid] = face
                where[uid] = zone_index
        if slotted[zone_index]:
            for uid in uids:
                self._place(uid, zone_index, None)
        else:
            zones[zone_index].extend(uids)

    # ------------------------------------------------------------- knowledge
    def seen_by(self, uid: int) -> int:
        """THE rule: the mask of seats that know card `uid` now (its zone's viewers, plus every
        seat that saw it and still knows it)."""
        cards = self.cards
        return self.table.masks[cards.zone[uid]] | cards.known[uid]

    def faces(self) -> list[bool]:
        """Per uid, whether the card lies face up: a READ-ONLY view for hot paths (faces change
        only through reveal, conceal and move)."""
        return self.cards.up

    def knowledge(self) -> list[int]:
        """Per uid, the mask of seats that saw the card wherever it lies (`seen_by` adds its
        zone's viewers): a READ-ONLY view for hot paths such as a bot's play-out policy."""
        return self.cards.known

    def locations(self) -> list[int]:
        """Per uid, the index of the zone it lies in: a READ-ONLY view for hot paths (cards
        change zones only through move and deal)."""
        return self.cards.zone

    def sees(self, seat: int | None, uid: int) -> bool:
        """Whether `seat` (None: the public) knows which card `uid` is."""
        mask = self.table.masks[self.cards.zone[uid]] | self.cards.known[uid]
        if seat is None:
            return mask == ALL_SEATS
        return bool(mask & (1 << seat))

    def seen_ids(self, seat: int | None, zone_index: int) -> list[str | None]:
        """A zone as `seat` sees it: card ids, BACK for a card it may not know, None for an
        empty slot. The same rule as `sees`, one zone at a time (views, observations)."""
        cards = self.cards
        ids, known = cards.ids, cards.known
        zone = self.zones[zone_index]
        zone_mask = self.table.masks[zone_index]
        if seat is None:
            if zone_mask == ALL_SEATS:
                return [ids[u] if u >= 0 else None for u in zone]
            return [None if u < 0 else ids[u] if known[u] == ALL_SEATS else BACK for u in zone]
        bit = 1 << seat
        if zone_mask & bit:
            return [ids[u] if u >= 0 else None for u in zone]
        return [None if u < 0 else ids[u] if known[u] & bit else BACK for u in zone]

    def seen_zones(self, seat: int) -> tuple[tuple[str | None, ...], ...]:
        """Every zone as `seat` sees it, as `seen_ids` says, in one hashable tuple: the bots'
        observation key (hot: one loop, no call per zone)."""
        cards, table = self.cards, self.table
        ids, known = cards.ids, cards.known
        bit = 1 << seat
        out = []
        if table.any_slots:
            for zone, mask in zip(self.zones, table.masks, strict=True):
                if mask & bit:
                    out.append(tuple([ids[u] if u >= 0 else None for u in zone]))
                else:
                    out.append(tuple([None if u < 0 else ids[u] if known[u] & bit else BACK for u in zone]))
            return tuple(out)
        for zone, mask in zip(self.zones, table.masks, strict=True):
            if mask & bit:  # ALL_SEATS (-1) has every bit
                out.append(tuple([ids[u] for u in zone]))
            else:
                out.append(tuple([ids[u] if known[u] & bit else BACK for u in zone]))
        return tuple(out)

    def card_info(self, seat: int | None) -> dict[str, Any]:
        """The view's `cards`: shaped like `zones`, per card {"face", "owner", **attributes}
        (attributes only for a card `seat` sees; None for an empty slot)."""
        cards = self.cards
        per_zone: list[list[dict[str, Any] | None]] = []
        for zone in self.zones:
            row: list[dict[str, Any] | None] = []
            for uid in zone:
                if uid < 0:
                    row.append(None)
                    continue
                entry: dict[str, Any] = {"face": "up" if cards.up[uid] else "down", "owner": cards.owner[uid]}
                if self.sees(seat, uid):
                    entry.update(cards.attrs[uid])
                row.append(entry)
            per_zone.append(row)
        return self.table.shaped(per_zone)

    def reveal(self, uid: int, actor: int | None = None) -> CardRevealed:
        """Turn a card face up where it lies: everyone knows it from now on (`actor`: the seat
        whose move turned it, when it is not the card's owner's: the log names both)."""
        cards = self.cards
        cards.known[uid] = ALL_SEATS
        cards.up[uid] = True
        if self.quiet:
            return QUIET_REVEAL
        zi = cards.zone[uid]
        table = self.table
        spec = table.specs[zi]
        slot = self.zones[zi].index(uid) if table.slotted[zi] or table.numbered[zi] else None  # `_slot`, inlined
        return _new(CardRevealed, (cards.ids[uid], spec.owner, spec.name, ALL_SEATS, slot, spec.pos, cards.info[uid], actor))

    def peek(self, uid: int, seat: int) -> CardSeen:
        """`seat` looks at a card where it lies and remembers it; only `seat` learns its id."""
        cards = self.cards
        bit = 1 << seat
        cards.known[uid] |= bit
        if self.quiet:
            return QUIET_SEEN
        zi = cards.zone[uid]
        table = self.table
        spec = table.specs[zi]
        slot = self.zones[zi].index(uid) if table.slotted[zi] or table.numbered[zi] else None  # `_slot`, inlined
        return _new(CardSeen, (cards.ids[uid], spec.owner, spec.name, seat, bit, slot, spec.pos, cards.info[uid]))

    def conceal(self, uid: int) -> list[Event]:
        """Hide a card again where it lies: face down, known only to who sees its zone.
        A face-up card turns over (a CardConcealed event); for a face-down one only the
        others' memory of it goes (a hand they can no longer track): no event."""
        cards = self.cards
        if not cards.up[uid]:
            cards.known[uid] = 0
            return []
        if self.quiet:
            cards.known[uid] = 0
            cards.up[uid] = False
            return []
        zi = cards.zone[uid]
        before = self.seen_by(uid)
        cards.known[uid] = 0
        cards.up[uid] = False
        spec = self.table.specs[zi]
        return [CardConcealed(cards.ids[uid], spec.owner, spec.name, before, self._slot(uid, zi), spec.pos)]

    def forget(self, uids: Iterable[int]) -> None:
        """Only who sees their zone knows these face-down cards from now on (a hand the others
        can no longer track): `conceal` for cards that do not turn over, without its per-card
        work. No event. A face-up card is refused: it must turn over with `conceal`."""
        known, up = self.cards.known, self.cards.up
        for uid in uids:
            if up[uid]:
                raise ValueError(f"card {uid} lies face up: conceal() turns it over")
            known[uid] = 0

    def deduce(self, uids: Iterable[int], seats: int = ALL_SEATS) -> None:
        """The `seats` (a mask) can tell these cards apart again without anything being shown:
        a hand whose content is public by deduction. No event: nothing moves or turns."""
        known = self.cards.known
        for uid in uids:
            known[uid] |= seats

    # ------------------------------------------------------------------ moves
    def move(
        self,
        uid: int,
        zone: int,
        slot: int | None = None,
        face: str | None = None,
        reason: str = "",
        actor: int | None = None,
    ) -> CardMoved:
        """Move a card to zone index `zone` (at `slot` in a zone with fixed slots: the first
        empty one by default; at that position of another zone; else on top, at the end).
        face None: it lies as the zone says, and whoever saw it still knows it.
        face "up": it is shown to everyone. face "down": it goes face down and only those who
        see its new zone know it (a card chosen from a hand, cards handed over shuffled)."""
        if self.quiet:
            self.relocate(uid, zone, slot, face)
            return QUIET_MOVE
        cards, table, zones = self.cards, self.table, self.zones
        masks, slotted = table.masks, table.slotted
        if slot is not None and slotted[zone]:
            self._check_slot(uid, zone, slot)  # before anything changes
        where, known, numbered = cards.zone, cards.known, table.numbered
        src = where[uid]
        if slotted[src]:
            from_slot = self._take(uid, src)
        else:  # inlined: the hot path of every game
            source = zones[src]
            if source[-1] == uid:
                source.pop()
                from_slot = len(source) if numbered[src] else None
            else:
                from_slot = source.index(uid)
                del source[from_slot]
                if not numbered[src]:
                    from_slot = None
        if face is None:
            before = known[uid] = masks[src] | known[uid]
            cards.up[uid] = table.up[zone]
        elif face == "up":
            before = known[uid] = ALL_SEATS
            cards.up[uid] = True
        elif face == "down":
            before = masks[src]
            known[uid] = 0
            cards.up[uid] = False
        else:
            raise ValueError(f"face must be None, 'up' or 'down', not {face!r}")
        where[uid] = zone
        if slotted[zone]:
            to_slot = self._place(uid, zone, slot)
        else:  # `_place`, inlined
            dest = zones[zone]
            if slot is None or slot >= len(dest):
                dest.append(uid)
                to_slot = len(dest) - 1 if numbered[zone] else None
            else:
                dest.insert(slot, uid)
                to_slot = slot if numbered[zone] else None
        fs, ts = table.specs[src], table.specs[zone]
        return _new(CardMoved, (
            cards.ids[uid], fs.owner, fs.name, ts.owner, ts.name, before | masks[zone] | known[uid], reason, actor,
            from_slot, to_slot, fs.pos, ts.pos, cards.info[uid],
        ))

    def relocate(self, uid: int, zone: int, slot: int | None = None, face: str | None = None) -> None:
        """`move` without its event, for a bot's play-out on its own copy (nobody reads its
        events; building them was a good part of a play-out's cost). The same changes to
        zones, slots, faces and knowledge as `move`."""
        cards, table, zones = self.cards, self.table, self.zones
        slotted = table.slotted
        if slot is not None and slotted[zone]:
            self._check_slot(uid, zone, slot)  # before anything changes
        where, known = cards.zone, cards.known
        src = where[uid]
        if slotted[src]:
            self._take(uid, src)
        else:
            source = zones[src]
            if source[-1] == uid:
                source.pop()
            else:
                source.remove(uid)
        if face is None:
            known[uid] |= table.masks[src]
            cards.up[uid] = table.up[zone]
        elif face == "up":
            known[uid] = ALL_SEATS
            cards.up[uid] = True
        elif face == "down":
            known[uid] = 0
            cards.up[uid] = False
        else:
            raise ValueError(f"face must be None, 'up' or 'down', not {face!r}")
        where[uid] = zone
        if slot is None and not slotted[zone]:
            zones[zone].append(uid)
        else:
            self._place(uid, zone, slot)

    def _detach_run(self, src: int, uids: list[int]) -> None:
        """Take cards out of one unslotted zone, in one slice when they are its last cards
        (a deal from the top, a whole pile): the common cases of move_many and relocate_many."""
        source, k = self.zones[src], len(uids)
        if k == len(source):
            self.zones[src] = []
        elif k == 1:
            source.remove(uids[0])
        elif source[-k:] == uids:
            del source[-k:]
        else:
            for uid in uids:
                source.remove(uid)

    def relocate_many(self, uids: list[int], zone: int, face: str | None = None) -> None:
        """`move_many` without its events (a bot's play-out on its own copy): the same changes,
        cards of one unslotted zone in one step."""
        if not uids:
            return
        cards, table, zones = self.cards, self.table, self.zones
        slotted, where = table.slotted, cards.zone
        src = where[uids[0]]
        k = len(uids)
        if face is not None or slotted[zone] or slotted[src] or (k > 1 and any(where[u] != src for u in uids)):
            for uid in uids:
                self.relocate(uid, zone, None, face)
            return
        self._detach_run(src, uids)
        zones[zone].extend(uids)
        known, up = cards.known, cards.up
        src_mask, face_up = table.masks[src], table.up[zone]
        for uid in uids:
            where[uid] = zone
            up[uid] = face_up
            known[uid] |= src_mask

    def move_many(
        self, uids: list[int], zone: int, face: str | None = None, reason: str = "", actor: int | None = None
    ) -> list[Event]:
        """Move several cards, in order, to the end (or the first empty slots) of `zone`; one
        event per card, as `move` would give. Cards of one unslotted zone go in one step."""
        if not uids:
            return []
        if self.quiet:
            self.relocate_many(uids, zone, face)
            return []
        cards, table, zones = self.cards, self.table, self.zones
        slotted, where = table.slotted, cards.zone
        src = where[uids[0]]
        k = len(uids)
        if face is not None or slotted[zone] or slotted[src]:
            return [self.move(uid, zone, None, face, reason, actor) for uid in uids]
        if k > 1:
            for uid in uids:
                if where[uid] != src:
                    return [self.move(uid, zone, None, face, reason, actor) for uid in uids]
        masks, known, ids, up, info = table.masks, cards.known, cards.ids, cards.up, cards.info
        numbered = table.numbered
        if numbered[src] or numbered[zone]:
            return self._move_row(uids, src, zone, reason, actor)
        self._detach_run(src, uids)
        zones[zone].extend(uids)
        fs, ts = table.specs[src], table.specs[zone]
        src_mask, face_up = masks[src], table.up[zone]
        if src_mask == ALL_SEATS:  # public cards (fish, baits): everyone knows them anywhere
            for uid in uids:
                where[uid] = zone
                up[uid] = face_up
                known[uid] = ALL_SEATS
            public = (fs.owner, fs.name, ts.owner, ts.name, ALL_SEATS, reason, actor, None, None, fs.pos, ts.pos)
            return [_new(CardMoved, (ids[u], *public, info[u])) for u in uids]
        dst_mask = masks[zone]
        events: list[Event] = []
        for uid in uids:
            where[uid] = zone
            up[uid] = face_up
            before = known[uid] = src_mask | known[uid]
            events.append(_new(CardMoved, (
                ids[uid], fs.owner, fs.name, ts.owner, ts.name, before | dst_mask, reason, actor, None, None, fs.pos, ts.pos,
                info[uid],
            )))
        return events

    def _move_row(self, uids: list[int], src: int, zone: int, reason: str, actor: int | None) -> list[Event]:
        """`move_many` from or into a numbered row: the cards leave one by one in this order
        and each event names the place it left and took there, as `move` would say."""
        cards, table, zones = self.cards, self.table, self.zones
        where, known, ids, up, info = cards.zone, cards.known, cards.ids, cards.up, cards.info
        source, dest = zones[src], zones[zone]
        k = len(uids)
        froms: Sequence[int | None]
        if source[-k:] == uids[::-1]:  # the zone's last cards, last first (a row collected, a deal from the top)
            froms = range(len(source) - 1, len(source) - 1 - k, -1) if table.numbered[src] else [None] * k
            del source[-k:]
        elif not table.numbered[src]:
            froms = [None] * k
            for uid in uids:
                source.remove(uid)
        else:
            froms = []
            for uid in uids:
                i = source.index(uid)
                froms.append(i)
                del source[i]
        base = len(dest)
        tos: Sequence[int | None] = range(base, base + k) if table.numbered[zone] else [None] * k
        dest.extend(uids)
        fs, ts = table.specs[src], table.specs[zone]
        from_seat, from_zone, from_pos, to_seat, to_zone, to_pos = fs.owner, fs.name, fs.pos, ts.owner, ts.name, ts.pos
        src_mask, dst_mask, face_up = table.masks[src], table.masks[zone], table.up[zone]
        events: list[Event] = []
        for uid, from_slot, to_slot in zip(uids, froms, tos, strict=True):
            where[uid] = zone
            up[uid] = face_up
            before = known[uid] = src_mask | known[uid]
            events.append(_new(CardMoved, (
                ids[uid], from_seat, from_zone, to_seat, to_zone, before | dst_mask, reason, actor, from_slot, to_slot,
                from_pos, to_pos, info[uid],
            )))
        return events

    # ---------------------------------------------------------------- helpers
    def _slot(self, uid: int, zone_index: int) -> int | None:
        """The card's slot if its zone has fixed slots or is a numbered row (None otherwise: a
        place nobody tracks)."""
        table = self.table
        if table.slotted[zone_index] or table.numbered[zone_index]:
            return self.zones[zone_index].index(uid)
        return None

    def _take(self, uid: int, zone_index: int) -> int | None:
        zone = self.zones[zone_index]
        if self.table.slotted[zone_index]:
            i = zone.index(uid)
            zone[i] = EMPTY
            return i
        if zone and zone[-1] == uid:
            zone.pop()
        else:
            zone.remove(uid)
        return None

    def _place(self, uid: int, zone_index: int, slot: int | None) -> int | None:
        zone = self.zones[zone_index]
        if not self.table.slotted[zone_index]:
            if slot is None:
                zone.append(uid)
            else:
                zone.insert(slot, uid)
            return None
        if slot is None:
            slot = zone.index(EMPTY) if EMPTY in zone else len(zone)
        self._check_slot(uid, zone_index, slot)
        if slot >= len(zone):
            zone.extend([EMPTY] * (slot + 1 - len(zone)))
        zone[slot] = uid
        return slot

    def _check_slot(self, uid: int, zone_index: int, slot: int) -> None:
        """A game bug, not a player's mistake: a slot that is no place or holds another card."""
        zone = self.zones[zone_index]
        spec = self.table.specs[zone_index]
        if slot < 0:
            raise ValueError(f"slot {slot} of zone {spec.name} is not a place")
        if slot < len(zone) and zone[slot] not in (EMPTY, uid):
            raise ValueError(f"slot {slot} of zone {spec.name} (seat {spec.owner}) is taken")
