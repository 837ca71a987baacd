"""Silver's coach hooks (game/ai/coach.py): its moves in player words and its figure, the
points against a seat at the round's count.

`describe` reads only the seat's view: a village card is named by its character and value
when the seat knows it, else as the face-down card of its slot. The texts are the YAML's
`coach.*`.
"""

from __future__ import annotations

from typing import Any

from game.engine.actions import ActionForm, Malformed
from game.engine.state import State
from game.games.silver_amulet.actions import TAKE

Words = tuple[str, dict[str, Any]]


def figure(state: State, seat: int) -> float:
    """Minus the seat's points at the end of the coach's play-out (the round scored: the
    flat play-out plays to the count), so higher is better; a round still under way counts its
    village as it lies (with the caller's rule)."""
    from game.games.silver_amulet.ai import projected_losses

    s: Any = state
    total = float(state.scores()[seat])
    if s.phase == "turn":
        total += projected_losses(s)[seat]
    return -total


def describe(rules: Any, view: dict[str, Any], seat: int, text: str) -> Words | None:
    parsed = rules.grammar.parse(text)
    if isinstance(parsed, Malformed):
        return None
    form, fields = parsed
    verb, numbers = form.verb, _numbers(form, fields)
    held = _held(view)
    if verb == "peek" and len(numbers) == 2:
        return "coach.move.peek", {"slot": numbers[0], "other_slot": numbers[1]}
    if form is TAKE:
        top = (view.get("discard") or [None])[0]
        return ("coach.move.take", {"card": top, "value": _value_of(view, top)}) if top else None
    if verb == "take" and len(numbers) == 2:  # the master: a card of the pile into a slot
        pile = view.get("discard") or []
        card = pile[numbers[0] - 1] if 0 < numbers[0] <= len(pile) else None
        return "coach.move.master", {"card": card or "", "slot": numbers[1]}
    if verb in ("discard", "use") and held:
        return f"coach.move.{verb}", {"card": held, "value": _value_of(view, held)}
    if verb == "exchange" and numbers:
        return _exchange(view, seat, numbers, held)
    if verb in ("guard", "amulet", "empath") and len(numbers) == 1:
        return f"coach.move.{verb}", {"slot": numbers[0]}
    if verb in ("turn", "swap") and len(numbers) == 2 and numbers[0] != seat:
        return f"coach.move.{verb}_seat", {"seat": numbers[0], "slot": numbers[1]}
    if verb in ("turn", "swap") and numbers:
        return f"coach.move.{verb}", {"slot": numbers[-1]}
    if verb == "look" and len(numbers) == 2 and names_seat(rules, view):
        if numbers[0] == seat:
            return "coach.move.look", {"slot": numbers[1]}
        return "coach.move.look_seat", {"seat": numbers[0], "slot": numbers[1]}
    if verb == "look" and numbers:
        return ("coach.move.look", {"slot": numbers[0]}) if len(numbers) == 1 else ("coach.move.look_many", {"slots": _listed(numbers)})
    if verb == "rob" and len(numbers) == 3:
        return "coach.move.rob", {"slot": numbers[0], "seat": numbers[1], "other_slot": numbers[2]}
    return None  # the YAML's action.<text> (draw, call count, keep 1, leave...)


def _numbers(form: ActionForm, fields: dict[str, Any]) -> list[int]:
    """The numbers a move's text writes, in its order (places counted from 1, as the player reads them)."""
    out: list[int] = []
    for name in form.fields:
        kind, value = form.kinds[name], fields[name]
        if kind == "place":
            out.append(value + 1)
        elif kind == "places":
            out += [i + 1 for i in value]
        elif kind in ("int", "ints"):
            out += [value] if kind == "int" else list(value)
    return out


def names_seat(rules: Any, view: dict[str, Any]) -> bool:
    """Whether the power being used names a seat and a slot ("look 1 5": an opponent's card)
    rather than slots of one's own ("look 1 5": two of one's own cards): its target's form.
    The variants change no power that looks, so the table without options tells."""
    power = rules.characters({}).get(view.get("power") or "")
    target = getattr(getattr(power, "power", None), "target", None)
    return bool(getattr(target, "with_seat", False))


def _exchange(view: dict[str, Any], seat: int, slots: list[int], held: str | None) -> Words:
    if len(slots) > 1:
        return "coach.move.exchange_many", {"slots": _listed(slots), "card_drawn": held or "", "drawn_value": _value_of(view, held)}
    slot = slots[0]
    zones = view.get("zones") or {}
    cards = view.get("cards") or {}
    try:
        own = zones["village"][seat][slot - 1]
        entry = cards["village"][seat][slot - 1] or {}
    except (KeyError, IndexError, TypeError):
        own, entry = None, {}
    if own in (None, "back") or "value" not in entry:
        return "coach.move.exchange_unknown", {"slot": slot, "card_drawn": held or "", "drawn_value": _value_of(view, held)}
    return "coach.move.exchange", {"slot": slot, "card": own, "value": entry["value"],
                                   "card_drawn": held or "", "drawn_value": _value_of(view, held)}


def _held(view: dict[str, Any]) -> str | None:
    drawn = view.get("drawn") or []
    return drawn[-1] if drawn else None


def _value_of(view: dict[str, Any], card: str | None) -> int | str:
    """A card's value from the view's card attributes (any copy the seat sees: a character
    has one value)."""
    if not card:
        return ""
    zones, cards = view.get("zones") or {}, view.get("cards") or {}
    for name, zone in zones.items():
        for where, entry in _pairs(zone, cards.get(name)):
            if where == card and isinstance(entry, dict) and isinstance(entry.get("value"), int):
                return int(entry["value"])
    return ""


def _pairs(zone: Any, entries: Any) -> list[tuple[Any, Any]]:
    """(card id, its entry) of a view's zone, flat, whatever its nesting (by seat, by slot)."""
    if isinstance(zone, list) and isinstance(entries, list) and len(zone) == len(entries):
        if all(not isinstance(z, list) for z in zone):
            return list(zip(zone, entries, strict=True))
        out: list[tuple[Any, Any]] = []
        for z, e in zip(zone, entries, strict=True):
            out += _pairs(z, e)
        return out
    return []


def _listed(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)
