"""Kill the Unicorns in play: 4 rounds of schemes, four hunts left to right, then the market.

Knowledge is exact and lives in zones: a bid goes face down into the seat's `bid` zone and the
seat's hand is concealed with it (another seat cannot tell which cards were bid) until the reveal,
after which the hand is public again by deduction; schemes under a unicorn are known only to
their owner (and a Princess who peeked). What changes a unicorn (colour, points, attachments) is
public and kept in per-uid lists.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.errors import IllegalAction, OptionError
from game.engine.events import (
    Event,
    GameOver,
    MarkerChanged,
    Note,
    PhaseBegan,
    ScoreChanged,
)
from game.engine.state import State
from game.games.kill_the_unicorns import effects as fx

if TYPE_CHECKING:
    from game.games.kill_the_unicorns.rules import Move, UnicornsRules

SCHEME, WIZARD, BID, CHOOSE, PAINT, MARKET, OVER = range(7)
PHASE_NAMES = ("schemes", "wizard", "hunt", "choose", "paint", "market", "over")


class UnicornsState(State):
    rules: UnicornsRules
    mutable_fields = (
        "attached", "colour", "base", "power_used", "passed", "boost", "queue", "hunt_played", "totals_shown",
    )

    # ------------------------------------------------------------------ setup
    def setup_match(self) -> None:
        n, rules, rng, opts = self.num_players, self.rules, self.rng, self.options
        idx = self.zone_index
        self.z_deck, self.z_line, self.z_discard = idx(None, "deck"), idx(None, "line"), idx(None, "discard")
        self.z_box, self.z_market = idx(None, "box"), idx(None, "market")
        self.z_under = [idx(None, "under", p) for p in range(rules.line_size)]
        per = {name: [idx(s, name) for s in range(n)] for name in (
            "hand", "bid", "played", "scheme_deck", "scheme_hand", "spent", "discarded", "collection", "kept")}
        self.z_hand, self.z_bid, self.z_played = per["hand"], per["bid"], per["played"]
        self.z_sdeck, self.z_shand, self.z_spent = per["scheme_deck"], per["scheme_hand"], per["spent"]
        self.z_sdiscard, self.z_coll, self.z_kept = per["discarded"], per["collection"], per["kept"]
        start = opts["start_seat"]
        self.first: int = rng.randrange(n) if start is None else start
        chars = rules.characters_option(opts["characters"], n)
        if chars is None:
            pool = list(rules.characters)
            rng.shuffle(pool)
            chars = pool[:n]
        self.character: tuple[str, ...] = tuple(chars)
        self.powers_on: bool = opts["powers"]
        # The unicorn deck, top first; built bottom first so the top is the zone's last card.
        deck = [c for c, d in rules.unicorns.items() for _ in range(d["count"])]
        rng.shuffle(deck)
        wanted = [rules.unicorn_of_text(t, "unicorns") for t in (opts["unicorns"] or [])]
        deck = rules.ordered(wanted, deck, "unicorns")
        for card in reversed(deck):
            self.add_card(card, self.z_deck)
        starters = list(rules.starters)
        rng.shuffle(starters)
        given = opts["starters"]
        if given is not None:
            if len(given) != n:
                raise OptionError(f"option starters: one unicorn per seat ({n}), not {len(given)}")
            starters = rules.ordered([rules.unicorn_of_text(t, "starters") for t in given], starters, "starters")
        for s in range(n):
            self.add_card(starters[s], self.z_coll[s])
        for card in starters[n:]:
            self.add_card(card, self.z_box)
        for s in range(n):
            for value in rules.hunt_values:
                self.add_card(f"hunt_{value}", self.z_hand[s], owner=s, public=True)
        given_schemes = opts["schemes"]
        if given_schemes is not None and len(given_schemes) != n:
            raise OptionError(f"option schemes: one list of scheme ids per seat ({n}), not {len(given_schemes)}")
        for s in range(n):
            own = list(rules.characters[self.character[s]]["schemes"])
            rng.shuffle(own)
            if given_schemes is not None:
                mine = given_schemes[s]
                if not isinstance(mine, (list, tuple)) or sorted(mine) != sorted(own):
                    raise OptionError(f"option schemes: seat {s} ({self.character[s]}) must list its deck {sorted(own)} in an order")
                own = list(mine)
            for sid in reversed(own):
                self.add_card(sid, self.z_sdeck[s], owner=s)
        for item, decl in rules.market.items():
            if decl["tokens"] == "colours":
                for colour in rules.colours:
                    self.add_card(f"{item}_{colour}", self.z_market, public=True)
            elif decl["discard"]:
                values = list(rules.pate_values)
                rng.shuffle(values)
                if opts["pate"] is not None:
                    try:
                        values = rules.ordered([int(v) for v in opts["pate"]], values, "pate")
                    except (TypeError, ValueError) as exc:
                        raise OptionError(f"option pate: values are whole numbers, not {opts['pate']!r}") from exc
                for value in values[:n]:
                    self.add_card(f"{item}_{value}", self.z_market, public=True)
            else:
                for _ in range(n):
                    self.add_card(item, self.z_market, public=True)
        total = len(self.cards.ids)
        attrs = self.cards.attrs
        self.value = tuple(a.get("value", 0) for a in attrs)  # uid -> hunt value; static
        self.attached: list[int] = [-1] * total  # uid of the unicorn a token or scheme is on
        self.colour: list[str] = [a.get("colour", "") if a.get("kind") == "unicorn" else "" for a in attrs]
        self.base: list[int] = [a.get("points", 0) if a.get("kind") == "unicorn" else 0 for a in attrs]
        self.power_used = [False] * n
        self.passed = [False] * n
        self.boost = [0] * n
        self.queue: list[int] = []
        self.hunt_played: list[list[int]] = [[] for _ in range(n)]
        self.totals_shown: list[int | None] = [None] * n  # the last hunt's revealed totals
        self.round_no = 0
        self.hunt_pos = 0
        self.hunt_size = 0
        self.actor = -1
        self.winner = -1
        self.hunt_totals: dict[int, int] = {}
        self.untied: dict[int, int] = {}
        self.paint_due = False
        self.pending = -1  # a revealed scheme waiting for its paint colour
        self.rainbow_winner = -1
        self.phase = SCHEME
        self.final_details: list[tuple[tuple[str, int], ...]] = []
        self._start_round([])

    # --------------------------------------------------------------- protocol
    def to_act(self) -> list[int]:
        return [] if self.phase == OVER else [self.actor]

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == OVER or seat != self.actor:
            return []
        phase = self.phase
        if phase == SCHEME:
            return self._scheme_actions(seat)
        if phase == WIZARD:
            return self._wizard_actions()
        if phase == BID:
            return self._bid_actions(seat)
        act = self.rules.act
        if phase == CHOOSE:
            return [act("reveal 1", "reveal", 0), act("reveal 2", "reveal", 1)]
        if phase == PAINT:
            return [act(f"paint {c}", "paint", c) for c in self.rules.colours]
        return self._market_actions(seat)

    def apply(self, seat: int, action: Action) -> list[Event]:
        move = self.rules.by_text.get(str(action))
        if move is None or self.phase == OVER or seat != self.actor or move not in self.legal_actions(seat):
            raise self.explain_illegal(seat, str(action))
        events: list[Event] = []
        kind, args = move.kind, move.args
        if kind == "scheme":
            self._place_scheme(seat, args[0], args[1], events)
        elif kind in ("move", "stay"):
            self._wizard(seat, args, events)
        elif kind == "peek":
            self._peek(seat, events)
        elif kind in ("hunt", "pass"):
            self._bid(seat, move, events)
        elif kind == "reveal":
            under = self.zones[self.z_under[self.hunt_pos]]
            chosen = under[args[0]]
            other = under[1 - args[0]]
            self._resolve_scheme(chosen, other, events)
        elif kind == "paint":
            self._paint(seat, args[0], events)
        else:
            self._buy(seat, args, events)
        return events

    # ----------------------------------------------------------------- rounds
    def _start_round(self, events: list[Event]) -> None:
        rules, n = self.rules, self.num_players
        self.round_no += 1
        events.append(PhaseBegan("round", self.round_no, self.first))
        for s in range(n):
            played = self.zones[self.z_played[s]]
            if played:
                events += self.move_many(played[:], self.z_hand[s], reason="new_round", actor=s)
            self.deduce(self.zones[self.z_hand[s]])
        deck = self.zones[self.z_deck]
        for pos in range(rules.line_size):
            if deck:
                events.append(self.move(deck[-1], self.z_line, slot=pos, face="up", reason="new_line"))
        for s in range(n):
            sdeck = self.zones[self.z_sdeck[s]]
            for _ in range(rules.schemes_drawn):
                if sdeck:
                    events.append(self.move(sdeck[-1], self.z_shand[s], reason="draw_scheme", actor=s))
        self.power_used = [False] * n
        self.hunt_pos = 0
        self.queue = [s for s in self.seats_from(self.first) if self.zones[self.z_shand[s]]]
        events.append(PhaseBegan("schemes", self.round_no, self.first))
        self._next_scheme(events)

    def _next_scheme(self, events: list[Event]) -> None:
        if self.queue:
            self.phase, self.actor = SCHEME, self.queue.pop(0)
            return
        wizard = self._power_seat("move_scheme")
        if wizard >= 0 and self._wizard_actions()[1:]:
            self.phase, self.actor = WIZARD, wizard
            return
        self._start_hunt(events)

    def _power_seat(self, power: str) -> int:
        """The seat whose character has `power`, if powers are on and it is unused this round."""
        if not self.powers_on:
            return -1
        power_of = self.rules.power_of
        for s, char in enumerate(self.character):
            if power_of[char] == power and not self.power_used[s]:
                return s
        return -1

    def _has_power(self, seat: int, power: str) -> bool:
        return self.powers_on and not self.power_used[seat] and self.rules.power_of[self.character[seat]] == power

    # ---------------------------------------------------------------- schemes
    def _scheme_actions(self, seat: int) -> list[Action]:
        rules, zones, ids = self.rules, self.zones, self.card_ids
        held = sorted({ids[u] for u in zones[self.z_shand[seat]]})
        room = [p for p in range(rules.line_size) if len(zones[self.z_under[p]]) < rules.max_schemes and zones[self.z_line][p] >= 0]
        act = rules.act
        return [act(f"scheme keep {sid} under {p + 1}", "scheme", sid, p) for sid in held for p in room]

    def _place_scheme(self, seat: int, sid: str, pos: int, events: list[Event]) -> None:
        hand = self.zones[self.z_shand[seat]]
        ids = self.card_ids
        uid = next(u for u in hand if ids[u] == sid)
        events.append(self.move(uid, self.z_under[pos], reason="scheme", actor=seat))
        for other in hand[:]:
            events.append(self.move(other, self.z_sdiscard[seat], face="up", reason="scheme_discard", actor=seat))
        self._next_scheme(events)

    def _wizard_actions(self) -> list[Action]:
        rules, zones = self.rules, self.zones
        act = rules.act
        out: list[Action] = [act("stay", "stay")]
        size = rules.line_size
        for a in range(size):
            if not zones[self.z_under[a]]:
                continue
            for b in range(size):
                if b != a and len(zones[self.z_under[b]]) < rules.max_schemes and zones[self.z_line][b] >= 0:
                    out.append(act(f"move {a + 1} to {b + 1}", "move", a, b))
        return out

    def _wizard(self, seat: int, args: tuple[Any, ...], events: list[Event]) -> None:
        self.power_used[seat] = True
        if args:
            a, b = args
            uid = self.zones[self.z_under[a]][-1]
            events.append(self.move(uid, self.z_under[b], reason="wizard", actor=seat))
        else:
            events.append(Note("stay", seat))
        self._start_hunt(events)

    # ------------------------------------------------------------------ hunts
    def _start_hunt(self, events: list[Event]) -> None:
        n = self.num_players
        self.phase = BID
        self.passed = [False] * n
        self.boost = [0] * n
        self.hunt_played = [[] for _ in range(n)]
        self.totals_shown = [None] * n
        self.hunt_size = 0
        self.queue = []
        self.actor = self.first
        self.winner = -1
        events.append(PhaseBegan("hunt", self.hunt_pos + 1, self.first))

    def _hand_values(self, seat: int) -> list[int]:
        value = self.value
        return sorted([value[u] for u in self.zones[self.z_hand[seat]]])

    def _bid_actions(self, seat: int) -> list[Action]:
        peek = self._has_power(seat, "peek") and bool(self.zones[self.z_under[self.hunt_pos]])
        extra = self.hunt_size > 0 and self._has_power(seat, "extra_card")
        key = (tuple(self._hand_values(seat)), self.hunt_size, peek, extra, self._has_power(seat, "boost"))
        cache = self.rules.bid_cache
        actions = cache.get(key)
        if actions is None:
            actions = cache[key] = self._build_bids(*key)
        return actions

    def _build_bids(self, values: tuple[int, ...], size: int, peek: bool, extra: bool, boost: bool) -> list[Action]:
        """The bids of a hand (shared by every state: cached in the rules by their key)."""
        rules = self.rules
        act = rules.act
        out: list[Action] = []
        if peek:
            out.append(act("peek", "peek"))
        out.append(act("pass", "pass"))
        sizes: Iterable[int] = rules.bid_sizes if size == 0 else [size]
        if extra:
            sizes = [size, size + rules.power_params["extra_card"]]
        for count in sizes:
            for combo in sorted(set(combinations(values, count))):
                text = "hunt " + " ".join(map(str, combo))
                out.append(act(text, "hunt", combo, False))
                if boost:
                    out.append(act(text + " boost", "hunt", combo, True))
        return out

    def _peek(self, seat: int, events: list[Event]) -> None:
        self.power_used[seat] = True
        events.append(Note("peek", seat))
        for uid in self.zones[self.z_under[self.hunt_pos]]:
            events.append(self.peek(uid, seat))

    def _bid(self, seat: int, move: Move, events: list[Event]) -> None:
        n = self.num_players
        setting = self.hunt_size == 0
        if move.kind == "pass":
            self.passed[seat] = True
            if setting:
                events.append(Note("first_passes", seat))
                self.first = (self.first + 1) % n
                events.append(MarkerChanged("first_player", self.first, self.first))
                if self.passed[self.first]:  # the token went round: nobody hunts
                    events.append(Note("nobody_hunts"))
                    self._reveal(events)
                else:
                    self.actor = self.first
                return
            events.append(Note("pass", seat))
        else:
            combo, boost = move.args
            if boost:
                self.power_used[seat] = True
                self.boost[seat] = self.rules.power_params["boost"]
                events.append(Note("boost", seat, (("amount", self.boost[seat]),)))
            if setting:
                self.hunt_size = len(combo)
                events.append(Note("sets", seat, (("count", len(combo)),)))
                self.queue = [s for s in self.seats_from(seat)[1:] if not self.passed[s]]
            elif len(combo) > self.hunt_size:
                self.power_used[seat] = True
                events.append(Note("extra", seat))
            hand = self.zones[self.z_hand[seat]]
            value = self.value
            chosen: list[int] = []
            for v in combo:
                uid = next(u for u in hand if value[u] == v and u not in chosen)
                chosen.append(uid)
            for uid in chosen:
                events.append(self.move(uid, self.z_bid[seat], face="down", reason="bid", actor=seat))
            for uid in hand:
                self.conceal(uid)  # face down in hand: no event, the others lose track
        if self.queue:
            self.actor = self.queue.pop(0)
        else:
            self._reveal(events)

    def _reveal(self, events: list[Event]) -> None:
        """Show every bid, cancel ties, find the winner, then the scheme under the unicorn."""
        zones, value = self.zones, self.cards.column("value", 0)
        bidders = [s for s in self.seats_from(self.first) if zones[self.z_bid[s]]]
        totals: dict[int, int] = {}
        for s in bidders:
            uids = zones[self.z_bid[s]][:]
            self.hunt_played[s] = uids
            events += self.move_many(uids, self.z_played[s], reason="played", actor=s)  # a public zone: shown to all
            self.deduce(zones[self.z_hand[s]])
            totals[s] = sum(value[u] for u in uids) + self.boost[s]
            self.totals_shown[s] = totals[s]
        self.hunt_totals = totals
        if totals:
            events.append(Note("totals", None, (("totals", ", ".join(f"{s + 1}: {t}" for s, t in totals.items())),)))
        counts: dict[int, int] = {}
        for t in totals.values():
            counts[t] = counts.get(t, 0) + 1
        for t, c in sorted(counts.items()):
            if c > 1:
                events.append(Note("tie", None, (("total", t),)))
        self.untied = {s: t for s, t in totals.items() if counts[t] == 1}
        self.winner = max(self.untied, key=self.untied.__getitem__) if self.untied else -1
        if self.winner < 0:
            if totals:
                events.append(Note("nobody"))
            self._finish_hunt(-1, events)
            return
        events.append(Note("winner", self.winner, (("total", totals[self.winner]),)))
        under = zones[self.z_under[self.hunt_pos]]
        if len(under) >= 2:
            self.phase, self.actor = CHOOSE, self.winner
            events.append(Note("choose_scheme", self.winner))
        elif under:
            self._resolve_scheme(under[0], -1, events)
        else:
            self._finish_hunt(-1, events)

    def _resolve_scheme(self, uid: int, other: int, events: list[Event]) -> None:
        """The winner reveals a scheme (the other one, if any, is discarded face up, with no
        effect) and its effects run (game/games/kill_the_unicorns/effects.py)."""
        owner = self.cards.owner
        events.append(self.reveal(uid))
        if other >= 0:
            events.append(self.move(other, self.z_sdiscard[owner[other]], face="up", reason="scheme_spent"))  # type: ignore[index]
        self.paint_due = False
        fx.run(self.rules.scheme_effects[self.card_ids[uid]], self, uid, events)
        if self.paint_due and self.winner >= 0:
            self.pending = uid
            self.phase, self.actor = PAINT, self.winner
            return
        self._finish_hunt(uid, events)

    # The small API the scheme effects use.
    def hunted(self) -> int:
        """The uid of the unicorn being hunted."""
        return self.zones[self.z_line][self.hunt_pos]

    def set_winner(self, seat: int, events: list[Event]) -> None:
        """A scheme changes who wins the unicorn (-1: nobody, it runs away)."""
        self.winner = seat
        events.append(Note("new_winner", seat) if seat >= 0 else Note("nobody"))

    def _paint(self, seat: int, colour: str, events: list[Event]) -> None:
        unicorn = self.zones[self.z_line][self.hunt_pos]
        self.colour[unicorn] = colour
        events.append(Note("paint", seat, (("colour", colour),)))
        uid, self.pending = self.pending, -1
        self._finish_hunt(uid, events)

    def take_back(self, seat: int, count: int, events: list[Event]) -> None:
        """`seat` takes back its `count` highest hunt cards played in this hunt."""
        if seat < 0:
            return
        value = self.value
        played = self.zones[self.z_played[seat]]
        mine = sorted((u for u in self.hunt_played[seat] if u in played), key=lambda u: -value[u])
        for uid in mine[:count]:
            events.append(self.move(uid, self.z_hand[seat], reason="take_back", actor=seat))

    def _finish_hunt(self, scheme: int, events: list[Event]) -> None:
        """The unicorn goes to the winner (with a scheme that stays) or runs away; next hunt."""
        rules, zones = self.rules, self.zones
        owner = self.cards.owner
        pos = self.hunt_pos
        unicorn = zones[self.z_line][pos]
        winner = self.winner
        for uid in zones[self.z_under[pos]][:]:  # schemes nobody revealed
            events.append(self.move(uid, self.z_spent[owner[uid]], reason="scheme_away"))  # type: ignore[index]
        if scheme >= 0:
            if winner >= 0 and rules.schemes_stay[self.card_ids[scheme]]:
                events.append(self.move(scheme, self.z_kept[winner], reason="scheme_stays"))
                self.attached[scheme] = unicorn
            else:
                events.append(self.move(scheme, self.z_sdiscard[owner[scheme]], reason="scheme_spent"))  # type: ignore[index]
        if winner >= 0:
            events.append(self.move(unicorn, self.z_coll[winner], reason="won", actor=winner))
            if winner != self.first:
                self.first = winner
                events.append(MarkerChanged("first_player", winner, winner))
        else:
            events.append(self.move(unicorn, self.z_discard, reason="run_away"))
        bard = self._power_seat("take_back")
        if bard >= 0 and bard in self.hunt_totals and bard != winner:
            self.power_used[bard] = True
            events.append(Note("bard", bard))
            self.take_back(bard, rules.power_params["take_back"], events)
        self.hunt_totals = {}
        if winner >= 0 and self._check_rainbows(winner, events):
            return
        self.hunt_pos += 1
        if self.hunt_pos < rules.line_size:
            self._start_hunt(events)
        else:
            self.phase = MARKET
            self.queue = list(self.seats_from(self.first))
            self.actor = self.queue.pop(0)
            events.append(PhaseBegan("market", self.round_no, self.first))

    # ----------------------------------------------------------------- market
    def price(self, seat: int, item: str) -> int:
        price = self.rules.market[item]["price"]
        if self.powers_on and self.rules.power_of[self.character[seat]] == "discount":
            price -= self.rules.power_params["discount"]
        return max(0, price)

    def _market_actions(self, seat: int) -> list[Action]:
        rules, zones, ids = self.rules, self.zones, self.card_ids
        act = rules.act
        out: list[Action] = [act("buy none", "buy", "", "", -1)]
        owned = len(zones[self.z_coll[seat]])
        if not owned:
            return out
        wallet = sum(self._hand_values(seat))
        tokens = {ids[u] for u in zones[self.z_market]}
        for item, decl in rules.market.items():
            if wallet < self.price(seat, item):
                continue
            if decl["tokens"] == "colours":
                for colour in rules.colours:
                    if f"{item}_{colour}" in tokens:
                        out += [act(f"buy {item} {colour} unicorn {i + 1}", "buy", item, colour, i) for i in range(owned)]
            elif any(self.cards.attrs[u].get("item") == item for u in zones[self.z_market]):
                out += [act(f"buy {item} unicorn {i + 1}", "buy", item, "", i) for i in range(owned)]
        return out

    def _buy(self, seat: int, args: tuple[Any, ...], events: list[Event]) -> None:
        item, colour, index = args
        if not item:
            events.append(Note("buy_none", seat))
        else:
            zones, attrs = self.zones, self.cards.attrs
            decl = self.rules.market[item]
            unicorn = zones[self.z_coll[seat]][index]
            if colour:
                token = next(u for u in zones[self.z_market] if self.card_ids[u] == f"{item}_{colour}")
            else:
                token = next(u for u in zones[self.z_market] if attrs[u].get("item") == item)  # the top one
            events.append(self.move(token, self.z_kept[seat], reason="buy", actor=seat))
            if decl["discard"]:
                for uid in [u for u in zones[self.z_kept[seat]] if self.attached[u] == unicorn]:
                    self.attached[uid] = -1
                    events.append(self.move(uid, self.z_discard, reason="pate_attached", actor=seat))
                events.append(self.move(unicorn, self.z_discard, reason="pate", actor=seat))
            else:
                self.attached[token] = unicorn
                if decl["colour"]:
                    self.colour[unicorn] = colour
                    events.append(Note("recolour", seat, (("colour", colour),)))
                if self._check_rainbows(seat, events):
                    return
        if self.queue:
            self.actor = self.queue.pop(0)
        elif self.round_no >= self.rules.rounds:
            self._game_over(events)
        else:
            self._start_round(events)

    # ---------------------------------------------------------------- scoring
    def colour_counts(self, seat: int) -> list[int]:
        colours = self.rules.colours
        counts = [0] * len(colours)
        colour = self.colour
        for uid in self.zones[self.z_coll[seat]]:
            c = colour[uid]
            if c:
                counts[colours.index(c)] += 1
        return counts

    def collection_bonus(self, counts: list[int]) -> tuple[int, int, int]:
        """(collections, rainbows, number of rainbows) for the split that scores most (cached
        in the rules per colour counts: the bots ask for it at every bid)."""
        key = (tuple(counts), self.options["collections"])
        cache = self.rules.bonus_cache
        found = cache.get(key)
        if found is None:
            found = cache[key] = self._best_split(counts, key[1] == "restart")
        return found

    def _best_split(self, counts: list[int], restart: bool) -> tuple[int, int, int]:
        table = self.rules.collection_points
        top = len(table) - 1

        def value(c: int) -> int:
            if restart:
                groups, rest = divmod(c, top)
                return groups * table[top] + table[rest]
            return table[min(c, top)]

        best = (sum(value(c) for c in counts), 0, 0)
        for r in range(1, min(counts) + 1 if counts else 1):
            split = (sum(value(c - r) for c in counts), r * self.rules.rainbow_points, r)
            if split[0] + split[1] > best[0] + best[1]:
                best = split
        return best

    def score_details(self, seat: int) -> tuple[tuple[str, int], ...]:
        zones, attrs = self.zones, self.cards.attrs
        unicorns = sum(self.base[u] for u in zones[self.z_coll[seat]])
        bonuses = pate = 0
        for uid in zones[self.z_kept[seat]]:
            if attrs[uid].get("item") == "pate" or (attrs[uid].get("kind") == "token" and self.attached[uid] < 0):
                pate += attrs[uid].get("points", 0)
            else:
                bonuses += attrs[uid].get("points", 0)
        collections, rainbows, _ = self.collection_bonus(self.colour_counts(seat))
        return (("unicorns", unicorns), ("bonuses", bonuses), ("pate", pate), ("collections", collections), ("rainbows", rainbows))

    def scores(self) -> list[int]:
        return [sum(v for _, v in self.score_details(s)) for s in range(self.num_players)]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        if self.rainbow_winner >= 0:
            return [self.rainbow_winner]
        totals = self.scores()
        top = max(totals)
        best = [s for s in range(self.num_players) if totals[s] == top]
        most = max(len(self.zones[self.z_coll[s]]) for s in best)
        return [s for s in best if len(self.zones[self.z_coll[s]]) == most]

    def _check_rainbows(self, seat: int, events: list[Event]) -> bool:
        need = self.rules.rainbows_to_win
        if need and min(self.colour_counts(seat)) >= need:
            self.rainbow_winner = seat
            events.append(Note("second_rainbow", seat))
            self._game_over(events)
            return True
        return False

    def _game_over(self, events: list[Event]) -> None:
        self.phase = OVER
        self.actor = -1
        self.final_details = [self.score_details(s) for s in range(self.num_players)]
        for s, details in enumerate(self.final_details):
            total = sum(v for _, v in details)
            events.append(ScoreChanged(s, total, total, "game_end", details))
        events.append(GameOver(tuple(self.winners()), tuple(self.scores())))

    # ------------------------------------------------------------------ views
    def unicorn_entry(self, uid: int) -> dict[str, Any]:
        ids, attrs = self.card_ids, self.cards.attrs
        on = [u for u in range(len(ids)) if self.attached[u] == uid]
        points = self.base[uid] + sum(attrs[u].get("points", 0) for u in on)
        return {
            "card": ids[uid].replace("_", " "),
            "colour": self.colour[uid] or None,
            "points": points,
            "schemes": [ids[u] for u in on if attrs[u].get("kind") == "scheme"],
            "tokens": [ids[u] for u in on if attrs[u].get("kind") == "token"],
        }

    def public_view(self, seat: int | None) -> dict[str, Any]:
        zones, ids, n = self.zones, self.card_ids, self.num_players
        line = [
            {"card": ids[u].replace("_", " ") if u >= 0 else None, "schemes": len(zones[self.z_under[p]])}
            for p, u in enumerate(zones[self.z_line])
        ]
        market: dict[str, list[str]] = {item: [] for item in self.rules.items}
        for uid in zones[self.z_market]:
            market[self.cards.attrs[uid]["item"]].append(ids[uid])
        over = self.phase == OVER
        view: dict[str, Any] = {
            "phase": PHASE_NAMES[self.phase],
            "round": self.round_no,
            "rounds": self.rules.rounds,
            "hunt": self.hunt_pos + 1 if self.phase in (BID, CHOOSE, PAINT) else None,
            "hunt_size": self.hunt_size or None,
            "first_player": self.first,
            "line": line,
            "collections": [[self.unicorn_entry(u) for u in zones[self.z_coll[s]]] for s in range(n)],
            "market": market,
            "prices": [{item: self.price(s, item) for item in self.rules.items} for s in range(n)],
            "characters": list(self.character),
            "powers": self.powers_on,
            "power_used": self.power_used[:],
            "bids": [len(zones[self.z_bid[s]]) for s in range(n)],
            "passed": self.passed[:] if self.phase == BID else [False] * n,
            "totals": self.totals_shown[:],
            "hand_sizes": [len(zones[self.z_hand[s]]) for s in range(n)],
            "score_details": [dict(self.score_details(s)) for s in range(n)],
            "winners": self.winners() if over else [],
            "tiebreak": self._tiebreak() if over else "",
        }
        if over:  # the results screen's score sheet: one row, the final count and its parts
            scores = self.scores()
            view["sheet"] = {"label": "sheet.final", "lower_wins": False, "totals": scores,
                             "winners": view["winners"], "tiebreak": view["tiebreak"],
                             "rows": [{"number": self.round_no, "points": scores, "details": view["score_details"]}]}
        if seat is not None:
            view["hand"] = self._hand_values(seat)
            view["schemes"] = sorted(ids[u] for u in zones[self.z_shand[seat]])
        return view

    def _tiebreak(self) -> str:
        if self.rainbow_winner >= 0:
            return "rainbow"
        totals = self.scores()
        if totals.count(max(totals)) > 1:
            return "shared" if len(self.winners()) > 1 else "unicorns"
        return ""

    # ---------------------------------------------------------------- refusals
    def explain_illegal(self, seat: int, text: str) -> IllegalAction:
        if self.phase == OVER:
            return IllegalAction("the game is over", "error.game_over")
        words = text.split()
        if seat != self.actor:
            return IllegalAction(f"it is seat {self.actor}'s turn", "error.not_yours", {"seat": self.actor})
        verbs = {"scheme": SCHEME, "move": WIZARD, "stay": WIZARD, "hunt": BID, "pass": BID, "peek": BID,
                 "reveal": CHOOSE, "paint": PAINT, "buy": MARKET}
        if not words or words[0] not in verbs:
            return IllegalAction(f"'{text}' is not a move", "error.expected_action")
        phase = PHASE_NAMES[self.phase]
        if verbs[words[0]] != self.phase:
            return IllegalAction(f"'{text}' is not a move of this step ({phase})", "error.wrong_phase", {"phase": phase})
        if words[0] == "scheme" and len(words) == 5:
            held = sorted(self.card_ids[u] for u in self.zones[self.z_shand[seat]])
            if words[2] not in held:
                return IllegalAction(f"you hold no scheme '{words[2]}'", "error.no_scheme", {"card": words[2], "held": ", ".join(held)})
            size = self.rules.line_size
            if not words[4].isdigit() or not 1 <= int(words[4]) <= size:
                return IllegalAction(f"no unicorn {words[4]}", "error.bad_position", {"position": words[4], "max": size})
            return IllegalAction(f"unicorn {words[4]} is full", "error.full_unicorn", {"position": words[4], "max": self.rules.max_schemes})
        if words[0] == "hunt" and len(words) > 1:
            if words[-1] == "boost" and not self._has_power(seat, "boost"):
                return IllegalAction("no boost available", "error.power_used")
            values = [w for w in words[1:] if w != "boost"]
            hand = self._hand_values(seat)
            if self.hunt_size and len(values) != self.hunt_size:
                return IllegalAction(f"this hunt is played with {self.hunt_size} cards", "error.wrong_count", {"count": self.hunt_size})
            if not self.hunt_size and len(values) not in self.rules.bid_sizes:
                return IllegalAction("1, 2 or 3 cards", "error.bad_count")
            return IllegalAction(f"you do not hold {values}", "error.missing_cards",
                                 {"values": " ".join(values), "held": " ".join(map(str, hand))})
        if words[0] == "buy" and len(words) >= 2 and words[1] in self.rules.market:
            item = words[1]
            wallet = sum(self._hand_values(seat))
            if wallet < self.price(seat, item):
                return IllegalAction(f"{item} costs {self.price(seat, item)}", "error.too_poor",
                                     {"item": item, "price": self.price(seat, item), "total": wallet})
            count = len(self.zones[self.z_coll[seat]])
            if words[-1].isdigit() and not 1 <= int(words[-1]) <= count:
                return IllegalAction(f"no unicorn {words[-1]}", "error.no_unicorn", {"number": words[-1], "count": count})
            return IllegalAction(f"no {item} token left", "error.no_token", {"item": item, "colour": ""})
        if words[0] == "paint" and len(words) == 2:
            colours = ", ".join(self.rules.colours)
            return IllegalAction(f"'{words[1]}' is not a colour", "error.bad_colour", {"colour": words[1], "colours": colours})
        legal = ", ".join(str(a) for a in self.legal_actions(seat)[:12])
        return IllegalAction(f"'{text}' is not a legal action now (legal: {legal})", "error.not_legal", {"action": text, "legal": legal})


__all__ = ["UnicornsState"]
