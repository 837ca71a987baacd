"""The Jagdfieber layout as a pure function: every zone placed, nothing overlapping or outside."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.engine import registry
from game.engine.events import MarkerChanged
from scenes.layouts import NoLayout, get_layout, has_layout, jagdfieber
from scenes.table.regions import MARKER, PANEL, STACK, Region

SIZES = [(1024, 600), (1280, 720), (3840, 2160)]
PER_SEAT_ZONES = ("play", "easy_prey", "prey_pile", "under_lodge", "hand")


def view_for(players: int, seat: int | None, start: int = 0) -> dict:
    rules = registry.load("jagdfieber")
    state = rules.new_state(players, seed=4, options={"start_seat": start})
    return state.view(seat)


def solid(regions: list[Region]) -> list[Region]:
    """Regions that hold something drawn (the captions band is free space between the rows)."""
    return [r for r in regions if r.name not in ("caption",)]


@pytest.mark.parametrize(("players", "size"), list(itertools.product((3, 4, 5), SIZES)))
def test_every_region_inside_the_table_and_no_two_overlap(players: int, size: tuple[int, int]) -> None:
    rect = pygame.Rect((0, 0), size)
    for seat in range(players):
        placements = jagdfieber.place(view_for(players, seat, start=seat), rect)
        regions = solid(list(placements.regions.values()))
        for region in regions:
            assert rect.contains(region.rect), (region.name, region.rect, size)
            assert region.rect.w > 0 and region.rect.h > 0
        for a, b in itertools.combinations(regions, 2):
            assert not a.rect.colliderect(b.rect), (players, size, a.name, a.rect, b.name, b.rect)
        caption = placements.regions["caption"].rect
        for region in regions:
            if region.name != "hud":
                assert not caption.colliderect(region.rect), (region.name, size)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_seat_zone_is_bound_and_the_viewer_hand_is_the_source(players: int) -> None:
    placements = jagdfieber.place(view_for(players, 1), pygame.Rect(0, 0, 1280, 720))
    for seat in range(players):
        for zone in PER_SEAT_ZONES:
            assert placements.zone(zone, seat) is not None, (zone, seat)
        assert placements.marker("lodge", seat) is not None
    hand = placements.zone("hand", 1)
    assert hand is not None and hand.source and hand.kind == "fan"
    assert not any(r.source for r in placements.regions.values() if r is not hand)
    # the viewer's hand lies at the bottom, every other hand is a face-down stack with a count
    assert hand.rect.bottom == 720
    assert all(placements.zone("hand", s).kind == STACK for s in range(players) if s != 1)
    assert placements.zone("prey_pile", 0).face == "down"


def test_seats_go_clockwise_from_the_viewer_left_then_top_then_right() -> None:
    placements = jagdfieber.place(view_for(4, 2), pygame.Rect(0, 0, 1280, 720))
    centre = {s: placements.regions[f"panel:{s}"].rect.center for s in range(4)}
    me, left, top, right = centre[2], centre[3], centre[0], centre[1]
    assert left[0] < me[0] < right[0]
    assert top[1] < me[1] and top[1] < left[1]
    # the play zone is toward the centre: above my lodge, below an opponent's lodge at the top
    assert placements.zone("play", 2).rect.y < placements.marker("lodge", 2).rect.y
    assert placements.zone("play", 0).rect.y > placements.marker("lodge", 0).rect.y


def test_markers_follow_the_view_start_card_and_lodge_side() -> None:
    view = view_for(3, 0, start=0)
    rect = pygame.Rect(0, 0, 1280, 720)
    assert jagdfieber.place(view, rect).marker("start_card").seat == 0
    jagdfieber.apply_marker(view, MarkerChanged("start_card", 2, 2))
    jagdfieber.apply_marker(view, MarkerChanged("lodge", 1, "four"))
    placements = jagdfieber.place(view, rect)
    assert placements.marker("start_card").seat == 2
    assert placements.marker("lodge", 1).value == "four"
    assert all(r.kind == MARKER for r in placements.regions.values() if r.marker)


def test_bigger_window_bigger_cards_and_hand_cards_bigger_than_table_cards() -> None:
    small = jagdfieber.place(view_for(5, 0), pygame.Rect(0, 0, 1024, 600))
    big = jagdfieber.place(view_for(5, 0), pygame.Rect(0, 0, 3840, 2160))
    assert big.card_size[1] > 3 * small.card_size[1]
    assert small.hand_card_size[1] > small.card_size[1]


def test_fan_spreads_ten_cards_inside_its_region() -> None:
    placements = jagdfieber.place(view_for(3, 0), pygame.Rect(0, 0, 1024, 600))
    hand = placements.zone("hand", 0)
    rects = hand.card_rects(10)
    assert len(rects) == 10 and all(hand.rect.contains(r) for r in rects)
    assert [r.x for r in rects] == sorted(r.x for r in rects) and len({r.x for r in rects}) == 10


def test_drag_moves_and_intent_come_from_the_action_texts() -> None:
    moves = jagdfieber.drag_moves(view_for(3, 0), 0, ["play wolf", "play hunter"])
    assert [(m.card, m.from_zone, m.to_zone, m.seat, m.action) for m in moves] == [
        ("wolf", "hand", "play", 0, "play wolf"), ("hunter", "hand", "play", 0, "play hunter")]
    assert jagdfieber.intent("rabbit", "hand", "play") == "play rabbit"
    assert jagdfieber.intent("rabbit", "hand", "easy_prey") is None


def test_tour_names_existing_regions_with_texts_in_both_languages() -> None:
    import yaml

    from game.resources import asset_path

    view = view_for(4, 0)
    placements = jagdfieber.place(view, pygame.Rect(0, 0, 1280, 720))
    texts = {}
    for lang in ("fr", "en"):
        data = yaml.safe_load(asset_path("locale", lang, "table.yaml").read_text(encoding="utf-8"))
        texts[lang] = data
    for step in jagdfieber.tour_steps(view):
        assert all(name in placements.regions for name in step.regions), step
        _, game, key = step.text_key.split(".")
        for lang in ("fr", "en"):
            assert texts[lang]["tour"][game][key].strip()
    assert texts["fr"]["table"].keys() == texts["en"]["table"].keys()


def test_each_game_declares_its_layout_and_an_unknown_game_has_none() -> None:
    assert isinstance(get_layout("jagdfieber"), jagdfieber.JagdfieberLayout)
    assert get_layout("jagdfieber") is not get_layout("jagdfieber")  # each table owns its layout
    assert all(has_layout(game_id) for game_id in registry.GAMES)
    with pytest.raises(NoLayout, match="jagdfieber"):
        get_layout("no_such_game")


def test_layout_needs_no_display() -> None:
    was_init = pygame.display.get_init()
    jagdfieber.place(view_for(5, 3), pygame.Rect(0, 0, 800, 500))
    assert pygame.display.get_init() == was_init
    assert all(r.kind != PANEL or r.zone is None for r in jagdfieber.place(view_for(3, 0), pygame.Rect(0, 0, 800, 500)).regions.values())


def test_region_recipes_place_cards_inside_their_rectangle() -> None:
    """The generic recipes other games' layouts use: grids of rows and a ring of slots."""
    from scenes.table.regions import FAN, GRID, RING, STACK

    rect = pygame.Rect(100, 50, 400, 300)
    grid = Region("village", GRID, rect, "village", None, (60, 84), columns=5)
    cells = grid.card_rects(10)
    assert len({(c.x, c.y) for c in cells}) == 10 and all(rect.contains(c) for c in cells)
    assert [c.y for c in cells[:5]] == [cells[0].y] * 5 and cells[5].y > cells[0].y
    ring = Region("board", RING, rect, "board", None, (40, 56))
    spots = ring.card_rects(12)
    assert all(rect.contains(s) for s in spots)
    assert not any(a.colliderect(b) for a, b in itertools.combinations(spots, 2))
    assert spots[0].midbottom == (rect.centerx, rect.bottom)  # the first slot faces the viewer
    stack = Region("pile", STACK, rect, "pile", 0, (60, 84))
    assert len(stack.card_rects(30)) == 30 and len(set(map(tuple, stack.card_rects(30)))) == 4
    fan = Region("hand", FAN, rect, "hand", 0, (60, 84), capacity=10)
    assert fan.slot_rect(3) == fan.card_rects(4)[-1]
