"""The Kill the Unicorns table: placements (pure), a bot game on the real table, a human's hunt by
keyboard and by mouse, a scheme placed by clicks (positions numbered from 1), the setup screen."""

from __future__ import annotations

import random

import pygame
import pytest

import main
from game.engine import registry
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from scenes.layouts import get_layout, has_layout
from scenes.layouts.kill_the_unicorns import item_word
from scenes.table.composer import Composer, Confirm, Target
from tests.table_helpers import frames, key, make_app, mouse, settle, shot
from tests.unicorns_helpers import game

CHARACTERS = ["knight", "princess", "shaman", "bard", "wizard", "huntress"]


def view_for(players: int, seat: int = 0) -> dict:
    state = game(tuple(CHARACTERS[:players]))
    view = state.view(seat)
    view["seat"] = seat
    return view


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_region_lies_on_the_table_and_the_seats_do_not_overlap(players: int) -> None:
    rect = pygame.Rect(0, 0, 1280, 720)
    placements = get_layout("kill_the_unicorns").place(view_for(players), rect)
    regions = placements.regions
    for region in regions.values():
        assert rect.contains(region.rect), region.name
    assert [regions[f"under:{p}"].seat for p in range(4)] == [0, 1, 2, 3]  # the schemes under each unicorn
    assert {"line", "market", "hud", "caption", "actions"} <= set(regions)
    panels = [regions[f"panel:{s}"].rect for s in range(players)]
    assert all(not a.colliderect(b) for i, a in enumerate(panels) for b in panels[i + 1:])
    line = regions["line"].card_rects(4)
    assert all(not a.colliderect(b) for i, a in enumerate(line) for b in line[i + 1:])
    assert not regions["line_frame"].rect.colliderect(regions["market_frame"].rect)
    assert regions["hand:0"].card_size[1] >= 90  # the viewer's hunt cards read at a glance


def test_hunted_unicorns_leave_their_slot_empty() -> None:
    placements = get_layout("kill_the_unicorns").place(view_for(4), pygame.Rect(0, 0, 1280, 720))
    line = placements.regions["line"]
    four = line.card_rects(4)
    assert line.card_rects(2) == four[2:]  # the two left after hunts 1 and 2 keep their places


def test_a_target_offset_turns_slot_numbers_into_the_games_positions() -> None:
    template = Target("under", name="pos", offset=1) >> Confirm("stay under {pos}")
    comp = Composer([template], ["stay under 1", "stay under 4"])
    assert template.steps[0].seat_word(0) == "1"
    assert comp.offered("pos") == {"1", "4"}
    assert item_word("cotton_candy_pink") == "cotton_candy pink" and item_word("pate_4") == "pate"


def test_bots_play_a_whole_game_on_the_table(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    path = tmp_path / "demo.png"
    assert main.main(["demo", "kill_the_unicorns", "--players", "4", "--frames", "240", "--screenshot", str(path),
                      "--headless"]) == 0
    assert pygame.image.load(str(path)).get_size() == (1280, 720)


def _table(app, seed: int = 5):
    from scenes.table.scene import TableScene

    app.settings.extra["tours_seen"] = ["kill_the_unicorns"]
    seats = [SeatConfig(n, HUMAN if i == 0 else BOT) for i, n in enumerate(["Ana", "Bruno", "Chloé"])]
    config = MatchConfig("kill_the_unicorns", seats, seed=seed,
                         options={"start_seat": 0, "characters": ["knight", "princess", "shaman"]})
    scene = TableScene(app, config, Match(config, think_seconds=0.0, threaded=False))
    app.push(scene)
    settle(app, scene)
    return scene


def _to_my_hunt(app, scene) -> None:
    """Ana places her schemes (first legal) until she must set the first hunt."""
    for _ in range(50):
        settle(app, scene)
        if scene.view["phase"] == "hunt" and scene.active_seat() == 0:
            return
        assert scene.submit(scene.ctx().legal_texts()[0])
    raise AssertionError("Ana never had to hunt")


def _last_of_ana(scene) -> str:
    """Ana's last action (the bots may have played after it)."""
    return [text for seat, text in scene.match.history if seat == 0][-1]


def _hand_changed_by(scene, before: list[int]) -> list[int]:
    after = list(scene.match.state.view(0)["hand"])
    gone = list(before)
    for v in after:
        gone.remove(v)
    return sorted(gone)


def test_a_scheme_is_placed_by_clicking_it_then_the_unicorn(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = _table(app)
    assert scene.view["phase"] == "schemes" and scene.active_seat() == 0
    kept = scene.view["zones"]["scheme_hand"][0][1]
    rects = scene.placements.regions["scheme_hand:0"].card_rects(2)
    frames(app, 1, events=[mouse("down", rects[1].center)])
    frames(app, 1, events=[mouse("up", rects[1].center)])
    target = scene.placements.regions["under:2"].rect
    frames(app, 1, events=[mouse("down", (target.centerx, target.bottom - 4))])
    frames(app, 1, events=[mouse("up", (target.centerx, target.bottom - 4))])
    assert _last_of_ana(scene) == f"scheme keep {kept} under 3"


def test_a_human_hunts_by_keyboard(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = _table(app)
    _to_my_hunt(app, scene)
    before = list(scene.match.state.view(0)["hand"])
    for k in (pygame.K_2, pygame.K_3, pygame.K_RETURN):
        frames(app, 1, events=[key(k)])
    assert _last_of_ana(scene) == "hunt 2 3"
    assert _hand_changed_by(scene, before) == [2, 3]


def test_a_human_hunts_by_mouse_with_the_knights_boost(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = _table(app)
    _to_my_hunt(app, scene)
    before = list(scene.match.state.view(0)["hand"])
    ctx = scene.ctx()
    boost = next(rect for button, rect in scene.composer.own_buttons(ctx) if button.name == "boost")
    frames(app, 1, events=[mouse("down", boost.center)])
    frames(app, 1, events=[mouse("up", boost.center)])
    hand = scene.placements.regions["hand:0"]
    rects = hand.card_rects(len(before))
    four = before.index(4)
    frames(app, 1, events=[mouse("down", rects[four].center)])
    frames(app, 1, events=[mouse("up", rects[four].center)])
    confirm = next(rect for button, rect in scene.composer.own_buttons(scene.ctx()) if button.name == "confirm")
    frames(app, 1, events=[mouse("down", confirm.center)])
    assert _hand_changed_by(scene, before) == [4]
    assert scene.match.state.view(0)["power_used"][0]  # the Knight's boost went with the bid


def test_the_setup_screen_offers_the_game_with_the_design_note(tmp_path, monkeypatch) -> None:
    from scenes.setup import SetupScene
    from tests.test_app_support import frame as app_frame
    from tests.test_app_support import key as app_key
    from tests.test_app_support import make_app as support_app

    assert has_layout("kill_the_unicorns")
    app = support_app(monkeypatch, tmp_path)
    app_frame(app, app_key(pygame.K_RETURN))
    scene = app.stack.top
    assert isinstance(scene, SetupScene)
    scene.seed_source = random.Random(1)
    scene.game.set_value("kill_the_unicorns")
    scene._game_changed()
    assert scene.start_button.enabled
    assert "création du projet" in (scene._seating_advice() or "")


def test_rules_screen_says_what_is_design_and_opens_the_card_gallery(tmp_path, monkeypatch) -> None:
    from scenes.rules_screen import rules_file

    app = make_app(tmp_path, monkeypatch)
    rules_screen = app.scene("rules", game_id="kill_the_unicorns")
    app.push(rules_screen)
    frames(app, 1)
    shot(app, tmp_path, "ktu_rules")
    for lang in ("en", "fr"):
        text = rules_file("kill_the_unicorns", lang).read_text(encoding="utf-8")
        assert ("project's own design" if lang == "en" else "création du projet") in text
    assert rules_screen.cards.enabled
    rules_screen.cards.activate()
    gallery = app.stack.top
    frames(app, 1)
    rules = registry.load("kill_the_unicorns")
    assert len(gallery.cards) == len(rules.unicorns) + len(rules.schemes_stay) + len(rules.characters) + len(rules.market) + 6
    shot(app, tmp_path, "ktu_gallery")


def test_the_first_game_opens_the_tour_of_the_table(tmp_path, monkeypatch) -> None:
    from scenes.table.scene import TableScene

    app = make_app(tmp_path, monkeypatch)
    seats = [SeatConfig(n, HUMAN if i == 0 else BOT) for i, n in enumerate(["Ana", "Bruno", "Chloé"])]
    config = MatchConfig("kill_the_unicorns", seats, seed=2, options={"start_seat": 0})
    scene = TableScene(app, config, Match(config, think_seconds=0.0, threaded=False))
    app.push(scene)
    frames(app, 3)
    steps = scene.layout.tour_steps(scene.view)
    assert all(name in scene.placements.regions for step in steps for name in step.regions)
    assert scene.tour_index == 0  # shown at the first game of Kill the Unicorns
    shot(app, tmp_path, "ktu_tour")


def test_a_purchase_is_a_click_on_a_token_then_on_one_of_your_unicorns(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = _table(app)
    for _ in range(80):  # Ana passes every hunt (her hand stays full), bots play
        settle(app, scene)
        if scene.view["phase"] == "market" and scene.active_seat() == 0:
            break
        legal = scene.ctx().legal_texts()
        assert scene.submit("pass" if "pass" in legal else legal[0])
    else:
        raise AssertionError("Ana never reached the market")
    market = scene.placements.regions["market"]
    tokens = scene.view["zones"]["market"]
    horn = tokens.index("fake_horn")
    at = market.card_rects(len(tokens))[horn].center
    frames(app, 1, events=[mouse("down", at)])
    frames(app, 1, events=[mouse("up", at)])
    mine = scene.placements.regions["collection:0"].card_rects(1)[0].center
    frames(app, 1, events=[mouse("down", mine)])
    frames(app, 1, events=[mouse("up", mine)])
    assert _last_of_ana(scene) == "buy fake_horn unicorn 1"


def test_the_wizard_moves_a_scheme_by_clicking_two_unicorns(tmp_path, monkeypatch) -> None:
    from scenes.table.scene import TableScene

    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = ["kill_the_unicorns"]
    seats = [SeatConfig(n, HUMAN if i == 0 else BOT) for i, n in enumerate(["Ana", "Bruno", "Chloé"])]
    config = MatchConfig("kill_the_unicorns", seats, seed=3,
                         options={"start_seat": 0, "characters": ["wizard", "princess", "shaman"]})
    scene = TableScene(app, config, Match(config, think_seconds=0.0, threaded=False))
    app.push(scene)
    for _ in range(10):
        settle(app, scene)
        if scene.view["phase"] == "wizard":
            break
        assert scene.submit(scene.ctx().legal_texts()[0])
    move = next(t for t in scene.ctx().legal_texts() if t.startswith("move"))
    _, src, _, dst = move.split()
    for pos in (src, dst):
        r = scene.placements.regions[f"under:{int(pos) - 1}"].rect
        frames(app, 1, events=[mouse("down", (r.centerx, r.bottom - 4))])
        frames(app, 1, events=[mouse("up", (r.centerx, r.bottom - 4))])
    assert _last_of_ana(scene) == move


def test_a_revealed_scheme_turns_face_up_over_its_unicorn(tmp_path, monkeypatch) -> None:
    """The scheme a hunt's winner reveals is drawn turning over where it lies, under its
    unicorn (a zone of the line's positions: its region is found by position, not by seat)."""
    from game.engine.events import CardRevealed
    from scenes.table.scene import TableScene
    from tests.unicorns_helpers import HUNTRESS, KNIGHT, PRINCESS

    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = ["kill_the_unicorns"]
    seats = [SeatConfig(n, HUMAN) for n in ["Ana", "Bruno", "Chloé"]]
    options = {"start_seat": 0, "characters": ["knight", "princess", "huntress"], "powers": False,
               "schemes": [KNIGHT, PRINCESS, HUNTRESS]}
    config = MatchConfig("kill_the_unicorns", seats, seed=5, options=options)
    match = Match(config, think_seconds=0.0, threaded=False)
    scene = TableScene(app, config, match)
    app.push(scene)
    for seat, text in [(0, "scheme keep athletic under 1"), (1, "scheme keep athletic under 2"),
                       (2, "scheme keep athletic under 3"), (0, "hunt 4"), (1, "pass"), (2, "pass")]:
        match.submit(seat, text)
    seen = None
    for _ in range(2000):
        frames(app, 1, 0.02)
        step = scene.animator.current
        if step is not None and step.kind == "reveal":
            seen = next(e for e in step.events if isinstance(e, CardRevealed))
            break
    assert seen is not None and seen.card == "athletic" and seen.pos == 0
    region = scene._revealed_region(seen)
    assert region is not None and region.name == "under:0"
