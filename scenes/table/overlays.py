"""What the table draws over the cards: the HUD buttons, the hot-seat privacy screen, the tour."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from scenes.table.regions import Placements, TourStep
from scenes.ui import theme
from scenes.ui.text import draw_text, fit_text, wrap_text, wrap_words


@dataclass
class HudButton:
    """A small button in the HUD bar (tour, menu): `action` names what the scene does."""

    action: str
    label_key: str
    rect: pygame.Rect


def hud_buttons(app: Any, hud: pygame.Rect, aid: bool = False, coach: bool = False) -> list[HudButton]:
    """The HUD's buttons, right-aligned: the score sheet (S), the tour ("?", F1), the menu, the
    game's player aid (F2) when its layout has one, and the coach's hint (H) when it is offered
    (wide enough for its "thinking" label too)."""
    h = max(16, hud.h - 6)
    font = app.font(max(10, int(h * 0.55)), True)
    buttons: list[HudButton] = []
    x = hud.right - 6
    actions = [("menu", "table.menu"), ("tour", "table.tour_button"), ("scores", "table.scores_button")]
    extra = ([("aid", "table.aid_button")] if aid else []) + ([("coach", "coach.button")] if coach else [])
    for action, key in actions + extra:
        w = max(font.size(app.tr(k))[0] for k in ((key, "coach.button_thinking") if action == "coach" else (key,))) + h
        x -= w
        buttons.append(HudButton(action, key, pygame.Rect(x, hud.y + 3, w, h)))
        x -= 6
    return buttons


def draw_hud(surface: pygame.Surface, app: Any, hud: pygame.Rect, title: str, hint: str,
             buttons: list[HudButton], hover: tuple[int, int] | None, aside: pygame.Rect | None = None,
             said: bool = False) -> int:
    """The bar: the title, the hint, the buttons. A hint the bar cannot hold whole (a small
    window, a long power's hint) is drawn whole at the top of `aside` (the open log column)
    instead; with no such column (the log folded) it is shortened, and shown whole under the
    bar while the pointer is on it. `said`: the table shows the decision's help whole, so a hint
    the bar cannot hold is left out (never cut, never said twice). Returns the height of
    `aside` the hint took (0: none), for the log to start below it."""
    pygame.draw.rect(surface, theme.BACKGROUND_DARK, hud)
    size = max(10, int(hud.h * 0.5))
    font = app.font(size, True)
    left = buttons[-1].rect.x if buttons else hud.right
    title_img = font.render(fit_text(font, title, hud.w // 2), True, theme.ACCENT)
    surface.blit(title_img, title_img.get_rect(midleft=(hud.x + 10, hud.centery)))
    taken = 0
    if hint:
        room = max(20, left - title_img.get_width() - 40)
        whole = hud_hint_whole(app, hint, room, size, hud.h)
        box = hint_box(app, hint, aside) if whole is None and aside is not None and not said else None
        if whole is None and said:
            pass  # the help on the table says it whole
        elif box is not None:
            taken = draw_hint_box(surface, app, hint, box)
        else:
            small, lines = whole if whole is not None else hud_hint_lines(app, hint, room, size, hud.h)
            step = small.get_linesize()
            top = hud.centery - step * len(lines) // 2
            for i, line in enumerate(lines):
                hint_img = small.render(line, True, theme.TEXT_DIM)
                surface.blit(hint_img, hint_img.get_rect(topright=(left - 12, top + i * step)))
            spot = pygame.Rect(hud.x + title_img.get_width() + 20, hud.y, left - title_img.get_width() - 20, hud.h)
            if whole is None and hover is not None and spot.collidepoint(hover):  # shortened: whole under the pointer
                width = min(hud.w - 20, app.px(520))
                below = hint_box(app, hint, pygame.Rect(left - 12 - width, hud.bottom + 4, width, surface.get_height() - hud.bottom))
                if below is not None:
                    draw_hint_box(surface, app, hint, below)
    for button in buttons:
        hovered = hover is not None and button.rect.collidepoint(hover)
        pygame.draw.rect(surface, theme.BUTTON_HOVER if hovered else theme.BUTTON, button.rect,
                         border_radius=button.rect.h // 3)
        img = app.font(max(10, int(button.rect.h * 0.55)), True).render(app.tr(button.label_key), True, theme.TEXT)
        surface.blit(img, img.get_rect(center=button.rect.center))
    return taken


HUD_HINT_MIN_SIZE = 10  # the smallest print a hint is wrapped in before it is shortened


def hud_hint_whole(app: Any, hint: str, room: int, size: int, height: int) -> tuple[Any, list[str]] | None:
    """The HUD's hint whole in the bar: one line if it fits, else two lines in a smaller print
    that the bar holds; None when even that cannot hold it."""
    one = app.font(max(9, int(size * 0.85)))
    if one.size(hint)[0] <= room:
        return one, [hint]
    for font_size in range(int(size * 0.85), HUD_HINT_MIN_SIZE - 1, -1):
        font = app.font(font_size)
        lines = wrap_words(font, hint, room)
        if lines is not None and len(lines) <= 2 and font.get_linesize() * 2 <= height + 2:
            return font, lines
    return None


def hud_hint_lines(app: Any, hint: str, room: int, size: int, height: int) -> tuple[Any, list[str]]:
    """The HUD's hint in the bar: whole if it can be (`hud_hint_whole`), else shortened with an
    ellipsis (when no column beside the bar can take it)."""
    whole = hud_hint_whole(app, hint, room, size, height)
    if whole is not None:
        return whole
    one = app.font(max(9, int(size * 0.85)))
    return one, [fit_text(one, hint, room)]


def hint_box(app: Any, hint: str, aside: pygame.Rect) -> tuple[Any, list[str], pygame.Rect] | None:
    """Where a hint too long for the bar goes in `aside`: the log's print (smaller down to
    HUD_HINT_MIN_SIZE if need be) wrapped to the column, in a box at its top that leaves at
    least half the column to the log; None if even that cannot hold it."""
    pad = max(4, app.px(8))
    width = aside.w - 2 * pad
    for font_size in range(max(HUD_HINT_MIN_SIZE, app.tx(theme.SMALL_SIZE)), HUD_HINT_MIN_SIZE - 1, -1):
        font = app.font(font_size)
        lines = wrap_words(font, hint, width)
        if lines is None:
            continue
        rect = pygame.Rect(aside.x, aside.y, aside.w, len(lines) * font.get_linesize() + 2 * pad)
        if width > 0 and rect.h <= aside.h // 2:
            return font, lines, rect
    return None


def draw_hint_box(surface: pygame.Surface, app: Any, hint: str, box: tuple[Any, list[str], pygame.Rect]) -> int:
    """Draw the hint's box (from `hint_box`); returns the height it takes with the gap below it."""
    font, lines, rect = box
    pad = max(4, app.px(8))
    pygame.draw.rect(surface, theme.BACKGROUND_DARK, rect, border_radius=app.px(theme.RADIUS))
    pygame.draw.rect(surface, theme.ACCENT, rect, 1, border_radius=app.px(theme.RADIUS))
    for i, line in enumerate(lines):
        surface.blit(font.render(line, True, theme.TEXT), (rect.x + pad, rect.y + pad + i * font.get_linesize()))
    return rect.h + max(2, app.px(6))


def privacy_button(app: Any, size: tuple[int, int], name: str = "") -> pygame.Rect:
    w, h = size
    label_w = app.font(app.px(theme.BODY_SIZE), True).size(app.tr("table.pass_ready", name=name))[0]
    rect = pygame.Rect(0, 0, min(w - 20, max(200, int(w * 0.3), label_w + app.px(48))), max(40, app.px(56)))
    rect.center = (w // 2, int(h * 0.62))
    return rect


RECAP_LINES = 8


def draw_privacy(surface: pygame.Surface, app: Any, name: str, recap: list[str] | None = None) -> None:
    """Hot-seat: a full screen that hides every hand until `name` is alone at the screen, with
    the recap of what happened since their last turn (public lines only)."""
    w, h = surface.get_size()
    surface.fill(theme.BACKGROUND_DARK)
    title_font = app.font(app.px(theme.TITLE_SIZE), True)  # the name comes from a file: fitted and cleaned
    draw_text(surface, title_font, fit_text(title_font, app.tr("table.pass_to", name=name), w - app.px(20)), theme.ACCENT,
              (w // 2, int(h * 0.38)), "center")
    body_font = app.font(app.px(theme.BODY_SIZE))
    y = int(h * 0.46)
    for line in wrap_text(body_font, app.tr("table.pass_hint", name=name), int(w * 0.7)):
        img = body_font.render(line, True, theme.TEXT)
        surface.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += body_font.get_linesize()
    button = privacy_button(app, (w, h), name)
    pygame.draw.rect(surface, theme.ACCENT, button, border_radius=button.h // 3)
    label_font = app.font(app.px(theme.BODY_SIZE), True)
    draw_text(surface, label_font, fit_text(label_font, app.tr("table.pass_ready", name=name), button.w - app.px(8)),
              theme.ACCENT_TEXT, button.center, "center")
    if recap:
        _draw_recap(surface, app, recap, button.bottom + app.px(16))


def _draw_recap(surface: pygame.Surface, app: Any, recap: list[str], top: int) -> None:
    w, h = surface.get_size()
    font, bold = app.font(app.px(theme.SMALL_SIZE)), app.font(app.px(theme.SMALL_SIZE), True)
    width = int(w * 0.7)
    rows: list[str] = []
    for line in recap[-RECAP_LINES:]:
        rows.extend(wrap_text(font, line, width - app.px(20)))
    lh = font.get_linesize()
    rows = rows[-max(1, (h - top - app.px(40)) // lh):]
    box = pygame.Rect(0, top, width, (len(rows) + 1) * lh + app.px(16))
    box.centerx = w // 2
    pygame.draw.rect(surface, theme.BACKGROUND, box, border_radius=app.px(6))
    pygame.draw.rect(surface, theme.PANEL_BORDER, box, 1, border_radius=app.px(6))
    title = app.tr("table.recap_more" if len(recap) > RECAP_LINES else "table.recap", count=len(recap))
    surface.blit(bold.render(title, True, theme.ACCENT), (box.x + app.px(10), box.y + app.px(8)))
    for i, row in enumerate(rows):
        surface.blit(font.render(row, True, theme.TEXT), (box.x + app.px(10), box.y + app.px(8) + (i + 1) * lh))


def draw_tour(surface: pygame.Surface, app: Any, placements: Placements, step: TourStep, index: int,
              total: int) -> None:
    """Dim the table except the regions this stop explains, and explain them in a box."""
    w, h = surface.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    spots: list[pygame.Rect] = []
    for name in step.regions:  # touching regions (a lodge and what lies under it) share one outline
        if name in placements.regions:
            rect = placements.regions[name].rect.inflate(14, 14)
            for other in [s for s in spots if s.colliderect(rect)]:
                spots.remove(other)
                rect = rect.union(other)
            spots.append(rect)
    for rect in spots:
        shade.fill((0, 0, 0, 0), rect)
    surface.blit(shade, (0, 0))
    for rect in spots:
        pygame.draw.rect(surface, theme.FOCUS, rect, 3, border_radius=8)
    font = app.font(app.px(theme.BODY_SIZE))
    box_w = min(int(w * 0.56), app.px(640))
    lines = wrap_text(font, app.tr(step.text_key), box_w - 32)
    footer = app.tr("table.tour_footer", number=index + 1, total=total)
    small = app.font(app.px(theme.SMALL_SIZE))
    box_h = len(lines) * font.get_linesize() + small.get_linesize() + 36
    box = pygame.Rect(0, 0, box_w, box_h)
    union = spots[0].unionall(spots[1:]) if spots else pygame.Rect(w // 2, h // 2, 0, 0)
    box.centerx = w // 2
    box.y = union.bottom + 16 if union.centery < h // 2 else union.y - 16 - box_h
    box.clamp_ip(surface.get_rect())
    if box.colliderect(union):
        box.centery = h // 2 if not pygame.Rect(0, h // 2 - box_h // 2, w, box_h).colliderect(union) else box.centery
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=10)
    pygame.draw.rect(surface, theme.FOCUS, box, 2, border_radius=10)
    y = box.y + 14
    for line in lines:
        img = font.render(line, True, theme.TEXT)
        surface.blit(img, (box.x + 16, y))
        y += font.get_linesize()
    img = small.render(footer, True, theme.TEXT_DIM)
    surface.blit(img, img.get_rect(bottomright=(box.right - 14, box.bottom - 10)))
