"""The Kill the Unicorns table: the line of four unicorns with their schemes, the black market,
every seat's unicorns and bid.

Where things lie is kill_the_unicorns_place.py, the pictures kill_the_unicorns_draw.py. Every move
is a composer template matched against the legal texts: a scheme is picked then its unicorn
clicked (`under N`, numbered from 1: a Target with offset 1), a hunt is 1 to 4 hunt cards then
Confirm (the Knight's boost is a toggle beside it), a purchase is a market token then one of the
seat's unicorns (or a token dragged onto one of them; by keyboard: arrows choose a token,
Enter takes it, the unicorn's number buys); passing, peeking, staying, the blind reveal, painting
and buying nothing are buttons with keys. No key letter is L, S or Z (the table's log, score
sheet and zoom).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.events import Event, GameOver, PhaseBegan
from game.games.kill_the_unicorns.actions import (
    BUY,
    BUY_NONE,
    HUNT,
    MOVE,
    PAINT,
    PASS,
    PEEK,
    REVEAL,
    SCHEME,
    STAY,
)
from game.games.kill_the_unicorns.view_types import UnicornsView
from scenes.layouts import kill_the_unicorns_draw as art
from scenes.layouts import kill_the_unicorns_place as where
from scenes.layouts import kill_the_unicorns_read as reading
from scenes.layouts.kill_the_unicorns_market import market_key
from scenes.layouts.kill_the_unicorns_view import draw_table
from scenes.table.buttons import Button
from scenes.table.composer import Confirm, Pick, Press, Target
from scenes.table.layout import Layout, TableContext, zone_cards
from scenes.table.regions import ACTIONS, HUD, Placements, Region, TableTheme, TourStep


def value_word(picture: str) -> str:
    """A hunt card's word in a bid: its value ('hunt_3' -> '3')."""
    return picture.rpartition("_")[2]


def item_word(picture: str) -> str:
    """A market token's words in a purchase ('cotton_candy_pink' -> 'cotton_candy pink', 'pate_4' -> 'pate')."""
    item = where.item_of(picture)
    rest = picture[len(item) + 1:]
    return f"{item} {rest}" if rest and not rest.isdigit() else item


def unicorn_word(picture: str) -> str:
    """A unicorn of the collection's number in a purchase (its picture ends with '|n')."""
    return picture.rpartition("|")[2]


class KillTheUnicornsLayout(Layout[UnicornsView]):
    """The line, the schemes under it, the market, the seats; the moves as composer templates."""

    game_id = "kill_the_unicorns"
    setup_moves = ("new_round", "new_line", "draw_scheme")  # a round's set-up and clean-up: not marked
    batched_moves = ("new_round", "new_line", "draw_scheme", "pate_attached", "scheme_away", "played")
    choice_moves = ("bid",)
    move_sounds = {"won": "capture", "buy": "score", "bid": "deal"}
    phase_steps = {"round": "chapter"}
    tally_zones = ("collection",)  # counted at the end: the scoring moment leaves them in view
    # the hunt line, the black market and each seat's character line stay readable under the boxes
    tally_keep_clear = ("line_frame", "line", "under", "market_frame", "market", "info")

    def __init__(self) -> None:
        self.boost_for: tuple[int, int | None] | None = None  # (round, hunt) the Knight's boost is chosen for
        self.market_focus = 0  # the token the arrow keys point at in the market

    def boosting(self, view: UnicornsView, seat: int | None) -> bool:
        """The Knight's boost is on for the bid being built (a new hunt, or the power spent, puts it off)."""
        return (seat is not None and self.boost_for == (view["round"], view.get("hunt"))
                and bool(view["powers"]) and not view["power_used"][seat])

    def place(self, view: UnicornsView, rect: pygame.Rect, theme: TableTheme | None = None) -> Placements:
        return where.place(view, rect, theme)

    # ------------------------------------------------------------------ input
    def templates(self, view: UnicornsView, seat: int) -> list[Any]:
        phase = view["phase"]
        if phase == "schemes":
            return [Pick("scheme_hand", to=("under",), keys="initial", name="scheme")
                    >> Target("under", name="pos", offset=1, keys="token")
                    >> Confirm(SCHEME.template(unicorn="pos"), auto=True, help="unicorns.help_scheme")]
        if phase == "wizard":
            return [Target("under", name="src", offset=1, keys="token") >> Target("under", name="dst", offset=1, keys="token")
                    >> Confirm(MOVE.template(source="src", target="dst"), auto=True, help="unicorns.help_wizard"),
                    Press(STAY.text(), key="n")]
        if phase == "hunt":
            return [Pick("hand", count=(1, 4), to=("bid",), token=value_word, keys="token")
                    >> Confirm(HUNT.template(cards="hand", boost=self.boosting(view, seat)), help="unicorns.help_hunt"),
                    Press(PASS.text(), key="p"), Press(PEEK.text(), key="k")]
        if phase == "choose":
            return [Press(REVEAL.text(0), key="1"), Press(REVEAL.text(1), key="2")]
        if phase == "paint":
            return [Press(PAINT.text(c), key_text=f"colour.{c}") for c in ("pink", "blue", "green", "yellow")]
        if phase == "market":
            return [Pick("market", to=("collection",), token=item_word, name="item")
                    >> Pick("collection", token=unicorn_word, keys="token", name="unicorn")
                    # a coloured token's word is its item and colour ('cotton_candy pink'): the one
                    # template spells both forms of a purchase
                    >> Confirm(BUY.template(), auto=True, help="unicorns.help_market"),
                    Press(BUY_NONE.text(), key="n")]
        return []

    def hint(self, ctx: TableContext[UnicornsView]) -> str:
        """The phase's hint; the keys of its buttons as the player's language names them (paint);
        in a hunt, only the keys this seat may use (a Shaman is told of no Princess's peek)."""
        keys = [k.upper() for k in ctx.composer.press_keys(ctx).values() if k] if ctx.composer is not None else []
        if ctx.view["phase"] == "hunt":
            return ctx.tr("unicorns.hint.hunt", keys="".join(ctx.tr(f"unicorns.hint_key.{k}") for k in self.hunt_keys(ctx)))
        return ctx.tr(f"unicorns.hint.{ctx.view['phase']}", keys=", ".join(keys))

    def hunt_keys(self, ctx: TableContext[UnicornsView]) -> list[str]:
        """The hunt's keys this seat may use now: pass, the Princess's peek, the Knight's boost."""
        out = ["pass"] if "pass" in ctx.legal else []
        if "peek" in ctx.legal:
            out.append("peek")
        if any(text.endswith(" boost") for text in ctx.legal):
            out.append("boost")
        return out

    def help_params(self, ctx: TableContext[UnicornsView], help_key: str) -> dict[str, str]:
        if help_key != "unicorns.help_hunt":
            return {}
        return {"keys": "".join(ctx.tr(f"unicorns.help_key.{k}") for k in self.hunt_keys(ctx))}

    def drop_hint(self, ctx: TableContext[UnicornsView]) -> str:
        return ctx.tr(f"unicorns.drop.{ctx.view['phase']}")

    def buttons(self, ctx: TableContext[UnicornsView]) -> list[Button]:
        """The hunt's Confirm button (Enter: the composer's) and the Knight's boost toggle (B)."""
        if ctx.seat is None or ctx.view["phase"] != "hunt" or ctx.composer is None:
            return []
        comp = ctx.composer.composer
        out = [Button("confirm", ctx.tr("unicorns.button.confirm"), area="own_buttons",
                      enabled=comp is not None and comp.ready() is not None)]
        if any(text.endswith(" boost") for text in ctx.legal):
            on = self.boosting(ctx.view, ctx.seat)
            out.append(Button("boost", ctx.tr("unicorns.button.boost_on" if on else "unicorns.button.boost"), "b", "own_buttons",
                              chosen=on))
        return out

    def press(self, ctx: TableContext[UnicornsView], name: str) -> None:
        """The boost toggles; the Confirm sends the bid, or says to pick hunt cards first."""
        comp = ctx.composer.composer
        if name == "boost":
            self._toggle_boost(ctx)
        elif comp is not None and comp.ready() is not None:
            ctx.composer.confirm(ctx)
        else:
            ctx.say(ctx.tr("unicorns.pick_first"), True)

    def handle_event(self, ctx: TableContext[UnicornsView], event: pygame.event.Event) -> bool:
        """In the market the arrow keys choose a token and Enter takes it."""
        if ctx.view["phase"] == "market" and event.type == pygame.KEYDOWN:
            return market_key(self, ctx, event)
        return False

    def _toggle_boost(self, ctx: TableContext[UnicornsView]) -> None:
        on = self.boosting(ctx.view, ctx.seat)
        self.boost_for = None if on else (ctx.view["round"], ctx.view.get("hunt"))
        ctx.composer.rebuild(ctx)  # the templates change: built again, with the cards picked so far

    # ------------------------------------------------------------------ drawing
    def region_cards(self, view: UnicornsView, region: Region, cards: list[str]) -> list[str]:
        """Unicorns of a collection grouped by colour, each with its number, points and extras;
        nothing under the line (draw_table shows the schemes' count, never the cards)."""
        if region.zone == "under":
            return []
        if region.zone == "line":
            return [c for c in cards if c]
        if region.zone == "collection" and region.seat is not None:
            entries = view["collections"][region.seat]
            if len(entries) != len(cards):
                return cards
            coded = [(e.get("colour") or "~", i) for i, e in enumerate(entries)]
            out = []
            for _, i in sorted(coded):
                e = entries[i]
                extras = ",".join(e["tokens"] + e["schemes"])
                out.append(f"coll|{cards[i]}|{e.get('colour') or ''}|{e['points']}|{extras}|{i + 1}")
            return out
        return cards

    def hand_order(self, rules: Any, cards: list[str]) -> list[str]:
        """Hunt cards by value (then schemes by name): the hand reads 0 1 1 2 2 3 3 4."""
        return sorted(cards, key=lambda c: (0, int(value_word(c)), c) if c.startswith("hunt_") else (1, 0, c))

    def card_face(self, card_art: Any, card: str, size: tuple[int, int]) -> pygame.Surface | None:
        rules, app = card_art.rules, card_art.app
        extras: list[str] = []
        name = None
        if card.startswith("coll|"):
            name = reading.collection_name(rules, app.settings.language, card)
            _, card, shown_colour, shown_points, attached, _n = card.split("|")
            extras = [app.game_text(rules, f"short.{where.item_of(x)}") for x in attached.split(",") if x]
            override: tuple[str | None, int] | None = (shown_colour or None, int(shown_points))
        else:
            override = None
        if card in rules.unicorns:
            decl = rules.unicorns[card]
            colour, points = override or ((None if decl["colour"] == "none" else decl["colour"]), decl["points"])
            special = "legendary" if card == "legendary" else "pigicorn" if card == "pigicorn" else (
                "smelly" if card.startswith("smelly") else "")
            if colour is None and override is not None and card != "legendary":
                special = "pigicorn"
            rgb = card_art.colors.get(colour or "none", art.NONE)
            return art.unicorn(app, name or app.game_text(rules, f"card.{card}"), colour, points, rgb, size, extras, special)
        if card.startswith("hunt_"):
            return art.hunt_card(app, int(value_word(card)), size)
        if card in rules.schemes_stay:
            return art.scheme_card(app, app.game_text(rules, f"card.{card}"), app.game_text(rules, f"scheme.{card}.effect"),
                                   rules.schemes_stay[card], size)
        if card.startswith("char:"):
            name = card[5:]
            return art.character_card(app, app.game_text(rules, f"character.{name}"), app.game_text(rules, f"power.{name}"),
                                      list(rules.characters).index(name), size)
        item = where.item_of(card)
        if item in rules.market:
            rest = card[len(item) + 1:]
            colour = rest if rest in rules.colours else None
            points = int(rest) if rest.isdigit() else rules.market[item]["points"]
            rgb = card_art.colors.get(colour, (180, 170, 150)) if colour else ((170, 120, 90) if item == "pate" else (200, 200, 215))
            return art.token(app, item, colour, points, rgb, size)
        return None

    def draw_table(self, ctx: TableContext[UnicornsView], surface: pygame.Surface) -> None:
        draw_table(self, ctx, surface)

    def gallery_cards(self, app: Any, rules: Any, size: tuple[int, int]) -> list[pygame.Surface]:
        """Every unicorn, scheme, character and market token, each named."""
        card_art = self.card_art(app, rules)
        items = [(u, app.game_text(rules, f"card.{u}")) for u in rules.unicorns]
        items += [(s, app.game_text(rules, f"card.{s}")) for s in rules.schemes_stay]
        items += [(f"char:{c}", app.game_text(rules, f"character.{c}")) for c in rules.characters]
        tokens = dict.fromkeys(f"{i}_{c}" if rules.market[i]["tokens"] == "colours" else (f"{i}_{min(rules.pate_values)}" if rules.market[i]["discard"] else i)
                               for i in rules.market for c in rules.colours)
        items += [(t, app.game_text(rules, f"item.{where.item_of(t)}")) for t in tokens]
        return [card_art.labelled(picture, label, size) for picture, label in items]

    # ------------------------------------------------------------------ reading
    def tooltip(self, ctx: TableContext[UnicornsView], region: Region, index: int | None) -> list[str]:
        own = reading.tooltip(self, ctx, region, index)
        return own if own is not None else super().tooltip(ctx, region, index)

    def card_tip(self, ctx: TableContext[UnicornsView], region: Region, cards: list[str], index: int) -> list[str]:
        picture = reading.picture_at(self, ctx.view, region, cards, index)
        return ["", *reading.describe(ctx, picture)] if picture else []

    def zoom_card(self, ctx: TableContext[UnicornsView], region: Region, index: int) -> str | None:
        cards = zone_cards(ctx.view, region)
        if region.zone == "under" or not 0 <= index < len(cards):
            return None
        return reading.picture_at(self, ctx.view, region, cards, index)

    HUD_PHASES = ("schemes", "hunt", "market")  # engine phases the HUD line names

    def apply_event(self, view: UnicornsView, event: Event) -> None:
        """The HUD follows the animation: a hunt's number, then the black market, then the next
        round's schemes (not only once the animation is over)."""
        if isinstance(event, PhaseBegan) and event.phase in self.HUD_PHASES:
            view["phase"] = event.phase
            view["hunt"] = event.number if event.phase == "hunt" else None
        elif isinstance(event, GameOver):
            view["phase"], view["hunt"] = "over", None

    # ------------------------------------------------------------------ texts
    def status_line(self, view: UnicornsView, text: Any) -> str:
        out = f"{text('phase.round', number=view['round'])}/{view['rounds']}"
        if view.get("hunt"):
            out += f" · {text('phase.hunt', number=view['hunt'])}/4"
        elif view["phase"] == "market":
            out += f" · {text('phase.market')}"
        return out

    def tour_steps(self, view: UnicornsView) -> list[TourStep]:
        order = where.seat_order(view)
        me = order[0]
        others = order[1:]
        return [
            TourStep(("line_frame",), "unicorns.tour.line"),
            TourStep(tuple(f"under:{p}" for p in range(len(view["line"]))), "unicorns.tour.schemes"),
            TourStep((f"scheme_hand:{me}",), "unicorns.tour.my_schemes"),
            TourStep((f"hand:{me}", f"bid:{me}"), "unicorns.tour.hunt"),
            TourStep((f"collection:{me}",), "unicorns.tour.collection"),
            TourStep(("market_frame",), "unicorns.tour.market"),
            TourStep(tuple(f"panel:{s}" for s in others) + tuple(f"info:{s}" for s in others), "unicorns.tour.others"),
            TourStep((ACTIONS,), "unicorns.tour.buttons"),
            TourStep((HUD,), "unicorns.tour.keys"),
        ]

    def seating_advice(self, app: Any, rules: Any, players: int) -> str | None:
        """The setup screen says the cards are the project's design."""
        return app.game_text(rules, "setup.note")

