"""What this computer keeps of its network matches, so that a restart rejoins them.

- **Saved joins** (a player's side): each seat this computer holds in a network match (the
  host's address and port, the match id, the seat and its secret), in `<data>/joins.json`.
  "Join a game" offers them again; a restarted app rejoins with the secret.
- **Hosted matches** (the host's side): the match id, the join code and the seats' secrets of a
  match this computer hosts, beside its autosave (`<data>/autosave/<id>.net`), so that a host
  that resumes it (Continue, `serve --resume`) gives the same secrets and the players' saved
  joins still work.

Both are written atomically (game/userfiles.py), readable by their owner only (mode 0600: they
hold the seats' secrets and the join code). A damaged file never stops anything: it is set
aside (kept, never overwritten), read as empty, and `problem()` names it for the screen to show.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from game import paths, userfiles

JOINS_FILE = "joins.json"
JOINS_FORMAT = "tablee-joins"
HOSTED_FORMAT = "tablee-hosted"
HOSTED_SUFFIX = ".net"  # beside the autosave `<id>.json` (not *.json: the records are listed by it)
MAX_BYTES = 256 * 1024
MAX_JOINS = 50  # the newest ones; older matches are long over
MAX_TEXT = 200

_problem: list[str | None] = [None]
T = TypeVar("T")


def problem() -> str | None:
    """Why the last file read was set aside (or could not be written), None if all was well."""
    return _problem[0]


@dataclass
class SavedJoin:
    """One seat this computer holds in a network match."""

    match_id: str
    address: str
    port: int
    seat: int
    secret: str
    name: str = ""
    game: str = ""
    saved_at: str = ""  # ISO time, UTC

    @classmethod
    def from_dict(cls, data: Any) -> SavedJoin:
        """ValueError names the first problem."""
        if not isinstance(data, dict):
            raise ValueError("a saved join must be an object")
        texts = {}
        for key in ("match_id", "address", "secret", "name", "game", "saved_at"):
            value = data.get(key, "")
            if not isinstance(value, str) or len(value) > MAX_TEXT:
                raise ValueError(f"'{key}' must be a text of at most {MAX_TEXT} characters")
            texts[key] = value
        for key, top in (("port", 65535), ("seat", 64)):
            value = data.get(key)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
                raise ValueError(f"'{key}' must be a whole number from 0 to {top}")
        if not texts["match_id"] or not texts["address"] or not texts["secret"]:
            raise ValueError("a saved join needs its match id, address and secret")
        return cls(texts["match_id"], texts["address"], data["port"], data["seat"], texts["secret"],
                   texts["name"], texts["game"], texts["saved_at"])


def now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def joins_path() -> Path:
    return paths.data_dir() / JOINS_FILE


def _read_json(path: Path, what: str, fmt: str, parse: Callable[[dict[str, Any]], T]) -> T | None:
    """`parse` of the object in `path` (None when there is none); a damaged file (`parse` raises
    ValueError) is set aside, named in `problem()`, and read as None."""
    if not path.exists():
        return None
    try:
        data = json.loads(userfiles.read_text(path, MAX_BYTES))
        if not isinstance(data, dict) or data.get("format") != fmt:
            raise ValueError(f"not a Tablée {what} file (expected \"format\": \"{fmt}\")")
        return parse(data)
    except (OSError, ValueError, RecursionError) as exc:  # JSON, UTF-8, size, a folder in its place
        reason = userfiles.reason(exc)
        aside = userfiles.set_aside(path) if path.is_file() else None
        kept = f"kept as {aside.name}" if aside else "left in place"
        _problem[0] = f"{path}: unreadable {what} ({reason}); {kept}, starting afresh"
        return None


def saved_joins() -> list[SavedJoin]:
    """The seats this computer holds, newest first (a damaged file: none, see `problem()`)."""
    _problem[0] = None
    found = _read_json(joins_path(), "saved joins", JOINS_FORMAT, _joins_of) or []
    return sorted(found, key=lambda j: j.saved_at, reverse=True)[:MAX_JOINS]


def _joins_of(data: dict[str, Any]) -> list[SavedJoin]:
    entries = data.get("joins")
    if not isinstance(entries, list):
        raise ValueError("'joins' must be a list")
    found: list[SavedJoin] = []
    for entry in entries:
        try:
            found.append(SavedJoin.from_dict(entry))
        except ValueError:
            continue  # one damaged entry does not hide the others
    return found


def _write_joins(joins: list[SavedJoin]) -> None:
    data = {"format": JOINS_FORMAT, "format_version": 1, "joins": [asdict(j) for j in joins[:MAX_JOINS]]}
    try:
        userfiles.write_atomic(joins_path(), json.dumps(data, indent=2, ensure_ascii=False) + "\n", userfiles.PRIVATE)
    except OSError as exc:
        _problem[0] = f"{joins_path()}: cannot be written ({exc.strerror or exc})"


def remember(join: SavedJoin) -> None:
    """Keep `join` (replacing an older one of the same match); never raises (see `problem()`)."""
    join.saved_at = join.saved_at or now_iso()
    others = [j for j in saved_joins() if j.match_id != join.match_id]
    _write_joins([join, *others])


def forget(match_id: str) -> None:
    """Drop the saved join of `match_id` (the match is over, or the player gave it up)."""
    kept = saved_joins()
    if any(j.match_id == match_id for j in kept):
        _write_joins([j for j in kept if j.match_id != match_id])


# ------------------------------------------------------------------ the host's side
@dataclass
class HostedMatch:
    """A hosted match's id, join code, seat secrets (by seat) and port (0: none kept)."""

    match_id: str
    code: str
    secrets: dict[int, str] = field(default_factory=dict)
    port: int = 0


def hosted_path(autosave: Path) -> Path:
    """The hosted-match file beside the autosave `autosave`."""
    return autosave.with_suffix(HOSTED_SUFFIX)


def save_hosted(autosave: Path, hosted: HostedMatch) -> None:
    """Write it beside the autosave; OSError when the disk refuses."""
    data = {"format": HOSTED_FORMAT, "format_version": 1, "match_id": hosted.match_id, "code": hosted.code,
            "port": hosted.port, "secrets": {str(seat): secret for seat, secret in sorted(hosted.secrets.items())}}
    userfiles.write_atomic(hosted_path(autosave), json.dumps(data, indent=2) + "\n", userfiles.PRIVATE)


def load_hosted(autosave: Path) -> HostedMatch | None:
    """The hosted match saved beside `autosave`, None when there is none or it is damaged (then
    set aside and named in `problem()`)."""
    _problem[0] = None
    return _read_json(hosted_path(autosave), "hosted match", HOSTED_FORMAT, _hosted_of)


def _hosted_of(data: dict[str, Any]) -> HostedMatch:
    match_id, code, raw = data.get("match_id"), data.get("code"), data.get("secrets")
    if not (isinstance(match_id, str) and 0 < len(match_id) <= MAX_TEXT):
        raise ValueError("'match_id' must be a text")
    if not (isinstance(code, str) and len(code) <= 20):
        raise ValueError("'code' must be a short text")
    if not isinstance(raw, dict):
        raise ValueError("'secrets' must be an object")
    port = data.get("port", 0)
    if not isinstance(port, int) or isinstance(port, bool) or not 0 <= port <= 65535:
        raise ValueError("'port' must be a port number")
    secrets: dict[int, str] = {}
    for key, value in raw.items():
        if not (key.isdigit() and len(key) <= 2 and isinstance(value, str) and 0 < len(value) <= MAX_TEXT):
            raise ValueError("'secrets' must map seat numbers to texts")
        secrets[int(key)] = value
    return HostedMatch(match_id, code, secrets, port)


def forget_hosted(autosave: Path) -> None:
    """The match is over: its secrets are of no use any more."""
    with contextlib.suppress(OSError):
        hosted_path(autosave).unlink(missing_ok=True)


def is_hosted(autosave: Path) -> bool:
    """Whether the unfinished match `autosave` was hosted on the network (Continue hosts it again)."""
    return hosted_path(autosave).is_file()
