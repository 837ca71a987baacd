"""Zones and their declared visibility, built once per (game, player count) from the YAML.

A zone belongs to one seat (`owner`) or to the table (`owner` None). Its `visible_to` says who
sees the identity of the cards in it: `owner`, `all` or `none`. A card can also be known to some
seats wherever it lies (the state's `known` masks): a card everyone saw played stays known.
`pool` says how `determinize` may exchange unseen cards: only among the same owner's zones
(`owner`), or across every such zone of the table (`shared`, for a shuffled deck).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.events import ALL_SEATS

VISIBILITIES = ("owner", "all", "none")
FACES = ("up", "down")
POOLS = ("owner", "shared")
BACK = "back"  # what a view shows in place of a card it may not see


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    name: str
    owner: int | None
    visible_to: str
    face: str
    pool: str
    index: int

    @property
    def mask(self) -> int:
        """Seats that see every card in this zone."""
        if self.visible_to == "all":
            return ALL_SEATS
        if self.visible_to == "owner" and self.owner is not None:
            return 1 << self.owner
        return 0


class ZoneTable:
    """Every zone of a table for one player count, with a fast (owner, name) -> index lookup."""

    def __init__(self, declared: dict[str, dict], num_players: int):
        specs: list[ZoneSpec] = []
        index: dict[tuple[int | None, str], int] = {}
        per_seat: dict[str, bool] = {}
        for name, decl in declared.items():
            owners: list[int | None] = list(range(num_players)) if decl["per_seat"] else [None]
            per_seat[name] = decl["per_seat"]
            for owner in owners:
                spec = ZoneSpec(name, owner, decl["visible_to"], decl["face"], decl["pool"], len(specs))
                index[(owner, name)] = spec.index
                specs.append(spec)
        self.specs = tuple(specs)
        self.index = index
        self.per_seat = per_seat
        self.num_players = num_players
