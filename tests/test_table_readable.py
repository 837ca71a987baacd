"""What a player must be able to read on the table (issue 16): the draw deck with its size,
headers and captions in step, texts in the reader's grammar."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig  # noqa: E402
from tests.table_helpers import make_app, settle  # noqa: E402


def wh_table(app, players: int = 4, seed: int = 5):
    from scenes.table.scene import TableScene

    app.settings.extra["tours_seen"] = ["wolf_and_hound"]
    seats = [SeatConfig("Ana", HUMAN)] + [SeatConfig(f"Bot {i}", BOT, "random", "easy") for i in range(1, players)]
    config = MatchConfig("wolf_and_hound", seats, seed=seed)
    scene = TableScene(app, config, Match(config, think_seconds=0, threaded=False))
    app.push(scene)
    return scene


def test_wolf_and_hound_draw_deck_is_drawn_on_the_board_with_its_size(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = wh_table(app)
    settle(app, scene)
    badges: list[str] = []
    real_badge = scene.painter.badge
    monkeypatch.setattr(scene.painter, "badge", lambda surface, text, pos: (badges.append(text), real_badge(surface, text, pos)))
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    deck = scene.placements.regions["deck"]
    size = scene.view["deck_size"]
    assert size > 0 and str(size) in badges
    rect = deck.card_rects(size)[-1]
    back = scene.art.back(rect.size)
    probe = (rect.w // 2, rect.h // 3)
    assert surface.get_at((rect.x + probe[0], rect.y + probe[1]))[:3] == back.get_at(probe)[:3]
