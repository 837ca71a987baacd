"""Kill the Unicorns in play: 4 rounds of schemes, four hunts left to right, then the market.

Knowledge is exact and lives in zones: a bid goes face down into the seat's `bid` zone and the
seat's hand is concealed with it (another seat cannot tell which cards were bid) until the reveal,
after which the hand is public again by deduction; schemes under a unicorn are known only to
their owner (and a Princess who peeked). What changes a unicorn (colour, points, attachments) is
public and kept in per-uid lists.

This file holds the protocol and a round's schemes and hunts; the other parts are mixins:
setup.py, market.py, scoring.py, views.py (fields and phases in base.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, repeat
from operator import is_
from typing import Any

from game.engine.actions import Action
from game.engine.cards import QUIET_MOVE, CardsMixin
from game.engine.events import CardMoved, Event, MarkerChanged, Note, PhaseBegan
from game.engine.rng import Rng
from game.games.kill_the_unicorns import effects as fx
from game.games.kill_the_unicorns.actions import HUNT, MOVE, PASS, PEEK, REVEAL, STAY, Move
from game.games.kill_the_unicorns.actions import PAINT as PAINT_FORM
from game.games.kill_the_unicorns.actions import SCHEME as SCHEME_FORM  # SCHEME, PAINT: phases here
from game.games.kill_the_unicorns.base import (
    BID,
    CHOOSE,
    MARKET,
    OVER,
    PAINT,
    PHASE_NAMES,
    SCHEME,
    WIZARD,
)
from game.games.kill_the_unicorns.market import MarketMixin
from game.games.kill_the_unicorns.scoring import ScoringMixin
from game.games.kill_the_unicorns.setup import SetupMixin
from game.games.kill_the_unicorns.views import ViewsMixin


class UnicornsState(SetupMixin, MarketMixin, ScoringMixin, ViewsMixin):
    mutable_fields = (
        "attached", "colour", "base", "power_used", "passed", "boost", "queue", "hunt_played", "totals_shown",
    )

    # --------------------------------------------------------------- protocol
    def to_act(self) -> list[int]:
        return [] if self.phase == OVER else [self.actor]

    def is_over(self) -> bool:
        return self.phase == OVER

    _legal: tuple[int, list[Action]] | None = None  # this step's legal actions, once computed

    def legal_actions(self, seat: int) -> list[Action]:
        """Computed once per step (bots ask, then apply: the check reuses the list); the list
        is shared, never to be changed by the caller."""
        cached = self._legal
        if cached is not None and cached[0] == seat:
            return cached[1]
        actions = self._legal_now(seat)
        self._legal = (seat, actions)
        return actions

    def _legal_now(self, seat: int) -> list[Action]:
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
            return [act(REVEAL, 0), act(REVEAL, 1)]
        if phase == PAINT:
            return [act(PAINT_FORM, c) for c in self.rules.colours]
        return self._market_actions(seat)

    def after_determinize(self, seat: int, rng: Rng) -> None:
        self._legal = None  # other seats' hidden cards changed: so may their moves

    def determinize_later(self) -> tuple[int, ...]:
        """The unicorn deck and the scheme decks are only read when a round starts (`settle()`
        there); most play-outs stop before, so a determinization skips their shuffles (a
        scheme deck's pool, its owner's schemes, still deals the other places at random)."""
        return (self.z_deck, *self.z_sdeck)

    def move(
        self, uid: int, zone: int, slot: int | None = None, face: str | None = None, reason: str = "",
        actor: int | None = None,
    ) -> CardMoved:
        """The engine's move, its event telling a unicorn's worth as it is now (on a quiet copy,
        the engine's `relocate` and placeholder: the play-outs' commonest step)."""
        if self.quiet:
            self.relocate(uid, zone, slot, face)
            return QUIET_MOVE
        event = CardsMixin.move(self, uid, zone, slot, face, reason, actor)
        now = self.unicorn_now(uid)
        return event if now is None else event._replace(info=now)

    def apply(self, seat: int, action: Action) -> list[Event]:
        move = self.rules.by_text.get(action.text)
        if self.quiet and move is not None:  # a play-out's move, taken from legal_actions: trusted
            return self.play(seat, move)
        # Moves are one object per text (rules.act): the legality check is by identity, in C.
        if move is None or seat != self.actor or not any(map(is_, self.legal_actions(seat), repeat(move))):
            raise self.explain_illegal(seat, str(action))
        return self.play(seat, move)

    def play(self, seat: int, move: Move) -> list[Event]:
        """`apply` without its checks, for a move taken from `legal_actions(seat)` (the
        play-outs' own policy: the list they chose from is the one apply checks against)."""
        self._legal = None
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
        self.settle()  # a determinization's deck: shuffled now, before the first draw
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

    # ---------------------------------------------------------------- schemes
    def _scheme_actions(self, seat: int) -> list[Action]:
        rules, zones, ids = self.rules, self.zones, self.card_ids
        held = sorted({ids[u] for u in zones[self.z_shand[seat]]})
        room = [p for p in range(rules.line_size) if len(zones[self.z_under[p]]) < rules.max_schemes and zones[self.z_line][p] >= 0]
        act = rules.act
        return [act(SCHEME_FORM, sid, p) for sid in held for p in room]

    def _place_scheme(self, seat: int, sid: str, pos: int, events: list[Event]) -> None:
        hand = self.zones[self.z_shand[seat]]
        ids = self.card_ids
        uid = next(u for u in hand if ids[u] == sid)
        events.append(self.move(uid, self.z_under[pos], reason="scheme", actor=seat))
        for other in hand[:]:
            events.append(self.move(other, self.z_sdiscard[seat], face="up", reason="scheme_discard", actor=seat))
        self._next_scheme(events)

    def _wizard_actions(self) -> list[Action]:
        """`stay`, then each move of a scheme to a unicorn with room (cached in the rules by the
        schemes under each unicorn and which unicorns are there)."""
        zones, line = self.zones, self.zones[self.z_line]
        key = tuple((len(zones[z]), line[p] >= 0) for p, z in enumerate(self.z_under))
        cache = self.rules.wizard_cache
        actions = cache.get(key)
        if actions is None:
            act, most = self.rules.act, self.rules.max_schemes
            built: list[Action] = [act(STAY)]
            built += [
                act(MOVE, a, b)
                for a, (count, _) in enumerate(key) if count
                for b, (room, there) in enumerate(key) if b != a and room < most and there
            ]
            actions = cache[key] = built
        return actions

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
        if not self.quiet:
            events.append(PhaseBegan("hunt", self.hunt_pos + 1, self.first))

    def _bid_actions(self, seat: int) -> list[Action]:
        power = self.rules.power_of[self.character[seat]] if self.powers_on and not self.power_used[seat] else ""
        peek = power == "peek" and bool(self.zones[self.z_under[self.hunt_pos]])
        extra = power == "extra_card" and self.hunt_size > 0
        hand = tuple(sorted(map(self.value.__getitem__, self.zones[self.z_hand[seat]])))
        key = (hand, self.hunt_size, peek, extra, power == "boost")
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
            out.append(act(PEEK))
        out.append(act(PASS))
        sizes: Iterable[int] = rules.bid_sizes if size == 0 else [size]
        if extra:
            sizes = [size, size + rules.power_params["extra_card"]]
        for count in sizes:
            for combo in sorted(set(combinations(values, count))):
                out.append(act(HUNT, combo, False))
                if boost:
                    out.append(act(HUNT, combo, True))
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
            if not self.quiet:
                events.append(Note("pass", seat))
        else:
            combo, boost = move.args
            if boost:
                self.power_used[seat] = True
                self.boost[seat] = self.rules.power_params["boost"]
                events.append(Note("boost", seat, (("amount", self.boost[seat]),)))
            if setting:
                self.hunt_size = len(combo)
                if not self.quiet:
                    events.append(Note("sets", seat, (("count", len(combo)),)))
                self.queue = [s for s in self.seats_from(seat)[1:] if not self.passed[s]]
            elif len(combo) > self.hunt_size:
                self.power_used[seat] = True
                events.append(Note("extra", seat))
            hand = self.zones[self.z_hand[seat]]  # the live list: each move takes its card out
            values = list(map(self.value.__getitem__, hand))
            bid = self.z_bid[seat]
            for v in combo:  # the first card of each value, in hand order
                i = values.index(v)
                del values[i]
                events.append(self.move(hand[i], bid, face="down", reason="bid", actor=seat))
            self.forget(hand)  # face down in hand: no event, the others lose track
        if self.queue:
            self.actor = self.queue.pop(0)
        else:
            self._reveal(events)

    def _reveal(self, events: list[Event]) -> None:
        """Show every bid, cancel ties, find the winner, then the scheme under the unicorn."""
        zones, value, z_bid = self.zones, self.value, self.z_bid
        totals: dict[int, int] = {}
        for s in self.seats_from(self.first):
            uids = zones[z_bid[s]][:]
            if not uids:
                continue
            self.hunt_played[s] = uids
            events += self.move_many(uids, self.z_played[s], reason="played", actor=s)  # a public zone: shown to all
            self.deduce(zones[self.z_hand[s]])
            totals[s] = self.totals_shown[s] = sum(map(value.__getitem__, uids)) + self.boost[s]
        self.hunt_totals = totals
        loud = not self.quiet  # a play-out's notes: nobody reads them
        if totals and loud:
            events.append(Note("totals", None, (("totals", ", ".join([f"{s + 1}: {t}" for s, t in totals.items()])),)))
        counts: dict[int, int] = {}
        for t in totals.values():
            counts[t] = counts.get(t, 0) + 1
        if loud:
            for t, c in sorted(counts.items()):
                if c > 1:
                    events.append(Note("tie", None, (("total", t),)))
        self.untied = {s: t for s, t in totals.items() if counts[t] == 1}
        self.winner = max(self.untied, key=self.untied.__getitem__) if self.untied else -1
        if self.winner < 0:
            if totals and loud:
                events.append(Note("nobody"))
            self._finish_hunt(-1, events)
            return
        if loud:
            events.append(Note("winner", self.winner, (("total", totals[self.winner]),)))
        under = zones[self.z_under[self.hunt_pos]]
        if len(under) >= 2:
            self.phase, self.actor = CHOOSE, self.winner
            if loud:
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
        for uid in zones[self.z_under[pos]][:]:  # schemes nobody revealed (not the one revealed)
            if uid == scheme:
                continue
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
                if not self.quiet:
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


__all__ = ["BID", "CHOOSE", "MARKET", "OVER", "PAINT", "PHASE_NAMES", "SCHEME", "WIZARD", "UnicornsState"]
