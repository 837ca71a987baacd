"""The rules of each game, in our own words, scrollable: assets/rules/<game_id>.<lang>.md for a
shipped game, where its declaration says for another (game/engine/declaration.py).

The Markdown used is a small subset: "# " title, "## " heading, "- " bullets, "1. " numbered
items, "| a | b |" tables and **bold** runs. It is laid out once per (game, language, width).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pygame

from game import languages, userfiles
from game.engine import registry
from scenes.base import Scene
from scenes.ui import theme
from scenes.ui.text import draw_text, fit_text
from scenes.ui.widgets import Button, Choice, Form, Row, game_name

LINE_STEP = 40  # base pixels per arrow key


MAX_RULES_BYTES = 2_000_000  # a rulebook is ~20 kB


def rules_file(game_id: str, lang: str) -> Any:
    """The game's rules page in `lang` (where its declaration says: assets/rules/ for a shipped
    game), or in English (the reference) until it is translated."""
    game = registry.declaration(game_id)
    path = game.rules_text_path(lang)
    return path if path.is_file() else game.rules_text_path(languages.REFERENCE)


@dataclass
class Piece:
    """One rendered run of text at a position in the document."""

    x: int
    y: int
    image: pygame.Surface


def _runs(text: str) -> list[tuple[str, bool]]:
    """'a **b** c' -> [('a ', False), ('b', True), (' c', False)]."""
    parts = re.split(r"\*\*", text)
    return [(part, i % 2 == 1) for i, part in enumerate(parts) if part]


class RulesDocument:
    """A rules text laid out for one width: a list of positioned pieces and a total height."""

    def __init__(self, app: Any, text: str, width: int) -> None:
        self.app = app
        self.width = width
        self.pieces: list[Piece] = []
        self.height = 0
        self._layout(text)

    def _font(self, size: float, bold: bool = False) -> pygame.font.Font:
        return self.app.font(self.app.tx(size), bold)

    def _paragraph(self, text: str, y: int, indent: int, size: float, color: tuple[int, int, int], bold: bool = False) -> int:
        """Word-wrap text with bold runs; returns the y below it."""
        x0 = indent
        x, line_h = x0, self._font(size).get_linesize()
        for run, is_bold in _runs(text):
            font = self._font(size, bold or is_bold)
            for word in re.split(r"( +)", run):
                if not word:
                    continue
                w = font.size(word)[0]
                if word.startswith(" "):
                    if x > x0:
                        x += w
                    continue
                if x + w > self.width and x > x0:
                    x, y = x0, y + line_h
                self.pieces.append(Piece(x, y, font.render(word, True, color)))
                x += w
        return y + line_h

    def _table(self, rows: list[list[str]], y: int) -> int:
        font, bold = self._font(theme.BODY_SIZE), self._font(theme.BODY_SIZE, True)
        cols = max(len(r) for r in rows)
        first = int(self.width * 0.34)
        other = (self.width - first) // max(1, cols - 1)
        line_h = font.get_linesize() + self.app.px(6)
        for i, row in enumerate(rows):
            x = 0
            for c, cell in enumerate(row):
                f = bold if i == 0 else font
                width = first if c == 0 else other
                cell = fit_text(f, cell.replace("**", ""), width - self.app.px(8))
                self.pieces.append(Piece(x + self.app.px(4), y, f.render(cell, True, theme.ACCENT if i == 0 else theme.TEXT)))
                x += width
            y += line_h
        return y + self.app.px(8)

    def _layout(self, text: str) -> None:
        px = self.app.px
        y = 0
        table: list[list[str]] = []
        for raw in text.splitlines() + [""]:
            line = raw.rstrip()
            if line.startswith("|"):
                cells = [c.strip() for c in line.strip("|").split("|")]
                if not all(set(c) <= set("-: ") for c in cells):
                    table.append(cells)
                continue
            if table:
                y = self._table(table, y)
                table = []
            if not line:
                y += px(6)
            elif line.startswith("# "):
                y = self._paragraph(line[2:], y, 0, theme.TITLE_SIZE * 0.8, theme.ACCENT, bold=True) + px(8)
            elif line.startswith("## "):
                y = self._paragraph(line[3:], y + px(10), 0, theme.HEADING_SIZE, theme.ACCENT, bold=True) + px(4)
            elif line.lstrip().startswith("- "):
                # An indented bullet belongs to the numbered item above it.
                shift = px(28) if line.startswith(" ") else 0
                self.pieces.append(Piece(shift + px(8), y, self._font(theme.BODY_SIZE).render("•", True, theme.ACCENT)))
                y = self._paragraph(line.lstrip()[2:], y, shift + px(28), theme.BODY_SIZE, theme.TEXT) + px(4)
            elif re.match(r"^\d+\. ", line):
                number, rest = line.split(" ", 1)
                self.pieces.append(Piece(0, y, self._font(theme.BODY_SIZE, True).render(number, True, theme.ACCENT)))
                y = self._paragraph(rest, y, px(28), theme.BODY_SIZE, theme.TEXT) + px(4)
            else:
                y = self._paragraph(line, y, 0, theme.BODY_SIZE, theme.TEXT) + px(4)
        self.height = y


class DocumentScene(Scene):
    """A scrollable document under a row of buttons (the rules, the About screen): wheel, arrows,
    Page Up/Down, Space, Home/End scroll; Escape or Backspace goes back."""

    keys_text = "rules.keys"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.scroll = 0
        self.area = pygame.Rect(0, 0, 0, 0)
        self.document: RulesDocument | None = None
        self.message: str | None = None

    def place(self, size: tuple[int, int], form: Form) -> int:
        """Lay out the button row and the document's area; the document's width."""
        w, h = size
        px = self.app.px
        width = min(px(980), w - px(60))
        x = (w - width) // 2
        form.layout(pygame.Rect(x, px(16), width, px(theme.ROW_HEIGHT)))
        self.area = pygame.Rect(x, px(16) + px(theme.ROW_HEIGHT) + px(18), width, h - px(100) - px(40))
        return width - px(16)

    def _clamp(self) -> None:
        height = self.document.height if self.document else 0
        self.scroll = max(0, min(self.scroll, height - self.area.height))

    def scroll_by(self, pixels: int) -> None:
        self.scroll += pixels
        self._clamp()

    def handle_document(self, event: pygame.event.Event) -> bool:
        """Scrolling and going back; False for any other event."""
        px = self.app.px
        if event.type == pygame.KEYDOWN:
            page = max(px(LINE_STEP), self.area.height - px(LINE_STEP))
            moves = {
                pygame.K_UP: -px(LINE_STEP),
                pygame.K_DOWN: px(LINE_STEP),
                pygame.K_PAGEUP: -page,
                pygame.K_PAGEDOWN: page,
                pygame.K_SPACE: page,
                pygame.K_HOME: -(10**9),
                pygame.K_END: 10**9,
            }
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
                return True
            if event.key in moves:
                self.scroll_by(moves[event.key])
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * px(LINE_STEP) * 2)
            return True
        return False

    def draw_document(self, surface: pygame.Surface) -> None:
        app, px = self.app, self.app.px
        pygame.draw.rect(surface, theme.PANEL, self.area.inflate(px(16), px(16)), border_radius=px(theme.RADIUS))
        if self.document is None:
            draw_text(surface, app.font(px(theme.BODY_SIZE)), self.message or "", theme.TEXT, self.area.center, "center")
        else:
            clip = surface.get_clip()
            surface.set_clip(self.area)
            for piece in self.document.pieces:
                y = self.area.y + piece.y - self.scroll
                if self.area.y - piece.image.get_height() <= y <= self.area.bottom:
                    surface.blit(piece.image, (self.area.x + px(8) + piece.x, y))
            surface.set_clip(clip)
            self._draw_scrollbar(surface)
        w, h = surface.get_size()
        draw_text(surface, app.font(px(theme.SMALL_SIZE)), app.tr(self.keys_text), theme.TEXT_DIM, (w // 2, h - px(12)), "midbottom")

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        assert self.document is not None
        px = self.app.px
        if self.document.height <= self.area.height:
            return
        track = pygame.Rect(self.area.right + px(12), self.area.y, px(6), self.area.height)
        pygame.draw.rect(surface, theme.BACKGROUND_DARK, track, border_radius=px(3))
        thumb_h = max(px(24), int(track.height * self.area.height / self.document.height))
        span = self.document.height - self.area.height
        thumb_y = track.y + int((track.height - thumb_h) * self.scroll / span)
        pygame.draw.rect(surface, theme.ACCENT, (track.x, thumb_y, track.width, thumb_h), border_radius=px(3))


class RulesScene(DocumentScene):
    """Scroll with the wheel, arrows, Page Up/Down, Home/End; Left/Right picks another game."""

    def __init__(self, app: Any, game_id: str | None = None) -> None:
        super().__init__(app)
        self.games = {e.game_id: e.rules for e in registry.available() if e.rules is not None}
        self.game = Choice([(gid, game_name(app, r)) for gid, r in self.games.items()], on_change=lambda _v: self._reload())
        if game_id is not None and game_id in self.games:
            self.game.set_value(game_id)
        self.back = Button(lambda: app.tr("common.back"), app.pop)
        self.cards = Button(lambda: app.tr("gallery.button"), self.open_gallery)  # a layout's card gallery
        self.lesson = Button(lambda: app.tr("learn.rules_button"), self.open_lesson, tooltip=lambda: app.tr("learn.rules_tip"))
        self.form = Form(app, [Row(None, [self.game, self.lesson, self.cards, self.back], [3.0, 1.0, 1.0, 1.0])])
        self.form.focus = self.game

    def text(self) -> str | None:
        """The rules in the current language (or None with self.message saying why)."""
        if not self.games:
            self.message = self.app.tr("rules.no_games")
            return None
        path = rules_file(self.game.value, self.app.settings.language)
        try:
            self.message = None
            return userfiles.read_text(path, MAX_RULES_BYTES)
        except (OSError, UnicodeDecodeError):  # missing, damaged, a folder or a pipe
            self.message = self.app.tr("rules.missing", game=self.games[self.game.value].name(self.app.settings.language))
            return None

    def open_gallery(self) -> None:
        from scenes.gallery import has_gallery

        if self.games and has_gallery(self.game.value):
            self.app.push(self.app.scene("gallery", game_id=self.game.value))

    def open_lesson(self) -> None:
        """The game's lesson, from its rules (scenes/lessons.py)."""
        from scenes.lessons import open_lesson

        if self.games and self.lesson.enabled:
            open_lesson(self.app, self.game.value)

    def _reload(self) -> None:
        self.scroll = 0
        self.resize(self.app.screen.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        width = self.place(size, self.form)
        from scenes.gallery import has_gallery

        self.cards.enabled = bool(self.games) and has_gallery(self.game.value)
        from game.lesson import has_lesson

        self.lesson.enabled = bool(self.games) and has_lesson(self.game.value)
        text = self.text()
        self.document = RulesDocument(self.app, text, width) if text is not None else None
        self._clamp()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.handle_document(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.form.focus is not self.back:
            self.game.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.form.draw(surface)
        self.draw_document(surface)
