"""Wolf & Hound: a 2-against-2 card game where number cards move wolves and hounds around the table."""

from game.games.wolf_and_hound.rules import OPTIONAL, RULES_CLASS, SCHEMA, check

__all__ = ["OPTIONAL", "RULES_CLASS", "SCHEMA", "check"]
