"""Kill the Unicorns' actions: one class for every move, its kind and arguments (the rules keep
one shared object per text; the state reads `kind` and `args`), and each kind's words declared
once as a form: the rules build the moves with them, the refusals, the coach and the table read
the texts back or spell them with the same forms."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action, ActionForm, ActionGrammar


@dataclass(frozen=True, slots=True, eq=False)  # Action's equality and hash: by the text
class Move(Action):
    """A parsed action: `kind` (scheme, hunt, pass, reveal, paint, buy, peek, move, stay) and args."""

    kind: str = ""
    args: tuple[Any, ...] = ()


SCHEME = ActionForm("scheme keep {scheme} under {unicorn:place}", lambda text, scheme, unicorn: Move(text, "scheme", (scheme, unicorn)))
STAY = ActionForm("stay", lambda text: Move(text, "stay"))  # the wizard leaves the schemes where they are
MOVE = ActionForm("move {source:place} to {target:place}", lambda text, source, target: Move(text, "move", (source, target)))
PEEK = ActionForm("peek", lambda text: Move(text, "peek"))
PASS = ActionForm("pass", lambda text: Move(text, "pass"))
HUNT = ActionForm("hunt {cards:ints} {boost:flag}", lambda text, cards, boost: Move(text, "hunt", (cards, boost)))
REVEAL = ActionForm("reveal {scheme:place}", lambda text, scheme: Move(text, "reveal", (scheme,)))
PAINT = ActionForm("paint {colour}", lambda text, colour: Move(text, "paint", (colour,)))
BUY_NONE = ActionForm("buy none", lambda text: Move(text, "buy", ("", "", -1)))
BUY_COLOURED = ActionForm("buy {item} {colour} unicorn {unicorn:place}",
                          lambda text, item, colour, unicorn: Move(text, "buy", (item, colour, unicorn)))
BUY = ActionForm("buy {item} unicorn {unicorn:place}", lambda text, item, unicorn: Move(text, "buy", (item, "", unicorn)))
GRAMMAR = ActionGrammar(SCHEME, STAY, MOVE, PEEK, PASS, HUNT, REVEAL, PAINT, BUY_NONE, BUY_COLOURED, BUY)
