"""What the Fish Fish table draws beyond the generic regions: the pond (water, the line with its
bait over the hidden fishing card, the bets in seat order with the direction arrow, the discard),
the role tags and the loot slots' values. The viewer's own cards, the pending choice, the bet
buttons and the fisher's key help are the generic composer's (scenes/table/composer_input.py).

Everything here reads the displayed view only: a card that view hides is drawn as a back, so the
fisher's fishing card cannot show to a fish player before the reveal.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.events import CardRevealed
from game.games.fish_fish.view_types import FishFishView
from scenes.layouts import fish_fish_draw as art
from scenes.layouts.fish_fish_place import display_cards, line_rects, species_of
from scenes.table.cards import hex_color
from scenes.table.layout import TableContext
from scenes.table.painter import direction_arrow, round_badge
from scenes.ui import theme


def draw_table(ctx: TableContext[FishFishView], surface: pygame.Surface) -> None:
    """Drawn over the seat regions and under flying cards."""
    view, regions = ctx.view, ctx.regions
    unit = max(2, regions["pond"].rect.h // 90)
    _draw_pond(ctx, surface, unit)
    _draw_tags(ctx, surface)
    for region in regions.values():  # each loot slot's value, and its count when tiles overlap
        if region.zone is None or not region.zone.startswith("loot_") or region.seat is None:
            continue
        size = max(10, int(region.rect.h * 0.34))
        corner = (region.rect.x + size // 2 + 1, region.rect.y + size // 2 + 1)
        round_badge(ctx.app, surface, region.zone.split("_", 1)[1], corner, size, fill=(236, 232, 214))
        count = len(view["zones"][region.zone][region.seat])
        if count >= 2:
            round_badge(ctx.app, surface, f"×{count}", (region.rect.right - size // 2 - 2, region.rect.bottom - size // 2 - 1), size)
    caught = regions.get(f"caught:{view['fisher']}")
    if caught is not None:
        size = max(10, int(caught.rect.h * 0.34))
        count = len(view["zones"]["caught"][view["fisher"]])
        round_badge(ctx.app, surface, ctx.tr("fish_fish.caught_count", count=count), (caught.rect.right - size, caught.rect.y + size // 2 + 1), size)


def _draw_pond(ctx: TableContext[FishFishView], surface: pygame.Surface, unit: int) -> None:
    view, regions = ctx.view, ctx.regions
    pond = regions["pond"].rect
    water = pond.inflate(-unit * 2, -unit * 2)
    pygame.draw.ellipse(surface, art.WATER_DARK, water)
    pygame.draw.ellipse(surface, art.WATER, water.inflate(-unit * 3, -unit * 3))
    fisher = view["fisher"]
    direction_arrow(surface, regions["order"].rect, view["direction"] == "clockwise", max(2, unit))
    line = regions[f"line:{fisher}"]
    card_rect, bait_rect = line_rects(line)
    start = _rod_tip(regions, fisher, card_rect.center)
    if start is not None:  # the line comes down on the card's top, or on its side from below
        end = card_rect.midtop if start[1] < card_rect.top else (card_rect.midleft if start[0] <= card_rect.centerx else card_rect.midright)
        art.draw_fishing_line(surface, start, end, max(1, unit // 2 + 1))
    _draw_bets(ctx, surface)
    _draw_line(ctx, surface, card_rect, bait_rect)
    discard = regions.get(f"discard:{fisher}")
    if discard is not None:
        cards = display_cards(view, "discard", fisher, view["zones"]["discard"][fisher])
        pygame.draw.rect(surface, art.WATER_DARK, discard.rect, max(1, unit // 2), border_radius=unit * 2)
        for card, rect in zip(cards, discard.card_rects(len(cards)), strict=True):
            surface.blit(ctx.art.card(card, rect.size), rect)


def _rod_tip(regions: dict[str, Any], fisher: int, target: tuple[int, int]) -> tuple[int, int] | None:
    """Where the line leaves the fisher's seat: the point of their block nearest the pond."""
    rects = [regions[f"{name}:{fisher}"].rect for name in ("panel", "tag", "fishing", "baits", "caught")
             if f"{name}:{fisher}" in regions]
    if not rects:
        return None
    block = rects[0].unionall(rects[1:])
    return min(max(target[0], block.left), block.right), min(max(target[1], block.top), block.bottom)


def _draw_line(ctx: TableContext[FishFishView], surface: pygame.Surface, card_rect: pygame.Rect, bait_rect: pygame.Rect) -> None:
    """The fishing card (as the view knows it: a back for the fish) with the bait over it."""
    view = ctx.view
    fisher = view["fisher"]
    cards = view["zones"]["line"][fisher]
    bait_card = ctx.rules.bait_card
    fishing = next((c for c in cards if c != bait_card), None)
    step = ctx.step
    flipping = step is not None and step.kind == "reveal" and any(
        isinstance(e, CardRevealed) and e.zone == "line" for e in step.events)
    if fishing is None and bait_card not in cards:
        pygame.draw.rect(surface, art.LINE_COLOR, card_rect, 2, border_radius=max(3, card_rect.w // 10))
    if fishing is not None and not flipping:
        surface.blit(ctx.art.card(fishing, card_rect.size), card_rect)
    bait = next((p for c, p in zip(cards, display_cards(view, "line", fisher, cards), strict=True) if c == bait_card), None)
    if bait is not None:
        surface.blit(ctx.art.card(bait, bait_rect.size), bait_rect)


def _draw_bets(ctx: TableContext[FishFishView], surface: pygame.Surface) -> None:
    """Each fish's bet spot: its tiles (or 'pass'), its place in the betting order."""
    view = ctx.view
    order = view["betting_order"]
    bettor = view.get("bettor") if not ctx.busy else None
    for seat in range(view["players"]):
        region = ctx.regions.get(f"bet:{seat}")
        if region is None:
            continue
        rect = region.rect
        looks = ctx.art.presentation.get("owner_looks") or [{"color": "#808080"}]
        color = hex_color(looks[species_of(view, seat) % len(looks)]["color"])
        pygame.draw.rect(surface, art.WATER_DARK, rect.inflate(6, 6), border_radius=rect.h // 2)
        pygame.draw.rect(surface, color, rect.inflate(6, 6), max(1, rect.h // 14), border_radius=rect.h // 2)
        if seat == bettor:
            pulse = 2 + int(2 * ((ctx.time * 2) % 1.0))
            pygame.draw.rect(surface, (250, 214, 96), rect.inflate(12, 12), pulse, border_radius=rect.h // 2)
        tiles = view["zones"]["bet"][seat]
        picture = f"fish:{species_of(view, seat)}"
        for r in region.card_rects(len(tiles)):
            surface.blit(ctx.art.card(picture, r.size), r)
        if not tiles and view["bets"][seat] == 0:
            font = ctx.app.font(max(8, int(rect.h * 0.5)), True)
            img = font.render(ctx.tr("fish_fish.passed"), True, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=rect.center))
        if seat in order:
            round_badge(ctx.app, surface, str(order.index(seat) + 1), (rect.x - rect.h // 3, rect.centery), max(10, int(rect.h * 0.6)))


def _draw_tags(ctx: TableContext[FishFishView], surface: pygame.Surface) -> None:
    """Beside each name: the fisher's hook, or the fish's own species."""
    view = ctx.view
    for seat in range(view["players"]):
        tag = ctx.regions.get(f"tag:{seat}")
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
            surface.blit(ctx.art.card(f"fish:{species_of(view, seat)}", tag.rect.size), tag.rect)
