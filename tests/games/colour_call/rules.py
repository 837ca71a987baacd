"""Colour Call's rules: the whole game in one module (its data schema, its Rules, its State).

Each player holds three cards of four colours. On your turn you play a card face up and, in the
same move, ask another player for a colour: if they hold a card of it, you score. Then you draw.
When nobody holds a card any more, each player scores the values of the cards they played plus
the points of their hits; the highest total wins (a tie is shared).

    play red_2 ask 1 blue        the action text: your card, the seat you ask, the colour
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action, ActionForm, ActionGrammar, Malformed
from game.engine.errors import IllegalAction
from game.engine.events import Event, GameOver, Note, ScoreChanged
from game.engine.flow import KeepsScoreSheet, ScoreSheet
from game.engine.rules import Rules
from game.engine.schema import INVALID, Context, DictOf, Int, Map, Str, did_you_mean
from game.engine.state import State

ZONES = ("hand", "played", "deck")

SCHEMA = {
    "cards": DictOf(Map({"colour": Str(), "value": Int(min=0, max=20)}), min_len=2),
    "deal": Int(min=1, max=10),
    "hit_points": Int(min=0, max=20),
}
OPTIONAL: dict[str, Any] = {}


def check(data: dict[str, Any], ctx: Context) -> None:
    """The zones the rules use, a deck that deals every hand, a name for every card and colour."""
    for name in ZONES:
        if name not in data["zones"]:
            ctx.error_at(("zones",), f"zones has no '{name}' (expected the zones {', '.join(ZONES)})")
    cards = {c: d for c, d in data["cards"].items() if d is not INVALID}
    if len(cards) < data["deal"] * data["players"]["max"]:
        ctx.error_at(("deal",), f"{len(cards)} cards cannot deal {data['deal']} to {data['players']['max']} players")
    colours = {d["colour"] for d in cards.values()}
    for key in [f"card.{c}" for c in cards] + [f"colour.{c}" for c in sorted(colours)]:
        if key not in data["text"]["en"]:
            ctx.error_at(("text", "en"), f"text has no '{key}' (expected a name for every card and colour)")


@dataclass(frozen=True, slots=True)
class Call(Action):
    """`play <card> ask <seat> <colour>`."""

    card: str = ""
    seat: int = -1
    colour: str = ""


CALL = ActionForm("play {card} ask {seat:int} {colour}", Call)  # its words and fields, declared once


class ColourCallRules(Rules):
    grammar = ActionGrammar(CALL)

    def __init__(self, game_id: str, data: dict[str, Any], source: Any, common_text: dict[str, dict[str, str]]) -> None:
        super().__init__(game_id, data, source, common_text)
        self.card_order: tuple[str, ...] = tuple(data["cards"])
        self.colour_of = {c: d["colour"] for c, d in data["cards"].items()}
        self.value_of = {c: d["value"] for c, d in data["cards"].items()}
        self.colours: tuple[str, ...] = tuple(dict.fromkeys(self.colour_of.values()))
        self.deal: int = data["deal"]
        self.hit_points: int = data["hit_points"]
        self.card_attrs = {c: {"colour": d["colour"], "value": d["value"]} for c, d in data["cards"].items()}

    def setup(self, state: State) -> None:
        assert isinstance(state, ColourCallState)
        state.setup_match()

    def game_deck(self, options: dict[str, Any], num_players: int) -> list[str]:
        """Every card once: the `deck` option must list them all (the engine checks it)."""
        return list(self.card_order)


class ColourCallState(KeepsScoreSheet, State):
    rules: ColourCallRules
    mutable_fields = ("hits",)

    def setup_match(self) -> None:
        n = self.num_players
        self.z_hand = [self.zone_index(s, "hand") for s in range(n)]
        self.z_played = [self.zone_index(s, "played") for s in range(n)]
        self.z_deck = self.zone_index(None, "deck")
        order = list(self.options["deck"] or self.rules.card_order)
        if self.options["deck"] is None:
            self.rng.shuffle(order)
        self.add_cards(order[::-1], self.z_deck)  # the top card is the zone's last: the first listed
        start = self.options["start_seat"]
        self.current: int = self.rng.randrange(n) if start is None else start
        for _ in range(self.rules.deal):
            for seat in self.seats_from(self.current):
                self.move(self.zones[self.z_deck][-1], self.z_hand[seat], reason="deal")
        self.hits = [0] * n
        self.over = False
        self.score_sheet = ScoreSheet(n)

    # --------------------------------------------------------------- protocol
    def to_act(self) -> list[int]:
        return [] if self.over else [self.current]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.current:
            return []
        ids = self.card_ids
        held = sorted({ids[u] for u in self.zones[self.z_hand[seat]]}, key=self.rules.card_order.index)
        others = [s for s in self.seats_from(seat) if s != seat]
        return [CALL.build(card, other, colour)
                for card in held for other in others for colour in self.rules.colours]

    def apply(self, seat: int, action: Action) -> list[Event]:
        if not isinstance(action, Call) or action not in self.legal_actions(seat):
            raise self.explain_illegal(seat, str(action))
        ids = self.card_ids
        uid = next(u for u in self.zones[self.z_hand[seat]] if ids[u] == action.card)
        events: list[Event] = [self.move(uid, self.z_played[seat], face="up", reason="play", actor=seat)]
        asked = self.zones[self.z_hand[action.seat]]
        hit = any(self.rules.colour_of[ids[u]] == action.colour for u in asked)
        params = (("target", action.seat), ("colour", action.colour))
        events.append(Note("hit" if hit else "miss", seat, params))
        if hit:
            self.hits[seat] += 1  # a list changed in place: `mutable_fields` has clone() copy it
        deck = self.zones[self.z_deck]
        if deck:
            events.append(self.move(deck[-1], self.z_hand[seat], reason="draw", actor=seat))
        following = [s for s in self.seats_from(seat)[1:] + [seat] if self.zones[self.z_hand[s]]]
        if following:
            self.current = following[0]
        else:
            events += self._score()
        return events

    def _score(self) -> list[Event]:
        ids, value = self.card_ids, self.rules.value_of
        parts = [{"played": sum(value[ids[u]] for u in self.zones[self.z_played[s]]),
                  "hits": self.hits[s] * self.rules.hit_points} for s in range(self.num_players)]
        self.score_sheet = self.score_sheet.with_breakdown(parts)
        self.over = True
        totals = self.score_sheet.totals
        events: list[Event] = [ScoreChanged(s, totals[s], totals[s], "end", tuple(parts[s].items()))
                               for s in range(self.num_players)]
        events.append(GameOver(tuple(self.winners()), tuple(totals)))
        return events

    def is_over(self) -> bool:
        return self.over

    def winners(self) -> list[int]:
        return self.score_sheet.winners()[0] if self.over else []

    def public_view(self, seat: int | None) -> dict[str, Any]:
        winners = self.winners()
        return {"current": self.current, "hits": self.hits[:], "winners": winners,
                "sheet": self.score_sheet.view(winners, "shared" if len(winners) > 1 else "")}

    def explain_illegal(self, seat: int, text: str) -> IllegalAction:
        if self.over or seat != self.current:
            return super().explain_illegal(seat, text)
        fields = CALL.parse(text)
        if isinstance(fields, Malformed):
            if fields.field != "seat" or not fields.word:  # a seat that is not a number is refused below
                return IllegalAction(f"'{text}' is not a move (expected '{CALL.usage}')", "error.call_form")
            fields = {**fields.read, "seat": fields.word, "colour": ""}
        card, target, colour = fields["card"], fields["seat"], fields["colour"]
        held = {self.card_ids[u] for u in self.zones[self.z_hand[seat]]}
        if card not in held:
            hint = did_you_mean(card, sorted(held))
            return IllegalAction(f"you hold no {card}{hint}", "error.not_held", {"card": card})
        if not isinstance(target, int) or not 0 <= target < self.num_players or target == seat:
            return IllegalAction(f"seat {target} is not another player", "error.ask_whom", {"seat": str(target)})
        if colour not in self.rules.colours:
            return IllegalAction(f"'{colour}' is not a colour{did_you_mean(colour, self.rules.colours)}",
                                 "error.no_colour", {"colour": colour})
        return super().explain_illegal(seat, text)


ColourCallRules.state_class = ColourCallState
RULES_CLASS = ColourCallRules
__all__ = ["CALL", "OPTIONAL", "RULES_CLASS", "SCHEMA", "Call", "ColourCallRules", "ColourCallState", "check"]
