"""The table's buttons, one look for all: the composer's (a `Press`, a `Word`) and a layout's own
(Silver's amulet and confirm, Kill the Unicorns' hunt confirm and boost), so that buttons stacked
in one area read as one set.

A button is a rounded box with its label at the left (on two lines if need be) and its key in a
box at the right; the mouse over it lights it, a chosen one (a word picked, a mode on, a toggle
on) is filled with the accent colour, a disabled one is dim (it says why when pressed).

A layout declares its own buttons (`Layout.buttons`, a `Button` each) and is told when one is
pressed (`Layout.press`): the composer's input stacks them in their area under its own buttons,
draws them, and takes their clicks and keys (scenes/table/composer_input.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from scenes.table.regions import ACTIONS
from scenes.ui import theme
from scenes.ui.text import fit_lines


@dataclass(frozen=True)
class Button:
    """One of a layout's own buttons now: `name` is what `Layout.press` is told; `label` its text
    (read already, in the player's language); `key` the letter that presses it too ("" none);
    stacked in the region `area` after the composer's buttons there, unless `rect` places it."""

    name: str
    label: str
    key: str = ""
    area: str = ACTIONS
    chosen: bool = False  # a mode or toggle on, a confirm that sends the choice: lit
    enabled: bool = True  # pressed while disabled, the layout says why
    rect: pygame.Rect | None = None

    def typed(self, event: pygame.event.Event) -> bool:
        """Whether a key press is this button's letter."""
        return len(self.key) == 1 and self.key.isascii() and self.key.isalnum() and event.key == pygame.key.key_code(self.key)


def button_label(app: Any, text: str, width: int, height: int, size: int) -> tuple[pygame.font.Font, list[str], bool]:
    """A button's text whole: on one line if it fits (a little smaller if need be), else on two
    ("Échanger avec la pioche fantôme" in a narrow button); whether it is whole."""
    for s in (size, int(size * 0.85)):
        font = app.font(max(7, s), True)
        if font.size(text)[0] <= width:
            return font, [text], True
    return fit_lines(app, text, width, height, int(size * 0.85), bold=True, floor=7)


def key_box(surface: pygame.Surface, font: pygame.font.Font, key: str, at: tuple[int, int], anchor: str = "midright",
            fill: tuple[int, int, int] = theme.ACCENT) -> pygame.Rect:
    """A key's letter in its small box, its `anchor` point at `at` (on a button, on a card a key
    picks); the box."""
    img = font.render(key.upper(), True, theme.ACCENT_TEXT)
    box = img.get_rect().inflate(8, 2)
    setattr(box, anchor, at)
    pygame.draw.rect(surface, fill, box, border_radius=4)
    surface.blit(img, img.get_rect(center=box.center))
    return box


def draw_button(app: Any, surface: pygame.Surface, rect: pygame.Rect, label: str, key: str = "",
                mouse: tuple[int, int] | None = None, chosen: bool = False, enabled: bool = True) -> bool:
    """One button of the table (see the module); `mouse`: the pointer, lighting the button it is
    over. Whether its label is whole (a text-fit test checks it)."""
    hovered = mouse is not None and rect.collidepoint(mouse)
    fill = theme.ACCENT if chosen else theme.BUTTON_HOVER if hovered else theme.BUTTON
    pygame.draw.rect(surface, fill, rect, border_radius=rect.h // 3)
    edge = theme.FOCUS if chosen else theme.ACCENT if enabled else theme.TEXT_DIM
    pygame.draw.rect(surface, edge, rect, 2, border_radius=rect.h // 3)
    size = max(9, int(rect.h * 0.42))
    room = rect.w - 16
    if key:
        box = key_box(surface, app.font(size, True), key, (rect.right - 6, rect.centery), "midright",
                      theme.BUTTON if chosen else theme.ACCENT)
        room -= box.w + 2
    font, lines, whole = button_label(app, label, room, rect.h - 4, size)
    color = theme.ACCENT_TEXT if chosen else theme.TEXT if enabled else theme.TEXT_DIM
    top = rect.centery - len(lines) * font.get_linesize() // 2
    for i, line in enumerate(lines):
        surface.blit(font.render(line, True, color), (rect.x + 8, top + i * font.get_linesize()))
    return whole
