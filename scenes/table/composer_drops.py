"""Drags the composer's picks do not cover (scenes/table/composer_input.py owns the picks):

- a `Carry`: a card of one's own zone (or the table's) dragged onto a card a Pick step may take
  (a drawn card dropped on a village place) or a card Target step may name (the deck's top card
  onto a village card): that card is picked and the choice sent;
- a card `Target` chosen by pressing on it and dragged onto a card of the next open card step
  (a discard pile card onto one's village, one's card onto an opponent's): the drop is the
  second click;
- a marker a `Carry` names (Silver's amulet) dragged onto a place of the acting seat's zone:
  the action with that place is sent;
- a card dropped on a pile a `Carry` `sends` an action for (the drawn card onto the discard
  pile: it is discarded), whichever of its zone's carries picked it up.

While such a card is carried, the places it may go are outlined; a drop anywhere else says where
it may go. Every path ends in the composer's own pick (checked against the legal texts) and, when
refused, the engine's reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from scenes.table.cards import card_outline
from scenes.table.composer import Carry, Pick
from scenes.table.composer_cards import CHOSEN, OFFERED, card_steps, open_steps

if TYPE_CHECKING:
    from scenes.table.layout import TableContext

DRAG_START = 6


@dataclass
class Carried:
    """A card being carried: its picture, where it was taken, what carries it."""

    picture: str
    rect: pygame.Rect
    start: tuple[int, int]
    pos: tuple[int, int]
    carry: Carry | None = None  # None: a card Target chosen by the press
    word: str = ""  # a Target's word (the card chosen by the press)
    moving: bool = False
    value: Any = None  # a carried marker's value (its picture; the marker is `carry.marker`)


class CardDrops:
    """One table's carried cards (`handle` before the composer's own picks, `draw` after)."""

    def __init__(self, owner: Any) -> None:
        self.owner = owner  # the ComposerInput
        self.drag: Carried | None = None
        self.queued: str | None = None  # a two-action carry's second action, sent once legal

    def reset(self) -> None:
        self.drag = None

    def tick(self, ctx_of: Any) -> bool:
        """A two-action carry's second action, once the first is shown and the seat may act
        again; refused (the engine says why) if it is not legal then. True when sent."""
        if self.queued is None:
            return False
        ctx = ctx_of()
        if ctx.busy or ctx.seat is None:
            return False
        text, self.queued = self.queued, None
        if text in ctx.legal:
            ctx.submit(text)
            return True
        ctx.explain(text)
        return False

    # ---------------------------------------------------------------- events
    def handle(self, ctx: TableContext, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press_carry(ctx, event.pos)
        drag = self.drag
        if drag is None:
            return False
        if event.type == pygame.MOUSEMOTION:
            drag.pos = event.pos
            if (event.pos[0] - drag.start[0]) ** 2 + (event.pos[1] - drag.start[1]) ** 2 >= DRAG_START ** 2:
                drag.moving = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drag = None
            if drag.moving:
                self._drop(ctx, drag, event.pos)
            elif drag.carry is not None and drag.carry.first:
                ctx.submit(drag.carry.first)  # a click on the card: its first action alone
            elif drag.carry is not None and drag.carry.marker:
                ctx.say(self._marker_hint(ctx, drag.carry), False)  # a click on the marker: how it moves
            return True
        return False

    def _press_carry(self, ctx: TableContext, pos: tuple[int, int]) -> bool:
        """A press on a card a `Carry` takes (the drawn card): it follows the mouse."""
        comp = self.owner.composer
        if comp is None or ctx.seat is None or ctx.busy:
            return False
        for carry in comp.carries:
            if carry.marker:
                marker = ctx.placements.marker(carry.marker)
                if marker is not None and marker.rect.collidepoint(pos) and self._marker_places(ctx, carry):
                    self.drag = Carried("", marker.rect, pos, pos, carry=carry, value=marker.value)
                    return True
                continue
            region = ctx.placements.zone(carry.zone, ctx.view.get("seat")) or ctx.placements.zone(carry.zone, None)
            if carry.sends:
                usable = carry.sends in ctx.legal
            else:
                usable = carry.first in ctx.legal if carry.first else (bool(self._onto(ctx, carry)) or self._target(comp, carry) is not None)
            if region is None or not usable:
                continue
            pictures = self.owner._pictures(ctx, region)
            for picture, rect in zip(pictures, region.card_rects(len(pictures)), strict=True):
                if rect.collidepoint(pos):
                    self.drag = Carried(picture, rect, pos, pos, carry=carry)
                    return True
        return False

    def pressed_target(self, ctx: TableContext, pos: tuple[int, int], before: dict[str, list[str]]) -> None:
        """After a press chose a card Target (`before`: the choice until then): while another
        card step is open, the card may be carried onto its card."""
        comp = self.owner.composer
        if comp is None or not comp.any_choice() or not open_steps(comp):
            return
        for step in card_steps(comp):
            new = [w for w in comp.picked(step.field) if w not in before.get(step.field, [])]
            spot = next((s for s in self.owner.cards.spot_at(ctx, [step], pos) if s.word in new), None)
            if spot is not None:
                cards = ctx.view["zones"][spot.region.zone]
                cards = cards[spot.region.seat] if spot.region.seat is not None else cards
                pictures = self.owner.layout.region_cards(ctx.view, spot.region, cards)
                picture = pictures[spot.index] if spot.index < len(pictures) else "back"
                self.drag = Carried(picture, spot.rect, pos, pos, word=spot.word)
                return

    def _drop(self, ctx: TableContext, drag: Carried, pos: tuple[int, int]) -> None:
        owner, comp = self.owner, self.owner.composer
        if comp is None or ctx.seat is None:
            return
        if drag.rect.collidepoint(pos):
            return  # put back where it was: a change of mind
        pile = self._pile_at(ctx, drag, pos)
        if pile is not None:  # onto a pile that takes the card with an action of its own (the discard)
            if pile.sends in ctx.legal:
                comp.clear()
                ctx.submit(pile.sends)
            else:
                ctx.explain(pile.sends)  # why not (a card taken from the discard must be exchanged)
            return
        if drag.carry is None:
            if any(s.word == drag.word for s in owner.cards.spot_at(ctx, card_steps(comp), pos)):
                return
            if not owner.cards.click(ctx, comp, pos, owner._after_change, owner._refuse):
                ctx.say(ctx.tr("table.drop_on_lit"), True)
            return
        if drag.carry.marker:  # a marker onto a place: the action with that place, or why not
            rects = self._zone_rects(ctx, drag.carry.onto)
            place = next((i for i in range(len(rects) - 1, -1, -1) if rects[i].collidepoint(pos)), None)
            if place is None:
                ctx.say(self._marker_hint(ctx, drag.carry), True)
                return
            text = drag.carry.then.format(place + 1)
            if text in ctx.legal:
                ctx.submit(text)
            else:
                ctx.explain(text)
            return
        if drag.carry.first:  # two actions: the first now, the second with the place once legal
            rects = self._zone_rects(ctx, drag.carry.onto)
            place = next((i for i in range(len(rects) - 1, -1, -1) if rects[i].collidepoint(pos)), None)
            if place is None:
                zone = ctx.text(f"zone.{drag.carry.onto}")
                ctx.say(owner.layout.drop_hint(ctx) or ctx.tr("table.drop_on", zone=zone[:1].lower() + zone[1:]), True)
                return
            if ctx.submit(drag.carry.first):
                self.queued = drag.carry.then.format(place + 1)
            return
        target = self._target(comp, drag.carry)
        if target is not None:  # onto a card a Target step names (the witch's deck card onto a village card)
            if not owner.cards.click(ctx, comp, pos, owner._after_change, owner._refuse):
                ctx.say(owner.layout.drop_hint(ctx) or ctx.tr("table.drop_on_lit"), True)
            return
        item = next((i for i in reversed(self._onto(ctx, drag.carry)) if i.rect.collidepoint(pos)), None)
        if item is None:
            zone = ctx.text(f"zone.{item_zone(comp, drag.carry)}")
            ctx.say(owner.layout.drop_hint(ctx) or ctx.tr("table.drop_on", zone=zone[:1].lower() + zone[1:]), True)
            return
        if not item.ghost and not comp.pick(item.step.field, item.word):
            owner._refuse(ctx, item.step, item.word)
            return
        text = comp.ready()
        if text is None:  # the announced cards do not make an action yet: the engine says why
            owner._refuse(ctx, item.step)
            return
        comp.clear()
        ctx.submit(text)

    # --------------------------------------------------------------- queries
    def _piles(self, ctx: TableContext, drag: Carried) -> list[tuple[Carry, pygame.Rect]]:
        """The piles the carried card may be dropped on for an action of their own, and where."""
        comp = self.owner.composer
        if comp is None or drag.carry is None or drag.carry.marker:
            return []
        out = []
        for carry in comp.carries:
            region = ctx.placements.zone(carry.onto, None) if carry.sends and carry.zone == drag.carry.zone else None
            if region is not None:
                out.append((carry, region.rect))
        return out

    def _pile_at(self, ctx: TableContext, drag: Carried, pos: tuple[int, int]) -> Carry | None:
        gap = ctx.placements.card_size[0] // 6  # as a hand's card dropped near its zone
        return next((c for c, rect in self._piles(ctx, drag) if rect.inflate(gap, gap).collidepoint(pos)), None)

    def _onto(self, ctx: TableContext, carry: Carry) -> list[Any]:
        """The items (cards, picked ones too) of the Pick step a carry drops onto."""
        return [i for i in self.owner.items(ctx) if isinstance(i.step, Pick) and i.step.field == carry.onto]

    @staticmethod
    def _zone_rects(ctx: TableContext, zone: str) -> list[pygame.Rect]:
        """The card rects of the acting seat's region of `zone`."""
        region = ctx.placements.zone(zone, ctx.view.get("seat"))
        if region is None or region.zone is None:
            return []
        return region.card_rects(len(ctx.view["zones"][region.zone][region.seat]))

    def _marker_places(self, ctx: TableContext, carry: Carry) -> list[pygame.Rect]:
        """The places of `onto` a carried marker may be dropped on now (its action legal there)."""
        rects = self._zone_rects(ctx, carry.onto)
        return [r for i, r in enumerate(rects) if carry.then.format(i + 1) in ctx.legal]

    @staticmethod
    def _marker_hint(ctx: TableContext, carry: Carry) -> str:
        return ctx.tr("table.drop_marker", marker=ctx.text(f"marker.{carry.marker}"))

    @staticmethod
    def _target(comp: Any, carry: Carry) -> Any:
        """The card Target step a carry drops onto, if `onto` names one (else a Pick's field)."""
        return next((s for s in card_steps(comp) if s.field == carry.onto), None)

    def places(self, ctx: TableContext) -> list[pygame.Rect]:
        """Where the carried card may go now (outlined): the cards its Pick step still accepts
        or has picked (a Target's next cards are outlined by the card targets themselves)."""
        drag, comp = self.drag, self.owner.composer
        if drag is None or drag.carry is None or comp is None:
            return []
        if drag.carry.marker:
            return self._marker_places(ctx, drag.carry)
        piles = [rect for carry, rect in self._piles(ctx, drag) if carry.sends in ctx.legal]
        if drag.carry.sends:
            return piles
        if drag.carry.first:
            return self._zone_rects(ctx, drag.carry.onto) + piles
        offered = comp.offered(drag.carry.onto)
        target = self._target(comp, drag.carry)
        if target is not None:
            return [s.rect for s in self.owner.cards.spots(ctx, target) if s.word in offered] + piles
        return [i.rect for i in self._onto(ctx, drag.carry) if i.ghost or i.word in offered] + piles

    # ------------------------------------------------------------------ draw
    def draw(self, ctx: TableContext, surface: pygame.Surface) -> None:
        drag = self.drag
        if drag is None or not drag.moving:
            return
        for rect in self.places(ctx):
            card_outline(surface, rect, OFFERED, 3, 6)
        card_outline(surface, drag.rect, CHOSEN, 2, 6)
        x = drag.pos[0] - (drag.start[0] - drag.rect.x)
        y = drag.pos[1] - (drag.start[1] - drag.rect.y)
        if drag.carry is not None and drag.carry.marker:  # a token: drawn larger, under the pointer
            side = max(drag.rect.w, drag.rect.h, ctx.app.px(40))
            image = ctx.art.marker(drag.carry.marker, drag.value, (side, side))
            surface.blit(image, image.get_rect(center=drag.pos))
            return
        surface.blit(ctx.art.card(drag.picture, drag.rect.size), (x, y - drag.rect.h // 8))


def item_zone(comp: Any, carry: Carry) -> str:
    """The zone of the Pick step a carry drops onto (its name in the drop hint)."""
    step = next((s for s in comp.steps() if isinstance(s, Pick) and s.field == carry.onto), None)
    return step.zone if step is not None else carry.zone
