"""Tablée in the desktop's menu, on freedesktop.org desktops (Linux, the BSDs).

The program ships a desktop entry, its AppStream metainfo and its icons under assets/ (in the
wheel, the sdist and the standalone folder alike), named by APP_ID as the specifications ask.
A distribution package installs them under /usr/share itself (docs/packaging.md); a copy
installed with pip, pipx or unzipped puts itself in the user's menu with
`tablee --install-desktop`: the same files copied into the user's data folder
($XDG_DATA_HOME, by default ~/.local/share), the entry's Exec naming this very program by its
full path. `tablee --uninstall-desktop` removes exactly those files.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

from game.resources import app_root, asset_path

APP_ID = "io.github.tablee.Tablee"  # reverse-DNS name of the desktop entry, metainfo and icons
HICOLOR_SIZES = (48, 64, 128, 256, 512)  # PNG icon sizes shipped (and a scalable SVG)
WINDOW_SCRIPT = "tablee-gui"  # pyproject's gui-scripts entry: the window, no console
FROZEN_WINDOW = "Tablee"  # the windowed program of the standalone folder (build_exe.spec)
UNSUPPORTED = ("win32", "darwin", "cygwin")


class DesktopError(Exception):
    """The desktop entry cannot be installed here (the message says why)."""


def icon_file(size: int) -> Path:
    """The shipped PNG icon of `size` px (one of HICOLOR_SIZES), e.g. for the window."""
    return asset_path("icons", "hicolor", f"{size}x{size}", "apps", f"{APP_ID}.png")


def shipped_files() -> list[tuple[Path, PurePosixPath]]:
    """Each file of the desktop integration and where it goes under a data folder
    (`share/` of a prefix, or the user's $XDG_DATA_HOME)."""
    files = [
        (asset_path("desktop", f"{APP_ID}.desktop"), PurePosixPath("applications", f"{APP_ID}.desktop")),
        (asset_path("desktop", f"{APP_ID}.metainfo.xml"), PurePosixPath("metainfo", f"{APP_ID}.metainfo.xml")),
    ]
    icons = PurePosixPath("icons", "hicolor")
    for size in HICOLOR_SIZES:
        folder = icons / f"{size}x{size}" / "apps"
        files.append((asset_path(*folder.parts, f"{APP_ID}.png"), folder / f"{APP_ID}.png"))
    scalable = icons / "scalable" / "apps"
    files.append((asset_path(*scalable.parts, f"{APP_ID}.svg"), scalable / f"{APP_ID}.svg"))
    return files


def data_home(environ: Mapping[str, str] | None = None) -> Path:
    """$XDG_DATA_HOME, or ~/.local/share when it is unset or not an absolute path (the
    XDG Base Directory specification says to ignore a relative one)."""
    environ = os.environ if environ is None else environ
    value = environ.get("XDG_DATA_HOME", "")
    if value and Path(value).is_absolute():
        return Path(value)
    return Path(environ.get("HOME") or Path.home()) / ".local" / "share"


def window_command() -> list[str]:
    """The command that opens the window of the program running now, by full paths: the
    standalone folder's Tablee beside tablee-cli, the tablee-gui script beside tablee, or
    Python and main.py for a source tree that was never installed."""
    import sysconfig

    if getattr(sys, "frozen", False):
        program = Path(sys.executable).resolve()
        window = program.with_name(FROZEN_WINDOW + program.suffix)
        return [str(window if window.is_file() else program)]
    running = Path(sys.argv[0]).absolute() if sys.argv and sys.argv[0] else None
    places = [running.parent] if running is not None else []
    places.append(Path(sysconfig.get_path("scripts")))
    for folder in places:
        script = folder / (WINDOW_SCRIPT + (".exe" if sys.platform == "win32" else ""))
        if script.is_file() and os.access(script, os.X_OK):
            return [str(script)]
    return [str(Path(sys.executable).absolute()), str(app_root() / "main.py")]


_RESERVED = set(' \t\n"\'\\><~|&;$*?#()`')


def exec_value(argv: list[str]) -> str:
    """`argv` as the Exec key's value (Desktop Entry Specification, "The Exec key"): an argument
    with a reserved character is double-quoted, with ", `, $ and \\ escaped by a backslash; %
    is doubled; then the string escape rule doubles every backslash once more."""
    words = []
    for arg in argv:
        word = arg.replace("%", "%%")
        if any(ch in _RESERVED for ch in word):
            word = '"' + "".join("\\" + ch if ch in '"`$\\' else ch for ch in word) + '"'
        words.append(word)
    return _string_value(" ".join(words))


def _string_value(text: str) -> str:
    """A value of type string: backslash, newline, tab and carriage return escaped."""
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")


def entry_for(template: str, argv: list[str]) -> str:
    """The shipped desktop entry with Exec and TryExec naming `argv` (the program found here)."""
    lines = []
    for line in template.splitlines():
        if line.startswith("Exec="):
            line = "Exec=" + exec_value(argv)
        elif line.startswith("TryExec="):
            line = "TryExec=" + _string_value(argv[0])
        lines.append(line)
    return "\n".join(lines) + "\n"


def _check_platform() -> None:
    if sys.platform in UNSUPPORTED:
        raise DesktopError(
            "--install-desktop is for Linux and other freedesktop.org desktops; on Windows and macOS "
            "start the standalone program (docs/packaging.md)"
        )


def install(home: Path | None = None, argv: list[str] | None = None) -> list[Path]:
    """Copy the desktop entry (Exec: `argv`, by default this program), the metainfo and the
    icons under `home` (the user's data folder); the paths written. OSError on a write."""
    from game.userfiles import write_atomic

    _check_platform()
    home = data_home() if home is None else home
    argv = window_command() if argv is None else argv
    written = []
    for source, place in shipped_files():
        target = home.joinpath(*place.parts)
        if place.suffix == ".desktop":
            write_atomic(target, entry_for(source.read_text(encoding="utf-8"), argv))
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source.read_bytes())
        written.append(target)
    return written


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove what `install` wrote under `home` (only those files); the paths removed."""
    _check_platform()
    home = data_home() if home is None else home
    removed = []
    for _source, place in shipped_files():
        target = home.joinpath(*place.parts)
        if target.is_file() or target.is_symlink():
            target.unlink()
            removed.append(target)
    return removed


def cmd_install(undo: bool = False) -> int:
    """`tablee --install-desktop` / `--uninstall-desktop`: what was done, one file a line."""
    from game.terminal import fail, printable

    try:
        if undo:
            paths = uninstall()
            if not paths:
                print(f"Tablée was not in the desktop's menu (nothing under {printable(str(data_home()))})")
                return 0
            print("removed Tablée from the desktop's menu:")
        else:
            argv = window_command()
            paths = install(argv=argv)
            print(f"Tablée is in the desktop's menu (it starts {printable(' '.join(argv))}):")
    except DesktopError as exc:
        return fail(str(exc))
    except OSError as exc:
        return fail(f"{exc.filename or data_home()}: {exc.strerror or exc}")
    for path in paths:
        print(f"  {printable(str(path))}")
    if not undo:
        print("undo with: tablee --uninstall-desktop")
    return 0
