"""Wolf & Hound's team play for the bots: what a card does to the next activations, as a team
player weighs it (the play-outs' policy, the bots' default move, and the valuation).

The next seat to activate is always the active seat's left-hand opponent; the one after is its
partner. So a card is judged by two activations: the opponent's, right after it (certain: only
this card moves the animals before), and the partner's, after the opponent's own best reply
with the cards it holds (`reply`). An activation is worth what it does to the sheep, valued as
a team's chances (`sheep_worth`): a seat at 0 sheep loses the game for its team, so the last
sheep of a pasture is worth far more than a fourth one, and a hound in front of a full pasture
brings nothing. A sheep card that ends the activating seat's turn keeps it from replying.

This reads only positions, sides, sheep and hands (a play-out's determinization: hands there
are dealt guesses). It approximates what only some animal cards do (flips, twins, drifts and
delayed moves are left out; meat and bone stops are kept): the play-outs still run the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.games.wolf_and_hound.primitives import Side, apply_steps

SEATS = 4


@dataclass(frozen=True)
class Weights:
    """How the team player weighs things. `lose`: what a seat at 0 sheep costs its team (the
    game is lost); `one`, `two`: what a pasture down to its last sheep, or its last two, loses
    on top of the sheep themselves (it is one or two wolves away from the end); `reply`: how
    much of the opponent's best reply is counted against a card (it may not find it, or not
    hold it); `skip`: a turn the next opponent loses to a sheep card."""

    lose: float = 12.0
    one: float = 3.0
    two: float = 1.0
    reply: float = 0.8
    skip: float = 0.6


WEIGHTS = Weights()


def sheep_worth(count: int, weights: Weights = WEIGHTS) -> float:
    """What a pasture of `count` sheep is worth to its team (the team's chances, in sheep)."""
    if count <= 0:
        return -weights.lose
    if count == 1:
        return 1.0 - weights.one
    if count == 2:
        return 2.0 - weights.two
    return float(count)


_summaries: dict[int, tuple[int, bool]] = {}  # id(side) -> (sheep it takes or brings, ends the turn)


def summary(side: Side) -> tuple[int, bool]:
    """A side's activation in short: the sheep it moves (negative: a wolf takes them), and
    whether it ends the active seat's turn (sheep card 01)."""
    found = _summaries.get(id(side))
    if found is None:
        delta, skips = 0, False
        for fn, params in side.activate:
            name = fn.__name__
            if name == "lose_sheep":
                delta -= params.get("amount", 1)
            elif name == "gain_sheep":
                delta += params.get("amount", 1)
            elif name == "skip_turn":
                skips = True
        found = _summaries[id(side)] = (delta, skips)
    return found


def landing(state: Any, pos: list[int], actor: int, card: str) -> list[int]:
    """Where each animal stands once `actor` played `card` from positions `pos` (meat and bone
    stop a card at another seat whose last played card shows them; other abilities left out)."""
    rules = state.rules
    color, value = rules.color_of[card], rules.value_of[card]
    sides, side_no = state.sides, state.side
    out = pos[:]
    symbols = None
    for a, here in enumerate(pos):
        side = sides[a][side_no[a]]
        if not side.colors & color or side.delayed:
            continue
        steps = apply_steps(side, value)
        if not steps:
            continue
        symbol = side.stop_symbol
        if symbol:
            if symbols is None:
                symbols = [state._symbol_at(s) for s in range(SEATS)]
            way = 1 if steps > 0 else -1
            for _ in range(abs(steps)):
                here = (here + way) % SEATS
                if here != actor and symbols[here] == symbol:
                    break
        else:
            here = (here + steps) % SEATS
        out[a] = here
    return out


def activation(state: Any, pos: list[int], active: int, sheep: list[int], team: str, weights: Weights = WEIGHTS) -> tuple[float, bool]:
    """What the animals standing before `active` do when it activates, worth to `team`, and
    whether its turn ends there; `sheep` is updated as the activation would."""
    rules = state.rules
    team_of, start = rules.team_of, state.start_sheep
    sides, side_no = state.sides, state.side
    worth, skips = 0.0, False
    for a, here in enumerate(pos):
        if here != active:
            continue
        side = sides[a][side_no[a]]
        delta, ends = summary(side)
        skips = skips or ends
        if delta:
            target = (active + side.target) % SEATS
            before = sheep[target]
            after = min(max(before + delta, 0), start[target])
            if after != before:
                change = sheep_worth(after, weights) - sheep_worth(before, weights)
                worth += change if team_of[target] == team else -change
                sheep[target] = after
    return worth, skips


def cards_of(state: Any, seat: int) -> list[str]:
    """The number cards `seat` may play next turn: its hand, or a ghost's next turned card."""
    zones, ids = state.zones, state.card_ids
    if state.is_ghost[seat]:
        deck = zones[state.deck] or zones[state.ghost_deck[seat]]
        return [ids[deck[0]]] if deck else []
    return list({ids[u]: None for u in zones[state.hand[seat]]})


def _first_activation(
    state: Any, seat: int, card: str, weights: Weights,
) -> tuple[str, int, int, list[int], Any, float, bool]:
    """`card` played by `seat`: its team, the next opponent and the partner, the sheep after the
    opponent's activation, where the animals land, what that activation is worth and whether a
    sheep card skips the opponent's turn."""
    team = state.rules.team_of[seat]
    first, second = (seat + 1) % SEATS, (seat + 2) % SEATS
    sheep = state.sheep[:]
    pos = landing(state, state.pos, seat, card)
    worth, skipped = activation(state, pos, first, sheep, team, weights)
    return team, first, second, sheep, pos, worth, skipped


def card_score(state: Any, seat: int, card: str, weights: Weights = WEIGHTS) -> float:
    """A card of `seat` valued for its team: the next opponent's activation, then the partner's
    after that opponent's best reply (counted at `weights.reply`)."""
    team, first, second, sheep, pos, worth, skipped = _first_activation(state, seat, card, weights)
    if sheep[first] <= 0:
        return worth
    if skipped:
        reply_pos = [pos]
        worth += weights.skip
    else:
        reply_pos = [landing(state, pos, first, c) for c in cards_of(state, first)] or [pos]
    best = None
    for after in reply_pos:  # the opponent's best for its own team
        value = activation(state, after, second, sheep[:], team, weights)[0]
        if best is None or value < best:
            best = value
    return worth + weights.reply * (best or 0.0)


def best_card(state: Any, seat: int, cards: list[str], weights: Weights = WEIGHTS) -> tuple[str, float]:
    """The card of `cards` the team player plays, with its score (ties: the first)."""
    best, best_score = cards[0], -1e18
    for card in cards:
        score = card_score(state, seat, card, weights)
        if score > best_score + 1e-9:
            best, best_score = card, score
    return best, best_score


def ghost_keeps(state: Any, seat: int, weights: Weights = WEIGHTS) -> bool:
    """The ghost's partner's choice: keep the turned card unless the ghost deck's top one is
    better for the team (judged as the ghost's own play)."""
    ghost = state.turn_seat
    zones, ids = state.zones, state.card_ids
    turned = ids[zones[state.played[ghost]][-1]]
    under = zones[state.ghost_deck[ghost]]
    if not under:
        return True
    return card_score(state, ghost, turned, weights) >= card_score(state, ghost, ids[under[0]], weights)


def position_worth(state: Any, team: str, weights: Weights = WEIGHTS) -> float:
    """A position's worth to `team`, in sheep: both teams' pastures (`sheep_worth`), then the
    activation already set up before the next seat (it happens before anyone plays again)."""
    rules = state.rules
    team_of = rules.team_of
    sheep = state.sheep[:]
    worth = 0.0
    for s in range(SEATS):
        value = sheep_worth(sheep[s], weights)
        worth += value if team_of[s] == team else -value
    if state.stage == "wait" and state.phase == "play":  # the active seat is about to play
        return worth
    nxt = state.turn_seat if state.stage == "begin" else (state.turn_seat + 1) % SEATS
    return worth + activation(state, state.pos, nxt, sheep, team, weights)[0]


# ------------------------------------------------------------ a careful player's count of cards
def unseen_counts(state: Any, seat: int) -> dict[str, int]:
    """The number cards `seat` has not seen, by kind: the deck's composition less every played
    row (public) and its own hand. Read only what the seat knows."""
    rules, zones, ids = state.rules, state.zones, state.card_ids
    counts = dict(rules.deck_counts[state.options["meat_and_bone"]])
    for s in range(SEATS):
        for u in zones[state.played[s]]:
            counts[ids[u]] -= 1
    for u in zones[state.hand[seat]]:
        counts[ids[u]] -= 1
    return {c: k for c, k in counts.items() if k > 0}


def _none_of(unseen: int, missing: int, held: int) -> float:
    """The chance that `held` cards drawn from `unseen` include none of `missing` given ones."""
    if held <= 0:
        return 1.0
    chance = 1.0
    for i in range(held):
        if unseen - i <= 0:
            return 0.0
        chance *= max(0.0, (unseen - missing - i) / (unseen - i))
    return chance


def counted_score(state: Any, seat: int, card: str, unseen: dict[str, int], weights: Weights = WEIGHTS) -> float:
    """`card_score` as a careful player counts it, without seeing a hand: the opponent's best
    reply is expected over the cards it may hold (drawn from the unseen ones: its hand's size
    of them, or one for a ghost), each reply the best of what it holds."""
    team, first, second, sheep, pos, worth, skipped = _first_activation(state, seat, card, weights)
    if sheep[first] <= 0:
        return worth
    stay = activation(state, pos, second, sheep[:], team, weights)[0]
    if skipped:
        return worth + weights.skip + weights.reply * stay
    replies = sorted(
        (activation(state, landing(state, pos, first, c), second, sheep[:], team, weights)[0], k)
        for c, k in unseen.items()
    )  # the opponent's best (lowest for this team) first
    total = sum(unseen.values())
    held = 1 if state.is_ghost[first] else len(state.zones[state.hand[first]])
    expected, covered, before = 0.0, 0, 1.0
    for value, k in replies:
        covered += k
        after = _none_of(total, covered, held)
        expected += (before - after) * value  # its best card is of this kind
        before = after
    expected += before * stay  # it holds none of them (an empty hand): the animals stay
    return worth + weights.reply * expected


def counted_card(state: Any, seat: int, cards: list[str], weights: Weights = WEIGHTS) -> str:
    """The card a careful player plays (`counted_score`; ties: the first)."""
    unseen = unseen_counts(state, seat)
    best, best_score = cards[0], -1e18
    for card in cards:
        score = counted_score(state, seat, card, unseen, weights)
        if score > best_score + 1e-9:
            best, best_score = card, score
    return best


def counted_ghost_keeps(state: Any, seat: int, weights: Weights = WEIGHTS) -> bool:
    """The ghost's partner's choice as a careful player makes it: the turned card, or one of
    the unseen cards (the ghost deck is face down: its top card is any of them, alike)."""
    ghost = state.turn_seat
    zones, ids = state.zones, state.card_ids
    if not zones[state.ghost_deck[ghost]]:
        return True
    turned = ids[zones[state.played[ghost]][-1]]
    unseen = unseen_counts(state, seat)
    unseen[turned] = unseen.get(turned, 0) - 1  # the turned card is seen, not the partner's
    unseen = {c: k for c, k in unseen.items() if k > 0}
    total = sum(unseen.values())
    if not total:
        return True
    swap = sum(k * counted_score(state, ghost, c, unseen, weights) for c, k in unseen.items()) / total
    return counted_score(state, ghost, turned, unseen, weights) >= swap
