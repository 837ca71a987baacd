"""Input is never lost: keys, clicks and drags made while the table moves (the deal, a move, a
hunt's result) are kept and taken when the player's decision opens, or refused with a caption.
Real pygame events are posted to the event queue and read by the app, as in the main loop."""

from __future__ import annotations

import pygame

from game.engine.events import CardMoved, Note
from scenes.pause import PauseScene
from scenes.table.hold import Kept
from tests.table_helpers import frames, hand_card_center, key, make_app, make_table, mouse, settle
from tests.test_kill_the_unicorns_table_play import ana_last, own_button, submit_until, under
from tests.test_kill_the_unicorns_table_play import table as unicorns_table
from tests.test_table_marks import table


def post(app, *events: pygame.event.Event) -> None:
    """The events through SDL's queue, then one frame that reads them like the main loop."""
    pygame.event.clear()
    for event in events:
        pygame.event.post(event)
    app.step(1 / 60, pygame.event.get())


def silver_table(app):
    return table(app, "silver_amulet", seed=3)


def test_silver_opening_peeks_typed_during_the_deal_are_taken(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = silver_table(app)
    frames(app, 1)
    assert scene.animator.busy and scene.active_seat() is None  # the deal is being shown
    post(app, key(pygame.K_1), key(pygame.K_2))
    assert [k.event.key for k in scene.hold.kept] == [pygame.K_1, pygame.K_2]
    assert "1 2" in scene.hint()  # the HUD says what is kept
    settle(app, scene)
    assert (0, "peek 1 2") in scene.match.history


def test_unicorn_bids_typed_while_the_last_hunt_shows_are_taken(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = unicorns_table(app, ("princess", "knight", "huntress"), powers=False)
    submit_until(app, scene, "hunt", under(3))
    for value in (1, 4):
        post(app, key(getattr(pygame, f"K_{value}")))
    post(app, mouse("move", own_button(scene, "confirm").center))
    post(app, mouse("down", own_button(scene, "confirm").center), mouse("up", own_button(scene, "confirm").center))
    assert ana_last(scene) == "hunt 1 4"
    busy_seen = False
    for _ in range(1000):  # hunt 1's result is on the table: Ana already types hunt 2's bid (a pass)
        frames(app, 1, 0.02)
        step = scene.animator.current  # the hunt's result: the unicorn flies to Ana's collection
        if step is not None and any(isinstance(e, CardMoved) and e.to_zone == "collection" for e in step.events):
            busy_seen = True
            break
    assert busy_seen and scene.active_seat() is None
    post(app, key(pygame.K_p))
    assert scene.hold.kept
    for _ in range(3000):  # the pass is taken when hunt 2 opens
        frames(app, 1, 0.02)
        if ana_last(scene) == "pass":
            break
    assert ana_last(scene) == "pass" and scene.animator.busy  # nobody hunted: the token comes back
    post(app, *(key(k) for k in (pygame.K_0, pygame.K_2, pygame.K_3, pygame.K_RETURN)))
    settle(app, scene)
    assert ana_last(scene) == "hunt 0 2 3"


def test_a_card_dragged_while_the_table_moves_is_played_when_the_turn_opens(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "hbb")
    settle(app, scene)
    start = hand_card_center(scene, "rabbit")
    target = scene.placements.zone("play", 0).rect.center
    scene.animator.push([Note("x", None, ())])  # the table shows a step (a note) a moment
    frames(app, 1)
    assert scene.animator.busy
    post(app, mouse("move", start))
    post(app, mouse("down", start))
    post(app, mouse("move", ((start[0] + target[0]) // 2, (start[1] + target[1]) // 2)))
    assert scene.hold.pressed is not None and scene.hold.pressed.card == "rabbit"
    post(app, mouse("move", target))
    post(app, mouse("up", target))
    assert not any(seat == 0 for seat, _ in scene.match.history)  # not yet: the table moves
    settle(app, scene)
    assert any(seat == 0 and "rabbit" in text for seat, text in scene.match.history)


def test_kept_keys_are_cleared_by_escape_and_refused_aloud_when_they_no_longer_apply(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = silver_table(app)
    frames(app, 1)
    post(app, key(pygame.K_1))
    post(app, key(pygame.K_ESCAPE))  # one press: the kept keys go and the pause menu opens
    assert not scene.hold.kept
    text, error, _ = scene.captions[-1]
    assert error and text == app.tr("table.held_cleared")
    assert isinstance(app.stack.top, PauseScene)
    app.pop()
    settle(app, scene)
    assert not any(seat == 0 for seat, _ in scene.match.history)  # nothing was played
    # hot-seat: the screen passes to another player; what the last one typed is refused aloud
    scene.hold.kept.append(Kept(key(pygame.K_3)))
    scene.hold.owner = scene.viewer
    scene.viewer = None
    scene.hold.release()
    text, error, _ = scene.captions[-1]
    assert error and text == app.tr("table.held_dropped", count=1) and not scene.hold.kept


def test_hot_seat_keys_while_the_last_move_plays_are_refused_aloud(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "hhb")
    settle(app, scene)
    seat = scene.privacy_for
    scene.privacy_for, scene.viewer, scene.bottom = None, seat, seat
    assert scene.submit(str(scene.match.state.legal_actions(seat)[0]))
    scene.animator.push([Note("x", None, ())])
    frames(app, 1)
    assert scene.viewer is None and scene.animator.busy
    scene.captions.clear()
    post(app, key(pygame.K_1))
    text, error, _ = scene.captions[-1]
    assert error and text == app.tr("table.wait_animation")


def test_one_escape_opens_the_pause_menu_while_the_table_moves_whatever_was_picked(tmp_path, monkeypatch) -> None:
    """Escape once cleared the kept keys, once the picked card, once more the choice: three
    presses for the menu. One press opens it while the table moves."""
    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "hbb")
    settle(app, scene)
    scene.input.selected = 0  # a card picked up (a choice in progress)
    scene.animator.push([Note("x", None, ())])
    frames(app, 1)
    assert scene.animator.busy and not scene.hold.kept
    post(app, key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, PauseScene)


def test_the_hud_names_enter_and_other_keys_that_type_no_character(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = silver_table(app)
    frames(app, 1)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40)
    four = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_4, mod=0, unicode="4", scancode=33)
    post(app, four, enter, four, enter, key(pygame.K_BACKSPACE))
    assert scene.hold.words() == "4 ⏎ 4 ⏎ ⌫"
    assert "?" not in scene.hint()
