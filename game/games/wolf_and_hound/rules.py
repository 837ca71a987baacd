"""Wolf & Hound's data schema, option checks and Rules: cards, animals and setups come from the YAML."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.actions import Action, ActionForm, ActionGrammar
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
from game.engine.zones import BACK, ZoneTable
from game.games.wolf_and_hound.primitives import (
    COLOR_BIT,
    EFFECTS,
    KINDS,
    SEATS,
    Side,
    compile_side,
)

ZONES = ("hand", "deck", "ghost_deck", "played")
GROUPS = ("wolf", "hound", "sheep", "metamorphic", "extra", "designer")


_SIDE = Map({"kind": Enum(*KINDS), "effects": EFFECTS.list_spec()})
_ANIMAL = Map(
    {"group": Enum(*GROUPS), "wolf_card": Bool(), "tags": ListOf(Str()), "front": _SIDE, "back": _SIDE},
    optional={"wolf_card": False, "tags": [], "back": None},
)
_CARD = Map(
    {
        "color": Enum(*COLOR_BIT),
        "value": Int(min=0, max=12),
        "symbol": Enum("meat", "bone"),
        "base": Int(min=0, max=32),
        "meat_and_bone": Int(min=0, max=32),
    },
    optional={"symbol": ""},
)
_SEATS4 = ListOf(Int(min=0, max=SEATS - 1))
SCHEMA = {
    "cards": DictOf(_CARD, min_len=1),
    "animals": DictOf(_ANIMAL, min_len=1),
    "setup": Map(
        {
            "hand_size": Int(min=1, max=8),
            "skip_first_activation": Bool(),
            "teams": DictOf(_SEATS4, min_len=2),
            "tie_team": Str(),
            "sheep": DictOf(ListOf(Int(min=1, max=9), min_len=SEATS, max_len=SEATS)),
            "more_sheep": Map({"wolf_cards_at_least": Int(min=1), "bonus": Int(min=0, max=5)}),
            "ghosts": DictOf(_SEATS4),
        }
    ),
    "presets": ListOf(Map({"id": Str(), "level": Enum("first", "beginner", "experienced", "expert"), "animals": ListOf(Str(), min_len=1)})),
    "benchmark": Map({"options": DictOf(Any_())}),
}
OPTIONAL: dict[str, Any] = {"presets": [], "benchmark": {"options": {}}}


def check(data: dict[str, Any], ctx: Context) -> None:
    """Cross checks: zones, the deck for each variant, seats and teams, animal ids everywhere."""
    for name in ZONES:
        if name not in data["zones"]:
            ctx.error_at(("zones",), f"zones has no '{name}' (expected the zones {', '.join(ZONES)})")
    cards, animals, setup = data["cards"], data["animals"], data["setup"]
    if BACK in cards or BACK in animals:
        ctx.error_at(("cards",), f"'{BACK}' is reserved for hidden cards (expected another id)")
    for variant in ("base", "meat_and_bone"):
        total = sum(c[variant] for c in cards.values() if c is not INVALID)
        if total < SEATS * setup["hand_size"] + 1:
            ctx.error_at(("cards",), f"the {variant} deck has {total} cards (expected at least {SEATS * setup['hand_size'] + 1})")
    for cid, card in cards.items():
        expected = f"{card['color']} {card['value']}" + (f" {card['symbol']}" if card["symbol"] else "")
        if cid != expected:
            ctx.error_at(("cards", cid), f"card '{cid}' is named after its fields as '{expected}' (expected the id '{expected}')")
    for n in ("2", "3", "4"):
        if n not in setup["sheep"]:
            ctx.error_at(("setup", "sheep"), f"setup.sheep has no row for {n} players (expected rows 2, 3 and 4)")
        if n not in setup["ghosts"]:
            ctx.error_at(("setup", "ghosts"), f"setup.ghosts has no row for {n} players (expected rows 2, 3 and 4)")
        elif sorted(setup["ghosts"][n]) != list(range(int(n), SEATS)):
            ctx.error_at(("setup", "ghosts", n), f"ghosts for {n} players are {setup['ghosts'][n]} (expected seats {list(range(int(n), SEATS))})")
    seats = sorted(s for team in setup["teams"].values() for s in team)
    if seats != list(range(SEATS)):
        ctx.error_at(("setup", "teams"), f"teams cover seats {seats} (expected each of 0-{SEATS - 1} once)")
    if setup["tie_team"] not in setup["teams"]:
        ctx.error_at(("setup", "tie_team"), f"unknown team '{setup['tie_team']}'{did_you_mean(setup['tie_team'], setup['teams'])}")
    animal_option = data["options"].get("animals") or {}
    default = animal_option.get("default") or []
    if sorted(animal_option.get("choices") or []) != sorted(animals):
        ctx.error_at(("options", "animals"), "options.animals.choices must list every animal card once (expected the ids under 'animals')")
    for i, preset in enumerate(data["presets"]):
        for aid in preset["animals"]:
            if aid not in animals:
                ctx.error_at(("presets", i, "animals"), f"unknown animal '{aid}'{did_you_mean(aid, animals)}")
    for aid in default:
        if aid not in animals:
            ctx.error_at(("options", "animals"), f"unknown animal '{aid}'{did_you_mean(str(aid), animals)}")
    for name in data["benchmark"]["options"]:
        if name not in data["options"]:
            ctx.error_at(("benchmark", "options", name), f"unknown option '{name}'{did_you_mean(name, data['options'])}")
    for aid in data["benchmark"]["options"].get("animals") or []:
        if aid not in animals:
            ctx.error_at(("benchmark", "options", "animals"), f"unknown animal '{aid}'{did_you_mean(str(aid), animals)}")
    texts = data["text"]["en"]
    for aid in animals:
        for key in (f"animal.{aid}", f"animal.{aid}.desc"):
            if key not in texts:
                ctx.error_at(("animals", aid), f"animal '{aid}' has no text '{key}' (expected a name and a description)")


@dataclass(frozen=True, slots=True, eq=False)  # Action's equality and hash: by the text
class Play(Action):
    """`play <card>`: the number card a seat plays this turn."""

    card: str = ""


PLAY = ActionForm("play {card:words}", Play)  # a card id has spaces: 'play black 3'
SKIP = ActionForm("skip")  # a hand with no playable card
GHOST_KEEP = ActionForm("ghost keep")  # a ghost's turned card, answered by its human partner
GHOST_SWAP = ActionForm("ghost swap")
GRAMMAR = ActionGrammar(PLAY, SKIP, GHOST_KEEP, GHOST_SWAP)


class WolfHoundRules(Rules):
    state_ref = "state:WolfHoundState"  # the state module imports this one
    grammar = GRAMMAR

    def __init__(self, game_id: str, data: dict[str, Any], source: Path, common_text: dict[str, dict[str, str]]) -> None:
        super().__init__(game_id, data, source, common_text)
        cards = data["cards"]
        self.card_order: tuple[str, ...] = tuple(cards)
        self.color_of = {c: COLOR_BIT[v["color"]] for c, v in cards.items()}
        self.value_of = {c: v["value"] for c, v in cards.items()}
        self.symbol_of = {c: v["symbol"] for c, v in cards.items()}
        self.card_attrs = {
            c: {"color": v["color"], "value": v["value"], **({"symbol": v["symbol"]} if v["symbol"] else {})}
            for c, v in cards.items()
        }
        self.deck_counts = {
            False: {c: v["base"] for c, v in cards.items() if v["base"]},
            True: {c: v["meat_and_bone"] for c, v in cards.items() if v["meat_and_bone"]},
        }
        self.animal_order: tuple[str, ...] = tuple(data["animals"])
        self.animal_tags = {a: frozenset(v["tags"]) for a, v in data["animals"].items()}
        self.wolf_cards = frozenset(a for a, v in data["animals"].items() if v["wolf_card"])
        self.sides: dict[str, tuple[Side, Side]] = {}
        for aid, animal in data["animals"].items():
            front = compile_side(animal["front"]["kind"], animal["front"]["effects"])
            back_data = animal["back"] or animal["front"]
            back = compile_side(back_data["kind"], back_data["effects"])
            self.sides[aid] = (front, back)
        self.double_sided = frozenset(a for a, v in data["animals"].items() if v["back"])
        setup = data["setup"]
        self.hand_size: int = setup["hand_size"]
        self.skip_first_activation: bool = setup["skip_first_activation"]
        self.teams: dict[str, tuple[int, ...]] = {t: tuple(s) for t, s in setup["teams"].items()}
        self.team_of = [next(t for t, seats in self.teams.items() if s in seats) for s in range(SEATS)]
        self.tie_team: str = setup["tie_team"]
        self.sheep_table = {int(n): list(row) for n, row in setup["sheep"].items()}
        self.more_sheep = setup["more_sheep"]
        self.ghost_table = {int(n): tuple(seats) for n, seats in setup["ghosts"].items()}
        self.plays = {c: PLAY.build(c) for c in self.card_order}
        self.bench_options: dict[str, Any] = dict(data["benchmark"]["options"])  # read by main.py bench
        self.skip = SKIP.build()
        self.ghost_keep = GHOST_KEEP.build()
        self.ghost_swap = GHOST_SWAP.build()

    def setup(self, state: Any) -> None:
        state.setup_match()

    def zone_table(self, num_players: int) -> ZoneTable:
        """Always the 4 seats of the table: with 2 or 3 players the others are ghosts."""
        return super().zone_table(SEATS)

    # ------------------------------------------------------------------- options
    def check_options(self, options: dict[str, Any], num_players: int) -> dict[str, Any]:
        """Generic checks, then the animal list, the sheep per seat and a stacked deck."""
        result = super().check_options(options, num_players)
        animals = result["animals"]
        if not animals:
            raise OptionError("option animals must name at least one animal card")
        for aid in animals:
            if aid not in self.sides:
                raise OptionError(f"option animals: unknown animal card {aid!r}{did_you_mean(str(aid), self.animal_order)}")
        if len(set(animals)) != len(animals):
            raise OptionError("option animals names a card twice (each animal card exists once)")
        result["animals"] = [a for a in self.animal_order if a in animals]
        sheep = result["sheep"]
        if sheep is not None:
            if len(sheep) != SEATS or any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 9 for v in sheep):
                raise OptionError(f"option sheep must list {SEATS} whole numbers from 1 to 9 (one per seat), not {sheep!r}")
            result["sheep"] = list(sheep)
        return result

    def game_deck(self, options: dict[str, Any], num_players: int) -> list[str]:
        """The base deck, or the Meat & Bone one (`meat_and_bone`)."""
        return [card for card, count in self.deck_counts[bool(options.get("meat_and_bone"))].items() for _ in range(count)]

    def check_deck(self, value: Any, options: dict[str, Any], num_players: int) -> list[str]:
        variant = "Meat & Bone" if options.get("meat_and_bone") else "base"
        return stacked_deck(value, self.game_deck(options, num_players), f"the {variant} deck")

    def starting_sheep(self, humans: int, animals: list[str]) -> list[int]:
        """The rulebook's table for the player count, +1 each with enough wolf cards (5, 10-2, 11-2)."""
        row = list(self.sheep_table[humans])
        if sum(1 for a in animals if a in self.wolf_cards) >= self.more_sheep["wolf_cards_at_least"]:
            row = [v + self.more_sheep["bonus"] for v in row]
        return row


RULES_CLASS = WolfHoundRules
__all__ = ["GHOST_KEEP", "GHOST_SWAP", "GRAMMAR", "PLAY", "Play", "SKIP", "RULES_CLASS", "SCHEMA", "WolfHoundRules", "check"]
