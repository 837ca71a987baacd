"""The review of a finished match: where the coach would have played differently, by how much.

Every decision of the reviewed seats (the people's seats; one legal move is no decision) is
put to the coach (game/ai/coach.py) from that seat's view at that moment, the coach's move
measured against the move played in the same sampled worlds. A decision is listed when the
coach's move is better by a clear margin: at least CLEAR_CHANCE of chance to win, more than
CLEAR_SPREADS standard errors of the paired difference, and better in the game's own figure
too; the list goes biggest difference first.

The review is kept beside the match's record, `history/<match_id>.review.json` (the `records`
side exports and removes the two together), so it opens at once the next time. The file is
read as untrusted like every file of the player's: a damaged one, or one of another match or of
another length, is reported (`ReviewError`) and the review is made again. It is computed in a
process of its own (`ReviewJob`): a minute of search must not share the window's interpreter.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from game import userfiles
from game.ai.coach import Advice, advise, coach_seed
from game.engine.errors import TableeError
from game.engine.record import Record, RecordError, parse_text, rules_for
from game.records import REVIEW_SUFFIX

FORMAT = "tablee-review"
FORMAT_VERSION = 1
SUFFIX = REVIEW_SUFFIX
MAX_REVIEW_BYTES = 4_000_000
CLEAR_CHANCE = 0.03  # a listed decision: the coach's move at least 3 % likelier to win...
CLEAR_SPREADS = 2.0  # ...by more than two standard errors of the paired difference
REVIEW_WORLDS = 32  # the comparison's worlds per decision (the hard search itself keeps its level)


class ReviewError(TableeError):
    """A review file that cannot be used; the message names the file and the problem."""


@dataclass
class Review:
    """The listed decisions (`items`, biggest difference first) of `seats` in the match
    `match_id` of `actions` moves; `decisions` were examined, in `seconds` of CPU."""

    match_id: str
    game: str
    actions: int
    seats: list[int]
    decisions: int = 0
    items: list[Advice] = field(default_factory=list)
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "format_version": FORMAT_VERSION, "match_id": self.match_id, "game": self.game,
            "actions": self.actions, "seats": self.seats, "decisions": self.decisions,
            "seconds": round(self.seconds, 2), "items": [a.to_dict() for a in self.items],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_dict(cls, data: Any, source: str) -> Review:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ReviewError(f"{source}: not a Tablée review")
        if data.get("format_version") != FORMAT_VERSION:
            raise ReviewError(f"{source}: review format version {data.get('format_version')!r} is not supported")
        try:
            review = cls(
                match_id=_text(data["match_id"]), game=_text(data["game"]), actions=_count(data["actions"]),
                seats=[_count(s) for s in data["seats"]], decisions=_count(data.get("decisions", 0)),
                items=[Advice.from_dict(item) for item in data["items"]],
                seconds=float(data.get("seconds", 0.0)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ReviewError(f"{source}: damaged review ({str(exc)[:120] or type(exc).__name__})") from exc
        for item in review.items:
            if not 0 <= item.at < review.actions or item.other is None:
                raise ReviewError(f"{source}: damaged review (a decision at move {item.at + 1} of {review.actions})")
        return review


def _text(value: Any) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise TypeError("expected a short text")
    return value


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**7:
        raise TypeError("expected a count")
    return value


def review_path(record_path: Path) -> Path:
    """`<match_id>.review.json` beside the record `<match_id>.json`."""
    return record_path.with_name(record_path.stem + SUFFIX)


def read_review(path: Path, record: Record) -> Review | None:
    """The kept review of `record`, None when there is none; ReviewError when the file is
    damaged or belongs to another match (or to the match at another length)."""
    if not path.exists():
        return None
    try:
        raw = userfiles.read_bytes(path, MAX_REVIEW_BYTES)
        data = json.loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ReviewError(f"{path}: cannot be read ({str(exc)[:120] or type(exc).__name__})") from exc
    review = Review.from_dict(data, str(path))
    if review.match_id != record.match_id or review.actions != len(record.actions) or review.game != record.game:
        raise ReviewError(f"{path}: the review of another match")
    return review


def write_review(path: Path, review: Review) -> None:
    userfiles.write_atomic(path, review.to_json())


# ------------------------------------------------------------------------ the review
Tick = Callable[[int, int], None]


def decisions(record: Record, seats: list[int] | None = None) -> list[int]:
    """The moves of the record that are decisions of `seats` (default: the people's seats):
    the indices of their actions where more than one move was legal."""
    wanted = set(record.humans if seats is None else seats)
    rules = rules_for(record, "<review>")
    state = record.start_state(rules)
    out = []
    for index, (seat, text) in enumerate(record.actions):
        if seat in wanted and len(state.legal_actions(seat)) > 1:
            out.append(index)
        state.apply(seat, rules.parse_action(state, seat, text))
    return out


def review_match(record: Record, seats: list[int] | None = None, on_step: Tick | None = None, **budget: Any) -> Review:
    """The review of a finished match (RecordError when it cannot be replayed). `budget`
    goes to the coach (`advise`: iterations, seconds, worlds; tests make it small)."""
    started = time.process_time()
    reviewed = sorted(set(record.humans if seats is None else seats))
    rules = rules_for(record, "<review>")
    todo = set(decisions(record, reviewed))
    review = Review(record.match_id, record.game, len(record.actions), reviewed, decisions=len(todo))
    budget.setdefault("worlds", REVIEW_WORLDS)
    state = record.start_state(rules)
    done = 0
    if on_step is not None:
        on_step(0, len(todo))  # the total at once (the progress bar's)
    for index, (seat, text) in enumerate(record.actions):
        if index in todo:
            advice = advise(state, seat, seed=coach_seed(record.seed, index), at=index, against=text, **budget)
            if clearly_better(advice):
                review.items.append(advice)
            done += 1
            if on_step is not None:
                on_step(done, len(todo))
        state.apply(seat, rules.parse_action(state, seat, text))
    review.items.sort(key=lambda a: (-a.gain, -a.value_gain, a.at))
    review.seconds = time.process_time() - started
    return review


def clearly_better(advice: Advice) -> bool:
    """The coach's move beats the move played by a clear margin (see the module docstring)."""
    if advice.other is None or advice.other == advice.move:
        return False
    return advice.value_gain >= CLEAR_CHANCE and advice.value_gain > CLEAR_SPREADS * advice.spread and advice.gain > 0


# --------------------------------------------------------------- in the background
class ReviewJob:
    """A review computed in a process of its own: `poll()` gives the progress, then the review
    (written beside the record) or the problem; `close()` stops it at once."""

    def __init__(self, record: Record, path: Path | None, budget: dict[str, Any] | None = None) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a process running pygame
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_work, args=(child, record.to_json(), str(path) if path else None, budget or {}),
                                       name="tablee-review", daemon=True)
        self.process.start()
        child.close()
        self.done, self.total = 0, 0
        self.review: Review | None = None
        self.problem: str | None = None

    @property
    def finished(self) -> bool:
        return self.review is not None or self.problem is not None

    def poll(self) -> bool:
        """Take what arrived (never waits); True when something did."""
        arrived = False
        try:
            while not self.finished and self.conn.poll():
                kind, *rest = self.conn.recv()
                arrived = True
                if kind == "step":
                    self.done, self.total = rest
                elif kind == "done":
                    self.review = Review.from_dict(json.loads(rest[0]), "<review>")
                else:
                    self.problem = str(rest[0])
        except (EOFError, OSError, ValueError, TypeError) as exc:
            self.problem = self.problem or f"the review stopped ({exc!r:.80})"
            arrived = True
        if not self.finished and not self.process.is_alive() and not self.conn.poll():
            self.problem = "the review stopped"
            arrived = True
        return arrived

    def close(self) -> None:
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(timeout=0.5)
            if self.process.is_alive():
                self.process.kill()
                self.process.join(timeout=0.5)
        with contextlib.suppress(OSError):
            self.conn.close()


def _work(conn: Connection, text: str, path: str | None, budget: dict[str, Any]) -> None:
    from game.botworker import lower_priority

    lower_priority()
    try:
        record = parse_text(text, "<review>")
        review = review_match(record, on_step=lambda done, total: conn.send(("step", done, total)), **budget)
        if path is not None:
            with contextlib.suppress(OSError):  # a read-only folder: the review is shown, not kept
                write_review(Path(path), review)
        conn.send(("done", json.dumps(review.to_dict())))
    except (RecordError, TableeError) as exc:
        conn.send(("error", str(exc)))
    except (EOFError, OSError):  # the window closed the pipe
        return
    except Exception as exc:  # noqa: BLE001 - said on screen; the app goes on
        with contextlib.suppress(EOFError, OSError):
            conn.send(("error", repr(exc)[:200]))
