"""Silver: village rows of face-down werewolves you must remember, powers, the silver amulet."""

from game.games.silver_amulet.rules import OPTIONAL, RULES_CLASS, SCHEMA, check

__all__ = ["OPTIONAL", "RULES_CLASS", "SCHEMA", "check"]
