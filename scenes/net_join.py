"""Join a game on the network: find it, choose a seat and a name, wait for the host, play.

`JoinScene` lists first the games this computer already holds a seat in (saved joins, "Rejoin"
with the saved secret), then the games found on the local network (refreshed live), then a form
for the address, port and code the host's screen shows. "See the seats" asks the host for its
lobby and opens `SeatScene`: every seat with who holds it, a name, and a button per open seat.
Once a seat is taken (or rejoined) the same screen waits for the host to start, showing the
lobby live, then opens the table of that seat. Every network call runs off the render loop
(`Background`); every failure is a sentence on the screen, and the player can try again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game.net.protocol import DEFAULT_PORT  # shown in the port field (protocol.py is light)
from game.textclean import clean_name
from scenes.base import Scene
from scenes.net_common import (
    NAME_LENGTH,
    NET_NAME,
    Background,
    failure_text,
    game_name,
    open_network_table,
    player_name,
    ready_for_table,
)
from scenes.ui import theme
from scenes.ui.text import draw_text, fit_text, wrap_text
from scenes.ui.widgets import Button, Form, Row, TextField, Widget, draw_fitted

BROWSE_SECONDS = 0.5  # how often the games found on the network are read again
LOBBY_SECONDS = 1.0  # how often a seat screen asks the host for its lobby before taking a seat
BROWSE_INTERFACES: list[str] | None = None  # where to look for games (None: every interface; tests: loopback)


def _net() -> Any:
    """game.net's client side, imported when a network screen first needs it (cold start)."""
    from game.net import client

    return client


def _valid_address(address: str) -> bool:
    """Whether a typed address can be one (a name, IPv4 or IPv6): checked before connecting."""
    try:
        _net().host_uri(address, 1)
    except OSError:
        return False
    return True


def parse_address(address: str, port: str) -> tuple[str, int] | None:
    """The host and port typed ("192.168.1.12" and "47474", or "192.168.1.12:47474" in the
    address field, or a URL "wss://tablee.example.org", whose port is its own or its scheme's,
    443 for wss://); None when the port is not a number from 1 to 65535."""
    address, port = address.strip(), port.strip()
    if "://" in address:
        try:
            own = _net().default_port(address)
        except OSError:
            own = None  # not an address: said as such by the caller
        return address, own if own is not None else 1
    if address.count(":") == 1:  # host:port in one field (an IPv6 address has several colons)
        address, _, typed = address.partition(":")
        port = typed.strip() or port
    if not port.isascii() or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    return address.strip(), int(port)


class Note(Widget):
    """A line of text among a form's rows that takes no focus (a seat in the waiting room,
    "looking for games…"); `strong` draws it on a lit panel (the player's own seat)."""

    def __init__(self, text: Callable[[], str], strong: Callable[[], bool] = lambda: False) -> None:
        super().__init__()
        self.text = text
        self.strong = strong
        self.enabled = False

    def draw(self, surface: pygame.Surface, app: Any, rect: pygame.Rect, focused: bool, hovered: bool) -> None:
        strong = self.strong()
        if strong:
            pygame.draw.rect(surface, theme.ROW_SELECTED, rect, border_radius=app.px(theme.RADIUS))
        draw_fitted(surface, app, self.text(), rect.inflate(-app.px(24), 0), theme.TEXT if strong else theme.TEXT_DIM)


class SeatWatch:
    """Whether the host accepted a seat this screen connected to, or why it refused.

    Until the host answers, the seat's messages are read here (`check`): an `error` is the
    refusal; `seated`, `welcome`, `lobby` or `state` the acceptance. From then on nothing more
    is taken out of the connection: the table reads the rest (its `welcome` and `state` are
    kept on the connection itself)."""

    def __init__(self, remote: Any, accepted: bool = False) -> None:
        self.remote = remote
        self.accepted = accepted
        self.refusal: str | None = None

    def check(self) -> None:
        remote = self.remote
        if self.accepted or self.refusal is not None:
            return
        if remote.welcome is not None or remote.state is not None or remote.lobby is not None:
            self.accepted = True
            return
        for item in remote.pull():
            kind = item.get("kind")
            if kind == "error":
                self.refusal = str(item.get("message") or item.get("code") or "")
            elif kind in ("seated", "welcome", "lobby", "state"):
                self.accepted = True


class ForgetWhenOver:
    """Set on a joined seat's connection when its table opens (called on the connection's
    reader thread): once the host says the match is over, its saved join is forgotten, so
    Join a game lists only unfinished matches."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.done = False

    def __call__(self, item: dict[str, Any]) -> None:
        if not self.done and item.get("kind") == "state" and item.get("over"):
            from game.net import joins

            self.done = True
            joins.forget(self.match_id)


def _connect(join: Any) -> tuple[Any, Any]:
    """Rejoin a saved seat (on a Background thread): the connection and the join."""
    return _net().RemoteSeat.connect(join.address, join.port, join.match_id, join.seat, join.secret), join


def _claim(address: str, port: int, code: str, seat: int, name: str) -> Any:
    """Take an open seat (on a Background thread): `claim` returns once the host seated it."""
    return _net().RemoteSeat.claim(address, port, code, seat, name)


class FormScreen(Scene):
    """A title, a form, a sentence and the keys (`draw_screen`); Escape goes back; a network
    call under way (`pending`) keeps the screen drawing."""

    FORM_WIDTH, FORM_TOP = 1000, 76  # at 1280x720

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.pending: Background | None = None
        self.form = Form(app, label_ratio=0.2)

    def animating(self) -> bool:
        return self.pending is not None

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.px
        width, top = min(px(self.FORM_WIDTH), w - px(60)), px(self.FORM_TOP)
        self.form.layout(pygame.Rect((w - width) // 2, top, width, h - top - px(84)))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return self.form.handle(event)


class JoinScene(FormScreen):
    """Saved joins, games found nearby, and the address form."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        tr = app.tr
        self.address = TextField("", 64)
        self.port = TextField(str(DEFAULT_PORT), 5)
        self.code = TextField("", 12)
        self.look_button = Button(lambda: tr("net.join_look"), self.look, primary=True)
        self.back_button = Button(lambda: tr("common.back"), app.pop)
        self.message: str | None = None
        self.pending_where: tuple[str, int] = ("", 0)
        self.saved: list[Any] = []
        self.found: list[Any] = []
        self.browser: Any = None
        self.browse_problem: str | None = None
        self._since = 0.0
        self.reload()
        self.form.focus = self.form.focusables()[0]

    # ------------------------------------------------------------------ content
    def reload(self) -> None:
        """Read the saved joins again and rebuild the rows (the focus stays where it was)."""
        from game.net import joins

        self.saved = list(joins.saved_joins())
        if joins.problem():  # a damaged file was set aside: said, never a crash
            self.message = self.app.tr("net.joins_damaged", problem=joins.problem())
        self._rebuild()

    def _rebuild(self) -> None:
        tr = self.app.tr
        rows: list[Row] = []
        if self.saved:
            rows.append(Row(lambda: tr("net.join_saved"), []))
            for join in self.saved:
                rejoin = Button(partial(self._saved_label, join), partial(self.rejoin, join))
                forget = Button(lambda: tr("net.join_forget"), partial(self.forget, join))
                rows.append(Row(None, [rejoin, forget], [5.0, 1.0]))
        rows.append(Row(lambda: tr("net.join_found"), []))
        for found in self.found:
            rows.append(Row(None, [Button(partial(self._found_label, found), partial(self.choose_found, found))]))
        if not self.found:
            rows.append(Row(None, [Note(self._browse_text)]))
        rows.append(Row(lambda: tr("net.join_by_address"), []))
        rows.append(Row(lambda: tr("net.join_address"), [self.address, self.port], [3.0, 1.0]))
        rows.append(Row(lambda: tr("net.join_code"), [self.code]))
        rows.append(Row(None, [self.back_button, self.look_button]))
        focus = self.form.focus
        self.form.rows = rows
        self.resize(self.app.screen.get_size())
        if focus is not None and focus in self.form.focusables():
            self.form.focus = focus

    def _saved_label(self, join: Any) -> str:
        return self.app.tr("net.join_saved_entry", game=game_name(self.app, join.game), number=join.seat + 1,
                           name=join.name, address=join.address, port=join.port)

    def _found_label(self, found: Any) -> str:
        return self.app.tr("net.join_found_entry", game=game_name(self.app, found.game), host=found.name,
                           open=self.app.tr_count("net.open_seats", found.open_seats), address=found.address)

    def _browse_text(self) -> str:
        if self.browse_problem:
            return str(self.app.tr("net.join_no_search", problem=self.browse_problem))
        return str(self.app.tr("net.join_searching"))

    def browse(self) -> None:
        """The games found on the local network now; the rows change only when they did."""
        if self.browser is None:
            return
        found = list(self.browser.found())
        self.browse_problem = getattr(self.browser, "problem", None)
        if found != self.found:
            self.found = found
            self._rebuild()
            self.app.dirty = True

    # ------------------------------------------------------------------ actions
    def choose_found(self, found: Any) -> None:
        """A game found nearby: its address and port fill the form; the code is still to type."""
        self.address.value, self.port.value = str(found.join_address), str(found.port)
        self.message = None
        self.form.set_focus(self.code)

    def look(self) -> None:
        """Ask the host typed in the form for its seats."""
        if self.pending is not None:
            return
        where = parse_address(self.address.value, self.port.value)
        code = "".join(self.code.value.split()).upper()
        if not self.address.value.strip():
            self.message = self.app.tr("net.join_no_address")
            self.form.set_focus(self.address)
        elif where is None:
            self.message = self.app.tr("net.join_bad_port")
            self.form.set_focus(self.port)
        elif not _valid_address(where[0]):
            self.message = self.app.tr("net.join_bad_address")
            self.form.set_focus(self.address)
        elif not code:
            self.message = self.app.tr("net.join_no_code")
            self.form.set_focus(self.code)
        else:
            address, port = where
            self.message = None
            self.pending_where = where
            self.pending = Background(lambda: (_net().fetch_lobby(address, port, code), code))

    def rejoin(self, join: Any) -> None:
        """Back to a seat held before, with its saved secret (the host may have restarted)."""
        if self.pending is not None:
            return
        self.message = None
        self.pending_where = (join.address, join.port)
        self.pending = Background(lambda: _connect(join))

    def forget(self, join: Any) -> None:
        from game.net import joins

        joins.forget(join.match_id)
        self.reload()

    def _finish(self) -> None:
        """The network call ended: next screen, or the failure in a sentence."""
        task, self.pending = self.pending, None
        assert task is not None
        address, port = self.pending_where
        if task.error is not None:
            self.message = failure_text(self.app, task.error, address, port)
            return
        first, second = task.result
        if isinstance(first, dict):  # a lobby and its code: choose a seat
            self.app.push(SeatScene(self.app, address, port, second, lobby=first))
        else:  # a rejoined seat and its saved join: wait for the host, then the table
            remote, join = first, second
            self.app.push(SeatScene(self.app, address, port, "", lobby=remote.lobby, remote=remote, watch=SeatWatch(remote),
                                    game=join.game))

    # ------------------------------------------------------------------ scene
    def enter(self) -> None:
        from game.net.discovery import Browser

        self.browser = Browser(interfaces=BROWSE_INTERFACES)
        self.browser.start()  # never raises: without a network `problem` says why
        self.browse_problem = self.browser.problem

    def exit(self) -> None:
        if self.browser is not None:
            self.browser.stop()
            self.browser = None

    def resume(self) -> None:
        self.reload()

    def update(self, dt: float) -> None:
        if self.pending is not None and self.pending.done():
            self._finish()
            self.app.dirty = True
        self._since += dt
        if self._since >= BROWSE_SECONDS:
            self._since = 0.0
            self.browse()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.form.focus is self.code:
            self.look()  # Enter in the code field: the code is the last thing typed
            return True
        return super().handle(event)

    def status(self) -> tuple[str, tuple[int, int, int]]:
        if self.pending is not None:
            address, port = self.pending_where
            return self.app.tr("net.working", address=address, port=port), theme.ACCENT
        if self.message:
            return self.message, theme.ERROR_TEXT
        return self.form.tooltip() or "", theme.TEXT

    def draw(self, surface: pygame.Surface) -> None:
        draw_screen(self, surface, self.app.tr("net.join_title"), self.form, self.status(), self.app.tr("net.join_keys"))


def draw_screen(scene: Scene, surface: pygame.Surface, title: str, form: Form, status: tuple[str, tuple[int, int, int]],
                keys: str) -> None:
    """A title, the form, a sentence under it (the problem or the state) and the keys."""
    app, px = scene.app, scene.app.px
    w, h = surface.get_size()
    heading = app.font(px(theme.HEADING_SIZE), bold=True)
    draw_text(surface, heading, fit_text(heading, title, w - px(40)), theme.ACCENT, (w // 2, px(20)), "midtop")
    form.draw(surface)
    small = app.font(px(theme.SMALL_SIZE))
    text, color = status
    lines = wrap_text(small, text, w - px(60))[:2] if text else []
    y = h - px(74)
    if lines and color == theme.ERROR_TEXT:
        pygame.draw.rect(surface, theme.ERROR_BG, (px(20), y - px(4), w - px(40), small.get_linesize() * len(lines) + px(8)),
                         border_radius=px(6))
    for line in lines:
        draw_text(surface, small, fit_text(small, line, w - px(60)), color, (w // 2, y), "midtop")
        y += small.get_linesize()
    draw_text(surface, small, fit_text(small, keys, w - px(40)), theme.TEXT_DIM, (w // 2, h - px(10)), "midbottom")


class SeatScene(FormScreen):
    """The seats of one host: take an open one with a name, then wait for the start.

    Before a seat is taken the lobby is asked again every second (`fetch_lobby`); once taken,
    the seat's own connection brings the lobby live (`remote.lobby`), and its `welcome` (the
    host started) opens the table. The scene closes `remote` unless the table took it."""

    FORM_WIDTH, FORM_TOP = 800, 110

    def __init__(self, app: Any, address: str, port: int, code: str, lobby: dict[str, Any] | None = None,
                 remote: Any = None, watch: SeatWatch | None = None, game: str = "") -> None:
        super().__init__(app)
        tr = app.tr
        self.address, self.port, self.code = address, port, code
        self.lobby: dict[str, Any] = lobby or {}
        self.game = str(self.lobby.get("game") or game)
        self.remote = remote
        self.watch = watch
        self.message: str | None = None
        self.polling: Background | None = None
        self.handed_over = False
        self._since = 0.0
        self.name = TextField(player_name(app), NAME_LENGTH)
        self.back_button = Button(lambda: tr("net.wait_leave") if self.remote is not None else tr("common.back"), app.pop)
        self.seat_buttons: list[Widget] = []
        self.form.label_ratio = 0.28
        self._rebuild()

    # ------------------------------------------------------------------ content
    @property
    def seated(self) -> bool:
        return self.remote is not None

    def seats(self) -> list[dict[str, Any]]:
        seats = self.lobby.get("seats")
        return [s for s in seats if isinstance(s, dict)] if isinstance(seats, list) else []

    def seat_label(self, info: dict[str, Any]) -> str:
        tr, name = self.app.tr, str(info.get("name", ""))
        state, number = info.get("state"), int(info.get("seat", 0)) + 1
        if self.seated and info.get("seat") == self.remote.seat:
            who = tr("net.seat_mine", name=name)
        elif state == "open":
            return tr("net.pick_seat", number=number) if not self.seated else tr("net.seat_line", number=number, who=tr("net.seat_open"))
        elif state == "bot":
            who = tr("net.seat_bot", name=name)
        elif state == "host":
            who = tr("net.seat_hosting", name=name)
        else:
            who = tr("net.seat_taken" if info.get("connected", True) else "net.seat_taken_away", name=name)
        return tr("net.seat_line", number=number, who=who)

    def _rebuild(self) -> None:
        tr = self.app.tr
        focus = self.form.focus
        rows: list[Row] = []
        if not self.seated:
            rows.append(Row(lambda: tr("net.pick_name"), [self.name]))
        self.seat_buttons = []
        for info in self.seats():
            seat = info.get("seat")
            if self.seated:  # the waiting room: who sits where, nothing to choose
                mine = seat == self.remote.seat
                rows.append(Row(None, [Note(partial(self.seat_label, info), partial(bool, mine))]))
                continue
            button = Button(partial(self.seat_label, info), partial(self.claim, seat))
            button.enabled = bool(self.code) and info.get("state") == "open"
            self.seat_buttons.append(button)
            rows.append(Row(None, [button]))
        rows.append(Row(None, [self.back_button]))
        self.form.rows = rows
        self.resize(self.app.screen.get_size())
        if focus is not None and focus in self.form.focusables():
            self.form.focus = focus
        else:
            self.form.focus = next((b for b in self.seat_buttons if b.enabled), self.back_button)

    def _set_lobby(self, lobby: dict[str, Any] | None) -> None:
        if lobby and lobby != self.lobby:
            self.lobby = dict(lobby)
            self.game = str(self.lobby.get("game") or self.game)
            self._rebuild()
            self.app.dirty = True

    # ------------------------------------------------------------------ actions
    def claim(self, seat: Any) -> None:
        """Take `seat` with the typed name (remembered for the next time)."""
        if self.pending is not None or self.seated or not isinstance(seat, int):
            return
        name = clean_name(self.name.value)[:NAME_LENGTH] or player_name(self.app)
        self.name.value = name
        self.app.settings.extra[NET_NAME] = name
        self.app.save_settings()
        self.message = None
        address, port, code = self.address, self.port, self.code
        self.pending = Background(lambda: _claim(address, port, code, seat, name))

    def _claimed(self) -> None:
        task, self.pending = self.pending, None
        assert task is not None
        if task.error is not None:
            self.message = failure_text(self.app, task.error, self.address, self.port)
            self._since = LOBBY_SECONDS  # the seats as they are now, at once
            return
        remote = task.result
        self.remote, self.watch = remote, SeatWatch(remote, accepted=True)
        self._remember(remote)
        self._rebuild()

    def _remember(self, remote: Any) -> None:
        """The seat is kept in the user folder: a restart of this app rejoins it."""
        from game.net import joins

        joins.remember(joins.SavedJoin(remote.match_id, self.address, self.port, remote.seat, remote.secret,
                                       self.name.value, self.game))
        if joins.problem():
            self.app.notify(self.app.tr("net.joins_damaged", problem=joins.problem()), seconds=20, error=True)

    def _poll_lobby(self) -> None:
        """Before a seat is taken: ask the host for its lobby now and then (off the render loop)."""
        if self.polling is not None:
            if not self.polling.done():
                return
            task, self.polling = self.polling, None
            if task.error is not None:
                self.message = failure_text(self.app, task.error, self.address, self.port)
            else:
                self._set_lobby(task.result)
            return
        address, port, code = self.address, self.port, self.code
        self.polling = Background(lambda: _net().fetch_lobby(address, port, code))

    def _watch_seat(self) -> None:
        """A seat held: the lobby as it changes, the start (the table opens), or the host gone."""
        remote = self.remote
        if self.watch is not None:
            self.watch.check()
        if self.watch is not None and self.watch.refusal is not None:  # a saved seat the host no longer knows
            self.message = self.app.tr("net.error.rejoin", problem=self.watch.refusal)
            remote.close()
            self.remote = None
            self._rebuild()
            return
        self._set_lobby(remote.lobby)
        if ready_for_table(remote):  # the host started: this seat's table
            self.handed_over = True
            remote.on_message = ForgetWhenOver(remote.match_id)
            remote.on_message(remote.state)  # a match that was over already
            try:
                open_network_table(self.app, remote)
            except (ImportError, LookupError) as exc:  # a game without a table layout
                self.handed_over = False
                self.message = self.app.tr("net.lobby_table_failed", problem=str(exc))
                remote.close()
                self.remote = None
                self._rebuild()
            return
        if remote.problem is not None and not self.message:
            self.message = self.app.tr("net.error.closed")
            self.app.dirty = True

    # ------------------------------------------------------------------ scene
    def exit(self) -> None:
        """Leaving the waiting room gives the seat back (the host may offer it to someone else)
        and forgets it here; a match already started keeps it (Rejoin)."""
        remote = self.remote
        if remote is None or self.handed_over:
            return
        if remote.welcome is None and remote.problem is None and self.watch is not None and self.watch.accepted:
            from game.net import joins

            remote.leave()
            joins.forget(remote.match_id)
        remote.close()

    def update(self, dt: float) -> None:
        if self.pending is not None and self.pending.done():
            self._claimed()
            self.app.dirty = True
        if self.seated:
            if not self.handed_over:
                self._watch_seat()
            return
        self._since += dt
        if self._since >= LOBBY_SECONDS and self.pending is None and self.code:
            self._since = 0.0
            self._poll_lobby()

    def status(self) -> tuple[str, tuple[int, int, int]]:
        if self.pending is not None:
            return self.app.tr("net.working", address=self.address, port=self.port), theme.ACCENT
        if self.message:
            return self.message, theme.ERROR_TEXT
        if self.seated:
            return self.app.tr("net.wait_text", number=self.remote.seat + 1), theme.ACCENT
        if not any(b.enabled for b in self.seat_buttons):
            return self.app.tr("net.pick_none"), theme.TEXT_DIM
        return "", theme.TEXT

    def draw(self, surface: pygame.Surface) -> None:
        tr, game = self.app.tr, game_name(self.app, self.game)
        title = tr("net.wait_title", game=game) if self.seated else tr("net.pick_title", game=game)
        title += " · " + tr("coach.hints_on" if self.lobby.get("hints") else "coach.hints_off")  # the host's setting
        draw_screen(self, surface, title, self.form, self.status(), tr("net.join_keys" if self.seated else "net.pick_keys"))
