"""What the table knows of its match: the seats played at this screen, through their streams.

WHY: the table scene is a client. It receives the views of the seats played at its screen, the
events as they may know them, their legal actions and the refusals of the host, and it sends
actions; it never reads the match's true state. Two sources give that:

- `LocalSeats`: the match runs in this process (single player, hot-seat: one window serving
  every human seat). It is also the host: autosave, undo and the bots' worker live here.
- `RemoteSeats`: one seat of a match hosted elsewhere (`game.net.client.RemoteSeat`): the same
  facts arrive as the messages of docs/network.md.

The scene calls the same methods on both; only `host` (the local Match, for the records) differs.
"""

from __future__ import annotations

import contextlib
import copy
import json
import threading
import time
from collections.abc import Callable
from typing import Any, cast

from game.engine.actions import Action
from game.engine.errors import IllegalAction
from game.engine.events import Event, event_from_dict
from game.engine.rules import Rules
from game.engine.views import View
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from game.net.protocol import MATCH_OVER

Listener = Callable[[int, str, list[Event]], None]
RETRY_SECONDS = 2.0  # between two attempts to rejoin a host that dropped


class TableSeats:
    """The table's side of its match (the methods the scene and its helpers call)."""

    rules: Rules
    game_id: str
    host: Match | None = None  # the match itself, when this process hosts it (records, undo)
    remote: bool = False  # its answers (previews, refusals' reasons) come a moment later
    resynced: bool = False  # a state arrived: the table redraws from it when its animations end
    no_undo: str = "records.undo_network"  # why a table without its match's records has no undo (text key)

    def __init__(self) -> None:
        self.listeners: list[Listener] = []
        self.clock: Callable[[], float] = time.monotonic
        # The moves before this table joined a match under way, (seat, events) each, as its seat
        # may know them; `past_listeners` hear of each new copy (a rejoin brings the moves missed).
        self.past: list[tuple[int, list[Event]]] = []
        self.past_listeners: list[Callable[[list[tuple[int, list[Event]]]], None]] = []

    # facts about the table
    @property
    def num_seats(self) -> int:
        raise NotImplementedError

    def seat_name(self, seat: int) -> str:
        raise NotImplementedError

    @property
    def human_seats(self) -> list[int]:
        """Seats people play (here or elsewhere): the table says "you" only to them."""
        raise NotImplementedError

    @property
    def local_seats(self) -> list[int]:
        """Seats whose player sits at this screen."""
        raise NotImplementedError

    # the seats' situation
    def view(self, viewer: int | None) -> View:
        """A fresh copy of what `viewer` sees now (None: the public, behind the pass screen)."""
        raise NotImplementedError

    def step(self) -> int:
        """Actions applied so far."""
        raise NotImplementedError

    def to_act(self) -> list[int]:
        raise NotImplementedError

    def local_to_act(self) -> list[int]:
        """Seats played at this screen that must act now, in seat order."""
        return [s for s in self.to_act() if s in self.local_seats]

    def thinking(self) -> list[int]:
        """Bot seats whose move is on its way."""
        return [s for s in self.to_act() if s not in self.human_seats]

    def is_over(self) -> bool:
        raise NotImplementedError

    def legal_texts(self, seat: int) -> list[str]:
        raise NotImplementedError

    def refusal(self, seat: int, text: str) -> IllegalAction | None:
        """Why `seat` may not play `text` now (None: it may)."""
        raise NotImplementedError

    def submit(self, seat: int, text: str) -> None:
        raise NotImplementedError

    def preview(self, seat: int, text: str) -> list[Event] | None:
        """The events `text` would cause, on `seat`'s own guess of the hidden cards."""
        raise NotImplementedError

    def poll(self) -> bool:
        """Take what arrived (bot moves, other players' moves); True if anything did."""
        raise NotImplementedError

    def problems(self) -> list[tuple[str, str]]:
        """(reason, detail) of the troubles to tell the player once each (table.bots_<reason>)."""
        return []

    # the coach (scenes/table/coach.py)
    def hints_allowed(self) -> bool:
        """Whether the seats here may ask the coach (a network host may not allow it)."""
        return False

    def ask_hint(self, seat: int) -> None:
        """Ask the coach what `seat` should play now (its answer: `hint_answer`)."""

    def hint_answer(self, seat: int, step: int) -> tuple[str | None, str | None] | None:
        """(advice as JSON, None) or (None, why it failed) once the coach answered the hint
        asked for `seat` at `step`; None while it thinks."""
        return None

    def refusals(self) -> list[IllegalAction]:
        """The host's refusals that arrived since the last call (remote seats only)."""
        return []

    def lost(self) -> tuple[str, int, float] | None:
        """(why, attempts so far, since when) while the link to a remote host is down."""
        return None

    def final(self) -> Any:
        """What the results screen reads: `config`, `rules`, `state` (view, scores, winners)."""
        raise NotImplementedError

    def close(self) -> None:
        """The table leaves: stop following the match."""

    def _tell(self, seat: int, text: str, events: list[Event]) -> None:
        for listener in list(self.listeners):
            listener(seat, text, events)


class LocalSeats(TableSeats):
    """The match runs here; every human seat of it is played at this screen."""

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.host = match
        self.rules = match.rules
        self.game_id = match.config.game_id
        self._checked: tuple[int, str, tuple[int, int], Action] | None = None  # the last move `refusal` passed
        match.on_action.append(self._tell)

    def _moment(self) -> tuple[int, int]:
        """Which position the match is in: its length, and its state (undo makes a new one)."""
        assert self.host is not None
        return len(self.host.history), id(self.host.state)

    @property
    def num_seats(self) -> int:
        assert self.host is not None
        return self.host.num_seats

    def seat_name(self, seat: int) -> str:
        assert self.host is not None
        return self.host.seat_name(seat)

    @property
    def human_seats(self) -> list[int]:
        assert self.host is not None
        return self.host.human_seats

    @property
    def local_seats(self) -> list[int]:
        return self.human_seats

    def view(self, viewer: int | None) -> View:
        assert self.host is not None
        return self.host.state.view(viewer)

    def step(self) -> int:
        assert self.host is not None
        return len(self.host.history)

    def to_act(self) -> list[int]:
        assert self.host is not None
        return list(self.host.state.to_act())

    def thinking(self) -> list[int]:
        assert self.host is not None
        return self.host.bots_thinking()

    def is_over(self) -> bool:
        assert self.host is not None
        return self.host.is_over()

    def legal_texts(self, seat: int) -> list[str]:
        assert self.host is not None
        return [str(a) for a in self.host.state.legal_actions(seat)]

    def refusal(self, seat: int, text: str) -> IllegalAction | None:
        assert self.host is not None
        try:
            action = self.host.check(seat, text)
        except IllegalAction as error:
            return error
        self._checked = (seat, text, self._moment(), action)  # submit plays it unchecked
        return None

    def submit(self, seat: int, text: str) -> None:
        """Play `text`: the action `refusal` found legal a moment ago, if nothing moved since
        (a move is checked against the legal list once on its way), else checked now."""
        assert self.host is not None
        checked, self._checked = self._checked, None
        if checked is not None and checked[:3] == (seat, text, self._moment()):
            self.host.submit(seat, checked[3])
        else:
            self.host.submit(seat, text)

    def preview(self, seat: int, text: str) -> list[Event] | None:
        from game.engine.rng import Rng

        match = self.host
        assert match is not None
        state = match.state.determinize(seat, Rng(len(match.history) + 1))
        try:
            return state.apply(seat, self.rules.parse_action(state, seat, text))
        except IllegalAction:
            return None

    def poll(self) -> bool:
        assert self.host is not None
        return bool(self.host.poll())

    def problems(self) -> list[tuple[str, str]]:
        assert self.host is not None
        found, self.host.worker_problems[:] = list(self.host.worker_problems), []
        return found

    def hints_allowed(self) -> bool:
        return True

    def ask_hint(self, seat: int) -> None:
        assert self.host is not None
        with contextlib.suppress(IllegalAction):  # nothing to choose now: no hint (the table asks only an acting seat)
            self.host.ask_coach(seat)

    def hint_answer(self, seat: int, step: int) -> tuple[str | None, str | None] | None:
        assert self.host is not None
        job = self.host.coaching.get(seat)
        if job is None or job.at != step or not job.done:
            return None
        return job.answer, job.error

    def final(self) -> Any:
        return self.host

    def close(self) -> None:
        match = self.host
        assert match is not None
        if self._tell in match.on_action:
            match.on_action.remove(self._tell)
        match.close()  # over or not: its bots' process ends with the table (the results read the state)


class SeenState:
    """The end of a match as a remote seat saw it (what the results screen reads of a state)."""

    def __init__(self, view: View, scores: list[int], winners: list[int]) -> None:
        self._view, self._scores, self._winners = view, scores, winners

    def view(self, _seat: int | None) -> View:
        return copy.deepcopy(self._view)

    def scores(self) -> list[int]:
        return list(self._scores)

    def winners(self) -> list[int]:
        return list(self._winners)


class SeenMatch:
    """A finished remote match: its seats, rules and final state; it cannot be played again here."""

    play_again = False

    def __init__(self, config: MatchConfig, rules: Rules, state: SeenState) -> None:
        self.config, self.rules, self.state = config, rules, state
        self.reader: int | None = None  # the seat of the person at this screen


class RemoteSeats(TableSeats):
    """One seat of a match hosted elsewhere, through a `RemoteSeat` connection.

    Between the host's messages the table shows the last `state`; a text the seat's legal list
    does not hold is asked of the host (`check`), whose reason arrives a moment later. A preview
    is asked of the host the same way (None until it answers)."""

    remote = True

    def __init__(self, connection: Any, rules: Rules) -> None:
        super().__init__()
        self.connection = connection
        self.rules = rules
        welcome = connection.welcome or {}
        self.game_id = str(welcome.get("game") or rules.game_id)
        self.seat = int(connection.seat)
        self.names: list[str] = [str(n) for n in welcome.get("names") or []]
        self.state: dict[str, Any] = connection.state or {}
        self.events_step = int(self.state.get("step", 0))
        self._read_past(connection.history)
        self.resynced = False
        self._refusals: list[IllegalAction] = []
        self._hint: tuple[int, str | None, str | None] | None = None  # the host's `hinted`: (step, advice JSON, error)
        self._previews: dict[tuple[int, str], list[Event] | None] = {}
        self._asked: set[tuple[int, str]] = set()
        self._down: tuple[str, float] | None = None  # why and since when the link is down
        self.attempts = 0
        self._next_try = 0.0
        self._trying: threading.Thread | None = None
        self._fresh: Any = None  # a new connection a reconnect attempt opened

    @property
    def num_seats(self) -> int:
        return len(self.names) if self.names else int((self.connection.welcome or {}).get("players", 0))

    def seat_name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else ""

    @property
    def human_seats(self) -> list[int]:
        return [int(s) for s in self.state.get("humans") or (self.connection.welcome or {}).get("humans") or []]

    @property
    def local_seats(self) -> list[int]:
        return [self.seat]

    def view(self, viewer: int | None) -> View:
        found = self.state.get("view")
        # where a view enters from the network: the host's own `State.view`, sent as JSON
        return cast(View, copy.deepcopy(found) if isinstance(found, dict) else {"zones": {}, "scores": [], "to_act": []})

    def step(self) -> int:
        return int(self.state.get("step", 0))

    def to_act(self) -> list[int]:
        return [int(s) for s in self.state.get("to_act") or []]

    def is_over(self) -> bool:
        return bool(self.state.get(MATCH_OVER))

    def legal_texts(self, seat: int) -> list[str]:
        return [str(t) for t in self.state.get("legal") or []] if seat == self.seat else []

    def refusal(self, seat: int, text: str) -> IllegalAction | None:
        if seat == self.seat and text in self.legal_texts(seat):
            return None
        self.connection.ask("check", text=text)
        return IllegalAction("")  # an empty reason: the host's follows (`refusals`)

    def submit(self, seat: int, text: str) -> None:
        self.connection.send(text)

    def hints_allowed(self) -> bool:
        return bool((self.connection.welcome or {}).get("hints"))

    def ask_hint(self, seat: int) -> None:
        """The host's coach thinks for this seat, from its view only (docs/network.md)."""
        if seat == self.seat:
            self._hint = None
            self.connection.ask("hint")

    def hint_answer(self, seat: int, step: int) -> tuple[str | None, str | None] | None:
        found = self._hint
        if seat != self.seat or found is None or found[0] != step:
            return None
        return found[1], found[2]

    def preview(self, seat: int, text: str) -> list[Event] | None:
        key = (self.step(), text)
        if key not in self._previews and key not in self._asked:
            self._asked.add(key)
            self.connection.ask("preview", text=text)
        return self._previews.get(key)

    def poll(self) -> bool:
        arrived = False
        for item in self.connection.pull():
            arrived = True
            self._receive(item)
        return self._keep_linked() or arrived

    def _keep_linked(self) -> bool:
        """A dropped link is tried again every RETRY_SECONDS in the background (the window
        never waits); a reopened one replaces it and the table redraws from its state."""
        if self._fresh is not None:
            old, self.connection, self._fresh = self.connection, self._fresh, None
            old.close()
            self._down, self.attempts, self.resynced = None, 0, True
            self._asked.clear()
            return True
        problem = self.connection.problem
        if problem is None or self.is_over():
            return False
        now = self.clock()
        if self._down is None:
            self._down = (str(problem), now)
            return True
        if (self._trying is None or not self._trying.is_alive()) and now >= self._next_try:
            self.attempts += 1
            self._next_try = now + RETRY_SECONDS
            self._trying = threading.Thread(target=self._reopen, name="tablee-rejoin", daemon=True)
            self._trying.start()
        return False

    def _reopen(self) -> None:
        try:
            self._fresh = self.connection.reopen()
        except OSError as exc:
            self._down = (str(exc) or type(exc).__name__, self._down[1] if self._down else self.clock())

    def lost(self) -> tuple[str, int, float] | None:
        if self._down is None:
            return None
        return self._down[0], self.attempts, self._down[1]

    def _receive(self, item: dict[str, Any]) -> None:
        kind = item.get("kind")
        if kind == "events":
            try:
                events = [event_from_dict(e) for e in item.get("events") or []]
            except (ValueError, TypeError, AttributeError):
                self.resynced = True  # not understood: redraw from the next state
                return
            self.events_step = int(item.get("step", self.events_step + 1))
            self._tell(int(item.get("actor", -1)), str(item.get("action") or ""), events)
        elif kind == "state":
            # The table redraws from each state once its animations end: events and their state
            # may arrive in different frames, and a state may follow no event (a rejoin, a sync).
            self.events_step = int(item.get("step", 0))
            self.state = item
            self.resynced = True
        elif kind == "welcome":
            self.names = [str(n) for n in item.get("names") or self.names]
        elif kind == "history":
            self._read_past(item)
            for listener in list(self.past_listeners):
                listener(self.past)
        elif kind == "error":
            self._refusals.append(IllegalAction(str(item.get("message") or ""), str(item.get("code") or ""),
                                                dict(item.get("params") or {})))
        elif kind == "hinted":
            advice = item.get("advice")
            problem = item.get("error")
            self._hint = (int(item.get("step", -1)), json.dumps(advice) if isinstance(advice, dict) else None,
                          None if isinstance(advice, dict) else str(problem or "error.hint_failed"))
        elif kind == "previewed":
            guessed: list[Event] | None
            try:
                found = item.get("events")
                guessed = None if found is None else [event_from_dict(e) for e in found]
            except (ValueError, TypeError, AttributeError):
                guessed = None
            self._previews[(int(item.get("step", -1)), str(item.get("text")))] = guessed
            if len(self._previews) > 64:
                self._previews.pop(next(iter(self._previews)))

    def _read_past(self, item: dict[str, Any] | None) -> None:
        """The host's `history` message as (seat, events) pairs; a message not understood leaves
        the log as it was (the table itself redraws from the state)."""
        if not item:
            return
        try:
            self.past = [(int(a.get("actor", -1)), [event_from_dict(e) for e in a.get("events") or []])
                         for a in item.get("actions") or []]
        except (ValueError, TypeError, AttributeError):
            return

    def refusals(self) -> list[IllegalAction]:
        found, self._refusals = self._refusals, []
        return found

    def final(self) -> Any:
        seats = [SeatConfig(self.seat_name(s) or f"{s + 1}", HUMAN if s in self.human_seats else BOT)
                 for s in range(self.num_seats)]
        config = MatchConfig(self.game_id, seats)
        view = self.view(self.seat)
        state = SeenState(view, [int(x) for x in self.state.get("scores") or []],
                          [int(x) for x in self.state.get("winners") or []])
        found = SeenMatch(config, self.rules, state)
        found.reader = self.seat
        return found

    def close(self) -> None:
        self.connection.close()
