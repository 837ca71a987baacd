"""The Jagdfieber table: a hunting lodge per seat around the table, the viewer's hand at the bottom.

Each seat's group, seen from that player: the play zone toward the centre of the table, the prey
pile left of the lodge, the easy prey right of it, the hunters peeking from under the lodge, the
start card beside the play zone. Seats go clockwise (seat i -> i+1) from the viewer at the bottom:
left, across the top, right.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Malformed
from game.engine.events import MarkerChanged
from game.games.jagdfieber.rules import PLAY
from game.games.jagdfieber.view_types import JagdfieberView
from scenes.table import recipes
from scenes.table.cards import BRASS, INK
from scenes.table.layout import Layout
from scenes.table.regions import (
    FAN,
    HUD,
    MARKER,
    PANEL,
    SLOT,
    STACK,
    DragMove,
    Placements,
    Region,
    TableTheme,
    TourStep,
)

GAME_ID = "jagdfieber"

# Opponent positions by player count, clockwise after the viewer: (row, horizontal fraction).
_SPOTS = {
    3: (("top", 0.27), ("top", 0.73)),
    4: (("mid", 0.0), ("top", 0.5), ("mid", 1.0)),
    5: (("mid", 0.0), ("top", 0.3), ("top", 0.7), ("mid", 1.0)),
}


def seat_order(view: JagdfieberView) -> list[int]:
    """Seats clockwise starting with the one shown at the bottom."""
    return recipes.seat_order(view["players"], view["seat"])


def card_height(rect: pygame.Rect, theme: TableTheme) -> int:
    """The table card height that fits two rows of lodges, the captions and the hand."""
    return max(theme.min_card_height, int(min(rect.h / 7.5, rect.w / 8.4 * 0.7 / theme.card_ratio)))


def place(view: JagdfieberView, rect: pygame.Rect, theme: TableTheme | None = None) -> Placements:
    """Every region of the Jagdfieber table for `view` inside `rect` (pure; no display needed)."""
    theme = theme or TableTheme()
    rect = pygame.Rect(rect)
    ch = card_height(rect, theme)
    cw = int(ch * theme.card_ratio)
    gap = max(3, int(ch * theme.gap))
    label_h = int(ch * 0.3)
    hud_h = int(ch * 0.34)
    group_w = 3 * cw + 2 * gap
    group_h = label_h + 2 * gap + 2 * ch
    hand_ch = int(ch * 1.25)
    hand_cw = int(hand_ch * theme.card_ratio)
    hand_h = hand_ch + 2 * gap
    out = Placements(rect, card_size=(cw, ch), hand_card_size=(hand_cw, hand_ch))

    out.add_hud(hud_h)
    top_y = rect.y + hud_h + gap
    mid_y = rect.bottom - hand_h - gap - group_h
    out.add_caption(pygame.Rect(rect.x + gap, top_y + group_h + gap,
                                rect.w - 2 * gap, max(label_h, mid_y - top_y - group_h - 2 * gap)))
    order = seat_order(view)
    bottom = order[0]
    margin = gap * 2
    spots = _SPOTS[len(order)]
    _group(out, view, bottom, rect.centerx - group_w // 2, mid_y, cw, ch, gap, label_h, toward="up")
    for seat, (row, frac) in zip(order[1:], spots, strict=True):
        span = rect.w - 2 * margin - group_w
        x = rect.x + margin + int(span * frac)
        y = top_y if row == "top" else mid_y
        _group(out, view, seat, x, y, cw, ch, gap, label_h, toward="down")
    hand_rect = pygame.Rect(rect.x + margin, rect.bottom - hand_h, rect.w - 2 * margin, hand_h)
    out.add(Region(f"hand:{bottom}", FAN, hand_rect, "hand", bottom, (hand_cw, hand_ch), "up",
                   label="zone.hand", capacity=10, source=True))
    return out


def _group(out: Placements, view: JagdfieberView, seat: int, x: int, y: int, cw: int, ch: int,
           gap: int, label_h: int, toward: str) -> None:
    """One seat: name panel, then lodge row and play row (the play row toward the centre)."""
    group_w = 3 * cw + 2 * gap
    out.add(Region(f"panel:{seat}", PANEL, pygame.Rect(x, y, group_w, label_h), seat=seat))
    first = y + label_h + gap
    second = first + ch + gap
    lodge_y, play_y = (second, first) if toward == "up" else (first, second)
    cols = [x, x + cw + gap, x + 2 * (cw + gap)]
    size = (cw, ch)
    out.add(Region(f"prey_pile:{seat}", STACK, pygame.Rect(cols[0], lodge_y, cw, ch), "prey_pile", seat,
                   size, "down", label="zone.prey_pile"))
    lodge_h = int(ch * 0.72)
    out.add(Region(f"lodge:{seat}", MARKER, pygame.Rect(cols[1], lodge_y, cw, lodge_h), seat=seat,
                   card_size=(cw, lodge_h), marker="lodge", value=view["lodges"][seat], label="marker.lodge"))
    out.add(Region(f"under_lodge:{seat}", SLOT, pygame.Rect(cols[1], lodge_y + lodge_h, cw, ch - lodge_h),
                   "under_lodge", seat, size, "up", label="zone.under_lodge", clip=True))
    out.add(Region(f"easy_prey:{seat}", FAN, pygame.Rect(cols[2], lodge_y, cw, ch), "easy_prey", seat,
                   size, "up", label="zone.easy_prey", capacity=2))
    out.add(Region(f"play:{seat}", SLOT, pygame.Rect(cols[1], play_y, cw, ch), "play", seat, size, "up",
                   label="zone.play"))
    start_size = (int(cw * 0.8), int(ch * 0.56))
    start_rect = pygame.Rect((0, 0), start_size)
    start_rect.center = (cols[0] + cw // 2, play_y + ch // 2)
    if view["start_seat"] == seat:
        out.add(Region("start_card", MARKER, start_rect, seat=seat, card_size=start_size,
                       marker="start_card", label="marker.start_card"))
    if toward == "down":
        out.add(Region(f"hand:{seat}", STACK, pygame.Rect(cols[2], play_y, cw, ch), "hand", seat,
                       (int(cw * 0.7), int(ch * 0.7)), "down", label="zone.hand"))


def drag_moves(view: JagdfieberView, seat: int, legal: list[str]) -> list[DragMove]:
    """Each legal `play <card>` is a drag from the seat's hand to its play zone."""
    moves = []
    for text in legal:
        fields = PLAY.parse(text)
        if not isinstance(fields, Malformed):
            moves.append(DragMove(fields["card"], "hand", "play", seat, text))
    return moves


def intent(card: str, from_zone: str, to_zone: str) -> str | None:
    """The action a drag would mean, legal or not (so the engine can say why it is refused)."""
    if from_zone == "hand" and to_zone == "play":
        return PLAY.text(card)
    return None


def apply_marker(view: JagdfieberView, event: MarkerChanged) -> None:
    """Keep a displayed view's markers in step with the events being animated."""
    if event.marker == "lodge" and event.seat is not None:
        view["lodges"][event.seat] = event.value
    elif event.marker == "start_card":
        view["start_seat"] = event.value


def marker_caption(event: MarkerChanged) -> tuple[str, dict[str, Any]] | None:
    """Text key and seat parameter naming a marker change."""
    if event.marker == "lodge":
        return ("marker.lodge_four" if event.value == "four" else "marker.lodge_plain"), {"seat": event.seat}
    if event.marker == "start_card":
        return "marker.start_card_to", {"seat": event.value}
    return None


def status_line(view: JagdfieberView, text: Any) -> str:
    """The HUD line: which day of how many, which round (`text(key, **params)` = game text)."""
    day = text("phase.day", number=view["day"])
    return f"{day}/{view['days']} · {text('phase.round', number=view['round'])}"


def tour_steps(view: JagdfieberView) -> list[TourStep]:
    """The guided tour of the table, from the viewer's own lodge outward."""
    me = seat_order(view)[0]
    other = seat_order(view)[1]
    return [
        TourStep((f"hand:{me}",), "tour.jagdfieber.hand"),
        TourStep((f"play:{me}",), "tour.jagdfieber.play"),
        TourStep((f"lodge:{me}", f"under_lodge:{me}"), "tour.jagdfieber.lodge"),
        TourStep((f"easy_prey:{me}",), "tour.jagdfieber.easy_prey"),
        TourStep((f"prey_pile:{me}",), "tour.jagdfieber.prey_pile"),
        TourStep(("start_card",), "tour.jagdfieber.start_card"),
        TourStep((f"panel:{other}", f"play:{other}", f"easy_prey:{other}"), "tour.jagdfieber.others"),
        TourStep((HUD,), "tour.jagdfieber.keys"),
    ]


class JagdfieberLayout(Layout[JagdfieberView]):
    """The lodges around the table; faces and badges come from the YAML's `presentation:`."""

    game_id = GAME_ID
    back_art = "tree"
    marker_art = {"lodge": "lodge", "start_card": "start"}
    setup_moves = ("new_day",)  # a round's set-up and clean-up: not marked as a last move
    choice_moves = ("choose",)
    take_moves = ("hunter_takes", "wolf_takes", "rabbit_takes", "under_lodge")
    batched_moves = ("closed_season", "easy_prey_to_pile", "to_easy_prey", "day_end_pile", "new_day")
    quiet_moves = ("new_day", "choose")
    joined_markers = ("lodge",)
    flying_markers = ("start_card",)  # the start card slides to its new seat
    phase_steps = {"reveal": "reveal", "day": "chapter"}
    tally_zones = ("prey_pile",)  # turned face up at the end of a day and counted (YAML: zones)
    tally_keep_clear = ("hand", "lodge")  # the day's score counts the cards in hand and the lodge's "4"

    def place(self, view: JagdfieberView, rect: pygame.Rect, theme: TableTheme | None = None) -> Placements:
        return place(view, rect, theme)

    def drag_moves(self, view: JagdfieberView, seat: int, legal: list[str]) -> list[DragMove]:
        return drag_moves(view, seat, legal)

    def intent(self, card: str, from_zone: str, to_zone: str) -> str | None:
        return intent(card, from_zone, to_zone)

    def apply_marker(self, view: JagdfieberView, event: MarkerChanged) -> None:
        apply_marker(view, event)

    def marker_caption(self, event: MarkerChanged) -> tuple[str, dict[str, Any]] | None:
        return marker_caption(event)

    def status_line(self, view: JagdfieberView, text: Any) -> str:
        return status_line(view, text)

    def tour_steps(self, view: JagdfieberView) -> list[TourStep]:
        return tour_steps(view)

    def marker_face(self, art: Any, marker: str, value: Any, size: tuple[int, int]) -> pygame.Surface | None:
        """A lodge that has taken four of a kind: brass rim and a "4" badge."""
        if value != "four":
            return None
        surf = art.wood_marker(marker, size, base=(150, 112, 60), rim=BRASS)
        w, h = surf.get_size()
        r = int(min(w, h) * 0.24)
        center = (w - r - 3, r + 3)
        pygame.draw.circle(surf, BRASS, center, r)
        pygame.draw.circle(surf, INK, center, r, max(1, r // 6))
        img = art.app.font(int(r * 1.5), bold=True).render("4", True, INK)
        surf.blit(img, img.get_rect(center=center))
        return surf
