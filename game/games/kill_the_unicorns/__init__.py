"""Kill the Unicorns: secret schemes under a line of unicorns, hidden hunts, a black market."""

from game.games.kill_the_unicorns.rules import OPTIONAL, RULES_CLASS, SCHEMA, check

__all__ = ["OPTIONAL", "RULES_CLASS", "SCHEMA", "check"]
