"""Silver's actions, each kind's words declared once (game/engine/actions.py): the turn's own
moves here, a used power's forms on its `Power` (effects.py, from its targets), an empath's free
look on the rules (its verb is the card's id). Legal texts are built from these forms (once, and
kept: a long village lists thousands), and the refusals, the coach and the table's templates read
or spell them with the same forms. Every action is a plain `Action`: its text says it all."""

from __future__ import annotations

from game.engine.actions import ActionForm

PEEK = ActionForm("peek {slots:places}")  # the round's first look at own cards
DRAW = ActionForm("draw")
TAKE = ActionForm("take discard")
CALL = ActionForm("call count")
EXCHANGE = ActionForm("exchange {slots:places}")  # the drawn or taken card for these places
DISCARD = ActionForm("discard")
USE = ActionForm("use")  # the drawn card's power
KEEP = ActionForm("keep {card:place}")  # the rascal's two drawn cards: which one is kept
AMULET = ActionForm("amulet {slot:place}")  # the silver amulet onto an own card
GUARD = ActionForm("guard {slot:place}")  # the bodyguard's other guarded card
LEAVE = ActionForm("leave")  # an optional power left unused (the witch)
TURN_FORMS = (PEEK, DRAW, TAKE, CALL, EXCHANGE, DISCARD, USE, KEEP, AMULET, GUARD, LEAVE)


def free_look(card: str) -> ActionForm:
    """An empath's look at an own face-down card: `<card> N`."""
    return ActionForm(card + " {slot:place}")
