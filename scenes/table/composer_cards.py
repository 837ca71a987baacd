"""Card and pile `Target` steps at the table: a card of any seat's region, or a card of a pile
spread out, chosen by a click or by typed numbers (a seat's number, 1-based as its badge shows,
then the slot; or a pile card's rank from the top), outlined while it may be chosen next.

The steps of a template are filled in order, each by the first click that fits it (a robber's
own card, then an opponent's, in either order of clicks); a click on a chosen card takes it
back; a refused card gets the engine's reason (the composer's `guess`). Composer logic stays in
composer.py; this module only maps the table's cards to the steps' words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from scenes.table.composer import CARD, PILE, Composer, Target
from scenes.table.regions import Region
from scenes.ui import theme

if TYPE_CHECKING:
    from scenes.table.layout import TableContext

OFFERED = (140, 220, 255)  # a card one may choose next
CHOSEN = (250, 214, 96)  # a card chosen already


@dataclass
class CardSpot:
    """A card a card/pile step may take: its word, region, index in the region and rect."""

    step: Target
    word: str
    region: Region
    index: int
    rect: pygame.Rect


def card_steps(comp: Composer | None) -> list[Target]:
    """The composer's card and pile Target steps, in template order."""
    if comp is None:
        return []
    return [s for s in comp.steps() if isinstance(s, Target) and s.of in (CARD, PILE)]


def open_steps(comp: Composer) -> list[Target]:
    """The card and pile steps that may still take a card (fewer chosen than their maximum)."""
    return [s for s in card_steps(comp) if len(comp.picked(s.field)) < s.count[1]]


class CardTargets:
    """One table's card and pile targets: the seat typed so far, hit-testing, drawing."""

    def __init__(self) -> None:
        self.typed_seat: int | None = None

    def reset(self) -> None:
        self.typed_seat = None

    # --------------------------------------------------------------- geometry
    def spots(self, ctx: TableContext, step: Target) -> list[CardSpot]:
        """Every card of the table `step` may name (whether legal or not: a refusal says why)."""
        out = []
        zones = ctx.view["zones"]
        for region in ctx.regions.values():
            if region.zone != step.zone or region.zone not in zones:
                continue
            if step.of == PILE and region.seat is None:
                cards = zones[region.zone]
                rects = region.card_rects(len(cards))
                out += [CardSpot(step, step.card_word(None, len(cards) - 1 - i), region, i, r) for i, r in enumerate(rects)]
            elif step.of == CARD and region.seat is not None and (not step.own or region.seat == ctx.seat):
                cards = zones[region.zone][region.seat]
                rects = region.card_rects(len(cards))
                out += [CardSpot(step, step.card_word(region.seat, i), region, i, r) for i, r in enumerate(rects)]
        return out

    def spot_at(self, ctx: TableContext, steps: list[Target], pos: tuple[int, int]) -> list[CardSpot]:
        """The cards under `pos` (the topmost of each region), one per step that may name it."""
        out = []
        for step in steps:
            spot = next((s for s in reversed(self.spots(ctx, step)) if s.rect.collidepoint(pos)), None)
            if spot is not None:
                out.append(spot)
        return out

    # ------------------------------------------------------------------ input
    def click(self, ctx: TableContext, comp: Composer, pos: tuple[int, int], after: Any, refuse: Any) -> bool:
        """A click on a card: take it back if chosen, else give it to the first open step that
        accepts it (or say why none does). True when the click was on such a card."""
        steps = card_steps(comp)
        if not steps or ctx.seat is None:
            return False
        for step in steps:  # a chosen card clicked again: taken back
            for spot in self.spot_at(ctx, [step], pos):
                if spot.word in comp.picked(step.field):
                    comp.unpick(step.field, spot.word)
                    return True
        hits = self.spot_at(ctx, open_steps(comp), pos)
        if not hits:
            return False
        self.typed_seat = None
        self._choose(ctx, comp, hits, after, refuse)
        return True

    def _choose(self, ctx: TableContext, comp: Composer, hits: list[CardSpot], after: Any, refuse: Any) -> None:
        for spot in hits:
            if comp.accepts(spot.step.field, spot.word):
                comp.pick(spot.step.field, spot.word)
                after(ctx)
                return
        refuse(ctx, hits[0].step, hits[0].word)

    def key(self, ctx: TableContext, comp: Composer, event: pygame.event.Event) -> bool:
        """Backspace takes back the seat typed so far (a card chosen is taken back by the
        composer's own Backspace, whatever its step: composer_input.py)."""
        if event.key != pygame.K_BACKSPACE or self.typed_seat is None:
            return False
        self.typed_seat = None
        return True

    def numbers(self, ctx: TableContext, comp: Composer) -> set[str] | None:
        """The numbers the next open step accepts typed (a seat's, 1-based, then its slots; a
        slot; a pile card's rank), or None when no card or pile step is open."""
        steps = open_steps(comp)
        if not steps or ctx.seat is None:
            return None
        step = steps[0]
        if step.chooses_seat and self.typed_seat is None:
            return {str(seat + 1) for seat in self._seats(ctx, step)}
        spots = [s for s in self.spots(ctx, step) if not step.chooses_seat or s.region.seat == self.typed_seat]
        return {s.word.split()[-1] for s in spots}

    @staticmethod
    def _seats(ctx: TableContext, step: Target) -> set[int]:
        return {r.seat for r in ctx.regions.values() if r.zone == step.zone and r.seat is not None}

    def number(self, ctx: TableContext, comp: Composer, typed: str, after: Any, refuse: Any) -> bool:
        """A typed number for the next open step: a seat's number (1-based) then a slot, or a
        slot, or a pile card's rank. False when no card or pile step is open."""
        steps = open_steps(comp)
        if not steps or ctx.seat is None:
            return False
        step = steps[0]
        if step.chooses_seat and self.typed_seat is None:
            seat = int(typed) - 1
            if seat not in self._seats(ctx, step):
                ctx.say(ctx.tr("table.no_such_seat", number=typed), True)
                return True
            self.typed_seat = seat
            return True
        if step.chooses_seat:
            word = f"{self.typed_seat + step.seat_offset} {typed}"  # type: ignore[operator]
            self.typed_seat = None
        else:
            word = typed
        spots = [s for s in self.spots(ctx, step) if s.word == word]
        if not spots:
            ctx.say(ctx.tr("table.no_such_card", number=typed), True)
            return True
        self._choose(ctx, comp, spots, after, refuse)
        return True

    def number_spots(self, ctx: TableContext, comp: Composer) -> list[tuple[str, pygame.Rect]] | None:
        """The cards of the next open step a typed number may name (of the seat typed so far),
        with their numbers; None when no card or pile step is open, or a seat comes first."""
        steps = open_steps(comp)
        if not steps or ctx.seat is None or (steps[0].chooses_seat and self.typed_seat is None):
            return None
        step = steps[0]
        return [(s.word.split()[-1], s.rect) for s in self.spots(ctx, step)
                if not step.chooses_seat or s.region.seat == self.typed_seat]

    # ------------------------------------------------------------------ drawing
    def draw(self, ctx: TableContext, comp: Composer | None, surface: pygame.Surface) -> None:
        """Outline what the next choice may be and what is chosen; number the seats while one
        is to be chosen (the seat typed so far lit)."""
        steps = card_steps(comp)
        if comp is None or not steps or ctx.seat is None:
            return
        open_ = open_steps(comp)
        for step in steps:
            offered = comp.offered(step.field) if step in open_ else set()
            picked = comp.picked(step.field)
            for spot in self.spots(ctx, step):
                radius = max(3, spot.rect.w // 10)
                if spot.word in picked:
                    pygame.draw.rect(surface, CHOSEN, spot.rect.inflate(8, 8), 3, border_radius=radius)
                elif spot.word in offered and (self.typed_seat is None or spot.region.seat == self.typed_seat):
                    pygame.draw.rect(surface, OFFERED, spot.rect.inflate(4, 4), 2, border_radius=radius)
        if open_ and open_[0].chooses_seat:
            self._badges(ctx, open_[0], surface)
        if open_ and open_[0].of == PILE:  # each card's rank, the number to type
            for spot in self.spots(ctx, open_[0]):
                self.badge(ctx, surface, spot.word, (spot.rect.centerx, spot.rect.bottom), False, "midtop")

    def _badges(self, ctx: TableContext, step: Target, surface: pygame.Surface) -> None:
        """A small number (the seat's, 1-based) at the corner of each seat's region of the step."""
        for region in ctx.regions.values():
            if region.zone == step.zone and region.seat is not None:  # on the first card's corner
                self.badge(ctx, surface, str(region.seat + 1), region.rect.topleft, self.typed_seat == region.seat)

    @staticmethod
    def badge(ctx: TableContext, surface: pygame.Surface, text: str, at: tuple[int, int], lit: bool,
               anchor: str = "center") -> None:
        size = max(10, ctx.app.px(14))
        font = ctx.app.font(size, True)
        img = font.render(text, True, theme.ACCENT_TEXT if lit else (30, 24, 12))
        box = img.get_rect().inflate(size // 2 + 4, 4)
        if anchor == "center":
            box.center = (at[0] + box.w // 4, at[1] + box.h // 4)
        else:
            box.midtop = (at[0], at[1] - box.h // 2)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, theme.ACCENT if lit else CHOSEN, box, border_radius=box.h // 2)
        if lit:  # the seat typed so far: its slot comes next
            pygame.draw.rect(surface, theme.TEXT, box.inflate(4, 4), 2, border_radius=box.h // 2 + 2)
        surface.blit(img, img.get_rect(center=box.center))
