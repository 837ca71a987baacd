"""Statistics of the user's finished matches, from the match index (game/matchindex.py).

`Statistics.load(root).games[game_id]` gives played, won and best score per game (what the
menus, the setup and the lessons ask); the index's `figures()` gives everything else (win share
by level and by player count, average score, streaks, time played, rating).

The old statistics file, `<data>/stats.json`, is read once when the index is first built: what
it counted beyond the records kept is carried over, and it is retired (game/matchindex.py).
It is untrusted: its whole shape and every range are checked, and a damaged one is set aside
(kept, never overwritten) with a message.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from game import paths, userfiles
from game.engine.errors import TableeError
from game.engine.record import Record

STATS_FILE = "stats.json"
STATS_FORMAT = "tablee-stats"
MAX_STATS_BYTES = 2_000_000
MAX_STAT = 10**12  # far above any real count or score


class StatsError(TableeError):
    """A statistics file of the wrong shape or with numbers out of range."""


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _count(value: Any) -> TypeGuard[int]:
    return _whole(value) and 0 <= value <= MAX_STAT


@dataclass
class GameStats:
    played: int = 0
    won: int = 0
    best_score: int | None = None


def parse_legacy(data: Any) -> dict[str, GameStats]:
    """The games of an old statistics file; StatsError names the first problem."""
    if not isinstance(data, dict) or data.get("format") != STATS_FORMAT:
        raise StatsError(f"not a Tablée statistics file (expected \"format\": \"{STATS_FORMAT}\")")
    raw_games = data.get("games")
    if not isinstance(raw_games, dict):
        raise StatsError("'games' must be an object of game ids")
    games: dict[str, GameStats] = {}
    for game_id, raw in raw_games.items():
        if not userfiles.is_safe_id(game_id):
            raise StatsError(f"{str(game_id)[:40]!r} is not a game id")
        if not isinstance(raw, dict):
            raise StatsError(f"'{game_id}' must be an object with played, won and best_score")
        played, won, best = raw.get("played"), raw.get("won"), raw.get("best_score")
        if not _count(played) or not _count(won) or won > played:
            raise StatsError(f"'{game_id}': played and won must be whole numbers with 0 <= won <= played")
        if best is not None and not (_whole(best) and abs(best) <= MAX_STAT):
            raise StatsError(f"'{game_id}': best_score must be a whole number or null")
        games[game_id] = GameStats(played, won, best)
    counted = data.get("counted", [])
    if not isinstance(counted, list) or not all(userfiles.is_safe_id(m) for m in counted):
        raise StatsError("'counted' must be a list of match ids")
    return games


def read_legacy(path: Path) -> tuple[dict[str, GameStats] | None, str | None]:
    """An old statistics file: its games, or None and why (a damaged file is set aside)."""
    try:
        return parse_legacy(json.loads(userfiles.read_text(path, MAX_STATS_BYTES))), None
    except (StatsError, OSError, ValueError, RecursionError) as exc:  # JSON, UTF-8, huge ints
        reason = userfiles.reason(exc)  # a huge number too: no advice to Python programmers
        aside = userfiles.set_aside(path) if path.is_file() else None
        kept = f"kept as {aside.name}" if aside else "left in place (it cannot be moved)"
        return None, f"{path}: unreadable statistics ({reason}); {kept}, counting from the records kept"


@dataclass
class Statistics:
    """Per game: matches played and won by a person's seat, and their best score."""

    path: Path
    games: dict[str, GameStats] = field(default_factory=dict)
    problem: str | None = None  # a damaged file set aside, or an index that cannot be used now

    @classmethod
    def load(cls, root: Path | None = None) -> Statistics:
        """The statistics of the data folder `root`. Never raises: whatever the files hold, the
        caller gets statistics (empty at worst) and `problem` says what went wrong."""
        from game.matchindex import INDEX_FILE, IndexUnavailable, open_index

        folder = root if root is not None else paths.data_dir()
        try:
            with open_index(folder) as index:
                _, per_game = index.figures()
                problems = index.problems
        except IndexUnavailable as exc:
            return cls(folder / INDEX_FILE, problem=str(exc))
        games = {g: GameStats(f.matches, f.wins, f.best_score) for g, f in per_game.items()}
        return cls(folder / INDEX_FILE, games, "; ".join(problems) or None)

    def add(self, record: Record) -> bool:
        """Count a finished match that is in the history folder (its file): once, by its id."""
        from game.matchindex import MatchIndex

        path = self.path.parent / "history" / f"{record.match_id}.json"
        if not record.humans or not (record.result or {}).get("over") or not path.exists():
            return False
        with MatchIndex(self.path.parent).open(sync=False) as index:
            index.add(record, path)
            _, per_game = index.figures()
        self.games = {g: GameStats(f.matches, f.wins, f.best_score) for g, f in per_game.items()}
        return True
