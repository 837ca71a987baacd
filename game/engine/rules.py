"""`Rules`: one game's validated data plus the factory for its states.

A game package subclasses `Rules` (setting `state_class`) and declares its YAML sections;
everything common to all games (players, zones, options, texts) is handled here.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from game import languages
from game.engine.actions import Action, ActionGrammar, normalize_action_text
from game.engine.errors import OptionError
from game.engine.schema import did_you_mean
from game.engine.state import State
from game.engine.wording import fill
from game.engine.zones import ZoneTable

RANDOM = "random"
DECK = "deck"  # the option every game understands: its deck stacked, top first
DECK_DECL: dict[str, Any] = {"type": "list", "default": None, "min": None, "max": None, "choices": None}


def deck_word(text: Any) -> str:
    """A card text as the `deck` option compares it: 'Apprentice Seer', 'apprentice_seer' and
    ' apprentice  seer' are one card."""
    return " ".join(str(text).replace("_", " ").lower().split())


def stacked_deck(value: Any, expected: Iterable[str], what: str = "the game's deck") -> list[str]:
    """The `deck` option's card texts checked against `expected` (the cards the game shuffles,
    in any order): each given text as the game spells it, top first. OptionError names an
    unknown card (with the closest one) or the cards missing and too many."""
    wanted = Counter(expected)
    spelled = {deck_word(card): card for card in wanted}
    if not isinstance(value, (list, tuple)):
        raise OptionError(f"option deck must be a list of card texts, top first, not {value!r}")
    if not wanted:
        if value:
            raise OptionError(f"option deck: {what} shuffles no cards (every match deals the same ones), so the option "
                              "takes none (expected an empty list)")
        return []
    cards = []
    for text in value:
        card = spelled.get(deck_word(text))
        if card is None:
            raise OptionError(f"option deck: {text!r} is not a card of {what}{did_you_mean(deck_word(text), spelled)}")
        cards.append(card)
    given = Counter(cards)
    if given != wanted:
        missing = ", ".join(f"{c} x{n}" for c, n in (wanted - given).items())
        extra = ", ".join(f"{c} x{n}" for c, n in (given - wanted).items())
        raise OptionError(f"option deck must be exactly {what} of {sum(wanted.values())} cards, top first "
                          f"(given {len(cards)}; missing: {missing or 'none'}; too many: {extra or 'none'})")
    return cards


def _state_class(rules: type[Rules], ref: str) -> type[State]:
    """The State subclass `ref` ("module:Class") names in the package of `rules`' module."""
    module_name, _, name = ref.partition(":")
    package = rules.__module__.rpartition(".")[0]
    found = getattr(importlib.import_module(f"{package}.{module_name}"), name, None)
    if not (isinstance(found, type) and issubclass(found, State)):
        raise TypeError(f"{rules.__name__}.state_ref {ref!r} is not a State subclass of {package}")
    return found


class Rules:
    """A game's rules and data. Immutable after loading; shared by every state of the game."""

    state_class: type[State] = State
    # A game's state module imports its rules module (for their types), so the rules module names
    # its State subclass instead of importing it: "module:Class" of the same package ("state:
    # JagdfieberState"), imported when the rules are built. The two modules make no circle.
    state_ref: ClassVar[str] = ""
    # Every kind of action the game has, each declared once with its words and fields
    # (game/engine/actions.py): the rules build their actions with it, refusals and the table
    # read texts back with it.
    grammar: ActionGrammar = ActionGrammar()  # a class attribute, or the rules' own when data names verbs
    lower_score_wins = False  # the lowest total wins (a game of points lost): the best score is the lowest

    def __init__(self, game_id: str, data: dict[str, Any], source: Path, common_text: dict[str, dict[str, str]]):
        self.game_id = game_id
        self.data = data
        self.source = source
        self.version: int = data["version"]
        self.min_players: int = data["players"]["min"]
        self.max_players: int = data["players"]["max"]
        self.zone_decls: dict[str, dict[str, Any]] = data["zones"]
        # Every game understands `deck` (a lesson's prepared deal, a test's stacked deck): a
        # YAML that does not declare it gets it (check_deck says what the game's deck is).
        self.option_decls: dict[str, dict[str, Any]] = {**data["options"]}
        self.option_decls.setdefault(DECK, dict(DECK_DECL))
        self._texts = {lang: {**(common_text.get(lang) or {}), **(data["text"].get(lang) or {})} for lang in languages.codes()}
        self._zone_tables: dict[int, ZoneTable] = {}
        # Card id -> its YAML attributes (value, colour, points...), filled by each game's rules
        # from its own card sections; the card table shares these mappings, never copies them.
        self.card_attrs: dict[str, Mapping[str, Any]] = {}
        if self.state_ref:
            self.state_class = _state_class(type(self), self.state_ref)

    # -------------------------------------------------------------------- states
    def new_state(self, num_players: int, seed: int = 0, options: dict[str, Any] | None = None) -> State:
        """A new match, set up and ready for its first action."""
        if not isinstance(num_players, int) or not self.min_players <= num_players <= self.max_players:
            raise OptionError(
                f"{self.game_id} is played by {self.min_players} to {self.max_players} players, not {num_players}"
            )
        checked = self.check_options(options or {}, num_players)
        state = self.state_class(self, num_players, seed, checked)
        self.setup(state)
        state.end_setup()
        return state

    def setup(self, state: State) -> None:
        """Deal and place everything for the first action (the game's part)."""
        raise NotImplementedError

    def zone_table(self, num_players: int) -> ZoneTable:
        table = self._zone_tables.get(num_players)
        if table is None:
            table = self._zone_tables[num_players] = ZoneTable(self.zone_decls, num_players)
        return table

    # ------------------------------------------------------------------- options
    def check_options(self, options: dict[str, Any], num_players: int) -> dict[str, Any]:
        """Every declared option with its value: given ones checked, the rest defaulted."""
        result: dict[str, Any] = {}
        for name in options:
            if name not in self.option_decls:
                hint = did_you_mean(name, self.option_decls)
                known = ", ".join(self.option_decls) or "none"
                raise OptionError(f"{self.game_id} has no option '{name}' (options: {known}{hint})")
        for name, decl in self.option_decls.items():
            value = options.get(name, decl["default"])
            result[name] = self._check_option(name, decl, value, num_players)
        if result.get(DECK) is not None:
            result[DECK] = self.check_deck(result[DECK], result, num_players)
        return result

    def game_deck(self, options: dict[str, Any], num_players: int) -> list[str]:
        """The card texts a new match shuffles into its deck, in any order (`options`: the
        others, checked); [] for a game whose deal has nothing to shuffle."""
        return []

    def check_deck(self, value: Any, options: dict[str, Any], num_players: int) -> Any:
        """The `deck` option: the deck's card texts top first, exactly `game_deck` (a game
        whose rounds are dealt again may accept one deck per round: Silver)."""
        expected = self.game_deck(options, num_players)
        return stacked_deck(value, expected, f"the {self.game_id} deck" if expected else f"{self.game_id}'s deal")

    def _check_option(self, name: str, decl: dict[str, Any], value: Any, num_players: int) -> Any:
        kind = decl["type"]
        if kind == "seat":
            if value is None or value == RANDOM:
                return None
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < num_players:
                raise OptionError(f"option {name} must be a seat from 0 to {num_players - 1} or 'random', not {value!r}")
            return value
        if kind == "bool":
            if not isinstance(value, bool):
                raise OptionError(f"option {name} must be true or false, not {value!r}")
            return value
        if kind == "int":
            low, high = decl.get("min"), decl.get("max")
            if isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low) or (
                high is not None and value > high
            ):
                raise OptionError(f"option {name} must be a whole number from {low} to {high}, not {value!r}")
            return value
        if kind == "choice":
            if value not in decl["choices"]:
                raise OptionError(f"option {name} must be one of {', '.join(map(str, decl['choices']))}, not {value!r}")
            return value
        if kind == "list":
            if value is None:
                return None
            if not isinstance(value, (list, tuple)):
                raise OptionError(f"option {name} must be a list, not {value!r}")
            allowed = decl.get("choices")
            for item in value:
                if allowed is not None and item not in allowed:
                    hint = did_you_mean(str(item), map(str, allowed))
                    raise OptionError(f"option {name}: unknown entry {item!r}{hint}")
            return list(value)
        raise OptionError(f"option {name} has an unknown type {kind!r}")

    # ------------------------------------------------------------------- actions
    def parse_action(self, state: State, seat: int, text: str) -> Action:
        """The legal action whose text is `text`, or IllegalAction saying why not."""
        wanted = normalize_action_text(text)
        if not state.is_over() and seat in state.to_act():
            for action in state.legal_actions(seat):
                if str(action) == wanted:
                    return action
        raise state.explain_illegal(seat, wanted)

    # ---------------------------------------------------------------------- text
    def text(self, lang: str, key: str, /, **params: Any) -> str:
        """A player-facing sentence in `lang` (a shipped language), English if missing, else the key."""
        template = self._texts.get(lang, {}).get(key) or self._texts[languages.REFERENCE].get(key)
        if template is None:
            return key
        try:
            return fill(template, lang, params)
        except (KeyError, IndexError, ValueError, AttributeError, TypeError):  # a damaged template
            return template

    def card_label(self, lang: str, card: str, info: Mapping[str, Any]) -> str | None:
        """A card's name as it is now, when a game's card can change during play (a unicorn
        painted another colour): `info` is the event's card attributes. None: its `card.<id>` text."""
        return None

    def has_text(self, key: str) -> bool:
        return key in self._texts[languages.REFERENCE]

    def counted(self, lang: str, key: str, count: int, /, **params: Any) -> str:
        """The form of `key` that agrees with `count` in `lang` (game/languages.py), filled."""
        return self.text(lang, languages.counted_key(self.has_text, key, lang, count), count=count, **params)

    def name(self, lang: str) -> str:
        return self.data["name"].get(lang) or self.data["name"][languages.REFERENCE]

    def credits(self, lang: str) -> str | None:
        """The original game's designers and publishers (the YAML's `credits:`), for About."""
        credits = self.data.get("credits")
        return (credits.get(lang) or credits[languages.REFERENCE]) if credits else None

    def option_presets(self) -> list[tuple[str, dict[str, Any]]]:
        """Named sets of option values the setup screen offers (text "preset.<id>").

        Read from the game's optional `presets:` list ({id: ..., <option>: value, ...}); keys
        that are not options (a difficulty label, say) are left out.
        """
        result = []
        for preset in self.data.get("presets") or []:
            if isinstance(preset, dict) and "id" in preset:
                result.append((str(preset["id"]), {k: v for k, v in preset.items() if k in self.option_decls}))
        return result
