"""The App: the window, the main loop, the scene stack, settings, texts, fonts and sounds.

Every scene receives the App and reaches everything shared through it (`app.tr`, `app.font`,
`app.play_sound`, `app.push`...). Scenes are registered explicitly in SCENES (no folder scanning);
their modules are imported only when first opened, which keeps the cold start short.
"""

from __future__ import annotations

import importlib
import os
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from game import applog, paths, userfiles
from game.resources import asset_path
from scenes import settings_store
from scenes.base import Scene, SceneStack
from scenes.i18n import LANGUAGES, Translator
from scenes.settings_store import Settings
from scenes.sound import SoundBank
from scenes.ui import theme
from scenes.ui.text import SafeFont, draw_text, wrap_text

FPS = 60
IDLE_REDRAW_SECONDS = 0.5  # a screen with nothing moving is still drawn this often (a caret, a banner's end)
BASE_SIZE = (1280, 720)  # ui_scale() == 1 at this window size
MIN_SIZE = (800, 480)
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
NO_WINDOW_DRIVERS = ("dummy", "offscreen")  # SDL video drivers that show nothing on screen

# name -> "module:Class". Every scene the app can open, in one place.
SCENES: dict[str, str] = {
    "menu": "scenes.menu:MainMenuScene",
    "setup": "scenes.setup:SetupScene",
    "settings": "scenes.settings:SettingsScene",
    "about": "scenes.about:AboutScene",
    "rules": "scenes.rules_screen:RulesScene",
    "learn": "scenes.lessons:LearnScene",
    "gallery": "scenes.gallery:GalleryScene",
    "results": "scenes.results:ResultsScene",
    "score_sheet": "scenes.results:ScoreSheetScene",
    "table": "scenes.table.scene:TableScene",
    "pause": "scenes.pause:PauseScene",
    "history": "scenes.history:HistoryScene",
    "statistics": "scenes.statistics:StatisticsScene",
    "continue": "scenes.continue_list:ContinueScene",
    "replay": "scenes.replay:ReplayScene",
    "join": "scenes.net_join:JoinScene",
}


class MatchResumer(Protocol):
    """What the match-records layer plugs into `App.resumer` to make "Continue" work."""

    def can_resume(self) -> bool: ...

    def resume(self, app: App) -> bool: ...


@dataclass
class Notice:
    text: str
    until: float  # seconds of app time
    error: bool = False


def _records_resumer() -> MatchResumer:
    """"Continue" resumes the newest unfinished autosave (scenes/replay.py, game/records.py)."""
    from scenes.replay import RecordsResumer

    return RecordsResumer()


def _name_the_window() -> None:
    """The window's class (X11) and app id (Wayland) are the desktop entry's name, so the dock
    and the task bar show the entry's name and icon for the window (StartupWMClass)."""
    from game.desktop import APP_ID

    pygame_default = os.path.basename(sys.argv[0]) if sys.argv else ""  # what `import pygame` sets on X11
    for variable in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        if os.environ.get(variable, "") in ("", pygame_default):  # a value of the user's own is kept
            os.environ[variable] = APP_ID


class App:
    """The running application (one per process; tests create several headless ones)."""

    def __init__(self, size: tuple[int, int] | None = BASE_SIZE, headless: bool = False) -> None:
        self.headless = headless
        loaded = settings_store.load()
        self.settings: Settings = loaded.settings
        self.translator = Translator(self.settings.language)
        self.notices: list[Notice] = []
        self.time = 0.0
        self.running = False
        self.resumer: MatchResumer | None = _records_resumer()
        self.dirty = True  # draw at the next frame (input, a scene change, a resize)
        self.draws = 0  # frames actually drawn (`bench` measures idle screens with it)
        self._since_draw = 0.0
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        _name_the_window()
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Tablée")
        self._set_icon()
        if size is not None:
            self.settings.window_size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.screen: pygame.Surface = self._set_mode()
        self._log_video_driver()
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.sounds = SoundBank()
        self.sounds.start()
        if loaded.problem is not None:
            moved = str(loaded.moved_to) if loaded.moved_to else ""
            message = "settings.partly_damaged" if loaded.partial else "settings.corrupt"
            self.notify(self.tr(message, problem=loaded.problem, moved=moved), seconds=20, error=True)
        self._report_file_problems()

    def _log_video_driver(self) -> None:
        """The log says which SDL video driver draws, and warns when no window can be seen."""
        driver = pygame.display.get_driver()
        if driver in NO_WINDOW_DRIVERS and not self.headless:
            applog.log.warning(
                "SDL fell back to its '%s' video driver: nothing is shown on screen (SDL_VIDEODRIVER=%s)",
                driver, os.environ.get("SDL_VIDEODRIVER", "unset"),
            )
        else:
            applog.log.info("SDL video driver '%s'%s", driver, " (headless)" if self.headless else "")

    def crash_dialog(self, log_file: Any) -> None:
        """Tell the player, in a dialog over the window, that the program stopped and where the
        log is (the crash hook calls it; nothing when no window can be seen)."""
        if self.headless or not pygame.display.get_init() or pygame.display.get_driver() in NO_WINDOW_DRIVERS:
            return
        body = self.tr("crash.body", path=str(log_file)) if log_file else self.tr("crash.no_log")
        pygame.display.message_box(self.tr("crash.title"), body, message_type="error", buttons=(self.tr("common.close"),))

    def _report_file_problems(self) -> None:
        """Start-up checks of the player's folders and the app's texts: shown, never fatal.
        Temporary files of writes killed mid-way (a crash, a power cut) are removed first."""
        userfiles.remove_leftovers()
        for kind, problem in paths.unusable_folders():  # which folder, and what will not be saved
            self.notify(self.tr(f"files.folder_unusable_{kind}", problem=problem), seconds=30, error=True)
        self.translator.table(self.translator.language)
        from game import languages

        for problem in (*languages.problems(), *self.translator.problems):
            self.notify(self.tr("files.locale_damaged", problem=problem), seconds=20, error=True)

    # ------------------------------------------------------------------ window
    @staticmethod
    def _set_icon() -> None:
        """The window's icon (the same picture as the menu's and the executable's); a missing
        file is no error."""
        from game.desktop import icon_file

        path = icon_file(256)
        if path.exists():
            try:
                pygame.display.set_icon(pygame.image.load(str(path)))
            except pygame.error:
                return

    def _set_mode(self) -> pygame.Surface:
        if self.settings.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.settings.fullscreen = False
        return pygame.display.set_mode(self.settings.window_size, pygame.RESIZABLE)

    def apply_window(self) -> None:
        """Re-open the window after a change of size or fullscreen in the settings."""
        self.screen = self._set_mode()
        self._relayout()

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.apply_window()
        self.save_settings()

    def _on_resize(self) -> None:
        surface = pygame.display.get_surface()
        if surface is None:
            return
        self.screen = surface
        if not self.settings.fullscreen:
            w, h = surface.get_size()
            self.settings.window_size = (max(MIN_SIZE[0], w), max(MIN_SIZE[1], h))
        self._relayout()

    def relayout(self) -> None:
        """Every scene lays itself out again (the text size changed)."""
        self._relayout()

    def _relayout(self) -> None:
        """Every scene recomputes its layout (window size or language changed)."""
        self.dirty = True
        self._fonts.clear()
        size = self.screen.get_size()
        for scene in self.stack.scenes:
            scene.resize(size)

    def ui_scale(self) -> float:
        """1.0 at 1280x720; layouts and fonts multiply their base sizes by it (0.6 .. 4)."""
        w, h = self.screen.get_size()
        return max(0.6, min(4.0, min(w / BASE_SIZE[0], h / BASE_SIZE[1])))

    def px(self, value: float) -> int:
        """A base size (at 1280x720) in pixels for the current window."""
        return max(1, round(value * self.ui_scale()))

    def tx(self, value: float) -> int:
        """A base text size in pixels: the window's scale times the player's text size."""
        return max(1, round(value * self.ui_scale() * float(self.settings.text_size)))

    # ------------------------------------------------------------------ text, fonts, sounds
    def tr(self, key: str, **params: Any) -> str:
        """UI text in the current language (assets/locale/<lang>/*.yaml)."""
        return self.translator(key, **params)

    def tr_count(self, key: str, count: int, **params: Any) -> str:
        """UI text that agrees with a number: "key.one" / "key.other" ("1 point", "2 points")."""
        return self.translator.plural(key, count, **params)

    def shown_name(self, name: str, seat: int | None = None) -> str:
        """A seat's name as shown. Matches saved by older versions named the first human seat
        "Vous" / "You", which reads wrong in a sentence about that seat ("Vous pioche"): it is
        shown as the seat's number ("Joueur 1"), in the current language."""
        if name in self.translator.all_forms("setup.you"):
            return self.tr("setup.player", number=(seat or 0) + 1)
        return name

    def game_text(self, rules: Any, key: str, **params: Any) -> str:
        """A game's own text (its YAML) in the current language."""
        return rules.text(self.settings.language, key, **params)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The bundled font at `size` pixels (cached). Use app.px(base) to scale a base size."""
        size = max(6, int(size))
        font = self._fonts.get((size, bold))
        if font is None:
            font = self._fonts[(size, bold)] = SafeFont(str(asset_path("fonts", FONT_FILES[bold])), size)
        return font

    def play_sound(self, name: str) -> None:
        """'deal' | 'reveal' | 'capture' | 'score'; silent when sound is off or no device exists."""
        if self.settings.sound:
            self.sounds.play(name)

    def set_language(self, lang: str) -> None:
        """Switch the UI language now: every scene lays itself out again with the new texts."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language '{lang}' (languages: {', '.join(LANGUAGES)})")
        self.settings.language = lang
        self.translator.set_language(lang)
        self._relayout()

    def save_settings(self) -> None:
        problem = settings_store.save(self.settings)
        if problem is not None:
            self.notify(self.tr("settings.save_failed", problem=problem), seconds=10, error=True)

    def notify(self, text: str, seconds: float = 6.0, error: bool = False) -> None:
        """A banner at the top of the window (errors, confirmations); a click dismisses it."""
        self.notices.append(Notice(text, self.time + seconds, error))
        self.dirty = True

    # ------------------------------------------------------------------ scenes
    def scene(self, name: str, **kwargs: Any) -> Scene:
        """A new instance of a registered scene."""
        if name not in SCENES:
            raise KeyError(f"unknown scene '{name}' (scenes: {', '.join(SCENES)})")
        module_name, _, class_name = SCENES[name].partition(":")
        cls: Callable[..., Scene] = getattr(importlib.import_module(module_name), class_name)
        return cls(self, **kwargs)

    def push(self, scene: Scene) -> None:
        self.dirty = True
        self.stack.push(scene)
        scene.resize(self.screen.get_size())

    def pop(self) -> Scene | None:
        self.dirty = True
        scene = self.stack.pop()
        if not self.stack.scenes:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> None:
        self.dirty = True
        self.stack.replace(scene)
        scene.resize(self.screen.get_size())

    def clear_to(self, scene: Scene) -> None:
        self.dirty = True
        self.stack.clear_to(scene)
        scene.resize(self.screen.get_size())

    def main_menu(self) -> None:
        """Back to the main menu, closing everything above it."""
        self.clear_to(self.scene("menu"))

    # ------------------------------------------------------------------ continue
    def can_continue(self) -> bool:
        """True when an unfinished match was saved and can be resumed (needs match records)."""
        return self.resumer is not None and self.resumer.can_resume()

    def choose_match(self) -> None:
        """"Continue" on the menu: the list of unfinished matches when the resumer offers one,
        else straight back to the last match."""
        choose = getattr(self.resumer, "choose", None)
        if choose is not None and self.can_continue():
            choose(self)
        else:
            self.continue_match()

    def continue_match(self) -> bool:
        """Resume the last unfinished match; says so on screen and returns False when there is none."""
        if self.resumer is None or not self.resumer.can_resume():
            self.notify(self.tr("menu.continue_none"))
            return False
        return self.resumer.resume(self)

    # ------------------------------------------------------------------ loop
    def quit(self) -> None:
        self.running = False

    def _global_event(self, event: pygame.event.Event) -> bool:
        """Events the app handles whatever the scene: quit, resize, fullscreen, banners."""
        if event.type == pygame.QUIT:
            self.quit()
            return True
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._on_resize()
            return False
        if event.type == pygame.KEYDOWN and (
            event.key == pygame.K_F11 or (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and event.mod & pygame.KMOD_ALT)
        ):
            self.toggle_fullscreen()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for notice, rect in zip(self.notices, self._notice_rects(), strict=False):
                if rect.collidepoint(event.pos):
                    self.notices.remove(notice)
                    return True
        return False

    def _animating(self) -> bool:
        top = self.stack.top  # only the top scene updates: a scene under an overlay stands still
        return top is not None and top.animating()

    def step(self, dt: float, events: list[pygame.event.Event]) -> None:
        """One frame: events to the top scene, update it, and draw the visible scenes and flip
        when something may have changed (input, a scene that animates), else twice a second."""
        self.time += dt
        self._since_draw += dt
        moving = self._animating()
        if events:
            self.dirty = True
        for event in events:
            if self._global_event(event):
                continue
            top = self.stack.top
            if top is not None:
                top.handle(event)
        top = self.stack.top
        if top is not None:
            top.update(dt)
        kept = [n for n in self.notices if n.until > self.time]
        if len(kept) != len(self.notices):
            self.notices, self.dirty = kept, True
        if self.dirty or moving or self._animating() or self._since_draw >= IDLE_REDRAW_SECONDS:
            self.draw()
            pygame.display.flip()
            self.dirty, self._since_draw = False, 0.0
            self.draws += 1

    def draw(self) -> None:
        """Draw from the highest opaque scene up (overlays set `opaque = False`)."""
        self.screen.fill(theme.BACKGROUND)
        scenes = self.stack.scenes
        first = 0
        for i in range(len(scenes) - 1, -1, -1):
            if getattr(scenes[i], "opaque", True):
                first = i
                break
        for scene in scenes[first:]:
            scene.draw(self.screen)
        self._draw_notices()

    def _notice_rects(self) -> list[pygame.Rect]:
        rects, y = [], self.px(8)
        font = self.font(self.px(theme.SMALL_SIZE))
        width = min(self.screen.get_width() - self.px(40), self.px(900))
        for notice in self.notices:
            lines = wrap_text(font, notice.text, width - self.px(24))
            height = len(lines) * font.get_linesize() + self.px(16)
            rects.append(pygame.Rect((self.screen.get_width() - width) // 2, y, width, height))
            y += height + self.px(6)
        return rects

    def _draw_notices(self) -> None:
        font = self.font(self.px(theme.SMALL_SIZE))
        for notice, rect in zip(self.notices, self._notice_rects(), strict=True):
            pygame.draw.rect(self.screen, theme.ERROR_BG if notice.error else theme.NOTICE_BG, rect, border_radius=self.px(6))
            y = rect.y + self.px(8)
            for line in wrap_text(font, notice.text, rect.width - self.px(24)):
                draw_text(self.screen, font, line, theme.ERROR_TEXT if notice.error else theme.TEXT, (rect.x + self.px(12), y))
                y += font.get_linesize()

    def run(self, max_frames: int | None = None) -> None:
        """The main loop at up to 60 frames per second, until quit (or `max_frames`)."""
        self.running = True
        frames = 0
        while self.running and self.stack.scenes and (max_frames is None or frames < max_frames):
            dt = self.clock.tick(FPS) / 1000.0
            self.step(min(dt, 0.1), pygame.event.get())
            frames += 1
        self.save_settings()


def create_app(size: tuple[int, int] | None = BASE_SIZE, headless: bool = False) -> App:
    """A ready App. headless: SDL's dummy video and audio drivers (tests, `demo`, CI).

    size=None opens the window at the size saved in the settings.
    """
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    # SDL would turn SIGTERM into a quit event that only a running main loop reads (a test
    # process, a window busy loading would never stop): Python's handling stays (run_app's).
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
    return App(size=size, headless=headless)


def run_app(resume: bool = False) -> int:
    """`python main.py` with no command: open the window on the main menu
    (`--resume`: straight back to the last unfinished match, as "Continue" does)."""
    try:
        app = create_app(size=None)
    except pygame.error as exc:
        print(f"Tablée cannot open a window: {exc}", file=sys.stderr)
        return 1
    applog.set_notifier(app.crash_dialog)  # a crash from here on is also told in a dialog
    terminated, before = quit_on_sigterm(app)
    try:
        app.clear_to(app.scene("menu"))
        if resume:
            app.continue_match()
        app.run()
    finally:
        app.stack.close()  # every path out: the table's autosave is written, its bots end
        applog.set_notifier(None)
        if before is not None:
            signal.signal(signal.SIGTERM, before)
    pygame.quit()
    if terminated:
        applog.log.info("stopped by SIGTERM: the match was saved")
        return TERMINATED_STATUS
    return 0


TERMINATED_STATUS = 128 + 15  # as a shell reports a process ended by SIGTERM


def quit_on_sigterm(app: App) -> tuple[list[int], Any]:
    """SIGTERM (a logout, `kill`, a service manager) ends the app as closing its window does,
    at the end of the frame: scenes exit, so the autosave is flushed and the bots' process ends.
    Returns the list that gets the signal's number once it came, and the handler it replaced
    (None: none installed). SDL's own handler, which would only queue a quit event, is off (see
    create_app)."""
    came: list[int] = []
    if not hasattr(signal, "SIGTERM"):
        return came, None

    def on_term(signum: int, _frame: Any) -> None:
        came.append(signum)
        app.quit()

    try:
        return came, signal.signal(signal.SIGTERM, on_term)
    except ValueError:  # not the main thread: nothing to install
        return came, None


# Each prints the wall clock (time.time(), the same clock as the launching process) when done,
# and for the app also the seconds from its first import to its first frame.
_COLD_START = (
    "import time; t = time.perf_counter(); from scenes.app import create_app; "
    "app = create_app(headless=True); app.clear_to(app.scene('menu')); app.step(0.0, []); "
    "print(time.perf_counter() - t); print(time.time())"
)
_IMPORT_PYGAME = "import time; import pygame; print(time.time())"


def bench_cold_start(runs: int = 5) -> dict[str, float | None]:
    """Seconds from launching Python to the first drawn main-menu frame (best of `runs`), and
    the same for a bare `python -c "import pygame"`, launched the same way, as the yardstick.

    Measured in fresh processes (headless, settings in a temporary folder); from launch to the
    child's own time stamp, so the child's exit (closing the audio device) is not counted."""
    import subprocess
    import tempfile
    import time

    from game.resources import app_root

    if getattr(sys, "frozen", False):  # a frozen program cannot run `python -c`
        return {"cold_start_s": None, "app_init_s": None, "import_pygame_s": None, "ratio": None}

    def launch(code: str, env: dict[str, str]) -> tuple[float, list[str]]:
        start = time.time()
        out = subprocess.run([sys.executable, "-c", code], cwd=app_root(), env=env, capture_output=True, text=True, check=True)
        lines = out.stdout.strip().splitlines()
        return float(lines[-1]) - start, lines

    best_total = best_inside = best_pygame = float("inf")
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "TABLEE_HOME": home, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        for _ in range(runs):  # interleaved, so a busy moment weighs on both alike
            total, lines = launch(_COLD_START, env)
            best_total, best_inside = min(best_total, total), min(best_inside, float(lines[-2]))
            best_pygame = min(best_pygame, launch(_IMPORT_PYGAME, env)[0])
    return {"cold_start_s": round(best_total, 3), "app_init_s": round(best_inside, 3),
            "import_pygame_s": round(best_pygame, 3), "ratio": round(best_total / best_pygame, 2)}
