"""What is legal now in Silver: listing the legal actions, drawing one at random without
listing them, and checking one text (a mixin of `SilverState`, state.py, split out by
responsibility: state.py applies the actions).

WHY the three ways: a long village allows thousands of exchange sets, so the bots' play-outs and
the random bot never list them (`sample_action` ranks them, exchanges.py; `is_legal` checks the
few a policy considers); the listing stays for the table, the tree search and the tests.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action, ActionForm
from game.engine.errors import TableeError
from game.engine.rng import Rng
from game.games.silver_amulet.actions import (
    AMULET,
    CALL,
    DISCARD,
    DRAW,
    EXCHANGE,
    GUARD,
    KEEP,
    TAKE,
    USE,
)
from game.games.silver_amulet.actions import PEEK as PEEK_FORM  # PEEK is a phase here
from game.games.silver_amulet.exchanges import ExchangeSets, allows, exchange_text
from game.games.silver_amulet.village import DRAWN

if TYPE_CHECKING:
    from collections.abc import Callable

PEEK, TURN, OVER = "peek", "turn", "over"
MAIN, TAKEN, RASCAL, POWER = "main", "taken", "rascal", "power"


class _Interned(dict[str, Action]):
    """One immutable Action per text, shared by every state (bots list thousands per second)."""

    def __missing__(self, text: str) -> Action:
        action = self[text] = Action(text)
        return action


_ACTIONS = _Interned()


def _exchange_of(places: list[int]) -> Action:
    """The shared Action announcing these ascending 0-based places."""
    key = tuple(places)
    action = _EXCHANGES.get(key)
    if action is None:
        if len(_EXCHANGES) > 100_000:
            _EXCHANGES.clear()
        action = _EXCHANGES[key] = _ACTIONS[exchange_text(places)]
    return action


def action_of(text: str) -> Action:
    """The shared Action of a text (legal or not: check with `SilverState.is_legal`)."""
    return _ACTIONS[text]


# The turn's first moves before the amulet and the free looks (`_main_texts`), by whether the
# discard pile has a card and whether the seat may call; after a draw, by whether `use` is legal.
_DRAW, _TAKE, _CALL = DRAW.text(), TAKE.text(), CALL.text()
_MAIN_HEADS = (([_DRAW], [_DRAW, _CALL]), ([_DRAW, _TAKE], [_DRAW, _TAKE, _CALL]))
_DRAWN_HEADS = ([DISCARD.text()], [DISCARD.text(), USE.text()])
_KEEPS = [KEEP.text(0), KEEP.text(1)]
_SAMPLED_STEPS = frozenset((MAIN, DRAWN, TAKEN))  # the steps `sample_action` draws without a listing
_PEEKS: dict[tuple[int, int], list[str]] = {}  # (village size, peeks) -> the peek texts (every round lists them)
_SLOT_TEXTS: dict[str, list[str]] = {}  # verb -> "verb 1", "verb 2"...: the texts naming one own place
_EXCHANGES: dict[tuple[int, ...], Action] = {}  # places (0-based) -> the shared exchange action


def _slot_texts(form: ActionForm, size: int) -> list[str]:
    """`verb N` of a one-place form for the places 1..size of a village (listed often: built
    once per form)."""
    texts = _SLOT_TEXTS.get(form.verb)
    if texts is None or len(texts) < size:
        texts = _SLOT_TEXTS[form.verb] = [form.text(i) for i in range(max(size, 24))]
    return texts[:size]


class LegalMixin:
    """The legal actions of a seat (see the module docstring)."""

    version: int
    _legal_cache: tuple[int, int, list[str], list[Action]] | None
    _village_facts: list[ExchangeSets | None]
    _checked: tuple[int, int, str] | None
    _drawn_set: tuple[str, list[int]]
    phase: str
    step: str
    seat: int
    pending_guards: list[int]
    peeked: list[bool]
    zones: list[list[int]]
    z_village: list[int]
    z_drawn: list[int]
    z_discard: int
    rules: Any
    chars: dict[str, Any]
    card_ids: list[str] | tuple[str, ...]
    flags: list[dict[str, Any]]
    vals: list[int]
    faces: Callable[[], list[bool]]  # the engine's read-only faces (game.engine.cards)
    match_max: int
    power_uid: int
    caller: int | None
    amulet: int
    amulet_turn: bool
    amulet_holder: int | None
    amulet_ready: bool
    looks_used: int

    if TYPE_CHECKING:  # provided by VillageMixin (never defined here: it would shadow it)

        def owner_of(self, uid: int) -> int | None: ...

        @property
        def face_up(self) -> list[bool]: ...

    def legal_actions(self, seat: int) -> list[Action]:
        """The legal actions (a fresh list; the Action objects are shared, being immutable)."""
        cache = self._legal_cache
        if cache is None or cache[0] != self.version or cache[1] != seat:
            self.legal_texts(seat)
            cache = self._legal_cache
        assert cache is not None
        return cache[3][:]

    def legal_texts(self, seat: int) -> list[str]:
        """The legal action texts of `seat` now (cached until the next apply: they depend only
        on public facts and the seat's step, which a clone or determinization shares)."""
        cache = self._legal_cache
        if cache is not None and cache[0] == self.version and cache[1] == seat:
            return cache[2]
        texts = self._legal_texts(seat)
        self._legal_cache = (self.version, seat, texts, list(map(_ACTIONS.__getitem__, texts)))
        return texts

    def sample_action(self, seat: int, rng: Rng) -> Action:
        """`legal_actions(seat)[rng.randrange(n)]` without listing the exchanges: after a draw or
        a take, the k-th legal set is built from binomial counts (exchanges.py), so a random
        move costs the village's size, not the thousands of sets a long village allows. The
        drawn text is remembered as legal, so `apply` does not check it again."""
        cache = self._legal_cache
        version = self.version
        if (
            (cache is None or cache[0] != version or cache[1] != seat)
            and self.phase == TURN and seat == self.seat and not self.pending_guards
            and self.step in _SAMPLED_STEPS
        ):
            facts = self._village_facts[seat] or self._facts(seat)
            # the amulet and free-look moves (`_extra_texts`), counted without listing them
            extra = self._amulet_places(seat)
            looks = facts.looks
            if looks is not None and looks[1] > self.looks_used:
                extra += facts.face_down
            step = self.step
            if step == MAIN:
                may_call = (  # `_may_call`, inlined
                    self.caller is None and not self.amulet_turn and len(self.zones[self.z_village[seat]]) <= self.rules.call_max_cards
                )
                head = _MAIN_HEADS[self._may_take(seat)][may_call]
                index = rng.randrange(len(head) + extra)
                text = head[index] if index < len(head) else self._extra_texts(seat)[index - len(head)]
            else:
                head = (_DRAWN_HEADS[1] if self._power_usable(seat) else _DRAWN_HEADS[0]) if step == DRAWN else []
                total = facts.total
                index = rng.randrange(len(head) + total + extra) - len(head)
                if index < 0:
                    text = head[index]
                elif index < total:
                    places = facts.nth(index)
                    action = _exchange_of(places)
                    text = action.text
                    self._drawn_set = (text, places)
                    self._checked = (version, seat, text)
                    return action
                else:
                    text = self._extra_texts(seat)[index - total]
            self._checked = (version, seat, text)
            return _ACTIONS[text]
        actions = self.legal_actions(seat)
        if not actions:
            raise TableeError(f"seat {seat} has no legal action now")
        action = actions[rng.randrange(len(actions))]
        self._checked = (version, seat, action.text)
        return action

    def _facts(self, seat: int) -> ExchangeSets:
        """The seat's village facts (its exchange sets, face-up powers, face-down count), kept
        until that village changes: every change of a village's cards, faces or amulet goes
        through `card_move`, `reveal_at`, `_place_amulet` or a new deal, which drop them."""
        facts = self._village_facts[seat]
        if facts is None:
            facts = self._village_facts[seat] = ExchangeSets(self, seat)
        return facts

    def _exchange_step(self, seat: int) -> bool:
        """Whether `seat` now holds a drawn or taken card to exchange (its turn, no guard due)."""
        return self.phase == TURN and not self.pending_guards and seat == self.seat and self.step in (DRAWN, TAKEN)

    def _main_step(self, seat: int) -> bool:
        """Whether `seat` is at the start of its turn (draw, take, call, amulet, free looks)."""
        return self.phase == TURN and not self.pending_guards and seat == self.seat and self.step == MAIN

    def _main_texts(self, seat: int) -> list[str]:
        """The turn's first moves, before the amulet and the free looks (`_extra_texts`)."""
        return _MAIN_HEADS[self._may_take(seat)][self._may_call(seat)][:]

    def _head_texts(self, seat: int) -> list[str]:
        """The legal texts listed before the exchanges at an exchange step."""
        if self.step != DRAWN:
            return []
        return _DRAWN_HEADS[self._power_usable(seat)][:]

    def is_legal(self, seat: int, text: str) -> bool:
        """Whether `text` is legal for `seat` now. At an exchange step nothing is listed: an
        announced set is checked directly (apply calls this on every action, and the bots'
        play-outs ask it about the few moves they consider)."""
        if self.phase == OVER:
            return False
        if self._checked == (self.version, seat, text):
            return True
        cache = self._legal_cache
        if cache is not None and cache[0] == self.version and cache[1] == seat:
            return text in cache[2]
        if self._main_step(seat):
            if text == "draw":
                return True
            if text == "take discard":
                return self._may_take(seat)
            if text == "call count":
                return self._may_call(seat)
            return text in self._extra_texts(seat)
        if not self._exchange_step(seat):
            return text in self.legal_texts(seat)
        if text.startswith("exchange "):
            words = text.split()[1:]
            if not all(w.isascii() and w.isdecimal() for w in words):
                return False
            places = [int(w) - 1 for w in words]
            if exchange_text(places) != text or not allows(self, seat, places):
                return False
            self._checked = (self.version, seat, text)  # apply will not check it again
            return True
        if text == "discard":
            return self.step == DRAWN
        if text == "use":
            return self.step == DRAWN and self._power_usable(seat)
        return text in self._extra_texts(seat)

    def exchange_action(self, seat: int, places: list[int]) -> Action | None:
        """The exchange of these ascending 0-based village places if `seat` may announce it
        now, else None: `is_legal` for a set the caller built, without writing and parsing its
        text (the bots' play-outs and search tree ask about a few sets at every turn). Like
        `sample_action`, it tells `apply` the set is checked and where its places are."""
        if not places or not self._exchange_step(seat) or not allows(self, seat, places):
            return None
        action = _exchange_of(places)
        self._drawn_set = (action.text, places)
        self._checked = (self.version, seat, action.text)
        return action

    def _legal_texts(self, seat: int) -> list[str]:
        if self.phase == TURN:
            if self.pending_guards:
                bodyguard = self.pending_guards[0]
                owner = self.owner_of(bodyguard)
                if seat != owner:
                    return []
                village = self.zones[self.z_village[owner]]
                texts = _slot_texts(GUARD, len(village))
                return [texts[i] for i, u in enumerate(village) if u != bodyguard]
            if seat != self.seat:
                return []
            step = self.step
            if step == MAIN:
                out = self._main_texts(seat)
            elif step == DRAWN:
                out = self._head_texts(seat) + self._exchange_texts(seat)
            elif step == TAKEN:
                out = self._exchange_texts(seat)
            elif step == RASCAL:
                return _KEEPS[:]
            else:
                power = self.chars[self.card_ids[self.power_uid]].power
                return power.texts(self, seat) if power is not None else []
            return out + self._extra_texts(seat)
        if self.phase == PEEK and not self.peeked[seat]:
            key = (len(self.zones[self.z_village[seat]]), self.rules.initial_peeks)
            peeks = _PEEKS.get(key)
            if peeks is None:
                size, count = key
                peeks = _PEEKS[key] = [PEEK_FORM.text(c) for c in combinations(range(size), min(count, size))]
            return peeks[:]
        return []

    def _may_take(self, seat: int) -> bool:
        """Whether the seat may take the discard: the pile has a card and the village a card
        off the amulet, since the taken card's exchange is compulsory (a one-card village under
        the amulet would be left with no legal move)."""
        if not self.zones[self.z_discard]:
            return False
        village = self.zones[self.z_village[seat]]
        return len(village) > 1 or village[0] != self.amulet

    def _amulet_places(self, seat: int) -> int:
        """How many places the seat may put the amulet on now (`amulet 1`..`amulet N`): any of
        its village while it holds an unplaced amulet, none while a taken card waits in a
        one-card village (protecting that card would leave the exchange impossible)."""
        if self.amulet_holder != seat or not self.amulet_ready:
            return 0
        size = len(self.zones[self.z_village[seat]])
        return 0 if size == 1 and self.step == TAKEN else size

    def _may_call(self, seat: int) -> bool:
        return (
            self.caller is None
            and not self.amulet_turn
            and len(self.zones[self.z_village[seat]]) <= self.rules.call_max_cards
        )

    def _extra_texts(self, seat: int) -> list[str]:
        """Not actions of the turn: placing the amulet, an empath's look."""
        out = []
        village = self.zones[self.z_village[seat]]
        places = self._amulet_places(seat)
        if places:
            out += _slot_texts(AMULET, places)
        looks = self._free_looks(seat)
        if looks is not None and looks[1] > self.looks_used:
            face_up, amulet = self.faces(), self.amulet
            texts = _slot_texts(self.rules.look_forms[looks[0]], len(village))
            out += [texts[i] for i, u in enumerate(village) if not face_up[u] and u != amulet]
        return out

    def _extra_count(self, seat: int) -> int:
        """How many texts `_extra_texts` lists, without building them (a random move rarely
        picks one)."""
        facts = self._village_facts[seat] or self._facts(seat)
        count = self._amulet_places(seat)
        looks = facts.looks
        if looks is not None and looks[1] > self.looks_used:
            count += facts.face_down
        return count

    def _free_looks(self, seat: int) -> tuple[str, int] | None:
        """(word, looks per turn) of the seat's face-up free-look cards (empaths), or None."""
        return (self._village_facts[seat] or self._facts(seat)).looks

    def _own_flag(self, seat: int, kind: str) -> Any:
        """The value of a continuous power on a face-up card of the seat's village (the first
        in the row), or None."""
        return (self._village_facts[seat] or self._facts(seat)).powers.get(kind)

    def _power_usable(self, seat: int) -> bool:
        uid = self.zones[self.z_drawn[seat]][0]
        power = self.chars[self.card_ids[uid]].power
        return power is not None and power.available(self, seat)

    def _exchange_texts(self, seat: int) -> list[str]:
        """Every set of own cards that may be announced: unprotected, and whose face-up cards
        (doppelgängers aside) share one value, at most as many as can match. Built from the
        groups (the cards still unknown to all or jokers, plus one value of face-up cards) so
        that only valid sets are ever enumerated."""
        village = self.zones[self.z_village[seat]]
        face_up, vals, flags = self.faces(), self.vals, self.flags
        free: list[int] = []
        by_value: dict[int, list[int]] = {}
        for i, u in enumerate(village):
            if u == self.amulet:
                continue
            if face_up[u] and "match_any" not in flags[u]:
                by_value.setdefault(vals[u], []).append(i)
            else:
                free.append(i)
        key = (len(village), self.amulet in village and village.index(self.amulet), tuple(free), tuple(tuple(g) for g in by_value.values()))
        cache = self.rules.exchange_cache
        texts = cache.get(key)
        if texts is None:
            if len(cache) > 100_000:
                cache.clear()
            texts = cache[key] = self._exchange_sets(village, free, list(by_value.values()))
        return texts

    def _exchange_sets(self, village: list[int], free: list[int], groups: list[list[int]]) -> list[str]:
        top = self.match_max
        sets: list[tuple[int, ...]] = [(i,) for i, u in enumerate(village) if u != self.amulet]
        for size in range(2, min(len(free), top) + 1):
            sets += combinations(free, size)
        for shown in groups:
            for k in range(1, min(len(shown), top) + 1):
                for part in combinations(shown, k):
                    for extra in range(max(0, 2 - k), min(len(free), top - k) + 1):
                        for rest in combinations(free, extra):
                            sets.append(tuple(sorted(part + rest)))
        sets.sort(key=lambda combo: (len(combo), combo))
        return [EXCHANGE.text(combo) for combo in sets]
