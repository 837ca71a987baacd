"""What the Wolf & Hound table draws beyond card regions: the board and its animals (moving and
turning over in animation), pastures and forests, team colours, the drop preview, and the
buttons for `skip`, `ghost keep` and `ghost swap` (with keys P, K and X).

The drop preview asks the engine: the acting seat's own determinization (so no hidden card of the
real state is used) plays the card on a clone, and the animals' landing places are read from the
events of that turn only (before the next turn starts, so no draw and no ghost card is shown).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.errors import IllegalAction
from game.engine.events import MarkerChanged, PhaseBegan
from game.engine.rng import Rng
from scenes.layouts import wolf_and_hound_draw as art
from scenes.ui import theme
from scenes.ui.text import fit_text, wrap_text

if TYPE_CHECKING:
    from scenes.table.scene import TableScene

SEATS = 4
BUTTON_KEYS = {"skip": pygame.K_p, "ghost keep": pygame.K_k, "ghost swap": pygame.K_x}
KEY_LABELS = {"skip": "P", "ghost keep": "K", "ghost swap": "X"}
_previews: dict[tuple[Any, ...], dict[str, tuple[int, str]]] = {}


# ------------------------------------------------------------------------------- hooks
def card_face(card_art: Any, card: str, size: tuple[int, int]) -> pygame.Surface:
    """CardArt hook: a number card as Wolf & Hound draws it."""
    return art.number_card(card_art.app, card_art.rules, card, size)


def seat_name(scene: TableScene, seat: int) -> str:
    """Scene hook: the name of a seat nobody plays (a ghost)."""
    return scene.app.tr("wolf_and_hound.ghost_name", ghost=scene.game_text("seat.ghost"), number=seat + 1)


def _order(view: dict[str, Any]) -> list[int]:
    bottom = view["seat"] if view.get("seat") is not None else 0
    return [(bottom + k) % SEATS for k in range(SEATS)]


def team_colors(scene: TableScene, view: dict[str, Any]) -> dict[int, tuple[int, int, int]]:
    out = {}
    for team, seats in view["teams"].items():
        color = art.presentation_color(scene.rules, "team_colors", team, (140, 140, 140))
        for seat in seats:
            out[seat] = color
    return out


# ------------------------------------------------------------------------- geometry
def board_geometry(scene: TableScene) -> tuple[tuple[int, int], int]:
    board = scene.placements.regions["board"].rect
    return board.center, board.w // 2


def animal_size(radius: int) -> tuple[int, int]:
    h = max(16, int(radius * 0.42))
    return int(h * 0.72), h


def animal_rects(center: tuple[int, int], radius: int, k: int, count: int) -> list[pygame.Rect]:
    """Where `count` animal cards stand at the position shown k steps clockwise from the bottom:
    side by side at the bottom and top, cascading (names visible) at the left and right."""
    w, h = animal_size(radius)
    angle = math.pi / 2 * (k + 1)
    sx, sy = center[0] + math.cos(angle) * radius * 0.58, center[1] + math.sin(angle) * radius * 0.58
    span = radius * 0.92
    out = []
    if k % 2 == 0:
        step = w * 1.06 if count < 2 else min(w * 1.06, (span - w) / (count - 1))
        x0 = sx - (w + step * (count - 1)) / 2
        for i in range(count):
            out.append(pygame.Rect(round(x0 + step * i), round(sy - h / 2), w, h))
    else:
        step = h * 1.04 if count < 2 else min(h * 1.04, (span - h) / (count - 1))
        y0 = sy - (h + step * (count - 1)) / 2
        for i in range(count):
            out.append(pygame.Rect(round(sx - w / 2), round(y0 + step * i), w, h))
    return out


def ring_rect(center: tuple[int, int], radius: int, k: float) -> pygame.Rect:
    """An animal card on its way round the ring, at (fractional) display position k."""
    w, h = animal_size(radius)
    angle = math.pi / 2 * (k + 1)
    x, y = center[0] + math.cos(angle) * radius * 0.58, center[1] + math.sin(angle) * radius * 0.58
    return pygame.Rect(round(x - w / 2), round(y - h / 2), w, h)


def animal_places(view: dict[str, Any], center: tuple[int, int], radius: int,
                  animals: list[dict[str, Any]] | None = None) -> dict[str, pygame.Rect]:
    """Every animal card's rectangle on the board (by animal id)."""
    order = _order(view)
    animals = view["animals"] if animals is None else animals
    out: dict[str, pygame.Rect] = {}
    for k, seat in enumerate(order):
        here = [a for a in animals if a["seat"] == seat]
        for animal, rect in zip(here, animal_rects(center, radius, k, len(here)), strict=True):
            out[animal["id"]] = rect
    return out


# -------------------------------------------------------------------------- preview
def preview(scene: TableScene, action: str) -> dict[str, tuple[int, str]] | None:
    """Each animal's (seat, side) after `action`, as the engine computes it on the acting seat's
    own determinization; None when the action is not legal now."""
    seat = scene.active_seat()
    if seat is None:
        return None
    match = scene.match
    board = tuple((a["id"], a["seat"], a["side"]) for a in scene.view["animals"])
    key = (id(match.state), len(match.history), seat, action, board)
    if key in _previews:
        return _previews[key]
    state = match.state.determinize(seat, Rng(len(match.history) + 1))
    try:
        parsed = scene.rules.parse_action(state, seat, action)
        events = state.apply(seat, parsed)
    except IllegalAction:
        return None
    places = {a["id"]: (a["seat"], a["side"]) for a in scene.view["animals"]}
    for event in events:
        if isinstance(event, PhaseBegan) and event.phase in ("turn", "game"):
            break  # the next turn: its cards and sheep are not this move's doing
        if isinstance(event, MarkerChanged) and event.marker == "animal":
            places[event.value["id"]] = (event.value["to"], event.value["side"])
    if len(_previews) > 64:
        _previews.clear()
    _previews[key] = places
    return places


def pending_action(scene: TableScene) -> str | None:
    """The action whose outcome the table previews now: a card dragged over the board (or over
    one's played row), the selected card, or the 'keep' button under the mouse."""
    drag = scene.input.drag
    if drag is not None and drag.moving:
        region = scene.input._region_at(drag.pos)
        if region is not None and region.zone == "played" and region.seat == scene.active_seat():
            return f"play {drag.card}"
        return None
    picked = scene.input.picked()
    if picked is not None:
        return f"play {picked[1]}"
    for action, rect in action_buttons(scene):
        if action == "ghost keep" and scene.mouse is not None and rect.collidepoint(scene.mouse):
            return action
    return None


# -------------------------------------------------------------------------- buttons
def action_buttons(scene: TableScene) -> list[tuple[str, pygame.Rect]]:
    """Buttons for the acting seat's actions that are not a card drag."""
    seat = scene.active_seat()
    region = scene.placements.regions.get("actions")
    if seat is None or region is None:
        return []
    legal = [str(a) for a in scene.match.state.legal_actions(seat)]
    shown = [a for a in ("ghost keep", "ghost swap", "skip") if a in legal]
    rect = region.rect
    h = min(max(22, rect.h // 3), scene.app.px(48))
    out = []
    y = rect.y
    for action in shown:
        out.append((action, pygame.Rect(rect.x, y, rect.w, h)))
        y += h + max(4, h // 5)
    return out


def handle_event(scene: TableScene, event: pygame.event.Event) -> bool:
    """Scene hook: the buttons and their keys (P skip, K keep the ghost's card, X swap it)."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        for action, rect in action_buttons(scene):
            if rect.collidepoint(event.pos):
                scene.submit(action)
                return True
    if event.type == pygame.KEYDOWN:
        for action, key in BUTTON_KEYS.items():
            if event.key == key and scene.active_seat() is not None:
                scene.submit(action)
                return True
    return False


# ----------------------------------------------------------------------------- draw
def draw_table(scene: TableScene, surface: pygame.Surface) -> None:
    """Scene hook, drawn over the regions and under flying cards."""
    view = scene.view
    colors = team_colors(scene, view)
    center, radius = board_geometry(scene)
    order = _order(view)
    step = scene.animator.current
    moving: list[MarkerChanged] = []
    if step is not None:
        moving = [e for e in step.events if isinstance(e, MarkerChanged)]
    _draw_seats(scene, surface, view, colors, moving)
    font = scene.app.font(max(9, radius // 9), True)
    labels = {s: font.render(str(s + 1), True, (255, 255, 255)) for s in range(SEATS)}
    spots = [(seat, art.ring_point(center, radius * 0.58, math.pi / 2 * (k + 1))) for k, seat in enumerate(order)]
    glow = {view["turn_seat"]} if not view.get("over") else set()
    art.draw_board(surface, center, radius, spots, colors, labels, glow)
    _draw_deck(scene, surface, view)
    if scene.input.drag is not None and scene.input.drag.moving and scene.input.targets():
        pygame.draw.circle(surface, (250, 214, 96), center, radius + 4, 3 + int(2 * ((scene.time * 2) % 1.0)))
    _draw_animals(scene, surface, view, center, radius, step, moving)
    _draw_preview(scene, surface, view, center, radius)
    _draw_buttons(scene, surface)


def _draw_deck(scene: TableScene, surface: pygame.Surface, view: dict[str, Any]) -> None:
    """The draw deck in the middle of the board (the board is drawn over the card regions), with
    its size; an empty deck keeps its outline and shows 0."""
    region = scene.placements.regions.get("deck")
    if region is None:
        return
    cards = view["zones"]["deck"]
    scene.painter.region(surface, region, cards)
    if not cards:
        scene.painter.badge(surface, "0", region.rect.midbottom)


def _draw_seats(scene: TableScene, surface: pygame.Surface, view: dict[str, Any], colors: dict[int, tuple[int, int, int]],
                moving: list[MarkerChanged]) -> None:
    regions = scene.placements.regions
    step = scene.animator.current
    for seat in range(SEATS):
        panel = regions.get(f"panel:{seat}")
        if panel is None:
            continue
        color = colors.get(seat, (120, 120, 120))
        if seat >= view["players"]:  # a ghost's plate: its name in its team colour
            pygame.draw.rect(surface, theme.PANEL, panel.rect, border_radius=max(3, panel.rect.h // 4))
            size = max(9, int(panel.rect.h * 0.62))
            font = scene.app.font(size, True)
            img = font.render(fit_text(font, scene.name(seat), panel.rect.w - 16), True, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midleft=(panel.rect.x + 10, panel.rect.centery)))
        bar = pygame.Rect(panel.rect.x + 4, panel.rect.bottom - max(2, panel.rect.h // 8), panel.rect.w - 8, max(2, panel.rect.h // 8))
        pygame.draw.rect(surface, color, bar, border_radius=2)  # the team's colour under the name
        _draw_symbol(scene, surface, regions.get(f"played:{seat}"), view, seat)
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
        f_spots = art.draw_forest(surface, forest.rect, lost, capacity, hidden=1 if gaining else 0)
        if change is not None and step is not None:
            if losing:
                a, b = p_spots[max(0, sheep - 1)], f_spots[min(lost, len(f_spots) - 1)]
            else:
                a, b = f_spots[max(0, lost - 1)], p_spots[min(sheep, len(p_spots) - 1)]
            t = step.progress
            x = a.centerx + (b.centerx - a.centerx) * t
            y = a.centery + (b.centery - a.centery) * t - math.sin(math.pi * t) * pasture.rect.h * 0.6
            art.draw_sheep(surface, (int(x), int(y)), max(a.w, 8), lost=False)


def _draw_symbol(scene: TableScene, surface: pygame.Surface, region: Any, view: dict[str, Any], seat: int) -> None:
    """The meat or bone showing on a seat's last played card (as displayed, so it follows the
    animation; the view's `symbols` says the same once settled): ringed, a larger symbol beside."""
    cards = view["zones"]["played"][seat]
    if region is None or not cards:
        return
    symbol = ((scene.rules.data.get("cards") or {}).get(cards[-1]) or {}).get("symbol")
    if not symbol:
        return
    last = region.card_rects(len(cards))[-1]
    color = art.MEAT if symbol == "meat" else art.BONE
    pygame.draw.rect(surface, color, last.inflate(6, 6), 3, border_radius=max(3, last.w // 9))
    size = max(12, last.w // 2)
    badge = pygame.Rect(0, 0, size, size)
    badge.center = (last.right, last.y + size // 3)
    pygame.draw.circle(surface, (40, 30, 24), badge.center, size // 2 + 2)
    art.draw_symbol(surface, symbol, badge.inflate(-size // 5, -size // 5))


def _draw_animals(scene: TableScene, surface: pygame.Surface, view: dict[str, Any], center: tuple[int, int],
                  radius: int, step: Any, moving: list[MarkerChanged]) -> None:
    size = animal_size(radius)
    animal_moves = {e.value["id"]: e for e in moving if e.marker == "animal" and isinstance(e.value, dict)}
    staying = [a for a in view["animals"] if a["id"] not in animal_moves]
    places = animal_places(view, center, radius, staying)
    for animal in staying:
        img = art.animal_card(scene.app, scene.rules, animal["id"], animal["kind"], animal["side"], size)
        surface.blit(img, places[animal["id"]])
    order = _order(view)
    before = animal_places(view, center, radius)  # where the moving cards stand in their row now
    landed = [dict(a, seat=animal_moves[a["id"]].value["to"]) if a["id"] in animal_moves else a for a in view["animals"]]
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
            kind = animal["kind"] if t < 0.5 else _kind_after(scene, animal["id"], value["side"], animal["kind"])
            img = art.animal_card(scene.app, scene.rules, animal["id"], kind, shown_side, size)
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
        img = art.animal_card(scene.app, scene.rules, animal["id"], animal["kind"], animal["side"], size)
        pygame.draw.rect(surface, (20, 14, 8), rect.move(3, 5), border_radius=max(3, rect.w // 9))
        surface.blit(img, rect.move(0, -int(math.sin(math.pi * t) * rect.h * 0.25)))


def _kind_after(scene: TableScene, animal: str, side: str, default: str) -> str:
    """The kind an animal shows on `side` (from the YAML, for the picture after a flip)."""
    data = (scene.rules.data.get("animals") or {}).get(animal) or {}
    return (data.get(side) or {}).get("kind", default)


def _draw_preview(scene: TableScene, surface: pygame.Surface, view: dict[str, Any], center: tuple[int, int],
                  radius: int) -> None:
    """Ghost cards where each animal will land, with an arrow from where it stands now."""
    if scene.animator.busy:
        return
    action = pending_action(scene)
    if action is None:
        return
    places = preview(scene, action)
    if places is None:
        return
    after = [dict(a, seat=places[a["id"]][0], side=places[a["id"]][1]) for a in view["animals"]]
    for animal in after:
        animal["kind"] = _kind_after(scene, animal["id"], animal["side"], animal["kind"])
    now = animal_places(view, center, radius)
    then = animal_places(view, center, radius, after)
    size = animal_size(radius)
    for animal in after:
        a, b = now[animal["id"]], then[animal["id"]]
        if a == b and animal["side"] == next(x["side"] for x in view["animals"] if x["id"] == animal["id"]):
            continue
        img = art.animal_card(scene.app, scene.rules, animal["id"], animal["kind"], animal["side"], size).copy()
        img.set_alpha(150)
        surface.blit(img, b)
        pygame.draw.rect(surface, (250, 214, 96), b.inflate(4, 4), 2, border_radius=max(3, b.w // 9))
        pygame.draw.line(surface, (250, 214, 96), a.center, b.center, 2)
        pygame.draw.circle(surface, (250, 214, 96), b.center, 4)


def _draw_buttons(scene: TableScene, surface: pygame.Surface) -> None:
    for action, rect in action_buttons(scene):
        hovered = scene.mouse is not None and rect.collidepoint(scene.mouse)
        pygame.draw.rect(surface, theme.BUTTON_HOVER if hovered else theme.BUTTON, rect, border_radius=rect.h // 3)
        pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=rect.h // 3)
        size = max(9, int(rect.h * 0.42))
        font = scene.app.font(size, True)
        key = scene.app.font(size, True).render(KEY_LABELS[action], True, theme.ACCENT_TEXT)
        box = key.get_rect().inflate(8, 2)
        box.midright = (rect.right - 6, rect.centery)
        pygame.draw.rect(surface, theme.ACCENT, box, border_radius=4)
        surface.blit(key, key.get_rect(center=box.center))
        label = scene.game_text(f"action.{action}")
        font, lines = button_label(scene.app, label, rect.w - box.w - 18, rect.h - 4, size)
        top = rect.centery - len(lines) * font.get_linesize() // 2
        for i, line in enumerate(lines):
            img = font.render(line, True, theme.TEXT)
            surface.blit(img, (rect.x + 8, top + i * font.get_linesize()))


def button_label(app: Any, text: str, width: int, height: int, size: int) -> tuple[pygame.font.Font, list[str]]:
    """A button's text whole: on one line if it fits (a little smaller if need be), else on two
    ("Échanger avec la pioche fantôme" in a narrow button)."""
    for s in (size, int(size * 0.85)):
        font = app.font(max(7, s), True)
        if font.size(text)[0] <= width:
            return font, [text]
    for s in range(int(size * 0.85), 6, -1):
        font = app.font(s, True)
        lines = wrap_text(font, text, width)
        if len(lines) <= 2 and len(lines) * font.get_linesize() <= height:
            return font, lines
    return font, [fit_text(font, line, width) for line in lines[:2]]


# --------------------------------------------------------------------------- gallery
def gallery_cards(app: Any, rules: Any, size: tuple[int, int]) -> list[pygame.Surface]:
    """Every animal card of the YAML, each side, with its name and description (scenes/gallery.py)."""
    out = []
    for animal, data in (rules.data.get("animals") or {}).items():
        for side in ("front", "back"):
            if data.get(side):
                out.append(art.animal_card(app, rules, animal, data[side]["kind"], side, size, detail=True))
    return out


def option_help(app: Any, rules: Any, name: str, choice: Any) -> str | None:
    """Setup hook: an animal card's description next to its tick box."""
    key = f"animal.{choice}.desc"
    if name == "animals" and rules.has_text(key):
        return app.game_text(rules, key)
    return None


def seating_advice(app: Any, rules: Any, players: int) -> str | None:
    """Setup hook: with 3 players the most experienced one takes player 2 (alone with the ghost)."""
    if players == 3 and rules.has_text("setup.three_players"):
        return app.game_text(rules, "setup.three_players")
    return None


def hint(scene: TableScene) -> str:
    """Scene hook: the HUD hint while the viewer may act (a card to drop, or a button to press)."""
    if action_buttons(scene) and not any(str(a).startswith("play ") for a in scene.match.state.legal_actions(scene.active_seat())):
        return scene.app.tr("wolf_and_hound.hint_buttons")
    return scene.app.tr("wolf_and_hound.hint_play")


def drop_hint(scene: TableScene) -> str:
    """Input hook: where a number card goes (the board), when it was dropped elsewhere."""
    return scene.app.tr("wolf_and_hound.drop_hint")


def join_markers(events: list[Any], event: Any) -> bool:
    """Animator hook: the animals one card moves go round together (one step, not one each);
    a flip, a sheep and a second move of the same animal keep their own step."""
    if event.marker != "animal" or not isinstance(event.value, dict):
        return False
    if not all(isinstance(e, MarkerChanged) and e.marker == "animal" for e in events):
        return False
    reason = event.value.get("reason")
    return reason in ("play", "delayed") and all(
        e.value.get("reason") == reason and e.value["id"] != event.value["id"] for e in events
    )
