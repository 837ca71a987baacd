"""Bot benchmarks for `main.py bench`: ISMCTS iterations per second and seconds per decision
for each level, per game. Figures to read, never asserted by tests."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.ai.ismcts import BUDGETS, ISMCTSBot, Node
from game.engine import registry
from game.engine.rng import Rng
from game.engine.state import State


def decision_points(rules: Any, num_players: int, count: int, seed: int = 7) -> list[tuple[State, int]]:
    """States along random games where a seat has a real choice (two legal actions or more)."""
    points: list[tuple[State, int]] = []
    rng = Rng(seed)
    game = 0
    while len(points) < count and game < 50:
        state = rules.new_state(num_players, seed=seed + game)
        step = 0
        while not state.is_over() and len(points) < count:
            seat = state.to_act()[0]
            actions = state.legal_actions(seat)
            if len(actions) > 1 and step % 5 == 2:
                points.append((state.clone(), seat))
            state.apply(seat, actions[rng.randrange(len(actions))])
            step += 1
        game += 1
    return points


def bench_ai(game_id: str, num_players: int, seconds: float = 1.0) -> dict[str, Any]:
    """Iterations per second over several decision points, then each level's mean time.

    Iterations per second are counted on this process's CPU time, not the wall clock: on a busy
    machine the wall clock also counts other programs' turns."""
    rules = registry.load(game_id)
    points = decision_points(rules, num_players, 6)
    if not points:
        return {"game": game_id, "players": num_players, "iterations_per_second": 0}
    bot = ISMCTSBot(seed=1, iterations=10**9, seconds=seconds / len(points))
    iterations = 0
    start = time.process_time()
    for state, seat in points:
        iterations += bot.search(state, seat, Node(), Rng(seat))
    elapsed = time.process_time() - start
    row: dict[str, Any] = {
        "game": game_id,
        "players": num_players,
        "iterations_per_second": round(iterations / max(elapsed, 1e-9)),
    }
    for level in BUDGETS:
        leveled = ISMCTSBot(seed=2, level=level)
        t0 = time.perf_counter()
        reached = 0
        for state, seat in points[:3]:
            leveled.choose(state, seat)
            reached += leveled.last_iterations >= leveled.last_budget or leveled.last_iterations == 0
        row[f"{level}_s"] = round((time.perf_counter() - t0) / 3, 3)
        row[f"{level}_full"] = reached
    return row


def ai_rows(seconds: float = 1.0, on_row: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """One row per available game and player count."""
    from game.bench import rows_per_game

    return rows_per_game(bench_ai, seconds, on_row)


def print_ai_rows(rows: list[dict[str, Any]]) -> None:
    budgets = ", ".join(f"{k} {b.iterations} it/{b.seconds} s" for k, b in BUDGETS.items())
    print(f"ISMCTS ({budgets}); iterations/s on CPU time; 'full': decisions (of 3) that reached the level's budget")
    print("(its iterations, or its worlds where the game searches the level flat: hook FLAT_LEVELS)")
    print(f"{'game':<16} {'n':>2} {'iterations/s':>12} {'easy s':>7} {'medium s':>8} {'hard s':>7} {'hard full':>9}")
    for r in rows:
        print(
            f"{r['game']:<16} {r['players']:>2} {r['iterations_per_second']:>12} "
            f"{r.get('easy_s', 0):>7} {r.get('medium_s', 0):>8} {r.get('hard_s', 0):>7} {r.get('hard_full', 0):>7}/3"
        )
