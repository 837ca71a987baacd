"""Card faces any game can draw: a value card (a big value, corner indices, an optional badge
and a name band) and a paragraph fitted into a box. Colours and texts come from the caller (a
game's YAML presentation and texts); nothing here knows a game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from scenes.table.cards import card_blank, hex_color
from scenes.ui.text import fit_text, wrap_text, wrap_words

CREAM = (246, 240, 224)
INK = (34, 30, 26)
EDGE = (150, 140, 120)

Badge = Callable[[pygame.Surface, pygame.Rect], None]


def value_card(app: Any, size: tuple[int, int], value: str, name: str, fill: tuple[int, int, int],
               badge: Badge | None = None, short_name: str | None = None) -> pygame.Surface:
    """A number card: `fill` colour, `value` large and in two corners, `badge` drawn in the top
    right corner if given, and `name` on a band above the bottom corner (`short_name` when the
    whole name would be cut even a little smaller)."""
    w, h = max(10, size[0]), max(14, size[1])
    surf = card_blank((w, h), fill, EDGE, max(1, w // 30), radius=max(3, w // 9))
    ink = CREAM if sum(fill) < 380 else INK
    big = app.font(max(8, int(h * 0.46)), True).render(value, True, ink)
    surf.blit(big, big.get_rect(center=(w // 2, int(h * 0.43))))  # leaves the band above the corner to the name
    corner = app.font(max(7, int(h * 0.17)), True).render(value, True, ink)
    font = app.font(max(6, int(h * 0.11)))
    boxes = value_card_layout((w, h), corner.get_size(), font.get_linesize(), badge is not None)
    surf.blit(corner, boxes["corner"])
    surf.blit(pygame.transform.rotate(corner, 180), boxes["corner_rotated"])
    if badge is not None:
        badge(surf, boxes["badge"])
    label = boxes["label"]
    for px in range(max(6, int(h * 0.11)), max(5, int(h * 0.085)), -1):  # the whole name if a little smaller fits
        font = app.font(px)
        if font.size(name)[0] <= label.w:
            break
    if font.size(name)[0] > label.w and short_name:
        name = short_name
    img = font.render(fit_text(font, name, label.w), True, ink)
    surf.blit(img, img.get_rect(center=label.center))
    return surf


def value_card_layout(size: tuple[int, int], corner: tuple[int, int], line: int, badge: bool) -> dict[str, pygame.Rect]:
    """Where a value card's parts go, clear of each other and inside the rounded border: the
    corner index (top left, and turned at the bottom right), the badge (top right) and the name,
    on the band between the big value and the bottom corners."""
    w, h = size
    margin = max(2, w // 12)
    top = pygame.Rect((margin, max(1, h // 30)), corner)
    bottom = pygame.Rect((0, 0), corner)
    bottom.bottomright = (w - margin, h - max(1, h // 30))
    boxes = {"corner": top, "corner_rotated": bottom}
    if badge:
        side = max(6, min(int(w * 0.3), w - top.right - 2 * margin))  # clear of the big value too
        boxes["badge"] = pygame.Rect(w - margin - side, margin, side, side)
    label = pygame.Rect(0, 0, w - 2 * margin, line)  # the whole width, just above the bottom corner
    label.centerx = w // 2
    label.bottom = bottom.top - 1
    boxes["label"] = label
    return boxes


def fit_paragraph(app: Any, text: str, box: pygame.Rect) -> tuple[pygame.font.Font, list[str], bool]:
    """The largest font (down to a readable minimum) at which `text` wraps whole inside `box`;
    the lines, and whether all of it fits (if not, the last shown line ends with "…")."""
    start = max(8, int(box.w * 0.085))
    font, lines = app.font(start), []
    for px in range(start, 7, -1):  # every word whole: smaller before any word is cut
        font = app.font(px)
        whole = wrap_words(font, text, box.w)
        if whole is not None and len(whole) * font.get_linesize() <= box.h:
            return font, whole, True
    lines = wrap_text(font, text, box.w)  # at 8 px: a word too long is cut, with a hyphen
    if len(lines) * font.get_linesize() <= box.h:
        return font, lines, True
    keep = max(1, box.h // font.get_linesize())
    cut = lines[:keep]
    if len(lines) > keep:
        cut[-1] = fit_text(font, cut[-1] + " …", box.w)
    return font, cut, False


def symbol_look(presentation: dict[str, Any], symbol: str) -> tuple[str, tuple[int, int, int], tuple[int, int, int]]:
    """A symbol's picture, colour and disc colour, from the YAML's presentation.symbols."""
    look = (presentation.get("symbols") or {}).get(symbol) or {}
    return (look.get("picture", symbol), hex_color(look.get("color", "#808080")), hex_color(look.get("background", "#f6f0e0")))


def effect_marks(presentation: dict[str, Any], effects: Any) -> str:
    """Short signs for what a card's effects do (the YAML's presentation.effect_marks: a text per
    effect name, formatted with its parameters, optionally only `when` parameters match)."""
    table = presentation.get("effect_marks") or {}
    marks = []
    for effect in effects:
        name, params = effect.name, dict(effect.params)  # a Bound effect of game/engine/effects.py
        mark = table.get(name)
        if mark is None or any(params.get(k) != v for k, v in (mark.get("when") or {}).items()):
            continue
        try:
            marks.append(mark["text"].format(**params).replace("-", "−"))
        except (KeyError, ValueError, IndexError):  # a mark naming a parameter the effect lacks
            continue
    return " ".join(marks)
