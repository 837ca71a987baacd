"""The player's rating per game against the computer players: Elo, with each bot level fixed.

Each computer level has a fixed rating per game, set from its measured strength (the game's
YAML, section `ratings`; how they are measured: docs/bots.md, "Ratings"). The player starts at
the easy level's rating. After each rated match, every computer opponent that finished on the
other side of the win is one Elo game: S = 1 when the player won and that bot did not, 0 when
that bot won and the player did not; a bot that won with the player (a partner, a shared
victory) or lost with them tells nothing and is left out. With E = 1 / (1 + 10^((Rb - R) / 400)),

    R += K / (players - 1) * sum(S - E)      K = 64 for the first 10 rated matches, then 32

so a win at four players against three bots of the player's own rating gives +K/2, a loss
-K/6, and a player who wins as often as the Plackett-Luce model of the ratings expects keeps
their rating (the fit of the levels below uses the same model).

A match is rated when one person played it against computer players, at this screen (not on
the network), without "Practice undo" and without hints. The rating is computed afresh from
the index each time, so new fixed ratings apply to the whole history at once.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

RATED_LEVELS = ("random", "easy", "medium", "hard")  # weakest first
DEFAULT_RATINGS = {"random": 1000, "easy": 1250, "medium": 1400, "hard": 1550}  # a game without its own
K_PROVISIONAL = 64
K_SETTLED = 32
PROVISIONAL_MATCHES = 10


def level_of(kind: str, bot: str | None, level: str | None) -> str:
    """The level a seat is rated at: "random" for the random bot, else its level ("" for a person)."""
    if kind != "bot":
        return ""
    if bot == "random":
        return "random"
    return level if level in RATED_LEVELS else "medium"


def strongest(levels: Iterable[str]) -> str:
    """The strongest of these levels ("" when there is none)."""
    found = [lv for lv in levels if lv in RATED_LEVELS]
    return max(found, key=RATED_LEVELS.index) if found else ""


@cache
def level_ratings(game_id: str) -> dict[str, int]:
    """The fixed rating of each computer level in `game_id` (its YAML's `ratings`)."""
    from game.engine import registry
    from game.engine.errors import TableeError

    try:
        data = registry.load(game_id).data.get("ratings") or {}
    except TableeError:
        data = {}
    return {**DEFAULT_RATINGS, **{k: int(v) for k, v in data.items() if k in RATED_LEVELS}}


@dataclass(frozen=True)
class LevelStrength:
    """A level's measured strength in a player's words: one seat of `level` wins about `wins`
    in 10 games against the other seats at level `against`, at `players` (with `team`, beside a
    partner at level `against`: its team's wins)."""

    level: str
    against: str
    wins: int
    players: int
    team: bool = False

    @property
    def opponents(self) -> int:
        return self.players - (2 if self.team else 1)


@cache
def level_strength(game_id: str, level: str) -> LevelStrength | None:
    """What the game's YAML (section `strength`, from docs/bots.md's table) says of `level`."""
    from game.engine import registry
    from game.engine.errors import TableeError

    try:
        found = (registry.load(game_id).data.get("strength") or {}).get(level)
    except TableeError:
        return None
    if not found:
        return None
    return LevelStrength(level, found["against"], int(found["wins"]), int(found["players"]), bool(found.get("team")))


def start_rating(ratings: dict[str, int]) -> float:
    return float(ratings["easy"])


def expected(rating: float, other: float) -> float:
    """Elo's expected score of `rating` against `other`."""
    return 1.0 / (1.0 + 10 ** ((other - rating) / 400.0))


@dataclass(frozen=True)
class RatedMatch:
    """What the rating reads of a match: the player's seat, the seats' levels and the winners."""

    match_id: str
    finished: str
    seat: int
    levels: tuple[str, ...]  # per seat: a level, "" for a person
    winners: frozenset[int]


@dataclass(frozen=True)
class RatingPoint:
    match_id: str
    finished: str
    rating: float
    change: float


def rate(matches: Sequence[RatedMatch], ratings: dict[str, int]) -> list[RatingPoint]:
    """The rating after each match, oldest first (the module's docstring gives the rule)."""
    rating = start_rating(ratings)
    points = []
    for number, match in enumerate(matches):
        k = K_PROVISIONAL if number < PROVISIONAL_MATCHES else K_SETTLED
        won = match.seat in match.winners
        total = 0.0
        for seat, level in enumerate(match.levels):
            if seat == match.seat or not level or (seat in match.winners) == won:
                continue
            total += (1.0 if won else 0.0) - expected(rating, ratings.get(level, DEFAULT_RATINGS["medium"]))
        change = k / max(1, len(match.levels) - 1) * total
        rating += change
        points.append(RatingPoint(match.match_id, match.finished, rating, change))
    return points


# ------------------------------------------------------------- fitting the levels
@dataclass(frozen=True)
class StrengthRow:
    """A measurement: `lead` in one seat against `others` seats of level `other`, `wins` of
    `games`; `partner`: the lead has a partner of level `other` (a team game: Wolf & Hound)."""

    lead: str
    other: str
    wins: float
    games: int
    others: int = 3
    partner: bool = False


def _win_chance(row: StrengthRow, strength: dict[str, float]) -> float:
    """Plackett-Luce: the winner is drawn with chances proportional to 10^(rating / 400); a team
    wins when one of its seats is drawn."""
    lead, other = 10 ** (strength[row.lead] / 400), 10 ** (strength[row.other] / 400)
    mine = lead + (other if row.partner else 0.0)
    return mine / (lead + row.others * other)


def _log_likelihood(rows: Sequence[StrengthRow], strength: dict[str, float]) -> float:
    total = 0.0
    for row in rows:
        chance = min(1 - 1e-12, max(1e-12, _win_chance(row, strength)))
        wins = row.wins + 0.5  # half a win and half a loss added: a 20 of 20 gives a finite rating
        total += wins * math.log(chance) + (row.games + 1 - wins) * math.log(1 - chance)
    return total


def fit_levels(rows: Sequence[StrengthRow], anchor: int = DEFAULT_RATINGS["random"]) -> dict[str, int]:
    """The levels' ratings that make the measured wins likeliest (random fixed at `anchor`),
    kept in order (easy <= medium <= hard: levels the measurements would invert are pooled),
    rounded to 10."""
    free = [lv for lv in RATED_LEVELS[1:] if any(lv in (r.lead, r.other) for r in rows)]
    groups = [[lv] for lv in free]
    while True:
        strength = _fit_groups(rows, groups)
        inverted = next((i for i in range(len(groups) - 1) if strength[groups[i][0]] > strength[groups[i + 1][0]]), None)
        if inverted is None:
            break
        groups[inverted:inverted + 2] = [groups[inverted] + groups[inverted + 1]]
    fitted = {lv: anchor + 10 * round(strength[lv] / 10) for lv in free}
    return {"random": anchor, **fitted}


def _fit_groups(rows: Sequence[StrengthRow], groups: list[list[str]]) -> dict[str, float]:
    """Coordinate ascent on the log-likelihood, one group's rating (relative to random) at a time."""
    values = [300.0 * (i + 1) for i in range(len(groups))]

    def strength_of(vals: list[float]) -> dict[str, float]:
        out = {"random": 0.0}
        for group, value in zip(groups, vals, strict=True):
            out.update({lv: value for lv in group})
        return out

    for _ in range(60):
        for i in range(len(groups)):
            low, high = -1500.0, 3000.0
            for _ in range(80):  # golden-section search: the likelihood is unimodal in one rating
                a = high - (high - low) * 0.618
                b = low + (high - low) * 0.618
                va = _log_likelihood(rows, strength_of([*values[:i], a, *values[i + 1:]]))
                vb = _log_likelihood(rows, strength_of([*values[:i], b, *values[i + 1:]]))
                if va < vb:
                    low = a
                else:
                    high = b
            values[i] = (low + high) / 2
    return strength_of(values)


def parse_row(text: str) -> StrengthRow:
    """`LEAD:OTHER:WINS/GAMES[:team]`, e.g. `hard:easy:75/100` (three `other` seats)."""
    parts = text.split(":")
    if len(parts) not in (3, 4) or "/" not in parts[2] or (len(parts) == 4 and parts[3] != "team"):
        raise ValueError(f"'{text}' is not LEAD:OTHER:WINS/GAMES[:team]")
    wins, games = parts[2].split("/")
    if parts[0] not in RATED_LEVELS or parts[1] not in RATED_LEVELS:
        raise ValueError(f"'{text}': levels are {', '.join(RATED_LEVELS)}")
    return StrengthRow(parts[0], parts[1], float(wins), int(games), partner=len(parts) == 4)


def main(argv: list[str] | None = None) -> int:
    """`python -m game.ratings ROW...`: the fitted ratings, as the YAML's `ratings` section."""
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python -m game.ratings LEAD:OTHER:WINS/GAMES[:team] ...  (e.g. easy:random:67/100 hard:easy:75/100)")
        return 2
    try:
        rows = [parse_row(a) for a in args]
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    fitted = fit_levels(rows)
    print("ratings: {" + ", ".join(f"{lv}: {fitted.get(lv, DEFAULT_RATINGS[lv])}" for lv in RATED_LEVELS) + "}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
