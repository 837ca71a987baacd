"""Safe reading and writing of files a user (or a crash) may have damaged.

Everything read from disk is untrusted: a path may be a folder, a pipe or an endless device, a
file may be huge, an id may try to climb out of its folder. These helpers check before they
read, write atomically (temporary file, fsync, rename), set damaged files aside without ever
overwriting one, and clean the temporary files a killed process left behind.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import time
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

from game import paths

# Ids that become file names: letters, digits, '-' and '_' only (no dot, no separator), so a
# name can never be '..', absolute, a drive, or reach another folder.
SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,119}")
TEMP_FILE = re.compile(r"\..+\.(\d+)\.tmp")


READ_CHUNK = 1 << 20


class UnsafeFile(OSError):
    """A path that must not be read as a file (folder, pipe, device, too large)."""

    def __init__(self, path: Path, problem: str):
        super().__init__(errno.EINVAL, problem, str(path))


def reason(exc: BaseException) -> str:
    """A read error as a player reads it: an OSError's own words, and for a number too long
    to read (Python's int limit) that, not Python's advice to call sys.set_int_max_str_digits()."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    text = str(exc)
    if "integer string conversion" in text or "set_int_max_str_digits" in text:
        return "a number has too many digits"
    return text


def is_safe_id(value: object) -> bool:
    """True when `value` may be used as a file name (see SAFE_ID)."""
    return isinstance(value, str) and SAFE_ID.fullmatch(value) is not None


def open_regular(path: Path, max_bytes: int | None = None) -> BinaryIO:
    """`path` opened for reading in binary, once it is known to be a regular file (of at most
    `max_bytes`, when given); OSError (UnsafeFile) otherwise. The type is checked before opening
    and again on the open file, so a pipe or a device put in its place can never hang a read."""
    info = os.stat(path)
    if stat.S_ISDIR(info.st_mode):
        raise UnsafeFile(path, "is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise UnsafeFile(path, "is not a regular file (a pipe or a device)")
    if max_bytes is not None and info.st_size > max_bytes:
        raise UnsafeFile(path, f"is too large ({info.st_size} bytes, at most {max_bytes} expected)")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped between the two checks
            raise UnsafeFile(path, "is not a regular file (a pipe or a device)")
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bytes(path: Path, max_bytes: int) -> bytes:
    """The content of a regular file of at most `max_bytes`; OSError (UnsafeFile) otherwise.

    The type and size are checked before opening, and at most `max_bytes + 1` bytes are ever
    read, so a pipe, /dev/zero or a file growing meanwhile can neither hang nor fill memory."""
    parts: list[bytes] = []
    total = 0
    with open_regular(path, max_bytes) as handle:
        while total <= max_bytes:  # in pieces: read(max_bytes) would allocate all of it at once
            chunk = handle.read(min(READ_CHUNK, max_bytes + 1 - total))
            if not chunk:
                break
            parts.append(chunk)
            total += len(chunk)
    if total > max_bytes:
        raise UnsafeFile(path, f"is too large (more than {max_bytes} bytes)")
    return b"".join(parts)


def read_text(path: Path, max_bytes: int) -> str:
    """`read_bytes` decoded as UTF-8 (UnicodeDecodeError on other bytes)."""
    return read_bytes(path, max_bytes).decode("utf-8")


def temp_name(path: Path) -> Path:
    """The temporary file of a write to `path` by this process (see `remove_leftovers`)."""
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


PRIVATE = 0o600  # a file holding secrets (seat secrets, join codes): its owner's only


def write_atomic(path: Path, text: str, mode: int = 0o644) -> None:
    """Replace `path` with `text` so that a crash at any point leaves the old or the new file.
    `mode` (PRIVATE for secrets) is the file's from its creation, never wider for a moment (the
    umask may narrow it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_name(path)
    try:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()  # a leftover of this pid would keep its own mode
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()
    fsync_dir(path.parent)


def append_line(path: Path, text: str) -> None:
    """Add `text` (one line, ending with a newline) at the end of `path` and fsync it. A crash
    in mid-write can only leave the last line without its newline, which readers drop."""
    path.parent.mkdir(parents=True, exist_ok=True)
    created = not path.exists()
    # O_NONBLOCK: a pipe put in the file's place fails at once instead of waiting for a reader
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UnsafeFile(path, "is not a regular file (a pipe or a device)")
        data = text.encode("utf-8")
        while data:
            data = data[os.write(fd, data):]
        os.fsync(fd)
    finally:
        os.close(fd)
    if created:
        fsync_dir(path.parent)


def fsync_dir(folder: Path) -> None:
    """Make a rename itself durable (POSIX; Windows has no directory handles)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def set_aside(path: Path, label: str = "corrupt") -> Path | None:
    """Move a damaged file to `<stem>.<label>-<time>[-n]<suffix>` beside it, never overwriting an
    earlier one; None when it cannot be moved (read-only folder): the caller then ignores it."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for number in range(1, 1000):
        extra = "" if number == 1 else f"-{number}"
        aside = path.with_name(f"{path.stem}.{label}-{stamp}{extra}{path.suffix}")
        if aside.exists():
            continue
        try:
            os.replace(path, aside)
        except OSError:
            return None
        return aside
    return None


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if os.name != "posix":
        return False  # the start of the app: no other write of ours can be in flight
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def remove_leftovers(folders: Iterable[Path] | None = None) -> list[Path]:
    """Delete temporary files left by a write that was killed (its process is gone), and the
    match locks nobody holds (`autosave/<id>.lock`, left by a killed or crashed process).

    Only our own patterns directly inside the user folders are touched."""
    removed = []
    if folders is None:
        data = paths.data_dir()
        folders = [paths.config_dir(), data, data / "autosave", data / "history"]
        removed += remove_stale_locks(data / "autosave")
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            match = TEMP_FILE.fullmatch(entry.name)
            if match is None or _alive(int(match.group(1))):
                continue
            try:
                if entry.is_file(follow_symlinks=False) or entry.is_symlink():
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
            except OSError:
                continue
    return removed


def remove_stale_locks(folder: Path) -> list[Path]:
    """Remove the `*.lock` files of `folder` that no process holds (taking one and giving it
    back removes its file; one held by another window is left alone)."""
    removed: list[Path] = []
    try:
        entries = [Path(e.path) for e in os.scandir(folder) if e.name.endswith(".lock") and e.is_file(follow_symlinks=False)]
    except OSError:
        return removed
    for path in entries:
        if os.path.abspath(path) in _held:  # this process's own: in use
            continue
        lock = FileLock(path)
        try:
            if lock.acquire():
                lock.release()
                removed.append(path)
        except OSError:
            continue
    return removed


_held: dict[str, list[int]] = {}  # lock file -> [fd, holders in this process]


class FileLock:
    """An exclusive lock held by this process on `path` (one match open in one instance of the
    app at a time). The operating system releases it when the process ends, however it ends
    (a crash, a kill, a power cut), so a lock file left behind never locks anything. Within one
    process the lock is shared (counted): it keeps other processes out, not this one's parts."""

    def __init__(self, path: Path):
        self.path = path
        self._key = os.path.abspath(path)
        self._fd: int | None = None

    def acquire(self) -> bool:
        """Take the lock now; False when another process holds it."""
        if self._fd is not None:
            return True
        held = _held.get(self._key)
        if held is not None:
            held[1] += 1
            self._fd = held[0]
            return True
        for _ in range(5):  # the file may be removed by its holder between open and lock: retry
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
            if not _lock_fd(fd):
                os.close(fd)
                return False
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(self.path))
            except OSError:
                same = False
            if same:
                self._fd = fd
                _held[self._key] = [fd, 1]
                return True
            os.close(fd)
        return False

    def release(self) -> None:
        """Give the lock back (the last holder of this process removes its file, while still
        holding it, then closes it, which releases it)."""
        if self._fd is None:
            return
        self._fd = None
        held = _held.get(self._key)
        if held is None:
            return
        held[1] -= 1
        if held[1] > 0:
            return
        del _held[self._key]
        with contextlib.suppress(OSError):
            self.path.unlink()
        os.close(held[0])

    @property
    def held(self) -> bool:
        return self._fd is not None


def _lock_fd(fd: int) -> bool:
    """Lock an open file without waiting: flock on POSIX, msvcrt on Windows."""
    try:
        if os.name == "nt":
            import msvcrt

            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True
