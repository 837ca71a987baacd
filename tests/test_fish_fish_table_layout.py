"""The Fish Fish table's pure layout: every region fits, nothing overlaps, the hidden card stays
hidden in a fish player's placements, species are told apart by more than colour."""

from __future__ import annotations

import itertools
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import registry  # noqa: E402
from game.engine.events import redact  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from scenes.layouts import fish_fish_draw as draw  # noqa: E402
from scenes.layouts import fish_fish_place as place  # noqa: E402
from scenes.layouts import get_layout  # noqa: E402
from scenes.layouts.fish_fish import FishFishLayout  # noqa: E402
from scenes.table.anim import Animator  # noqa: E402

RULES = registry.load("fish_fish")
# Regions lying in the pond on purpose (the pond is water drawn under them).
IN_POND = ("line:", "discard:", "bet:", "order")


def _states(players: int, fisher: int, moves: int) -> object:
    """A state after `moves` random legal actions (the same for every run)."""
    state = RULES.new_state(players, seed=players * 10 + fisher, options={"start_seat": fisher})
    rng = Rng(moves + 1)
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    return state


def _view(state, seat: int) -> dict:
    view = state.view(seat)
    view["seat"] = seat
    return view


layout = FishFishLayout()


def test_the_registry_gives_fish_fish_its_layout() -> None:
    assert isinstance(get_layout("fish_fish"), FishFishLayout)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (3840, 2160)])
@pytest.mark.parametrize("players", [2, 5, 8])
def test_layout_fits_the_table_and_nothing_overlaps(size, players) -> None:
    rect = pygame.Rect((0, 0), size)
    for fisher, moves in ((0, 0), (1, 3), (players - 1, 9)):
        state = _states(players, fisher, moves)
        for seat in range(players):
            view = _view(state, seat)
            regions = layout.place(view, rect).regions
            pond = regions["pond"].rect
            for region in regions.values():
                assert rect.contains(region.rect), (region.name, region.rect, size, players)
                assert region.rect.w > 0 and region.rect.h > 0, region.name
                if region.name.startswith(IN_POND):
                    assert pond.contains(region.rect), (region.name, region.rect, pond)
            for a, b in itertools.combinations(regions.values(), 2):
                if "hud" in (a.name, b.name) or "pond" in (a.name, b.name) or "order" in (a.name, b.name):
                    continue
                assert not a.rect.colliderect(b.rect), (a.name, a.rect, b.name, b.rect, size, players, seat)
            # every seat has a name plate and a role tag; the fisher's cards, the fish's tiles and loot
            f = view["fisher"]
            for s in range(players):
                assert f"panel:{s}" in regions and f"tag:{s}" in regions
                if s == f:
                    assert {f"fishing:{s}", f"baits:{s}", f"caught:{s}"} <= set(regions)
                else:
                    assert {f"fish:{s}", f"bet:{s}"} | {f"loot_{v}:{s}" for v in (2, 3, 4, 5)} <= set(regions)
            assert f"line:{f}" in regions and f"discard:{f}" in regions
            # the viewer's band from the left edge: the record buttons are in the dock, not in a corner
            assert regions[f"panel:{seat}"].rect.x <= size[0] // 50, (regions[f"panel:{seat}"].rect, size)


def test_bet_spots_follow_the_seats_clockwise_around_the_line() -> None:
    """Seat i -> i+1 is clockwise on screen: the bet spots turn the same way around the pond."""
    import math

    state = _states(8, 0, 0)
    view = _view(state, 3)
    regions = layout.place(view, pygame.Rect(0, 0, 1280, 720)).regions
    center = regions["pond"].rect.center
    order = place.seat_order(view)
    angles = []
    for seat in order:
        if seat == view["fisher"]:
            continue
        x, y = regions[f"bet:{seat}"].rect.center
        angles.append(math.atan2(y - center[1], x - center[0]) % (2 * math.pi))
    turns = [(b - a) % (2 * math.pi) for a, b in itertools.pairwise(angles)]
    assert all(0 < t < math.pi for t in turns)  # always onward, clockwise (screen y points down)
    assert regions["bet:3"].rect.centery > center[1]  # the viewer's own spot is on their side


def test_a_fish_players_placements_never_show_the_hidden_fishing_card() -> None:
    state = RULES.new_state(4, seed=2, options={"start_seat": 0})
    state.apply(0, RULES.parse_action(state, 0, "line catch 4"))
    for seat in (1, 2, 3):
        view = _view(state, seat)
        placements = layout.place(view, pygame.Rect(0, 0, 1280, 720))
        assert view["zones"]["line"][0] == ["back", "bait"]
        for region in placements.regions.values():
            if region.zone is None or region.seat is None:
                continue
            cards = place.display_cards(view, region.zone, region.seat, view["zones"][region.zone][region.seat])
            assert not {"catch", "empty"} & set(cards), (seat, region.name, cards)
        assert layout.region_cards(view, placements.regions["line:0"], view["zones"]["line"][0]) == []
        assert place.display_cards(view, "baits", 0, view["zones"]["baits"][0]) == ["bait:2", "bait:3", "bait:3", "bait:5"]
    # the fisher sees their own card
    view = _view(state, 0)
    assert view["zones"]["line"][0][0] == "catch"


def _without_face(cards: dict) -> dict:
    """The view's `cards` minus each card's face (the displayed view settles faces at the end)."""
    return {zone: [[None if e is None else {k: v for k, v in e.items() if k != "face"} for e in row] for row in rows]
            for zone, rows in cards.items() if isinstance(rows[0] if rows else [], list)}


def test_bait_values_and_catch_owners_follow_the_animation() -> None:
    """The displayed view is advanced event by event from the view's `cards` and the events'
    card info: the chosen bait leaves the hand and flies showing its value, the catch keeps each
    fish's species, and the displayed cards end as the engine's."""
    state = RULES.new_state(3, seed=5, options={"start_seat": 0})
    anim = Animator(layout, lambda event: "")
    anim.set_view(_view(state, 1))
    flights: list = []
    anim.on_step = lambda step: flights.extend(f.card for f in step.flights)
    table = pygame.Rect(0, 0, 1280, 720)
    anim.push([redact(e, 1) for e in state.apply(0, RULES.parse_action(state, 0, "line catch 5"))])
    anim.update(60.0, 1.0, lambda v: layout.place(v, table))
    view = anim.view
    assert "bait:5" in flights
    assert place.display_cards(view, "baits", 0, view["zones"]["baits"][0]) == ["bait:2", "bait:3", "bait:3", "bait:4"]
    assert place.display_cards(view, "line", 0, view["zones"]["line"][0]) == ["back", "bait:5"]
    for seat in (1, 2):
        anim.push([redact(e, 1) for e in state.apply(seat, RULES.parse_action(state, seat, "bet 2"))])
        anim.update(60.0, 1.0, lambda v: layout.place(v, table))
    view = anim.view
    assert place.display_cards(view, "caught", 0, view["zones"]["caught"][0]) == ["fish:1", "fish:1", "fish:2", "fish:2"]
    assert place.display_cards(view, "discard", 0, view["zones"]["discard"][0]) == ["catch", "bait:5"]
    assert view["bets"] == [None, None, None] and view["line"] == 2
    assert _without_face(view["cards"]) == _without_face(state.view(1)["cards"])


def test_eight_players_use_the_seven_species_of_the_box() -> None:
    """At 8 players each round's 7 fish show 7 different species, and a fish keeps its species
    unless it was, or is, the fisher."""
    state = RULES.new_state(8, seed=1, options={"start_seat": 2})
    previous: dict[int, int] | None = None
    for rnd in range(1, 9):
        view = _view(state, 0)
        view["round"], view["fisher"] = rnd, (2 + rnd - 1) % 8
        species = {s: place.species_of(view, s) for s in range(8) if s != view["fisher"]}
        assert sorted(species.values()) == list(range(7)), (rnd, species)
        if previous is not None:
            changed = {s for s in species if s in previous and previous[s] != species[s]}
            assert changed <= {(view["fisher"] - 1) % 8}, (rnd, changed)
        previous = species


def test_species_differ_by_shape_and_pattern_not_only_colour() -> None:
    """The YAML's seven looks (one per species of the box) differ by silhouette and pattern."""
    pygame.init()
    looks = RULES.data["presentation"]["owner_looks"]
    shapes = [look["shape"] for look in looks]
    patterns = [look["pattern"] for look in looks]
    assert len(set(shapes)) == len(set(patterns)) == len(looks) == place.SPECIES_COUNT == 7
    # in grey (what a colour-blind eye may get), the tiles still differ pixel for pixel
    greys = []
    for k in range(7):
        tile = draw.fish_tile(looks[k], (60, 60))
        grey = pygame.transform.grayscale(tile)
        greys.append(pygame.image.tobytes(grey, "RGBA"))
    for a, b in itertools.combinations(range(7), 2):
        diff = sum(1 for x, y in zip(greys[a][::4], greys[b][::4], strict=True) if abs(x - y) > 40)
        assert diff > 150, (a, b, diff)
