"""Statistics of the user's finished matches (played, won, best score per game), in
`<data>/stats.json`.

The file is untrusted: one loader checks its whole shape and every range and, on any problem,
sets the file aside (kept, never overwritten) and starts afresh with a message. A match is
counted once (its id is remembered), so recovering after a crash never counts it twice.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from game import paths, userfiles
from game.engine.errors import TableeError
from game.engine.record import Record
from game.userfiles import write_atomic

STATS_FILE = "stats.json"
STATS_FORMAT = "tablee-stats"
COUNTED_MEMORY = 500  # match ids remembered in the stats file to make counting idempotent
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


@dataclass
class Statistics:
    """Per game: matches played and won by a human seat, and the best human score."""

    path: Path
    games: dict[str, GameStats] = field(default_factory=dict)
    counted: list[str] = field(default_factory=list)
    problem: str | None = None  # set when a corrupt file was found and put aside

    @classmethod
    def load(cls, root: Path | None = None) -> Statistics:
        """Read the statistics; a damaged file is moved aside (kept) and reported in `problem`.

        Never raises: whatever the file holds, the caller gets statistics (empty at worst)."""
        folder = root if root is not None else paths.data_dir()
        path = folder / STATS_FILE
        try:
            if not path.exists():
                return cls(path)
            data = json.loads(userfiles.read_text(path, MAX_STATS_BYTES))
            return cls._from_dict(path, data)
        except (StatsError, OSError, ValueError, RecursionError) as exc:  # JSON, UTF-8, huge ints
            reason = userfiles.reason(exc)  # a huge number too: no advice to Python programmers
            aside = userfiles.set_aside(path) if path.is_file() else None
            kept = f"kept as {aside.name}" if aside else "left in place (it cannot be moved)"
            return cls(path, problem=f"{path}: unreadable statistics ({reason}); {kept}, starting afresh")

    @classmethod
    def _from_dict(cls, path: Path, data: Any) -> Statistics:
        """Check the whole shape and every range; StatsError names the first problem."""
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
        return cls(path, games, counted[-COUNTED_MEMORY:])

    def to_json(self) -> str:
        games = {g: {"played": s.played, "won": s.won, "best_score": s.best_score} for g, s in self.games.items()}
        data = {"format": STATS_FORMAT, "format_version": 1, "games": games, "counted": self.counted}
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    def add(self, record: Record) -> bool:
        """Count a finished match once (by its id); bot-only matches are not the user's."""
        humans = record.humans
        result = record.result or {}
        if not humans or not result.get("over") or record.match_id in self.counted:
            return False
        stats = self.games.setdefault(record.game, GameStats())
        stats.played += 1
        if any(s in humans for s in result.get("winners", [])):
            stats.won += 1
        scores = result.get("scores", [])
        best = max((scores[s] for s in humans if s < len(scores)), default=None)
        if best is not None and (stats.best_score is None or best > stats.best_score):
            stats.best_score = best
        self.counted = (self.counted + [record.match_id])[-COUNTED_MEMORY:]
        write_atomic(self.path, self.to_json())
        return True
