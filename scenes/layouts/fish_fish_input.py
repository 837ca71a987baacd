"""The viewer's own hand at the Fish Fish table: what they can pick up, and the bet controls.

The fisher lays a line with two drops onto it (a fishing card and a bait, in either order), or
two clicks, or keys (the first letter of a fishing card's name, a digit for a bait value); the
second piece submits `line <card> <bait>`. A fish player drags tiles onto the line (or onto their
bet spot), or uses the - and + buttons (keys -/+, arrows, digits), then confirms `bet N` (Enter);
`bet 0` passes. Every refusal is the engine's own reason, shown in the captions.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.errors import IllegalAction
from scenes.ui import theme
from scenes.ui.text import fit_text

if TYPE_CHECKING:
    from scenes.table.scene import TableScene

DRAG_START = 6
PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_UP)
MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_DOWN)
DIGITS = {getattr(pygame, f"K_{i}"): i for i in range(10)}
DIGITS.update({getattr(pygame, f"K_KP{i}"): i for i in range(10)})
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass
class Drag:
    kind: str  # card (a fishing card), bait, tile (from the hand), pending (a tile back from the line)
    item: Any
    start: tuple[int, int]
    pos: tuple[int, int]
    offset: tuple[int, int]
    size: tuple[int, int]
    moving: bool = False


class Hand:
    """One table's pending choice: the fisher's card and bait, or the fish's bet count."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.key: tuple[Any, ...] | None = None
        self.card: str | None = None
        self.bait: int | None = None
        self.bet = 0
        self.drag: Drag | None = None

    def sync(self) -> int | None:
        """The acting seat; a new turn (or an undo) forgets the previous pending choice."""
        scene = self.scene
        seat = scene.active_seat()
        key = (len(scene.match.history), seat) if seat is not None else None
        if key != self.key:
            self.key = key
            self.card, self.bait, self.drag = None, None, None
            legal = [str(a).split() for a in scene.match.state.legal_actions(seat)] if seat is not None else []
            counts = [int(words[1]) for words in legal if words[0] == "bet"]
            self.bet = min(counts) if counts else 0  # the last line: every fish left, already on it
        return seat

    # ------------------------------------------------------------------ queries
    def role(self) -> str:
        view = self.scene.view
        return "fisher" if view["fisher"] == view["seat"] else "fish"

    def items(self) -> list[tuple[str, Any, pygame.Rect]]:
        """What the viewer may pick up, topmost last: (kind, item, rect)."""
        scene, view = self.scene, self.scene.view
        me, regions = view["seat"], scene.placements.regions
        out: list[tuple[str, Any, pygame.Rect]] = []
        if self.role() == "fisher":
            for kind, zone in (("card", "fishing"), ("bait", "baits")):
                region = regions.get(f"{zone}:{me}")
                if region is None:
                    continue
                for item, rect, shown in self._shown(kind, zone, region):
                    if shown:
                        out.append((kind, item, rect))
            return out
        region = regions.get(f"fish:{me}")
        if region is not None:
            count = len(view["zones"]["fish"][me])
            for rect in region.card_rects(count)[: count - self.bet_pending()]:
                out.append(("tile", None, rect))
        bet = regions.get(f"bet:{me}")
        if bet is not None and self.bet_pending():
            tiles = len(view["zones"]["bet"][me])
            for rect in bet.card_rects(tiles + self.bet_pending())[tiles:]:
                out.append(("pending", None, rect))
        return out

    def _shown(self, kind: str, zone: str, region: Any) -> list[tuple[Any, pygame.Rect, bool]]:
        return shown_cards(self.scene.view, kind, zone, region, self)

    def bet_pending(self) -> int:
        """Tiles the fish player has put on the line but not confirmed."""
        return self.bet if self.key is not None and self.role() == "fish" else 0

    def line_target(self, pos: tuple[int, int]) -> bool:
        from scenes.layouts import fish_fish as layout

        regions, view = self.scene.placements.regions, self.scene.view
        card, bait = layout.line_rects(regions[f"line:{view['fisher']}"])
        if card.union(bait).inflate(card.w // 2, card.w // 2).collidepoint(pos):
            return True
        spot = regions.get(f"bet:{view['seat']}")
        return self.role() == "fish" and spot is not None and spot.rect.inflate(spot.rect.h, spot.rect.h).collidepoint(pos)

    # ------------------------------------------------------------------ actions
    def explain(self, text: str) -> None:
        """Why the viewer cannot act now: the animation, or the engine's reason."""
        scene = self.scene
        seat = scene.viewer
        if seat is None:
            return
        if scene.animator.busy:
            scene.say(scene.app.tr("table.wait_animation"), error=True)
            return
        try:
            scene.match.check(seat, text)
        except IllegalAction as error:
            scene.say(scene.reason(error), error=True)

    def choose(self, kind: str, item: Any) -> None:
        """The fisher puts a card or a bait on the line; the second piece lays the line."""
        if kind == "card":
            self.card = None if self.card == item else item
        else:
            self.bait = None if self.bait == item else item
        if self.card is not None and self.bait is not None:
            text = f"line {self.card} {self.bait}"
            self.card, self.bait = None, None
            self.scene.submit(text)

    def set_bet(self, count: int) -> None:
        """A new pending bet, if the engine would take it (else its reason, e.g. last line)."""
        seat = self.scene.active_seat()
        if seat is None or count < 0:
            return
        legal = {str(a) for a in self.scene.match.state.legal_actions(seat)}
        if f"bet {count}" not in legal:
            self.explain(f"bet {count}")
            return
        self.bet = count

    def confirm(self) -> None:
        if self.scene.active_seat() is not None and self.role() == "fish":
            self.scene.submit(f"bet {self.bet}")


def shown_cards(view: dict[str, Any], kind: str, zone: str, region: Any, hand: Hand | None) -> list[tuple[Any, pygame.Rect, bool]]:
    """Each card of the fisher's own row: (card id or bait value, rect, still in the hand?) --
    a piece laid on the line but not confirmed, or being dragged, is not in the hand."""
    from scenes.layouts import fish_fish as layout

    me = view["seat"]
    cards = layout.display_cards(view, zone, me, view["zones"][zone][me])
    rects = region.card_rects(len(cards))
    chosen = dragged = None
    if hand is not None:
        chosen = hand.card if kind == "card" else (f"bait:{hand.bait}" if hand.bait is not None else None)
        if hand.drag is not None and hand.drag.kind == kind and hand.drag.moving:
            dragged = hand.drag.item if kind == "card" else f"bait:{hand.drag.item}"
    out = []
    for card, rect in zip(cards, rects, strict=True):
        hidden = False
        if chosen is not None and card == chosen:
            hidden, chosen = True, None
        elif dragged is not None and card == dragged:
            hidden, dragged = True, None
        out.append((card if kind == "card" else _bait_value(card), rect, not hidden))
    return out


def _bait_value(card: str) -> int | None:
    value = card.partition(":")[2]
    return int(value) if value.isdigit() else None


_hands: weakref.WeakKeyDictionary[Any, Hand] = weakref.WeakKeyDictionary()


def hand_of(scene: Any) -> Hand | None:
    """The scene's hand, or None at a table nobody plays from (a replay)."""
    if not hasattr(scene, "records"):
        return None
    hand = _hands.get(scene)
    if hand is None:
        hand = _hands[scene] = Hand(scene)
    return hand


def pending_line(scene: Any) -> tuple[str | None, int | None]:
    hand = hand_of(scene)
    if hand is None or hand.sync() is None:
        return None, None
    return hand.card, hand.bait


def pending_bet(scene: Any) -> tuple[int | None, int]:
    hand = hand_of(scene)
    if hand is None or hand.sync() is None or hand.role() != "fish":
        return None, 0
    return scene.view["seat"], hand.bet


def dragging_to_line(scene: Any) -> bool:
    hand = hand_of(scene)
    return hand is not None and hand.drag is not None and hand.drag.moving and hand.drag.kind != "pending"


# ----------------------------------------------------------------------------- buttons
def buttons(scene: Any) -> list[tuple[str, pygame.Rect]]:
    """The fish player's bet controls: minus, plus and confirm (while it is their bet)."""
    hand = hand_of(scene)
    region = scene.placements.regions.get("controls")
    if hand is None or region is None or hand.sync() is None or hand.role() != "fish":
        return []
    r = region.rect
    h = min(r.h // 2 - 2, scene.app.px(44))
    small = pygame.Rect(r.x, r.y, h, h)
    return [
        ("minus", small),
        ("plus", small.move(r.w - h, 0)),
        ("confirm", pygame.Rect(r.x, r.y + h + 4, r.w, h)),
    ]


def handle_event(scene: TableScene, event: pygame.event.Event) -> bool:
    """Scene hook: picks, drags, drops, buttons and keys of the viewer's hand."""
    hand = hand_of(scene)
    if hand is None or scene.viewer is None:
        return False
    seat = hand.sync()
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return _press(scene, hand, seat, event.pos)
    if event.type == pygame.MOUSEMOTION and hand.drag is not None:
        drag = hand.drag
        drag.pos = event.pos
        if (event.pos[0] - drag.start[0]) ** 2 + (event.pos[1] - drag.start[1]) ** 2 >= DRAG_START ** 2:
            drag.moving = True
        return True
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and hand.drag is not None:
        _release(scene, hand, event.pos)
        return True
    if event.type == pygame.KEYDOWN:
        return _key(scene, hand, seat, event)
    return False


def _press(scene: Any, hand: Hand, seat: int | None, pos: tuple[int, int]) -> bool:
    for action, rect in buttons(scene):
        if rect.collidepoint(pos):
            if action == "confirm":
                hand.confirm()
            else:
                hand.set_bet(hand.bet + (1 if action == "plus" else -1))
            return True
    for kind, item, rect in reversed(hand.items()):
        if rect.collidepoint(pos):
            if seat is None:
                hand.explain(_guess(scene, hand, kind, item))
                return True
            hand.drag = Drag(kind, item, pos, pos, (pos[0] - rect.x, pos[1] - rect.y), rect.size)
            return True
    return False


def _guess(scene: Any, hand: Hand, kind: str, item: Any) -> str:
    """The move a pick-up would start, to ask the engine why it cannot be played now."""
    if hand.role() == "fish":
        return "bet 1"
    rules = scene.rules
    card = item if kind == "card" else rules.fishing_order[0]
    value = item if kind == "bait" and item is not None else rules.bait_values[0]
    return f"line {card} {value}"


def _release(scene: Any, hand: Hand, pos: tuple[int, int]) -> None:
    drag, hand.drag = hand.drag, None
    assert drag is not None
    on_line = hand.line_target(pos)
    if drag.kind in ("card", "bait"):
        if not drag.moving or on_line:
            hand.choose(drag.kind, drag.item)
        elif not _back_home(scene, pos):
            scene.say(scene.app.tr("fish_fish.drop_on_line"), error=True)
    elif drag.kind == "tile":
        if not drag.moving or on_line:
            hand.set_bet(hand.bet + 1)
        elif not _back_home(scene, pos):
            scene.say(scene.app.tr("fish_fish.drop_on_line"), error=True)
    elif not drag.moving or not on_line:  # a tile taken back from the line
        hand.set_bet(hand.bet - 1)


def _back_home(scene: Any, pos: tuple[int, int]) -> bool:
    """Dropped back on the viewer's own row: a change of mind, not a mistake."""
    me = scene.view["seat"]
    for zone in ("fish", "fishing", "baits"):
        region = scene.placements.regions.get(f"{zone}:{me}")
        if region is not None and region.rect.collidepoint(pos):
            return True
    return False


def card_keys(scene: Any) -> dict[str, str]:
    """Letter -> fishing card: the first letter of its name in the player's language, and of its id."""
    out: dict[str, str] = {}
    for card in scene.rules.fishing_order:
        for word in (scene.game_text(f"card.{card}"), card):
            letter = word[:1].lower()
            if letter and letter not in out:
                out[letter] = card
    return out


def _key(scene: Any, hand: Hand, seat: int | None, event: pygame.event.Event) -> bool:
    if event.key == pygame.K_ESCAPE and (hand.card is not None or hand.bait is not None or hand.drag is not None):
        hand.card, hand.bait, hand.drag = None, None, None
        return True
    if seat is None:
        return False
    if hand.role() == "fish":
        if event.key in PLUS_KEYS:
            hand.set_bet(hand.bet + 1)
        elif event.key in MINUS_KEYS:
            hand.set_bet(hand.bet - 1)
        elif event.key in DIGITS:
            hand.set_bet(DIGITS[event.key])
        elif event.key in CONFIRM_KEYS:
            hand.confirm()
        else:
            return False
        return True
    name = pygame.key.name(event.key)
    letter = (event.unicode or (name if len(name) == 1 else ""))[:1].lower()  # not "e" for "enter"
    cards = card_keys(scene)
    if letter in cards:
        card = cards[letter]
        held = [str(c) for c in scene.view["zones"]["fishing"][seat]]
        if card not in held:
            hand.explain(f"line {card} {hand.bait or scene.rules.bait_values[0]}")
            return True
        hand.choose("card", card)
        return True
    if event.key in DIGITS:
        value = DIGITS[event.key]
        from scenes.layouts import fish_fish as layout

        held = layout.bait_list(scene.view, "baits", seat)
        if value not in held:
            hand.explain(f"line {hand.card or scene.rules.fishing_order[0]} {value}")
            return True
        hand.choose("bait", value)
        return True
    return False


# -------------------------------------------------------------------------------- draw
def draw(scene: Any, surface: pygame.Surface) -> None:
    """The viewer's own fish tiles or fishing cards and baits, the controls, the dragged piece."""
    from scenes.layouts import fish_fish as layout

    view, regions = scene.view, scene.placements.regions
    me = view["seat"]
    hand = hand_of(scene)
    card_art = scene.painter.art
    hover = scene.mouse
    if hand is not None:
        hand.sync()
    picks = hand.items() if hand is not None else []
    if view["fisher"] == me or any(view["zones"][z][me] for z in ("fishing", "baits")):
        for kind, zone in (("card", "fishing"), ("bait", "baits")):
            region = regions.get(f"{zone}:{me}")
            if region is None:
                continue
            for item, rect, visible in shown_cards(view, kind, zone, region, hand):
                if not visible:
                    continue
                picture = item if kind == "card" else f"bait:{item}"
                lifted = rect.move(0, -rect.h // 8) if hover and rect.collidepoint(hover) and picks else rect
                surface.blit(card_art.card(picture, rect.size), lifted)
    region = regions.get(f"fish:{me}")
    if region is not None:
        count = len(view["zones"]["fish"][me])
        pending = hand.bet_pending() if hand is not None else 0
        dragged = 1 if hand is not None and hand.drag is not None and hand.drag.kind == "tile" and hand.drag.moving else 0
        picture = f"fish:{layout.species_of(view, me)}"
        for rect in region.card_rects(count)[: max(0, count - pending - dragged)]:
            lifted = rect.move(0, -rect.h // 8) if hover and rect.collidepoint(hover) and picks else rect
            surface.blit(card_art.card(picture, rect.size), lifted)
    _draw_controls(scene, surface, hand)
    if hand is not None and hand.drag is not None and hand.drag.moving:
        drag = hand.drag
        if drag.kind == "card":
            picture = drag.item
        elif drag.kind == "bait":
            picture = f"bait:{drag.item}"
        else:
            picture = f"fish:{layout.species_of(view, me)}"
        x, y = drag.pos[0] - drag.offset[0], drag.pos[1] - drag.offset[1]
        surface.blit(card_art.card(picture, drag.size), (x, y - drag.size[1] // 8))


def _draw_controls(scene: Any, surface: pygame.Surface, hand: Hand | None) -> None:
    region = scene.placements.regions.get("controls")
    if region is None or hand is None:
        return
    app = scene.app
    shown = buttons(scene)
    if not shown:
        seat = scene.active_seat()
        if seat is not None and hand.role() == "fisher":
            keys = card_keys(scene)
            letters = {card: letter.upper() for letter, card in reversed(list(keys.items()))}
            text = app.tr("fish_fish.fisher_hint", **{card: letters.get(card, "") for card in scene.rules.fishing_order})
            _paragraph(app, surface, text, region.rect)
        return
    for action, rect in shown:
        hovered = scene.mouse is not None and rect.collidepoint(scene.mouse)
        primary = action == "confirm"
        color = theme.ACCENT if primary else (theme.BUTTON_HOVER if hovered else theme.BUTTON)
        pygame.draw.rect(surface, color, rect, border_radius=rect.h // 3)
        if hovered:
            pygame.draw.rect(surface, theme.FOCUS, rect, 2, border_radius=rect.h // 3)
        if action == "confirm":
            label = app.tr("fish_fish.bet_button", count=hand.bet) if hand.bet else app.tr("fish_fish.pass_button")
            label += "  ⏎"
        else:
            label = "−" if action == "minus" else "+"
        font = app.font(max(9, int(rect.h * (0.42 if primary else 0.6))), True)
        img = font.render(fit_text(font, label, rect.w - 8), True, theme.ACCENT_TEXT if primary else theme.TEXT)
        surface.blit(img, img.get_rect(center=rect.center))
    minus, plus = shown[0][1], shown[1][1]
    middle = pygame.Rect(minus.right, minus.y, plus.x - minus.right, minus.h)
    font = app.font(max(9, int(middle.h * 0.42)), True)
    img = font.render(fit_text(font, app.tr("fish_fish.bet_count", count=hand.bet), middle.w - 6), True, theme.TEXT)
    surface.blit(img, img.get_rect(center=middle.center))


def _paragraph(app: Any, surface: pygame.Surface, text: str, rect: pygame.Rect) -> None:
    from scenes.ui.text import wrap_text

    size = max(9, min(app.px(16), rect.h // 4))
    font = app.font(size)
    y = rect.y
    for line in wrap_text(font, text, rect.w)[: max(1, rect.h // (size + 3))]:
        surface.blit(font.render(line, True, theme.TEXT_DIM), (rect.x, y))
        y += size + 3
