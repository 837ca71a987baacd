"""The Wolf & Hound table: its pure layout, and the scene driven by synthetic input (SDL dummy)."""

from __future__ import annotations

import itertools
import math
import os
import random
from collections import Counter

import pygame
import pytest

from game.engine import registry
from scenes.layouts import wolf_and_hound_view as wh_view
from scenes.layouts.wolf_and_hound import WolfAndHoundLayout
from tests.table_helpers import drag, frames, key, make_app, mouse, settle, shot

RULES = registry.load("wolf_and_hound")
ANIMALS = ["wolf_01", "wolf_06", "hound_01", "sheep_01", "metamorphic_03"]
NAMES = ["Ana", "Bruno", "Chloé", "Didier"]
# Regions that lie on the board on purpose: the positions and the deck.
ON_BOARD = ("spot:", "deck")


layout = WolfAndHoundLayout()


def action_buttons(scene) -> list:
    """The table's action buttons now: (action, rect)."""
    ctx = scene.ctx()
    scene.composer.sync(ctx, len(scene.match.history))
    return [(press.action, rect) for press, rect in scene.composer.presses(ctx)]

def _view(players: int, seat: int) -> dict:
    state = RULES.new_state(players, seed=1, options={"animals": ANIMALS})
    view = state.view(seat)
    view["seat"] = seat
    return view


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (3840, 2160)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_layout_fits_the_table_and_nothing_overlaps(size, players) -> None:
    rect = pygame.Rect((0, 0), size)
    for seat in range(players):
        placements = layout.place(_view(players, seat), rect)
        regions = placements.regions
        for region in regions.values():
            assert rect.contains(region.rect), (region.name, region.rect, size)
            assert region.rect.w > 0 and region.rect.h > 0, region.name
        for a, b in itertools.combinations(regions.values(), 2):
            if "hud" in (a.name, b.name):
                continue
            nested = {a.name, b.name} & {"board"} and (a.name.startswith(ON_BOARD) or b.name.startswith(ON_BOARD))
            if not nested:
                assert not a.rect.colliderect(b.rect), (a.name, a.rect, b.name, b.rect, size, players)
        # the four seats each have a plate, a pasture, a forest and a played row; ghosts a ghost deck
        for s in range(4):
            for name in ("panel", "pasture", "forest", "played", "spot"):
                assert f"{name}:{s}" in regions
            if s >= players:
                assert regions[f"ghost_deck:{s}"].zone == "ghost_deck"
                assert s >= len(_view(players, seat)["scores"])  # the table draws its plate without points
        assert regions[f"hand:{seat}"].source
        # the viewer's band takes the whole width from the left edge (the record buttons are in
        # the dock, not in a corner of the table)
        assert regions[f"panel:{seat}"].rect.x <= size[0] // 50, (regions[f"panel:{seat}"].rect, size)


@pytest.mark.parametrize("size", [(1024, 600), (3840, 2160)])
def test_animals_stand_legibly_inside_the_board(size) -> None:
    placements = layout.place(_view(4, 0), pygame.Rect((0, 0), size))
    board = placements.regions["board"].rect
    center, radius = board.center, board.w // 2
    for k in range(4):
        for count in range(1, 7):
            rects = wh_view.animal_rects(center, radius, k, count)
            for rect in rects:
                for corner in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright):
                    assert math.dist(corner, center) <= radius, (k, count, rect)
            # each card shows at least its name band: neighbours overlap by less than 80 %
            for a, b in itertools.pairwise(rects):
                shown = max(abs(b.x - a.x), abs(b.y - a.y))
                assert shown >= min(a.w, a.h) * 0.2 or shown >= a.h * 0.2


def make_table(app, kinds: str, seed: int = 5, options: dict | None = None):
    from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
    from scenes.table.scene import TableScene

    seats = [SeatConfig(NAMES[i], HUMAN if k == "h" else BOT) for i, k in enumerate(kinds)]
    config = MatchConfig("wolf_and_hound", seats, seed=seed, options=options or {"animals": ANIMALS})
    match = Match(config, think_seconds=0.0, threaded=False)
    scene = TableScene(app, config, match)
    app.push(scene)
    return scene


def _app(tmp_path, monkeypatch, size=(1280, 720)):
    app = make_app(tmp_path, monkeypatch, size=size)
    app.settings.extra["tours_seen"] = ["jagdfieber", "wolf_and_hound"]
    return app


def _card_center(scene, index: int) -> tuple[int, int]:
    region = scene.placements.zone("hand", scene.viewer)
    cards = scene.view["zones"]["hand"][scene.viewer]
    return region.card_rects(len(cards))[index].center


def test_dragging_a_card_onto_the_board_plays_it_where_the_preview_said(tmp_path, monkeypatch) -> None:
    app = _app(tmp_path, monkeypatch)
    scene = make_table(app, "hbbb")
    settle(app, scene)
    assert scene.active_seat() == 0
    card = scene.view["zones"]["hand"][0][1]
    start = _card_center(scene, 1)
    board = scene.placements.regions["board"].rect.center
    frames(app, 1, events=[mouse("move", start)])
    frames(app, 1, events=[mouse("down", start)])
    for i in range(1, 5):
        frames(app, 1, events=[mouse("move", (start[0] + (board[0] - start[0]) * i // 4, start[1] + (board[1] - start[1]) * i // 4))])
    # before the drop: the preview is the engine's own result of that play
    assert wh_view.pending_action(scene.ctx()) == f"play {card}"
    shown = wh_view.preview(scene.ctx(), f"play {card}")
    clone = scene.match.state.clone()
    clone.apply(0, RULES.parse_action(clone, 0, f"play {card}"))
    expected = {a["id"]: (a["seat"], a["side"]) for a in clone.view(None)["animals"]}
    assert shown == expected
    assert any(shown[a["id"]][0] != a["seat"] for a in scene.view["animals"])  # something moves
    shot(app, tmp_path, "wh_preview")
    frames(app, 1, events=[mouse("up", board)])
    assert scene.match.history[0] == (0, f"play {card}")
    frames(app, 10, 0.05)
    shot(app, tmp_path, "wh_animation")
    settle(app, scene)
    shot(app, tmp_path, "wh_after_play")
    # every caption is a sentence with names, never a raw id or a missing parameter
    for text, _, _ in scene.captions:
        assert "{" not in text and "wolf_0" not in text and "hound_0" not in text, text


def test_a_drop_elsewhere_plays_nothing_and_says_why(tmp_path, monkeypatch) -> None:
    app = _app(tmp_path, monkeypatch, size=(1024, 600))
    scene = make_table(app, "hbbb")
    settle(app, scene)
    start = _card_center(scene, 0)
    before = list(scene.match.history)
    drag(app, start, scene.placements.regions["pasture:2"].rect.center)
    assert scene.match.history == before
    text, error, _ = scene.captions[-1]
    assert error and text == app.tr("wolf_and_hound.drop_hint")
    shot(app, tmp_path, "wh_drop_refused")
    frames(app, 30)
    drag(app, start, scene.placements.regions["played:1"].rect.center)  # another seat's row
    assert scene.match.history == before
    drag(app, start, scene.placements.regions[f"played:{scene.viewer}"].rect.center)  # my own row plays
    assert len(scene.match.history) > len(before)


def _play_until_ghost_decision(app, scene, seat: int, limit: int = 400) -> bool:
    """As `seat`, play the first card whenever it is this seat's own turn, until its ghost asks."""
    for _ in range(limit):
        settle(app, scene)
        if scene.match.is_over():
            return False
        if scene.active_seat() == seat:
            if scene.view["phase"] == "ghost":
                return True
            scene.submit(str(scene.match.state.legal_actions(seat)[0]))
    return False


def test_ghost_keep_and_swap_by_button_and_key(tmp_path, monkeypatch) -> None:
    app = _app(tmp_path, monkeypatch)
    scene = make_table(app, "bhb")  # 3 players: seat 1 decides for its ghost partner, seat 3
    assert _play_until_ghost_decision(app, scene, 1)
    buttons = action_buttons(scene)
    assert [a for a, _ in buttons] == ["ghost keep", "ghost swap"]
    turned = scene.view["played"][3][-1]
    # hovering "keep" previews the turned card's moves (a public card)
    frames(app, 1, events=[mouse("move", buttons[0][1].center)])
    assert wh_view.pending_action(scene.ctx()) == "ghost keep"
    shot(app, tmp_path, "wh_ghost_decision")
    count = len(scene.match.history)
    frames(app, 1, events=[mouse("down", buttons[0][1].center)])
    assert scene.match.history[count] == (1, "ghost keep")
    assert scene.match.state.view(None)["played"][3][-1] == turned
    assert _play_until_ghost_decision(app, scene, 1)
    count = len(scene.match.history)
    frames(app, 1, events=[key(pygame.K_x)])
    assert scene.match.history[count] == (1, "ghost swap")


def _stacked_deck(first: list[str]) -> list[str]:
    counts = Counter({c: d["base"] for c, d in RULES.data["cards"].items() if d["base"]})
    for card in first:
        counts[card] -= 1
    rest = [c for c, n in sorted(counts.items()) for _ in range(n)]
    return first + rest


def test_skip_button_when_sheep_02_forbids_every_card(tmp_path, monkeypatch) -> None:
    # Seat 0 holds only 1s: whatever it plays moves Sheep 02 to seat 1, whose hand is all 3s.
    deck = _stacked_deck(["black 1", "black 1", "white 1", "white 1", "black 3", "black 3", "white 3", "white 3"])
    app = _app(tmp_path, monkeypatch)
    scene = make_table(app, "bh", options={"animals": ["sheep_02", "wolf_01", "hound_01"], "deck": deck})
    settle(app, scene)
    assert scene.active_seat() == 1
    assert [a for a, _ in action_buttons(scene)] == ["skip"]
    shot(app, tmp_path, "wh_skip")
    count = len(scene.match.history)
    frames(app, 1, events=[key(pygame.K_p)])
    assert scene.match.history[count] == (1, "skip")


def test_a_key_for_an_action_not_offered_is_refused_with_the_reason(tmp_path, monkeypatch) -> None:
    app = _app(tmp_path, monkeypatch)
    scene = make_table(app, "hbbb")
    settle(app, scene)
    before = list(scene.match.history)
    frames(app, 1, events=[key(pygame.K_k)])
    assert scene.match.history == before
    text, error, _ = scene.captions[-1]
    assert error and text == app.game_text(scene.rules, "error.no_ghost_decision")


def test_tour_outlines_existing_regions_in_both_languages(tmp_path, monkeypatch) -> None:
    app = _app(tmp_path, monkeypatch)
    scene = make_table(app, "bhb")
    settle(app, scene)
    steps = layout.tour_steps(scene.view)
    assert len(steps) >= 8
    for step in steps:
        assert all(name in scene.placements.regions for name in step.regions), step
        for lang in ("fr", "en"):
            assert app.translator.table(lang).get(step.text_key), (lang, step.text_key)
    scene.open_tour()
    frames(app, 1)
    shot(app, tmp_path, "wh_tour")
    for _ in steps:
        frames(app, 1, events=[key(pygame.K_RETURN)])
    assert scene.tour_index is None


def test_monkey_random_input_never_breaks_the_table(tmp_path, monkeypatch) -> None:
    app = _app(tmp_path, monkeypatch, size=(1024, 600))
    scene = make_table(app, "hbh", seed=9)
    rng = random.Random(4)
    w, h = app.screen.get_size()
    keys = [pygame.K_p, pygame.K_k, pygame.K_x, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_1]
    for _ in range(1500):
        roll = rng.random()
        pos = (rng.randrange(w), rng.randrange(h))
        if roll < 0.35:
            event = mouse("move", pos)
        elif roll < 0.55:
            event = mouse("down", pos)
        elif roll < 0.75:
            event = mouse("up", pos)
        else:
            event = key(rng.choice(keys))
        if app.stack.top is not scene:
            break
        frames(app, 1, 0.03, events=[event])
    assert any(seat in (0, 2) for seat, _ in scene.match.history)  # the humans did manage to play
    for _, text in scene.match.history:
        assert text.startswith(("play ", "skip", "ghost "))


def test_animals_turn_over_and_sheep_run_to_the_forest_in_animation(tmp_path, monkeypatch) -> None:
    from game.engine.events import MarkerChanged

    app = _app(tmp_path, monkeypatch)
    scene = make_table(app, "bbbb", seed=2, options={"animals": ["metamorphic_01", "metamorphic_02", "wolf_06"], "best_of": 5})
    seen: dict[str, bool] = {"flip": False, "move": False, "sheep": False}
    for _ in range(6000):
        frames(app, 1, 0.05)
        step = scene.animator.current
        if step is None or not 0.3 < step.progress < 0.7:
            continue
        for event in step.events:
            if not isinstance(event, MarkerChanged):
                continue
            kind = "sheep" if event.marker == "sheep" else ("flip" if event.value["reason"].startswith("flip") else "move")
            if not seen[kind]:
                seen[kind] = True
                shot(app, tmp_path, f"wh_anim_{kind}")
        if all(seen.values()) or app.stack.top is not scene:
            break
    assert all(seen.values()), seen


@pytest.mark.parametrize("players", [2, 4])
def test_demo_plays_wolf_and_hound_headless_and_saves_a_screenshot(tmp_path, monkeypatch, players) -> None:
    import main

    monkeypatch.setenv("TABLEE_HOME", str(tmp_path / "home"))
    path = tmp_path / f"wh_demo_{players}p.png"
    status = main.main(["demo", "wolf_and_hound", "--players", str(players), "--frames", "200",
                        "--screenshot", str(path), "--headless"])
    assert status == 0
    image = pygame.image.load(str(path))
    assert image.get_size() == (1280, 720)
    extra = os.environ.get("TABLEE_SHOTS")
    if extra:
        pygame.image.save(image, f"{extra}/wh_demo_{players}p.png")


def test_the_animals_one_card_moves_go_round_in_one_animation_step() -> None:
    from game.engine.events import MarkerChanged
    from scenes.table.anim import MoveKinds, group_events

    deck = _stacked_deck(["black 3", "white 1", "white 2", "white 3"])
    state = RULES.new_state(4, seed=1, options={"animals": ["wolf_01", "wolf_06", "hound_01"], "deck": deck})
    events = state.apply(0, RULES.parse_action(state, 0, "play black 3"))
    moves = [e for e in events if isinstance(e, MarkerChanged) and e.marker == "animal" and e.value["reason"] == "play"]
    assert len(moves) == 2  # both wolves, FAQ Q4
    steps = [s for s in group_events(events, MoveKinds.of(layout), layout.join_markers) if s.kind == "marker"]
    assert [len(s.events) for s in steps if s.events[0] in moves] == [2]


def test_a_move_all_the_way_round_is_told_as_such() -> None:
    """A black 4 takes the wolf round the four positions back to where it stood: the log says
    it went all the way round, not that it moved "from Ana to Ana"."""
    from game.engine.events import MarkerChanged

    deck = _stacked_deck(["black 4", "white 1", "white 2", "white 3"])
    state = RULES.new_state(4, seed=1, options={"animals": ["wolf_01", "hound_01"], "deck": deck})
    events = state.apply(0, RULES.parse_action(state, 0, "play black 4"))
    move = next(e for e in events if isinstance(e, MarkerChanged) and e.marker == "animal")
    assert move.value["from"] == move.value["to"] == 0 and move.value["steps"] == 4
    key, params = layout.marker_caption(move)
    assert key == "marker.animal.play_round" and params["to"] == 0
    for lang, said in (("en", "Wolf 01 goes all the way round and stays in front of Ana."),
                       ("fr", "Loup 01 fait un tour complet et reste devant Ana.")):
        assert RULES.text(lang, key, animal=RULES.text(lang, "animal.wolf_01"), to="Ana") == said


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_a_position_takes_in_the_animal_cards_standing_there(size) -> None:
    """`spot:<seat>` (what the tour and a lesson light) holds every animal card in front of
    that seat, the cascade at the sides included."""
    view = _view(4, 0)
    for animal in view["animals"][:2]:
        animal["seat"] = 1  # two cards at the left position: a cascade taller than the ring's spot
    placements = layout.place(view, pygame.Rect((0, 0), size))
    board = placements.regions["board"].rect
    places = wh_view.animal_places(view, board.center, board.w // 2)
    for animal in view["animals"]:
        assert placements.regions[f"spot:{animal['seat']}"].rect.contains(places[animal["id"]]), animal
