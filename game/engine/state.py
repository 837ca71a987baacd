"""The State protocol every game implements, with the parts written once for all games.

Games subclass `State` and implement the rules (`to_act`, `legal_actions`, `apply`, `is_over`,
`scores`, `winners`). `view`, `clone` and `determinize` are generic: they work from the zones,
their declared visibility and the card table (game/engine/cards.py), so secrets live in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from functools import partial
from types import MappingProxyType
from typing import Any, ClassVar, Protocol, cast

from game.engine.actions import Action
from game.engine.cards import CardsMixin, CardTable
from game.engine.errors import IllegalAction, TableeError
from game.engine.events import ALL_SEATS, Event
from game.engine.rng import Rng
from game.engine.views import View
from game.engine.zones import ZoneTable


class GameRules(Protocol):
    """What a state reads of its game's rules (game/engine/rules.py's `Rules` has it; a game's
    state declares its own Rules subclass for the rest): rules make states, a state never
    imports them."""

    game_id: str
    card_attrs: dict[str, Mapping[str, Any]]

    def zone_table(self, num_players: int) -> ZoneTable: ...


class State(CardsMixin):
    """A match in progress. Mutable; `clone()` gives an independent copy cheaply."""

    # Fields a subclass adds that hold mutable containers, copied (one level) by clone().
    mutable_fields: tuple[str, ...] = ()
    # Cards some seats may not look at, take or swap (Silver's amulet): uid -> mask of those
    # seats. Replaced on change, never mutated, so clones share it at no cost.
    protected: Mapping[int, int] = MappingProxyType({})
    # The shape of this game's views (game/engine/views.py): `View` and the game's own keys,
    # a TypedDict declared beside the game's `public_view`.
    view_type: ClassVar[type] = View

    def __init__(self, rules: GameRules, num_players: int, seed: int, options: dict[str, Any]):
        self.rules = rules
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        self.table: ZoneTable = rules.zone_table(num_players)
        self.zones: list[list[int]] = [[] for _ in self.table.specs]
        self.cards = CardTable()
        self.card_ids = self.cards.ids  # uid -> card id (the card table's own list; fixed after setup)

    def end_setup(self) -> None:
        """Setup is done: the card table's static part is frozen and shared by clones."""
        self.cards.freeze()
        self.card_ids = self.cards.ids

    # ----------------------------------------------------------------- the game's part
    def to_act(self) -> list[int]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def sample_action(self, seat: int, rng: Rng) -> Action:
        """One legal action of `seat`, uniformly: `legal_actions(seat)[rng.randrange(n)]`.
        Random bots and play-outs call this; a game whose legal actions are costly to list
        (Silver's exchanges) overrides it to draw the same action without listing them all."""
        actions = self.legal_actions(seat)
        if not actions:
            raise TableeError(f"seat {seat} has no legal action now")
        return actions[rng.randrange(len(actions))]

    def apply(self, seat: int, action: Action) -> list[Event]:
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def scores(self) -> list[int]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        raise NotImplementedError

    # ------------------------------------------------------------------ a bot's own copy
    # The search plays on its own copies (determinizations), through the rules themselves. On
    # such a copy (`searching`) the rules stop where a round has been scored instead of
    # collecting, shuffling and dealing the next one (`end_of_round`): a play-out never reads
    # past a round's end, nor does the search's tree. A play-out's copy is also quiet: `apply`
    # then builds no events (card changes give placeholders, `CardsMixin.quiet`; a game skips
    # its notes and log texts, and may return [] or any list: nobody reads it) and trusts the
    # action (it came from `legal_actions` or `sample_action`: no legality check). Everything
    # else changes exactly as on the game's own state (tested game by game).
    searching: bool = False  # a bot's copy: its rules stop at a round's end
    stopped: bool = False  # ...and it stopped there: nobody acts any more (check before `to_act`)

    def quietly(self) -> State:
        """This state made a quiet play-out copy, in place (a bot's own: a determinization)."""
        self.quiet = self.searching = True
        return self

    def end_of_round(self) -> bool:
        """Called by the rules where a round (a day, a game of a match) has been scored and the
        next would be set up: True on a bot's copy, which stops there (`stopped`); False on the
        game's own state, whose rules go on."""
        if self.searching:
            self.stopped = True
            return True
        return False

    def public_view(self, seat: int | None) -> Mapping[str, Any]:
        """Game-specific view fields (markers, phase, score sheet); never a hidden card. A game
        returns its own TypedDict (extending `TableKeys`): what its `view_type` adds to `View`."""
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

    # ------------------------------------------------------------------ zone helpers
    def zone_index(self, seat: int | None, name: str, pos: int | None = None) -> int:
        """The index of zone `name` of `seat` (None: the table); `pos` for a zone array."""
        return self.table.lookup(seat, name, pos)

    def zone(self, seat: int | None, name: str, pos: int | None = None) -> list[int]:
        """The uids in a zone (the live list: read it, change it only through the card API)."""
        return self.zones[self.table.lookup(seat, name, pos)]

    # -------------------------------------------------------------- generic protocol
    def view(self, seat: int | None) -> View:
        """What `seat` may know (None: the public), as JSON-ready data. Hidden cards are BACK,
        empty slots None; `cards` gives each card's face, owner and (if seen) attributes. A plain
        dict: its shape is `view_type` (the engine's keys, then the game's)."""
        self.settle()  # a determinization's deferred zones: never their true order
        seen = self.seen_ids
        view: dict[str, Any] = {
            "game": self.rules.game_id,
            "seat": seat,
            "players": self.num_players,
            "to_act": self.to_act(),
            "over": self.is_over(),
            "scores": self.scores(),
            "zones": self.table.shaped([seen(seat, i) for i in range(len(self.zones))]),
            "cards": self.card_info(seat),
        }
        view.update(self.public_view(seat))
        return cast(View, view)  # the one place a view is made: its shape is tested game by game

    def clone(self) -> State:
        """An independent copy; no deepcopy: zones and the card table's masks are int lists."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.zones = list(map(list.copy, self.zones))  # C-level loop: several times a comprehension
        new.cards = self.cards.clone()
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
        exchanged at random with the others of its pool (per zone: `owner`, `shared`,
        `card_owner` or `zone`), empty slots stay empty, and future chance is reseeded.
        Zones named by `determinize_later` are shuffled later, by `settle()`: here a pool
        holding one only fills its other places (at random, from the whole pool)."""
        return self._determinizer(seat)(rng)

    def determinizer(self, seat: int) -> Callable[[Rng], State]:
        """`lambda rng: self.determinize(seat, rng)` for many draws from this state while it
        does not change (a search): the same states from the same draws, the pools found once.
        A game that overrides `determinize` gets its own."""
        if type(self).determinize is not State.determinize:
            return partial(self.determinize, seat)
        return self._determinizer(seat)

    def _determinizer(self, seat: int) -> Callable[[Rng], State]:
        pools: dict[Any, list[tuple[int, int]]] = {}
        held: dict[Any, tuple[int, list[int]]] = {}  # pool -> its deferred zone, unseen places there
        bit = 1 << seat
        known, owner = self.cards.known, self.cards.owner
        zones = self.zones
        later = self.determinize_later()
        for zi, key in self.table.hidden_from(seat):
            zone = zones[zi]
            if later and zi in later:
                if key == ("zone", zi):
                    continue  # its own pool: all of it waits for settle()
                for pos, uid in enumerate(zone):
                    if uid < 0 or known[uid] & bit:
                        continue
                    pool_key = ("card_owner", owner[uid]) if key is None else key
                    entry = held.get(pool_key)
                    if entry is None:
                        held[pool_key] = (zi, [pos])
                    elif entry[0] == zi:
                        entry[1].append(pos)
                    else:
                        raise TableeError(f"determinize_later: zones {entry[0]} and {zi} share a pool (one deferred zone per pool)")
                continue
            for pos, uid in enumerate(zone):
                if uid < 0 or known[uid] & bit:
                    continue
                pools.setdefault(("card_owner", owner[uid]) if key is None else key, []).append((zi, pos))
        # Per pool, in the order met: its places (the deferred zone's last) and its cards, sorted
        # (what the seat cannot tell apart draws alike), and how many places are dealt now.
        plan: list[tuple[list[tuple[int, int]], list[int], int]] = []
        for pool_key, positions in pools.items():
            deferred = held.get(pool_key)
            if deferred is not None:
                zone_index, places = deferred
                spots = positions + [(zone_index, pos) for pos in places]
                plan.append((spots, sorted([zones[zi][pos] for zi, pos in spots]), len(positions)))
            elif len(positions) > 1:  # a single unseen card can only be itself
                plan.append((positions, sorted([zones[zi][pos] for zi, pos in positions]), -1))
        protected = self.protected
        pending = seat if later else None

        def draw(rng: Rng) -> State:
            new = self.clone()
            zones, where = new.zones, new.cards.zone
            for spots, cards, dealt in plan:
                uids = cards[:]
                if dealt < 0:
                    rng.shuffle(uids)
                else:  # a partial Fisher-Yates: the places dealt now draw from the whole pool
                    n = len(uids)
                    for i in range(dealt):
                        j = i + rng.randrange(n - i)
                        uids[i], uids[j] = uids[j], uids[i]
                for (zi, pos), uid in zip(spots, uids, strict=True):
                    zones[zi][pos] = uid
                    where[uid] = zi
            if protected:
                # Protection lies on a place (the amulet on a village card), not on an identity.
                new.protected = {
                    zones[zi][pos]: protected[uid]
                    for zi, zone in enumerate(self.zones)
                    for pos, uid in enumerate(zone)
                    if uid in protected
                }
            new.rng = rng.spawn()
            new.unsettled = pending
            new.after_determinize(seat, rng)
            return new

        return draw

    def after_determinize(self, seat: int, rng: Rng) -> None:
        """Hook for hidden facts kept outside zones (rare: prefer zones)."""

    def determinize_later(self) -> Collection[int]:
        """Zones (indices) whose unseen cards `determinize` does not arrange: `settle()`
        shuffles them only if the determinization ever reads them, so a deck that a search's
        play-outs seldom reach costs (almost) nothing per determinization. A zone that is its
        own pool (`pool: zone`) is left in its true order; one that shares a pool with other
        zones gives them cards drawn at random from the whole pool, and keeps the rest (at most
        one deferred zone per pool, else determinize raises). A game that declares one calls
        `self.settle()` before it reads, moves, reveals or lets anyone peek at a card of it
        (views settle by themselves). Default: none."""
        return ()

    # In a determinization: the seat it was made for while its `determinize_later` zones are
    # still to shuffle; None once settled (and in every true state).
    unsettled: int | None = None

    def settle(self) -> None:
        """Shuffle what `determinize` left for later, once: in each `determinize_later` zone,
        the cards the searching seat has not seen change places among themselves, per pool
        (the ones it saw stay), drawn from this state's own generator. With determinize's
        draw for the pool's other places, the result is distributed as determinize's own
        shuffle. Nothing to do in a true state."""
        seat = self.unsettled
        if seat is None:
            return
        self.unsettled = None
        bit, known, owner, zones = 1 << seat, self.cards.known, self.cards.owner, self.zones
        keys = dict(self.table.hidden_from(seat))
        for zi in self.determinize_later():
            if zi not in keys:  # the seat sees the whole zone: nothing unknown to arrange
                continue
            zone = zones[zi]
            groups: dict[Any, list[int]] = {}
            per_owner = keys[zi] is None  # `card_owner`: cards change places with their owner's only
            for pos, uid in enumerate(zone):
                if uid >= 0 and not known[uid] & bit:
                    groups.setdefault(owner[uid] if per_owner else None, []).append(pos)
            for positions in groups.values():
                if len(positions) < 2:
                    continue
                uids = sorted([zone[pos] for pos in positions])
                self.rng.shuffle(uids)
                for pos, uid in zip(positions, uids, strict=True):
                    zone[pos] = uid

    # ------------------------------------------------------------------- conveniences
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

