"""What hovering a Silver card says: its name, value and power (the YAML characters' power
texts, French or English), or only what the viewer may know of a face-down card.

A face-down card the viewer has seen is named only while the memory aid is on or just after
the look (remembering is the game); the tooltip says it was seen, the slot, and whether the
amulet protects it or a bodyguard guards it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game import languages
from game.games.silver_amulet.view_types import SilverView
from scenes.layouts import silver_amulet_draw as art
from scenes.table.layout import TableContext


def character_lines(ctx: Any, card: str) -> list[str]:
    """'Seer (9)' and the seer's power, in the player's language."""
    data = ctx.rules.data["characters"].get(card)
    if data is None:
        return []
    lang = ctx.app.settings.language
    power = data["power"].get(lang) or data["power"][languages.REFERENCE]
    return [ctx.tr("silver_amulet.tip_card", name=ctx.text(f"card.{card}"), value=data["value"]), power]


def village_card_lines(ctx: TableContext[SilverView], seat: int | None, picture: str) -> list[str]:
    """A village slot's lines: the card where the viewer may read it, else its face and what
    the viewer knows; its protection."""
    parsed = art.parse(picture)
    if parsed is None:
        return []
    number, mode, card = parsed
    out = [ctx.tr("silver_amulet.tip_slot", slot=number)]
    if mode in ("up", "look", "aid") and card != "back":
        out += character_lines(ctx, card)
    elif mode == "known":
        out.append(ctx.tr("silver_amulet.tip_known"))
    else:
        out.append(ctx.tr("silver_amulet.tip_down"))
    rows = ctx.view.get("villages") or []
    row = rows[seat] if seat is not None and seat < len(rows) else []
    slot: Mapping[str, Any] = row[number - 1] if 0 < number <= len(row) else {}
    if slot.get("protected"):
        out.append(ctx.tr("silver_amulet.tip_protected"))
    elif slot.get("guarded"):
        out.append(ctx.tr("silver_amulet.tip_guarded"))
    return out


def card_tip(ctx: TableContext[SilverView], region: Any, pictures: list[str], index: int) -> list[str]:
    """The pointed card's lines after the zone's (a blank line between)."""
    picture = pictures[index] if 0 <= index < len(pictures) else None
    if picture is None or picture == "back":
        return []
    if picture.startswith("v:"):
        lines = village_card_lines(ctx, region.seat, picture)
    else:
        lines = character_lines(ctx, picture)
    return ["", *lines] if lines else []
