"""Colour Call at the real table, with the mouse and with the keyboard: one move of three choices
(a card, the player asked, a colour), the colour picked from the buttons of a `Word` step."""

from __future__ import annotations

import pygame

from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from tests.table_helpers import click, drag, frames, hand_card_center, key, make_app, settle

# Dealt one at a time from Ana: she holds red_1, red_2, green_1; Bruno blue_1, blue_2, yellow_1.
DECK = ["red_1", "blue_1", "red_2", "blue_2", "green_1", "yellow_1",
        "red_3", "blue_3", "green_2", "green_3", "yellow_2", "yellow_3"]


def table(app):
    from scenes.table.scene import TableScene

    app.settings.extra["tours_seen"] = ["colour_call"]
    seats = [SeatConfig("Ana", HUMAN), SeatConfig("Bruno", BOT)]
    config = MatchConfig("colour_call", seats, seed=1, options={"start_seat": 0, "deck": DECK})
    scene = TableScene(app, config, Match(config, think_seconds=0, threaded=False))
    app.push(scene)
    settle(app, scene)
    return scene


def word_button(scene, word: str) -> pygame.Rect:
    found = [rect for _, w, rect in scene.composer.word_buttons(scene.ctx()) if w == word]
    assert found, f"no button for {word}"
    return found[0]


def test_a_move_is_a_card_dropped_a_player_clicked_and_a_colour_button(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app)
    assert sorted(w for _, w, _ in scene.composer.word_buttons(scene.ctx())) == ["blue", "green", "red", "yellow"]
    drag(app, hand_card_center(scene, "red_1"), scene.placements.zone("played", 0).rect.center)
    click(app, scene.placements.zone("hand", 1).rect.center)
    assert scene.match.history == []  # the colour is still to choose: nothing is sent
    click(app, word_button(scene, "blue").center)
    assert scene.match.history[0] == (0, "play red_1 ask 1 blue")
    settle(app, scene)
    assert scene.match.state.hits[0] == 1  # Bruno holds blue: a hit


def test_the_same_move_from_the_keyboard_and_a_chosen_colour_taken_back(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app)
    keys = scene.composer.word_keys(scene.ctx())
    frames(app, 1, events=[key(pygame.key.key_code(keys[("colour", "yellow")]))])
    assert scene.composer.composer.picked("colour") == ["yellow"]
    click(app, word_button(scene, "yellow").center)  # a click on the chosen word takes it back
    assert scene.composer.composer.picked("colour") == []
    frames(app, 1, events=[key(pygame.K_g)])  # Green 1, by its initial
    frames(app, 1, events=[key(pygame.K_1)])  # Bruno, by his seat's number
    frames(app, 1, events=[key(pygame.key.key_code(keys[("colour", "yellow")]))])
    assert scene.match.history[0] == (0, "play green_1 ask 1 yellow")


def test_a_colour_no_legal_move_would_follow_is_refused_with_the_reason(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app)
    comp = scene.composer
    assert comp.composer.pick("colour", "red")
    ctx = scene.ctx()
    assert not comp.composer.accepts_replacing("colour", "purple")
    comp.choose_word(ctx, comp.composer.steps()[-1], "purple")
    frames(app, 1)
    assert "purple" in scene.captions[-1][0] and scene.captions[-1][1]  # the engine's reason, as an error
