"""What the Fish Fish table draws beyond the generic seat regions: the pond (water, the line with
its bait over the hidden fishing card, the bets in seat order with the direction arrow, the
discard), the role tags, the loot slots' values, and the viewer's own hand (fish_fish_input).

Everything here reads the displayed view only: a card that view hides is drawn as a back, so the
fisher's fishing card cannot show to a fish player before the reveal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.engine.events import CardRevealed
from scenes.layouts import fish_fish_draw as art
from scenes.ui import theme

if TYPE_CHECKING:
    from scenes.table.scene import TableScene


# ------------------------------------------------------------------------------ hooks
def card_face(card_art: Any, card: str, size: tuple[int, int]) -> pygame.Surface:
    """CardArt hook: fish tiles by species, baits with their value, the fishing cards."""
    kind, _, value = card.partition(":")
    rules, app = card_art.rules, card_art.app
    color = card_art.colors.get(kind, (90, 90, 90))
    if kind == "fish":
        return art.fish_tile(int(value) if value.isdigit() else 0, size)
    if kind == rules.bait_card:
        label = app.game_text(rules, f"card.{kind}")
        return art.bait_card(app, label, int(value) if value.isdigit() else None, color, size)
    label = app.game_text(rules, f"card.{kind}") if rules.has_text(f"card.{kind}") else kind
    return art.fishing_card(app, label, kind in rules.takes_bets, color, size)


def draw_table(scene: TableScene, surface: pygame.Surface) -> None:
    """Scene hook, drawn over the seat regions and under flying cards."""
    from scenes.layouts import fish_fish as layout
    from scenes.layouts import fish_fish_input as controls

    view, regions = scene.view, scene.placements.regions
    unit = max(2, regions["pond"].rect.h // 90)
    _draw_pond(scene, surface, view, regions, unit)
    _draw_tags(scene, surface, view, regions, layout)
    _draw_loot_labels(scene, surface, view, regions)
    _draw_catch_count(scene, surface, view, regions)
    controls.draw(scene, surface)


def _felt_badge(scene: Any, surface: pygame.Surface, text: str, pos: tuple[int, int], size: int) -> None:
    art.badge(scene.app, surface, text, pos, size, fill=(226, 178, 74))


# ------------------------------------------------------------------------------- pond
def _draw_pond(scene: Any, surface: pygame.Surface, view: dict[str, Any], regions: dict[str, Any], unit: int) -> None:
    from scenes.layouts import fish_fish as layout
    from scenes.layouts import fish_fish_input as controls

    pond = regions["pond"].rect
    water = pond.inflate(-unit * 2, -unit * 2)
    pygame.draw.ellipse(surface, art.WATER_DARK, water)
    pygame.draw.ellipse(surface, art.WATER, water.inflate(-unit * 3, -unit * 3))
    fisher = view["fisher"]
    art.draw_order_arrow(surface, regions["order"].rect, view["direction"] == "clockwise", max(2, unit))
    line = regions[f"line:{fisher}"]
    card_rect, bait_rect = layout.line_rects(line)
    start = _rod_tip(regions, fisher, card_rect.center)
    if start is not None:  # the line comes down on the card's top, or on its side from below
        end = card_rect.midtop if start[1] < card_rect.top else (card_rect.midleft if start[0] <= card_rect.centerx else card_rect.midright)
        art.draw_fishing_line(surface, start, end, max(1, unit // 2 + 1))
    _draw_bets(scene, surface, view, regions, layout, controls)
    _draw_line(scene, surface, view, line, card_rect, bait_rect, controls)
    discard = regions.get(f"discard:{fisher}")
    if discard is not None:
        cards = layout.display_cards(view, "discard", fisher, view["zones"]["discard"][fisher])
        pygame.draw.rect(surface, art.WATER_DARK, discard.rect, max(1, unit // 2), border_radius=unit * 2)
        for card, rect in zip(cards, discard.card_rects(len(cards)), strict=True):
            surface.blit(scene.painter.art.card(card, rect.size), rect)


def _rod_tip(regions: dict[str, Any], fisher: int, target: tuple[int, int]) -> tuple[int, int] | None:
    """Where the line leaves the fisher's seat: the point of their block nearest the pond."""
    rects = [regions[f"{name}:{fisher}"].rect for name in ("panel", "tag", "fishing", "baits", "caught")
             if f"{name}:{fisher}" in regions]
    if not rects:
        return None
    block = rects[0].unionall(rects[1:])
    return min(max(target[0], block.left), block.right), min(max(target[1], block.top), block.bottom)


def _draw_line(scene: Any, surface: pygame.Surface, view: dict[str, Any], line: Any, card_rect: pygame.Rect,
               bait_rect: pygame.Rect, controls: Any) -> None:
    """The fishing card (as the view knows it: a back for the fish) with the bait over it."""
    from scenes.layouts import fish_fish as layout

    card_art = scene.painter.art
    fisher = view["fisher"]
    cards = view["zones"]["line"][fisher]
    fishing = next((c for c in cards if c != "bait"), None)
    step = scene.animator.current
    flipping = step is not None and step.kind == "reveal" and any(
        isinstance(e, CardRevealed) and e.zone == "line" for e in step.events)
    pending = controls.pending_line(scene)
    if fishing is None and "bait" not in cards:
        pygame.draw.rect(surface, art.LINE_COLOR, card_rect, 2, border_radius=max(3, card_rect.w // 10))
    if fishing is not None and not flipping:
        surface.blit(card_art.card(fishing, card_rect.size), card_rect)
    elif pending[0] is not None:
        _ghost(surface, card_art.card(pending[0], card_rect.size), card_rect)
    values = layout.bait_list(view, "line", fisher)
    if "bait" in cards:
        value = values[0] if values else view.get("line_bait")
        surface.blit(card_art.card(f"bait:{value}" if value is not None else "bait", bait_rect.size), bait_rect)
    elif pending[1] is not None:
        _ghost(surface, card_art.card(f"bait:{pending[1]}", bait_rect.size), bait_rect)
    if controls.dragging_to_line(scene):
        pulse = 3 + int(2 * ((scene.time * 2) % 1.0))
        pygame.draw.rect(surface, (250, 214, 96), card_rect.union(bait_rect).inflate(10, 10), pulse, border_radius=8)


def _ghost(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect) -> None:
    """A choice not yet confirmed: the card, lighter, with a dashed-looking outline."""
    img = image.copy()
    img.set_alpha(185)
    surface.blit(img, rect)
    pygame.draw.rect(surface, (250, 214, 96), rect.inflate(4, 4), 2, border_radius=max(3, rect.w // 10))


def _draw_bets(scene: Any, surface: pygame.Surface, view: dict[str, Any], regions: dict[str, Any], layout: Any,
               controls: Any) -> None:
    """Each fish's bet spot: its tiles (or 'pass'), its place in the betting order."""
    order = view["betting_order"]
    bettor = view.get("bettor") if not scene.animator.busy else None
    mine, pending = controls.pending_bet(scene)
    for seat in range(view["players"]):
        region = regions.get(f"bet:{seat}")
        if region is None:
            continue
        rect = region.rect
        color = art.species_color(layout.species_of(view, seat))
        pygame.draw.rect(surface, art.WATER_DARK, rect.inflate(6, 6), border_radius=rect.h // 2)
        pygame.draw.rect(surface, color, rect.inflate(6, 6), max(1, rect.h // 14), border_radius=rect.h // 2)
        if seat == bettor:
            pulse = 2 + int(2 * ((scene.time * 2) % 1.0))
            pygame.draw.rect(surface, (250, 214, 96), rect.inflate(12, 12), pulse, border_radius=rect.h // 2)
        tiles = view["zones"]["bet"][seat]
        extra = pending if seat == mine else 0
        rects = region.card_rects(len(tiles) + extra)
        picture = f"fish:{layout.species_of(view, seat)}"
        for i, r in enumerate(rects):
            img = scene.painter.art.card(picture, r.size)
            if i >= len(tiles):
                _ghost(surface, img, r)
            else:
                surface.blit(img, r)
        if not tiles and not extra and view["bets"][seat] == 0:
            font = scene.app.font(max(8, int(rect.h * 0.5)), True)
            img = font.render(scene.app.tr("fish_fish.passed"), True, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=rect.center))
        if seat in order:
            _felt_badge(scene, surface, str(order.index(seat) + 1), (rect.x - rect.h // 3, rect.centery), max(10, int(rect.h * 0.6)))


# ------------------------------------------------------------------------------ seats
def _draw_tags(scene: Any, surface: pygame.Surface, view: dict[str, Any], regions: dict[str, Any], layout: Any) -> None:
    """Beside each name: the fisher's hook, or the fish's own species."""
    for seat in range(view["players"]):
        tag = regions.get(f"tag:{seat}")
        if tag is None:
            continue
        if seat == view["fisher"]:
            pygame.draw.rect(surface, (250, 214, 96), tag.rect, border_radius=tag.rect.h // 4)
            w, h = tag.rect.size
            x, y = tag.rect.topleft
            ink, width = art.INK, max(2, w // 10)
            pygame.draw.line(surface, ink, (x + w // 2, y + h // 6), (x + w // 2, y + h * 0.62), width)
            hook = pygame.Rect(x + w // 4, y + h * 0.42, w // 2, h // 2.4)
            pygame.draw.arc(surface, ink, hook, 3.14, 6.28, width)
        else:
            surface.blit(scene.painter.art.card(f"fish:{layout.species_of(view, seat)}", tag.rect.size), tag.rect)


def _draw_loot_labels(scene: Any, surface: pygame.Surface, view: dict[str, Any], regions: dict[str, Any]) -> None:
    """Each loot slot's value in its corner, and how many tiles lie there when they overlap."""
    for region in regions.values():
        if region.zone is None or not region.zone.startswith("loot_") or region.seat is None:
            continue
        value = region.zone.split("_", 1)[1]
        size = max(10, int(region.rect.h * 0.34))
        art.badge(scene.app, surface, value, (region.rect.x + size // 2 + 1, region.rect.y + size // 2 + 1), size,
                  fill=(236, 232, 214))
        count = len(view["zones"][region.zone][region.seat])
        if count >= 2:
            _felt_badge(scene, surface, f"×{count}", (region.rect.right - size // 2 - 2, region.rect.bottom - size // 2 - 1), size)


def _draw_catch_count(scene: Any, surface: pygame.Surface, view: dict[str, Any], regions: dict[str, Any]) -> None:
    fisher = view["fisher"]
    region = regions.get(f"caught:{fisher}")
    if region is None:
        return
    count = len(view["zones"]["caught"][fisher])
    size = max(10, int(region.rect.h * 0.34))
    pos = (region.rect.right - size, region.rect.y + size // 2 + 1)
    _felt_badge(scene, surface, scene.app.tr("fish_fish.caught_count", count=count), pos, size)


# ---------------------------------------------------------------------------- gallery
def gallery_cards(app: Any, rules: Any, size: tuple[int, int]) -> list[pygame.Surface]:
    """The rules screen's card gallery: the fishing cards, the baits and the seven species, each
    named (a species by its shape and pattern too, for players who do not tell colours apart)."""
    from scenes.layouts import fish_fish as layout
    from scenes.table.cards import CardArt
    from scenes.ui.text import wrap_text

    card_art = CardArt(app, rules, layout)
    w, h = size
    items: list[tuple[str, str, tuple[int, int]]] = []
    face = (int(w * 0.7), int(w * 0.7 / 0.7))
    for card in rules.fishing_order:
        items.append((card, app.game_text(rules, f"card.{card}"), face))
    for value in sorted(set(rules.bait_values)):
        items.append((f"bait:{value}", f"{app.game_text(rules, 'card.bait')} {value}", face))
    for k, (shape, _color, pattern) in enumerate(art.SPECIES):
        label = app.tr("fish_fish.species", shape=app.tr(f"fish_fish.shape.{shape}"), pattern=app.tr(f"fish_fish.pattern.{pattern}"))
        items.append((f"fish:{k}", label, (int(w * 0.7), int(w * 0.7))))
    out = []
    font = app.font(max(10, h // 16), True)
    for picture, label, pic_size in items:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pic_size = (pic_size[0], min(pic_size[1], int(h * 0.68)))
        img = card_art.card(picture, pic_size)
        surf.blit(img, img.get_rect(midtop=(w // 2, 4)))
        y = 8 + pic_size[1]
        for line in wrap_text(font, label, w - 8)[:3]:
            text = font.render(line, True, theme.TEXT)
            surf.blit(text, text.get_rect(midtop=(w // 2, y)))
            y += font.get_linesize()
        out.append(surf)
    return out
