"""What a seat may know of a Silver table (view keys of issue 13), and why a move is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.actions import Malformed, whole_number
from game.engine.errors import IllegalAction
from game.engine.flow import ScoreSheet
from game.engine.schema import did_you_mean

if TYPE_CHECKING:
    from game.games.silver_amulet.state import SilverState

VERBS = (
    "peek", "draw", "take", "call", "amulet", "discard", "use", "exchange", "keep",
    "turn", "look", "swap", "leave", "rob", "guard",
)


def knows(state: SilverState, seat: int | None, uid: int) -> bool:
    """The engine's one rule of who sees a card (zone viewers plus who saw it)."""
    return state.sees(seat, uid)


def public_view(state: SilverState, seat: int | None) -> dict[str, Any]:
    """Villages slot by slot (a card's id only where the seat may know it), the piles, the
    amulet, the round, the caller, the drawn card (to its drawer), the score sheet."""
    n, zones, ids = state.num_players, state.zones, state.card_ids
    villages = []
    amulet_card = None
    for s in range(n):
        row = []
        for i, uid in enumerate(zones[state.z_village[s]]):
            protected = uid == state.amulet
            if protected:
                amulet_card = [s, i + 1]
            row.append(
                {
                    "card": ids[uid] if knows(state, seat, uid) else None,
                    "face": "up" if state.face_up[uid] else "down",
                    "protected": protected,
                    "guarded": state.guarded(s, uid),
                }
            )
        villages.append(row)
    holder = state.seat if state.phase == "turn" and zones[state.z_drawn[state.seat]] else None
    drawn = None
    if holder is not None and holder == seat:
        drawn = [ids[u] for u in zones[state.z_drawn[holder]]]
    power = ids[state.power_uid] if state.power_uid >= 0 else None
    over = state.phase == "over"
    winners = state.winners() if over else []
    tiebreak = ""
    if over and len([s for s in range(n) if state.totals[s] == min(state.totals)]) > 1:
        tiebreak = "amulet" if len(winners) == 1 else "shared"
    return {
        "villages": villages,
        "discard": [ids[u] for u in reversed(zones[state.z_discard])],
        "deck_size": len(zones[state.z_deck]),
        "set_aside": len(zones[state.z_aside]),
        "amulet": state.amulet_holder,
        "amulet_card": amulet_card,
        "amulet_ready": state.amulet_ready,
        "round": state.round_no,
        "rounds": state.rules.rounds,
        "caller": state.caller,
        "first_seat": state.first_seat,
        "turn": state.seat if state.phase == "turn" else None,
        "phase": state.phase,
        "step": state.step if state.phase == "turn" else None,
        "holder": holder,
        "holding": len(zones[state.z_drawn[holder]]) if holder is not None else 0,
        "drawn": drawn,
        "power": power,
        "pending_guard": state.owner_of(state.pending_guards[0]) if state.pending_guards else None,
        "peeked": state.peeked[:],
        "end_reason": state.end_reason,
        "score_sheet": [row[:] for row in state.sheet],
        "score_details": [[dict(d) for d in row] for row in state.sheet_details],
        "winners": winners,
        "tiebreak": tiebreak,
        # the engine's sheet, so that results and the score sheet rank the lowest total first
        "sheet": ScoreSheet(state.num_players, lower_wins=True, points=[row[:] for row in state.sheet],
                            details=[[dict(d) for d in row] for row in state.sheet_details]).view(winners, tiebreak),
        "memory_aid": bool(state.options.get("memory_aid")),  # the table's aid, no rule
    }


def explain_illegal(state: SilverState, seat: int, text: str) -> IllegalAction:
    """A reason a player can act on: whose turn, what the step expects, which card is off limits."""
    words = text.split()
    verb = words[0] if words else ""
    if state.phase == "over":
        return IllegalAction("the game is over", "error.game_over")
    if not 0 <= seat < state.num_players:
        return IllegalAction(f"there is no seat {seat}", "error.not_your_turn", {"seat": seat})
    if verb not in VERBS and not state._free_looks(seat):
        hint = did_you_mean(verb, VERBS)
        return IllegalAction(f"'{text}' is not a move{hint}", "error.expected_action")
    if seat not in state.to_act():
        if state.pending_guards:
            return IllegalAction("the bodyguard's owner chooses the guarded card first", "error.guard_first")
        return IllegalAction(f"it is not seat {seat}'s turn", "error.not_your_turn", {"seat": seat})
    if state.phase == "peek" and verb != "peek":
        return IllegalAction("first look at 2 cards of your village ('peek 1 4')", "error.peek_first")
    aimed = target_problem(state, seat, words)
    if aimed is not None:
        return aimed
    village = state.zones[state.z_village[seat]]
    numbers = [n for n in map(whole_number, words[1:]) if n is not None]
    if verb in ("exchange", "amulet") and numbers:
        for number in numbers:
            if not 1 <= number <= len(village):
                return IllegalAction(
                    f"your village has no slot {number} (slots 1 to {len(village)})",
                    "error.bad_slot",
                    {"slot": number, "slots": len(village)},
                )
            if village[number - 1] == state.amulet:
                return IllegalAction("that card is protected by the amulet", "error.protected")
        if verb == "exchange" and len(numbers) > 1:
            return IllegalAction("these face-up cards cannot match", "error.mismatch_visible")
    if verb == "call" and state.step == "main":
        if state.caller is not None:
            return IllegalAction("the count has already been called this round", "error.call_taken")
        if state.amulet_turn:
            return IllegalAction("you placed the amulet this turn", "error.call_amulet")
        limit = state.rules.call_max_cards
        return IllegalAction(f"you may call the count only with {limit} cards or fewer", "error.call_cards", {"max": limit})
    if verb == "take" and state.step == "main" and state.zones[state.z_discard]:
        return IllegalAction("your only card is under the amulet: a taken card must be exchanged", "error.take_protected")
    if verb == "amulet" and state.amulet_holder == seat and state.amulet_ready and state.step == "taken":
        return IllegalAction("the taken card must be exchanged: the amulet may not protect your only card now", "error.amulet_taken")
    if verb == "amulet":
        return IllegalAction("you do not hold the silver amulet (or placed it this round)", "error.no_amulet")
    if verb == "use":
        return IllegalAction("only a drawn card of value 5 to 12 with a target has a power to use", "error.no_power")
    legal = ", ".join(state.legal_texts(seat)[:12])
    if state.step != "main" and verb in ("draw", "take", "call"):
        return IllegalAction(f"finish your action first: {legal}", "error.finish_action", {"legal": legal})
    return IllegalAction(f"'{text}' is not a legal action now (legal: {legal})", "error.not_legal", {"action": text, "legal": legal})


def target_problem(state: SilverState, seat: int, words: list[str]) -> IllegalAction | None:
    """Why a chosen target is refused: a used power's card (off limits, face up, the wrong
    village, no such seat or slot, no such pile card), the bodyguard guarding itself, an
    empath's look at a face-up or protected card. None when the targets are not the problem."""
    verb = words[0] if words else ""
    numbers = {w: whole_number(w) for w in words[1:] if w != "exchange"}
    if state.phase != "turn" or None in numbers.values():
        return None

    def number(word: str) -> int:
        return numbers.get(word) or 0

    if verb == "guard" and state.pending_guards and len(words) == 2:
        return _slot_problem(state, seat, seat, number(words[1]), "own_slot", guard=state.pending_guards[0])
    looks = state._free_looks(seat)
    if looks is not None and verb == looks[0] and len(words) == 2:
        return _slot_problem(state, seat, seat, number(words[1]), "own_face_down")
    if state.step != "power" or state.power_uid < 0:
        return None
    power = state.chars[state.card_ids[state.power_uid]].power
    if power is None or verb != power.form.verb:
        return None
    fields = power.form.parse(" ".join(words))
    if isinstance(fields, Malformed):
        return None
    for target, owner, index in power.picks(seat, fields):
        if target.name == "pile_card":
            problem = _pile_problem(state, index + 1)
        else:
            problem = _slot_problem(state, seat, owner, index + 1, target.name)
        if problem is not None:
            return problem
    return None


def _pile_problem(state: SilverState, rank: int) -> IllegalAction | None:
    cards = len(state.zones[state.z_discard])
    if not 1 <= rank <= cards:
        return IllegalAction(f"the discard pile has no card {rank} (1 to {cards}, 1 = the top)", "error.bad_pile",
                             {"rank": rank, "cards": cards})
    return None


def _slot_problem(state: SilverState, seat: int, owner: int, number: int, kind: str,
                  guard: int = -1) -> IllegalAction | None:
    """Why card `number` (1-based) of `owner`'s village is not a target of kind `kind` for `seat`."""
    if not 0 <= owner < state.num_players:
        return IllegalAction(f"there is no player {owner + 1}", "error.bad_seat", {"number": owner + 1})
    village = state.zones[state.z_village[owner]]
    if not 1 <= number <= len(village):
        return IllegalAction(f"that village has no slot {number} (slots 1 to {len(village)})", "error.bad_slot_of",
                             {"owner": owner, "slot": number, "slots": len(village)})
    uid = village[number - 1]
    if kind.startswith("own_") and owner != seat:
        return IllegalAction("this power takes a card of your own village", "error.own_only")
    if kind.startswith("opponent_") and owner == seat:
        return IllegalAction("this power takes a card of an opponent's village", "error.opponents_only")
    if uid == guard:
        return IllegalAction("the bodyguard guards another card of its village", "error.guard_self")
    if uid == state.amulet:
        return IllegalAction("that card is protected by the amulet", "error.protected")
    if owner != seat and uid in state.guarded_set(owner):
        return IllegalAction("that card is guarded by a bodyguard", "error.guarded")
    if kind.endswith("_face_down") and state.face_up[uid]:
        return IllegalAction("that card is face up: choose a face-down card", "error.face_up")
    return None
