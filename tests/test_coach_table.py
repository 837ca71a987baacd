"""The coach at the table (scenes/table/coach.py): the Hint button and H ask it at the seat's
turn, it thinks without blocking the table, shows its move lit and one line of why, marks the
record, and is never shown to another player at the screen."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from tests.table_helpers import click, frames, key, make_app

FAST = {"iterations": 30, "seconds": None, "worlds": 8}


def silver_table(app, kinds: str = "hbbb", seed: int = 5, practice: bool = False):
    from scenes.table.scene import TableScene

    names = ["Ana", "Bruno", "Chloé", "Didier"]
    seats = [SeatConfig(names[i], HUMAN if k == "h" else BOT, "random") for i, k in enumerate(kinds)]
    config = MatchConfig("silver_amulet", seats, seed=seed, practice=practice)
    match = Match(config, think_seconds=0, threaded=False)
    match.coach_budget = dict(FAST)
    scene = TableScene(app, config, match)
    app.push(scene)
    return scene


def to_choice(app, scene, moves: int = 0, seat: int | None = None) -> int:
    """Frames (and some first moves of the human seats) until a human seat chooses among
    several moves at the screen; its seat."""
    played = 0
    for _ in range(3000):
        frames(app, 1, 0.05)
        if scene.privacy_for is not None or (scene.looks.looking is not None and not scene.animator.busy):
            frames(app, 1, events=[key(pygame.K_RETURN)])  # the pass screen, a look held (hot-seat)
            continue
        acting = scene.active_seat()
        if acting is None:
            continue
        actions = scene.seats.legal_texts(acting)
        if played >= moves and len(actions) > 1 and (seat is None or acting == seat):
            return acting
        scene.submit(actions[0])
        played += 1
    raise AssertionError("no choice came")


def wait_hint(app, scene) -> None:
    for _ in range(200):
        frames(app, 1, 0.05)
        if scene.coach.advice is not None and scene.coach.spots is not None:
            return
    raise AssertionError("the coach never answered")


def test_h_asks_the_coach_which_shows_its_move_lit_and_why(tmp_path: Path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = ["silver_amulet"]
    scene = silver_table(app)
    seat = to_choice(app, scene, moves=3)
    assert any(b.action == "coach" for b in scene.buttons)
    assert scene.handle(key(pygame.K_h))
    assert scene.coach.thinking  # asked: the table shows it thinking (drawn while it thinks)...
    assert scene.animating()
    scene.draw(app.screen)
    wait_hint(app, scene)
    advice = scene.coach.advice
    assert advice is not None and advice.seat == seat
    assert advice.move in scene.seats.legal_texts(seat)
    assert scene.coach.why and "coach." not in scene.coach.why and "{" not in scene.coach.why
    assert scene.coach.spots  # ...and lights the move
    recorder = scene.records.recorder
    recorder.writer.flush()
    saved = json.loads(recorder.store.autosave_path(recorder.record).read_text())
    assert saved["coached"] == [seat]
    frames(app, 1, events=[key(pygame.K_h)])  # H again hides it
    assert scene.coach.asked is None and scene.coach.advice is None


def test_the_hint_button_works_with_the_mouse_and_says_when_it_cannot(tmp_path: Path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = ["silver_amulet"]
    scene = silver_table(app)
    to_choice(app, scene, moves=2)
    button = next(b for b in scene.buttons if b.action == "coach")
    click(app, button.rect.center)
    wait_hint(app, scene)
    assert scene.coach.advice is not None
    scene.submit(scene.coach.advice.move)  # playing the move: the hint was for that decision
    assert scene.coach.asked is None
    frames(app, 2, 0.05)
    if scene.active_seat() is None:  # the bots' turn: the coach says when it answers
        frames(app, 1, events=[key(pygame.K_h)])
        assert scene.coach.asked is None
        said = {app.tr("coach.not_your_turn"), app.tr("coach.wait")}
        assert any(text in said and error for text, error, _ in scene.captions)


def test_moving_before_the_answer_drops_it(tmp_path: Path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = ["silver_amulet"]
    scene = silver_table(app)
    seat = to_choice(app, scene, moves=2)
    scene.coach.toggle()
    scene.coach.toggle()  # pressed again while it thinks: still the one hint on its way
    assert any(text == app.tr("coach.still_thinking") for text, _, _ in scene.captions)
    scene.submit(scene.seats.legal_texts(seat)[-1])  # played before the answer
    for _ in range(30):
        frames(app, 1, 0.05)
    assert scene.coach.advice is None and scene.coach.asked is None


def test_hot_seat_a_hint_is_shown_only_to_the_seat_that_asked(tmp_path: Path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = ["silver_amulet"]
    scene = silver_table(app, kinds="hhbb")
    seat = to_choice(app, scene, moves=1)
    frames(app, 1, events=[key(pygame.K_h)])
    wait_hint(app, scene)
    assert scene.viewer == seat
    scene.submit(scene.coach.advice.move)
    other = to_choice(app, scene, seat=1 - seat)
    assert scene.viewer == other
    assert scene.coach.asked is None and scene.coach.advice is None  # nothing of the first seat's hint
    recorder = scene.records.recorder
    assert recorder.record.coached == [seat]


def test_a_table_of_bots_offers_no_hint(tmp_path: Path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = silver_table(app, kinds="bbbb")
    frames(app, 3, 0.05)
    assert not any(b.action == "coach" for b in scene.buttons)
    frames(app, 1, events=[key(pygame.K_h)])
    assert scene.coach.asked is None


def test_an_undo_while_the_coach_thinks_forgets_the_hint(tmp_path: Path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = ["silver_amulet"]
    scene = silver_table(app, practice=True)  # undo across the cards drawn
    to_choice(app, scene, moves=4)
    assert scene.records.recorder.can_undo()
    step = scene.seats.step()
    scene.coach.toggle()
    assert scene.coach.asked is not None
    assert scene.records.undo()
    assert scene.seats.step() < step
    frames(app, 3, 0.05)
    assert scene.coach.asked is None and scene.coach.advice is None
