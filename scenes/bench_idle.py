"""`main.py bench`: what an idle screen costs (a menu, the privacy screen, a table waiting for a
human). Each screen runs the real loop (60 frames per second, no input) for a while; the figure
is the main thread's CPU time per second of wall time, and how many frames were actually drawn.
A figure, not a test: the machine's load changes it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game import paths
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig

Setup = Callable[[Any, str], None]


def _table(app: Any, game_id: str, kinds: str, privacy: bool) -> None:
    from scenes.table.scene import TableScene

    app.settings.extra["tours_seen"] = [game_id]
    seats = [SeatConfig(f"P{i}", HUMAN if k == "h" else BOT, "random", "easy") for i, k in enumerate(kinds)]
    config = MatchConfig(game_id, seats, seed=3)
    match = Match(config, think_seconds=0, threaded=False)
    scene = TableScene(app, config, match)
    app.push(scene)
    for _ in range(600):  # until the table waits for a human (behind the privacy screen or not)
        app.step(0.05, [])
        if not scene.animating() and (scene.privacy_for is not None) == privacy and match.human_to_act():
            break
    if not privacy and scene.privacy_for is not None:
        import pygame

        app.step(0.05, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])


SCREENS: dict[str, Setup] = {
    "menu": lambda app, game: None,
    "setup": lambda app, game: app.push(app.scene("setup")),
    "settings": lambda app, game: app.push(app.scene("settings")),
    "rules": lambda app, game: app.push(app.scene("rules")),
    "privacy screen": lambda app, game: _table(app, game, "hhb", privacy=True),
    "table, your turn": lambda app, game: _table(app, game, "hbb", privacy=False),
}


def bench_idle(game_id: str, seconds: float = 1.0) -> list[dict[str, Any]]:
    """Idle cost of each screen in SCREENS (tables of `game_id`, 3 seats): CPU ms per second
    and frames drawn per second."""
    from scenes.app import FPS, create_app

    rows = []
    with paths.temporary_home():
        for name, setup in SCREENS.items():
            app = create_app(headless=True)
            app.clear_to(app.scene("menu"))
            setup(app, game_id)
            for _ in range(10):
                app.step(1 / FPS, [])
            draws, c0, t0 = app.draws, time.thread_time(), time.perf_counter()
            while time.perf_counter() - t0 < seconds:
                app.step(app.clock.tick(FPS) / 1000.0, [])
            wall = time.perf_counter() - t0
            rows.append({"screen": name, "cpu_ms_per_s": round((time.thread_time() - c0) * 1000 / wall, 1),
                         "draws_per_s": round((app.draws - draws) / wall, 1)})
            while app.stack.scenes:
                app.stack.pop()
    return rows
