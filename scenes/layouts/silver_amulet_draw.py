"""Silver's pictures: character faces drawn by the program (value big, name, an emblem), the
village slots' faces (face up, face down known to you with a mark, your recent look), the silver
amulet, and the score sheet the table draws beside the deck.

Picture ids of village cards carry their slot and state: 'v:<slot>:<mode>:<card>' with mode
up (face up), look (you just looked: shown face up, framed), aid (known, memory aid on: a
face-down card with its value small), known (known: a face-down card with an eye mark), down.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game import languages
from game.games.silver_amulet.view_types import SilverView
from scenes.table.cards import card_blank
from scenes.table.layout import TableContext
from scenes.ui import theme
from scenes.ui.text import fit_lines as shared_fit_lines
from scenes.ui.text import fit_text, wrap_text

SILVER = (206, 212, 222)
SILVER_DARK = (120, 128, 140)
MARK, OFFER = (250, 214, 96), (140, 220, 255)  # a known card's mark; a card one may choose
INK = (40, 30, 20)
CREAM = (244, 236, 214)
EMBLEMS = {  # a simple shape per character (colour is not the only cue)
    "villager": "house", "squire": "shield", "empath": "heart", "bodyguard": "shield2",
    "rascal": "two", "exposer": "sun", "revealer": "sun2", "beholder": "eye2", "apprentice_seer": "eye",
    "seer": "eye3", "master": "crown", "witch": "moon", "robber": "arrows", "doppelganger": "mask",
}


POLYGONS = {  # emblems drawn as one outline, in units of the emblem's radius
    "house": ((-1, 0), (0, -1), (1, 0), (0.7, 0), (0.7, 1), (-0.7, 1), (-0.7, 0)),
    "shield": ((-1, -1), (1, -1), (1, 0), (0, 1), (-1, 0)),
    "shield2": ((-1, -1), (1, -1), (1, 0), (0, 1), (-1, 0)),
    "heart": ((0, 1), (-1, -0.33), (-0.5, -1), (0, -0.5), (0.5, -1), (1, -0.33)),
    "crown": ((-1, 1), (-1, -1), (-0.5, 0), (0, -1), (0.5, 0), (1, -1), (1, 1)),
}


def parse(picture: str) -> tuple[int, str, str] | None:
    """(slot, mode, card) of a village picture id, or None."""
    parts = picture.split(":")
    if len(parts) != 4 or parts[0] != "v" or not parts[1].isdigit():
        return None
    return int(parts[1]), parts[2], parts[3]


def character(card_art: Any, card: str, size: tuple[int, int], detail: bool = False) -> pygame.Surface:
    """A character's face: its value big in the middle, its name below, an emblem above (and
    its power text in the gallery)."""
    app, rules = card_art.app, card_art.rules
    w, h = max(10, size[0]), max(14, size[1])
    surf = card_blank((w, h), CREAM)
    radius = max(3, w // 10)
    color = card_art.colors.get(card, (90, 90, 90))
    inner = surf.get_rect().inflate(-max(2, w // 14), -max(2, w // 14))
    pygame.draw.rect(surf, color, inner, border_radius=radius)
    value = rules.value.get(card, 0)
    big = app.font(max(8, int(h * (0.18 if detail else 0.36))), True)
    img = big.render(str(value), True, CREAM)
    surf.blit(img, img.get_rect(center=(w // 2, int(h * (0.3 if detail else 0.5)))))
    emblem(surf, EMBLEMS.get(card, "house"), pygame.Rect(w // 2 - h // 10, int(h * 0.06), h // 5, h // 6))
    corner = app.font(max(7, h // 9), True)
    surf.blit(corner.render(str(value), True, CREAM), (max(3, w // 12), max(2, h // 30)))
    font, lines, y = name_lines(app, rules, card, (w, h), detail)
    for line in lines:
        line_img = font.render(line, True, CREAM)
        surf.blit(line_img, line_img.get_rect(midtop=(w // 2, y)))
        y += font.get_linesize()
    if detail:
        powers = rules.data["characters"][card]["power"]
        power = powers.get(app.settings.language) or powers[languages.REFERENCE]
        small = app.font(max(7, int(min(h * 0.055, w * 0.07))))
        y += 4
        for line in wrap_text(small, power, w - 2 * max(8, w // 14) - 4):
            if y + small.get_linesize() > h - 4:
                break
            surf.blit(small.render(line, True, CREAM), (max(8, w // 14) + 2, y))
            y += small.get_linesize()
    return surf


def name_lines(app: Any, rules: Any, card: str, size: tuple[int, int], detail: bool = False) -> tuple[pygame.font.Font, list[str], int]:
    """A character's name on its face, whole ("Apprentie voyante" on two lines), and where it
    starts; no line at all on a card too small for it (its value and emblem stay, its tooltip
    and zoom name it: a name cut to "Appren…" told nothing)."""
    w, h = size
    name = app.game_text(rules, f"card.{card}")
    y = int(h * (0.42 if detail else 0.72))
    font, lines, whole = fit_lines(app, name, w - 6, h - y - 2, max(7, int(min(h * 0.085, w * 0.1) if detail else h * 0.12)), fit=False)
    return font, lines if whole else [], y


def fit_lines(app: Any, text: str, width: int, height: int, size: int, bold: bool = True,
              most: int = 2, fit: bool = True) -> tuple[pygame.font.Font, list[str], bool]:
    """`text` whole in `width` x `height` (scenes/ui/text.py's `fit_lines`, bold, down to 7 px:
    each word whole, smaller before any word is cut with a hyphen); the lines and whether it is
    whole (if not, the last line ends with "…", which a text-fit test catches; with `fit` False
    the lines are left uncut)."""
    return shared_fit_lines(app, text, width, height, size, bold=bold, most=most, floor=7, fit=fit)


def emblem(surf: pygame.Surface, kind: str, box: pygame.Rect) -> None:
    """A small emblem drawn with lines (a house, an eye, a crown...)."""
    c, cx, cy = CREAM, box.centerx, box.centery
    r = max(2, min(box.w, box.h) // 2)
    width = max(1, r // 4)
    if kind.startswith("eye"):
        pygame.draw.ellipse(surf, c, pygame.Rect(cx - r, cy - r // 2, 2 * r, r), width)
        pygame.draw.circle(surf, c, (cx, cy), max(1, r // 3))
    elif kind.startswith("sun"):
        pygame.draw.circle(surf, c, (cx, cy), max(1, r // 2), width)
        for k in range(8):
            a = k * math.pi / 4
            pygame.draw.line(surf, c, (cx + r * 0.6 * math.cos(a), cy + r * 0.6 * math.sin(a)),
                             (cx + r * math.cos(a), cy + r * math.sin(a)), width)
    elif kind in POLYGONS:
        pygame.draw.polygon(surf, c, [(cx + r * x, cy + r * y) for x, y in POLYGONS[kind]], width)
    elif kind == "moon":
        pygame.draw.arc(surf, c, pygame.Rect(cx - r, cy - r, 2 * r, 2 * r), math.pi / 2, 3 * math.pi / 2, width + 1)
    elif kind == "arrows":
        pygame.draw.line(surf, c, (cx - r, cy - r // 2), (cx + r, cy - r // 2), width)
        pygame.draw.line(surf, c, (cx - r, cy + r // 2), (cx + r, cy + r // 2), width)
    elif kind == "two":
        pygame.draw.rect(surf, c, pygame.Rect(cx - r, cy - r, r, 2 * r), width)
        pygame.draw.rect(surf, c, pygame.Rect(cx, cy - r, r, 2 * r), width)
    else:  # mask
        pygame.draw.ellipse(surf, c, pygame.Rect(cx - r, cy - r, 2 * r, 2 * r), width)
        pygame.draw.circle(surf, c, (cx - r // 3, cy - r // 4), max(1, r // 5))
        pygame.draw.circle(surf, c, (cx + r // 3, cy - r // 4), max(1, r // 5))


def village_card(card_art: Any, picture: str, size: tuple[int, int]) -> pygame.Surface | None:
    """A village slot's face as the viewer may know it (see the module's picture ids)."""
    parsed = parse(picture)
    if parsed is None:
        return None
    slot, mode, card = parsed
    if mode in ("up", "look") and card in card_art.rules.value:
        surf = character(card_art, card, size).copy()
        if mode == "look":
            pygame.draw.rect(surf, MARK, surf.get_rect(), max(2, size[0] // 14), border_radius=max(3, size[0] // 10))
        return surf
    surf = card_art.back(size).copy()
    font = card_art.app.font(max(7, size[1] // 8), True)  # the slot number: the key that picks it
    num = font.render(str(slot), True, CREAM)
    box = num.get_rect().inflate(6, 0)
    box.bottomleft = (max(2, size[0] // 14), size[1] - max(2, size[0] // 14))
    pygame.draw.rect(surf, INK, box, border_radius=box.h // 3)
    surf.blit(num, num.get_rect(center=box.center))
    if mode in ("known", "aid") and card in card_art.rules.value:
        w, h = surf.get_size()
        r = max(5, w // 6)
        centre = (w - r - 2, r + 2)
        pygame.draw.circle(surf, MARK, centre, r)
        if mode == "aid":
            font = card_art.app.font(max(7, int(r * 1.4)), True)
            img = font.render(str(card_art.rules.value[card]), True, INK)
            surf.blit(img, img.get_rect(center=centre))
        else:
            pygame.draw.ellipse(surf, INK, pygame.Rect(centre[0] - r * 0.7, centre[1] - r * 0.4, r * 1.4, r * 0.8), 1)
            pygame.draw.circle(surf, INK, centre, max(1, r // 3))
    return surf


def amulet(size: tuple[int, int]) -> pygame.Surface:
    """The silver amulet token: a silver disc on a chain ring."""
    w, h = max(8, size[0]), max(8, size[1])
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = min(w, h) // 2 - 1
    pygame.draw.circle(surf, SILVER_DARK, (w // 2, h // 2), r)
    pygame.draw.circle(surf, SILVER, (w // 2, h // 2), max(1, r - max(1, r // 5)))
    pygame.draw.circle(surf, SILVER_DARK, (w // 2, h // 2), max(1, r // 2), max(1, r // 6))
    return surf


def score_sheet(ctx: TableContext[SilverView], surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Points lost per round and in all (lower is better): a row per player, a column per round."""
    view = ctx.view
    sheet = view.get("score_sheet") or []
    n, rounds = view["players"], view.get("rounds") or 4
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=6)
    title = ctx.tr("silver_amulet.sheet_title")
    for size in range(max(8, ctx.app.px(14)), 7, -1):  # the largest size where all its lines fit
        font = ctx.app.font(size, True)
        line = font.get_linesize()
        title_font, lines, _ = fit_lines(ctx.app, title, rect.w - 10, 2 * line, size)
        if len(lines) * title_font.get_linesize() + (n + 1) * line + 8 <= rect.h:
            break
    total = ctx.tr("silver_amulet.sheet_total")
    col = max(font.size("99")[0] + 3, (rect.w * 2 // 5) // (rounds + 1))  # a round's column, then the total's
    last = max(col, font.size(total)[0] + 4, font.size("999")[0] + 4)
    first_w = rect.w - col * rounds - last - 8
    rights = [rect.x + first_w + (k + 1) * col for k in range(rounds)] + [rect.x + first_w + rounds * col + last]
    y = rect.y + 4
    for text in lines:  # "Points perdus (le moins gagne)": on two lines rather than cut
        surface.blit(title_font.render(text, True, theme.ACCENT), (rect.x + 6, y))
        y += title_font.get_linesize()
    heads = [str(r + 1) for r in range(rounds)] + [total]
    for k, head in enumerate(heads):
        img = font.render(head, True, theme.TEXT_DIM)
        surface.blit(img, img.get_rect(topright=(rights[k], y)))
    y += line
    for s in range(n):
        surface.blit(font.render(fit_text(font, ctx.name(s), first_w - 8), True, theme.TEXT), (rect.x + 6, y))
        values = [str(row[s]) for row in sheet if s < len(row)] + [""] * (rounds - len(sheet)) + [str(view["scores"][s])]
        for k, value in enumerate(values):
            img = font.render(value, True, theme.ACCENT if k == rounds else theme.TEXT)
            surface.blit(img, img.get_rect(topright=(rights[k], y)))
        y += line
