"""Lessons: a guided first match of a game, as data (game/games/<game>/lesson.yaml).

A lesson is a prepared deal (player count, seed, options with the `deck` stacked, who starts)
and a list of steps in the order they happen: an explanation to read, a move the learner is
asked to make (with its instruction, its hint when another move is tried, and what it did),
or a move another seat plays by the script. Every text exists in French and English. The
file is validated when it loads like the game data (file, line, what was expected), and
`check_lesson` replays its script against the rules, so a rules change that breaks a lesson
fails `tablee validate` and the suite. The table plays it (scenes/table/lesson.py); how to
write one: docs/lessons.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from game import languages
from game.engine import registry
from game.engine.actions import normalize_action_text
from game.engine.errors import GameUnavailable, IllegalAction, OptionError
from game.engine.rules import Rules
from game.engine.schema import (
    INVALID,
    Any_,
    Context,
    DataError,
    DictOf,
    Enum,
    Int,
    ListOf,
    Map,
    Problem,
    Spec,
    Str,
    Where,
    did_you_mean,
    read_yaml,
    validate_node,
)
from game.languages import per_language

LESSON_FILE = registry.LESSON_FILE
FORMAT = 1  # the file's `lesson:` number
MAX_TEXT = 320  # characters of one bubble's text: one or two sentences
GESTURE = re.compile(r"^(click|drag|key|press) \S.*$")
SPOT = re.compile(r"^(?:[a-z][a-z0-9_]*(?::(?:me|\d+))?(?:#\d+)?|button:[a-z0-9_ ]+)$")  # region (loot_5), of a seat, its Nth card; a button
MOMENTS = ("tally", "reveal")  # table moments a step may be shown over (scenes/table/anim.py kinds)
OTHER_MOVE = re.compile(r"^(?P<seat>\d+): *(?P<move>\S.*)$")  # "1: draw": seat 1 plays 'draw'


def _short(value: Any) -> str | None:
    if isinstance(value, str) and len(value) > MAX_TEXT:
        return f"is {len(value)} characters long (expected at most {MAX_TEXT}: one or two sentences in a bubble)"
    return None


_TEXT = per_language(Where(Str(), _short))  # English required; every language the game speaks (check_lesson)


class _Spots(Spec):
    """One spot or a list of them: 'deck', 'village:me', 'village:1#3' (its 3rd card)."""

    expected = "a region name (zone, zone:me, zone:<seat>, with #<card> for one of its cards) or a list of them"

    def _check(self, node, ctx, path):
        many = isinstance(node, yaml.SequenceNode)
        value = ListOf(Str()).check(node, ctx, path) if many else Str().check(node, ctx, path)
        if value is INVALID:
            return INVALID
        spots = [s for s in (value if many else [value]) if s is not INVALID]
        for spot in spots:
            if not SPOT.match(spot):
                ctx.error(node, f"{'.'.join(map(str, path))}: '{spot}' is not a spot (expected {self.expected})")
                return INVALID
        return tuple(spots)


def _gesture(value: Any) -> str | None:
    if isinstance(value, str) and not GESTURE.match(value):
        return f"'{value}' is not a gesture (expected 'click SPOT', 'drag SPOT SPOT', 'key NAME' or 'press ACTION')"
    return None


def _other_move(value: Any) -> str | None:
    if isinstance(value, str) and not OTHER_MOVE.match(value):
        return f"'{value}' is not another seat's move (expected '<seat>: <action>', such as '1: draw')"
    return None


_STEP = Map(
    {
        "others": ListOf(Where(Str(), _other_move), min_len=1),  # the other seats' moves, played first
        "say": _TEXT,  # then shown: an explanation (no move), or the instruction of the learner's move
        "do": Str(),  # the learner's move (its action text)
        "point": _Spots(),  # what the bubble points at and lights
        "then_point": _Spots(),  # what the `then` bubble points at, when not `point` (what the move changed)
        "hint": _TEXT,  # said when the learner tries another move
        "then": _TEXT,  # after the move: what happened and why it matters
        "input": ListOf(Where(Str(), _gesture), min_len=1),  # how `--check` makes the move, if not the usual way
        "totals": ListOf(Int()),  # every seat's running total once this step is played (checked)
        "during": Enum(*MOMENTS),  # shown over that moment of the table (with `do`: the one the move brings), held until the learner moves on
    },
    optional={"during": None, "others": [], "say": None, "do": None, "point": (), "then_point": None, "hint": None, "then": None, "input": None, "totals": None},
)

SCHEMA = Map(
    {
        "lesson": Int(min=FORMAT, max=FORMAT),
        "game": Str(),
        "title": _TEXT,
        "players": Int(min=1, max=16),
        "learner": Int(min=0, max=15),
        "names": ListOf(_TEXT),  # the other seats' names, in seat order (the learner's left out)
        "seed": Int(min=0),
        "deal": Map({"start_seat": Int(min=0, max=15), "deck": Any_(), "options": DictOf(Any_())},
                    optional={"start_seat": None, "deck": None, "options": {}}),
        "steps": ListOf(_STEP, min_len=1),
    },
    optional={"learner": 0, "seed": 1},
)


READING_WORDS_PER_MINUTE = 180  # an adult reading while looking at the table (silent reading: about 240)
SECONDS_PER_MOVE = 8  # finding the card or button the step names, and making the move
SECONDS_PER_STEP = 2  # looking at what the bubble lights, pressing Space


@dataclass(frozen=True)
class Step:
    """One step of a lesson (see the module docstring); `line`: where it starts in its file."""

    index: int
    line: int
    others: tuple[tuple[int, str], ...] = ()  # (seat, action) played before the step shows
    say: dict[str, str] | None = None
    move: str | None = None  # the learner's move (None: a step to read)
    point: tuple[str, ...] = ()
    hint: dict[str, str] | None = None
    then: dict[str, str] | None = None
    inputs: tuple[str, ...] | None = None
    totals: tuple[int, ...] | None = None
    during: str | None = None  # a table moment (an animation step kind) the step is shown over (a move's: its `then`)
    then_point: tuple[str, ...] | None = None  # what the `then` text points at (None: `point`)

    def spots(self, after: bool = False) -> tuple[str, ...]:
        """What the bubble points at: before the move `point`; after it (`then`) `then_point`
        when given (the played card has left the hand, the move changed the table)."""
        return self.then_point if after and self.then_point is not None else self.point

    def text(self, part: str, lang: str) -> str:
        """`say`, `hint` or `then` in `lang`, else in English ('' when the step has none)."""
        texts = getattr(self, part)
        return str(texts.get(lang) or texts.get(languages.REFERENCE) or "") if texts else ""


@dataclass
class Lesson:
    game_id: str
    path: Path
    title: dict[str, str]
    players: int
    learner: int
    names: list[dict[str, str]]
    seed: int
    options: dict[str, Any]  # the game's options, `deck` and `start_seat` included
    steps: list[Step] = field(default_factory=list)

    def learner_steps(self) -> list[Step]:
        """The steps that wait for the learner's move."""
        return [s for s in self.steps if s.move is not None]

    def words(self, lang: str) -> int:
        """The words the learner reads in `lang` (every `say` and `then`; a hint only if refused)."""
        return sum(len(step.text(part, lang).split()) for step in self.steps for part in ("say", "then"))

    def estimated_minutes(self, lang: str) -> float:
        """How long a first-time player takes, from the lesson's own length: its words read at a
        learner's pace, a while to find and make each move, a moment at each step. An estimate
        to keep a lesson near its target (5-8 minutes), not a measurement of a person."""
        seconds = self.words(lang) / READING_WORDS_PER_MINUTE * 60
        seconds += len(self.learner_steps()) * SECONDS_PER_MOVE + len(self.steps) * SECONDS_PER_STEP
        return round(seconds / 60, 1)

    def name(self, seat: int, lang: str) -> str:
        """The name of another seat (its position among the others, in seat order)."""
        others = [s for s in range(self.players) if s != self.learner]
        texts = self.names[others.index(seat)] if seat in others and others.index(seat) < len(self.names) else {}
        return str(texts.get(lang) or texts.get(languages.REFERENCE) or "")


def lesson_path(game_id: str) -> Path:
    """Where a game's lesson lives, as its declaration says (the file may not exist: not every
    game has one); GameUnavailable for an unknown game."""
    return registry.declaration(game_id).lesson_path()


def has_lesson(game_id: str) -> bool:
    try:
        return lesson_path(game_id).is_file()
    except GameUnavailable:
        return False


def lesson_games() -> list[str]:
    """The registered games that have a lesson, in the menu's order."""
    return [g for g in registry.GAMES if has_lesson(g)]


def load_lesson(game_id: str | None, path: Path | None = None, check: bool = True) -> Lesson:
    """The lesson of `game_id` (from its package, or `path`; game_id None: the game its file
    names), validated and, with `check`, its script replayed against the rules. DataError
    lists every problem with its line."""
    if path is None:
        assert game_id is not None, "a lesson is found by its game or its path"
        path = lesson_path(game_id)
    ctx = Context(str(path))
    node = read_yaml(path, ctx)
    data = validate_node(node, SCHEMA, ctx) if node is not None else None
    if ctx.problems or not isinstance(data, dict):
        raise DataError(ctx.problems)
    lesson = _build(game_id, path, data, ctx)
    if lesson is None or ctx.problems:
        raise DataError(ctx.problems)
    if check:
        problems = check_lesson(lesson)
        if problems:
            raise DataError(problems)
    return lesson


def _build(game_id: str | None, path: Path, data: dict[str, Any], ctx: Context) -> Lesson | None:
    if data["game"] not in registry.GAMES:
        ctx.error_at(("game",), f"game is '{data['game']}' (expected one of: {', '.join(registry.GAMES)}{did_you_mean(data['game'], registry.GAMES)})")
        return None
    if game_id is not None and data["game"] != game_id:
        ctx.error_at(("game",), f"game is '{data['game']}' (expected '{game_id}' for this file{did_you_mean(data['game'], registry.GAMES)})")
        return None
    players, learner = data["players"], data["learner"]
    if learner >= players:
        ctx.error_at(("learner",), f"learner is seat {learner} (expected a seat from 0 to {players - 1})")
    if len(data["names"]) != players - 1:
        ctx.error_at(("names",), f"names has {len(data['names'])} names (expected one per other seat: {players - 1})")
    deal = data["deal"]
    options = dict(deal["options"])
    for reserved in ("deck", "start_seat"):
        if reserved in options:
            ctx.error_at(("deal", "options", reserved), f"deal.options sets {reserved} (expected it as deal.{reserved})")
    if deal["deck"] is not None:
        options["deck"] = deal["deck"]
    if deal["start_seat"] is not None:
        options["start_seat"] = deal["start_seat"]
    steps = []
    for i, raw in enumerate(data["steps"]):
        line = ctx.lines.get(("steps", i), 1)
        others = []
        for k, text in enumerate(raw["others"]):
            found = OTHER_MOVE.match(text) if isinstance(text, str) else None
            if found is None:
                continue
            seat = int(found.group("seat"))
            if seat == learner or seat >= players:
                ctx.error_at(("steps", i, "others", k), f"steps.{i}.others: '{text}' is played by seat {seat} (expected another seat than the learner's {learner}, from 0 to {players - 1})")
            others.append((seat, found.group("move").strip()))
        if raw["do"] is None and raw["say"] is None:
            ctx.error_at(("steps", i), f"steps.{i} has neither 'say' nor 'do' (expected an explanation, a move, or both)")
        if raw["do"] is not None:
            for need in ("say", "hint"):
                if raw[need] is None:
                    ctx.error_at(("steps", i), f"steps.{i} asks the learner for '{raw['do']}' without '{need}' (expected the instruction in 'say' and the kind refusal in 'hint')")
        else:
            for key in ("hint", "input", "then", "then_point"):
                if raw[key] is not None:
                    ctx.error_at(("steps", i, key), f"steps.{i} has '{key}' but asks the learner for no move (expected it only with 'do')")
        if raw["then_point"] is not None and raw["do"] is not None and raw["then"] is None:
            ctx.error_at(("steps", i, "then_point"), f"steps.{i} has 'then_point' but no 'then' (expected the text it points for)")
        if raw["totals"] is not None and len(raw["totals"]) != players:
            ctx.error_at(("steps", i, "totals"), f"steps.{i}.totals has {len(raw['totals'])} numbers (expected one per seat: {players})")
        steps.append(Step(i, line, tuple(others), raw["say"], raw["do"], tuple(raw["point"]), raw["hint"], raw["then"],
                          tuple(raw["input"]) if raw["input"] is not None else None,
                          tuple(raw["totals"]) if raw["totals"] is not None else None, raw["during"],
                          tuple(raw["then_point"]) if raw["then_point"] is not None else None))
    if not any(s.move is not None for s in steps):
        ctx.error_at(("steps",), "steps ask the learner for no move (expected at least one step with 'do')")
    return Lesson(data["game"], path, data["title"], players, learner, data["names"], data["seed"], options, steps)


def lesson_rules(lesson: Lesson) -> Rules:
    return registry.load(lesson.game_id)


def new_lesson_state(lesson: Lesson) -> Any:
    """The lesson's match before its first step (OptionError when the deal is refused)."""
    return lesson_rules(lesson).new_state(lesson.players, seed=lesson.seed, options=dict(lesson.options))


def check_lesson(lesson: Lesson) -> list[Problem]:
    """Replay the script against the rules: the deal is accepted, each move is legal for its
    seat when its step comes (the seat must be one that acts now), and the totals a step names
    are the match's. The first problem stops the replay (what follows depends on it)."""
    file = str(lesson.path)
    try:
        rules = lesson_rules(lesson)
        state = new_lesson_state(lesson)
    except (GameUnavailable, OptionError) as exc:
        return [Problem(file, 1, f"the deal is refused: {exc}")]
    missing = _untranslated(lesson, rules)
    if missing:
        return missing
    for step in lesson.steps:
        where = f"steps.{step.index}"
        moves = [(seat, text, f"{where}.others") for seat, text in step.others]
        if step.move is not None:
            moves.append((lesson.learner, step.move, f"{where}.do"))
        for seat, text, place in moves:
            problem = _play(rules, state, seat, text)
            if problem:
                return [Problem(file, step.line, f"{place}: {problem}")]
        if step.totals is not None and list(step.totals) != list(state.scores()):
            return [Problem(file, step.line, f"{where}: totals are {list(step.totals)} but the match has {list(state.scores())} (expected the match's running totals)")]
    return []


def _untranslated(lesson: Lesson, rules: Rules) -> list[Problem]:
    """The texts of the lesson missing a language its game speaks (the game's YAML has texts in it)."""
    spoken = [code for code, texts in (rules.data.get("text") or {}).items() if texts]
    out = []
    where: list[tuple[str, int, dict[str, str] | None]] = [("title", 1, lesson.title)]
    where += [(f"names.{i}", 1, n) for i, n in enumerate(lesson.names)]
    where += [(f"steps.{s.index}.{part}", s.line, getattr(s, part)) for s in lesson.steps for part in ("say", "hint", "then")]
    for name, line, texts in where:
        lacking = [code for code in spoken if texts is not None and not texts.get(code)]
        if lacking:
            out.append(Problem(str(lesson.path), line, f"{name} has no {', '.join(lacking)} text (expected every language {lesson.game_id} speaks: {', '.join(spoken)})"))
    return out


def _play(rules: Rules, state: Any, seat: int, text: str) -> str:
    """Apply one scripted move; what is wrong with it ('' when it was played)."""
    if state.is_over():
        return f"the match is over before seat {seat}'s '{text}' (expected no move after its end)"
    acting = state.to_act()
    if seat not in acting:
        return f"seat {seat} does not act now, seat {', '.join(map(str, acting))} does ('{text}' comes too soon or too late)"
    try:
        action = rules.parse_action(state, seat, text)
    except IllegalAction as exc:
        legal = [str(a) for a in state.legal_actions(seat)]
        shown = ", ".join(legal[:8]) + (", ..." if len(legal) > 8 else "")
        return f"seat {seat} cannot play '{text}' ({exc}; expected one of: {shown})"
    state.apply(seat, action)
    return ""


def validate_lesson_files(paths: list[Path]) -> list[Problem]:
    """Every problem of the given lesson files: the file, then its script against the rules."""
    problems: list[Problem] = []
    for path in paths:
        try:
            load_lesson(None, path)
        except DataError as exc:
            problems.extend(exc.problems)
    return problems


def validate_lessons(game_ids: list[str] | None = None) -> list[Problem]:
    """Every problem of every game's lesson (the games that have one)."""
    problems: list[Problem] = []
    for game_id in game_ids if game_ids is not None else lesson_games():
        try:
            load_lesson(game_id)
        except DataError as exc:
            problems.extend(exc.problems)
        except GameUnavailable as exc:
            problems.append(Problem(str(lesson_path(game_id)), 1, str(exc).splitlines()[0]))
    return problems


# ---------------------------------------------------------------------- playing a lesson
OTHERS, READ, MOVE, MOVED, THEN, END = "others", "read", "move", "moved", "then", "end"


class LessonRun:
    """Where a lesson being played stands: its step and that step's phase.

    A step plays the other seats' moves first (OTHERS), then shows its text: to read (READ,
    until the learner moves on) or with the move it asks for (MOVE); once that move is made and
    shown (MOVED), its `then` text is read (THEN), and the next step begins. After the last
    step: END."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.index = 0
        self.phase = END
        self.queue: list[tuple[int, str]] = []
        self._enter()

    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    def _enter(self) -> None:
        step = self.step
        if step is None:
            self.phase = END
            return
        self.queue = list(step.others)
        self.phase = OTHERS if self.queue else MOVE if step.move is not None else READ

    def next_other(self) -> tuple[int, str] | None:
        """The other seat's move due now (phase OTHERS)."""
        return self.queue[0] if self.phase == OTHERS and self.queue else None

    def played_other(self) -> None:
        self.queue.pop(0)
        if not self.queue:
            step = self.step
            self.phase = MOVE if step is not None and step.move is not None else READ

    def expects(self, text: str) -> bool:
        """Whether `text` is the move this step asks for (now)."""
        step = self.step
        return self.phase == MOVE and step is not None and step.move is not None and (
            normalize_action_text(text) == normalize_action_text(step.move))

    def moved(self) -> None:
        self.phase = MOVED

    def shown(self) -> None:
        """The learner's move is on the table: its `then`, or the next step."""
        step = self.step
        if step is not None and step.then is not None:
            self.phase = THEN
        else:
            self.advance()

    def read(self) -> None:
        """The learner moves on from a text (READ or THEN)."""
        if self.phase in (READ, THEN):
            self.advance()

    def advance(self) -> None:
        self.index += 1
        self._enter()
