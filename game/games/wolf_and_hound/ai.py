"""Search hooks for Wolf & Hound (API in game/ai/hooks.py): bots play for their team.

WHY these hooks:
- A win belongs to a team: `winners()` names both partners (the played seats of the winning
  team), and `evaluate` gives every seat of that team the full value 1, so a bot values its
  partner's safety as its own (the default 1/k share would also rank moves by team, but a
  truncated simulation must be valued on the same scale as a finished one).
- Simulations stop after a few turns (`rollout_done`): random play far ahead says little, and a
  short horizon buys several times more iterations within the level's time budget. A stopped
  simulation is valued from the sheep: the weakest pasture of each team (a seat at 0 sheep makes
  its team lose) and each team's total (the tiebreak when the cards run out), and, in a best of
  5, the games already won.
- The simulation runs the rules themselves on the search's quiet copy (no events, no notes).
- The play-out policy looks one step ahead cheaply: where the card would put each animal, and
  who activates next (`landing_score`); a quarter of its moves stay random for variety.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, cast

from game.engine.actions import Action
from game.engine.rng import Rng
from game.engine.state import State
from game.games.wolf_and_hound.primitives import apply_steps

if TYPE_CHECKING:
    from game.games.wolf_and_hound.rules import WolfHoundRules

SEATS = 4
EPSILON = 0.25  # share of random moves in play-outs

HORIZON = 8  # turns simulated after the searching position before valuing it
W_MIN = 1.1  # per sheep of difference between the teams' weakest pastures
W_TOTAL = 0.35  # per sheep of difference between the teams' totals
W_GAMES = 2.0  # per game won in a best of 5


def team_values(state: State) -> dict[str, float]:
    """Each team's chance to win as a value in [0, 1] (the two add up to 1)."""
    rules = cast("WolfHoundRules", state.rules)
    names = list(rules.teams)
    if state.is_over():
        won = {rules.team_of[s] for s in state.winners()}
        return {t: 1.0 if t in won else 0.0 for t in names}
    return sheep_values(rules, state.sheep, state.wins)  # type: ignore[attr-defined]


def sheep_values(rules: WolfHoundRules, sheep: list[int], wins: dict[str, int]) -> dict[str, float]:
    """A game in progress valued from the sheep and the games won (see the module's WHY)."""
    teams = rules.teams
    first, second = list(teams)[:2]
    diff_min = min(sheep[s] for s in teams[first]) - min(sheep[s] for s in teams[second])
    diff_total = sum(sheep[s] for s in teams[first]) - sum(sheep[s] for s in teams[second])
    x = W_MIN * diff_min + W_TOTAL * diff_total + W_GAMES * (wins[first] - wins[second])
    p = 1.0 / (1.0 + math.exp(-x))
    return {first: p, second: 1.0 - p}


def evaluate(state: State) -> list[float]:
    """Each played seat's value: its team's chance to win."""
    values = team_values(state)
    team_of = state.rules.team_of  # type: ignore[attr-defined]
    return [values[team_of[s]] for s in range(state.num_players)]


def rollout_done(start: State, state: State) -> bool:
    """Stop a simulation a few turns on, or when a game of a best of 5 has been decided."""
    return (
        state.turn_no - start.turn_no >= HORIZON  # type: ignore[attr-defined]
        or state.game_no != start.game_no  # type: ignore[attr-defined]
    )


def rollout_action(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
    """Mostly the card whose moves put the animals best for the seat's team in front of the next
    two seats to activate (a cheap look at landing places, meat/bone stops ignored); sometimes
    any legal action, so play-outs stay varied."""
    if len(actions) == 1 or rng.random() < EPSILON:
        return actions[rng.randrange(len(actions))]
    best: list[Action] = []
    best_score = -1e9
    for action in actions:
        card = getattr(action, "card", None)
        score = landing_score(state, seat, card) if card is not None else 0.0
        if score > best_score + 1e-9:
            best, best_score = [action], score
        elif score > best_score - 1e-9:
            best.append(action)
    return best[rng.randrange(len(best))]


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


# ------------------------------------------------------------------ fixed plans (main.py exploit)
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


PLANS = {"highest": _by_value(True), "lowest": _by_value(False), "greedy": _greedy, "random": _random}
