"""Player settings, persisted as JSON in the user's config folder.

A missing file means defaults. A damaged file (wrong JSON, wrong shape, values out of range,
too large, a folder or a pipe in its place) must never stop the app: it is moved aside
(settings.bad-<time>.json, so nothing the player wrote is lost), and the caller gets a message
to show on screen. A file that reads but holds a wrong value keeps every good one: only the
wrong values take their defaults; otherwise defaults are used.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game import paths, userfiles
from game.textclean import clean_name
from scenes.i18n import DEFAULT_LANGUAGE, LANGUAGES, system_language

FILE_NAME = "settings.json"
ANIMATION_SPEEDS = (0.25, 0.5, 1.0, 1.5, 2.0, 4.0)
WINDOW_SIZES = ((1024, 600), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
MIN_WINDOW = (800, 480)  # scenes.app.MIN_SIZE
MAX_WINDOW = (7680, 4320)  # 8K: anything larger is an edited file, not a screen
MAX_BYTES = 1_000_000
MAX_EXTRA_DEPTH = 12  # `extra` holds small records of other screens (the last setup)
TEXT_SIZES = (0.85, 1.0, 1.15, 1.3, 1.5)  # the text's size, times the window's scale
KEEP_MATCHES = (0, 1000, 500, 200, 100)  # History's "keep the latest N matches" (0: all)
MAX_KEEP = 1_000_000


class SettingsError(ValueError):
    """A settings file of the wrong shape or with a value out of range."""


@dataclass
class Settings:
    """What the player chose in the settings screen (plus keys other parts store in `extra`)."""

    language: str = DEFAULT_LANGUAGE
    animation_speed: float = 1.0
    sound: bool = True
    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    text_size: float = 1.0  # reading text (log, captions, tooltips, rules), whatever the window size
    reduced_motion: bool = False  # no flying cards, moments shown at once
    keep_matches: int = 0  # History keeps the latest N finished matches (0: all of them)
    confirm_moves: str = "network"  # a move waits for Confirm: in network matches, always or never (table/confirm.py)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return data


@dataclass
class LoadResult:
    settings: Settings
    problem: str | None = None  # English technical detail; the scene shows a translated message
    moved_to: Path | None = None
    partial: bool = False  # only the values named in `problem` were reset; the others were kept


def settings_path() -> Path:
    return paths.config_dir() / FILE_NAME


def _field_error(name: str, value: Any, expected: str) -> SettingsError:
    shown = repr(value)
    return SettingsError(f"'{name}' is {shown[:60]}{'…' if len(shown) > 60 else ''} (expected {expected})")


def _depth(value: Any, limit: int) -> int:
    """Nesting depth of decoded JSON, counted iteratively and stopping past `limit`."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth)
            if deepest > limit:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            todo.extend((child, depth + 1) for child in children)
    return deepest


def _is(value: Any, kind: type) -> bool:
    """isinstance, where true/false is not a number."""
    return isinstance(value, bool) if kind is bool else isinstance(value, kind) and not isinstance(value, bool)


def _seat_setup(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(
        key not in value or value[key] is None or _is(value[key], str) for key in ("name", "kind", "level")
    ):
        raise _field_error("extra.last_setup.seats", value, "seats with a name, kind and level as texts")
    if isinstance(value.get("name"), str):
        value = {**value, "name": clean_name(value["name"])}
    return value


def _last_setup(value: Any) -> dict[str, Any]:
    """The New game screen's last choices (scenes/setup.py)."""
    expected = {"game": str, "players": int, "seats": list, "practice": bool}
    if not isinstance(value, dict) or not all(k not in value or _is(value[k], t) for k, t in expected.items()):
        raise _field_error("extra.last_setup", value, "game (a text), players (a number), seats (a list), practice")
    return {**value, "seats": [_seat_setup(seat) for seat in value.get("seats", [])]}


def _word_list(name: str) -> Callable[[Any], list[str]]:
    def check(value: Any) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _field_error(f"extra.{name}", value, "a list of texts")
        return value
    return check


def _text(name: str) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if not isinstance(value, str):
            raise _field_error(f"extra.{name}", value, "a text")
        return clean_name(value)
    return check


def _seat_map(name: str) -> Callable[[Any], dict[str, int]]:
    def check(value: Any) -> dict[str, int]:
        if not isinstance(value, dict) or not all(isinstance(k, str) and _is(v, int) for k, v in value.items()):
            raise _field_error(f"extra.{name}", value, "match ids with a seat number each")
        return value
    return check


def _flag(name: str) -> Callable[[Any], bool]:
    """A true-or-false value; `name` is the field as the message names it."""
    def check(value: Any) -> bool:
        if not isinstance(value, bool):
            raise _field_error(name, value, "true or false")
        return value
    return check


# The type of every key other screens keep in `extra`, checked on load (a value of the wrong
# type is a damaged file, never a crash of the screen that reads it); unknown keys are kept.
EXTRA_CHECKS: dict[str, Callable[[Any], Any]] = {
    "last_setup": _last_setup,
    "tours_seen": _word_list("tours_seen"),
    "log_open": _flag("extra.log_open"),
    "net_name": _text("net_name"),  # the name last used to join a network game (scenes/net_join.py)
    "net_hosted_seats": _seat_map("net_hosted_seats"),  # the seat played at this screen in each hosted match
}


def from_json(data: Any, problems: list[str] | None = None) -> Settings:
    """Settings from decoded JSON. A wrong value raises SettingsError naming the field; with a
    `problems` list, it is noted there instead and only that field keeps its default (an
    `extra` key is dropped), so one damaged value does not cost the player every other choice."""
    if not isinstance(data, dict):
        raise SettingsError("the file is not a JSON object (expected {\"language\": ..., ...})")
    settings = Settings()
    known = {"language", "animation_speed", "sound", "window_size", "fullscreen", "extra", "text_size", "reduced_motion",
             "keep_matches", "confirm_moves"}

    def field_error(exc: SettingsError) -> None:
        if problems is None:
            raise exc
        problems.append(str(exc))

    for name, read in _FIELDS.items():
        if name in data:
            try:
                setattr(settings, name, read(data[name]))
            except SettingsError as exc:
                field_error(exc)
    extra = data.get("extra", {})
    if not isinstance(extra, dict):
        field_error(_field_error("extra", extra, "an object"))
        extra = {}
    settings.extra = dict(extra)
    # Keys written by a newer version are kept, not dropped.
    settings.extra.update({k: v for k, v in data.items() if k not in known})
    if _depth(settings.extra, MAX_EXTRA_DEPTH) > MAX_EXTRA_DEPTH:
        field_error(_field_error("extra", "…", f"at most {MAX_EXTRA_DEPTH} levels of nesting"))
        settings.extra = {}
    for key, check in EXTRA_CHECKS.items():
        if key in settings.extra:
            try:
                settings.extra[key] = check(settings.extra[key])
            except SettingsError as exc:
                field_error(exc)
                del settings.extra[key]
    return settings


def _language(value: Any) -> str:
    if value not in LANGUAGES:
        raise _field_error("language", value, "one of " + ", ".join(LANGUAGES))
    return str(value)


def _animation_speed(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.25 <= value <= 4:
        raise _field_error("animation_speed", value, "a number from 0.25 to 4")
    return float(value)


def _window_size(size: Any) -> tuple[int, int]:
    if (
        not isinstance(size, list)
        or len(size) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in size)
        or not MIN_WINDOW[0] <= size[0] <= MAX_WINDOW[0]
        or not MIN_WINDOW[1] <= size[1] <= MAX_WINDOW[1]
    ):
        raise _field_error(
            "window_size", size,
            f"[width, height] from {MIN_WINDOW[0]}x{MIN_WINDOW[1]} to {MAX_WINDOW[0]}x{MAX_WINDOW[1]}",
        )
    return (size[0], size[1])


def _text_size(size: Any) -> float:
    if isinstance(size, bool) or not isinstance(size, (int, float)) or not TEXT_SIZES[0] <= size <= TEXT_SIZES[-1]:
        raise _field_error("text_size", size, f"a number from {TEXT_SIZES[0]} to {TEXT_SIZES[-1]}")
    return float(size)


CONFIRM_MODES = ("network", "always", "never")  # "Confirm my moves"


def _confirm_moves(value: Any) -> str:
    if value not in CONFIRM_MODES:
        raise _field_error("confirm_moves", value, "one of " + ", ".join(CONFIRM_MODES))
    return str(value)


def _keep_matches(value: Any) -> int:
    if not _is(value, int) or not 0 <= value <= MAX_KEEP:
        raise _field_error("keep_matches", value, f"a whole number from 0 (keep every match) to {MAX_KEEP}")
    return int(value)


# Every setting of the screen: its reader from JSON (a wrong value raises SettingsError).
_FIELDS: dict[str, Callable[[Any], Any]] = {
    "language": _language,
    "animation_speed": _animation_speed,
    "sound": _flag("sound"),
    "fullscreen": _flag("fullscreen"),
    "window_size": _window_size,
    "text_size": _text_size,
    "reduced_motion": _flag("reduced_motion"),
    "keep_matches": _keep_matches,
    "confirm_moves": _confirm_moves,
}


def load(path: Path | None = None) -> LoadResult:
    """The saved settings, or defaults with the reason when the file cannot be used. A file
    that reads but holds wrong values keeps its good ones: the file as it was is set aside,
    the good settings are written back, and the result names the values reset (`partial`)."""
    path = path or settings_path()
    try:
        if not path.exists():  # the first run: the system's language (French otherwise)
            return LoadResult(Settings(language=system_language()))
        text = userfiles.read_text(path, MAX_BYTES)
        problems: list[str] = []
        settings = from_json(json.loads(text), problems)
    except (OSError, ValueError, RecursionError) as exc:  # also bad UTF-8, JSON, huge numbers
        if isinstance(exc, RecursionError):
            problem = "the file is nested too deeply"
        elif isinstance(exc, OSError):
            problem = f"{path}: {exc.strerror or exc}"
        else:
            problem = userfiles.reason(exc)[:300]
        moved = userfiles.set_aside(path, "bad") if path.is_file() else None
        return LoadResult(Settings(), problem=problem, moved_to=moved)
    if not problems:
        return LoadResult(settings)
    moved = userfiles.set_aside(path, "bad") if path.is_file() else None
    save(settings, path)  # the good values stay for the next start (a failure is the next save's to tell)
    return LoadResult(settings, problem="; ".join(problems)[:300], moved_to=moved, partial=True)


def save(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings atomically; returns the error text instead of raising (disk full...)."""
    path = path or settings_path()
    try:
        text = json.dumps(settings.to_json(), indent=2, ensure_ascii=False)
    except (ValueError, TypeError, RecursionError) as exc:
        return f"{path}: {exc}"
    try:
        userfiles.write_atomic(path, text)
    except OSError as exc:
        return f"{path}: {exc.strerror or exc}"
    return None
