"""Fish Fish's two actions, declared once: the rules build them (once), the state, the coach and
the table read their texts back through the same forms."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import Action, ActionForm, ActionGrammar


@dataclass(frozen=True, slots=True, eq=False)  # Action's equality and hash: by the text
class LayLine(Action):
    """`line <fishing card> <bait value>`: the fisher's secret card under a visible bait."""

    card: str = ""
    value: int = 0


@dataclass(frozen=True, slots=True, eq=False)  # Action's equality and hash: by the text
class Bet(Action):
    """`bet <n>`: how many fish a fish player puts on the line (0 passes)."""

    count: int = 0


LINE = ActionForm("line {card} {value:int}", LayLine)
BET = ActionForm("bet {count:int}", Bet)
GRAMMAR = ActionGrammar(LINE, BET)
