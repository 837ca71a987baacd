"""Silver's data schema and Rules: the characters, their powers as effects, set-up and options."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine.actions import ActionForm, ActionGrammar
from game.engine.effects import Bound
from game.engine.errors import OptionError
from game.engine.rules import Rules, stacked_deck
from game.engine.schema import (
    INVALID,
    Any_,
    Context,
    DictOf,
    Enum,
    Int,
    ListOf,
    Map,
    Str,
    did_you_mean,
)
from game.engine.zones import BACK
from game.games.silver_amulet import effects as fx
from game.games.silver_amulet.actions import TURN_FORMS, free_look
from game.languages import per_language

ZONES = ("village", "drawn", "deck", "aside", "discard")
_LANG = per_language(Str())
_CHARACTER = Map(
    {
        "value": Int(min=0, max=99),
        "copies": Int(min=1, max=20),
        "name": _LANG,
        "power": _LANG,
        "when": Enum(*fx.WHEN),
        "effects": fx.EFFECTS.list_spec(),
    }
)
SCHEMA = {
    "characters": DictOf(_CHARACTER, min_len=1),
    "variants": DictOf(DictOf(DictOf(fx.EFFECTS.list_spec()))),
    "setup": Map({"village": Int(min=1, max=12), "set_aside": DictOf(Int(min=0, max=60)), "initial_peeks": Int(min=0, max=5)}),
    "round": Map({"call_max_cards": Int(min=1, max=20), "penalty_from": Int(min=2, max=20), "caller_penalty": Int(min=0, max=100)}),
    "rounds": Int(min=1, max=20),
    "bots": Map({"easy_forget": Any_(), "kept_mean": ListOf(Any_(), min_len=1)}),
}
OPTIONAL: dict[str, Any] = {"variants": {}}


def _check_effects(where: tuple[Any, ...], card: str, when: str, effects: list[Bound], ctx: Context) -> None:
    """A character's effects (checked against their signatures as the file loads) against its
    `when`: each acts at a stage that `when` allows, a used card has exactly one choice."""
    if not effects:
        ctx.error_at(where, f"{card}: no effect (expected at least one, such as '- look: {{target: own_face_down}}')")
        return
    powers = 0
    for i, bound in enumerate(effects):
        stage = fx.stage_of(bound)
        allowed = fx.WHEN_STAGES.get(when, ())
        if stage not in allowed:
            ctx.error_at(where + (i,), f"{card}: effect '{bound.name}' acts at '{stage}', not when '{when}' (expected one of: {', '.join(allowed)})")
        powers += stage == "power"
    if when == "drawn_and_discarded" and powers != 1:
        ctx.error_at(where, f"{card}: a power used when drawn and discarded needs exactly one choice effect (found {powers})")


def check(data: dict[str, Any], ctx: Context) -> None:
    """Cross checks: card ids usable in moves, effects against their signatures, the variants
    against the options, a set-aside count for every player count, a label for every text."""
    chars = data["characters"]
    for card, decl in chars.items():
        if card == BACK or " " in card or card.lower() != card or card.isdigit():
            ctx.error_at(("characters", card), f"card id '{card}' cannot be typed in a move (expected one lower-case word, not '{BACK}')")
        if decl is INVALID:
            continue
        _check_effects(("characters", card, "effects"), card, decl["when"], decl["effects"], ctx)
    for option, values in data["variants"].items():
        decl = data["options"].get(option)
        if decl is None or decl["type"] != "choice":
            ctx.error_at(("variants", option), f"variant '{option}' has no choice option of that name (expected an option with type: choice)")
            continue
        if list(values) != list(decl["choices"]) or decl["default"] != decl["choices"][0]:
            ctx.error_at(("variants", option), f"variant '{option}' lists {', '.join(values)} (expected the option's choices, default first: {', '.join(map(str, decl['choices']))})")
        for value, cards in values.items():
            for card, effects in cards.items():
                if card not in chars:
                    ctx.error_at(("variants", option, value, card), f"unknown character '{card}'{did_you_mean(card, chars)}")
                elif chars[card] is not INVALID:
                    _check_effects(("variants", option, value, card), card, chars[card]["when"], effects, ctx)
    low, high = data["players"]["min"], data["players"]["max"]
    aside = data["setup"]["set_aside"]
    total = sum(d["copies"] for d in chars.values() if d is not INVALID)
    for n in range(low, high + 1):
        if str(n) not in aside:
            ctx.error_at(("setup", "set_aside"), f"no set-aside count for {n} players (expected every count from {low} to {high})")
        elif n * data["setup"]["village"] + aside[str(n)] + 2 > total:
            ctx.error_at(("setup", "set_aside", str(n)), f"{n} players: the deck of {total} cards cannot deal the villages, the set-aside cards and a discard pile")
    for name in ZONES:
        if name not in data["zones"]:
            ctx.error_at(("zones",), f"zones has no '{name}' (expected the zones {', '.join(ZONES)})")
    keys = [f"card.{c}" for c in chars] + [f"zone.{z}" for z in data["zones"]] + [f"option.{o}" for o in data["options"]]
    for key in keys:
        if key not in data["text"]["en"]:
            ctx.error_at(("text", "en"), f"text has no '{key}' (expected a label for every card, zone and option)")
    forget = data["bots"]["easy_forget"]
    if isinstance(forget, bool) or not isinstance(forget, (int, float)) or not 0 <= forget <= 1:
        ctx.error_at(("bots", "easy_forget"), f"bots.easy_forget is {forget!r} (expected a chance from 0 to 1)")
    values = [v for c in chars.values() for v in [c.get("value")] * int(c.get("copies", 0)) if isinstance(v, int)]
    for i, mean in enumerate(data["bots"]["kept_mean"]):
        if isinstance(mean, bool) or not isinstance(mean, (int, float)) or not (values and min(values) < mean <= sum(values) / len(values)):
            ctx.error_at(("bots", "kept_mean", i), f"bots.kept_mean[{i}] is {mean!r} (expected a mean value above the lowest card's and at most the deck's mean)")


@dataclass
class Character:
    """One character compiled for a set of options: its value and what its power does."""

    id: str
    value: int
    when: str
    power: fx.Power | None = None
    flags: dict[str, Any] = field(default_factory=dict)


class SilverRules(Rules):
    state_ref = "state:SilverState"  # the state module imports this one
    lower_score_wins = True  # points lost: the lowest total wins

    def __init__(self, game_id: str, data: dict[str, Any], source: Path, common_text: dict[str, dict[str, str]]) -> None:
        super().__init__(game_id, data, source, common_text)
        chars = data["characters"]
        self.card_order: tuple[str, ...] = tuple(chars)
        self.value = {c: d["value"] for c, d in chars.items()}
        self.copies = {c: d["copies"] for c, d in chars.items()}
        self.deck_ids: tuple[str, ...] = tuple(c for c in chars for _ in range(chars[c]["copies"]))
        self.card_attrs = {c: {"value": v} for c, v in self.value.items()}  # shown in views' `cards`
        self.mean_value = sum(self.value[c] for c in self.deck_ids) / len(self.deck_ids)
        self.village_size: int = data["setup"]["village"]
        self.set_aside = {int(k): v for k, v in data["setup"]["set_aside"].items()}
        self.initial_peeks: int = data["setup"]["initial_peeks"]
        self.call_max_cards: int = data["round"]["call_max_cards"]
        self.penalty_from: int = data["round"]["penalty_from"]
        self.caller_penalty: int = data["round"]["caller_penalty"]
        self.rounds: int = data["rounds"]
        self.easy_forget: float = float(data["bots"]["easy_forget"])
        # per lap, the tilt exp(-tilt * value) that deals a kept card (ai.py) at `kept_mean`
        self.kept_mean: tuple[float, ...] = tuple(float(m) for m in data["bots"]["kept_mean"])
        values = [self.value[c] for c in self.deck_ids]
        self.kept_tilt: tuple[float, ...] = tuple(tilt_for_mean(values, m) for m in self.kept_mean)
        # cards in the draw pile right after a deal, per number of players (laps are counted from it)
        self.deal_deck = {n: len(self.deck_ids) - n * self.village_size - self.set_aside.get(n, 0) - 1 for n in range(self.min_players, self.max_players + 1)}
        self._tables: dict[tuple[Any, ...], dict[str, Character]] = {}
        self.variant_options = tuple(data["variants"])
        defaults = self.characters(dict.fromkeys(self.variant_options))  # compile the defaults now
        jokers = sum(self.copies[c] for c in self.card_order if "match_any" in defaults[c].flags)
        self.match_max = max(self.copies.values()) + jokers  # the largest set that can match
        # A village's announceable sets depend only on its shape (which slots are face up with
        # which value, which is protected): shared by every state, they are listed once.
        self.exchange_cache: dict[tuple[Any, ...], list[str]] = {}
        self.grammar, self.look_forms = self._grammar()
        # Per character table (`characters`), a new match's per-uid columns (SilverState):
        # values, flags, what each place shows in an exchange, the round-ending cards.
        self.columns: dict[Any, tuple[list[int], list[dict[str, Any]], list[int], list[list[int]]]] = {}

    def characters(self, options: dict[str, Any]) -> dict[str, Character]:
        """The character table for these option values (variants replace some effects)."""
        key = tuple(options.get(o) for o in self.variant_options)
        table = self._tables.get(key)
        if table is None:
            effects = {c: d["effects"] for c, d in self.data["characters"].items()}
            for option, value in zip(self.variant_options, key, strict=True):
                if value is not None:
                    effects.update(self.data["variants"][option].get(value, {}))
            table = self._tables[key] = {c: self._compile(c, effects[c]) for c in self.card_order}
        return table

    def _grammar(self) -> tuple[ActionGrammar, dict[str, ActionForm]]:
        """The forms of every move of every variant: the turn's, the powers' (from their
        targets) and the empaths' free looks (`<card> N`, by card id)."""
        tables = [self.characters(dict.fromkeys(self.variant_options))]
        tables += [self.characters({option: value}) for option in self.variant_options for value in self.data["variants"][option]]
        forms: dict[str, ActionForm] = {form.pattern: form for form in TURN_FORMS}
        looks: dict[str, ActionForm] = {}
        for table in tables:
            for card, char in table.items():
                if char.power is not None:
                    forms.update((form.pattern, form) for form in char.power.forms)
                if "free_look" in char.flags:
                    looks[card] = looks.get(card) or free_look(card)
        return ActionGrammar(*forms.values(), *looks.values()), looks

    def _compile(self, card: str, effects: list[Bound]) -> Character:
        decl = self.data["characters"][card]
        char = Character(card, decl["value"], decl["when"])
        for bound in effects:
            built = fx.build(bound, card)
            if isinstance(built, fx.Power):
                char.power = built
            else:
                char.flags[built.kind] = built.value
        return char

    def setup(self, state: Any) -> None:
        state.start()

    def game_deck(self, options: dict[str, Any], num_players: int) -> list[str]:
        return list(self.deck_ids)

    def check_deck(self, value: Any, options: dict[str, Any], num_players: int) -> list[list[str]]:
        """`deck`: one list of card texts (round 1) or a list of them (one per round), each
        exactly the game's 52 cards, top first."""
        if value and all(isinstance(item, (list, tuple)) for item in value):
            decks = [list(item) for item in value]
        else:
            decks = [list(value)]
        if len(decks) > self.rounds:
            raise OptionError(f"option deck gives {len(decks)} decks (expected at most one per round: {self.rounds})")
        return [stacked_deck(deck, self.deck_ids, f"the Silver deck (round {n})") for n, deck in enumerate(decks, 1)]


RULES_CLASS = SilverRules


def tilt_for_mean(values: list[int], mean: float) -> float:
    """The tilt t >= 0 for which the values weighted by exp(-t * value) have this mean (found by
    bisection; 0 when the plain mean is already at or below it)."""
    def tilted(t: float) -> float:
        weights = [math.exp(-t * v) for v in values]
        return sum(v * w for v, w in zip(values, weights, strict=True)) / sum(weights)

    if tilted(0.0) <= mean:
        return 0.0
    low, high = 0.0, 1.0
    while tilted(high) > mean and high < 64:
        high *= 2
    for _ in range(50):
        mid = (low + high) / 2
        if tilted(mid) > mean:
            low = mid
        else:
            high = mid
    return round(high, 6)
