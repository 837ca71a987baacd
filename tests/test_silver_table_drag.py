"""Every Silver move made with the mouse can be made by dragging, with the places a card may go
outlined as soon as it is picked up: the drawn (or taken) card onto a village place, a village
card onto the drawn card or the discard pile, a multiple exchange dropped on one of the announced
cards, the master's pile card onto a village card, the robber's card onto an opponent's, the
amulet's token onto the village card it protects. A drop
elsewhere says where the card goes. Real MOUSEBUTTONDOWN / MOTION / UP events go to the scene;
screenshots of a card in flight go to $TABLEE_SHOTS when it is set."""

from __future__ import annotations

import os

import pygame
import pytest

from tests.silver_helpers import slot_center, stacked
from tests.table_helpers import SHOTS_ENV, click, drag, frames, mouse, settle
from tests.test_silver_table_powers import (
    PEEKS,
    VILLAGES,
    amulet_table,
    last_error,
    played,
    power_table,
    table,
)


def drawn_center(scene) -> tuple[int, int]:
    region = scene.placements.regions["drawn:0"]
    return region.card_rects(len(scene.view["zones"]["drawn"][0]))[0].center


def hold(app, start, end) -> None:
    """Press at `start` and move to `end` without releasing (the card in flight)."""
    frames(app, 1, events=[mouse("move", start)])
    frames(app, 1, events=[mouse("down", start)])
    for i in range(1, 5):
        frames(app, 1, events=[mouse("move", (start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4))])


def shot(app, name: str) -> None:
    folder = os.environ.get(SHOTS_ENV)
    if folder:
        pygame.image.save(app.screen, os.path.join(folder, f"silver_drag_{name}_{app.settings.language}.png"))


def release(app, scene, pos, name: str) -> None:
    """The card in flight drawn (a screenshot of it), then dropped at `pos`."""
    app.dirty = True
    frames(app, 2)
    shot(app, name)
    frames(app, 1, events=[mouse("up", pos)])
    settle(app, scene)


def drawn_table(tmp_path, monkeypatch, card: str = "squire", lang: str = "en"):
    deck = stacked(3, VILLAGES, "beholder", [card])
    app, scene = table(tmp_path, monkeypatch, deck, [*PEEKS, (0, "draw")], lang=lang)
    assert scene.view["step"] == "drawn" and scene.view["drawn"] == [card]
    return app, scene


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_drawn_card_dropped_on_a_village_place_exchanges_it(tmp_path, monkeypatch, lang) -> None:
    app, scene = drawn_table(tmp_path, monkeypatch, lang=lang)
    hold(app, drawn_center(scene), slot_center(scene, 0, 3))
    lit = scene.composer.drops.places(scene.ctx())  # every own place is lit on pick-up, and the discard pile
    rects = [*scene.placements.regions["village:0"].card_rects(5), scene.placements.regions["discard"].rect]
    assert sorted(map(tuple, lit)) == sorted(map(tuple, rects))
    release(app, scene, slot_center(scene, 0, 3), "drawn_to_village")
    assert played(scene, "exchange 3")


def test_a_village_card_dropped_on_the_drawn_card_or_the_discard_exchanges_it(tmp_path, monkeypatch) -> None:
    app, scene = drawn_table(tmp_path, monkeypatch)
    hold(app, slot_center(scene, 0, 2), drawn_center(scene))
    lit = {r.name for r in scene.composer.targets(scene.ctx())}
    assert {"drawn:0", "discard"} <= lit  # lit on pick-up
    frames(app, 1, events=[mouse("up", drawn_center(scene))])
    settle(app, scene)
    assert played(scene, "exchange 2")

    app, scene = drawn_table(tmp_path / "discard", monkeypatch)
    drag(app, slot_center(scene, 0, 4), scene.placements.regions["discard"].rect.center)
    settle(app, scene)
    assert played(scene, "exchange 4")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_card_dropped_elsewhere_says_where_it_goes_and_plays_nothing(tmp_path, monkeypatch, lang) -> None:
    app, scene = drawn_table(tmp_path, monkeypatch, lang=lang)
    nowhere = scene.placements.regions["sheet"].rect.center
    drag(app, slot_center(scene, 0, 2), nowhere)
    assert last_error(scene) == scene.app.tr("silver_amulet.drop_drawn")
    assert scene.view["step"] == "drawn" and not scene.composer.composer.any_choice()
    scene.captions.clear()
    drag(app, drawn_center(scene), nowhere)
    assert last_error(scene) == scene.app.tr("silver_amulet.drop_drawn")
    assert not last_error(scene).endswith(" .")
    assert [t for s, t in scene.match.history if s == 0][-1] == "draw"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_drawn_card_dropped_on_the_discard_pile_is_discarded(tmp_path, monkeypatch, lang) -> None:
    """It was refused ("Drop the village card on the drawn card…"): the natural way to discard."""
    app, scene = drawn_table(tmp_path, monkeypatch, lang=lang)
    pile = scene.placements.regions["discard"].rect
    hold(app, drawn_center(scene), pile.center)
    assert pile in scene.composer.drops.places(scene.ctx())  # lit on pick-up, with the village places
    release(app, scene, pile.center, "drawn_to_discard")
    assert played(scene, "discard")
    assert not any(err for _, err, _ in scene.captions[-2:])


def test_a_card_taken_from_the_discard_and_dropped_back_says_why_it_stays(tmp_path, monkeypatch) -> None:
    deck = stacked(3, VILLAGES, "beholder", ["squire"])
    app, scene = table(tmp_path, monkeypatch, deck, [*PEEKS, (0, "take discard")])
    assert scene.view["step"] == "taken"
    pile = scene.placements.regions["discard"].rect
    drag(app, drawn_center(scene), pile.center)
    settle(app, scene)
    assert scene.view["step"] == "taken" and [t for s, t in scene.match.history if s == 0][-1] == "take discard"
    assert last_error(scene)  # the engine's reason: a taken card is exchanged


def test_a_multiple_exchange_announced_by_clicks_is_dropped_on_one_of_its_cards(tmp_path, monkeypatch) -> None:
    app, scene = drawn_table(tmp_path, monkeypatch)
    click(app, slot_center(scene, 0, 1))
    click(app, slot_center(scene, 0, 2))
    assert scene.composer.composer.picked("village") == ["1", "2"]
    drag(app, drawn_center(scene), slot_center(scene, 0, 2))
    settle(app, scene)
    assert played(scene, "exchange 1 2")


def test_a_taken_discard_is_dragged_onto_a_village_place(tmp_path, monkeypatch) -> None:
    deck = stacked(3, VILLAGES, "beholder", ["squire"])
    app, scene = table(tmp_path, monkeypatch, deck, [*PEEKS, (0, "take discard")])
    assert scene.view["step"] == "taken"
    drag(app, drawn_center(scene), slot_center(scene, 0, 5))
    settle(app, scene)
    assert played(scene, "exchange 5")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_master_drags_a_pile_card_onto_a_village_card(tmp_path, monkeypatch, lang) -> None:
    deck = stacked(3, VILLAGES, "beholder", ["villager", "squire", "doppelganger", "master"])
    history = [*PEEKS, (0, "draw"), (0, "discard"), (1, "draw"), (1, "discard"), (2, "draw"), (2, "discard"),
               (0, "draw"), (0, "use")]
    app, scene = table(tmp_path, monkeypatch, deck, history, lang=lang)
    pile = scene.placements.regions["discard"]
    third = pile.card_rects(len(scene.view["zones"]["discard"]))[-3]
    hold(app, third.center, slot_center(scene, 0, 2))
    assert scene.composer.composer.picked("t0") == ["3"]  # picked up: the next cards are outlined
    release(app, scene, slot_center(scene, 0, 2), "master")
    assert played(scene, "take 3 exchange 2")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_robber_drags_their_card_onto_an_opponents(tmp_path, monkeypatch, lang) -> None:
    app, scene = power_table(tmp_path, monkeypatch, "robber", lang=lang)
    hold(app, slot_center(scene, 0, 5), slot_center(scene, 2, 2))
    release(app, scene, slot_center(scene, 2, 2), "robber")
    assert played(scene, "rob 5 2 2")


def test_a_robbers_card_dropped_on_nothing_stays_chosen_and_says_so(tmp_path, monkeypatch) -> None:
    app, scene = power_table(tmp_path, monkeypatch, "robber")
    drag(app, slot_center(scene, 0, 5), scene.placements.regions["sheet"].rect.center)
    assert last_error(scene) == scene.app.tr("table.drop_on_lit")
    assert scene.composer.composer.picked("t0") == ["5"] and scene.view["step"] == "power"
    click(app, slot_center(scene, 1, 3))  # the click still finishes it
    settle(app, scene)
    assert played(scene, "rob 5 1 3")


def test_no_tooltip_covers_a_card_in_flight(tmp_path, monkeypatch) -> None:
    app, scene = drawn_table(tmp_path, monkeypatch)
    calls: list[int] = []
    monkeypatch.setattr(scene.reader, "draw", lambda surface: calls.append(1))
    hold(app, drawn_center(scene), slot_center(scene, 0, 3))
    calls.clear()
    app.dirty = True
    frames(app, 2)
    assert not calls
    frames(app, 1, events=[mouse("up", scene.placements.regions["drawn:0"].rect.center)])  # put back
    app.dirty = True
    frames(app, 2)
    assert calls and scene.view["step"] == "drawn"


def test_a_witch_drags_the_decks_top_card_onto_any_village_card(tmp_path, monkeypatch) -> None:
    app, scene = power_table(tmp_path, monkeypatch, "witch", ["doppelganger"])
    deck = scene.placements.regions["deck"].rect.center
    hold(app, deck, slot_center(scene, 1, 4))
    lit = scene.composer.drops.places(scene.ctx())
    assert len(lit) == 15  # every village card of the three seats
    frames(app, 1, events=[mouse("up", slot_center(scene, 1, 4))])
    settle(app, scene)
    assert played(scene, "swap 1 4")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_discard_dragged_onto_a_village_place_is_taken_into_it(tmp_path, monkeypatch, lang) -> None:
    """Two actions in one gesture: `take discard`, then `exchange N` once the table shows it."""
    deck = stacked(3, VILLAGES, "beholder", ["squire"])
    app, scene = table(tmp_path, monkeypatch, deck, PEEKS, lang=lang)
    assert scene.view["step"] == "main"
    assert scene.app.tr("silver_amulet.help_main") in scene.layout.control_texts(scene.ctx())  # said on screen
    pile = scene.placements.regions["discard"].rect.center
    hold(app, pile, slot_center(scene, 0, 4))
    assert len(scene.composer.drops.places(scene.ctx())) == 5  # every place lit
    release(app, scene, slot_center(scene, 0, 4), "discard_to_village")
    assert played(scene, "take discard") and played(scene, "exchange 4")


def test_a_click_on_the_discard_still_takes_it(tmp_path, monkeypatch) -> None:
    deck = stacked(3, VILLAGES, "beholder", ["squire"])
    app, scene = table(tmp_path, monkeypatch, deck, PEEKS)
    click(app, scene.placements.regions["discard"].rect.center)
    settle(app, scene)
    assert played(scene, "take discard") and scene.view["step"] == "taken"


def amulet_center(scene) -> tuple[int, int]:
    return scene.placements.regions["amulet"].rect.center


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_amulet_is_dragged_onto_the_village_card_it_protects(tmp_path, monkeypatch, lang) -> None:
    """Picked up, the places it may go are lit (every card of the village); dropped on one, the
    amulet protects it. Before, a press on the token did nothing (the A button only)."""
    app, scene = amulet_table(tmp_path, monkeypatch, lang)
    hold(app, amulet_center(scene), slot_center(scene, 0, 3))
    assert scene.composer.drops.places(scene.ctx()) == scene.placements.regions["village:0"].card_rects(5)
    release(app, scene, slot_center(scene, 0, 3), "amulet")
    assert played(scene, "amulet 3")
    assert scene.match.state.view(1)["villages"][0][2]["protected"] is True


def test_the_amulet_dropped_elsewhere_returns_and_says_where_it_goes(tmp_path, monkeypatch) -> None:
    app, scene = amulet_table(tmp_path, monkeypatch)
    home = scene.placements.regions["amulet"].rect.copy()
    said = scene.app.tr("table.drop_marker", marker=scene.game_text("marker.amulet"))
    drag(app, amulet_center(scene), scene.placements.regions["sheet"].rect.center)
    settle(app, scene)
    assert last_error(scene) == said and not any(t.startswith("amulet") for _, t in scene.match.history)
    assert scene.placements.regions["amulet"].rect == home and scene.composer.drops.drag is None
    click(app, amulet_center(scene))  # a click: how it moves, nothing played
    assert scene.captions[-1][0] == said and scene.view["step"] == "main"
    drag(app, amulet_center(scene), slot_center(scene, 0, 5))  # then dragged where it may go
    settle(app, scene)
    assert played(scene, "amulet 5")


def test_the_amulet_cannot_be_picked_up_by_a_seat_that_may_not_place_it(tmp_path, monkeypatch) -> None:
    """Without the amulet (or once it is placed) the token stays put: a press is no drag."""
    app, scene = amulet_table(tmp_path, monkeypatch)
    drag(app, amulet_center(scene), slot_center(scene, 0, 2))
    settle(app, scene)
    assert played(scene, "amulet 2")
    hold(app, amulet_center(scene), slot_center(scene, 0, 4))
    assert scene.composer.drops.drag is None
