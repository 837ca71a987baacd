"""Jagdfieber's data schema and Rules: the numbers and the food chain come from the YAML."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action, ActionForm, ActionGrammar
from game.engine.events import ALL_SEATS
from game.engine.rules import Rules
from game.engine.schema import INVALID, Bool, Context, DictOf, Enum, Int, ListOf, Map, Ref
from game.engine.zones import BACK

ZONES = ("hand", "play", "easy_prey", "prey_pile", "under_lodge")

_CARD = Map({"per_player": Int(min=0, max=20), "prey_points": Int(), "hand_points": Int()})
_STEP = Map(
    {
        "predator": Ref("cards", "card"),
        "prey": ListOf(Ref("cards", "card"), min_len=1),
        "on_miss": Enum("under_lodge", "return_to_hand"),
        "after": Enum("return_to_hand", "stay"),
        "all_played_exception": Bool(),
    },
    optional={"all_played_exception": False},
)
SCHEMA = {
    "cards": DictOf(_CARD, min_len=1),
    "closed_season": Map({"card": Ref("cards", "card"), "stops": Ref("cards", "card")}),
    "chain": ListOf(_STEP, min_len=1),
    "scoring": Map({"days": Int(min=1, max=50), "lodge_four_bonus": Int(), "under_lodge_points": Int()}),
}
OPTIONAL: dict[str, Any] = {}


def check(data: dict[str, Any], ctx: Context) -> None:
    """Cross checks the schema cannot express: needed zones, a playable set, a sound chain."""
    for name in ZONES:
        if name not in data["zones"]:
            ctx.error_at(("zones",), f"zones has no '{name}' (expected the zones {', '.join(ZONES)})")
    for name in data["zones"]:
        if name not in ZONES:
            ctx.error_at(("zones", name), f"unknown zone '{name}' for jagdfieber (expected one of: {', '.join(ZONES)})")
    if BACK in data["cards"]:
        ctx.error_at(("cards", BACK), f"'{BACK}' is reserved for hidden cards (expected another card id)")
    if sum(c["per_player"] for c in data["cards"].values() if c is not INVALID) == 0:
        ctx.error_at(("cards",), "every card has per_player 0 (expected a set of at least one card)")
    predators = [step["predator"] for step in data["chain"] if step is not INVALID]
    for i, predator in enumerate(predators):
        if predator in predators[:i]:
            ctx.error_at(("chain", i, "predator"), f"'{predator}' hunts twice in the chain (expected each predator once)")
    stops = data["closed_season"]["stops"]
    if stops not in predators:
        ctx.error_at(("closed_season", "stops"), f"'{stops}' is not a predator of the chain (expected one of: {', '.join(predators)})")


@dataclass(frozen=True, slots=True, eq=False)  # Action's equality and hash: by the text
class Play(Action):
    """`play <card>`: the card a seat chooses this round."""

    card: str = ""


PLAY = ActionForm("play {card}", Play)
GRAMMAR = ActionGrammar(PLAY)  # the game's one kind of move


@dataclass(frozen=True, slots=True)
class ChainStep:
    predator: str
    prey: frozenset[str]
    miss_to_lodge: bool
    stays_after_catch: bool
    all_played_exception: bool
    takes: str = ""  # the reason of its catches' moves: '<predator>_takes'

    def __post_init__(self) -> None:
        object.__setattr__(self, "takes", f"{self.predator}_takes")


class JagdfieberRules(Rules):
    state_ref = "state:JagdfieberState"  # the state module imports this one
    grammar = GRAMMAR

    def __init__(self, game_id: str, data: dict[str, Any], source, common_text) -> None:
        super().__init__(game_id, data, source, common_text)
        self.card_order: tuple[str, ...] = tuple(data["cards"])
        self.per_player = {c: v["per_player"] for c, v in data["cards"].items()}
        self.prey_points = {c: v["prey_points"] for c, v in data["cards"].items()}
        self.hand_points = {c: v["hand_points"] for c, v in data["cards"].items()}
        self.days: int = data["scoring"]["days"]
        self.lodge_bonus: int = data["scoring"]["lodge_four_bonus"]
        self.under_lodge_points: int = data["scoring"]["under_lodge_points"]
        self.closed_season_card: str = data["closed_season"]["card"]
        self.closed_season_stops: str = data["closed_season"]["stops"]
        self.chain = tuple(
            ChainStep(
                s["predator"], frozenset(s["prey"]), s["on_miss"] == "under_lodge",
                s["after"] == "stay", s["all_played_exception"],
            )
            for s in data["chain"]
        )
        self.plays = {card: PLAY.build(card) for card in self.card_order}
        self.card_attrs = {
            c: {"prey_points": v["prey_points"], "hand_points": v["hand_points"]}
            for c, v in data["cards"].items()
        }

    def setup(self, state: Any) -> None:
        state.setup_match()


RULES_CLASS = JagdfieberRules
__all__ = ["ALL_SEATS", "GRAMMAR", "JagdfieberRules", "PLAY", "Play", "RULES_CLASS", "SCHEMA", "check"]
