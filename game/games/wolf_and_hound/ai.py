"""Search hooks for Wolf & Hound (API in game/ai/hooks.py): bots play for their team.

WHY these hooks:
- A win belongs to a team: `winners()` names both partners (the played seats of the winning
  team), and `evaluate` gives every seat of that team the full value 1, so a bot values its
  partner's safety as its own.
- Every seat of a play-out plays as a team player (policy.py): a card is judged by the next
  opponent's activation and by the partner's after that opponent's best reply, sheep valued as
  the team's chances (a pasture's last sheep is the game). With the earlier play-outs (a
  quarter of random moves, every landing alike, a sheep worth the same at 1 as at 3) every
  level played about the same: the cards, not the search, decided.
- The tree's play-outs (easy, medium) stop a few turns on (`rollout_done`) and value the
  position from the sheep and the activation already set up (`evaluate`).
- Medium and hard keep a careful player's move unless their search finds clearly better
  (`default_move`: it counts the cards it has not seen and expects the opponent's best reply
  from them, where the play-outs' team player reads the sampled world's hands).
- Hard searches flat (FLAT_LEVELS): in each sampled world, every card it may play is followed
  by the next three turns searched in full, each seat choosing what is best for its team there,
  and the position valued; the worlds average out the hands it cannot see.
- The simulations run the rules themselves on the search's quiet copy (no events, no notes).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, cast

from game.engine.actions import Action
from game.engine.rng import Rng
from game.engine.state import State
from game.games.wolf_and_hound import policy
from game.games.wolf_and_hound.primitives import apply_steps

if TYPE_CHECKING:
    from game.games.wolf_and_hound.rules import WolfHoundRules

SEATS = 4
EPSILON = 0.1  # share of random moves in the tree's play-outs (variety)

HORIZON = 8  # turns simulated after the searching position before valuing it
SCALE = 0.25  # a position's worth (in sheep, policy.position_worth) -> chance, by a logistic
W_GAMES = 2.0  # per game won in a best of 5 (in the logistic's units)
FLAT_LEVELS = {"hard": 192}  # worlds per decision (game/ai/flat.py), each move searched LOOKAHEAD turns on


def team_values(state: State) -> dict[str, float]:
    """Each team's chance to win as a value in [0, 1] (the two add up to 1)."""
    rules = cast("WolfHoundRules", state.rules)
    names = list(rules.teams)
    s: Any = state
    if state.is_over():
        won = {rules.team_of[seat] for seat in state.winners()}
        return {t: 1.0 if t in won else 0.0 for t in names}
    first, second = names[:2]
    games = W_GAMES * (s.wins[first] - s.wins[second])
    # a game of the match just won (the copy stopped there): the games won say it all
    x = games if s.stopped else SCALE * policy.position_worth(s, first) + games
    p = 1.0 / (1.0 + math.exp(-x))
    return {first: p, second: 1.0 - p}


def evaluate(state: State) -> list[float]:
    """Each played seat's value: its team's chance to win."""
    values = team_values(state)
    team_of = state.rules.team_of  # type: ignore[attr-defined]
    return [values[team_of[s]] for s in range(state.num_players)]


def rollout_done(start: State, state: State) -> bool:
    """Stop a simulation a few turns on (a won game of a best of 5 stops it by itself)."""
    return state.turn_no - start.turn_no >= HORIZON  # type: ignore[attr-defined]


def team_action(state: State, seat: int, actions: list[Action]) -> Action:
    """The team player's move (policy.py): its best card, or the ghost's keep or swap."""
    return _card_or_ghost(state, seat, actions, policy.ghost_keeps, lambda cards: policy.best_card(state, seat, cards)[0])


def _card_or_ghost(
    state: State, seat: int, actions: list[Action], keeps: Any, pick: Any,
) -> Action:
    """A card chosen by `pick(cards)`, or the ghost's card kept when `keeps(state, seat)`."""
    if len(actions) == 1:
        return actions[0]
    rules = cast("WolfHoundRules", state.rules)
    if actions[0] is rules.ghost_keep or actions[0] is rules.ghost_swap:
        return rules.ghost_keep if keeps(state, seat) else rules.ghost_swap
    cards = [a.card for a in actions if getattr(a, "card", None)]  # type: ignore[attr-defined]
    return rules.plays[pick(cards)] if cards else actions[0]


def rollout_action(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """The tree's play-outs: the team player, and now and then any legal move (EPSILON)."""
    if len(actions) > 1 and rng.random() < EPSILON:
        return actions[rng.randrange(len(actions))]
    return team_action(state, seat, actions)


def default_move(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """What medium and hard keep unless their search finds clearly better: the careful
    player's move (`_thoughtful`: the opponent's reply expected over the cards it may hold,
    where the team player of the play-outs reads the sampled world's hands). Measured in
    policy games, seats alternated: the careful player's team beat the team player's in 633 of
    1,000 (each reading only a determinization of its seat)."""
    return _thoughtful(state, seat, actions, rng)


LOOKAHEAD = 3  # the flat search's turns searched after each tried move (the next three seats)


def flat_playout(state: State, rng: Rng) -> list[float]:
    """The flat search's value of a tried move (hard): in the sampled world, the next LOOKAHEAD
    turns searched in full, every seat choosing what is best for its team there (alpha-beta,
    the team player's card first), then the position valued (`evaluate`). WHY: the team
    player judges two activations by a rule of thumb; here every card each seat holds in this
    world is played through the rules, and the worlds average out what the seat cannot see."""
    state.quietly()
    team = state.rules.team_of  # type: ignore[attr-defined]
    first = list(state.rules.teams)[0]  # type: ignore[attr-defined]
    value = _search(state, LOOKAHEAD, -1.0, 2.0)  # first team's chance
    return [value if team[s] == first else 1.0 - value for s in range(state.num_players)]


def _search(state: Any, depth: int, alpha: float, beta: float) -> float:
    """The first team's chance from `state` with `depth` turns searched (alpha-beta: the first
    team maximizes, the other minimizes)."""
    if depth == 0 or state.over or state.stopped:
        rules = state.rules
        return team_values(state)[list(rules.teams)[0]]
    seat = state.to_act()[0]
    actions = state.legal_actions(seat)
    if len(actions) > 1:  # the team player's move first: the best cuts come early
        good = team_action(state, seat, actions)
        actions = [good] + [a for a in actions if a is not good]
    maximizing = state.rules.team_of[seat] == list(state.rules.teams)[0]
    best = -1.0 if maximizing else 2.0
    for action in actions:
        child = state.clone()
        child.apply(seat, action)
        next_depth = depth - 1 if child.turn_no != state.turn_no or child.over or child.stopped else depth
        value = _search(child, next_depth, alpha, beta)
        if maximizing:
            if value > best:
                best = value
            alpha = max(alpha, best)
        else:
            if value < best:
                best = value
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


# ------------------------------------------------------------------ fixed plans (main.py exploit)
def landing_score(state: State, seat: int, card: str | None) -> float:
    """How good the animals' places are for `seat`'s team once `card` has moved them: a wolf in
    front of the next seat to activate takes a sheep of its target, a hound brings one back."""
    rules = cast("WolfHoundRules", state.rules)
    team = rules.team_of[seat]
    color = rules.color_of[card] if card is not None else 0
    value = rules.value_of[card] if card is not None else 0
    nxt = (state.turn_seat + 1) % SEATS  # type: ignore[attr-defined]
    pos = state.pos  # type: ignore[attr-defined]
    score = 0.0
    for a in range(len(pos)):
        side = state.side_of(a)  # type: ignore[attr-defined]
        here = pos[a]
        if color & side.colors and not side.delayed:
            here = (here + apply_steps(side, value)) % SEATS
        for ahead, weight in ((0, 1.0), (1, 0.4)):
            active = (nxt + ahead) % SEATS
            if here != active or side.kind == "sheep":
                continue
            target = (active + side.target) % SEATS
            effect = -weight if side.kind == "wolf" else weight
            score += effect if rules.team_of[target] == team else -effect
    return score


def _by_value(highest: bool):
    def plan(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
        value_of = state.rules.value_of  # type: ignore[attr-defined]
        plays = [a for a in actions if getattr(a, "card", None) in value_of]
        if not plays:  # the ghost's question or a skip: the first choice (keep)
            return actions[0]
        pick = max if highest else min
        return pick(plays, key=lambda a: value_of[a.card])  # type: ignore[attr-defined]

    plan.__doc__ = f"Always the {'highest' if highest else 'lowest'} number card held; the ghost is kept."
    return plan


def _greedy(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """The card whose moves put the animals best for its team right now (the play-out's one-step
    look at landing places, never random); the ghost is kept."""
    plays = [a for a in actions if getattr(a, "card", None) is not None]
    if not plays:
        return actions[0]
    return max(plays, key=lambda a: landing_score(state, seat, a.card))  # type: ignore[attr-defined]


def _random(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """Any legal choice, each alike."""
    return actions[rng.randrange(len(actions))]


def _thoughtful(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """A careful player written from the rules, reading only what its seat knows (policy.py
    `counted_card`): it counts the cards played and its own, puts the wolves before the next
    opponent and keeps the hounds from it, weighs the last sheep of a pasture as the game, and
    expects the opponent's best reply from the cards it may hold; it keeps or swaps the ghost's
    card by the same count."""
    return _card_or_ghost(state, seat, actions, policy.counted_ghost_keeps, lambda cards: policy.counted_card(state, seat, cards))


PLANS = {
    "highest": _by_value(True), "lowest": _by_value(False), "greedy": _greedy, "random": _random,
    "thoughtful": _thoughtful,
}
