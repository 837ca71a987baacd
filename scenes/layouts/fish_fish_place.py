"""Where everything lies at the Fish Fish table (pure: view and rectangle in, placements out).

The viewer sits at the bottom (a wide band with large cards or tiles); the others go clockwise
(seat i -> i+1): up the left side, across the top, down the right side. A seat's block shows its
name plate and its role: the fisher's fishing cards (backs for the others), baits (values are
public) and catch; a fish's tiles in hand and loot board (slots 2/3/4/5). In the pond: the line
(the bait lies on the hidden fishing card), the discard, and one bet spot per fish player placed
on a ring in seat order, with an arrow giving this round's betting direction.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, overload

import pygame

from game.games.fish_fish.view_types import FishFishView
from scenes.table import recipes
from scenes.table.regions import AREA, FAN, PANEL, ROW, SLOT, STACK, Placements, Region, TableTheme

SPECIES_COUNT = 7  # the box holds 7 species (the YAML's presentation.owner_looks): at 8 players the fisher's species changes hands


def seat_order(view: FishFishView) -> list[int]:
    """Seats clockwise starting with the one shown at the bottom."""
    return recipes.seat_order(view["players"], view.get("seat"))


def species_of(view: FishFishView, seat: int) -> int:
    """The species a seat's tiles show. Up to 7 players: one per seat. With 8, as at a real table:
    the new fisher hands their species to the player who was the fisher before them."""
    n = view["players"]
    if n <= SPECIES_COUNT:
        return seat
    rnd = max(1, int(view.get("round") or 1))
    first = (view["fisher"] - (rnd - 1)) % n
    j = (seat - first) % n
    return j % SPECIES_COUNT if j < rnd - 1 else (j - 1) % SPECIES_COUNT


def card_height(rect: pygame.Rect, theme: TableTheme) -> int:
    """The table's base card height: two rows of seat blocks, the pond and the viewer's band."""
    return max(theme.min_card_height, int(min(rect.h / 8.2, rect.w / 15.5)))


def _has(view: FishFishView, zone: str, seat: int) -> bool:
    return bool(view["zones"][zone][seat])


def place(view: FishFishView, rect: pygame.Rect, theme: TableTheme | None = None) -> Placements:
    """Every region of the Fish Fish table for `view` inside `rect` (pure; no display needed)."""
    theme = theme or TableTheme()
    rect = pygame.Rect(rect)
    ch = card_height(rect, theme)
    gap = max(3, int(ch * theme.gap))
    label_h = max(14, int(ch * 0.3))
    hud_h = max(16, int(ch * 0.34))
    sh = int(ch * 0.72)
    tile = int(ch * 0.5)
    block = _block_size(ch, gap, label_h, theme)
    out = Placements(rect, card_size=(int(sh * theme.card_ratio), sh), hand_card_size=(int(ch * 1.1 * theme.card_ratio), int(ch * 1.1)))
    out.add_hud(hud_h)
    order = seat_order(view)

    # the viewer's band at the bottom, the whole width (the record buttons are in the dock)
    hc = int(ch * 1.1)
    band_h = label_h + 2 * gap + hc
    band = pygame.Rect(rect.x + gap, rect.bottom - band_h, rect.w - 2 * gap, band_h)
    _viewer_band(out, view, order[0], band, ch, gap, label_h, hc, theme)
    cap_h = max(label_h, int(ch * 0.45))
    caption = pygame.Rect(rect.x + gap, band.y - gap - cap_h, rect.w - 2 * gap, cap_h)
    out.add_caption(caption)

    # the other seats around the pond
    mid = pygame.Rect(rect.x + gap, rect.y + hud_h + gap, rect.w - 2 * gap, caption.y - gap - rect.y - hud_h - gap)
    others = len(order) - 1
    for seat, spot in zip(order[1:], recipes.seats_around(mid, block, others, gap), strict=True):
        _seat_block(out, view, seat, spot.x, spot.y, block, ch, gap, label_h, tile, theme)
    has_sides = others >= 3
    side_top = mid.y + block[1] + gap
    inset = block[0] + 2 * gap if has_sides else 2 * gap
    pond = pygame.Rect(mid.x + inset, side_top, mid.w - 2 * inset, mid.bottom - side_top)
    _pond(out, view, order, pond, ch, gap, theme)
    return out


def _block_size(ch: int, gap: int, label_h: int, theme: TableTheme) -> tuple[int, int]:
    sh = int(ch * 0.72)
    tile = int(ch * 0.5)
    return int(ch * 3.1) + gap, label_h + gap + sh + gap + int(tile * 1.2)


def _seat_block(out: Placements, view: FishFishView, seat: int, x: int, y: int, block: tuple[int, int],
                ch: int, gap: int, label_h: int, tile: int, theme: TableTheme) -> None:
    """Another seat: name plate and role tag; fishing cards and baits, or tiles in hand; then the
    catch, or the loot board. A zone of the other role shows too while it still holds something
    (tiles going home when the fisher changes)."""
    bw, _ = block
    fisher = view["fisher"] == seat
    out.add(Region(f"panel:{seat}", PANEL, pygame.Rect(x, y, bw - label_h - gap // 2, label_h), seat=seat))
    out.add(Region(f"tag:{seat}", AREA, pygame.Rect(x + bw - label_h, y, label_h, label_h), seat=seat))
    sh = int(ch * 0.72)
    sw = int(sh * theme.card_ratio)
    row1 = y + label_h + gap
    row2 = row1 + sh + gap
    lr = int(tile * 1.2)
    if fisher or _has(view, "fishing", seat) or _has(view, "baits", seat):
        half = (bw - gap) // 2
        out.add(Region(f"fishing:{seat}", FAN, pygame.Rect(x, row1, half, sh), "fishing", seat, (sw, sh), "down",
                       label="zone.fishing", capacity=5))
        out.add(Region(f"baits:{seat}", FAN, pygame.Rect(x + half + gap, row1, half, sh), "baits", seat, (sw, sh), "up",
                       label="zone.baits", capacity=5))
    if fisher or _has(view, "caught", seat):
        out.add(Region(f"caught:{seat}", FAN, pygame.Rect(x, row2, bw - tile - gap, lr), "caught", seat, (tile, tile), "up",
                       label="zone.caught", capacity=8))
    if fisher:
        out.add(Region("box", STACK, pygame.Rect(x + bw - tile, row2, tile, lr), "box", None, (0, 0), "up", label="zone.box"))
    if not fisher or _has(view, "fish", seat):
        out.add(Region(f"fish:{seat}", ROW, pygame.Rect(x, row1, bw, sh), "fish", seat, (tile, tile), "up",
                       label="zone.fish", capacity=4))
    _loot(out, view, seat, pygame.Rect(x, row2, bw, lr), tile, gap, fisher)


def _loot(out: Placements, view: FishFishView, seat: int, rect: pygame.Rect, tile: int, gap: int, fisher: bool) -> None:
    """The loot board: one slot per value, side by side."""
    slots = view["loot_slots"]
    for value, slot in zip(slots, recipes.row_of_slots(rect, len(slots), gap // 2), strict=True):
        zone = f"loot_{value}"
        if fisher and not _has(view, zone, seat):
            continue
        out.add(Region(f"{zone}:{seat}", ROW, slot, zone, seat, (tile, tile), "up", label=f"zone.{zone}", capacity=4))


def _viewer_band(out: Placements, view: FishFishView, me: int, band: pygame.Rect, ch: int, gap: int,
                 label_h: int, hc: int, theme: TableTheme) -> None:
    """The viewer's own seat, large: what they hold in their role, and the bet controls."""
    fisher = view["fisher"] == me
    out.add(Region(f"panel:{me}", PANEL, pygame.Rect(band.x, band.y, min(band.w // 2, ch * 4), label_h), seat=me))
    out.add(Region(f"tag:{me}", AREA, pygame.Rect(band.x + min(band.w // 2, ch * 4) + gap, band.y, label_h, label_h), seat=me))
    y = band.y + label_h + gap
    controls_w = int(ch * 3.4)
    out.add(Region("controls", AREA, pygame.Rect(band.right - controls_w, y, controls_w, hc)))
    room = band.w - controls_w - gap
    hw = int(hc * theme.card_ratio)
    big_tile = int(ch * 0.8)
    if fisher or _has(view, "fishing", me) or _has(view, "baits", me):
        row_w = min(int(hw * 4.8), (room - 3 * gap - 2 * big_tile) // 2)  # 5 cards, a little overlap
        out.add(Region(f"fishing:{me}", ROW, pygame.Rect(band.x, y, row_w, hc), "fishing", me, (hw, hc), "up",
                       label="zone.fishing", capacity=5))
        out.add(Region(f"baits:{me}", ROW, pygame.Rect(band.x + row_w + gap, y, row_w, hc), "baits", me, (hw, hc), "up",
                       label="zone.baits", capacity=5))
        rest = band.x + 2 * (row_w + gap)
        caught_w = room - 2 * (row_w + gap) - big_tile - gap
        out.add(Region(f"caught:{me}", FAN, pygame.Rect(rest, y, caught_w, hc), "caught", me, (big_tile, big_tile), "up",
                       label="zone.caught", capacity=8))
        if fisher:
            out.add(Region("box", STACK, pygame.Rect(rest + caught_w + gap, y, big_tile, hc), "box", None,
                           (0, 0), "up", label="zone.box"))  # no card size: the tiles vanish into the box
    hand_w = 4 * big_tile + 3 * gap
    if not fisher or _has(view, "fish", me):
        out.add(Region(f"fish:{me}", ROW, pygame.Rect(band.x, y, hand_w, hc), "fish", me, (big_tile, big_tile), "up",
                       label="zone.fish", capacity=4))
    loot_w = min(room - hand_w - 2 * gap, int(big_tile * 1.5) * 4 + 3 * gap)
    _loot(out, view, me, pygame.Rect(band.x + hand_w + 2 * gap, y, loot_w, hc), big_tile, gap, fisher)


def line_rects(region: Region) -> tuple[pygame.Rect, pygame.Rect]:
    """The fishing card on the line and the bait lying over its lower part (value visible)."""
    card = region.card_rects(1)[0]
    bait = card.move(card.w // 3, int(card.h * 0.55))
    return card, bait


def _pond(out: Placements, view: FishFishView, order: list[int], pond: pygame.Rect, ch: int, gap: int,
          theme: TableTheme) -> None:
    out.add(Region("pond", AREA, pond))
    n = len(order)
    fisher = view["fisher"]
    bt = max(10, min(int(ch * 0.42), int(pond.h / 7)))
    spot = (4 * bt + 3 * max(2, bt // 10), bt)
    lh = max(20, min(ch, int(pond.h * 0.4)))
    lw = int(lh * theme.card_ratio)
    line = pygame.Rect(0, 0, lw, lh)
    line.center = (pond.centerx - lw // 6, pond.centery - int(lh * 0.28))
    out.add(Region(f"line:{fisher}", SLOT, line, "line", fisher, (lw, lh), "up", label="zone.line"))
    dh = int(lh * 0.62)
    dw = int(dh * theme.card_ratio)
    discard = pygame.Rect(line.right + lw // 3 + gap * 2, pond.centery - dh // 2, int(dw * 2.2), dh)
    for seat in order:  # the fisher's; a previous fisher's too while it still goes back (new round)
        if seat == fisher or view["zones"]["discard"][seat]:
            out.add(Region(f"discard:{seat}", FAN, discard, "discard", seat, (dw, dh), "up", label="zone.discard", capacity=5))
    order_rect = pygame.Rect(0, 0, int((pond.w - spot[0]) * 0.8), int((pond.h - spot[1]) * 0.72))
    order_rect.center = pond.center
    out.add(Region("order", AREA, order_rect))
    for k, seat in enumerate(order):
        if seat == fisher and not view["zones"]["bet"][seat]:
            continue
        r = pygame.Rect((0, 0), spot)
        r.center = recipes.on_ellipse(pond, spot, k, n)
        out.add(Region(f"bet:{seat}", ROW, r, "bet", seat, (bt, bt), "up", label="zone.bet", capacity=4))


def display_cards(view: FishFishView, zone: str, seat: int, cards: list[str]) -> list[str]:
    """Picture ids for a zone's cards, from the view's `cards` (each card's owner and attributes):
    a fish tile by its owner's species, a bait by its value, a fishing card as it is."""
    entries = view["cards"][zone][seat]
    if len(entries) != len(cards):  # out of step (cannot happen): no values rather than wrong ones
        entries = [None] * len(cards)
    return [picture(view, card, entry) for card, entry in zip(cards, entries, strict=True)]


@overload
def picture(view: FishFishView, card: str, entry: Mapping[str, Any] | None) -> str: ...
@overload
def picture(view: FishFishView, card: None, entry: Mapping[str, Any] | None) -> None: ...
def picture(view: FishFishView, card: str | None, entry: Mapping[str, Any] | None) -> str | None:
    """A card's picture id: 'fish:<species>' for a tile (it has an owner), 'bait:<value>' for a
    card with a value, else the card id ('back' or None for a hidden card)."""
    if card in (None, "back") or not entry:
        return card
    if entry.get("owner") is not None:
        return f"fish:{species_of(view, entry['owner'])}"
    if entry.get("value") is not None:
        return f"{card}:{entry['value']}"
    return card
