"""Jagdfieber's search hooks (API: game/ai/hooks.py): play-outs of a few rounds through the
rules, then a valuation of the rest of the day, and the score sheet says who is likely to win.

WHY: a play-out to the end of the 4th day says little about today's choice (every day starts
again from the same public hands), so a play-out stops with the day at the latest. Within the
day, random play far ahead mostly adds noise: the play-out plays ROUNDS rounds at random
through the rules (the engine's quiet mode), then values the rest of the day with a linear
model of what random play would still bring each seat (DAY_WEIGHTS: its easy prey and the
cards in its hand, by kind, and how many rounds the shortest hand leaves), fitted on random
games (`fit_day_weights`). A seat's day is then its prey pile, its lodge and that estimate.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.engine.actions import Action
from game.engine.flow import AllAtOnce
from game.engine.rng import Rng
from game.engine.state import State

# Spread of one seat's total over the days still to play, in points per sqrt(day): a day's
# score has a standard deviation of about 7 points in random games (measured with simulate).
DAY_SPREAD = 6.0
ROUNDS = 2  # rounds a play-out plays through the rules before the valuation of the day's rest
# The rest of a day under random play, per seat: a constant, then per card kind (the YAML's
# order: hunter, wolf, rabbit, carrot, closed season) its easy prey, its hand, and its hand times
# the shortest hand's size (the rounds left at most). Fitted by least squares on 300 random games
# at 3-5 players (51,026 round starts; `fit_day_weights(100)`, 2026-12-01); what the model leaves
# unexplained has a standard deviation of DAY_RESIDUAL points.
DAY_WEIGHTS = (
    2.904,
    0.0, 4.191, 2.458, 1.820, 1.314,
    -2.779, -0.074, -1.357, -0.714, 2.572,
    0.125, 0.344, 0.308, 0.122, -0.315,
)
DAY_RESIDUAL = 5.66


def determinizer(state: State, seat: int) -> Callable[[Rng], State]:
    """The search's determinizations (hook `determinizer`): the engine's, with the other seats'
    face-down choices of this round taken back (the card back in hand, the seat choosing
    again). WHY: every seat chooses at once, so a choice made a moment earlier tells nothing;
    dealt as a card drawn at random from that hand, it made the later seats of each round
    search against a player choosing at random, while the first seat's search met the others
    choosing by their own statistics, as they do: the first seat to choose won most games
    (measured: 7 of 12 games of four 30-iteration bots, a quarter expected). Taken back, every
    seat's search meets every other choosing, alike."""
    make = state.determinizer(seat)
    n, waiting = state.num_players, state.to_act()
    chosen = [o for o in range(n) if o not in waiting]  # who chose is public (the table shows it)
    if not chosen:
        return make

    def draw(rng: Rng) -> State:
        det: Any = make(rng)
        for o in chosen:
            hand = det.hand[o]
            det.relocate(det.zones[det.play[o]][0], hand)
            det.deduce(det.zones[hand])  # the hand as it was before the choice: public
        det.order = AllAtOnce.everyone(n)
        return det

    return draw


def rollout_done(start: State, state: State) -> bool:
    """Stop a play-out ROUNDS rounds on, or when the day was scored (a quiet play-out stops
    there by itself: the next day is not dealt)."""
    return state.round_no - start.round_no >= ROUNDS  # type: ignore[attr-defined]


def evaluate(state: State) -> list[float]:
    """Chance to win: exact at the end; after a scored day, the sheet's totals; within a day,
    the totals with each seat's estimated day (its prey pile, its lodge and `day_rest`)."""
    s: Any = state
    n, days = state.num_players, s.rules.days
    if state.is_over():
        return final_values(s.sheet, n)
    if s.stopped:  # the day was scored: nothing of it is left to guess
        return sheet_values(s.sheet, days - len(s.sheet))
    totals = state.scores()
    days_left = days - len(s.sheet) - 1
    today = day_estimates(s)
    temperature = math.sqrt(DAY_RESIDUAL**2 + DAY_SPREAD**2 * days_left)
    return softmax([t + d for t, d in zip(totals, today, strict=True)], temperature)


def day_estimates(state: Any) -> list[float]:
    """Each seat's points for today as random play would likely end it: what its prey pile and
    lodge hold already, plus the fitted rest (DAY_WEIGHTS)."""
    zones, ids = state.zones, state.card_ids
    kind = _kinds(state.rules)
    k = len(kind)
    shortest = min(len(zones[state.hand[s]]) for s in range(state.num_players))
    out = day_estimates_known(state)
    for s in range(state.num_players):
        x = day_features(kind, k, ids, zones[state.easy[s]], zones[state.hand[s]], shortest)
        out[s] += sum([w * v for w, v in zip(DAY_WEIGHTS, x, strict=True) if v])
    return out


def day_features(kind: dict[str, int], k: int, ids: Any, easy: list[int], hand: list[int], shortest: int) -> list[float]:
    """The valuation's inputs for one seat (DAY_WEIGHTS' order)."""
    x = [0.0] * (1 + 3 * k)
    x[0] = 1.0
    for uid in easy:
        x[1 + kind[ids[uid]]] = 1.0
    for uid in hand:
        i = kind[ids[uid]]
        x[1 + k + i] += 1.0
        x[1 + 2 * k + i] += shortest
    return x


_kind_cache: dict[object, dict[str, int]] = {}  # keyed by the rules object itself, so it stays alive


def _kinds(rules: Any) -> dict[str, int]:
    kind = _kind_cache.get(rules)
    if kind is None:
        kind = _kind_cache[rules] = {c: i for i, c in enumerate(rules.card_order)}
    return kind


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
    return softmax([float(t) for t in totals], DAY_SPREAD * math.sqrt(days_left))


def softmax(points: list[float], temperature: float) -> list[float]:
    top = max(points)
    weights = [math.exp((p - top) / temperature) for p in points]
    norm = sum(weights)
    return [w / norm for w in weights]


def fit_day_weights(games: int, seed: int = 0) -> tuple[list[float], float]:
    """DAY_WEIGHTS and DAY_RESIDUAL fitted again (least squares) on `games` random games at each
    player count: at every round start, each seat's features against what that day still
    brought it under random play. For when the YAML's points change; prints nothing."""
    from game.engine import registry  # only here: the hooks never load rules

    rules: Any = registry.load("jagdfieber")
    kind, k = _kinds(rules), len(rules.card_order)
    rows: list[tuple[list[float], float]] = []
    for n in range(rules.min_players, rules.max_players + 1):
        for g in range(games):
            state: Any = rules.new_state(n, seed=seed + g)
            rng = Rng(seed + g + 1000 * n)
            pending: list[tuple[list[float], float, int]] = []
            day = state.day
            while not state.is_over():
                if len(state.to_act()) == n:  # a round start: nobody has chosen
                    shortest = min(len(state.zones[state.hand[s]]) for s in range(n))
                    known = day_estimates_known(state)
                    for s in range(n):
                        x = day_features(kind, k, state.card_ids, state.zones[state.easy[s]], state.zones[state.hand[s]], shortest)
                        pending.append((x, known[s], s))
                for s in state.to_act():
                    state.apply(s, state.sample_action(s, rng))
                if state.day != day or state.is_over():
                    row = state.sheet[-1]
                    rows.extend((x, row[s] - known_s) for x, known_s, s in pending)
                    pending, day = [], state.day
    weights = least_squares(rows)
    residuals = [y - sum(w * v for w, v in zip(weights, x, strict=True)) for x, y in rows]
    return weights, math.sqrt(sum(r * r for r in residuals) / len(residuals))


def day_estimates_known(state: Any) -> list[float]:
    """Each seat's points already sure today: its prey pile and its lodge."""
    rules, zones, ids = state.rules, state.zones, state.card_ids
    return [
        float(sum([rules.prey_points[ids[u]] for u in zones[state.pile[s]]]) + (rules.lodge_bonus if state.lodge_four[s] else 0))
        for s in range(state.num_players)
    ]


def least_squares(rows: list[tuple[list[float], float]], ridge: float = 1e-6) -> list[float]:
    """The weights w minimizing the sum of (y - w.x)^2 (normal equations, Gaussian elimination)."""
    d = len(rows[0][0])
    m = [[0.0] * (d + 1) for _ in range(d)]
    for x, y in rows:
        for i, xi in enumerate(x):
            if xi:
                row = m[i]
                for j, xj in enumerate(x):
                    row[j] += xi * xj
                row[d] += xi * y
    for i in range(d):
        m[i][i] += ridge
    for c in range(d):
        pivot = max(range(c, d), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(d):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [a - f * b for a, b in zip(m[r], m[c], strict=True)]
    return [m[i][d] / m[i][i] for i in range(d)]


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


THOUGHTFUL_SAMPLES = 40  # the other seats' choices a careful player imagines per card


def _thoughtful(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """A careful player written from the rules (not from the bots' models): every hand is known
    at a round's start, so for each card it holds it imagines the round THOUGHTFUL_SAMPLES times
    with the others choosing any card they hold, plays it out through the rules, and keeps the
    card that does best against the others on average: points sure in the prey pile and the
    lodge, half the easy prey's (it may be eaten yet), and the cards left in hand at their
    hand points, counted in full once a hand is down to two cards (the day may end)."""
    if len(actions) == 1:
        return actions[0]
    s: Any = state
    n = s.num_players
    waiting = [o for o in s.to_act() if o != seat]
    base = _careful_worth(s)
    best, best_score = actions[0], -1e18
    for action in actions:
        total = 0.0
        for _ in range(THOUGHTFUL_SAMPLES):
            world = s.clone().quietly()
            world.apply(seat, action)
            for other in waiting:
                if world.to_act():
                    world.apply(other, world.sample_action(other, rng))
            after = _careful_worth(world)
            gains = [after[o] - base[o] for o in range(n)]
            total += gains[seat] - sum(g for o, g in enumerate(gains) if o != seat) / (n - 1)
        if total > best_score:
            best, best_score = action, total
    return best


def _careful_worth(state: Any) -> list[float]:
    """Each seat's day as a careful player reckons it (see `_thoughtful`)."""
    rules, zones, ids = state.rules, state.zones, state.card_ids
    n = state.num_players
    urgent = min(len(zones[state.hand[o]]) for o in range(n)) <= 2
    weight = 1.0 if urgent else 0.4
    out = day_estimates_known(state)
    for o in range(n):
        out[o] += 0.5 * sum(rules.prey_points[ids[u]] for u in zones[state.easy[o]])
        out[o] += weight * sum(rules.hand_points[ids[u]] for u in zones[state.hand[o]])
    return out


PLANS = {
    "highest": _highest,
    "lowest": _lowest,
    "wolves_first": _first_of("wolf"),
    "hunter_first": _first_of("hunter"),
    "random": _random,
    "thoughtful": _thoughtful,
}
