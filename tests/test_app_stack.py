"""The scene stack and the App's loop: enter/exit/pause/resume order, layouts, overlays, quitting."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from scenes.base import Scene, SceneStack
from tests.test_app_support import click, frame, key, make_app


class Recorder(Scene):
    def __init__(self, app: Any, name: str, log: list[str], opaque: bool = True) -> None:
        super().__init__(app)
        self.name, self.log, self.opaque = name, log, opaque
        self.sizes: list[tuple[int, int]] = []
        self.events: list[int] = []
        self.updates = 0

    def enter(self) -> None:
        self.log.append(f"{self.name}.enter")

    def exit(self) -> None:
        self.log.append(f"{self.name}.exit")

    def pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def resume(self) -> None:
        self.log.append(f"{self.name}.resume")

    def handle(self, event: pygame.event.Event) -> bool:
        self.events.append(event.type)
        return True

    def update(self, dt: float) -> None:
        self.updates += 1

    def resize(self, size: tuple[int, int]) -> None:
        self.sizes.append(size)

    def draw(self, surface: pygame.Surface) -> None:
        self.log.append(f"{self.name}.draw")


def test_stack_calls_enter_exit_pause_resume_in_order() -> None:
    log: list[str] = []
    stack = SceneStack()
    a, b, c = (Recorder(None, n, log) for n in "abc")
    stack.push(a)
    stack.push(b)
    stack.replace(c)
    stack.pop()
    stack.clear_to(b)
    assert log == [
        "a.enter",
        "a.pause", "b.enter",
        "b.exit", "c.enter",  # replace: the scene below is not resumed in between
        "c.exit", "a.resume",
        "a.exit", "b.enter",
    ]  # fmt: skip
    assert stack.top is b and stack.pop() is b and stack.pop() is None


def test_app_lays_out_pushed_scenes_and_only_the_top_one_gets_input(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    log: list[str] = []
    below, top = Recorder(app, "below", log), Recorder(app, "top", log)
    app.push(below)
    app.push(top)
    assert below.sizes == [(1280, 720)] and top.sizes == [(1280, 720)]
    frame(app, key(pygame.K_a))
    assert top.events == [pygame.KEYDOWN] and below.events == []
    assert top.updates == 1 and below.updates == 0
    # An opaque top scene hides the others: only it is drawn.
    assert log[-1] == "top.draw" and "below.draw" not in log


def test_overlay_scenes_draw_over_the_scene_below(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    log: list[str] = []
    app.push(Recorder(app, "table", log))
    app.push(Recorder(app, "overlay", log, opaque=False))
    frame(app)
    assert [e for e in log if e.endswith("draw")] == ["table.draw", "overlay.draw"]


def test_resize_and_language_change_relayout_every_scene(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    scene = Recorder(app, "s", [])
    app.push(scene)
    pygame.display.set_mode((1024, 600), pygame.RESIZABLE)
    frame(app, pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 600), w=1024, h=600))
    assert scene.sizes[-1] == (1024, 600)
    assert app.settings.window_size == (1024, 600)
    assert abs(app.ui_scale() - 0.8) < 1e-9
    app.set_language("en")
    assert len(scene.sizes) == 3


def test_ui_scale_spans_small_windows_to_4k(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path, size=(3840, 2160))
    assert app.ui_scale() == 3.0 and app.px(10) == 30
    assert app.font(app.px(20)).get_height() > app.font(20).get_height() * 2


def test_quit_event_and_popping_the_last_scene_stop_the_loop(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    app.running = True
    frame(app, pygame.event.Event(pygame.QUIT))
    assert not app.running
    app.running = True
    app.pop()
    assert not app.running and app.stack.top is None


def test_run_stops_after_max_frames_and_saves_the_settings(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    app.run(max_frames=3)
    assert (tmp_path / "home" / "config" / "settings.json").exists()


def test_notices_show_and_a_click_dismisses_them(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    app.notify("Hello", seconds=30)
    frame(app)
    rect = app._notice_rects()[0]
    frame(app, *click(rect.center))
    assert app.notices == []


def test_fullscreen_toggles_with_f11_and_back(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    frame(app, key(pygame.K_F11))
    assert app.settings.fullscreen
    frame(app, key(pygame.K_F11))
    assert not app.settings.fullscreen
    assert app.screen.get_size() == (1280, 720)


def test_registered_scenes_open_by_name(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    for name in ("menu", "setup", "settings", "rules"):
        scene = app.scene(name)
        assert type(scene).__module__.startswith("scenes.")
    with pytest.raises(KeyError, match="unknown scene 'nowhere'"):
        app.scene("nowhere")


def test_main_without_a_command_opens_the_app_on_the_main_menu(monkeypatch, tmp_path) -> None:
    import main
    from scenes.app import App

    monkeypatch.setenv("TABLEE_HOME", str(tmp_path / "home"))
    seen: list[str] = []
    run = App.run

    def two_frames(self, max_frames=None) -> None:
        run(self, max_frames=2)
        seen.append(type(self.stack.top).__name__)

    monkeypatch.setattr(App, "run", two_frames)
    assert main.main([]) == 0
    assert seen == ["MainMenuScene"]
    assert (tmp_path / "home" / "config" / "settings.json").exists()
