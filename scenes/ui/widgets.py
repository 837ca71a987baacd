"""A small widget set for menus and dialogs: buttons, choices, toggles, text fields, a form.

Why our own instead of pygame_gui: the screens are simple forms, every one must work with the
mouse AND the keyboard the same way, scale from 1024x600 to 4K and re-read its texts when the
language changes. A Form of a few widget types does that in one place.

Labels are callables returning text, so a language switch shows at once without rebuilding.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from scenes.ui import theme
from scenes.ui.text import READABLE_PX, draw_text, fit_lines, fit_text, wrap_text

Text = Callable[[], str]


def fixed(text: str) -> Text:
    """A label that reads the same in every language (a number, a size, a language's own name)."""
    return lambda: text


def game_name(app: Any, rules: Any) -> Text:
    """A game's name in the language of the moment (the player may switch it meanwhile)."""
    return lambda: rules.name(app.settings.language)


def _rounded(surface: pygame.Surface, color: tuple[int, int, int], rect: pygame.Rect, radius: int, width: int = 0) -> None:
    pygame.draw.rect(surface, color, rect, width=width, border_radius=radius)


BUTTON_FLOOR = 13  # the smallest print (at 1280x720) a button's label is made before it is cut


def draw_fitted(surface: pygame.Surface, app: Any, text: str, rect: pygame.Rect, color: tuple[int, int, int] = theme.TEXT) -> list[str]:
    """Text left-aligned in `rect`, whole: at the body size if it fits, else smaller, else on two
    smaller lines ("Couverture noire (carte de l'auteur 02)" is never cut in a French column)."""
    font = app.font(app.px(theme.BODY_SIZE))
    for size in (theme.BODY_SIZE, theme.SMALL_SIZE):
        font = app.font(app.px(size))
        if font.size(text)[0] <= rect.width:
            draw_text(surface, font, text, color, (rect.x, rect.centery), "midleft")
            return [text]
    lines = [fit_text(font, line, rect.width) for line in wrap_text(font, text, rect.width)[:2]]
    top = rect.centery - font.get_linesize() * len(lines) // 2
    for i, line in enumerate(lines):
        draw_text(surface, font, line, color, (rect.x, top + i * font.get_linesize()))
    return lines  # what was drawn (tests check nothing was cut)


class Widget:
    """Something in a form that can take the focus."""

    def __init__(self, tooltip: Text | None = None) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.visible = True
        self.tooltip = tooltip

    @property
    def focusable(self) -> bool:
        # A disabled widget with an explanation stays reachable, so keyboard users can read why.
        return self.visible and (self.enabled or self.tooltip is not None)

    def activate(self) -> None:
        """Enter or a click."""

    def step(self, delta: int) -> bool:
        """Left/Right; return True when the widget used the key."""
        return False

    def click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def key(self, event: pygame.event.Event) -> bool:
        """Other keys and text input while focused."""
        return False

    def draw(self, surface: pygame.Surface, app: Any, rect: pygame.Rect, focused: bool, hovered: bool) -> None:
        raise NotImplementedError


class Button(Widget):
    def __init__(self, label: Text, on_click: Callable[[], None], tooltip: Text | None = None, primary: bool = False) -> None:
        super().__init__(tooltip)
        self.label = label
        self.on_click = on_click
        self.primary = primary

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def draw(self, surface: pygame.Surface, app: Any, rect: pygame.Rect, focused: bool, hovered: bool) -> None:
        radius = app.px(theme.RADIUS)
        if not self.enabled:
            color, text_color = theme.BUTTON_DISABLED, theme.TEXT_DISABLED
        elif self.primary:
            color, text_color = theme.ACCENT, theme.ACCENT_TEXT
        else:
            color, text_color = (theme.BUTTON_HOVER if hovered or focused else theme.BUTTON), theme.TEXT
        _rounded(surface, color, rect, radius)
        if focused:
            _rounded(surface, theme.FOCUS, rect.inflate(app.px(6), app.px(6)), radius + app.px(3), max(2, app.px(3)))
        # a long label (a match in the Continue list with its progress) smaller, or on two lines, before it is cut
        font, lines, _ = fit_lines(app, self.label(), rect.width - app.px(12), rect.height - app.px(4), app.px(theme.BODY_SIZE),
                                   bold=True, floor=max(READABLE_PX, app.px(BUTTON_FLOOR)))
        top = rect.centery - font.get_linesize() * len(lines) // 2
        for i, line in enumerate(lines):
            draw_text(surface, font, line, text_color, (rect.centerx, top + i * font.get_linesize()), "midtop")


class Choice(Widget):
    """One value among several; Left/Right or a click on the arrows changes it."""

    def __init__(
        self,
        options: Sequence[tuple[Any, Text]],
        value: Any = None,
        on_change: Callable[[Any], None] | None = None,
        tooltip: Text | None = None,
    ) -> None:
        super().__init__(tooltip)
        self.options = list(options)
        self.index = 0
        self.on_change = on_change
        self.disabled_text: Text | None = None  # shown instead of the value while disabled
        if value is not None:
            self.set_value(value)

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def set_value(self, value: Any) -> None:
        for i, (v, _label) in enumerate(self.options):
            if v == value:
                self.index = i
                return
        raise ValueError(f"{value!r} is not one of the choices")

    def set_options(self, options: Sequence[tuple[Any, Text]]) -> None:
        """New choices (e.g. a different game); keeps the value when it is still offered."""
        current = self.value if self.options else None
        self.options = list(options)
        self.index = 0
        if current is not None and any(v == current for v, _ in self.options):
            self.set_value(current)

    def step(self, delta: int) -> bool:
        if not self.enabled or len(self.options) < 2:
            return bool(self.options)
        self.index = (self.index + delta) % len(self.options)
        if self.on_change:
            self.on_change(self.value)
        return True

    def activate(self) -> None:
        self.step(1)

    def click(self, pos: tuple[int, int]) -> None:
        self.step(-1 if pos[0] < self.rect.x + self.rect.width // 4 else 1)

    def draw(self, surface: pygame.Surface, app: Any, rect: pygame.Rect, focused: bool, hovered: bool) -> None:
        radius = app.px(theme.RADIUS)
        color = theme.BUTTON_DISABLED if not self.enabled else theme.BUTTON_HOVER if hovered or focused else theme.BUTTON
        _rounded(surface, color, rect, radius)
        if focused:
            _rounded(surface, theme.FOCUS, rect.inflate(app.px(6), app.px(6)), radius + app.px(3), max(2, app.px(3)))
        text_color = theme.TEXT if self.enabled else theme.TEXT_DISABLED
        font = app.font(app.px(theme.BODY_SIZE))
        arrows = app.font(app.px(theme.BODY_SIZE), bold=True)
        label = self.options[self.index][1]() if self.options else ""
        if not self.enabled and self.disabled_text is not None:
            label = self.disabled_text()
        inner = rect.width - app.px(64)
        draw_text(surface, font, fit_text(font, label, inner), text_color, rect.center, "center")
        if self.enabled and len(self.options) > 1:
            draw_text(surface, arrows, "‹", text_color, (rect.x + app.px(14), rect.centery), "midleft")
            draw_text(surface, arrows, "›", text_color, (rect.right - app.px(14), rect.centery), "midright")


class Toggle(Choice):
    """On/off, shown with the app's yes/no texts."""

    def __init__(self, app: Any, value: bool, on_change: Callable[[Any], None] | None = None, tooltip: Text | None = None) -> None:
        super().__init__([(False, lambda: app.tr("common.off")), (True, lambda: app.tr("common.on"))], value, on_change, tooltip)


class Check(Choice):
    """A box to tick, with its own text (one entry of a list option: which cards are in play)."""

    def __init__(self, text: Text, value: bool, on_change: Callable[[Any], None] | None = None) -> None:
        super().__init__([(False, text), (True, text)], value, on_change)
        self.text = text

    def click(self, pos: tuple[int, int]) -> None:
        self.step(1)

    def draw(self, surface: pygame.Surface, app: Any, rect: pygame.Rect, focused: bool, hovered: bool) -> None:
        radius = app.px(theme.RADIUS)
        _rounded(surface, theme.BUTTON_HOVER if hovered or focused else theme.BUTTON, rect, radius)
        if focused:
            _rounded(surface, theme.FOCUS, rect.inflate(app.px(6), app.px(6)), radius + app.px(3), max(2, app.px(3)))
        side = rect.height - app.px(18)
        box = pygame.Rect(rect.x + app.px(12), rect.centery - side // 2, side, side)
        _rounded(surface, theme.BACKGROUND_DARK, box, app.px(4))
        if self.value:
            width = max(2, app.px(4))
            points = [(box.x + side * 0.2, box.y + side * 0.55), (box.x + side * 0.42, box.y + side * 0.78), (box.x + side * 0.82, box.y + side * 0.25)]
            pygame.draw.lines(surface, theme.ACCENT, False, points, width)
        x = box.right + app.px(12)
        draw_fitted(surface, app, self.text(), pygame.Rect(x, rect.y, rect.right - x - app.px(8), rect.height))


class TextField(Widget):
    """A one-line text entry (player names). Typing replaces nothing: it appends; Backspace deletes."""

    def __init__(self, value: str, max_length: int = 20, on_change: Callable[[str], None] | None = None) -> None:
        super().__init__()
        self.value = value
        self.max_length = max_length
        self.on_change = on_change

    def key(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.TEXTINPUT:
            text = "".join(ch for ch in event.text if ch.isprintable())
            room = self.max_length - len(self.value)
            if text and room > 0:
                self.value += text[:room]
                self._changed()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            if self.value:
                self.value = self.value[:-1]
                self._changed()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE:
            self.value = ""
            self._changed()
            return True
        return False

    def _changed(self) -> None:
        if self.on_change:
            self.on_change(self.value)

    def draw(self, surface: pygame.Surface, app: Any, rect: pygame.Rect, focused: bool, hovered: bool) -> None:
        radius = app.px(theme.RADIUS)
        _rounded(surface, theme.BACKGROUND_DARK, rect, radius)
        border = theme.FOCUS if focused else theme.PANEL_BORDER
        _rounded(surface, border, rect, radius, max(1, app.px(2 if focused else 1)))
        font = app.font(app.px(theme.BODY_SIZE))
        text = self.value + ("▏" if focused and (pygame.time.get_ticks() // 500) % 2 == 0 else "")
        draw_text(surface, font, fit_text(font, text, rect.width - app.px(20)), theme.TEXT, (rect.x + app.px(10), rect.centery), "midleft")


class Row:
    """A form line: an optional label on the left and one or more widgets side by side."""

    def __init__(self, label: Text | None, widgets: Sequence[Widget], weights: Sequence[float] | None = None) -> None:
        self.label = label
        self.widgets = list(widgets)
        self.weights = list(weights) if weights else [1.0] * len(self.widgets)
        self.visible = True
        self.y = 0
        self.height = 0


class Form:
    """Rows of widgets with keyboard focus, mouse hover/click and scrolling when taller than its area."""

    def __init__(self, app: Any, rows: Sequence[Row] = (), label_ratio: float = 0.36) -> None:
        self.app = app
        self.rows: list[Row] = list(rows)
        self.label_ratio = label_ratio
        self.area = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0
        self.content_height = 0
        self.focus: Widget | None = None
        self.hover: Widget | None = None

    # ------------------------------------------------------------------ layout
    def widgets(self) -> list[Widget]:
        return [w for row in self.rows if row.visible for w in row.widgets if w.visible]

    def focusables(self) -> list[Widget]:
        return [w for w in self.widgets() if w.focusable]

    def layout(self, area: pygame.Rect) -> None:
        """Place every row in `area` (content coordinates start at area.top)."""
        self.area = pygame.Rect(area)
        px = self.app.px
        row_h, gap = px(theme.ROW_HEIGHT), px(10)
        y = 0
        for row in self.rows:
            if not row.visible:
                continue
            row.y, row.height = y, row_h
            x0 = area.x + (int(area.width * self.label_ratio) if row.label else 0)
            width = area.right - x0
            total = sum(w for w, widget in zip(row.weights, row.widgets, strict=True) if widget.visible) or 1
            x = x0
            visible = [(wt, w) for wt, w in zip(row.weights, row.widgets, strict=True) if w.visible]
            for i, (weight, widget) in enumerate(visible):
                span = int((width - gap * (len(visible) - 1)) * weight / total)
                if i == len(visible) - 1:
                    span = area.right - x
                widget.rect = pygame.Rect(x, area.y + y, span, row_h)
                x += span + gap
            y += row_h + gap
        self.content_height = max(0, y - gap)
        self._clamp_scroll()
        if self.focus is not None and self.focus not in self.focusables():
            self.focus = None

    def _clamp_scroll(self) -> None:
        self.scroll = max(0, min(self.scroll, self.content_height - self.area.height))

    def screen_rect(self, widget: Widget) -> pygame.Rect:
        return widget.rect.move(0, -self.scroll)

    def _ensure_visible(self, widget: Widget) -> None:
        top = widget.rect.y - self.area.y
        if top < self.scroll:
            self.scroll = top
        elif top + widget.rect.height > self.scroll + self.area.height:
            self.scroll = top + widget.rect.height - self.area.height
        self._clamp_scroll()

    # ------------------------------------------------------------------ focus
    def set_focus(self, widget: Widget | None) -> None:
        self.focus = widget
        if widget is not None:
            self._ensure_visible(widget)

    def move_focus(self, delta: int) -> None:
        items = self.focusables()
        if not items:
            self.focus = None
            return
        if self.focus not in items:
            self.set_focus(items[0] if delta > 0 else items[-1])
            return
        self.set_focus(items[(items.index(self.focus) + delta) % len(items)])

    def _row_of(self, widget: Widget) -> Row | None:
        return next((row for row in self.rows if widget in row.widgets), None)

    def widget_at(self, pos: tuple[int, int]) -> Widget | None:
        if not self.area.collidepoint(pos):
            return None
        for widget in self.widgets():
            if self.screen_rect(widget).collidepoint(pos):
                return widget
        return None

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> bool:
        """Keyboard navigation, mouse hover/click/wheel. Escape is left to the scene (= back)."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.widget_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            widget = self.widget_at(event.pos)
            if widget is None:
                return False
            if widget.focusable:
                self.focus = widget
            if widget.enabled:
                pos = (event.pos[0], event.pos[1] + self.scroll)
                widget.click(pos)
            return True
        if event.type == pygame.MOUSEWHEEL:
            if self.content_height > self.area.height:
                self.scroll -= event.y * self.app.px(40)
                self._clamp_scroll()
                return True
            return False
        if event.type == pygame.TEXTINPUT:
            return self.focus.key(event) if self.focus is not None else False
        if event.type != pygame.KEYDOWN:
            return False
        return self._key(event)

    def move_row(self, delta: int) -> None:
        """Up/Down: the row above or below, its widget in the same column (the nearest one), so
        that Up from a seat's name is the name of the seat above, not its other choices."""
        rows = [r for r in self.rows if r.visible and any(w.visible and w.focusable for w in r.widgets)]
        row = self._row_of(self.focus) if self.focus is not None else None
        if row is None or row not in rows:
            self.move_focus(delta)
            return
        mine = [w for w in row.widgets if w.visible and w.focusable]
        column = mine.index(self.focus) if self.focus in mine else 0
        target = rows[(rows.index(row) + delta) % len(rows)]
        theirs = [w for w in target.widgets if w.visible and w.focusable]
        self.set_focus(theirs[min(column, len(theirs) - 1)] if len(theirs) == len(mine) else
                       min(theirs, key=lambda w: abs(w.rect.centerx - self.focus.rect.centerx)))  # type: ignore[union-attr]

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key in (pygame.K_DOWN, pygame.K_UP):
            self.move_row(1 if key == pygame.K_DOWN else -1)
            return True
        if key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if self.focus is None:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_LEFT, pygame.K_RIGHT):
                self.move_focus(1)
                return True
            return False
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and not isinstance(self.focus, TextField):
            self.focus.activate()
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            delta = -1 if key == pygame.K_LEFT else 1
            if self.focus.step(delta):
                return True
            row = self._row_of(self.focus)
            if row is not None:
                items = [w for w in row.widgets if w.visible and w.focusable]
                if len(items) > 1:
                    self.focus = items[(items.index(self.focus) + delta) % len(items)]
                    return True
            return False
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.move_focus(1)
            return True
        return self.focus.key(event)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        label_font = app.font(app.px(theme.BODY_SIZE))
        previous_clip = surface.get_clip()
        surface.set_clip(self.area.inflate(app.px(12), app.px(12)))
        for row in self.rows:
            if not row.visible:
                continue
            y = self.area.y + row.y - self.scroll
            if y + row.height < self.area.y or y > self.area.bottom:
                continue
            if row.label:
                self._draw_label(surface, row.label(), y, row.height, label_font, full=not row.widgets)
            for widget in row.widgets:
                if widget.visible:
                    widget.draw(surface, app, self.screen_rect(widget), widget is self.focus, widget is self.hover)
        surface.set_clip(previous_clip)
        if self.content_height > self.area.height:
            self._draw_scrollbar(surface)

    def _draw_label(self, surface: pygame.Surface, text: str, y: int, height: int, font: pygame.font.Font, full: bool = False) -> None:
        """A label too long for its column goes on two smaller lines rather than being cut.

        full: a heading row (no widgets) uses the whole width, in the accent colour.
        """
        width = self.area.width if full else int(self.area.width * self.label_ratio) - self.app.px(12)
        if font.size(text)[0] <= width:
            draw_text(surface, font, text, theme.ACCENT if full else theme.TEXT, (self.area.x, y + height // 2), "midleft")
            return
        small = self.app.font(self.app.px(theme.SMALL_SIZE))
        lines = wrap_text(small, text, width)[:2]
        top = y + (height - small.get_linesize() * len(lines)) // 2
        for i, line in enumerate(lines):
            draw_text(surface, small, fit_text(small, line, width), theme.TEXT, (self.area.x, top + i * small.get_linesize()))

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        px = self.app.px
        track = pygame.Rect(self.area.right + px(8), self.area.y, px(6), self.area.height)
        pygame.draw.rect(surface, theme.BACKGROUND_DARK, track, border_radius=px(3))
        ratio = self.area.height / self.content_height
        thumb_h = max(px(24), int(track.height * ratio))
        span = self.content_height - self.area.height
        thumb_y = track.y + int((track.height - thumb_h) * (self.scroll / span if span else 0))
        pygame.draw.rect(surface, theme.PANEL_BORDER, (track.x, thumb_y, track.width, thumb_h), border_radius=px(3))

    def tooltip(self) -> str | None:
        """The explanation of the hovered (else focused) widget, if it has one."""
        for widget in (self.hover, self.focus):
            if widget is not None and widget.tooltip is not None:
                return widget.tooltip()
        return None
