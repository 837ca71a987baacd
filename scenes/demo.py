"""`main.py demo GAME`: computer players play on the real table (the frame-time bench built on it:
scenes/bench_frames.py).

The demo opens a window (or runs headless under SDL's dummy driver), lets bots play for a number
of frames and saves a screenshot: a smoke test for CI and a way to make pictures for the docs.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from game.ai import make_bot, parse_bot_spec
from game.engine import registry
from game.engine.errors import TableeError
from game.match import BOT, Match, MatchConfig, SeatConfig

FRAME_DT = 1 / 60


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


def wait_for_bots(app: Any, match: Match) -> None:
    """Headless, game time follows the match: while the table shows nothing and a bot thinks,
    the next frame waits for its answer (a bot's worker is slower than frames with no screen to
    wait for, and the run would end before the first move)."""
    from scenes.table.scene import TableScene

    top = app.stack.top
    if isinstance(top, TableScene) and not top.animator.busy and not match.is_over():
        match.wait_for_bots()


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
            wait_for_bots(app, match)
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
