"""Jagdfieber's search hooks (API: game/ai/hooks.py): a fast play-out of the current day on
card counts, then the score sheet says who is likely to win.

WHY: a full random play-out to the end of the 4th day through the engine costs ~1.5 ms, and
most of it is days whose play is unrelated to today's choice (every day starts again from the
same public hands), so those days add noise, not information. The rest of today is simulated
here on plain counts (no events, no card uids, no visibility bookkeeping), which is several
times cheaper than `State.apply`; a test checks it scores every day exactly like the engine.
The food chain, points and closed season come from the rules' data, as in the engine.
"""

from __future__ import annotations

import math
from typing import Any

from game.engine.actions import Action
from game.engine.rng import Rng
from game.engine.state import State

# Spread of one seat's total over the days still to play, in points per sqrt(day): a day's
# score has a standard deviation of about 7 points in random games (measured with simulate).
DAY_SPREAD = 6.0
NONE = -1  # no card


class Tables:
    """The rules' numbers as lists indexed by card kind (built once per rules object)."""

    def __init__(self, rules: Any) -> None:
        order = rules.card_order
        kind = {card: i for i, card in enumerate(order)}
        self.kind = kind
        self.kinds = len(order)
        self.prey_points = [rules.prey_points[c] for c in order]
        self.hand_points = [rules.hand_points[c] for c in order]
        self.closed_card = kind[rules.closed_season_card]
        self.closed_stops = kind[rules.closed_season_stops]
        self.chain = [
            (kind[s.predator], frozenset(kind[p] for p in s.prey), s.miss_to_lodge, s.stays_after_catch,
             s.all_played_exception)
            for s in rules.chain
        ]
        self.lodge_bonus: int = rules.lodge_bonus
        self.under_lodge_points: int = rules.under_lodge_points
        self.days: int = rules.days


_tables: dict[object, Tables] = {}  # keyed by the rules object itself, so it stays alive


def tables_for(rules: Any) -> Tables:
    tables = _tables.get(rules)
    if tables is None:
        tables = _tables[rules] = Tables(rules)
    return tables


class DaySim:
    """The current day on counts: hands, easy prey, points already in prey piles."""

    __slots__ = ("t", "n", "hand", "easy", "play", "pile", "lodged", "four", "start")

    def __init__(self, state: Any) -> None:
        t = self.t = tables_for(state.rules)
        n = self.n = state.num_players
        zones, ids, kind = state.zones, state.card_ids, t.kind
        self.hand = []
        self.easy = []
        self.play = []
        self.pile = []
        self.lodged = []
        for s in range(n):
            counts = [0] * t.kinds
            for u in zones[state.hand[s]]:
                counts[kind[ids[u]]] += 1
            self.hand.append(counts)
            easy = zones[state.easy[s]]
            self.easy.append(kind[ids[easy[0]]] if easy else NONE)
            play = zones[state.play[s]]
            self.play.append(kind[ids[play[0]]] if play else NONE)
            self.pile.append(sum(t.prey_points[kind[ids[u]]] for u in zones[state.pile[s]]))
            self.lodged.append(len(zones[state.lodge[s]]))
        self.four = list(state.lodge_four)
        self.start: int = state.start_seat

    def play_round(self, played: list[int]) -> bool:
        """Resolve one round where seat s plays kind played[s] (taken from its hand); returns
        True while the day goes on."""
        t, n, hand, easy, pile = self.t, self.n, self.hand, self.easy, self.pile
        for s in range(n):
            hand[s][played[s]] -= 1
        in_play = [True] * n
        order = [(self.start + i) % n for i in range(n)]
        closed = t.closed_card in played and t.closed_stops in played
        if closed:
            for s in order:
                if played[s] == t.closed_stops:
                    in_play[s] = False
                    pile[s] += t.prey_points[t.closed_stops]
                elif played[s] == t.closed_card:
                    self.four[s] = True
        for predator, prey, to_lodge, stays, exception in t.chain:
            if closed and predator == t.closed_stops:
                continue
            hunters = [s for s in order if in_play[s] and played[s] == predator]
            if not hunters:
                continue
            everyone = exception and all(card == predator for card in played)
            caught = False
            missed = []
            for s in hunters:
                found = NONE
                for step in range(1, n):
                    o = (s + step) % n
                    if easy[o] in prey:
                        found = easy[o]
                        easy[o] = NONE
                        break
                    if in_play[o] and played[o] in prey:
                        found = played[o]
                        in_play[o] = False
                        break
                if found != NONE:
                    pile[s] += t.prey_points[found]
                    caught = True
                    if not stays:
                        in_play[s] = False
                        hand[s][predator] += 1
                elif to_lodge:
                    in_play[s] = False
                    self.lodged[s] += 1
                elif everyone:
                    missed.append(s)
                else:
                    in_play[s] = False
                    hand[s][predator] += 1
            if not (everyone and not caught):
                for s in missed:
                    in_play[s] = False
                    hand[s][predator] += 1
        for s in range(n):
            if easy[s] != NONE:
                pile[s] += t.prey_points[easy[s]]
            easy[s] = played[s] if in_play[s] else NONE
            self.play[s] = NONE
        self.start = (self.start + 1) % n
        return all(any(h) for h in hand)

    def day_points(self) -> list[int]:
        """Each seat's score for the day if it ended now (easy prey counted as prey pile)."""
        t = self.t
        points = []
        for s in range(self.n):
            p = self.pile[s] + (t.prey_points[self.easy[s]] if self.easy[s] != NONE else 0)
            p += sum(c * v for c, v in zip(self.hand[s], t.hand_points, strict=True))
            p += (t.lodge_bonus if self.four[s] else 0) + t.under_lodge_points * self.lodged[s]
            points.append(p)
        return points

    def random_round(self, rng: Rng) -> bool:
        """Every seat plays a kind it holds, uniformly among kinds (like the random bot)."""
        played = []
        for s in range(self.n):
            if self.play[s] != NONE:
                self.hand[s][self.play[s]] += 1  # already chosen: put back, then play it
                played.append(self.play[s])
                continue
            held = [k for k, c in enumerate(self.hand[s]) if c]
            played.append(held[rng.randrange(len(held))])
        return self.play_round(played)


def playout(state: State, rng: Rng) -> list[float]:
    """Finish today at random on counts and value the score sheet with it."""
    if state.is_over():
        return final_values(state.sheet, state.num_players)  # type: ignore[attr-defined]
    sheet = state.sheet  # type: ignore[attr-defined]
    if state.stopped:  # the search's copy stopped where the day was scored
        return sheet_values(sheet, state.rules.days - len(sheet))  # type: ignore[attr-defined]
    sim = DaySim(state)
    while sim.random_round(rng):
        pass
    sheet = state.sheet + [sim.day_points()]  # type: ignore[attr-defined]
    if len(sheet) >= sim.t.days:
        return final_values(sheet, state.num_players)
    return sheet_values(sheet, sim.t.days - len(sheet))


def final_values(sheet: list[list[int]], n: int) -> list[float]:
    """The game's result: highest total, ties broken by the best single day, else shared."""
    totals = [sum(row[s] for row in sheet) for s in range(n)]
    top = max(totals)
    tied = [s for s in range(n) if totals[s] == top]
    if len(tied) > 1:
        best = {s: max(row[s] for row in sheet) for s in tied}
        high = max(best.values())
        tied = [s for s in tied if best[s] == high]
    return [1.0 / len(tied) if s in tied else 0.0 for s in range(n)]


def sheet_values(sheet: list[list[int]], days_left: int) -> list[float]:
    """Chance to win from the totals: a softmax whose temperature grows with sqrt(days left)."""
    n = len(sheet[0])
    totals = [sum(row[s] for row in sheet) for s in range(n)]
    temperature = DAY_SPREAD * math.sqrt(days_left)
    top = max(totals)
    weights = [math.exp((t - top) / temperature) for t in totals]
    norm = sum(weights)
    return [w / norm for w in weights]



# ------------------------------------------------------------------ fixed plans (main.py exploit)
def _highest(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """Always the highest card held (the top of the food chain: hunter, wolf, rabbit...)."""
    return actions[0]


def _lowest(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """Always the lowest card held (closed season, carrots first)."""
    return actions[-1]




def _first_of(card: str):
    """A plan that plays `card` whenever it holds one, else the highest card."""

    def plan(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
        for action in actions:
            if getattr(action, "card", None) == card:
                return action
        return actions[0]

    plan.__doc__ = f"Always a {card} while one is held, else the highest card."
    return plan


def _random(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """Any card held, each alike (a player who does not think)."""
    return actions[rng.randrange(len(actions))]


PLANS = {
    "highest": _highest,
    "lowest": _lowest,
    "wolves_first": _first_of("wolf"),
    "hunter_first": _first_of("hunter"),
    "random": _random,
}
