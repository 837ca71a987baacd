"""Computer players in a separate process, so a thinking bot never holds the render loop's
interpreter (a worker thread shares the GIL: 16-22% of frames went over 8 ms with a hard bot).

The state goes over as its record: the match config (game, seats, seed, options) once, then per
job the action history (seat, action text); the process replays it (only the new actions when
the history extends the last one) and answers the action text. Its bots are made from the same
seeds as Match's, and every decision of a seat is made in order, so a match plays the same in a
process, in a thread or inline.
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import os
import signal
import weakref
from multiprocessing.connection import Connection
from typing import Any

from game.ai import make_bot

# The search runs at a lower priority than the render loop: on a busy machine (or one core) the
# OS gives the table its frame first and the search the rest, so a thinking bot never makes a
# frame wait for a CPU. On an idle machine nothing changes; on a loaded one the search may
# reach fewer iterations within its level's time cap (game/ai/ismcts.py BUDGETS).
BOT_NICE = 10
READY = -2  # the generation of the message a worker sends once it can answer (its start-up is over)
COACH = -3  # the first field of a coach's answer: (COACH, (generation, seat), advice as JSON, error)


def lower_priority(increment: int = BOT_NICE) -> None:
    """Be nicer to the other processes (POSIX nice; elsewhere, nothing)."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(increment)


def serve(conn: Connection, config: dict[str, Any], bot_seeds: dict[int, int]) -> None:
    """The worker process: answer ("job", generation, seat, history) with (generation, seat,
    text, error), and ("coach", generation, seat, history) with (COACH, (generation, seat), the
    coach's advice for that seat as JSON, error); ("generation", g) drops queued jobs older than g;
    None stops. When the app is gone (killed: the pipe is closed) the worker leaves quietly,
    whatever it was doing."""
    if hasattr(signal, "SIGINT"):
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the app's to handle; it closes us
    try:
        _serve(conn, config, bot_seeds)
    except (EOFError, OSError):  # the app closed the pipe (it ended, or was killed)
        return


def _serve(conn: Connection, config: dict[str, Any], bot_seeds: dict[int, int]) -> None:
    from game.engine import registry
    from game.match_config import MatchConfig

    lower_priority()
    cfg = MatchConfig.from_dict(config)
    rules = registry.load(cfg.game_id)
    bots = {seat: make_bot(cfg.seats[seat].bot, seed=s, level=cfg.seats[seat].level) for seat, s in bot_seeds.items()}
    conn.send((READY, -1, "", None))
    played: list[tuple[int, str]] = []
    state = None
    current = 0
    pending: list[tuple[int, int, list[tuple[int, str]], str]] = []  # generation, seat, history, kind
    while True:
        if not pending or conn.poll():
            message = conn.recv()
            if message is None:
                return
            if message[0] == "generation":
                current = max(current, message[1])
                pending = [job for job in pending if job[0] >= current]
            else:
                kind, generation, seat, history = message
                if generation >= current:
                    pending.append((generation, seat, history, kind))
            continue
        generation, seat, history, kind = pending.pop(0)
        try:
            if state is None or history[: len(played)] != played:
                state = rules.new_state(len(cfg.seats), seed=cfg.seed, options=dict(cfg.options))
                played = []
            for s, text in history[len(played):]:
                state.apply(s, rules.parse_action(state, s, text))
            played = list(history)
            if kind == "coach":
                conn.send((COACH, (generation, seat), coach_answer(state, seat, cfg.seed, len(history)), None))
            else:
                conn.send((generation, seat, str(bots[seat].choose(state.clone(), seat)), None))
        except Exception as error:  # reported on the main thread by Match.poll()
            conn.send((COACH, (generation, seat), "", repr(error)) if kind == "coach" else (generation, seat, "", repr(error)))


def coach_answer(state: Any, seat: int, match_seed: int, at: int) -> str:
    """The coach's advice for `seat` as the worker sends it (JSON of game.ai.coach.Advice)."""
    import json

    from game.ai.coach import advise, coach_seed

    return json.dumps(advise(state, seat, seed=coach_seed(match_seed, at), at=at).to_dict())


CLOSE_SECONDS = 0.5  # how long each of terminate and kill may take before the next step


class BotProcess:
    """The main side: submit jobs, collect answers without ever blocking.

    A process that dies or sends garbage is reported by `answers()` as an answer of generation
    -1 (Match replaces it); `close()` always returns within about a second, even for a process
    that was stopped (SIGSTOP) or hangs."""

    def __init__(self, config: dict[str, Any], bot_seeds: dict[int, int]) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a process running pygame
        self.conn, child = context.Pipe()
        self.process = context.Process(target=serve, args=(child, config, bot_seeds), name="tablee-bots", daemon=True)
        self.process.start()
        child.close()
        self.closed = False
        self.ready = False  # the process has started and can answer (it said so)
        self.coach_answers: list[tuple[tuple[int, int], str, str | None]] = []  # ((generation, seat), advice JSON, error)
        _live.add(self)
        _close_at_exit()

    def submit(self, generation: int, seat: int, history: list[tuple[int, str]]) -> None:
        """Send a job; OSError when the process is gone (its pipe is closed)."""
        self.conn.send(("job", generation, seat, history))

    def ask_coach(self, generation: int, seat: int, history: list[tuple[int, str]]) -> None:
        """Ask the coach for `seat`'s advice; OSError when the process is gone."""
        self.conn.send(("coach", generation, seat, history))

    def new_generation(self, generation: int) -> None:
        with contextlib.suppress(OSError):  # a dead process: the next answers() says so
            self.conn.send(("generation", generation))

    def answers(self) -> list[tuple[int, int, str, str | None]]:
        """Every answer that has arrived (never waits)."""
        out = []
        try:
            while self.conn.poll():
                answer = self.conn.recv()
                if not (isinstance(answer, tuple) and len(answer) == 4):
                    raise ValueError(f"an answer of the wrong shape: {answer!r:.60}")
                if answer[0] == READY:
                    self.ready = True
                    continue
                if answer[0] == COACH:  # kept apart: the coach's answers are not bot moves
                    self.coach_answers.append((answer[1], answer[2], answer[3]))
                    continue
                out.append(answer)
        except (EOFError, OSError) as exc:
            out.append((-1, -1, "", f"the bot process stopped: {exc!r}"))
        except Exception as exc:  # noqa: BLE001 - garbage on the pipe (unpickling): a broken process
            out.append((-1, -1, "", f"the bot process is broken: {exc!r:.100}"))
        return out

    def close(self) -> None:
        """Stop the process now (a search in progress is abandoned: its answer is stale anyway):
        terminate, wait briefly, kill (a stopped process ignores all but the kill)."""
        if self.closed:
            return
        self.closed = True
        _live.discard(self)
        if self.process.is_alive():  # no goodbye on the pipe: writing to a stopped process may block
            self.process.terminate()
            self.process.join(timeout=CLOSE_SECONDS)
            if self.process.is_alive():
                self.process.kill()
                self.process.join(timeout=CLOSE_SECONDS)
        with contextlib.suppress(OSError):
            self.conn.close()


_live: weakref.WeakSet[BotProcess] = weakref.WeakSet()
_registered = False


def _close_at_exit() -> None:
    """At exit, close every worker before multiprocessing's own exit handler, which waits
    without a time limit for its children (forever for a stopped one)."""
    global _registered
    if not _registered:
        _registered = True
        atexit.register(close_all)


def close_all() -> None:
    for worker in list(_live):
        worker.close()
