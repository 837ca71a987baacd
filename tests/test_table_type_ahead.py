"""Keys typed ahead never cross a boundary: the end of a round, day or match, a hot-seat pass
screen, the score sheet or the results. What the table kept is dropped aloud at the scoring, and
a summary stays until a key or click made once it is on screen (scenes/ui/guard.py)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from scenes.menu import MainMenuScene
from scenes.results import ResultsScene, ScoreSheetScene
from tests.table_helpers import frames, key, make_app, make_table, settle

BOUNDARY_STEPS = {"tally", "score", "chapter", "game_over"}  # a round, day or match ends or begins


def typed(k: int, text: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0)


def coming_boundary(scene) -> bool:
    """A boundary step waits in the queue behind the step being shown."""
    current = scene.animator.current
    queue = scene.animator.queue
    return (current is not None and current.kind not in BOUNDARY_STEPS and current.progress < 0.5
            and bool(queue) and queue[0].kind not in BOUNDARY_STEPS and any(s.kind in BOUNDARY_STEPS for s in queue))


def bot_table(app, game: str, kinds: str, options: dict):
    from scenes.table.scene import TableScene

    seats = [SeatConfig(f"P{i + 1}", HUMAN if k == "h" else BOT) for i, k in enumerate(kinds)]
    config = MatchConfig(game, seats, seed=5, options={"start_seat": 0, **options})
    scene = TableScene(app, config, Match(config, think_seconds=0.0, threaded=False))
    app.push(scene)
    return scene


@pytest.mark.parametrize(("game", "kinds", "options"), [
    ("jagdfieber", "hbb", {}), ("fish_fish", "hbb", {}), ("wolf_and_hound", "hbbb", {"best_of": 5}),
    ("silver_amulet", "hbb", {}), ("kill_the_unicorns", "hbb", {}),
])
def test_keys_typed_while_a_round_ends_are_dropped_at_its_boundary(game, kinds, options, tmp_path, monkeypatch) -> None:
    """Jagdfieber: "1 Enter" typed in the last round of day 1 played a card in day 2 before the
    day's scores were seen; Fish Fish did the same across a round."""
    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = [game]
    scene = bot_table(app, game, kinds, options)
    for _ in range(40000):
        frames(app, 1, 0.05)
        if isinstance(app.stack.top, ScoreSheetScene):
            app.pop()
        seat = scene.active_seat()
        if seat is not None:
            scene.submit(str(scene.match.state.legal_actions(seat)[0]))
        elif coming_boundary(scene) and scene.viewer == 0:
            break
    else:
        raise AssertionError("no boundary came")
    frames(app, 1, 0.0, events=[typed(pygame.K_1, "1"), typed(pygame.K_RETURN, "\r")])
    assert len(scene.hold.kept) == 2  # typed ahead while the last moves play: kept for now
    played = sum(1 for s, _ in scene.match.history if s == 0)
    while scene.animator.current is None or scene.animator.current.kind not in BOUNDARY_STEPS:
        frames(app, 1, 0.05)
    assert not scene.hold.kept  # the round ends: nothing typed for it goes on
    assert any(err and text == app.tr_count("table.held_boundary", 2) for text, err, _ in scene.captions)
    for _ in range(4000):
        frames(app, 1, 0.05)
        if isinstance(app.stack.top, ScoreSheetScene):
            app.pop()
        if scene.active_seat() == 0 or scene.match.is_over():
            break
    frames(app, 5, 0.05)
    assert sum(1 for s, _ in scene.match.history if s == 0) == played  # never played in the next round


def finished_match(game: str = "wolf_and_hound", players: int = 4) -> Match:
    seats = [SeatConfig("Ana", HUMAN)] + [SeatConfig(f"Bot {i}", BOT) for i in range(1, players)]
    match = Match(MatchConfig(game, seats, seed=2), threaded=False, think_seconds=0)
    rng = random.Random(3)
    state = match.state
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return match


def test_the_results_stay_while_the_player_is_still_typing_for_the_table(tmp_path, monkeypatch) -> None:
    """Wolf & Hound: queued keys dismissed the results and dropped the player at the main menu
    without showing who won."""
    app = make_app(tmp_path, monkeypatch)
    app.push(ResultsScene(app, finished_match()))
    for _ in range(12):  # "1 Enter 1 Enter…" typed on, a key every 0.2 s for 2.4 s
        frames(app, 4, 0.05)
        frames(app, 1, 0.0, events=[typed(pygame.K_RETURN, "\r")])
        assert isinstance(app.stack.top, ResultsScene)
    frames(app, 12, 0.05)  # the typing stops: the player reads who won
    frames(app, 1, events=[typed(pygame.K_RETURN, "\r")])  # then leaves (Main menu has the focus)
    assert isinstance(app.stack.top, MainMenuScene)


def test_a_click_made_before_the_results_appeared_does_not_end_on_them() -> None:
    from scenes.ui.guard import InputGuard

    guard = InputGuard()
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)
    assert guard.blocks(down)
    guard.update(2.0)
    assert guard.open and guard.blocks(up)  # the release of a press made before: ignored
    assert not guard.blocks(down) and not guard.blocks(up)  # a whole click made now: taken


def test_the_pass_screen_takes_no_key_typed_by_the_last_player(tmp_path, monkeypatch) -> None:
    """Hot-seat: the Enter or Space the last player typed on must not show the next hand."""
    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "hhb")
    for _ in range(3000):
        frames(app, 1, 0.05)
        if scene.privacy_for is not None:
            break
    assert scene.privacy_for == 0
    for k in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_RETURN):
        frames(app, 1, 0.1, events=[typed(k)])
        assert scene.privacy_for == 0 and scene.viewer is None  # nobody's hand is shown
    frames(app, 12, 0.05)  # Ana comes to the screen
    frames(app, 1, events=[key(pygame.K_RETURN)])
    assert scene.privacy_for is None and scene.viewer == 0
    settle(app, scene)
