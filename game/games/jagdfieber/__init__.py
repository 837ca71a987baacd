"""Jagdfieber: simultaneous secret choice, then closed season, hunters, wolves, rabbits."""

from game.games.jagdfieber.rules import OPTIONAL, RULES_CLASS, SCHEMA, check

__all__ = ["OPTIONAL", "RULES_CLASS", "SCHEMA", "check"]
