"""Village mechanics of Silver's state: exchanges (single, matched, failed), the bodyguard's
guard, and the primitives the powers of effects.py call (look, turn, master, witch, robber).

A mixin of `SilverState` (state.py), split out to keep each file readable; it reads the
state's zones, faces and knowledge masks and changes them only through `move` and these methods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.cards import QUIET_MOVE, CardTable
from game.engine.events import CardMoved, CardRevealed, CardSeen, Event, Note

_new = tuple.__new__  # builds an event without NamedTuple's Python-level __new__ (hot path)

DRAWN = "drawn"


class VillageMixin:
    """Exchanges and power primitives (see the module docstring)."""

    zones: list[list[int]]
    z_village: list[int]
    village_zones: frozenset[int]
    z_drawn: list[int]
    z_deck: int
    z_discard: int
    card_ids: list[str] | tuple[str, ...]
    cards: CardTable
    vals: list[int]
    flags: list[dict[str, Any]]  # uid -> its character's flags (state.py)
    guard_of: list[int]
    pending_guards: list[int]
    amulet: int  # uid of the village card under the amulet, -1: none (not the engine's `protected` map)
    step: str
    chars: dict[str, Any]
    rules: Any
    quiet: bool  # a play-out's copy: moves build no events (the engine's quiet mode)
    village_seat: list[int]  # zone index -> the seat whose village it is, -1: not a village
    _village_facts: list[Any]  # per seat: its village's facts, None once it changed (legal.py)

    @property
    def known(self) -> list[int]:
        """Per uid, the seats that saw the card (the engine card table's masks; read only)."""
        return self.knowledge()

    @property
    def face_up(self) -> list[bool]:
        """Per uid, whether the card lies face up (the engine card table's faces; read only)."""
        return self.faces()

    if TYPE_CHECKING:  # provided by the engine's State (never defined here: it would shadow it)

        def move(self, uid: int, zone: int, slot: int | None = None, face: str | None = None,
                 reason: str = "", actor: int | None = None) -> CardMoved: ...

        def relocate(self, uid: int, zone: int, slot: int | None = None, face: str | None = None) -> None: ...

        def reveal(self, uid: int, actor: int | None = None) -> CardRevealed: ...

        def peek(self, uid: int, seat: int) -> CardSeen: ...

        def faces(self) -> list[bool]: ...

        def knowledge(self) -> list[int]: ...

        def _facts(self, seat: int) -> Any: ...  # LegalMixin: the village's facts

    # ----------------------------------------------------------------- exchanges
    def _exchange(self, seat: int, slots: list[int], events: list[Event]) -> None:
        """One card for one (it takes the slot), or several: matched (all discarded, the new card
        takes the leftmost slot) or failed (all stay face up, the new card and maybe a penalty
        card go to the right end)."""
        zv, zd = self.z_village[seat], self.z_drawn[seat]
        village = self.zones[zv]
        new = self.zones[zd][0]
        from_deck = self.step == DRAWN
        if len(slots) > 1:
            announced = list(map(village.__getitem__, slots))
            face_up, flags, vals = self.faces(), self.flags, self.vals
            flipped = []  # turned face up below, in the announced order
            shown, failed = -1, False  # the value the announced cards show (doppelgängers aside)
            for uid in announced:  # (one loop: comprehensions cost a call each)
                if not face_up[uid]:
                    flipped.append(uid)
                if "match_any" not in flags[uid]:
                    if shown < 0:
                        shown = vals[uid]
                    elif vals[uid] != shown:
                        failed = True
            if flipped:  # `reveal_at`, inlined
                self._village_facts[seat] = None
                for uid in flipped:
                    events.append(self.reveal(uid))
            if failed:
                events.append(_new(Note, ("exchange_failed", seat, (("count", len(slots)),))))
                for uid in flipped:
                    if "guard" in flags[uid]:
                        self._queue_guard(uid)
                self._put(new, zd, zv, len(village), "failed_new", seat, face_up=not from_deck, events=events)
                if len(slots) >= self.rules.penalty_from:
                    deck = self.zones[self.z_deck]
                    if deck:
                        self._put(deck[-1], self.z_deck, zv, len(village), "penalty", seat, face_up=False, events=events)
                    else:
                        events.append(Note("no_penalty", seat))
                return
            events.append(_new(Note, ("exchange_matched", seat, (("count", len(slots)),))))
        else:
            announced = [village[slots[0]]]
        for uid in announced:
            self._leave_village(uid)
            events.append(self.card_move(uid, zv, self.z_discard, reason="exchange", actor=seat))
        self._put(new, zd, zv, slots[0], "into_village", seat, face_up=not from_deck, events=events)

    def _put(self, uid: int, src: int, dst: int, index: int, reason: str, actor: int, face_up: bool, events: list[Event]) -> None:
        """Move a card into a village place (a slot, or the end), face up or as villages lie."""
        events.append(self.card_move(uid, src, dst, index, "up" if face_up else None, reason, actor))
        if face_up:
            self._queue_guard(uid)

    def _leave_village(self, uid: int) -> None:
        """A card leaves a village: a bodyguard stops guarding, a guarded card is free."""
        guard_of = self.guard_of
        guard_of[uid] = -1
        if self.amulet == uid:
            self.amulet = -1
        if uid in guard_of:
            for bodyguard, guarded in enumerate(guard_of):
                if guarded == uid:
                    guard_of[bodyguard] = -1

    def _queue_guard(self, uid: int) -> None:
        """A bodyguard that turns face up in a village (or enters one face up) will ask its
        owner for the card it guards, once the action is done."""
        if "guard" in self.flags[uid] and self.faces()[uid] and uid not in self.pending_guards:
            self.pending_guards.append(uid)

    def _may_guard(self, uid: int) -> bool:
        """Still a face-up bodyguard in a village with another card to guard."""
        owner = self.owner_of(uid)
        return owner is not None and self.face_up[uid] and len(self.zones[self.z_village[owner]]) > 1

    # ---------------------------------------------------------------- secrets
    # Faces and knowledge change only through the engine's secrets API (game/engine/cards.py).
    def card_move(self, uid: int, src: int, dst: int, slot: int | None = None, face: str | None = None,
                  reason: str = "", actor: int | None = None) -> CardMoved:
        """Move a card (at position `slot` of `dst`, else on top / at the end). face None: it
        lies as the zone says and whoever saw it still knows it; "up": shown to everyone.
        A village is an ordered row: its events carry the card's place in it (0-based)."""
        seat_of = self.village_seat
        from_seat, to_seat = seat_of[src], seat_of[dst]
        if from_seat >= 0:
            self._village_facts[from_seat] = None
        if to_seat >= 0:
            self._village_facts[to_seat] = None
        if self.quiet:
            self.relocate(uid, dst, slot, face)
            return QUIET_MOVE
        return self.move(uid, dst, slot, face, reason, actor)

    def reveal_at(self, owner: int, index: int, actor: int | None = None) -> CardRevealed:
        """Turn a village card face up (the event names its place in the row, and `actor`, the
        seat whose power turned it)."""
        self._village_facts[owner] = None
        return self.reveal(self.zones[self.z_village[owner]][index], actor)

    # -------------------------------------------------------- what powers call
    def owner_of(self, uid: int) -> int | None:
        """The seat whose village holds `uid` (None: not in a village)."""
        for s, zi in enumerate(self.z_village):
            if uid in self.zones[zi]:
                return s
        return None

    def guarded(self, owner: int, uid: int) -> bool:
        """Whether a face-up bodyguard of `owner`'s village protects `uid` from opponents."""
        flags, face_up, guard_of = self.flags, self.faces(), self.guard_of
        for bg in self.zones[self.z_village[owner]]:
            if face_up[bg] and "guard" in flags[bg] and (bg == uid or guard_of[bg] == uid):
                return True
        return False

    def guarded_set(self, owner: int) -> set[int]:
        """Every card of `owner`'s village its face-up bodyguards protect from opponents."""
        out: set[int] = set()
        facts = self._village_facts[owner] or self._facts(owner)
        if "guard" not in facts.powers:  # no face-up bodyguard (a power's targets ask at every draw)
            return out
        flags, face_up, guard_of = self.flags, self.faces(), self.guard_of
        for bg in self.zones[self.z_village[owner]]:
            if face_up[bg] and "guard" in flags[bg]:
                out.add(bg)
                if guard_of[bg] >= 0:
                    out.add(guard_of[bg])
        return out

    def _flip(self, owner: int, index: int, events: list[Event], guard: bool = True, actor: int | None = None) -> None:
        uid = self.zones[self.z_village[owner]][index]
        events.append(self.reveal_at(owner, index, actor))
        if guard:
            self._queue_guard(uid)

    def turn_face_up(self, owner: int, index: int, events: list[Event], actor: int | None = None) -> None:
        self._flip(owner, index, events, actor=actor)

    def look_at(self, seat: int, owner: int, index: int, events: list[Event]) -> None:
        event = self.peek(self.zones[self.z_village[owner]][index], seat)
        if not self.quiet:
            events.append(event)

    def master_take(self, seat: int, pile_index: int, slot: int, events: list[Event]) -> None:
        pile = self.zones[self.z_discard]
        taken = pile[len(pile) - 1 - pile_index]
        zv = self.z_village[seat]
        old = self.zones[zv][slot]
        self._put(taken, self.z_discard, zv, slot, "master_take", seat, face_up=True, events=events)
        self._leave_village(old)
        events.append(self.card_move(old, zv, self.z_discard, reason="exchange", actor=seat))

    def witch_swap(self, seat: int, owner: int, slot: int, events: list[Event]) -> None:
        deck = self.zones[self.z_deck]
        top = deck[-1]
        zv = self.z_village[owner]
        old = self.zones[zv][slot]
        self._put(top, self.z_deck, zv, slot, "witch_in", seat, face_up=False, events=events)
        self._leave_village(old)
        events.append(self.card_move(old, zv, self.z_deck, reason="witch_out", actor=seat))

    def witch_leave(self, seat: int, events: list[Event]) -> None:
        events.append(Note("witch_leaves", seat))

    def rob(self, seat: int, slot: int, other: int, other_slot: int, look_after: bool, events: list[Event]) -> None:
        mine_z, theirs_z = self.z_village[seat], self.z_village[other]
        mine, theirs = self.zones[mine_z][slot], self.zones[theirs_z][other_slot]
        self._leave_village(mine)
        self._leave_village(theirs)
        self._put(mine, mine_z, theirs_z, other_slot, "rob", seat, face_up=self.face_up[mine], events=events)
        self._put(theirs, theirs_z, mine_z, slot, "rob", seat, face_up=self.face_up[theirs], events=events)
        if look_after and not self.face_up[theirs]:
            self.look_at(seat, seat, slot, events)

