"""Finished-match records built directly, without playing (the History bench and its tests).

Each record is well formed and plausible (a game, its player count, people and computer players
of every level, solo, hot-seat and network matches, some coached, scores, winners, times spread
over two years) but its moves are placeholders: it lists, filters and counts like a real one,
it does not replay. Ten thousand are written in a few seconds.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

from game.engine import registry
from game.engine.record import Record, SeatInfo
from game.engine.rules import Rules

NAMES = ("Ana", "Bruno", "Chloé", "Dmitri", "Élise", "Farid", "Gwen", "Hugo")
BOT_NAMES = ("Renard", "Blaireau", "Hibou", "Loutre", "Belette")
LEVELS = ("easy", "medium", "hard")
START = 1_700_000_000  # the first sample match, seconds since 1970 (November 2023)
SPAN = 2 * 365 * 24 * 3600


def playable() -> list[tuple[str, Rules]]:
    return [(e.game_id, e.rules) for e in registry.available() if e.rules is not None]


def sample_record(rng: random.Random, number: int, games: list[tuple[str, Rules]] | None = None) -> Record:
    """The `number`-th sample match: the same one for the same generator state."""
    games = games or playable()
    game_id, rules = games[rng.randrange(len(games))]
    players = rng.randint(rules.min_players, rules.max_players)
    kind = rng.choices(("solo", "hotseat", "network"), (8, 1, 1))[0]
    humans = 1 if kind == "solo" else min(players, rng.randint(2, 3))
    level = rng.choice(LEVELS)
    seats = [SeatInfo(NAMES[(number + s) % len(NAMES)]) if s < humans else
             SeatInfo(BOT_NAMES[s % len(BOT_NAMES)], "bot", "ismcts", level if rng.random() < 0.85 else rng.choice(LEVELS))
             for s in range(players)]
    rng.shuffle(seats)
    scores = [rng.randint(0, 60) for _ in range(players)]
    best = (min if rules.lower_score_wins else max)(scores)
    winners = [s for s, v in enumerate(scores) if v == best]
    finished = START + (SPAN * number) // 10_000 + rng.randrange(3600)
    seconds = rng.randint(300, 2400)
    record = Record(game_id, rules.version, rng.randrange(2**31), players, {}, seats,
                    actions=[(s % players, f"play sample{s}") for s in range(4)],
                    match_id=f"{time.strftime('%Y%m%d-%H%M%S', time.gmtime(finished))}-{game_id}-{number:06d}",
                    created=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(finished - seconds)),
                    updated=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(finished)),
                    result={"over": True, "scores": scores, "winners": winners},
                    network=kind == "network", seconds=seconds)
    if rng.random() < 0.1:
        record.coached = [next(s for s, seat in enumerate(seats) if seat.is_human)]
    return record


def write_history(folder: Path, count: int, seed: int = 1) -> list[Record]:
    """`count` sample records written into `folder` (a data folder's history/), oldest first."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    games = playable()
    records = [sample_record(rng, n, games) for n in range(count)]
    for number, record in enumerate(records):
        path = folder / f"{record.match_id}.json"
        path.write_text(record.to_json(), encoding="utf-8")
        stamp = START + (SPAN * number) // 10_000
        os.utime(path, (stamp, stamp))
    return records
