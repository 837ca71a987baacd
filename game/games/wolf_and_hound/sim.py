"""Wolf & Hound's search play-out on plain data (no events, no card uids, no visibility).

WHY: a play-out step through `State.apply` pays for what only the table needs: event objects
for every move, the card table's knowledge masks, a legality check of the search's own choice.
`TurnSim` copies what the turns need (hands as card texts, the deck's order, the animals, the
sheep) and plays the same turns with the same animal primitives (game/games/wolf_and_hound/
primitives.py call it as they call the state: `side_of`, `move_animal`, `flip`,
`change_sheep`...), the same policy and the same horizon, so a play-out gives exactly the value
the engine's would (tests/test_wolf_and_hound_ai.py checks it, seed by seed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.rng import Rng
from game.games.wolf_and_hound.primitives import Side, apply_steps

if TYPE_CHECKING:
    from game.games.wolf_and_hound.state import WolfHoundState

SEATS = 4


class _Nowhere(list):  # type: ignore[type-arg]
    """The primitives' event list: a play-out keeps no events."""

    def append(self, event: Any) -> None:
        return None


_NOWHERE = cast("list[Event]", _Nowhere())


class TurnSim:
    """The turns of the current game of a Wolf & Hound state, on copies of its plain data."""

    def __init__(self, state: WolfHoundState) -> None:
        rules = self.rules = state.rules
        self.num_players = state.num_players
        zones, ids = state.zones, state.card_ids
        self.hand = [[ids[u] for u in zones[z]] for z in state.hand]
        self.ghost_deck = [[ids[u] for u in zones[z]] for z in state.ghost_deck]
        self.deck = [ids[u] for u in zones[state.deck]]
        self.top = [ids[zones[z][-1]] if zones[z] else None for z in state.played]  # last played card per seat
        self.animal_ids = state.animal_ids
        self.sides: tuple[tuple[Side, Side], ...] = state.sides
        self.side = state.side[:]
        self.pos = state.pos[:]
        self.moved_at = state.moved_at[:]
        self.stamp = state.stamp
        self.sheep = state.sheep[:]
        self.start_sheep = state.start_sheep
        self.forbidden = set(state.forbidden)
        self.is_ghost = state.is_ghost
        self.humans = state.humans
        self.prev_card, self.cur_card = state.prev_card, state.cur_card
        self.turn_seat, self.turn_no, self.game_no = state.turn_seat, state.turn_no, state.game_no
        self.first_turn, self.final_round = state.first_turn, state.final_round
        self.phase, self.stage = state.phase, state.stage
        self.over = state.over
        self.wins = dict(state.wins)
        self.best_of = state.best_of
        self.winner_team: str | None = None  # of the match, once over
        if state.over:
            self.winner_team = rules.team_of[state.match_winners[0]] if state.match_winners else None
        self.symbol_of = rules.symbol_of

    # ------------------------------------------------------- the state's protocol, in short
    def to_act(self) -> int:
        return (self.turn_seat + 2) % SEATS if self.phase == "ghost" else self.turn_seat

    def legal_actions(self, seat: int) -> list[Action]:
        """The engine's list, in the engine's order (the policy's random draws depend on it)."""
        rules = self.rules
        if self.phase == "ghost":
            return [rules.ghost_keep, rules.ghost_swap]
        held, value_of, forbidden = set(self.hand[seat]), rules.value_of, self.forbidden
        plays: list[Action] = [rules.plays[c] for c in rules.card_order if c in held and value_of[c] not in forbidden]
        return plays or [rules.skip]

    def apply(self, seat: int, action: Action) -> None:
        rules, g = self.rules, self.turn_seat
        if self.phase == "ghost":
            if action == rules.ghost_swap:
                deck = self.ghost_deck[g]
                deck.append(cast(str, self.top[g]))
                self.top[g] = deck.pop(0)
            self._resolve_play(g, cast(str, self.top[g]))
        elif action == rules.skip:
            if not self.hand[seat]:
                self._draw(seat)
        else:
            card = action.card  # type: ignore[attr-defined]
            self.hand[seat].remove(card)
            self.top[seat] = card
            self._resolve_play(seat, card)
            self._draw(seat)
        self.stage = "end"
        self._run()

    # -------------------------------------------------- what the primitives call
    def side_of(self, a: int) -> Side:
        return self.sides[a][self.side[a]]

    def change_sheep(self, seat: int, delta: int, animal: str, events: list[Event]) -> None:
        self.sheep[seat] = min(max(self.sheep[seat] + delta, 0), self.start_sheep[seat])

    def flip(self, a: int, cause: str, events: list[Event]) -> None:
        self.side[a] ^= 1

    def move_animal(self, a: int, steps: int, actor: int | None, reason: str, events: list[Event]) -> None:
        if steps == 0:
            return
        side = self.side_of(a)
        here = self.pos[a]
        way = 1 if steps > 0 else -1
        symbol = side.stop_symbol if actor is not None else ""
        path: list[int] = []
        for _ in range(abs(steps)):
            here = (here + way) % SEATS
            path.append(here)
            if symbol and here != actor and self._symbol_at(here) == symbol:
                break
        self.pos[a] = here
        self.stamp += 1
        self.moved_at[a] = self.stamp
        for fn, params in side.after_move:
            fn(self, a, path, _NOWHERE, **params)

    def _symbol_at(self, seat: int) -> str:
        card = self.top[seat]
        return self.symbol_of[card] if card is not None else ""

    # ---------------------------------------------------------- the turn engine
    def _run(self) -> None:
        while True:
            stage = self.stage
            if stage == "begin":
                self._begin_turn()
            elif stage == "phase3":
                self._phase3()
            elif stage == "end":
                self._end_turn()
            else:
                return

    def _begin_turn(self) -> None:
        seat = self.turn_seat
        self.turn_no += 1
        self.forbidden = set()
        self.cur_card = None
        self.phase = "activation"
        ends = False
        if self.first_turn:
            self.first_turn = False
        else:
            ends = self._activate(seat)
        if self._sheep_end(seat):
            return
        if self.final_round and seat == 0:
            self._cards_end()
            return
        self.stage = "end" if ends else "phase3"

    def _activate(self, seat: int) -> bool:
        here = [a for a in range(len(self.animal_ids)) if self.pos[a] == seat]
        if len(here) > 1:
            from game.games.wolf_and_hound.state import KIND_RANK

            here.sort(key=lambda a: (KIND_RANK[self.side_of(a).kind], a))
        for a in here:
            for fn, params in self.side_of(a).activate:
                if fn(self, a, seat, _NOWHERE, **params):
                    return True
        return False

    def _phase3(self) -> None:
        seat = self.turn_seat
        self.phase = "play"
        if not self.is_ghost[seat]:
            self.stage = "wait"
            return
        if self.deck:
            self.top[seat] = card = self.deck.pop(0)
            if self.ghost_deck[seat]:
                self.phase = "ghost"
                self.stage = "wait"
                return
        elif self.ghost_deck[seat]:
            self.top[seat] = card = self.ghost_deck[seat].pop(0)
        else:
            self.stage = "end"
            return
        self._resolve_play(seat, card)
        self.stage = "end"

    def _resolve_play(self, seat: int, card: str) -> None:
        rules = self.rules
        color, value = rules.color_of[card], rules.value_of[card]
        self.cur_card = (color, value, seat)
        n = len(self.animal_ids)
        moving = [a for a in range(n) if self.side_of(a).colors & color and not self.side_of(a).delayed]
        for a in moving:
            self.move_animal(a, apply_steps(self.side_of(a), value), seat, "play", _NOWHERE)
        for a in range(n):
            for fn, params in self.side_of(a).after_play:
                fn(self, a, _NOWHERE, **params)

    def _draw(self, seat: int) -> None:
        if self.deck:
            self.hand[seat].append(self.deck.pop(0))

    def _end_turn(self) -> None:
        n = len(self.animal_ids)
        for a in range(n):
            for fn, params in self.side_of(a).end_phase3:
                fn(self, a, _NOWHERE, **params)
        prev = self.prev_card
        for a in range(n):
            side = self.side_of(a)
            if side.delayed and prev is not None and side.colors & prev[0]:
                self.move_animal(a, apply_steps(side, prev[1]), prev[2], "delayed", _NOWHERE)
            for fn, params in side.end_turn_move:
                fn(self, a, _NOWHERE, **params)
        for a in range(n):
            for fn, params in self.side_of(a).end_turn_check:
                fn(self, a, _NOWHERE, **params)
        self.prev_card = self.cur_card
        if not self.final_round and any(self._out_of_cards(s) for s in range(SEATS)):
            self.final_round = True
        self.turn_seat = (self.turn_seat + 1) % SEATS
        self.stage = "begin"

    def _out_of_cards(self, seat: int) -> bool:
        if self.is_ghost[seat]:
            return not self.ghost_deck[seat] and not self.deck
        return not self.hand[seat]

    def _sheep_end(self, active: int) -> bool:
        empty = [s for s in ((active + i) % SEATS for i in range(SEATS)) if self.sheep[s] == 0]
        if not empty:
            return False
        loser = self.rules.team_of[empty[0]]
        self._end_game(next(t for t in self.rules.teams if t != loser))
        return True

    def _cards_end(self) -> None:
        totals = {t: sum(self.sheep[s] for s in seats) for t, seats in self.rules.teams.items()}
        best = max(totals.values())
        top = [t for t, v in totals.items() if v == best]
        self._end_game(top[0] if len(top) == 1 else self.rules.tie_team)

    def _end_game(self, team: str) -> None:
        """A game is won. The match over, or the next game set up as the engine's `_new_game`
        leaves it for the valuation (animals home, sheep back; the cards are not dealt again:
        the play-out stops at the next decision and nothing reads them)."""
        self.wins[team] += 1
        if self.wins[team] * 2 > self.best_of:
            self.over = True
            self.stage = self.phase = "over"
            self.winner_team = team
            return
        self.game_no += 1
        n = len(self.animal_ids)
        self.pos, self.side, self.moved_at, self.stamp = [0] * n, [0] * n, [0] * n, 0
        self.sheep = self.start_sheep[:]
        self.first_turn = self.rules.skip_first_activation
        self.final_round = False
        self.forbidden = set()
        self.prev_card = self.cur_card = None
        self.top = [None] * SEATS
        self.turn_seat = 0
        self.stage, self.phase = "begin", "activation"


def play_out(state: WolfHoundState, rng: Rng, policy: Any, horizon: int, values: Any) -> list[float]:
    """The engine's truncated rollout (game/ai/ismcts.py `rollout` with the game's
    `rollout_action`, `rollout_done` and `evaluate`), on a TurnSim."""
    sim = TurnSim(state)
    start_turn, start_game = sim.turn_no, sim.game_no
    while not sim.over:
        seat = sim.to_act()
        sim.apply(seat, policy(sim, seat, sim.legal_actions(seat), rng))
        if sim.turn_no - start_turn >= horizon or sim.game_no != start_game:
            break
    return cast(list[float], values(sim, state.num_players))
