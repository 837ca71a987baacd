"""Wolf & Hound pictures: number cards, animal cards, sheep, the pasture, the forest, the board.

Everything is drawn with pygame shapes (plus the twemoji wolf and tree of assets/cards/), at any
size, cached by the table's CardArt (by size and language). Colours come from the game's YAML
`presentation`; names and descriptions from its texts. Nothing here knows a rule: it draws what
a view says.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from scenes.table.cards import card_blank
from scenes.table.faces import effect_marks, fit_paragraph, symbol_look, value_card
from scenes.ui.text import fit_lines

CREAM = (246, 240, 224)
INK = (34, 30, 26)
WOOD = (104, 70, 40)
WOOD_DARK = (70, 46, 26)
WOOD_LIGHT = (150, 108, 64)
GRASS = (92, 150, 70)
GRASS_DARK = (60, 110, 50)
FENCE = (170, 126, 78)
FOREST = (18, 38, 26)
FOREST_LINE = (40, 70, 48)
WOOL = (248, 246, 240)
WOOL_LOST = (150, 150, 140)
FACE = (40, 36, 34)
PINK = (231, 155, 180)
DOG = (176, 122, 72)
DOG_DARK = (110, 70, 36)
BONE = (232, 220, 192)

# --------------------------------------------------------------------- small pictures
def draw_sheep(surface: pygame.Surface, center: tuple[int, int], size: int, lost: bool = False) -> None:
    """A sheep seen from the side: a woolly cloud, a dark head and legs."""
    x, y = center
    r = max(2, size // 5)
    wool = WOOL_LOST if lost else WOOL
    for dx in (-1.3, 1.3):  # legs
        pygame.draw.line(surface, FACE, (x + int(dx * r * 0.7), y + r), (x + int(dx * r * 0.7), y + int(r * 1.9)), max(1, r // 3))
    for dx, dy in ((-1.2, 0), (0, -0.5), (1.0, 0), (-0.5, 0.5), (0.6, 0.5), (0.2, -0.2)):
        pygame.draw.circle(surface, wool, (x + int(dx * r), y + int(dy * r)), r)
    pygame.draw.ellipse(surface, FACE, (x + int(1.5 * r), y - int(0.9 * r), int(1.2 * r), int(1.5 * r)))
    pygame.draw.circle(surface, (200, 200, 200) if not lost else (120, 120, 120), (x + int(1.95 * r), y - int(0.45 * r)), max(1, r // 5))


def draw_hound(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A sheepdog's head: brown face, floppy dark ears, white muzzle."""
    cx, cy = rect.center
    s = min(rect.w, rect.h)
    pygame.draw.ellipse(surface, DOG_DARK, (cx - s * 0.46, cy - s * 0.32, s * 0.26, s * 0.56))
    pygame.draw.ellipse(surface, DOG_DARK, (cx + s * 0.20, cy - s * 0.32, s * 0.26, s * 0.56))
    pygame.draw.ellipse(surface, DOG, (cx - s * 0.3, cy - s * 0.38, s * 0.6, s * 0.66))
    pygame.draw.ellipse(surface, WOOL, (cx - s * 0.17, cy + s * 0.0, s * 0.34, s * 0.3))
    pygame.draw.circle(surface, INK, (int(cx), int(cy + s * 0.05)), max(2, int(s * 0.06)))
    for ex in (-0.12, 0.12):
        pygame.draw.circle(surface, INK, (int(cx + ex * s), int(cy - s * 0.12)), max(1, int(s * 0.04)))


def _meat(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int]) -> None:
    """A steak of `color` with its bone."""
    cx, cy = rect.center
    s = min(rect.w, rect.h)
    pygame.draw.ellipse(surface, color, (cx - s * 0.45, cy - s * 0.32, s * 0.8, s * 0.64))
    pygame.draw.ellipse(surface, (230, 200, 190), (cx - s * 0.25, cy - s * 0.14, s * 0.3, s * 0.28))
    pygame.draw.line(surface, BONE, (cx + s * 0.25, cy), (cx + s * 0.48, cy - s * 0.1), max(2, int(s * 0.12)))


def _bone(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int]) -> None:
    """A bone of `color`."""
    cx, cy = rect.center
    s = min(rect.w, rect.h)
    w = max(2, int(s * 0.16))
    pygame.draw.line(surface, color, (cx - s * 0.3, cy + s * 0.1), (cx + s * 0.3, cy - s * 0.1), w)
    for px_, py_ in ((-0.36, 0.02), (-0.28, 0.22), (0.36, -0.02), (0.28, -0.22)):
        pygame.draw.circle(surface, color, (int(cx + px_ * s), int(cy + py_ * s)), max(2, int(s * 0.13)))
    pygame.draw.circle(surface, INK, (int(cx), int(cy)), 1)


SYMBOL_PICTURES = {"meat": _meat, "bone": _bone}  # pictures the YAML's presentation.symbols may name


def draw_symbol(surface: pygame.Surface, card_art: Any, symbol: str, rect: pygame.Rect) -> None:
    """A Meat & Bone symbol as the YAML draws it (a red steak with its bone, a white bone)."""
    picture, color, _ = symbol_look(card_art.presentation, symbol)
    draw = SYMBOL_PICTURES.get(picture)
    if draw is not None:
        draw(surface, rect, color)


def draw_picture(card_art: Any, surface: pygame.Surface, name: str, rect: pygame.Rect) -> None:
    """A picture the YAML names: one drawn here (hound, sheep), else an SVG of assets/cards/."""
    if name == "hound":
        draw_hound(surface, rect)
    elif name == "sheep":
        draw_sheep(surface, (rect.centerx - rect.w // 10, rect.centery), rect.w)
    else:
        img = card_art.picture(name, rect.w)
        surface.blit(img, img.get_rect(center=rect.center))


# ---------------------------------------------------------------------- number cards
def number_card(card_art: Any, card: str, size: tuple[int, int]) -> pygame.Surface:
    """A number card: its colour, its value large, the meat/bone symbol in the corner."""
    app, rules = card_art.app, card_art.rules
    info = (rules.data.get("cards") or {}).get(card, {})
    symbol = info.get("symbol")
    name = app.game_text(rules, f"card.{card}")

    def badge(surf: pygame.Surface, box: pygame.Rect) -> None:
        pygame.draw.circle(surf, symbol_look(card_art.presentation, symbol)[2], box.center, box.w // 2)
        draw_symbol(surf, card_art, symbol, box.inflate(-box.w // 6, -box.w // 6))

    fill = card_art.color("card_colors", info.get("color", "black"), INK)
    short = name.split(" (")[0] if symbol else None  # "Black 1 (meat)": the badge shows the meat
    return value_card(app, size, str(info.get("value", "?")), name, fill, badge if symbol else None, short)


# ---------------------------------------------------------------------- animal cards
def animal_card(card_art: Any, animal: str, kind: str, side: str, size: tuple[int, int],
                detail: bool = False) -> pygame.Surface:
    """An animal card: its kind's colour (sheep pink, wolf black, hound white), its picture and name.
    `detail` adds the description (the gallery)."""
    return card_art.cached(("animal", animal, kind, side, size, detail),
                           lambda: _animal_card(card_art, animal, kind, side, size, detail))


def _animal_card(card_art: Any, animal: str, kind: str, side: str, size: tuple[int, int], detail: bool) -> pygame.Surface:
    app, rules = card_art.app, card_art.rules
    w, h = max(12, size[0]), max(16, size[1])
    fill = card_art.color("kind_colors", kind, PINK)
    ink = CREAM if sum(fill) < 380 else INK
    group = ((rules.data.get("animals") or {}).get(animal) or {}).get("group", "")
    edge = card_art.color("group_colors", group, (120, 110, 96))
    surf = card_blank((w, h), fill, edge, max(2, w // 24), radius=max(3, w // 9))
    name = app.game_text(rules, f"animal.{animal}")
    band = int(h * (0.16 if not detail else 0.1))
    font_size = max(7, int(band * 0.62))
    font, lines, _ = fit_lines(app, name, w - 6, 2 * app.font(font_size, True).get_linesize(), font_size, bold=True,
                               floor=7 if detail else 6)  # whole words, smaller before any is cut
    y = max(2, h // 40)
    for line in lines:
        img = font.render(line, True, ink)
        surf.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += font.get_linesize() - 2
    pic_h = int(h * (0.5 if not detail else 0.34))
    pic = pygame.Rect(0, 0, min(w - 6, pic_h), pic_h)
    pic.midtop = (w // 2, y + 2)
    picture = (card_art.presentation.get("kind_pictures") or {}).get(kind)
    if picture:
        draw_picture(card_art, surf, picture, pic)
    if side == "back":
        pygame.draw.circle(surf, ink, (w - max(5, w // 8), h - max(5, w // 8)), max(2, w // 14), max(1, w // 40))
    mark = movement_mark(card_art.presentation, rules, animal, side)
    if mark:  # how far it goes, readable at a glance: +1, −1, ½, ×3, ↺
        small = app.font(max(7, int(h * (0.13 if not detail else 0.07))), True)
        img = small.render(mark, True, INK)
        box = img.get_rect().inflate(max(4, w // 12), 2)
        box.bottomleft = (max(3, w // 14), h - max(3, w // 14)) if not detail else (max(3, w // 14), pic.bottom)
        pygame.draw.rect(surf, (236, 200, 96), box, border_radius=box.h // 2)
        surf.blit(img, img.get_rect(center=box.center))
    if detail:
        desc = app.game_text(rules, f"animal.{animal}.desc")
        ty = pic.bottom + max(4, h // 40)
        body, lines, _ = fit_paragraph(app, desc, description_box((w, h), ty, side == "back"))
        pad = max(6, w // 14)
        for line in lines:
            surf.blit(body.render(line, True, ink), (pad, ty))
            ty += body.get_linesize()
    return surf


def description_box(size: tuple[int, int], top: int, flips: bool) -> pygame.Rect:
    """Where a gallery card's description goes: under the picture, inside the border, and above
    the flip mark of a card's back side (the mark sits in the bottom-right corner)."""
    w, h = size
    pad = max(6, w // 14)
    bottom = h - pad - (2 * max(2, w // 14) + 2 if flips else 0)
    return pygame.Rect(pad, top, w - 2 * pad, max(0, bottom - top))


def movement_mark(presentation: dict[str, Any], rules: Any, animal: str, side: str) -> str:
    """How an animal card's side moves, as a short sign (+1 / −1, ½, ×3, ↺)."""
    data = ((rules.data.get("animals") or {}).get(animal) or {}).get(side) or {}
    return effect_marks(presentation, data.get("effects") or ())


# --------------------------------------------------------------------- pasture, forest
def draw_pasture(surface: pygame.Surface, rect: pygame.Rect, sheep: int, capacity: int, hidden: int = 0) -> list[pygame.Rect]:
    """Grass inside a wooden fence with `sheep` sheep (the last `hidden` ones not drawn: they are
    on their way). Returns each sheep's spot, for the animations."""
    pygame.draw.rect(surface, GRASS, rect, border_radius=max(3, rect.h // 8))
    pygame.draw.rect(surface, GRASS_DARK, rect.inflate(-rect.w // 8, -rect.h // 4), 1, border_radius=max(3, rect.h // 8))
    post = max(2, rect.h // 14)
    pygame.draw.rect(surface, FENCE, rect, post, border_radius=max(3, rect.h // 8))
    for i in range(6):
        x = rect.x + i * (rect.w - post) // 5
        pygame.draw.rect(surface, WOOD_DARK, (x, rect.y - post // 2, post, post * 2))
        pygame.draw.rect(surface, WOOD_DARK, (x, rect.bottom - post - post // 2, post, post * 2))
    spots = sheep_spots(rect, max(sheep, capacity, 1))
    for i in range(sheep - hidden):
        draw_sheep(surface, spots[i].center, spots[i].w)
    return spots


def sheep_spots(rect: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Where `count` sheep stand in a pasture or forest rectangle: one or two rows."""
    count = max(1, count)
    rows = 1 if count <= 3 or rect.w > rect.h * 3 else 2
    per_row = math.ceil(count / rows)
    cell_w = (rect.w - 8) / per_row
    cell_h = (rect.h - 6) / rows
    size = int(min(cell_w * 0.9, cell_h * 1.1))
    out = []
    for i in range(count):
        r, c = divmod(i, per_row)
        cx = rect.x + 4 + cell_w * (c + 0.5) - size * 0.1
        cy = rect.y + 3 + cell_h * (r + 0.5) - size * 0.1
        out.append(pygame.Rect(int(cx - size / 2), int(cy - size / 2), size, size))
    return out


def tree_size(rect: pygame.Rect) -> int:
    return max(6, int(rect.h * 0.42))


def draw_forest(surface: pygame.Surface, rect: pygame.Rect, lost: int, capacity: int, tree_art: pygame.Surface,
                hidden: int = 0) -> list[pygame.Rect]:
    """The dark forest: trees (`tree_art`, sized for the rect: tree_size) and the sheep lost in it (greyed)."""
    pygame.draw.rect(surface, FOREST, rect, border_radius=max(3, rect.h // 8))
    img = tree_art.copy()
    img.fill((90, 110, 90, 255), special_flags=pygame.BLEND_RGBA_MULT)
    for fx in (0.1, 0.55):
        surface.blit(img, (rect.x + int(rect.w * fx), rect.y + 2))
    pygame.draw.rect(surface, FOREST_LINE, rect, 1, border_radius=max(3, rect.h // 8))
    spots = sheep_spots(rect, max(lost, capacity, 1))
    for i in range(lost - hidden):
        draw_sheep(surface, spots[i].center, spots[i].w, lost=True)
    return spots


# ------------------------------------------------------------------------------ board
def draw_board(surface: pygame.Surface, center: tuple[int, int], radius: int, spots: list[tuple[int, tuple[int, int]]],
               team_of: dict[int, tuple[int, int, int]], labels: dict[int, pygame.Surface], glow: set[int]) -> None:
    """The round board: wood, a track ring, and one coloured mat per seat position."""
    cx, cy = center
    pygame.draw.circle(surface, WOOD_DARK, (cx + 3, cy + 5), radius)
    pygame.draw.circle(surface, WOOD, center, radius)
    pygame.draw.circle(surface, WOOD_LIGHT, center, radius, max(2, radius // 40))
    pygame.draw.circle(surface, WOOD_DARK, center, int(radius * 0.62), max(1, radius // 60))
    for seat, (x, y) in spots:
        color = team_of.get(seat, (120, 120, 120))
        mat = pygame.Surface((radius, radius), pygame.SRCALPHA)
        pygame.draw.circle(mat, (*color, 90), (radius // 2, radius // 2), int(radius * 0.3))
        surface.blit(mat, (x - radius // 2, y - radius // 2))
        width = max(2, radius // 45) * (3 if seat in glow else 1)
        pygame.draw.circle(surface, color, (x, y), int(radius * 0.3), width)
        tag = labels.get(seat)
        if tag is not None:
            dx, dy = x - cx, y - cy
            d = math.hypot(dx, dy) or 1
            tx, ty = cx + dx / d * radius * 0.86, cy + dy / d * radius * 0.86
            box = tag.get_rect(center=(int(tx), int(ty))).inflate(8, 2)
            pygame.draw.rect(surface, color, box, border_radius=box.h // 2)
            surface.blit(tag, tag.get_rect(center=box.center))
