"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS) that cannot cheat.

WHY this shape:
- The bot never looks at the true hidden state. Each iteration starts from
  `state.determinize(seat, rng)`: a full state the searching seat cannot tell from the real one.
  Everything after that (tree descent, play-out, evaluation) runs on that clone.
- Tree nodes are the searching seat's information sets: a child is keyed by what the searching
  seat observes after a step (`observation`), never by another seat's hidden choice. So two
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
- Games make play-outs smarter or shorter with hooks (game/ai/hooks.py, the API is described
  there): a rollout policy, a truncation test and an evaluation, or a whole fast play-out,
  in game/games/<id>/ai.py.

LEVELS (budgets per decision: the search stops at whichever limit comes first):
    easy     80 iterations,  0.10 s
    medium   500 iterations, 0.40 s
    hard     2500 iterations, 0.90 s
Iteration budgets make a bot deterministic for a seed; the wall-clock limit only guards speed on
slow machines (pass seconds=None for exact reproducibility, as the tests do).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Hashable
from dataclasses import dataclass

from game.ai.hooks import GameHooks, hooks_for
from game.engine.actions import Action
from game.engine.errors import TableeError
from game.engine.rng import Rng
from game.engine.state import State


@dataclass(frozen=True)
class Budget:
    """How long one decision may search: at most `iterations`, and at most `seconds` if set."""

    iterations: int
    seconds: float | None


BUDGETS: dict[str, Budget] = {
    "easy": Budget(80, 0.10),
    "medium": Budget(500, 0.40),
    "hard": Budget(2500, 0.90),
}

EXPLORATION = 0.35  # UCB1 constant: values are chances to win in [0, 1]; 0.35 beat 0.7 head to head


class Node:
    """An information set of the searching seat: per acting seat, per action, [visits, value
    sum, availability]; children keyed by the searching seat's next observation."""

    __slots__ = ("stats", "children")

    def __init__(self) -> None:
        self.stats: dict[int, dict[Action, list[float]]] = {}
        self.children: dict[Hashable, Node] = {}


def observation(state: State, seat: int) -> Hashable:
    """What `seat` can tell about `state`: who acts, public scores, and every card it may see
    (a hidden card counts only by its place). Generic: the card table's one visibility rule."""
    return (tuple(state.to_act()), tuple(state.scores()), state.seen_zones(seat))


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
        self.seconds = budget.seconds if seconds == "level" else seconds
        self.exploration = exploration
        self.rng = Rng(seed)
        self._lock = threading.Lock()
        self.last_iterations = 0  # of the last decision, for benchmarks

    def choose(self, state: State, seat: int) -> Action:
        """The action to play; `state` is only read (to_act, legal_actions, determinize)."""
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
        root = Node()
        done = self.search(state, seat, root, rng)
        self.last_iterations = done
        stats = root.stats.get(seat, {})
        best = actions[0]
        best_visits = -1.0
        for action in actions:  # most visits; ties go to the earlier legal action
            visits = stats[action][0] if action in stats else 0.0
            if visits > best_visits:
                best, best_visits = action, visits
        return best

    def search(self, state: State, seat: int, root: Node, rng: Rng) -> int:
        """Run iterations until the budget is spent; returns how many ran."""
        hooks = hooks_for(state.rules.game_id)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done < self.iterations:
            self.iterate(state.determinize(seat, rng), seat, root, rng, hooks)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return done

    def iterate(self, det: State, seat: int, root: Node, rng: Rng, hooks: GameHooks) -> None:
        """Selection and expansion on the determinization, then play-out and backpropagation."""
        path: list[tuple[Node, dict[int, Action]]] = []
        node = root
        c = self.exploration
        while not det.is_over():
            joint: dict[int, Action] = {}
            fresh = False
            for mover in det.to_act():
                action, new = select(node, mover, det.legal_actions(mover), c, rng)
                joint[mover] = action
                fresh = fresh or new
            for mover, action in joint.items():
                det.apply(mover, action)
            path.append((node, joint))
            key = observation(det, seat)
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


def select(node: Node, mover: int, actions: list[Action], c: float, rng: Rng) -> tuple[Action, bool]:
    """Decoupled UCB1 for one seat at a node: an untried action first (at random), else the best
    bound, counting only determinizations where an action was available. True if untried."""
    stats = node.stats.get(mover)
    if stats is None:
        stats = node.stats[mover] = {}
    untried: list[Action] = []
    for action in actions:
        entry = stats.get(action)
        if entry is None:
            stats[action] = [0.0, 0.0, 1.0]
            untried.append(action)
        else:
            entry[2] += 1.0
            if entry[0] == 0.0:
                untried.append(action)
    if untried:
        return untried[rng.randrange(len(untried))], True
    best = actions[0]
    best_bound = -math.inf
    for action in actions:
        visits, total, avail = stats[action]
        bound = total / visits + c * math.sqrt(math.log(avail) / visits)
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
    start = state.clone() if done is not None else None
    while not state.is_over():
        for mover in state.to_act():
            state.apply(mover, policy(state, mover, state.legal_actions(mover), rng))
        if done is not None and done(start, state):  # type: ignore[arg-type]
            break
    return hooks.evaluate(state)
