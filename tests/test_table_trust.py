"""Trusting the session (issue 16): what a player must be able to count on around the rules —
the log survives a resume, a stray key never skips the results, undo takes back only your own
moves, the table has a pause menu, every unfinished match can be continued."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import registry  # noqa: E402
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig  # noqa: E402
from game.records import MatchRecorder, RecordStore, UndoRefused  # noqa: E402
from scenes.table.log_panel import LogPanel  # noqa: E402
from tests.test_app_support import frame, key, make_app  # noqa: E402

JAGD = registry.load("jagdfieber")


def bots_match(seed: int = 12) -> Match:
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bot", BOT, "random", "easy"), SeatConfig("Bea", BOT, "random", "easy")]
    return Match(MatchConfig("jagdfieber", seats, seed=seed, options={"start_seat": 1}), threaded=False, think_seconds=0)


def test_resumed_match_keeps_its_whole_log(monkeypatch, tmp_path: Path) -> None:
    app = make_app(monkeypatch, tmp_path)
    match = bots_match()
    recorder = MatchRecorder(match, RecordStore())
    match.run_bots()
    match.submit(0, "play carrot")
    match.run_bots()
    expected = LogPanel(app, JAGD, ["Ann", "Bot", "Bea"], 0)
    expected.reset(recorder.timeline.events)
    assert len(expected.lines()) > 3
    assert app.continue_match() is True
    table = app.stack.top
    assert table.records.panel.lines() == expected.lines()
    app.pop()


@pytest.fixture
def results_app(monkeypatch, tmp_path):
    import scenes.app as app_module
    from tests.test_app_support import StandInTable

    monkeypatch.setitem(app_module.SCENES, "table", "tests.test_app_support:StandInTable")
    StandInTable.opened.clear()
    return make_app(monkeypatch, tmp_path)


def test_a_key_left_over_from_the_last_move_does_not_skip_the_results(results_app) -> None:
    from scenes.menu import MainMenuScene
    from scenes.results import ResultsScene
    from tests.test_app_support import StandInTable, finished_match

    app = results_app
    match = finished_match()
    scene = ResultsScene(app, match)
    app.push(scene)
    frame(app, key(pygame.K_RETURN))  # the Enter that played the last card
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.again.rect.center, button=1))
    assert app.stack.top is scene and not StandInTable.opened
    assert scene.form.focus is scene.menu
    for _ in range(60):
        frame(app)
    frame(app, key(pygame.K_RETURN))  # a deliberate Enter: the focused "Main menu"
    assert [type(s) for s in app.stack.scenes] == [MainMenuScene]


def test_hot_seat_undo_takes_back_only_your_own_moves() -> None:
    from game.engine.record import Record, SeatInfo
    from game.records import Timeline

    record = Record.new(JAGD, 3, 4, {"start_seat": 0}, [SeatInfo("Ann"), SeatInfo("Bob"), SeatInfo("Cyd")])
    tl = Timeline(record, JAGD, record.start_state(JAGD))
    tl.play(0, "play wolf")  # Ann's secret choice; Bob is now at the screen
    with pytest.raises(UndoRefused) as info:
        tl.undo(seat=1)
    assert info.value.key == "undo.not_yours"
    assert tl.record.actions == [(0, "play wolf")]
    tl.play(1, "play rabbit")
    assert tl.undo(seat=1).actions == [(1, "play rabbit")]  # his own move: taken back
    assert JAGD.has_text("undo.not_yours")


def test_hot_seat_table_refuses_ctrl_z_on_the_previous_players_choice(monkeypatch, tmp_path: Path) -> None:
    from tests.table_helpers import make_app as table_app
    from tests.table_helpers import make_table, settle

    app = table_app(tmp_path, monkeypatch)
    table = make_table(app, "hhb")
    match = table.match
    settle(app, table)
    frame(app, key(pygame.K_RETURN))  # Ana takes the screen
    assert table.viewer == 0
    assert table.submit("play wolf")
    settle(app, table)
    assert table.privacy_for == 1
    frame(app, key(pygame.K_RETURN))  # Bruno takes the screen
    assert table.viewer == 1
    frame(app, key(pygame.K_z, mod=pygame.KMOD_LCTRL))
    assert (0, "play wolf") in match.history
    assert table.captions[-1][:2] == (JAGD.text(app.settings.language, "undo.not_yours"), True)


def test_table_menu_opens_a_pause_menu_and_save_and_quit_goes_to_the_main_menu(monkeypatch, tmp_path: Path) -> None:
    from scenes.menu import MainMenuScene
    from scenes.pause import PauseScene
    from scenes.rules_screen import RulesScene
    from tests.table_helpers import make_table, mouse, settle

    app = make_app(monkeypatch, tmp_path)
    app.settings.extra["tours_seen"] = ["jagdfieber"]
    app.push(app.scene("setup"))
    table = make_table(app, "hbb")
    settle(app, table)
    button = next(b for b in table.buttons if b.action == "menu")
    frame(app, mouse("down", button.rect.center))
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and table in app.stack.scenes
    labels = [w.label() for w in pause.form.widgets()]
    assert labels == ["Reprendre", "Règles", "Réglages", "Enregistrer et quitter vers le menu"]
    frame(app, key(pygame.K_ESCAPE))  # Escape resumes
    assert app.stack.top is table
    frame(app, key(pygame.K_ESCAPE))  # Escape at the table opens the pause menu
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    pause.rules_button.activate()
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.game.value == "jagdfieber"
    app.pop()
    assert app.stack.top is pause
    pause.quit_button.activate()
    assert [type(s) for s in app.stack.scenes] == [MainMenuScene]
    assert RecordStore().latest_unfinished() is not None  # "Continue" brings it back
    assert table.match.bots_thinking() == []


def test_continue_lists_every_unfinished_match_newest_first_with_delete(monkeypatch, tmp_path: Path) -> None:
    import time

    from scenes.continue_list import ContinueScene
    from scenes.menu import MainMenuScene
    from scenes.table.scene import TableScene
    from tests.records_helpers import random_match

    app = make_app(monkeypatch, tmp_path)
    store = RecordStore()
    paths = []
    for seed in (1, 2, 3):
        record, state, _ = random_match(JAGD, 3, seed, max_actions=3 + seed, humans=1)
        paths.append(store.save(record, state))
        os.utime(paths[-1], (time.time() + seed, time.time() + seed))  # the third is the newest
    app.main_menu()
    menu = app.stack.top
    menu.continue_button.activate()
    scene = app.stack.top
    assert isinstance(scene, ContinueScene)
    assert [e.path for e in scene.entries] == paths[::-1]
    label = scene.rows[0].open.label()
    assert "Jagdfieber" in label and "P0" in label and "6 coups" in label
    # delete the newest, with a confirmation (keyboard: Right to its delete button, Enter, Enter)
    frame(app, key(pygame.K_RIGHT), key(pygame.K_RETURN))
    assert scene.confirming is not None and paths[2].exists()
    frame(app, key(pygame.K_ESCAPE))  # cancel keeps it
    assert scene.confirming is None and paths[2].exists()
    frame(app, key(pygame.K_RETURN))
    assert scene.confirm_form.focus is scene.cancel_button  # the safe choice has the focus
    frame(app, key(pygame.K_LEFT), key(pygame.K_RETURN))
    assert not paths[2].exists() and [e.path for e in scene.entries] == paths[1::-1]
    # the oldest match can be resumed, with the mouse
    target = scene.rows[1].open
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=target.rect.center, button=1))
    table = app.stack.top
    assert isinstance(table, TableScene) and len(table.match.history) == 4
    assert [type(s) for s in app.stack.scenes] == [MainMenuScene, TableScene]
    app.pop()


def test_setup_remembers_practice_undo_and_comes_back_at_the_top(monkeypatch, tmp_path: Path) -> None:
    import scenes.app as app_module
    from scenes.setup import SetupScene
    from tests.test_app_support import StandInTable

    monkeypatch.setitem(app_module.SCENES, "table", "tests.test_app_support:StandInTable")
    app = make_app(monkeypatch, tmp_path, size=(800, 480))
    setup = app.scene("setup", game_id="wolf_and_hound")  # its animal cards make a long form
    app.push(setup)
    frame(app)
    setup.practice.set_value(True)
    setup.form.scroll = 10_000
    setup.form._clamp_scroll()
    assert setup.form.scroll > 0  # the form is taller than the window: it scrolled
    setup.start()
    assert isinstance(app.stack.top, StandInTable)
    app.pop()  # back to the setup screen
    frame(app)
    assert setup.form.scroll == 0 and setup.form.focus is setup.game
    again = SetupScene(app)
    assert again.practice.value is True  # remembered, across restarts too (settings)


def _draws_in_a_second(app, monkeypatch) -> int:
    """How many times the app drew in 60 frames of 1/60 s without any input."""
    count = [0]
    real = app.draw
    monkeypatch.setattr(app, "draw", lambda: (count.__setitem__(0, count[0] + 1), real()))
    for _ in range(60):
        app.step(1 / 60, [])
    monkeypatch.setattr(app, "draw", real)
    return count[0]


def test_idle_screens_are_not_redrawn_sixty_times_a_second(monkeypatch, tmp_path: Path) -> None:
    from tests.table_helpers import make_table, settle

    app = make_app(monkeypatch, tmp_path)
    frame(app)
    assert _draws_in_a_second(app, monkeypatch) <= 3  # the main menu
    frame(app, key(pygame.K_DOWN))  # input redraws at once
    app.settings.extra["tours_seen"] = ["jagdfieber"]
    table = make_table(app, "hhb")  # hot-seat: the privacy screen first
    settle(app, table)
    assert table.privacy_for == 0
    assert _draws_in_a_second(app, monkeypatch) <= 3
    frame(app, key(pygame.K_RETURN))
    settle(app, table)
    assert table.active_seat() == 0  # a table waiting for a human
    assert _draws_in_a_second(app, monkeypatch) <= 3
    table.submit("play wolf")  # something moves: every frame is drawn again
    assert _draws_in_a_second(app, monkeypatch) >= 5


@pytest.mark.parametrize("players", [4, 3])
def test_wolf_and_hound_results_name_the_winning_team(results_app, players) -> None:
    from scenes.results import ResultsScene
    from tests.test_app_support import finished_match

    app = results_app
    match = finished_match(seed=7, players=players, game_id="wolf_and_hound")
    view = match.state.view(None)
    team = next(t for t, seats in view["teams"].items() if set(view["winners"]) & set(seats))
    scene = ResultsScene(app, match)
    app.push(scene)
    frame(app)
    words = {"blue": "bleue", "yellow": "jaune"}[team]
    assert scene.title().startswith(f"L'équipe {words} gagne")
    members = [match.config.seats[s].name for s in view["teams"][team] if s < players]
    assert all(name in scene.title() for name in members)
    app.set_language("en")
    assert scene.title().startswith(f"The {team} team wins")
    assert scene.again.label() == "Play again with the same seats"
