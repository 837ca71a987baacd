"""The Wolf & Hound table: a round board with the four seat positions, the animal cards standing
in front of the seats, and around it each seat's pasture, dark forest and row of played cards.

The viewer sits at the bottom; seats go clockwise from there: left, top, right (the board's
positions follow the same order, so an animal moving clockwise turns clockwise on screen).
The table always has 4 seats; with 2 or 3 players the others are ghosts (their ghost deck is
shown instead of a hand). The viewer's own block sits in the bottom band, left of the hand; the
draw deck lies in the middle of the board. Dropping a number card anywhere on the board (or on
one's own played row) plays it. Drawing, the drop preview and the action buttons are in
scenes/layouts/wolf_and_hound_view.py; pictures in wolf_and_hound_draw.py.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.engine.events import MarkerChanged
from scenes.layouts.wolf_and_hound_view import (  # noqa: F401
    card_face,
    draw_table,
    drop_hint,
    gallery_cards,
    handle_event,
    hint,
    join_markers,
    option_help,
    seat_name,
    seating_advice,
)
from scenes.table.regions import (
    FAN,
    PANEL,
    STACK,
    DragMove,
    Placements,
    Region,
    TableTheme,
    TourStep,
)

GAME_ID = "wolf_and_hound"
SEATS = 4
BOARD = "board"  # a zone region the layout draws itself: a drop target with no card slots
AREA = "area"  # a region with no engine zone, drawn by the layout (pasture, forest, buttons)

CARD_ART: dict[str, tuple[tuple[str, str], ...]] = {}  # number cards are drawn by card_face
MARKER_ART: dict[str, str] = {}
BACK_ART = "wolf"

# Each displayed position's angle on the board (screen radians, y down): bottom, left, top, right.
RECORDS_W = 130  # the table's record buttons (bottom-left corner) at 1280x720
ANGLES = (math.pi / 2, math.pi, 3 * math.pi / 2, 2 * math.pi)


def seat_order(view: dict[str, Any]) -> list[int]:
    """The 4 seats clockwise starting with the one shown at the bottom."""
    bottom = view["seat"] if view.get("seat") is not None else 0
    return [(bottom + k) % SEATS for k in range(SEATS)]


def is_ghost(view: dict[str, Any], seat: int) -> bool:
    return seat >= view["players"]


def card_height(rect: pygame.Rect, theme: TableTheme) -> int:
    """The number-card height that fits the board, three seat blocks and the hand band."""
    return max(theme.min_card_height, int(min(rect.h / 8.4, rect.w / 13.5)))


def place(view: dict[str, Any], rect: pygame.Rect, theme: TableTheme | None = None) -> Placements:
    """Every region of the Wolf & Hound table for `view` inside `rect` (pure; no display needed)."""
    theme = theme or TableTheme()
    rect = pygame.Rect(rect)
    ch = card_height(rect, theme)
    gap = max(3, int(ch * theme.gap))
    label_h = max(12, int(ch * 0.3))
    hud_h = max(16, int(ch * 0.34))
    hand_ch = int(ch * 1.2)
    hand_cw = int(hand_ch * theme.card_ratio)
    row_h = int(ch * 0.85)  # played rows, pastures and forests
    small = (int(row_h * theme.card_ratio), row_h)
    out = Placements(rect, card_size=small, hand_card_size=(hand_cw, hand_ch))
    out.add(Region("hud", PANEL, pygame.Rect(rect.x, rect.y, rect.w, hud_h)))
    order = seat_order(view)
    me = order[0]

    # bottom band: my block, my hand, the action buttons
    wide = _wide_size(ch, row_h, label_h, gap)
    band_h = max(hand_ch + 2 * gap, wide[1] + gap)
    records = int(max(0.6, min(4.0, rect.w / 1280, rect.h / 720)) * RECORDS_W)  # undo/redo/log buttons
    band = pygame.Rect(rect.x + gap + records, rect.bottom - band_h, rect.w - 2 * gap - records, band_h)
    _block_wide(out, view, me, band.x, band.bottom - wide[1] - gap // 2, ch, row_h, label_h, gap, small, hand=False)
    buttons_w = int(ch * 2.8)
    out.add(Region("actions", AREA, pygame.Rect(band.right - buttons_w, band.y + gap, buttons_w, band.h - 2 * gap)))
    hand_x = band.x + wide[0] + 2 * gap
    hand_rect = pygame.Rect(hand_x, band.y, band.right - buttons_w - gap - hand_x, band_h)
    if not is_ghost(view, me):
        out.add(Region(f"hand:{me}", FAN, hand_rect, "hand", me, (hand_cw, hand_ch), "up",
                       label="zone.hand", capacity=5, source=True))
    cap_h = max(label_h, int(ch * 0.5))
    caption = pygame.Rect(rect.x + gap, band.y - gap - cap_h, rect.w - 2 * gap, cap_h)
    out.add(Region("caption", PANEL, caption))

    # the middle: top block, side blocks, the board
    mid = pygame.Rect(rect.x + gap, rect.y + hud_h + gap, rect.w - 2 * gap, caption.y - gap - rect.y - hud_h - gap)
    _block_wide(out, view, order[2], mid.centerx - wide[0] // 2, mid.y, ch, row_h, label_h, gap, small, hand=True)
    tall = _tall_size(ch, row_h, label_h, gap)
    board_top = mid.y + wide[1] + gap
    diameter = max(40, min(mid.bottom - board_top, mid.w - 2 * (tall[0] + 2 * gap)))
    board = pygame.Rect(0, 0, diameter, diameter)
    board.midtop = (mid.centerx, board_top)
    side_y = max(board_top, board.centery - tall[1] // 2)
    left_x = max(mid.x, board.x - 2 * gap - tall[0])
    _block_tall(out, view, order[1], left_x, side_y, ch, row_h, label_h, gap, small)
    _block_tall(out, view, order[3], min(mid.right - tall[0], board.right + 2 * gap), side_y, ch, row_h, label_h, gap, small)
    out.add(Region(BOARD, BOARD, board, "played", me, label="zone.played"))
    radius = diameter // 2
    for k, seat in enumerate(order):
        x, y = spot_center(board.center, radius, k)
        size = int(radius * 0.54)
        out.add(Region(f"spot:{seat}", AREA, pygame.Rect(x - size // 2, y - size // 2, size, size), seat=seat))
    deck_size = (int(radius * 0.26), int(radius * 0.26 / theme.card_ratio))
    deck = pygame.Rect((0, 0), deck_size)
    deck.center = board.center
    out.add(Region("deck", STACK, deck, "deck", None, deck_size, "down", label="zone.deck"))
    return out


def spot_center(center: tuple[int, int], radius: int, k: int) -> tuple[int, int]:
    """The centre of the board position shown k steps clockwise from the bottom."""
    angle = ANGLES[k % SEATS]
    return int(center[0] + math.cos(angle) * radius * 0.58), int(center[1] + math.sin(angle) * radius * 0.58)


def _wide_size(ch: int, row_h: int, label_h: int, gap: int) -> tuple[int, int]:
    return int(ch * 1.5) + int(ch * 1.1) + int(ch * 2.4) + int(ch * 0.75) + 4 * gap, label_h + gap + row_h


def _tall_size(ch: int, row_h: int, label_h: int, gap: int) -> tuple[int, int]:
    return int(ch * 1.5) + int(ch * 1.1) + gap, label_h + 2 * gap + 2 * row_h


def _seat_regions(out: Placements, view: dict[str, Any], seat: int, panel: pygame.Rect) -> None:
    if is_ghost(view, seat):
        out.add(Region(f"panel:{seat}", AREA, panel, seat=seat))
    else:
        out.add(Region(f"panel:{seat}", PANEL, panel, seat=seat))


def _cards_stack(out: Placements, view: dict[str, Any], seat: int, rect: pygame.Rect, small: tuple[int, int]) -> None:
    """Another seat's hidden hand, or a ghost's ghost deck, as a small stack with its count."""
    size = (int(small[0] * 0.8), int(small[1] * 0.8))
    zone = "ghost_deck" if is_ghost(view, seat) else "hand"
    out.add(Region(f"{zone}:{seat}", STACK, rect, zone, seat, size, "down", label=f"zone.{zone}"))


def _block_wide(out: Placements, view: dict[str, Any], seat: int, x: int, y: int, ch: int, row_h: int,
                label_h: int, gap: int, small: tuple[int, int], hand: bool) -> None:
    """A seat in one row: name plate above; pasture, forest, played row (and hidden hand)."""
    w, _ = _wide_size(ch, row_h, label_h, gap)
    _seat_regions(out, view, seat, pygame.Rect(x, y, w, label_h))
    ry = y + label_h + gap
    pw, fw, rw, hw = int(ch * 1.5), int(ch * 1.1), int(ch * 2.4), int(ch * 0.75)
    out.add(Region(f"pasture:{seat}", AREA, pygame.Rect(x, ry, pw, row_h), seat=seat))
    out.add(Region(f"forest:{seat}", AREA, pygame.Rect(x + pw + gap, ry, fw, row_h), seat=seat))
    out.add(Region(f"played:{seat}", FAN, pygame.Rect(x + pw + fw + 2 * gap, ry, rw, row_h), "played", seat,
                   small, "up", label="zone.played", capacity=4))
    if hand or is_ghost(view, seat):
        _cards_stack(out, view, seat, pygame.Rect(x + pw + fw + rw + 3 * gap, ry, hw, row_h), small)


def _block_tall(out: Placements, view: dict[str, Any], seat: int, x: int, y: int, ch: int, row_h: int,
                label_h: int, gap: int, small: tuple[int, int]) -> None:
    """A side seat: name plate; pasture and forest; played row and hidden hand below."""
    w, _ = _tall_size(ch, row_h, label_h, gap)
    _seat_regions(out, view, seat, pygame.Rect(x, y, w, label_h))
    ry = y + label_h + gap
    pw, fw = int(ch * 1.5), int(ch * 1.1)
    out.add(Region(f"pasture:{seat}", AREA, pygame.Rect(x, ry, pw, row_h), seat=seat))
    out.add(Region(f"forest:{seat}", AREA, pygame.Rect(x + pw + gap, ry, fw, row_h), seat=seat))
    ry2 = ry + row_h + gap
    hw = int(ch * 0.75)
    out.add(Region(f"played:{seat}", FAN, pygame.Rect(x, ry2, w - hw - gap, row_h), "played", seat, small, "up",
                   label="zone.played", capacity=3))
    _cards_stack(out, view, seat, pygame.Rect(x + w - hw, ry2, hw, row_h), small)


# ------------------------------------------------------------------------- drags and markers
def drag_moves(view: dict[str, Any], seat: int, legal: list[str]) -> list[DragMove]:
    """Each legal `play <card>` is a drag from the hand onto the board (or one's played row)."""
    return [DragMove(text[5:], "hand", "played", seat, text) for text in legal if text.startswith("play ")]


def intent(card: str, from_zone: str, to_zone: str) -> str | None:
    """The action a drag would mean, legal or not (so the engine can say why it is refused)."""
    if from_zone == "hand" and to_zone == "played":
        return f"play {card}"
    return None


def apply_marker(view: dict[str, Any], event: MarkerChanged) -> None:
    """Keep a displayed view's animals and sheep in step with the events being animated."""
    value = event.value
    if event.marker == "animal" and isinstance(value, dict):
        for animal in view["animals"]:
            if animal["id"] == value["id"]:
                animal["seat"] = value["to"]
                animal["side"] = value["side"]
    elif event.marker == "sheep" and isinstance(value, dict) and event.seat is not None:
        view["sheep"][event.seat] = value["count"]


def marker_caption(event: MarkerChanged) -> tuple[str, dict[str, Any]] | None:
    """Text key and params naming a marker change (the scene shows seats and animals by name)."""
    value = event.value
    if not isinstance(value, dict) or "reason" not in value:
        return None
    params = {k: v for k, v in value.items() if k != "reason"}
    if event.marker == "animal":
        params["animal"] = value["id"]
    if event.seat is not None:
        params.setdefault("seat", event.seat)
    return f"marker.{event.marker}.{value['reason']}", params


def status_line(view: dict[str, Any], text: Any) -> str:
    """The HUD line: which game (of a best-of), which turn."""
    game = text("phase.game", number=view["game_number"])
    return f"{game} · {text('phase.turn', number=view['turn'])}"


def tour_steps(view: dict[str, Any]) -> list[TourStep]:
    """The guided tour of the table, from the viewer's hand to the board and the other seats."""
    order = seat_order(view)
    me, left, partner = order[0], order[1], order[2]
    steps = [
        TourStep((BOARD,), "tour.wolf_and_hound.board"),
        TourStep((f"spot:{me}",), "tour.wolf_and_hound.spot"),
        TourStep((f"pasture:{me}", f"forest:{me}"), "tour.wolf_and_hound.pasture"),
        TourStep((f"hand:{me}",), "tour.wolf_and_hound.hand"),
        TourStep((f"played:{me}",), "tour.wolf_and_hound.played"),
        TourStep(("deck",), "tour.wolf_and_hound.deck"),
        TourStep((f"panel:{partner}", f"panel:{me}"), "tour.wolf_and_hound.teams"),
        TourStep((f"panel:{left}", f"pasture:{left}", f"played:{left}"), "tour.wolf_and_hound.others"),
    ]
    if view["ghosts"]:
        steps.append(TourStep(tuple(f"panel:{g}" for g in view["ghosts"]), "tour.wolf_and_hound.ghosts"))
    steps.append(TourStep(("actions", "hud"), "tour.wolf_and_hound.keys"))
    return steps
