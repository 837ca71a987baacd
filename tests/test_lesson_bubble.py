"""Where a lesson's bubble goes and how it points (scenes/table/spotlight.py, the lesson table's
lists of what it should not cover): the learner's own cards and the table's key help stay in
view, the empty places of a line are room for it, and a bubble set apart draws a line to what
it speaks of."""

from __future__ import annotations

import pygame

from game.lesson import MOVE, READ, load_lesson
from scenes.lesson_check import LessonDriver
from scenes.table.lesson import LessonTable
from scenes.table.spotlight import draw_bubble
from scenes.ui import theme
from tests.table_helpers import frames
from tests.table_helpers import make_app as table_app

GAME = "kill_the_unicorns"


def lesson_table(tmp_path, monkeypatch, size=(1280, 720)):
    app = table_app(tmp_path, monkeypatch, size=size)
    app.settings.animation_speed = 4.0
    app.set_language("en")
    table = LessonTable(app, load_lesson(GAME), think_seconds=0.0)
    app.push(table)
    return app, table


def step_of(table, move: str) -> int:
    return next(s.index for s in table.lesson.steps if s.move == move)


def test_a_bubble_set_apart_draws_a_line_to_what_it_points_at(tmp_path, monkeypatch):
    app = table_app(tmp_path, monkeypatch)
    surface = pygame.Surface((800, 600))
    surface.fill((0, 0, 0))
    target = pygame.Rect(100, 40, 80, 60)
    bubble = draw_bubble(surface, app, "Far below.", pygame.Rect(0, 0, 800, 600), [target], at=(60, 420))
    assert bubble.rect.y >= 400
    rows = range(target.bottom + 4, bubble.rect.y - 40, 10)
    lit = {y for y in rows if any(surface.get_at((x, y))[:3] == theme.ACCENT[:3] for x in range(target.x, target.right))}
    assert len(rows) > 20 and lit == set(rows), "the line runs from the bubble's tip up to the target"


def test_a_bubble_beside_its_target_draws_no_line(tmp_path, monkeypatch):
    app = table_app(tmp_path, monkeypatch)
    surface = pygame.Surface((800, 600))
    surface.fill((0, 0, 0))
    target = pygame.Rect(100, 40, 80, 60)
    bubble = draw_bubble(surface, app, "Just below.", pygame.Rect(0, 0, 800, 600), [target], at=(60, target.bottom + 24))
    inside = {surface.get_at((x, y))[:3] for x in range(target.x, target.right) for y in range(target.y, target.bottom)}
    assert bubble.rect.y == target.bottom + 24 and theme.ACCENT[:3] not in inside, "the pointer alone, short of it"


def test_the_bubble_leaves_the_learners_cards_and_the_key_help_in_view(tmp_path, monkeypatch):
    """Keeping a scheme: the bubble covers neither the learner's unicorn (their own cards, not
    only the hand) nor the lines of key help the table writes for the move."""
    app, table = lesson_table(tmp_path, monkeypatch)
    index = step_of(table, "scheme keep athletic under 2")
    LessonDriver(app, table).play(until=lambda run: (run.index, run.phase) == (index, MOVE))
    frames(app, 2)
    assert table.bubble is not None
    box = table.bubble.rect
    mine = table._cards_drawn(mine=True)
    assert mine and not any(box.colliderect(r) for r in mine)
    help_areas = table._help_text()
    assert help_areas and not any(box.colliderect(r) for r in help_areas)


def test_the_empty_places_of_the_line_are_no_cards_to_the_bubble(tmp_path, monkeypatch):
    """Once the first unicorn is hunted its place in the line is empty: the cards the bubble
    avoids are the ones drawn (three unicorns), not the line's four places."""
    app, table = lesson_table(tmp_path, monkeypatch)
    index = step_of(table, "hunt 1 2")
    LessonDriver(app, table).play(until=lambda run: (run.index, run.phase) == (index, MOVE))
    line = table.placements.regions["line"]
    slots = line.card_rects(4)
    cards = table._cards_drawn()
    assert slots[0] not in cards and all(slot in cards for slot in slots[1:])


def test_a_reveal_is_explained_with_a_line_to_the_scheme(tmp_path, monkeypatch):
    """The Trap revealed under the third unicorn: the bubble, kept off the learner's cards,
    points at it along a line (the scheme is drawn face up over its unicorn meanwhile)."""
    app, table = lesson_table(tmp_path, monkeypatch)
    index = next(s.index for s in table.lesson.steps if s.during == "reveal" and s.point == ("under:2",))
    LessonDriver(app, table).play(until=lambda run: (run.index, run.phase) == (index, READ) and table.reading())
    frames(app, 2)
    held = table.animator.held()
    assert held is not None and held.kind == "reveal"
    assert table.bubble is not None and not table.bubble.rect.colliderect(table.placements.regions["under:2"].rect)


def test_after_the_move_the_bubble_points_at_what_it_changed(tmp_path, monkeypatch):
    """The bid made: the `then` text lights the learner's bid (`then_point`), no longer the hand
    card it asked for (another card lies in its place now) nor the Confirm button."""
    from game.lesson import THEN

    app, table = lesson_table(tmp_path, monkeypatch)
    index = step_of(table, "hunt 3")
    driver = LessonDriver(app, table)
    driver.play(until=lambda run: (run.index, run.phase) == (index, MOVE))
    before = table.lit_rects()
    assert len(before) == 3  # the 3 in hand, the hunted unicorn, the Confirm button
    driver.play(until=lambda run: (run.index, run.phase) == (index, THEN))
    assert table.lit_rects() == [table.placements.regions["bid:0"].rect]
