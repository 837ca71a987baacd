"""The Silver table: where things lie (pure), a bot game played through it headless, a human's
turn by keyboard and by mouse, and the setup screen offering the game."""

from __future__ import annotations

import os
import random

import pygame

from game.engine import registry
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from scenes.layouts import has_layout
from scenes.layouts.silver_amulet import SilverAmuletLayout, place
from tests.silver_helpers import slot_center, stacked
from tests.table_helpers import SHOTS_ENV, click, frames, key, make_app, settle

RECT = pygame.Rect(0, 0, 1280, 720)
VILLAGES = [["villager", "squire", "empath", "bodyguard", "rascal"],
            ["squire", "squire", "empath", "witch", "robber"],
            ["master", "seer", "empath", "exposer", "revealer"]]


def state_view(players: int = 3, seat: int = 0, **options):
    rules = registry.load("silver_amulet")
    state = rules.new_state(players, seed=4, options={"start_seat": 0, **options})
    return state, state.view(seat)


def test_every_zone_has_its_place_inside_the_table_without_overlap() -> None:
    for players in (2, 3, 4):
        _, view = state_view(players)
        out = place(view, RECT)
        names = [f"village:{s}" for s in range(players)] + ["deck", "discard", "drawn:0", "actions", "sheet", "amulet"]
        rects = [out.regions[n].rect for n in names]
        for name, rect in zip(names, rects, strict=True):
            assert RECT.contains(rect), name
        for i in range(len(rects)):
            for j in range(i + 1, len(rects)):
                assert not rects[i].colliderect(rects[j]), (names[i], names[j])
        # the viewer's village is the large one, at the bottom
        assert out.regions["village:0"].card_size[1] > out.regions["village:1"].card_size[1]
        assert out.regions["village:0"].rect.bottom > RECT.centery


def test_village_slots_keep_their_place_when_the_row_grows() -> None:
    _, view = state_view()
    region = place(view, RECT).regions["village:0"]
    five, seven = region.card_rects(5), region.card_rects(7)
    assert seven[:5] == five


def test_the_amulet_lies_in_the_middle_then_beside_its_holder_then_on_the_protected_card() -> None:
    _, view = state_view()
    home = place(view, RECT).regions["amulet"].rect
    view["amulet"] = 1
    beside = place(view, RECT).regions["amulet"].rect
    panel = place(view, RECT).regions["panel:1"].rect
    assert beside != home and abs(beside.centery - panel.centery) <= 2 and beside.x >= panel.right
    view["amulet_card"] = [1, 3]
    out = place(view, RECT)
    card = out.regions["village:1"].card_rects(5)[2]
    assert card.colliderect(out.regions["amulet"].rect)


def test_the_master_spreads_the_discard_pile_for_its_drawer_only() -> None:
    _, view = state_view()
    assert place(view, RECT).regions["discard"].kind == "slot"
    view.update(power="master", holder=0, step="power")
    assert place(view, RECT).regions["discard"].kind == "grid"
    view["seat"] = 1
    assert place(view, RECT).regions["discard"].kind == "slot"


def test_known_face_down_cards_carry_a_mark_and_their_value_only_with_the_memory_aid() -> None:
    layout = SilverAmuletLayout()
    for aid, mode in ((False, "known"), (True, "aid")):
        state, _ = state_view(memory_aid=aid)
        state.apply(0, registry.load("silver_amulet").parse_action(state, 0, "peek 1 2"))
        view = state.view(0)
        region = place(view, RECT).regions["village:0"]
        pictures = layout.region_cards(view, region, view["zones"]["village"][0])
        assert [p.split(":")[2] for p in pictures] == [mode, mode, "down", "down", "down"]
        assert pictures[0].split(":")[3] == view["villages"][0][0]["card"]
        other = place(view, RECT).regions["village:1"]
        assert all(":down:back" in p for p in layout.region_cards(view, other, view["zones"]["village"][1]))


# ---------------------------------------------------------------------------- at the table
def make_table(app, kinds: str, deck=None, seed: int = 3):
    from scenes.table.scene import TableScene

    names = ["Ana", "Bruno", "Chloé", "Didier"]
    seats = [SeatConfig(names[i], HUMAN if k == "h" else BOT) for i, k in enumerate(kinds)]
    options = {"start_seat": 0} | ({"deck": deck} if deck else {})
    config = MatchConfig("silver_amulet", seats, seed=seed, options=options)
    scene = TableScene(app, config, Match(config, think_seconds=0.0, threaded=False))
    app.push(scene)
    return scene


def _app(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = ["silver_amulet"]
    return app




def shot(app, name: str) -> None:
    folder = os.environ.get(SHOTS_ENV)
    if folder:
        frames(app, 2)
        pygame.image.save(app.screen, os.path.join(folder, f"silver_{name}.png"))


def test_bots_play_a_whole_game_through_the_table(tmp_path, monkeypatch) -> None:
    app = _app(tmp_path, monkeypatch)
    scene = make_table(app, "bbb", seed=11)
    for _ in range(30000):
        frames(app, 1, 1.0)
        if scene.match.is_over() and not scene.animator.busy:
            break
    assert scene.match.is_over()
    assert len(scene.match.state.view(None)["score_sheet"]) == 4
    assert any(t.startswith(("exchange", "discard", "turn", "look")) for _, t in scene.match.history)


def test_a_human_turn_by_keyboard_peek_draw_and_exchange_two_cards(tmp_path, monkeypatch) -> None:
    app = _app(tmp_path, monkeypatch)
    deck = stacked(3, VILLAGES, "beholder", ["squire"])
    scene = make_table(app, "hbb", deck=deck)
    settle(app, scene)
    frames(app, 1, events=[key(pygame.K_1)])
    frames(app, 1, events=[key(pygame.K_4)])
    settle(app, scene)
    assert (0, "peek 1 4") in scene.match.history
    assert scene.view["villages"][0][3]["card"] == "bodyguard"
    frames(app, 1, events=[key(pygame.K_d)])
    settle(app, scene)
    assert scene.view["drawn"] == ["squire"]
    frames(app, 1, events=[key(pygame.K_2)])
    frames(app, 1, events=[key(pygame.K_3)])
    shot(app, "exchange_picked")
    assert (0, "exchange 2 3") not in scene.match.history  # waits for Enter
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, scene)
    assert (0, "exchange 2 3") in scene.match.history


def test_a_human_turn_by_mouse_peek_draw_and_use_a_seer_on_an_opponent(tmp_path, monkeypatch) -> None:
    app = _app(tmp_path, monkeypatch)
    deck = stacked(3, VILLAGES, "beholder", ["seer"])
    scene = make_table(app, "hbb", deck=deck)
    settle(app, scene)
    click(app, slot_center(scene, 0, 2))
    click(app, slot_center(scene, 0, 5))
    settle(app, scene)
    assert (0, "peek 2 5") in scene.match.history
    click(app, scene.placements.regions["deck"].rect.center)
    settle(app, scene)
    assert scene.view["drawn"] == ["seer"]
    use = next(rect for press, rect in scene.composer.presses(scene.ctx()) if press.action == "use")
    click(app, use.center)
    settle(app, scene)
    assert scene.view["step"] == "power"
    shot(app, "seer_target")
    click(app, slot_center(scene, 2, 4))
    settle(app, scene)
    assert (0, "look 2 4") in scene.match.history
    assert scene.match.state.view(0)["villages"][2][3]["card"] == "exposer"


def test_a_refused_target_says_why_and_sends_nothing(tmp_path, monkeypatch) -> None:
    app = _app(tmp_path, monkeypatch)
    deck = stacked(3, VILLAGES, "beholder", ["apprentice_seer"])
    scene = make_table(app, "hbb", deck=deck)
    settle(app, scene)
    frames(app, 1, events=[key(pygame.K_1)])
    frames(app, 1, events=[key(pygame.K_2)])
    settle(app, scene)
    frames(app, 1, events=[key(pygame.K_d)])
    settle(app, scene)
    frames(app, 1, events=[key(pygame.K_u)])
    settle(app, scene)
    before = len(scene.match.history)
    click(app, slot_center(scene, 0, 3))  # the apprentice looks only at opponents' cards
    assert len(scene.match.history) == before and scene.view["step"] == "power"


def test_the_setup_screen_offers_silver_with_its_memory_aid_option(tmp_path, monkeypatch) -> None:
    from scenes.setup import SetupScene
    from tests.test_app_support import make_app as make_setup_app

    assert has_layout("silver_amulet")
    app = make_setup_app(monkeypatch, tmp_path)
    scene = SetupScene(app)
    scene.seed_source = random.Random(5)
    app.push(scene)
    scene.game.set_value("silver_amulet")
    scene._game_changed()
    assert scene.table_ready() and scene.start_button.enabled
    assert "memory_aid" in scene.option_widgets


def test_the_rules_screen_shows_the_fourteen_characters_with_their_powers(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    rules_screen = app.scene("rules", game_id="silver_amulet")
    app.push(rules_screen)
    frames(app, 1)
    assert rules_screen.cards.enabled
    rules_screen.cards.activate()
    gallery = app.stack.top
    frames(app, 1)
    assert len(gallery.cards) == len(registry.load("silver_amulet").card_order) == 14
    shot(app, "gallery")


def test_the_tour_shows_every_zone_of_the_table(tmp_path, monkeypatch) -> None:
    _, view = state_view()
    out = place(view, RECT)
    steps = SilverAmuletLayout().tour_steps(view)
    shown = {name for step in steps for name in step.regions}
    assert {"village:0", "village:1", "deck", "discard", "drawn:0", "amulet", "sheet", "actions"} <= shown
    assert shown <= set(out.regions)


def test_the_demo_plays_silver_on_the_table_and_saves_a_screenshot(tmp_path, monkeypatch) -> None:
    import main

    monkeypatch.setenv("TABLEE_HOME", str(tmp_path / "home"))
    path = tmp_path / "silver.png"
    assert main.main(["demo", "silver_amulet", "--players", "4", "--frames", "90", "--screenshot", str(path), "--headless"]) == 0
    assert pygame.image.load(str(path)).get_size() == (1280, 720)


def test_a_robber_is_typed_own_slot_then_seat_number_and_slot(tmp_path, monkeypatch) -> None:
    """Seats are typed by their number as the badges show it (1-based): seat 2 is Chloé, "3"."""
    app = _app(tmp_path, monkeypatch)
    scene = make_table(app, "hbb", deck=stacked(3, VILLAGES, "beholder", ["robber"]))
    settle(app, scene)
    for k in (pygame.K_1, pygame.K_2, pygame.K_d, pygame.K_u):
        frames(app, 1, events=[key(k)])
        settle(app, scene)
    for k in (pygame.K_5, pygame.K_3):
        frames(app, 1, events=[key(k)])
    assert scene.view["step"] == "power"  # a seat typed, its slot still expected
    frames(app, 1, events=[key(pygame.K_3)])
    settle(app, scene)
    assert (0, "rob 5 2 3") in scene.match.history
