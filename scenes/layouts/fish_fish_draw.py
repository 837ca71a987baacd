"""Fish Fish pictures: seven fish species, the fishing cards, the baits, the betting-order arrow.

A species is told apart by three things, never by colour alone (colour-blind players): the
silhouette (classic, puffer, eel, angelfish, ray, shark, swordfish), the colour (Okabe-Ito
palette) and the pattern on the body (plain, dots, stripes, bands, rings, chevrons, scales).
Which card gets which picture, shape, pattern and colour is the game YAML's `presentation:`
(`faces`, `owner_looks`, `card_colors`); this module only knows how to draw each of them.
Pictures are ids the table's CardArt asks for: "fish:<species>", "bait:<value>", "catch", "empty".
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pygame

from scenes.table.cards import card_blank, hex_color

CREAM = (246, 240, 224)
INK = (34, 30, 26)
WATER = (32, 86, 112)
WATER_DARK = (20, 56, 76)
LINE_COLOR = (236, 232, 214)

Look = Mapping[str, Any]  # a tile's look from the YAML's presentation.owner_looks: shape, color, pattern


# ----------------------------------------------------------------------------- fish
def _outline(shape: str, w: float, h: float) -> tuple[list[tuple[float, float]], list[list[tuple[float, float]]]]:
    """The body polygon and the fins/tail polygons of a silhouette inside a w x h box (facing left)."""
    cx, cy = w * 0.45, h * 0.5

    def ellipse(rx: float, ry: float, x0: float = cx, y0: float = cy, n: int = 28) -> list[tuple[float, float]]:
        return [(x0 + rx * math.cos(2 * math.pi * i / n), y0 + ry * math.sin(2 * math.pi * i / n)) for i in range(n)]

    right = w * 0.95
    if shape == "puffer":
        body = ellipse(w * 0.3, h * 0.34)
        spikes = []
        for i in range(10):
            a = 2 * math.pi * i / 10
            base = (cx + w * 0.3 * math.cos(a), cy + h * 0.34 * math.sin(a))
            tip = (cx + w * 0.4 * math.cos(a), cy + h * 0.44 * math.sin(a))
            side = (cx + w * 0.3 * math.cos(a + 0.25), cy + h * 0.34 * math.sin(a + 0.25))
            spikes.append([base, tip, side])
        tail = [(cx + w * 0.27, cy), (right, cy - h * 0.18), (right, cy + h * 0.18)]
        return body, [tail, *spikes]
    if shape == "eel":
        top = [(w * 0.08 + i * w * 0.082, cy - h * 0.1 + math.sin(i * 0.9) * h * 0.1) for i in range(11)]
        bottom = [(x, y + h * 0.2) for x, y in reversed(top)]
        return top + bottom, [[(w * 0.9, cy - h * 0.05), (right, cy - h * 0.22), (right, cy + h * 0.2)]]
    if shape == "angel":
        body = [(w * 0.12, cy), (cx, cy - h * 0.42), (w * 0.72, cy), (cx, cy + h * 0.42)]
        return body, [[(w * 0.68, cy), (right, cy - h * 0.2), (right, cy + h * 0.2)]]
    if shape == "ray":
        body = [(w * 0.06, cy), (cx, cy - h * 0.4), (w * 0.78, cy), (cx, cy + h * 0.4)]
        return body, [[(w * 0.74, cy - h * 0.03), (right, cy - h * 0.02), (right, cy + h * 0.04), (w * 0.74, cy + h * 0.03)]]
    if shape == "shark":
        body = ellipse(w * 0.38, h * 0.18)
        fin = [(cx - w * 0.05, cy - h * 0.14), (cx + w * 0.08, cy - h * 0.44), (cx + w * 0.16, cy - h * 0.12)]
        tail = [(cx + w * 0.34, cy), (right, cy - h * 0.34), (w * 0.86, cy), (right, cy + h * 0.2)]
        return body, [fin, tail]
    if shape == "sword":
        body = ellipse(w * 0.3, h * 0.2, cx + w * 0.06)
        nose = [(cx - w * 0.2, cy - h * 0.06), (w * 0.0, cy), (cx - w * 0.2, cy + h * 0.06)]
        tail = [(cx + w * 0.32, cy), (right, cy - h * 0.3), (right, cy + h * 0.3)]
        return body, [nose, tail]
    body = ellipse(w * 0.34, h * 0.26)  # classic
    return body, [[(cx + w * 0.3, cy), (right, cy - h * 0.28), (right, cy + h * 0.28)]]


def _pattern(surf: pygame.Surface, pattern: str, rect: pygame.Rect, ink: tuple[int, int, int, int]) -> None:
    """Marks on the body (drawn on a layer that is then masked by the body)."""
    w, h = rect.size
    line = max(1, w // 22)
    if pattern == "dots":
        for i in range(6):
            for j in range(4):
                pygame.draw.circle(surf, ink, (rect.x + (i + 0.5 + 0.5 * (j % 2)) * w / 6, rect.y + (j + 0.5) * h / 4), max(1, w // 24))
    elif pattern == "stripes":
        for j in range(1, 5):
            y = rect.y + j * h / 5
            pygame.draw.line(surf, ink, (rect.x, y), (rect.right, y), line)
    elif pattern == "bands":
        for i in range(1, 5):
            x = rect.x + i * w / 5
            pygame.draw.line(surf, ink, (x, rect.y), (x, rect.bottom), line * 2)
    elif pattern == "rings":
        for i in range(3):
            pygame.draw.circle(surf, ink, (rect.x + (i + 1) * w / 4, rect.centery), max(2, w // 12), line)
    elif pattern == "chevrons":
        for i in range(5):
            x = rect.x + (i + 0.5) * w / 5
            pygame.draw.lines(surf, ink, False, [(x + w / 12, rect.y), (x - w / 16, rect.centery), (x + w / 12, rect.bottom)], line)
    elif pattern == "scales":
        step = max(3, w // 9)
        for y in range(rect.y, rect.bottom, step):
            for x in range(rect.x + (step // 2 if (y // step) % 2 else 0), rect.right, step):
                pygame.draw.arc(surf, ink, (x, y, step, step), math.pi, 2 * math.pi, max(1, line // 2 + 1))


def fish_tile(look: Look, size: tuple[int, int]) -> pygame.Surface:
    """A fish tile: cream square, the species' coloured rim, its silhouette, colour and pattern."""
    w, h = max(8, size[0]), max(8, size[1])
    shape, color, pattern = look["shape"], hex_color(look["color"]), look["pattern"]
    surf = card_blank((w, h), CREAM, color, max(2, w // 12), radius=max(3, w // 6))
    pad = max(2, w // 10)
    box = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
    body, fins = _outline(shape, box.w, box.h)
    shift = lambda pts: [(box.x + x, box.y + y) for x, y in pts]  # noqa: E731
    for fin in fins:
        pygame.draw.polygon(surf, color, shift(fin))
        pygame.draw.polygon(surf, INK, shift(fin), max(1, w // 40))
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(layer, (*color, 255), shift(body))
    marks = pygame.Surface((w, h), pygame.SRCALPHA)
    _pattern(marks, pattern, box, (*INK, 200))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), shift(body))
    marks.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    layer.blit(marks, (0, 0))
    surf.blit(layer, (0, 0))
    pygame.draw.polygon(surf, INK, shift(body), max(1, w // 30))
    eye_x = box.x + box.w * (0.24 if shape == "sword" else 0.22 if shape in ("classic", "puffer", "shark") else 0.2)
    eye = (round(eye_x + box.w * 0.05), round(box.y + box.h * 0.45))
    pygame.draw.circle(surf, (255, 255, 255), eye, max(2, w // 14))
    pygame.draw.circle(surf, INK, eye, max(1, w // 26))
    return surf


# ---------------------------------------------------------------------------- cards
def _card_base(size: tuple[int, int], color: tuple[int, int, int]) -> tuple[pygame.Surface, int, int, int]:
    w, h = max(8, size[0]), max(10, size[1])
    return card_blank((w, h), CREAM, color, max(2, w // 16)), w, h, max(3, w // 10)


def _label(app: Any, surf: pygame.Surface, text: str, band: pygame.Rect, color: tuple[int, int, int]) -> None:
    size = max(7, int(band.h * 0.62))
    font = app.font(size, bold=True)
    while font.size(text)[0] > band.w - 4 and size > 7:
        size -= 1
        font = app.font(size, bold=True)
    img = font.render(text, True, color)
    surf.blit(img, img.get_rect(center=band.center))


def face_card(app: Any, label: str, color: tuple[int, int, int], size: tuple[int, int], picture: str,
              band_at: str = "top", value: str | None = None, tile: Look | None = None) -> pygame.Surface:
    """A card as the YAML's `faces` says: its colour, its name on a band (top: white on the
    colour; bottom: ink), `value` large when it has one, and its picture (`tile`: the look of
    a tile it shows)."""
    surf, w, h, radius = _card_base(size, color)
    bh = max(10, int(h * (0.22 if band_at == "top" else 0.2)))
    if band_at == "top":
        band = pygame.Rect(0, 0, w, bh)
        pygame.draw.rect(surf, color, band, border_top_left_radius=radius, border_top_right_radius=radius)
        _label(app, surf, label, band, (255, 255, 255))
    else:
        band = pygame.Rect(0, h - bh, w, bh)
        pygame.draw.rect(surf, color, band, border_bottom_left_radius=radius, border_bottom_right_radius=radius)
        _label(app, surf, label, band, INK)
    if value is not None:
        font = app.font(max(9, int(h * 0.42)), bold=True)
        img = font.render(value, True, INK)
        surf.blit(img, img.get_rect(center=(w // 2, int(h * 0.3))))
    draw = PICTURES.get(picture)
    if draw is not None:
        draw(surf, color, band, tile)
    return surf


def _hook(surf: pygame.Surface, band: pygame.Rect, bottom: int) -> tuple[int, int]:
    w, h = surf.get_size()
    cx, top = w // 2, band.bottom + h // 14
    width = max(2, w // 18)
    pygame.draw.line(surf, INK, (cx, top), (cx, bottom), width)
    hook = pygame.Rect(0, 0, w // 3, w // 3)
    hook.midtop = (cx - w // 6 + width, bottom - w // 6)
    pygame.draw.arc(surf, INK, hook, math.pi, 2 * math.pi, width)
    pygame.draw.line(surf, INK, (hook.left + width // 2, hook.centery), (hook.left + width // 2, hook.centery - w // 10), width)
    return cx, bottom


def _hook_fish(surf: pygame.Surface, color: tuple[int, int, int], band: pygame.Rect, tile: Look | None) -> None:
    """A hook holding a fish tile (the first species)."""
    w, h = surf.get_size()
    cx, bottom = _hook(surf, band, int(h * 0.52))
    if tile is not None:
        side = max(8, min(int(w * 0.62), int(h * 0.3)))
        img = fish_tile(tile, (side, side))
        surf.blit(img, img.get_rect(midtop=(cx, bottom + w // 12)))


def _hook_water(surf: pygame.Surface, color: tuple[int, int, int], band: pygame.Rect, tile: Look | None) -> None:
    """A bare hook over the water: nothing bites."""
    w, h = surf.get_size()
    _hook(surf, band, int(h * 0.8))
    for row in (0.86, 0.93):
        wave = [(w * (0.14 + 0.72 * i / 12), h * row + math.sin(i * 1.6) * h * 0.018) for i in range(13)]
        pygame.draw.lines(surf, color, False, wave, max(2, w // 22))


def _worm(surf: pygame.Surface, color: tuple[int, int, int], band: pygame.Rect, tile: Look | None) -> None:
    w, h = surf.get_size()
    points = [(w * (0.22 + 0.56 * i / 8), h * 0.62 + math.sin(i * 1.3) * h * 0.05) for i in range(9)]
    pygame.draw.lines(surf, (196, 96, 110), False, points, max(3, w // 9))


# The pictures a face may name in the YAML (presentation.faces.<card>.picture).
PICTURES = {"hook_fish": _hook_fish, "hook_water": _hook_water, "worm": _worm}


# ---------------------------------------------------------------------------- table
def draw_fishing_line(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int], width: int) -> None:
    """The fisher's line: a sagging curve from the fisher's seat to the cards on the water."""
    mid = ((start[0] + end[0]) / 2, max(start[1], end[1]) + abs(start[0] - end[0]) * 0.12)
    pts = []
    for i in range(21):
        t = i / 20
        x = (1 - t) ** 2 * start[0] + 2 * (1 - t) * t * mid[0] + t * t * end[0]
        y = (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * mid[1] + t * t * end[1]
        pts.append((x, y))
    pygame.draw.lines(surface, LINE_COLOR, False, pts, width)
