"""The Fish Fish table: the pond in the middle with the fisher's line, every seat's block around it.

The viewer sits at the bottom (a wide band with large cards or tiles); the others go clockwise
(seat i -> i+1): up the left side, across the top, down the right side. A seat's block shows its
name plate and its role: the fisher's fishing cards (backs for the others), baits (values are
public) and catch; a fish's tiles in hand and loot board (slots 2/3/4/5). In the pond: the line
(the bait lies on the hidden fishing card), the discard, and one bet spot per fish player placed
on a ring in seat order, with an arrow giving this round's betting direction.

The table's generic scene draws the seat blocks (with `region_cards` naming the species and bait
values); the pond, the viewer's own hand and the bet controls are drawn and handled in
fish_fish_view.py (input in fish_fish_input.py). The displayed view's own fields (bets, bait
values, the catch's owners) follow the animation through `start_move` and `apply_event`.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.engine.events import CardMoved, Event, MarkerChanged, Note, PhaseBegan
from scenes.layouts.fish_fish_input import handle_event  # noqa: F401
from scenes.layouts.fish_fish_view import card_face, draw_table, gallery_cards  # noqa: F401
from scenes.table.regions import (
    FAN,
    PANEL,
    ROW,
    SLOT,
    STACK,
    DragMove,
    Placements,
    Region,
    TableTheme,
    TourStep,
)

GAME_ID = "fish_fish"
AREA = "area"  # a region without an engine zone, drawn by the layout (pond, controls, role tags)
CARD_ART: dict[str, tuple[tuple[str, str], ...]] = {}  # faces are drawn by card_face
MARKER_ART: dict[str, str] = {}
BACK_ART = "fish_fish/back"  # assets/cards/fish_fish/back.svg
RECORDS_W = 130  # the table's record buttons (bottom-left corner) at 1280x720
SPECIES_COUNT = 7  # the box holds 7 species: at 8 players the fisher's species changes hands
FISH_ROLE = ("fish", "loot_2", "loot_3", "loot_4", "loot_5")
FISHER_ROLE = ("fishing", "baits", "caught")
# Moves shown together (the table's animation queue): a bet's tiles, a catch, a payout, discards.
BATCHED_MOVES = ("bet", "catch", "payout", "last_bait", "discard", "new_round", "to_box")
MOVE_SOUNDS = {"bet": "deal", "catch": "capture", "payout": "score", "last_bait": "score"}
DRAWN_BY_LAYOUT = ("line", "bet", "box")  # the pond: drawn by draw_table over the water

# Where the other seats sit, clockwise after the viewer: (side, fraction along that side).
_SPOTS: dict[int, tuple[tuple[str, float], ...]] = {
    1: (("top", 0.5),),
    2: (("top", 0.2), ("top", 0.8)),
    3: (("left", 0.5), ("top", 0.5), ("right", 0.5)),
    4: (("left", 0.5), ("top", 0.25), ("top", 0.75), ("right", 0.5)),
    5: (("left", 0.5), ("top", 0.0), ("top", 0.5), ("top", 1.0), ("right", 0.5)),
    6: (("left", 1.0), ("left", 0.0), ("top", 0.25), ("top", 0.75), ("right", 0.0), ("right", 1.0)),
    7: (("left", 1.0), ("left", 0.0), ("top", 0.0), ("top", 0.5), ("top", 1.0), ("right", 0.0), ("right", 1.0)),
}


def seat_order(view: dict[str, Any]) -> list[int]:
    """Seats clockwise starting with the one shown at the bottom."""
    n = view["players"]
    bottom = view["seat"] if view.get("seat") is not None else 0
    return [(bottom + k) % n for k in range(n)]


def species_of(view: dict[str, Any], seat: int) -> int:
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


def _has(view: dict[str, Any], zone: str, seat: int) -> bool:
    return bool(view["zones"][zone][seat])


def place(view: dict[str, Any], rect: pygame.Rect, theme: TableTheme | None = None) -> Placements:
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
    out.add(Region("hud", PANEL, pygame.Rect(rect.x, rect.y, rect.w, hud_h)))
    order = seat_order(view)

    # the viewer's band at the bottom, right of the record buttons
    scale = max(0.6, min(4.0, rect.w / 1280, rect.h / 720))
    records = int(RECORDS_W * scale)
    hc = int(ch * 1.1)
    band_h = label_h + 2 * gap + hc
    band = pygame.Rect(rect.x + records + gap, rect.bottom - band_h, rect.w - records - 2 * gap, band_h)
    _viewer_band(out, view, order[0], band, ch, gap, label_h, hc, theme)
    cap_h = max(label_h, int(ch * 0.45))
    caption = pygame.Rect(rect.x + gap, band.y - gap - cap_h, rect.w - 2 * gap, cap_h)
    out.add(Region("caption", PANEL, caption))

    # the other seats around the pond
    mid = pygame.Rect(rect.x + gap, rect.y + hud_h + gap, rect.w - 2 * gap, caption.y - gap - rect.y - hud_h - gap)
    spots = _SPOTS[len(order) - 1]
    has_sides = any(side != "top" for side, _ in spots)
    side_top = mid.y + block[1] + gap
    side_span = max(0, mid.bottom - side_top - block[1])
    for seat, (side, frac) in zip(order[1:], spots, strict=True):
        if side == "top":
            x = mid.x + int((mid.w - block[0]) * frac)
            y = mid.y
        else:
            x = mid.x if side == "left" else mid.right - block[0]
            y = side_top + int(side_span * frac)
        _seat_block(out, view, seat, x, y, block, ch, gap, label_h, tile, theme)
    inset = block[0] + 2 * gap if has_sides else 2 * gap
    pond = pygame.Rect(mid.x + inset, side_top, mid.w - 2 * inset, mid.bottom - side_top)
    _pond(out, view, order, pond, ch, gap, theme)
    return out


def _block_size(ch: int, gap: int, label_h: int, theme: TableTheme) -> tuple[int, int]:
    sh = int(ch * 0.72)
    tile = int(ch * 0.5)
    return int(ch * 3.1) + gap, label_h + gap + sh + gap + int(tile * 1.2)


def _seat_block(out: Placements, view: dict[str, Any], seat: int, x: int, y: int, block: tuple[int, int],
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


def _loot(out: Placements, view: dict[str, Any], seat: int, rect: pygame.Rect, tile: int, gap: int, fisher: bool) -> None:
    """The loot board: one slot per value, side by side."""
    slots = view["loot_slots"]
    step = (rect.w + gap // 2) // len(slots)
    for i, value in enumerate(slots):
        zone = f"loot_{value}"
        if fisher and not _has(view, zone, seat):
            continue
        slot = pygame.Rect(rect.x + i * step, rect.y, step - gap // 2, rect.h)
        out.add(Region(f"{zone}:{seat}", ROW, slot, zone, seat, (tile, tile), "up", label=f"zone.{zone}", capacity=4))


def _viewer_band(out: Placements, view: dict[str, Any], me: int, band: pygame.Rect, ch: int, gap: int,
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


def bet_spot_center(pond: pygame.Rect, spot: tuple[int, int], k: int, n: int) -> tuple[int, int]:
    """The centre of the bet spot of the seat shown k steps clockwise from the viewer."""
    rx = max(0, (pond.w - spot[0]) / 2 - 2)
    ry = max(0, (pond.h - spot[1]) / 2 - 2)
    angle = math.pi / 2 + 2 * math.pi * k / n
    return round(pond.centerx + rx * math.cos(angle)), round(pond.centery + ry * math.sin(angle))


def line_rects(region: Region) -> tuple[pygame.Rect, pygame.Rect]:
    """The fishing card on the line and the bait lying over its lower part (value visible)."""
    card = region.card_rects(1)[0]
    bait = card.move(card.w // 3, int(card.h * 0.55))
    return card, bait


def _pond(out: Placements, view: dict[str, Any], order: list[int], pond: pygame.Rect, ch: int, gap: int,
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
        r.center = bet_spot_center(pond, spot, k, n)
        out.add(Region(f"bet:{seat}", ROW, r, "bet", seat, (bt, bt), "up", label="zone.bet", capacity=4))


# ------------------------------------------------------------------------ view hooks
def region_cards(view: dict[str, Any], region: Region, cards: list[str]) -> list[str]:
    """What the generic painter draws in a region: species tiles, baits with their values; nothing
    where fish_fish_view.draw_table draws (the pond, the viewer's own hand)."""
    zone, seat = region.zone, region.seat
    if zone in DRAWN_BY_LAYOUT or seat is None:
        return []
    if seat == view.get("seat") and zone in ("fish", "fishing", "baits"):
        return []
    return display_cards(view, zone, seat, cards)


def display_cards(view: dict[str, Any], zone: str, seat: int, cards: list[str]) -> list[str]:
    """Picture ids for a zone's cards: 'fish:<species>', 'bait:<value>', fishing cards as they are."""
    if zone == "caught":
        owners = list(view["fish_owners"]["caught"][seat])
        owners += [owners[-1] if owners else seat] * (len(cards) - len(owners))
        return [f"fish:{species_of(view, o)}" for o in owners[: len(cards)]]
    if zone in FISH_ROLE or zone == "bet":
        return [f"fish:{species_of(view, seat)}" if c != "back" else c for c in cards]
    values = iter(bait_list(view, zone, seat))
    out = []
    for card in cards:
        if card == "bait":
            value = next(values, None)
            out.append(f"bait:{value}" if value is not None else "bait")
        else:
            out.append(card)
    return out


def bait_list(view: dict[str, Any], zone: str, seat: int) -> list[int]:
    """The values of the baits in a zone, in order (the engine's list also has None for the other
    cards; they go, so that moving baits keep the list aligned with the zone's baits)."""
    table = view.get("bait_values", {}).get(zone)
    if table is None:
        return []
    values = table[seat]
    values[:] = [v for v in values if v is not None]
    return values


def prepare_events(events: list[Event]) -> list[Event]:
    """Show 'the bait is worth N' before the bait flies, so the flying card shows its value."""
    out = list(events)
    for i in range(1, len(out)):
        prev, event = out[i - 1], out[i]
        if isinstance(event, Note) and event.key == "bait" and isinstance(prev, CardMoved) and prev.reason == "bait":
            out[i - 1], out[i] = event, prev
    return out


def start_move(view: dict[str, Any], event: CardMoved) -> str | None:
    """A card starts flying: keep the displayed bait values and catch owners with it, and name
    its picture (a fish's species, a bait's value)."""
    if event.card == "bait":
        src = bait_list(view, event.from_zone, event.from_seat)
        if not src or event.to_seat is None:
            return "bait"
        want = view.get("line_bait") if event.reason == "bait" else None
        value = src.pop(src.index(want) if want in src else 0)
        bait_list(view, event.to_zone, event.to_seat).append(value)
        return f"bait:{value}"
    if event.card == "fish":
        owners = view["fish_owners"]
        if event.from_zone in ("caught", "box"):
            owner = event.actor if event.actor is not None else 0
            pool = owners["box"] if event.from_zone == "box" else owners["caught"][event.from_seat]
            if owner in pool:
                pool.remove(owner)
        else:
            owner = event.from_seat if event.from_seat is not None else 0
        if event.to_zone == "caught":
            owners["caught"][event.to_seat].append(owner)
        return f"fish:{species_of(view, owner)}"
    return event.card


def apply_event(view: dict[str, Any], event: Event) -> None:
    """Keep bets, the line's bait and the line number in step with the animation."""
    if isinstance(event, Note) and event.key == "bait":
        view["line_bait"] = dict(event.params).get("value")
    elif isinstance(event, Note) and event.key == "pass" and event.seat is not None:
        view["bets"][event.seat] = 0
    elif isinstance(event, CardMoved) and event.reason == "bet" and event.actor is not None:
        view["bets"][event.actor] = (view["bets"][event.actor] or 0) + 1
    elif isinstance(event, CardMoved) and event.card == "bait" and event.reason == "discard":
        view["line_bait"] = None
    elif isinstance(event, PhaseBegan) and event.phase == "line":
        view["line"] = event.number
        view["bets"] = [None] * view["players"]
        view["bettor"] = None


def apply_marker(view: dict[str, Any], event: MarkerChanged) -> None:
    """The fisher and the betting direction change at a new round."""
    if event.marker == "fisher":
        view["fisher"] = event.value
    elif event.marker == "direction":
        view["direction"] = event.value
    else:
        return
    n, f = view["players"], view["fisher"]
    step = 1 if view["direction"] == "clockwise" else -1
    view["betting_order"] = [(f + step * i) % n for i in range(1, n)]


def marker_caption(event: MarkerChanged) -> tuple[str, dict[str, Any]] | None:
    if event.marker == "fisher":
        return "marker.fisher_to", {"seat": event.value}
    if event.marker == "direction":
        return f"marker.direction_{event.value}", {}
    return None


def drag_moves(view: dict[str, Any], seat: int, legal: list[str]) -> list[DragMove]:
    """Nothing for the generic hand: a line takes two drops and a bet a count (fish_fish_input)."""
    return []


def intent(card: str, from_zone: str, to_zone: str) -> str | None:
    return None


def status_line(view: dict[str, Any], text: Any) -> str:
    """The HUD line: round of rounds, line of lines."""
    rnd = text("phase.round", number=view["round"])
    line = text("phase.line", number=view["line"])
    return f"{rnd}/{view['rounds']} · {line}/{view['lines']}"


def tour_steps(view: dict[str, Any]) -> list[TourStep]:
    """The guided tour, for the viewer's role (fisher or fish) at this moment."""
    order = seat_order(view)
    me, fisher = order[0], view["fisher"]
    other = next((s for s in order[1:] if s != fisher), order[1])
    steps = [TourStep(("pond", f"line:{fisher}"), "tour.fish_fish.line")]
    if me == fisher:
        steps += [
            TourStep((f"fishing:{me}", f"baits:{me}"), "tour.fish_fish.fisher_hand"),
            TourStep((f"caught:{me}",), "tour.fish_fish.caught"),
            TourStep(tuple(f"bet:{s}" for s in order if s != fisher), "tour.fish_fish.bets"),
        ]
    else:
        steps += [
            TourStep((f"fish:{me}", "controls"), "tour.fish_fish.fish_hand"),
            TourStep((f"bet:{me}",), "tour.fish_fish.bet"),
            TourStep(tuple(f"loot_{v}:{me}" for v in view["loot_slots"]), "tour.fish_fish.loot"),
            TourStep((f"panel:{fisher}", f"fishing:{fisher}", f"baits:{fisher}"), "tour.fish_fish.fisher"),
            TourStep((f"caught:{fisher}",), "tour.fish_fish.caught"),
        ]
    steps += [
        TourStep(("order",), "tour.fish_fish.order"),
        TourStep((f"discard:{fisher}",), "tour.fish_fish.discard"),
        TourStep((f"panel:{other}", f"tag:{other}", f"fish:{other}"), "tour.fish_fish.others"),
        TourStep(("hud",), "tour.fish_fish.keys"),
    ]
    return steps


def hint(scene: Any) -> str:
    """Scene hook: the HUD's help line while the viewer must act."""
    view = scene.view
    return scene.app.tr("fish_fish.hint_fisher" if view["fisher"] == view["seat"] else "fish_fish.hint_fish")
