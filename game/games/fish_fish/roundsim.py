"""The rest of a Fish Fish round on plain numbers, for the search's play-outs.

WHY: a play-out through the engine builds an event per fish moved (a round moves hundreds) and
resets the whole table for the next round; the search only needs the round's score row. Here a
round is counts: the fisher's fishing cards left by kind, its baits, each seat's fish in hand,
bet and paid. `legal()` and `step()` mirror FishFishState's lines, bets and checks exactly
(tests/test_fish_fish_ai.py walks both in lockstep and compares the score rows).
"""

from __future__ import annotations

from typing import Any

LINE, BET, DONE = 0, 1, 2
PHASES = {"line": LINE, "bet": BET, "over": DONE}  # the state's phase names


class RoundSim:
    """One round from a (determinized) state: the choices left and the score row it ends with."""

    __slots__ = (
        "rules", "n", "fisher", "order", "held", "baits", "fish", "bet", "points", "caught", "line_card",
        "line_value", "line_no", "phase", "bettors", "bet_pos", "revealed", "revealed_catches", "revealed_ends",
    )

    def __init__(self, state: Any) -> None:
        rules = self.rules = state.rules
        self.n = n = state.num_players
        f = self.fisher = state.fisher
        zones, ids, public, bait_value = state.zones, state.card_ids, state.sees, state.bait_value
        self.order: tuple[int, ...] = state.order
        self.held: dict[str, int] = dict.fromkeys(rules.fishing_order, 0)
        for u in zones[state.z_fishing[f]]:
            self.held[ids[u]] += 1
        self.baits = sorted(bait_value[u] for u in zones[state.z_baits[f]])
        self.fish = [len(zones[state.z_fish[s]]) for s in range(n)]
        self.bet = [len(zones[state.z_bet[s]]) for s in range(n)]
        self.points = [0] * n  # this round's loot so far, per fish seat
        for s in range(n):
            if s != f:
                self.points[s] = sum(v * len(zones[z]) for v, z in state.z_loot[s].items())
        self.caught = len(zones[state.z_caught[f]])
        line = zones[state.z_line[f]]
        self.line_card = ids[line[0]] if line else ""
        self.line_value: int = state.line_value
        self.line_no: int = state.line_no
        self.phase = PHASES[state.phase]
        betting = self.phase == BET  # the state's turn order: the bettors, and whose bet is next
        self.bettors: tuple[int, ...] = state.turn.seats if betting else ()
        self.bet_pos: int = state.turn.pos if betting else 0
        self.revealed = self.revealed_catches = 0
        for u in zones[state.z_discard[f]]:
            if ids[u] in rules.fishing_count and public(None, u):
                self.revealed += 1
                self.revealed_catches += ids[u] in rules.takes_bets
        self.revealed_ends: int = state.revealed_ends

    def to_act(self) -> int:
        return self.fisher if self.phase == LINE else self.bettors[self.bet_pos]

    def legal(self) -> list[Any]:
        """The fisher's (card, bait value) lines, or the bettor's fish counts (as the engine)."""
        if self.phase == LINE:
            values = sorted(set(self.baits))
            return [(c, v) for c in self.rules.fishing_order if self.held[c] for v in values]
        left = self.fish[self.bettors[self.bet_pos]]
        return [left] if self.line_no >= self.rules.lines else list(range(left + 1))

    def step(self, choice: Any) -> None:
        if self.phase == LINE:
            card, value = choice
            self.held[card] -= 1
            self.baits.remove(value)
            self.line_card, self.line_value = card, value
            self.bettors = tuple(s for s in self.order if self.fish[s])
            self.bet_pos = 0
            self.phase = BET
            return
        seat = self.bettors[self.bet_pos]
        self.fish[seat] -= choice
        self.bet[seat] += choice
        self.bet_pos += 1
        if self.bet_pos == len(self.bettors):
            self.check_line()

    def check_line(self) -> None:
        rules, bet = self.rules, self.bet
        card = self.line_card
        if any(bet[s] for s in self.bettors):
            self.revealed += 1
            if card in rules.takes_bets:
                self.revealed_catches += 1
                self.caught += sum(bet[s] for s in self.bettors)
            else:
                for s in self.bettors:
                    self.points[s] += self.line_value * bet[s]
            if card in rules.ends_round:
                self.revealed_ends += 1
            for s in self.bettors:
                bet[s] = 0
        self.line_card, self.line_value, self.bettors = "", 0, ()
        self.phase = LINE
        if rules.ends_round_total and self.revealed_ends == rules.ends_round_total:
            if self.baits:
                top = max(self.baits)
                for s in self.order:
                    self.points[s] += top * self.fish[s]
                    self.fish[s] = 0
            self.phase = DONE
        elif self.line_no >= rules.lines or not any(self.fish[s] for s in self.order):
            self.phase = DONE
        else:
            self.line_no += 1

    def row(self) -> list[int]:
        """The round's score row (valid once the round is done)."""
        row = self.points[:]
        row[self.fisher] = self.rules.fisher_points * self.caught
        return row

    def catch_chance(self) -> float:
        """As ai.catch_chance: every fishing card not revealed this round is alike to a fish."""
        rules = self.rules
        unrevealed = rules.lines - self.revealed
        hidden = sum(rules.fishing_count[c] for c in rules.takes_bets)
        return (hidden - self.revealed_catches) / unrevealed if unrevealed > 0 else 0.0
