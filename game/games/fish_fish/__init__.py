"""Fish Fish: the fisher lays secret lines, the fish bet on them; everyone fishes in turn."""

from game.games.fish_fish.rules import OPTIONAL, RULES_CLASS, SCHEMA, check

__all__ = ["OPTIONAL", "RULES_CLASS", "SCHEMA", "check"]
