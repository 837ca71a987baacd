"""Card faces, backs and markers drawn at any size, readable at a glance, cached.

A face, from the game YAML's `presentation:` section: the card's colour (`card_colors`), its
name in the player's language, its pictures (`card_art`: twemoji, assets/cards/) and its value
badges (`badges`: a card attribute in a corner, in a colour). A layout may draw its own faces
and markers instead (`Layout.card_face`, `Layout.marker_face`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.resources import asset_path
from scenes.ui.text import fit_text

if TYPE_CHECKING:
    from scenes.table.layout import Layout

CREAM = (246, 240, 224)
INK = (40, 34, 26)
BACK_BASE = (34, 78, 52)
BACK_LINE = (48, 100, 68)
BRASS = (226, 178, 74)
BACK_EDGE = (168, 150, 104)  # muted: a back must not look like a highlighted target
WOOD = (112, 74, 42)
WOOD_DARK = (74, 48, 26)


Color = tuple[int, int, int]


def card_blank(size: tuple[int, int], fill: Color, edge: Color | None = None, edge_width: int = 1,
               radius: int | None = None) -> pygame.Surface:
    """A card's blank at `size` (what every face, back, tile and marker is drawn on): a rounded
    rectangle of `fill`, rounded by a tenth of its width unless `radius` says otherwise, and an
    `edge` line `edge_width` pixels wide when given."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rounding = max(3, size[0] // 10) if radius is None else radius
    pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=rounding)
    if edge is not None:
        pygame.draw.rect(surf, edge, surf.get_rect(), edge_width, border_radius=rounding)
    return surf


def card_outline(surface: pygame.Surface, rect: pygame.Rect, color: Color, width: int = 2, grow: int = 4) -> None:
    """A ring round a card lying at `rect` (picked, offered, selected), `grow` pixels larger,
    rounded as the card is."""
    pygame.draw.rect(surface, color, rect.inflate(grow, grow), width, border_radius=max(3, rect.w // 10))


def card_shadow(surface: pygame.Surface, rect: pygame.Rect, color: Color, offset: tuple[int, int] = (4, 6),
                radius: int | None = None) -> None:
    """The shadow a card lifted off the table casts (a card in flight), `offset` down and right."""
    pygame.draw.rect(surface, color, rect.move(offset), border_radius=max(3, rect.w // 10) if radius is None else radius)


def hex_color(color: str) -> tuple[int, int, int]:
    """A YAML colour ("#rrggbb") as pygame wants it."""
    color = color.lstrip("#")
    return int(color[0:2], 16), int(color[2:4], 16), int(color[4:6], 16)


class CardArt:
    """Renders one game's cards for the table; surfaces are cached by (what, size, language)."""

    def __init__(self, app: Any, rules: Any, layout: Layout) -> None:
        self.app = app
        self.rules = rules
        self.layout = layout
        presentation = self.presentation = rules.data.get("presentation") or {}
        self.colors = {k: hex_color(v) for k, v in (presentation.get("card_colors") or {}).items()}
        self.card_art: dict[str, Any] = presentation.get("card_art") or {}
        self.badges: list[dict[str, Any]] = presentation.get("badges") or []
        self.cards = rules.data.get("cards") or {}
        self._cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._pictures: dict[tuple[str, int], pygame.Surface] = {}

    def _store(self, key: tuple[Any, ...], surf: pygame.Surface) -> pygame.Surface:
        if len(self._cache) > 400:  # sizes change with the window; keep memory bounded
            self._cache.clear()
        self._cache[key] = surf
        return surf

    def cached(self, key: tuple[Any, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """A layout's own picture (an animal card), cached with the faces, per language."""
        key = ("own", self.app.settings.language, *key)
        surf = self._cache.get(key)
        return surf if surf is not None else self._store(key, make())

    def color(self, group: str, name: str, default: tuple[int, int, int]) -> tuple[int, int, int]:
        """A colour of the YAML's `presentation:` (`card_colors`, `kind_colors`, `team_colors`)."""
        colors = self.presentation.get(group) or {}
        return hex_color(colors[name]) if name in colors else default

    def clear(self) -> None:
        """Forget every surface (the language changed)."""
        self._cache.clear()

    def picture(self, name: str, size: int) -> pygame.Surface:
        key = (name, size)
        pic = self._pictures.get(key)
        if pic is None:
            pic = pygame.image.load_sized_svg(str(asset_path("cards", f"{name}.svg")), (size, size))
            self._pictures[key] = pic
        return pic

    # ------------------------------------------------------------------ cards
    def card(self, card: str | None, size: tuple[int, int]) -> pygame.Surface:
        """The face of `card`, or the back when it is hidden (None or 'back')."""
        if card is None or card == "back":
            return self.back(size)
        key = ("face", card, size, self.app.settings.language)
        surf = self._cache.get(key)
        if surf is None:
            surf = self.layout.card_face(self, card, size)  # a layout may draw its own faces (any id)
            if surf is None:
                surf = self._face(card, size) if card in self.cards else self.back(size)
            self._store(key, surf)
        return surf

    def _face(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        w, h = max(8, size[0]), max(10, size[1])
        surf = card_blank((w, h), CREAM)
        radius = max(3, w // 10)
        color = self.colors.get(card, (90, 90, 90))
        band = max(10, int(h * 0.2))
        pygame.draw.rect(surf, color, (0, 0, w, band), border_top_left_radius=radius, border_top_right_radius=radius)
        pygame.draw.rect(surf, color, surf.get_rect(), max(2, w // 28), border_radius=radius)
        label = self.app.game_text(self.rules, f"card.{card}")
        font_size = max(7, int(band * 0.58))
        font = self.app.font(font_size, bold=True)
        while font.size(label)[0] > w - 6 and font_size > max(7, int(band * 0.4)):
            font_size -= 1
            font = self.app.font(font_size, bold=True)
        lines = [label]
        if font.size(label)[0] > w - 6 and " " in label:  # two short lines read better than "Chasse i…"
            lines = label.split(" ", 1)
            font_size = max(7, int(band * 0.45))
            font = self.app.font(font_size, bold=True)
        step = band / (len(lines) + 0.2)
        for i, line in enumerate(lines):
            text = font.render(fit_text(font, line, w - 6), True, (255, 255, 255))
            surf.blit(text, text.get_rect(center=(w // 2, round(step * (i + 0.6)) + 1)))
        pic_size = int(min(w * 0.8, h * 0.5))
        pic_center = (w // 2, band + (h - band) * 0.42)
        art = self.card_art.get(card) or {}
        for name_ in art.get("main", ()):
            pic = self.picture(name_, pic_size)
            surf.blit(pic, pic.get_rect(center=(round(pic_center[0]), round(pic_center[1]))))
        if art.get("corner"):
            small = self.picture(art["corner"], max(6, pic_size // 2))
            surf.blit(small, small.get_rect(bottomright=(w - 3, band + pic_size // 2 + 4)))
        values = self.cards[card]
        for badge in self.badges:  # a card attribute in a corner (points in the prey pile, in hand)
            value = values.get(badge["field"]) if isinstance(values, dict) else None
            if isinstance(value, int):
                corner = badge["corner"]
                x = 3 if corner.endswith("left") else w - 3
                y = 3 if corner.startswith("top") else h - 3
                text = f"{value:+d}" if badge.get("signed", True) else str(value)
                self._badge(surf, text, hex_color(badge["color"]), (x, y), corner)
        return surf

    def _badge(self, surf: pygame.Surface, text: str, color: tuple[int, int, int], pos: tuple[int, int], anchor: str) -> None:
        h = surf.get_height()
        font = self.app.font(max(7, int(h * 0.13)), bold=True)
        img = font.render(text.replace("-", "−"), True, (255, 255, 255))
        box = img.get_rect().inflate(max(4, h // 20), 2)
        setattr(box, anchor, pos)
        pygame.draw.rect(surf, color, box, border_radius=box.h // 2)
        surf.blit(img, img.get_rect(center=box.center))

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        key = ("back", size)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._store(key, self._back(size))
        return surf

    def _back(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = max(8, size[0]), max(10, size[1])
        surf = card_blank((w, h), BACK_BASE)
        radius = max(3, w // 10)
        step = max(5, w // 7)
        pattern = pygame.Surface((w, h), pygame.SRCALPHA)
        for x in range(-h, w, step):
            pygame.draw.line(pattern, BACK_LINE, (x, 0), (x + h, h), max(1, w // 40))
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect().inflate(-6, -6), border_radius=radius)
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(pattern, (0, 0))
        pygame.draw.rect(surf, BACK_EDGE, surf.get_rect(), max(2, w // 22), border_radius=radius)
        pic = self.picture(self.layout.back_art, int(min(w, h) * 0.55))
        surf.blit(pic, pic.get_rect(center=(w // 2, h // 2)))
        return surf

    def labelled(self, picture: str, label: str, size: tuple[int, int], square: bool = False) -> pygame.Surface:
        """A gallery entry: the picture (a card, or a square tile) with its name wrapped below."""
        from scenes.ui import theme
        from scenes.ui.text import fit_lines

        w, h = size
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pic = (int(w * 0.7), min(int(w * 0.7) if square else w, int(h * 0.68)))
        img = self.card(picture, pic)
        surf.blit(img, img.get_rect(midtop=(w // 2, 4)))
        y = 8 + pic[1]
        font, lines, _ = fit_lines(self.app, label, w - 8, h - y, max(10, h // 16), bold=True, most=3)
        for line in lines:
            text = font.render(line, True, theme.TEXT)
            surf.blit(text, text.get_rect(midtop=(w // 2, y)))
            y += font.get_linesize()
        return surf

    # ---------------------------------------------------------------- markers
    def marker(self, marker: str, value: Any, size: tuple[int, int]) -> pygame.Surface:
        key = ("marker", marker, value, size)
        surf = self._cache.get(key)
        if surf is None:
            own = self.layout.marker_face(self, marker, value, size)
            surf = self._store(key, own if own is not None else self.wood_marker(marker, size))
        return surf

    def wood_marker(self, marker: str, size: tuple[int, int], base: tuple[int, int, int] = WOOD,
                    rim: tuple[int, int, int] = WOOD_DARK) -> pygame.Surface:
        """A wooden marker with the layout's picture for it (`Layout.marker_art`)."""
        w, h = max(8, size[0]), max(8, size[1])
        surf = card_blank((w, h), base, rim, max(2, w // 20))
        art = self.layout.marker_art.get(marker)
        if art:
            pic = self.picture(art, int(min(w, h) * 0.7))
            surf.blit(pic, pic.get_rect(center=(w // 2, h // 2)))
        return surf
