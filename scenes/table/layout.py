"""The `Layout` base class every game's table derives from, and the `TableContext` its hooks get.

A layout says where a game's zones lie (`place`, pure), how its moves are animated (class
attributes naming the engine's move reasons and markers), which actions the composer builds
(`templates`) and what it draws and handles beyond card regions. Every hook has a default, so a
new game's layout overrides only what its table needs. Instances own their state (caches live
on the instance, never in a module).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import pygame

from game import languages
from game.engine.events import CardMoved, CardSeen, Event, MarkerChanged, Note, PhaseBegan
from game.engine.views import View
from scenes.table.buttons import Button
from scenes.table.cards import CardArt
from scenes.table.regions import MARKER, PANEL, DragMove, Placements, Region, TableTheme, TourStep

# A layout's view type: `View` and its game's own keys (the game's state's `view_type`). A bare
# `Layout` is a layout of any game (`Layout[Any]`); a bare `TableContext`, the shared table's,
# reads the view as a `View` (Python 3.11's TypeVar has no default: the checker's has).
V = TypeVar("V", bound=View)
if TYPE_CHECKING:
    from typing_extensions import TypeVar as TypeVarWithDefault

    CV = TypeVarWithDefault("CV", bound=View, default=View)
else:
    CV = TypeVar("CV", bound=View)


@dataclass
class TableContext(Generic[CV]):
    """What a layout's hooks may read and do at a table (live, replayed or previewed): the
    displayed view and its placements, the acting seat's legal action texts, submit and explain,
    the card art, the clock. Nothing else of the scene."""

    app: Any  # fonts and texts: tr, font, px, game_text
    rules: Any
    view: CV
    placements: Placements
    art: Any  # scenes.table.cards.CardArt
    time: float = 0.0
    mouse: tuple[int, int] | None = None
    seat: int | None = None  # the seat that may act with mouse and keys now (None: look only)
    step: Any = None  # the animation step being shown (scenes.table.anim.Step)
    busy: bool = False  # an animation is playing
    legal_texts: Callable[[], list[str]] = list
    submit: Callable[[str], bool] = lambda text: False
    explain: Callable[[str], None] = lambda text: None
    say: Callable[[str, bool], None] = lambda text, error: None
    name: Callable[[int | None], str] = lambda seat: ""
    preview: Callable[[str], list[Event] | None] = lambda text: None  # events of an action, on the acting seat's own guess of the hidden cards
    pending_action: Callable[[], str | None] = lambda: None
    dragging_card: Callable[[], bool] = lambda: False
    composer: Any = None  # scenes.table.composer_input.ComposerInput of the table, if any

    @cached_property
    def legal(self) -> list[str]:
        """The acting seat's legal action texts (empty when nobody may act here)."""
        return self.legal_texts() if self.seat is not None else []

    @cached_property
    def pending(self) -> str | None:
        """The action the hand input would submit now (a card dragged over a target, selected)."""
        return self.pending_action()

    @cached_property
    def dragging(self) -> bool:
        """A card is being dragged toward highlighted targets."""
        return self.dragging_card()

    def text(self, key: str, **params: Any) -> str:
        """A game text in the player's language; a whole {count} picks the text's `.none` form
        for 0 and the form that agrees with it when the game has them ("no scheme", "3 schemes":
        game/languages.py)."""
        count = params.get("count")
        if isinstance(count, int) and not isinstance(count, bool):
            key = languages.counted_key(self.rules.has_text, key, self.app.settings.language, count)
        return self.app.game_text(self.rules, key, **params)

    def tr(self, key: str, **params: Any) -> str:
        """An application text in the player's language."""
        return self.app.tr(key, **params)

    @property
    def regions(self) -> dict[str, Region]:
        return self.placements.regions


class Layout(Generic[V]):
    """Defaults for every hook: a layout overrides `place` and what its game needs. A game's
    layout names its view type (`class ColourCallLayout(Layout[ColourCallView])`): its hooks
    then read the view's keys as the game declares them."""

    game_id: ClassVar[str] = ""
    back_art: ClassVar[str] = "tree"  # picture on card backs (assets/cards/<name>.svg)
    marker_art: ClassVar[dict[str, str]] = {}  # marker -> picture
    # How the animation queue shows the game's card moves (engine move reasons): face-down
    # choices shown together, captures one by one, moves of one reason flying together, moves
    # without caption, markers whose changes show in one step, markers that fly to their new
    # region, phases shown as a reveal or as a long chapter step, a move reason's own sound.
    choice_moves: ClassVar[tuple[str, ...]] = ()
    take_moves: ClassVar[tuple[str, ...]] = ()
    batched_moves: ClassVar[tuple[str, ...]] = ()
    quiet_moves: ClassVar[tuple[str, ...]] = ()
    joined_markers: ClassVar[tuple[str, ...]] = ()
    flying_markers: ClassVar[tuple[str, ...]] = ()
    phase_steps: ClassVar[dict[str, str]] = {}  # phase -> "reveal" | "chapter"
    move_sounds: ClassVar[dict[str, str]] = {}
    # A round's set-up and clean-up (cards gathered, dealt): they wipe the last-move marks and
    # are not marked themselves (scenes/table/marks.py).
    setup_moves: ClassVar[tuple[str, ...]] = ()
    # Key moments, held on screen and ended alone by Space: animation step kinds ("reveal",
    # "take", "score", "chapter", "game_over"), engine move reasons, phases or note keys.
    moments: ClassVar[tuple[str, ...]] = ("reveal", "take", "score", "tally", "chapter", "game_over")
    # The scoring moment (scenes/table/tally.py): zones whose cards are shown face up and counted
    # in each seat's breakdown, and whether the score sheet opens by itself after it.
    tally_zones: ClassVar[tuple[str, ...]] = ()
    # zones or markers the scoring counts too, or areas to leave in view (a score sheet): tally.py
    tally_keep_clear: ClassVar[tuple[str, ...]] = ()
    sheet_after_scoring: ClassVar[bool] = True

    # ------------------------------------------------------------------ placing
    def place(self, view: V, rect: pygame.Rect, theme: TableTheme | None = None) -> Placements:
        """Every region of the table for `view` inside `rect` (pure; no display needed)."""
        raise NotImplementedError(f"{type(self).__name__} must place its regions")

    def tour_steps(self, view: V) -> list[TourStep]:
        """The guided tour of the table (none by default)."""
        return []

    def status_line(self, view: V, text: Callable[..., str]) -> str:
        """The HUD's progress line (round, day...), `text(key, **params)` being a game text."""
        return ""

    # ------------------------------------------------------------------ input
    def templates(self, view: V, seat: int) -> list[Any]:
        """The composer's action templates for `seat` now (scenes/table/composer.py)."""
        return []

    def drag_moves(self, view: V, seat: int, legal: list[str]) -> list[DragMove]:
        """Legal actions that one card drag from the hand performs."""
        return []

    def intent(self, card: str, from_zone: str, to_zone: str) -> str | None:
        """The action a drag would mean, legal or not (so the engine can say why it is refused)."""
        return None

    def player_aid(self, app: Any, rules: Any) -> str | None:
        """The game's player aid, as a short document (the rules screen's markdown: '## ' headings,
        '- ' items, '**bold**'), in the player's language; None: the table offers none."""
        return None

    def buttons(self, ctx: TableContext[V]) -> list[Button]:
        """The layout's own buttons now (not composer actions: a mode, a toggle, a confirm of its
        own), while the viewer may act: the table stacks them in their area under the composer's
        buttons, draws them and takes their clicks and keys (scenes/table/buttons.py)."""
        return []

    def press(self, ctx: TableContext[V], name: str) -> None:
        """One of the layout's own buttons was clicked, or its key typed."""

    def drop_hint(self, ctx: TableContext[V]) -> str | None:
        """What a card dropped off every target says (None: the target zones' names)."""
        return None

    def hint(self, ctx: TableContext[V]) -> str | None:
        """The HUD's help line while the viewer may act (None: the table's default)."""
        return None

    def help_params(self, ctx: TableContext[V], help_key: str) -> dict[str, str]:
        """Parameters of a composer help text (`Confirm.help`) beyond its cards' key letters: the
        keys this seat may use now, in words (none by default)."""
        return {}

    def handle_event(self, ctx: TableContext[V], event: pygame.event.Event) -> bool:
        """A layout's own clicks and keys (its board, its buttons); True when consumed."""
        return False

    def ghost_rects(self, ctx: TableContext[V], pick: Any, count: int) -> list[pygame.Rect] | None:
        """Where the composer shows `count` picked-but-unsent items of `pick` (None: after the
        cards of its first target region)."""
        return None

    # ----------------------------------------------------------------- drawing
    def card_face(self, art: Any, card: str, size: tuple[int, int]) -> pygame.Surface | None:
        """A layout's own face for a picture id (None: the YAML-driven face)."""
        return None

    def marker_face(self, art: Any, marker: str, value: Any, size: tuple[int, int]) -> pygame.Surface | None:
        """A layout's own picture for a marker and its value (None: a wooden marker)."""
        return None

    def region_cards(self, view: V, region: Region, cards: list[str]) -> list[str]:
        """Picture ids the painter draws for a region's cards (a fish's species, a bait's value)."""
        return cards

    def draw_under(self, ctx: TableContext[V], surface: pygame.Surface) -> None:
        """What a layout draws under the card regions (a board the cards lie on)."""

    def draw_table(self, ctx: TableContext[V], surface: pygame.Surface) -> None:
        """What a layout draws over the card regions (pieces on a board, a pond)."""

    def seat_team(self, view: V, seat: int) -> str | None:
        """The team `seat` plays in (a key of the view's `teams`; its name is the game text
        `team.<key>`, its colour the YAML's `presentation: team_colors`), None without teams."""
        teams = view.get("teams")
        if isinstance(teams, dict):
            for team, seats in teams.items():
                if isinstance(seats, (list, tuple)) and seat in seats:
                    return str(team)
        return None

    def tally_boxes(self, placements: Placements, table: pygame.Rect,
                    sizes: dict[int, tuple[int, int]]) -> dict[int, pygame.Rect] | None:
        """Where the scoring moment shows each seat's breakdown (`sizes`: seat -> box size);
        None: beside each name plate, never over one (scenes/table/tally.py)."""
        return None

    def seat_name(self, ctx: TableContext[V], seat: int) -> str | None:
        """The name of a table seat nobody plays (a ghost)."""
        return None

    def gallery_cards(self, app: Any, rules: Any, size: tuple[int, int]) -> list[pygame.Surface]:
        """The rules screen's card gallery (none unless a layout draws one)."""
        return []

    def card_art(self, app: Any, rules: Any) -> CardArt:
        """This layout's card pictures away from a table (the gallery draws with them)."""
        return CardArt(app, rules, self)

    @classmethod
    def has_gallery(cls) -> bool:
        return cls.gallery_cards is not Layout.gallery_cards

    def option_help(self, app: Any, rules: Any, name: str, choice: Any) -> str | None:
        """The setup screen's help for one option entry."""
        return None

    def seating_advice(self, app: Any, rules: Any, players: int) -> str | None:
        """The setup screen's advice on who sits where for a player count."""
        return None

    # ----------------------------------------------------------------- reading
    def tooltip(self, ctx: TableContext[V], region: Region, index: int | None) -> list[str]:
        """What hovering (or focusing) `region` says, first line the title: the pointed face-up
        card's name and rule first (`index`: the card under the pointer, None for the zone
        itself), then what the zone is, whose, its rule and card count. Texts: the region's label or
        `zone.<zone>`, `zone.<zone>.rule`, `zone.<zone>.count` (what it holds: "{count} fish",
        else "N cards"), `card.<id>`, `card.<id>.rule` in the game's YAML; and how many cards or
        fish the player's choice being built has put there, not sent yet."""
        lines: list[str] = []
        if region.kind == PANEL:
            if region.seat is None:
                return []
            lines.append(ctx.name(region.seat))
            scores = ctx.view.get("scores")
            if isinstance(scores, list) and region.seat < len(scores) and scores[region.seat] is not None:
                lines.append(ctx.tr("table.tip_points", points=scores[region.seat]))
            return lines
        base = region.label or (f"zone.{region.zone}" if region.zone else f"marker.{region.marker}")
        title = ctx.text(base) if ctx.rules.has_text(base) else ""
        if title and region.seat is not None and ctx.name(region.seat):
            title = ctx.tr("table.tip_whose", zone=title, name=ctx.name(region.seat))
        if title:
            lines.append(title)
        if ctx.rules.has_text(f"{base}.rule"):
            lines.append(ctx.text(f"{base}.rule"))
        if region.kind == MARKER or region.zone is None:
            return lines
        cards = zone_cards(ctx.view, region)
        count_key = f"zone.{region.zone}.count"  # what the zone holds, in the game's words ("3 fish")
        if ctx.rules.has_text(count_key):
            lines.append(ctx.text(count_key, count=len(cards)))
        else:
            lines.append(ctx.tr("table.tip_cards_one" if len(cards) == 1 else "table.tip_cards", count=len(cards)))
        staged = staged_on(ctx, region)
        if staged:  # a bid being built on it: not "0 cards" while the player's choice lies there
            lines.append(ctx.tr("table.tip_staged", count=staged))
        card = self.card_tip(ctx, region, cards, index) if index is not None and 0 <= index < len(cards) else []
        return [*card[1:], "", *lines] if card else lines  # what is pointed at first, then where it lies

    def card_tip(self, ctx: TableContext[V], region: Region, cards: list[str], index: int) -> list[str]:
        """The pointed card's name and rule (nothing for a face-down card)."""
        pictures = self.region_cards(ctx.view, region, cards)
        picture = pictures[index] if index < len(pictures) else None
        if picture is None or picture == "back":
            return []
        card = picture.partition(":")[0]  # "bait:3": a bait of value 3
        title = self.card_title(ctx, picture)
        if not title:
            return []
        out = ["", title]
        if ctx.rules.has_text(f"card.{card}.rule"):
            out.append(ctx.text(f"card.{card}.rule"))
        return out

    def card_title(self, ctx: TableContext[V], picture: str) -> str:
        """A picture's name: `card.<id>`, and for "<id>:<detail>" the card's name and detail."""
        card, _, detail = picture.partition(":")
        if not ctx.rules.has_text(f"card.{card}"):
            return ""
        return f"{ctx.text(f'card.{card}')} {detail}".strip()

    def hand_order(self, rules: Any, cards: list[str]) -> list[str]:
        """The viewer's hand as shown: sorted in the game's card order (its YAML `cards`);
        cards the YAML does not list keep their places relative to each other."""
        order = {card: i for i, card in enumerate(rules.data.get("cards") or {})}
        return sorted(cards, key=lambda card: order.get(card, len(order)))

    def zoom_card(self, ctx: TableContext[V], region: Region, index: int) -> str | None:
        """The picture id a right-click (or Z) on a card shows at full size (None: face down)."""
        cards = zone_cards(ctx.view, region)
        if not 0 <= index < len(cards):
            return None
        pictures = self.region_cards(ctx.view, region, cards)
        picture = pictures[index] if index < len(pictures) else None
        return None if picture in (None, "back") else picture

    def is_moment(self, step: Any) -> bool:
        """Whether an animation step is one of the layout's key moments (`moments`)."""
        if step.kind in self.moments:
            return True
        for event in step.events:
            name = (event.reason if isinstance(event, CardMoved) else event.phase if isinstance(event, PhaseBegan)
                    else event.key if isinstance(event, Note) else None)
            if name is not None and name in self.moments:
                return True
        return False

    # -------------------------------------------------------------- animation
    def prepare_events(self, events: list[Event]) -> list[Event]:
        """The events to animate, reordered if the table shows them better so."""
        return events

    def start_move(self, view: V, event: CardMoved) -> str | None:
        """A card starts flying: its picture id (and the displayed view's own bookkeeping)."""
        return event.card

    def apply_event(self, view: V, event: Event) -> None:
        """Keep the displayed view's own fields in step with an event being animated."""

    def apply_marker(self, view: V, event: MarkerChanged) -> None:
        """Keep the displayed view's markers in step with the events being animated."""

    def marker_caption(self, event: MarkerChanged) -> tuple[str, dict[str, Any]] | None:
        """Text key and params naming a marker change (None: no caption)."""
        return None

    def holds_look(self, event: Event, seat: int) -> bool:
        """Whether `event` shows `seat` a card only that seat sees (a look): at a hot-seat table
        it stays on that player's screen until they end it (scenes/table/looks.py)."""
        return isinstance(event, CardSeen) and event.viewer == seat and event.card is not None

    def end_look(self, seat: int) -> None:
        """`seat` ended its held look (hot-seat: Enter or the HUD button): what it showed is
        hidden again, as a look at a single player's table ends with their next move; the cards
        it knows are then drawn as any known card (a marker, or their value with a memory aid)."""

    def join_markers(self, events: list[Event], event: MarkerChanged) -> bool:
        """Whether a marker change joins the step of the previous marker changes."""
        return False



def zone_cards(view: View, region: Region) -> list[str]:
    """The cards a region shows of the displayed view (empty when it shows none)."""
    zones = view.get("zones", {})
    if region.zone is None or region.zone not in zones:
        return []
    cards = zones[region.zone]
    if region.seat is not None:
        cards = cards[region.seat] if isinstance(cards, list) and region.seat < len(cards) else []
    return list(cards) if isinstance(cards, list) else []


def staged_on(ctx: TableContext[V], region: Region) -> int:
    """How many cards (or a counter's units) the acting seat's choice being built has put on
    `region`, not sent yet (hunt cards bid, fish bet): the composer's picks aimed at its zone."""
    composer = ctx.composer
    comp = composer.composer if composer is not None else None
    if comp is None or ctx.seat is None or region.zone is None or region.seat not in (ctx.seat, None):
        return 0
    return sum(len(composer.pending(step)) for step in comp.steps() if region.zone in getattr(step, "to", ()))
