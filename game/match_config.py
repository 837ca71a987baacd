"""Who plays a match and how it was set up: the part of a match that, with its action history,
replays it exactly. Its own module, so that the bots' worker process (game/botworker.py) reads a
match's configuration without importing the match that starts it (game/match.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.errors import OptionError

HUMAN = "human"
BOT = "bot"


@dataclass
class SeatConfig:
    """Who sits at one seat: a human (hot-seat) or a bot with its level."""

    name: str
    kind: str = HUMAN
    bot: str = "random"
    level: str = "medium"

    def __post_init__(self) -> None:
        if self.kind not in (HUMAN, BOT):
            raise OptionError(f"seat kind must be '{HUMAN}' or '{BOT}', not {self.kind!r}")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "bot": self.bot, "level": self.level}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatConfig:
        return cls(str(data["name"]), data.get("kind", HUMAN), data.get("bot", "random"), data.get("level", "medium"))


@dataclass
class MatchConfig:
    """Everything that, with the action history, replays a match exactly."""

    game_id: str
    seats: list[SeatConfig]
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    practice: bool = False  # undo may go back across revealed cards (game/records.py)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "seats": [s.to_dict() for s in self.seats],
            "seed": self.seed,
            "options": dict(self.options),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchConfig:
        return cls(
            str(data["game_id"]),
            [SeatConfig.from_dict(s) for s in data["seats"]],
            int(data.get("seed", 0)),
            dict(data.get("options") or {}),
        )
