"""What the Kill the Unicorns table draws beyond card regions: the schemes peeking from under the
unicorns (a count, never the cards), the hunted unicorn's glow, the market's names and prices,
each seat's character, hand size, bid and score (the hunt's Confirm and boost buttons are the
table's: `KillTheUnicornsLayout.buttons`)."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.kill_the_unicorns.view_types import UnicornsView
from scenes.layouts import kill_the_unicorns_draw as art
from scenes.layouts.kill_the_unicorns_draw import wrap
from scenes.layouts.kill_the_unicorns_market import draw_buyable
from scenes.layouts.kill_the_unicorns_place import MARKET_ITEMS
from scenes.table.buttons import key_box
from scenes.table.layout import TableContext
from scenes.table.regions import CAPTION
from scenes.ui import theme

HIGHLIGHT = (250, 214, 96)


def draw_table(layout: Any, ctx: TableContext[UnicornsView], surface: pygame.Surface) -> None:
    view, regions = ctx.view, ctx.regions
    small = ctx.app.font(max(10, regions[CAPTION].rect.h * 2 // 3), False)
    bold = ctx.app.font(max(10, regions[CAPTION].rect.h * 2 // 3), True)
    for name in ("line_frame", "market_frame"):
        r = regions[name].rect
        pygame.draw.rect(surface, (70, 110, 84), r, 2, border_radius=8)
        surface.blit(art.text_line(bold, ctx.text(regions[name].label), theme.ACCENT, r.w - 16), (r.x + 8, r.y + 2))
    _draw_line(ctx, surface, small)
    _draw_market(ctx, surface, small, bold)
    for seat in range(view["players"]):
        _draw_info(ctx, surface, seat, small)
    for number, box in collection_tags(layout, ctx):
        pygame.draw.rect(surface, art.PAPER, box, border_radius=4)
        pygame.draw.rect(surface, art.INK, box, 1, border_radius=4)
        img = tag_font(ctx, box.h).render(f"#{number}", True, art.INK)
        surface.blit(img, img.get_rect(center=box.center))
    draw_buyable(layout, ctx, surface)
    _draw_scheme_keys(ctx, surface)


def _draw_line(ctx: TableContext[UnicornsView], surface: pygame.Surface, font: pygame.font.Font) -> None:
    """The schemes under each unicorn, its number, and the hunted one outlined."""
    view = ctx.view
    hunted = (view.get("hunt") or 0) - 1
    for p, slot in enumerate(view["line"]):
        region = ctx.regions.get(f"under:{p}")
        if region is None:
            continue
        w, h = region.card_size
        card = pygame.Rect(region.rect.x, region.rect.y, w, h)
        under = view["zones"]["under"][p]
        count = len(under)
        peek = (region.rect.h - h) // 3
        for k, scheme in enumerate(under):
            strip = pygame.Rect(card.x + 4 + 3 * k, card.bottom - peek + peek * (k + 1), w - 8 - 6 * k, peek)
            known = scheme != "back"  # the viewer's own scheme, or one the Princess looked at
            pygame.draw.rect(surface, art.PAPER if known else art.SCHEME_BACK, strip,
                             border_bottom_left_radius=5, border_bottom_right_radius=5)
            pygame.draw.rect(surface, (150, 120, 190), strip, 1, border_bottom_left_radius=5, border_bottom_right_radius=5)
            if known:
                words = ctx.text(f"card.{scheme}")
                font_s = art.fitting_font(ctx.app, words, strip.w - 6, max(8, peek * 2 // 3), whole=True)
                if font_s.size(words)[0] > strip.w - 6:  # a narrow strip: the scheme's short mark
                    words = ctx.text(f"short.{scheme}") if ctx.rules.has_text(f"short.{scheme}") else words.split()[-1]
                name = art.text_line(font_s, words, art.SCHEME_BACK, strip.w - 6)
                surface.blit(name, name.get_rect(center=strip.center))
        label = ctx.text("view.schemes_under", count=count)
        pitch = min((abs(r.rect.x - region.rect.x) for q in range(len(view["line"])) if q != p
                     and (r := ctx.regions.get(f"under:{q}")) is not None), default=region.rect.w + 8)
        img = art.text_line(font, label, theme.TEXT if count else theme.TEXT_DIM, pitch - 6)  # beside its neighbours
        surface.blit(img, img.get_rect(midtop=(card.centerx, card.bottom + peek * max(1, count) + 2)))
        num = font.render(str(p + 1), True, theme.ACCENT)
        surface.blit(num, num.get_rect(midright=(card.x - 4, card.centery)))
        if p == hunted and slot["card"]:
            pygame.draw.rect(surface, HIGHLIGHT, card.inflate(10, 10), 4, border_radius=10)
            tag, box = hunted_tag(ctx, font, card)
            pygame.draw.rect(surface, HIGHLIGHT, box, border_radius=box.h // 2)
            surface.blit(tag, tag.get_rect(center=box.center))


def hunted_tag(ctx: TableContext[UnicornsView], font: pygame.font.Font, card: pygame.Rect) -> tuple[pygame.Surface, pygame.Rect]:
    """The hunted unicorn's "Hunted" label and its box: across the card's foot, inside the line's
    frame (never over the market beside it)."""
    tag = art.text_line(font, ctx.text("view.hunted"), art.INK, card.w - 12)
    box = tag.get_rect().inflate(10, 2)
    box.midbottom = (card.centerx, card.bottom - 3)
    return tag, box


def tag_font(ctx: TableContext[UnicornsView], height: int) -> pygame.font.Font:
    return ctx.app.font(max(9, height - 4), True)


def collection_tags(layout: Any, ctx: TableContext[UnicornsView]) -> list[tuple[int, pygame.Rect]]:
    """The viewer's unicorns' numbers (the number a purchase types) and where each is drawn:
    on the part of its card that the next card leaves in view, under the points badge; when
    that part is narrower than the number, every other one a line lower, so that none hides
    another (drawn over the cards)."""
    region = ctx.regions.get(f"collection:{ctx.seat}")
    if region is None or ctx.seat is None:
        return []
    pictures = layout.region_cards(ctx.view, region, ctx.view["zones"]["collection"][ctx.seat])
    rects = region.card_rects(len(pictures))
    w, h = region.card_size
    tag_h = max(13, h // 7)
    font = tag_font(ctx, tag_h)
    top = max(8, w // 4) * 2 + max(2, w // 14)  # under the points badge
    numbers = [int(p.rpartition("|")[2]) if p.startswith("coll|") else 0 for p in pictures]
    step = rects[1].x - rects[0].x if len(rects) > 1 else w
    stagger = any(font.size(f"#{n}")[0] + 8 > step for n in numbers)
    out = []
    for i, (number, rect) in enumerate(zip(numbers, rects, strict=True)):
        if number:
            box = pygame.Rect(0, 0, font.size(f"#{number}")[0] + 6, tag_h)
            box.topleft = (rect.x + 2, rect.y + top + (tag_h + 2 if stagger and i % 2 else 0))
            out.append((number, box))
    return out


def _draw_scheme_keys(ctx: TableContext[UnicornsView], surface: pygame.Surface) -> None:
    """The key letter of each scheme in hand while it is to be kept (never L, S or Z: the table's)."""
    comp = ctx.composer.composer if ctx.composer is not None else None
    region = ctx.regions.get(f"scheme_hand:{ctx.seat}")
    if comp is None or region is None or ctx.view["phase"] != "schemes" or comp.any_choice():
        return
    step = next((s for s in comp.steps() if s.field == "scheme"), None)
    if step is None:
        return
    by_word = {word: letter for letter, word in reversed(list(ctx.composer.letters(ctx, step).items()))}
    cards = ctx.view["zones"]["scheme_hand"][ctx.seat]
    font = ctx.app.font(max(10, region.card_size[1] // 7), True)
    for card, rect in zip(cards, region.card_rects(len(cards)), strict=True):
        if card in by_word:
            key_box(surface, font, by_word[card], (rect.centerx, rect.bottom - 3), "midbottom")


def _draw_market(ctx: TableContext[UnicornsView], surface: pygame.Surface, font: pygame.font.Font, bold: pygame.font.Font) -> None:
    """Each item's name, price (the viewer's, discount included) and what it does."""
    region = ctx.regions["market"]
    frame = ctx.regions["market_frame"].rect
    view = ctx.view
    seat = view["seat"] or 0
    row_h = region.rect.h // len(MARKET_ITEMS)
    for k, item in enumerate(MARKET_ITEMS):
        y = region.rect.y + k * row_h
        price = view["prices"][seat].get(item, 0)
        room = region.rect.x - frame.x - 12
        size = max(9, row_h // 3 - 1)
        title = f"{ctx.text(f'item.{item}')} · {ctx.text('view.price', price=price)}"
        bold = ctx.app.font(size + 1, True)
        effect = ctx.text(f"short_effect.{item}")
        small = ctx.app.font(size, False)
        if bold.size(title)[0] > room:  # a narrow market: the price under the name, what it does if it fits
            title, cost = ctx.text(f"item.{item}"), ctx.text("view.price", price=price)
            effect = f"{cost} · {effect}" if small.size(f"{cost} · {effect}")[0] <= room else cost
        name = art.text_line(bold, title, theme.TEXT, room)
        surface.blit(name, (frame.x + 8, y + 1))
        lines = wrap(small, effect, room)
        if len(lines) > max(1, (row_h - name.get_height() - 2) // (size + 1)):
            lines = [effect]  # one line, narrowed by text_line below, rather than cut (the tooltip has it all)
        for i, line in enumerate(lines):
            surface.blit(art.text_line(small, line, theme.TEXT_DIM, room), (frame.x + 8, y + 2 + name.get_height() + i * (size + 1)))
        if not any(c.startswith(item) for c in view["zones"]["market"]):
            surface.blit(font.render(ctx.text("view.sold_out"), True, theme.TEXT_DIM), (region.rect.x, y + row_h // 3))


def _draw_info(ctx: TableContext[UnicornsView], surface: pygame.Surface, seat: int, font: pygame.font.Font) -> None:
    """A seat's character, hunt cards in hand, bid and discarded schemes, on one line; shorter
    words when it does not fit (six seats along the top), the tooltip telling the rest."""
    region = ctx.regions.get(f"info:{seat}")
    if region is None:
        return
    room = region.rect.w - 4
    for level in range(4):  # all of it; without the discarded schemes; short words; the character only
        text = " · ".join(_info_parts(ctx, seat, level))
        if font.size(text)[0] <= room:
            break
    img = art.text_line(font, text, theme.TEXT, room)
    surface.blit(img, (region.rect.x + 4, region.rect.y + (region.rect.h - img.get_height()) // 2))


def _info_parts(ctx: TableContext[UnicornsView], seat: int, level: int) -> list[str]:
    view, short = ctx.view, level >= 2
    char = view["characters"][seat]
    power = "" if not view["powers"] else ctx.text(
        ("view.power_used" if view["power_used"][seat] else "view.power_ready") + ("_short" if short else ""))
    count = len(view["zones"]["hand"][seat])
    parts = [ctx.text(f"character.{char}") + power]
    if level >= 3:  # six seats in a small window: the cards beside it show the rest
        return parts
    parts.append(ctx.text("view.hand_short" if short else "view.hand", count=count))
    bid = len(view["zones"]["bid"][seat])
    if view["passed"][seat]:
        parts.append(ctx.text("view.passed"))
    elif bid:
        parts.append(ctx.text("view.bid_short" if short else "view.bid", count=bid))
    total = view["totals"][seat]
    if view["phase"] == "market" and seat == view.get("seat"):  # what you pay with: your hunt cards' values
        spend = sum(int(c.rpartition("_")[2]) for c in view["zones"]["hand"][seat] if c.startswith("hunt_"))
        parts.append(ctx.text("view.to_spend_short" if short else "view.to_spend", total=spend))
    elif total is not None and view["phase"] != "market":  # the hunt's revealed total (not the last one's, at the market)
        parts.append(ctx.text("view.total", total=total))
    discarded = len(view["zones"]["discarded"][seat]) + len(view["zones"]["spent"][seat])
    if discarded and level == 0:
        parts.append(ctx.text("view.discarded", count=discarded))
    return parts

