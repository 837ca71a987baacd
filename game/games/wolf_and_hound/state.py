"""Wolf & Hound in play: turns of four phases, animal cards driven by their compiled primitives.

The state always rests where a decision is due: a seat choosing its number card, or a ghost's
human partner choosing `ghost keep` / `ghost swap`. Everything automatic (activations, a ghost
turn without a choice, end-of-turn moves, the next game of a match) runs inside `apply`.
The table always has 4 seats (zones, sheep, animals); `num_players` of them are players (seats
0..num_players-1) and the others are ghosts. Scores, winners and the score sheet count players only
(a ghost never acts, wins or scores: its team's win is scored by its human partner).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.actions import Action, Malformed
from game.engine.errors import IllegalAction
from game.engine.events import (
    Event,
    GameOver,
    MarkerChanged,
    Note,
    PhaseBegan,
    ScoreChanged,
)
from game.engine.flow import KeepsScoreSheet, ScoreSheet
from game.engine.schema import did_you_mean
from game.engine.state import State
from game.games.wolf_and_hound.primitives import KINDS, SEATS, Board, Side, apply_steps
from game.games.wolf_and_hound.rules import GHOST_KEEP, GHOST_SWAP, GRAMMAR, PLAY, SKIP

if TYPE_CHECKING:
    from game.games.wolf_and_hound.rules import WolfHoundRules

KIND_RANK = {k: i for i, k in enumerate(KINDS)}
SIDE_NAMES = ("front", "back")


class WolfHoundState(KeepsScoreSheet, State):
    rules: WolfHoundRules
    mutable_fields = ("sheep", "pos", "side", "moved_at", "forbidden", "games", "wins")

    def __init__(self, rules: WolfHoundRules, num_players: int, seed: int, options: dict[str, Any]):
        super().__init__(rules, num_players, seed, options)  # rules.zone_table gives 4 seats
        self.humans = num_players

    # ------------------------------------------------------------------ setup
    def setup_match(self) -> None:
        rules, opts = self.rules, self.options
        self.hand = [self.zone_index(s, "hand") for s in range(SEATS)]
        self.played = [self.zone_index(s, "played") for s in range(SEATS)]
        self.ghost_deck = [self.zone_index(s, "ghost_deck") for s in range(SEATS)]
        self.deck = self.zone_index(None, "deck")
        self.ghosts: tuple[int, ...] = rules.ghost_table[self.humans]
        self.is_ghost = [s in self.ghosts for s in range(SEATS)]
        self.animal_ids: tuple[str, ...] = tuple(opts["animals"])
        self.sides: tuple[tuple[Side, Side], ...] = tuple(rules.sides[a] for a in self.animal_ids)
        faces = [side for pair in self.sides for side in pair]
        # Whether any animal card (either side) acts after a play or at a turn's end: the base
        # game's wolves and hounds do not, so every turn skips those loops.
        self.acts_after_play = any(side.after_play for side in faces)
        self.acts_at_turn_end = any(
            side.end_phase3 or side.end_turn_move or side.end_turn_check or side.delayed for side in faces
        )
        self.start_sheep: list[int] = opts["sheep"] or rules.starting_sheep(self.humans, opts["animals"])
        for cid, count in rules.deck_counts[opts["meat_and_bone"]].items():
            for _ in range(count):
                self.add_card(cid, self.deck)
        self.best_of: int = opts["best_of"]
        self.game_no = 0
        self.turn_no = 0
        self.over = False
        self.wins = {team: 0 for team in rules.teams}
        self.score_sheet = ScoreSheet(self.humans)  # one row per game of the match; players only
        self.games: list[dict[str, Any]] = []
        self.last_tiebreak = ""
        self.match_winners: list[int] = []
        events: list[Event] = []
        self._new_game(opts["deck"], events)
        self._run(events)

    def _new_game(self, stacked: list[str] | None, events: list[Event]) -> None:
        """Deal (a stacked deck top first, else a shuffle), reset animals and sheep (rulebook 5)."""
        zones, ids, deck = self.zones, self.card_ids, self.deck
        if self.game_no:
            for zi, zone in enumerate(zones):
                if zi != deck:
                    for uid in zone[:]:
                        events.append(self.move(uid, deck, reason="collect"))
        uids = sorted(zones[deck])
        if stacked is None:
            self.rng.shuffle(uids)
        else:
            pool: dict[str, list[int]] = {}
            for uid in uids:
                pool.setdefault(ids[uid], []).append(uid)
            uids = [pool[text].pop(0) for text in stacked]
        size = self.rules.hand_size
        for s in range(SEATS):  # a fresh deal: nobody remembers any card
            self.deal(uids[s * size:(s + 1) * size], self.ghost_deck[s] if self.is_ghost[s] else self.hand[s])
        self.deal(uids[SEATS * size:], deck)
        self.game_no += 1
        n = len(self.animal_ids)
        self.pos = [0] * n
        self.side = [0] * n
        self.moved_at = [0] * n
        self.stamp = 0
        self.sheep = self.start_sheep[:]
        self.first_turn = self.rules.skip_first_activation
        self.final_round = False
        self.forbidden: set[int] = set()
        self.prev_card: tuple[int, int, int] | None = None  # (colour bit, value, seat) of the previous turn
        self.cur_card: tuple[int, int, int] | None = None
        self.turn_seat = 0
        self.stage = "begin"
        self.phase = "activation"
        events.append(PhaseBegan("game", self.game_no))

    # --------------------------------------------------------------- protocol
    def to_act(self) -> list[int]:
        if self.stage != "wait":
            return []
        if self.phase == "ghost":
            return [(self.turn_seat + 2) % SEATS]
        return [self.turn_seat]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.stage != "wait":
            return []
        rules = self.rules
        if self.phase == "ghost":
            return [rules.ghost_keep, rules.ghost_swap] if seat == (self.turn_seat + 2) % SEATS else []
        if seat != self.turn_seat:
            return []
        ids, value_of, forbidden = self.card_ids, rules.value_of, self.forbidden
        held = {ids[u] for u in self.zones[self.hand[seat]]}
        plays: list[Action] = [rules.plays[c] for c in rules.card_order if c in held and value_of[c] not in forbidden]
        return plays or [rules.skip]

    def apply(self, seat: int, action: Action) -> list[Event]:
        if not self.quiet and action not in self.legal_actions(seat):  # a play-out's move is trusted
            raise self.explain_illegal(seat, str(action))
        events: list[Event] = []
        rules, g = self.rules, self.turn_seat
        if self.phase == "ghost":
            if action == rules.ghost_swap:
                turned = self.zones[self.played[g]][-1]
                events.append(self.move(turned, self.ghost_deck[g], reason="ghost_swap_under", actor=seat))
                top = self.zones[self.ghost_deck[g]][0]
                events.append(self.move(top, self.played[g], reason="ghost_swap_play", actor=g))
            elif not self.quiet:
                events.append(Note("ghost_keep", seat, (("ghost", g),)))
            self._resolve_play(g, self.zones[self.played[g]][-1], events)
        elif action == rules.skip:
            hand = self.zones[self.hand[seat]]
            if hand:  # only forbidden values: show the hand, the turn ends (example 8-8)
                for uid in hand:
                    events.append(self.reveal(uid))
                if not self.quiet:
                    events.append(Note("cannot_play", seat, (("value", min(self.forbidden)),)))
            else:
                if not self.quiet:
                    events.append(Note("no_card", seat))
                self._draw(seat, events)
        else:
            card = action.card  # type: ignore[attr-defined]
            ids = self.card_ids
            for uid in self.zones[self.hand[seat]]:
                if ids[uid] == card:
                    break
            events.append(self.move(uid, self.played[seat], reason="play", actor=seat))
            self._resolve_play(seat, uid, events)
            self._draw(seat, events)
        self.stage = "end"
        self._run(events)
        return events

    def is_over(self) -> bool:
        return self.over

    def winners(self) -> list[int]:
        return self.match_winners[:] if self.over else []

    def public_view(self, seat: int | None) -> dict[str, Any]:
        zones = self.zones
        winners = self.winners()
        tiebreak = self.last_tiebreak if self.over and self.best_of == 1 else ""
        return {
            "animals": [
                {"id": a, "seat": self.pos[i], "side": SIDE_NAMES[self.side[i]], "kind": self.side_of(i).kind}
                for i, a in enumerate(self.animal_ids)
            ],
            "sheep": self.sheep[:],
            "start_sheep": self.start_sheep[:],
            "hand_sizes": [len(zones[self.hand[s]]) for s in range(SEATS)],
            "ghost_deck_sizes": [len(zones[self.ghost_deck[s]]) for s in range(SEATS)],
            "deck_size": len(zones[self.deck]),
            "played": [[self.card_ids[u] for u in zones[self.played[s]]] for s in range(SEATS)],
            "symbols": [self._symbol_at(s) for s in range(SEATS)],
            "seats": SEATS,
            "teams": {t: list(seats) for t, seats in self.rules.teams.items()},
            "humans": self.humans,
            "ghosts": list(self.ghosts),
            "partners": {str(g): (g + 2) % SEATS for g in self.ghosts},
            "phase": "over" if self.over else self.phase,
            "turn_seat": self.turn_seat,
            "turn": self.turn_no,
            "first_turn": self.first_turn,
            "final_round": self.final_round,
            "forbidden": sorted(self.forbidden),
            "game_number": self.game_no,
            "best_of": self.best_of,
            "wins": dict(self.wins),
            "games": [dict(g) for g in self.games],
            "score_sheet": [row[:] for row in self.sheet],
            "score_details": [[dict(d) for d in row] for row in self.sheet_details],
            "winners": winners,
            "tiebreak": tiebreak,
            "sheet": self.score_sheet.view(winners, tiebreak),
        }

    def explain_illegal(self, seat: int, text: str) -> IllegalAction:
        rules = self.rules
        if self.over:
            return IllegalAction("the game is over", "error.game_over")
        if seat not in self.to_act():
            return IllegalAction(f"it is not seat {seat}'s turn", "error.not_your_turn", {"seat": seat})
        if self.phase == "ghost":
            return IllegalAction(
                f"the ghost has turned a card: answer 'ghost keep' or 'ghost swap', not '{text}'", "error.ghost_decision", {"action": text}
            )
        parsed = GRAMMAR.parse(text)
        form = None if isinstance(parsed, Malformed) else parsed[0]
        if form is GHOST_KEEP or form is GHOST_SWAP:
            return IllegalAction("there is no ghost card to keep or swap now", "error.no_ghost_decision")
        if form is SKIP:
            return IllegalAction("you have a card you may play: skipping is only for a hand with no playable card", "error.cannot_skip")
        if form is not PLAY:
            return IllegalAction(f"'{text}' is not a move; moves look like 'play black 3'", "error.expected_play", {"action": text})
        assert not isinstance(parsed, Malformed)
        card = parsed[1]["card"]
        if card not in rules.plays:
            hint = did_you_mean(card, rules.card_order)
            return IllegalAction(f"there is no card '{card}' in Wolf & Hound{hint}", "error.no_such_card", {"card": card, "hint": hint})
        if rules.value_of[card] in self.forbidden:
            return IllegalAction(
                f"a sheep card forbids playing a {rules.value_of[card]} this turn", "error.forbidden_value", {"value": rules.value_of[card]}
            )
        return IllegalAction(f"you have no {card} in your hand", "error.not_in_hand", {"card": card})

    # ---------------------------------------------------------------- helpers
    def side_of(self, a: int) -> Side:
        return self.sides[a][self.side[a]]

    def _symbol_at(self, seat: int) -> str:
        row = self.zones[self.played[seat]]
        return self.rules.symbol_of[self.card_ids[row[-1]]] if row else ""

    def change_sheep(self, seat: int, delta: int, animal: str, events: list[Event]) -> None:
        """Sheep between 0 and the seat's starting count (rulebook 6-1, 8-1, FAQ Q8)."""
        before = self.sheep[seat]
        after = min(max(before + delta, 0), self.start_sheep[seat])
        if after == before:
            if not self.quiet:
                events.append(Note("sheep_none_to_lose" if delta < 0 else "sheep_full", seat, (("animal", animal),)))
            return
        self.sheep[seat] = after
        if self.quiet:
            return
        reason = "lost" if delta < 0 else "gained"
        events.append(MarkerChanged("sheep", seat, {"count": after, "delta": after - before, "animal": animal, "reason": reason}))

    def flip(self, a: int, cause: str, events: list[Event]) -> None:
        self.side[a] ^= 1
        if self.quiet:
            return
        here = self.pos[a]
        value = {"id": self.animal_ids[a], "from": here, "to": here, "side": SIDE_NAMES[self.side[a]], "reason": f"flip_{cause}"}
        events.append(MarkerChanged("animal", here, value))

    def move_animal(self, a: int, steps: int, actor: int | None, reason: str, events: list[Event]) -> None:
        """Move step by step; another seat's meat/bone stops it (Meat & Bone 12-2, example 12-1)."""
        side = self.side_of(a)
        start = here = self.pos[a]
        if steps == 0:
            if not self.quiet:
                events.append(Note("animal_stays", here, (("animal", self.animal_ids[a]),)))
            return
        way = 1 if steps > 0 else -1
        symbol = side.stop_symbol if actor is not None else ""
        path: list[int] = []
        stopped = False
        for _ in range(abs(steps)):
            here = (here + way) % SEATS
            path.append(here)
            if symbol and here != actor and self._symbol_at(here) == symbol:
                stopped = len(path) < abs(steps)
                break
        self.pos[a] = here
        self.stamp += 1
        self.moved_at[a] = self.stamp
        if not self.quiet:
            aid = self.animal_ids[a]
            value = {"id": aid, "from": start, "to": here, "side": SIDE_NAMES[self.side[a]], "reason": reason, "steps": steps}
            events.append(MarkerChanged("animal", here, value))
            if stopped:
                events.append(Note("stopped", here, (("animal", aid), ("symbol", symbol))))
        for fn, params in side.after_move:
            fn(self, a, path, events, **params)

    # ------------------------------------------------------------- turn engine
    def _run(self, events: list[Event]) -> None:
        """Play every automatic step until a decision is due or the match is over."""
        while True:
            stage = self.stage
            if stage == "begin":
                self._begin_turn(events)
            elif stage == "phase3":
                self._phase3(events)
            elif stage == "end":
                self._end_turn(events)
            else:
                return

    def _begin_turn(self, events: list[Event]) -> None:
        seat = self.turn_seat
        self.turn_no += 1
        self.forbidden = set()
        self.cur_card = None
        self.phase = "activation"
        loud = not self.quiet
        if loud:
            events.append(PhaseBegan("turn", self.turn_no, seat))
        ends = False
        if self.first_turn:  # phase 1 is skipped on seat 0's very first turn (6-1)
            self.first_turn = False
            if loud:
                events.append(Note("first_turn", seat))
        else:
            ends = self._activate(seat, events)
        if self._sheep_end(seat, events):
            return
        if self.final_round and seat == 0:
            self._cards_end(events)
            return
        self.stage = "end" if ends else "phase3"

    def _activate(self, seat: int, events: list[Event]) -> bool:
        """Sheep, then wolf, then hound cards in front of the seat; True when the turn ends."""
        here = [a for a in range(len(self.animal_ids)) if self.pos[a] == seat]
        if len(here) > 1:
            here.sort(key=lambda a: (KIND_RANK[self.side_of(a).kind], a))
        for a in here:
            for fn, params in self.side_of(a).activate:
                if fn(self, a, seat, events, **params):
                    return True
        return False

    def _phase3(self, events: list[Event]) -> None:
        seat = self.turn_seat
        self.phase = "play"
        if not self.is_ghost[seat]:
            self.stage = "wait"
            return
        zones = self.zones
        if zones[self.deck]:  # the ghost turns the top card of the draw deck (10-4)
            uid = zones[self.deck][0]
            events.append(self.move(uid, self.played[seat], reason="ghost_turns", actor=seat))
            if zones[self.ghost_deck[seat]]:
                self.phase = "ghost"
                self.stage = "wait"
                return
        elif zones[self.ghost_deck[seat]]:
            uid = zones[self.ghost_deck[seat]][0]
            events.append(self.move(uid, self.played[seat], reason="ghost_turns_own", actor=seat))
        else:
            events.append(Note("ghost_no_card", seat))
            self.stage = "end"
            return
        self._resolve_play(seat, uid, events)
        self.stage = "end"

    def _resolve_play(self, seat: int, uid: int, events: list[Event]) -> None:
        """Every animal card moved by this colour moves (6-3, FAQ Q4); delayed ones wait."""
        cid = self.card_ids[uid]
        rules = self.rules
        color, value = rules.color_of[cid], rules.value_of[cid]
        self.cur_card = (color, value, seat)
        n = len(self.animal_ids)
        sides, side = self.sides, self.side
        moving = [a for a in range(n) if sides[a][side[a]].colors & color and not sides[a][side[a]].delayed]
        for a in moving:
            self.move_animal(a, apply_steps(sides[a][side[a]], value), seat, "play", events)
        if self.acts_after_play:
            for a in range(n):
                for fn, params in sides[a][side[a]].after_play:
                    fn(self, a, events, **params)

    def _draw(self, seat: int, events: list[Event]) -> None:
        deck = self.zones[self.deck]
        if deck:
            events.append(self.move(deck[0], self.hand[seat], reason="draw", actor=seat))

    def _end_turn(self, events: list[Event]) -> None:
        if self.acts_at_turn_end:
            self._animals_at_turn_end(events)
        self.prev_card = self.cur_card
        if not self.final_round:
            for s in range(SEATS):
                if self._out_of_cards(s):
                    self.final_round = True
                    if not self.quiet:
                        events.append(Note("final_round", s))
                    break
        self.turn_seat = (self.turn_seat + 1) % SEATS
        self.stage = "begin"

    def _animals_at_turn_end(self, events: list[Event]) -> None:
        """The end of phase 3, the delayed and drifting moves, then the end-of-turn flips."""
        n = len(self.animal_ids)
        for a in range(n):
            for fn, params in self.side_of(a).end_phase3:
                fn(self, a, events, **params)
        prev = self.prev_card
        for a in range(n):
            side = self.side_of(a)
            if side.delayed and prev is not None and side.colors & prev[0]:
                self.move_animal(a, apply_steps(side, prev[1]), prev[2], "delayed", events)
            for fn, params in side.end_turn_move:
                fn(self, a, events, **params)
        for a in range(n):
            for fn, params in self.side_of(a).end_turn_check:
                fn(self, a, events, **params)

    def _out_of_cards(self, seat: int) -> bool:
        """A ghost with nothing left to turn counts as a seat with no card in hand (DECISION)."""
        zones = self.zones
        if self.is_ghost[seat]:
            return not zones[self.ghost_deck[seat]] and not zones[self.deck]
        return not zones[self.hand[seat]]

    # -------------------------------------------------------------- game ends
    def _sheep_end(self, active: int, events: list[Event]) -> bool:
        """Phase 2: a seat at 0 sheep loses for its team; both teams: the nearest clockwise (4, Q1)."""
        empty = [s for s in ((active + i) % SEATS for i in range(SEATS)) if self.sheep[s] == 0]
        if not empty:
            return False
        team_of = self.rules.team_of
        loser = team_of[empty[0]]
        winner = next(t for t in self.rules.teams if t != loser)
        both = any(team_of[s] != loser for s in empty)
        self._end_game(winner, "sheep", "nearest_zero" if both else "", events)
        return True

    def _cards_end(self, events: list[Event]) -> None:
        """Out of cards: more sheep wins; equal: the tie team (4, FAQ Q2, 10-5)."""
        totals = {t: sum(self.sheep[s] for s in seats) for t, seats in self.rules.teams.items()}
        best = max(totals.values())
        top = [t for t, v in totals.items() if v == best]
        if len(top) == 1:
            self._end_game(top[0], "cards", "", events)
        else:
            self._end_game(self.rules.tie_team, "cards", "equal_sheep", events)

    def _end_game(self, team: str, end: str, tiebreak: str, events: list[Event]) -> None:
        seats = [s for s in self.rules.teams[team] if s < self.humans]
        row = [1 if s in seats else 0 for s in range(self.humans)]
        self.score_sheet = self.score_sheet.with_row(row, [{"win": p} for p in row])
        self.games.append({"number": self.game_no, "winners": list(seats), "team": team, "end": end, "tiebreak": tiebreak, "sheep": self.sheep[:]})
        self.last_tiebreak = tiebreak
        self.wins[team] += 1
        events.append(Note(f"game_won_{end}", None, (("team", team), ("number", self.game_no))))
        totals = self.scores()
        for s in seats:
            events.append(ScoreChanged(s, 1, totals[s], "game_won", (("win", 1),)))
        if self.wins[team] * 2 > self.best_of:
            self.over = True
            self.stage = "over"
            self.phase = "over"
            self.match_winners = list(seats)
            events.append(GameOver(tuple(seats), tuple(totals)))
            return
        if self.end_of_round():  # a quiet play-out ends with the game: nothing is dealt again
            self.stage = "stopped"
            return
        self._new_game(None, events)


if TYPE_CHECKING:  # the primitives' view of the state (primitives.Board), checked by mypy
    _BOARD: type[Board] = WolfHoundState
