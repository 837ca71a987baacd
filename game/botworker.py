"""Computer players in a separate process, so a thinking bot never holds the render loop's
interpreter (a worker thread shares the GIL: 16-22% of frames went over 8 ms with a hard bot).

The state goes over as its record: the match config (game, seats, seed, options) once, then per
job the action history (seat, action text); the process replays it (only the new actions when
the history extends the last one) and answers the action text. Its bots are made from the same
seeds as Match's, and every decision of a seat is made in order, so a match plays the same in a
process, in a thread or inline.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from multiprocessing.connection import Connection
from typing import Any

from game.ai import make_bot

# The search runs at a lower priority than the render loop: on a busy machine (or one core) the
# OS gives the table its frame first and the search the rest, so a thinking bot never makes a
# frame wait for a CPU. On an idle machine nothing changes; on a loaded one the search may
# reach fewer iterations within its level's time cap (game/ai/ismcts.py BUDGETS).
BOT_NICE = 10


def lower_priority(increment: int = BOT_NICE) -> None:
    """Be nicer to the other processes (POSIX nice; elsewhere, nothing)."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(increment)


def serve(conn: Connection, config: dict[str, Any], bot_seeds: dict[int, int]) -> None:
    """The worker process: answer ("job", generation, seat, history) with (generation, seat,
    text, error); ("generation", g) drops queued jobs older than g; None stops."""
    from game.engine import registry
    from game.match import MatchConfig

    lower_priority()
    cfg = MatchConfig.from_dict(config)
    rules = registry.load(cfg.game_id)
    bots = {seat: make_bot(cfg.seats[seat].bot, seed=s, level=cfg.seats[seat].level) for seat, s in bot_seeds.items()}
    played: list[tuple[int, str]] = []
    state = None
    current = 0
    pending: list[tuple[int, int, list[tuple[int, str]]]] = []
    while True:
        if not pending or conn.poll():
            message = conn.recv()
            if message is None:
                return
            if message[0] == "generation":
                current = max(current, message[1])
                pending = [job for job in pending if job[0] >= current]
            else:
                _, generation, seat, history = message
                if generation >= current:
                    pending.append((generation, seat, history))
            continue
        generation, seat, history = pending.pop(0)
        try:
            if state is None or history[: len(played)] != played:
                state = rules.new_state(len(cfg.seats), seed=cfg.seed, options=dict(cfg.options))
                played = []
            for s, text in history[len(played):]:
                state.apply(s, rules.parse_action(state, s, text))
            played = list(history)
            conn.send((generation, seat, str(bots[seat].choose(state.clone(), seat)), None))
        except Exception as error:  # reported on the main thread by Match.poll()
            conn.send((generation, seat, "", repr(error)))


class BotProcess:
    """The main side: submit jobs, collect answers without ever blocking."""

    def __init__(self, config: dict[str, Any], bot_seeds: dict[int, int]) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a process running pygame
        self.conn, child = context.Pipe()
        self.process = context.Process(target=serve, args=(child, config, bot_seeds), name="tablee-bots", daemon=True)
        self.process.start()
        child.close()

    def submit(self, generation: int, seat: int, history: list[tuple[int, str]]) -> None:
        self.conn.send(("job", generation, seat, history))

    def new_generation(self, generation: int) -> None:
        self.conn.send(("generation", generation))

    def answers(self) -> list[tuple[int, int, str, str | None]]:
        """Every answer that has arrived (never waits)."""
        out = []
        try:
            while self.conn.poll():
                out.append(self.conn.recv())
        except (EOFError, OSError) as exc:
            out.append((-1, -1, "", f"the bot process stopped: {exc!r}"))
        return out

    def close(self) -> None:
        """Stop the process now (a search in progress is abandoned: its answer is stale anyway)."""
        with contextlib.suppress(OSError):
            self.conn.send(None)
        self.process.terminate()
        self.process.join(timeout=0.2)
        self.conn.close()
