"""Match records: the whole match as data (game, data version, seed, options, seats, actions).

Saves, autosaves, undo, replays and bug reports are all this one record. It is JSON, versioned
and readable by a person (one action per line). Loading never trusts the file: every field is
type-checked and every action is replayed through the engine and must be legal at its point, so
a truncated, corrupted or hand-edited record is refused with the file and the first problem.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from game import userfiles
from game.engine import registry
from game.engine.errors import IllegalAction, OptionError, TableeError
from game.engine.events import Event
from game.engine.rules import Rules
from game.engine.state import State
from game.textclean import MAX_NAME, clean_name

FORMAT = "tablee-record"
FORMAT_VERSION = 1
SEAT_KINDS = ("human", "bot")
MAX_RECORD_BYTES = 20_000_000  # far above any real match; refuses absurd files before parsing
MAX_INT = 10**18  # seeds, versions, player counts: anything larger is not a real record


class RecordError(TableeError):
    """A record that cannot be loaded; the message names the file and the first problem."""

    def __init__(self, source: str, problem: str, action_index: int | None = None):
        super().__init__(f"{source}: {problem}")
        self.source = source
        self.problem = problem
        self.action_index = action_index


@dataclass
class SeatInfo:
    """Who sits at a seat: a name, human or bot, and the bot's name and level."""

    name: str
    kind: str = "human"
    bot: str | None = None
    level: str | None = None

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.kind == "bot":
            data["bot"] = self.bot
            data["level"] = self.level
        return data


@dataclass
class Record:
    """A match as data. `actions` are (seat, action text) pairs in the order they were applied."""

    game: str
    version: int
    seed: int
    players: int
    options: dict[str, Any]
    seats: list[SeatInfo]
    actions: list[tuple[int, str]] = field(default_factory=list)
    practice: bool = False
    match_id: str = ""
    created: str = ""
    updated: str = ""
    undos: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    coached: list[int] = field(default_factory=list)  # seats that asked the coach for a hint
    network: bool = False  # hosted on the network by this computer (omitted when false)
    seconds: int = 0  # time spent at the table on this match (pauses over 5 minutes count as 5)
    # Which write of the record its autosave journal belongs to: every whole write gets a new
    # id, every journal line carries the id of the write it follows, and lines of another id
    # (a journal the crash left behind a newer write, an undo's) are ignored.
    journal_id: str = ""
    # Not saved: the autosave journal whose last lines were dropped (cut short by a crash, or
    # damaged), how many complete lines were dropped, and where the journal's moves start.
    journal_problem: str | None = field(default=None, compare=False)
    journal_dropped: int = field(default=0, compare=False)
    journal_from: int | None = field(default=None, compare=False)

    # ----------------------------------------------------------------- building
    @classmethod
    def new(
        cls,
        rules: Rules,
        players: int,
        seed: int,
        options: dict[str, Any] | None,
        seats: list[SeatInfo],
        practice: bool = False,
    ) -> Record:
        """A record for a match about to start (options checked and completed by the rules)."""
        if len(seats) != players:
            raise OptionError(f"{len(seats)} seat descriptions for {players} players")
        checked = rules.check_options(dict(options or {}), players)
        now = timestamp()
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        match_id = f"{stamp}-{rules.game_id}-{os.urandom(3).hex()}"
        return cls(rules.game_id, rules.version, seed, players, checked, seats, [], practice, match_id, now, now)

    def start_state(self, rules: Rules) -> State:
        return rules.new_state(self.players, seed=self.seed, options=dict(self.options))

    @property
    def humans(self) -> list[int]:
        return [s for s, info in enumerate(self.seats) if info.is_human]

    def copy(self) -> Record:
        return Record.from_dict(self.to_dict(), "<copy>")

    # ------------------------------------------------------------------- format
    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "match_id": self.match_id,
            "game": self.game,
            "version": self.version,
            "seed": self.seed,
            "players": self.players,
            "options": self.options,
            "practice": self.practice,
            "seats": [s.to_dict() for s in self.seats],
            "created": self.created,
            "updated": self.updated,
            "result": self.result,
            "undos": self.undos,
            "journal": self.journal_id,
            "actions": [{"seat": seat, "action": text} for seat, text in self.actions],
        }
        if self.coached:  # omitted when no seat asked (older records read as none)
            data["coached"] = sorted(self.coached)
        if self.network:
            data["network"] = True
        if self.seconds:
            data["seconds"] = self.seconds
        return data

    def to_json(self) -> str:
        """JSON with one field, one seat and one action per line, so a person can read and diff it."""
        parts = []
        for key, value in self.to_dict().items():
            if isinstance(value, list) and value:
                items = ",\n    ".join(json.dumps(v, ensure_ascii=False) for v in value)
                parts.append(f"  {json.dumps(key)}: [\n    {items}\n  ]")
            else:
                parts.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
        return "{\n" + ",\n".join(parts) + "\n}\n"

    @classmethod
    def from_dict(cls, data: Any, source: str) -> Record:
        """Type-check a parsed record; the first problem raises RecordError naming `source`."""
        check = _Checker(source)
        if not isinstance(data, dict):
            raise RecordError(source, f"not a Tablée record (expected a JSON object, found {_kind(data)})")
        if data.get("format") != FORMAT:
            raise RecordError(source, f"not a Tablée record (expected \"format\": \"{FORMAT}\")")
        fmt = check.integer(data, "format_version")
        if fmt != FORMAT_VERSION:
            raise RecordError(source, f"record format version {fmt} is not supported (this Tablée reads version {FORMAT_VERSION})")
        game = check.string(data, "game")
        version = check.integer(data, "version")
        seed = check.integer(data, "seed")
        players = check.integer(data, "players")
        options = check.typed(data, "options", dict, "an object")
        seats_data = check.typed(data, "seats", list, "a list")
        if len(seats_data) != players:
            raise RecordError(source, f"'seats' lists {len(seats_data)} seats for {players} players")
        seats = [check.seat(s, i) for i, s in enumerate(seats_data)]
        actions_data = check.typed(data, "actions", list, "a list")
        actions = [check.action(a, i, players) for i, a in enumerate(actions_data)]
        practice = data.get("practice", False)
        if not isinstance(practice, bool):
            raise RecordError(source, f"'practice' must be true or false (found {practice!r})")
        undos = data.get("undos", [])
        if not isinstance(undos, list) or not all(isinstance(u, dict) for u in undos):
            raise RecordError(source, "'undos' must be a list of objects")
        result = data.get("result")
        if result is not None and not _good_result(result, players):
            raise RecordError(
                source, "'result' must be null or an object with over (true/false), scores (numbers) and winners (seats)"
            )
        extra = {k: check.opt_string(data, k) for k in ("match_id", "created", "updated")}
        if extra["match_id"] and not userfiles.is_safe_id(extra["match_id"]):
            raise RecordError(source, "'match_id' must be letters, digits, - and _ only (it names the file)")
        journal_id = check.opt_string(data, "journal")
        coached = data.get("coached", [])
        if not isinstance(coached, list) or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players for s in coached
        ):
            raise RecordError(source, f"'coached' must be a list of seats from 0 to {players - 1}")
        network = data.get("network", False)
        if not isinstance(network, bool):
            raise RecordError(source, f"'network' must be true or false (found {network!r})")
        seconds = data.get("seconds", 0)
        if not isinstance(seconds, int) or isinstance(seconds, bool) or not 0 <= seconds <= MAX_INT:
            raise RecordError(source, f"'seconds' must be a whole number of seconds (found {seconds!r:.40})")
        return cls(game, version, seed, players, options, seats, actions, practice, match_id=extra["match_id"],
                   created=extra["created"], updated=extra["updated"], undos=undos, result=result, journal_id=journal_id,
                   coached=sorted(set(coached)), network=network, seconds=seconds)

    def new_journal_id(self) -> str:
        """Start a new whole write: the journal lines written before it no longer belong to it."""
        self.journal_id = os.urandom(6).hex()
        return self.journal_id


class _Checker:
    """Field checks that stop at the first problem with a message naming the field."""

    def __init__(self, source: str):
        self.source = source

    def fail(self, problem: str) -> RecordError:
        return RecordError(self.source, problem)

    def typed(self, data: dict[str, Any], key: str, kind: type, expected: str) -> Any:
        if key not in data:
            raise self.fail(f"'{key}' is missing")
        value = data[key]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise self.fail(f"'{key}' must be {expected} (found {_kind(value)})")
        return value

    def integer(self, data: dict[str, Any], key: str) -> int:
        value = self.typed(data, key, int, "a whole number")
        if not -MAX_INT <= value <= MAX_INT:
            raise self.fail(f"'{key}' is out of range (expected a whole number of at most 18 digits)")
        return value

    def string(self, data: dict[str, Any], key: str) -> str:
        return self.typed(data, key, str, "a text")

    def opt_string(self, data: dict[str, Any], key: str) -> str:
        value = data.get(key, "")
        if not isinstance(value, str):
            raise self.fail(f"'{key}' must be a text (found {_kind(value)})")
        return value

    def seat(self, data: Any, index: int) -> SeatInfo:
        where = f"seat {index}"
        if not isinstance(data, dict):
            raise self.fail(f"{where} must be an object with name and kind (found {_kind(data)})")
        name, kind = data.get("name"), data.get("kind", "human")
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise self.fail(f"{where}: 'name' must be a text of at most {MAX_NAME} characters (found {_kind(name)})")
        if kind not in SEAT_KINDS:
            raise self.fail(f"{where}: 'kind' must be human or bot (found {kind!r})")
        bot, level = data.get("bot"), data.get("level")
        if kind == "bot" and not (isinstance(bot, str) and isinstance(level, str)):
            raise self.fail(f"{where}: a bot seat needs 'bot' and 'level' texts")
        # the name is cleaned here, where it enters: every screen and the command line can show it
        return SeatInfo(clean_name(name), kind, bot if kind == "bot" else None, level if kind == "bot" else None)

    def action(self, data: Any, index: int, players: int) -> tuple[int, str]:
        where = f"action {index + 1}"
        if not isinstance(data, dict):
            raise RecordError(self.source, f"{where} must be an object with seat and action (found {_kind(data)})", index)
        seat, text = data.get("seat"), data.get("action")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise RecordError(self.source, f"{where}: 'seat' must be a seat from 0 to {players - 1} (found {seat!r})", index)
        if not isinstance(text, str):
            raise RecordError(self.source, f"{where}: 'action' must be a text (found {_kind(text)})", index)
        return seat, text


def _good_result(result: Any, players: int) -> bool:
    """The stored outcome has the shape `result_of` writes (menus read it without replaying)."""
    if not isinstance(result, dict):
        return False
    over, scores, winners = result.get("over", False), result.get("scores", []), result.get("winners", [])
    numbers = isinstance(scores, list) and len(scores) <= players and all(
        isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) <= MAX_INT for v in scores
    )
    seats = isinstance(winners, list) and all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v < players for v in winners
    )
    return isinstance(over, bool) and numbers and seats


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the text {value[:40]!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def timestamp() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


# ------------------------------------------------------------------------ replay
@dataclass
class Replay:
    """A record played through the engine: the final state and the events of every action."""

    record: Record
    rules: Rules
    state: State
    events: list[list[Event]]


def rules_for(record: Record, source: str) -> Rules:
    """The rules the record was played with, or RecordError (unknown game, other data version)."""
    try:
        rules = registry.load(record.game)
    except TableeError as exc:
        raise RecordError(source, str(exc).splitlines()[0]) from exc
    if rules.version != record.version:
        raise RecordError(
            source,
            f"the record was played with {record.game} data version {record.version}, "
            f"this Tablée has version {rules.version}",
        )
    return rules


def replay(record: Record, source: str = "<record>", upto: int | None = None, check_result: bool = True) -> Replay:
    """Replay the first `upto` actions (all by default), checking each one is legal at its point."""
    rules = rules_for(record, source)
    try:
        state = record.start_state(rules)
    except (OptionError, TableeError) as exc:
        raise RecordError(source, f"the match cannot be set up: {exc}") from exc
    actions = record.actions if upto is None else record.actions[:upto]
    all_events: list[list[Event]] = []
    for index, (seat, text) in enumerate(actions):
        try:
            action = rules.parse_action(state, seat, text)
            all_events.append(state.apply(seat, action))
        except IllegalAction as exc:
            raise RecordError(source, f"action {index + 1} (seat {seat}: '{text[:80]}') is not legal: {exc.message}", index) from exc
        except Exception as exc:  # noqa: BLE001 - a file must never crash its reader: its message instead
            raise RecordError(source, f"action {index + 1} (seat {seat}: '{text[:80]}') cannot be replayed ({exc!r:.100})", index) from exc
    if check_result and upto is None and record.result is not None:
        _check_result(record, state, source)
    return Replay(record, rules, state, all_events)


def replay_kept(record: Record, source: str) -> Replay:
    """`replay` a record read from disk, where a journal move that cannot be replayed (an edited
    or damaged line) ends the journal there: every move before it is kept and
    `record.journal_dropped` says how many were dropped. A damaged record itself is a RecordError."""
    try:
        return replay(record, source)
    except RecordError as exc:
        at = exc.action_index
        if at is None or record.journal_from is None or at < record.journal_from:
            raise
        record.journal_problem = record.journal_problem or f"{source}: {exc.problem}"
        record.journal_dropped += len(record.actions) - at
        record.actions = record.actions[:at]
        record.result = None  # it was the dropped line's
        return replay(record, source)


def result_of(state: State) -> dict[str, Any]:
    """The summary stored in a record so a reader sees the outcome without replaying."""
    return {"over": state.is_over(), "scores": list(state.scores()), "winners": list(state.winners())}


def _check_result(record: Record, state: State, source: str) -> None:
    assert record.result is not None
    actual = result_of(state)
    for key in ("over", "scores", "winners"):
        if key in record.result and record.result[key] != actual[key]:
            raise RecordError(
                source, f"the recorded result says {key} = {record.result[key]!r} but the actions give {actual[key]!r}"
            )


def parse_text(text: str, source: str) -> Record:
    """A record from JSON text; malformed JSON names the line and column."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(source, f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}); the file may be truncated") from exc
    except RecursionError as exc:
        raise RecordError(source, "not a Tablée record (nested too deeply)") from exc
    except ValueError as exc:  # a number too long for int(), a lone surrogate...
        raise RecordError(source, f"not a Tablée record (a number or text cannot be read: {userfiles.reason(exc)[:80]})") from exc
    try:
        return Record.from_dict(data, source)
    except RecursionError as exc:
        raise RecordError(source, "not a Tablée record (nested too deeply)") from exc


def read_record(path: Path) -> Record:
    """Read and type-check a record file (no replay); the file is never modified."""
    source = str(path)
    try:
        raw = userfiles.read_bytes(path, MAX_RECORD_BYTES)
    except OSError as exc:
        raise RecordError(source, f"cannot be read ({exc.strerror or exc})") from exc
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(source, f"not a text file (invalid UTF-8 at byte {exc.start}); the file may be corrupted") from exc
    try:
        record = parse_text(text, source)
        journal = journal_path(path)
        if journal.exists():
            read_journal(record, journal)
    except RecordError:
        raise
    except Exception as exc:  # noqa: BLE001 - a file must never crash its reader: its message instead
        raise RecordError(source, f"cannot be read ({exc!r:.100})") from exc
    return record


# ----------------------------------------------------------------------- journal
JOURNAL_SUFFIX = ".moves"


def journal_path(path: Path) -> Path:
    """The autosave journal beside a record: `<id>.moves`, one JSON line per move played since
    the record was last written whole (appending a line costs the same at move 5 and move 500)."""
    return path.with_suffix(JOURNAL_SUFFIX)


def journal_line(index: int, seat: int, text: str, result: dict[str, Any] | None, updated: str, of: str = "") -> str:
    """One journal line: the move number `index` (0-based), the move, the result and time after
    it, and `of`, the id of the record write the line follows (Record.journal_id)."""
    data = {"at": index, "seat": seat, "action": text, "result": result, "updated": updated, "of": of}
    return json.dumps(data, ensure_ascii=False) + "\n"


class _BadLine(ValueError):
    pass


def _journal_move(line: str, record: Record, check: _Checker, number: int) -> tuple[int, int, str, dict[str, Any]] | None:
    """The move of one journal line, None for a line of another write of the record (or already
    in it); _BadLine when the line is damaged."""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError) as exc:
        raise _BadLine(f"line {number} is not a move ({userfiles.reason(exc)[:80] or type(exc).__name__})") from exc
    if not isinstance(data, dict) or isinstance(data.get("at"), bool) or not isinstance(data.get("at"), int):
        raise _BadLine(f"line {number} must be an object with at, seat and action")
    if data.get("of", "") != record.journal_id:
        return None  # written before the record's last whole write (an undo, a resume)
    try:
        seat, action = check.action(data, 0, record.players)
    except RecordError as exc:
        raise _BadLine(f"line {number}: {exc.problem}") from exc
    if data["at"] < len(record.actions):
        return None  # already in the record
    if data["at"] > len(record.actions):
        raise _BadLine(f"line {number} is move {data['at'] + 1}, but the moves before it end at {len(record.actions)}")
    return data["at"], seat, action, data


MAX_JOURNAL_LINE = 64 * 1024  # a move's line is a few hundred bytes; a longer one is damage
SKIP_CHUNK = 1 << 20  # the rest of a damaged journal is read in pieces of this size, never whole


def read_journal(record: Record, journal: Path) -> None:
    """Add the journal's moves to `record`, reading it as a stream, one line at a time (never
    more than MAX_JOURNAL_LINE bytes of it in memory), so a damaged or oversized tail drops only
    itself. Reading stops at the first damaged line (cut short by a crash in mid-append, too
    long, or edited): every move before it is kept, `journal_problem` names the file and
    `journal_dropped` counts the complete lines dropped (the app says it in the player's
    language). Lines of another write of the record are ignored."""
    source = str(journal)
    try:
        handle = userfiles.open_regular(journal)
    except OSError as exc:
        raise RecordError(source, f"cannot be read ({exc.strerror or exc})") from exc
    check = _Checker(source)
    record.journal_from = len(record.actions)
    with handle:
        number = 0
        while True:
            raw = handle.readline(MAX_JOURNAL_LINE + 1)
            if not raw:
                return
            number += 1
            problem: str | None = None
            if not raw.endswith(b"\n"):
                if len(raw) <= MAX_JOURNAL_LINE or not _skip_line(handle):
                    if raw.strip():
                        record.journal_problem = source  # the last line, cut short: the app says it
                    return
                problem = f"line {number} is longer than {MAX_JOURNAL_LINE // 1024} kB"
            else:
                try:
                    move = _journal_move(raw[:-1].decode("utf-8", errors="replace"), record, check, number)
                except _BadLine as exc:
                    problem = str(exc)
            if problem is not None:
                record.journal_problem = f"{source}: {problem}"
                record.journal_dropped = 1 + _complete_lines(handle)
                return
            if move is None:
                continue
            _, seat, action, data = move
            record.actions.append((seat, action))
            result = data.get("result")
            if result is None or _good_result(result, record.players):
                record.result = result
            if isinstance(data.get("updated"), str):
                record.updated = data["updated"]


def _skip_line(handle: BinaryIO) -> bool:
    """Read past the end of an oversized line in pieces; False when the file ended first."""
    while True:
        chunk = handle.read(SKIP_CHUNK)
        if not chunk:
            return False
        at = chunk.find(b"\n")
        if at >= 0:
            handle.seek(at + 1 - len(chunk), os.SEEK_CUR)
            return True


def _complete_lines(handle: BinaryIO) -> int:
    """How many newline-ended lines are left, counted in pieces."""
    count = 0
    while chunk := handle.read(SKIP_CHUNK):
        count += chunk.count(b"\n")
    return count


def load(path: Path) -> Replay:
    """Read, type-check and replay a record file: the one way the app and the CLI open records."""
    return replay_kept(read_record(path), str(path))


def bot_seats(specs: list[str]) -> list[SeatInfo]:
    """Seat descriptions for bot specs such as 'random' or 'ismcts:hard'."""
    seats = []
    for seat, spec in enumerate(specs):
        name, _, level = spec.strip().partition(":")
        seats.append(SeatInfo(f"{name} {seat + 1}", "bot", name, level or "medium"))
    return seats


def replay_summary(played: Replay, path: Path | None = None) -> dict[str, Any]:
    """What `replay --json` prints: the record's identity and the replayed outcome."""
    record, state = played.record, played.state
    return {
        "file": str(path) if path is not None else None,
        "game": record.game,
        "version": record.version,
        "seed": record.seed,
        "players": record.players,
        "seats": [s.to_dict() for s in record.seats],
        "actions": len(record.actions),
        "undos": len(record.undos),
        "coached": list(record.coached),
        "over": state.is_over(),
        "scores": list(state.scores()),
        "winners": list(state.winners()),
    }
