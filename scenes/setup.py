"""New-game setup: game, number of players, each seat (name, human or computer and its level),
then the game's own options, all generic: rows are built from `rules.option_decls`.

Option labels come from the game's texts ("option.<name>", "option.<name>.<choice>") when it has
them, else the option name. The screen builds a MatchConfig and opens the table.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pygame

from game.ai import BOT_NAMES
from game.ai.bots import LEVELS
from game.engine import registry
from game.engine.errors import OptionError
from game.engine.rules import RANDOM, Rules
from game.ratings import level_strength
from game.textclean import clean_name
from scenes.base import Scene
from scenes.ui import theme
from scenes.ui.text import draw_text, fit_text, wrap_text
from scenes.ui.widgets import (
    Button,
    Check,
    Choice,
    Form,
    Row,
    TextField,
    Toggle,
    Widget,
    fixed,
    game_name,
)

HUMAN, BOT = "human", "bot"
NETWORK = "network"  # an open seat for a player at another screen (a HUMAN seat of the match)
NAME_LENGTH = 16
DEFAULT_PLAYERS = 4
LAST_SETUP = "last_setup"  # settings.extra key
CUSTOM = "custom"  # the variant shown when the options match none of the game's presets


def _normal(value: Any) -> Any:
    """Lists compare as sets of texts (the order of chosen cards does not matter)."""
    return sorted(map(str, value)) if isinstance(value, list) else value


def bot_name() -> str:
    """The strongest search bot once it exists, the random bot until then."""
    return "ismcts" if "ismcts" in BOT_NAMES else "random"


class SeatRow:
    """The widgets of one seat; the name follows the kind until the player types one."""

    def __init__(self, scene: SetupScene, index: int) -> None:
        app = scene.app
        self.index = index
        self.edited = False
        self.kind = Choice(  # a network seat last: one › from Human is a computer, never a hosting screen
            [(HUMAN, lambda: app.tr("setup.human")), (BOT, lambda: app.tr("setup.computer")),
             (NETWORK, lambda: app.tr("net.seat_kind"))],
            HUMAN if index == 0 else BOT,
            on_change=lambda _v: self.kind_changed(),
            tooltip=lambda: app.tr("net.seat_tip") if self.kind.value == NETWORK else "",
        )
        self.level = Choice([(lv, partial(app.tr, f"level.{lv}")) for lv in LEVELS], "medium")
        self.level.disabled_text = lambda: app.tr("setup.no_level")
        self.name = TextField("", NAME_LENGTH, on_change=self.name_changed)
        self.scene = scene
        self.kind_changed()
        self.row = Row(lambda: app.tr("setup.seat", number=index + 1), [self.name, self.kind, self.level], [2.0, 1.3, 1.3])

    def default_name(self) -> str:
        app = self.scene.app
        if self.kind.value == HUMAN:
            return app.tr("setup.player", number=self.index + 1)  # a name, never "You": sentences say "you"
        # A computer's name; a network seat's too: its player chooses their own name on joining,
        # and the computer plays it under this one if nobody does.
        names = [n.strip() for n in app.tr("setup.bot_names").split(",") if n.strip()]
        return names[self.index % len(names)] if names else app.tr("setup.player", number=self.index + 1)

    def name_changed(self, value: str) -> None:
        self.edited = True

    def kind_changed(self) -> None:
        self.level.enabled = self.kind.value == BOT
        # a computer's level says its strength; a person's (disabled) stays out of the Tab order
        self.level.tooltip = self.strength_words if self.level.enabled else None
        if not self.edited:
            self.name.value = self.default_name()

    def display_name(self) -> str:
        return clean_name(self.name.value) or self.default_name()

    def strength_words(self) -> str:
        """The computer's level in this game in a player's words (while the level is pointed at)."""
        if self.kind.value != BOT or bot_name() != "ismcts":
            return ""
        return level_words(self.scene.app, self.scene.game.value, self.level.value)


def level_words(app: Any, game_id: str, level: str) -> str:
    """"Hard: wins about 4 in 10 games against 3 medium players", from the game's measured
    strength (its YAML's `strength`, docs/bots.md); "" where it has none for the level."""
    found = level_strength(game_id, level)
    if found is None:
        return ""
    against = app.tr_count(f"setup.strength_players.{found.against}", found.opponents)
    key = "setup.strength_team" if found.team else "setup.strength"
    return str(app.tr(key, level=app.tr(f"level.{level}"), wins=found.wins, against=against,
                      partner=app.tr(f"setup.strength_partner.{found.against}")))


def unavailable_line(app: Any, game_id: str, error: str) -> str:
    """Why a game is not offered, with its data file's first problem as `validate` prints it
    (`file:line: what is wrong`), not only "its data file is invalid"."""
    found = [line.strip() for line in error.splitlines() if line.strip()]
    if len(found) <= 1:
        return str(app.tr("setup.unavailable", game=game_id, problem=found[0] if found else ""))
    problem = found[1] if len(found) == 2 else app.tr("setup.unavailable_more", problem=found[1], count=len(found) - 2)
    return str(app.tr("setup.unavailable", game=game_id, problem=problem))


class SetupScene(Scene):
    """Choose everything a match needs, then Start opens the table."""

    def __init__(self, app: Any, game_id: str | None = None, seed_source: random.Random | None = None) -> None:
        super().__init__(app)
        self.seed_source = seed_source or random.Random()
        entries = registry.available()
        self.games: dict[str, Rules] = {e.game_id: e.rules for e in entries if e.rules is not None}
        self.unavailable = [(e.game_id, e.error or "") for e in entries if e.rules is None]
        self.message: str | None = None
        self.last_config: Any = None  # the MatchConfig of the last Start (tests read it)
        self.seats = [SeatRow(self, i) for i in range(max((r.max_players for r in self.games.values()), default=0))]
        self.option_widgets: dict[str, Any] = {}
        self.preset: Choice | None = None
        self.preset_values: dict[str, Any] = {}  # preset options that no row shows
        tr = app.tr
        self.game = Choice([(gid, game_name(app, r)) for gid, r in self.games.items()], on_change=lambda _v: self._game_changed())
        if game_id is not None:
            self.game.set_value(game_id)
        self.players = Choice([], on_change=lambda _v: self._players_changed())
        # with a seat open to the network, Start says that it hosts (the lobby opens, not the table)
        self.start_button = Button(lambda: tr("setup.host") if self.network_seats() else tr("setup.start"), self.start, primary=True)
        self.back_button = Button(lambda: tr("common.back"), app.pop)
        self.practice = Toggle(app, False, tooltip=lambda: tr("records.practice_tip"))
        self.form = Form(app, label_ratio=0.24)
        if self.games:
            if game_id is None:
                self._restore_game()
            self._game_changed()
            self._restore_seats()
            self.practice.set_value(bool(self._saved().get("practice", False)))
        else:
            self.form.rows = [Row(None, [self.back_button])]

    # ------------------------------------------------------------------ last choices
    def _saved(self) -> dict[str, Any]:
        saved = self.app.settings.extra.get(LAST_SETUP)
        return saved if isinstance(saved, dict) else {}

    def _restore_game(self) -> None:
        """The game of the last match started here (settings.extra, so it survives restarts)."""
        if self._saved().get("game") in self.games:
            self.game.set_value(self._saved()["game"])

    def _restore_seats(self) -> None:
        """Players, names, kinds and levels of the last match started here, where still valid."""
        saved = self._saved()
        if saved.get("game") != self.game.value:
            return
        try:
            if saved.get("players") in [v for v, _ in self.players.options]:
                self.players.set_value(saved["players"])
            for seat, data in zip(self.seats, saved.get("seats") or [], strict=False):
                seat.kind.set_value(data.get("kind"))
                seat.level.set_value(data.get("level"))
                name = data.get("name")
                if isinstance(name, str) and name.strip():
                    seat.name.value, seat.edited = clean_name(name)[:NAME_LENGTH], True
                seat.kind_changed()
        except (ValueError, TypeError, AttributeError):
            return  # an edited or older settings file: keep the defaults for the rest
        finally:
            self._players_changed()

    def _remember(self) -> None:
        self.app.settings.extra[LAST_SETUP] = {
            "game": self.game.value,
            "players": self.players.value,
            "seats": [
                {"name": seat.name.value if seat.edited else None, "kind": seat.kind.value, "level": seat.level.value}
                for seat in self.seats
            ],
            "practice": bool(self.practice.value),
        }
        self.app.save_settings()

    # ------------------------------------------------------------------ building rows
    @property
    def rules(self) -> Rules:
        return self.games[self.game.value]

    def table_ready(self) -> bool:
        """Whether the table can lay this game out (games can be registered before their layout)."""
        try:
            from scenes.layouts import has_layout
        except ImportError:
            return True
        return has_layout(self.game.value)

    def _game_changed(self) -> None:
        rules = self.rules
        self.message = None
        ready = self.table_ready()
        self.start_button.enabled = ready
        self.start_button.tooltip = None if ready else (lambda: self.app.tr("setup.no_table", game=self.rules.name(self.app.settings.language)))
        counts = range(rules.min_players, rules.max_players + 1)
        first = not self.players.options
        self.players.set_options([(n, fixed(str(n))) for n in counts])
        if first:
            self.players.set_value(min(max(DEFAULT_PLAYERS, rules.min_players), rules.max_players))
        self._build_options()
        self._players_changed()

    def _option_help(self, name: str, choice: Any) -> str | None:
        """What one entry of an option does, from the game's table layout (an animal card's text)."""
        if not self.table_ready():
            return None
        from scenes.layouts import get_layout

        return get_layout(self.game.value).option_help(self.app, self.rules, name, choice)

    def _seating_advice(self) -> str | None:
        """Who should sit where for this player count (Wolf & Hound at 3), from the game's layout."""
        if not self.games or not self.table_ready():
            return None
        from scenes.layouts import get_layout

        return get_layout(self.game.value).seating_advice(self.app, self.rules, self.players.value)

    def _option_label(self, name: str, choice: Any = None) -> str:
        key = f"option.{name}" if choice is None else f"option.{name}.{choice}"
        if self.rules.has_text(key):
            return self.app.game_text(self.rules, key)
        return name if choice is None else str(choice)

    def _build_options(self) -> None:
        """One row per option the player can set from a menu (a free list such as a fixed deck is not)."""
        self.option_widgets = {}
        rows: list[Row] = []
        for name, decl in self.rules.option_decls.items():
            label = lambda name=name: self._option_label(name)  # noqa: E731
            kind, default = decl["type"], decl.get("default")
            widget: Any
            if kind == "seat":
                widget = Choice([(RANDOM, lambda: self.app.tr("setup.random"))])
                widget.initial = RANDOM if default in (None, RANDOM) else default
            elif kind == "bool":
                widget = Toggle(self.app, bool(default))
            elif kind == "int":
                low: int = decl["min"] if decl.get("min") is not None else (default if isinstance(default, int) else 0)
                high: int = decl["max"] if decl.get("max") is not None else low + 20
                initial = default if isinstance(default, int) and low <= default <= high else low
                widget = Choice([(v, fixed(str(v))) for v in range(low, high + 1)], initial)
            elif kind == "choice":
                picked = default if default in decl["choices"] else None  # a bad default is the engine's to report
                widget = Choice([(c, partial(self._option_label, name, c)) for c in decl["choices"]], picked)
            elif kind == "list" and decl.get("choices"):
                chosen = set(default or [])
                checks = {c: Check(partial(self._option_label, name, c), c in chosen) for c in decl["choices"]}
                for c, check in checks.items():  # what each entry does, shown while it has the focus
                    if self._option_help(name, c):
                        check.tooltip = lambda name=name, c=c: self._option_help(name, c) or ""
                self.option_widgets[name] = checks
                rows.append(Row(label, []))  # a heading, then one box per entry, two per line
                items = list(checks.values())
                rows.extend(Row(None, items[i : i + 2], [1.0] * len(items[i : i + 2])) for i in range(0, len(items), 2))
                continue
            else:
                continue
            self.option_widgets[name] = widget
            rows.append(Row(label, [widget]))
        for widget in self.option_widgets.values():
            for item in widget.values() if isinstance(widget, dict) else [widget]:
                item.on_change = self._sync_preset
        self.preset = self._preset_widget()
        if self.preset is not None:
            rows.insert(0, Row(lambda: self.app.tr("setup.preset"), [self.preset]))
            self._apply_preset(self.preset.value)
        self.form.rows = [
            Row(lambda: self.app.tr("setup.game"), [self.game]),
            Row(lambda: self.app.tr("setup.players"), [self.players]),
            *[seat.row for seat in self.seats],
            *rows,
            Row(lambda: self.app.tr("records.practice"), [self.practice]),
            Row(None, [self.back_button, self.start_button]),
        ]

    def _preset_widget(self) -> Choice | None:
        """The game's named variants (e.g. which animal cards), starting on the one matching the defaults."""
        presets = self.rules.option_presets()
        self.preset_values = {}
        if not presets:
            return None

        def label(pid: str) -> str:
            key = f"preset.{pid}"
            return self.app.game_text(self.rules, key) if self.rules.has_text(key) else pid

        decls = self.rules.option_decls
        initial = next(
            (pid for pid, opts in presets if all(_normal(v) == _normal(decls[k].get("default")) for k, v in opts.items())),
            presets[0][0],
        )
        choices = [(pid, lambda pid=pid: label(pid)) for pid, _ in presets] + [(CUSTOM, lambda: self.app.tr("setup.custom"))]
        return Choice(choices, initial, on_change=self._apply_preset)

    def _preset_options(self) -> dict[str, Any]:
        if self.preset is None or self.preset.value == CUSTOM:
            return {}
        return dict(self.rules.option_presets())[self.preset.value]

    def _apply_preset(self, _pid: Any = None) -> None:
        """Show the preset's values in the option rows; keep those no row shows for options()."""
        for name, value in self._preset_options().items():
            widget = self.option_widgets.get(name)
            if widget is None:
                self.preset_values[name] = value
            elif isinstance(widget, dict):
                for choice, check in widget.items():
                    check.set_value(choice in value)
            else:
                try:
                    widget.set_value(value)
                except ValueError:
                    continue

    def _option_value(self, name: str) -> Any:
        widget = self.option_widgets.get(name)
        if widget is None:
            return self.preset_values.get(name, self.rules.option_decls[name].get("default"))
        if isinstance(widget, dict):
            return [c for c, check in widget.items() if check.value]
        return widget.value

    def _sync_preset(self, _value: Any = None) -> None:
        """After a change by hand, show the preset the options now make, or "Custom"."""
        if self.preset is None:
            return
        for pid, opts in self.rules.option_presets():
            if all(_normal(self._option_value(k)) == _normal(v) for k, v in opts.items()):
                self.preset.set_value(pid)
                return
        self.preset.set_value(CUSTOM)

    def _players_changed(self) -> None:
        n = self.players.value
        for seat in self.seats:
            seat.row.visible = seat.index < n
        for name, widget in self.option_widgets.items():
            if isinstance(widget, Choice) and self.rules.option_decls[name]["type"] == "seat":
                current = widget.value if widget.options else RANDOM
                if hasattr(widget, "initial"):
                    current = widget.initial
                    del widget.initial
                seats = [(s, lambda s=s: self.seats[s].display_name()) for s in range(n)]
                widget.set_options([(RANDOM, lambda: self.app.tr("setup.random")), *seats])
                if current != RANDOM and current < n:
                    widget.set_value(current)
        self.form.layout(self.form.area)

    # ------------------------------------------------------------------ start
    def options(self) -> dict[str, Any]:
        """The chosen options, in the engine's terms."""
        result: dict[str, Any] = {}
        for name, widget in self.option_widgets.items():
            if isinstance(widget, dict):
                chosen = [c for c, toggle in widget.items() if toggle.value]
                if chosen or self.rules.option_decls[name].get("default") is not None:
                    result[name] = chosen
            else:
                result[name] = widget.value
        # Options only a preset sets (e.g. a list of cards with no fixed choices).
        for name, value in self.preset_values.items():
            result.setdefault(name, value)
        return result

    def build_config(self) -> Any:
        """The MatchConfig for the current choices (OptionError with the reason if refused)."""
        from game.match import MatchConfig, SeatConfig

        n = self.players.value
        seats = []
        for seat in self.seats[:n]:
            if seat.kind.value in (HUMAN, NETWORK):
                seats.append(SeatConfig(seat.display_name(), kind=HUMAN))
            else:
                seats.append(SeatConfig(seat.display_name(), kind=BOT, bot=bot_name(), level=seat.level.value))
        options = self.options()
        self.rules.check_options(options, n)
        return MatchConfig(self.game.value, seats=seats, seed=self.seed_source.randrange(2**31), options=options,
                           practice=bool(self.practice.value))

    def network_seats(self) -> list[int]:
        """The seats left open for players at other screens."""
        return [seat.index for seat in self.seats[: self.players.value] if seat.kind.value == NETWORK]

    def start(self) -> None:
        if not self.start_button.enabled:
            return
        try:
            config = self.build_config()
        except OptionError as exc:
            self.message = self.app.tr("setup.refused", reason=str(exc))
            return
        open_seats = self.network_seats()
        if open_seats:
            self._start_network(config, open_seats)
            return
        self.last_config = config
        self._remember()
        from scenes.lessons import LessonOfferScene, should_offer

        if should_offer(self.app, config.game_id, sum(s.kind == HUMAN for s in config.seats)):
            self.app.push(LessonOfferScene(self.app, config.game_id, lambda: self._open_table(config)))
            return
        self._open_table(config)

    def _open_table(self, config: Any) -> None:
        try:
            table = self.app.scene("table", config=config)
        except (ImportError, LookupError) as exc:  # LookupError: the game has no table layout yet
            self.message = self.app.tr("setup.table_missing", problem=str(exc))
            return
        self.message = None
        self.app.push(table)

    def _start_network(self, config: Any, open_seats: list[int]) -> None:
        """Open the host's lobby: this screen plays the one human seat, the network seats wait
        for their players. Two human seats at this screen cannot be: a network table shows one
        seat's cards only (hot-seat has its own pass screen), so that is refused in a sentence."""
        local = [i for i, seat in enumerate(config.seats) if seat.kind == HUMAN and i not in open_seats]
        if len(local) != 1:
            self.message = self.app.tr("net.one_local_human")
            return
        self.last_config = config
        self._remember()
        from scenes.net_host import HostLobbyScene

        try:
            lobby = HostLobbyScene.new_match(self.app, config, open_seats, local[0])
        except OSError as exc:  # no port to listen on
            self.message = self.app.tr("net.host_failed", problem=str(exc))
            return
        self.message = None
        self.app.push(lobby)

    # ------------------------------------------------------------------ scene
    def resume(self) -> None:
        """Back from a match: the screen starts at the top again, the game choice focused (a
        click must land on the row it shows, not on one under an old scroll position)."""
        self.form.scroll = 0
        self.form.hover = None
        self.form.focus = self.game if self.games else None
        self.resize(self.app.screen.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.px
        width = min(px(1000), w - px(60))
        for seat in self.seats:
            if not seat.edited:
                seat.name.value = seat.default_name()
        self.form.layout(pygame.Rect((w - width) // 2, px(96), width, h - px(96) - px(70)))
        if self.form.focus is None:  # Start has the focus, the screen still opens at its top (the game)
            self.form.focus = self.start_button if self.games else self.back_button
            self.form.scroll = 0

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and event.mod & pygame.KMOD_CTRL:
            self.start()
            return True
        return self.form.handle(event)

    def focus(self, widget: Widget) -> None:
        self.form.set_focus(widget)

    def draw(self, surface: pygame.Surface) -> None:
        app, px = self.app, self.app.px
        w, h = surface.get_size()
        draw_text(surface, app.font(px(theme.HEADING_SIZE * 1.3), bold=True), app.tr("setup.title"), theme.ACCENT, (w // 2, px(48)), "center")
        self.form.draw(surface)
        font = app.font(px(theme.SMALL_SIZE))
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if self.message:
            lines.append((self.message, theme.ERROR_TEXT))
        elif not self.games:
            lines.append((app.tr("setup.no_games"), theme.ERROR_TEXT))
        elif not self.start_button.enabled and self.start_button.tooltip is not None:
            lines.append((self.start_button.tooltip(), theme.ERROR_TEXT))
        elif self.form.tooltip():
            lines.append((self.form.tooltip() or "", theme.TEXT))
        elif self._seating_advice():
            lines.append((self._seating_advice() or "", theme.ACCENT))
        else:
            lines.append((app.tr("setup.hint"), theme.TEXT_DIM))
        for game_id, error in self.unavailable:
            lines.append((unavailable_line(app, game_id, error), theme.TEXT_DIM))
        y = h - px(62)
        if self.message:
            pygame.draw.rect(surface, theme.ERROR_BG, (px(20), y - px(4), w - px(40), px(58)), border_radius=px(6))
        for text, color in lines:
            for line in wrap_text(font, text, w - px(60))[:2]:
                draw_text(surface, font, fit_text(font, line, w - px(60)), color, (w // 2, y), "midtop")
                y += font.get_linesize()
