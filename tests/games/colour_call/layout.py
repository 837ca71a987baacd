"""The Colour Call table: the viewer's hand at the bottom with its played cards above it and the
colour buttons beside it, the other players around the table, the deck in the middle.

A move is one action of three choices: drop a card of the hand on your played cards (or click
it, or type its initial), click the hand of the player you ask (or type their seat's number),
then a colour button (or its key). The composer offers at each step only what can still lead to
a legal action; the colour is a `Word` step, so the rule stays one action.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes.table import recipes
from scenes.table.composer import Confirm, Pick, Target, Word
from scenes.table.layout import Layout, TableContext
from scenes.table.regions import (
    ACTIONS,
    AREA,
    FAN,
    PANEL,
    ROW,
    STACK,
    Placements,
    Region,
    TableTheme,
)
from tests.games.colour_call.rules import CALL
from tests.games.colour_call.view_types import ColourCallView


def place(view: ColourCallView, rect: pygame.Rect, theme: TableTheme | None = None) -> Placements:
    """Every region of the table for `view` inside `rect` (pure: no display needed)."""
    theme = theme or TableTheme()
    rect = pygame.Rect(rect)
    ch = max(theme.min_card_height, int(min(rect.h / 6.5, rect.w / 9)))  # the viewer's cards
    cw = int(ch * theme.card_ratio)
    small = (int(ch * 0.6 * theme.card_ratio), int(ch * 0.6))  # the others' cards and the deck
    gap = max(3, int(ch * theme.gap))
    label_h = max(16, int(ch * 0.3))
    out = Placements(rect, card_size=small, hand_card_size=(cw, ch))
    out.add_hud(label_h + gap)
    order = recipes.seat_order(view["players"], view["seat"])
    me = order[0]

    # the viewer: hand at the bottom, played cards above it, the colour buttons at the right
    buttons_w = max(110, rect.w // 7)
    hand = pygame.Rect(rect.x + gap, rect.bottom - ch - gap, rect.w - buttons_w - 3 * gap, ch + gap)
    played = pygame.Rect(hand.x, hand.y - ch - gap, hand.w, ch)
    out.add(Region(f"hand:{me}", FAN, hand, "hand", me, (cw, ch), label="zone.hand", capacity=6, source=True))
    out.add(Region(f"played:{me}", ROW, played, "played", me, (cw, ch), label="zone.played", capacity=8))
    out.add(Region(f"panel:{me}", PANEL, pygame.Rect(played.x, played.y - label_h, played.w // 2, label_h), seat=me))
    actions = pygame.Rect(hand.right + gap, played.y - label_h, buttons_w, rect.bottom - played.y + label_h - gap)
    out.add(Region(ACTIONS, AREA, actions))  # the composer's buttons: here, the colours

    # the others around the table: a name, their hand (backs) and their played cards each
    top = rect.y + label_h + 2 * gap
    area = pygame.Rect(rect.x + gap, top, rect.w - 2 * gap, played.y - label_h - gap - top)
    block = (min(5 * small[0], area.w // max(1, len(order) - 1) - gap), label_h + 2 * small[1] + 2 * gap)
    for seat, spot in zip(order[1:], recipes.seats_around(area, block, len(order) - 1, gap), strict=True):
        out.add(Region(f"panel:{seat}", PANEL, pygame.Rect(spot.x, spot.y, spot.w, label_h), seat=seat))
        cards = pygame.Rect(spot.x, spot.y + label_h + gap, spot.w, small[1])
        out.add(Region(f"hand:{seat}", FAN, cards, "hand", seat, small, "down", capacity=4))
        out.add(Region(f"played:{seat}", ROW, cards.move(0, small[1] + gap), "played", seat, small, capacity=8))

    deck = pygame.Rect(0, 0, *small)
    deck.midtop = (area.centerx, area.y + block[1] + 2 * gap)
    out.add(Region("deck", STACK, deck, "deck", None, small, "down", label="zone.deck"))
    out.add_caption(pygame.Rect(area.x + block[0] + gap, deck.bottom + label_h, area.w - 2 * (block[0] + gap), label_h))
    return out


class ColourCallLayout(Layout[ColourCallView]):
    """The whole table of the tests' game: places its regions and declares its one move."""

    game_id = "colour_call"
    back_art = "tree"

    def place(self, view: ColourCallView, rect: pygame.Rect, theme: TableTheme | None = None) -> Placements:
        return place(view, rect, theme)

    def templates(self, view: ColourCallView, seat: int) -> list[Any]:
        return [Pick("hand", to=("played",), keys="initial")
                >> Target("hand", name="seat", keys="token")  # the hand of the player asked; typed: their seat
                >> Word("colour", label="colour.{}")
                >> Confirm(CALL.template(card="hand"), auto=True)]  # the step named `hand` gives the card

    def hint(self, ctx: TableContext[ColourCallView]) -> str | None:
        return ctx.text("hint") if ctx.seat is not None else None
