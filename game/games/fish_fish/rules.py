"""Fish Fish's data schema and Rules: card counts, baits, slots and game length come from YAML."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.engine.actions import Action, normalize_action_text
from game.engine.rules import Rules
from game.engine.schema import INVALID, Bool, Context, DictOf, Enum, Int, ListOf, Map, Str
from game.engine.zones import BACK
from game.games.fish_fish.actions import BET, GRAMMAR, LINE, Bet, LayLine

# Zones every Fish Fish table has, besides one loot_<value> zone per loot slot.
ZONES = ("fishing", "baits", "line", "discard", "fish", "bet", "caught", "box")
EFFECTS = ("take_bets", "pay_bait")
DIRECTIONS = ("clockwise", "counterclockwise")

_FISHING = Map(
    {"count": Int(min=0, max=20), "effect": Enum(*EFFECTS), "ends_round": Bool()},
    optional={"ends_round": False},
)
SCHEMA = {
    "fishing_cards": DictOf(_FISHING, min_len=1),
    "baits": Map({"card": Str(), "values": ListOf(Int(min=0, max=99), min_len=1)}),
    "fish": Map({"card": Str(), "per_player": Int(min=1, max=20)}),
    "loot_slots": ListOf(Int(min=0, max=99), min_len=1),
    "lines_per_round": Int(min=1, max=20),
    "scoring": Map({"fisher_points_per_fish": Int(min=0, max=100)}),
    "fisher_turns": ListOf(Map({"players": ListOf(Int(min=1, max=16), min_len=1), "times": Int(min=1, max=10)}), min_len=1),
    "first_direction": Enum(*DIRECTIONS),
}
OPTIONAL: dict[str, Any] = {}


def loot_zone(value: int) -> str:
    """The per-seat zone of the loot slot worth `value`."""
    return f"loot_{value}"


def check(data: dict[str, Any], ctx: Context) -> None:
    """Cross checks the schema cannot express: zones per slot, a deck that fills every line,
    distinct card ids usable in action texts, a game length for every player count, texts."""
    slots = [v for v in data["loot_slots"] if v is not INVALID]
    _check_zones(data, slots, ctx)
    _check_cards(data, ctx)
    lines = data["lines_per_round"]
    fishing_total = sum(c["count"] for c in data["fishing_cards"].values() if c is not INVALID)
    if fishing_total != lines:
        ctx.error_at(("fishing_cards",), f"the fishing cards add up to {fishing_total} (expected lines_per_round = {lines}: one card per line)")
    values = data["baits"]["values"]
    if len(values) != lines:
        ctx.error_at(("baits", "values"), f"{len(values)} bait values (expected lines_per_round = {lines}: one bait per line)")
    for i, value in enumerate(values):
        if value not in slots:
            ctx.error_at(("baits", "values", i), f"bait value {value} has no loot slot (expected one of: {', '.join(map(str, slots))})")
    for i, value in enumerate(slots):
        if value in slots[:i]:
            ctx.error_at(("loot_slots", i), f"loot slot {value} appears twice (expected each slot once)")
    _check_turns(data, ctx)
    _check_texts(data, slots, ctx)


def _check_zones(data: dict[str, Any], slots: list[int], ctx: Context) -> None:
    needed = list(ZONES) + [loot_zone(v) for v in slots]
    for name in needed:
        if name not in data["zones"]:
            ctx.error_at(("zones",), f"zones has no '{name}' (expected the zones {', '.join(needed)})")
    for name, decl in data["zones"].items():
        if name not in needed:
            ctx.error_at(("zones", name), f"unknown zone '{name}' for fish_fish (expected one of: {', '.join(needed)})")
        elif decl is not INVALID and not decl["per_seat"] and name != "box":
            ctx.error_at(("zones", name, "per_seat"), f"zone '{name}' must be per seat (expected per_seat: true)")


def _check_cards(data: dict[str, Any], ctx: Context) -> None:
    ids = [("fishing_cards", name) for name in data["fishing_cards"]]
    ids += [("baits", data["baits"]["card"]), ("fish", data["fish"]["card"])]
    seen: list[str] = []
    for section, card in ids:
        where = (section, card) if section == "fishing_cards" else (section, "card")
        if card is INVALID:
            continue
        if card == BACK:
            ctx.error_at(where, f"'{BACK}' is reserved for hidden cards (expected another card id)")
        elif normalize_action_text(card) != card or " " in card or card.isdigit():
            ctx.error_at(where, f"card id '{card}' cannot be typed in a move (expected one lower-case word)")
        elif card in seen:
            ctx.error_at(where, f"card id '{card}' is used twice (expected distinct ids for fishing cards, bait and fish)")
        seen.append(card)


def _check_turns(data: dict[str, Any], ctx: Context) -> None:
    low, high = data["players"]["min"], data["players"]["max"]
    covered: dict[int, int] = {}
    for i, entry in enumerate(data["fisher_turns"]):
        if entry is INVALID:
            continue
        for j, count in enumerate(entry["players"]):
            if count in covered:
                ctx.error_at(("fisher_turns", i, "players", j), f"{count} players appears twice in fisher_turns (expected once)")
            elif not low <= count <= high:
                ctx.error_at(("fisher_turns", i, "players", j), f"{count} players is outside players {low}..{high}")
            covered[count] = entry["times"]
    missing = [str(c) for c in range(low, high + 1) if c not in covered]
    if missing:
        ctx.error_at(("fisher_turns",), f"no game length for {', '.join(missing)} players (expected every count from {low} to {high})")


def _check_texts(data: dict[str, Any], slots: list[int], ctx: Context) -> None:
    keys = [f"card.{c}" for c in data["fishing_cards"]] + [f"score.slot_{v}" for v in slots]
    keys += [f"card.{data['baits']['card']}", f"card.{data['fish']['card']}"]
    keys += [f"zone.{z}" for z in data["zones"]] + [f"option.{o}" for o in data["options"]]
    for key in keys:
        if key not in data["text"]["en"]:
            ctx.error_at(("text", "en"), f"text has no '{key}' (expected a label for every card, zone, slot and option)")


class FishFishRules(Rules):
    state_ref = "state:FishFishState"  # the state module imports this one
    grammar = GRAMMAR

    def __init__(self, game_id: str, data: dict[str, Any], source: Path, common_text: dict[str, dict[str, str]]) -> None:
        super().__init__(game_id, data, source, common_text)
        fishing = data["fishing_cards"]
        self.fishing_order: tuple[str, ...] = tuple(fishing)
        self.fishing_count = {c: v["count"] for c, v in fishing.items()}
        self.takes_bets = frozenset(c for c, v in fishing.items() if v["effect"] == "take_bets")
        self.ends_round = frozenset(c for c, v in fishing.items() if v["ends_round"])
        self.ends_round_total: int = sum(self.fishing_count[c] for c in self.ends_round)
        self.catches_total: int = sum(self.fishing_count[c] for c in self.takes_bets)
        self.bait_card: str = data["baits"]["card"]
        self.bait_values: tuple[int, ...] = tuple(data["baits"]["values"])
        self.fish_card: str = data["fish"]["card"]
        self.fish_per_player: int = data["fish"]["per_player"]
        self.loot_slots: tuple[int, ...] = tuple(data["loot_slots"])
        self.slot_parts = tuple((v, f"slot_{v}") for v in self.loot_slots)  # score-sheet part of each slot
        self.lines: int = data["lines_per_round"]
        self.fisher_points: int = data["scoring"]["fisher_points_per_fish"]
        self.fisher_turns = {count: e["times"] for e in data["fisher_turns"] for count in e["players"]}
        self.first_clockwise: bool = data["first_direction"] == "clockwise"
        self.line_actions = {
            (card, value): LINE.build(card, value)
            for card in self.fishing_order
            for value in sorted(set(self.bait_values))
        }
        self.bet_actions = tuple(BET.build(k) for k in range(self.fish_per_player + 1))
        self.card_attrs = {
            c: {"effect": v["effect"], "ends_round": v["ends_round"]} for c, v in fishing.items()
        }
        self.by_text: dict[str, Action] = {str(a): a for a in self.line_actions.values()}
        self.by_text.update((str(a), a) for a in self.bet_actions)

    def setup(self, state: Any) -> None:
        state.setup_match()

    def rounds_for(self, num_players: int) -> int:
        """Every player is the fisher `times` times: the number of rounds in a game."""
        return num_players * self.fisher_turns[num_players]


RULES_CLASS = FishFishRules
__all__ = ["Bet", "FishFishRules", "LayLine", "OPTIONAL", "RULES_CLASS", "SCHEMA", "check", "loot_zone"]
