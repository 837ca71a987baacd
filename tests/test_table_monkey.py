"""A monkey at the table: thousands of random mouse and keyboard events, never an exception."""

from __future__ import annotations

import random

import pygame

from tests.table_helpers import frames, key, make_app, make_table, mouse

KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_F1,
        pygame.K_1, pygame.K_5, pygame.K_9, pygame.K_KP3, pygame.K_a, pygame.K_TAB, pygame.K_BACKSPACE]


def monkey(app, scene, rnd: random.Random, count: int) -> None:
    w, h = app.screen.get_size()
    pressed = False
    batch: list[pygame.event.Event] = []
    for _ in range(count):
        roll = rnd.random()
        pos = (rnd.randrange(w), rnd.randrange(h))
        if roll < 0.35:
            event = mouse("move", pos)
        elif roll < 0.6:
            event = mouse("up" if pressed else "down", pos, button=rnd.choice((1, 1, 1, 3)))
            pressed = not pressed
        elif roll < 0.75 and scene.input.hand()[0] is not None:
            region, cards = scene.input.hand()
            rects = region.card_rects(len(cards))
            event = mouse("down", rnd.choice(rects).center) if rects else mouse("move", pos)
            pressed = True
        else:
            event = key(rnd.choice(KEYS))
        batch.append(event)
        if len(batch) >= rnd.randrange(1, 6):  # several events per frame, as a fast hand gives
            frames(app, 1, rnd.choice((0.0, 1 / 60, 0.2)), events=batch)
            batch = []


def keep_the_table(app, monkeypatch) -> None:
    """Leaving the table would end the test early: the pause menu's "Save and quit" and a pop of
    the table itself only close the pause menu (popping any other scene works as usual)."""
    real_pop = app.pop

    def pop():
        if len(app.stack.scenes) > 1:
            return real_pop()
        return None

    monkeypatch.setattr(app, "pop", pop)
    monkeypatch.setattr(app, "main_menu", pop)


def test_random_input_on_a_table_with_bots(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch, tour_seen=False)
    keep_the_table(app, monkeypatch)
    scene = make_table(app, "hbbb", seed=21)
    monkey(app, scene, random.Random(1), 3000)
    assert len(scene.match.history) > 8  # the game went on: the monkey played cards


def test_random_input_in_hot_seat(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch, size=(1024, 600))
    keep_the_table(app, monkeypatch)
    scene = make_table(app, "hhbh", seed=5)
    monkey(app, scene, random.Random(2), 3000)
    assert scene.match.history
