"""The host's lobby: a match opened on the network waits here for its players.

It shows what the others type on their screens (the address, the port and the join code in
big letters), every seat with who has taken it (live, from the host thread) and what happens
to the seats nobody took (the computer plays them). Start begins the match and opens this
screen's own seat at the table, a client of the host like every other screen; Cancel (or
Escape) closes the host. A problem of the host (it stopped, the table cannot open) is said in
a sentence on the screen.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes.base import Scene
from scenes.net_common import OPEN_SECONDS, game_name, open_network_table, ready_for_table
from scenes.ui import theme
from scenes.ui.text import draw_text, fit_text, wrap_text
from scenes.ui.widgets import Button, Check, Form, Row

HOST_OPTIONS: dict[str, Any] = {}  # HostThread's settings beyond its defaults (tests: port 0, no mDNS)
MATCH_OPTIONS: dict[str, Any] = {}  # a new hosted Match's (tests: bots that answer at once, in-thread)
REFRESH_SECONDS = 0.25  # how often the seats are read again from the host thread
LOCAL_ADDRESS = "127.0.0.1"  # the host's own table connects here


HOSTED_SEATS = "net_hosted_seats"  # settings.extra: match id -> the seat this computer played
HOSTED_KEPT = 20  # matches remembered there (the newest)


def remember_seat(app: Any, match_id: str, seat: int) -> None:
    """Which seat this screen plays in a hosted match, for Continue to host it again."""
    seats = app.settings.extra.get(HOSTED_SEATS)
    kept = {k: v for k, v in seats.items() if k != match_id} if isinstance(seats, dict) else {}
    app.settings.extra[HOSTED_SEATS] = dict(list(kept.items())[-(HOSTED_KEPT - 1):] + [(match_id, seat)])
    app.save_settings()


class HostLobbyScene(Scene):
    """`host` is a started `game.net.hostthread.HostThread`; `seat` the seat played here.
    The scene stops the host when it closes, unless the table took it over."""

    def __init__(self, app: Any, host: Any, seat: int, game: str, resumed: bool = False) -> None:
        super().__init__(app)
        self.host = host
        self.seat = seat
        self.game = game
        self.resumed = resumed
        self.seats: list[dict[str, Any]] = []
        self.problem: str | None = None
        self.handed_over = False
        self.opening: Any = None  # this screen's own seat, joined, until its table opens
        self._waited = 0.0
        self._since = 0.0
        tr = app.tr
        self.start_button = Button(lambda: tr("net.lobby_resume" if self.resumed else "net.lobby_start"), self.start, primary=True)
        self.cancel_button = Button(lambda: tr("net.lobby_cancel"), self.cancel)
        # the host's setting, shown to every seat (docs/network.md): the players may ask the coach
        self.hints_check = Check(lambda: tr("coach.allow_hints"), bool(getattr(host, "hints", False)),
                                 lambda value: host.set_hints(bool(value)))
        self.form = Form(app, [Row(None, [self.hints_check]), Row(None, [self.cancel_button, self.start_button])])
        self.form.focus = self.start_button
        self.refresh()

    @classmethod
    def new_match(cls, app: Any, config: Any, open_seats: list[int], seat: int) -> HostLobbyScene:
        """A new match hosted on the network (autosaved like any match by the host thread, so
        Continue can host it again); OSError when the host cannot listen."""
        from game.match import Match
        from game.net.hostthread import HostThread

        match = Match(config, **MATCH_OPTIONS)  # the host thread autosaves it and runs its bots
        host = HostThread(match, host_name=config.seats[seat].name, open_seats=open_seats, **HOST_OPTIONS)
        try:
            host.start()
        except BaseException:
            host.stop()
            match.close()
            raise
        remember_seat(app, host.match_id, seat)
        return cls(app, host, seat, config.game_id)

    @classmethod
    def resumed_match(cls, app: Any, match: Any) -> HostLobbyScene:
        """A saved match that was hosted on the network, hosted again: the same match id and
        secrets (kept beside its autosave), so its players rejoin from their saved seats; this
        screen plays the seat it played before. OSError when the host cannot listen."""
        from game.net.hostthread import HostThread

        host = HostThread(match, **HOST_OPTIONS)
        seats = app.settings.extra.get(HOSTED_SEATS)
        seat = seats.get(host.match_id) if isinstance(seats, dict) else None
        if not isinstance(seat, int) or not match.is_human(seat):
            seat = match.human_seats[0] if match.human_seats else 0  # a settings file from elsewhere
        try:
            host.start()
        except BaseException:
            host.stop()
            raise
        return cls(app, host, seat, match.config.game_id, resumed=True)

    # ------------------------------------------------------------------ host
    def refresh(self) -> None:
        """Read the seats and the host's problem again (thread-safe snapshots)."""
        seats = list(self.host.seats())
        problem = getattr(self.host, "problem", None)
        if seats != self.seats or (problem and not self.problem):
            self.seats = seats
            if problem:
                self.problem = self.app.tr("net.lobby_stopped", problem=problem)
            self.app.dirty = True
        self.start_button.enabled = self.problem is None and self.opening is None

    def open_seats(self) -> int:
        return sum(1 for s in self.seats if s.get("state") == "open")

    def start(self) -> None:
        """Begin the match (open seats go to the computer) and join this screen's own seat; the
        table opens once the host sent that seat its first state (`update`)."""
        if not self.start_button.enabled or self.opening is not None:
            return
        from game.net.client import RemoteSeat

        try:
            if not self.host.started:
                self.host.begin()
            self.opening = RemoteSeat.connect(LOCAL_ADDRESS, self.host.port, self.host.match_id, self.seat,
                                              self.host.secret(self.seat))
        except OSError as exc:
            self.problem = self.app.tr("net.lobby_table_failed", problem=str(exc))
            return
        self._waited = 0.0

    def _open_table(self) -> None:
        remote = self.opening
        assert remote is not None
        self.handed_over = True
        try:
            open_network_table(self.app, remote, hosting=self.host)
        except (ImportError, LookupError) as exc:  # a game without a table layout
            self.handed_over = False
            self._give_up(str(exc))

    def _give_up(self, problem: str) -> None:
        if self.opening is not None:
            self.opening.close()
            self.opening = None
        self.problem = self.app.tr("net.lobby_table_failed", problem=problem)

    def cancel(self) -> None:
        self.app.pop()

    # ------------------------------------------------------------------ scene
    def exit(self) -> None:
        if not self.handed_over:
            if self.opening is not None:
                self.opening.close()
            self.host.stop()

    def update(self, dt: float) -> None:
        self._since += dt
        if self._since >= REFRESH_SECONDS:
            self._since = 0.0
            self.refresh()
        if self.opening is not None and not self.handed_over:
            self._waited += dt
            if ready_for_table(self.opening):
                self._open_table()
            elif self.opening.problem is not None:
                self._give_up(self.opening.problem)
            elif self._waited > OPEN_SECONDS:
                self._give_up(self.app.tr("net.no_answer"))

    def animating(self) -> bool:
        return self.opening is not None

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.px
        width = min(px(520), w - px(40))
        rows = len(self.form.rows)
        height = rows * px(theme.ROW_HEIGHT) + (rows - 1) * px(10)  # the form's own gap
        self.form.layout(pygame.Rect((w - width) // 2, h - height - px(44), width, height))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        return self.form.handle(event)

    # ------------------------------------------------------------------ drawing
    def seat_text(self, info: dict[str, Any]) -> str:
        tr, name = self.app.tr, str(info.get("name", ""))
        state = info.get("state")
        if info.get("seat") == self.seat:
            who = tr("net.seat_host", name=name)
        elif state == "open":
            who = tr("net.seat_open")
        elif state == "taken":
            who = tr("net.seat_taken" if info.get("connected", True) else "net.seat_taken_away", name=name)
        elif state == "bot":
            who = tr("net.seat_bot", name=name)
        elif self.resumed:  # a player of the saved match: back, or not yet
            who = tr("net.seat_taken" if info.get("connected") else "net.seat_waiting", name=name)
        else:
            who = tr("net.seat_taken" if info.get("connected", True) else "net.seat_taken_away", name=name)
        return tr("net.seat_line", number=int(info.get("seat", 0)) + 1, who=who)

    def status(self) -> tuple[str, tuple[int, int, int]]:
        """The sentence above the buttons: a problem, else what Start does with open seats."""
        if self.problem:
            return self.problem, theme.ERROR_TEXT
        if self.opening is not None:
            return self.app.tr("net.wait_opening"), theme.ACCENT
        count = self.open_seats()
        if self.resumed:
            return self.app.tr("net.lobby_resume_now"), theme.TEXT
        if count:
            return self.app.tr_count("net.lobby_bots_fill", count), theme.TEXT
        return self.app.tr("net.lobby_all_taken"), theme.ACCENT

    def draw(self, surface: pygame.Surface) -> None:
        app, px = self.app, self.app.px
        w, h = surface.get_size()
        tr = app.tr
        title = tr("net.lobby_resumed_title" if self.resumed else "net.lobby_title", game=game_name(app, self.game))
        heading = app.font(px(theme.HEADING_SIZE), bold=True)
        draw_text(surface, heading, fit_text(heading, title, w - px(40)), theme.ACCENT, (w // 2, px(20)), "midtop")
        body, small = app.font(px(theme.BODY_SIZE)), app.font(px(theme.SMALL_SIZE))
        margin, gap = px(30), px(30)
        left = pygame.Rect(margin, px(80), (w - 2 * margin - gap) * 9 // 20, 0)
        right = pygame.Rect(left.right + gap, px(80), w - margin - left.right - gap, 0)
        # Left: what the others type.
        y = left.y
        for line in wrap_text(body, tr("net.lobby_where"), left.width)[:3]:
            draw_text(surface, body, line, theme.TEXT, (left.x, y))
            y += body.get_linesize()
        y += px(8)
        where = tr("net.lobby_address", address=self.host.address, port=self.host.port)
        bold = app.font(px(theme.BODY_SIZE * 1.15), bold=True)
        draw_text(surface, bold, fit_text(bold, where, left.width), theme.TEXT, (left.x, y))
        y += bold.get_linesize() + px(10)
        if not self.resumed:  # a resumed match takes no new player: its players rejoin their seats
            draw_text(surface, small, tr("net.lobby_code"), theme.TEXT_DIM, (left.x, y))
            y += small.get_linesize()
            code_font = app.font(px(theme.TITLE_SIZE * 1.5), bold=True)
            box = pygame.Rect(left.x, y, min(left.width, code_font.size(self.host.code)[0] + px(40)), code_font.get_linesize() + px(16))
            pygame.draw.rect(surface, theme.BACKGROUND_DARK, box, border_radius=px(theme.RADIUS))
            pygame.draw.rect(surface, theme.ACCENT, box, max(1, px(2)), border_radius=px(theme.RADIUS))
            draw_text(surface, code_font, self.host.code, theme.ACCENT, box.center, "center")
            y = box.bottom + px(12)
        notes = []
        if self.host.address == LOCAL_ADDRESS:
            notes.append(tr("net.lobby_no_network"))
        if self.resumed:
            notes.append(tr("net.lobby_resumed"))
        if getattr(self.host, "notice", None):  # the seats' secrets could not be kept or read back
            notes.append(tr("net.lobby_notice", problem=self.host.notice))
        for note in notes:
            for line in wrap_text(small, note, left.width)[:3]:
                draw_text(surface, small, line, theme.TEXT_DIM, (left.x, y))
                y += small.get_linesize()
        # Right: every seat, live.
        row_h = px(theme.ROW_HEIGHT)
        bottom = self.form.area.y - small.get_linesize() * 2 - px(12)
        row_h = max(small.get_linesize() + px(6), min(row_h, (bottom - right.y) // max(1, len(self.seats))))
        y = right.y
        for info in self.seats:
            rect = pygame.Rect(right.x, y, right.width, row_h - px(6))
            mine = info.get("seat") == self.seat
            pygame.draw.rect(surface, theme.ROW_SELECTED if mine else theme.PANEL, rect, border_radius=px(6))
            color = theme.TEXT_DIM if info.get("state") == "open" else theme.TEXT
            font = body if body.get_linesize() <= rect.height else small
            draw_text(surface, font, fit_text(font, self.seat_text(info), rect.width - px(20)), color,
                      (rect.x + px(10), rect.centery), "midleft")
            y += row_h
        # Bottom: what Start does, the buttons, the keys.
        text, color = self.status()
        y = self.form.area.y - px(10)
        lines = wrap_text(small, text, w - px(60))[:2]
        for i, line in enumerate(lines):
            draw_text(surface, small, line, color, (w // 2, y - (len(lines) - i) * small.get_linesize()), "midtop")
        self.form.draw(surface)
        draw_text(surface, small, fit_text(small, tr("net.lobby_keys"), w - px(40)), theme.TEXT_DIM, (w // 2, h - px(10)), "midbottom")
