"""Placement recipes layouts share: pure functions from rectangles to rectangles (no display).

`seat_order` and `seats_around` put the other seats clockwise around the viewer; `row_of_slots`
splits a band into fixed slots (a loot board, a village row where an empty slot keeps its place);
`stack_under` tucks cards under a card, each peeking out; `attached` lays tokens on a card;
`on_ellipse` spreads spots (bets, board positions) round an oval clockwise from the bottom;
`line_of_cards` lines cards up round a point (a line of unicorns, animals on a board spot);
`button_stack` stacks buttons in an area, every one inside it (the composer's and a layout's own).
"""

from __future__ import annotations

import math

import pygame


def button_stack(area: pygame.Rect, rows: int, most: int) -> list[pygame.Rect]:
    """`rows` buttons stacked from the top of `area`, as tall as they fit up to `most` (not
    under 16 px), gaps of a fifth of a button, at least 4: every one inside the area ("Call the
    count" was once cut below it). A layout's own buttons under the composer's take the rows
    after them."""
    h = most
    while h > 16 and rows * h + (rows - 1) * max(4, h // 5) > area.h:
        h -= 1
    step = h + max(4, h // 5)
    return [pygame.Rect(area.x, area.y + i * step, area.w, h) for i in range(rows)]


def seat_order(players: int, bottom: int | None) -> list[int]:
    """Seats clockwise starting with the one shown at the bottom."""
    start = bottom if bottom is not None else 0
    return [(start + k) % players for k in range(players)]


def spots_around(count: int) -> list[tuple[str, float]]:
    """(side, fraction along it) of `count` other seats, clockwise after the viewer: up the left
    side, across the top, down the right side. Sides are used from 3 others, two per side from 6."""
    per_side = 0 if count < 3 else (1 if count < 6 else 2)
    top = count - 2 * per_side
    left = [("left", 1.0 - i / max(1, per_side - 1)) if per_side > 1 else ("left", 0.5) for i in range(per_side)]
    right = [("right", i / max(1, per_side - 1)) if per_side > 1 else ("right", 0.5) for i in range(per_side)]
    if top >= 3:
        across = [i / (top - 1) for i in range(top)]
    else:
        across = [(i + 0.5) / top for i in range(top)]
    return left + [("top", f) for f in across] + right


def seats_around(area: pygame.Rect, block: tuple[int, int], count: int, gap: int) -> list[pygame.Rect]:
    """The blocks of `count` other seats inside `area`: a row along the top, the sides below it."""
    side_top = area.y + block[1] + gap
    side_span = max(0, area.bottom - side_top - block[1])
    out = []
    for side, frac in spots_around(count):
        if side == "top":
            out.append(pygame.Rect(area.x + int((area.w - block[0]) * frac), area.y, *block))
        else:
            x = area.x if side == "left" else area.right - block[0]
            out.append(pygame.Rect(x, side_top + int(side_span * frac), *block))
    return out


def row_of_slots(rect: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    """`count` equal slots side by side filling `rect` (a slot keeps its place when empty)."""
    if count <= 0:
        return []
    step = (rect.w + gap) // count
    return [pygame.Rect(rect.x + i * step, rect.y, step - gap, rect.h) for i in range(count)]


def stack_under(card: pygame.Rect, count: int, peek: int) -> list[pygame.Rect]:
    """`count` cards under `card`, the deepest last, each showing a `peek`-pixel strip below it."""
    return [card.move(0, peek * (i + 1)) for i in range(count)]


def attached(card: pygame.Rect, count: int, size: int) -> list[pygame.Rect]:
    """`count` tokens of `size` pixels laid on `card` along its lower edge, overlapping when
    they do not fit side by side (they never leave the card)."""
    if count <= 0:
        return []
    size = min(size, card.w, card.h)
    room = card.w - size
    step = size if count < 2 else min(size, room / (count - 1))
    total = size + step * (count - 1)
    x0 = card.x + (card.w - total) / 2
    y = card.bottom - size - max(1, card.h // 20)
    return [pygame.Rect(round(x0 + i * step), y, size, size) for i in range(count)]


def on_ellipse(area: pygame.Rect, size: tuple[int, int], index: int, count: int) -> tuple[int, int]:
    """The centre of spot `index` of `count` (each `size`, kept inside `area`) on an oval,
    clockwise on screen from the bottom."""
    rx = max(0, (area.w - size[0]) / 2 - 2)
    ry = max(0, (area.h - size[1]) / 2 - 2)
    angle = math.pi / 2 + 2 * math.pi * index / count
    return round(area.centerx + rx * math.cos(angle)), round(area.centery + ry * math.sin(angle))


def line_of_cards(center: tuple[float, float], size: tuple[int, int], count: int, span: float,
                  vertical: bool = False, spacing: float = 1.06) -> list[pygame.Rect]:
    """`count` cards centred on `center`, side by side (or cascading down, names visible),
    squeezed to overlap when they would not fit in `span` pixels."""
    w, h = size
    along = h if vertical else w
    step = along * spacing if count < 2 else min(along * spacing, (span - along) / (count - 1))
    start = (center[1] if vertical else center[0]) - (along + step * (count - 1)) / 2
    if vertical:
        return [pygame.Rect(round(center[0] - w / 2), round(start + step * i), w, h) for i in range(count)]
    return [pygame.Rect(round(start + step * i), round(center[1] - h / 2), w, h) for i in range(count)]


def ring_point(center: tuple[int, int], radius: float, angle: float) -> tuple[int, int]:
    """A point of a circle at `angle` (radians, 0 = right; positive angles turn clockwise on screen)."""
    return int(center[0] + math.cos(angle) * radius), int(center[1] + math.sin(angle) * radius)
