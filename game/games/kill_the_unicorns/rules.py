"""Kill the Unicorns' data schema, cross checks and Rules: every design number comes from YAML."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.engine.actions import Action, ActionForm
from game.engine.errors import OptionError
from game.engine.rules import Rules, stacked_deck
from game.engine.schema import (
    INVALID,
    Any_,
    Bool,
    Context,
    DictOf,
    Enum,
    Int,
    ListOf,
    Map,
    Str,
    did_you_mean,
)
from game.games.kill_the_unicorns import effects as fx
from game.games.kill_the_unicorns.actions import GRAMMAR, Move

POWERS = ("peek", "boost", "extra_card", "move_scheme", "discount", "take_back")
ZONES = (
    "deck", "line", "under", "discard", "box", "market", "hand", "bid", "played", "scheme_deck",
    "scheme_hand", "spent", "discarded", "collection", "kept",
)

SCHEMA = {
    "rounds": Int(min=1, max=10),
    "line_size": Int(min=1, max=8),
    "schemes_per_unicorn": Int(min=1, max=4),
    "schemes_drawn": Int(min=1, max=4),
    "bid_sizes": ListOf(Int(min=1, max=8), min_len=1),
    "hunt_cards": ListOf(Int(min=0, max=20), min_len=1),
    "colours": ListOf(Str(), min_len=1),
    "characters": DictOf(Map({"schemes": ListOf(Str(), min_len=1), "power": Enum(*POWERS)}), min_len=1),
    "power_params": Map({"boost": Int(min=0, max=20), "extra_card": Int(min=1, max=4), "discount": Int(min=0, max=20), "take_back": Int(min=1, max=4)}),
    "schemes": DictOf(Map({"stays": Bool(), "effects": fx.SCHEMES.list_spec("revealed")}), min_len=1),
    "unicorns": DictOf(Map({"colour": Str(), "points": Int(min=-20, max=20), "count": Int(min=1, max=20)}), min_len=1),
    "starters": ListOf(Str(), min_len=1),
    "market": DictOf(Map({
        "price": Int(min=0, max=50), "tokens": Enum("colours", "players"), "colour": Bool(),
        "points": Int(min=-20, max=20), "discard": Bool(),
    }), min_len=1),
    "pate_values": ListOf(Int(min=0, max=20), min_len=1),
    "scoring": Map({"collection": ListOf(Int(min=0, max=100), min_len=2), "rainbow": Int(min=0, max=100), "rainbows_to_win": Int(min=0, max=10)}),
    "presets": ListOf(DictOf(Any_())),
}
OPTIONAL: dict[str, Any] = {"presets": []}


def unicorn_text(card: str) -> str:
    """The text naming a unicorn in options and tools: `pink_2` -> `pink 2`."""
    return card.replace("_", " ")


def check(data: dict[str, Any], ctx: Context) -> None:
    """Cross checks: zones, schemes named by characters, effects, colours, texts."""
    for name in ZONES:
        if name not in data["zones"]:
            ctx.error_at(("zones",), f"zones has no '{name}' (expected the zones {', '.join(ZONES)})")
    under = data["zones"].get("under")
    if isinstance(under, dict) and under.get("count") != data["line_size"]:
        ctx.error_at(("zones", "under", "count"), f"zone 'under' must have count: {data['line_size']} (one per unicorn of the line)")
    colours = data["colours"]
    for cid, char in data["characters"].items():
        if char is INVALID:
            continue
        for i, sid in enumerate(char["schemes"]):
            if sid not in data["schemes"]:
                ctx.error_at(("characters", cid, "schemes", i), f"unknown scheme '{sid}'{did_you_mean(sid, data['schemes'])}")
    for uid, card in data["unicorns"].items():
        if card is not INVALID and card["colour"] not in (*colours, "none"):
            ctx.error_at(("unicorns", uid, "colour"), f"colour '{card['colour']}' (expected one of: {', '.join(colours)}, none)")
    for i, sid in enumerate(data["starters"]):
        if sid not in data["unicorns"]:
            ctx.error_at(("starters", i), f"unknown unicorn '{sid}'{did_you_mean(sid, data['unicorns'])}")
    rounds = data["options"].get("rounds")
    if isinstance(rounds, dict) and (rounds.get("default"), rounds.get("max")) != (data["rounds"], data["rounds"]):
        ctx.error_at(("options", "rounds"), f"option rounds must have default and max {data['rounds']} (the rulebook's `rounds`; fewer is a short match)")
    keys = [f"card.{c}" for c in (*data["unicorns"], *data["schemes"])] + [f"character.{c}" for c in data["characters"]]
    keys += [f"item.{m}" for m in data["market"]] + [f"zone.{z}" for z in data["zones"]] + [f"option.{o}" for o in data["options"]]
    for key in keys:
        if key not in data["text"]["en"]:
            ctx.error_at(("text", "en"), f"text has no '{key}' (expected a label for every card, character, item, zone and option)")


class UnicornsRules(Rules):
    state_ref = "state:UnicornsState"  # the state module imports this one
    grammar = GRAMMAR

    def __init__(self, game_id: str, data: dict[str, Any], source: Path, common_text: dict[str, dict[str, str]]) -> None:
        super().__init__(game_id, data, source, common_text)
        self.rounds: int = data["rounds"]
        self.line_size: int = data["line_size"]
        self.max_schemes: int = data["schemes_per_unicorn"]
        self.schemes_drawn: int = data["schemes_drawn"]
        self.bid_sizes: tuple[int, ...] = tuple(data["bid_sizes"])
        self.hunt_values: tuple[int, ...] = tuple(data["hunt_cards"])
        self.colours: tuple[str, ...] = tuple(data["colours"])
        self.colour_index = {c: i for i, c in enumerate(self.colours)}
        self.characters: dict[str, dict[str, Any]] = data["characters"]
        self.power_of = {c: v["power"] for c, v in self.characters.items()}
        self.power_params: dict[str, int] = data["power_params"]
        self.schemes_stay = {s: v["stays"] for s, v in data["schemes"].items()}
        self.scheme_effects = {s: tuple(v["effects"]) for s, v in data["schemes"].items()}
        self.transforms = frozenset(s for s, eff in self.scheme_effects.items() if any(b.name == "become" for b in eff))
        self.unicorns: dict[str, dict[str, Any]] = data["unicorns"]
        self.starters: tuple[str, ...] = tuple(data["starters"])
        self.market: dict[str, dict[str, Any]] = data["market"]
        self.items: tuple[str, ...] = tuple(self.market)
        self.pate_values: tuple[int, ...] = tuple(data["pate_values"])
        scoring = data["scoring"]
        self.collection_points: tuple[int, ...] = tuple(scoring["collection"])
        self.rainbow_points: int = scoring["rainbow"]
        self.rainbows_to_win: int = scoring["rainbows_to_win"]
        for card, decl in self.unicorns.items():
            colour = decl["colour"]
            self.card_attrs[card] = {"kind": "unicorn", "colour": "" if colour == "none" else colour, "points": decl["points"]}
        for value in set(self.hunt_values):
            self.card_attrs[f"hunt_{value}"] = {"kind": "hunt", "value": value}
        for sid in self.schemes_stay:
            self.card_attrs[sid] = {"kind": "scheme", "points": fx.worth(self.scheme_effects[sid])}
        # What a market token offers: (item, colour) or (item, ""); `offers` in the market's order.
        self.token_offer: dict[str, tuple[str, str]] = {}
        self.offers: list[tuple[str, str]] = []
        for item, decl in self.market.items():
            if decl["tokens"] == "colours":
                for colour in self.colours:
                    self.card_attrs[f"{item}_{colour}"] = {"kind": "token", "item": item, "colour": colour, "points": decl["points"]}
                    self.token_offer[f"{item}_{colour}"] = (item, colour)
                    self.offers.append((item, colour))
            elif decl["discard"]:
                for value in set(self.pate_values):
                    self.card_attrs[f"{item}_{value}"] = {"kind": "token", "item": item, "points": value}
                    self.token_offer[f"{item}_{value}"] = (item, "")
                self.offers.append((item, ""))
            else:
                self.card_attrs[item] = {"kind": "token", "item": item, "points": decl["points"]}
                self.token_offer[item] = (item, "")
                self.offers.append((item, ""))
        # Per card id, for the setup's per-uid columns: a hunt card's value, a unicorn's colour and points.
        self.hunt_value = {c: a.get("value", 0) for c, a in self.card_attrs.items()}
        self.unicorn_colour = {c: a["colour"] if a.get("kind") == "unicorn" else "" for c, a in self.card_attrs.items()}
        self.unicorn_points = {c: a["points"] if a.get("kind") == "unicorn" else 0 for c, a in self.card_attrs.items()}
        self.by_text: dict[str, Move] = {}
        self.bid_cache: dict[tuple[Any, ...], list[Action]] = {}
        self.market_cache: dict[tuple[Any, ...], list[Action]] = {}
        self.wizard_cache: dict[tuple[Any, ...], list[Action]] = {}
        self.bonus_cache: dict[tuple[Any, ...], tuple[int, int, int]] = {}
        self.gain_cache: dict[tuple[Any, ...], int] = {}  # the bots' collection gain of one more unicorn

    def act(self, form: ActionForm, *fields: Any) -> Move:
        """The move of `form` with these fields, one shared object per text (legal_actions is hot)."""
        text = form.text(*fields)
        move = self.by_text.get(text)
        if move is None:
            built = form.build(*fields)
            assert isinstance(built, Move)
            move = self.by_text[text] = built
        return move

    # -------------------------------------------------------------------- names
    def card_label(self, lang: str, card: str, info: Mapping[str, Any]) -> str | None:
        """A unicorn that changed (its event's `colour` and `points`, tokens and schemes
        counted, and `form`) is named as it is now; any other card by its own text."""
        if card not in self.unicorns or "points" not in info:
            return None
        return self.unicorn_label(lang, card, str(info.get("colour") or ""), int(info["points"]), info.get("form") == "pigicorn")

    def unicorn_label(self, lang: str, card: str, colour: str, points: int, pigicorn: bool = False) -> str:
        """The name of unicorn `card` as it is now: a Pigicorn once polymorphed, its colour now,
        its points with what is on it; the card's own name while nothing changed it."""
        attrs = self.card_attrs[card]
        if not pigicorn and colour == attrs["colour"] and points == attrs["points"]:
            return self.text(lang, f"card.{card}")
        kind = "pigicorn" if pigicorn or card == "pigicorn" else (
            "legendary" if card == "legendary" else "smelly" if card.startswith("smelly") else "plain")
        adjective = self.text(lang, f"colour_adj.{colour}") if colour else ""
        if kind == "plain":
            return _capital(self.text(lang, "unicorn_now.plain", colour=adjective, points=points))
        if kind == "smelly" and colour == attrs["colour"]:
            name = self.text(lang, f"card.{card}")
        elif colour:
            name = _capital(self.text(lang, f"unicorn_now.{kind}", colour=adjective))
        else:
            name = self.text(lang, f"card.{kind}")
        usual = self.unicorns[kind]["points"] if kind in self.unicorns else attrs["points"]
        return name if points == usual else self.text(lang, "unicorn_now.points", name=name, points=points)

    def setup(self, state: Any) -> None:
        state.setup_match()

    # ------------------------------------------------------------------ options
    def game_deck(self, options: dict[str, Any], num_players: int) -> list[str]:
        """The unicorn deck (the other shuffled parts have their own options: characters,
        starters, schemes, pate)."""
        return [card for card, decl in self.unicorns.items() for _ in range(decl["count"])]

    def check_deck(self, value: Any, options: dict[str, Any], num_players: int) -> list[str]:
        if options.get("unicorns") is not None:
            raise OptionError("options deck and unicorns both order the unicorn deck (expected one of them: deck gives all of it, unicorns its top cards)")
        return stacked_deck(value, self.game_deck(options, num_players), "the unicorn deck")

    def unicorn_of_text(self, text: Any, option: str) -> str:
        card = str(text).strip().lower().replace(" ", "_")
        if card not in self.unicorns:
            names = [unicorn_text(c) for c in self.unicorns]
            raise OptionError(f"option {option}: unknown unicorn {text!r}{did_you_mean(str(text), names)}")
        return card

    def ordered(self, wanted: list[Any], pool: list[Any], option: str) -> list[Any]:
        """`wanted` first (each taken out of `pool`), then what is left of `pool` in its order."""
        left = Counter(pool)
        for item in wanted:
            if left[item] <= 0:
                raise OptionError(f"option {option}: {item!r} is not available (or named too often)")
            left[item] -= 1
        rest = list(pool)
        for item in wanted:
            rest.remove(item)
        return list(wanted) + rest

    def characters_option(self, value: Any, num_players: int) -> list[str] | None:
        if value is None:
            return None
        if len(value) != num_players:
            raise OptionError(f"option characters: one character per seat ({num_players}), not {len(value)}")
        for cid in value:
            if cid not in self.characters:
                raise OptionError(f"option characters: unknown character {cid!r}{did_you_mean(str(cid), self.characters)}")
        if len(set(value)) != len(value):
            raise OptionError("option characters: each character plays once")
        return list(value)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


RULES_CLASS = UnicornsRules
__all__ = ["Move", "OPTIONAL", "RULES_CLASS", "SCHEMA", "UnicornsRules", "check", "unicorn_text"]
