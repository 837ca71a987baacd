"""The Silver table: every seat's village row, the draw and discard piles, the drawn card, the amulet.

The viewer's village lies at the bottom (large cards), the others along the top, the piles and
the drawn card in the middle. Every choice is a composer template: exchanges and the first
peeks pick own slots (then Enter or the confirm button); a power's targets, the amulet, an
empath's look, a bodyguard's and the rascal's choice are `Target` steps (a card of a village,
a card of the spread discard pile: clicked, or typed as a seat's number then a slot), checked
against the legal texts at each click (scenes/table/composer_cards.py).
Village pictures carry the slot number ('v:<slot>:<mode>:<card>', silver_amulet_draw.py).
"""

from __future__ import annotations

from typing import Any

import pygame

from game import languages
from game.engine import events as ev
from game.engine import registry
from game.engine.events import CardMoved, CardRevealed, CardSeen, Event, MarkerChanged
from game.games.silver_amulet.actions import (
    AMULET,
    CALL,
    DISCARD,
    DRAW,
    EXCHANGE,
    GUARD,
    KEEP,
    LEAVE,
    PEEK,
    TAKE,
    USE,
)
from game.games.silver_amulet.effects import Power
from game.games.silver_amulet.view_types import SilverView
from scenes.layouts import silver_amulet_draw as art
from scenes.layouts import silver_amulet_read as read
from scenes.table import labels, recipes
from scenes.table import regions as kit
from scenes.table.buttons import Button
from scenes.table.composer import CARD, PILE, Carry, Confirm, Pick, Press, Target
from scenes.table.layout import Layout, TableContext, zone_cards
from scenes.table.regions import ACTIONS, AREA, GRID, MARKER, PANEL, SLOT, STACK, Placements, Region


def slot_word(picture: str) -> str:
    """A village card's word in the action text: its slot number ('v:3:down:back' -> '3')."""
    parsed = art.parse(picture)
    return str(parsed[0]) if parsed else picture


def power_template(power: Power, steps: list[str]) -> str:
    """A used power's form for a Confirm, each target's words (its seat and place, or a place)
    given by one composer step."""
    names = [name for name in power.form.fields if not name.endswith("_seat")]
    given: dict[str, str | None] = {}
    for name, step in zip(names, steps, strict=True):
        given[name], given[name + "_seat"] = step, None
    return power.form.template(**given)


def own_card() -> Target:
    """A card of the acting seat's village, its word the slot ('guard 3', 'amulet 2')."""
    return Target("village", of=CARD, own=True, offset=1, name="slot")


def place(view: SilverView, rect: pygame.Rect, theme: kit.TableTheme | None = None) -> Placements:
    """Every region of the Silver table for `view` inside `rect` (pure; no display needed)."""
    theme = theme or kit.TableTheme()
    rect = pygame.Rect(rect)
    scale = max(0.5, min(rect.w / 1280, rect.h / 720))
    gap = max(4, int(8 * scale))
    hud_h = max(18, int(26 * scale))
    label_h = max(14, int(20 * scale))
    ch = max(theme.min_card_height, int(rect.h * 0.16))
    cw = int(ch * theme.card_ratio)
    sch = max(theme.min_card_height, int(ch * 0.6))
    scw = int(sch * theme.card_ratio)
    out = Placements(rect, card_size=(scw, sch), hand_card_size=(cw, ch))
    out.add_hud(hud_h)
    order = recipes.seat_order(view["players"], view.get("seat"))
    me = order[0]
    holder = view.get("holder")

    # the viewer's village along the bottom, the buttons at its right
    buttons_w = int(250 * scale)
    band_y = rect.bottom - ch - gap
    vx = rect.x + int(130 * scale) + gap  # right of the record buttons
    village = pygame.Rect(vx, band_y, rect.right - buttons_w - 2 * gap - vx, ch)
    out.add(Region(f"panel:{me}", PANEL, pygame.Rect(vx, band_y - label_h - gap // 2, min(village.w, int(320 * scale)), label_h), seat=me))
    out.add(Region(f"village:{me}", GRID, village, "village", me, (cw, ch), "up", label="zone.village", source=True))
    actions = pygame.Rect(rect.right - buttons_w - gap, band_y - 2 * label_h - gap, buttons_w, ch + 2 * label_h + gap)
    out.add(Region(ACTIONS, AREA, actions))
    caption = pygame.Rect(rect.x + gap, band_y - 2 * label_h - 2 * gap, actions.x - rect.x - 2 * gap, label_h + gap // 2)
    out.add_caption(caption)

    # the other seats along the top, left to right clockwise
    others = order[1:]
    top = rect.y + hud_h + gap
    if others:
        block_w = (rect.w - gap * (len(others) + 1)) // len(others)
        for k, seat in enumerate(others):
            x = rect.x + gap + k * (block_w + gap)
            out.add(Region(f"panel:{seat}", PANEL, pygame.Rect(x, top, block_w - scw - gap, label_h), seat=seat))
            row = pygame.Rect(x, top + label_h + gap // 2, block_w - scw - 2 * gap, sch * 2 + gap)
            out.add(Region(f"village:{seat}", GRID, row, "village", seat, (scw, sch), "up", label="zone.village"))
            out.add(Region(f"drawn:{seat}", SLOT, pygame.Rect(x + block_w - scw, top + label_h + gap // 2, scw, sch),
                           "drawn", seat, (scw, sch), "down", label="zone.drawn"))
    middle_top = top + label_h + 2 * sch + 3 * gap
    middle = pygame.Rect(rect.x + gap, middle_top, rect.w - 2 * gap, caption.y - gap - middle_top)

    # the middle: score sheet, deck, discard pile, drawn card, amulet's home
    mh = min(middle.h - label_h, int(ch * 1.1))
    mw = int(mh * theme.card_ratio)
    rows = view["players"] + 3  # the title may take two lines
    sheet = pygame.Rect(middle.x, middle.y, int(270 * scale), min(middle.h - label_h, int(rows * 19 * scale) + 10))
    out.add(Region("sheet", AREA, sheet))
    y = middle.y + label_h
    deck = pygame.Rect(sheet.right + 2 * gap, y, mw, mh)
    out.add(Region("deck", STACK, deck, "deck", None, (mw, mh), "down", label="zone.deck"))
    spread = view.get("power") == "master" and holder == me and view.get("step") == "power"
    if spread:  # the master takes any card of the pile: spread it out below the piles
        top = deck.bottom + 2 * gap + label_h  # below the deck's count
        area = pygame.Rect(deck.x, top, middle.right - deck.x, middle.bottom - top)
        pile_h = max(sch // 2, min(area.h - 4, int(mh * 0.8)))  # as large as the room under the piles allows
        small = (int(pile_h * theme.card_ratio), pile_h)
        out.add(Region("discard", GRID, area, "discard", None, small, "up", label="zone.discard"))
    else:
        out.add(Region("discard", SLOT, deck.move(mw + 2 * gap, 0), "discard", None, (mw, mh), "up", label="zone.discard"))
    aside_size = (int(mw * 0.6), int(mh * 0.6))
    out.add(Region("aside", STACK, pygame.Rect(sheet.x, sheet.bottom + gap + label_h, *aside_size), "aside", None,
                   aside_size, "down", label="zone.aside"))
    big_h = min(middle.h - label_h, int(ch * 1.3))
    big = (int(big_h * theme.card_ratio), big_h)
    drawn = pygame.Rect(deck.right + mw + 5 * gap, y, big[0] * 2 + gap, big_h)
    out.add(Region(f"drawn:{me}", GRID, drawn, "drawn", me, big, "up", label="zone.drawn", columns=2))
    # the amulet's home in the left column, right of the set-aside cards (its label under it):
    # the controls' help texts keep the width of the table's right part
    side = int(cw * 0.55)
    home = pygame.Rect(sheet.x + aside_size[0] + 3 * gap + max(0, (sheet.w - aside_size[0] - 3 * gap - side) // 2),
                       sheet.bottom + gap + label_h, side, side)
    controls = pygame.Rect(drawn.right + 3 * gap, y, middle.right - drawn.right - 3 * gap, max(big_h, middle.bottom - y))
    out.add(Region("controls", AREA, controls))

    # the amulet: on the protected card, else beside its holder's name, else in the middle
    token = home.size
    spot = home
    card = view.get("amulet_card")
    if card is not None and f"village:{card[0]}" in out.regions:
        region = out.regions[f"village:{card[0]}"]
        rects = region.card_rects(len(view["villages"][card[0]]))
        if 0 < card[1] <= len(rects):
            r = rects[card[1] - 1]
            side = max(10, r.w // 2)
            spot = pygame.Rect(r.right - side * 3 // 4, r.bottom - side * 3 // 4, side, side)
    elif view.get("amulet") is not None and f"panel:{view['amulet']}" in out.regions:
        p = out.regions[f"panel:{view['amulet']}"].rect
        spot = pygame.Rect(p.right + 2, p.y, p.h, p.h)
    out.add(Region("amulet", MARKER, spot, card_size=token if spot is home else spot.size, marker="amulet",
                   value=view.get("amulet"), label="marker.amulet"))
    return out


class SilverAmuletLayout(Layout[SilverView]):
    """Villages, piles, the drawn card, the amulet; exchanges by the composer, targets by clicks."""

    game_id = "silver_amulet"
    setup_moves = ("collect", "deal", "start_discard")  # a round's set-up and clean-up: not marked as a last move
    batched_moves = ("collect", "deal")
    quiet_moves = ("collect",)
    phase_steps = {"reveal": "reveal", "round": "chapter"}
    tally_zones = ("village",)  # counted at the round's end: the scoring moment leaves them in view
    tally_keep_clear = ("sheet",)  # the points lost so far, beside the deck: the boxes add to them
    move_sounds = {"draw": "deal", "exchange": "capture"}

    def __init__(self) -> None:
        self.mode = ""  # "amulet" or an empath's verb, chosen with a button: own cards then answer for it
        self.mode_key: tuple[Any, ...] = ()
        self.looks: dict[int, dict[tuple[Any, int], str]] = {}  # viewer -> (seat or 'deck', slot) -> card

    def place(self, view: SilverView, rect: pygame.Rect, theme: kit.TableTheme | None = None) -> Placements:
        return place(view, rect, theme)

    # ------------------------------------------------------------------ input
    def templates(self, view: SilverView, seat: int) -> list[Any]:
        """The composer's templates for the step: peeks and exchanges pick own slots; the amulet,
        an empath's look, a bodyguard's choice, the rascal's card and a used power's targets are
        card (or pile) Targets; the turn's other choices are buttons with keys."""
        self._sync_mode(view, seat)
        step = view.get("step")
        out: list[Any] = [Press(DRAW.text(), key="d"), Press(TAKE.text(), key="t"), Press(CALL.text(), key="c"),
                          Press(DISCARD.text(), key="x"), Press(USE.text(), key="u")]
        if view["phase"] == "peek":
            return [Pick("village", count=(1, 5), token=slot_word, keys="token")
                    >> Confirm(PEEK.template(slots="village"), auto=True)]  # its help: `control_texts`
        if view.get("pending_guard") == seat:
            return [own_card() >> Confirm(GUARD.template(), auto=True)]
        if view.get("turn") != seat:
            return out
        out.append(Carry("", onto="village", marker="amulet", then="amulet {}"))  # the token onto a place (when legal)
        if step == "main":  # the discard's card dragged onto a village place: take it, exchange that place
            out.append(Carry("discard", onto="village", first="take discard", then="exchange {}"))
        if step == "rascal":  # the two drawn cards, or keys 1 and 2
            return [Press(KEEP.text(0), key="1"), Press(KEEP.text(1), key="2"),
                    Target("drawn", of=CARD, own=True, offset=1, name="card") >> Confirm(KEEP.template(), auto=True)]
        if step == "power":
            carry = [Carry("deck", onto="t0")] if view.get("power") == "witch" else []  # its deck card onto a village card
            return [Press(LEAVE.text(), key="n"), *self.power_templates(view), *carry]
        if self.mode:
            mode_form = registry.load(self.game_id).grammar.form(self.mode)  # the amulet's, or an empath's look
            out.append(own_card() >> Confirm(mode_form.template(), auto=True))
        elif step in ("drawn", "taken"):  # clicks, keys, or a drag between the card and a village place
            out.append(Pick("village", count=(1, 12), token=slot_word, keys="token", to=("drawn", "discard"))
                       >> Confirm(EXCHANGE.template(slots="village"), drop=True))  # its help: `control_texts`
            out.append(Carry("drawn", onto="village"))
            out.append(Carry("drawn", onto="discard", sends="discard"))  # dropped on the pile: discarded (or why not)
        return out

    def power_templates(self, view: SilverView) -> list[Any]:
        """The used power's action as Target steps, from its targets in the engine: a village
        card (own slot, or seat and slot), a card of the spread discard pile."""
        rules: Any = registry.load(self.game_id)
        power = rules.characters({})[view["power"]].power if view.get("power") else None
        if power is None or not power.targets:
            return []
        steps = [Target("discard", of=PILE, offset=1, name=f"t{k}") if t.name == "pile_card" else
                 Target("village", of=CARD, own=not t.with_seat, offset=1, name=f"t{k}", count=(1, getattr(power, "up_to", 1)))
                 for k, t in enumerate(power.targets)]
        template: Any = steps[0]
        for step in steps[1:]:
            template = template >> step
        return [template >> Confirm(power_template(power, [s.field for s in steps]), auto=True)]

    def _sync_mode(self, view: SilverView, seat: int | None, legal: list[str] | None = None) -> None:
        """A new turn or step forgets the amulet's or empath's mode, and so does its move once
        made (the empath's one look of the turn: no hint left asking for another)."""
        key = (seat, view.get("round"), view.get("turn"), view.get("step"), view.get("holding"), view.get("phase"))
        if key != self.mode_key:
            self.mode_key, self.mode = key, ""
        elif self.mode and legal is not None and not any(t.startswith(self.mode + " ") for t in legal):
            self.mode = ""

    def ghost_rects(self, ctx: TableContext[SilverView], pick: Any, count: int) -> list[pygame.Rect] | None:
        """A picked village card stays in its slot (a card never changes place)."""
        me = ctx.view.get("seat")
        region = ctx.regions.get(f"village:{me}")
        if region is None or ctx.composer is None:
            return None
        rects = region.card_rects(len(ctx.view["zones"]["village"][me]))
        out = []
        for word in ctx.composer.pending(pick)[:count]:
            i = int(word) - 1 if word.isdigit() else 0
            r = rects[i] if 0 <= i < len(rects) else region.rect
            out.append(r)
        return out

    def _modes(self, ctx: TableContext[SilverView]) -> list[tuple[str, str, str]]:
        """(mode, label, key) of the amulet's and an empath's buttons offered now."""
        if ctx.seat is None or not ctx.legal or ctx.view.get("step") in ("power", "rascal"):
            return []
        verbs = {t.partition(" ")[0] for t in ctx.legal}  # the forms offered, by their verbs
        modes = []
        if AMULET.verb in verbs:
            modes.append((AMULET.verb, ctx.tr("silver_amulet.place_amulet"), "a"))
        rules: Any = registry.load(self.game_id)
        looks = sorted(verbs.intersection(rules.look_forms))  # an empath's look: its card's id
        if looks:
            modes.append((looks[0], ctx.tr("silver_amulet.free_look"), "e"))
        return modes

    def buttons(self, ctx: TableContext[SilverView]) -> list[Button]:
        """The amulet's and an empath's mode buttons (under the actions' buttons), and the confirm
        button under the controls' help while a choice needs confirming."""
        if ctx.seat is None or ctx.busy:
            return []
        self._sync_mode(ctx.view, ctx.seat, ctx.legal)
        out = [Button(mode, text, key, chosen=self.mode == mode) for mode, text, key in self._modes(ctx)]
        confirm = self.confirm_rect(ctx)
        if confirm is not None:
            out.append(Button("confirm", ctx.tr("silver_amulet.confirm"), chosen=True, rect=confirm[0]))
        return out

    def press(self, ctx: TableContext[SilverView], name: str) -> None:
        """The confirm button sends the choice; a mode button toggles its mode."""
        if name == "confirm":
            ctx.composer.confirm(ctx)
        else:
            self._toggle(ctx, name)

    def confirm_rect(self, ctx: TableContext[SilverView]) -> tuple[pygame.Rect, str] | None:
        """The confirm button while a choice spells a legal action that needs confirming."""
        comp = ctx.composer.composer if ctx.composer is not None else None
        text = comp.ready() if comp is not None else None
        region = ctx.regions.get("controls")
        if text is None or region is None:
            return None
        h = min(ctx.app.px(40), region.rect.h // 3)
        return pygame.Rect(region.rect.x, region.rect.bottom - h, min(region.rect.w, ctx.app.px(300)), h), text

    def _toggle(self, ctx: TableContext[SilverView], mode: str) -> bool:
        """The amulet's or an empath's button: own cards now answer for it (again: exchanges)."""
        self.mode = "" if self.mode == mode else mode
        if ctx.composer is not None:
            ctx.composer.reset()  # rebuilt from `templates` with the new mode
        return True

    def handle_event(self, ctx: TableContext[SilverView], event: pygame.event.Event) -> bool:
        """A click on the deck or the discard pile; Escape puts a mode down."""
        looker = ctx.view.get("seat")
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and looker is not None:
            self.looks.pop(looker, None)  # a look is shown until the looker's next move
        if ctx.seat is None or ctx.busy:
            return False
        self._sync_mode(ctx.view, ctx.seat, ctx.legal)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if "draw" in ctx.legal and ctx.regions["deck"].rect.collidepoint(event.pos):
                ctx.submit("draw")
                return True
            if (ctx.view.get("step") == "main" and "take discard" not in ctx.legal and ctx.view.get("discard")
                    and ctx.regions["discard"].rect.collidepoint(event.pos)):
                ctx.explain("take discard")  # why not (a lone card under the amulet)
                return True
            return False  # the discard pile: a click takes it, a drag takes it into a place (composer_drops.py)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.mode:
            return self._toggle(ctx, self.mode)
        return False

    def end_look(self, seat: int) -> None:
        self.looks.pop(seat, None)  # its peeked cards are then marked as known (their value: memory aid)

    def drop_hint(self, ctx: TableContext[SilverView]) -> str | None:
        """Where a village card (or the drawn card) dragged at an exchange goes (a card drawn
        from the deck may also be dropped on the discard pile: discarded)."""
        step = ctx.view.get("step")
        return ctx.tr(f"silver_amulet.drop_{'drawn' if step == 'drawn' else 'exchange'}") if step in ("drawn", "taken") else None

    def hint(self, ctx: TableContext[SilverView]) -> str | None:
        view = ctx.view
        self._sync_mode(view, ctx.seat, ctx.legal if ctx.seat is not None else None)
        if view.get("pending_guard") is not None and view.get("pending_guard") == ctx.seat:
            return ctx.tr("silver_amulet.hint_guard")
        if view.get("step") == "power" and view.get("power"):
            return ctx.tr(f"silver_amulet.power_hint.{view['power']}")
        key = "peek" if view.get("phase") == "peek" else "amulet" if self.mode == "amulet" else "free_look" if self.mode else None
        return ctx.tr(f"silver_amulet.hint_{key or view.get('step') or 'main'}")

    def targeting(self, ctx: TableContext[SilverView]) -> bool:
        """Whether the acting seat now chooses a target (a power's, the amulet's, a look's, a guard's)."""
        view = ctx.view
        return bool(self.mode) or view.get("step") == "power" or (
            view.get("pending_guard") is not None and view.get("pending_guard") == ctx.seat)

    # ----------------------------------------------------------------- drawing
    def _looks_of(self, view: SilverView) -> dict[tuple[Any, int], str]:
        """The cards the view's seat has looked at (none for a view of nobody's)."""
        seat = view.get("seat")
        return self.looks.get(seat, {}) if seat is not None else {}

    def region_cards(self, view: SilverView, region: Region, cards: list[str]) -> list[str]:
        """Village cards as slot pictures: face up, looked at just now, known (marked), unknown.
        The view's `villages` (kept in step with the animation) says each slot's card and face."""
        if region.zone != "village" or region.seat is None:
            return cards
        rows = view.get("villages") or []
        slots = rows[region.seat] if region.seat < len(rows) and len(rows[region.seat]) == len(cards) else None
        looks = self._looks_of(view)
        out = []
        for i, card in enumerate(cards):
            up = False
            if slots is not None:
                card, up = slots[i].get("card") or "back", slots[i].get("face") == "up"
            known = card not in (None, "back")
            if up and known:
                mode = "up"
            elif known and looks.get((region.seat, i)) == card:
                mode = "look"
            elif known:
                mode = "aid" if view.get("memory_aid") else "known"
            else:
                mode = "down"
            out.append(f"v:{i + 1}:{mode}:{card if known else 'back'}")
        return out

    def card_tip(self, ctx: TableContext[SilverView], region: Region, cards: list[str], index: int) -> list[str]:
        """A character's name, value and power; of a face-down card only what the viewer may know."""
        return read.card_tip(ctx, region, self.region_cards(ctx.view, region, cards), index)

    def card_face(self, card_art: Any, card: str, size: tuple[int, int]) -> pygame.Surface | None:
        if card.startswith("v:"):
            return art.village_card(card_art, card, size)
        if card in card_art.rules.value:
            return art.character(card_art, card, size)
        return None

    def marker_face(self, card_art: Any, marker: str, value: Any, size: tuple[int, int]) -> pygame.Surface | None:
        return art.amulet(size) if marker == "amulet" else None

    def draw_table(self, ctx: TableContext[SilverView], surface: pygame.Surface) -> None:
        """Zone labels with counts, the score sheet, the deck top a squire saw, the controls' help."""
        view, regions = ctx.view, ctx.regions
        size = max(9, ctx.app.px(13))
        zones = [regions[n] for n in ("deck", "discard", f"drawn:{view.get('seat')}", "aside") if n in regions]
        for region in zones:
            count = len(zone_cards(view, region))
            text = ctx.text(region.label) + (f" ({count})" if region.zone in ("deck", "discard", "aside") else "")
            # as wide as the room before the next label of the row ("Pioche (31)" never runs into "Défausse")
            after = [r.rect.x for r in zones if r.rect.x > region.rect.x and abs(r.rect.y - region.rect.y) < size]
            width = min(after) - region.rect.x - 8 if after else max(region.rect.w + 2 * size, regions["sheet"].rect.w if "sheet" in regions else 0)
            short = f"{region.label}.short"
            if ctx.rules.has_text(short) and not art.fit_lines(ctx.app, text, width, ctx.app.font(size, True).get_linesize(), size, most=1)[2]:
                text = text.replace(ctx.text(region.label), ctx.text(short), 1)  # "Discard (19)": the count whole
            labels.label(ctx, surface, text, (region.rect.x, region.rect.y - 2), size, anchor="bottomleft", width=width)
        seen = self._looks_of(view).get(("deck", 0))
        if seen and "deck" in regions:
            r = regions["deck"].rect
            small = pygame.Rect(r.x, r.y, r.w * 2 // 3, r.h * 2 // 3).move(r.w // 2, -r.h // 6)
            surface.blit(ctx.art.card(f"v:1:look:{seen}", small.size), small)
        amulet = regions.get("amulet")
        if amulet is not None and view.get("amulet") is None:  # centred under its home, clear of its neighbours
            band = [r.rect for r in regions.values() if r.kind != PANEL and r is not amulet and r.name not in (kit.HUD, kit.CAPTION)
                    and r.rect.y < amulet.rect.bottom + 3 * size and r.rect.bottom > amulet.rect.bottom]
            left = max((r.right for r in band if r.right <= amulet.rect.x), default=amulet.rect.x - size * 4)
            right = min((r.x for r in band if r.x >= amulet.rect.right), default=amulet.rect.right + size * 4)
            width = 2 * min(amulet.rect.centerx - left, right - amulet.rect.centerx) - 8
            labels.label(ctx, surface, ctx.tr("silver_amulet.amulet_home"), (amulet.rect.centerx, amulet.rect.bottom + 2), size,
                      anchor="midtop", width=width, most=2)
        if "sheet" in regions:
            art.score_sheet(ctx, surface, regions["sheet"].rect)
        caller = view.get("caller")
        if caller is not None:
            panel = regions.get(f"panel:{caller}")
            if panel is not None:
                # inside the caller's own plate, between name (and status) and points: beside it,
                # it ran over the next seat's plate at three players
                self._draw_called(ctx, surface, panel.rect, caller, size)
        if ctx.seat is None or ctx.busy:
            return
        self._sync_mode(view, ctx.seat, ctx.legal if ctx.seat is not None else None)
        confirm = self.confirm_rect(ctx)  # drawn by the table (`buttons`)
        controls = regions.get("controls")
        if controls is not None:  # what to do, then the drawn card's power, above the confirm button
            room = controls.rect.copy()
            if confirm is not None:
                room.h = max(10, confirm[0].y - room.y - 4)
            labels.paragraphs(ctx, surface, self.control_texts(ctx), room)

    def control_texts(self, ctx: TableContext[SilverView]) -> list[str]:
        """The help texts of the controls area now: how to choose (a target, the peek, an
        exchange), then what the drawn card's power does (while nothing is chosen)."""
        view = ctx.view
        if self.targeting(ctx):
            return [self.hint(ctx) or ""]
        step = view.get("step")
        out = []
        if view.get("phase") == "peek" and view.get("peeked") and ctx.seat is not None and not view["peeked"][ctx.seat]:
            out.append(ctx.tr("silver_amulet.help_peek"))
        elif step in ("drawn", "taken") and view.get("turn") == ctx.seat:
            out.append(ctx.tr("silver_amulet.help_exchange"))
        elif step == "main" and view.get("turn") == ctx.seat and "take discard" in ctx.legal:
            out.append(ctx.tr("silver_amulet.help_main"))
        drawn = view.get("drawn") or []
        choosing = ctx.composer is not None and ctx.composer.composer is not None and ctx.composer.composer.any_choice()
        if drawn and step == "drawn" and view.get("turn") == ctx.seat and not choosing:  # what its power does
            out.append(ctx.rules.data["characters"][drawn[0]]["power"][ctx.app.settings.language])
        return out

    def _draw_called(self, ctx: TableContext[SilverView], surface: pygame.Surface, plate: pygame.Rect, seat: int, size: int) -> None:
        """"Has called the count" in the caller's plate, in the room its name, status and points
        leave (the painter's sizes: scenes/table/painter.py), shorter if that room is small."""
        font_size = max(9, int(plate.h * 0.62))
        font = ctx.app.font(font_size, True)
        score = (ctx.view.get("scores") or [0] * (seat + 1))[seat]
        used = font.size(ctx.name(seat))[0] + font.size(str(score))[0] + 24
        used += ctx.app.font(max(8, int(font_size * 0.8))).size(ctx.tr("table.ready"))[0] + 6
        room = plate.w - used
        centre = (plate.right - 6 - font.size(str(score))[0] - 6 - room // 2, plate.centery)
        small = min(size, max(8, plate.h - 4))
        for key in ("silver_amulet.called", "silver_amulet.called_short"):
            text = ctx.tr(key)
            if ctx.app.font(small, True).size(text)[0] <= room or key.endswith("short"):
                labels.label(ctx, surface, text, centre, small, (250, 214, 96), anchor="center", width=room)
                return

    def player_aid(self, app: Any, rules: Any) -> str | None:
        """The 14 characters by when they act: value, name, copies and power (the rulebook's
        player aid), from the game's data in the player's language."""
        chars = rules.data["characters"]

        def power(card: str) -> str:
            powers = chars[card]["power"]
            return powers.get(app.settings.language) or powers[languages.REFERENCE]

        lines = [f"# {app.tr('silver_amulet.aid_title')}", app.tr("silver_amulet.aid_intro")]
        for when in ("face_up", "drawn_and_discarded", "exchanging"):
            lines += ["", f"## {app.tr(f'silver_amulet.aid_when.{when}')}"]
            for card in (c for c in rules.card_order if chars[c]["when"] == when):
                name = app.game_text(rules, f"card.{card}")
                copies = app.tr("silver_amulet.aid_copies", count=chars[card]["copies"])
                lines.append(f"- **{chars[card]['value']} · {name}** ({copies}) — {power(card)}")
        lines += ["", f"## {app.game_text(rules, 'marker.amulet')}", app.game_text(rules, "marker.amulet.rule")]
        return "\n".join(lines)

    def gallery_cards(self, app: Any, rules: Any, size: tuple[int, int]) -> list[pygame.Surface]:
        """The 14 characters, each with its value, name and power."""
        card_art = self.card_art(app, rules)
        return [art.character(card_art, card, size, detail=True) for card in rules.card_order]

    # ---------------------------------------------------------------- animation
    def start_move(self, view: SilverView, event: CardMoved) -> str | None:
        """A card leaves its village slot: the slots after it close up (as in the engine)."""
        if event.from_zone == "village" and event.from_slot is not None and event.from_seat is not None:
            for row in (view.get("villages") or [], view["zones"]["village"], (view.get("cards") or {}).get("village")):
                row = row[event.from_seat] if row else []
                if 0 <= event.from_slot < len(row) and (row is view["villages"][event.from_seat] or row[event.from_slot] is None):
                    row.pop(event.from_slot)  # the table left an empty slot (None): a village closes up
        return event.card

    def apply_event(self, view: SilverView, event: Event) -> None:
        """Keep each village slot's card and face in step with the animation; remember what the
        viewer just looked at, shown face up until their next move."""
        rows, me = view.get("villages") or [], view.get("seat")
        if isinstance(event, ev.PhaseBegan):
            view["phase"] = event.phase  # "reveal": the round's end shows every village
        if isinstance(event, CardMoved) and event.to_zone == "village" and event.to_slot is not None:
            for lists in (view["zones"]["village"], (view.get("cards") or {}).get("village")):
                row = lists[event.to_seat] if lists else []
                if event.to_slot < len(row) - 1:
                    row.insert(event.to_slot, row.pop())  # the table appended it: into its slot
        elif isinstance(event, ev.ScoreChanged) and event.reason == "round_end":
            sheet = view.setdefault("score_sheet", [])
            while len(sheet) < view.get("round", 1):
                sheet.append([0] * view["players"])
            sheet[view.get("round", 1) - 1][event.seat] = event.delta
        if isinstance(event, CardMoved) and event.to_zone == "village" and event.to_seat is not None:
            row = rows[event.to_seat]
            at = event.to_slot if event.to_slot is not None else len(row)
            row.insert(min(at, len(row)), {"card": event.card, "face": "up" if event.visible == ev.ALL_SEATS else "down",
                                           "protected": False, "guarded": False})
        elif isinstance(event, (CardRevealed, CardSeen)) and event.zone == "village" and event.seat is not None:
            row, slot = rows[event.seat], event.slot if event.slot is not None else -1
            if 0 <= slot < len(row) and event.card:
                if isinstance(event, CardRevealed):
                    row[slot] = {**row[slot], "card": event.card, "face": "up"}
                elif event.viewer == me:
                    row[slot] = {**row[slot], "card": event.card}
        if isinstance(event, CardSeen) and event.card and event.viewer == me:
            where = ("deck", 0) if event.zone == "deck" else (event.seat, event.slot if event.slot is not None else 0)
            self.looks.setdefault(event.viewer, {})[where] = event.card

    def marker_caption(self, event: MarkerChanged) -> tuple[str, dict[str, Any]] | None:
        if event.marker == "amulet":
            if isinstance(event.value, dict):
                return f"marker.amulet.{event.value.get('reason')}", {"seat": event.seat, "slot": event.value.get("slot")}
            return "marker.amulet_to", {"seat": event.value}
        if event.marker == "guard" and isinstance(event.value, dict):
            return "marker.guard.chosen", {"seat": event.seat, "slot": event.value.get("slot")}
        if event.marker in ("caller", "turn"):
            return f"marker.{event.marker}_to", {"seat": event.value}
        return None

    def apply_marker(self, view: SilverView, event: MarkerChanged) -> None:
        if event.marker == "amulet" and not isinstance(event.value, dict):
            view["amulet"] = event.value
        elif event.marker == "amulet" and event.value.get("reason") == "placed":
            view["amulet_card"] = [event.seat, event.value.get("slot")] if event.seat is not None else None
        elif event.marker == "amulet":
            view["amulet_card"] = None
        elif event.marker == "caller":
            view["caller"] = event.value

    # ------------------------------------------------------------------ texts
    def status_line(self, view: SilverView, text: Any) -> str:
        return f"{text('phase.round', number=view['round'])}/{view['rounds']}"

    def tour_steps(self, view: SilverView) -> list[kit.TourStep]:
        """Every zone of the table, the viewer's village first."""
        me = recipes.seat_order(view["players"], view.get("seat"))[0]
        other = (me + 1) % view["players"]
        spots = [((f"village:{me}",), "village"), (("deck", "discard"), "piles"), ((f"drawn:{me}",), "drawn"),
                 ((ACTIONS,), "actions"), (("amulet",), "amulet"), ((f"village:{other}", f"panel:{other}"), "others"),
                 (("sheet",), "sheet"), ((kit.HUD,), "keys")]
        return [kit.TourStep(names, f"tour.silver_amulet.{key}") for names, key in spots]
