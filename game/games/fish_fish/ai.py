"""Fish Fish's bot hooks (API: game/ai/hooks.py): believable fisher and fish play styles,
a round-long play-out, and a value of the score sheet.

WHY: uniform random play-outs make fish bet blindly and the fisher lay catches anywhere, so a
search sees almost no difference between a safe bet and a reckless one. These policies play the
way people do: a fish weighs the bait against the chance that the line is a catch (computed only
from public facts: revealed cards, baits left), keeps fish back for later lines, and unloads before
the forced fifth line; the fisher lures with big baits, feeds small baits to the fish on empty
lines and keeps a catch for the last line when it can. Two styles, `cautious` and `bold`, change
the weights; a mix of both drives the search's play-outs.

Rounds score independently, so a play-out stops at the end of the current round and the score
sheet is valued with a softmax whose temperature grows with the rounds still to play.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action
from game.engine.rng import Rng
from game.engine.state import State

# Spread of one seat's total per round, in points: measured with random games (simulate).
ROUND_SPREAD = 12.0


@dataclass(frozen=True)
class Style:
    """How a player weighs risk. Fish: `aversion` (points a caught fish feels like losing on
    top of the fish), `share` (part of the fish bet on a good line), `spread` (bet at least an
    even share of the fish left on each good line). Fisher: `greed` (share of the fish it expects
    on a big bait), `lure` (weight of a catch laid under the biggest bait), `keep` (value of
    keeping a catch for the forced last line, where every fish left must bet). `temperature`: how much the choice varies."""

    aversion: float
    share: float
    spread: bool
    greed: float
    lure: float
    keep: float
    temperature: float
    noise: float


STYLE_PARAMS: dict[str, Style] = {
    "cautious": Style(aversion=4.0, share=0.34, spread=True, greed=0.25, lure=0.6, keep=0.4, temperature=1.5, noise=0.05),
    "bold": Style(aversion=2.0, share=0.6, spread=True, greed=0.45, lure=0.6, keep=0.6, temperature=2.5, noise=0.08),
}
BALANCED = Style(aversion=2.5, share=0.5, spread=True, greed=0.35, lure=1.0, keep=0.7, temperature=2.0, noise=0.1)


def catch_chance(state: Any) -> float:
    """The chance that the line is a catch, from public facts only: every fishing card not
    revealed this round (held, on the line or spent face down) is alike to a fish."""
    rules = state.rules
    ids, public = state.card_ids, state.sees
    revealed = revealed_catches = 0
    for uid in state.zones[state.z_discard[state.fisher]]:
        if ids[uid] in rules.fishing_count and public(None, uid):
            revealed += 1
            revealed_catches += ids[uid] in rules.takes_bets
    unrevealed = rules.lines - revealed
    hidden_catches = sum(rules.fishing_count[c] for c in rules.takes_bets) - revealed_catches
    return hidden_catches / unrevealed if unrevealed > 0 else 0.0


def fish_action(state: Any, seat: int, actions: list[Action], rng: Rng, style: Style) -> Action:
    """A fish player's bet: more on a big bait and a safe-looking line, less when the catches
    are still out; fish are unloaded before the forced last line."""
    if len(actions) == 1:
        return actions[0]
    if rng.random() < style.noise:
        return actions[rng.randrange(len(actions))]
    fish = len(actions) - 1  # the legal bets are 0..fish
    p = catch_chance(state)
    value = state.line_value
    later = [state.bait_value[u] for u in state.zones[state.z_baits[state.fisher]]]
    hold = (1.0 - p) * (sum(later) / len(later)) if later else 0.0
    margin = (1.0 - p) * value - p * style.aversion - hold
    lines_left = len(later) + 1  # this one included
    bet = max(1, round(fish * style.share * min(1.0, 0.5 + margin / 2))) if margin > 0 else 0
    if style.spread and p < 0.5:
        bet = max(bet, fish // lines_left)
    jitter = rng.randrange(3) - 1 if style.temperature > 2 else 0
    bet = min(fish, max(0, bet + jitter))
    return actions[bet]


def fisher_action(state: Any, seat: int, actions: list[Action], rng: Rng, style: Style) -> Action:
    """The fisher's line: a catch lures under a big bait, an empty line feeds a small one, and
    a catch laid now is not there for a later line (nor for the forced last line)."""
    if len(actions) == 1:
        return actions[0]
    if rng.random() < style.noise:
        return actions[rng.randrange(len(actions))]
    rules = state.rules
    zones = state.zones
    in_hands = sum(len(zones[state.z_fish[s]]) for s in state.order)
    baits = [state.bait_value[u] for u in zones[state.z_baits[seat]]]
    top = max(baits)
    mean_bait = sum(baits) / len(baits)
    points = rules.fisher_points
    # Fish expected on a later line: a share of those left, on an average bait.
    later = in_hands * style.greed * mean_bait / top
    ends_left = rules.ends_round_total - state.revealed_ends
    scale = style.temperature * max(1.0, in_hands * style.greed)
    weights: list[float] = []
    for action in actions:
        card, value = action.card, action.value  # type: ignore[attr-defined]
        expected = in_hands * style.greed * value / top
        if card in rules.takes_bets:
            score = points * expected * (style.lure if value >= top else 1.0) - style.keep * points * later
            if card in rules.ends_round and ends_left == 1:
                rest = [b for b in baits if b != value] or [0]
                score -= (in_hands - expected) * max(rest)  # the fish left eat the top bait
        else:
            score = -value * expected + style.keep * mean_bait * later
        weights.append(score / scale)
    high = max(weights)
    odds = [math.exp(w - high) for w in weights]
    pick = rng.random() * sum(odds)
    for action, weight in zip(actions, odds, strict=True):
        pick -= weight
        if pick <= 0:
            return action
    return actions[-1]


def styled_action(style: Style):
    """The play policy of a style, with the hook signature (state, seat, actions, rng)."""

    def policy(state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
        if seat == state.fisher:  # type: ignore[attr-defined]
            return fisher_action(state, seat, actions, rng, style)
        return fish_action(state, seat, actions, rng, style)

    policy.__name__ = policy.__qualname__ = "styled_action"
    return policy


# Named play styles (hook `STYLES`): bots named after a style play it directly.
STYLES = {name: styled_action(style) for name, style in STYLE_PARAMS.items()}
rollout_action = styled_action(BALANCED)


def rollout_done(start: State, state: State) -> bool:
    """Stop a play-out when the round it started in has been scored."""
    return state.is_over() or state.round_no != start.round_no  # type: ignore[attr-defined]


def evaluate(state: State) -> list[float]:
    """Chance to win from the score sheet: exact at the end, else a softmax of the totals whose
    temperature grows with the square root of the rounds still to play."""
    totals = state.scores()
    n = state.num_players
    if state.is_over():
        top = max(totals)
        winners = [s for s in range(n) if totals[s] == top]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
    left = state.rounds_total - len(state.sheet) or 1  # type: ignore[attr-defined]
    temperature = ROUND_SPREAD * math.sqrt(left)
    top = max(totals)
    weights = [math.exp((t - top) / temperature) for t in totals]
    norm = sum(weights)
    return [w / norm for w in weights]
