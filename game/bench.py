"""Engine benchmarks: figures printed by `main.py bench`, never asserted by tests."""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from typing import Any

from game.engine import registry
from game.engine.rng import Rng
from game.engine.state import State


def table_game() -> str:
    """The game whose table `bench` times with random bots (5 seats: the animations' own cost)
    and whose screens it times idle (3 seats): the one declaring `bench=("table",)`. The figures
    of docs/benchmarks.md are of this game."""
    return registry.bench_game("table")


def random_game(rules: Any, num_players: int, seed: int, rng: Rng) -> tuple[State, int]:
    """Play one full game with uniformly random legal actions; returns it and its action count."""
    state = rules.new_state(num_players, seed=seed, options=getattr(rules, "bench_options", None))
    actions = 0
    while not state.is_over():
        for seat in state.to_act():
            state.apply(seat, state.sample_action(seat, rng))
            actions += 1
    return state, actions


def mid_game_state(rules: Any, num_players: int, seed: int) -> State:
    """A state about a third of the way into a random game (a realistic clone workload)."""
    full, total = random_game(rules, num_players, seed, Rng(seed))
    state = rules.new_state(num_players, seed=seed, options=getattr(rules, "bench_options", None))
    rng = Rng(seed)
    done = 0
    while not state.is_over() and done < total // 3:
        for seat in state.to_act():
            state.apply(seat, state.sample_action(seat, rng))
            done += 1
    return state


def bench_game(game_id: str, num_players: int, seconds: float = 1.0) -> dict[str, Any]:
    """Random full games per second, actions per second, and clone vs deepcopy for one setup.

    Timed on this process's CPU time, not the wall clock: on a busy machine the wall clock also
    counts other programs' turns."""
    rules = registry.load(game_id)
    rng = Rng(12345)
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        _, n = random_game(rules, num_players, games, rng)
        games += 1
        actions += n
    elapsed = time.process_time() - start
    state = mid_game_state(rules, num_players, 99)
    reps = 2000
    t0 = time.process_time()
    for _ in range(reps):
        state.clone()
    clone_s = (time.process_time() - t0) / reps
    deep_reps = 200
    t0 = time.process_time()
    for _ in range(deep_reps):
        copy.deepcopy(state)
    deep_s = (time.process_time() - t0) / deep_reps
    return {
        "game": game_id,
        "players": num_players,
        "games_per_second": round(games / elapsed, 1),
        "actions_per_second": round(actions / elapsed),
        "clone_us": round(clone_s * 1e6, 2),
        "deepcopy_us": round(deep_s * 1e6, 2),
        "clone_speedup": round(deep_s / clone_s, 1),
    }


def rows_per_game(
    measure: Callable[[str, int, float], dict[str, Any]], seconds: float,
    on_row: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """`measure(game_id, players, seconds)` for every available game and player count;
    `on_row(rows done, rows)` before each (the progress bar)."""
    configs = [(entry.game_id, n) for entry in registry.available() if entry.rules is not None
               for n in range(entry.rules.min_players, entry.rules.max_players + 1)]
    rows: list[dict[str, Any]] = []
    for game_id, n in configs:
        if on_row is not None:
            on_row(len(rows), len(configs))
        rows.append(measure(game_id, n, seconds))
    return rows


def engine_rows(seconds: float = 1.0, on_row: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """One row per available game and player count."""
    return rows_per_game(bench_game, seconds, on_row)
