"""Where the Kill the Unicorns table lies (pure: no display needed).

The other seats sit in a row along the top, each with its name plate, its unicorns and its bid;
the line of four unicorns runs across the middle with the face-down schemes peeking from under
each; the black market stands right of the line, one row per item; the viewer's hunt cards,
schemes, bid and unicorns are at the bottom, the buttons right of them.
"""

from __future__ import annotations

import pygame

from game.games.kill_the_unicorns.view_types import UnicornsView
from scenes.table import recipes
from scenes.table.regions import (
    ACTIONS,
    AREA,
    FAN,
    PANEL,
    ROW,
    STACK,
    Placements,
    Region,
    TableTheme,
)

MARKET_ITEMS = ("cotton_candy", "fake_horn", "pate", "fairy_dust")


def item_of(picture: str) -> str:
    """The market item of a token picture ('cotton_candy_pink' -> 'cotton_candy')."""
    return next((item for item in MARKET_ITEMS if picture.startswith(item)), picture)


class MarketRegion(Region):
    """The black market: one row per item (its tokens side by side), whatever is left of it."""

    def card_rects(self, count: int) -> list[pygame.Rect]:
        items = list(self.value or [])
        if len(items) != count:
            return super().card_rects(count)
        w, h = self.card_size
        row_h = self.rect.h // len(MARKET_ITEMS)
        seen: dict[str, int] = {}
        out = []
        for item in items:
            row = MARKET_ITEMS.index(item) if item in MARKET_ITEMS else 0
            k = seen[item] = seen.get(item, -1) + 1
            step = min(w + 3, (self.rect.w - w) // max(1, items.count(item) - 1))  # side by side when they fit
            out.append(pygame.Rect(self.rect.x + k * step, self.rect.y + row * row_h + (row_h - h) // 2, w, h))
        return out


class LineRegion(Region):
    """The line of unicorns: card i of those left lies in its own slot (hunted ones leave a gap)."""

    def card_rects(self, count: int) -> list[pygame.Rect]:
        slots: list[pygame.Rect] = self.value
        if count > len(slots):
            return super().card_rects(count)
        return [pygame.Rect(r) for r in slots[len(slots) - count:]]


def seat_order(view: UnicornsView) -> list[int]:
    return recipes.seat_order(view["players"], view.get("seat"))


def place(view: UnicornsView, rect: pygame.Rect, theme: TableTheme | None = None) -> Placements:
    """Every region of the table for `view` inside `rect`."""
    theme = theme or TableTheme()
    rect = pygame.Rect(rect)
    ch = max(theme.min_card_height, int(min(rect.h / 7.2, rect.w / 11)))
    cw = int(ch * theme.card_ratio)
    gap = max(3, int(ch * theme.gap))
    small = (int(cw * 0.62), int(ch * 0.62))
    hud_h = int(ch * 0.34)
    label_h = max(14, int(ch * 0.22))
    out = Placements(rect, card_size=(cw, ch), hand_card_size=(int(cw * 1.1), int(ch * 1.1)))
    out.add_hud(hud_h)
    order = seat_order(view)
    me, others = order[0], order[1:]

    # The other seats, along the top.
    top = pygame.Rect(rect.x + gap, rect.y + hud_h + gap, rect.w - 2 * gap, 2 * label_h + small[1] + gap)
    for seat, block in zip(others, recipes.row_of_slots(top, len(others), 2 * gap), strict=True):
        _seat(out, seat, block, label_h, small, gap, mine=False)

    # The line and the market.
    mid_y = top.bottom + gap
    line_ch = int(ch * 1.45)
    line_size = (int(line_ch * theme.card_ratio), line_ch)
    peek = max(6, line_ch // 8)
    market_w = int(rect.w * 0.30)
    line_area = pygame.Rect(rect.x + gap, mid_y + label_h + gap, rect.w - market_w - 3 * gap, line_size[1] + 3 * peek)
    out.add(Region("line_frame", AREA, pygame.Rect(line_area.x, mid_y, line_area.w, line_area.h + label_h + gap),
                   label="zone.line"))
    slots = recipes.row_of_slots(line_area, len(view["line"]), gap * 3)
    for p, slot in enumerate(slots):
        card = pygame.Rect(0, 0, *line_size)
        card.midtop = (slot.centerx, slot.y)
        out.add(Region(f"under:{p}", STACK, pygame.Rect(card.x, card.y, card.w, card.h + 3 * peek), "under", p,
                       line_size, "down"))
    line_rect = pygame.Rect(slots[0].x, line_area.y, slots[-1].right - slots[0].x, line_size[1])
    cards = [pygame.Rect(out.regions[f"under:{p}"].rect.topleft, line_size) for p in range(len(slots))]
    out.add(LineRegion("line", ROW, line_rect, "line", None, line_size, "up", capacity=len(slots), value=cards))
    market_rect = pygame.Rect(rect.right - market_w - gap, mid_y, market_w, line_area.h + label_h + gap)
    label_w = int(market_w * 0.5)
    token = (int(ch * 0.36), int(ch * 0.36))
    tokens = [item_of(c) for c in view["zones"]["market"]]
    out.add(MarketRegion("market", ROW, pygame.Rect(market_rect.x + label_w, market_rect.y + label_h,
                                                    market_rect.w - label_w, market_rect.h - label_h),
                         "market", None, token, "up", value=tokens, capacity=14))
    out.add(Region("market_frame", AREA, market_rect, label="zone.market"))

    # The caption, then the viewer's block.
    cap_y = line_area.bottom + gap
    out.add_caption(pygame.Rect(rect.x + gap, cap_y, rect.w - 2 * gap, label_h + 4))
    bottom = pygame.Rect(rect.x + gap, cap_y + label_h + 2 * gap, rect.w - 2 * gap, rect.bottom - cap_y - label_h - 3 * gap)
    _seat(out, me, bottom, label_h, (int(cw * 1.15), int(ch * 1.15)), gap, mine=True)
    return out


def _seat(out: Placements, seat: int, block: pygame.Rect, label_h: int, size: tuple[int, int], gap: int,
          mine: bool) -> None:
    """A seat's name plate, then (left to right) its bid, its played cards, its unicorns, its
    discarded schemes; the viewer's block also has its hand, its schemes and the buttons."""
    w, h = size
    out.add(Region(f"panel:{seat}", PANEL, pygame.Rect(block.x, block.y, block.w, label_h), seat=seat))
    out.add(Region(f"info:{seat}", AREA, pygame.Rect(block.x, block.y + label_h, block.w, label_h), seat=seat,
                   label="zone.character"))
    y = block.y + 2 * label_h + gap // 2
    small = (int(w * 0.7), int(h * 0.7))
    if not mine:
        bid_w = int(w * 1.5)
        out.add(Region(f"bid:{seat}", STACK, pygame.Rect(block.x, y, w, h), "bid", seat, size, "down"))
        out.add(Region(f"played:{seat}", ROW, pygame.Rect(block.x, y, bid_w, h), "played", seat,
                       (int(w * 0.8), int(h * 0.8)), "up", capacity=3))
        rest = pygame.Rect(block.x + bid_w + gap, y, block.w - bid_w - gap, h)
        out.add(Region(f"collection:{seat}", ROW, rest, "collection", seat, size, "up", capacity=6))
        out.add(Region(f"hand:{seat}", STACK, pygame.Rect(block.x + block.w // 2, block.y, w // 3, label_h), "hand",
                       seat, (w // 3, label_h), "down"))
        out.add(Region(f"discarded:{seat}", STACK, pygame.Rect(block.right - w // 2, y, w // 2, h // 2), "discarded",
                       seat, (w // 2, h // 2), "up"))
        return
    hand_w = int(block.w * 0.34)
    out.add(Region(f"hand:{seat}", FAN, pygame.Rect(block.x, y, hand_w, h), "hand", seat, size, "up",
                   label="zone.hand", capacity=8, source=True))
    x = block.x + hand_w + gap
    out.add(Region(f"scheme_hand:{seat}", FAN, pygame.Rect(x, y, int(w * 1.9), h), "scheme_hand", seat, size, "up",
                   label="zone.scheme_hand", capacity=2, source=True))
    x += int(w * 1.9) + gap
    out.add(Region(f"bid:{seat}", ROW, pygame.Rect(x, y, int(w * 1.9), small[1]), "bid", seat, small, "up",
                   label="zone.bid", capacity=3))
    out.add(Region(f"played:{seat}", ROW, pygame.Rect(x, y + small[1] + 2, int(w * 1.9), h - small[1] - 2),
                   "played", seat, (small[0] // 2, small[1] // 2), "up", capacity=4))
    x += int(w * 1.9) + gap
    buttons_w = int(block.w * 0.17)
    out.add(Region(f"collection:{seat}", ROW, pygame.Rect(x, y, block.right - buttons_w - gap - x, h), "collection",
                   seat, size, "up", label="zone.collection", capacity=6))
    out.add(Region(f"discarded:{seat}", STACK, pygame.Rect(x, y + h + 2, w, h // 3), "discarded", seat,
                   (w // 2, h // 3), "up"))
    actions = pygame.Rect(block.right - buttons_w, y, buttons_w, (block.bottom - y) * 3 // 5)
    out.add(Region(ACTIONS, AREA, actions))
    out.add(Region("own_buttons", AREA, pygame.Rect(actions.x, actions.bottom + gap, buttons_w, block.bottom - actions.bottom - gap)))
    help_x = block.x + int(w * 1.3)  # right of the table's undo and log buttons
    out.add(Region("controls", AREA, pygame.Rect(help_x, y + h + gap, x - help_x - gap, block.bottom - y - h - gap)))
