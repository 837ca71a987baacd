"""The Wolf & Hound table: a round board with the four seat positions, the animal cards standing
in front of the seats, and around it each seat's pasture, dark forest and row of played cards.

The viewer sits at the bottom; seats go clockwise from there: left, top, right (the board's
positions follow the same order, so an animal moving clockwise turns clockwise on screen).
The table always has 4 seats; with 2 or 3 players the others are ghosts (their ghost deck is
shown instead of a hand). The viewer's own block sits in the bottom band, left of the hand; the
draw deck lies in the middle of the board. Dropping a number card anywhere on the board (or on
one's own played row) plays it; `skip`, `ghost keep` and `ghost swap` are buttons (keys P, K, X).
Drawing and the drop preview are in wolf_and_hound_view.py; pictures in wolf_and_hound_draw.py.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.engine.actions import Malformed
from game.engine.events import Event, MarkerChanged
from game.games.wolf_and_hound.rules import GHOST_KEEP, GHOST_SWAP, PLAY, SKIP
from game.games.wolf_and_hound.view_types import WolfHoundView
from scenes.layouts import wolf_and_hound_draw as art
from scenes.layouts import wolf_and_hound_view as view_mod
from scenes.layouts.wolf_and_hound_view import draw_board, draw_table
from scenes.table import recipes
from scenes.table.composer import Press
from scenes.table.layout import Layout, TableContext
from scenes.table.regions import (
    ACTIONS,
    AREA,
    FAN,
    HUD,
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


def seat_order(view: WolfHoundView) -> list[int]:
    """The 4 seats clockwise starting with the one shown at the bottom."""
    return recipes.seat_order(SEATS, view.get("seat"))


def is_ghost(view: WolfHoundView, seat: int) -> bool:
    return seat >= view["players"]


def card_height(rect: pygame.Rect, theme: TableTheme) -> int:
    """The number-card height that fits the board, three seat blocks and the hand band."""
    return max(theme.min_card_height, int(min(rect.h / 8.4, rect.w / 13.5)))


def place(view: WolfHoundView, rect: pygame.Rect, theme: TableTheme | None = None) -> Placements:
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
    out.add_hud(hud_h)
    order = seat_order(view)
    me = order[0]

    # bottom band: my block, my hand, the action buttons
    wide = _wide_size(ch, row_h, label_h, gap)
    band_h = max(hand_ch + 2 * gap, wide[1] + gap)
    band = pygame.Rect(rect.x + gap, rect.bottom - band_h, rect.w - 2 * gap, band_h)  # the whole width: the record buttons are in the dock
    _block(out, view, me, band.x, band.bottom - wide[1] - gap // 2, ch, row_h, label_h, gap, small, hand=False)
    buttons_w = int(ch * 2.8)
    out.add(Region(ACTIONS, AREA, pygame.Rect(band.right - buttons_w, band.y + gap, buttons_w, band.h - 2 * gap)))
    hand_x = band.x + wide[0] + 2 * gap
    hand_rect = pygame.Rect(hand_x, band.y, band.right - buttons_w - gap - hand_x, band_h)
    if not is_ghost(view, me):
        out.add(Region(f"hand:{me}", FAN, hand_rect, "hand", me, (hand_cw, hand_ch), "up",
                       label="zone.hand", capacity=5, source=True))
    cap_h = max(label_h, int(ch * 0.5))
    caption = pygame.Rect(rect.x + gap, band.y - gap - cap_h, rect.w - 2 * gap, cap_h)
    out.add_caption(caption)

    # the middle: top block, side blocks, the board
    mid = pygame.Rect(rect.x + gap, rect.y + hud_h + gap, rect.w - 2 * gap, caption.y - gap - rect.y - hud_h - gap)
    _block(out, view, order[2], mid.centerx - wide[0] // 2, mid.y, ch, row_h, label_h, gap, small)
    tall = _tall_size(ch, row_h, label_h, gap)
    board_top = mid.y + wide[1] + gap
    diameter = max(40, min(mid.bottom - board_top, mid.w - 2 * (tall[0] + 2 * gap)))
    board = pygame.Rect(0, 0, diameter, diameter)
    board.midtop = (mid.centerx, board_top)
    side_y = max(board_top, board.centery - tall[1] // 2)
    left_x = max(mid.x, board.x - 2 * gap - tall[0])
    _block(out, view, order[1], left_x, side_y, ch, row_h, label_h, gap, small, tall=True)
    _block(out, view, order[3], min(mid.right - tall[0], board.right + 2 * gap), side_y, ch, row_h, label_h, gap, small, tall=True)
    out.add(Region(BOARD, BOARD, board, "played", me, label="zone.played"))
    radius = diameter // 2
    for k, seat in enumerate(order):
        x, y = recipes.ring_point(board.center, radius * 0.58, math.pi / 2 * (k + 1))  # bottom, left, top, right
        size = int(radius * 0.54)
        spot = pygame.Rect(x - size // 2, y - size // 2, size, size)
        here = sum(1 for a in view.get("animals", []) if a.get("seat") == seat)  # and the animal cards standing there
        spot.unionall_ip(view_mod.animal_rects(board.center, radius, k, here))
        out.add(Region(f"spot:{seat}", AREA, spot, seat=seat))
    deck_size = (int(radius * 0.26), int(radius * 0.26 / theme.card_ratio))
    deck = pygame.Rect((0, 0), deck_size)
    deck.center = board.center
    out.add(Region("deck", STACK, deck, "deck", None, deck_size, "down", label="zone.deck"))
    return out


def _wide_size(ch: int, row_h: int, label_h: int, gap: int) -> tuple[int, int]:
    return int(ch * 1.5) + int(ch * 1.1) + int(ch * 2.4) + int(ch * 0.75) + 4 * gap, label_h + gap + row_h


def _tall_size(ch: int, row_h: int, label_h: int, gap: int) -> tuple[int, int]:
    return int(ch * 1.5) + int(ch * 1.1) + gap, label_h + 2 * gap + 2 * row_h


def _cards_stack(out: Placements, view: WolfHoundView, seat: int, rect: pygame.Rect, small: tuple[int, int]) -> None:
    """Another seat's hidden hand, or a ghost's ghost deck, as a small stack with its count."""
    size = (int(small[0] * 0.8), int(small[1] * 0.8))
    zone = "ghost_deck" if is_ghost(view, seat) else "hand"
    out.add(Region(f"{zone}:{seat}", STACK, rect, zone, seat, size, "down", label=f"zone.{zone}"))


def _block(out: Placements, view: WolfHoundView, seat: int, x: int, y: int, ch: int, row_h: int,
           label_h: int, gap: int, small: tuple[int, int], tall: bool = False, hand: bool = True) -> None:
    """A seat: name plate; pasture and forest; the played row and the hidden hand beside them, or
    below them for the seats at the sides of the board."""
    w = (_tall_size if tall else _wide_size)(ch, row_h, label_h, gap)[0]
    out.add(Region(f"panel:{seat}", PANEL, pygame.Rect(x, y, w, label_h), seat=seat))
    ry = y + label_h + gap
    pw, fw, hw = int(ch * 1.5), int(ch * 1.1), int(ch * 0.75)
    out.add(Region(f"pasture:{seat}", AREA, pygame.Rect(x, ry, pw, row_h), seat=seat, label="zone.pasture"))
    out.add(Region(f"forest:{seat}", AREA, pygame.Rect(x + pw + gap, ry, fw, row_h), seat=seat, label="zone.forest"))
    px, py, rw = (x, ry + row_h + gap, w - hw - gap) if tall else (x + pw + fw + 2 * gap, ry, int(ch * 2.4))
    out.add(Region(f"played:{seat}", FAN, pygame.Rect(px, py, rw, row_h), "played", seat, small, "up",
                   label="zone.played", capacity=3 if tall else 4))
    if hand or is_ghost(view, seat):
        _cards_stack(out, view, seat, pygame.Rect(px + rw + gap, py, hw, row_h), small)


class WolfAndHoundLayout(Layout[WolfHoundView]):
    """The round board with its animals, four seats (ghosts included), the hand at the bottom."""

    game_id = GAME_ID
    setup_moves = ("collect",)  # a round's set-up and clean-up: not marked as a last move
    back_art = "wolf"

    def place(self, view: WolfHoundView, rect: pygame.Rect, theme: TableTheme | None = None) -> Placements:
        return place(view, rect, theme)

    def templates(self, view: WolfHoundView, seat: int) -> list[Any]:
        """The actions that are not a card drag: one button (and key) each."""
        return [Press(GHOST_KEEP.text(), "k"), Press(GHOST_SWAP.text(), "x"), Press(SKIP.text(), "p")]

    def drag_moves(self, view: WolfHoundView, seat: int, legal: list[str]) -> list[DragMove]:
        """Each legal `play <card>` is a drag from the hand onto the board (or one's played row)."""
        plays = ((text, PLAY.parse(text)) for text in legal)
        return [DragMove(fields["card"], "hand", "played", seat, text) for text, fields in plays if not isinstance(fields, Malformed)]

    def intent(self, card: str, from_zone: str, to_zone: str) -> str | None:
        """The action a drag would mean, legal or not (so the engine can say why it is refused)."""
        if from_zone == "hand" and to_zone == "played":
            return PLAY.text(card)
        return None

    def apply_marker(self, view: WolfHoundView, event: MarkerChanged) -> None:
        """Keep a displayed view's animals and sheep in step with the events being animated."""
        value = event.value
        if event.marker == "animal" and isinstance(value, dict):
            for animal in view["animals"]:
                if animal["id"] == value["id"]:
                    animal["seat"] = value["to"]
                    animal["side"] = value["side"]
        elif event.marker == "sheep" and isinstance(value, dict) and event.seat is not None:
            view["sheep"][event.seat] = value["count"]

    def marker_caption(self, event: MarkerChanged) -> tuple[str, dict[str, Any]] | None:
        """Text key and params naming a marker change (the scene shows seats and animals by name)."""
        value = event.value
        if not isinstance(value, dict) or "reason" not in value:
            return None
        params = {k: v for k, v in value.items() if k != "reason"}
        reason = value["reason"]
        if event.marker == "animal":
            params["animal"] = value["id"]
            if reason in ("play", "delayed") and value.get("steps") and value.get("from") == value.get("to"):
                reason = f"{reason}_round"  # a 4 (or 8...) goes all the way round: not "from Hugo to Hugo"
        if event.seat is not None:
            params.setdefault("seat", event.seat)
        return f"marker.{event.marker}.{reason}", params

    def join_markers(self, events: list[Event], event: MarkerChanged) -> bool:
        """The animals one card moves go round together (one step, not one each); a flip, a
        sheep and a second move of the same animal keep their own step."""
        if event.marker != "animal" or not isinstance(event.value, dict):
            return False
        animals = [e for e in events if isinstance(e, MarkerChanged) and e.marker == "animal"]
        if len(animals) != len(events):
            return False
        reason = event.value.get("reason")
        return reason in ("play", "delayed") and all(
            e.value.get("reason") == reason and e.value["id"] != event.value["id"] for e in animals
        )

    def status_line(self, view: WolfHoundView, text: Any) -> str:
        """The HUD line: which game (of a best-of), which turn."""
        game = text("phase.game", number=view["game_number"])
        return f"{game} · {text('phase.turn', number=view['turn'])}"

    def tour_steps(self, view: WolfHoundView) -> list[TourStep]:
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
        steps.append(TourStep((ACTIONS, HUD), "tour.wolf_and_hound.keys"))
        return steps

    def card_face(self, card_art: Any, card: str, size: tuple[int, int]) -> pygame.Surface:
        """A number card as Wolf & Hound draws it."""
        return art.number_card(card_art, card, size)

    def draw_under(self, ctx: TableContext[WolfHoundView], surface: pygame.Surface) -> None:
        draw_board(ctx, surface)

    def draw_table(self, ctx: TableContext[WolfHoundView], surface: pygame.Surface) -> None:
        draw_table(ctx, surface)

    def tooltip(self, ctx: TableContext[WolfHoundView], region: Region, index: int | None) -> list[str]:
        """On the board, the animal card under the pointer: its name, side and rule."""
        if region.name == BOARD and ctx.mouse is not None:
            places = view_mod.animal_places(ctx.view, *view_mod.board_geometry(ctx))
            for animal in ctx.view.get("animals", []):
                rect = places.get(animal["id"])
                if rect is not None and rect.collidepoint(ctx.mouse):
                    key = f"animal.{animal['id']}"
                    return [ctx.text(key), f"{ctx.text('kind.' + animal['kind'])} ({ctx.text('side.' + animal['side'])})",
                            ctx.text(f"{key}.desc")]
            return [ctx.text("zone.board"), ctx.text("zone.board.rule")]
        lines = super().tooltip(ctx, region, index)
        if region.label == "zone.pasture" and region.seat is not None and region.seat < len(ctx.view.get("sheep", [])):
            lines.append(ctx.text("zone.pasture.count", count=ctx.view["sheep"][region.seat]))
        return lines

    def seat_name(self, ctx: TableContext[WolfHoundView], seat: int) -> str:
        """The name of a seat nobody plays (a ghost)."""
        return ctx.tr("wolf_and_hound.ghost_name", ghost=ctx.text("seat.ghost"), number=seat + 1)

    def hint(self, ctx: TableContext[WolfHoundView]) -> str:
        """A card to drop, or (when no card may be played) a button to press."""
        if ctx.legal and not any(a.startswith("play ") for a in ctx.legal):
            return ctx.tr("wolf_and_hound.hint_buttons")
        return ctx.tr("wolf_and_hound.hint_play")

    def drop_hint(self, ctx: TableContext[WolfHoundView]) -> str:
        """Where a number card goes (the board), when it was dropped elsewhere."""
        return ctx.tr("wolf_and_hound.drop_hint")

    def gallery_cards(self, app: Any, rules: Any, size: tuple[int, int]) -> list[pygame.Surface]:
        """Every animal card of the YAML, each side, with its name and description."""
        card_art = self.card_art(app, rules)
        return [art.animal_card(card_art, animal, data[side]["kind"], side, size, detail=True)
                for animal, data in (rules.data.get("animals") or {}).items() for side in ("front", "back") if data.get(side)]

    def option_help(self, app: Any, rules: Any, name: str, choice: Any) -> str | None:
        """An animal card's description next to its tick box."""
        key = f"animal.{choice}.desc"
        return app.game_text(rules, key) if name == "animals" and rules.has_text(key) else None

    def seating_advice(self, app: Any, rules: Any, players: int) -> str | None:
        """With 3 players the most experienced one takes player 2 (alone with the ghost)."""
        if players == 3 and rules.has_text("setup.three_players"):
            return app.game_text(rules, "setup.three_players")
        return None
