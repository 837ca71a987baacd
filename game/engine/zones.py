"""Zones and their declared visibility, built once per (game, player count) from the YAML.

A zone belongs to one seat (`owner`) or to the table (`owner` None). Its `visible_to` says who
sees the identity of the cards in it: `owner`, `all` or `none`. A card can also be known to some
seats wherever it lies (the card table's known-by masks, game/engine/cards.py).
`slots: true` gives a zone fixed positions: a card keeps its place when another leaves, and a
place can be empty (EMPTY in the zone's list). `numbered: true` makes a zone a row without
empty places (it closes up when a card leaves) whose card events still name the place a card
leaves, takes, or lies at (the `slot` fields). `count: N` makes a zone array: N zones of one
name (the cards under each of four unicorns), told apart by their position `pos`.
`pool` says how `determinize` may exchange the cards a seat has not seen: among the zones of
the same owner (`owner`), across every such zone of the table (`shared`, a shuffled deck), among
cards of the same card owner (`card_owner`), or only within the zone itself (`zone`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.events import ALL_SEATS

VISIBILITIES = ("owner", "all", "none")
FACES = ("up", "down")
POOLS = ("owner", "shared", "card_owner", "zone")
BACK = "back"  # what a view shows in place of a card it may not see
EMPTY = -1  # an empty place in a zone with fixed slots


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    name: str
    owner: int | None
    visible_to: str
    face: str
    pool: str
    index: int
    slots: bool = False
    pos: int | None = None  # position in a zone array (`count: N`), None for a single zone
    numbered: bool = False  # a row whose places events name (it closes up: no empty place)

    @property
    def mask(self) -> int:
        """Seats that see every card in this zone."""
        if self.visible_to == "all":
            return ALL_SEATS
        if self.visible_to == "owner" and self.owner is not None:
            return 1 << self.owner
        return 0


class ZoneTable:
    """Every zone of a table for one player count, with fast lookups by (owner, name[, pos])."""

    def __init__(self, declared: dict[str, dict], num_players: int):
        specs: list[ZoneSpec] = []
        index: dict[tuple[int | None, str], int] = {}
        arrays: dict[tuple[int | None, str], tuple[int, ...]] = {}
        per_seat: dict[str, bool] = {}
        counts: dict[str, int | None] = {}
        for name, decl in declared.items():
            owners: list[int | None] = list(range(num_players)) if decl["per_seat"] else [None]
            per_seat[name] = decl["per_seat"]
            count = decl.get("count")
            counts[name] = count
            for owner in owners:
                positions: list[int | None] = list(range(count)) if count else [None]
                members = []
                for pos in positions:
                    spec = ZoneSpec(
                        name, owner, decl["visible_to"], decl["face"], decl["pool"], len(specs),
                        bool(decl.get("slots", False)), pos, bool(decl.get("numbered", False)),
                    )
                    members.append(spec.index)
                    specs.append(spec)
                if count:
                    arrays[(owner, name)] = tuple(members)
                else:
                    index[(owner, name)] = members[0]
        self.specs = tuple(specs)
        self.index = index
        self.arrays = arrays
        self.per_seat = per_seat
        self.counts = counts
        self.num_players = num_players
        self.masks = tuple(spec.mask for spec in specs)  # per zone index: seats that see it all
        self.up = tuple(spec.face == "up" for spec in specs)
        self.slotted = tuple(spec.slots for spec in specs)
        self.numbered = tuple(spec.numbered for spec in specs)
        self.any_slots = any(self.slotted)
        self._hidden: dict[int, tuple[tuple[int, object], ...]] = {}

    def hidden_from(self, seat: int) -> tuple[tuple[int, object], ...]:
        """The zones whose cards `seat` does not see as such, in index order, each with its
        determinize pool key (None: `card_owner`, keyed per card). Cached: determinize is hot."""
        found = self._hidden.get(seat)
        if found is None:
            bit = 1 << seat
            out: list[tuple[int, object]] = []
            for spec in self.specs:
                if self.masks[spec.index] & bit:  # ALL_SEATS (-1) has every bit
                    continue
                pool = spec.pool
                key: object = (
                    spec.owner if pool == "owner" else "shared" if pool == "shared"
                    else None if pool == "card_owner" else ("zone", spec.index)
                )
                out.append((spec.index, key))
            found = self._hidden[seat] = tuple(out)
        return found

    def lookup(self, owner: int | None, name: str, pos: int | None = None) -> int:
        """The zone index of (owner, name), or of position `pos` of a zone array."""
        if pos is None:
            return self.index[(owner, name)]
        return self.arrays[(owner, name)][pos]

    def shaped(self, values: list) -> dict:
        """Per-zone values (indexed by zone index) in the shape of a view's `zones`: name, then
        seat for per-seat zones, then position for zone arrays."""
        out: dict = {}
        n = self.num_players
        for spec in self.specs:
            value = values[spec.index]
            if spec.pos is None:
                if spec.owner is None:
                    out[spec.name] = value
                else:
                    out.setdefault(spec.name, [None] * n)[spec.owner] = value
                continue
            count = self.counts[spec.name] or 0
            if spec.owner is None:
                out.setdefault(spec.name, [None] * count)[spec.pos] = value
            else:
                seats = out.setdefault(spec.name, [None] * n)
                if seats[spec.owner] is None:
                    seats[spec.owner] = [None] * count
                seats[spec.owner][spec.pos] = value
        return out
