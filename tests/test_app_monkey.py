"""Thousands of random mouse and keyboard events on every app-shell scene: no exception, and the
app stays usable. Also saves a screenshot of each scene (small window, normal, 4K)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from scenes import app as app_module
from scenes import net_host, net_join
from scenes.menu import MainMenuScene
from scenes.results import ResultsScene, ScoreSheetScene
from scenes.rules_screen import RulesScene
from scenes.settings import SettingsScene
from scenes.setup import SetupScene
from tests.test_app_support import finished_match, make_app

KEYS = [
    pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_RETURN,
    pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_DELETE,
    pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END, pygame.K_a, pygame.K_z,
    pygame.K_1, pygame.K_F11,
]  # fmt: skip
MODS = [0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT]
EVENTS_PER_SCENE = 3000
PER_FRAME = 10


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    pos = (rng.randrange(-20, size[0] + 20), rng.randrange(-20, size[1] + 20))
    kind = rng.random()
    if kind < 0.35:
        return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=rng.choice(MODS), unicode="", scancode=0)
    if kind < 0.45:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(["a", "É", "ç", "Zoé ", "«»", "\t", "🃏"]))
    if kind < 0.65:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
    if kind < 0.85:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 2, 3, 4, 5]))
    if kind < 0.93:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False)


def build(app: Any, name: str) -> Any:
    if name == "results":
        return ResultsScene(app, finished_match())
    if name == "score_sheet":
        match = finished_match(seed=8, players=5)
        return ScoreSheetScene(app, match.rules, match.state.view(None), [s.name for s in match.config.seats])
    return app.scene(name)


SCENE_TYPES = {
    "menu": MainMenuScene,
    "setup": SetupScene,
    "settings": SettingsScene,
    "rules": RulesScene,
    "results": ResultsScene,
    "score_sheet": ScoreSheetScene,
    "join": net_join.JoinScene,
}


@pytest.fixture
def app(monkeypatch, tmp_path):
    monkeypatch.setitem(app_module.SCENES, "table", "tests.test_app_support:StandInTable")
    # A network seat started from New game hosts on 127.0.0.1 only, on any free port, unannounced.
    monkeypatch.setattr(net_host, "HOST_OPTIONS", {"port": 0, "advertise": False, "listen": "127.0.0.1", "autosave": False})
    monkeypatch.setattr(net_join, "BROWSE_INTERFACES", ["127.0.0.1"])  # Join a game looks on this computer only
    return make_app(monkeypatch, tmp_path, size=(1024, 600))


@pytest.mark.parametrize("name", list(SCENE_TYPES))
def test_random_input_never_breaks_a_scene(app, name: str) -> None:
    rng = random.Random(name)
    mine = tuple(SCENE_TYPES.values())
    scene = build(app, name)
    app.push(scene)
    for _ in range(EVENTS_PER_SCENE // PER_FRAME):
        size = app.screen.get_size()
        if rng.random() < 0.02:
            # The window is resized by the user now and then (down to small, up to large).
            new = (rng.randrange(640, 2000), rng.randrange(400, 1200))
            pygame.display.set_mode(new, pygame.RESIZABLE)
            events = [pygame.event.Event(pygame.VIDEORESIZE, size=new, w=new[0], h=new[1])]
        else:
            events = [random_event(rng, size) for _ in range(PER_FRAME)]
        app.step(1 / 60, events)
        top = app.stack.top
        if not isinstance(top, mine) or (name != "menu" and isinstance(top, MainMenuScene)):
            # The events left the scene (back, start a match...): come back to it.
            app.main_menu()
            if name != "menu":
                app.push(build(app, name))
    assert isinstance(app.stack.top, mine)


SHOT_SIZES = [(1024, 600), (1280, 720), (3840, 2160)]


@pytest.mark.parametrize("size", SHOT_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_screenshots_of_every_scene(monkeypatch, tmp_path, size) -> None:
    monkeypatch.setitem(app_module.SCENES, "table", "tests.test_app_support:StandInTable")
    monkeypatch.setattr(net_join, "BROWSE_INTERFACES", ["127.0.0.1"])
    app = make_app(monkeypatch, tmp_path, size=size)
    out = Path(tmp_path) / "shots"
    out.mkdir()
    for name in SCENE_TYPES:
        if name == "score_sheet":
            app.push(build(app, "results"))
        if name != "menu":
            app.push(build(app, name))
        app.step(1 / 60, [])
        path = out / f"{name}_{size[0]}x{size[1]}.png"
        pygame.image.save(app.screen, str(path))
        assert path.stat().st_size > 1000
        # Something was drawn besides the background: text is on screen.
        colors = {app.screen.get_at((x, y))[:3] for x in range(0, size[0], 16) for y in range(0, size[1], 16)}
        assert len(colors) > 3
        app.main_menu()
