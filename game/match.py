"""A match: the session object between the table scene and the engine (no pygame here).

It owns the state, submits human actions, runs computer players OFF the render loop (by default
a worker process, game/botworker.py, searches from the match's record so the render loop never
shares its interpreter with a search; `worker="thread"` keeps the older worker thread; the main
thread applies the result in `poll()`), keeps the history (seat, action text) that replays the match from its seed, and tells
listeners about every applied action (autosave, undo, logs, the table's animation queue).
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.ai import make_bot
from game.botworker import BotProcess
from game.engine import registry
from game.engine.actions import Action
from game.engine.errors import IllegalAction, OptionError
from game.engine.events import Event
from game.engine.rng import Rng
from game.engine.rules import Rules
from game.engine.state import State
from game.match_config import BOT, HUMAN, MatchConfig, SeatConfig

__all__ = ["BOT", "HUMAN", "Match", "MatchConfig", "SeatConfig", "bot_seed"]  # the configs live in game/match_config.py

DEFAULT_THINK_SECONDS = 0.7  # a bot's move is shown no sooner than this: never instant, never slow
BOT_THREAD_SWITCH_SECONDS = 0.001
# A decision in the worker process has a deadline: this many times the level's time cap, plus
# the time to replay the match, counted from when the process is ready (a new process says so
# once started, within STARTUP_LIMIT_SECONDS). Past it the process is taken for stopped or hung,
# and replaced. The worker answers one request after another, so only the one it is working on
# can be late, counted from its last answer (`overdue`): a hint asked while bots think waits.
DEADLINE_FACTOR = 4
DEADLINE_STARTUP_SECONDS = 2.0
DEADLINE_UNCAPPED_SECONDS = 60.0  # a bot with no time cap (iterations only)
STARTUP_LIMIT_SECONDS = 30.0
MAX_WORKER_FAILURES = 3  # then the bots think in a thread of the app instead

Listener = Callable[[int, str, list[Event]], None]


def bot_seed(match_seed: int, seat: int) -> int:
    """The seed of the bot at `seat`: fixed by the match seed, different for every seat."""
    return Rng(match_seed * 1009 + seat + 1).next64()


@dataclass
class _Job:
    generation: int
    seat: int
    started: float
    text: str = ""
    error: BaseException | None = None


def overdue(pending: list[tuple[float, float]], now: float, since: float) -> bool:
    """Whether the worker is past a deadline: `pending` holds each unanswered request as (when
    asked, its deadline). The worker answers them in the order asked, so the oldest is the one it
    works on, since it was asked or since `since` (the worker became ready, or sent its last
    answer), whichever is later; the others wait their turn and are not late."""
    if not pending:
        return False
    asked, deadline = min(pending)
    return now - max(asked, since) > deadline


@dataclass
class CoachJob:
    """A hint asked of the coach for `seat` after `at` moves (game/ai/coach.py): `answer` is its
    advice as JSON once it arrives, `error` why it cannot come (the worker stopped, a timeout)."""

    generation: int
    seat: int
    at: int
    started: float
    answer: str | None = None
    error: str | None = None

    @property
    def done(self) -> bool:
        return self.answer is not None or self.error is not None


class Match:
    """One match in progress. All state changes happen on the caller's (main) thread."""

    def __init__(
        self,
        config: MatchConfig,
        rules: Rules | None = None,
        think_seconds: float = DEFAULT_THINK_SECONDS,
        threaded: bool = True,
        clock: Callable[[], float] = time.monotonic,
        worker: str = "process",
    ) -> None:
        self.config = config
        self.rules = rules if rules is not None else registry.load(config.game_id)
        self.think_seconds = think_seconds
        self.threaded = threaded
        self.clock = clock
        self.state: State = self.rules.new_state(len(config.seats), seed=config.seed, options=dict(config.options))
        self.history: list[tuple[int, str]] = []
        self.on_action: list[Listener] = []  # called after every applied action, humans and bots
        # While any returns True a ready bot move waits (the autosave of the last move is being
        # written: game/records.py), so one write never has to carry several moves.
        self.holds: list[Callable[[], bool]] = []
        self.bots = {
            seat: make_bot(sc.bot, seed=bot_seed(config.seed, seat), level=sc.level)
            for seat, sc in enumerate(config.seats)
            if sc.kind == BOT
        }
        self._generation = 0  # bumped when the state is rebuilt: stale bot answers are dropped
        self._jobs: dict[int, _Job] = {}
        self._done: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        self._todo: queue.SimpleQueue[tuple[_Job, State] | None] = queue.SimpleQueue()
        self._finished: list[_Job] = []
        self._inline: list[tuple[_Job, State]] = []  # threaded=False: computed inside poll()
        self._worker: threading.Thread | None = None
        self.worker = worker if threaded else "inline"
        self._process: BotProcess | None = None
        self._closed = False
        # Worker failures the table shows in one line each, as (reason, detail): reason
        # "stopped" (the process died or broke) or "timeout" (no answer before the deadline).
        self.worker_problems: list[tuple[str, str]] = []
        self._failures = 0
        self._process_started = 0.0  # when the current worker process was started (self.clock)
        self._process_ready: float | None = None  # when it said it can answer
        self._last_answer = 0.0  # when it last answered (a bot's move or a hint): what it does next began then
        self.coaching: dict[int, CoachJob] = {}  # by seat: the last hint asked (ask_coach), answered or not
        self.coach_budget: dict[str, Any] = {}  # advise()'s budget in this process (tests: iterations, no clock)
        self._coach_inline: list[tuple[CoachJob, State]] = []  # threaded=False: computed inside poll()
        self._schedule()

    # ------------------------------------------------------------------ seats
    @property
    def num_seats(self) -> int:
        return len(self.config.seats)

    def seat_name(self, seat: int) -> str:
        return self.config.seats[seat].name

    def is_human(self, seat: int) -> bool:
        return self.config.seats[seat].kind == HUMAN

    @property
    def human_seats(self) -> list[int]:
        return [s for s in range(self.num_seats) if self.is_human(s)]

    def human_to_act(self) -> list[int]:
        """Human seats that must act now, in seat order (hot-seat: one after the other)."""
        return [s for s in self.state.to_act() if self.is_human(s)]

    def bots_thinking(self) -> list[int]:
        """Bot seats whose move is being computed or waiting for its visible pause."""
        return sorted(self._jobs)

    def is_over(self) -> bool:
        return self.state.is_over()

    def set_seat(self, seat: int, seat_config: SeatConfig) -> None:
        """Hand `seat` to a bot or back to a person mid-match (a network player who dropped and
        came back). The state and the history do not change; bot moves being computed are
        dropped and asked again (the worker learns the new seats)."""
        if not 0 <= seat < self.num_seats:
            raise OptionError(f"there is no seat {seat}")
        self.config.seats[seat] = seat_config
        if seat_config.kind == BOT:
            self.bots[seat] = make_bot(seat_config.bot, seed=bot_seed(self.config.seed, seat), level=seat_config.level)
        else:
            self.bots.pop(seat, None)
        self._new_generation()
        if self._process is not None:  # it was started with the old seats
            self._process.close()
            self._process = None
        self._finished = []
        self._inline = []
        self._schedule()

    # ---------------------------------------------------------------- actions
    def check(self, seat: int, action_or_text: Action | str) -> Action:
        """The legal action meant by `action_or_text`, or IllegalAction with the reason."""
        text = action_or_text if isinstance(action_or_text, str) else str(action_or_text)
        if not 0 <= seat < self.num_seats:
            raise IllegalAction(f"there is no seat {seat}", "error.not_your_turn", {"seat": seat})
        return self.rules.parse_action(self.state, seat, text)

    def submit(self, seat: int, action_or_text: Action | str) -> list[Event]:
        """Apply a human's action (or any seat's, for scripts); illegal -> IllegalAction, no change.
        A text is checked against the legal actions here; an Action is one `check` (or the
        state's `legal_actions`) returned, applied without a second look at the legal list (the
        state's `apply` still refuses an illegal one, with the reason)."""
        action = action_or_text if isinstance(action_or_text, Action) else self.check(seat, action_or_text)
        if seat in self._jobs:  # a script played for a thinking bot: its answer is obsolete
            self._new_generation()
        events = self._apply(seat, action)
        self._schedule()
        return events

    def poll(self) -> list[tuple[int, str, list[Event]]]:
        """Apply the bot moves that are ready; returns (seat, action text, events) for each."""
        if self._collect():
            return []
        applied: list[tuple[int, str, list[Event]]] = []
        now = self.clock()
        waiting: list[_Job] = []
        for job in self._finished:
            if job.generation != self._generation:
                continue
            if job.error is not None:
                self._finished = []
                raise RuntimeError(f"bot at seat {job.seat} failed: {job.error!r}") from job.error
            if now - job.started < self.think_seconds or any(hold() for hold in self.holds):
                waiting.append(job)
                continue
            self._jobs.pop(job.seat, None)
            action = self.check(job.seat, job.text)
            applied.append((job.seat, job.text, self._apply(job.seat, action)))
        self._finished = waiting
        if applied:
            self._schedule()
        return applied

    def _collect(self) -> bool:
        """The bots' answers that arrived (worker process, thread or inline) join `_finished`;
        True when the worker process died, broke or missed its deadline and was replaced."""
        if not self.threaded:
            self._compute_inline()
        if self._process is not None:
            for generation, seat, text, error in self._process.answers():
                self._last_answer = self.clock()
                if generation < 0:  # the process itself died or broke: a new one takes over
                    self._coach_failed(str(error))
                    self._replace_worker("stopped", str(error))
                    return True
                job = _Job(generation, seat, self._jobs[seat].started if seat in self._jobs else 0.0, text)
                if error is not None:
                    job.error = RuntimeError(error)
                self._finished.append(job)
            self._take_coach_answers()
            if self._overdue():
                self._coach_failed("no answer before the deadline")
                self._replace_worker("timeout", "no answer before the deadline")
                return True
        while True:
            try:
                self._finished.append(self._done.get_nowait())
            except queue.Empty:
                break
        return False

    def wait_for_bots(self, timeout: float = 30.0) -> bool:
        """Block (wall clock, at most `timeout` seconds) until an answer of a thinking bot has
        arrived; it is applied by poll() after its visible pause. For a run whose time follows
        the match, not the clock (the headless demo). False when no bot is thinking or none answered."""
        deadline = time.monotonic() + timeout
        while self._jobs and not self.state.is_over():
            self._collect()
            if any(job.generation == self._generation for job in self._finished):
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.002)
        return False

    def run_bots(self, max_steps: int = 100_000) -> list[tuple[int, str, list[Event]]]:
        """Play bot moves until a human must act or the match ends (scripts and tests)."""
        result: list[tuple[int, str, list[Event]]] = []
        for _ in range(max_steps):
            if self.state.is_over() or not self._jobs:
                break
            step = self.poll()
            result.extend(step)
            if not step:
                time.sleep(0.001)
        return result

    def reset_to(self, history: list[tuple[int, str]]) -> None:
        """Rebuild the state from the seed and `history` (undo, loading a save); listeners are
        not called for the replayed actions; bots start over from the new state."""
        self.state = self.replay(history)[0]
        self.history = [(s, t) for s, t in history]
        self._new_generation()
        self._finished = []
        self._inline = []
        self._schedule()

    def replay(self, history: list[tuple[int, str]]) -> tuple[State, list[list[Event]]]:
        """A new state from the match's seed and options after `history`, with each action's
        events (the match itself is not changed)."""
        state = self.rules.new_state(self.num_seats, seed=self.config.seed, options=dict(self.config.options))
        events = [state.apply(seat, self.rules.parse_action(state, seat, text)) for seat, text in history]
        return state, events

    def decision_deadline(self, seat: int) -> float:
        """Seconds a bot's decision may take in the worker process before it is replaced."""
        cap = getattr(self.bots.get(seat), "seconds", None)
        if not isinstance(cap, (int, float)):
            return DEADLINE_UNCAPPED_SECONDS
        return DEADLINE_FACTOR * cap + DEADLINE_STARTUP_SECONDS

    # ------------------------------------------------------------------ coach
    def ask_coach(self, seat: int) -> CoachJob:
        """Ask the coach (the hard level's search, from `seat`'s view only) what `seat` should
        play now; it thinks where the bots do (the worker process, else a thread, else inside
        poll()) and its answer lands in `coaching[seat]`. A hint asked again for the same
        position is the one already on its way; several seats may ask at once (a network host)."""
        if self.state.is_over() or seat not in self.state.to_act():
            raise IllegalAction(f"seat {seat} has nothing to choose now", "error.not_your_turn", {"seat": seat})
        found = self.coaching.get(seat)
        if found is not None and found.at == len(self.history) and found.generation == self._generation:
            return found
        job = self.coaching[seat] = CoachJob(self._generation, seat, len(self.history), self.clock())
        process = self._worker_process()
        if process is not None:
            try:
                process.ask_coach(job.generation, seat, list(self.history))
            except OSError as exc:  # it died since the last poll: the next poll replaces it
                job.error = repr(exc)
        elif self.threaded:
            threading.Thread(target=self._coach_here, args=(job, self.state.clone()), name="tablee-coach", daemon=True).start()
        else:
            self._coach_inline.append((job, self.state.clone()))
        return job

    def coach_deadline(self) -> float:
        """Seconds a hint may take in the worker process before it is taken for stopped."""
        from game.ai.ismcts import BUDGETS

        cap = BUDGETS["hard"].seconds or DEADLINE_UNCAPPED_SECONDS
        return DEADLINE_FACTOR * cap + DEADLINE_STARTUP_SECONDS

    def _coach_here(self, job: CoachJob, state: State) -> None:
        """The coach's advice computed in this process (a thread, or inline)."""
        import json

        from game.ai.coach import advise, coach_seed

        try:
            advice = advise(state, job.seat, seed=coach_seed(self.config.seed, job.at), at=job.at, **self.coach_budget)
            job.answer = json.dumps(advice.to_dict())
        except Exception as error:  # noqa: BLE001 - the table says the coach failed; the match goes on
            job.error = repr(error)

    def _take_coach_answers(self) -> None:
        process = self._process
        if process is None:
            return
        answers, process.coach_answers = process.coach_answers, []
        if answers:
            self._last_answer = self.clock()
        for (generation, seat), text, error in answers:
            job = self.coaching.get(seat)
            if job is not None and generation == job.generation and not job.done:
                job.answer, job.error = (text or None), error
                if job.answer is None and job.error is None:
                    job.error = "an empty answer"

    def _coach_failed(self, why: str) -> None:
        for job in self.coaching.values():
            if not job.done:
                job.error = why

    def _worker_process(self) -> BotProcess | None:
        """The worker process, started if need be (None: the bots think in this process)."""
        if self.worker == "process" and self._process is None and not self._closed:
            seeds = {s: bot_seed(self.config.seed, s) for s in self.bots}
            try:
                self._process = BotProcess(self.config.to_dict(), seeds)
                self._process_started, self._process_ready = self.clock(), None
            except (OSError, RuntimeError):  # no process here (e.g. a restricted sandbox)
                self.worker = "thread"
        return self._process if self.worker == "process" else None

    def close(self) -> None:
        """Stop the bots' process or thread (the table is left); pending bot answers are dropped.
        The state stays readable (the results screen)."""
        self._closed = True
        self._generation += 1
        self._jobs.clear()
        self._release_worker()

    def _release_worker(self) -> None:
        """End the bots' process and thread: nothing is left for them to think about (the match
        is over or closed). An undo after the end starts new ones when a bot must act again."""
        if self._process is not None:
            self._process.close()
            self._process = None
        if self._worker is not None:
            self._todo.put(None)
            self._worker = None

    # --------------------------------------------------------------- internals
    def _overdue(self) -> bool:
        """The worker process did not start in time, or a decision is past its deadline (no
        answer yet), counted from when the process was ready."""
        now = self.clock()
        process = self._process
        if process is not None and process.ready and self._process_ready is None:
            self._process_ready = now
        if self._process_ready is None:
            return bool(self._jobs) and now - self._process_started > STARTUP_LIMIT_SECONDS
        answered = {job.seat for job in self._finished if job.generation == self._generation}
        pending = [(job.started, self.decision_deadline(seat)) for seat, job in self._jobs.items() if seat not in answered]
        pending += [(job.started, self.coach_deadline()) for job in self.coaching.values() if not job.done]
        return overdue(pending, now, max(self._process_ready, self._last_answer))

    def _replace_worker(self, reason: str, detail: str) -> None:
        """The worker process died, broke or stopped answering: say so (`worker_problems`),
        end it, and ask the bots again from a new one (after MAX_WORKER_FAILURES, in a thread)."""
        self.worker_problems.append((reason, detail))
        self._failures += 1
        process, self._process = self._process, None
        if process is not None:
            process.close()
        if self._failures >= MAX_WORKER_FAILURES:
            self.worker = "thread"
        self._new_generation()
        self._finished = []
        self._schedule()

    def _new_generation(self) -> None:
        """Answers computed for the state before now are stale: drop them (and the queued jobs,
        the hints on their way included: they are said to have failed)."""
        self._generation += 1
        self._jobs.clear()
        self._coach_failed("the match changed while the coach was thinking")
        if self._process is not None:
            self._process.new_generation(self._generation)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events = self.state.apply(seat, action)
        text = str(action)
        self.history.append((seat, text))
        for listener in list(self.on_action):
            listener(seat, text, events)
        return events

    def _schedule(self) -> None:
        """Start a job for every bot that must act and has none: each on its own clone, taken
        the moment it must act (so a bot never sees a choice made after that moment)."""
        if self._closed or self.state.is_over():
            self._release_worker()
            return
        for seat in self.state.to_act():
            if seat in self.bots and seat not in self._jobs:
                job = _Job(self._generation, seat, self.clock())
                self._jobs[seat] = job
                if self._worker_process() is not None:
                    assert self._process is not None
                    try:
                        self._process.submit(job.generation, seat, list(self.history))
                    except OSError as exc:  # it died since the last poll
                        self._replace_worker("stopped", repr(exc))
                        return
                elif self.threaded:
                    self._ensure_worker()
                    self._todo.put((job, self.state.clone()))
                else:
                    self._inline.append((job, self.state.clone()))

    def _compute_inline(self) -> None:
        pending, self._inline = self._inline, []
        for job, state in pending:
            self._run_job(job, state)
        coaching, self._coach_inline = self._coach_inline, []
        for asked, position in coaching:
            self._coach_here(asked, position)

    def _run_job(self, job: _Job, state: State) -> None:
        try:
            job.text = str(self.bots[job.seat].choose(state, job.seat))
        except Exception as error:  # reported on the main thread by poll()
            job.error = error
        self._done.put(job)

    def _ensure_worker(self) -> None:
        if self._worker is None:
            # A thinking bot holds the GIL in slices of this length; the render loop waits up to
            # one slice per frame, so the default 5 ms would stutter the animations.
            sys.setswitchinterval(min(sys.getswitchinterval(), BOT_THREAD_SWITCH_SECONDS))
            self._worker = threading.Thread(target=self._work, name="tablee-bots", daemon=True)
            self._worker.start()

    def _work(self) -> None:
        while True:
            item = self._todo.get()
            if item is None:
                return
            job, state = item
            if job.generation == self._generation:
                self._run_job(job, state)
