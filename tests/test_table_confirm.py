""""Confirm my moves": a drop, a click or a key shows the move lit with Confirm / Cancel (Enter /
Escape) before it is sent; off by default, on by default in network matches; in Settings with
its explanation, in French and English."""

from __future__ import annotations

import pygame
import pytest

from scenes import settings_store
from tests.silver_helpers import slot_center, stacked
from tests.table_helpers import (
    click,
    drag,
    frames,
    hand_card_center,
    key,
    make_app,
    make_table,
    settle,
)
from tests.test_silver_table_powers import PEEKS, VILLAGES, played
from tests.test_silver_table_powers import table as silver_table


def ana_moves(scene) -> list[str]:
    return [text for seat, text in scene.match.history if seat == 0]


def test_moves_go_at_once_by_default_at_a_local_table(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    assert app.settings.confirm_moves == "network"
    scene = make_table(app, "hbb")
    settle(app, scene)
    assert not scene.confirm.wanted()
    drag(app, hand_card_center(scene, "wolf"), scene.placements.zone("play", 0).rect.center)
    assert ana_moves(scene) == ["play wolf"] and scene.confirm.pending is None


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_dropped_card_waits_lit_then_enter_sends_it_and_escape_takes_it_back(tmp_path, monkeypatch, lang) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.set_language(lang)
    app.settings.confirm_moves = "always"
    scene = make_table(app, "hbb")
    settle(app, scene)
    play = scene.placements.zone("play", 0).rect.center
    drag(app, hand_card_center(scene, "wolf"), play)
    assert scene.confirm.pending == (0, "play wolf") and not ana_moves(scene)  # shown, not sent
    told = scene.confirm.description()  # what the log will say to Ana, with the card it keeps secret
    assert told == app.tr("table.confirm_cards", cards=app.game_text(scene.rules, "card.wolf"),
                          move=app.game_text(scene.rules, "move.choose.you")), told
    assert scene.hint() == app.tr("table.confirm_hint")
    app.dirty = True
    frames(app, 1)  # drawn: the bar with its buttons
    frames(app, 1, events=[key(pygame.K_5)])  # another key does nothing meanwhile
    assert scene.confirm.pending == (0, "play wolf")
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    assert scene.confirm.pending is None and not ana_moves(scene)
    assert scene.captions[-1][0] == app.tr("table.confirm_cancelled")
    drag(app, hand_card_center(scene, "rabbit"), play)
    assert scene.confirm.pending == (0, "play rabbit")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    assert ana_moves(scene) == ["play rabbit"] and scene.confirm.pending is None


def test_the_bars_buttons_confirm_and_cancel_with_the_mouse(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.settings.confirm_moves = "always"
    scene = make_table(app, "hbb")
    settle(app, scene)
    wolf = hand_card_center(scene, "wolf")
    click(app, wolf)
    click(app, wolf)  # selected, then played: a click is a move too
    assert scene.confirm.pending == (0, "play wolf")
    ok, no = scene.confirm.buttons()
    click(app, no.center)
    assert scene.confirm.pending is None and not ana_moves(scene)
    click(app, wolf)
    click(app, wolf)
    ok, no = scene.confirm.buttons()
    click(app, ok.center)
    assert ana_moves(scene) == ["play wolf"]


def test_a_two_action_drag_is_confirmed_once(tmp_path, monkeypatch) -> None:
    """Silver's discard card dragged onto a village place: take it, then exchange that place."""
    app, scene = silver_table(tmp_path, monkeypatch, stacked(3, VILLAGES, "beholder", ["squire"]), PEEKS)
    app.settings.confirm_moves = "always"
    drag(app, scene.placements.regions["discard"].rect.center, slot_center(scene, 0, 4))
    assert scene.confirm.pending == (0, "take discard")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, scene)
    assert played(scene, "take discard") and played(scene, "exchange 4") and scene.confirm.pending is None


def test_network_matches_confirm_by_default_and_the_setting_says_no(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "hbb")
    settle(app, scene)
    monkeypatch.setattr(scene.seats, "remote", True)  # as at a table joined over the network
    assert scene.confirm.wanted()
    app.settings.confirm_moves = "never"
    assert not scene.confirm.wanted()


def test_keys_typed_ahead_stop_at_a_move_waiting_for_its_confirm(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.settings.confirm_moves = "always"
    scene = make_table(app, "hbb")
    settle(app, scene)
    from game.engine.events import Note

    scene.animator.push([Note("x", None, ())])
    frames(app, 1)
    for k in (pygame.K_1, pygame.K_RETURN, pygame.K_RETURN):  # the second Enter must not confirm unseen
        frames(app, 1, 0.0, events=[key(k)])
    settle(app, scene)
    assert scene.confirm.pending is not None and not ana_moves(scene)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_confirm_my_moves_is_in_the_settings_explained_and_kept(tmp_path, monkeypatch, lang) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.set_language(lang)
    app.push(app.scene("settings"))
    frames(app, 1)
    screen = app.stack.top
    choice = screen.confirm_moves
    assert choice.value == "network" and choice.options[choice.index][1]() == app.tr("settings.confirm_moves.network")
    screen.form.set_focus(choice)
    assert screen.form.tooltip() == app.tr("settings.confirm_moves_tip")
    assert ("Enter" if lang == "en" else "Entrée") in screen.form.tooltip()
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    assert app.settings.confirm_moves == "always"
    assert settings_store.load().settings.confirm_moves == "always"  # saved at once
