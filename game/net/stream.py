"""The seat stream: everything one seat of a match may receive, and its actions, checked.

A `SeatStream` is a client's whole window on a `game.match.Match`: that seat's view
(`state.view(seat)`), the events of every applied action as that seat may know them
(`redact`), its legal action texts, whose turn it is, the scores and the end. It reads nothing
else of the match, so whatever carries its messages (a window in this process, a network
connection) carries no secret of another seat. `send(text)` plays for its own seat only, after
the engine checked the action on the host; a refusal comes back with the engine's reason and
changes nothing.

A `Host` owns one match and gives out its seats' streams; hot-seat is one process reading
several streams of one host, a network host the same streams over sockets (game/net/server.py).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from game.engine.actions import Action
from game.engine.errors import IllegalAction
from game.engine.events import Event, event_to_dict, redact
from game.match import Match
from game.net.protocol import (
    BAD_MESSAGE,
    BAD_SECRET,
    MAX_ACTION_CHARS,
    NO_HINTS,
    NOT_YOUR_SEAT,
    error,
    message,
    plain,
)


def refusal(exc: IllegalAction) -> dict[str, Any]:
    """The engine's refusal as an error message (its key, English text and parameters)."""
    return error(exc.key or "error.not_legal", exc.message, exc.params)


class SeatStream:
    """The messages for one seat of `match`, in order, and its actions.

    Messages queue up as the match changes (any seat's action, a bot's move); `pull()` hands
    them over: an `events` message per applied action, then one `state` message describing the
    seat's situation after them. `snapshot()` is that `state` message at any time (a client that
    joins or rejoins starts from it).
    """

    def __init__(self, match: Match, seat: int, may_act: bool | None = None) -> None:
        if not 0 <= seat < match.num_seats:
            raise ValueError(f"there is no seat {seat} (seats 0 to {match.num_seats - 1})")
        self.match = match
        self.seat = seat
        self._may_act = may_act
        self._pending: list[dict[str, Any]] = []
        self._stale = True  # a `state` message is due
        self.hints: Callable[[], bool] = lambda: False  # the host allows hints (its Host sets it)
        self._hint: tuple[int, int] | None = None  # (generation, step) of the hint asked, not yet told
        match.on_action.append(self._on_action)

    @property
    def may_act(self) -> bool:
        """Whether this seat's actions are taken from here: its player's, unless a bot stands in."""
        return self.match.is_human(self.seat) if self._may_act is None else self._may_act

    def close(self) -> None:
        """Stop following the match."""
        if self._on_action in self.match.on_action:
            self.match.on_action.remove(self._on_action)
        self._pending = []

    # ---------------------------------------------------------------- to the seat
    def welcome(self) -> dict[str, Any]:
        """Who this stream is for and at what table (sent once, when the seat is taken)."""
        match = self.match
        return message(
            "welcome",
            game=match.config.game_id,
            seat=self.seat,
            players=match.num_seats,
            names=[match.seat_name(s) for s in range(match.num_seats)],
            humans=match.human_seats,
            may_act=self.may_act,
            hints=self.hints(),
        )

    def snapshot(self) -> dict[str, Any]:
        """The seat's situation now: its view, whose turn it is, its legal actions, the scores."""
        match, seat = self.match, self.seat
        state = match.state
        view = state.view(seat)
        over = state.is_over()
        to_act = list(view["to_act"])
        legal = [str(a) for a in state.legal_actions(seat)] if self.may_act and not over and seat in to_act else []
        return message(
            "state",
            step=len(match.history),
            seat=seat,
            to_act=to_act,
            your_turn=bool(legal),
            legal=legal,
            scores=list(view["scores"]),
            over=over,
            winners=list(state.winners()) if over else [],
            humans=match.human_seats,
            view=view,  # JSON data already (the engine's view)
        )

    def history(self, past: list[tuple[int, str, list[Event]]]) -> dict[str, Any]:
        """The actions before this seat joined (`past`: the host's, see `Host.past`), each as its
        `events` message would have told it: the log of a seat that joins or rejoins mid-match
        starts at the first move, not at its arrival, and says nothing the seat may not know."""
        return message("history", step=len(past), actions=[
            {"actor": seat, "action": text if seat == self.seat else None,
             "events": [plain(event_to_dict(redact(e, self.seat))) for e in events]}
            for seat, text, events in past
        ])

    def pull(self, state: bool = True) -> list[dict[str, Any]]:
        """The messages queued since the last pull: `events` messages, then a fresh `state`
        (`state=False`: the events only, the state stays due for a later pull)."""
        out, self._pending = self._pending, []
        if self._stale and state:
            self._stale = False
            out.append(self.snapshot())
        return out

    def resync(self) -> None:
        """The match was rebuilt (undo, a save loaded): queued events no longer apply, the
        next pull gives only the new `state`."""
        self._pending = []
        self._stale = True

    def _on_action(self, seat: int, text: str, events: list[Event]) -> None:
        mine = seat == self.seat
        self._pending.append(
            message(
                "events",
                step=len(self.match.history),
                actor=seat,
                # another seat's action text may name its hidden cards: only the events tell
                action=text if mine else None,
                events=[plain(event_to_dict(redact(e, self.seat))) for e in events],
            )
        )
        self._stale = True

    # -------------------------------------------------------------- from the seat
    def check(self, text: Any) -> dict[str, Any] | None:
        """None if this seat may play `text` now, else the error message saying why."""
        return self._action(text)[1]

    def _action(self, text: Any) -> tuple[Action | None, dict[str, Any] | None]:
        """The legal action `text` names for this seat, or the error message saying why not."""
        if not isinstance(text, str) or len(text) > MAX_ACTION_CHARS:
            return None, error(BAD_MESSAGE, f"an action is a text of at most {MAX_ACTION_CHARS} characters",
                               {"limit": MAX_ACTION_CHARS})
        if not self.may_act:
            return None, error(NOT_YOUR_SEAT, f"seat {self.seat} is not played from here", {"seat": self.seat})
        try:
            return self.match.check(self.seat, text), None
        except IllegalAction as exc:
            return None, refusal(exc)

    def checked(self, text: Any) -> dict[str, Any]:
        """The answer to a `check`: `checked` when this seat may play `text` now, else the
        `error` an action would get (the table says why before anything is sent)."""
        problem = self.check(text)
        return problem if problem is not None else message("checked", text=text, step=len(self.match.history))

    def preview(self, text: Any) -> dict[str, Any]:
        """The events `text` would cause, played on this seat's own guess of the hidden cards
        (`state.determinize(seat)`: never the real ones), as this seat may know them; `events`
        is null when the text is not legal now."""
        from game.engine.rng import Rng

        match, seat = self.match, self.seat
        step = len(match.history)
        events: list[Any] | None = None
        if isinstance(text, str) and len(text) <= MAX_ACTION_CHARS and self.may_act:
            state = match.state.determinize(seat, Rng(step + 1))
            try:
                applied = state.apply(seat, match.rules.parse_action(state, seat, text))
            except IllegalAction:
                applied = None
            if applied is not None:
                events = [plain(event_to_dict(redact(e, seat))) for e in applied]
        return message("previewed", text=text if isinstance(text, str) else None, step=step, events=events)

    def ask_hint(self) -> dict[str, Any] | None:
        """Ask the coach what this seat should play now: the host's own worker thinks from this
        seat's view only (game/ai/coach.py), and `hint_reply` hands over its answer. None while
        it thinks; a `hinted` message with the reason when it cannot be asked."""
        match, seat, step = self.match, self.seat, len(self.match.history)
        if not self.hints():
            return message("hinted", step=step, advice=None, error=NO_HINTS)
        if not self.may_act:
            return message("hinted", step=step, advice=None, error=NOT_YOUR_SEAT)
        try:
            job = match.ask_coach(seat)
        except IllegalAction as exc:
            return message("hinted", step=step, advice=None, error=exc.key or "error.not_your_turn")
        self._hint = (job.generation, job.at)
        return None

    def hint_reply(self) -> dict[str, Any] | None:
        """The `hinted` message of the hint asked, once the coach answered (then None again)."""
        if self._hint is None:
            return None
        generation, step = self._hint
        job = self.match.coaching.get(self.seat)
        if job is None or job.generation != generation or job.at != step:
            self._hint = None  # the match was rebuilt (a stand-in, a reset): the hint is gone
            return message("hinted", step=step, advice=None, error="error.hint_lost")
        if not job.done:
            return None
        self._hint = None
        if job.answer is None:
            return message("hinted", step=step, advice=None, error="error.hint_failed")
        import json

        return message("hinted", step=step, advice=json.loads(job.answer), error=None)

    def send(self, text: Any) -> dict[str, Any]:
        """Play `text` for this seat: an `accepted` message (the events follow through
        `pull()`), or an `error` message and nothing changed."""
        action, problem = self._action(text)
        if action is None:
            assert problem is not None
            return problem
        self.match.submit(self.seat, action)  # checked once, just above
        return message("accepted", action=text, step=len(self.match.history))


class Host:
    """One match and its seats' streams. Each seat a person plays gets a secret: whoever shows
    it may take (or take back) that seat's stream; a secret is given only to that seat's player."""

    def __init__(
        self,
        match: Match,
        match_id: str | None = None,
        secret: Callable[[], str] = lambda: secrets.token_urlsafe(16),
    ) -> None:
        self.match = match
        self.match_id = match_id if match_id is not None else secrets.token_hex(4)
        self.new_secret = secret
        self.hints = False  # the host allows its players to ask the coach (docs/network.md)
        self.secrets = {seat: secret() for seat in match.human_seats}
        self.streams: dict[int, SeatStream] = {}
        self._past: list[tuple[int, str, list[Event]]] | None = None  # every action's events, once asked
        match.on_action.append(self._on_action)

    def past(self) -> list[tuple[int, str, list[Event]]]:
        """Every action so far with its events (seat, text, events): replayed from the match's
        seed once (a resumed match's first moves were played by another process), then kept
        as the match runs."""
        match = self.match
        if self._past is None or len(self._past) != len(match.history):
            events = match.replay(match.history)[1]
            self._past = [(seat, text, done) for (seat, text), done in zip(match.history, events, strict=True)]
        return self._past

    def _on_action(self, seat: int, text: str, events: list[Event]) -> None:
        if self._past is not None:
            self._past.append((seat, text, events))

    def stream(self, seat: int) -> SeatStream:
        """The stream of `seat` (one per seat, created on first use)."""
        found = self.streams.get(seat)
        if found is None:
            found = self.streams[seat] = SeatStream(self.match, seat)
            found.hints = lambda: self.hints
        return found

    def join(self, seat: Any, secret: Any) -> SeatStream | dict[str, Any]:
        """The stream of `seat` for the holder of its secret, else an error message."""
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.secrets:
            return error(NOT_YOUR_SEAT, f"seat {seat!r} is not a seat a person plays here", {"seat": str(seat)})
        if not isinstance(secret, str) or not secrets.compare_digest(secret, self.secrets[seat]):
            return error(BAD_SECRET, f"wrong secret for seat {seat}", {"seat": seat})
        stream = self.stream(seat)
        stream.resync()
        return stream

    def poll(self) -> bool:
        """Apply the bot moves that are ready (they reach the streams); True if any was."""
        return bool(self.match.poll())

    def close(self) -> None:
        for stream in self.streams.values():
            stream.close()
        self.streams = {}
        if self._on_action in self.match.on_action:
            self.match.on_action.remove(self._on_action)
        self.match.close()
