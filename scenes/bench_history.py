"""`main.py bench`: how long History and Statistics take to open with few and many matches.

For each size (10 and 10,000 finished matches, in the same run) a data folder is filled with
sample records (game/samplehistory.py: built directly, not played), then: the match index is
built from them (what happens once, or after the index was lost), History opens and draws its
first frame (the index in step with the folder, the first page read), it opens again, and
Statistics opens and draws (every figure and rating computed). Wall time and this thread's CPU
time, in milliseconds, after one unmeasured round that loads the fonts and the games' data, as
a running app has. A figure, not a test: the machine's load changes it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import paths

HISTORY_SIZES = (10, 10_000)


def _timed(task: Callable[[], Any]) -> tuple[float, float]:
    c0, t0 = time.thread_time(), time.perf_counter()
    task()
    return round((time.perf_counter() - t0) * 1000, 1), round((time.thread_time() - c0) * 1000, 1)


def bench_history(sizes: tuple[int, ...] = HISTORY_SIZES) -> list[dict[str, Any]]:
    """One row per size: build, open History (twice), open Statistics; ms wall and CPU."""
    import scenes.history
    import scenes.statistics  # noqa: F401 - imported before the clock starts, as in a running app

    with paths.temporary_home() as home:  # once, unmeasured: fonts, the games' data
        _bench_size(home / "data", 1)
    rows = []
    for count in sizes:
        with paths.temporary_home() as home:
            rows.append(_bench_size(home / "data", count))
    return rows


def _bench_size(data: Path, count: int) -> dict[str, Any]:
    from game.matchindex import open_index
    from game.samplehistory import write_history
    from scenes.app import create_app

    write_history(data / "history", count, seed=1)
    build = _timed(lambda: open_index(data).close())
    app = create_app(headless=True)
    app.clear_to(app.scene("menu"))

    def open_scene(name: str) -> None:
        app.push(app.scene(name))
        app.dirty = True
        app.step(1 / 60, [])

    first = _timed(lambda: open_scene("history"))
    app.pop()
    again = _timed(lambda: open_scene("history"))
    app.pop()
    stats = _timed(lambda: open_scene("statistics"))
    while app.stack.scenes:
        app.stack.pop()
    return {"matches": count, "build_ms": build[0], "build_cpu_ms": build[1], "history_ms": first[0],
            "history_cpu_ms": first[1], "history_again_ms": again[0], "history_again_cpu_ms": again[1],
            "statistics_ms": stats[0], "statistics_cpu_ms": stats[1]}


def history_line(row: dict[str, Any]) -> str:
    return (f"history with {row['matches']:>6} matches: index built in {row['build_ms']} ms (CPU {row['build_cpu_ms']}); "
            f"History opens in {row['history_ms']} ms (CPU {row['history_cpu_ms']}), again {row['history_again_ms']} ms "
            f"(CPU {row['history_again_cpu_ms']}); Statistics {row['statistics_ms']} ms (CPU {row['statistics_cpu_ms']})")
