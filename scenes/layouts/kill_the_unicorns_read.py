"""Reading the Kill the Unicorns table: what hovering a unicorn, a scheme, a character, a market
token or a zone says, from the game's YAML texts (French and English).

A card is described first (name, then its rule: points and colour with its pattern, a scheme's
effect and whether it stays, an item's effect and the viewer's price, a character's power), then
the zone it lies in. The schemes under a unicorn are a count, plus the names the viewer knows
(those it placed, or looked at with the Princess's power).
"""

from __future__ import annotations

from typing import Any

from game.games.kill_the_unicorns.view_types import UnicornsView
from scenes.layouts.kill_the_unicorns_place import item_of
from scenes.table.layout import TableContext
from scenes.table.regions import Region


def describe(ctx: TableContext[UnicornsView], picture: str) -> list[str]:
    """A picture's name then its rule lines (nothing for a face-down card)."""
    rules = ctx.rules
    if picture.startswith("coll|"):  # a unicorn of a collection, as it is now
        _, card, colour, points, attached, number = picture.split("|")
        name = collection_name(ctx.rules, ctx.app.settings.language, picture)
        lines = [f"{name} #{number}", _unicorn_rule(ctx, colour or "none", int(points))]
        extras = [ctx.text(f"card.{x}") if rules.has_text(f"card.{x}") else ctx.text(f"item.{item_of(x)}")
                  for x in attached.split(",") if x]
        printed = ctx.text(f"card.{card}")
        if name != printed:  # what it was, and what changed it
            lines.append(ctx.text("tip.printed", card=printed))
            if extras:
                lines.append(ctx.text("tip.changed_by", items=", ".join(extras)))
        elif extras:
            lines.append(ctx.text("tip.on_it", items=", ".join(extras)))
        return lines
    if picture in rules.unicorns:
        decl = rules.unicorns[picture]
        return [ctx.text(f"card.{picture}"), _unicorn_rule(ctx, decl["colour"], decl["points"])]
    if picture.startswith("hunt_"):
        value = picture.rpartition("_")[2]
        return [ctx.text(f"card.{picture}"), ctx.text("tip.hunt", value=value)]
    if picture in rules.schemes_stay:
        stays = "tip.stays" if rules.schemes_stay[picture] else "tip.goes"
        return [ctx.text(f"card.{picture}"), ctx.text(f"scheme.{picture}.effect"), ctx.text(stays)]
    if picture.startswith("char:"):
        name = picture[5:]
        return [ctx.text(f"character.{name}"), ctx.text("tip.power", power=ctx.text(f"power.{name}"))]
    item = item_of(picture)
    if item in rules.market:
        title = ctx.text(f"card.{picture}") if rules.has_text(f"card.{picture}") else ctx.text(f"item.{item}")
        seat = ctx.view["seat"] or 0
        price = ctx.view["prices"][seat].get(item, rules.market[item]["price"])
        return [title, ctx.text(f"item.{item}.effect"), ctx.text("tip.price", price=price)]
    return []


def collection_name(rules: Any, lang: str, picture: str) -> str:
    """The name of a collection's unicorn (a `coll|` picture) as it is now: its colour and
    points with what is on it, a Pigicorn once a scheme turned it into one."""
    _, card, colour, points, attached, _number = picture.split("|")
    pigicorn = any(x in rules.transforms for x in attached.split(","))
    return str(rules.unicorn_label(lang, card, colour, int(points), pigicorn))


def _unicorn_rule(ctx: TableContext[UnicornsView], colour: str, points: int) -> str:
    return ctx.text("tip.unicorn", points=points, colour=ctx.text(f"colour.{colour}"), pattern=ctx.text(f"pattern.{colour}"))


def tooltip(layout: Any, ctx: TableContext[UnicornsView], region: Region, index: int | None) -> list[str] | None:
    """The table's own tooltips (the schemes under a unicorn, a seat's character line, the
    market's frame); None: the generic tooltip, with `describe` for the pointed card."""
    view = ctx.view
    if region.zone == "under" and region.seat is not None:
        under = view["zones"]["under"][region.seat]
        lines = [ctx.text("tip.schemes_under", number=region.seat + 1), ctx.text("zone.under.rule"),
                 ctx.text("view.schemes_under", count=len(under))]
        known = [ctx.text(f"card.{s}") for s in under if s != "back"]
        if known:
            lines.append(ctx.text("tip.known", names=", ".join(known)))
        return lines
    if region.name.startswith("info:") and region.seat is not None:
        name = view["characters"][region.seat]
        title = ctx.tr("table.tip_whose", zone=ctx.text(f"character.{name}"), name=ctx.name(region.seat))
        return [title, ctx.text("tip.power", power=ctx.text(f"power.{name}")), ctx.text("zone.character.rule")]
    return None


def picture_at(layout: Any, view: UnicornsView, region: Region, cards: list[str], index: int) -> str | None:
    """The picture of the card at `index` of a zone's cards (the line keeps the empty places of
    the unicorns already hunted: its pictures leave them out); None when it is face down."""
    if region.zone == "line":
        return cards[index] or None
    pictures = layout.region_cards(view, region, cards)
    picture = pictures[index] if index < len(pictures) else None
    return None if picture in (None, "back") else picture
