"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS) that cannot cheat.

WHY this shape:
- The bot never looks at the true hidden state. Each iteration starts from
  `state.determinize(seat, rng)`: a full state the searching seat cannot tell from the real one.
  Everything after that (tree descent, play-out, evaluation) runs on that clone.
- Tree nodes are the searching seat's information sets: a child is keyed by what the searching
  seat observes of a step (the step's events as it sees them, `step_seen`; with several seats
  acting at once, also who acted), never by another seat's hidden choice. So two
  determinizations that differ only in hidden cards share the same nodes and statistics.
- Simultaneous steps (several seats in `to_act`, e.g. Jagdfieber's face-down choice) use
  decoupled selection: at a node every acting seat picks its move from its OWN statistics at that
  node (UCB1 with availability counts), all at once, then the joint move is applied. No seat's
  statistics are ever conditioned on another seat's same-step choice. Seats that already chose
  before the search began are not in `to_act`: their choice is part of each determinization, so
  it is resampled every iteration, never read.
- Known limit of single-observer search: the other seats' statistics live in the searching
  seat's information sets, so in the tree they choose as if they knew the searcher's secrets
  (a Fish Fish fisher's card). Replacing them by a public-facts policy was measured and was
  worse (Fish Fish, medium vs three random bots: 67% wins searched, 27% with the policy).
- Inference: with the game's `belief` hook, determinizations are not uniform: a pool of them is
  weighted by how likely the other seats' observed choices were under each (a per-game model of
  how they play, e.g. Fish Fish's fisher lures with catches under big baits), and iterations draw
  from it by weight. With the `mixed` hook, a bluffing spot is answered with a draw among the
  well-visited moves (in proportion to visits), so the bot's hidden cards cannot be read from a
  fixed reply; with the `prior` hook, the draw follows the game's model of balanced play there
  (`prior_choice`). All are measured with `main.py exploit GAME` (game/ai/exploit.py).
- Candidates: with the game's `candidates` hook, the tree tries only the moves the game
  finds worth searching (no points given away for nothing), built by the game without
  listing every legal move first; the final choice is still made among all legal moves (an
  untried one has no visits).
- Default moves: with the game's `default_move` hook, medium and hard bots keep the game's own
  sound move unless the searched best is better in mean value by DEFAULT_MARGIN and by a
  standard error of the difference (`clearly_better`): the longer search trusts smaller gains.
- Games make play-outs smarter or shorter with hooks (game/ai/hooks.py, the API is described
  there): a rollout policy, a truncation test and an evaluation, or a whole fast play-out,
  in game/games/<id>/ai.py.

LEVELS (budgets per decision: the search stops at whichever limit comes first):
    easy     80 iterations,  0.10 s
    medium   500 iterations, 0.40 s
    hard     2500 iterations, 1.50 s
A game may have some levels choose by the flat rollout search of game/ai/flat.py instead of
the tree (hook FLAT_LEVELS: Silver's hard bots); they keep the level's clock. A game may also
give a level its own tree budget (hook LEVEL_ITERATIONS: Kill the Unicorns' levels), keeping
the level's clock.
Iteration budgets make a bot deterministic for a seed; the wall-clock limit only guards speed on
slow machines (pass seconds=None for exact reproducibility, as the tests do).
"""

from __future__ import annotations

import bisect
import itertools
import math
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from game.ai.flat import flat_choice
from game.ai.hooks import GameHooks, hooks_for
from game.engine.actions import Action
from game.engine.errors import TableeError
from game.engine.events import CardMoved, CardRevealed, Event, MarkerChanged
from game.engine.rng import Rng
from game.engine.state import State


@dataclass(frozen=True)
class Budget:
    """How long one decision may search: at most `iterations`, and at most `seconds` if set."""

    iterations: int
    seconds: float | None


# The clock is a cap for slow or busy machines, not the budget: each level should reach its
# iterations on an ordinary one. Hard's cap was 0.9 s, and Kill the Unicorns at 5 and 6 players
# (the longest play-outs: a round's hunts for six hands) needed 0.8-1.0 s of a quiet core for
# 2,500 iterations at a round's first decisions, so hard stopped short there; 1.5 s leaves room.
BUDGETS: dict[str, Budget] = {
    "easy": Budget(80, 0.10),
    "medium": Budget(500, 0.40),
    "hard": Budget(2500, 1.50),
}

EXPLORATION = 0.35  # UCB1 constant: values are chances to win in [0, 1]; 0.35 beat 0.7 head to head


class Node:
    """An information set of the searching seat: per acting seat, per action, [visits, value
    sum, availability]; children keyed by the searching seat's next observation."""

    __slots__ = ("stats", "children")

    def __init__(self) -> None:
        self.stats: dict[int, dict[Action, list[float]]] = {}
        self.children: dict[Hashable, Node] = {}


_HIDING = (CardMoved, CardRevealed)  # the event types that may carry a card the seat cannot see


def step_seen(events: list[Event], bit: int) -> list[Hashable]:
    """A step's events as the seat with bit `bit` sees them (hidden card ids become None).

    The search keys a node's children by this: the node is already the seat's information set,
    so what the step shows it identifies the next one, for the cost of the step's own events
    instead of a walk over every zone (`State.seen_zones`)."""
    out: list[Hashable] = []
    for event in events:
        if isinstance(event, _HIDING) and not event.visible & bit and event.card is not None:
            event = event._replace(card=None)
        elif type(event) is MarkerChanged and type(event.value) is dict:  # a marker's details: hashable
            event = (event.marker, event.seat, tuple(event.value.items()))  # type: ignore[assignment]
        out.append(event)
    return out


class ISMCTSBot:
    """Searches from determinizations only; returns the most visited action of its seat.

    `iterations` / `seconds` override the level's budget (seconds=None: no wall-clock limit,
    so the choice depends only on the seed and what the seat knows)."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        level: str = "medium",
        iterations: int | None = None,
        seconds: float | None | str = "level",
        exploration: float = EXPLORATION,
    ) -> None:
        if level not in BUDGETS:
            raise TableeError(f"unknown level '{level}' (levels: {', '.join(BUDGETS)})")
        budget = BUDGETS[level]
        self.level = level
        self.iterations = budget.iterations if iterations is None else iterations
        if isinstance(seconds, str) and seconds != "level":
            raise TableeError(f"seconds must be a number, None or 'level', not {seconds!r}")
        self.seconds: float | None = budget.seconds if isinstance(seconds, str) else seconds
        self.exploration = exploration
        self.rng = Rng(seed)
        self._lock = threading.Lock()
        self.last_iterations = 0  # of the last decision, for benchmarks
        self.last_budget = self.iterations  # ...and what it aimed at (iterations, or a flat search's worlds)
        self.memory: dict = {}  # the game's `remember` hook keeps what this bot forgot here

    def choose(self, state: State, seat: int) -> Action:
        """The action to play; `state` is only read (to_act, legal_actions, determinize)."""
        started = time.perf_counter()  # the clock counts the whole decision, not the search alone
        if seat not in state.to_act():
            raise TableeError(f"seat {seat} has nothing to choose now")
        actions = state.legal_actions(seat)
        if not actions:
            raise TableeError(f"seat {seat} has no legal action now")
        with self._lock:  # one generator per decision; the search itself shares nothing
            rng = self.rng.spawn()
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        hooks = hooks_for(state.rules.game_id)
        slip = hooks.slips.get(self.level)
        if slip and rng.random() < slip:  # the level errs on purpose (hook LEVEL_SLIPS)
            self.last_iterations = 0
            return actions[rng.randrange(len(actions))]
        if hooks.remember is not None:
            state = hooks.remember(state, seat, self.level, self.memory, rng)
        if self.level in hooks.flat_levels:
            return self.choose_flat(state, seat, actions, hooks, rng, started)
        root = Node()
        self.last_budget = self.budget_in(hooks)
        done = self.search(state, seat, root, rng, started, self.last_budget)
        self.last_iterations = done
        stats = root.stats.get(seat, {})
        weights = hooks.prior(state.determinize(seat, rng), seat, actions) if hooks.prior is not None else None
        if weights is not None:
            return prior_choice(actions, stats, weights, rng)
        if hooks.mixed is not None and hooks.mixed(state, seat):
            return mixed_choice(actions, stats, rng)
        best = actions[0]
        best_visits = -1.0
        for action in actions:  # most visits; ties go to the earlier legal action
            visits = stats[action][0] if action in stats else 0.0
            if visits > best_visits:
                best, best_visits = action, visits
        if hooks.default_move is not None and self.level != "easy":
            default = hooks.default_move(state.determinize(seat, rng), seat, actions, rng)
            if default in actions and not clearly_better(stats, best, default):
                return default
        return best

    def deadline(self, started: float) -> float | None:
        """When the search must have stopped: the clock from the decision's start, less a
        reserve for what follows the search (the final choice, the default move's check)."""
        return None if self.seconds is None else started + self.seconds * (1.0 - CLOCK_RESERVE)

    def choose_flat(
        self, state: State, seat: int, actions: list[Action], hooks: GameHooks, rng: Rng, started: float | None = None,
    ) -> Action:
        """A level the game searches flat (hook FLAT_LEVELS, game/ai/flat.py): its worlds scale
        with the iterations asked of this bot against the level's (tests ask fewer)."""
        worlds = max(2, round(hooks.flat_levels[self.level] * self.iterations / BUDGETS[self.level].iterations))
        deadline = self.deadline(time.perf_counter() if started is None else started)
        self.last_budget = worlds
        draw = determinizer(state, seat, rng, hooks, min(worlds, BELIEF_POOL))
        playout = hooks.flat_playout or (lambda det, r: rollout(det, r, hooks))
        move, self.last_iterations = flat_choice(seat, actions, hooks, draw, playout, rng, worlds, deadline)
        return move

    def budget_in(self, hooks: GameHooks) -> int:
        """This bot's tree iterations in the hooks' game: the game's own budget for the level
        (hook LEVEL_ITERATIONS) scaled as the iterations asked of this bot are to the level's."""
        own = hooks.iterations.get(self.level)
        if own is None:
            return self.iterations
        return max(1, round(own * self.iterations / BUDGETS[self.level].iterations))

    def search(
        self, state: State, seat: int, root: Node, rng: Rng, started: float | None = None, iterations: int | None = None,
    ) -> int:
        """Run iterations until the budget (this bot's, unless given) is spent; returns how many ran."""
        hooks = hooks_for(state.rules.game_id)
        budget = self.iterations if iterations is None else iterations
        began = time.perf_counter()
        deadline = self.deadline(began if started is None else started)
        draw = determinizer(state, seat, rng, hooks, min(budget, BELIEF_POOL))
        done = 0
        while done < budget:
            self.iterate(draw(), seat, root, rng, hooks)
            done += 1
            if deadline is not None:  # one more only if it ends in time, at the mean so far
                now = time.perf_counter()
                if now + (now - began) / done > deadline:
                    break
        return done

    def iterate(self, det: State, seat: int, root: Node, rng: Rng, hooks: GameHooks) -> None:
        """Selection and expansion on the determinization, then play-out and backpropagation."""
        path: list[tuple[Node, dict[int, Action]]] = []
        node = root
        c = self.exploration
        bit = 1 << seat
        narrow = hooks.candidates
        det.searching = True  # the tree stops where a round is scored, as the play-outs do
        while not det.is_over() and not det.stopped:
            joint: dict[int, Action] = {}
            fresh = False
            for mover in det.to_act():
                moves = (narrow(det, mover) if narrow is not None else None) or det.legal_actions(mover)
                action, new = select(node, mover, moves, c, rng)
                joint[mover] = action
                fresh = fresh or new
            seen: list[Hashable] = [tuple(det.to_act())] if len(joint) > 1 else []
            for mover, action in joint.items():
                seen += step_seen(det.apply(mover, action), bit)
            path.append((node, joint))
            key = tuple(seen)
            child = node.children.get(key)
            if child is None:
                node.children[key] = Node()
                break
            node = child
            if fresh:
                break
        values = rollout(det, rng, hooks)
        for node, joint in path:
            for mover, action in joint.items():
                entry = node.stats[mover][action]
                entry[0] += 1.0
                entry[1] += values[mover]


CLOCK_RESERVE = 0.04  # of a level's clock, kept for what follows the search (at hard: 60 ms)
BELIEF_POOL = 48  # determinizations weighted by the game's belief, drawn from at each iteration
MIXED_FLOOR = 0.25  # a mixed choice draws among moves with at least this share of the top visits
MIXED_MARGIN = 0.01  # ...whose mean value is at most this far below the most visited move's


def determinizer(state: State, seat: int, rng: Rng, hooks: GameHooks, pool_size: int) -> Callable[[], State]:
    """Where each iteration's determinization comes from. Uniform (`state.determinize`), or
    the game's `determinizer` hook; with a `belief` hook, a pool of them is weighted by how
    likely the other seats' observed choices were under each, and iterations draw from it by weight (a
    clone with its own future chance), so a line that looks like a lure is searched as one."""
    # the pools found once per search (the game's own model of hidden cards if it has one)
    make = state.determinizer(seat) if hooks.determinizer is None else hooks.determinizer(state, seat)
    if hooks.belief is None:
        return lambda: make(rng)
    pool = [make(rng) for _ in range(max(1, pool_size))]
    weights = [max(0.0, hooks.belief(det, seat)) for det in pool]
    total = sum(weights)
    if total <= 0.0:
        weights, total = [1.0] * len(pool), float(len(pool))
    cumulative = list(itertools.accumulate(weights))

    def draw() -> State:
        index = min(bisect.bisect_right(cumulative, rng.random() * total), len(pool) - 1)
        det = pool[index].clone()
        det.rng = rng.spawn()
        return det

    return draw


DEFAULT_MARGIN = 0.02  # the search replaces a game's default move only when at least this much better...
DEFAULT_SPREADS = 1.0  # ...and by this many standard errors of the difference of the two means


def clearly_better(stats: dict[Action, list[float]], best: Action, default: Action) -> bool:
    """Whether the searched `best` beats the game's `default` move in mean value by
    DEFAULT_MARGIN and by DEFAULT_SPREADS standard errors of the difference (a default the
    search never tried is kept: nothing says it is worse). WHY the standard error: a fixed
    margin let a short search override sound moves with noise and kept a long one from using
    what it found; with it, the more a bot searches, the smaller the gain it can trust. Values
    are chances in [0, 1], so a mean m over n visits has a variance of at most m (1 - m) / n."""
    if best == default or best not in stats or default not in stats or not stats[default][0]:
        return False
    n_best, n_default = stats[best][0], stats[default][0]
    m_best, m_default = stats[best][1] / n_best, stats[default][1] / n_default
    spread = math.sqrt(m_best * (1.0 - m_best) / n_best + m_default * (1.0 - m_default) / n_default)
    return m_best >= m_default + max(DEFAULT_MARGIN, DEFAULT_SPREADS * spread)


def mixed_choice(actions: list[Action], stats: dict[Action, list[float]], rng: Rng) -> Action:
    """A draw among the well-visited moves in proportion to their visits (a mixed strategy at a
    bluffing spot: the same hand does not always give the same move)."""
    visits = [stats[a][0] if a in stats else 0.0 for a in actions]
    means = [stats[a][1] / stats[a][0] if a in stats and stats[a][0] else 0.0 for a in actions]
    floor = MIXED_FLOOR * max(visits)
    top = means[visits.index(max(visits))]
    weights = [v if v >= floor and means[i] >= top - MIXED_MARGIN else 0.0 for i, v in enumerate(visits)]
    pick = rng.random() * sum(weights)
    for action, weight in zip(actions, weights, strict=True):
        pick -= weight
        if weight and pick <= 0:
            return action
    return actions[visits.index(max(visits))]


PRIOR_MARGIN = 0.02  # a prior choice draws among moves whose mean value is at most this below the best's
PRIOR_MIN_SHARE = 0.1  # ...and that the search visited at least this share of the top visits


def prior_choice(actions: list[Action], stats: dict[Action, list[float]], weights: list[float], rng: Rng) -> Action:
    """A mixed strategy at a bluffing spot: a draw by the game's prior `weights` (its model of
    balanced play) among the moves the search rates about as well as its most visited one; the
    most visited move when the prior gives none of them any weight (the search found a clearly
    better move than balanced play)."""
    visits = [stats[a][0] if a in stats else 0.0 for a in actions]
    means = [stats[a][1] / stats[a][0] if a in stats and stats[a][0] else 0.0 for a in actions]
    most = visits.index(max(visits))
    floor, top = PRIOR_MIN_SHARE * visits[most], means[most]
    allowed = [
        max(0.0, w) if visits[i] >= floor and visits[i] > 0 and means[i] >= top - PRIOR_MARGIN else 0.0
        for i, w in enumerate(weights)
    ]
    total = sum(allowed)
    if total <= 0.0:
        return actions[most]
    pick = rng.random() * total
    for action, weight in zip(actions, allowed, strict=True):
        pick -= weight
        if weight and pick <= 0:
            return action
    return actions[most]


def select(node: Node, mover: int, actions: list[Action], c: float, rng: Rng) -> tuple[Action, bool]:
    """Decoupled UCB1 for one seat at a node: an untried action first (at random), else the best
    bound, counting only determinizations where an action was available. True if untried."""
    stats = node.stats.get(mover)
    if stats is None:
        stats = node.stats[mover] = {}
    untried: list[Action] = []
    entries: list[list[float]] = []  # each action's, in order: one look-up per action
    for action in actions:
        entry = stats.get(action)
        if entry is None:
            entry = stats[action] = [0.0, 0.0, 1.0]
            untried.append(action)
        else:
            entry[2] += 1.0
            if entry[0] == 0.0:
                untried.append(action)
        entries.append(entry)
    if untried:
        return untried[rng.randrange(len(untried))], True
    best = actions[0]
    best_bound = -math.inf
    sqrt, log = math.sqrt, math.log
    for action, (visits, total, avail) in zip(actions, entries, strict=True):
        bound = total / visits + c * sqrt(log(avail) / visits)
        if bound > best_bound:
            best, best_bound = action, bound
    return best, False


def rollout(state: State, rng: Rng, hooks: GameHooks) -> list[float]:
    """Play the determinization on with the game's policy until the end, or until the game's
    `rollout_done` says stop; then value it with the game's `evaluate` (or the game's own
    `playout` does all of it)."""
    if hooks.playout is not None:
        return hooks.playout(state, rng)
    policy = hooks.rollout_action
    done = hooks.rollout_done
    start = None
    if done is not None:  # a shallow snapshot: its counters as they were, all `done` reads
        start = object.__new__(type(state))
        start.__dict__.update(state.__dict__)
    state.quietly()  # the search's own copy: no events, and it stops where a round is scored
    while not state.is_over() and not state.stopped:
        for mover in state.to_act():
            state.apply(mover, policy(state, mover, state.legal_actions(mover), rng))
        if done is not None and done(start, state):  # type: ignore[arg-type]
            break
    return hooks.evaluate(state)
