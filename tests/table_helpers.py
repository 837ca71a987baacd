"""Helpers for the table tests: a headless app, a table with chosen seats, synthetic input."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig  # noqa: E402

SHOTS_ENV = "TABLEE_SHOTS"  # set it to a folder to keep copies of the screenshots the tests take


def make_app(tmp_path: Path, monkeypatch, size: tuple[int, int] = (1280, 720), tour_seen: bool = True):
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path / "home"))
    from scenes.app import create_app

    app = create_app(size=size, headless=True)
    if tour_seen:
        app.settings.extra["tours_seen"] = ["jagdfieber"]
    offer_no_lessons(app)
    return app


def offer_no_lessons(app) -> None:
    """As for a player who has been offered every game's lesson: a first match starts at once
    (scenes/lessons.py; the offer's own tests clear this)."""
    from game.engine import registry

    app.settings.extra["lessons_offered"] = list(registry.GAMES)


def make_table(app, kinds: str, seed: int = 3, start_seat: int = 0, think: float = 0.0, threaded: bool = False):
    """'hbb': seat 0 human, the others bots; names Ana, Bruno, Chloé, Didier, Emma."""
    from scenes.table.scene import TableScene

    names = ["Ana", "Bruno", "Chloé", "Didier", "Emma"]
    seats = [SeatConfig(names[i], HUMAN if k == "h" else BOT) for i, k in enumerate(kinds)]
    config = MatchConfig("jagdfieber", seats, seed=seed, options={"start_seat": start_seat})
    match = Match(config, think_seconds=think, threaded=threaded)
    scene = TableScene(app, config, match)
    app.push(scene)
    return scene


def frames(app, count: int = 1, dt: float = 1 / 60, events: list | None = None) -> None:
    for i in range(count):
        app.step(dt, events if (events and i == 0) else [])


def settle(app, scene, limit: int = 3000) -> None:
    """Run frames until no animation is playing and nobody but humans must act. A score sheet
    that opened by itself after a scoring is closed (the table waits under it). A hot-seat pass
    screen is settled once it takes keys (the next player came to the screen: scenes/ui/guard.py)."""
    from scenes.results import ScoreSheetScene

    for _ in range(limit):
        frames(app, 1, 0.05)
        if isinstance(app.stack.top, ScoreSheetScene) and app.stack.top is not scene:
            app.pop()
        if not scene.animator.busy and not scene.match.bots_thinking():
            frames(app, 1)
            while scene.privacy_for is not None and not scene.pass_guard.open and app.stack.top is scene:
                frames(app, 1, 0.05)
            return
    raise AssertionError("the table never settled")


def mouse(kind: str, pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    types = {"down": pygame.MOUSEBUTTONDOWN, "up": pygame.MOUSEBUTTONUP, "move": pygame.MOUSEMOTION}
    if kind == "move":
        return pygame.event.Event(types[kind], pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(types[kind], pos=pos, button=button)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def click(app, pos: tuple[int, int]) -> None:
    """Point, press and release the left button at `pos`, a frame each."""
    frames(app, 1, events=[mouse("move", pos)])
    frames(app, 1, events=[mouse("down", pos)])
    frames(app, 1, events=[mouse("up", pos)])


def drag(app, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press, move in a few steps, release: one frame each, like a real hand."""
    frames(app, 1, events=[mouse("move", start)])
    frames(app, 1, events=[mouse("down", start)])
    for i in range(1, 5):
        p = (start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4)
        frames(app, 1, events=[mouse("move", p)])
    frames(app, 1, events=[mouse("up", end)])


def hand_card_center(scene, card: str) -> tuple[int, int]:
    region = scene.placements.zone("hand", scene.viewer)
    cards = scene.view["zones"]["hand"][scene.viewer]
    return region.card_rects(len(cards))[cards.index(card)].center


def shot(app, folder: Path, name: str) -> Path:
    """Save the screen; a copy goes to $TABLEE_SHOTS when set (to look at them)."""
    path = folder / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    extra = os.environ.get(SHOTS_ENV)
    if extra:
        Path(extra).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(extra) / path.name)
    return path


def words_whole(lines: list[str], text: str) -> bool:
    """Whether `lines` tell `text` whole with no word split without its hyphen: each line ends
    between two words, or with a hyphen (the word's own, or the one added where it was cut)."""
    flat, pos = text.replace("\u00a0", " "), 0
    for i, line in enumerate(lines):
        line = line.replace("\u00a0", " ")
        body = line[:-1] if line.endswith("-") and not flat.startswith(line, pos) else line
        if not flat.startswith(body, pos):
            return False
        pos += len(body)
        if i < len(lines) - 1:
            if flat[pos:pos + 1] == " ":
                pos += 1
            elif not line.endswith("-"):
                return False
    return pos == len(flat)
