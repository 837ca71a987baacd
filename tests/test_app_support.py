"""Shared helpers of the app-shell tests (this module holds no tests itself).

Every app test runs under SDL's dummy video/audio drivers with TABLEE_HOME in a tmp folder.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from dataclasses import dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402

from game.engine import registry  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from game.match import MatchConfig, SeatConfig  # noqa: E402
from scenes.app import App, create_app  # noqa: E402
from scenes.base import Scene  # noqa: E402


def make_app(monkeypatch: Any, tmp_path: Path, size: tuple[int, int] = (1280, 720)) -> App:
    """A headless app whose settings live in tmp_path, opened on the main menu."""
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path / "home"))
    app = create_app(size=size, headless=True)
    app.settings.extra["lessons_offered"] = list(registry.GAMES)  # a first match starts at once (no lesson offer)
    app.clear_to(app.scene("menu"))
    return app


def key(k: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def text(s: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=s)


def click(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ]


def frame(app: App, *events: pygame.event.Event) -> None:
    app.step(1 / 60, list(events))


@dataclass
class FinishedMatch:
    """What the results screen reads from a match: its config, rules and final state."""

    config: MatchConfig
    rules: Any
    state: Any
    history: list[tuple[int, str]] = field(default_factory=list)


def finished_match(seed: int = 3, players: int = 4, game_id: str = "jagdfieber") -> FinishedMatch:
    """A match played to its end with random legal moves (seeded, so always the same)."""
    rules = registry.load(game_id)
    seats = [SeatConfig("Anna" if i == 0 else f"Bot {i}", kind="human" if i == 0 else "bot") for i in range(players)]
    config = MatchConfig(game_id, seats, seed=seed)
    state = rules.new_state(players, seed=seed)
    rng = Rng(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.randrange(len(actions))])
    return FinishedMatch(config, rules, state)


class StandInTable(Scene):
    """Registered as "table" in tests, so the app shell is tested without the table scene."""

    opened: list[Any] = []

    def __init__(self, app: Any, config: Any) -> None:
        super().__init__(app)
        self.config = config
        StandInTable.opened.append(config)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))
