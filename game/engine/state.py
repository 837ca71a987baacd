"""The State protocol every game implements, with the parts written once for all games.

Games subclass `State` and implement the rules (`to_act`, `legal_actions`, `apply`, `is_over`,
`scores`, `winners`). `view`, `clone` and `determinize` are generic: they work from the zones,
their declared visibility and the per-card knowledge masks, so secrets live in one place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.errors import IllegalAction
from game.engine.events import ALL_SEATS, CardMoved, Event
from game.engine.rng import Rng
from game.engine.zones import BACK, ZoneTable

if TYPE_CHECKING:
    from game.engine.rules import Rules


class State:
    """A match in progress. Mutable; `clone()` gives an independent copy cheaply."""

    # Fields a subclass adds that hold mutable containers, copied (one level) by clone().
    mutable_fields: tuple[str, ...] = ()
    # Cards some seats may not look at, take or swap (Silver's amulet): uid -> mask of those
    # seats. Replaced on change, never mutated, so clones share it at no cost.
    protected: Mapping[int, int] = MappingProxyType({})

    def __init__(self, rules: Rules, num_players: int, seed: int, options: dict[str, Any]):
        self.rules = rules
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        self.table: ZoneTable = rules.zone_table(num_players)
        self.zones: list[list[int]] = [[] for _ in self.table.specs]
        self.card_ids: list[str] = []  # uid -> card id; fixed once setup is done
        self.known: list[int] = []  # uid -> mask of seats that know it wherever it lies

    # ----------------------------------------------------------------- the game's part
    def to_act(self) -> list[int]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def apply(self, seat: int, action: Action) -> list[Event]:
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def scores(self) -> list[int]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        raise NotImplementedError

    def public_view(self, seat: int | None) -> dict[str, Any]:
        """Game-specific view fields (markers, phase, score sheet); never a hidden card."""
        return {}

    def explain_illegal(self, seat: int, text: str) -> IllegalAction:
        """Why `text` is refused for `seat` now; games override for rule-specific reasons."""
        if self.is_over():
            return IllegalAction("the game is over", "error.game_over")
        if seat not in self.to_act():
            return IllegalAction(f"it is not seat {seat}'s turn", "error.not_your_turn", {"seat": seat})
        legal = ", ".join(str(a) for a in self.legal_actions(seat))
        return IllegalAction(
            f"'{text}' is not a legal action now (legal: {legal})",
            "error.not_legal",
            {"action": text, "legal": legal},
        )

    # ------------------------------------------------------------------ card helpers
    def zone_index(self, seat: int | None, name: str) -> int:
        return self.table.index[(seat, name)]

    def zone(self, seat: int | None, name: str) -> list[int]:
        """The uids in a zone (the live list: games mutate it through `move`)."""
        return self.zones[self.table.index[(seat, name)]]

    def add_card(self, card_id: str, zone_index: int, known: int = 0) -> int:
        """Create a card during setup; returns its uid."""
        uid = len(self.card_ids)
        self.card_ids.append(card_id)
        self.known.append(known)
        self.zones[zone_index].append(uid)
        return uid

    def seen_by(self, uid: int, zone_index: int) -> int:
        """Mask of the seats that know the card `uid` while it lies in `zone_index`."""
        zone_mask = self.table.specs[zone_index].mask
        if zone_mask == ALL_SEATS:
            return ALL_SEATS
        return zone_mask | self.known[uid]

    def move(
        self,
        uid: int,
        src: int,
        dst: int,
        reason: str = "",
        actor: int | None = None,
        known: int | None = None,
    ) -> CardMoved:
        """Move a card between zones; whoever saw it where it was still knows it.

        Pass `known` to set who knows it from now on instead (a card played face down).
        """
        self.zones[src].remove(uid)
        self.zones[dst].append(uid)
        before = self.seen_by(uid, src)
        if known is None:
            self.known[uid] = ALL_SEATS if before == ALL_SEATS else self.known[uid] | before
        else:
            # Who knew the card by deduction (a public hand) cannot tell which one left: the move
            # shows its identity only to the new `known` seats and to those who see both zones.
            self.known[uid] = known
            before = self.table.specs[src].mask | known
        visible = before | self.seen_by(uid, dst)
        specs = self.table.specs
        return CardMoved(
            self.card_ids[uid], specs[src].owner, specs[src].name,
            specs[dst].owner, specs[dst].name, ALL_SEATS if visible < 0 else visible, reason, actor,
        )

    def visible_to(self, uid: int, zone_index: int, seat: int | None) -> bool:
        mask = self.seen_by(uid, zone_index)
        if seat is None:
            return mask == ALL_SEATS
        return bool(mask & (1 << seat))

    # -------------------------------------------------------------- generic protocol
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know (None: the public), as JSON-ready data. Hidden cards are BACK."""
        n = self.num_players
        zones: dict[str, Any] = {}
        ids = self.card_ids
        for spec in self.table.specs:
            cards = [ids[u] if self.visible_to(u, spec.index, seat) else BACK for u in self.zones[spec.index]]
            if spec.owner is None:
                zones[spec.name] = cards
            else:
                zones.setdefault(spec.name, [None] * self.table.num_players)[spec.owner] = cards
        view: dict[str, Any] = {
            "game": self.rules.game_id,
            "seat": seat,
            "players": n,
            "to_act": self.to_act(),
            "over": self.is_over(),
            "scores": self.scores(),
            "zones": zones,
        }
        view.update(self.public_view(seat))
        return view

    def clone(self) -> State:
        """An independent copy; no deepcopy: zones and masks are lists of ints."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.zones = [z[:] for z in self.zones]
        new.known = self.known[:]
        new.rng = self.rng.clone()
        for name in self.mutable_fields:
            value = getattr(self, name)
            if isinstance(value, list) and value and isinstance(value[0], list):
                setattr(new, name, [item[:] for item in value])
            else:
                setattr(new, name, value.copy())
        return new

    def determinize(self, seat: int, rng: Rng) -> State:
        """A full state `seat` cannot tell from this one: every card it has not seen is
        exchanged at random with the others of its pool, and future chance is reseeded."""
        new = self.clone()
        pools: dict[Any, list[tuple[int, int]]] = {}
        bit = 1 << seat
        for spec in self.table.specs:
            zone_mask = spec.mask
            if zone_mask == ALL_SEATS or zone_mask & bit:
                continue
            key: Any = spec.owner if spec.pool == "owner" else "shared"
            zone = new.zones[spec.index]
            for pos, uid in enumerate(zone):
                if not new.known[uid] & bit:
                    pools.setdefault(key, []).append((spec.index, pos))
        for positions in pools.values():
            uids = sorted(new.zones[zi][pos] for zi, pos in positions)
            rng.shuffle(uids)
            for (zi, pos), uid in zip(positions, uids, strict=True):
                new.zones[zi][pos] = uid
        if self.protected:
            # Protection lies on a place (the amulet on a village card), not on an identity.
            new.protected = {
                new.zones[zi][pos]: self.protected[uid]
                for zi, zone in enumerate(self.zones)
                for pos, uid in enumerate(zone)
                if uid in self.protected
            }
        new.rng = rng.spawn()
        new.after_determinize(seat, rng)
        return new

    def after_determinize(self, seat: int, rng: Rng) -> None:
        """Hook for hidden facts kept outside zones (rare: prefer zones)."""

    # ------------------------------------------------------------------- conveniences
    def check_legal(self, seat: int, action: Action) -> None:
        """Raise IllegalAction (state untouched) unless `action` is legal for `seat` now."""
        if self.is_over() or seat not in self.to_act() or action not in self.legal_actions(seat):
            raise self.explain_illegal(seat, str(action))

    def seats_from(self, first: int) -> Sequence[int]:
        """Seats in clockwise order starting at `first`."""
        n = self.num_players
        return [(first + i) % n for i in range(n)]

    # ------------------------------------------------------------- protected cards
    def protect(self, uid: int, seats: int = ALL_SEATS) -> None:
        """From now on the `seats` (a mask; default everyone) may not look at, take or swap `uid`."""
        self.protected = {**self.protected, uid: seats}

    def unprotect(self, uid: int) -> None:
        self.protected = {k: v for k, v in self.protected.items() if k != uid}

    def is_protected(self, uid: int, seat: int) -> bool:
        """Whether `seat` may not look at, take or swap the card `uid` (no target offers it)."""
        return bool(self.protected.get(uid, 0) & (1 << seat))
