"""The black market at the Kill the Unicorns table: which tokens the acting seat can afford
(outlined, so a buyer sees at a glance what the hunt cards left in hand pay for), and the keyboard
(the arrows choose a token, Enter takes it, then the unicorn's number buys, as the composer's
unicorn step types it)."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.kill_the_unicorns.view_types import UnicornsView
from scenes.table.layout import TableContext

OUTLINE = (250, 214, 96)
FOCUS = (255, 255, 255)
NEXT_KEYS = (pygame.K_RIGHT, pygame.K_DOWN)
PREVIOUS_KEYS = (pygame.K_LEFT, pygame.K_UP)
TAKE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


def affordable(ctx: TableContext[UnicornsView]) -> list[tuple[str, pygame.Rect]]:
    """(word, rect) of every market token some legal purchase of the acting seat takes."""
    comp = ctx.composer.composer if ctx.composer is not None else None
    if comp is None or ctx.seat is None or ctx.view["phase"] != "market" or comp.picked("item"):
        return []
    offered = comp.offered("item")
    return [(item.word, item.rect) for item in ctx.composer.items(ctx)
            if item.step.field == "item" and not item.ghost and item.word in offered]


def buyable(ctx: TableContext[UnicornsView]) -> list[tuple[str, pygame.Rect]]:
    """The affordable tokens one per word (the first of identical tokens), left to right and
    row by row: what the arrow keys go through."""
    out: dict[str, pygame.Rect] = {}
    for word, rect in affordable(ctx):
        out.setdefault(word, rect)
    return sorted(out.items(), key=lambda pair: (pair[1].y, pair[1].x))


def market_key(layout: Any, ctx: TableContext[UnicornsView], event: pygame.event.Event) -> bool:
    """Arrows move the focus over the affordable tokens; Enter takes the focused one."""
    tokens = buyable(ctx)
    if not tokens:
        return False
    if event.key in NEXT_KEYS + PREVIOUS_KEYS:
        layout.market_focus = (layout.market_focus + (1 if event.key in NEXT_KEYS else -1)) % len(tokens)
        return True
    if event.key in TAKE_KEYS:
        word = tokens[layout.market_focus % len(tokens)][0]
        item = next(i for i in ctx.composer.items(ctx) if i.step.field == "item" and not i.ghost and i.word == word)
        ctx.composer.pick(ctx, item)
        return True
    return False


def draw_buyable(layout: Any, ctx: TableContext[UnicornsView], surface: pygame.Surface) -> None:
    """Each affordable token outlined; the one the arrows point at ringed in white."""
    for _, rect in affordable(ctx):
        pygame.draw.ellipse(surface, OUTLINE, rect.inflate(6, 6), 2)
    tokens = buyable(ctx)
    if tokens:
        pygame.draw.ellipse(surface, FOCUS, tokens[layout.market_focus % len(tokens)][1].inflate(12, 12), 2)
