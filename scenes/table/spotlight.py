"""Pointing at the table: light a zone or a card, and explain it in a bubble that points at it.

Generic over every layout: a spot is named the way a layout names its regions, so a lesson
file, a hint or a tour can say where to look without knowing pixels:

    deck              the region named "deck"
    village:me        the region "village:<seat>" of the seat at the screen
    village:2#3       the 3rd card (from 1) of seat 2's village region
    button:draw       the composer's button of the legal action "draw" (while it is offered)

`spot_rects` turns spots into rectangles of the current placements; `draw_lights` lights them;
`draw_bubble` lays a short text out beside them (never over them when it can help it) with a
pointer toward the first, inside the board. The lesson table (scenes/table/lesson.py) uses all
three; anything that shows a move on the table (a suggested move) can light its rectangles the
same way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.views import View
from scenes.table.layout import zone_cards
from scenes.table.regions import Placements
from scenes.ui import theme
from scenes.ui.text import wrap_text

SPOT = re.compile(r"^(?P<region>[a-z][a-z0-9_]*(?::(?:me|\d+))?)(?:#(?P<card>\d+))?$")  # a region may hold digits: loot_5:me
BUTTON = "button:"
LIGHT = (255, 226, 120)
BUBBLE = (250, 244, 226)
BUBBLE_TEXT = (34, 30, 22)
BUBBLE_DIM = (96, 88, 70)


class SpotError(ValueError):
    """A spot that names no region (or card) of the table as it is laid out now."""


def region_name(spot: str, me: int | None) -> str:
    """The layout's region name of a spot's region part ('village:me' -> 'village:0')."""
    found = SPOT.match(spot)
    name = found.group("region") if found else spot
    if name.endswith(":me") and me is not None:
        name = f"{name[:-3]}:{me}"
    return name


def spot_rect(placements: Placements, view: View, spot: str, me: int | None,
              buttons: Sequence[tuple[str, pygame.Rect]] = ()) -> pygame.Rect:
    """The rectangle of one spot now (SpotError when the table has no such region or card).
    `buttons`: (action, rect) of the buttons offered now, for 'button:<action>'."""
    if spot.startswith(BUTTON):
        action = spot[len(BUTTON):].replace("_", " ")
        for text, rect in buttons:
            if text == action:
                return pygame.Rect(rect)
        raise SpotError(f"no button '{action}' on the table now (buttons: {', '.join(t for t, _ in buttons) or 'none'})")
    found = SPOT.match(spot)
    if found is None:
        raise SpotError(f"'{spot}' is not a spot (expected zone, zone:me, zone:<seat>, with #<card>)")
    name = region_name(spot, me)
    region = placements.regions.get(name)
    if region is None:
        raise SpotError(f"the table has no region '{name}' (regions: {', '.join(sorted(placements.regions))})")
    card = found.group("card")
    if card is None:
        return pygame.Rect(region.rect)
    cards = zone_cards(view, region)
    rects = region.card_rects(len(cards))
    index = int(card) - 1
    if not 0 <= index < len(rects):
        raise SpotError(f"region '{name}' has {len(rects)} card(s), not a card {card}")
    return pygame.Rect(rects[index])


def spot_rects(placements: Placements, view: View, spots: Sequence[str], me: int | None,
               buttons: Sequence[tuple[str, pygame.Rect]] = ()) -> list[pygame.Rect]:
    """The rectangles of the spots that exist now (a spot that does not is left out: a button
    appears only while its action is offered)."""
    out = []
    for spot in spots:
        try:
            out.append(spot_rect(placements, view, spot, me, buttons))
        except SpotError:
            continue
    return out


def draw_lights(surface: pygame.Surface, rects: Sequence[pygame.Rect], scale: float = 1.0) -> None:
    """Light what is pointed at: a warm halo and a bright rim (still, so that an idle table is
    not drawn every frame)."""
    pad = max(4, int(7 * scale))
    for rect in rects:
        halo = rect.inflate(pad * 5, pad * 5)
        glow = pygame.Surface(halo.size, pygame.SRCALPHA)
        for i, alpha in enumerate((30, 40, 55)):  # three rims, brighter toward the spot
            ring = glow.get_rect().inflate(-i * pad, -i * pad)
            pygame.draw.rect(glow, (*LIGHT, alpha), ring, pad // 2 + 2, border_radius=pad * 3)
        surface.blit(glow, halo)
        pygame.draw.rect(surface, LIGHT, rect.inflate(pad * 2, pad * 2), max(2, int(3 * scale)), border_radius=pad * 2)


def union(rects: Sequence[pygame.Rect]) -> pygame.Rect | None:
    """The rectangle around all of `rects` (None for none): what a bubble points at."""
    return rects[0].unionall(list(rects[1:])) if rects else None


@dataclass
class Bubble:
    """A bubble as drawn: its box and its button's box (None without a button)."""

    rect: pygame.Rect
    button: pygame.Rect | None


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.w * clip.h


def _gap(a: pygame.Rect, b: pygame.Rect) -> int:
    """The distance between two rectangles (0 when they touch or overlap)."""
    dx = max(b.x - a.right, a.x - b.right, 0)
    dy = max(b.y - a.bottom, a.y - b.bottom, 0)
    return dx + dy


def place_bubble(size: tuple[int, int], bounds: pygame.Rect, lit: Sequence[pygame.Rect], avoid: Sequence[pygame.Rect] = (),
                 soft: Sequence[pygame.Rect] = (), gap: int = 16) -> pygame.Rect:
    """Where a bubble of `size` goes inside `bounds`: near what it points at (`lit`), over none
    of it if it can, then over as little as it can of `avoid` (what the player must see or
    reach: their cards, the buttons) and of `soft` (the rest of the table's cards). Tried:
    every side of each lit rectangle and of all of them, and a grid over the bounds."""
    w, h = min(size[0], bounds.w), min(size[1], bounds.h)
    target = union(list(lit))
    trials: list[pygame.Rect] = []
    for rect in ([target, *lit] if target is not None else []):
        for side in ("below", "above", "right", "left"):
            trial = pygame.Rect(0, 0, w, h)
            if side == "below":
                trial.midtop = (rect.centerx, rect.bottom + gap)
            elif side == "above":
                trial.midbottom = (rect.centerx, rect.y - gap)
            elif side == "right":
                trial.midleft = (rect.right + gap, rect.centery)
            else:
                trial.midright = (rect.x - gap, rect.centery)
            trials.append(trial.clamp(bounds))
    steps = 10
    for i in range(steps + 1):
        for j in range(steps + 1):
            trials.append(pygame.Rect(bounds.x + (bounds.w - w) * i // steps, bounds.y + (bounds.h - h) * j // steps, w, h))
    if target is None:  # nothing pointed at: the middle of the board first
        middle = pygame.Rect(0, 0, w, h)
        middle.center = bounds.center
        trials.insert(0, middle)

    room = [r.inflate(2 * gap, 2 * gap) for r in lit]  # what it points at, its light and the pointer's room

    def cost(rect: pygame.Rect) -> float:
        on_lit = sum(_overlap(rect, r) for r in room)
        # over it, even by a corner or edge to edge, only when nothing else will do: no pointer then
        covered = (w * h + 8 * on_lit if on_lit else 0) + 6 * sum(_overlap(rect, r) for r in avoid)
        covered += sum(_overlap(rect, r) for r in soft)
        return covered + (_gap(rect, target) * h * 0.3 if target is not None else 0)

    return min(trials, key=cost)


def draw_bubble(surface: pygame.Surface, app: Any, text: str, bounds: pygame.Rect, lit: Sequence[pygame.Rect],
                avoid: Sequence[pygame.Rect] = (), soft: Sequence[pygame.Rect] = (), title: str = "", footer: str = "",
                button: str = "", note: str = "", at: tuple[int, int] | None = None) -> Bubble:
    """A light bubble with `text` (and a bold `title`, an emphasised `note` such as a refused
    move's hint, a dim `footer` such as the keys), placed by `place_bubble` (or with its top
    left at `at`, to keep it still) with a pointer toward what it speaks of; `button`: a label
    drawn as a button at its bottom right."""
    pad = max(6, app.px(12))
    width = min(bounds.w - 2 * pad, max(app.px(300), min(app.px(460), int(bounds.w * 0.44))))
    body = app.font(app.tx(theme.SMALL_SIZE + 1))
    bold = app.font(app.tx(theme.SMALL_SIZE + 1), True)
    small = app.font(app.tx(theme.SMALL_SIZE - 2))
    inner = width - 2 * pad
    rows: list[tuple[Any, str, tuple[int, int, int]]] = []
    if title:
        rows += [(bold, line, theme.ACCENT_TEXT) for line in wrap_text(bold, title, inner)]
    rows += [(body, line, BUBBLE_TEXT) for line in wrap_text(body, text, inner)]
    if note:
        rows += [(bold, line, (150, 40, 30)) for line in wrap_text(bold, note, inner)]
    foot = [(small, line, BUBBLE_DIM) for line in wrap_text(small, footer, inner)] if footer else []
    button_h = app.px(30) if button else 0
    height = sum(f.get_linesize() for f, _, _ in rows + foot) + 2 * pad + (button_h + pad // 2 if button else 0)
    if at is not None:
        box = pygame.Rect(at, (width, height)).clamp(bounds)
    else:
        box = place_bubble((width, height), bounds, lit, avoid, soft, app.px(18))
    target = pointed_at(box, lit)
    if target is not None:
        _pointer(surface, box, target, app.px(12))
    pygame.draw.rect(surface, BUBBLE, box, border_radius=app.px(10))
    pygame.draw.rect(surface, theme.ACCENT, box, max(2, app.px(2)), border_radius=app.px(10))
    y = box.y + pad
    for font, line, color in rows:
        surface.blit(font.render(line, True, color), (box.x + pad, y))
        y += font.get_linesize()
    button_rect = None
    if button:
        label = bold.render(button, True, theme.ACCENT_TEXT)
        button_rect = pygame.Rect(0, 0, label.get_width() + 2 * pad, button_h)
        button_rect.bottomright = (box.right - pad, box.bottom - pad)
        pygame.draw.rect(surface, theme.ACCENT, button_rect, border_radius=button_h // 3)
        surface.blit(label, label.get_rect(center=button_rect.center))
    for font, line, color in foot:
        surface.blit(font.render(line, True, color), (box.x + pad, y))
        y += font.get_linesize()
    return Bubble(box, button_rect)


def pointed_at(box: pygame.Rect, lit: Sequence[pygame.Rect]) -> pygame.Rect | None:
    """What a bubble at `box` points at: the first lit thing it does not cover (the first spot
    a step names is what it speaks of; the middle of several far apart is often nothing)."""
    return next((pygame.Rect(r) for r in lit if not box.colliderect(r)), None)


def _pointer(surface: pygame.Surface, box: pygame.Rect, target: pygame.Rect, size: int) -> None:
    """A triangle from the bubble's nearest side toward the target (none when they overlap),
    and when the bubble had to sit further away, a line from its tip to the target's edge: the
    triangle alone would point at whatever lies between (the player's own cards)."""
    if box.colliderect(target):
        return
    tx, ty = target.center
    if target.bottom <= box.y:
        base = (max(box.x + size * 2, min(box.right - size * 2, tx)), box.y)
        points = [(base[0] - size, base[1] + 1), (base[0] + size, base[1] + 1), (base[0], max(target.bottom + 2, base[1] - size * 2))]
    elif target.y >= box.bottom:
        base = (max(box.x + size * 2, min(box.right - size * 2, tx)), box.bottom)
        points = [(base[0] - size, base[1] - 1), (base[0] + size, base[1] - 1), (base[0], min(target.y - 2, base[1] + size * 2))]
    elif target.right <= box.x:
        base = (box.x, max(box.y + size * 2, min(box.bottom - size * 2, ty)))
        points = [(base[0] + 1, base[1] - size), (base[0] + 1, base[1] + size), (max(target.right + 2, base[0] - size * 2), base[1])]
    else:
        base = (box.right, max(box.y + size * 2, min(box.bottom - size * 2, ty)))
        points = [(base[0] - 1, base[1] - size), (base[0] - 1, base[1] + size), (min(target.x - 2, base[0] + size * 2), base[1])]
    pygame.draw.polygon(surface, BUBBLE, points)
    pygame.draw.lines(surface, theme.ACCENT, False, [points[0], points[2], points[1]], 2)
    tip = points[2]
    end = (max(target.x, min(target.right - 1, tip[0])), max(target.y, min(target.bottom - 1, tip[1])))
    if abs(end[0] - tip[0]) + abs(end[1] - tip[1]) > size:  # a bubble set apart (other cards between): a line to it
        pygame.draw.line(surface, theme.ACCENT, tip, end, max(2, size // 4))
        pygame.draw.circle(surface, theme.ACCENT, end, max(3, size // 3))
