"""The composer at the table: the layout's templates built by clicks, drags and keys.

Cards of a template's source zones are picked by a click, a drag onto a target zone, or a key;
a picked card waits as a ghost on its target until the choice spells a legal action (sent at
once for `auto` templates, else with the confirm button or Enter). A counter has - / + and
confirm buttons (keys + - arrows digits Enter); a `Press` is one button with its key; a `Word`
step is one button per word still offered, each with its key. Every refused step shows the
engine's reason.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import pygame

from scenes.table import buttons, recipes
from scenes.table.buttons import Button
from scenes.table.cards import card_outline
from scenes.table.composer import (
    SEAT,
    Composer,
    Counter,
    Pick,
    Press,
    Step,
    Target,
    Template,
    Word,
    free_letters,
)
from scenes.table.composer_cards import CardTargets
from scenes.table.composer_drops import CardDrops
from scenes.table.composer_number import NumberKeys, TypedNumber
from scenes.table.regions import Region
from scenes.ui import theme
from scenes.ui.text import fit_lines, fit_text

if TYPE_CHECKING:
    from scenes.table.layout import TableContext

DRAG_START = 6
PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_UP)
MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_DOWN)
DIGITS = {getattr(pygame, f"K_{i}"): i for i in range(10)}
DIGITS.update({getattr(pygame, f"K_KP{i}"): i for i in range(10)})
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
GHOST = (250, 214, 96)
TABLE_KEYS = frozenset("lszh")  # the table's own letters (log, score sheet, zoom, hint): never a card's key


@dataclass
class Item:
    """A card the acting seat may pick: its step, region, index, picture and word."""

    step: Step
    region: Region
    index: int
    picture: str
    word: str
    rect: pygame.Rect
    ghost: bool = False  # picked already: dragging it off its target takes it back


@dataclass
class Drag:
    item: Item
    start: tuple[int, int]
    pos: tuple[int, int]
    offset: tuple[int, int]
    moving: bool = False


AreaItem = Press | tuple[Word, str] | Button  # what a button stacked in an area is


class ComposerInput(NumberKeys):
    """One table's composer: rebuilt when the acting seat or the position changes."""

    def __init__(self, layout: Any) -> None:
        self.layout = layout
        self.key: tuple[Any, ...] | None = None
        self.composer: Composer | None = None
        self.drag: Drag | None = None
        self.cards = CardTargets()  # card and pile Target steps (composer_cards.py)
        self.typing = TypedNumber()  # a number of several digits being typed (composer_number.py)
        self.drops = CardDrops(self)  # a drawn card carried onto a place, a chosen card onto the next (composer_drops.py)

    # ---------------------------------------------------------------- state
    def sync(self, ctx: TableContext, position: int) -> Composer | None:
        """The composer for the acting seat now; a new turn (or an undo) forgets the choice."""
        key = (position, ctx.seat) if ctx.seat is not None else None
        if key != self.key:
            self.key, self.drag = key, None
            self.cards.reset()
            self.drops.reset()
            self.typing.clear()
            templates: list[Any] = self.layout.templates(ctx.view, ctx.seat) if ctx.seat is not None else []
            self.composer = Composer(templates, ctx.legal) if templates else None
        return self.composer

    def rebuild(self, ctx: TableContext) -> None:
        """The layout's templates changed while the choice was being built (the Knight's boost
        turned on): built again now, keeping every card picked that still leads to a legal
        action and the digits being typed ("3" then B kept the 3)."""
        chosen = {f: list(w) for f, w in self.composer.chosen.items()} if self.composer is not None else {}
        self.drag = None
        self.cards.reset()
        self.drops.reset()
        templates: list[Any] = self.layout.templates(ctx.view, ctx.seat) if ctx.seat is not None else []
        self.composer = Composer(templates, ctx.legal) if templates else None
        for field, words in chosen.items():
            for word in words:
                if self.composer is not None and self.composer.accepts(field, word):
                    self.composer.pick(field, word)

    def reset(self) -> None:
        self.key, self.composer, self.drag = None, None, None
        self.cards.reset()
        self.drops.reset()
        self.typing.clear()

    def tick(self, dt: float, ctx: Any) -> bool:
        """A carried card's second action when it is due (composer_drops.py), a typed number's pause."""
        return self.drops.tick(ctx) or super().tick(dt, ctx)

    def _seat_templates(self, ctx: TableContext) -> list[Any]:
        seat = ctx.view.get("seat")
        return self.layout.templates(ctx.view, seat) if seat is not None else []

    def counter(self, ctx: TableContext) -> Counter | None:
        comp = self.composer
        if comp is None:
            return None
        return next((s for s in comp.steps() if isinstance(s, Counter)), None)

    # --------------------------------------------------------------- geometry
    def _source(self, ctx: TableContext, zone: str) -> Region | None:
        """The acting seat's region of `zone`, else the table's own (a market everyone buys from)."""
        return ctx.placements.zone(zone, ctx.view.get("seat")) or ctx.placements.zone(zone, None)

    def _targets(self, ctx: TableContext, step: Step) -> list[Region]:
        me = ctx.view.get("seat")
        out = []
        for zone in step.to:
            regions = [r for r in ctx.regions.values() if r.zone == zone]
            own = [r for r in regions if r.seat in (me, None)]
            out += own or regions
        return out

    def _pictures(self, ctx: TableContext, region: Region) -> list[str]:
        assert region.zone is not None  # a step's source or target: a region bound to a zone
        cards = ctx.view["zones"][region.zone][region.seat] if region.seat is not None else ctx.view["zones"][region.zone]
        return self.layout.region_cards(ctx.view, region, cards)

    def _words(self, step: Step, pictures: list[str]) -> list[str]:
        """Each card's word in the action text: its id (or token), or its slot index."""
        return [step.word(p, i) if isinstance(step, Pick) else "" for i, p in enumerate(pictures)]

    def pending(self, step: Step) -> list[str]:
        """The words (a counter: one '' per unit) picked for `step` and not yet sent."""
        if self.composer is None:
            return []
        if isinstance(step, Counter):
            return [""] * self.composer.counts.get(step.field, 0)
        return self.composer.picked(step.field)

    def items(self, ctx: TableContext) -> list[Item]:
        """Every card the viewer may pick now, and every ghost they may take back."""
        comp = self.composer
        if comp is None:
            return []
        out: list[Item] = []
        for step in comp.steps():
            zone = step.zone if isinstance(step, Pick) else step.source
            region = self._source(ctx, zone) if zone and not isinstance(step, Target) else None
            if region is None:
                continue
            pictures = self._pictures(ctx, region)
            words = self._words(step, pictures)
            rects = region.card_rects(len(pictures))
            hidden = self._hidden(step, pictures)
            for i, (picture, rect) in enumerate(zip(pictures, rects, strict=True)):
                if i not in hidden:
                    out.append(Item(step, region, i, picture, words[i], rect))
            by_word = dict(zip(words, pictures, strict=True))
            for word, rect in zip(self.pending(step), self.ghost_rects(ctx, step), strict=False):
                picture = by_word.get(word, pictures[-1] if pictures and isinstance(step, Counter) else word)
                out.append(Item(step, region, -1, picture, word, rect, ghost=True))
        return out

    def _hidden(self, step: Step, pictures: list[str]) -> set[int]:
        """Indexes of a source's cards picked (or dragged) away from it."""
        if isinstance(step, Counter):
            n = len(self.pending(step)) + (1 if self._dragging(step, ghost=False) else 0)
            return set(range(max(0, len(pictures) - n), len(pictures)))
        words = list(self.pending(step))
        if self._dragging(step, ghost=False):
            assert self.drag is not None
            words.append(self.drag.item.word)
        out = set()
        for i, word in enumerate(self._words(step, pictures)):
            if word in words:
                words.remove(word)
                out.add(i)
        return out

    def ghost_rects(self, ctx: TableContext, step: Step) -> list[pygame.Rect]:
        count = len(self.pending(step))
        if count == 0:
            return []
        own = self.layout.ghost_rects(ctx, step, count)
        if own is not None:
            return own
        targets = self._targets(ctx, step)
        if not targets:
            return []
        target = targets[0]
        cards = len(self._pictures(ctx, target)) if target.zone else 0
        return target.card_rects(cards + count)[cards:]

    def hidden(self, ctx: TableContext) -> dict[str, set[int]]:
        """Region name -> indexes the painter leaves out (picked, dragged)."""
        out: dict[str, set[int]] = {}
        if self.composer is None:
            return out
        for step in self.composer.steps():
            zone = step.zone if isinstance(step, Pick) else step.source
            region = self._source(ctx, zone) if zone and not isinstance(step, Target) else None
            if region is not None:
                out.setdefault(region.name, set()).update(self._hidden(step, self._pictures(ctx, region)))
        return out

    def _dragging(self, step: Step, ghost: bool) -> bool:
        drag = self.drag
        return drag is not None and drag.moving and drag.item.step is step and drag.item.ghost == ghost

    def targets(self, ctx: TableContext) -> list[Region]:
        """Regions a dragged card may be dropped on, and the regions a `Target` step offers."""
        out = self._target_regions(ctx)
        if self.drag is None or not self.drag.moving or self.drag.item.ghost:
            return out
        return out + self._targets(ctx, self.drag.item.step)

    def _target_regions(self, ctx: TableContext) -> list[Region]:
        """Regions whose seat a live `Target` step accepts now."""
        comp = self.composer
        if comp is None or ctx.seat is None:
            return []
        out = []
        for step in comp.steps():
            if isinstance(step, Target) and step.of == SEAT:
                offered = comp.offered(step.field)
                out += [r for r in ctx.regions.values()
                        if r.zone == step.zone and r.seat is not None and step.seat_word(r.seat) in offered]
        return out

    def _on_target(self, ctx: TableContext, step: Step, pos: tuple[int, int]) -> bool:
        grow = ctx.placements.card_size[0] // 2
        regions = self._targets(ctx, step) + [r for r in self._target_regions(ctx) if r.zone in step.to]  # any unicorn of the line
        rects = [r.rect for r in regions] + self.ghost_rects(ctx, step)
        return any(rect.inflate(grow, grow).collidepoint(pos) for rect in rects)

    def buttons(self, ctx: TableContext) -> list[tuple[str, pygame.Rect]]:
        """A counter's minus, plus and confirm buttons (while the viewer may act)."""
        counter = self.counter(ctx)
        region = ctx.regions.get(counter.area) if counter is not None else None
        if region is None or ctx.seat is None:
            return []
        r = region.rect
        h = min(r.h // 2 - 2, ctx.app.px(44))
        small = pygame.Rect(r.x, r.y, h, h)
        return [("minus", small), ("plus", small.move(r.w - h, 0)), ("confirm", pygame.Rect(r.x, r.y + h + 4, r.w, h))]

    def presses(self, ctx: TableContext) -> list[tuple[Press, pygame.Rect]]:
        """The buttons of the legal `Press` actions, stacked in their area."""
        return [(press, rect) for press, rect in self._area_buttons(ctx) if isinstance(press, Press)]

    def word_buttons(self, ctx: TableContext) -> list[tuple[Word, str, pygame.Rect]]:
        """The buttons of the `Word` steps (a word each), under the presses of their area."""
        return [(item[0], item[1], rect) for item, rect in self._area_buttons(ctx) if isinstance(item, tuple)]

    def own_buttons(self, ctx: TableContext) -> list[tuple[Button, pygame.Rect]]:
        """The layout's own buttons (`Layout.buttons`), under the words of their area or where
        they say."""
        return [(item, rect) for item, rect in self._area_buttons(ctx) if isinstance(item, Button)]

    def _area_buttons(self, ctx: TableContext) -> list[tuple[AreaItem, pygame.Rect]]:
        """The presses, the words, then the layout's own buttons, stacked in their areas (every
        one inside its area: recipes.button_stack)."""
        if ctx.seat is None:
            return []
        items: list[tuple[AreaItem, str]] = []
        if self.composer is not None:
            keys = self.press_keys(ctx)
            items += [(replace(p, key=keys.get(p.action, p.key)), p.area) for p in self.composer.presses]
            items += [((step, word), step.area) for step, word in self.composer.words()]
        own = self.layout.buttons(ctx)
        items += [(button, button.area) for button in own if button.rect is None]
        out: list[tuple[AreaItem, pygame.Rect]] = []
        stacks: dict[str, list[pygame.Rect]] = {}  # area -> its buttons' rects, top down
        placed: dict[str, int] = {}  # area -> how many of them are taken
        for item, area in items:
            region = ctx.regions.get(area)
            if region is None:
                continue
            if area not in stacks:
                stacks[area] = recipes.button_stack(region.rect, sum(a == area for _, a in items), ctx.app.px(48))
            out.append((item, stacks[area][placed.get(area, 0)]))
            placed[area] = placed.get(area, 0) + 1
        return out + [(button, button.rect) for button in own if button.rect is not None]

    def word_keys(self, ctx: TableContext) -> dict[tuple[str, str], str]:
        """The key of each word button ((field, word) -> letter): the first free letter of its
        label, after the table's letters, the presses' keys and the cards' initials."""
        if self.composer is None:
            return {}
        taken = set(TABLE_KEYS) | set(self.press_keys(ctx).values())
        for step in self.composer.steps():
            if isinstance(step, Pick) and step.keys == "initial":
                taken |= set(self.letters(ctx, step))
        items = [((step.field, word), "", step.text_key(word)) for step, word in self.composer.words()]
        return free_letters(items, ctx.text, frozenset(taken))

    def choose_word(self, ctx: TableContext, step: Word, word: str) -> None:
        """A word button: chosen (sent at once if that spells a whole `auto` action), or taken
        back when it was the chosen one, or refused with the engine's reason."""
        comp = self.composer
        if comp is None:
            return
        if word in comp.picked(step.field):
            comp.unpick(step.field, word)
        elif comp.pick(step.field, word):
            self._after_change(ctx)
        else:
            self._refuse(ctx, step, word)

    def press_keys(self, ctx: TableContext) -> dict[str, str]:
        """The key of each press of the screen (action -> letter), in the player's language."""
        return self.composer.press_keys(ctx.text, TABLE_KEYS) if self.composer is not None else {}

    def hovered(self, ctx: TableContext) -> str | None:
        """The action of the button under the mouse, if any."""
        if ctx.mouse is None:
            return None
        return next((p.action for p, rect in self.presses(ctx) if rect.collidepoint(ctx.mouse)), None)

    def letters(self, ctx: TableContext, step: Pick) -> dict[str, str]:
        """Letter -> word for a pick by initials: the card's name in the player's language, then its
        id; a card whose initials are taken (or are the table's own keys) gets the next free
        letter of its name."""
        out: dict[str, str] = {}
        words = self._known_words(ctx, step)
        names = {word: (ctx.text(f"card.{word}") if ctx.rules.has_text(f"card.{word}") else word, word) for word in words}
        for word in words:
            for name in names[word]:
                letter = name[:1].lower()
                if letter and letter not in out and letter not in TABLE_KEYS:
                    out[letter] = word
        for word in words:
            if word in out.values():
                continue
            free = (c for c in "".join(names[word]).lower() if "a" <= c <= "z" and c not in TABLE_KEYS)
            spare = next((c for c in free if c not in out), None)
            if spare is not None:
                out[spare] = word
        return out

    def _known_words(self, ctx: TableContext, step: Pick) -> list[str]:
        region = self._source(ctx, step.zone)
        held = self._words(step, self._pictures(ctx, region)) if region is not None else []
        offered = sorted({w for _, _, f in (self.composer.candidates if self.composer else []) for w in f.get(step.field, ())
                          if isinstance(f.get(step.field), tuple)})
        return list(dict.fromkeys(held + offered))

    # ----------------------------------------------------------------- actions
    def _after_change(self, ctx: TableContext) -> None:
        assert self.composer is not None
        text = self.composer.auto_ready()
        if text is not None:
            self.composer.clear()
            ctx.submit(text)

    def _refuse(self, ctx: TableContext, step: Step, word: str | None = None, value: int | None = None) -> None:
        if ctx.busy:
            ctx.say(ctx.tr("table.wait_animation"), True)
            return
        comp = self.composer or Composer(self._seat_templates(ctx), [])
        held = {s.field: self._words(s, self._pictures(ctx, r)) for s in comp.steps()
                if isinstance(s, Pick) and not isinstance(s, Target) and (r := self._source(ctx, s.zone)) is not None}
        text = comp.guess(step.field, word, value, held)
        if text is not None:
            ctx.explain(text)

    def pick(self, ctx: TableContext, item: Item) -> bool:
        """Pick an item (a counter: one more); True when the choice goes on (not sent, not refused)."""
        comp = self.composer
        if comp is None:
            return False
        if isinstance(item.step, Counter):
            self.set_count(ctx, comp.counts.get(item.step.field, 0) + 1)
            return True
        if comp.pick(item.step.field, item.word):
            self._after_change(ctx)
            return self.composer is not None and self.composer.any_choice()
        self._refuse(ctx, item.step, item.word)
        return False

    def set_count(self, ctx: TableContext, value: int) -> None:
        counter = self.counter(ctx)
        if counter is None or self.composer is None or value < 0:
            return
        if not self.composer.set_count(counter.field, value):
            self._refuse(ctx, counter, value=value)

    def confirm(self, ctx: TableContext) -> bool:
        text = self.composer.ready() if self.composer is not None else None
        if text is None:
            return False
        self.composer.clear()  # type: ignore[union-attr]
        ctx.submit(text)
        return True

    # ------------------------------------------------------------------ events
    def handle(self, ctx: TableContext, event: pygame.event.Event) -> bool:
        if self.drops.handle(ctx, event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(ctx, event.pos)
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            drag = self.drag
            drag.pos = event.pos
            if (event.pos[0] - drag.start[0]) ** 2 + (event.pos[1] - drag.start[1]) ** 2 >= DRAG_START ** 2:
                drag.moving = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self._release(ctx, event.pos)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(ctx, event)
        return False

    def _press(self, ctx: TableContext, pos: tuple[int, int]) -> bool:
        for button, rect in self._area_buttons(ctx):
            if rect.collidepoint(pos):
                if isinstance(button, Press):
                    ctx.submit(button.action)
                elif isinstance(button, Button):
                    self.layout.press(ctx, button.name)
                else:
                    self.choose_word(ctx, *button)
                return True
        for action, rect in self.buttons(ctx):
            if rect.collidepoint(pos):
                counter = self.counter(ctx)
                if action == "confirm":
                    self.confirm(ctx)
                elif counter is not None and self.composer is not None:
                    self.set_count(ctx, self.composer.counts.get(counter.field, 0) + (1 if action == "plus" else -1))
                return True
        if ctx.seat is None:  # a card of one's own, out of turn: the engine says why
            for step in (s for t in self._seat_templates(ctx) if isinstance(t, Template) for s in t.steps):
                zone = step.zone if isinstance(step, Pick) else step.source
                region = self._source(ctx, zone) if zone else None
                if region is not None and region.rect.collidepoint(pos):
                    pictures = self._pictures(ctx, region)
                    words = self._words(step, pictures)
                    hit = [w for w, r in zip(words, region.card_rects(len(pictures)), strict=True) if r.collidepoint(pos)]
                    if hit:
                        self._refuse(ctx, step, hit[-1] if isinstance(step, Pick) else None, value=1)
                        return True
            return False
        before = {f: list(w) for f, w in self.composer.chosen.items()} if self.composer is not None else {}
        if self.composer is not None and self.cards.click(ctx, self.composer, pos, self._after_change, self._refuse):
            self.drops.pressed_target(ctx, pos, before)  # it may be carried onto the next card
            return True
        for item in reversed(self.items(ctx)):
            if item.rect.collidepoint(pos):
                if item.ghost and self._click_target(ctx, pos):
                    return True  # the picked card waits on a place the next step names: that place (unicorn 1)
                self.drag = Drag(item, pos, pos, (pos[0] - item.rect.x, pos[1] - item.rect.y))
                return True
        return self._click_target(ctx, pos)

    @staticmethod
    def _filled_before(comp: Composer, step: Step) -> bool:
        """A Target step already chosen while another Target of its zone is not: that one takes
        the next click or key (a move's 'from', then its 'to')."""
        if not isinstance(step, Target) or not comp.picked(step.field):
            return False
        return any(isinstance(s, Target) and s.zone == step.zone and s is not step and not comp.picked(s.field)
                   for s in comp.steps())

    def _click_target(self, ctx: TableContext, pos: tuple[int, int]) -> bool:
        """A click on a region a `Target` step names: its seat is picked (or refused, with why)."""
        comp = self.composer
        steps = [s for s in comp.steps() if isinstance(s, Target) and s.of == SEAT] if comp is not None and ctx.seat is not None else []
        for step in steps:
            if comp is not None and self._filled_before(comp, step):
                continue
            for region in ctx.regions.values():
                if region.zone == step.zone and region.seat is not None and region.rect.collidepoint(pos):
                    self.pick(ctx, Item(step, region, -1, "", step.seat_word(region.seat), region.rect))
                    return True
        return False

    def _release(self, ctx: TableContext, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        assert drag is not None and self.composer is not None
        item = drag.item
        on_target = self._on_target(ctx, item.step, pos)
        if item.ghost:  # a picked card taken back (clicked, or dragged off its target)
            if drag.moving and on_target and self._drop_sends(item.step):
                self.confirm(ctx)
            elif not drag.moving or not on_target:
                if isinstance(item.step, Counter):
                    self.set_count(ctx, self.composer.counts.get(item.step.field, 0) - 1)
                else:
                    self.composer.unpick(item.step.field, item.word)
            return
        if not drag.moving or on_target:
            if self.pick(ctx, item) and drag.moving and not self._click_target(ctx, pos):
                self._drop_on_card(ctx, item, pos)  # a token dropped on one of your unicorns: that one too
                if self._drop_sends(item.step):
                    self.confirm(ctx)
        elif item.step.to and not item.region.rect.collidepoint(pos):  # dropped back home: a change of mind
            ctx.say(self.layout.drop_hint(ctx) or ctx.tr("table.drop_on", zone=", ".join(
                dict.fromkeys(ctx.text(f"zone.{z}").lower() for z in item.step.to))), True)

    def _drop_sends(self, step: Step) -> bool:
        """Whether a drop of the step's card on its `to` zone sends the choice (`Confirm.drop`)."""
        comp = self.composer
        template = next((t for t in comp.templates if step in t.steps), None) if comp is not None else None
        return template is not None and template.confirm is not None and template.confirm.drop

    def _drop_on_card(self, ctx: TableContext, dropped: Item, pos: tuple[int, int]) -> None:
        """A card dropped on a card that another step picks from its target zone picks that card too."""
        for item in reversed(self.items(ctx)):
            if (item.step is not dropped.step and not item.ghost and isinstance(item.step, Pick)
                    and item.step.zone in dropped.step.to and item.rect.collidepoint(pos)):
                self.pick(ctx, item)
                return

    def _key(self, ctx: TableContext, event: pygame.event.Event) -> bool:
        comp = self.composer
        if ctx.seat is not None:
            for button in self.layout.buttons(ctx):
                if button.typed(event):
                    self.layout.press(ctx, button.name)
                    return True
        if event.key == pygame.K_ESCAPE:
            if comp is None or (not comp.any_choice() and self.drag is None and self.cards.typed_seat is None
                                and not self.typing.waiting):
                return False  # nothing to put down: the table treats Escape as "back"
            comp.clear()
            self.drag = None
            self.cards.reset()
            self.typing.clear()
            return True
        if comp is None or ctx.seat is None:
            return False
        for action, letter in self.press_keys(ctx).items():  # an illegal one gets the engine's reason
            if letter and event.key == pygame.key.key_code(letter):
                ctx.submit(action)
                return True
        steps = {s.field: s for s in comp.steps() if isinstance(s, Word)}
        for (field, word), letter in self.word_keys(ctx).items():
            if letter and event.key == pygame.key.key_code(letter):
                self.choose_word(ctx, steps[field], word)
                return True
        counter = self.counter(ctx)
        if counter is not None:
            value = comp.counts.get(counter.field, 0)
            if event.key in PLUS_KEYS:
                self.set_count(ctx, value + 1)
            elif event.key in MINUS_KEYS:
                self.set_count(ctx, value - 1)
            elif event.key in DIGITS:
                self.set_count(ctx, DIGITS[event.key])
            elif event.key in CONFIRM_KEYS:
                self.confirm(ctx)
            else:
                return False
            return True
        if event.key in CONFIRM_KEYS:
            self.typing.flush(lambda typed: self._typed(ctx, typed))
            return self.confirm(ctx)
        if event.key in DIGITS and (self.typing.waiting or self._numbers(ctx)):
            self.typing.add(DIGITS[event.key], lambda: self._numbers(ctx), lambda typed: self._typed(ctx, typed))
            return True
        if self.typing.waiting and event.key in (pygame.K_SPACE, pygame.K_BACKSPACE):
            if event.key == pygame.K_SPACE:
                self.typing.flush(lambda typed: self._typed(ctx, typed))
            self.typing.clear()
            return True
        if self.cards.key(ctx, comp, event) or (event.key == pygame.K_BACKSPACE and comp.unpick_last()):
            return True
        name = pygame.key.name(event.key)
        typed = (event.unicode or (name if len(name) == 1 else ""))[:1].lower()  # not "e" for "enter"
        if event.key in DIGITS:
            typed = str(DIGITS[event.key])
        return self._typed(ctx, typed)

    def _typed(self, ctx: TableContext, typed: str) -> bool:
        """A typed number or letter: a card step's seat, slot or rank, else a pick by key."""
        comp = self.composer
        if comp is None or ctx.seat is None or not typed:
            return False
        if typed.isdigit() and self.cards.number(ctx, comp, typed, self._after_change, self._refuse):
            return True
        for step in comp.steps():
            if not isinstance(step, Pick) or not typed or self._filled_before(comp, step):
                continue
            word = self.letters(ctx, step).get(typed) if step.keys == "initial" else (typed if step.keys == "token" else None)
            if word is None or (step.keys == "token" and not typed.isdigit()):
                continue
            if comp.pick(step.field, word):
                self._after_change(ctx)
            else:
                self._refuse(ctx, step, word)
            return True
        return False

    # -------------------------------------------------------------------- draw
    def draw(self, ctx: TableContext, surface: pygame.Surface) -> None:
        """Ghosts of the picked cards, what may still be picked (outlined), the buttons (the
        counter's, the presses, the words, the layout's own) and the dragged card."""
        if self.composer is None:
            self._draw_own(ctx, surface)
            return
        offered = {s.field: self.composer.offered(s.field) for s in self.composer.steps()
                   if isinstance(s, Pick) and self.composer.any_choice()}
        for item in self.items(ctx):
            if item.ghost:
                if self.drag is not None and self.drag.moving and self.drag.item.ghost and self.drag.item.rect == item.rect:
                    continue
                img = ctx.art.card(item.picture, item.rect.size).copy()
                img.set_alpha(185)
                surface.blit(img, item.rect)
                card_outline(surface, item.rect, GHOST)
            elif item.word in offered.get(item.step.field, ()):
                card_outline(surface, item.rect, GHOST)
        self.cards.draw(ctx, self.composer, surface)
        self.draw_typing(ctx, surface)
        self._draw_buttons(ctx, surface)
        self._draw_presses(ctx, surface)
        self._draw_words(ctx, surface)
        self._draw_own(ctx, surface)
        self._draw_help(ctx, surface)
        self.drops.draw(ctx, surface)
        drag = self.drag
        if drag is not None and drag.moving:
            size = drag.item.rect.size
            x, y = drag.pos[0] - drag.offset[0], drag.pos[1] - drag.offset[1]
            surface.blit(ctx.art.card(drag.item.picture, size), (x, y - size[1] // 8))

    def _draw_buttons(self, ctx: TableContext, surface: pygame.Surface) -> None:
        shown = self.buttons(ctx)
        counter = self.counter(ctx)
        if not shown or counter is None or self.composer is None:
            return
        app = ctx.app
        count = self.composer.counts.get(counter.field, 0)
        for action, rect in shown:
            hovered = ctx.mouse is not None and rect.collidepoint(ctx.mouse)
            primary = action == "confirm"
            color = theme.ACCENT if primary else (theme.BUTTON_HOVER if hovered else theme.BUTTON)
            pygame.draw.rect(surface, color, rect, border_radius=rect.h // 3)
            if hovered:
                pygame.draw.rect(surface, theme.FOCUS, rect, 2, border_radius=rect.h // 3)
            if primary:
                label = app.tr(counter.confirm_label if count or not counter.zero_label else counter.zero_label, count=count) + "  ⏎"
            else:
                label = "−" if action == "minus" else "+"
            font = app.font(max(9, int(rect.h * (0.42 if primary else 0.6))), True)
            img = font.render(fit_text(font, label, rect.w - 8), True, theme.ACCENT_TEXT if primary else theme.TEXT)
            surface.blit(img, img.get_rect(center=rect.center))
        minus, plus = shown[0][1], shown[1][1]
        middle = pygame.Rect(minus.right, minus.y, plus.x - minus.right, minus.h)
        font = app.font(max(9, int(middle.h * 0.42)), True)
        img = font.render(fit_text(font, app.tr(counter.label, count=count), middle.w - 6), True, theme.TEXT)
        surface.blit(img, img.get_rect(center=middle.center))

    def _draw_presses(self, ctx: TableContext, surface: pygame.Surface) -> None:
        for press, rect in self.presses(ctx):
            buttons.draw_button(ctx.app, surface, rect, ctx.text(f"action.{press.action}"), press.key, ctx.mouse)

    def _draw_own(self, ctx: TableContext, surface: pygame.Surface) -> None:
        for button, rect in self.own_buttons(ctx):
            buttons.draw_button(ctx.app, surface, rect, button.label, button.key, ctx.mouse, button.chosen, button.enabled)

    def _draw_words(self, ctx: TableContext, surface: pygame.Surface) -> None:
        if self.composer is None:
            return
        keys = self.word_keys(ctx)
        for step, word, rect in self.word_buttons(ctx):
            chosen = word in self.composer.picked(step.field)
            buttons.draw_button(ctx.app, surface, rect, ctx.text(step.text_key(word)), keys.get((step.field, word), ""), ctx.mouse,
                                chosen)

    def helps(self, ctx: TableContext) -> list[tuple[pygame.Rect, pygame.font.Font, list[str], bool]]:
        """The templates' key help (the letters of their cards) while the seat may act: where,
        in which print, its lines, and whether it is whole (it shrinks to fit its area before
        anything is cut: the end of Fish Fish's help was cut at 150 % text)."""
        if self.composer is None or ctx.seat is None:
            return []
        out = []
        for template in self.composer.templates:
            confirm = template.confirm
            region = ctx.regions.get(confirm.area) if confirm is not None and confirm.help else None
            if region is None or confirm is None:
                continue
            letters = {word: letter.upper() for step in template.steps if isinstance(step, Pick) and step.keys == "initial"
                       for letter, word in reversed(list(self.letters(ctx, step).items()))}
            params = {**letters, **self.layout.help_params(ctx, confirm.help)}  # the keys this seat has
            size = max(9, min(ctx.app.px(16), region.rect.h // 4))
            rect = region.rect
            font, lines, whole = fit_lines(ctx.app, ctx.tr(confirm.help, **params), rect.w, rect.h, size, most=max(1, rect.h // 9))
            out.append((rect, font, lines, whole))
        return out

    def help_whole(self, ctx: TableContext) -> bool:
        """Whether the table shows the decision's help whole (the top bar's hint then need not
        be repeated at the top of the log column)."""
        shown = self.helps(ctx)
        return bool(shown) and all(whole for *_, whole in shown)

    def _draw_help(self, ctx: TableContext, surface: pygame.Surface) -> None:
        for rect, font, lines, _ in self.helps(ctx):
            y = rect.y
            for line in lines:
                surface.blit(font.render(line, True, theme.TEXT_DIM), (rect.x, y))
                y += font.get_linesize()

