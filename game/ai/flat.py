"""Flat rollout search: each candidate move is tried in the same sampled worlds and the game is
played on by the game's policy; the move with the best mean value replaces the game's default
move when it is better by a standard error of the paired differences.

WHY: where a game has a sound policy that plays as people do (Silver's: keep low cards, swap out
high ones, call the count with a lead), improving that policy one move at a time with play-outs
to a natural end values a move by what it leads to at this table. The tree search over short
play-outs values the same moves by sampled villages a few turns on, and in its tree the other
seats choose as if they saw the searcher's cards; measured in Silver (docs/bots.md), the tree's
hard bot won 4 of 24 games against three medium bots, this search with 32 worlds 68 of 100
against three copies of the policy. A game opts in per level (hook FLAT_LEVELS).

The search never reads hidden cards: every world comes from the searching seat's determinizer,
and the candidate moves and the default move are asked of a determinization.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from game.ai.hooks import GameHooks
from game.engine.actions import Action
from game.engine.rng import Rng
from game.engine.state import State

FLAT_WIDEST = 12  # moves tried at most: beyond it, the default move and others drawn at random
FLAT_SPREADS = 1.0  # the best move must beat the default by this many standard errors

Playout = Callable[[State, Rng], list[float]]


def flat_choice(
    seat: int,
    actions: list[Action],
    hooks: GameHooks,
    draw: Callable[[], State],
    playout: Playout,
    rng: Rng,
    worlds: int,
    deadline: float | None = None,
) -> tuple[Action, int]:
    """The move to play and how many worlds were played. `draw` gives determinizations of
    `seat`; each world plays every tried move with the same generator (common random numbers:
    the moves' values differ by the moves, not by luck). With a `deadline` (perf_counter), a
    world begins only when one more, at the mean time of those played, ends before it."""
    det = draw()
    default = hooks.default_move(det, seat, actions, rng) if hooks.default_move is not None else None
    if default is not None and default not in actions:
        default = None
    moves = tried_moves(det, seat, actions, hooks, default, rng)
    if len(moves) == 1:
        return moves[0], 0
    base = 0  # differences are taken against the default move (first in `moves`), else the first
    totals = [0.0] * len(moves)
    squares = [0.0] * len(moves)  # of the differences with the base move, for its standard error
    played = 0
    began = time.perf_counter()
    while played < worlds:
        world = det if played == 0 else draw()
        seed = rng.next64()
        values = [playout(_after(world, seat, move, seed), Rng(seed ^ 0x5EED))[seat] for move in moves]
        for i, value in enumerate(values):
            totals[i] += value
            squares[i] += (value - values[base]) ** 2
        played += 1
        if deadline is not None:  # the clock, between worlds: start one only if it ends in time
            now = time.perf_counter()
            if now + (now - began) / played > deadline:
                break
    best = max(range(len(moves)), key=lambda i: (totals[i], -i))
    if default is None:
        return moves[best], played
    if best == base or played < 2:  # one world gives no spread to trust a change by
        return default, played
    gain = (totals[best] - totals[base]) / played
    spread = math.sqrt(max(0.0, squares[best] / played - gain * gain) / max(1, played - 1))
    return (moves[best] if gain > FLAT_SPREADS * spread else default), played


def tried_moves(det: State, seat: int, actions: list[Action], hooks: GameHooks, default: Action | None, rng: Rng) -> list[Action]:
    """The default move first, then the game's candidates (every legal move without the
    hook), at most FLAT_WIDEST of them (the others drawn at random)."""
    found = hooks.candidates(det, seat) if hooks.candidates is not None else None
    moves = list(found or actions)
    if default is not None:
        moves = [default] + [m for m in moves if m != default]
    if len(moves) > FLAT_WIDEST:
        rest = moves[1:]
        for i in range(FLAT_WIDEST - 1):  # a partial Fisher-Yates draw
            j = i + rng.randrange(len(rest) - i)
            rest[i], rest[j] = rest[j], rest[i]
        moves = moves[:1] + rest[: FLAT_WIDEST - 1]
    return moves


def _after(world: State, seat: int, move: Action, seed: int) -> State:
    """A clone of `world` with its own generator from `seed`, after `seat` played `move`."""
    clone = world.clone().quietly()  # nobody reads the move's events
    clone.rng = Rng(seed)
    clone.apply(seat, move)
    return clone
