"""The scene contract and the scene stack (see STYLE.md example 9).

A scene draws and reads input; it never holds a rule. `draw` never changes state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame


class Scene:
    """One screen. The stack calls enter/exit when pushed/popped, pause/resume when covered."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def handle(self, event: pygame.event.Event) -> bool:
        """Return True when the event was consumed."""
        return False

    def update(self, dt: float) -> None: ...

    def animating(self) -> bool:
        """True while the scene changes by itself (animations, computer players, timers): the
        app then draws every frame. Otherwise it draws after input and twice a second only, so
        a menu or a table waiting for a human costs next to nothing."""
        return False

    def draw(self, surface: pygame.Surface) -> None: ...

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size; recompute layouts."""


class SceneStack:
    """A stack of scenes: only the top one receives input and updates."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene (the one below is not resumed in between)."""
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def close(self) -> None:
        """Exit every scene, top first (the app ends: a table flushes its autosave and ends its
        bots' process). A scene whose exit fails does not keep the others open."""
        while self.scenes:
            scene = self.scenes.pop()
            try:
                scene.exit()
            except Exception:  # noqa: BLE001 - logged; the other scenes still close
                import logging

                logging.getLogger("tablee").exception("closing %s failed", type(scene).__name__)

    def clear_to(self, scene: Scene) -> None:
        """Exit every scene and start over with `scene` (back to the main menu)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)
