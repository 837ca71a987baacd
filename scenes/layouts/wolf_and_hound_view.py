"""What the Wolf & Hound table draws beyond card regions: the board and its animals (moving and
turning over in animation), pastures and forests, team colours and the drop preview.

The drop preview asks the table (`TableContext.preview`: the action played on the acting seat's
own determinization, so no hidden card of the real state is used); the animals' landing places
are read from the events of that turn only (before the next turn starts, so no draw and no ghost
card is shown).
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.engine.events import MarkerChanged, PhaseBegan
from game.games.wolf_and_hound.rules import GHOST_KEEP
from game.games.wolf_and_hound.view_types import AnimalView, WolfHoundView
from scenes.layouts import wolf_and_hound_draw as art
from scenes.table import recipes
from scenes.table.cards import card_shadow
from scenes.table.faces import symbol_look
from scenes.table.layout import TableContext
from scenes.table.painter import ghost

SEATS = 4


def team_colors(ctx: TableContext[WolfHoundView], view: WolfHoundView) -> dict[int, tuple[int, int, int]]:
    out = {}
    for team, seats in view["teams"].items():
        color = ctx.art.color("team_colors", team, (140, 140, 140))
        for seat in seats:
            out[seat] = color
    return out


# ------------------------------------------------------------------------- geometry
def board_geometry(ctx: TableContext[WolfHoundView]) -> tuple[tuple[int, int], int]:
    board = ctx.regions["board"].rect
    return board.center, board.w // 2


def animal_size(radius: int) -> tuple[int, int]:
    h = max(16, int(radius * 0.42))
    return int(h * 0.72), h


def animal_rects(center: tuple[int, int], radius: int, k: int, count: int) -> list[pygame.Rect]:
    """Where `count` animal cards stand at the position shown k steps clockwise from the bottom:
    side by side at the bottom and top, cascading (names visible) at the left and right."""
    w, h = animal_size(radius)
    spot = recipes.ring_point(center, radius * 0.58, math.pi / 2 * (k + 1))
    return recipes.line_of_cards(spot, (w, h), count, radius * 0.92, vertical=k % 2 == 1, spacing=1.06 if k % 2 == 0 else 1.04)


def ring_rect(center: tuple[int, int], radius: int, k: float) -> pygame.Rect:
    """An animal card on its way round the ring, at (fractional) display position k."""
    return recipes.line_of_cards(recipes.ring_point(center, radius * 0.58, math.pi / 2 * (k + 1)), animal_size(radius), 1, 0)[0]


def animal_places(view: WolfHoundView, center: tuple[int, int], radius: int,
                  animals: list[AnimalView] | None = None) -> dict[str, pygame.Rect]:
    """Every animal card's rectangle on the board (by animal id)."""
    order = recipes.seat_order(SEATS, view.get("seat"))
    animals = view["animals"] if animals is None else animals
    out: dict[str, pygame.Rect] = {}
    for k, seat in enumerate(order):
        here = [a for a in animals if a["seat"] == seat]
        for animal, rect in zip(here, animal_rects(center, radius, k, len(here)), strict=True):
            out[animal["id"]] = rect
    return out


# -------------------------------------------------------------------------- preview
def preview(ctx: TableContext[WolfHoundView], action: str) -> dict[str, tuple[int, str]] | None:
    """Each animal's (seat, side) after `action` (None when it is not legal now)."""
    events = ctx.preview(action)
    if events is None:
        return None
    places = {a["id"]: (a["seat"], a["side"]) for a in ctx.view["animals"]}
    for event in events:
        if isinstance(event, PhaseBegan) and event.phase in ("turn", "game"):
            break  # the next turn: its cards and sheep are not this move's doing
        if isinstance(event, MarkerChanged) and event.marker == "animal":
            places[event.value["id"]] = (event.value["to"], event.value["side"])
    return places


def pending_action(ctx: TableContext[WolfHoundView]) -> str | None:
    """The action whose outcome the table previews now: a card dragged over the board (or over
    one's played row), the selected card, or the 'keep' button under the mouse."""
    if ctx.pending is not None:
        return ctx.pending
    hovered = ctx.composer.hovered(ctx) if ctx.composer is not None else None
    return hovered if hovered == GHOST_KEEP.text() else None


# ----------------------------------------------------------------------------- draw
def draw_board(ctx: TableContext[WolfHoundView], surface: pygame.Surface) -> None:
    """The round board, under the card regions (the draw deck lies in its middle)."""
    view = ctx.view
    center, radius = board_geometry(ctx)
    order = recipes.seat_order(SEATS, view.get("seat"))
    font = ctx.app.font(max(9, radius // 9), True)
    labels = {s: font.render(str(s + 1), True, (255, 255, 255)) for s in range(SEATS)}
    spots = [(seat, recipes.ring_point(center, radius * 0.58, math.pi / 2 * (k + 1))) for k, seat in enumerate(order)]
    glow = {view["turn_seat"]} if not view.get("over") else set()
    art.draw_board(surface, center, radius, spots, team_colors(ctx, view), labels, glow)


def draw_table(ctx: TableContext[WolfHoundView], surface: pygame.Surface) -> None:
    """Drawn over the regions and under flying cards."""
    view = ctx.view
    center, radius = board_geometry(ctx)
    step = ctx.step
    moving: list[MarkerChanged] = []
    if step is not None:
        moving = [e for e in step.events if isinstance(e, MarkerChanged)]
    _draw_seats(ctx, surface, view, team_colors(ctx, view), moving)
    if ctx.dragging:
        pygame.draw.circle(surface, (250, 214, 96), center, radius + 4, 3 + int(2 * ((ctx.time * 2) % 1.0)))
    _draw_animals(ctx, surface, view, center, radius, step, moving)
    _draw_preview(ctx, surface, view, center, radius)


def _draw_seats(ctx: TableContext[WolfHoundView], surface: pygame.Surface, view: WolfHoundView, colors: dict[int, tuple[int, int, int]],
                moving: list[MarkerChanged]) -> None:
    regions = ctx.regions
    step = ctx.step
    for seat in range(SEATS):
        panel = regions.get(f"panel:{seat}")
        if panel is None:
            continue
        color = colors.get(seat, (120, 120, 120))
        bar = pygame.Rect(panel.rect.x + 4, panel.rect.bottom - max(2, panel.rect.h // 8), panel.rect.w - 8, max(2, panel.rect.h // 8))
        pygame.draw.rect(surface, color, bar, border_radius=2)  # the team's colour under the name
        _draw_symbol(ctx, surface, regions.get(f"played:{seat}"), view, seat)
        sheep = view["sheep"][seat]
        lost = view["start_sheep"][seat] - sheep
        change = next((e for e in moving if e.marker == "sheep" and e.seat == seat), None)
        pasture, forest = regions.get(f"pasture:{seat}"), regions.get(f"forest:{seat}")
        if pasture is None or forest is None:
            continue
        losing = change is not None and change.value["delta"] < 0
        gaining = change is not None and change.value["delta"] > 0
        capacity = max(1, view["start_sheep"][seat])
        p_spots = art.draw_pasture(surface, pasture.rect, sheep, capacity, hidden=1 if losing else 0)
        trees = ctx.art.picture("tree", art.tree_size(forest.rect))
        f_spots = art.draw_forest(surface, forest.rect, lost, capacity, trees, hidden=1 if gaining else 0)
        if change is not None and step is not None:
            if losing:
                a, b = p_spots[max(0, sheep - 1)], f_spots[min(lost, len(f_spots) - 1)]
            else:
                a, b = f_spots[max(0, lost - 1)], p_spots[min(sheep, len(p_spots) - 1)]
            t = step.progress
            x = a.centerx + (b.centerx - a.centerx) * t
            y = a.centery + (b.centery - a.centery) * t - math.sin(math.pi * t) * pasture.rect.h * 0.6
            art.draw_sheep(surface, (int(x), int(y)), max(a.w, 8), lost=False)


def _draw_symbol(ctx: TableContext[WolfHoundView], surface: pygame.Surface, region: Any, view: WolfHoundView, seat: int) -> None:
    """The meat or bone showing on a seat's last played card (as displayed, so it follows the
    animation; the view's `symbols` says the same once settled): ringed, a larger symbol beside."""
    cards = view["zones"]["played"][seat]
    if region is None or not cards:
        return
    symbol = ((ctx.rules.data.get("cards") or {}).get(cards[-1]) or {}).get("symbol")
    if not symbol:
        return
    last = region.card_rects(len(cards))[-1]
    color = symbol_look(ctx.art.presentation, symbol)[1]
    pygame.draw.rect(surface, color, last.inflate(6, 6), 3, border_radius=max(3, last.w // 9))
    size = max(12, last.w // 2)
    badge = pygame.Rect(0, 0, size, size)
    badge.center = (last.right, last.y + size // 3)
    pygame.draw.circle(surface, (40, 30, 24), badge.center, size // 2 + 2)
    art.draw_symbol(surface, ctx.art, symbol, badge.inflate(-size // 5, -size // 5))


def _draw_animals(ctx: TableContext[WolfHoundView], surface: pygame.Surface, view: WolfHoundView, center: tuple[int, int],
                  radius: int, step: Any, moving: list[MarkerChanged]) -> None:
    size = animal_size(radius)
    animal_moves = {e.value["id"]: e for e in moving if e.marker == "animal" and isinstance(e.value, dict)}
    staying = [a for a in view["animals"] if a["id"] not in animal_moves]
    places = animal_places(view, center, radius, staying)
    for animal in staying:
        img = art.animal_card(ctx.art, animal["id"], animal["kind"], animal["side"], size)
        surface.blit(img, places[animal["id"]])
    order = recipes.seat_order(SEATS, view.get("seat"))
    before = animal_places(view, center, radius)  # where the moving cards stand in their row now
    landed: list[AnimalView] = [{**a, "seat": animal_moves[a["id"]].value["to"]} if a["id"] in animal_moves else a
                                for a in view["animals"]]
    after = animal_places(view, center, radius, landed)  # ... and in the row they arrive in
    for animal in view["animals"]:
        event = animal_moves.get(animal["id"])
        if event is None or step is None:
            continue
        value, t = event.value, step.progress
        k0 = order.index(value["from"])
        if str(value.get("reason", "")).startswith("flip"):  # turning over where it stands
            rect = ring_rect(center, radius, k0)
            shown_side = animal["side"] if t < 0.5 else value["side"]
            kind = animal["kind"] if t < 0.5 else _kind_after(ctx, animal["id"], value["side"], animal["kind"])
            img = art.animal_card(ctx.art, animal["id"], kind, shown_side, size)
            width = max(1, int(size[0] * abs(1 - 2 * t)))
            squeezed = pygame.transform.scale(img, (width, size[1]))
            surface.blit(squeezed, squeezed.get_rect(center=rect.center))
            continue
        k1 = order.index(value["to"])
        travel = value.get("steps", 0) or (k1 - k0) % SEATS
        if (k0 + travel) % SEATS != k1 or abs(travel) > SEATS:  # stopped on the way, or several rounds
            diff = (k1 - k0) % SEATS if travel > 0 else -((k0 - k1) % SEATS)
            travel = diff or int(math.copysign(SEATS, travel))
        ease = t * t * (3 - 2 * t)
        rect = ring_rect(center, radius, k0 + travel * ease)
        start, end = ring_rect(center, radius, k0), ring_rect(center, radius, k1)
        a, b = before[animal["id"]], after[animal["id"]]
        rect.x += round((a.x - start.x) * (1 - ease) + (b.x - end.x) * ease)
        rect.y += round((a.y - start.y) * (1 - ease) + (b.y - end.y) * ease)
        img = art.animal_card(ctx.art, animal["id"], animal["kind"], animal["side"], size)
        card_shadow(surface, rect, (20, 14, 8), (3, 5), max(3, rect.w // 9))
        surface.blit(img, rect.move(0, -int(math.sin(math.pi * t) * rect.h * 0.25)))


def _kind_after(ctx: TableContext[WolfHoundView], animal: str, side: str, default: str) -> str:
    """The kind an animal shows on `side` (from the YAML, for the picture after a flip)."""
    data = (ctx.rules.data.get("animals") or {}).get(animal) or {}
    return (data.get(side) or {}).get("kind", default)


def _draw_preview(ctx: TableContext[WolfHoundView], surface: pygame.Surface, view: WolfHoundView, center: tuple[int, int],
                  radius: int) -> None:
    """Ghost cards where each animal will land, with an arrow from where it stands now."""
    if ctx.busy:
        return
    action = pending_action(ctx)
    if action is None:
        return
    places = preview(ctx, action)
    if places is None:
        return
    after: list[AnimalView] = [{**a, "seat": places[a["id"]][0], "side": places[a["id"]][1]} for a in view["animals"]]
    for animal in after:
        animal["kind"] = _kind_after(ctx, animal["id"], animal["side"], animal["kind"])
    now = animal_places(view, center, radius)
    then = animal_places(view, center, radius, after)
    size = animal_size(radius)
    for animal in after:
        a, b = now[animal["id"]], then[animal["id"]]
        if a == b and animal["side"] == next(x["side"] for x in view["animals"] if x["id"] == animal["id"]):
            continue
        ghost(surface, art.animal_card(ctx.art, animal["id"], animal["kind"], animal["side"], size), b, alpha=150)
        pygame.draw.line(surface, (250, 214, 96), a.center, b.center, 2)
        pygame.draw.circle(surface, (250, 214, 96), b.center, 4)
