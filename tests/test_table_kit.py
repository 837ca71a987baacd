"""The layout kit without a display: the Layout defaults and the placement recipes."""

from __future__ import annotations

import itertools
import math

import pygame
import pytest

from game.engine import registry
from game.engine.events import CardMoved, MarkerChanged
from scenes.layouts import layout_class
from scenes.table import recipes
from scenes.table.anim import MoveKinds
from scenes.table.layout import Layout
from scenes.table.regions import Region


def test_a_bare_layout_has_a_default_for_every_hook() -> None:
    layout = Layout()
    view = {"zones": {}, "players": 3, "seat": 0}
    with pytest.raises(NotImplementedError):
        layout.place(view, pygame.Rect(0, 0, 100, 100))
    assert layout.templates(view, 0) == [] and layout.drag_moves(view, 0, ["play x"]) == []
    assert layout.intent("x", "hand", "play") is None and layout.tour_steps(view) == []
    region = Region("hand:0", "fan", pygame.Rect(0, 0, 10, 10), "hand", 0)
    assert layout.region_cards(view, region, ["a", "b"]) == ["a", "b"]
    move = CardMoved(card="a", from_zone="hand", from_seat=0, to_zone="play", to_seat=0, reason="play")
    assert layout.start_move(view, move) == "a" and layout.prepare_events([move]) == [move]
    marker = MarkerChanged("token", 0, 1)
    assert layout.marker_caption(marker) is None and not layout.join_markers([marker], marker)
    layout.apply_marker(view, marker)
    layout.apply_event(view, move)
    assert view == {"zones": {}, "players": 3, "seat": 0}  # the defaults change nothing
    assert not Layout.has_gallery() and layout.status_line(view, lambda key, **p: key) == ""
    assert MoveKinds.of(layout) == MoveKinds()


def test_declared_layouts_are_fresh_instances_of_layout_subclasses() -> None:
    for game_id in registry.GAMES:
        cls = layout_class(game_id)
        assert issubclass(cls, Layout) and cls.game_id == game_id
        assert cls() is not cls()


@pytest.mark.parametrize("count", range(1, 8))
def test_seats_around_go_clockwise_inside_the_area_without_overlap(count: int) -> None:
    area = pygame.Rect(10, 40, 1260, 560)
    block = (200, 110)
    rects = recipes.seats_around(area, block, count, 8)
    assert len(rects) == count
    assert all(area.contains(r) and r.size == block for r in rects)
    assert not any(a.colliderect(b) for a, b in itertools.combinations(rects, 2))
    # seen from the viewer at the bottom centre, each next seat is further clockwise (screen y down)
    centre = (area.centerx, area.bottom + 100)
    angles = [math.atan2(r.centery - centre[1], r.centerx - centre[0]) for r in rects]
    assert angles == sorted(angles)


def test_seat_order_starts_at_the_bottom_seat() -> None:
    assert recipes.seat_order(4, 2) == [2, 3, 0, 1]
    assert recipes.seat_order(3, None) == [0, 1, 2]


def test_a_row_of_slots_keeps_equal_fixed_places() -> None:
    slots = recipes.row_of_slots(pygame.Rect(0, 0, 400, 80), 5, 4)
    assert len(slots) == 5 and len({s.w for s in slots}) == 1
    assert all(b.x - a.right == 4 for a, b in itertools.pairwise(slots))
    assert slots[-1].right <= 400 and recipes.row_of_slots(pygame.Rect(0, 0, 400, 80), 0, 4) == []


def test_a_stack_under_a_card_peeks_out_below_it() -> None:
    card = pygame.Rect(100, 100, 60, 90)
    under = recipes.stack_under(card, 3, 12)
    assert [r.bottom - card.bottom for r in under] == [12, 24, 36]
    assert all(r.x == card.x and r.size == card.size for r in under)


@pytest.mark.parametrize("count", [1, 2, 5, 12])
def test_attached_tokens_stay_on_their_card(count: int) -> None:
    card = pygame.Rect(50, 50, 70, 100)
    tokens = recipes.attached(card, count, 24)
    assert len(tokens) == count and all(card.contains(t) for t in tokens)
    assert [t.x for t in tokens] == sorted(t.x for t in tokens)


def test_spots_on_an_ellipse_start_at_the_bottom_and_line_of_cards_fits_its_span() -> None:
    area = pygame.Rect(0, 0, 400, 200)
    assert recipes.on_ellipse(area, (40, 20), 0, 4) == (200, 188)  # bottom centre, inside
    left = recipes.on_ellipse(area, (40, 20), 1, 4)
    assert left[0] < 200 and abs(left[1] - 100) <= 1  # next clockwise on screen: the left
    cards = recipes.line_of_cards((200, 100), (30, 40), 6, 120)
    assert cards[0].x >= 200 - 60 - 1 and cards[-1].right <= 200 + 60 + 1
    tall = recipes.line_of_cards((200, 100), (30, 40), 2, 400, vertical=True)
    assert tall[0].x == tall[1].x and tall[1].y > tall[0].y


def test_the_docs_examples_are_the_real_code_of_the_tests_game() -> None:
    """docs/building-a-game.md walks through tests/games/colour_call: every line of its examples
    (but `...`, which stands for lines left out) is a line of that game's code."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    doc = (root / "docs" / "building-a-game.md").read_text(encoding="utf-8")
    real = {line.strip() for path in (root / "tests" / "games" / "colour_call").glob("*.py")
            for line in path.read_text(encoding="utf-8").splitlines()}
    blocks = [block.split("```", 1)[0] for block in doc.split("```python\n")[1:]]
    assert len(blocks) >= 2
    shown = [line.strip() for block in blocks for line in block.splitlines()]
    assert [line for line in shown if line and not line.startswith("...") and line not in real] == []


def test_the_tests_game_layout_places_its_regions_inside_the_table_and_composes_its_move() -> None:
    from scenes.layouts import get_layout
    from scenes.table.composer import Composer

    layout = get_layout("colour_call")
    for players in (2, 3, 4):
        view = {"players": players, "seat": 1, "zones": {}}
        rect = pygame.Rect(0, 0, 800, 480)
        placements = layout.place(view, rect)
        assert all(rect.contains(r.rect) for r in placements.regions.values())
        assert {"hud", "caption", "actions", "deck"} <= set(placements.regions)
        assert {f"hand:{s}" for s in range(players)} <= set(placements.regions)
    comp = Composer(layout.templates(view, 1), ["play red_1 ask 0 blue", "play red_1 ask 0 red"])
    assert comp.pick("hand", "red_1") and comp.pick("seat", "0") and comp.pick("colour", "red")
    assert comp.auto_ready() == "play red_1 ask 0 red"


def test_a_grid_holding_more_cards_than_its_rows_overlaps_them_inside_its_rect() -> None:
    """A Silver village grows to twenty cards: they stay inside the village's rect, in order,
    each showing a corner, instead of spilling rows over the deck and the amulet."""
    village = Region("village:1", "grid", pygame.Rect(10, 20, 400, 130), "village", 1, (50, 60), "up")
    rects = village.card_rects(20)
    assert all(village.rect.contains(r) for r in rects)
    for row in (rects[:10], rects[10:]):
        xs = [r.x for r in row]
        assert xs == sorted(xs) and len(set(xs)) == len(xs) and min(b - a for a, b in itertools.pairwise(xs)) >= 10
    few = village.card_rects(6)  # while they fit, cards lie side by side as before
    assert [r.x for r in few] == [10 + i * 55 for i in range(6)] and len({r.y for r in few}) == 1
