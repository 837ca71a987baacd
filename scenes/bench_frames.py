"""`main.py bench`: the table's frame time while computer players play and think.

Frames are paced at 60 per second as in the app (the loop sleeps out the rest of each frame),
so bots think for as long as they would. Each frame (update, plus the draw when anything
changed; autosave included) is timed three ways:
- wall time (`perf_counter`): what the player sees, but on a busy machine it also counts the
  time the OS gave the CPU to other programs;
- the main thread's CPU time (`thread_time`): what our render loop itself costs;
- the process's CPU time (`process_time`): the same plus our other threads (the autosave).
A frame over the budget in wall time while its thread time stayed within it was *preempted*:
the OS ran something else, our code did not stall it. Percentiles are given over every frame
and over the frames actually drawn (a frame with nothing new on screen only polls: the table
is not drawn again while a bot only thinks). Figures to read, never asserted by tests.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from typing import Any

from game.engine import registry

FRAME_DT = 1 / 60
FRAME_BUDGET = 0.008  # seconds: the target for a frame's p99
WARM_UP_FRAMES = 30
MIN_BENCH_FRAMES = 300


def bench_table(game_id: str, seconds: float = 1.0, players: int = 5, size: tuple[int, int] = (1280, 720),
                bot: str = "random", worker: str = "process") -> dict[str, Any]:
    """Frame times of `game_id`'s table with bots (`bot`, at every seat) playing; the bench's
    autosaves go to a temporary folder, never the player's."""
    import pygame

    from game.match import Match
    from scenes.app import create_app
    from scenes.demo import demo_config
    from scenes.table.scene import TableScene

    saved_home = os.environ.get("TABLEE_HOME")
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLEE_HOME"] = home
        try:
            app = create_app(size=size, headless=True)
            config = demo_config(app, game_id, players, 7, bot)
            match = Match(config, think_seconds=0.05, clock=lambda: app.time, worker=worker)
            scene = TableScene(app, config, match)
            app.push(scene)
            for _ in range(WARM_UP_FRAMES):  # card art is rasterized once, on first sight
                app.step(FRAME_DT, [])
            wall: list[float] = []
            thread: list[float] = []
            process: list[float] = []
            drawn: list[int] = []
            start = time.perf_counter()
            while time.perf_counter() - start < seconds or len(wall) < MIN_BENCH_FRAMES:
                t0, c0, p0, d0 = time.perf_counter(), time.thread_time(), time.process_time(), app.draws
                app.step(FRAME_DT, [])
                wall.append(time.perf_counter() - t0)
                thread.append(time.thread_time() - c0)
                process.append(time.process_time() - p0)
                if app.draws != d0:
                    drawn.append(len(wall) - 1)
                if not app.stack.scenes or app.stack.top is not scene:
                    break
                rest = t0 + FRAME_DT - time.perf_counter()
                if rest > 0:
                    time.sleep(rest)
            while app.stack.scenes:
                app.stack.pop()
            match.close()
            pygame.quit()
        finally:
            if saved_home is None:
                os.environ.pop("TABLEE_HOME", None)
            else:
                os.environ["TABLEE_HOME"] = saved_home
    row: dict[str, Any] = {"scene": "table", "game": game_id, "bot": bot, "worker": worker, "players": players,
                           "size": f"{size[0]}x{size[1]}", "frames": len(wall), "drawn": len(drawn),
                           "target_p99_ms": FRAME_BUDGET * 1000}
    for name, values in (("wall", wall), ("thread", thread), ("process", process)):
        for q in (50, 95, 99):
            row[f"{name}_p{q}_ms"] = _ms(percentile(values, q))
            if name != "process":
                row[f"drawn_{name}_p{q}_ms"] = _ms(percentile([values[i] for i in drawn], q))
    over = [i for i, w in enumerate(wall) if w > FRAME_BUDGET]
    row["over_budget"] = round(len(over) / max(1, len(wall)), 3)
    row["preempted"] = round(sum(thread[i] <= FRAME_BUDGET for i in over) / max(1, len(wall)), 3)
    # compatibility with the earlier names (README, scripts)
    row["p50_ms"], row["p99_ms"], row["p99_cpu_ms"] = row["wall_p50_ms"], row["wall_p99_ms"], row["thread_p99_ms"]
    row["over_8ms"] = row["over_budget"]
    return row


def table_games() -> list[tuple[str, int]]:
    """Every available game with a table layout, at 4 players (or the nearest count it allows)."""
    from scenes.layouts import NoLayout, get_layout

    games = []
    for entry in registry.available():
        if entry.rules is None:
            continue
        try:
            get_layout(entry.game_id)
        except NoLayout:
            continue
        games.append((entry.game_id, min(max(entry.rules.min_players, 4), entry.rules.max_players)))
    return games


def thinking_rows(
    seconds: float = 1.0, bot: str = "ismcts:hard", on_row: Callable[[int, int], None] | None = None
) -> list[dict[str, Any]]:
    """Every table game with a hard bot at every seat (so one is always thinking);
    `on_row(rows done, rows)` before each."""
    games = table_games()
    rows: list[dict[str, Any]] = []
    for game_id, n in games:
        if on_row is not None:
            on_row(len(rows), len(games))
        rows.append(bench_table(game_id, seconds, players=n, bot=bot))
    return rows


def print_frame_rows(rows: list[dict[str, Any]]) -> None:
    from game.botworker import BOT_NICE

    print(f"table frame time at 1280x720, hard bots at every seat (searching in a process at nice +{BOT_NICE}); "
          f"p50/p95/p99 in ms; target wall p99 <= {FRAME_BUDGET * 1000:g} ms")
    print(f"{'game':<18} {'n':>2} {'frames':>6} {'drawn':>5} {'wall p50/p95/p99':>18} {'thread CPU p50/p95/p99':>23} "
          f"{'process p99':>11} {'drawn: wall p99':>15} {'thread p99':>10} {'>8 ms':>6} {'preempted':>9}")
    for r in rows:
        wall = f"{r['wall_p50_ms']}/{r['wall_p95_ms']}/{r['wall_p99_ms']}"
        thread = f"{r['thread_p50_ms']}/{r['thread_p95_ms']}/{r['thread_p99_ms']}"
        print(f"{r['game']:<18} {r['players']:>2} {r['frames']:>6} {r['drawn']:>5} {wall:>18} {thread:>23} "
              f"{r['process_p99_ms']:>11} {r['drawn_wall_p99_ms']:>15} {r['drawn_thread_p99_ms']:>10} "
              f"{100 * r['over_budget']:>5.1f}% {100 * r['preempted']:>8.1f}%")
    print("preempted: frames over 8 ms of wall time whose main thread used at most 8 ms of CPU (the OS ran "
          "another program meanwhile: machine load, not our code)")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(len(ordered) * q / 100))]


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)
