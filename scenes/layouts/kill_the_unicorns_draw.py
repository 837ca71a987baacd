"""The Kill the Unicorns pictures, drawn by the program: unicorns, hunt cards, schemes,
characters and market tokens.

Each colour also has its own pattern and symbol (pink dots and a circle, blue waves and a
diamond, green stripes and a triangle, yellow checks and a star) so players who do not tell the
colours apart still can; legendary unicorns wear a crown, pigicorns a snout.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from scenes.table.cards import card_blank

INK = (40, 30, 45)
PAPER = (250, 244, 232)
GOLD = (214, 170, 60)
NONE = (154, 143, 176)
SCHEME_BACK = (70, 50, 96)
SYMBOLS = {"pink": "circle", "blue": "diamond", "green": "triangle", "yellow": "star"}


MIN_FONT = 7  # the smallest print on a card
TEXT_MIN_WIDTH = 30  # narrower cards show no words (seen from afar; the tooltip names them)


def _font(app: Any, size: float, bold: bool = True) -> pygame.font.Font:
    return app.font(max(MIN_FONT, int(size)), bold)


def fitting_font(app: Any, text: str, width: int, size: float, bold: bool = True, whole: bool = False) -> pygame.font.Font:
    """The font of `size` or smaller (down to MIN_FONT) in which each word of `text` (the whole
    text when `whole`) is at most `width` wide: a title wraps between words, never inside one."""
    size = max(MIN_FONT, int(size))
    parts = [text] if whole else text.split() or [""]
    while True:
        font = _font(app, size, bold)
        if size <= MIN_FONT or max(font.size(p)[0] for p in parts) <= width:
            return font
        size -= 1


# When a list, every line of text the table and its cards draw adds (text, natural width, room)
# to it: the text-fit test reads how much each label had to be narrowed.
FIT_LOG: list[tuple[str, int, int]] | None = None


def text_line(font: pygame.font.Font, text: str, colour: Any, room: int) -> pygame.Surface:
    """`text` rendered on one line at most `room` wide (narrowed if it must be, never cut)."""
    img = font.render(text, True, colour)
    if FIT_LOG is not None:
        FIT_LOG.append((text, img.get_width(), room))
    return squeeze(img, room)


def squeeze(img: pygame.Surface, width: int) -> pygame.Surface:
    """A rendered line narrowed to `width` when even the smallest print is wider (a long word
    on a small card): whole, never cut."""
    if img.get_width() <= width or width <= 0:
        return img
    return pygame.transform.smoothscale(img, (width, img.get_height()))


def title_lines(app: Any, title: str, width: int, size: float, most: int = 3) -> tuple[pygame.font.Font, list[str]]:
    """A card title's font and lines: words never cut (the font shrinks until each word fits,
    down to a readable size, then a long word is hyphenated), at most `most` lines."""
    font = fitting_font(app, title, width, size)
    lines = wrap(font, title, width)
    while len(lines) > most and font.get_height() > MIN_FONT + 2:
        font = _font(app, font.get_height() - 3, True)
        lines = wrap(font, title, width)
    return font, lines[:most]


def symbol(surface: pygame.Surface, colour: str | None, center: tuple[int, int], r: int, fill: Any = INK) -> None:
    """The colour's symbol (nothing for a unicorn without colour)."""
    cx, cy = center
    kind = SYMBOLS.get(colour or "")
    if kind == "circle":
        pygame.draw.circle(surface, fill, center, r)
    elif kind == "diamond":
        pygame.draw.polygon(surface, fill, [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)])
    elif kind == "triangle":
        pygame.draw.polygon(surface, fill, [(cx, cy - r), (cx + r, cy + r), (cx - r, cy + r)])
    elif kind == "star":
        pts = [(cx + (r if i % 2 == 0 else r * 0.45) * math.sin(i * math.pi / 5),
                cy - (r if i % 2 == 0 else r * 0.45) * math.cos(i * math.pi / 5)) for i in range(10)]
        pygame.draw.polygon(surface, fill, pts)


def pattern(surface: pygame.Surface, colour: str | None, rect: pygame.Rect) -> None:
    """The colour's background pattern, faint (dots, waves, stripes, checks)."""
    shade = (255, 255, 255, 70)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    w, h = rect.size
    step = max(6, w // 7)
    if colour == "pink":
        for y in range(step // 2, h, step):
            for x in range(step // 2 + (y // step % 2) * step // 2, w, step):
                pygame.draw.circle(layer, shade, (x, y), max(1, step // 5))
    elif colour == "blue":
        for y in range(step // 2, h, step):
            pts = [(x, y + math.sin(x / step * math.pi) * step / 4) for x in range(0, w + 4, 4)]
            pygame.draw.lines(layer, shade, False, pts, max(1, step // 6))
    elif colour == "green":
        for k in range(-h, w, step):
            pygame.draw.line(layer, shade, (k, h), (k + h, 0), max(1, step // 5))
    elif colour == "yellow":
        for y in range(0, h, step):
            for x in range((y // step % 2) * step, w, 2 * step):
                layer.fill(shade, pygame.Rect(x, y, step, step))
    surface.blit(layer, rect.topleft)


def silhouette(surface: pygame.Surface, box: pygame.Rect, fill: Any, horn: Any = GOLD) -> None:
    """A unicorn's head and neck, looking left, inside `box`."""
    x, y, w, h = box

    def p(fx: float, fy: float) -> tuple[int, int]:
        return round(x + fx * w), round(y + fy * h)

    head = [p(.62, 1), p(.58, .62), p(.42, .50), p(.16, .56), p(.08, .46), p(.14, .36), p(.36, .24),
            p(.48, .16), p(.62, .18), p(.78, .40), p(.86, .72), p(.88, 1)]
    pygame.draw.polygon(surface, fill, head)
    pygame.draw.polygon(surface, INK, head, max(1, w // 40))
    pygame.draw.polygon(surface, horn, [p(.44, .19), p(.52, .17), p(.40, -.04)])
    pygame.draw.polygon(surface, INK, [p(.44, .19), p(.52, .17), p(.40, -.04)], 1)
    mane = [p(.62, .18), p(.74, .14), p(.90, .34), p(.96, .64), p(.98, 1), p(.88, 1), p(.86, .72), p(.78, .40)]
    pygame.draw.polygon(surface, horn, mane)
    pygame.draw.circle(surface, INK, p(.40, .32), max(1, w // 22))


def unicorn(app: Any, name: str, colour: str | None, points: int, rgb: Any, size: tuple[int, int],
            extras: list[str] | None = None, special: str = "") -> pygame.Surface:
    """A unicorn card: colour band with its pattern and symbol, silhouette, points, its extras
    (a collection's #n is drawn over the cards by the table: kill_the_unicorns_view.py)."""
    w, h = size
    s = card_blank(size, PAPER)
    r = s.get_rect()
    inner = r.inflate(-max(2, w // 14), -max(2, w // 14))
    pygame.draw.rect(s, rgb, inner, border_radius=max(2, w // 12))
    pattern(s, colour, inner)
    silhouette(s, pygame.Rect(inner.x + w * 0.1, inner.y + h * 0.2, inner.w * 0.8, inner.h * 0.55),
               (180, 120, 90) if special == "pigicorn" else PAPER)
    if special == "pigicorn":
        pygame.draw.ellipse(s, (230, 150, 160), pygame.Rect(inner.x + w * 0.08, inner.y + h * 0.45, w * 0.2, h * 0.1))
    if special == "legendary":
        c = (inner.centerx, inner.y + int(h * 0.1))
        pygame.draw.polygon(s, GOLD, [(c[0] - w // 5, c[1] + h // 14), (c[0] - w // 5, c[1] - h // 20), (c[0] - w // 10, c[1]),
                                      (c[0], c[1] - h // 14), (c[0] + w // 10, c[1]), (c[0] + w // 5, c[1] - h // 20),
                                      (c[0] + w // 5, c[1] + h // 14)])
    if special == "smelly":
        for k in range(3):
            ax = inner.x + w * (0.55 + 0.1 * k)
            pygame.draw.arc(s, (90, 120, 40), pygame.Rect(ax, inner.y + h * 0.12, w * 0.08, h * 0.16), 0, math.pi * 1.5, 2)
    badge = max(8, w // 4)
    pygame.draw.circle(s, PAPER, (inner.x + badge, inner.y + badge), badge)
    pygame.draw.circle(s, INK, (inner.x + badge, inner.y + badge), badge, 1)
    text = _font(app, badge * 1.2).render(f"{points:+d}" if points < 0 else str(points), True, INK)
    s.blit(text, text.get_rect(center=(inner.x + badge, inner.y + badge)))
    symbol(s, colour, (inner.right - badge, inner.y + badge), max(4, badge * 2 // 3), PAPER)
    symbol(s, colour, (inner.right - badge, inner.y + badge), max(3, badge // 2))
    if extras:
        dot = max(8, min(w // 4, h // 7))
        for i, extra in enumerate(extras[:4]):
            c = (inner.x + dot // 2 + 2 + i * (dot + 1), inner.bottom - dot // 2 - 2)
            pygame.draw.circle(s, PAPER, c, dot // 2)
            pygame.draw.circle(s, INK, c, dot // 2, 1)
            t = _font(app, dot * 0.8).render(extra[:2], True, INK)
            s.blit(t, t.get_rect(center=c))
    label = fitting_font(app, name, inner.w - 6, h * 0.1, False, whole=True).render(name, True, PAPER)
    if label.get_width() < inner.w - 4 and h > 70:
        s.blit(label, label.get_rect(midbottom=(inner.centerx, inner.bottom - (max(8, min(w // 4, h // 7)) + 4 if extras else 3))))
    return s


def hunt_card(app: Any, value: int, size: tuple[int, int]) -> pygame.Surface:
    """A hunt card: its value big, a spear."""
    w, h = size
    s = card_blank(size, (236, 222, 190), (120, 80, 40), max(1, w // 25))
    pygame.draw.line(s, (120, 80, 40), (w * 0.2, h * 0.85), (w * 0.8, h * 0.2), max(2, w // 16))
    pygame.draw.polygon(s, (90, 90, 100), [(w * 0.8, h * 0.2), (w * 0.62, h * 0.26), (w * 0.78, h * 0.36)])
    t = _font(app, h * 0.42).render(str(value), True, INK)
    s.blit(t, t.get_rect(center=(w // 2, h // 2)))
    return s


def scheme_card(app: Any, title: str, effect: str, stays: bool, size: tuple[int, int]) -> pygame.Surface:
    """A scheme card: purple frame, its name, its effect in small print, a pin when it stays."""
    w, h = size
    s = card_blank(size, SCHEME_BACK)
    body = s.get_rect().inflate(-max(4, w // 8), -max(4, w // 8))
    pygame.draw.rect(s, PAPER, body, border_radius=max(2, w // 14))
    if w < TEXT_MIN_WIDTH:  # a scheme seen from afar (another seat's discards): its frame only
        return s
    font, lines = title_lines(app, title, body.w - 4, max(8, h * 0.12))
    y = body.y + 2
    for line in lines:
        t = text_line(font, line, SCHEME_BACK, body.w - 4)
        s.blit(t, t.get_rect(midtop=(body.centerx, y)))
        y += font.get_linesize()
    print_size = max(MIN_FONT, int(h * 0.085))
    small = _font(app, print_size, False)
    lines = wrap(small, effect, body.w - 4)
    while print_size > MIN_FONT and len(lines) * small.get_linesize() > body.bottom - y - 2:  # the whole effect
        print_size -= 1
        small = _font(app, print_size, False)
        lines = wrap(small, effect, body.w - 4)
    for line in lines[: max(0, (body.bottom - y - 2) // small.get_linesize())]:
        s.blit(text_line(small, line, INK, body.w - 4), (body.x + 2, y))
        y += small.get_linesize()
    if stays:
        pygame.draw.circle(s, GOLD, (body.right - 6, body.y + 6), 4)
    return s


def character_card(app: Any, name: str, power: str, index: int, size: tuple[int, int]) -> pygame.Surface:
    """A character card: a crest of its own shape, its name, its power."""
    w, h = size
    hue = [(200, 90, 140), (90, 110, 170), (70, 130, 80), (110, 80, 160), (170, 110, 60), (60, 140, 150)][index % 6]
    s = card_blank(size, hue)
    c = (w // 2, int(h * 0.22))
    pygame.draw.circle(s, PAPER, c, int(h * 0.14))
    symbol(s, list(SYMBOLS)[index % 4], c, int(h * 0.09), hue)
    if w < TEXT_MIN_WIDTH:
        return s
    font, lines = title_lines(app, name, w - 8, h * 0.1, most=2)
    y = int(h * 0.38)
    for line in lines:
        t = text_line(font, line, PAPER, w - 8)
        s.blit(t, t.get_rect(midtop=(w // 2, y)))
        y += font.get_linesize()
    small = _font(app, max(7, h * 0.065), False)
    for line in wrap(small, power, w - 8):
        if y + small.get_linesize() > h - 2:
            break
        s.blit(text_line(small, line, PAPER, w - 8), (4, y))
        y += small.get_linesize()
    return s


def token(app: Any, item: str, colour: str | None, points: int, rgb: Any, size: tuple[int, int]) -> pygame.Surface:
    """A market token: round, the item's letter, its colour symbol or its value."""
    w, h = size
    s = pygame.Surface(size, pygame.SRCALPHA)
    c, r = (w // 2, h // 2), min(w, h) // 2 - 1
    pygame.draw.circle(s, rgb, c, r)
    pygame.draw.circle(s, INK, c, r, max(1, r // 10))
    text = {"fake_horn": "+2", "pate": str(points)}.get(item, "+2" if item == "fairy_dust" else "")
    if colour:  # the colour's symbol, raised when a value shares the token
        at = (c[0], c[1] - (r // 3 if text else 0))
        symbol(s, colour, at, max(3, r // (3 if text else 2)), PAPER)
        symbol(s, colour, at, max(2, r // (4 if text else 3)))
    if text:
        t = _font(app, r * (0.7 if colour else 1.1)).render(text, True, INK)
        s.blit(t, t.get_rect(center=(c[0], c[1] + (r // 3 if colour else 0))))
    return s


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`text` in lines at most `width` wide: between words, and a word wider than a line split
    with a hyphen ("Malédic-", "tion") rather than cut by the card's edge."""
    lines: list[str] = []
    for word in text.split():
        if lines and font.size(lines[-1] + " " + word)[0] <= width:
            lines[-1] += " " + word
            continue
        while font.size(word)[0] > width and len(word) > 5:
            cut = max((k for k in range(3, len(word) - 2) if font.size(word[:k] + "-")[0] <= width), default=3)
            lines.append(word[:cut] + "-")
            word = word[cut:]
        lines.append(word)
    return lines
