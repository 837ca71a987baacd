"""The coach: "what would a good player do now?", asked from one seat's view only.

WHY this shape: the coach is the hard level's search sitting in the player's seat. It asks
`make_bot("ismcts", level="hard")` for the seat's move (the search reads only what the seat may
know: its legal actions and determinizations of its seat), then measures that move against
the other moves worth comparing in the same sampled worlds (every world drawn from the seat's
own determinizer, each played on by the game's search play-out, one generator per world for
all the moves: common random numbers, so the moves' values differ by the moves, not by luck).
The figure the player reads ("about 4 points fewer...") is that comparison's mean difference:
the play-outs' chance to win, or the game's own figure (hook `figure`) measured on the same
play-outs. Nothing here looks at the true hidden cards, so a hint gives a seat nothing it may
not know (tested like the bots: the same advice whatever the cards it cannot see).

A game says its moves and figures in player words with an optional module
`game/games/<id>/coach.py` (found like the search hooks, no list here):

    def describe(rules: Rules, view: View (its game's own type), seat: int, text: str) -> tuple[str, dict] | None
        The move `text` of `seat` in player words: a text key of the game's YAML (`coach.*`) and
        its parameters, read from the seat's own view (`state.view(seat)`) and the game's data,
        so the words never name a card the seat does not know. When said, a parameter named
        `card...` holding a card id becomes the card's name, one named `seat...` holding a seat
        number that seat's name, one named `text...` holding a text key of the game that text.
        None: the move's `action.<text>` text, else its text.

    def figure(state: State, seat: int) -> float
        The game's figure for `seat` on a determinized state the coach's play-out left (after
        the tried move and the game's play-out of it): higher is better for the seat (Silver:
        minus the points against it at the round's count). Without it the figure is the
        play-out's chance to win, in percent. The play-out must then play the state itself on
        (Silver's and Kill the Unicorns' do; a play-out on counts leaves it as it was).

    def playout(state: State, rng: Rng) -> list[float]
        The coach's play-out (default: the search's `flat_playout`, else `playout`, else the
        rollout), when the figure needs one that plays the state on.

Texts: `coach.why` (the move is better: `{move}`, `{other}`, `{amount}`; its plural forms as
every counted text, `coach.why.other`...), `coach.why_close`
(no clear difference), `coach.why_only` (the only move), and the game's `coach.move.*`; the
shared defaults (a chance to win) are in game/data/common.yaml, a game's own override them.
Advice travels as data (`Advice.to_dict`): words as keys and parameters, said in the reader's
language by `say` (a network seat gets the keys and says them itself).
"""

from __future__ import annotations

import importlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from game import languages
from game.ai.bots import make_bot
from game.ai.hooks import GameHooks, hooks_for
from game.ai.ismcts import BUDGETS, rollout
from game.engine import registry
from game.engine.actions import Action
from game.engine.errors import TableeError
from game.engine.rng import Rng
from game.engine.rules import Rules
from game.engine.state import State
from game.engine.views import View

COACH_LEVEL = "hard"  # the coach is the hard level's search in the player's seat
HINT_WORLDS = 48  # worlds the comparison plays at most (fewer when the clock runs out)
MIN_WORLDS = 8  # ...and at least, even past the clock (a figure from fewer is noise)
ALTERNATIVES = 4  # moves compared with the coach's besides the game's default move
CHANCE = "chance"  # the figure: the play-outs' chance to win, in percent
POINTS = "points"  # the figure: the game's own (hook `figure`)
CLOSE_CHANCE = 1.0  # a gain below this many percent of chance to win is "about as good"
CLOSE_POINTS = 0.5  # ...or below half a point of the game's figure
SEARCH_SHARE = 0.8  # of the hard level's clock for its search; the comparison has the rest


Describe = Callable[[Rules, View, int, str], "tuple[str, dict[str, Any]] | None"]  # the view: its game's `view_type`
Figure = Callable[[State, int], float]
Playout = Callable[[State, Rng], list[float]]
Words = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class CoachHooks:
    """A game's coach hooks, defaults filled in (see the module docstring)."""

    describe: Describe | None = None
    figure: Figure | None = None
    playout: Playout | None = None

    @property
    def kind(self) -> str:
        return POINTS if self.figure is not None else CHANCE


_hooks: dict[str, CoachHooks] = {}


def coach_hooks(game_id: str) -> CoachHooks:
    """The game's optional `coach` module (cached; none means the defaults)."""
    found = _hooks.get(game_id)
    if found is None:
        name = registry.game_module(game_id).__name__ + ".coach"
        try:
            module: Any = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise  # the module exists but imports something missing: a real error
            module = None
        found = _hooks[game_id] = CoachHooks(
            describe=getattr(module, "describe", None),
            figure=getattr(module, "figure", None),
            playout=getattr(module, "playout", None),
        )
    return found


@dataclass
class Compared:
    """A move's mean value over the comparison's worlds, and its paired difference with the
    first move compared (`spread`: the difference's standard error)."""

    move: str
    value: float = 0.0
    figure: float = 0.0
    spread: float = 0.0


@dataclass
class Advice:
    """The coach's suggestion for `seat` after the match's first `at` moves: `move` (an action
    text), the move it was compared with (`other`) and by how much it is better: `gain` in the
    game's figure (`figure`: points, or percent of chance to win), `value_gain` in chance to
    win (0 to 1), `spread` the standard error of `value_gain`, over `worlds` sampled worlds."""

    seat: int
    at: int
    move: str
    other: str | None = None
    gain: float = 0.0
    value_gain: float = 0.0
    spread: float = 0.0
    worlds: int = 0
    figure: str = CHANCE
    move_words: Words = ("", {})
    other_words: Words | None = None
    seconds: float = 0.0  # thinking time (CPU of the search and the comparison)
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def only(self) -> bool:
        return self.other is None

    @property
    def close(self) -> bool:
        """No clear difference: the coach's move is about as good as the other."""
        floor = CLOSE_POINTS if self.figure == POINTS else CLOSE_CHANCE
        return self.gain < floor

    def why_key(self) -> str:
        return "coach.why_only" if self.only else "coach.why_close" if self.close else "coach.why"

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "at": self.at, "move": self.move, "other": self.other,
            "gain": round(self.gain, 2), "value_gain": round(self.value_gain, 4), "spread": round(self.spread, 4),
            "worlds": self.worlds, "figure": self.figure, "seconds": round(self.seconds, 3),
            "move_words": [self.move_words[0], dict(self.move_words[1])],
            "other_words": None if self.other_words is None else [self.other_words[0], dict(self.other_words[1])],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Advice:
        """An advice read back (a network message, a review file); ValueError when it is not one."""
        if not isinstance(data, dict):
            raise ValueError("an advice must be an object")
        try:
            advice = cls(
                seat=_int(data["seat"]), at=_int(data["at"]), move=_text(data["move"]),
                other=None if data.get("other") is None else _text(data["other"]),
                gain=_number(data.get("gain", 0.0)), value_gain=_number(data.get("value_gain", 0.0)),
                spread=_number(data.get("spread", 0.0)), worlds=_int(data.get("worlds", 0)),
                figure=POINTS if data.get("figure") == POINTS else CHANCE,
                move_words=_words(data.get("move_words")) or ("", {}),
                other_words=_words(data.get("other_words")),
                seconds=_number(data.get("seconds", 0.0)),
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"an advice needs seat, at and move ({exc})") from exc
        return advice


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**9:
        raise TypeError(f"expected a whole number, found {value!r:.40}")
    return value


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or abs(value) > 10**9:
        raise TypeError(f"expected a number, found {value!r:.40}")
    return float(value)


def _text(value: Any) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise TypeError(f"expected a text of at most 200 characters, found {value!r:.40}")
    return value


def _words(value: Any) -> Words | None:
    """A (key, params) pair read back: params are plain texts, numbers and true/false only."""
    if value is None:
        return None
    if not (isinstance(value, (list, tuple)) and len(value) == 2 and isinstance(value[1], dict)):
        raise TypeError("words must be [key, params]")
    params = {}
    for name, param in value[1].items():
        if not isinstance(name, str) or not isinstance(param, (str, int, float, bool)) or (isinstance(param, str) and len(param) > 200):
            raise TypeError(f"a word's parameter must be a short text or a number ({name!r:.20})")
        params[name] = param
    return _text(value[0]), params


# ------------------------------------------------------------------------ the advice
def advise(
    state: State,
    seat: int,
    seed: int = 0,
    at: int = 0,
    against: str | None = None,
    iterations: int | None = None,
    seconds: float | None | str = "level",
    worlds: int = HINT_WORLDS,
) -> Advice:
    """The coach's move for `seat` (which must be acting in `state`) and why, from the seat's
    view only. `against`: the move to compare it with (a review compares the move played);
    else the game's default move and a few other candidates, the best of them kept.
    `iterations` / `seconds` override the hard level's budget (seconds=None: no clock, the
    advice then depends only on `seed` and what the seat knows). The whole advice keeps to the
    hard level's clock on a busy machine: its search stops at SEARCH_SHARE of it (it reaches
    its iterations well before on an ordinary one), the comparison at the clock, counted from
    the start, with at least MIN_WORLDS worlds."""
    started = time.process_time()
    clock = BUDGETS[COACH_LEVEL].seconds if seconds == "level" else seconds
    deadline = None if not isinstance(clock, (int, float)) else time.perf_counter() + float(clock)
    if seat not in state.to_act():
        raise TableeError(f"seat {seat} has nothing to choose now")
    actions = state.legal_actions(seat)
    if not actions:
        raise TableeError(f"seat {seat} has no legal action now")
    rules = cast(Rules, state.rules)  # a state's rules are its game's Rules (engine/state.py: GameRules)
    coach = coach_hooks(rules.game_id)
    view = state.view(seat)
    rng = Rng(seed ^ 0xC0AC4)
    if len(actions) == 1:
        move = str(actions[0])
        return Advice(seat, at, move, figure=coach.kind, move_words=words(rules, view, seat, move, coach))
    options: dict[str, Any] = {} if iterations is None else {"iterations": iterations}
    # the level's iterations; its clock, a cap for a busy machine, shared with the comparison
    options["seconds"] = SEARCH_SHARE * clock if seconds == "level" and isinstance(clock, (int, float)) else seconds
    bot = make_bot("ismcts", seed=seed, level=COACH_LEVEL, **options)
    chosen = bot.choose(state, seat)  # a bot only reads the state it is given
    hooks = hooks_for(state.rules.game_id)
    if against is not None:
        other = next((a for a in actions if str(a) == against), None)
        if other is None:
            raise TableeError(f"'{against}' is not a legal move of seat {seat} now")
    else:
        other = reference(state, seat, actions, chosen, hooks, coach, rng, deadline)
    advice = Advice(seat, at, str(chosen), figure=coach.kind, move_words=words(rules, view, seat, str(chosen), coach))
    if other is not None and other != chosen:
        (best, found), played = compare(state, seat, [chosen, other], rng, worlds, deadline, hooks, coach)
        advice.other = found.move
        advice.other_words = words(rules, view, seat, found.move, coach)
        advice.value_gain = best.value - found.value
        advice.gain = best.figure - found.figure
        advice.spread = found.spread
        advice.worlds = played
    advice.seconds = time.process_time() - started
    return advice


def reference(
    state: State, seat: int, actions: list[Action], chosen: Action, hooks: GameHooks, coach: CoachHooks,
    rng: Rng, deadline: float | None,
) -> Action | None:
    """The move the coach's is measured against: the game's default move (what a sound player
    would do) when it differs, else the best of a few other candidates in a first, short
    comparison (its worlds are not used again: the measured gain keeps no winner's luck)."""
    det = state.determinize(seat, rng)
    if hooks.default_move is not None:
        default = hooks.default_move(det, seat, actions, rng)
        if default in actions and default != chosen:
            return default
    found = hooks.candidates(det, seat) if hooks.candidates is not None else None
    pool = [a for a in (found or actions) if a != chosen and a in actions] or [a for a in actions if a != chosen]
    if not pool:
        return None
    tried = [pool.pop(rng.randrange(len(pool))) for _ in range(min(ALTERNATIVES, len(pool)))]
    if len(tried) == 1:
        return tried[0]
    compared, _ = compare(state, seat, tried, rng, MIN_WORLDS, deadline, hooks, coach)
    return max(zip(tried, compared, strict=True), key=lambda pair: pair[1].value)[0]


def compare(
    state: State,
    seat: int,
    moves: list[Action],
    rng: Rng,
    worlds: int,
    deadline: float | None,
    hooks: GameHooks,
    coach: CoachHooks,
) -> tuple[list[Compared], int]:
    """Each move's mean value (and figure) over the same sampled worlds of `seat`, with the
    standard error of its difference from the first move's (see the module docstring), and
    how many worlds were played."""
    make = state.determinizer(seat) if hooks.determinizer is None else hooks.determinizer(state, seat)
    playout = coach.playout or hooks.flat_playout or hooks.playout or (lambda det, r: rollout(det, r, hooks))
    out = [Compared(str(m)) for m in moves]
    diffs: list[list[float]] = [[] for _ in moves]
    played = 0
    while played < worlds:
        world = make(rng)
        seed = rng.next64()
        values, figures = [], []
        for move in moves:
            clone = world.clone()
            clone.rng = Rng(seed)
            clone.apply(seat, move)
            value = playout(clone, Rng(seed ^ 0x5EED))[seat]
            values.append(value)
            figures.append(coach.figure(clone, seat) if coach.figure is not None else 100.0 * value)
        for i, entry in enumerate(out):
            entry.value += values[i]
            entry.figure += figures[i]
            diffs[i].append(values[0] - values[i])
        played += 1
        if deadline is not None and played >= MIN_WORLDS and time.perf_counter() >= deadline:
            break
    for i, entry in enumerate(out):
        entry.value /= played
        entry.figure /= played
        entry.spread = _standard_error(diffs[i])
    return out, played


def _standard_error(values: list[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


# ------------------------------------------------------------------------- the words
def words(rules: Rules, view: View, seat: int, text: str, coach: CoachHooks | None = None) -> Words:
    """A move in player words as (text key, params), from the seat's view (hook `describe`)."""
    coach = coach if coach is not None else coach_hooks(rules.game_id)
    if coach.describe is not None:
        found = coach.describe(rules, view, seat, text)
        if found is not None:
            return found
    if rules.has_text(f"action.{text}"):
        return f"action.{text}", {}
    return "coach.move", {"action": text}


def say_words(rules: Rules, lang: str, found: Words | None, names: list[str] | None = None) -> str:
    """Words as a sentence in `lang`: a `card...` parameter holding a card id is its name, a
    `seat...` parameter holding a seat number that seat's name (from `names`), a `text...`
    parameter holding a text key of the game that text; a `count` picks the text's form that
    agrees with it (game/languages.py)."""
    if found is None:
        return ""
    key, params = found
    count = params.get("count")
    if isinstance(count, int) and not isinstance(count, bool):  # the form that agrees with it
        key = languages.counted_key(rules.has_text, key, lang, count)
    shown = {}
    for name, value in params.items():
        if name.startswith("card") and isinstance(value, str) and rules.has_text(f"card.{value}"):
            value = rules.text(lang, f"card.{value}")
        elif name.startswith("seat") and isinstance(value, int) and not isinstance(value, bool):
            value = names[value] if names is not None and 0 <= value < len(names) else str(value + 1)
        elif name.startswith("text") and isinstance(value, str) and rules.has_text(value):
            value = rules.text(lang, value)
        shown[name] = value
    return rules.text(lang, key, **shown)


def say(rules: Rules, lang: str, advice: Advice, names: list[str] | None = None) -> str:
    """The one line of why, in `lang`: the move, the move it beats and by how much."""
    move = say_words(rules, lang, advice.move_words, names)
    other = say_words(rules, lang, advice.other_words, names)
    amount = max(1, round(abs(advice.gain)))
    key = languages.counted_key(rules.has_text, advice.why_key(), lang, amount)  # "about 1 point", "4 points"
    return rules.text(lang, key, move=move, other=lowered(other), amount=amount)


def lowered(text: str) -> str:
    """A move's words inside a sentence ("than discarding it"): its first letter small, unless
    it starts a name in capitals (two capitals in a row, a single letter)."""
    if len(text) > 1 and text[0].isupper() and not text[1].isupper():
        return text[0].lower() + text[1:]
    return text


def advice_for_record(record: Any, at: int, seed: int | None = None, **budget: Any) -> Advice:
    """The coach's advice for the seat that acts after the record's first `at` moves: the seat
    that played the next move of the record when it is among those to act (several choose at
    once in some games), else the first of them. RecordError for a damaged record; TableeError
    when `at` is past the record's moves or nobody acts there (the match is over)."""
    from game.engine.record import replay

    if not 0 <= at <= len(record.actions):
        raise TableeError(f"--at must be from 0 to {len(record.actions)} (the record has {len(record.actions)} moves)")
    state = replay(record, "<record>", upto=at, check_result=False).state
    if state.is_over():
        raise TableeError(f"the match is over after {at} moves: nobody acts")
    acting = sorted(state.to_act())
    following = record.actions[at][0] if at < len(record.actions) else None
    seat = following if following in acting else acting[0]
    return advise(state, seat, seed=coach_seed(record.seed, at) if seed is None else seed, at=at, **budget)


def coach_seed(match_seed: int, at: int) -> int:
    """The coach's seed at a step of a match: the same advice asked twice is the same (with no
    clock), and every step draws its own worlds."""
    return Rng(match_seed * 7919 + at + 1).next64()
