"""`main.py demo GAME`: computer players play on the real table; also the table's frame-time bench.

The demo opens a window (or runs headless under SDL's dummy driver), lets bots play for a number
of frames and saves a screenshot: a smoke test for CI and a way to make pictures for the docs.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from game.ai import make_bot, parse_bot_spec
from game.engine import registry
from game.engine.errors import TableeError
from game.match import BOT, Match, MatchConfig, SeatConfig

FRAME_DT = 1 / 60
WARM_UP_FRAMES = 30
MIN_BENCH_FRAMES = 300


def want_headless(flag: bool) -> bool:
    """Headless when asked, on CI, or when there is no display to open a window on."""
    if flag or os.environ.get("CI") or os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return True
    return sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def demo_config(app: Any, game_id: str, players: int, seed: int, bot: str) -> MatchConfig:
    name, level = parse_bot_spec(bot)
    seats = [SeatConfig(app.tr("table.bot_name", number=i + 1), BOT, name, level) for i in range(players)]
    return MatchConfig(game_id, seats, seed=seed)


def check_args(game_id: str, players: int | None, bot: str) -> tuple[Any, int]:
    """The game's rules and the player count, or TableeError with what is wrong."""
    from scenes.layouts import NoLayout, get_layout

    rules = registry.load(game_id)
    try:
        get_layout(game_id)
    except NoLayout as exc:
        raise TableeError(str(exc)) from exc
    n = players if players is not None else min(max(rules.min_players, 4), rules.max_players)
    if not rules.min_players <= n <= rules.max_players:
        raise TableeError(f"{game_id} is played by {rules.min_players} to {rules.max_players} players, not {n}")
    name, level = parse_bot_spec(bot)
    make_bot(name, level=level)
    return rules, n


def run_demo(game_id: str, players: int | None = None, frames: int = 600, screenshot: Path | None = None,
             seed: int = 1, headless: bool = False, bot: str = "random", think_seconds: float = 0.25) -> int:
    """Bots play `frames` frames on the table; the last frame is saved to `screenshot`."""
    try:
        rules, n = check_args(game_id, players, bot)
    except TableeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    import pygame

    from scenes.app import create_app
    from scenes.table.scene import TableScene

    app = create_app(size=(1280, 720), headless=want_headless(headless))
    config = demo_config(app, game_id, n, seed, bot)
    match = Match(config, rules=rules, think_seconds=think_seconds, clock=lambda: app.time)
    app.push(TableScene(app, config, match))
    if app.headless:  # no real clock to wait for: step at 60 frames per second of game time
        for _ in range(frames):
            if not app.stack.scenes:
                break
            app.step(FRAME_DT, pygame.event.get())
    else:
        app.run(max_frames=frames)
    if screenshot is not None:
        screenshot.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(screenshot))
        print(f"screenshot saved to {screenshot}")
    while app.stack.scenes:
        app.stack.pop()
    pygame.quit()
    return 0


def bench_table(game_id: str, seconds: float = 1.0, players: int = 5, size: tuple[int, int] = (1280, 720),
                bot: str = "random", worker: str = "process") -> dict[str, Any]:
    """Frame time of the table (update + draw, autosave included) with bots playing and animations
    running. Wall time suffers from other processes on a busy machine; the main thread's CPU time
    per frame does not, so both are given."""
    import tempfile

    import pygame

    from scenes.app import create_app
    from scenes.table.scene import TableScene

    saved_home = os.environ.get("TABLEE_HOME")
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLEE_HOME"] = home  # the bench's autosaves never reach the player's folder
        try:
            app = create_app(size=size, headless=True)
            config = demo_config(app, game_id, players, 7, bot)
            match = Match(config, think_seconds=0.05, clock=lambda: app.time, worker=worker)
            scene = TableScene(app, config, match)
            app.push(scene)
            for _ in range(WARM_UP_FRAMES):  # card art is rasterized once, on first sight
                app.step(FRAME_DT, [])
            wall: list[float] = []
            cpu: list[float] = []
            start = time.perf_counter()
            while time.perf_counter() - start < seconds or len(wall) < MIN_BENCH_FRAMES:
                t0, c0 = time.perf_counter(), time.thread_time()
                app.step(FRAME_DT, [])
                wall.append(time.perf_counter() - t0)
                cpu.append(time.thread_time() - c0)
                if not app.stack.scenes or app.stack.top is not scene:
                    break
            while app.stack.scenes:
                app.stack.pop()
            match.close()
            pygame.quit()
        finally:
            if saved_home is None:
                os.environ.pop("TABLEE_HOME", None)
            else:
                os.environ["TABLEE_HOME"] = saved_home
    return {
        "scene": "table",
        "game": game_id,
        "bot": bot,
        "worker": worker,
        "players": players,
        "size": f"{size[0]}x{size[1]}",
        "frames": len(wall),
        "p50_ms": _ms(statistics.median(wall)),
        "p99_ms": _ms(_p99(wall)),
        "p99_cpu_ms": _ms(_p99(cpu)),
        "over_8ms": round(sum(w > 0.008 for w in wall) / max(1, len(wall)), 3),
        "target_p99_ms": 8.0,
    }


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)
