"""The Fish Fish table: the pond in the middle with the fisher's line, every seat's block around it.

Where things lie is fish_fish_place.py, the pond and tags fish_fish_view.py, the pictures
fish_fish_draw.py. The fisher lays a line by picking a fishing card and a bait (drops on the
line, clicks, or keys: a card's initial, a bait's value), a fish player bets a number of tiles
(drops on the line or the bet spot, - and + buttons, digits, Enter): both are composer templates.
Bait values and fish owners are the view's `cards` (the animator keeps them in step with the
moves); the bets and the line number follow the animation through `apply_event`.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.events import CardMoved, Event, MarkerChanged, Note, PhaseBegan
from game.games.fish_fish.actions import BET, LINE
from game.games.fish_fish.view_types import FishFishView
from scenes.layouts import fish_fish_draw as art
from scenes.layouts import fish_fish_place as where
from scenes.layouts.fish_fish_view import draw_table
from scenes.table.composer import Confirm, Counter, Pick, Template
from scenes.table.layout import Layout, TableContext
from scenes.table.regions import HUD, Placements, Region, TableTheme, TourStep

DRAWN_BY_LAYOUT = ("line", "bet", "box")  # the pond: drawn by draw_table over the water


def bait_word(picture: str) -> str:
    """A bait's word in the action text: its value ('bait:3' -> '3')."""
    return picture.partition(":")[2]


class FishFishLayout(Layout[FishFishView]):
    """The pond, the line, the bets; the fisher's and the fish's hands as composer templates."""

    game_id = "fish_fish"
    back_art = "fish_fish/back"  # assets/cards/fish_fish/back.svg
    setup_moves = ("new_round", "to_box")  # a round's set-up and clean-up: not marked as a last move
    # Moves shown together (the table's animation queue): a bet's tiles, a catch, a payout, discards.
    batched_moves = ("bet", "catch", "payout", "last_bait", "discard", "new_round", "to_box")
    move_sounds = {"bet": "deal", "catch": "capture", "payout": "score", "last_bait": "score"}
    phase_steps = {"reveal": "reveal"}
    tally_zones = ("caught", "loot_2", "loot_3", "loot_4", "loot_5")  # counted: left in view by the scoring moment
    moments = Layout.moments + ("catch", "payout", "last_bait")  # held on screen, Space ends one

    def place(self, view: FishFishView, rect: pygame.Rect, theme: TableTheme | None = None) -> Placements:
        return where.place(view, rect, theme)

    def templates(self, view: FishFishView, seat: int) -> list[Template]:
        """The fisher lays a card and a bait; a fish bets a number of tiles (0 passes)."""
        if view["fisher"] == seat:
            return [Pick("fishing", to=("line",), keys="initial")
                    >> Pick("baits", to=("line",), token=bait_word, keys="token")
                    >> Confirm(LINE.template(card="fishing", value="baits"), auto=True, help="fish_fish.fisher_hint")]
        return [Counter("count", source="fish", to=("bet", "line"), label="fish_fish.bet_count",
                        confirm_label="fish_fish.bet_button", zero_label="fish_fish.pass_button")
                >> Confirm(BET.template(count="count"))]

    def ghost_rects(self, ctx: TableContext[FishFishView], pick: Any, count: int) -> list[pygame.Rect] | None:
        """A card or bait chosen for the line waits on the line itself (the bait over the card)."""
        if isinstance(pick, Pick):
            card, bait = where.line_rects(ctx.regions[f"line:{ctx.view['fisher']}"])
            return [card if pick.zone == "fishing" else bait]
        return None

    def hint(self, ctx: TableContext[FishFishView]) -> str:
        view = ctx.view
        return ctx.tr("fish_fish.hint_fisher" if view["fisher"] == view["seat"] else "fish_fish.hint_fish")

    def drop_hint(self, ctx: TableContext[FishFishView]) -> str:
        return ctx.tr("fish_fish.drop_on_line")

    # ------------------------------------------------------------------ drawing
    def draw_table(self, ctx: TableContext[FishFishView], surface: pygame.Surface) -> None:
        draw_table(ctx, surface)

    def card_face(self, card_art: Any, card: str, size: tuple[int, int]) -> pygame.Surface | None:
        """A picture id drawn as the YAML's presentation says: a card of `faces` (a bait with its
        value: 'bait:3'), or a tile of `owner_looks` ('fish:<species>')."""
        kind, _, arg = card.partition(":")
        rules, app, presentation = card_art.rules, card_art.app, card_art.presentation
        looks = presentation.get("owner_looks") or []
        face = (presentation.get("faces") or {}).get(kind)
        if face is None:
            return art.fish_tile(looks[int(arg) % len(looks)], size) if arg.isdigit() and looks else None
        label = app.game_text(rules, f"card.{kind}") if rules.has_text(f"card.{kind}") else kind
        value = (arg or "?") if face["value"] else None
        return art.face_card(app, label, card_art.colors.get(kind, (90, 90, 90)), size, face["picture"],
                             face["band"], value, looks[0] if looks else None)

    def region_cards(self, view: FishFishView, region: Region, cards: list[str]) -> list[str]:
        """Species tiles, baits with their values; nothing where draw_table draws (the pond)."""
        if region.zone in DRAWN_BY_LAYOUT or region.seat is None or region.zone is None:
            return []
        return where.display_cards(view, region.zone, region.seat, cards)

    def gallery_cards(self, app: Any, rules: Any, size: tuple[int, int]) -> list[pygame.Surface]:
        """The fishing cards, the baits and the seven species, each named (a species by its shape
        and pattern too, for players who do not tell colours apart)."""
        card_art = self.card_art(app, rules)
        items = [(card, app.game_text(rules, f"card.{card}")) for card in rules.fishing_order]
        items += [(f"bait:{v}", f"{app.game_text(rules, 'card.bait')} {v}") for v in sorted(set(rules.bait_values))]
        items += [(f"fish:{k}", app.tr("fish_fish.species", shape=app.tr(f"fish_fish.shape.{look['shape']}"),
                                       pattern=app.tr(f"fish_fish.pattern.{look['pattern']}")))
                  for k, look in enumerate(card_art.presentation.get("owner_looks") or [])]
        return [card_art.labelled(picture, label, size, square=picture.startswith("fish:")) for picture, label in items]

    def card_title(self, ctx: TableContext[FishFishView], picture: str) -> str:
        """A fish tile names its species by shape and pattern (tooltips, colour-blind players)."""
        if picture.startswith("fish:"):
            looks = (ctx.rules.data.get("presentation") or {}).get("owner_looks") or []
            if not looks:
                return ctx.text("card.fish")
            look = looks[int(picture.partition(":")[2]) % len(looks)]
            species = ctx.tr("fish_fish.species", shape=ctx.tr(f"fish_fish.shape.{look['shape']}"),
                             pattern=ctx.tr(f"fish_fish.pattern.{look['pattern']}"))
            return f"{ctx.text('card.fish')} — {species}"
        return super().card_title(ctx, picture)

    # ---------------------------------------------------------------- animation
    def prepare_events(self, events: list[Event]) -> list[Event]:
        """Say 'the bait is worth N' before the bait flies onto the line (the caption announces
        what the players then watch)."""
        out = list(events)
        for i in range(1, len(out)):
            prev, event = out[i - 1], out[i]
            if isinstance(event, Note) and event.key == "bait" and isinstance(prev, CardMoved) and prev.reason == "bait":
                out[i - 1], out[i] = event, prev
        return out

    def start_move(self, view: FishFishView, event: CardMoved) -> str | None:
        """A card starts flying: its picture (a fish's species, a bait's value) from the owner
        and attributes the event carries."""
        return where.picture(view, event.card, dict(event.info))

    def apply_event(self, view: FishFishView, event: Event) -> None:
        """Keep bets and the line number in step with the animation."""
        if isinstance(event, Note) and event.key == "pass" and event.seat is not None:
            view["bets"][event.seat] = 0
        elif isinstance(event, CardMoved) and event.reason == "bet" and event.actor is not None:
            view["bets"][event.actor] = (view["bets"][event.actor] or 0) + 1
        elif isinstance(event, PhaseBegan) and event.phase == "line":
            view["line"] = event.number
            view["bets"] = [None] * view["players"]
            view["bettor"] = None

    def apply_marker(self, view: FishFishView, event: MarkerChanged) -> None:
        """The fisher and the betting direction change at a new round."""
        if event.marker == "fisher":
            view["fisher"] = event.value
        elif event.marker == "direction":
            view["direction"] = event.value
        else:
            return
        n, f = view["players"], view["fisher"]
        step = 1 if view["direction"] == "clockwise" else -1
        view["betting_order"] = [(f + step * i) % n for i in range(1, n)]

    def marker_caption(self, event: MarkerChanged) -> tuple[str, dict[str, Any]] | None:
        if event.marker == "fisher":
            return "marker.fisher_to", {"seat": event.value}
        if event.marker == "direction":
            return f"marker.direction_{event.value}", {}
        return None

    # ------------------------------------------------------------------ texts
    def status_line(self, view: FishFishView, text: Any) -> str:
        """The HUD line: round of rounds, line of lines."""
        rnd = text("phase.round", number=view["round"])
        line = text("phase.line", number=view["line"])
        return f"{rnd}/{view['rounds']} · {line}/{view['lines']}"

    def tour_steps(self, view: FishFishView) -> list[TourStep]:
        """The guided tour, for the viewer's role (fisher or fish) at this moment."""
        order = where.seat_order(view)
        me, fisher = order[0], view["fisher"]
        other = next((s for s in order[1:] if s != fisher), order[1])
        steps = [TourStep(("pond", f"line:{fisher}"), "tour.fish_fish.line")]
        if me == fisher:
            steps += [
                TourStep((f"fishing:{me}", f"baits:{me}"), "tour.fish_fish.fisher_hand"),
                TourStep((f"caught:{me}",), "tour.fish_fish.caught"),
                TourStep(tuple(f"bet:{s}" for s in order if s != fisher), "tour.fish_fish.bets"),
            ]
        else:
            steps += [
                TourStep((f"fish:{me}", "controls"), "tour.fish_fish.fish_hand"),
                TourStep((f"bet:{me}",), "tour.fish_fish.bet"),
                TourStep(tuple(f"loot_{v}:{me}" for v in view["loot_slots"]), "tour.fish_fish.loot"),
                TourStep((f"panel:{fisher}", f"fishing:{fisher}", f"baits:{fisher}"), "tour.fish_fish.fisher"),
                TourStep((f"caught:{fisher}",), "tour.fish_fish.caught"),
            ]
        steps += [
            TourStep(("order",), "tour.fish_fish.order"),
            TourStep((f"discard:{fisher}",), "tour.fish_fish.discard"),
            TourStep((f"panel:{other}", f"tag:{other}", f"fish:{other}"), "tour.fish_fish.others"),
            TourStep((HUD,), "tour.fish_fish.keys"),
        ]
        return steps
