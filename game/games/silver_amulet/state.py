"""Silver's state machine: peeks, turns of one action, exchanges, powers, the amulet, scoring.

Knowledge is exact: a face-down card is known to the seats in its `known` mask (peeks, powers,
the drawn card, having seen it face up); face-up cards are known to all. `determinize`
resamples only the identities of cards the seat has not seen, keeping every card's place,
face and who-knows-it mask, so opponents keep "knowing something" where they looked.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.errors import IllegalAction
from game.engine.events import (
    Event,
    GameOver,
    MarkerChanged,
    Note,
    PhaseBegan,
    ScoreChanged,
)
from game.engine.rng import _GOLDEN, _MASK, Rng
from game.engine.state import State
from game.games.silver_amulet.exchanges import ExchangeSets
from game.games.silver_amulet.legal import MAIN, OVER, PEEK, POWER, RASCAL, TAKEN, TURN, LegalMixin
from game.games.silver_amulet.view_types import SilverPublic, SilverView
from game.games.silver_amulet.village import DRAWN, VillageMixin

if TYPE_CHECKING:
    from game.games.silver_amulet.rules import SilverRules

_new = tuple.__new__  # builds an event without NamedTuple's Python-level __new__ (hot path)
SCORED = "scored"  # between two rounds: this one scored, the next not dealt yet


class SilverState(LegalMixin, VillageMixin, State):
    view_type = SilverView
    mutable_fields = ("peeked", "guard_of", "pending_guards", "totals", "sheet", "sheet_details", "vals", "_village_facts")
    rules: SilverRules
    shows: list[int]  # per uid: the value it shows face up in an exchange, -1 for a doppelgänger
    enders: list[list[int]]  # the uids of each round-ending card

    def __init__(self, rules: SilverRules, num_players: int, seed: int, options: dict[str, Any]):
        super().__init__(rules, num_players, seed, options)
        n = num_players
        self.chars = rules.characters(options)
        self.z_village = [self.zone_index(s, "village") for s in range(n)]
        self.village_zones = frozenset(self.z_village)
        self.village_seat = [-1] * len(self.zones)  # zone index -> the seat whose village it is
        for s, zi in enumerate(self.z_village):
            self.village_seat[zi] = s
        self.z_drawn = [self.zone_index(s, "drawn") for s in range(n)]
        self.z_deck = self.zone_index(None, "deck")
        self.z_aside = self.zone_index(None, "aside")
        self.z_discard = self.zone_index(None, "discard")
        self.add_cards(rules.deck_ids, self.z_deck)
        variants = tuple(options.get(o) for o in rules.variant_options)
        columns = rules.columns.get(variants)  # the same for every match with these variants
        if columns is None:
            self.vals = [rules.value[c] for c in self.card_ids]
            self._set_flags()
            rules.columns[variants] = (self.vals[:], self.flags[:], self.shows[:], self.enders)
        else:
            vals, flags, shown, enders = columns
            self.vals, self.flags, self.shows, self.enders = vals[:], flags[:], shown[:], enders
        self.match_max = rules.match_max
        self.phase = PEEK
        self.step = MAIN
        self.seat = 0
        self.first_seat = 0
        self.round_no = 0
        self.peeked = [False] * n
        self.guard_of = [-1] * len(self.card_ids)
        self.pending_guards: list[int] = []
        self.amulet = -1
        self.amulet_holder: int | None = None
        self.amulet_ready = False
        self.amulet_turn = False
        self.looks_used = 0
        self.caller: int | None = None
        self.power_uid = -1
        self.turn_done = False
        self.totals = [0] * n
        self.sheet: list[list[int]] = []
        self.sheet_details: list[list[dict[str, int]]] = []
        self.end_reason = ""
        self.version = 0  # actions applied: keys the legal-texts cache
        self.turn_no = 0  # turns begun in the game (a bot's memory counts them)
        self._legal_cache: tuple[int, int, list[str], list[Action]] | None = None
        # Per seat, its village's facts (legal.py `_facts`), None once the village changed.
        self._village_facts: list[ExchangeSets | None] = [None] * n
        self._checked: tuple[int, int, str] | None = None  # the last announced set found legal
        # (text, places) of the last exchange `sample_action` drew: apply reads its places
        # instead of parsing the text again (never changed: a new pair replaces it).
        self._drawn_set: tuple[str, list[int]] = ("", [])

    # ------------------------------------------------------------------- set-up
    def start(self) -> None:
        """Round 1: the first player, then the deal (set-up emits no events)."""
        start = self.options.get("start_seat")
        self.first_seat = start if start is not None else self.rng.randrange(self.num_players)
        self._deal_round([])

    def _deal_round(self, events: list[Event]) -> None:
        """Everything back into the deck, shuffled (or stacked), dealt, one card to the discard."""
        rules, zones, n = self.rules, self.zones, self.num_players
        self.round_no += 1
        for zi in (*self.z_village, *self.z_drawn, self.z_aside, self.z_discard):
            if not zones[zi]:
                continue
            # One call per zone (the events `card_move` gives, last card first): a village's
            # events name the place each card left, the row's end each time.
            events += self.move_many(zones[zi][::-1], self.z_deck, reason="collect")
        self._shuffle_deck(self._round_order())
        deck = zones[self.z_deck]  # the deal gave the deck a new list
        self.guard_of = [-1] * len(self.card_ids)
        self.pending_guards = []
        self.amulet = -1
        self.caller = None
        self.power_uid = -1
        self.turn_done = False
        self.end_reason = ""
        self.amulet_ready = self.amulet_holder is not None
        events.append(_new(PhaseBegan, ("round", self.round_no, self.first_seat)))
        size = rules.village_size
        for s in range(n):  # the deck's top cards one by one into the (empty) row, as `card_move` tells them
            events += self.move_many(deck[: -size - 1 : -1], self.z_village[s], reason="deal", actor=s)
        for _ in range(rules.set_aside.get(n, 0)):
            events.append(self.card_move(deck[-1], self.z_deck, self.z_aside, reason="set_aside"))
        events.append(self.card_move(deck[-1], self.z_deck, self.z_discard, face="up", reason="start_discard"))
        self._village_facts = [None] * n
        self.peeked = [False] * n
        self.phase = PEEK
        events.append(_new(PhaseBegan, ("peek", self.round_no, None)))
        if rules.initial_peeks == 0:
            self._begin_turns(events)

    def _shuffle_deck(self, order: list[int]) -> None:
        """The deck in this order (top first), every card face down and unseen: a fresh deal."""
        self.deal(order[::-1], self.z_deck)  # the top of the deck is the end of the list

    def _round_order(self) -> list[int]:
        """This round's deck, top first: the stacked `deck` option, else a shuffle."""
        decks = self.options.get("deck")
        if decks and self.round_no <= len(decks):
            free: dict[str, list[int]] = {}
            for uid, card in enumerate(self.card_ids):
                free.setdefault(card, []).append(uid)
            for uids in free.values():
                uids.reverse()
            return [free[card].pop() for card in decks[self.round_no - 1]]
        order = list(range(len(self.card_ids)))
        self.rng.shuffle(order)
        return order

    def _begin_turns(self, events: list[Event]) -> None:
        self.phase = TURN
        self._start_turn(self.first_seat, events)

    def _set_flags(self) -> None:
        """Per uid, its character's flags (read only), and the uids of each round-ending card."""
        chars = self.chars
        self.flags = [chars[c].flags for c in self.card_ids]
        # Per uid, the value its place shows face up in an exchange (exchanges.py), -1 for a
        # doppelgänger (free to join any set).
        self.shows = [-1 if "match_any" in f else v for f, v in zip(self.flags, self.vals, strict=True)]
        self._set_enders()

    def _set_enders(self) -> None:
        enders: dict[str, list[int]] = {}
        ids = self.card_ids
        for uid in [u for u, flags in enumerate(self.flags) if "ends_round" in flags]:  # every determinization asks
            enders.setdefault(ids[uid], []).append(uid)
        self.enders = list(enders.values())

    # ------------------------------------------------------------- the protocol
    def to_act(self) -> list[int]:
        if self.phase == TURN:
            if self.pending_guards:
                owner = self.owner_of(self.pending_guards[0])
                return [self.seat if owner is None else owner]
            return [self.seat]
        if self.phase == PEEK:
            return [s for s in range(self.num_players) if not self.peeked[s]]
        return []

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        """Points lost so far (lower is better)."""
        return self.totals[:]

    def winners(self) -> list[int]:
        """Lowest total; a tie goes to the tied player holding the amulet, else all tied win."""
        if self.phase != OVER:
            return []
        low = min(self.totals)
        tied = [s for s in range(self.num_players) if self.totals[s] == low]
        if len(tied) > 1 and self.amulet_holder in tied:
            return [self.amulet_holder]
        return tied


    # -------------------------------------------------------------------- apply
    def apply(self, seat: int, action: Action) -> list[Event]:
        text = action.text
        checked = self._checked  # the move sample_action just drew is legal: no check
        if (checked is None or checked[2] is not text or checked[0] != self.version or checked[1] != seat) and not self.is_legal(seat, text):
            raise self.explain_illegal(seat, text)
        self.version += 1
        events: list[Event] = []
        drawn = self._drawn_set
        if drawn[0] == text:  # the exchange sample_action drew: its places are known
            self._exchange(seat, drawn[1], events)
            self._end_turn(events)
            return [] if self.quiet else events
        if text == "draw":  # the commonest moves: no words to split
            self._draw(seat, events)
            return [] if self.quiet else events
        if text == "take discard":  # (a power's `take` always names a card)
            uid = self.zones[self.z_discard][-1]
            if self.quiet:  # `card_move` inlined: no village changes (every random game takes a few dozen times)
                self.relocate(uid, self.z_drawn[seat])
            else:
                events.append(self.move(uid, self.z_drawn[seat], None, None, "take_discard", seat))
            self.step = TAKEN
            return [] if self.quiet else events
        words = text.split()
        verb = words[0]
        # The commonest moves first (a power's own words come after `peek` and `guard`).
        if verb == "exchange":
            self._exchange(seat, [int(w) - 1 for w in words[1:]], events)
            self._end_turn(events)
        elif verb == "peek":
            self._peek(seat, [int(w) - 1 for w in words[1:]], events)
        elif verb == "guard":
            self._guard(seat, int(words[1]) - 1, events)
        elif self.step == POWER:
            self._resolve_power(seat, words, events)
        elif verb == "keep":
            self._keep(seat, int(words[1]) - 1, events)
        elif verb == "call":
            self.caller = seat
            events.append(MarkerChanged("caller", seat, seat))
            self._end_turn(events)
        elif verb == "amulet":
            self._place_amulet(seat, int(words[1]) - 1, events)
        elif verb == "discard":
            events.append(self.card_move(self.zones[self.z_drawn[seat]][0], self.z_drawn[seat], self.z_discard, reason="discard", actor=seat))
            self._end_turn(events)
        elif verb == "use":
            self._use(seat, events)
        else:  # a free look (empath)
            self.looks_used += 1
            self.look_at(seat, seat, int(words[1]) - 1, events)
        return [] if self.quiet else events

    def _peek(self, seat: int, slots: list[int], events: list[Event]) -> None:
        for i in slots:
            self.look_at(seat, seat, i, events)
        self.peeked[seat] = True
        events.append(_new(Note, ("peeked", seat, ())))
        if all(self.peeked):
            self._begin_turns(events)

    def _start_turn(self, seat: int, events: list[Event]) -> None:
        self.turn_no += 1
        self.seat = seat
        self.step = MAIN
        self.looks_used = 0
        self.amulet_turn = False
        if not self.quiet:
            events.append(_new(MarkerChanged, ("turn", seat, seat)))
        facts = self._village_facts[seat] or self._facts(seat)
        to = facts.powers.get("see_deck_top_turn_start")
        if to is not None and self.zones[self.z_deck]:
            self._see_deck_top(seat, to, events)

    def _see_deck_top(self, seat: int, to: str, events: list[Event]) -> None:
        deck = self.zones[self.z_deck]
        uid = deck[-1]
        if to == "all":  # the variant: the top card lies face up on the deck
            events.append(self.reveal(uid))
        else:
            events.append(self.peek(uid, seat))

    def _draw(self, seat: int, events: list[Event]) -> None:
        deck = self.zones[self.z_deck]
        extra = self._own_flag(seat, "extra_draw") is not None and len(deck) >= 2
        zd, quiet = self.z_drawn[seat], self.quiet
        for _ in range(2 if extra else 1):  # `card_move` inlined: no village changes (the commonest move)
            if quiet:
                self.relocate(deck[-1], zd)
            else:
                events.append(self.move(deck[-1], zd, None, None, "draw", seat))
        self.step = RASCAL if extra else DRAWN

    def _keep(self, seat: int, index: int, events: list[Event]) -> None:
        drawn = self.zones[self.z_drawn[seat]]
        other = drawn[1 - index]
        if self._own_flag(seat, "extra_draw") == "discard":
            events.append(self.card_move(other, self.z_drawn[seat], self.z_discard, reason="rascal_discard", actor=seat))
        else:
            events.append(self.card_move(other, self.z_drawn[seat], self.z_deck, reason="back_on_top", actor=seat))
        self.step = DRAWN

    def _place_amulet(self, seat: int, index: int, events: list[Event]) -> None:
        self.amulet = self.zones[self.z_village[seat]][index]
        self._village_facts[seat] = None
        self.amulet_ready = False
        self.amulet_turn = True
        events.append(MarkerChanged("amulet", seat, {"reason": "placed", "slot": index + 1}))

    def _use(self, seat: int, events: list[Event]) -> None:
        """The drawn card is shown; its power is resolved by the next action, then discarded."""
        uid = self.zones[self.z_drawn[seat]][0]
        events.append(self.reveal(uid))
        to = self.chars[self.card_ids[uid]].flags.get("see_deck_top_use")
        if to is not None:
            self._see_deck_top(seat, to, events)
        self.power_uid = uid
        self.step = POWER

    def _resolve_power(self, seat: int, words: list[str], events: list[Event]) -> None:
        uid = self.power_uid
        power = self.chars[self.card_ids[uid]].power
        assert power is not None
        power.resolve(self, seat, words, events)
        self.power_uid = -1
        events.append(self.card_move(uid, self.z_drawn[seat], self.z_discard, reason="use", actor=seat))
        self._end_turn(events)

    def _guard(self, seat: int, index: int, events: list[Event]) -> None:
        bodyguard = self.pending_guards.pop(0)
        self.guard_of[bodyguard] = self.zones[self.z_village[seat]][index]
        events.append(_new(MarkerChanged, ("guard", seat, {"reason": "chosen", "slot": index + 1})))
        if not self.pending_guards and self.turn_done:
            self._end_turn(events)

    # ------------------------------------------------------------- turn and round end
    def _end_turn(self, events: list[Event]) -> None:
        """After a turn's action (and any bodyguard's choice): a round ending, or the next seat."""
        if self.pending_guards:
            self.pending_guards = [u for u in self.pending_guards if self._may_guard(u)]
            if self.pending_guards:
                self.turn_done = True
                return
        self.turn_done = False
        reason = self._round_end_reason()
        if reason:
            self._end_round(reason, events)
            return
        self._start_turn((self.seat + 1) % self.num_players, events)

    def _round_end_reason(self) -> str:
        zones, face_up, where, villages = self.zones, self.faces(), self.locations(), self.village_zones
        for uids in self.enders:  # every copy of a round-ending card face up in the villages
            for u in uids:
                if not face_up[u] or where[u] not in villages:
                    break
            else:
                return "villagers"
        if not zones[self.z_deck]:
            return "deck"
        if self.caller is not None and (self.seat + 1) % self.num_players == self.caller:
            return "called"
        return ""

    def _end_round(self, reason: str, events: list[Event]) -> None:
        n, zones, vals = self.num_players, self.zones, self.vals
        self.end_reason = reason
        events.append(_new(Note, ("end_" + reason, None, ())))
        events.append(_new(PhaseBegan, ("reveal", self.round_no, None)))
        face_up, reveal = self.faces(), self.reveal
        for s in range(n):
            for uid in zones[self.z_village[s]]:
                if not face_up[uid]:
                    events.append(reveal(uid))  # the villages' facts are dropped below
        village_totals = [sum(map(vals.__getitem__, zones[self.z_village[s]])) for s in range(n)]
        lost = village_totals[:]
        details: list[dict[str, int]] = [{"village": t} for t in village_totals]
        caller = self.caller
        if caller is not None:
            total = village_totals[caller]
            if total <= min(village_totals):
                lost[caller] = 0
                details[caller]["caller_bonus"] = -total
                events.append(Note("caller_lowest", caller, (("total", total),)))
            else:
                lost[caller] = total + self.rules.caller_penalty
                details[caller]["caller_penalty"] = self.rules.caller_penalty
                events.append(Note("caller_not_lowest", caller, (("total", total),)))
        for s in range(n):
            self.totals[s] += lost[s]
            events.append(_new(ScoreChanged, (s, lost[s], self.totals[s], "round_end", tuple(details[s].items()))))
        self.sheet.append(lost)
        self.sheet_details.append(details)
        if self.amulet >= 0:
            events.append(MarkerChanged("amulet", self.amulet_holder, {"reason": "returned"}))
            self.amulet = -1
        self._village_facts = [None] * n  # every village turned face up
        if caller is not None and lost[caller] == 0 and self.amulet_holder != caller:
            self.amulet_holder = caller
            events.append(MarkerChanged("amulet", caller, caller))
        if self.round_no >= self.rules.rounds:
            self.phase = OVER
            events.append(GameOver(tuple(self.winners()), tuple(self.totals)))
            return
        low = min(lost)
        self.first_seat = next(s for s in self.seats_from(self.first_seat) if lost[s] == low)
        self.phase = SCORED  # until the next deal (a quiet play-out stops here: nothing is dealt)
        if self.end_of_round():
            return
        self._deal_round(events)

    # -------------------------------------------------------------------- knowledge
    def determinize(self, seat: int, rng: Rng, kept: tuple[int, ...] = (), tilt: float = 0.0) -> SilverState:
        """A state `seat` cannot tell from this one: the identities of the cards it has not
        seen are shuffled among their places; places, faces and knowledge masks stay. The
        places at the indices `kept` of `unseen_places(seat)` get identities drawn with weights
        exp(-tilt * value): the bots' model of cards their owners chose to keep (ai.py
        `determinizer`); the others are uniform.

        Silver keeps the engine's uid-shuffling determinize out on purpose: the amulet, the
        bodyguards' guards and the power being used point at cards by uid, and the other seats'
        memories (who peeked where) must stay at their places; so the card table's ids (and
        attributes) are permuted instead, in the clone only."""
        new: SilverState = self.clone()  # type: ignore[assignment]
        new.resample(self.unseen_places(seat), rng, kept, tilt)
        cache = self._legal_cache
        if cache is not None and cache[1] == seat:  # the seat's own moves depend only on what it saw
            new._legal_cache = cache
        new.rng = rng.spawn()
        return new

    def unseen_places(self, seat: int) -> list[int]:
        """The uids (places) whose identity `seat` has not seen."""
        bit = 1 << seat
        known, zones, masks = self.knowledge(), self.zones, self.table.masks
        places: list[int] = []
        for spec in self.table.specs:
            if not masks[spec.index] & bit:
                places += [u for u in zones[spec.index] if not known[u] & bit]
        return places

    def resample(self, places: list[int], rng: Rng, kept: tuple[int, ...] = (), tilt: float = 0.0) -> None:
        """Shuffle the identities (ids, attributes, values) of the cards at these places, on
        this state only (a clone: the card table's static tuples are replaced, not changed).
        The places at the indices `kept` of `places` draw theirs first, without replacement,
        with weights exp(-tilt * value); the others get the rest uniformly."""
        old_ids, old_attrs, old_vals = self.cards.ids, self.cards.attrs, self.vals[:]
        order = places[:]
        rng.shuffle(order)
        if kept and tilt > 0.0:
            _tilted_order(order, kept, old_vals, tilt, rng)
        ids, attrs, vals = list(old_ids), list(old_attrs), self.vals
        old_flags, old_shown = self.flags, self.shows
        flags, shown = self.flags, self.shows = old_flags[:], old_shown[:]
        for uid, src in zip(places, order, strict=True):
            ids[uid], attrs[uid], vals[uid], flags[uid] = old_ids[src], old_attrs[src], old_vals[src], old_flags[src]
            shown[uid] = old_shown[src]
        self.cards.ids = self.card_ids = tuple(ids)
        self._set_enders()
        self.cards.attrs = tuple(attrs)
        self.cards._columns = {}  # cached attribute columns describe the old identities
        self._legal_cache = None  # another seat's legal moves may depend on a resampled card (`use`)
        self._village_facts = [None] * self.num_players
        self._checked = None

    # -------------------------------------------------------------------- views
    def public_view(self, seat: int | None) -> SilverPublic:
        from game.games.silver_amulet.view import public_view

        return public_view(self, seat)

    def explain_illegal(self, seat: int, text: str) -> IllegalAction:
        from game.games.silver_amulet.view import explain_illegal

        return explain_illegal(self, seat, text)


_TILTS: dict[float, list[float]] = {}  # tilt -> exp(-tilt * value) for values 0..63
_TRIES = 16  # draws per kept place before the last one drawn is taken


def _tilted_order(order: list[int], kept: tuple[int, ...], vals: list[int], tilt: float, rng: Rng) -> None:
    """Rearrange `order` (the sources of the places, shuffled) so that each place at the
    indices `kept` takes a source drawn among those not yet given to a kept place with
    weights exp(-tilt * value): a source drawn uniformly is accepted with its weight (one
    draw gives both, the index and the acceptance), else drawn again. Its old source takes the
    drawn one's place, so the other places keep a uniform share of the rest."""
    weights = _TILTS.get(tilt)
    if weights is None:
        weights = _TILTS[tilt] = [math.exp(-tilt * v) for v in range(64)]
    size = len(order)
    fixed: set[int] = set()
    s = rng.state  # `rng.random()` inlined (the same draws): every determinization draws here
    for i in kept:
        j = i
        for _ in range(_TRIES):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            r = ((z ^ (z >> 31)) >> 11) * (1.0 / 9007199254740992.0) * size
            j = int(r)
            if j in fixed:
                continue
            if r - j < weights[vals[order[j]]]:
                break
        if j in fixed:
            j = i
        order[i], order[j] = order[j], order[i]
        fixed.add(i)
    rng.state = s
