"""Numbers typed at the table for a card's slot, a seat or a pile card's rank, of any length.

A digit is taken at once when no longer number there starts with it (a village of 5 cards:
"3" is slot 3). When one does (a Silver village of 13 cards: "1" may be slot 1 or slots 10-13),
the digits wait on screen: another digit extends them ("1" then "2" is slot 12), or, when it
cannot ("1" then "5" in that village), the waiting number is taken and the digit starts the
next one; Space takes the waiting number as it is, Enter takes it then confirms the choice,
Backspace erases it, and a short pause takes it too. The composer asks for the numbers the next
choice accepts (composer_input.py), so every game's steps get this without a line of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from scenes.table.composer import Composer, Pick
from scenes.ui import theme

if TYPE_CHECKING:
    from scenes.table.composer_cards import CardTargets
    from scenes.table.layout import TableContext

HOLD_SECONDS = 1.2  # a waiting number is taken after this pause


class TypedNumber:
    """The digits typed so far while a longer number could still follow."""

    def __init__(self) -> None:
        self.digits = ""
        self.waited = 0.0

    @property
    def waiting(self) -> bool:
        return bool(self.digits)

    def clear(self) -> None:
        self.digits, self.waited = "", 0.0

    def add(self, digit: int, numbers: Callable[[], set[str]], take: Callable[[str], object]) -> None:
        """One more digit. `numbers` gives what the next choice accepts (asked again after a
        number is taken: a seat's number is followed by its slots); `take` acts on a number."""
        typed = self.digits + str(digit)
        if self.digits and not any(n.startswith(typed) for n in numbers()):
            held = self.digits
            self.clear()
            take(held)  # the waiting number is whole: the new digit starts the next one
            typed = str(digit)
        if any(n.startswith(typed) and len(n) > len(typed) for n in numbers()):
            self.digits, self.waited = typed, 0.0
            return
        self.clear()
        take(typed)

    def flush(self, take: Callable[[str], object]) -> bool:
        """Take the waiting number as it is; False when nothing was waiting."""
        if not self.digits:
            return False
        held = self.digits
        self.clear()
        take(held)
        return True

    def tick(self, dt: float, take: Callable[[str], object]) -> bool:
        """Time passes; after the pause the waiting number is taken. True when it was."""
        if not self.digits:
            return False
        self.waited += dt
        return self.waited >= HOLD_SECONDS and self.flush(take)

    def draw(self, ctx: TableContext, surface: pygame.Surface, near: pygame.Rect | None) -> None:
        """The waiting digits and how to go on, in a bubble beside the cards they number (`near`):
        above them, or below them in the upper half of the table."""
        if not self.digits:
            return
        size = max(10, ctx.app.px(15))
        font = ctx.app.font(size, True)
        img = font.render(ctx.tr("table.typed_number", number=self.digits), True, theme.ACCENT_TEXT)
        box = img.get_rect().inflate(size, size // 2)
        area = surface.get_rect()
        if near is None:
            box.center = area.center
        elif near.centery < area.centery:
            box.topright = (near.right, near.bottom + 4)
        else:
            box.bottomright = (near.right, near.top - 4)
        box.clamp_ip(area)
        pygame.draw.rect(surface, theme.ACCENT, box, border_radius=box.h // 2)
        pygame.draw.rect(surface, theme.TEXT, box, 2, border_radius=box.h // 2)
        surface.blit(img, img.get_rect(center=box.center))

class NumberKeys:
    """The composer's side of typed numbers (mixed into ComposerInput): what the next choice
    accepts, the pause, where the bubble goes."""

    composer: Composer | None
    cards: CardTargets
    typing: TypedNumber

    def _numbers(self, ctx: TableContext) -> set[str]:
        """The numbers the next choice accepts typed: a card step's seats, slots or ranks, else
        the digit words of the first pick by token (a bait's value)."""
        comp = self.composer
        if comp is None or ctx.seat is None:
            return set()
        numbers = self.cards.numbers(ctx, comp)
        if numbers is not None:
            return numbers
        step = self._token_step(comp)
        return {w for w in self._known_words(ctx, step) if w.isdigit()} if step is not None else set()

    def _token_step(self, comp: Composer) -> Pick | None:
        """The pick that takes a typed digit when no card step is open (the first by token)."""
        return next((s for s in comp.steps() if isinstance(s, Pick) and s.keys == "token" and not self._filled_before(comp, s)), None)

    def tick(self, dt: float, ctx: Callable[[], TableContext]) -> bool:
        """Time passes for a number being typed; True when it was taken (the table redraws)."""
        return self.typing.waiting and self.typing.tick(dt, lambda typed: self._typed(ctx(), typed))

    def _number_spots(self, ctx: TableContext) -> list[tuple[str, pygame.Rect]]:
        """The cards the next typed number may name, with their numbers."""
        comp = self.composer
        if comp is None or ctx.seat is None:
            return []
        spots = self.cards.number_spots(ctx, comp)
        if spots is not None:
            return spots
        step = self._token_step(comp)
        return [(i.word, i.rect) for i in self.items(ctx) if i.step is step and not i.ghost and i.word.isdigit()]

    def draw_typing(self, ctx: TableContext, surface: pygame.Surface) -> None:
        """While digits wait: the number of each card they may still become, and the bubble."""
        if not self.typing.waiting:
            return
        spots = [(n, r) for n, r in self._number_spots(ctx) if n.startswith(self.typing.digits)]
        for number, rect in spots:
            self.cards.badge(ctx, surface, number, (rect.centerx, rect.bottom), number == self.typing.digits, "midtop")
        rects = [r for _, r in spots]
        self.typing.draw(ctx, surface, rects[0].unionall(rects[1:]) if rects else None)

    # provided by ComposerInput
    def _typed(self, ctx: TableContext, typed: str) -> bool:
        raise NotImplementedError

    def _known_words(self, ctx: TableContext, step: Pick) -> list[str]:
        raise NotImplementedError

    def _filled_before(self, comp: Composer, step: Pick) -> bool:
        raise NotImplementedError

    def items(self, ctx: TableContext) -> list[Any]:
        raise NotImplementedError

    def _source(self, ctx: TableContext, zone: str) -> Any:
        raise NotImplementedError
